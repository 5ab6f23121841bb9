"""Exercises of notebook 08 (libraries: NLTK and sacreBLEU)."""

from __future__ import annotations

from fractions import Fraction

from ..data import load_example
from ..precision import modified_precision
from ..score import corpus_bleu, sentence_bleu
from . import Exercise, register

#: The second sentence of NLTK's ``corpus_bleu`` docstring corpus (the first is the
#: running example's Ca1 with its three references).
DOCSTRING_HYP2 = "he read the book because he was interested in world history"
DOCSTRING_REF2 = "he was interested in world history because he read the book"


def docstring_corpus() -> tuple[list[list[list[str]]], list[list[str]]]:
    """NLTK's two-sentence docstring corpus, as (list_of_references, hypotheses)."""
    run = load_example("running")
    refs = [run.reference_tokens(), [DOCSTRING_REF2.split()]]
    hyps = [run.candidate_tokens("Ca1"), DOCSTRING_HYP2.split()]
    return refs, hyps


def _corpus_score() -> float:
    return corpus_bleu(*docstring_corpus())


def _mean_of_sentences() -> float:
    refs, hyps = docstring_corpus()
    return sum(sentence_bleu(r, h) for r, h in zip(refs, hyps)) / len(hyps)


def _diagnose_corpus(answer: object) -> str | None:
    try:
        if abs(float(answer) - _mean_of_sentences()) < 1e-4:  # type: ignore[arg-type]
            return (
                "that is the mean of the two sentence scores; corpus BLEU adds the counts "
                "of both sentences first and computes one score."
            )
    except (TypeError, ValueError):
        return None
    return None


register(
    Exercise(
        id="ch08.corpus-vs-mean",
        question="Corpus BLEU of NLTK's two-sentence docstring corpus.",
        expected=_corpus_score,
        hint="use corpus_bleu with one list of references per hypothesis.",
        wrong=0.6223,
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
        hint="a string is a sequence of characters: every letter and the space is a token.",
        wrong=Fraction(1, 2),
        diagnose=lambda a: (
            "that is the word-level precision; NLTK does not split the string into words."
            if a == Fraction(1, 2) or a == 0.5
            else None
        ),
        notebook="08_libraries",
    )
)


def _sacre_running() -> float:
    run = load_example("running")
    return 100 * sentence_bleu(run.reference_tokens(), run.candidate_tokens("Ca1"))


register(
    Exercise(
        id="ch08.sacre-scale",
        question="The score sacrebleu.corpus_bleu reports for the running example "
        "(Ca1 and its three references, no final periods), to two decimals.",
        expected=_sacre_running,
        hint="13a finds no punctuation to split here and no precision is zero.",
        wrong=0.5046,
        diagnose=lambda a: (
            "right number, wrong scale: sacreBLEU reports 0-100."
            if isinstance(a, (int, float)) and 0 < a < 1
            else None
        ),
        rel_tol=1e-3,
        notebook="08_libraries",
    )
)
