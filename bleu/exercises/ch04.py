"""Exercises of notebook 04, n-gram precision (n-그램 정밀도).

``ch04.ca3-bigram`` follows the homework that document 001 leaves to its readers, the bigram
precision of the shuffled candidate Ca3 of Example 1 (0, which the chapter works out): how
many of Ca3's bigrams are made of two words that each occur in a reference, although none of
them occurs as a pair. The answer is not 0, so a broken bigram count does not reach it by
accident.
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


def _ca3_bigrams() -> list[tuple[str, ...]]:
    ex = load_example("example1")
    tokens = words(ex.candidates["Ca3"])
    return [tuple(tokens[i : i + 2]) for i in range(len(tokens) - 1)]


def _reference_words() -> set[str]:
    ex = load_example("example1")
    return {token for r in ex.references for token in words(r)}


def _word_by_word() -> int:
    """Ca3's bigrams whose two words each occur in some reference (normalised)."""
    seen = _reference_words()
    return sum(all(word in seen for word in gram) for gram in _ca3_bigrams())


def _diagnose_ca3(answer: object) -> str | None:
    bigrams = len(_ca3_bigrams())
    expected = _word_by_word()
    if isinstance(answer, bool):
        return None
    if close_to(answer, Fraction(expected, bigrams)):
        return N_("that is the share of the bigrams; the question asks how many.")
    if close_to(answer, 0):
        return N_("0 is the number of Ca3's bigrams that occur in a reference as pairs (its "
        "p_2 is 0/17); this asks for the bigrams whose two words are each found, separately.")
    if close_to(answer, bigrams):
        return N_("not every bigram qualifies: one word of Ca3 occurs in no reference, and a "
        "bigram that contains it does not count.")
    if close_to(answer, expected + 1):
        return N_("a word that no reference has spoils every bigram it is part of: how many "
        "bigrams is that for a word inside the sentence, not at either end?")
    if close_to(answer, 17 / 18) or close_to(answer, _example1_precision("Ca1", 2), rel_tol=5e-3):
        return N_("that is Ca1's bigram precision or a unigram precision; this exercise asks "
        "about the shuffled Ca3's bigrams, and for a count, not a precision.")
    return None


register(
    Exercise(
        id="ch04.ca3-bigram",
        question="Every word of Example 1's shuffled candidate Ca3 but one occurs in some "
        "reference, yet its bigram precision p_2 is 0. With the normalised tokens, how many of "
        "Ca3's 17 bigrams are made of two words that each occur in some reference (so that "
        "checking the words one at a time would accept the pair, although no reference has "
        "it)?",
        expected=_word_by_word,
        hint=N_("list Ca3's 17 bigrams and keep those whose first word and second word are each "
        "found in some reference, not necessarily the same one."),
        wrong=17,
        second_hint=N_("find the one word of Ca3 that occurs in no reference (notebook 02 found "
        "it for Ca1, which has the same words), then count the bigrams that do not contain it."),
        diagnose=_diagnose_ca3,
        notebook="04_ngram_precision",
    )
)


def _cat_mat_trigram() -> Fraction:
    ex = load_example("example2")
    return modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca2"), 3)


COUNT_NOT_PRECISION = N_("that is a count (the clipped matches); p_n divides it by the "
"candidate's number of n-grams, T - n + 1 for a sentence of T tokens.")


def _bare_count(answer: object, precision: Fraction, label: str, example: str, n: int) -> bool:
    """The answer is the clipped matches, p_n times the candidate's number of n-grams."""
    ex = load_example(example)
    tokens = words(ex.candidates[label]) if example == "example3" else ex.candidate_tokens(label)
    matches = precision * (len(tokens) - n + 1)
    return not isinstance(answer, bool) and answer not in (0, 1) and close_to(answer, matches)


OVER_TOKENS = N_("you divided by the number of tokens; the denominator is the number of "
"n-grams in the candidate, T - n + 1 for a sentence of T tokens.")


def _over_tokens(label: str, example: str, n: int) -> Fraction:
    """The clipped matches over the candidate's tokens instead of its n-grams."""
    ex = load_example(example)
    if example == "example3":
        refs, tokens = [words(r) for r in ex.references], words(ex.candidates[label])
    else:
        refs, tokens = ex.reference_tokens(), ex.candidate_tokens(label)
    precision = modified_precision(refs, tokens, n)
    return precision * (len(tokens) - n + 1) / len(tokens)


def _diagnose_trigram(answer: object) -> str | None:
    if close_to(answer, Fraction(4, 6)):
        return N_("that is the bigram precision p_2; use runs of three tokens.")
    if close_to(answer, _over_tokens("Ca2", "example2", 3)):
        return OVER_TOKENS
    if _bare_count(answer, _cat_mat_trigram(), "Ca2", "example2", 3):
        return COUNT_NOT_PRECISION
    return None


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
        diagnose=_diagnose_trigram,
        notebook="04_ngram_precision",
    )
)


def _example3_bigram() -> Fraction:
    ex = load_example("example3")
    return modified_precision([words(r) for r in ex.references], words(ex.candidates["Ca1"]), 2)


def _example3_unigram() -> Fraction:
    ex = load_example("example3")
    return modified_precision([words(r) for r in ex.references], words(ex.candidates["Ca1"]), 1)


def _diagnose_example3_bigram(answer: object) -> str | None:
    if close_to(answer, _example3_unigram()):
        return N_("that is the unigram precision; look at pairs of neighbouring words.")
    if close_to(answer, _over_tokens("Ca1", "example3", 2)):
        return OVER_TOKENS
    if _bare_count(answer, _example3_bigram(), "Ca1", "example3", 2):
        return COUNT_NOT_PRECISION
    return None


register(
    Exercise(
        id="ch04.example3-bigram",
        question="In notebook 03 (Exercise 3) you scored Example 3's candidate 'I always "
        "invariably perpetually do.' on unigrams against 'I always do.', 'I invariably do.' "
        "and 'I perpetually do.'. What is its modified bigram precision p_2 (all sentences "
        "normalised with `normalise`)?",
        expected=_example3_bigram,
        hint=N_(
            "write out the candidate's four bigrams and look for each one in all three "
            "references: a bigram counts if any one of them has it."
        ),
        wrong=Fraction(1),
        second_hint=N_("the candidate has four bigrams; a reference such as 'i always do' offers "
        "only its own two bigrams. Check each of the candidate's four against the bigrams of "
        "all three references."),
        diagnose=_diagnose_example3_bigram,
        notebook="04_ngram_precision",
    )
)
