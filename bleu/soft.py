"""Soft BLEU: BLEU of *expected* n-gram counts, and its gradient, in numpy.

After Noe Casas, José A. R. Fonollosa and Marta R. Costa-jussà (2018), *A differentiable
BLEU loss. Analysis and first results*, ICLR 2018 workshop,
https://openreview.net/forum?id=HkG7hzyvf (the formulation that document
``004_6b496a7acae0bd96.txt`` sketches).

The hypothesis is a ``T x V`` matrix ``P`` of token probabilities (row ``t`` is the
distribution of position ``t``, e.g. ``softmax(logits)``); references are sequences of
token ids (constants). Positions are treated as independent. With an optional end token
``eos`` the sentence stops at the first ``eos``; ``b_i = prod_{s<i} (1 - P[s, eos])`` is
the probability that it is still running at position ``i`` (``b_i = 1`` without ``eos``).

For each order ``n`` and each distinct reference n-gram ``g = (g_1 .. g_n)`` with
``Max_Ref_Count`` ``M_g``::

    E_g = sum_i b_i prod_k P[i + k - 1, g_k]     expected count of g in the hypothesis
    m_n = sum_g min(E_g, M_g)                   soft clipped matches
    d_n = sum_{i >= n} b_i                       expected number of hypothesis n-grams
    c   = d_1                                    expected hypothesis length
    r   = the reference length closest to c (ties: the shorter)
    BP  = 1 if c > r, 0 if c == 0, else exp(1 - r / c)
    soft BLEU = BP * exp(sum_n w_n log(m_n / d_n))

On a one-hot ``P`` every expectation is the count itself, so soft BLEU equals
:func:`bleu.sentence_bleu` on the argmax tokens, including its rule that a zero precision
with positive weight gives exactly ``0.0``. The gradient with respect to the logits is
derived by hand (chain rule), see :func:`soft_bleu_grad`. Document 004's own matrix
formulas, read literally with their slips, are in :mod:`bleu.variants_soft`.

>>> ref = [1, 2, 3, 4, 1, 5]                       # "the cat sat on the mat" as ids
>>> round(soft_bleu(one_hot(ref, 6), [ref]), 12)
1.0
>>> hyp = [1, 2, 3, 4, 1, 1]
>>> from bleu import sentence_bleu
>>> soft_bleu(one_hot(hyp, 6), [ref]) == sentence_bleu([ref], hyp)
True

Defined in notebook 12 (differentiable BLEU).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import numpy as np

from .brevity import brevity_penalty, closest_length
from .checks import MAX_ORDER, check_count, check_order, check_ordered, check_weight_tuple
from .precision import max_reference_counts
from .rules import combine

Array = np.ndarray
UNIFORM_4 = (0.25, 0.25, 0.25, 0.25)
ROW_SUM_TOL = 1e-6


# ---------------------------------------------------------------- argument checks


def _as_matrix(value: Any, name: str) -> Array:
    """``value`` as a finite 2-D float array with at least one row and column."""
    if value is None:
        raise TypeError(f"{name} must be a 2-D array of numbers, not None")
    check_ordered(value, name, "a 2-D array of numbers")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as err:
        raise TypeError(f"{name} must be a 2-D array of numbers ({err})") from None
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (T positions x V tokens), got shape {arr.shape}")
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(f"{name} must have at least one row and one column, got {arr.shape}")
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    return arr


def check_probs(probs: Any, name: str = "probs") -> Array:
    """A ``T x V`` matrix of probabilities: entries >= 0, every row summing to 1."""
    arr = _as_matrix(probs, name)
    if (arr < 0).any():
        row = int(np.argwhere(arr < 0)[0, 0])
        raise ValueError(f"{name} has a negative entry in row {row}: pass probabilities")
    sums = arr.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1) > ROW_SUM_TOL)
    if bad.size:
        row = int(bad[0])
        raise ValueError(
            f"{name} row {row} sums to {sums[row]:.6g}, not 1: pass probabilities "
            "(e.g. softmax(logits)), or give logits to soft_bleu_grad"
        )
    return arr


def _token_id(value: Any, name: str, pos: int, vocab_size: int) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(
            f"{name} must hold integer token ids; position {pos} is {value!r} "
            f"({type(value).__name__}): map tokens to ids first"
        )
    if not 0 <= value < vocab_size:
        raise ValueError(
            f"{name} has token id {value} at position {pos}, outside 0..{vocab_size - 1} "
            f"(the vocabulary has {vocab_size} tokens, the columns of probs/logits)"
        )
    return int(value)


def check_eos(eos: Any, vocab_size: int) -> int | None:
    """``None`` or a token id inside the vocabulary."""
    if eos is None:
        return None
    return _token_id(eos, "eos", 0, vocab_size)


def check_reference_ids(
    references: Any, vocab_size: int, eos: int | None = None, name: str = "references"
) -> list[list[int]]:
    """A non-empty list of references, each a sequence of ids in ``0 .. vocab_size - 1``."""
    if references is None:
        raise TypeError(f"{name} must be a list of token-id sequences, not None")
    check_ordered(references, name, "a list of token-id sequences")
    if not hasattr(references, "__iter__"):
        raise TypeError(f"{name} must be a list of token-id sequences")
    refs = list(references)
    if not refs:
        raise ValueError(f"{name} is empty: give at least one reference")
    if any(isinstance(r, Integral) for r in refs):
        raise TypeError(f"{name} must be a list of references; to pass one, write [ids]")
    out = []
    for i, ref in enumerate(refs):
        if ref is None or not hasattr(ref, "__iter__"):
            raise TypeError(f"{name}[{i}] must be a sequence of token ids, not {ref!r}")
        check_ordered(ref, f"{name}[{i}]", "a sequence of token ids")
        ids = [_token_id(v, f"{name}[{i}]", k, vocab_size) for k, v in enumerate(ref)]
        if eos is not None and eos in ids:
            raise ValueError(f"{name}[{i}] contains the end token eos={eos}: remove it")
        out.append(ids)
    return out


def _check_all(matrix: Array, references: Any, weights: Any, eos: Any) -> tuple:
    vocab = matrix.shape[1]
    eos = check_eos(eos, vocab)
    refs = check_reference_ids(references, vocab, eos)
    return refs, check_weight_tuple(weights, "weights"), eos


# ---------------------------------------------------------------- building blocks


def softmax(logits: Any) -> Array:
    """Row-wise ``exp(z_tv) / sum_u exp(z_tu)`` (shifted by the row maximum for stability)."""
    z = _as_matrix(logits, "logits")
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def one_hot(ids: Sequence[int], vocab_size: int) -> Array:
    """The ``len(ids) x vocab_size`` matrix with a 1 at ``(t, ids[t])``.

    >>> one_hot([2, 0], 3)
    array([[0., 0., 1.],
           [1., 0., 0.]])
    """
    vocab_size = check_count(vocab_size, "vocab_size")
    if ids is None or not hasattr(ids, "__iter__"):
        raise TypeError(f"ids must be a sequence of token ids, not {type(ids).__name__}")
    check_ordered(ids, "ids", "a sequence of token ids")
    rows = [_token_id(v, "ids", k, vocab_size) for k, v in enumerate(ids)]
    if not rows:
        raise ValueError("ids is empty: a hypothesis needs at least one position")
    return np.eye(vocab_size)[rows]


def argmax_ids(probs: Any, eos: int | None = None) -> list[int]:
    """The most probable token at each position, cut before the first ``eos``."""
    arr = _as_matrix(probs, "probs")
    ids = [int(v) for v in arr.argmax(axis=1)]
    eos = check_eos(eos, arr.shape[1])
    return ids[: ids.index(eos)] if eos in ids else ids


def survival(probs: Array, eos: int | None) -> Array:
    """``b_i = prod_{s<i} (1 - P[s, eos])`` for ``i = 0 .. T``: P(length >= i).

    >>> survival(np.array([[0.5, 0.5], [0.0, 1.0]]), eos=1)
    array([1. , 0.5, 0. ])
    """
    if eos is None:
        return np.ones(probs.shape[0] + 1)
    return np.concatenate(([1.0], np.cumprod(1.0 - probs[:, eos])))


def reference_ngrams(references: list[list[int]], n: int) -> tuple[Array, Array]:
    """Distinct reference n-grams (``G x n`` ids, sorted) and their ``Max_Ref_Count`` ``M_g``."""
    best = max_reference_counts(references, n)
    grams = sorted(best)
    ids = np.array(grams, dtype=int).reshape(len(grams), n)
    return ids, np.array([best[g] for g in grams], dtype=float)


def ngram_factors(probs: Array, grams: Array) -> Array:
    """``F[i, g, k] = P[i + k, grams[g, k]]``, shape ``(T - n + 1, G, n)`` (0-based ``k``).

    ``F[i, g, k]`` is the probability that position ``i + k`` shows the ``k``-th token of
    n-gram ``g``; the product over ``k`` is the probability that ``g`` starts at ``i``.
    """
    n = grams.shape[1]
    starts = np.arange(max(0, probs.shape[0] - n + 1))
    return probs[starts[:, None, None] + np.arange(n), grams[None, :, :]]


def expected_counts(probs: Array, grams: Array, eos: int | None = None) -> Array:
    """``E_g = sum_i b_i prod_k P[i + k, g_k]``: expected count of each n-gram ``g``."""
    factors = ngram_factors(probs, grams)
    b = survival(probs, eos)[: factors.shape[0]]
    return b @ factors.prod(axis=2)


def expected_totals(probs: Array, max_n: int, eos: int | None = None) -> Array:
    """``d_n = sum_{i >= n} b_i`` for ``n = 1 .. max_n``: expected number of n-grams.

    ``d_1`` is the expected length ``c``; without ``eos``, ``d_n = max(0, T - n + 1)``.
    """
    b = survival(probs, eos)
    return np.array([b[n:].sum() for n in range(1, max_n + 1)])


# ---------------------------------------------------------------- soft BLEU


@dataclass(frozen=True)
class SoftStats:
    """Soft sufficient statistics: ``matches[n-1] = m_n``, ``totals[n-1] = d_n``, ``c``, ``r``."""

    matches: Array
    totals: Array
    hyp_len: float
    ref_len: int

    def precisions(self) -> Array:
        """``p_n = m_n / d_n`` (0 where the hypothesis has no n-gram of that order)."""
        safe = np.where(self.totals > 0, self.totals, 1.0)
        return np.where(self.totals > 0, self.matches / safe, 0.0)


def _stats(probs: Array, refs: list[list[int]], max_n: int, eos: int | None) -> SoftStats:
    matches = []
    for n in range(1, max_n + 1):
        grams, limits = reference_ngrams(refs, n)
        matches.append(np.minimum(expected_counts(probs, grams, eos), limits).sum())
    totals = expected_totals(probs, max_n, eos)
    hyp_len = float(totals[0])
    ref_len = closest_length(map(len, refs), hyp_len)
    return SoftStats(np.array(matches), totals, hyp_len, ref_len)


def soft_stats(probs: Any, references: Any, max_n: int = 4, eos: int | None = None) -> SoftStats:
    """Soft clipped matches ``m_n``, expected totals ``d_n``, expected length ``c`` and ``r``."""
    arr = check_probs(probs)
    refs, _, eos = _check_all(arr, references, (1.0,), eos)
    max_n = check_order(max_n, "max_n", limit=MAX_ORDER)
    return _stats(arr, refs, max_n, eos)


def _combine(stats: SoftStats, weights: tuple[float, ...]) -> float:
    """``BP * exp(sum_n w_n log p_n)``, 0.0 if a weighted precision is 0 (as sentence_bleu)."""
    if stats.matches[0] == 0:
        return 0.0
    p = [float(v) for v in stats.precisions()]
    bp = brevity_penalty(stats.ref_len, stats.hyp_len)
    return combine(p, weights, bp, zero_is_zero=True)


def soft_bleu(
    probs: Any, references: Any, weights: Sequence[float] = UNIFORM_4, eos: int | None = None
) -> float:
    """Soft BLEU of a ``T x V`` probability matrix against references given as id sequences.

    ``BP(c, r) * exp(sum_n w_n log(m_n / d_n))`` with the expected statistics of the
    module docstring (Casas et al., 2018). On one-hot ``probs`` it equals
    ``bleu.sentence_bleu(references, argmax_ids(probs, eos), weights)``: a zero weighted
    precision gives exactly ``0.0``. With softmax probabilities no ``m_n`` is exactly 0
    unless a reference or the hypothesis is shorter than ``n``.
    """
    arr = check_probs(probs)
    refs, weights, eos = _check_all(arr, references, weights, eos)
    return _combine(_stats(arr, refs, len(weights), eos), weights)


# ---------------------------------------------------------------- the gradient


def _log_partials(stats: SoftStats, weights: tuple[float, ...]) -> tuple[Array, Array, float]:
    """``d log B / d m_n = w_n / m_n``, ``d log B / d d_n = -w_n / d_n``, ``d log B / d c``.

    ``log BP = 1 - r / c`` for ``c < r`` gives ``r / c**2``; it is 0 for ``c > r`` (and we
    take the flat side, 0, at the kink ``c == r``; ``r`` itself is piecewise constant).
    """
    w = np.array(weights)
    used = w > 0
    dm = np.where(used, w / np.where(used, stats.matches, 1.0), 0.0)
    dd = np.where(used, -w / np.where(used, stats.totals, 1.0), 0.0)
    c, r = stats.hyp_len, stats.ref_len
    return dm, dd, (r / c**2 if c < r else 0.0)


def _leave_one_out(factors: Array) -> Array:
    """``L[..., k] = prod_{j != k} F[..., j]`` by prefix and suffix products (no division)."""
    ones = np.ones_like(factors[..., :1])
    before = np.cumprod(np.concatenate([ones, factors[..., :-1]], axis=-1), axis=-1)
    after = np.cumprod(np.concatenate([ones, factors[..., :0:-1]], axis=-1), axis=-1)
    return before * after[..., ::-1]


def _matches_backward(
    probs: Array, grams: Array, limits: Array, b: Array, upstream: float
) -> tuple[Array, Array]:
    """Gradient of ``upstream * m_n`` with respect to ``P`` and to ``b``.

    ``d min(E_g, M_g) / d E_g = 1`` if ``E_g < M_g`` else 0 (the flat side at a tie), and
    ``d E_g / d P[i + k, g_k] = b_i prod_{j != k} P[i + j, g_j]``,
    ``d E_g / d b_i = prod_k P[i + k, g_k]``.
    """
    factors = ngram_factors(probs, grams)
    starts = factors.shape[0]
    products = factors.prod(axis=2)
    active = upstream * (b[:starts] @ products < limits)
    dprobs = np.zeros_like(probs)
    contrib = b[:starts, None, None] * active[None, :, None] * _leave_one_out(factors)
    rows = np.arange(starts)[:, None, None] + np.arange(grams.shape[1])
    np.add.at(dprobs, (rows, np.broadcast_to(grams, contrib.shape)), contrib)
    db = np.zeros_like(b)
    db[:starts] = products @ active
    return dprobs, db


def _survival_backward(probs: Array, eos: int, db: Array) -> Array:
    """Gradient with respect to ``P[:, eos]`` of ``sum_i db_i b_i``.

    With ``q_s = 1 - P[s, eos]`` and ``b_i = prod_{s<i} q_s``:
    ``d/dq_s = b_s * a_s`` where ``a_s = sum_{i>s} db_i prod_{s<u<i} q_u``, computed
    backwards as ``a_{T-1} = db_T``, ``a_s = db_{s+1} + q_{s+1} a_{s+1}``.
    """
    q = 1.0 - probs[:, eos]
    acc = np.zeros_like(q)
    running = 0.0
    for s in range(len(q) - 1, -1, -1):
        running = db[s + 1] + (q[s + 1] * running if s + 1 < len(q) else 0.0)
        acc[s] = running
    return -(survival(probs, eos)[:-1] * acc)  # dq/dP = -1


def _softmax_backward(probs: Array, dprobs: Array) -> Array:
    """``dL/dz_tv = P_tv (dL/dP_tv - sum_u P_tu dL/dP_tu)`` (the softmax Jacobian)."""
    return probs * (dprobs - (probs * dprobs).sum(axis=1, keepdims=True))


def _log_bleu_grad_probs(
    probs: Array, refs: list[list[int]], weights: tuple[float, ...], eos: int | None
) -> tuple[float, Array]:
    """Soft BLEU ``B`` and ``d log B / d P`` (zeros where ``B == 0``)."""
    stats = _stats(probs, refs, len(weights), eos)
    score = _combine(stats, weights)
    if score == 0.0:
        return score, np.zeros_like(probs)
    dm, dd, dc = _log_partials(stats, weights)
    b = survival(probs, eos)
    dprobs, db = np.zeros_like(probs), np.zeros_like(b)
    for n in np.flatnonzero(dm) + 1:
        grams, limits = reference_ngrams(refs, int(n))
        dp_n, db_n = _matches_backward(probs, grams, limits, b, dm[n - 1])
        dprobs += dp_n
        db += db_n
        db[n:] += dd[n - 1]  # d_n = sum_{i >= n} b_i
    db[1:] += dc  # c = sum_{i >= 1} b_i
    if eos is not None:
        dprobs[:, eos] += _survival_backward(probs, eos, db)
    return score, dprobs


def soft_bleu_grad(
    logits: Any, references: Any, weights: Sequence[float] = UNIFORM_4, eos: int | None = None
) -> tuple[float, Array]:
    """Soft BLEU ``B`` of ``softmax(logits)`` and ``dB / dlogits`` (same shape as logits).

    Chain rule, back to front (Casas et al., 2018, section 3 for the forward pass):
    ``dB = B * d log B``;
    ``d log B = sum_n w_n (dm_n / m_n - dd_n / d_n) + [c < r] (r / c**2) dc``;
    ``dm_n = sum_g [E_g < M_g] dE_g`` with ``dE_g`` from the products (leave-one-out
    product for each factor) and from ``b_i``; ``b`` depends on ``P[:, eos]`` through a
    cumulative product; finally the softmax Jacobian. At the kinks (``E_g == M_g``,
    ``c == r``) the flat side's derivative, 0, is used. Where ``B == 0`` the gradient is
    zeros. The loss ``-log B`` has gradient ``-dB / B``: see :func:`soft_bleu_loss`.
    """
    z = _as_matrix(logits, "logits")
    refs, weights, eos = _check_all(z, references, weights, eos)
    probs = softmax(z)
    score, dlog = _log_bleu_grad_probs(probs, refs, weights, eos)
    return score, score * _softmax_backward(probs, dlog)


def soft_bleu_loss(
    logits: Any, references: Any, weights: Sequence[float] = UNIFORM_4, eos: int | None = None
) -> tuple[float, Array]:
    """The loss ``-log B`` of document 004 and its gradient ``-d log B / dlogits``.

    The minus sign matters: document 004's own gradient lines lose it
    (:func:`bleu.variants_soft.d11_lines_004`).

    ``inf`` and a zero gradient when ``B == 0`` (a reference or the hypothesis shorter
    than the highest weighted order).
    """
    z = _as_matrix(logits, "logits")
    refs, weights, eos = _check_all(z, references, weights, eos)
    probs = softmax(z)
    score, dlog = _log_bleu_grad_probs(probs, refs, weights, eos)
    loss = -math.log(score) if score > 0 else math.inf
    return loss, -_softmax_backward(probs, dlog)
