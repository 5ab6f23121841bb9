"""Clipped counts and modified n-gram precision (Papineni et al., 2002, section 2.1).

A candidate n-gram is credited at most as many times as it occurs in the one reference
that uses it most (``Max_Ref_Count``)::

    Count_clip(g) = min(Count(g), max_r Count_r(g))
    p_n = sum_g Count_clip(g) / sum_g Count(g)

Documents 000 and 001 call the first function ``count_clip``.

Defined in notebooks 03 (clipping, unigrams) and 04 (any order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction

from .checks import check_order, check_references, check_tokens
from .ngrams import iter_ngrams


def max_reference_counts(references: Sequence[Sequence[Hashable]], n: int) -> Counter:
    """For every n-gram of any reference, its largest count in a single reference.

    >>> refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
    >>> max_reference_counts(refs, 1)[("the",)]
    2
    """
    references = check_references(references)
    n = check_order(n)
    return _max_ref_counts(references, n)


def _max_ref_counts(references: list[list], n: int) -> Counter:
    best: Counter = Counter()
    for ref in references:
        best |= Counter(iter_ngrams(ref, n))  # | keeps the larger count of each key
    return best


def clipped_counts(
    references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable], n: int
) -> dict[tuple, int]:
    """Map each n-gram of ``hypothesis`` to ``min(Count, Max_Ref_Count)``.

    Every n-gram of the hypothesis is a key, including those that match nothing (value 0).

    >>> refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
    >>> clipped_counts(refs, "the the the the the the the".split(), 1)
    {('the',): 2}
    """
    references = check_references(references)
    hypothesis = check_tokens(hypothesis, "hypothesis")
    n = check_order(n)
    return _clipped(references, hypothesis, n)


def _clipped(references: list[list], hypothesis: list, n: int) -> dict[tuple, int]:
    counts = Counter(iter_ngrams(hypothesis, n))
    best = _max_ref_counts(references, n)
    return {g: min(c, best[g]) for g, c in counts.items()}


def match_counts(references: list[list], hypothesis: list, n: int) -> tuple[int, int]:
    """Clipped matches and the number of hypothesis n-grams (unchecked, internal).

    These two integers are BLEU's sufficient statistics for order ``n``: corpus BLEU adds
    them up over sentences before dividing.
    """
    counts = Counter(iter_ngrams(hypothesis, n))
    if not counts:
        return 0, 0
    best = _max_ref_counts(references, n)
    matches = sum(min(c, best[g]) for g, c in counts.items())
    return matches, sum(counts.values())


def modified_precision(
    references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable], n: int
) -> Fraction:
    """Modified n-gram precision ``p_n`` as an exact, normalised :class:`~fractions.Fraction`.

    ``p_n = sum Count_clip / sum Count`` over the n-grams of the hypothesis. A hypothesis
    with no n-gram of order ``n`` (shorter than ``n`` tokens) gets ``Fraction(0)``, as in
    NLTK, whose denominator is ``max(1, count)``.

    >>> refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
    >>> modified_precision(refs, "the the the the the the the".split(), 1)
    Fraction(2, 7)
    >>> modified_precision(refs, "the cat the cat on the mat".split(), 2)
    Fraction(2, 3)
    """
    references = check_references(references)
    hypothesis = check_tokens(hypothesis, "hypothesis")
    n = check_order(n)
    matches, total = match_counts(references, hypothesis, n)
    return Fraction(matches, max(1, total))
