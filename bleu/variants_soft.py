"""Document 004's differentiable BLEU as its formulas behave, slips included.

Document 004 (``004_6b496a7acae0bd96.txt``) ends with a matrix sketch of a differentiable
BLEU after Casas, Fonollosa and Costa-jussà (2018). Read literally, two of its lines do
not compute what they name. This module re-implements them as written, so that notebook
12's appendix can put each one beside the right value (:mod:`bleu.soft`,
:func:`bleu.sentence_bleu`). Nothing here is the right way to score or to train.

* ``hyp_length = sum(mask_B)``: the mask keeps the *first occurrence* of every n-gram, so
  the sum counts **distinct** n-grams, not all of them (:func:`counts_004`). A hypothesis
  that repeats a matching word gets a precision of 1.
* The gradient of ``loss_BLEU = -log(BLEU)`` is written as four equal signs (the notebook
  calls them D11). The second one drops the minus sign; the third turns the brevity
  penalty's exponent round (``1 - hyp_length / ref_length`` instead of
  ``1 - ref_length / hyp_length``); the fourth differentiates the exponent instead of the
  exponential but keeps the factor ``1 / BLEU`` (:func:`d11_lines_004`). The right last
  line is ``-x'`` with ``x = w log(tp / hyp_length) + 1 - ref_length / hyp_length``.

Reading used (the document does not say which matrix is which): ``B`` is the hypothesis,
since ``hyp_length = sum(mask_B)``, and ``A`` the reference; ``A B^T`` for the product the
document writes ``AB``; the end-token mask ``len`` is left out (no end token). Both inputs
are probability matrices (positions x vocabulary); one-hot rows are ordinary sentences.

>>> from bleu.soft import one_hot
>>> the_the_the, the_cat = one_hot([1, 1, 1], 3), one_hot([1, 2], 3)
>>> counts_004(the_the_the, the_cat)
Counts004(tp=1.0, hyp_length=1.0, ref_length=2.0)

Used in notebook 12 (differentiable BLEU), appendix.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, NamedTuple

import numpy as np

from .checks import check_order
from .soft import check_probs

Array = np.ndarray


class Counts004(NamedTuple):
    """Document 004's ``tp``, ``hyp_length = sum(mask_B)`` and ``ref_length = sum(mask_A)``."""

    tp: float
    hyp_length: float
    ref_length: float


class D11Lines(NamedTuple):
    """The four right-hand sides of document 004's gradient, differentiated in ``tp``."""

    minus_bleu_prime_over_bleu: float  # -BLEU'/BLEU: right
    bleu_inverse_times_bleu_prime: float  # BLEU^-1 x BLEU': the minus sign lost
    with_exponent_turned_round: float  # BLEU^-1 x (e^(w log(tp/h) + 1 - h/r))'
    exponent_not_exp: float  # BLEU^-1 x (w log(tp/h) + 1 - h/r)'


# ---------------------------------------------------------------- argument checks


def _number(value: Any, name: str, positive: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    if positive and value <= 0:
        raise ValueError(f"{name} must be > 0, got {value}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    return value


def _counts(tp: Any, hyp_length: Any, ref_length: Any, weight: Any) -> tuple[float, ...]:
    return (
        _number(tp, "tp", positive=False),
        _number(hyp_length, "hyp_length"),
        _number(ref_length, "ref_length"),
        _number(weight, "weight"),
    )


# ---------------------------------------------------------------- the matrices


def _diagonal_products(matrix: Array, n: int) -> Array:
    """``out[i, j] = M[i, j] M[i+1, j+1] ... `` (``n`` factors): n-gram i matches n-gram j."""
    rows, cols = matrix.shape[0] - n + 1, matrix.shape[1] - n + 1
    out = np.ones((max(rows, 0), max(cols, 0)))
    for k in range(n):
        out *= matrix[k : k + out.shape[0], k : k + out.shape[1]]
    return out


def _first_occurrence(self_match: Array) -> Array:
    """``prod_{j' < j} (1 - Q[j, j'])``: 1 where no earlier n-gram is the same."""
    earlier = np.tri(len(self_match), k=-1)
    return np.prod(1.0 - self_match * earlier, axis=1)


def counts_004(hypothesis: Any, reference: Any, n: int = 1) -> Counts004:
    """``tp``, ``hyp_length`` and ``ref_length`` of order ``n`` as document 004 defines them.

    ``hypothesis`` (the document's ``B``) and ``reference`` (``A``) are probability
    matrices with the same vocabulary (columns). ``tp`` adds, over the distinct hypothesis
    n-grams, the smaller of its count in the hypothesis and in the reference: BLEU's
    clipped matches. ``hyp_length = sum(mask_B)`` and ``ref_length = sum(mask_A)`` add up
    first-occurrence masks, so they count *distinct* n-grams; BLEU needs all of them.

    >>> from bleu.soft import one_hot
    >>> counts_004(one_hot([0, 1, 0, 1], 2), one_hot([0, 1, 1], 2), n=2)
    Counts004(tp=1.0, hyp_length=2.0, ref_length=2.0)
    """
    hyp = check_probs(hypothesis, "hypothesis")
    ref = check_probs(reference, "reference")
    if hyp.shape[1] != ref.shape[1]:
        raise ValueError(
            f"hypothesis has {hyp.shape[1]} columns and reference {ref.shape[1]}: "
            "both must be over the same vocabulary"
        )
    n = check_order(n, "n")
    self_hyp = _diagonal_products(hyp @ hyp.T, n)  # BB^T: hypothesis n-gram j = j'
    self_ref = _diagonal_products(ref @ ref.T, n)  # AA^T
    cross = _diagonal_products(hyp @ ref.T, n)  # hypothesis n-gram j = reference n-gram i
    mask_b, mask_a = _first_occurrence(self_hyp), _first_occurrence(self_ref)
    in_hyp = self_hyp.sum(axis=1)  # count of hypothesis n-gram j in the hypothesis
    in_ref = cross.sum(axis=1)  # ... and in the reference
    tp = float(np.sum(mask_b * np.minimum(in_hyp, in_ref)))
    return Counts004(tp, float(mask_b.sum()), float(mask_a.sum()))


# ---------------------------------------------------------------- BLEU and its gradient


def brevity_penalty_004(hyp_length: Any, ref_length: Any) -> float:
    """D9's ``BP``: 1 if ``hyp_length > ref_length``, else ``exp(1 - ref_length / hyp_length)``.

    >>> round(brevity_penalty_004(4, 6), 4)
    0.6065
    """
    h, r = _number(hyp_length, "hyp_length"), _number(ref_length, "ref_length")
    return 1.0 if h > r else math.exp(1.0 - r / h)


def bleu1_004(tp: Any, hyp_length: Any, ref_length: Any, weight: Any = 1.0) -> float:
    """D9 with one order: ``BP * exp(w log(tp / hyp_length))``, 0 when ``tp = 0``.

    >>> round(bleu1_004(3, 4, 6), 4)
    0.4549
    """
    tp, h, r, w = _counts(tp, hyp_length, ref_length, weight)
    if tp == 0:
        return 0.0
    return brevity_penalty_004(h, r) * math.exp(w * math.log(tp / h))


def exponent_004(tp: Any, hyp_length: Any, ref_length: Any, weight: Any = 1.0) -> float:
    """The exponent in D11's third line, ``w log(tp / h) + 1 - h / r`` (BP's turned round).

    >>> round(exponent_004(3, 4, 6), 4)
    0.0457
    """
    tp, h, r, w = _counts(tp, hyp_length, ref_length, weight)
    if tp == 0:
        raise ValueError("tp must be > 0: the exponent has log(tp / hyp_length)")
    return w * math.log(tp / h) + 1.0 - h / r


def d11_lines_004(tp: Any, hyp_length: Any, ref_length: Any, weight: Any = 1.0) -> D11Lines:
    """Each right-hand side of D11, the gradient of ``-log BLEU``, as a derivative in ``tp``.

    ``BLEU`` is D9's (:func:`bleu1_004`). D11 writes out the case of one order with
    ``hyp_length <= ref_length`` only, so that is the only case accepted. In ``tp``,
    ``d(-log BLEU)/d tp = -w / tp``: the first line is right; the second is ``+w / tp``;
    the third ``e^x' (w / tp) / BLEU`` with the turned-round exponent ``x'``
    (:func:`exponent_004`); the fourth ``(w / tp) / BLEU``.

    >>> [round(v, 3) for v in d11_lines_004(3, 4, 6)]
    [-0.333, 0.333, 0.767, 0.733]
    """
    tp, h, r, w = _counts(tp, hyp_length, ref_length, weight)
    if tp == 0:
        raise ValueError("tp must be > 0: -log BLEU is infinite at tp = 0")
    if h > r:
        raise ValueError(
            f"hyp_length ({h}) must be <= ref_length ({r}): D11 works out that case only"
        )
    bleu = bleu1_004(tp, h, r, w)
    d_exponent = w / tp  # d/dtp of w log(tp/h) + (anything without tp)
    return D11Lines(
        minus_bleu_prime_over_bleu=-d_exponent,
        bleu_inverse_times_bleu_prime=d_exponent,
        with_exponent_turned_round=math.exp(exponent_004(tp, h, r, w)) * d_exponent / bleu,
        exponent_not_exp=d_exponent / bleu,
    )
