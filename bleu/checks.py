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
from collections.abc import Hashable, Mapping, MappingView, Set
from numbers import Real
from typing import Any

import numpy as np

from .rows import SACREBLEU, RuleSet

UNIFORM_4 = (0.25, 0.25, 0.25, 0.25)
"""BLEU's default weights: the geometric mean of p_1 .. p_4."""

MAX_ORDER = 10_000
"""The highest n-gram order of a function whose result holds one entry per order.

Orders longer than every sentence add nothing (no n-grams, no matches), but a result with
one precision or one pair of statistics columns per order costs memory per order:
``max_ngram_order=10**9`` would ask for gigabytes of zeros. Functions that return a single
number for an order (:func:`bleu.modified_precision`, :func:`bleu.count_ngrams`) take any
order, as NLTK's do, and an order longer than the sentence costs them nothing.
"""

_STRING_LIKE = (str, bytes, bytearray, memoryview, UserString)
_UNORDERED = (Set, Mapping, MappingView)


def _kind(value: Any) -> str:
    return type(value).__name__


def _as_list(value: Any, name: str, what: str) -> list:
    """``list(value)``, or a ``TypeError`` naming ``name`` when it cannot be iterated
    (``None``, a number, a 0-d numpy array)."""
    try:
        items = iter(value)
    except TypeError:
        raise TypeError(f"{name} must be {what}, not {_kind(value)}") from None
    return list(items)


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
    tokens = _as_list(value, name, "a list of tokens")
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
    refs = _as_list(value, name, "a list of references")
    if not refs:
        raise ValueError(f"{name} is empty: give at least one reference translation")
    if isinstance(refs[0], str):
        raise TypeError(
            f"{name} must be a list of references, each a list of tokens; its first item is "
            f"a string ({refs[0]!r}): wrap one tokenized reference as [tokens]"
        )
    return [check_tokens(ref, f"{name}[{i}]") for i, ref in enumerate(refs)]


def check_order(n: Any, name: str = "n", limit: int | None = None) -> int:
    """Return the n-gram order ``n`` as an int >= 1 (and <= ``limit``), or raise naming ``name``.

    >>> check_order(4, "max_ngram_order", limit=MAX_ORDER)
    4
    >>> check_order(10**9, "max_ngram_order", limit=MAX_ORDER)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: max_ngram_order=1000000000 is more than 10,000: ...
    """
    if isinstance(n, (bool, np.bool_)) or not hasattr(n, "__index__"):
        raise TypeError(f"{name} must be a whole number >= 1, not {_kind(n)}")
    n = int(n)
    if n < 1:
        raise ValueError(f"{name} must be >= 1, got {n}")
    if limit is not None and n > limit:
        raise ValueError(
            f"{name}={n} is more than {limit:,}: orders longer than every sentence add only "
            "zeros, and the result would hold one entry per order; give a smaller order"
        )
    return n


def check_count(value: Any, name: str, limit: int | None = None, minimum: int = 1) -> int:
    """A whole number >= ``minimum`` (and <= ``limit``): resamples, trials, a length.

    >>> check_count(0, "n_samples")
    Traceback (most recent call last):
    ...
    ValueError: n_samples must be at least 1, got 0
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number, not {_kind(value)}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    if limit is not None and value > limit:
        raise ValueError(f"{name}={value} is more than the limit of {limit:,}")
    return int(value)


def check_seed(seed: Any, name: str = "seed") -> int | None:
    """``None`` (fresh randomness) or a whole number >= 0, as numpy's generators take."""
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number or None, not {_kind(seed)}")
    if seed < 0:
        raise ValueError(f"{name} must be >= 0, got {seed}")
    return int(seed)


def check_real(value: Any, name: str) -> float:
    """A real number >= 0 (a length; soft BLEU's expected length may be fractional)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number >= 0, not {_kind(value)}")
    if math.isnan(value) or value < 0:
        raise ValueError(f"{name} must be a number >= 0, got {value!r}")
    return value


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
        try:
            float(w)
        except OverflowError:  # an int or Fraction beyond the largest float (1.8e308)
            shown = str(w) if len(str(w)) <= 20 else f"{str(w)[:12]}...({len(str(w))} digits)"
            raise ValueError(
                f"{name} holds a weight too large for a float ({shown}); weights are "
                "usually fractions summing to 1"
            ) from None
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


def check_corpus_shape(
    list_of_references: Any,
    hypotheses: Any,
    refs_name: str = "list_of_references",
    hyps_name: str = "hypotheses",
) -> tuple[list, list]:
    """Both corpus arguments as lists of equal, non-zero length (items not yet checked).

    Iterators are read once, into lists, so that every later pass sees the same items.
    """
    for value, name, what in (
        (list_of_references, refs_name, "a list of reference lists"),
        (hypotheses, hyps_name, "a list of token lists"),
    ):
        if value is None:
            raise TypeError(f"{name} must be a list, not None")
        check_ordered(value, name, what)
    refs = _as_list(list_of_references, refs_name, "a list of reference lists")
    hyps = _as_list(hypotheses, hyps_name, "a list of token lists")
    if len(refs) != len(hyps):
        raise ValueError(
            f"{refs_name} has {len(refs)} entries but {hyps_name} has {len(hyps)}: "
            "give one list of references per hypothesis"
        )
    if not hyps:
        raise ValueError(f"{hyps_name} is empty: give at least one sentence")
    return refs, hyps


def weight_vectors(weights: Any) -> tuple[list[tuple[float, ...]], bool]:
    """The weight vectors to score with, and whether to return a list of scores.

    As NLTK (3.10.4) does, a list of scores only for *several* weight vectors: a list
    holding one vector (``[(0.25,) * 4]``, ``np.array([[0.5, 0.5]])``) gives one float.

    >>> weight_vectors([(0.5, 0.5)])
    ([(0.5, 0.5)], False)
    >>> weight_vectors([(0.5, 0.5), (1.0,)])
    ([(0.5, 0.5), (1.0,)], True)
    """
    if is_weight_list(weights):
        vectors = [check_weight_tuple(w, f"weights[{i}]") for i, w in enumerate(weights)]
        return vectors, len(vectors) > 1
    return [check_weight_tuple(weights, "weights")], False


def check_segment(value: Any, name: str) -> str:
    """One raw segment (a ``str``), or raise naming ``name``.

    For the functions that take text and split or tokenize it themselves (sacreBLEU's
    rules, the documents' code); the opposite mistake of :func:`check_tokens`.

    >>> check_segment(["the", "cat"], "hypothesis")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: hypothesis must be a str (one raw segment), not a list: ...
    """
    if isinstance(value, (list, tuple)):
        raise TypeError(
            f"{name} must be a str (one raw segment), not a {_kind(value)}: this "
            "function tokenizes raw text itself; join a token list with ' '.join(tokens)"
        )
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str (one segment), not {_kind(value)}")
    return value


def check_segments(value: Any, name: str = "hypotheses", allow_none: bool = False) -> list:
    """A list of strings (or ``None`` where allowed) from a sequence or iterator.

    A bare string is refused (iterating it would give its characters), and so are
    string-likes and unordered collections.
    """
    if value is None:
        raise TypeError(f"{name} must be a list of strings, not None")
    if isinstance(value, str):
        shown = value[:40] + ("..." if len(value) > 40 else "")
        raise TypeError(
            f"{name} must be a list of strings (one per segment), not a single string "
            f"({shown!r}); wrap it in a list"
        )
    check_ordered(value, name, "a list of strings")
    items = value if type(value) is list else _as_list(value, name, "a list of strings")
    if type(value) is list and set(map(type, items)) <= {str}:
        return items  # the common case, checked at C speed
    for i, item in enumerate(items):
        if item is None and allow_none:
            continue
        check_segment(item, f"{name}[{i}]")
    return items


def check_hypotheses(value: Any, name: str = "hypotheses") -> list[str]:
    """A non-empty list of hypothesis segments."""
    hyps = check_segments(value, name)
    if not hyps:
        raise ValueError(f"{name} is empty: give at least one segment")
    return hyps


def check_streams(references: Any, n_segments: int) -> list[list[str | None]]:
    """sacreBLEU's layout: a non-empty list of streams, each with one entry per segment."""
    if references is None:
        raise TypeError("references must be a list of reference streams, not None")
    if isinstance(references, str):
        raise TypeError(
            "references must be a list of reference streams (lists of strings), not a string"
        )
    check_ordered(references, "references", "a list of reference streams")
    if not hasattr(references, "__iter__"):
        raise TypeError(f"references must be a list of streams, not {type(references).__name__}")
    streams = list(references)
    if not streams:
        raise ValueError("references is empty: give at least one reference stream")
    if isinstance(streams[0], str):
        raise TypeError(
            "references must be a list of reference streams, each a list of strings; its first "
            f"item is a string ({streams[0][:40]!r}): wrap one stream as [references]"
        )
    checked = [
        check_segments(s, f"references[{k}]", allow_none=True) for k, s in enumerate(streams)
    ]
    for k, stream in enumerate(checked):
        if len(stream) != n_segments:
            raise ValueError(
                f"references[{k}] has {len(stream)} segments but hypotheses has {n_segments}: "
                "every reference stream needs one segment per hypothesis"
            )
    return checked


def check_choice(value: Any, name: str, choices: tuple[str, ...], what: str) -> str:
    """``value`` if it is one of the names ``choices``, else raise naming ``name``.

    >>> check_choice("exp", "smooth_method", ("none", "exp"), "smoothing method")
    'exp'
    >>> check_choice("14a", "tokenize", ("13a", "char"), "tokenizer")
    Traceback (most recent call last):
    ...
    ValueError: tokenize='14a' is not a known tokenizer; choose one of 13a, char
    """
    if not isinstance(value, str):
        raise TypeError(
            f"{name} must be a {what}, one of {', '.join(choices)}; not {type(value).__name__}"
        )
    if value not in choices:
        raise ValueError(
            f"{name}={value!r} is not a known {what}; choose one of {', '.join(choices)}"
        )
    return value


def check_bool(value: Any, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy's included), else raise naming ``name``."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {_kind(value)}")
    return bool(value)


def plain_sums(stats: Any) -> list[int] | None:
    """``stats`` itself when it is one row of sums given as a list of ``int`` s that
    :func:`check_stats` would accept, else None (then check it with :func:`check_stats`).

    The common case of a scorer of one sentence, recognised without numpy.

    >>> plain_sums([3, 3, 2, 1, 3, 2]), plain_sums([3, 3, 4, 1, 3, 2]), plain_sums((3, 3))
    ([3, 3, 2, 1, 3, 2], None, None)
    """
    if type(stats) is not list or len(stats) < 4 or len(stats) % 2:
        return None
    if set(map(type, stats)) != {int}:
        return None
    order = (len(stats) - 2) // 2
    matches, totals = stats[2 : 2 + order], stats[2 + order :]
    if (
        min(stats) < 0
        or totals[0] > stats[0]
        or any(map(int.__gt__, matches, totals))
        or any(map(int.__lt__, totals, totals[1:]))
    ):
        return None
    return stats


def _first(mask: np.ndarray) -> tuple[int, int] | None:
    """The (row, column) of the first True of a 2-D mask, or None."""
    where = np.argwhere(mask)
    return (int(where[0][0]), int(where[0][1])) if len(where) else None


def check_stats(stats: Any, name: str = "stats", rules: RuleSet = SACREBLEU) -> np.ndarray:
    """BLEU statistics as an ``int64`` array, or raise naming ``name``.

    ``stats`` is one row ``[c, r, m_1..m_N, t_1..t_N]`` or the 2-D array of one row per
    segment: ``c`` the hypothesis length, ``r`` the effective reference length, ``m_n``
    clipped matches and ``t_n`` hypothesis n-grams. Refused with ``TypeError``: anything
    not an array of whole numbers (floats included). Refused with ``ValueError``: a wrong
    shape (odd length, fewer than 4 columns, no rows), and impossible counts:
    negative counts, more matches than n-grams (``m_n > t_n``), more n-grams of an order
    than of the order below (``t_{n+1} > t_n``), and in a per-segment row more n-grams
    than the hypothesis length allows (``t_n > max(c - n + 1, rules.min_total)``: 1 for
    NLTK's rows, whose denominator is at least 1, and 0 for sacreBLEU's, see
    :mod:`bleu.rows`).
    A single row may be a sum over segments, so only the first bounds apply to it.

    >>> check_stats([10, 10, 20, 9, 8, 7, 10, 9, 8, 7])
    Traceback (most recent call last):
    ...
    ValueError: stats has more matches than n-grams (m_1 = 20 > t_1 = 10): not BLEU statistics
    """
    if stats is None or isinstance(stats, (*_STRING_LIKE, *_UNORDERED)):
        raise TypeError(f"{name} must be an integer array of BLEU statistics, not {_kind(stats)}")
    try:
        array = np.asarray(stats)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a rectangular array of whole numbers") from None
    if array.dtype == object or not (
        np.issubdtype(array.dtype, np.integer) and array.dtype != np.bool_
    ):
        raise TypeError(
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
    if (found := _first(matches > totals)) is not None:
        row, n = found
        raise ValueError(
            f"{name} has more matches than n-grams (m_{n + 1} = {matches[row, n]} > "
            f"t_{n + 1} = {totals[row, n]}): not BLEU statistics"
        )
    if (found := _first(totals[:, 1:] > totals[:, :-1])) is not None:
        row, n = found
        raise ValueError(
            f"{name} has more n-grams of order {n + 2} than of order {n + 1} "
            f"(t_{n + 2} = {totals[row, n + 1]} > t_{n + 1} = {totals[row, n]})"
        )
    if array.ndim == 1 and rules is SACREBLEU and totals[0, 0] > rows[0, 0]:
        raise ValueError(
            f"{name} has t_1 = {totals[0, 0]} unigrams but the hypotheses have only "
            f"c = {rows[0, 0]} tokens"
        )
    if array.ndim == 2:
        orders = np.arange(1, order + 1)
        allowed = np.maximum(rows[:, :1] - orders + 1, rules.min_total)
        if (found := _first(totals > allowed)) is not None:
            row, n = found
            raise ValueError(
                f"{name}[{row}] has t_{n + 1} = {totals[row, n]} n-grams but a hypothesis of "
                f"{rows[row, 0]} tokens has at most {allowed[row, n]}"
            )
    return array
