"""Argument checks shared by every entry point of :mod:`bleu`.

Every public function validates its input here, so that a mistake gets a ``TypeError``
or ``ValueError`` whose message names the argument, instead of a silently wrong number.
The commonest mistake is passing a sentence as a string: NLTK then scores it character
by character. String-likes (``bytes``, ``bytearray``, ``memoryview``, ``UserString``)
are refused for the same reason, and unordered collections (sets, dicts) because an
n-gram is a run of tokens *in order*: a set's order changes with the hash seed.

Not built in a notebook: every function the notebooks import from 03 on calls it.
"""

from __future__ import annotations

import math
from collections import UserString
from collections.abc import Hashable, Mapping, MappingView, Sequence, Set
from numbers import Real
from typing import Any

import numpy as np

UNIFORM_4 = (0.25, 0.25, 0.25, 0.25)
"""BLEU's default weights: the geometric mean of p_1 .. p_4."""

_STRING_LIKE = (str, bytes, bytearray, memoryview, UserString)
_UNORDERED = (Set, Mapping, MappingView)


def _kind(value: Any) -> str:
    return type(value).__name__


def check_tokens(value: Any, name: str) -> list:
    """Return ``value`` as a list of tokens, or raise naming ``name``.

    >>> check_tokens(["the", "cat"], "hypothesis")
    ['the', 'cat']
    >>> check_tokens("the cat", "hypothesis")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: hypothesis must be a list of tokens, not a string ('the cat'); split it first...
    """
    if value is None:
        raise TypeError(f"{name} must be a list of tokens, not None")
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise TypeError(
            f"{name} must be a list of tokens, not a string ({shown!r}); "
            f"split it first, e.g. {shown!r}.split()"
        )
    check_ordered(value, name, "a list of tokens")
    if not isinstance(value, Sequence):
        if hasattr(value, "__iter__"):
            value = list(value)
        else:
            raise TypeError(f"{name} must be a list of tokens, not {_kind(value)}")
    tokens = list(value)
    for token in tokens:
        if not isinstance(token, Hashable) or isinstance(token, (list, dict, set)):
            raise TypeError(
                f"{name} must be a list of tokens (strings or other hashable items); "
                f"it contains a {_kind(token)}"
            )
    return tokens


def check_ordered(value: Any, name: str, what: str) -> None:
    """Refuse string-likes and unordered collections where a sequence belongs.

    >>> check_ordered({"the", "cat"}, "hypothesis", "a list of tokens")
    Traceback (most recent call last):
    ...
    TypeError: hypothesis must be a list of tokens, not a set: its order is arbitrary
    """
    if isinstance(value, _STRING_LIKE):
        raise TypeError(
            f"{name} must be {what}, not a string-like {_kind(value)}; decode and split it first"
        )
    if isinstance(value, _UNORDERED):
        raise TypeError(f"{name} must be {what}, not a {_kind(value)}: its order is arbitrary")


def check_references(value: Any, name: str = "references") -> list[list]:
    """Return ``value`` as a non-empty list of token lists, or raise naming ``name``.

    >>> check_references([["a", "b"], ["a"]])
    [['a', 'b'], ['a']]
    >>> check_references(["a", "b"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: references must be a list of references, each a list of tokens; its first item...
    """
    if value is None:
        raise TypeError(f"{name} must be a list of references (token lists), not None")
    if isinstance(value, str):
        raise TypeError(f"{name} must be a list of references, each a list of tokens, not a string")
    check_ordered(value, name, "a list of references")
    if not isinstance(value, Sequence):
        if hasattr(value, "__iter__"):
            value = list(value)
        else:
            raise TypeError(f"{name} must be a list of references, not {_kind(value)}")
    refs = list(value)
    if not refs:
        raise ValueError(f"{name} is empty: give at least one reference translation")
    if isinstance(refs[0], str):
        raise TypeError(
            f"{name} must be a list of references, each a list of tokens; its first item is "
            f"a string ({refs[0]!r}): wrap one tokenized reference as [tokens]"
        )
    return [check_tokens(ref, f"{name}[{i}]") for i, ref in enumerate(refs)]


def check_order(n: Any, name: str = "n") -> int:
    """Return the n-gram order ``n`` as an int >= 1, or raise naming ``name``."""
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise TypeError(f"{name} must be a whole number >= 1, not {_kind(n)}")
    n = int(n)
    if n < 1:
        raise ValueError(f"{name} must be >= 1, got {n}")
    return n


def check_weight_tuple(value: Any, name: str = "weights") -> tuple[float, ...]:
    """Return one weight vector as a tuple of finite, non-negative floats."""
    if value is None:
        raise TypeError(f"{name} must be a sequence of non-negative numbers, not None")
    if not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of non-negative numbers, not {_kind(value)}")
    check_ordered(value, name, "a sequence of non-negative numbers")
    weights = tuple(value)
    if not weights:
        raise ValueError(f"{name} is empty: give one weight per n-gram order, e.g. (0.25,) * 4")
    for w in weights:
        if isinstance(w, (bool, np.bool_)) or not isinstance(w, Real):
            raise TypeError(f"{name} must hold numbers, got {w!r}")
        if math.isnan(w):
            raise ValueError(f"{name} contains NaN")
        if math.isinf(w):
            raise ValueError(f"{name} contains an infinite weight")
        if w < 0:
            raise ValueError(f"{name} must be non-negative, got {w!r}")
    return weights


def is_weight_list(weights: Any) -> bool:
    """True when ``weights`` is a list of weight vectors (NLTK's multi-score form)."""
    if isinstance(weights, _STRING_LIKE + _UNORDERED) or not hasattr(weights, "__getitem__"):
        return False
    try:
        first = weights[0]
    except (IndexError, KeyError, TypeError):
        return False
    return hasattr(first, "__iter__") and not isinstance(first, _STRING_LIKE)


def check_corpus_shape(list_of_references: Any, hypotheses: Any) -> tuple[list, list]:
    """Both corpus arguments as lists of equal, non-zero length (items not yet checked)."""
    if list_of_references is None or hypotheses is None:
        name = "list_of_references" if list_of_references is None else "hypotheses"
        raise TypeError(f"{name} must be a list, not None")
    check_ordered(hypotheses, "hypotheses", "a list of token lists")
    check_ordered(list_of_references, "list_of_references", "a list of reference lists")
    refs = list(list_of_references)
    hyps = list(hypotheses)
    if len(refs) != len(hyps):
        raise ValueError(
            f"list_of_references has {len(refs)} entries but hypotheses has {len(hyps)}: "
            "give one list of references per hypothesis"
        )
    if not hyps:
        raise ValueError("hypotheses is empty: give at least one sentence")
    return refs, hyps


def weight_vectors(weights: Any) -> tuple[list[tuple[float, ...]], bool]:
    """The weight vectors to score with, and whether the caller gave a list of them."""
    if is_weight_list(weights):
        vectors = list(weights)
        return [check_weight_tuple(w, f"weights[{i}]") for i, w in enumerate(vectors)], True
    return [check_weight_tuple(weights, "weights")], False


def check_bool(value: Any, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy's included), else raise naming ``name``."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {_kind(value)}")
    return bool(value)


def check_stats(stats: Any, name: str = "stats", min_total: int = 0) -> np.ndarray:
    """BLEU statistics as an ``int64`` array, or raise naming ``name``.

    ``stats`` is one row ``[c, r, m_1..m_N, t_1..t_N]`` or the 2-D array of one row per
    segment: ``c`` the hypothesis length, ``r`` the effective reference length, ``m_n``
    clipped matches and ``t_n`` hypothesis n-grams. Refused: anything not a whole number,
    negative counts, more matches than n-grams (``m_n > t_n``), more n-grams of an order
    than of the order below (``t_{n+1} > t_n``), and in a per-segment row more n-grams
    than the hypothesis length allows (``t_n > max(c - n + 1, min_total)``; ``min_total``
    is 1 for NLTK's rows, whose denominator is at least 1, and 0 for sacreBLEU's).
    A single row may be a sum over segments, so only the first bounds apply to it.

    >>> check_stats([10, 10, 20, 9, 8, 7, 10, 9, 8, 7])
    Traceback (most recent call last):
    ...
    ValueError: stats has more matches than n-grams (m_1 = 20 > t_1 = 10): not BLEU statistics
    """
    try:
        array = np.asarray(stats)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a rectangular array of whole numbers") from None
    if array.dtype == object or not (
        np.issubdtype(array.dtype, np.integer) and array.dtype != np.bool_
    ):
        raise ValueError(
            f"{name} must hold whole numbers (an integer array), not {array.dtype} values"
        )
    if array.ndim not in (1, 2) or array.shape[-1] < 4 or array.shape[-1] % 2:
        raise ValueError(
            f"{name} must be [c, r, m_1..m_N, t_1..t_N] (an even length >= 4) or rows of it, "
            f"got shape {array.shape}"
        )
    if array.ndim == 2 and array.shape[0] == 0:
        raise ValueError(f"{name} has no rows")
    array = array.astype(np.int64, copy=False)
    rows = np.atleast_2d(array)
    order = (rows.shape[1] - 2) // 2
    matches, totals = rows[:, 2 : 2 + order], rows[:, 2 + order :]
    if (rows < 0).any():
        raise ValueError(f"{name} holds a negative count")
    bad = np.argwhere(matches > totals)
    if len(bad):
        row, n = bad[0]
        raise ValueError(
            f"{name} has more matches than n-grams (m_{n + 1} = {matches[row, n]} > "
            f"t_{n + 1} = {totals[row, n]}): not BLEU statistics"
        )
    bad = np.argwhere(totals[:, 1:] > totals[:, :-1])
    if len(bad):
        row, n = bad[0]
        raise ValueError(
            f"{name} has more n-grams of order {n + 2} than of order {n + 1} "
            f"(t_{n + 2} = {totals[row, n + 1]} > t_{n + 1} = {totals[row, n]})"
        )
    if array.ndim == 1 and min_total == 0 and totals[0, 0] > rows[0, 0]:
        raise ValueError(
            f"{name} has t_1 = {totals[0, 0]} unigrams but the hypotheses have only "
            f"c = {rows[0, 0]} tokens"
        )
    if array.ndim == 2:
        orders = np.arange(1, order + 1)
        allowed = np.maximum(rows[:, :1] - orders + 1, min_total)
        bad = np.argwhere(totals > allowed)
        if len(bad):
            row, n = bad[0]
            raise ValueError(
                f"{name}[{row}] has t_{n + 1} = {totals[row, n]} n-grams but a hypothesis of "
                f"{rows[row, 0]} tokens has at most {allowed[row, n]}"
            )
    return array
