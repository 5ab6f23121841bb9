"""Exercises of notebook 13, the recap (정리 · 总结).

Each one goes through the whole formula once more on the running example (documents 000
and 001: Example 1's Candidate 1 and its three references without their final periods,
whitespace tokens, case kept), or on Example 1 as printed, with its periods, for sacreBLEU.
"""

from __future__ import annotations

import math

from ..brevity import brevity_penalty, closest_ref_length
from ..chunked import corpus_score
from ..data import load_example
from ..i18n import N_
from ..nltk_rules import sentence_bleu
from ..precision import modified_precision
from ..vectorized import corpus_bleu
from . import Exercise, register
from . import close_to as _near

#: How many tokens of the running candidate exercise ch13.truncated-bp keeps.
KEEP = 12


def _running() -> tuple[list[list[str]], list[str]]:
    ex = load_example("running")
    return ex.reference_tokens(), ex.candidate_tokens("Ca1")


# --- 1. BLEU-2 from p_1 and p_2 ------------------------------------------------------------


def _bleu2() -> float:
    refs, hyp = _running()
    return sentence_bleu(refs, hyp, weights=(0.5, 0.5))


def _arithmetic_bleu2() -> float:
    refs, hyp = _running()
    return float((modified_precision(refs, hyp, 1) + modified_precision(refs, hyp, 2)) / 2)


def _diagnose_bleu2(answer: object) -> str | None:
    refs, hyp = _running()
    if _near(answer, _arithmetic_bleu2()):
        return N_("that is the arithmetic mean (p_1 + p_2) / 2; BLEU takes the geometric mean.")
    if _near(answer, sentence_bleu(refs, hyp)):
        return N_("that is BLEU-4; BLEU-2 uses only p_1 and p_2, with weight 1/2 each.")
    return None


register(
    Exercise(
        id="ch13.bleu2",
        question="BLEU-2 (weights (1/2, 1/2)) of the running candidate, from the p_1 and p_2 "
        "of the recap's table (0-1 scale). Give a float.",
        expected=_bleu2,
        hint=N_("BLEU-2 = BP * exp(0.5 log p_1 + 0.5 log p_2) = BP * sqrt(p_1 * p_2); BP is 1 "
        "here (c = r = 18)."),
        wrong=_arithmetic_bleu2(),
        second_hint=N_("read p_1 and p_2 of the running candidate off the recap's table (as "
        "fractions), multiply them, take the square root, and multiply by BP = 1."),
        diagnose=_diagnose_bleu2,
        notebook="13_recap",
    )
)


# --- 2. the brevity penalty of a cut candidate -----------------------------------------------


def _truncated_bp() -> float:
    refs, hyp = _running()
    c = len(hyp[:KEEP])
    return brevity_penalty(closest_ref_length(refs, c), c)


def _longest_bp() -> float:
    refs, hyp = _running()
    c = len(hyp[:KEEP])
    return math.exp(1 - max(len(ref) for ref in refs) / c)


def _diagnose_truncated(answer: object) -> str | None:
    refs, hyp = _running()
    c = len(hyp[:KEEP])
    r = closest_ref_length(refs, c)
    if _near(answer, r):
        return N_("that is r, the closest reference length (answered in the solutions); check "
        "takes the brevity penalty exp(1 - r / c).")
    if _near(answer, _longest_bp()):
        return N_("that uses the longest reference; r is the reference length closest to c.")
    if _near(answer, c / r):
        return N_("that is the length ratio c / r; the penalty is exp(1 - r / c).")
    if _near(answer, math.exp(1 - c / r)):
        return N_("r and c are swapped: the penalty is exp(1 - r / c), reference length on top.")
    return None


register(
    Exercise(
        id="ch13.truncated-bp",
        question=f"Keep only the first {KEEP} tokens of the running candidate ('It is a guide "
        "... the military always'). What is its brevity penalty against the three references? "
        "Give a float.",
        expected=_truncated_bp,
        hint=N_("c is the candidate length; r is the length of the reference closest to c (ties "
        "go to the shorter); BP = exp(1 - r / c) when c < r."),
        wrong=_longest_bp(),
        second_hint=N_("c = 12; of the reference lengths 16, 18 and 16, take the one closest to 12 "
        "as r (not the longest), and put r and c into exp(1 - r / c)."),
        diagnose=_diagnose_truncated,
        notebook="13_recap",
    )
)


# --- 3. corpus BLEU of two sentences ------------------------------------------------------


def two_sentences() -> tuple[list[list[list[str]]], list[list[str]]]:
    """NLTK's layout for the corpus of exercise ch13.corpus-two: Ca1 and Ca2, running refs.

    Ca2 is Example 1's Candidate 2 without its final period, like the running candidate.
    """
    refs, hyp = _running()
    ca2 = load_example("example1").candidates["Ca2"].rstrip(".").split()
    return [refs, refs], [hyp, ca2]


def _corpus_two() -> float:
    list_of_references, hypotheses = two_sentences()
    return corpus_bleu(list_of_references, hypotheses)


def _mean_of_sentences() -> float:
    list_of_references, hypotheses = two_sentences()
    scores = [sentence_bleu(r, h) for r, h in zip(list_of_references, hypotheses)]
    return sum(scores) / len(scores)


def _side_by_side_corpus() -> float:
    """The corpus row of the side-by-side table: the running candidate and its shuffle (Ca3)."""
    refs, hyp = _running()
    shuffled = load_example("example1").candidates["Ca3"].rstrip(".").split()
    return corpus_bleu([refs, refs], [hyp, shuffled])


def _printed_references_corpus() -> tuple[float, float]:
    """Exercise ch13.corpus-two scored against Example 1's references with their periods.

    First with the candidates as asked (no periods), then with the candidates as printed too.
    """
    ex = load_example("example1")
    refs = [ref.split() for ref in ex.references]
    _, hypotheses = two_sentences()
    printed = [ex.candidates[label].split() for label in ("Ca1", "Ca2")]
    return corpus_bleu([refs, refs], hypotheses), corpus_bleu([refs, refs], printed)


def _diagnose_corpus_two(answer: object) -> str | None:
    if _near(answer, _mean_of_sentences()):
        return N_("that is the mean of the two sentence scores (Ca2 alone scores 0); corpus BLEU "
        "adds the counts first.")
    if any(_near(answer, value) for value in _printed_references_corpus()):
        return N_("that scores against Example 1's references as printed, with their final "
        "periods ('party.' is then one token, and 'party' does not match it); the running "
        "example drops the periods: use running.reference_tokens() for both sentences.")
    table = _side_by_side_corpus()  # 0.30002, printed 0.3000
    try:
        number = float(answer)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return None
    if _near(answer, table) or abs(number - round(table, 1)) < 1e-12:
        return N_("that is the corpus BLEU of the side-by-side table (0.3000), a different "
        "corpus: the running candidate with its shuffle, Ca3. Here the second sentence is Ca2: "
        "add the running candidate's and Ca2's counts (if 0.3 is your own result rounded, give "
        "at least 4 figures).")
    return None


register(
    Exercise(
        id="ch13.corpus-two",
        question="A two-sentence corpus: the running candidate and Example 1's Ca2 (no final "
        "period), each against the running example's three references. What is its corpus "
        "BLEU (NLTK's rules, no smoothing, 0-1)? Give a float.",
        expected=_corpus_two,
        hint=N_("add the clipped matches and the n-gram counts of both sentences per order, and "
        "c and r over both sentences; then apply the formula once to the sums."),
        wrong=_mean_of_sentences(),
        second_hint=N_("for each sentence get c, r and, for n = 1..4, the clipped matches and the "
        "n-gram count (bleu.explain gives them); add them over the two sentences, then "
        "BP * exp(sum 0.25 log(matches_n / total_n)) with BP from the summed c and r."),
        diagnose=_diagnose_corpus_two,
        notebook="13_recap",
    )
)


# --- 4. sacreBLEU on Example 1's Candidate 2 as printed -----------------------------------
#
# Candidate 2, not Candidate 1: notebook 08 prints sacreBLEU's score of Candidate 1 as printed,
# so that one would be read off, not computed. Candidate 2 brings in two conventions at once:
# 13a splits its final period off (a matching token), and it has no matching 3-gram or 4-gram,
# so the score rests on sacreBLEU's default exp smoothing.

#: The candidate of exercise ch13.sacre-printed.
PRINTED = "Ca2"


def printed_example() -> tuple[list[str], list[list[str]]]:
    """Example 1's Candidate 2 and its references with their final periods, sacreBLEU's layout."""
    ex = load_example("example1")
    return [ex.candidates[PRINTED]], [[ref] for ref in ex.references]


def _sacre_printed() -> float:
    hyps, refs = printed_example()
    return corpus_score(hyps, refs).score


def _printed_with(**options: object) -> float:
    hyps, refs = printed_example()
    return corpus_score(hyps, refs, **options).score


def _without_periods() -> float:
    hyps, refs = printed_example()
    return corpus_score([h.rstrip(".") for h in hyps], [[r[0].rstrip(".")] for r in refs]).score


def _without_bp() -> float:
    hyps, refs = printed_example()
    result = corpus_score(hyps, refs)
    return result.score / result.bp


def _candidate_1() -> float:
    ex = load_example("example1")
    return corpus_score([ex.candidates["Ca1"]], [[ref] for ref in ex.references]).score


def _one_stream() -> float:
    """The three references passed as ONE stream of three segments: sacreBLEU pairs the one
    hypothesis with the stream's first segment only, i.e. scores against reference 1."""
    hyps, refs = printed_example()
    return corpus_score(hyps, [refs[0]]).score


def _as_printed(answer: object, value: float) -> bool:
    """Close to ``value``, or equal to it as sacreBLEU prints a score (two decimals: 6.73)."""
    if _near(answer, value):
        return True
    try:
        number = float(answer)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return False
    return math.isfinite(number) and abs(number - round(value, 2)) < 1e-9


def _diagnose_printed(answer: object) -> str | None:
    if _as_printed(answer, _one_stream()):
        return N_("that scores against reference 1 only: [list(example1.references)] is ONE "
        "reference stream of three segments, and sacreBLEU pairs the one hypothesis with its "
        "first segment. Give one stream per reference, each a list with one string per "
        "segment: [[ref] for ref in example1.references] (the 'reference layout' row of the "
        "table).")
    if _near(answer, 0.0):
        return N_("that is the score without smoothing: Candidate 2 has no matching 3-gram or "
        "4-gram, and sacreBLEU's default exp smoothing replaces those zero counts.")
    if _as_printed(answer, _printed_with(tokenize="none")):
        return N_("that keeps the period glued to the last word (tokenize='none'); sacreBLEU's "
        "default 13a tokenizer splits it off.")
    if _as_printed(answer, _without_periods()):
        return N_("that is the score without the final periods; here every sentence keeps its "
        "period, and 13a makes it a token of its own.")
    if _as_printed(answer, _printed_with(smooth_method="floor")) or _as_printed(
        answer, _printed_with(smooth_method="add-k")
    ):
        return N_("that is another smoothing method; sacreBLEU's default is exp: the k-th zero "
        "match count becomes 1 / 2^k.")
    if _as_printed(answer, _without_bp()):
        return N_("the brevity penalty is missing: the candidate is shorter than the closest "
        "reference.")
    if _as_printed(answer, _candidate_1()):
        return N_("that is Candidate 1's score (notebook 08 prints it); the exercise asks for "
        "Candidate 2.")
    return None


register(
    Exercise(
        id="ch13.sacre-printed",
        question="sacreBLEU's corpus BLEU (default options, 0-100) of Example 1's Candidate 2 "
        "against its three references, all exactly as printed, final periods included. "
        "Give a float.",
        expected=_sacre_printed,
        hint=N_("Candidate 2 has no matching 3-gram or 4-gram, so sacreBLEU's default exp "
        "smoothing decides two of the four precisions (the 'default smoothing' row); 13a also "
        "splits the final period into a token of its own, in the candidate and in every "
        "reference. Pass the references as one stream each: [[ref] for ref in "
        "example1.references]."),
        second_hint=N_("tokenize with bleu.get_tokenizer('13a') and split on spaces; count the "
        "clipped matches and the totals for n = 1..4 (bleu.explain); exp smoothing replaces the "
        "first zero match count by 1/2 and the second by 1/4; multiply the geometric mean by "
        "BP = exp(1 - r / c) and give it times 100."),
        scale="0-100",
        wrong=_printed_with(tokenize="none"),
        diagnose=_diagnose_printed,
        notebook="13_recap",
    )
)
