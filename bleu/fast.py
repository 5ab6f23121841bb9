"""The fast path: corpus BLEU from vectorised sufficient statistics.

Same arguments, same checks and the same numbers as the step-by-step functions the
notebooks teach (tested equal: :func:`corpus_bleu` to :func:`bleu.corpus_bleu` and NLTK,
:func:`corpus_score` to :func:`bleu.corpus_score` and ``sacrebleu.corpus_bleu``), but the
per-sentence counting is done for the whole corpus at once by :mod:`bleu.stats` and the
13a tokenization for the whole stream at once by :mod:`bleu.batch`.

Corpus BLEU only needs the column sums of the per-sentence statistics
``[c, r, m_1..m_N, t_1..t_N]`` (Papineni et al., 2002)::

    p_n = sum_s m_{s,n} / sum_s t_{s,n}      BP = min(1, exp(1 - r / c))
    BLEU = BP * exp(sum_n w_n log p_n)

>>> hyps = [["the", "cat", "sat", "on", "the", "mat"], ["a", "dog", "ran"]]
>>> refs = [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran", "off"]]]
>>> round(corpus_bleu(refs, hyps), 4)
0.8327
>>> print(corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]]))
BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from ._validate import check_order
from .batch import Vocabulary, encode_segments
from .sacre import (
    BleuScore,
    _check_bool,
    _check_segments,
    _check_smoothing,
    _check_streams,
    make_signature,
    score_from_stats,
)
from .score import (
    UNIFORM_4,
    CorpusStats,
    Smoother,
    Weights,
    _is_method,
    _weight_vectors,
    needed_orders,
    score_from_sums,
)
from .smoothing import CORPUS_AWARE_METHODS, SmoothingFunction
from .stats import _checked_corpus, _sentence_rows, clipped_matches, closest_lengths
from .tokenize import check_tokenizer_name

# --- NLTK semantics (token lists) ------------------------------------------------------


def _nltk_score(
    sums: Sequence[int],
    weight_vectors: list[tuple[float, ...]],
    smoothing_function: Smoother | None,
    auto_reweigh: bool,
    ngram_counts: Sequence[int] | None,
    last: tuple[Any, Any] = (None, None),
) -> list[float]:
    """:func:`bleu.score.score_from_sums` from a summed statistics row."""
    hyp_len, ref_len, *rest = (int(x) for x in sums)
    order = len(rest) // 2
    needed = needed_orders(weight_vectors, smoothing_function)
    if order < needed:
        raise ValueError(
            f"stats has {order} n-gram orders but these weights and smoothing need {needed}"
        )
    smoother = smoothing_function or SmoothingFunction().method0
    if ngram_counts is None and _is_method(smoother, CORPUS_AWARE_METHODS):
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
    return score_from_sums(stats, weight_vectors, smoothing_function, auto_reweigh, True, last)


def _raw_counts(rows: np.ndarray) -> tuple[int, ...]:
    order = (rows.shape[1] - 2) // 2
    orders = np.arange(1, order + 1)
    return tuple(int(x) for x in np.maximum(rows[:, :1] - orders + 1, 0).sum(axis=0))


def bleu_from_stats(
    stats: Any,
    weights: Weights | Sequence[Weights] = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """Corpus BLEU (NLTK semantics, 0-1) from :func:`bleu.stats.sentence_stats` rows.

    ``stats`` is the 2-D array of rows, or its column sums (then smoothing methods 5-7,
    which need the raw n-gram counts, are not available). Methods 5 and 7 also need
    statistics up to order 5 (``sentence_stats(..., max_n=5)``).

    >>> from bleu.stats import sentence_stats
    >>> rows = sentence_stats([[["a", "b", "c", "d"]]] * 2, [["a", "b", "c", "d"], ["a", "b"]])
    >>> round(bleu_from_stats(rows, weights=(0.5, 0.5)), 4), round(bleu_from_stats(rows[0]), 4)
    (0.7165, 1.0)
    """
    array = np.asarray(stats)
    if not np.issubdtype(array.dtype, np.integer) or array.ndim not in (1, 2):
        raise ValueError("stats must be an integer array of rows [c, r, m_1..m_N, t_1..t_N]")
    if array.shape[-1] < 4 or array.shape[-1] % 2:
        raise ValueError(f"stats rows must have an even length >= 4, got shape {array.shape}")
    if (array < 0).any():
        raise ValueError("stats must hold non-negative whole numbers")
    counts = _raw_counts(array) if array.ndim == 2 else None
    sums = array.sum(axis=0) if array.ndim == 2 else array
    vectors, many = _weight_vectors(weights)
    scores = _nltk_score(sums, vectors, smoothing_function, auto_reweigh, counts)
    return scores if many else scores[0]


def corpus_bleu(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]],
    hypotheses: Sequence[Sequence[Hashable]],
    weights: Weights | Sequence[Weights] = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """:func:`bleu.corpus_bleu`, fast: same arguments, errors and value (to 1e-12)."""
    hyps, refs = _checked_corpus(list_of_references, hypotheses)
    vectors, many = _weight_vectors(weights)
    max_n = max(len(w) for w in vectors)
    smoother = smoothing_function or SmoothingFunction().method0
    corpus_aware = _is_method(smoother, CORPUS_AWARE_METHODS)
    rows = _sentence_rows(hyps, refs, max(max_n, 5) if corpus_aware else max_n)
    counts = _raw_counts(rows) if corpus_aware else None
    scores = _nltk_score(
        rows.sum(axis=0), vectors, smoothing_function, auto_reweigh, counts, (refs[-1], hyps[-1])
    )
    return scores if many else scores[0]


# --- sacreBLEU semantics (raw strings) -------------------------------------------------


class EncodedReferences:
    """Reference streams tokenized and turned into ids once, to score systems against.

    ``streams[k][i]`` is the k-th reference of segment ``i`` (sacreBLEU's layout; ``None``
    means segment ``i`` has no k-th reference). Arguments must be checked already.
    """

    def __init__(self, streams: list[list[str | None]], tokenize: str, lowercase: bool) -> None:
        self.tokenize = tokenize
        self.lowercase = lowercase
        self.vocab = Vocabulary()
        n = self.n_segments = len(streams[0])
        texts: list[str] = []
        segment, slot = [], []
        counts = np.zeros(n, dtype=np.int64)
        for k, stream in enumerate(streams):
            if all(type(ref) is str for ref in stream):
                texts += stream
                present = np.arange(n)
            else:
                texts += [ref for ref in stream if ref is not None]
                present = np.flatnonzero([ref is not None for ref in stream])
            segment.append(present)
            slot.append(np.full(len(present), k + 1))
            counts[present] += 1
        if (counts == 0).any():
            i = int(np.flatnonzero(counts == 0)[0])
            raise ValueError(f"segment {i} has no reference: every stream has None there")
        self.nrefs: int | str = int(counts[0]) if (counts == counts[0]).all() else "var"
        self.ids, self.lengths = encode_segments(texts, tokenize, lowercase, self.vocab)
        self.segment = np.concatenate(segment)
        self.slot = np.concatenate(slot)

    def stats(self, hypotheses: list[str], max_order: int) -> np.ndarray:
        """Rows ``[c, r, m_1..m_N, t_1..t_N]`` of :func:`bleu.segment_stats`, per segment."""
        n = self.n_segments
        hyp_ids, hyp_len = encode_segments(hypotheses, self.tokenize, self.lowercase, self.vocab)
        matches = clipped_matches(
            np.concatenate([hyp_ids, self.ids]),
            np.concatenate([hyp_len, self.lengths]),
            np.concatenate([np.arange(n), self.segment]),
            np.concatenate([np.zeros(n, dtype=np.int64), self.slot]),
            n,
            max_order,
        )
        ref_len = closest_lengths(hyp_len, self.lengths, self.segment)
        orders = np.arange(1, max_order + 1)
        totals = np.maximum(hyp_len[:, None] - orders[None, :] + 1, 0)
        return np.column_stack([hyp_len, ref_len, matches, totals]).astype(np.int64)


def _all_str(value: Any, length: int | None = None) -> bool:
    """A list of ``str`` only (of ``length`` items when given): the common, valid case."""
    if type(value) is not list or (length is not None and len(value) != length):
        return False
    return all(type(item) is str for item in value)


def check_segments(hypotheses: Any, name: str = "hypotheses") -> list[str]:
    """A non-empty list of segments, checked as :mod:`bleu.sacre` checks it."""
    hyps = hypotheses if _all_str(hypotheses) else _check_segments(hypotheses, name)
    if not hyps:
        raise ValueError(f"{name} is empty: give at least one segment")
    return hyps


def check_streams(references: Any, n_segments: int) -> list[list[str | None]]:
    """Reference streams checked as :mod:`bleu.sacre` checks them."""
    if (
        type(references) is list
        and references
        and all(_all_str(stream, n_segments) for stream in references)
    ):
        return references
    return _check_streams(references, n_segments)


def prepare(
    hypotheses: Any, references: Any, tokenize: Any, lowercase: Any, max_ngram_order: Any
) -> tuple[list[str], EncodedReferences, int]:
    """Check the arguments in :mod:`bleu.sacre`'s order, with its errors; encode the references."""
    hyps = check_segments(hypotheses)
    streams = check_streams(references, len(hyps))
    tokenize = check_tokenizer_name(tokenize)
    lowercase = _check_bool(lowercase, "lowercase")
    max_order = check_order(max_ngram_order, "max_ngram_order")
    return hyps, EncodedReferences(streams, tokenize, lowercase), max_order


def segment_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenize: str = "13a",
    lowercase: bool = False,
    max_ngram_order: int = 4,
) -> np.ndarray:
    """:func:`bleu.segment_stats`, fast: the same ``int64`` array."""
    hyps, refs, max_order = prepare(hypotheses, references, tokenize, lowercase, max_ngram_order)
    return refs.stats(hyps, max_order)


def corpus_score(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    effective_order: bool = False,
) -> BleuScore:
    """:func:`bleu.corpus_score`, fast: same arguments, errors, result and signature."""
    effective_order = _check_bool(effective_order, "effective_order")
    _check_smoothing(smooth, smooth_value)
    hyps, refs, max_order = prepare(hypotheses, references, tokenize, lowercase, max_ngram_order)
    rows = refs.stats(hyps, max_order)
    signature = make_signature(
        refs.nrefs, tokenize, lowercase, smooth, smooth_value, effective_order, max_order
    )
    return score_from_stats(rows.sum(axis=0), smooth, smooth_value, effective_order, signature)
