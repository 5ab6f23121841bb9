"""Exercises of notebook 04, n-gram precision (n-그램 정밀도).

``ch04.ca3-bigram`` is the homework that document 001 leaves to its readers: the bigram
precision of the shuffled candidate Ca3 of Example 1.
"""

from __future__ import annotations

from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from ..precision import modified_precision
from . import Exercise, register
from .ch02 import close_to, words


def _example1_precision(label: str, n: int) -> Fraction:
    ex = load_example("example1")
    return modified_precision([words(r) for r in ex.references], words(ex.candidates[label]), n)


def _diagnose_ca3(answer: object) -> str | None:
    if close_to(answer, Fraction(17, 18)):
        return N_("that is Ca3's unigram precision, the same as Ca1's; count bigrams, not words.")
    # 0.59 or 0.588 too: nothing right lies near Ca1's value (Ca3's p_2 is far from it)
    if close_to(answer, _example1_precision("Ca1", 2), rel_tol=5e-3):
        return (
            N_("that is Ca1's bigram precision, the one the chapter works out; this exercise "
            "asks for the shuffled Ca3, whose word order is different.")
        )
    return None


register(
    Exercise(
        id="ch04.ca3-bigram",
        question="Document 001 leaves this as homework: what is the modified bigram precision "
        "p_2 of Example 1's shuffled candidate Ca3 ('the that military a is It guide ensures "
        "which to commands the of action obeys always party the.'), with the normalised "
        "tokens used for Ca1 and Ca2?",
        expected=lambda: _example1_precision("Ca3", 2),
        hint=N_("list Ca3's 17 bigrams and look each one up in the three references."),
        wrong=Fraction(17, 18),
        second_hint=N_("take Ca3's bigrams in order ('the that', 'that military', ...) and search "
        "each in the three normalised references as two neighbouring words in that order; "
        "the denominator is the number of Ca3's bigrams."),
        diagnose=_diagnose_ca3,
        notebook="04_ngram_precision",
    )
)


def _cat_mat_trigram() -> Fraction:
    ex = load_example("example2")
    return modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca2"), 3)


register(
    Exercise(
        id="ch04.cat-mat-trigram",
        question="What is the modified trigram precision p_3 of 'the cat the cat on the mat' "
        "against Example 2's references?",
        expected=_cat_mat_trigram,
        hint=N_("a 7-token sentence has 5 trigrams; a trigram counts if it occurs in either "
        "reference."),
        wrong=Fraction(4, 6),
        second_hint=N_("write the five trigrams out ('the cat the', 'cat the cat', ...) and look "
        "each up in Reference 1 and in Reference 2 as three neighbouring words; clip as for "
        "unigrams."),
        diagnose=lambda a: (
            N_("that is the bigram precision p_2; use runs of three tokens.")
            if close_to(a, Fraction(4, 6))
            else None
        ),
        notebook="04_ngram_precision",
    )
)


def _example3_bigram() -> Fraction:
    ex = load_example("example3")
    return modified_precision([words(r) for r in ex.references], words(ex.candidates["Ca1"]), 2)


def _example3_unigram() -> Fraction:
    ex = load_example("example3")
    return modified_precision([words(r) for r in ex.references], words(ex.candidates["Ca1"]), 1)


register(
    Exercise(
        id="ch04.example3-bigram",
        question="In notebook 03 (Exercise 3) you scored Example 3's candidate 'I always "
        "invariably perpetually do.' on unigrams against 'I always do.', 'I invariably do.' "
        "and 'I perpetually do.'. What is its modified bigram precision p_2 (all sentences "
        "normalised with `normalise`)?",
        expected=_example3_bigram,
        hint=N_(
            "write out the candidate's bigrams; each reference "
            "has only two bigrams of its own."
        ),
        wrong=Fraction(1),
        second_hint=N_("the candidate has four bigrams; a reference such as 'i always do' offers "
        "only its own two bigrams. Check each of the candidate's four against the bigrams of "
        "all three references."),
        diagnose=lambda a: (
            N_("that is the unigram precision; look at pairs of neighbouring words.")
            if close_to(a, _example3_unigram())
            else None
        ),
        notebook="04_ngram_precision",
    )
)
