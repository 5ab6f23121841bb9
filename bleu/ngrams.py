"""Counting n-grams: the *Count* of the BLEU paper.

An n-gram is a run of ``n`` consecutive tokens, kept as a tuple so that it can be a
dictionary key. Documents 000 and 001 call this function ``simple_count``.

Defined in notebook 03 (modified precision); n-grams of every order in notebook 04.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence

from .checks import check_order, check_tokens


def iter_ngrams(tokens: Sequence[Hashable], n: int) -> Iterator[tuple]:
    """Yield the overlapping n-grams of ``tokens`` from left to right (no checks).

    An order longer than the sentence yields nothing, at no cost (it makes no slices).

    >>> list(iter_ngrams(["the", "cat", "sat"], 2))
    [('the', 'cat'), ('cat', 'sat')]
    >>> list(iter_ngrams(["the", "cat"], 10**9))
    []
    """
    if n > len(tokens):
        return iter(())
    return zip(*(tokens[i:] for i in range(n)))


def count_ngrams(tokens: Sequence[Hashable], n: int) -> Counter:
    """Count every n-gram of ``tokens``: ``Count(n-gram)`` in Papineni et al. (2002).

    A sentence of ``T`` tokens has ``max(0, T - n + 1)`` n-grams; they overlap, each one
    starting a token after the last.

    >>> count_ngrams("the cat the cat".split(), 2)
    Counter({('the', 'cat'): 2, ('cat', 'the'): 1})
    >>> count_ngrams(["it", "is"], 3)
    Counter()
    """
    tokens = check_tokens(tokens, "tokens")
    n = check_order(n, "n")
    return Counter(iter_ngrams(tokens, n))
