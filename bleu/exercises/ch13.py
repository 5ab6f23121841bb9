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
        "... always obeys'). What is its brevity penalty against the three references? "
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
        diagnose=lambda a: (
            N_("that is the mean of the two sentence scores (Ca2 alone scores 0); corpus BLEU "
            "adds the counts first.")
            if _near(a, _mean_of_sentences())
            else None
        ),
        notebook="13_recap",
    )
)


# --- 4. sacreBLEU on Example 1 as printed ------------------------------------------------


def printed_example() -> tuple[list[str], list[list[str]]]:
    """Example 1's Candidate 1 and its references with their final periods, sacreBLEU's layout."""
    ex = load_example("example1")
    return [ex.candidates["Ca1"]], [[ref] for ref in ex.references]


def _sacre_printed() -> float:
    hyps, refs = printed_example()
    return corpus_score(hyps, refs).score


def _glued_period() -> float:
    ex = load_example("example1")
    refs = [ref.split() for ref in ex.references]
    return 100 * sentence_bleu(refs, ex.candidates["Ca1"].split())


def _diagnose_printed(answer: object) -> str | None:
    ex = load_example("running")
    no_periods = 100 * sentence_bleu(ex.reference_tokens(), ex.candidate_tokens("Ca1"))
    if _near(answer, _glued_period()):
        return (
            N_("that is NLTK's score (x 100) on whitespace tokens, with 'party.' as one token; "
            "sacreBLEU's 13a tokenizer splits the period off.")
        )
    if _near(answer, no_periods):
        return N_("that is the score without the periods; here every sentence keeps its period.")
    return None


register(
    Exercise(
        id="ch13.sacre-printed",
        question="sacreBLEU's corpus BLEU (default options, 0-100) of Example 1's Candidate 1 "
        "against its three references, all exactly as printed, final periods included. "
        "Give a float.",
        expected=_sacre_printed,
        hint=N_("13a splits the final period into a token of its own, in the candidate and in "
        "every reference; count the n-grams again with that extra token (19 tokens in the "
        "candidate)."),
        second_hint=N_("tokenize the candidate and the references with bleu.get_tokenizer('13a'), "
        "split on spaces, count the clipped matches for n = 1..4 and the closest reference "
        "length, and give BLEU-4 times 100."),
        scale="0-100",
        wrong=_glued_period(),
        diagnose=_diagnose_printed,
        notebook="13_recap",
    )
)
