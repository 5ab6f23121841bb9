"""The statistics row: the one thing every BLEU scorer of this package makes and sums.

A corpus becomes one integer row per segment, in sacreBLEU's column order::

    [c, r, m_1 .. m_N, t_1 .. t_N]

``c`` the hypothesis length, ``r`` the effective reference length (the closest reference
length, ties to the shorter), ``m_n`` the clipped n-gram matches and ``t_n`` the
hypothesis n-grams of order ``n``. Corpus BLEU needs only the column sums (Papineni et
al., 2002, add up the counts before dividing), so the rows can be made anywhere, in any
order, and added. Three producers make them and are tested equal: the step-by-step
``Counter`` code (:mod:`bleu.sacrebleu_rules`, :mod:`bleu.nltk_rules`), the numpy counter
(:mod:`bleu.vectorized`) and the hashed ``13a`` spans on threads (:mod:`bleu.chunked`).

The two rule sets differ in the rows in one column only, ``t_n`` for a sentence shorter
than ``n``: sacreBLEU counts its n-grams, 0; NLTK takes ``max(1, count)``, 1. That is the
:attr:`RuleSet.min_total` of :data:`SACREBLEU` and :data:`NLTK`. This module holds the
layout and the pieces the producers share: rows from counts, sums of rows counted to
fewer orders, the segment/slot arrays, references grouped by segment, the ``nrefs`` of a
signature, closest lengths, and the cutting of a corpus into blocks.

>>> rows_from_counts(np.array([3, 2]), np.array([4, 2]), np.array([[3, 2], [1, 0]]), 3, NLTK)
array([[3, 4, 3, 2, 0, 3, 2, 1],
       [2, 2, 1, 0, 0, 2, 1, 1]])

Not built in a notebook; notebook 10 shows the rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np


@dataclass(frozen=True)
class RuleSet:
    """One of the two rule sets, as far as the rows are concerned.

    ``min_total`` is the least ``t_n`` a segment's row holds: 0 for sacreBLEU (a sentence
    of 2 tokens has no trigram), 1 for NLTK (its denominator is ``max(1, count)``).
    """

    name: str
    min_total: int


SACREBLEU = RuleSet("sacrebleu", min_total=0)
"""sacreBLEU's rows (:func:`bleu.segment_stats`): ``t_n`` is the number of n-grams."""

NLTK = RuleSet("nltk", min_total=1)
"""NLTK's rows (:func:`bleu.sentence_stats`): ``t_n`` is at least 1 per sentence."""


def width(order: int) -> int:
    """Columns of a row with ``order`` n-gram orders: ``2 + 2 * order``."""
    return 2 + 2 * order


def order_of(rows: np.ndarray) -> int:
    """The number of n-gram orders of rows (or of one row of sums)."""
    return (rows.shape[-1] - 2) // 2


def rows_from_counts(
    hyp_len: np.ndarray, ref_len: np.ndarray, matches: np.ndarray, max_order: int, rules: RuleSet
) -> np.ndarray:
    """Rows ``[c, r, m_1..m_N, t_1..t_N]`` from lengths and matches.

    ``matches`` may cover fewer orders than ``max_order`` (the rest are 0: no n-gram of a
    longer order can match); ``t_n = max(c - n + 1, rules.min_total)``.
    """
    rows = np.zeros((len(hyp_len), width(max_order)), dtype=np.int64)
    rows[:, 0] = hyp_len
    rows[:, 1] = ref_len
    rows[:, 2 : 2 + matches.shape[1]] = matches
    orders = np.arange(1, max_order + 1)
    rows[:, 2 + max_order :] = np.maximum(hyp_len[:, None] - orders[None, :] + 1, rules.min_total)
    return rows


def padded_sum(rows: np.ndarray, max_order: int, rules: RuleSet) -> np.ndarray:
    """Column sums of rows counted up to order ``k`` only, widened to ``max_order`` orders.

    ``k`` is at least the longest hypothesis of the rows, so an order above it has no
    n-gram: no match, and a total of ``rules.min_total`` per row. Orders longer than every
    sentence then cost nothing to count.

    >>> padded_sum(np.array([[2, 2, 2, 1, 2, 1]]), 3, NLTK).tolist()
    [2, 2, 2, 1, 0, 2, 1, 1]
    """
    k = order_of(rows)
    out = np.zeros(width(max_order), dtype=np.int64)
    out[:2] = rows[:, :2].sum(axis=0)
    out[2 : 2 + k] = rows[:, 2 : 2 + k].sum(axis=0)
    out[2 + max_order : 2 + max_order + k] = rows[:, 2 + k :].sum(axis=0)
    out[2 + max_order + k :] = rules.min_total * len(rows)
    return out


def raw_counts(rows: np.ndarray) -> tuple[int, ...]:
    """The hypothesis n-grams per order summed over rows, ``max(0, c - n + 1)`` each
    (NLTK's rows floor ``t_n`` at 1; smoothing methods 5-7 need the raw counts)."""
    orders = np.arange(1, order_of(rows) + 1)
    return tuple(int(x) for x in np.maximum(rows[:, :1] - orders + 1, 0).sum(axis=0))


def segment_slots(refs_per_segment: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For documents laid out as ``n`` hypotheses then every segment's references, the
    segment of each document and its slot (0: the hypothesis, k: the k-th reference).

    >>> [a.tolist() for a in segment_slots(np.array([1, 2]))]
    [[0, 1, 0, 1, 1], [0, 0, 1, 1, 2]]
    """
    n = len(refs_per_segment)
    first = np.cumsum(refs_per_segment) - refs_per_segment
    segment = np.concatenate([np.arange(n), np.repeat(np.arange(n), refs_per_segment)])
    slot = np.concatenate(
        [
            np.zeros(n, dtype=np.int64),
            np.arange(int(refs_per_segment.sum())) - np.repeat(first, refs_per_segment) + 1,
        ]
    )
    return segment, slot


def no_reference_message(segment: int) -> str:
    """The error for a segment that every reference stream leaves out (``None``)."""
    return (
        f"references: segment {segment} has no reference (every stream has None there); "
        "each segment needs at least one reference string"
    )


def references_by_segment(
    streams: Sequence[Sequence[str | None]], start: int = 0, stop: int | None = None
) -> tuple[list[str], np.ndarray]:
    """The references of segments ``start .. stop - 1``, segment after segment, and how
    many each has (checked streams in sacreBLEU's layout; ``None`` means "no k-th
    reference here"). A segment with none is a ValueError naming it.

    >>> references_by_segment([["a", "b"], [None, "c"]])
    (['a', 'b', 'c'], array([1, 2]))
    """
    stop = len(streams[0]) if stop is None else stop
    if len(streams) == 1 and None not in streams[0][start:stop]:
        return list(streams[0][start:stop]), np.ones(stop - start, dtype=np.int64)
    per_segment = [
        [ref for ref in refs if ref is not None] for refs in zip(*(s[start:stop] for s in streams))
    ]
    counts = np.fromiter(map(len, per_segment), dtype=np.int64, count=stop - start)
    if (counts == 0).any():
        raise ValueError(no_reference_message(start + int(np.flatnonzero(counts == 0)[0])))
    return list(chain.from_iterable(per_segment)), counts


def nrefs_of(counts: Iterable[int | str]) -> int | str:
    """The ``nrefs`` of a signature: the number of references of every segment, or
    ``"var"`` when it varies (``counts`` may hold ``"var"`` from a part of the corpus).

    >>> nrefs_of([2, 2]), nrefs_of([1, 2]), nrefs_of([2, "var"])
    (2, 'var', 'var')
    """
    sizes = set(counts)
    return sizes.pop() if len(sizes) == 1 else "var"


def closest_lengths(
    hyp_len: np.ndarray, ref_len: np.ndarray, ref_segment: np.ndarray
) -> np.ndarray:
    """Per segment, the reference length closest to the hypothesis length (ties: shorter).

    ``ref_len[j]`` is the length of a reference of segment ``ref_segment[j]``; every
    segment needs at least one.

    >>> closest_lengths(np.array([5]), np.array([4, 6, 9]), np.array([0, 0, 0])).tolist()
    [4]
    """
    hyp_len = np.asarray(hyp_len, dtype=np.int64)
    ref_len = np.asarray(ref_len, dtype=np.int64)
    scale = int(ref_len.max(initial=0)) + 1
    key = np.abs(ref_len - hyp_len[ref_segment]) * scale + ref_len
    best = np.full(len(hyp_len), np.iinfo(np.int64).max)
    np.minimum.at(best, ref_segment, key)
    return best % scale


def size_ranges(sizes: np.ndarray, limit: int, most: int) -> list[tuple[int, int]]:
    """Consecutive ranges ``(start, stop)`` covering ``sizes``: each at most ``most`` items
    and, summing ``sizes``, at most ``limit`` (an item larger than ``limit`` is a range of
    its own). Every producer cuts its input into blocks with it.

    >>> size_ranges(np.array([3, 3, 9, 1, 1]), limit=9, most=4)
    [(0, 2), (2, 3), (3, 5)]
    """
    ends = np.cumsum(sizes)
    bounds, start, n = [], 0, len(sizes)
    while start < n:
        base = int(ends[start - 1]) if start else 0
        stop = int(np.searchsorted(ends, base + limit, side="right"))
        stop = min(max(stop, start + 1), start + most, n)
        bounds.append((start, stop))
        start = stop
    return bounds


def text_sizes(texts: list[str]) -> np.ndarray:
    """Characters of each text plus one: an upper bound of its tokens (any tokenizer)."""
    return np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + 1
