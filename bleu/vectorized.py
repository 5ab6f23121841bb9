"""BLEU's statistics for a whole corpus at once, with numpy: the fast twins.

The step-by-step scorers (:mod:`bleu.nltk_rules`, :mod:`bleu.sacrebleu_rules`) count
n-grams sentence by sentence with ``Counter`` s, as the notebooks build them. Corpus BLEU
(Papineni et al., 2002) only needs, per segment ``s`` and order ``n``, the clipped matches
``m_{s,n}`` and the hypothesis n-gram count ``t_{s,n}``, plus the hypothesis length
``c_s`` and the closest reference length ``r_s``. This module computes these numbers for
many segments in a few array operations (:func:`clipped_matches`): tokens become integer
ids; an n-gram at position ``p`` gets an id that is the dense rank of ``(id of its
(n-1)-gram prefix, last token)`` within its segment; ``numpy.bincount`` counts each
n-gram in the hypothesis and in each reference, and ``min(count, max reference count)``
summed per segment is ``m_{s,n}``. An n-gram can only match if its prefix and suffix of
order ``n - 1`` matched, so each order only ranks the positions that still can.

The statistics are then scored by the same rules as the step-by-step path:
:func:`bleu.nltk_rules.score_from_sums` and :func:`bleu.sacrebleu_rules.bleu_of_sums`
(:func:`scores_from_stats` is the numpy twin of the latter, for resamples). Segments are
processed in blocks, so memory is bounded by the block, not by the corpus; orders beyond
the longest hypothesis of a block are known to be empty and are not counted.

The public :func:`bleu.corpus_bleu`, :func:`bleu.corpus_score` and
:func:`bleu.segment_stats` are this module's (``corpus_score`` sums 13a text through
:mod:`bleu.chunked`, which uses :func:`clipped_matches` on hashed tokens). The tests
compare each function here directly with NLTK and sacreBLEU.

Defined in notebook 10 (corpus BLEU and significance).

>>> hyps = [["the", "cat", "sat"], ["a", "dog"]]
>>> refs = [[["the", "cat", "sat", "down"]], [["the", "dog"], ["a", "dog", "ran"]]]
>>> sentence_stats(refs, hyps).tolist()
[[3, 4, 3, 2, 1, 0, 3, 2, 1, 1], [2, 2, 2, 1, 0, 0, 2, 1, 1, 1]]
>>> round(corpus_bleu([[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran", "off"]]],
...                   [["the", "cat", "sat", "on", "the", "mat"], ["a", "dog", "ran"]]), 4)
0.8327
>>> print(corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]]))
BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import chain, count
from typing import Any

import numpy as np

from ._checks import (
    MAX_ORDER,
    UNIFORM_4,
    check_bool,
    check_corpus_shape,
    check_order,
    check_references,
    check_stats,
    check_tokens,
    weight_vectors,
)
from .brevity import brevity_penalty
from .nltk_rules import CorpusStats, Smoother, Weights, needed_orders, score_from_sums
from .sacrebleu_rules import (
    LOG_ZERO,
    BleuOptions,
    BleuScore,
    accepts_old_names,
    bleu_of_sums,
    check_hypotheses,
    check_streams,
    count_refs,
    no_reference_message,
    padded_sum,
)
from .smoothing import CORPUS_AWARE_METHODS, is_own_method
from .tokenizers import tokenize_stream

BLOCK_TOKENS = 2**21
"""About how many tokens (hypotheses and references) one block of segments holds."""

MAX_CELLS = 2**27
"""The largest statistics array returned (1 GiB of int64); larger requests are refused."""


# --- token ids -------------------------------------------------------------------------


class Vocabulary(dict):
    """Token -> integer id, shared by the streams encoded with it.

    Ids are unique but not dense: a new token gets the running position of its first
    occurrence (``next_id`` counts every token encoded so far), so that encoding is one
    pass of ``dict.setdefault`` in C. Ids stay below the number of tokens encoded.
    """

    def __init__(self) -> None:
        super().__init__()
        self.next_id = 0


def encode(tokens: list, vocab: Vocabulary) -> np.ndarray:
    """Token ids (``int64``); a token not yet in ``vocab`` is added to it."""
    ids = np.fromiter(
        map(vocab.setdefault, tokens, count(vocab.next_id)), dtype=np.int64, count=len(tokens)
    )
    vocab.next_id += len(tokens)
    return ids


def encode_segments(
    segments: list[str], options: BleuOptions, vocab: Vocabulary
) -> tuple[np.ndarray, np.ndarray]:
    """Token ids of every segment, concatenated, and the number of tokens in each segment.

    >>> texts = ["It costs $3.50.", "U.S. troops"]
    >>> ids, lengths = encode_segments(texts, BleuOptions(), Vocabulary())
    >>> ids.tolist(), lengths.tolist()
    ([0, 1, 2, 3, 4, 6, 4, 8, 4, 10], [5, 5])
    """
    tokens, sentinel = tokenize_stream(segments, options.tokenize, options.lowercase)
    if not tokens:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    ids = encode(tokens, vocab)
    end = vocab[sentinel]
    ends = np.flatnonzero(ids == end)
    return ids[ids != end], np.diff(ends, prepend=-1) - 1


def encode_token_lists(lists: Iterable[list], vocab: Vocabulary) -> tuple[np.ndarray, np.ndarray]:
    """Ids of already tokenized sentences, concatenated, and each sentence's length."""
    lists = list(lists)
    lengths = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
    return encode(list(chain.from_iterable(lists)), vocab), lengths


# --- counting --------------------------------------------------------------------------


def _dense_rank(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each key's rank among the distinct keys (0, 1, ...), and where each distinct key
    first occurs in ``key`` (so its length is the number of distinct keys)."""
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    new = np.empty(len(key), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    ranks = np.cumsum(new) - 1
    out = np.empty(len(key), dtype=np.int64)
    out[order] = ranks
    return out, order[new]


def clipped_matches(
    ids: np.ndarray,
    lengths: np.ndarray,
    segment: np.ndarray,
    slot: np.ndarray,
    n_segments: int,
    max_order: int,
    same_unigrams: Callable[[np.ndarray, np.ndarray], None] | None = None,
    by_segment: bool = True,
) -> np.ndarray:
    """Clipped n-gram matches per segment and order, shape ``(n_segments, max_order)``
    (with ``by_segment=False``, only their sums over the segments: shape ``(max_order,)``).

    The corpus is a list of *documents* (token id sequences, concatenated in ``ids``; the
    ``lengths`` say where each ends). Document ``d`` belongs to segment ``segment[d]``;
    ``slot[d]`` is 0 for the segment's hypothesis (exactly one per segment) and ``k >= 1``
    for its k-th reference. Entry ``[s, n - 1]`` is
    ``sum_g min(Count_hyp(g), max_k Count_ref_k(g))`` over the n-grams ``g`` of segment
    ``s``'s hypothesis.

    ``same_unigrams``, if given, is called with the unigram of each token (its rank among
    the distinct (segment, id) pairs) and the first token of each unigram, before any
    counting: ids that are hashes are checked there (:mod:`bleu.chunked`).
    """
    matches = np.zeros((n_segments if by_segment else 1, max_order), dtype=np.int64)
    n_tokens = len(ids)
    if n_tokens == 0:
        return matches if by_segment else matches[0]
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
            grams, heads = _dense_rank(tok_segment * base + ids)
            if same_unigrams is not None:
                same_unigrams(grams, heads)
            owner, gram_segment = tok_slot, tok_segment[heads] if by_segment else None
        else:
            keep = (remaining >= n) & good
            keep[:-1] &= good[1:]  # the (n-1)-gram suffix must have matched too
            pos = np.flatnonzero(keep)
            if len(pos) == 0:
                break  # nothing matched at order n - 1: nothing can match above it
            grams, heads = _dense_rank(rank[pos] * base + ids[pos + n - 1])
            owner = tok_slot[pos]
            gram_segment = tok_segment[pos[heads]] if by_segment else None
        n_grams = len(heads)
        clipped = np.bincount(grams[owner == 0], minlength=n_grams)
        ref_max = np.zeros(n_grams, dtype=np.int64)
        for k in range(1, n_slots):
            np.maximum(ref_max, np.bincount(grams[owner == k], minlength=n_grams), out=ref_max)
        np.minimum(clipped, ref_max, out=clipped)
        if by_segment:
            per_segment = np.bincount(gram_segment, weights=clipped, minlength=n_segments)
            matches[:, n - 1] = per_segment.astype(np.int64)
        else:
            matches[0, n - 1] = clipped.sum()
        if n < max_order:
            if n == 1:
                good, rank = (clipped > 0)[grams], grams
            else:
                good = np.zeros(n_tokens, dtype=bool)
                good[pos] = (clipped > 0)[grams]
                rank = np.zeros(n_tokens, dtype=np.int64)
                rank[pos] = grams
    return matches if by_segment else matches[0]


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


def size_ranges(sizes: np.ndarray, limit: int, most: int) -> list[tuple[int, int]]:
    """Consecutive ranges ``(start, stop)`` covering ``sizes``: each at most ``most`` items
    and, summing ``sizes``, at most ``limit`` (an item larger than ``limit`` is a range of
    its own).

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


def _text_sizes(texts: list[str]) -> np.ndarray:
    """Characters of each text plus one: an upper bound of its tokens (any tokenizer)."""
    return np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + 1


def _rows(
    hyp_len: np.ndarray, ref_len: np.ndarray, matches: np.ndarray, max_order: int, min_total: int
) -> np.ndarray:
    """Rows ``[c, r, m_1..m_N, t_1..t_N]``; ``matches`` may cover fewer orders (the rest: 0)."""
    rows = np.zeros((len(hyp_len), 2 + 2 * max_order), dtype=np.int64)
    rows[:, 0] = hyp_len
    rows[:, 1] = ref_len
    rows[:, 2 : 2 + matches.shape[1]] = matches
    orders = np.arange(1, max_order + 1)
    rows[:, 2 + max_order :] = np.maximum(hyp_len[:, None] - orders[None, :] + 1, min_total)
    return rows


def _check_size(n_segments: int, max_order: int, name: str) -> None:
    cells = n_segments * (2 + 2 * max_order)
    if cells > MAX_CELLS:
        raise ValueError(
            f"{name}={max_order} for {n_segments} segments asks for {cells * 8 / 2**30:.1f} GiB "
            "of statistics; orders beyond the longest sentence add nothing: give a smaller "
            f"{name}, or score with corpus_score/corpus_bleu, which only keep sums"
        )


# --- NLTK's rules on token lists ---------------------------------------------------------


def _checked_corpus(
    list_of_references: object, hypotheses: object
) -> tuple[list[list], list[list[list]]]:
    """NLTK-layout input as lists, with :func:`bleu.nltk_rules.corpus_bleu`'s errors."""
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


def _token_list_block(hyps: list[list], refs: list[list[list]], max_order: int) -> np.ndarray:
    """NLTK rows of one block of sentences."""
    vocab = Vocabulary()
    n = len(hyps)
    n_refs = np.fromiter(map(len, refs), dtype=np.int64, count=n)
    flat_refs = [ref for group in refs for ref in group]
    try:
        ids, lengths = encode_token_lists(hyps + flat_refs, vocab)
    except TypeError:  # an unhashable token: let the step-by-step checks name it
        for i, hyp in enumerate(hyps):
            check_tokens(hyp, f"hypotheses[{i}]")
        for i, group in enumerate(refs):
            check_references(group, f"list_of_references[{i}]")
        raise
    segment = np.concatenate([np.arange(n), np.repeat(np.arange(n), n_refs)])
    starts = np.cumsum(n_refs) - n_refs
    slot = np.concatenate(
        [np.zeros(n, dtype=np.int64), np.arange(len(flat_refs)) - np.repeat(starts, n_refs) + 1]
    )
    hyp_len = lengths[:n]
    counted = min(max_order, int(hyp_len.max(initial=0)))
    matches = clipped_matches(ids, lengths, segment, slot, n, counted)
    ref_len = closest_lengths(hyp_len, lengths[n:], segment[n:])
    return _rows(hyp_len, ref_len, matches, max_order, min_total=1)


def _token_blocks(hyps: list[list], refs: list[list[list]]) -> Iterable[tuple[int, int]]:
    lengths = np.fromiter(map(len, hyps), dtype=np.int64, count=len(hyps))
    lengths += np.fromiter(
        (sum(map(len, group)) for group in refs), dtype=np.int64, count=len(refs)
    )
    return size_ranges(lengths, BLOCK_TOKENS, len(lengths))


def _sentence_rows(hyps: list[list], refs: list[list[list]], max_n: int) -> np.ndarray:
    blocks = [_token_list_block(hyps[a:b], refs[a:b], max_n) for a, b in _token_blocks(hyps, refs)]
    return np.concatenate(blocks)


def _summed_stats(
    hyps: list[list], refs: list[list[list]], max_n: int
) -> tuple[np.ndarray, tuple[int, ...]]:
    """The column sums of :func:`_sentence_rows` and the raw n-gram counts per order.

    Orders longer than a block's longest hypothesis are not counted, only padded: the
    cost follows the text, not ``max_n`` (the weights may ask for thousands of orders).
    """
    sums = np.zeros(2 + 2 * max_n, dtype=np.int64)
    counts = np.zeros(max_n, dtype=np.int64)
    for a, b in _token_blocks(hyps, refs):
        k = min(max_n, max(1, *map(len, hyps[a:b])))
        rows = _token_list_block(hyps[a:b], refs[a:b], k)
        sums += padded_sum(rows, max_n, min_total=1)
        counts[:k] += _raw_counts(rows)
    return sums, tuple(int(x) for x in counts)


def sentence_stats(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]],
    hypotheses: Sequence[Sequence[Hashable]],
    max_n: int = 4,
) -> np.ndarray:
    """Per-sentence BLEU statistics with NLTK's semantics, one ``int64`` row per sentence.

    Columns ``[c, r, m_1 .. m_N, t_1 .. t_N]`` (sacreBLEU's order): hypothesis length,
    closest reference length (ties to the shorter), clipped matches, and NLTK's n-gram
    totals ``max(1, count)`` (a sentence shorter than ``n`` still adds 1). The column sums
    are the :class:`bleu.nltk_rules.CorpusStats` of corpus BLEU; the raw counts are
    ``max(0, c - n + 1)``. Arguments are in NLTK's layout and order.
    """
    max_n = check_order(max_n, "max_n", limit=MAX_ORDER)
    hyps, refs = _checked_corpus(list_of_references, hypotheses)
    _check_size(len(hyps), max_n, "max_n")
    return _sentence_rows(hyps, refs, max_n)


def _raw_counts(rows: np.ndarray) -> tuple[int, ...]:
    order = (rows.shape[1] - 2) // 2
    orders = np.arange(1, order + 1)
    return tuple(int(x) for x in np.maximum(rows[:, :1] - orders + 1, 0).sum(axis=0))


def _nltk_score(
    sums: Sequence[int],
    vectors: list[tuple[float, ...]],
    smoothing_function: Smoother | None,
    auto_reweigh: bool,
    ngram_counts: Sequence[int] | None,
    last: tuple[Any, Any] = (None, None),
) -> list[float]:
    """:func:`bleu.nltk_rules.score_from_sums` from a summed statistics row."""
    hyp_len, ref_len, *rest = (int(x) for x in sums)
    order = len(rest) // 2
    needed = needed_orders(vectors, smoothing_function)
    if order < needed:
        raise ValueError(
            f"stats has {order} n-gram orders but these weights and smoothing need {needed}"
        )
    if ngram_counts is None and is_own_method(smoothing_function, CORPUS_AWARE_METHODS):
        raise ValueError(
            "smoothing methods 5-7 need the per-sentence rows (a 2-D stats array), not sums"
        )
    stats = CorpusStats(
        matches=tuple(rest[:order]),
        totals=tuple(rest[order:]),
        ngram_counts=tuple(ngram_counts) if ngram_counts is not None else (),
        hyp_len=hyp_len,
        ref_len=ref_len,
    )
    return score_from_sums(stats, vectors, smoothing_function, auto_reweigh, True, last)


def bleu_from_stats(
    stats: Any,
    weights: Weights | Sequence[Weights] = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """Corpus BLEU (NLTK's rules, 0-1) from :func:`sentence_stats` rows.

    ``stats`` is the 2-D array of rows, or its column sums (then smoothing methods 5-7,
    which need the raw n-gram counts, are not available). Methods 5 and 7 also need
    statistics up to order 5 (``sentence_stats(..., max_n=5)``). Impossible rows (more
    matches than n-grams, negative counts) are refused.

    >>> rows = sentence_stats([[["a", "b", "c", "d"]]] * 2, [["a", "b", "c", "d"], ["a", "b"]])
    >>> round(bleu_from_stats(rows, weights=(0.5, 0.5)), 4), round(bleu_from_stats(rows[0]), 4)
    (0.7165, 1.0)
    """
    array = check_stats(stats, "stats", min_total=1)
    auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    counts = _raw_counts(array) if array.ndim == 2 else None
    sums = array.sum(axis=0) if array.ndim == 2 else array
    vectors, many = weight_vectors(weights)
    scores = _nltk_score(sums, vectors, smoothing_function, auto_reweigh, counts)
    return scores if many else scores[0]


def corpus_bleu(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]],
    hypotheses: Sequence[Sequence[Hashable]],
    weights: Weights | Sequence[Weights] = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """Corpus BLEU by NLTK's rules, vectorised: the same arguments, errors and value as
    :func:`bleu.nltk_rules.corpus_bleu` (and NLTK's, within 1e-12)."""
    hyps, refs = _checked_corpus(list_of_references, hypotheses)
    vectors, many = weight_vectors(weights)
    auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    orders = needed_orders(vectors, smoothing_function)
    sums, raw_counts = _summed_stats(hyps, refs, orders)
    corpus_aware = is_own_method(smoothing_function, CORPUS_AWARE_METHODS)
    counts = raw_counts if corpus_aware else None
    scores = _nltk_score(
        sums, vectors, smoothing_function, auto_reweigh, counts, (refs[-1], hyps[-1])
    )
    return scores if many else scores[0]


# --- sacreBLEU's rules on raw strings ----------------------------------------------------


class EncodedReferences:
    """Reference streams tokenized and turned into ids once, to score systems against.

    ``streams[k][i]`` is the k-th reference of segment ``i`` (sacreBLEU's layout; ``None``
    means segment ``i`` has no k-th reference); they must be checked already. The
    references are kept segment by segment, so that a block of segments is a slice.
    """

    def __init__(self, streams: list[list[str | None]], options: BleuOptions) -> None:
        self.options = options
        self.vocab = Vocabulary()
        n = self.n_segments = len(streams[0])
        per_segment = [[ref for ref in refs if ref is not None] for refs in zip(*streams)]
        counts = np.fromiter(map(len, per_segment), dtype=np.int64, count=n)
        if (counts == 0).any():
            i = int(np.flatnonzero(counts == 0)[0])
            raise ValueError(no_reference_message(i))
        self.nrefs = count_refs(counts.tolist())
        texts = list(chain.from_iterable(per_segment))
        del per_segment
        ids, lengths = [], []
        # a text has fewer tokens than characters
        for start, stop in size_ranges(_text_sizes(texts), BLOCK_TOKENS, len(texts)):
            block_ids, block_lengths = encode_segments(texts[start:stop], options, self.vocab)
            ids.append(block_ids)
            lengths.append(block_lengths)
        self.ids = np.concatenate(ids) if ids else np.zeros(0, dtype=np.int64)
        self.lengths = np.concatenate(lengths)
        self.doc_start = np.concatenate([[0], np.cumsum(counts)])  # segment -> first reference
        self.tok_start = np.concatenate([[0], np.cumsum(self.lengths)])  # reference -> token
        self.slot = np.arange(len(texts)) - np.repeat(self.doc_start[:-1], counts) + 1
        self.segment = np.repeat(np.arange(n), counts)

    def block_rows(
        self, start: int, stop: int, hyp_ids: np.ndarray, hyp_len: np.ndarray, max_order: int
    ) -> np.ndarray:
        """Rows of segments ``start .. stop - 1`` for these hypothesis ids."""
        n = stop - start
        d0, d1 = self.doc_start[start], self.doc_start[stop]
        t0, t1 = self.tok_start[d0], self.tok_start[d1]
        ref_segment = self.segment[d0:d1] - start
        counted = min(max_order, int(hyp_len.max(initial=0)))
        matches = clipped_matches(
            np.concatenate([hyp_ids, self.ids[t0:t1]]),
            np.concatenate([hyp_len, self.lengths[d0:d1]]),
            np.concatenate([np.arange(n), ref_segment]),
            np.concatenate([np.zeros(n, dtype=np.int64), self.slot[d0:d1]]),
            n,
            counted,
        )
        ref_len = closest_lengths(hyp_len, self.lengths[d0:d1], ref_segment)
        return _rows(hyp_len, ref_len, matches, max_order, min_total=0)

    def iter_rows(
        self, hypotheses: list[str], max_order: int, trim: bool = False
    ) -> Iterable[tuple[int, np.ndarray]]:
        """``(start, rows)`` for consecutive blocks of segments.

        With ``trim`` a block's rows stop at its longest hypothesis (orders above it are
        all zeros), so that they cost nothing; see :func:`bleu.sacrebleu_rules.padded_sum`.
        """
        ref_tokens = np.diff(self.tok_start[self.doc_start])
        # Blocks sized before tokenizing: a hypothesis has at most as many tokens as
        # characters, so a block of runaway hypotheses is as small as its text demands.
        for start, stop in size_ranges(
            ref_tokens + _text_sizes(hypotheses), BLOCK_TOKENS, len(hypotheses)
        ):
            hyp_ids, hyp_len = encode_segments(hypotheses[start:stop], self.options, self.vocab)
            order = min(max_order, max(1, int(hyp_len.max(initial=0)))) if trim else max_order
            yield start, self.block_rows(start, stop, hyp_ids, hyp_len, order)

    def stats(self, hypotheses: list[str], max_order: int | None = None) -> np.ndarray:
        """Rows ``[c, r, m_1..m_N, t_1..t_N]`` of :func:`bleu.segment_stats`, per segment."""
        max_order = max_order or self.options.max_ngram_order
        _check_size(self.n_segments, max_order, "max_ngram_order")
        rows = np.zeros((self.n_segments, 2 + 2 * max_order), dtype=np.int64)
        for start, block in self.iter_rows(hypotheses, max_order):
            rows[start : start + len(block)] = block
        return rows

    def sums(self, hypotheses: list[str]) -> np.ndarray:
        """The column sums of :meth:`stats`, without holding every row at once."""
        max_order = self.options.max_ngram_order
        total = np.zeros(2 + 2 * max_order, dtype=np.int64)
        for _, block in self.iter_rows(hypotheses, max_order, trim=True):
            total += padded_sum(block, max_order, min_total=0)
        return total


def prepare(
    hypotheses: Any, references: Any, options: BleuOptions, name: str = "hypotheses"
) -> tuple[list[str], EncodedReferences]:
    """Check the text arguments as :mod:`bleu.sacrebleu_rules` does; encode the references.

    ``name`` is the hypotheses' argument name in the caller (``system``, ``baseline``).
    """
    hyps = check_hypotheses(hypotheses, name)
    streams = check_streams(references, len(hyps))
    return hyps, EncodedReferences(streams, options)


def segment_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenize: str = "13a",
    lowercase: bool = False,
    max_ngram_order: int = 4,
) -> np.ndarray:
    """:func:`bleu.sacrebleu_rules.segment_stats`, vectorised: the same ``int64`` array.

    >>> segment_stats(["a b c", "a b"], [["a b c", "b a"]]).tolist()
    [[3, 3, 3, 2, 1, 0, 3, 2, 1, 0], [2, 2, 2, 0, 0, 0, 2, 1, 0, 0]]
    """
    options = BleuOptions(tokenize, lowercase, max_ngram_order=max_ngram_order)
    hyps, refs = prepare(hypotheses, references, options)
    return refs.stats(hyps)


@accepts_old_names
def corpus_score(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    use_effective_order: bool = False,
) -> BleuScore:
    """:func:`bleu.sacrebleu_rules.corpus_score`, vectorised: the same arguments, errors,
    result and signature (equal to ``sacrebleu.corpus_bleu``).

    With the default ``13a`` tokenizer the sums come from :func:`bleu.chunked.corpus_sums`
    (tokens found as arrays and named by checked hashes, chunks on two threads); with the
    other tokenizers from :class:`EncodedReferences`.
    """
    options = BleuOptions(
        tokenize, lowercase, smooth_method, smooth_value, max_ngram_order, use_effective_order
    )
    if options.tokenize == "13a":  # the default: tokenized as arrays, on two threads
        from .chunked import corpus_sums

        hyps = check_hypotheses(hypotheses)
        sums, nrefs = corpus_sums(hyps, check_streams(references, len(hyps)), options)
        return bleu_of_sums(sums, options, options.signature(nrefs))
    hyps, refs = prepare(hypotheses, references, options)
    return bleu_of_sums(refs.sums(hyps), options, options.signature(refs.nrefs))


@accepts_old_names
def scores_from_stats(
    sums: Any,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    use_effective_order: bool = False,
) -> np.ndarray:
    """BLEU (0-100) of each row of summed statistics ``[c, r, m_1..m_N, t_1..t_N]``.

    The vectorised twin of :func:`bleu.sacrebleu_rules.score_from_stats`, for a whole
    matrix of summed rows at once (bootstrap resamples): ``p_n = 100 m_n / t_n`` with
    sacreBLEU's smoothing, ``BP = exp(1 - r / c)`` when ``c < r``,
    ``BLEU = BP exp(sum_n log p_n / N)``.

    >>> scores_from_stats([[7, 7, 6, 4, 2, 1, 7, 6, 5, 4], [7, 7, 0, 0, 0, 0, 7, 6, 5, 4]])
    array([48.89230224,  0.        ])
    """
    options = BleuOptions(
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        use_effective_order=use_effective_order,
    )
    return bleu_of_sum_rows(np.atleast_2d(check_stats(sums, "sums")).astype(np.float64), options)


def bleu_of_sum_rows(stats: np.ndarray, options: BleuOptions) -> np.ndarray:
    """:func:`scores_from_stats` of checked float rows (resampled sums are floats)."""
    smooth, value, effective_order = (
        options.smooth,
        options.smoothing_constant,
        options.effective_order,
    )
    order = (stats.shape[1] - 2) // 2
    sys_len, ref_len = stats[:, 0], stats[:, 1]
    correct = stats[:, 2 : 2 + order].copy()
    total = stats[:, 2 + order :].copy()
    any_match = (correct > 0).any(axis=1)
    bp = brevity_penalty(ref_len, sys_len, both_empty=1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        if smooth == "add-k":
            correct[:, 1:] += value
            total[:, 1:] += value
        valid = np.cumprod(total > 0, axis=1).astype(bool)  # orders before the first empty one
        zero = (correct == 0) & valid
        if smooth == "exp":
            smoothed = 100.0 / (2.0 ** np.cumsum(zero, axis=1) * total)
        elif smooth == "floor":
            smoothed = 100.0 * value / total
        else:
            smoothed = np.zeros_like(total)
        precision = np.where(correct == 0, smoothed, 100.0 * correct / total)
        precision = np.where(valid, precision, 0.0)
        logs = np.where(precision > 0, np.log(precision), float(LOG_ZERO))
    if effective_order:
        used = np.maximum(valid.sum(axis=1), 1)
        logs = np.where(np.arange(order) < used[:, None], logs, 0.0)
    else:
        used = np.full(len(stats), order)
    scores = bp * np.exp(logs.sum(axis=1) / used)
    return np.where(any_match, scores, 0.0)
