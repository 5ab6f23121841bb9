"""Exercises of notebook 12, differentiable BLEU (미분가능한 BLEU).

The inputs (small probability matrices over :data:`VOCAB`) are data shown in the
notebook; every expected answer is computed with :mod:`bleu.soft`.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np

from .. import soft
from ..brevity import brevity_penalty, closest_ref_length
from ..i18n import N_
from . import Exercise, register
from . import close_to as _close_to

VOCAB = ("<eos>", "the", "cat", "sat", "on", "mat")
"""Token ids are positions in this tuple; id 0 is the end token."""

BIGRAM_PROBS = np.array(
    [
        [0.0, 0.6, 0.2, 0.1, 0.0, 0.1],
        [0.0, 0.1, 0.5, 0.2, 0.1, 0.1],
        [0.0, 0.3, 0.4, 0.1, 0.1, 0.1],
    ]
)
"""Exercise 1: three positions, no end token."""

EOS_COLUMN = (0.1, 0.3, 0.6, 0.2)
"""Exercise 2: ``P[t, eos]`` at the four positions ``t = 0 .. 3`` of a hypothesis."""

CLIP_PROBS = np.array(
    [
        [0.0, 0.7, 0.1, 0.1, 0.1, 0.0],
        [0.0, 0.5, 0.3, 0.1, 0.1, 0.0],
        [0.0, 0.4, 0.2, 0.3, 0.1, 0.0],
        [0.0, 0.6, 0.1, 0.1, 0.2, 0.0],
    ]
)
"""Exercise 3: four positions that like 'the' far too much."""

CLIP_REFERENCE = (1, 2, 3)
"""Exercise 3's reference, 'the cat sat', as ids."""

BP_REF_LENGTHS = (4, 8)
BP_EXPECTED_LENGTH = 6.2
"""Exercise 4: two references and an expected hypothesis length."""


def ids(words: str) -> list[int]:
    """Token ids of a space-separated sentence over :data:`VOCAB`.

    >>> ids("the cat sat")
    [1, 2, 3]
    """
    return [VOCAB.index(w) for w in words.split()]


close_to = partial(_close_to, rel_tol=0.0, abs_tol=1e-6)


def _eos_probs() -> np.ndarray:
    """A probability matrix whose end-token column is :data:`EOS_COLUMN` (rest on 'the')."""
    eos = np.array(EOS_COLUMN)
    probs = np.zeros((len(eos), len(VOCAB)))
    probs[:, 0], probs[:, 1] = eos, 1 - eos
    return probs


def _expected_bigram() -> float:
    grams = np.array([ids("the cat")])
    return float(soft.expected_counts(BIGRAM_PROBS, grams)[0])


def _diagnose_bigram(answer: Any) -> str | None:
    the, cat = BIGRAM_PROBS[:, 1], BIGRAM_PROBS[:, 2]
    if close_to(answer, the[0] * cat[1]):
        return N_("that is only the bigram starting at position 0; it can also start at "
        "position 1.")
    if close_to(answer, the[1] * cat[2]):
        return N_("that is only the bigram starting at position 1; it can also start at "
        "position 0.")
    if close_to(answer, the.sum() * cat.sum()):
        return N_("that multiplies the whole columns' sums, E_the * E_cat, which pairs words at "
        "any two positions; 'cat' must come right after 'the': add P[i, the] * P[i + 1, cat].")
    if close_to(answer, float(the @ cat)):
        return N_("that multiplies 'the' and 'cat' at the same position; 'cat' must be at the next "
        "position: P[i, the] * P[i + 1, cat].")
    if close_to(answer, 1):
        return N_("that is the count in the argmax sentence, not an expectation.")
    return None


def _expected_length() -> float:
    return float(soft.expected_totals(_eos_probs(), 1, eos=0)[0])


def _survival_from_zero() -> float:
    """The off-by-one sum ``b_0 + ... + b_{T-1}`` (``b_0 = 1`` counted, ``b_T`` left out)."""
    return float(soft.survival(_eos_probs(), 0)[:-1].sum())


def _diagnose_length(answer: Any) -> str | None:
    if close_to(answer, sum(1 - p for p in EOS_COLUMN)):
        return (
            N_("that is sum(1 - P[t, eos]), each position on its own: it still counts a position "
            "after the sentence has ended. Use the running product b_i.")
        )
    if close_to(answer, _survival_from_zero()):
        return (
            N_("that adds b_0 .. b_3. b_0 = 1 says only 'at least 0 tokens' and is not counted; "
            "c = b_1 + b_2 + b_3 + b_4, where b_4 needs all four positions.")
        )
    return None


def _soft_clip() -> float:
    stats = soft.soft_stats(CLIP_PROBS, [list(CLIP_REFERENCE)], max_n=1)
    return float(stats.matches[0])


def _unclipped() -> float:
    grams, _ = soft.reference_ngrams([list(CLIP_REFERENCE)], 1)
    return float(soft.expected_counts(CLIP_PROBS, grams).sum())


def _cat_misread() -> float:
    """m_1 with 'cat' read as 0.3 at position 2 (the 'sat' entry beside it): E_cat = 0.8."""
    cat, sat = CLIP_REFERENCE[1], CLIP_REFERENCE[2]
    misread = CLIP_PROBS.copy()
    misread[2, cat] = CLIP_PROBS[2, sat]  # a row no longer adds to 1: add the columns by hand
    return float(sum(min(misread[:, w].sum(), 1.0) for w in CLIP_REFERENCE))


def _diagnose_soft_clip(answer: Any) -> str | None:
    if close_to(answer, _unclipped()):
        return N_("that is the unclipped sum: 'the' occurs once in the reference, so its expected "
        "count must be capped at 1.")
    if close_to(answer, _cat_misread()):
        return N_("that takes E_cat as 0.8: at position 2, 'cat' has 0.2 (the 0.3 beside it is "
        "'sat'). Re-add the 'cat' column row by row, then clip and add as you did.")
    return None


def _two_ref_bp() -> float:
    refs = [[1] * n for n in BP_REF_LENGTHS]
    r = closest_ref_length(refs, BP_EXPECTED_LENGTH)
    return brevity_penalty(r, BP_EXPECTED_LENGTH)


register(
    Exercise(
        id="ch12.expected-bigram",
        question="BIGRAM_PROBS gives three positions' token probabilities over VOCAB (no end "
        "token). What is the expected number of times the bigram 'the cat' occurs in the "
        "hypothesis?",
        expected=_expected_bigram,
        hint=N_("the bigram can start at every position i with a position i + 1 after it; at "
        "each start multiply P[i, the] by P[i + 1, cat], then add the starts up."),
        wrong=float(BIGRAM_PROBS[0, 1] * BIGRAM_PROBS[1, 2]),
        second_hint=N_("with three positions the bigram can start at position 0 or 1; add "
        "P[i, the] * P[i + 1, cat] over those two starts ('the' is column 1 of BIGRAM_PROBS, "
        "'cat' column 2)."),
        diagnose=_diagnose_bigram,
        scale="none",
        notebook="12_differentiable_bleu",
    )
)

register(
    Exercise(
        id="ch12.expected-length",
        question="A hypothesis of four positions stops at its first end token. The probability "
        "of the end token at positions 0, 1, 2, 3 is EOS_COLUMN = (0.1, 0.3, 0.6, 0.2). What is "
        "its expected length c?",
        expected=_expected_length,
        hint=N_("b_i = P(at least i tokens) = (1 - P[0, eos]) ... (1 - P[i-1, eos]) for "
        "i = 0 .. T, so with T = 4 positions b has 5 entries b_0 .. b_4 (b_0 = 1); "
        "c = b_1 + ... + b_4, without b_0."),
        wrong=float(sum(1 - p for p in EOS_COLUMN)),
        second_hint=N_("multiply the survival factors (1 - P[t, eos]) one position at a time: "
        "b_1 = 1 - 0.1, b_2 = b_1 * (1 - 0.3), and so on up to b_4; c is the sum of b_1 to "
        "b_4."),
        diagnose=_diagnose_length,
        scale="none",
        notebook="12_differentiable_bleu",
    )
)

register(
    Exercise(
        id="ch12.soft-clip",
        question="CLIP_PROBS gives four positions' token probabilities; the reference is "
        "'the cat sat' (ids CLIP_REFERENCE). What are the soft clipped unigram matches m_1?",
        expected=_soft_clip,
        hint=N_("compute the expected count E_g of each reference word (a column sum), clip it "
        "at the word's count in the reference, and add the clipped values."),
        wrong=_unclipped(),
        second_hint=N_("E_the, E_cat and E_sat are the sums of the columns 'the', 'cat' and 'sat' "
        "of CLIP_PROBS over the four positions; each word occurs once in the reference, so "
        "take min(E_g, 1) for each and add the three."),
        diagnose=_diagnose_soft_clip,
        scale="none",
        notebook="12_differentiable_bleu",
    )
)

#: r / c rounded to two decimals before the exponential: exp(1 - 1.29).
_ROUNDED_RATIO = round(max(BP_REF_LENGTHS) / BP_EXPECTED_LENGTH, 2)


def _diagnose_two_ref_bp(answer: Any) -> str | None:
    if close_to(answer, 1.0):
        return N_("BP = 1 would need r = 4; which length is closer to 6.2?")
    if close_to(answer, math.exp(1 - 4 / 6.2)):
        return N_("that uses r = 4 in the formula; since c > 4 the formula does not apply there.")
    if close_to(answer, 6.2 / 8):
        return N_("that is the plain ratio c / r = 6.2 / 8, document 004's penalty from notebook "
        "06; soft BLEU uses BLEU's exponential one: BP = exp(1 - r / c) with r = 8.")
    rounded = math.exp(1 - _ROUNDED_RATIO)  # 0.748264..., shown as 0.7483
    if abs(float(answer) - rounded) < 5e-5:
        return N_("that rounds r / c = 8 / 6.2 to 1.29 before taking the exponential, which "
        "moves the fourth figure; keep every digit of r / c (or compute exp(1 - 8 / 6.2) in "
        "one go) and round only the result.")
    return None


register(
    Exercise(
        id="ch12.two-ref-bp",
        question="Two references have 4 and 8 tokens; the soft hypothesis has expected length "
        "c = 6.2. What brevity penalty does soft BLEU use?",
        expected=_two_ref_bp,
        hint=N_("first pick r, the reference length closest to c; then BP = exp(1 - r / c) if "
        "c <= r, else 1."),
        wrong=1.0,
        second_hint=N_("compare |6.2 - 4| with |6.2 - 8| to choose r; the penalty applies only "
        "when c <= r, and then BP = exp(1 - r / c) with the fractional length c = 6.2."),
        diagnose=_diagnose_two_ref_bp,
        notebook="12_differentiable_bleu",
    )
)
