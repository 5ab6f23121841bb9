"""BLEU's statistics rows for a whole corpus at once, with numpy: the vectorised producer.

The step-by-step producers (:mod:`bleu.nltk_rules`, :mod:`bleu.sacrebleu_rules`) count
n-grams sentence by sentence with ``Counter`` s, as the notebooks build them. Corpus BLEU
(Papineni et al., 2002) only needs, per segment ``s`` and order ``n``, the clipped matches
``m_{s,n}`` and the hypothesis n-gram count ``t_{s,n}``, plus the hypothesis length
``c_s`` and the closest reference length ``r_s``: the rows of :mod:`bleu.rows`. This
module computes them for many segments in a few array operations
(:func:`clipped_matches`): tokens become integer ids; an n-gram at position ``p`` gets an
id that is the dense rank of ``(id of its (n-1)-gram prefix, last token)`` within its
segment; ``numpy.bincount`` counts each n-gram in the hypothesis and in each reference,
and ``min(count, max reference count)`` summed per segment is ``m_{s,n}``. An n-gram can
only match if its prefix and suffix of order ``n - 1`` matched, so each order only ranks
the positions that still can.

The rows are scored by the rules of :mod:`bleu.rules`, as every producer's are. Segments
are processed in blocks, so memory is bounded by the block, not by the corpus; orders
beyond the longest hypothesis of a block are known to be empty and are not counted.
:mod:`bleu.chunked` uses :func:`clipped_matches` on hashed tokens, chunk by chunk. The
tests compare each function here directly with NLTK and sacreBLEU.

Defined in notebook 10 (corpus BLEU and significance).

>>> hyps = [["the", "cat", "sat"], ["a", "dog"]]
>>> refs = [[["the", "cat", "sat", "down"]], [["the", "dog"], ["a", "dog", "ran"]]]
>>> sentence_stats(refs, hyps).tolist()
[[3, 4, 3, 2, 1, 0, 3, 2, 1, 1], [2, 2, 2, 1, 0, 0, 2, 1, 1, 1]]
>>> round(corpus_bleu([[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran", "off"]]],
...                   [["the", "cat", "sat", "on", "the", "mat"], ["a", "dog", "ran"]]), 4)
0.8327
>>> segment_stats(["The cat sat on the mat."], [["The cat is on the mat."]]).tolist()
[[7, 7, 6, 4, 2, 1, 7, 6, 5, 4]]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from itertools import chain, count
from typing import Any

import numpy as np

from . import nltk_rules, sacrebleu_rules
from .checks import (
    MAX_ORDER,
    check_bool,
    check_corpus_shape,
    check_hypotheses,
    check_order,
    check_references,
    check_streams,
    check_tokens,
    weight_vectors,
)
from .options import TextOptions, arguments_of
from .rows import (
    NLTK,
    SACREBLEU,
    closest_lengths,
    nrefs_of,
    padded_sum,
    raw_counts,
    references_by_segment,
    rows_from_counts,
    segment_slots,
    size_ranges,
    text_sizes,
    width,
)
from .rules import CorpusStats, bleu_from_stats, needed_orders
from .smoothing import CORPUS_AWARE_METHODS, is_own_method
from .tokenizers import tokenize_stream

BLOCK_TOKENS = 2**21
"""About how many tokens (hypotheses and references) one block of segments holds."""

MAX_CELLS = 2**27
"""The largest statistics array returned (1 GiB of int64); larger requests are refused."""

KEY_LIMIT = 2**62
"""n-gram keys are ``rank * base + id`` in int64: ranks (below the number of tokens, or of
segments) times ``base`` (one more than the largest token id) must stay below this, with
room to spare for the sum. :mod:`bleu.chunked` asserts that its hashed ids fit."""


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
    segments: list[str], options: TextOptions, vocab: Vocabulary
) -> tuple[np.ndarray, np.ndarray]:
    """Token ids of every segment, concatenated, and the number of tokens in each segment.

    >>> texts = ["It costs $3.50.", "U.S. troops"]
    >>> ids, lengths = encode_segments(texts, TextOptions(), Vocabulary())
    >>> ids.tolist(), lengths.tolist()
    ([0, 1, 2, 3, 4, 6, 4, 8, 4, 10], [5, 5])
    """
    tokens, separator = tokenize_stream(segments, options.tokenize, options.lowercase)
    if not tokens:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    ids = encode(tokens, vocab)
    end = vocab[separator]
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


def unigram_ranks(
    ids: np.ndarray, lengths: np.ndarray, segment: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Each token's unigram (its rank among the distinct (segment, id) pairs) and the first
    token of each unigram. The first step of :func:`clipped_matches`; made apart so that a
    producer whose ids are hashes can check them before counting (:mod:`bleu.chunked`).

    >>> [a.tolist() for a in unigram_ranks(np.array([5, 6, 5, 5]), np.array([2, 2]),
    ...                                     np.array([0, 0]))]
    [[0, 1, 0, 0], [0, 1]]
    """
    tok_segment = np.repeat(segment, lengths)
    base = int(ids.max(initial=0)) + 1
    if max(len(segment), len(ids)) * base >= KEY_LIMIT:
        raise ValueError("the corpus is too large for int64 n-gram keys")
    return _dense_rank(tok_segment * base + ids)


def clipped_matches(
    ids: np.ndarray,
    lengths: np.ndarray,
    segment: np.ndarray,
    slot: np.ndarray,
    n_segments: int,
    max_order: int,
    unigrams: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """Clipped n-gram matches per segment and order, shape ``(n_segments, max_order)``.

    The corpus is a list of *documents* (token id sequences, concatenated in ``ids``; the
    ``lengths`` say where each ends). Document ``d`` belongs to segment ``segment[d]``;
    ``slot[d]`` is 0 for the segment's hypothesis (exactly one per segment) and ``k >= 1``
    for its k-th reference (:func:`bleu.rows.segment_slots`). Entry ``[s, n - 1]`` is
    ``sum_g min(Count_hyp(g), max_k Count_ref_k(g))`` over the n-grams ``g`` of segment
    ``s``'s hypothesis. ``unigrams`` are :func:`unigram_ranks` if the caller made them.
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
    if max(n_segments, n_tokens) * base >= KEY_LIMIT:
        raise ValueError("the corpus is too large for int64 n-gram keys")
    rank = good = None
    for n in range(1, max_order + 1):
        if n == 1:
            if unigrams is None:
                unigrams = unigram_ranks(ids, lengths, segment)
            grams, heads = unigrams
            owner, gram_segment = tok_slot, tok_segment[heads]
        else:
            keep = (remaining >= n) & good
            keep[:-1] &= good[1:]  # the (n-1)-gram suffix must have matched too
            pos = np.flatnonzero(keep)
            if len(pos) == 0:
                break  # nothing matched at order n - 1: nothing can match above it
            grams, heads = _dense_rank(rank[pos] * base + ids[pos + n - 1])
            owner = tok_slot[pos]
            gram_segment = tok_segment[pos[heads]]
        n_grams = len(heads)
        clipped = np.bincount(grams[owner == 0], minlength=n_grams)
        ref_max = np.zeros(n_grams, dtype=np.int64)
        for k in range(1, n_slots):
            np.maximum(ref_max, np.bincount(grams[owner == k], minlength=n_grams), out=ref_max)
        np.minimum(clipped, ref_max, out=clipped)
        per_segment = np.bincount(gram_segment, weights=clipped, minlength=n_segments)
        matches[:, n - 1] = per_segment.astype(np.int64)
        if n < max_order:
            if n == 1:
                good, rank = (clipped > 0)[grams], grams
            else:
                good = np.zeros(n_tokens, dtype=bool)
                good[pos] = (clipped > 0)[grams]
                rank = np.zeros(n_tokens, dtype=np.int64)
                rank[pos] = grams
    return matches


def _check_size(n_segments: int, max_order: int, name: str) -> None:
    cells = n_segments * width(max_order)
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
    segment, slot = segment_slots(n_refs)
    hyp_len = lengths[:n]
    counted = min(max_order, int(hyp_len.max(initial=0)))
    matches = clipped_matches(ids, lengths, segment, slot, n, counted)
    ref_len = closest_lengths(hyp_len, lengths[n:], segment[n:])
    return rows_from_counts(hyp_len, ref_len, matches, max_order, NLTK)


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
    sums = np.zeros(width(max_n), dtype=np.int64)
    ngram_counts = np.zeros(max_n, dtype=np.int64)
    for a, b in _token_blocks(hyps, refs):
        k = min(max_n, max(1, *map(len, hyps[a:b])))
        rows = _token_list_block(hyps[a:b], refs[a:b], k)
        sums += padded_sum(rows, max_n, NLTK)
        ngram_counts[:k] += raw_counts(rows)
    return sums, tuple(int(x) for x in ngram_counts)


def sentence_stats(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]],
    hypotheses: Sequence[Sequence[Hashable]],
    max_n: int = 4,
) -> np.ndarray:
    """Per-sentence BLEU statistics by NLTK's rules, one ``int64`` row per sentence.

    Columns ``[c, r, m_1 .. m_N, t_1 .. t_N]`` (sacreBLEU's order): hypothesis length,
    closest reference length (ties to the shorter), clipped matches, and NLTK's n-gram
    totals ``max(1, count)`` (a sentence shorter than ``n`` still adds 1; the one column
    where these rows differ from :func:`segment_stats`, see :data:`bleu.rows.NLTK`).
    Score them with :func:`bleu.bleu_from_stats`. Arguments are in NLTK's layout and order.

    >>> hyps = [["the", "cat", "sat"], ["a", "dog"]]
    >>> refs = [[["the", "cat", "sat", "down"]], [["the", "dog"], ["a", "dog", "ran"]]]
    >>> sentence_stats(refs, hyps).tolist()
    [[3, 4, 3, 2, 1, 0, 3, 2, 1, 1], [2, 2, 2, 1, 0, 0, 2, 1, 1, 1]]
    """
    max_n = check_order(max_n, "max_n", limit=MAX_ORDER)
    hyps, refs = _checked_corpus(list_of_references, hypotheses)
    _check_size(len(hyps), max_n, "max_n")
    return _sentence_rows(hyps, refs, max_n)


@arguments_of(nltk_rules.corpus_bleu)
def corpus_bleu(list_of_references, hypotheses, weights, smoothing_function, auto_reweigh):
    """Corpus BLEU by NLTK's rules, vectorised: the same arguments, errors and value as
    :func:`bleu.nltk_rules.corpus_bleu` (and NLTK's, within 1e-12)."""
    hyps, refs = _checked_corpus(list_of_references, hypotheses)
    vectors, many = weight_vectors(weights)  # an iterator is read once: hand on the vectors
    auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    sums, raw = _summed_stats(hyps, refs, needed_orders(vectors, smoothing_function))
    c, r, *rest = sums.tolist()
    order = len(rest) // 2
    corpus_aware = is_own_method(smoothing_function, CORPUS_AWARE_METHODS)
    stats = CorpusStats(
        tuple(rest[:order]),
        tuple(rest[order:]),
        raw if corpus_aware else (),
        c,
        r,
        last=(refs[-1], hyps[-1]),
    )
    return bleu_from_stats(stats, vectors if many else vectors[0], smoothing_function, auto_reweigh)


# --- sacreBLEU's rules on raw strings ----------------------------------------------------


class EncodedReferences:
    """Reference streams tokenized and turned into ids once, to score systems against.

    ``streams[k][i]`` is the k-th reference of segment ``i`` (sacreBLEU's layout; ``None``
    means segment ``i`` has no k-th reference); they must be checked already. The
    references are kept segment by segment, so that a block of segments is a slice.
    """

    def __init__(self, streams: list[list[str | None]], options: TextOptions) -> None:
        self.options = options
        self.vocab = Vocabulary()
        texts, refs_per_segment = references_by_segment(streams)
        self.n_segments = len(refs_per_segment)
        self.nrefs = nrefs_of(refs_per_segment.tolist())
        ids, lengths = [], []
        # a text has fewer tokens than characters
        for start, stop in size_ranges(text_sizes(texts), BLOCK_TOKENS, len(texts)):
            block_ids, block_lengths = encode_segments(texts[start:stop], options, self.vocab)
            ids.append(block_ids)
            lengths.append(block_lengths)
        self.ids = np.concatenate(ids) if ids else np.zeros(0, dtype=np.int64)
        self.lengths = np.concatenate(lengths)
        # segment -> its first reference; reference -> its first token
        self.doc_start = np.concatenate([[0], np.cumsum(refs_per_segment)])
        self.tok_start = np.concatenate([[0], np.cumsum(self.lengths)])
        self.segment, slot = segment_slots(refs_per_segment)
        n = self.n_segments
        self.segment, self.slot = self.segment[n:], slot[n:]  # the references' part

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
        return rows_from_counts(hyp_len, ref_len, matches, max_order, SACREBLEU)

    def iter_rows(self, hypotheses: list[str], max_order: int) -> Iterable[tuple[int, np.ndarray]]:
        """``(start, rows)`` for consecutive blocks of segments."""
        ref_tokens = np.diff(self.tok_start[self.doc_start])
        # Blocks sized before tokenizing: a hypothesis has at most as many tokens as
        # characters, so a block of runaway hypotheses is as small as its text demands.
        for start, stop in size_ranges(
            ref_tokens + text_sizes(hypotheses), BLOCK_TOKENS, len(hypotheses)
        ):
            hyp_ids, hyp_len = encode_segments(hypotheses[start:stop], self.options, self.vocab)
            yield start, self.block_rows(start, stop, hyp_ids, hyp_len, max_order)

    def stats(self, hypotheses: list[str], max_order: int) -> np.ndarray:
        """Rows ``[c, r, m_1..m_N, t_1..t_N]`` of :func:`bleu.segment_stats`, per segment."""
        _check_size(self.n_segments, max_order, "max_ngram_order")
        rows = np.zeros((self.n_segments, width(max_order)), dtype=np.int64)
        for start, block in self.iter_rows(hypotheses, max_order):
            rows[start : start + len(block)] = block
        return rows


def encode_references(
    hypotheses: Any, references: Any, options: TextOptions, name: str = "hypotheses"
) -> tuple[list[str], EncodedReferences]:
    """Check the text arguments (sacreBLEU's layout); encode the references once.

    ``name`` is the hypotheses' argument name in the caller (``system``, ``baseline``).
    """
    hyps = check_hypotheses(hypotheses, name)
    streams = check_streams(references, len(hyps))
    return hyps, EncodedReferences(streams, options)


@arguments_of(sacrebleu_rules.segment_stats)
def segment_stats(hypotheses, references, tokenize, lowercase, max_ngram_order) -> np.ndarray:
    """:func:`bleu.sacrebleu_rules.segment_stats`, vectorised: the same ``int64`` array.

    One row ``[c, r, m_1..m_N, t_1..t_N]`` per segment, sacreBLEU's rows
    (:data:`bleu.rows.SACREBLEU`); score them with :func:`bleu.score_from_stats`.

    >>> segment_stats(["a b c", "a b"], [["a b c", "b a"]]).tolist()
    [[3, 3, 3, 2, 1, 0, 3, 2, 1, 0], [2, 2, 2, 0, 0, 0, 2, 1, 0, 0]]
    """
    text = TextOptions(tokenize, lowercase)
    max_ngram_order = check_order(max_ngram_order, "max_ngram_order", limit=MAX_ORDER)
    hyps, refs = encode_references(hypotheses, references, text)
    return refs.stats(hyps, max_ngram_order)
