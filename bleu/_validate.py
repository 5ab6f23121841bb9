"""Argument checks shared by the scoring functions.

Every public function of :mod:`bleu` validates its input here, so that a mistake gets a
``TypeError`` or ``ValueError`` whose message names the argument, instead of a silently
wrong number. The commonest mistake is passing a sentence as a string: NLTK then scores
it character by character.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from numbers import Real
from typing import Any

Tokens = Sequence[Hashable]


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
    if isinstance(value, (str, bytes)):
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise TypeError(
            f"{name} must be a list of tokens, not a string ({shown!r}); "
            f"split it first, e.g. {shown!r}.split()"
        )
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
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a list of references, each a list of tokens, not a string")
    if not isinstance(value, Sequence):
        if hasattr(value, "__iter__"):
            value = list(value)
        else:
            raise TypeError(f"{name} must be a list of references, not {_kind(value)}")
    refs = list(value)
    if not refs:
        raise ValueError(f"{name} is empty: give at least one reference translation")
    if isinstance(refs[0], (str, bytes)):
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


def check_length(value: Any, name: str) -> int:
    """Return a length (an int >= 0), or raise naming ``name``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be a whole number >= 0, not {_kind(value)}")
    value = int(value)
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    return value


def check_weight_tuple(value: Any, name: str = "weights") -> tuple[float, ...]:
    """Return one weight vector as a tuple of finite, non-negative floats."""
    if value is None:
        raise TypeError(f"{name} must be a sequence of non-negative numbers, not None")
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of non-negative numbers, not {_kind(value)}")
    weights = tuple(value)
    if not weights:
        raise ValueError(f"{name} is empty: give one weight per n-gram order, e.g. (0.25,) * 4")
    for w in weights:
        if isinstance(w, bool) or not isinstance(w, Real):
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
    if isinstance(weights, (str, bytes)) or not hasattr(weights, "__getitem__"):
        return False
    try:
        first = weights[0]
    except (IndexError, KeyError, TypeError):
        return False
    return hasattr(first, "__iter__") and not isinstance(first, (str, bytes))


def check_corpus_shape(list_of_references: Any, hypotheses: Any) -> tuple[list, list]:
    """Both corpus arguments as lists of equal, non-zero length (items not yet checked)."""
    if list_of_references is None or hypotheses is None:
        name = "list_of_references" if list_of_references is None else "hypotheses"
        raise TypeError(f"{name} must be a list, not None")
    if isinstance(hypotheses, (str, bytes)):
        raise TypeError("hypotheses must be a list of token lists, not a string")
    if isinstance(list_of_references, (str, bytes)):
        raise TypeError("list_of_references must be a list of reference lists, not a string")
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
