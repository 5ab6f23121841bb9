"""Many sentence scores in one call: a batch of segments, or every candidate against the others.

Sentence BLEU at scale is a workload of its own: rewards for sampled translations in
reinforcement learning, filtering a parallel corpus, minimum-Bayes-risk (MBR) decoding,
where each of ``n`` candidates is scored against the other ``n - 1`` as references and
the one that agrees most with the rest is kept (Kumar and Byrne, 2004, *Minimum
Bayes-Risk Decoding for Statistical Machine Translation*, HLT-NAACL).

A loop of :func:`bleu.sentence_score` pays Python's price per segment. Here the
statistics rows ``[c, r, m_1..m_N, t_1..t_N]`` of all segments are counted at once with
numpy (:func:`bleu.chunked.chunk_rows`: ``13a`` text tokenized as arrays and hashed,
as for corpus sums), in blocks bounded by characters and
segments, and each row is scored by the array form of sacreBLEU's rule,
:func:`bleu.rules.scores_from_stats`. NLTK's twin counts rows with
:func:`bleu.vectorized.sentence_stats` and scores each by NLTK's rule
(:func:`bleu.rules.bleu_scores_from_stats`). The tests compare every function here with sacreBLEU
and NLTK, sentence by sentence.

Defined for notebook 14 (sentence-level BLEU at scale); not built step by step.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np

from . import nltk_rules
from .checks import (
    check_bool,
    check_corpus_shape,
    check_hypotheses,
    check_segments,
    check_streams,
    weight_vectors,
)
from .chunked import THREADS, chunk_rows
from .options import BleuOptions, arguments_of, with_bleu_options
from .rows import references_by_segment, size_ranges, width
from .rules import bleu_scores_from_stats, needed_orders, scores_from_stats
from .vectorized import Vocabulary, encode_segments, sentence_stats

BLOCK_SEGMENTS = 2**10
"""The most segments one block holds (smaller blocks sort in cache: 1e5 pairs scored about
15% faster than in blocks of 2**13)."""

BLOCK_CHARS = 2**21 - 2**10
"""About the most characters (hypotheses and references) one block holds: its arrays (a
few bytes per character, 8 per token) are sized by its text, whatever the segments' shape.
A segment longer than this is a block of its own, counted with string tokens from
:data:`bleu.chunked.CHUNK_TOKENS` characters on (hashed keys would overflow)."""

ROW_CELLS = 2**22
"""The most statistics cells (8 bytes each) one block of rows holds: a block of segments
is cut smaller when ``max_ngram_order`` is large, so memory follows the block."""

PAIR_CELLS = 2**22
"""The most (n-gram, candidate, candidate) triples :func:`pairwise_scores` expands at once."""


# --- sacreBLEU's rules: one score per segment ----------------------------------------------


def _block_scores(
    hyps: list[str], streams: list[list[str | None]], options: BleuOptions, bounds: tuple[int, int]
) -> np.ndarray:
    start, stop = bounds
    refs, refs_per_segment = references_by_segment(streams, start, stop)
    order = options.max_ngram_order
    rows = chunk_rows(hyps[start:stop], refs, refs_per_segment, options.text, order)
    return scores_from_stats(rows, options=options.scoring)


@with_bleu_options(use_effective_order=True)
def sentence_scores(
    hypotheses: Sequence[str], references: Sequence[Sequence[str | None]], options: BleuOptions
) -> np.ndarray:
    """Sentence BLEU (0-100) of every segment in one call, by sacreBLEU's rules.

    Entry ``i`` equals ``sacrebleu.sentence_bleu(hypotheses[i], [refs[i] for refs in
    references], **options).score``: the defaults are sacreBLEU's *sentence* defaults
    (``exp`` smoothing, effective order). ``references`` are sacreBLEU's reference streams,
    as in :func:`bleu.corpus_score` (``references[k][i]`` is the k-th reference of segment
    ``i``; ``None`` where a segment has fewer). Keywords are sacreBLEU's; ``smooth=`` and
    ``effective_order=`` are accepted as old names.

    >>> sentence_scores(["It is a guide.", "He reads."],
    ...                 [["It is a guide to action.", "He reads the book."]]).round(2)
    array([47.4 , 32.34])
    """
    hyps = check_hypotheses(hypotheses)
    streams = check_streams(references, len(hyps))
    sizes = np.fromiter(map(len, hyps), dtype=np.int64, count=len(hyps))
    for stream in streams:
        sizes += np.fromiter((len(r or "") for r in stream), dtype=np.int64, count=len(hyps))
    most = max(1, min(BLOCK_SEGMENTS, ROW_CELLS // width(options.max_ngram_order)))
    # 3 characters a text for the separator that joins it to the next (bleu.tokenizers)
    bounds = size_ranges(sizes + 3 * (1 + len(streams)), BLOCK_CHARS, most)
    job = partial(_block_scores, hyps, streams, options)
    if len(bounds) == 1 or THREADS == 1:
        parts = [job(b) for b in bounds]
    else:  # numpy releases the GIL: two blocks at a time on two cores
        with ThreadPoolExecutor(THREADS) as pool:
            parts = list(pool.map(job, bounds))
    return np.concatenate(parts)


# --- minimum-Bayes-risk: every candidate against every other -----------------------------


def _dense_rank(keys: np.ndarray) -> np.ndarray:
    return np.unique(keys, return_inverse=True)[1].reshape(-1)


def pairwise_matches(ids: np.ndarray, lengths: np.ndarray, max_order: int) -> np.ndarray:
    """Clipped matches of candidate ``i`` against candidate ``j`` as the only reference.

    ``ids`` are the candidates' token ids, concatenated; ``lengths`` their token counts.
    Returns shape ``(n, n, max_order)``: ``sum_g min(Count_i(g), Count_j(g))`` over the
    n-grams ``g`` of each order. Each n-gram pairs up the candidates that hold it, so the
    work is the number of (n-gram, i, j) triples sharing an n-gram, in blocks of
    :data:`PAIR_CELLS`; an n-gram is ranked by its (n-1)-gram prefix's rank and its last
    token, as in :func:`bleu.vectorized.clipped_matches`.

    >>> ids, lengths = np.array([0, 1, 0, 0, 2]), np.array([3, 2])
    >>> pairwise_matches(ids, lengths, 2)[:, :, 0].tolist()  # unigrams: "a b a" / "a c"
    [[3, 1], [1, 2]]
    """
    n = len(lengths)
    out = np.zeros((n, n, max_order), dtype=np.int64)
    if len(ids) == 0:
        return out
    owner = np.repeat(np.arange(n), lengths)
    remaining = np.repeat(np.cumsum(lengths), lengths) - np.arange(len(ids))
    base = int(ids.max()) + 1
    rank = _dense_rank(ids)  # rank of the n-gram starting at each position
    for order in range(1, max_order + 1):
        pos = np.flatnonzero(remaining >= order)
        if len(pos) == 0:
            break
        if order > 1:
            ranked = np.zeros(len(ids), dtype=np.int64)
            ranked[pos] = _dense_rank(rank[pos] * base + ids[pos + order - 1])
            rank = ranked
        entries, counts = np.unique(rank[pos] * n + owner[pos], return_counts=True)
        gram, cand = np.divmod(entries, n)  # sorted by n-gram, then candidate
        starts = np.flatnonzero(np.r_[True, gram[1:] != gram[:-1]])
        size = np.diff(np.r_[starts, len(gram)])
        sharing = np.repeat(size, size)  # candidates holding each entry's n-gram
        first = np.repeat(starts, size)  # the first entry of its n-gram
        acc = np.zeros(n * n)
        for a, b in size_ranges(sharing, PAIR_CELLS, len(sharing)):
            left = np.repeat(np.arange(a, b), sharing[a:b])
            begin = np.cumsum(sharing[a:b]) - sharing[a:b]
            right = first[left] + np.arange(len(left)) - np.repeat(begin, sharing[a:b])
            clipped = np.minimum(counts[left], counts[right])
            acc += np.bincount(cand[left] * n + cand[right], weights=clipped, minlength=n * n)
        out[:, :, order - 1] = acc.reshape(n, n).astype(np.int64)
    return out


@with_bleu_options(use_effective_order=True)
def pairwise_scores(candidates: Sequence[str], options: BleuOptions) -> np.ndarray:
    """Sentence BLEU (0-100) of every candidate against every other: an ``n x n`` matrix.

    Entry ``[i, j]`` equals ``sacrebleu.sentence_bleu(candidates[i], [candidates[j]],
    **options).score``: candidate ``i`` is the hypothesis and candidate ``j`` the single
    reference (BLEU is not symmetric: the brevity penalty and the precisions' denominators
    are the hypothesis's). The diagonal holds each candidate scored against itself: 100
    for a non-empty candidate (up to rounding), 0 for an empty one; MBR decoding leaves
    it out. The options and their defaults are :func:`sentence_scores`'s.

    Minimum-Bayes-risk decoding keeps the candidate with the highest mean BLEU against the
    others (Kumar and Byrne, 2004):

    >>> cands = ["the cat sat on the mat", "the cat sat on a mat", "a dog sat on the mat"]
    >>> scores = pairwise_scores(cands)
    >>> np.fill_diagonal(scores, np.nan)
    >>> cands[int(np.nanmean(scores, axis=1).argmax())]
    'the cat sat on the mat'
    """
    cands = check_segments(candidates, "candidates")
    n = len(cands)
    if n == 0:
        return np.zeros((0, 0))
    ids, lengths = encode_segments(cands, options.text, Vocabulary())
    order = options.max_ngram_order
    counted = min(order, int(lengths.max(initial=0)))
    scores = np.empty((n, n))
    matches = pairwise_matches(ids, lengths, counted)
    orders = np.arange(1, order + 1)
    totals = np.maximum(lengths[:, None] - orders + 1, 0)
    most = max(1, ROW_CELLS // (width(order) * n))  # hypotheses per block of rows
    for a in range(0, n, most):
        b = min(n, a + most)
        rows = np.zeros((b - a, n, width(order)), dtype=np.int64)
        rows[:, :, 0] = lengths[a:b, None]
        rows[:, :, 1] = lengths[None, :]
        rows[:, :, 2 : 2 + counted] = matches[a:b]
        rows[:, :, 2 + order :] = totals[a:b, None, :]
        flat = rows.reshape(-1, rows.shape[2])
        scores[a:b] = scores_from_stats(flat, options=options.scoring).reshape(b - a, n)
    return scores


# --- NLTK's rules on token lists -------------------------------------------------------


@arguments_of(nltk_rules.corpus_bleu)
def sentence_bleu_scores(
    list_of_references, hypotheses, weights, smoothing_function, auto_reweigh
) -> np.ndarray:
    """NLTK's sentence BLEU (0-1) of every hypothesis in one call, as a numpy array.

    Entry ``i`` equals ``nltk.translate.bleu_score.sentence_bleu(list_of_references[i],
    hypotheses[i], weights, smoothing_function, auto_reweigh)`` (and
    :func:`bleu.sentence_bleu`'s value): arguments in NLTK's corpus layout and order.
    With a list of several weight vectors the array has one column per vector.

    >>> refs = [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran"]]]
    >>> hyps = [["the", "cat", "sat", "on", "a", "mat"], ["a", "dog", "ran"]]
    >>> sentence_bleu_scores(refs, hyps, weights=(0.5, 0.5)).round(4)
    array([0.7071, 1.    ])
    """
    refs, hyps = check_corpus_shape(list_of_references, hypotheses)  # iterators read once
    vectors, many = weight_vectors(weights)
    auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    orders = needed_orders(vectors, smoothing_function)
    rows = sentence_stats(refs, hyps, orders)
    scores = bleu_scores_from_stats(
        rows, weights, smoothing_function, auto_reweigh, sentences=(refs, hyps)
    )
    return scores if many else scores[:, 0]
