"""Exercises of notebook 02, unigram precision (유니그램 정밀도).

Unigram precision here is the documents' first, unclipped measure: the share of candidate
tokens that occur anywhere in the references (003's ``my_bleu_v1``). :func:`words` is the
tokenization under which Example 1 gives the documents' 17/18 and 8/14.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from functools import partial

from ..data import load_example
from ..i18n import N_
from ..precision import modified_precision as bleu_modified_precision
from . import Exercise, register
from . import close_to as _close_to


def words(sentence: str) -> list[str]:
    """Lower-case word tokens, punctuation dropped (``"Party commands."`` -> two words).

    >>> words("It is ... the party.")
    ['it', 'is', 'the', 'party']
    """
    if not isinstance(sentence, str):
        raise TypeError(f"sentence must be a str, not {type(sentence).__name__}")
    return re.findall(r"\w+", sentence.lower())


def unmatched(candidate: Sequence[str], references: Sequence[Sequence[str]]) -> list[str]:
    """Candidate tokens that occur in no reference, in sentence order.

    >>> unmatched(["the", "cat", "sat"], [["the", "mat"], ["a", "cat"]])
    ['sat']
    """
    seen = {token for ref in references for token in ref}
    return [token for token in candidate if token not in seen]


def plain_precision(candidate: Sequence[str], references: Sequence[Sequence[str]]) -> Fraction:
    """Unclipped unigram precision: tokens found in any reference / candidate length.

    >>> plain_precision(["the"] * 7, [["the", "cat"]])
    Fraction(1, 1)
    """
    if not candidate:
        raise ValueError("candidate must contain at least one token")
    return Fraction(len(candidate) - len(unmatched(candidate, references)), len(candidate))


close_to = partial(_close_to, rel_tol=0.0, abs_tol=1e-6)


def _cat_mat_plain() -> Fraction:
    ex = load_example("example2")
    return plain_precision(ex.candidate_tokens("Ca2"), ex.reference_tokens())


def _cat_mat_clipped() -> Fraction:
    """Notebook 03's clipped value, which a reader primed by notebook 00's warm-up may give."""
    ex = load_example("example2")
    return bleu_modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca2"), 1)


def _diagnose_cat_mat(answer: object) -> str | None:
    size = len(load_example("example2").candidate_tokens("Ca2"))
    if close_to(answer, _cat_mat_plain() * size):
        return N_("that looks like a count of matching tokens, not yet a precision: divide it "
        "by the number of the candidate's tokens.")
    if close_to(answer, Fraction(4, 7)):
        return N_("4 is the number of different words; count every position, repeats included.")
    if close_to(answer, _cat_mat_clipped()):
        return N_("that is the clipped (modified) precision of notebook 03, where each word is "
        "credited at most as often as one reference holds it. This exercise asks for the plain "
        "precision of this chapter: no ceiling yet, every token found in a reference counts.")
    return None


register(
    Exercise(
        id="ch02.cat-mat-plain",
        question="Example 2 has a second candidate, 'the cat the cat on the mat'. What is its "
        "(unclipped) unigram precision against Example 2's two references, split on spaces? "
        "Give a fraction or a float.",
        expected=_cat_mat_plain,
        hint=N_("count every position of the candidate, repeated words included, and ask of "
        "each token only whether some reference contains it."),
        wrong=Fraction(4, 7),
        second_hint=N_("go through the candidate's seven tokens one at a time and ask only: does "
        "this word occur anywhere in either reference? Nothing is clipped in this chapter, so a "
        "repeated word is counted every time it is found."),
        diagnose=_diagnose_cat_mat,
        notebook="02_unigram_precision",
    )
)


def _hello_swapped() -> Fraction:
    ex = load_example("hello_code")
    (reference,) = ex.references
    return plain_precision(reference.split(" "), [ex.candidates["Ca1"].split(" ")])


def _diagnose_hello_swapped(answer: object) -> str | None:
    """The slips on the swapped pair: the original direction (on either scale), 'mine' taken
    for 'my', one match missed, the count of matches, the share of misses."""
    expected = _hello_swapped()
    (new_candidate,) = load_example("hello_code").references  # document 003's reference
    size = len(new_candidate.split(" "))
    if close_to(answer, Fraction(4, 5)):
        return N_("that is the score in the original direction; precision is not symmetric.")
    if close_to(answer, 80):
        return N_("that is the original direction's 4/5, on the 0-100 scale: precision is not "
        "symmetric, so score the new candidate's tokens, and give a value between 0 and 1.")
    if close_to(answer, expected + Fraction(1, size)):
        return N_("one token too many is counted as found: a token matches only a reference "
        "token spelt exactly the same, so 'mine' does not match 'my'.")
    if close_to(answer, expected - Fraction(1, size)):
        return N_("one match too few: every token of the new candidate that occurs somewhere in "
        "the reference counts, whatever its position there.")
    if close_to(answer, expected * size):
        return N_("that looks like a count of matching tokens, not yet a precision: divide it "
        "by the number of the candidate's tokens.")
    if close_to(answer, 1 - expected):
        return N_("that is the share of the candidate's tokens that match no reference token; "
        "the precision is the share that do.")
    return None


register(
    Exercise(
        id="ch02.hello-swapped",
        question="Score the candidate 'hello this code is not mine' against the single "
        "reference 'hello this is my code' (both split on spaces) with this chapter's unigram "
        "precision: the candidate's tokens that occur in the reference, over the number of the "
        "candidate's tokens. (These are document 003's two sentences with their roles swapped.) "
        "Give a fraction or a float.",
        expected=_hello_swapped,
        hint=N_("precision is counted from the candidate's side: go through the new "
        "candidate's tokens, keep those the reference contains, and divide by the candidate's "
        "length."),
        wrong=Fraction(4, 5),
        second_hint=N_("split the new candidate on spaces, mark each of its tokens that occurs "
        "somewhere in 'hello this is my code', and divide the number of marks by the number "
        "of the candidate's tokens."),
        diagnose=_diagnose_hello_swapped,
        notebook="02_unigram_precision",
    )
)


def _ca3_raw() -> Fraction:
    ex = load_example("example1")
    return plain_precision(ex.candidate_tokens("Ca3"), ex.reference_tokens())


def _ca3_normalised() -> Fraction:
    ex = load_example("example1")
    return plain_precision(words(ex.candidates["Ca3"]), [words(r) for r in ex.references])


def _ca1_raw() -> Fraction:
    ex = load_example("example1")
    return plain_precision(ex.candidate_tokens("Ca1"), ex.reference_tokens())


def _diagnose_ca3_raw(answer: object) -> str | None:
    """The natural slips on Ca3's raw split: the normalised value, Ca1's raw value, one miss
    overlooked, the count of matches not divided by the length, the share of misses."""
    expected = _ca3_raw()
    size = len(load_example("example1").candidate_tokens("Ca3"))
    if close_to(answer, _ca3_normalised()):
        return N_("that is the value with `normalise`; this exercise uses the raw split.")
    if close_to(answer, _ca1_raw()):
        return N_("that is Ca1's value under the raw split, and Ca3 is not Ca1: its final period "
        "sits on another word. Look for every token of Ca3 whose exact spelling (capital "
        "letter, period) differs from the references', not only for the words no reference "
        "has.")
    if close_to(answer, expected + Fraction(1, size)):
        return N_("one token too many is counted as found: with the raw split a token matches "
        "only a reference token spelt exactly the same, capital letter and period included "
        "(nothing is lower-cased).")
    if close_to(answer, expected - Fraction(1, size)):
        return N_("one match too few: a token of Ca3 counts as found when some reference has a "
        "token spelt exactly the same; a capital letter matches if the reference has it too.")
    found = expected * size
    if close_to(answer, found):
        return N_("that looks like a count of matching tokens, not yet a precision: divide "
        "the number of Ca3's tokens found in a reference by the number of Ca3's tokens.")
    if close_to(answer, 1 - expected):
        return N_("that is the share of Ca3's tokens that match no reference; the precision is "
        "the share that do.")
    return None


register(
    Exercise(
        id="ch02.ca3-raw",
        question="Documents 000, 001 and 002 add a third candidate to Example 1, Ca3: Ca1's words "
        "in a shuffled order ('the that military a is It guide ensures which to commands the "
        "of action obeys always party the.'). What is Ca3's unigram precision with the raw "
        "whitespace split (`ex1.candidate_tokens('Ca3')` against `ex1.reference_tokens()`)?",
        expected=_ca3_raw,
        hint=N_("list the tokens that match no reference and look closely at the ones that carry "
        "a period or a capital letter, in Ca3 and in the references."),
        wrong=Fraction(17, 18),
        second_hint=N_("with the raw split, 'Party' and 'party' are different tokens, and so are "
        "'party.' and 'party'; compare each of Ca3's 18 tokens with the references' tokens "
        "exactly as they are written, period and capital letter included."),
        diagnose=_diagnose_ca3_raw,
        notebook="02_unigram_precision",
    )
)
