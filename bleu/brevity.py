"""The brevity penalty (Papineni et al., 2002, section 2.2.2): the package's only one.

Precision alone rewards short candidates ("it is" has p_1 = p_2 = 1). BLEU multiplies by::

    BP = 1                if c > r
    BP = exp(1 - r / c)   if 0 < c <= r
    BP = 0                if c == 0

where ``c`` is the candidate length and ``r`` the *effective reference length*: the
length of the reference closest to ``c``, the shorter one on a tie. For a corpus, ``c``
and ``r`` are sums over its sentences. Every scorer of :mod:`bleu` calls
:func:`brevity_penalty`: the step-by-step and vectorised NLTK and sacreBLEU rules, the
resampling tests (on arrays of lengths) and soft BLEU (on a real expected length).

Defined in notebook 06 (brevity penalty).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, overload

import numpy as np

from .checks import check_real, check_references


def closest_ref_length(references: Iterable[Sequence[Hashable]], hyp_len: float) -> int:
    """Length of the reference whose length is closest to ``hyp_len`` (ties: the shorter).

    ``hyp_len`` may be real: soft BLEU's expected length.

    >>> closest_ref_length([["a"] * 9, ["a"] * 11], 10)
    9
    >>> closest_ref_length([["a"] * 16, ["a"] * 18, ["a"] * 16], 18)
    18
    """
    references = check_references(references)
    hyp_len = check_real(hyp_len, "hyp_len")
    return closest_length(map(len, references), hyp_len)


def closest_length(ref_lens: Iterable[int], hyp_len: float) -> int:
    """The closest of ``ref_lens`` to ``hyp_len``, the shorter on a tie (unchecked)."""
    return min(ref_lens, key=lambda ref_len: (abs(ref_len - hyp_len), ref_len))


def _lengths(value: Any, name: str) -> np.ndarray:
    """An array of lengths >= 0 (float64), or raise naming ``name``."""
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a rectangular array of lengths") from None
    if array.dtype == np.bool_ or not (
        np.issubdtype(array.dtype, np.integer) or np.issubdtype(array.dtype, np.floating)
    ):
        raise TypeError(f"{name} must hold numbers (lengths >= 0), not {array.dtype} values")
    array = array.astype(np.float64, copy=False)
    if np.isnan(array).any() or (array < 0).any():
        raise ValueError(f"{name} must hold lengths >= 0 (no NaN)")
    return array


@overload
def brevity_penalty(closest_ref_len: float, hyp_len: float) -> float: ...
@overload
def brevity_penalty(closest_ref_len: np.ndarray, hyp_len: np.ndarray) -> np.ndarray: ...


def brevity_penalty(closest_ref_len: Any, hyp_len: Any, *, both_empty: float = 0.0) -> Any:
    """``1`` if ``c > r``, ``0`` if ``c == 0``, else ``exp(1 - r / c)``.

    Arguments follow NLTK's order: the effective reference length ``r`` first, then the
    hypothesis length ``c``. For a corpus, pass the sums of both over all sentences.
    Lengths may be real (soft BLEU's expected length) and may be numpy arrays, for many
    corpora at once (bootstrap resamples); then an array is returned.

    The libraries part only when there is nothing at all, ``c = r = 0``: NLTK's rule
    checks ``c == 0`` and gives 0, sacreBLEU's penalises only ``c < r`` and gives 1.
    ``both_empty`` is that value (sacreBLEU's rules pass 1.0).

    >>> brevity_penalty(18, 18)
    1.0
    >>> round(brevity_penalty(7, 2), 3)
    0.082
    >>> brevity_penalty(np.array([7, 7, 7]), np.array([0, 7, 8])).tolist()
    [0.0, 1.0, 1.0]
    """
    if isinstance(closest_ref_len, np.ndarray) or isinstance(hyp_len, np.ndarray):
        r = _lengths(closest_ref_len, "closest_ref_len")
        c = _lengths(hyp_len, "hyp_len")
        with np.errstate(divide="ignore", invalid="ignore"):
            short = np.exp(1 - r / c)
        zero = np.where(r == 0, both_empty, 0.0)
        return np.where(c > r, 1.0, np.where(c == 0, zero, short))
    r = check_real(closest_ref_len, "closest_ref_len")
    c = check_real(hyp_len, "hyp_len")
    if c > r:
        return 1.0
    if c == 0:
        return float(both_empty) if r == 0 else 0.0
    return math.exp(1 - r / c)
