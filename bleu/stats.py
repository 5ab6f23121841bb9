"""BLEU's sufficient statistics for every sentence of a corpus at once, with numpy.

Corpus BLEU (Papineni et al., 2002) only needs, per sentence ``s`` and order ``n``, the
clipped matches ``m_{s,n}`` and the hypothesis n-gram count ``t_{s,n}``, plus the
hypothesis length ``c_s`` and the closest reference length ``r_s``. Summed over sentences
they give corpus BLEU; resampling sentences gives bootstrap estimates (Koehn, 2004).

:func:`bleu.score.corpus_stats` computes them sentence by sentence with ``Counter`` s, as the
notebooks teach. :func:`clipped_matches` computes the same numbers for all sentences in a
few array operations: tokens become integer ids; an n-gram at position ``p`` of sentence
``s`` gets an id that is the dense rank of ``(id of its (n-1)-gram prefix, last token)``
among all n-grams of the corpus, sentence included; ``numpy.bincount`` then counts each
n-gram in the hypothesis and in each reference, and ``min(count, max reference count)``
summed per sentence is ``m_{s,n}``. An n-gram can only match if its prefix and suffix of
order ``n - 1`` matched, so each order only ranks the positions that still can.

>>> hyps = [["the", "cat", "sat"], ["a", "dog"]]
>>> refs = [[["the", "cat", "sat", "down"]], [["the", "dog"], ["a", "dog", "ran"]]]
>>> sentence_stats(refs, hyps).tolist()
[[3, 4, 3, 2, 1, 0, 3, 2, 1, 1], [2, 2, 2, 1, 0, 0, 2, 1, 1, 1]]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import chain

import numpy as np

from ._validate import check_corpus_shape, check_order, check_references, check_tokens
from .batch import Vocabulary, encode_token_lists


def _dense_rank(key: np.ndarray) -> tuple[np.ndarray, int]:
    """Each key's rank among the distinct keys (0, 1, ...), and the number of distinct keys."""
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    new = np.empty(len(key), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    ranks = np.cumsum(new) - 1
    out = np.empty(len(key), dtype=np.int64)
    out[order] = ranks
    return out, int(ranks[-1]) + 1 if len(key) else 0


def clipped_matches(
    ids: np.ndarray,
    lengths: np.ndarray,
    segment: np.ndarray,
    slot: np.ndarray,
    n_segments: int,
    max_order: int,
) -> np.ndarray:
    """Clipped n-gram matches per segment and order, shape ``(n_segments, max_order)``.

    The corpus is a list of *documents* (token id sequences, concatenated in ``ids``; the
    ``lengths`` say where each ends). Document ``d`` belongs to segment ``segment[d]``;
    ``slot[d]`` is 0 for the segment's hypothesis (exactly one per segment) and ``k >= 1``
    for its k-th reference. Entry ``[s, n - 1]`` is
    ``sum_g min(Count_hyp(g), max_k Count_ref_k(g))`` over the n-grams ``g`` of segment
    ``s``'s hypothesis.
    """
    matches = np.zeros((n_segments, max_order), dtype=np.int64)
    n_tokens = len(ids)
    if n_tokens == 0:
        return matches
    remaining = np.repeat(np.cumsum(lengths), lengths) - np.arange(n_tokens)  # left in the doc
    tok_segment = np.repeat(segment, lengths)
    tok_slot = np.repeat(slot, lengths)
    n_slots = int(slot.max()) + 1
    base = int(ids.max()) + 1
    if max(n_segments, n_tokens) * base >= 2**62:  # keys would not fit in int64
        raise ValueError("the corpus is too large for int64 n-gram keys")
    rank = good = None
    for n in range(1, max_order + 1):
        if n == 1:
            pos = np.arange(n_tokens)
            key = tok_segment * base + ids
        else:
            keep = (remaining >= n) & good
            keep[:-1] &= good[1:]  # the (n-1)-gram suffix must have matched too
            pos = np.flatnonzero(keep)
            if len(pos) == 0:
                break  # nothing matched at order n - 1: nothing can match above it
            key = rank[pos] * base + ids[pos + n - 1]
        grams, n_grams = _dense_rank(key)
        owner = tok_slot[pos]
        clipped = np.bincount(grams[owner == 0], minlength=n_grams)
        ref_max = np.zeros(n_grams, dtype=np.int64)
        for k in range(1, n_slots):
            np.maximum(ref_max, np.bincount(grams[owner == k], minlength=n_grams), out=ref_max)
        np.minimum(clipped, ref_max, out=clipped)
        gram_segment = np.empty(n_grams, dtype=np.int64)
        gram_segment[grams] = tok_segment[pos]
        per_segment = np.bincount(gram_segment, weights=clipped, minlength=n_segments)
        matches[:, n - 1] = per_segment.astype(np.int64)
        if n < max_order:
            good = np.zeros(n_tokens, dtype=bool)
            good[pos] = (clipped > 0)[grams]
            rank = np.zeros(n_tokens, dtype=np.int64)
            rank[pos] = grams
    return matches


def closest_lengths(
    hyp_len: np.ndarray, ref_len: np.ndarray, ref_segment: np.ndarray
) -> np.ndarray:
    """Per segment, the reference length closest to the hypothesis length (ties: shorter).

    ``ref_len[j]`` is the length of a reference of segment ``ref_segment[j]``; every
    segment needs at least one.
    """
    hyp_len = np.asarray(hyp_len, dtype=np.int64)
    ref_len = np.asarray(ref_len, dtype=np.int64)
    scale = int(ref_len.max(initial=0)) + 1
    key = np.abs(ref_len - hyp_len[ref_segment]) * scale + ref_len
    best = np.full(len(hyp_len), np.iinfo(np.int64).max)
    np.minimum.at(best, ref_segment, key)
    return best % scale


def _checked_corpus(
    list_of_references: object, hypotheses: object
) -> tuple[list[list], list[list[list]]]:
    """NLTK-layout input as lists, with :func:`bleu.corpus_bleu`'s errors, fast when valid."""
    refs, hyps = check_corpus_shape(list_of_references, hypotheses)
    if set(map(type, hyps)) != {list}:
        hyps = [check_tokens(h, f"hypotheses[{i}]") for i, h in enumerate(hyps)]
    if (
        set(map(type, refs)) != {list}
        or not all(refs)
        or (set(map(type, chain.from_iterable(refs))) != {list})
    ):
        refs = [check_references(r, f"list_of_references[{i}]") for i, r in enumerate(refs)]
    return hyps, refs


def _encode_corpus(
    hyps: list[list], refs: list[list[list]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Ids, lengths, segment and slot of every document: hypotheses first, then references."""
    vocab = Vocabulary()
    n_refs = np.fromiter(map(len, refs), dtype=np.int64, count=len(refs))
    flat_refs = [ref for group in refs for ref in group]
    try:
        ids, lengths = encode_token_lists(hyps + flat_refs, vocab)
    except TypeError:  # an unhashable token: let the step-by-step checks name it
        for i, hyp in enumerate(hyps):
            check_tokens(hyp, f"hypotheses[{i}]")
        for i, group in enumerate(refs):
            check_references(group, f"list_of_references[{i}]")
        raise
    n = len(hyps)
    segment = np.concatenate([np.arange(n), np.repeat(np.arange(n), n_refs)])
    starts = np.cumsum(n_refs) - n_refs
    slot = np.concatenate(
        [np.zeros(n, dtype=np.int64), np.arange(len(flat_refs)) - np.repeat(starts, n_refs) + 1]
    )
    return ids, lengths, segment, slot


def sentence_stats(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]],
    hypotheses: Sequence[Sequence[Hashable]],
    max_n: int = 4,
) -> np.ndarray:
    """Per-sentence BLEU statistics with NLTK's semantics, one ``int64`` row per sentence.

    Columns ``[c, r, m_1 .. m_N, t_1 .. t_N]`` (sacreBLEU's order): hypothesis length,
    closest reference length (ties to the shorter), clipped matches, and NLTK's n-gram
    totals ``max(1, count)`` (a sentence shorter than ``n`` still adds 1). The column sums
    are the :class:`bleu.score.CorpusStats` of :func:`bleu.corpus_bleu`; the raw counts are
    ``max(0, c - n + 1)``. Arguments are in NLTK's layout and order.
    """
    max_n = check_order(max_n, "max_n")
    hyps, refs = _checked_corpus(list_of_references, hypotheses)
    return _sentence_rows(hyps, refs, max_n)


def _sentence_rows(hyps: list[list], refs: list[list[list]], max_n: int) -> np.ndarray:
    ids, lengths, segment, slot = _encode_corpus(hyps, refs)
    n = len(hyps)
    matches = clipped_matches(ids, lengths, segment, slot, n, max_n)
    hyp_len = lengths[:n]
    ref_len = closest_lengths(hyp_len, lengths[n:], segment[n:])
    orders = np.arange(1, max_n + 1)
    totals = np.maximum(hyp_len[:, None] - orders[None, :] + 1, 1)
    return np.column_stack([hyp_len, ref_len, matches, totals]).astype(np.int64)
