"""Corpus BLEU of raw text, chunk by chunk, on two threads: the fast producer of sums.

The fastest path to corpus BLEU on raw text: :func:`corpus_score`, the one :mod:`bleu`
exports, and the command line's. BLEU's statistics are sums over segments, so the
segments are cut into chunks and each chunk is done on its own (:func:`chunk_rows`):

1. its hypotheses and references are tokenized; with sacreBLEU's default ``13a`` as
   arrays (:mod:`bleu.spans13a`): no Python string per token, each token named by a hash
   of its characters (any other tokenizer: string tokens, numbered);
2. its n-grams are counted and clipped (:func:`bleu.vectorized.clipped_matches`), after
   checking that the tokens sharing a hash in a segment are the same characters;
3. its rows ``[c, r, m_1..m_N, t_1..t_N]`` (:mod:`bleu.rows`) are summed; the sums of all
   chunks are scored by sacreBLEU's rule, :func:`bleu.rules.score_from_stats`.

NumPy releases the GIL inside its array operations, so two chunks run at the same time
on two cores; memory holds two chunks, whatever the corpus size. A chunk is bounded by
its characters (:data:`CHUNK_CHARS`) as well as its segments, the sizes planned from the
texts' lengths before any array is built, so 20 000 runaway hypotheses of 2 000 tokens
cost no more memory than 20 000 short ones per character. A chunk where two
different tokens share a hash (never seen on real text; forced in the tests) is counted
again with string tokens (:func:`bleu.vectorized.encode_segments`), so the sums are
always exact.

>>> print(corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]]))
BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)

Shown in notebook 10 (corpus BLEU and significance), section "Why this is fast".
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, NamedTuple

import numpy as np

from .checks import check_hypotheses, check_streams
from .options import BleuOptions, TextOptions, with_bleu_options
from .rows import (
    SACREBLEU,
    closest_lengths,
    nrefs_of,
    padded_sum,
    references_by_segment,
    rows_from_counts,
    segment_slots,
    size_ranges,
)
from .rules import BleuScore, score_from_stats
from .spans13a import HashCollision, check_same_tokens, code_points, token_hashes, token_spans
from .tokenizers import stream_13a, stripped_lines
from .vectorized import KEY_LIMIT, Vocabulary, clipped_matches, encode_segments, unigram_ranks

CHUNK_SEGMENTS = 2**13
"""The most segments one chunk holds."""

CHUNK_CHARS = 2**21 - 2**10
"""The most characters one chunk holds (hypotheses and references, 3 more per text for its
separator), unless one segment alone is longer: a chunk's arrays (several bytes per
character, 8 per token) are sized by its text, whatever the shape of the segments. Each
side's padded text then stays within the powers :mod:`bleu.spans13a` keeps (2**21)."""

CHUNK_TOKENS = 2**21
"""A chunk of this many tokens or more is counted with string tokens (hashed n-gram keys
would overflow int64). A chunk has fewer tokens than characters, so only a single segment
longer than :data:`CHUNK_CHARS` can reach it; it is sent to the string path before any
array is built."""

MIN_CHUNK = 512
"""The fewest segments a chunk holds: below twice this, a corpus is one chunk, no thread."""

THREADS = min(2, os.cpu_count() or 1)
"""Chunks processed at the same time."""

HASH_BITS = 40
"""A token's id is the top HASH_BITS bits of its 64-bit hash. An n-gram key is a rank
(below the chunk's tokens) times one more than the largest id, so ids must leave
``log2(CHUNK_TOKENS)`` bits of :data:`bleu.vectorized.KEY_LIMIT` free: checked below.
Fewer bits would make two different tokens of a segment share an id more often (each
such chunk is counted again with strings, see :func:`chunk_rows`)."""

if CHUNK_TOKENS << HASH_BITS > KEY_LIMIT:  # checked once, when the module is imported
    raise ImportError("bleu.chunked: CHUNK_TOKENS tokens of HASH_BITS-bit ids overflow the keys")


class HashedTokens(NamedTuple):
    """The 13a tokens of some texts: token ``i`` is ``codes[starts[i]:ends[i]]``."""

    ids: np.ndarray  # the tokens' hashes (top bits, int64), text after text
    lengths: np.ndarray  # tokens per text
    codes: np.ndarray  # the code points of the joined, padded texts
    starts: np.ndarray
    ends: np.ndarray


def hashed_tokens(texts: list[str], lowercase: bool) -> HashedTokens:
    """The 13a tokens of ``texts``, as spans of their code points, and their hashes."""
    text, separator = stream_13a(stripped_lines(texts, lowercase))
    codes = code_points(text)
    starts, ends = token_spans(codes, text)
    is_separator = (ends - starts == 1) & (codes[starts] == ord(separator))
    where = np.flatnonzero(is_separator)
    lengths = np.diff(where, prepend=-1) - 1
    word = ~is_separator
    starts, ends = starts[word], ends[word]
    ids = (token_hashes(codes, starts, ends) >> np.uint64(64 - HASH_BITS)).astype(np.int64)
    return HashedTokens(ids, lengths, codes, starts, ends)


Tokens = tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray] | None]
"""Token ids and lengths of a chunk (hypotheses, then references), and its unigram ranks
if they were made already."""


def _hashed_ids(
    hyps: list[str], ref: HashedTokens, lowercase: bool, segment: np.ndarray
) -> Tokens | None:
    """The chunk's tokens named by hashes, or None when it needs string tokens: too many
    tokens for hashed keys (lowercasing can lengthen a text: "İ" -> "i̇"), or two
    different tokens of a segment that share a hash."""
    hyp = hashed_tokens(hyps, lowercase)
    ids = np.concatenate([hyp.ids, ref.ids])
    if len(ids) >= CHUNK_TOKENS:
        return None
    lengths = np.concatenate([hyp.lengths, ref.lengths])
    unigrams = unigram_ranks(ids, lengths, segment)
    shift = len(hyp.codes)
    try:
        check_same_tokens(
            np.concatenate([hyp.codes, ref.codes]),
            np.concatenate([hyp.starts, ref.starts + shift]),
            np.concatenate([hyp.ends, ref.ends + shift]),
            *unigrams,
        )
    except HashCollision:
        return None
    return ids, lengths, unigrams


def _string_ids(hyps: list[str], refs: list[str], options: TextOptions) -> Tokens:
    """The chunk's tokens as strings, numbered (any tokenizer)."""
    vocab = Vocabulary()
    hyp_ids, hyp_len = encode_segments(hyps, options, vocab)
    ref_ids, ref_len = encode_segments(refs, options, vocab)
    return np.concatenate([hyp_ids, ref_ids]), np.concatenate([hyp_len, ref_len]), None


def chunk_rows(
    hyps: list[str],
    refs: list[str],
    refs_per_segment: np.ndarray,
    options: TextOptions,
    max_order: int,
    ref_tokens: HashedTokens | None = None,
    trim: bool = False,
) -> np.ndarray:
    """sacreBLEU's rows of one chunk (``max_order`` orders; with ``trim``, only up to the
    longest hypothesis: see :func:`bleu.rows.padded_sum`).

    Segment ``i`` is ``hyps[i]`` against the next ``refs_per_segment[i]`` strings of
    ``refs``. The one place where the tokens are chosen: ``13a`` text is tokenized as
    arrays and named by hashes (``ref_tokens``, if given, are the references' already:
    several systems share them), checked equal where they share one; any other
    tokenizer, a chunk too large for hashed keys, or a hash shared by two different
    tokens (never seen on real text; forced in the tests) is counted with string tokens.
    """
    n = len(hyps)
    segment, slot = segment_slots(refs_per_segment)
    tokens = None
    if options.tokenize == "13a" and _text_size(hyps) + _text_size(refs) < CHUNK_TOKENS:
        if ref_tokens is None:
            ref_tokens = hashed_tokens(refs, options.lowercase)
        tokens = _hashed_ids(hyps, ref_tokens, options.lowercase, segment)
    ids, lengths, unigrams = tokens or _string_ids(hyps, refs, options)
    hyp_len = lengths[:n]
    counted = min(max_order, int(hyp_len.max(initial=0)))
    matches = clipped_matches(ids, lengths, segment, slot, n, counted, unigrams)
    ref_len = closest_lengths(hyp_len, lengths[n:], segment[n:])
    width_order = max(1, counted) if trim else max_order
    return rows_from_counts(hyp_len, ref_len, matches, width_order, SACREBLEU)


def _chunk_job(
    systems: list[list[str]],
    streams: list[list[str | None]],
    options: BleuOptions,
    bounds: tuple[int, int],
) -> tuple[list[np.ndarray], int | str]:
    """Every system's sums over one chunk, and its ``nrefs``; the references are
    tokenized once for all the systems."""
    start, stop = bounds
    refs, refs_per_segment = references_by_segment(streams, start, stop)
    longest = max(_text_size(hyps[start:stop]) for hyps in systems)
    hashed = options.tokenize == "13a" and longest + _text_size(refs) < CHUNK_TOKENS
    ref_tokens = hashed_tokens(refs, options.lowercase) if hashed else None
    max_order = options.max_ngram_order
    sums = []
    for hyps in systems:
        rows = chunk_rows(
            hyps[start:stop], refs, refs_per_segment, options.text, max_order, ref_tokens, True
        )
        sums.append(padded_sum(rows, max_order, SACREBLEU))
    return sums, nrefs_of(refs_per_segment.tolist())


def _text_size(texts: list[str]) -> int:
    """Characters of ``texts``: an upper bound of their tokens."""
    return sum(map(len, texts))


def segment_sizes(systems: list[list[str]], streams: list[list[str | None]]) -> np.ndarray:
    """Characters of each segment: its longest hypothesis and its references, 3 more per
    text (the separator :func:`bleu.tokenizers.join_segments` puts after it)."""
    n = len(systems[0])
    sizes = np.zeros(n, dtype=np.int64)
    for hyps in systems:
        np.maximum(sizes, np.fromiter(map(len, hyps), dtype=np.int64, count=n), out=sizes)
    for refs in streams:
        if None in refs:
            refs = [ref or "" for ref in refs]
        sizes += np.fromiter(map(len, refs), dtype=np.int64, count=n)
    return sizes + 3 * (1 + len(streams))


def _bounds(n: int, sizes: np.ndarray | None = None) -> list[tuple[int, int]]:
    """Chunks of segments: one per thread (a small corpus is one chunk), at most
    CHUNK_SEGMENTS segments and, with the segments' ``sizes`` (characters), at most
    CHUNK_CHARS characters (a longer segment is a chunk of its own).

    >>> _bounds(5, np.array([3, 3, 9, 1, 1]) * CHUNK_CHARS // 9)
    [(0, 2), (2, 3), (3, 5)]
    """
    size = max(1, n if n < 2 * MIN_CHUNK else min(CHUNK_SEGMENTS, -(-n // THREADS)))
    if sizes is None or int(sizes.sum()) <= CHUNK_CHARS:
        return [(start, min(start + size, n)) for start in range(0, n, size)]
    return size_ranges(sizes, CHUNK_CHARS, size)


def systems_sums(
    systems: list[list[str]], streams: list[list[str | None]], options: BleuOptions
) -> tuple[list[np.ndarray], int | str]:
    """The column sums of every segment's rows, one array per system, and the
    signature's ``nrefs``.

    ``systems`` are hypothesis lists of one length; ``streams`` are the reference streams,
    checked (sacreBLEU's layout: ``streams[k][i]`` is the k-th reference of segment ``i``
    or ``None``). Chunks run on THREADS threads; each chunk's references are tokenized
    once for all the systems.
    """
    totals = [np.zeros(2 + 2 * options.max_ngram_order, dtype=np.int64) for _ in systems]
    nrefs: set[int | str] = set()
    job = partial(_chunk_job, systems, streams, options)
    bounds = _bounds(len(systems[0]), segment_sizes(systems, streams))
    if len(bounds) == 1:  # a small corpus: starting threads would cost more than they save
        parts: Iterable[tuple[list[np.ndarray], set[int]]] = map(job, bounds)
    else:
        pool = ThreadPoolExecutor(THREADS)
        parts = pool.map(job, bounds)
    try:
        for sums, chunk_nrefs in parts:
            for total, part in zip(totals, sums):
                total += part
            nrefs.add(chunk_nrefs)
    finally:
        if len(bounds) > 1:
            pool.shutdown(cancel_futures=True)
    return totals, nrefs_of(nrefs)


@with_bleu_options()
def corpus_score(hypotheses: Any, references: Any, options: BleuOptions) -> BleuScore:
    """Corpus BLEU on raw strings, equal to ``sacrebleu.corpus_bleu`` (0-100 scale).

    ``references[k][i]`` is the k-th reference of hypothesis ``i`` (sacreBLEU's streams,
    ``None`` where a segment has no k-th reference). The keywords are sacreBLEU's (those
    of :class:`bleu.BleuOptions`; ``smooth=`` and ``effective_order=`` are accepted as
    old names). The same arguments, errors, result and signature as the step-by-step
    :func:`bleu.sacrebleu_rules.corpus_score`.

    >>> result = corpus_score(["It is a guide.", "He reads."],
    ...                       [["It is a guide to action.", "He reads the book."]])
    >>> result.counts, result.totals, (result.sys_len, result.ref_len)
    ([8, 4, 2, 1], [8, 6, 4, 2], (8, 12))
    """
    hyps = check_hypotheses(hypotheses)
    (sums,), nrefs = systems_sums([hyps], check_streams(references, len(hyps)), options)
    return score_from_stats(
        sums.tolist(), signature=options.signature(nrefs), options=options.scoring
    )
