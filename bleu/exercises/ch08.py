"""Exercises of notebook 08 (libraries: NLTK and sacreBLEU)."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import partial

from ..data import load_example
from ..i18n import N_
from ..nltk_rules import corpus_bleu, sentence_bleu
from ..precision import modified_precision
from ..smoothing import SmoothingFunction
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


_close = partial(_close_to, rel_tol=1e-4, abs_tol=0.0)


def _diagnose_corpus(answer: object) -> str | None:
    scores = _sentence_scores()
    mean = sum(scores) / len(scores)
    corpus = _corpus_score()
    if _close(answer, mean):
        return (
            N_("that is the mean of the two sentence scores; corpus BLEU adds the counts "
            "of both sentences first and computes one score.")
        )
    if any(_close(answer, d, abs_tol=1e-4) for d in (corpus - mean, mean - corpus)):
        return N_("that is a difference; enter the corpus score itself (a number between 0 and 1).")
    if any(_close(answer, s) for s in scores):
        return N_("that is one sentence's score; score both sentences together with corpus_bleu.")
    return None


register(
    Exercise(
        id="ch08.corpus-vs-mean",
        question="Corpus BLEU (0-1, as bleu.corpus_bleu returns it) of the two-sentence "
        "corpus: the running example's Ca1 with its three references, then Example 2's Ca2 "
        "with Example 2's two references.",
        expected=_corpus_score,
        hint=N_("use corpus_bleu with one list of references per hypothesis, in the same order "
        "as the hypotheses."),
        wrong=0.4859,
        second_hint=N_("the answer is one corpus score, not two sentence scores: corpus BLEU adds "
        "the clipped matches and the n-gram counts of both sentences order by order, and "
        "their lengths c and r, then applies the formula once to the sums."),
        diagnose=_diagnose_corpus,
        rel_tol=1e-4,
        notebook="08_libraries",
    )
)


def _characters() -> Fraction:
    return modified_precision([list("the mat")], list("the cat"), 1)


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
        diagnose=lambda a: (
            N_("that is the word-level precision; NLTK does not split the string into words.")
            if a == Fraction(1, 2) or a == 0.5
            else None
        ),
        notebook="08_libraries",
    )
)


#: Exercise 3 scores the running example's Ca1 against this reference alone (Reference 3,
#: 16 tokens): its 4-gram precision is 0, so sacreBLEU's default ``exp`` smoothing decides.
ONE_REFERENCE = 2


def _one_reference() -> tuple[list[list[str]], list[str]]:
    run = load_example("running")
    return [run.reference_tokens()[ONE_REFERENCE]], run.candidate_tokens("Ca1")


def _sacre_with(smoothing: object) -> float:
    return 100 * sentence_bleu(*_one_reference(), smoothing_function=smoothing)


def _sacre_one_reference() -> float:
    """sacreBLEU's ``exp`` smoothing is NLTK's method 3: the k-th zero order gets 1/(2^k total)."""
    return _sacre_with(SmoothingFunction().method3)


def _diagnose_sacre(answer: object) -> str | None:
    if not isinstance(answer, (int, float)) or isinstance(answer, bool):
        return None
    if answer == 0:
        return (
            N_("BLEU without smoothing is 0 here, but sacreBLEU smooths by default (exp): "
            "a zero precision becomes 1/(2 total).")
        )
    refs, hyp = _one_reference()
    total = len(hyp) - 3
    p = [float(modified_precision(refs, hyp, n)) for n in (1, 2, 3)]
    without_two = 100 * math.prod([*p, 1 / total]) ** 0.25
    if _close(answer, without_two, rel_tol=1e-3):
        return N_("the first order without a match gets 1/(2 total), not 1/total.")
    return None


register(
    Exercise(
        id="ch08.sacre-scale",
        question="The score sacrebleu.corpus_bleu reports (default settings: 13a, exp "
        "smoothing) for the running example's Ca1 against Reference 3 alone, one reference "
        "stream, to two decimals.",
        expected=_sacre_one_reference,
        hint=N_("13a splits nothing here, but one precision is zero: sacreBLEU's default exp "
        "smoothing replaces it (see the Korean section); the scale is 0-100."),
        wrong=0.0,
        diagnose=_diagnose_sacre,
        second_hint=N_("against Reference 3 alone, Ca1 has unigram, bigram and trigram matches but "
        "no matching 4-gram; exp smoothing sets that p_4 to 1 / (2 x its number of 4-grams). "
        "Then BP * exp(mean of the four logs), times 100."),
        rel_tol=1e-3,
        scale="0-100",
        notebook="08_libraries",
    )
)
