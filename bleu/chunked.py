"""Corpus statistics of ``13a``-tokenized text, chunk by chunk, on two threads.

The fastest path to corpus BLEU on raw text, used by :func:`bleu.vectorized.corpus_score`
for sacreBLEU's default tokenizer. BLEU's statistics are sums over segments, so the
segments are cut into chunks and each chunk is done on its own:

1. its hypotheses and references are tokenized as arrays (:mod:`bleu.spans13a`): no
   Python string per token, each token named by a hash of its characters;
2. its n-grams are counted and clipped (:func:`bleu.vectorized.clipped_matches`), after
   checking that the tokens sharing a hash in a segment are the same characters;
3. its rows ``[c, r, m_1..m_N, t_1..t_N]`` are summed.

NumPy releases the GIL inside its array operations, so two chunks run at the same time
on two cores; memory holds two chunks, whatever the corpus size. A chunk is bounded by
its characters (:data:`CHUNK_CHARS`) as well as its segments, the sizes planned from the
texts' lengths before any array is built, so 20 000 runaway hypotheses of 2 000 tokens
cost no more memory than 20 000 short ones per character. A chunk where two
different tokens share a hash (never seen on real text; forced in the tests) is counted
again with string tokens (:func:`bleu.vectorized.encode_segments`), so the sums are
always exact.

Shown in notebook 10 (corpus BLEU and significance), section "Why this is fast".
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from itertools import chain
from typing import NamedTuple

import numpy as np

from .sacrebleu_rules import BleuOptions, no_reference_message, padded_sum
from .spans13a import HashCollision, check_same_tokens, code_points, token_hashes, token_spans
from .tokenizers import _prepare_13a, join_segments
from .vectorized import (
    Vocabulary,
    _rows,
    clipped_matches,
    closest_lengths,
    encode_segments,
    size_ranges,
)

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

_HASH_BITS = 40  # a token id is the top 40 bits of its hash: keys of <= 2**22 segments fit


class HashedTokens(NamedTuple):
    """The 13a tokens of some texts: token ``i`` is ``codes[starts[i]:ends[i]]``."""

    ids: np.ndarray  # the tokens' hashes (top bits, int64), text after text
    lengths: np.ndarray  # tokens per text
    codes: np.ndarray  # the code points of the joined, padded texts
    starts: np.ndarray
    ends: np.ndarray


def hashed_tokens(texts: list[str], lowercase: bool) -> HashedTokens:
    """The 13a tokens of ``texts``, as spans of their code points, and their hashes."""
    lines = [t.lower().rstrip() for t in texts] if lowercase else [t.rstrip() for t in texts]
    text, sentinel = join_segments(lines)
    text = f" {_prepare_13a(text)} {sentinel} "  # mteval pads each segment with spaces
    codes = code_points(text)
    starts, ends = token_spans(codes, text)
    separator = (ends - starts == 1) & (codes[starts] == ord(sentinel))
    where = np.flatnonzero(separator)
    lengths = np.diff(where, prepend=-1) - 1
    word = ~separator
    starts, ends = starts[word], ends[word]
    ids = (token_hashes(codes, starts, ends) >> np.uint64(64 - _HASH_BITS)).astype(np.int64)
    return HashedTokens(ids, lengths, codes, starts, ends)


def _string_tokens(
    hyps: list[str], refs: list[str], options: BleuOptions
) -> tuple[np.ndarray, np.ndarray, None]:
    vocab = Vocabulary()
    hyp_ids, hyp_len = encode_segments(hyps, options, vocab)
    ref_ids, ref_len = encode_segments(refs, options, vocab)
    return np.concatenate([hyp_ids, ref_ids]), np.concatenate([hyp_len, ref_len]), None


def _hashed_pair(
    hyps: list[str], ref: HashedTokens, lowercase: bool
) -> tuple[np.ndarray, np.ndarray, Callable[[np.ndarray, np.ndarray], None]]:
    """Ids and lengths of the hypotheses' tokens then the references', and the check that
    hash-equal tokens are equal."""
    hyp = hashed_tokens(hyps, lowercase)
    shift = len(hyp.codes)
    check = partial(
        check_same_tokens,
        np.concatenate([hyp.codes, ref.codes]),
        np.concatenate([hyp.starts, ref.starts + shift]),
        np.concatenate([hyp.ends, ref.ends + shift]),
    )
    return np.concatenate([hyp.ids, ref.ids]), np.concatenate([hyp.lengths, ref.lengths]), check


def chunk_sums(
    hyps: list[str],
    refs: list[str],
    counts: np.ndarray,
    options: BleuOptions,
    ref_tokens: HashedTokens | None = None,
    exact: bool = False,
) -> np.ndarray:
    """The column sums of the rows of one chunk.

    Segment ``i`` is ``hyps[i]`` against the next ``counts[i]`` strings of ``refs`` (the
    references, segment by segment); ``ref_tokens``, if given, are their hashed tokens
    (several systems share them). With ``exact`` (or when a hash is shared by two
    different tokens, or the chunk is too large for hashed keys) tokens are strings, as in
    :func:`bleu.vectorized.segment_stats`.
    """
    max_order = options.max_ngram_order
    n = len(hyps)
    if not exact and ref_tokens is None:
        exact = _text_size(hyps) + _text_size(refs) >= CHUNK_TOKENS  # before any array
    if exact:
        ids, lengths, check = _string_tokens(hyps, refs, options)
    else:
        if ref_tokens is None:
            ref_tokens = hashed_tokens(refs, options.lowercase)
        ids, lengths, check = _hashed_pair(hyps, ref_tokens, options.lowercase)
        if len(ids) >= CHUNK_TOKENS:  # lowercasing lengthened the text (rare: "İ" -> "i̇")
            return chunk_sums(hyps, refs, counts, options, exact=True)
    segment = np.concatenate([np.arange(n), np.repeat(np.arange(n), counts)])
    first = np.cumsum(counts) - counts
    slot = np.concatenate(
        [np.zeros(n, dtype=np.int64), np.arange(len(refs)) - np.repeat(first, counts) + 1]
    )
    hyp_len = lengths[:n]
    counted = min(max_order, max(1, int(hyp_len.max(initial=0))))
    try:
        matches = clipped_matches(ids, lengths, segment, slot, n, counted, check, by_segment=False)
    except HashCollision:
        return chunk_sums(hyps, refs, counts, options, exact=True)
    ref_len = closest_lengths(hyp_len, lengths[n:], segment[n:])
    no_matches = np.zeros((n, 0), dtype=np.int64)  # the rows' lengths and totals; matches below
    sums = padded_sum(_rows(hyp_len, ref_len, no_matches, counted, min_total=0), max_order, 0)
    sums[2 : 2 + counted] = matches
    return sums


def chunk_references(
    streams: list[list[str | None]], start: int, stop: int
) -> tuple[list[str], np.ndarray]:
    """The references of segments ``start .. stop - 1``, segment by segment, and how many
    each has; a segment with none is a ValueError naming it."""
    if len(streams) == 1 and None not in streams[0][start:stop]:
        return streams[0][start:stop], np.ones(stop - start, dtype=np.int64)
    per_segment = [
        [ref for ref in refs if ref is not None] for refs in zip(*(s[start:stop] for s in streams))
    ]
    counts = np.fromiter(map(len, per_segment), dtype=np.int64, count=stop - start)
    if (counts == 0).any():
        raise ValueError(no_reference_message(start + int(np.flatnonzero(counts == 0)[0])))
    return list(chain.from_iterable(per_segment)), counts


def _chunk_job(
    systems: list[list[str]],
    streams: list[list[str | None]],
    options: BleuOptions,
    bounds: tuple[int, int],
) -> tuple[list[np.ndarray], set[int]]:
    """Every system's sums over one chunk; the references are tokenized once for all."""
    start, stop = bounds
    refs, counts = chunk_references(streams, start, stop)
    longest = max(_text_size(hyps[start:stop]) for hyps in systems)
    exact = longest + _text_size(refs) >= CHUNK_TOKENS  # one huge segment: no arrays at all
    ref_tokens = None if exact else hashed_tokens(refs, options.lowercase)
    sums = [
        chunk_sums(hyps[start:stop], refs, counts, options, ref_tokens, exact) for hyps in systems
    ]
    return sums, set(np.unique(counts).tolist())


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
    """The column sums of every segment's rows (``13a`` only), one array per system, and
    the signature's ``nrefs``.

    ``systems`` are hypothesis lists of one length; ``streams`` are the reference streams,
    checked (sacreBLEU's layout: ``streams[k][i]`` is the k-th reference of segment ``i``
    or ``None``). Chunks run on THREADS threads; each chunk's references are tokenized
    once for all the systems.
    """
    if options.tokenize != "13a":
        raise ValueError(f"chunked sums tokenize with 13a only, not {options.tokenize!r}")
    totals = [np.zeros(2 + 2 * options.max_ngram_order, dtype=np.int64) for _ in systems]
    sizes: set[int] = set()
    job = partial(_chunk_job, systems, streams, options)
    bounds = _bounds(len(systems[0]), segment_sizes(systems, streams))
    if len(bounds) == 1:  # a small corpus: starting threads would cost more than they save
        parts: Iterable[tuple[list[np.ndarray], set[int]]] = map(job, bounds)
    else:
        pool = ThreadPoolExecutor(THREADS)
        parts = pool.map(job, bounds)
    try:
        for sums, counts in parts:
            for total, part in zip(totals, sums):
                total += part
            sizes |= counts
    finally:
        if len(bounds) > 1:
            pool.shutdown(cancel_futures=True)
    return totals, sizes.pop() if len(sizes) == 1 else "var"


def corpus_sums(
    hyps: list[str], streams: list[list[str | None]], options: BleuOptions
) -> tuple[np.ndarray, int | str]:
    """:func:`systems_sums` of one system: its column sums and the signature's ``nrefs``."""
    (sums,), nrefs = systems_sums([hyps], streams, options)
    return sums, nrefs
