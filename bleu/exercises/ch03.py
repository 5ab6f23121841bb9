"""Exercises of notebook 03, modified precision (보정된 정밀도).

Every expected answer is computed with :mod:`bleu` from the example sentences in ``data/``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from ..ngrams import count_ngrams
from ..precision import modified_precision
from . import Exercise, register
from .ch02 import close_to, words


def _summed_max_ref() -> Fraction:
    ex = load_example("example2")
    candidate = ex.candidate_tokens("Ca1")
    summed: Counter = Counter()
    for ref in ex.reference_tokens():
        summed.update(count_ngrams(ref, 1))
    counts = count_ngrams(candidate, 1)
    return Fraction(sum(min(c, summed[g]) for g, c in counts.items()), sum(counts.values()))


def _true_clipped() -> Fraction:
    ex = load_example("example2")
    return modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca1"), 1)


def _summed_substrings() -> Fraction:
    """The sum counted with ``str.count('the')``, which also finds the 'the' of 'there'."""
    ex = load_example("example2")
    summed = sum(reference.count("the") for reference in ex.references)
    return Fraction(min(7, summed), 7)


COUNT_NOT_PRECISION = N_("that is a count (the clipped matches); the precision divides it by the "
"candidate's length, its number of tokens.")


def _count_not_precision(answer: object, precision: Fraction) -> bool:
    """The answer is the clipped matches, the numerator over the candidate's 7 tokens."""
    return not isinstance(answer, bool) and answer not in (0, 1) and close_to(
        answer, precision.numerator
    )


def _diagnose_summed(answer: object) -> str | None:
    if _count_not_precision(answer, _summed_max_ref()):
        return COUNT_NOT_PRECISION
    if close_to(answer, _true_clipped()):
        return N_("that is the real modified precision, with the maximum over references; "
        "here the counts are added.")
    if close_to(answer, _summed_substrings()):
        return N_("that counts 'there' as a 'the': str.count('the') also finds the letters "
        "inside longer words. Split each reference into tokens and count the token 'the'.")
    return None


register(
    Exercise(
        id="ch03.summed-refs",
        question="Suppose Max_Ref_Count added up a word's counts over all the references "
        "instead of taking its largest count in any one reference. What precision would "
        "'the the the the the the the' then get against Example 2's two references?",
        expected=_summed_max_ref,
        hint=N_("count 'the' in Reference 1 and in Reference 2, add the two counts, and clip 7 by "
        "the sum."),
        wrong=Fraction(2, 7),
        second_hint=N_("count whole tokens only ('there' is not 'the'); the candidate's count 7 "
        "is clipped at the summed count, and the denominator stays the candidate's 7 tokens."),
        diagnose=_diagnose_summed,
        notebook="03_modified_precision",
    )
)


def _cat_mat_unigram() -> Fraction:
    ex = load_example("example2")
    return modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca2"), 1)


def _diagnose_cat_mat(answer: object) -> str | None:
    if close_to(answer, 1):
        return N_("every word occurs in a reference, but that is the unclipped precision; "
        "clip each word's count.")
    if close_to(answer, Fraction(4, 7)):
        return N_("you clipped both words, but 'the' at the wrong ceiling: Max_Ref_Count is "
        "its LARGEST count in any one reference (Reference 1 has 'the' twice), not the "
        "smaller count or the minimum over the references.")
    if close_to(answer, Fraction(6, 7)):
        return N_("two words of this candidate occur more often than any single reference "
        "allows; you clipped only one of them: clip both.")
    if _count_not_precision(answer, _cat_mat_unigram()):
        return COUNT_NOT_PRECISION
    return None


register(
    Exercise(
        id="ch03.cat-mat-unigram",
        question="What is the modified unigram precision of Example 2's second candidate "
        "'the cat the cat on the mat' against Example 2's references? Work out Count and "
        "Count_clip for each word first.",
        expected=_cat_mat_unigram,
        hint=N_("two words of this candidate occur more often than any single reference allows; "
        "clip both."),
        wrong=Fraction(1),
        second_hint=N_("make a table with one row per distinct word (the, cat, on, mat): its "
        "count in the candidate, in Reference 1, in Reference 2, and min(candidate count, the "
        "larger reference count); add the last column and divide by the candidate's length."),
        diagnose=_diagnose_cat_mat,
        notebook="03_modified_precision",
    )
)


def _example3_ca1() -> Fraction:
    ex = load_example("example3")
    return modified_precision([words(r) for r in ex.references], words(ex.candidates["Ca1"]), 1)


def _diagnose_example3(answer: object) -> str | None:
    if close_to(answer, Fraction(3, 5)):
        return N_("you compared the candidate with one reference only; Max_Ref_Count looks at "
        "every reference.")
    matches = sum(count_ngrams(words(load_example("example3").candidates["Ca1"]), 1).values())
    if not isinstance(answer, bool) and answer not in (0, 1) and close_to(
        answer, _example3_ca1() * matches
    ):
        return COUNT_NOT_PRECISION
    return None


register(
    Exercise(
        id="ch03.example3",
        question="Example 3 has the candidate 'I always invariably perpetually do.' and the "
        "references 'I always do.', 'I invariably do.', 'I perpetually do.'. Normalise all "
        "four sentences with `normalise` and give the candidate's modified unigram precision.",
        expected=_example3_ca1,
        hint=N_("clip each word by its count in the one reference where it occurs most; a word "
        "may be found in a different reference from its neighbour."),
        wrong=Fraction(3, 5),
        second_hint=N_("each word of the normalised candidate occurs once in it; for each word "
        "find some reference that contains it. Max_Ref_Count is taken word by word, so the "
        "words need not come from the same reference."),
        diagnose=_diagnose_example3,
        notebook="03_modified_precision",
    )
)
