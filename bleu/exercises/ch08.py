"""Exercises of notebook 08 (libraries: NLTK and sacreBLEU)."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import partial

from ..data import load_example
from ..i18n import N_
from ..ngrams import count_ngrams
from ..nltk_rules import corpus_bleu, sentence_bleu
from ..precision import modified_precision
from ..sacrebleu_rules import corpus_score as sacre_corpus_score
from . import Exercise, register
from . import close_to as _close_to


def two_example_corpus() -> tuple[list[list[list[str]]], list[list[str]]]:
    """Exercise 1's corpus, as (list_of_references, hypotheses).

    Sentence 1 is the running example (Ca1 and its three references, final periods
    removed); sentence 2 is Example 2's Ca2 'the cat the cat on the mat' with Example 2's
    two references. Notebook 08 itself uses NLTK's docstring corpus, so this answer is
    printed nowhere.
    """
    run, ex2 = load_example("running"), load_example("example2")
    refs = [run.reference_tokens(), ex2.reference_tokens()]
    hyps = [run.candidate_tokens("Ca1"), ex2.candidate_tokens("Ca2")]
    return refs, hyps


def _corpus_score() -> float:
    return corpus_bleu(*two_example_corpus())


def _sentence_scores() -> list[float]:
    refs, hyps = two_example_corpus()
    return [sentence_bleu(r, h) for r, h in zip(refs, hyps)]


def _mean_score() -> float:
    scores = _sentence_scores()
    return sum(scores) / len(scores)


def _corpus_minus_mean() -> float:
    """Corpus BLEU minus the mean of the sentence scores: its sign says which is larger."""
    return _corpus_score() - _mean_score()


def _docstring_corpus_difference() -> float:
    """The same difference on NLTK's docstring corpus, the one the chapter prints."""
    run = load_example("running")
    hyp2 = "he read the book because he was interested in world history".split()
    ref2 = "he was interested in world history because he read the book".split()
    refs, hyps = [run.reference_tokens(), [ref2]], [run.candidate_tokens("Ca1"), hyp2]
    scores = [sentence_bleu(r, h) for r, h in zip(refs, hyps)]
    return corpus_bleu(refs, hyps) - sum(scores) / len(scores)


_close = partial(_close_to, rel_tol=1e-4, abs_tol=0.0)


def _diagnose_corpus(answer: object) -> str | None:
    scores = _sentence_scores()
    corpus, mean, difference = _corpus_score(), _mean_score(), _corpus_minus_mean()
    if _close(answer, -difference):
        return N_("that is the mean minus corpus BLEU: the sign is the point here. Enter corpus "
        "BLEU minus the mean, positive if corpus BLEU is the larger.")
    if _close(answer, corpus):
        return N_("that is corpus BLEU itself, the first step; now subtract the mean of the two "
        "sentence scores from it.")
    if _close(answer, mean):
        return N_("that is the mean of the two sentence scores; the answer is corpus BLEU minus "
        "this mean.")
    if any(_close(answer, score) for score in scores):
        return N_("that is one sentence's score; compute corpus BLEU of both sentences with "
        "corpus_bleu, then subtract the mean of the two sentence scores.")
    value = _plain_number(answer)
    if value is not None and value != 0 and abs(value) == round(abs(difference), 2):
        if (value > 0) == (difference > 0):
            return N_("that is the difference rounded to 2 decimals, which keeps only 1 "
            "significant figure here: give 4 significant figures, counted from the first "
            "non-zero digit.")
        return N_("that is the mean minus corpus BLEU, rounded to 2 decimals: the sign is the "
        "point here (corpus BLEU minus the mean), and give 4 significant figures, counted "
        "from the first non-zero digit.")
    if _close(answer, _docstring_corpus_difference()):
        return N_("that is the difference for NLTK's docstring corpus from the chapter; this "
        "corpus's second sentence is Example 2's Ca2 with Example 2's references.")
    return None


def _plain_number(answer: object) -> float | None:
    if answer is None or isinstance(answer, (bool, str, bytes)):
        return None
    try:
        value = float(answer)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return None
    return value if math.isfinite(value) else None


register(
    Exercise(
        id="ch08.corpus-vs-mean",
        question="Corpus BLEU (0-1, as bleu.corpus_bleu returns it) of the two-sentence "
        "corpus (the running example's Ca1 with its three references, then Example 2's Ca2 "
        "with Example 2's two references) minus the mean of the two sentence scores: "
        "positive if corpus BLEU is the larger.",
        expected=_corpus_minus_mean,
        hint=N_("use corpus_bleu with one list of references per hypothesis, in the same order "
        "as the hypotheses; then sentence_bleu for each sentence, and subtract their mean from "
        "the corpus score."),
        wrong=_corpus_score(),
        second_hint=N_("corpus BLEU adds the clipped matches and the n-gram counts of both "
        "sentences order by order, and their lengths c and r, then applies the formula once to "
        "the sums; the mean averages the two sentence scores. Subtract the mean from the corpus "
        "score, using the full floats."),
        diagnose=_diagnose_corpus,
        notebook="08_libraries",
    )
)


def _characters() -> Fraction:
    return modified_precision([list("the mat")], list("the cat"), 1)


def _diagnose_characters(answer: object) -> str | None:
    if answer == Fraction(1, 2) or answer == 0.5:
        return N_("that is the word-level precision; NLTK does not split the string into words.")
    expected = _characters()
    if _plain_number(answer) == expected.numerator * 1.0 and expected.numerator > 1:
        return N_("that is the count of clipped character matches; give the precision: that "
        "count divided by the number of characters of 'the cat'.")
    return None


register(
    Exercise(
        id="ch08.characters",
        question="The modified unigram precision NLTK computes when 'the cat' and 'the mat' "
        "are passed as strings.",
        expected=_characters,
        hint=N_("a string is a sequence of characters: every letter and the space is a token."),
        wrong=Fraction(1, 2),
        second_hint=N_("'the cat' is seven characters, the space included; clip each character's "
        "count by its count among the seven characters of 'the mat', and divide by 7."),
        diagnose=_diagnose_characters,
        notebook="08_libraries",
    )
)


#: Exercise 3 scores the running example's Ca1 against this reference alone (Reference 3,
#: 16 tokens): its 4-gram precision is 0, so sacreBLEU's default ``exp`` smoothing decides.
ONE_REFERENCE = 2


def _one_reference() -> tuple[list[list[str]], list[str]]:
    run = load_example("running")
    return [run.reference_tokens()[ONE_REFERENCE]], run.candidate_tokens("Ca1")


def _zero_order_total() -> int:
    """The number of 4-grams of Ca1 (18 tokens), the total of the order without a match."""
    _, hyp = _one_reference()
    return sum(count_ngrams(hyp, 4).values())


def _smoothed_p4_percent() -> float:
    """The p_4 sacreBLEU's default ``exp`` smoothing uses, in percent as its score line prints
    it: the k-th order without a match gets 1 / (2^k * total); here k = 1 (1/30)."""
    run = load_example("running")
    score = sacre_corpus_score([run.candidates["Ca1"]], [[run.references[ONE_REFERENCE]]])
    return score.precisions[3]


def _sacre_score() -> float:
    """The whole score sacreBLEU reports (11.95), which a reader may enter instead."""
    run = load_example("running")
    return sacre_corpus_score([run.candidates["Ca1"]], [[run.references[ONE_REFERENCE]]]).score


def _diagnose_sacre(answer: object) -> str | None:
    value = _plain_number(answer)
    if value is None:
        return None
    total = _zero_order_total()
    refs, _ = _one_reference()
    if value == 0:
        return N_("without smoothing p_4 is 0, but sacreBLEU smooths by default (exp): the k-th "
        "order without a match gets 1/(2^k * total) in place of 0/total.")
    if _close(value, _sacre_score(), rel_tol=1e-3):
        return N_("that is the whole score; the exercise asks for the p_4 that sacreBLEU puts in "
        "it, in percent.")
    slips = (
        (100 / total, N_("that is 1/total; exp smoothing also divides by 2^k, with k = 1 for the "
        "first order without a match: 1/(2^k * total).")),
        (100 / (4 * total), N_("k counts the orders without a match, and p_4 is the first (and "
        "only) one here: k = 1, so 1/(2^1 * total).")),
        (100 / (2 * len(_one_reference()[1])), N_("total is the number of the candidate's "
        "4-grams (c - 3), not its number of tokens.")),
        (100 / (2 * sum(count_ngrams(refs[0], 4).values())), N_("total is the number of the "
        "candidate's 4-grams, not the reference's.")),
        (100 * 0.1 / total, N_("that is method 1's epsilon 0.1/total (sacreBLEU's floor "
        "smoothing); sacreBLEU's default is exp, 1/(2^k * total).")),
    )
    for wrong, message in slips:
        if _close(value, wrong, rel_tol=1e-3):
            return message
    return None


register(
    Exercise(
        id="ch08.sacre-scale",
        question="sacrebleu.corpus_bleu (default settings: 13a, exp smoothing) on the running "
        "example's Ca1 against Reference 3 alone, one reference stream: one of the four "
        "precisions is zero, and exp smoothing puts a positive value in its place. Which value, "
        "in percent as sacreBLEU's score line prints its precisions, to 4 significant figures?",
        expected=_smoothed_p4_percent,
        hint=N_("13a splits nothing here; find the order without a match and its number of "
        "n-grams (total), then apply exp smoothing: the k-th order without a match gets "
        "1/(2^k * total). sacreBLEU prints precisions in percent."),
        wrong=0.0,
        diagnose=_diagnose_sacre,
        second_hint=N_("in bleu.explain's table, find the order whose clipped/total reads 0/...: "
        "its total is the number after the slash, and k counts the orders without a match up "
        "to and including it. Put both into method 3's 1/(2^k * total), and give it in "
        "percent."),
        scale="0-100",
        notebook="08_libraries",
    )
)
