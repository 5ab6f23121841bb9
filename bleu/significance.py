"""Confidence intervals and paired significance tests for corpus BLEU, as sacreBLEU does them.

Corpus BLEU is a function of summed per-segment statistics (:func:`bleu.segment_stats`),
so a resampled test set is just a resampled set of rows, and its BLEU is one row of sums.
Every test here draws its random numbers exactly as sacreBLEU 2.x does (numpy's
``default_rng(seed)``, default seed 12345), so with the same seed the resamples are the
same; the scores are computed from exact integer sums in float64 (sacreBLEU sums in
float32), which can move a p-value only when a resampled difference ties the observed one.

- :func:`confidence_interval` (sacreBLEU ``--confidence``): draw ``n_samples`` test sets of
  the same size with replacement; ``mean`` is the mean resampled BLEU and ``ci`` the
  half-width ``(upper - lower) / 2`` of the interval between the sorted scores at
  (0-based) positions ``n // 40`` and ``n - n // 40 - 1`` (about 95%; for 1000 resamples
  the 26th smallest and the 26th largest).
- :func:`paired_bootstrap` (``--paired-bs``; Koehn, 2004, *Statistical Significance Tests
  for Machine Translation Evaluation*, EMNLP, as Moses' ``bootstrap-hypothesis-difference-
  significance.pl`` implements it): the same resampled test sets score both systems;
  with ``d_i = |BLEU_sys,i - BLEU_base,i|`` and the observed ``delta = |BLEU_sys -
  BLEU_base|``, ``p = (#{i: d_i - mean(d) > delta} + 1) / (n + 1)``.
- :func:`approximate_randomization` (``--paired-ar``; Riezler and Maxwell, 2005, *On Some
  Pitfalls in Automatic Evaluation and Significance Testing for MT*, ACL workshop;
  after MultEval): in each trial every segment's pair of outputs is swapped between the
  two systems with probability 1/2; ``p = (#{trials: |BLEU_a - BLEU_b| > delta} + 1) /
  (n + 1)``.

A small p-value says the difference is unlikely if both outputs came from the same
process; it says nothing about whether the difference matters.

Memory: to draw what sacreBLEU draws, the random numbers come in one call, as in
sacreBLEU: ``n_samples x segments`` int64 indices (24 MB for 1000 x 3000) or
``n_trials x segments`` booleans (30 MB for 10000 x 3000). The sums are then formed
block by block, so nothing larger is held.

>>> refs = [["the cat sat on the mat", "a dog ran in the park", "it is raining again"]]
>>> result = confidence_interval(["the cat sat on a mat", "a dog ran", "it rains"], refs,
...                              n_samples=200)
>>> round(result.score, 2), result.low <= result.mean <= result.high
(35.89, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .fast import EncodedReferences, check_segments, prepare
from .sacre import _LOG_ZERO, _check_bool, _check_smoothing

DEFAULT_SEED = 12345
"""sacreBLEU's default seed (``SACREBLEU_SEED``)."""

_CHUNK_CELLS = 2**19  # rows x segments per block when summing resamples (bounds memory)


# --- BLEU for many rows of summed statistics at once --------------------------------


def scores_from_stats(
    sums: Any,
    smooth: str = "exp",
    smooth_value: float | None = None,
    effective_order: bool = False,
) -> np.ndarray:
    """BLEU (0-100) of each row of summed statistics ``[c, r, m_1..m_N, t_1..t_N]``.

    :func:`bleu.score_from_stats` for a whole matrix at once (the same arithmetic, in
    numpy): ``p_n = 100 m_n / t_n`` with sacreBLEU's smoothing, ``BP = exp(1 - r / c)``
    when ``c < r``, ``BLEU = BP exp(sum_n log p_n / N)``.

    >>> scores_from_stats([[7, 7, 6, 4, 2, 1, 7, 6, 5, 4], [7, 7, 0, 0, 0, 0, 7, 6, 5, 4]])
    array([48.89230224,  0.        ])
    """
    smooth, value = _check_smoothing(smooth, smooth_value)
    effective_order = _check_bool(effective_order, "effective_order")
    stats = np.atleast_2d(np.asarray(sums, dtype=np.float64))
    if stats.ndim != 2 or stats.shape[1] < 4 or stats.shape[1] % 2:
        raise ValueError(f"sums must be rows [c, r, m_1..m_N, t_1..t_N], got shape {stats.shape}")
    order = (stats.shape[1] - 2) // 2
    sys_len, ref_len = stats[:, 0], stats[:, 1]
    correct = stats[:, 2 : 2 + order].copy()
    total = stats[:, 2 + order :].copy()
    any_match = (correct > 0).any(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        bp = np.where(sys_len < ref_len, np.exp(1 - ref_len / sys_len), 1.0)
        bp[(sys_len < ref_len) & (sys_len <= 0)] = 0.0
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
        logs = np.where(precision > 0, np.log(precision), float(_LOG_ZERO))
    if effective_order:
        used = np.maximum(valid.sum(axis=1), 1)
        logs = np.where(np.arange(order) < used[:, None], logs, 0.0)
    else:
        used = np.full(len(stats), order)
    scores = bp * np.exp(logs.sum(axis=1) / used)
    return np.where(any_match, scores, 0.0)


# --- resampling ----------------------------------------------------------------------


def _resampled_sums(stats: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Column sums of ``stats[indices[i]]`` for every row ``i``, exactly (float64 ints).

    Each resample is turned into counts (how often each segment was drawn) and the sums
    are ``counts @ stats``: one matrix product instead of a gather of every row.
    """
    n_rows, n = indices.shape
    table = stats.astype(np.float64)
    out = np.empty((n_rows, stats.shape[1]))
    block = max(1, _CHUNK_CELLS // max(n, 1))
    for start in range(0, n_rows, block):
        part = indices[start : start + block]
        offsets = (np.arange(len(part)) * n)[:, None]
        counts = np.bincount((part + offsets).ravel(), minlength=len(part) * n)
        out[start : start + block] = counts.reshape(len(part), n) @ table
    return out


def _masked_sums(mask: np.ndarray, stats: np.ndarray) -> np.ndarray:
    """``mask @ stats`` for a boolean matrix, block by block (float64, exact)."""
    n_rows, n = mask.shape
    table = stats.astype(np.float64)
    out = np.empty((n_rows, stats.shape[1]))
    block = max(1, _CHUNK_CELLS // max(n, 1))
    for start in range(0, n_rows, block):
        out[start : start + block] = mask[start : start + block].astype(np.float64) @ table
    return out


def _interval(scores: np.ndarray) -> tuple[float, float, float, float]:
    """sacreBLEU's ``estimate_ci``: mean, half-width, and the two order statistics."""
    ordered = np.sort(scores)
    lower = len(ordered) // 40
    low, high = float(ordered[lower]), float(ordered[len(ordered) - lower - 1])
    return float(ordered.mean()), 0.5 * (high - low), low, high


# --- results -------------------------------------------------------------------------


@dataclass(frozen=True)
class ConfidenceResult:
    """A system's BLEU with a bootstrap estimate (sacreBLEU's ``μ = mean ± ci``).

    ``ci`` is the 95% *half-width*, ``(high - low) / 2``; ``low`` and ``high`` are the
    2.5% and 97.5% order statistics of the resampled scores (``samples``).
    """

    score: float
    mean: float
    ci: float
    low: float
    high: float
    n_samples: int
    seed: int | None
    samples: np.ndarray = field(repr=False, compare=False)

    def __str__(self) -> str:
        return f"BLEU = {self.score:.2f} (μ = {self.mean:.2f} ± {self.ci:.2f})"


@dataclass(frozen=True)
class PairedResult:
    """The outcome of a paired test of ``system`` against ``baseline`` (scores 0-100).

    ``score``, ``mean`` and ``ci`` describe the system (as sacreBLEU's ``Result``;
    ``mean``/``ci`` are ``None`` when no bootstrap was run), ``baseline`` the baseline,
    ``p_value`` the test's p-value. ``samples`` keeps the resampled statistics: for the
    bootstrap the system and baseline scores (2 rows), for approximate randomization the
    absolute score differences of the shuffled pairs.
    """

    test: str
    score: float
    p_value: float
    mean: float | None
    ci: float | None
    baseline: ConfidenceResult | float
    n_samples: int
    seed: int | None
    samples: np.ndarray = field(repr=False, compare=False)

    @property
    def baseline_score(self) -> float:
        base = self.baseline
        return base.score if isinstance(base, ConfidenceResult) else float(base)

    @property
    def delta(self) -> float:
        """System minus baseline BLEU on the whole test set."""
        return self.score - self.baseline_score

    def significant(self, alpha: float = 0.05) -> bool:
        """``p_value < alpha``."""
        return self.p_value < alpha

    def __str__(self) -> str:
        estimate = "" if self.mean is None else f" (μ = {self.mean:.2f} ± {self.ci:.2f})"
        return (
            f"{self.test}: BLEU = {self.score:.2f}{estimate} vs baseline "
            f"{self.baseline_score:.2f}, delta = {self.delta:+.2f}, p = {self.p_value:.4f}"
        )


# --- the tests on statistics ---------------------------------------------------------


def _check_count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    return int(value)


def _check_seed(seed: Any) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be a whole number or None, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    return int(seed)


def _check_stats(stats: Any, name: str) -> np.ndarray:
    array = np.asarray(stats)
    if array.ndim != 2 or array.shape[0] < 1 or array.shape[1] < 4 or array.shape[1] % 2:
        raise ValueError(f"{name} must be per-segment rows [c, r, m.., t..], got {array.shape}")
    if not np.issubdtype(array.dtype, np.integer) or (array < 0).any():
        raise ValueError(f"{name} must hold non-negative whole numbers")
    return array


def _paired_stats(baseline: Any, system: Any) -> tuple[np.ndarray, np.ndarray]:
    base = _check_stats(baseline, "baseline")
    sys_ = _check_stats(system, "system")
    if base.shape != sys_.shape:
        raise ValueError(f"baseline has shape {base.shape} but system has shape {sys_.shape}")
    return base, sys_


def confidence_from_stats(
    stats: Any, n_samples: int = 1000, seed: int | None = DEFAULT_SEED, **bleu_options: Any
) -> ConfidenceResult:
    """:func:`confidence_interval` from per-segment statistics (rows of :func:`segment_stats`)."""
    rows = _check_stats(stats, "stats")
    n_samples = _check_count(n_samples, "n_samples")
    seed = _check_seed(seed)
    rng = np.random.default_rng(seed)
    indices = rng.choice(len(rows), size=(n_samples, len(rows)), replace=True)
    return _confidence(rows, indices, seed, bleu_options)


def _confidence(
    rows: np.ndarray, indices: np.ndarray, seed: int | None, options: dict
) -> ConfidenceResult:
    score = float(scores_from_stats(rows.sum(axis=0), **options)[0])
    samples = scores_from_stats(_resampled_sums(rows, indices), **options)
    mean, half, low, high = _interval(samples)
    return ConfidenceResult(score, mean, half, low, high, len(indices), seed, samples)


def paired_bootstrap_from_stats(
    baseline: Any,
    system: Any,
    n_samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    **bleu_options: Any,
) -> PairedResult:
    """:func:`paired_bootstrap` from the two systems' per-segment statistics."""
    base, sys_ = _paired_stats(baseline, system)
    n_samples = _check_count(n_samples, "n_samples")
    seed = _check_seed(seed)
    rng = np.random.default_rng(seed)
    indices = rng.choice(len(base), size=(n_samples, len(base)), replace=True)
    base_result = _confidence(base, indices, seed, bleu_options)
    sys_result = _confidence(sys_, indices, seed, bleu_options)
    delta = abs(base_result.score - sys_result.score)
    diffs = np.abs(sys_result.samples - base_result.samples)
    centred = diffs - diffs.mean()
    p_value = (int(np.sum(centred > delta)) + 1) / (n_samples + 1)
    return PairedResult(
        "paired bootstrap",
        sys_result.score,
        p_value,
        sys_result.mean,
        sys_result.ci,
        base_result,
        n_samples,
        seed,
        np.vstack([sys_result.samples, base_result.samples]),
    )


def approximate_randomization_from_stats(
    baseline: Any,
    system: Any,
    n_trials: int = 10000,
    seed: int | None = DEFAULT_SEED,
    n_confidence: int = 0,
    **bleu_options: Any,
) -> PairedResult:
    """:func:`approximate_randomization` from the two systems' per-segment statistics."""
    base, sys_ = _paired_stats(baseline, system)
    n_trials = _check_count(n_trials, "n_trials")
    seed = _check_seed(seed)
    if n_confidence:
        n_confidence = _check_count(n_confidence, "n_confidence")
    rng = np.random.default_rng(seed)
    take_base = rng.integers(2, size=(n_trials, len(base)), dtype=bool)
    base_score = float(scores_from_stats(base.sum(axis=0), **bleu_options)[0])
    sys_score = float(scores_from_stats(sys_.sum(axis=0), **bleu_options)[0])
    # pseudo-system a takes the baseline's segment where take_base is set, b the other one
    shuffled_a = sys_.sum(axis=0) + _masked_sums(take_base, base - sys_)
    shuffled_b = (base.sum(axis=0) + sys_.sum(axis=0)) - shuffled_a
    diffs = np.abs(
        scores_from_stats(shuffled_a, **bleu_options)
        - scores_from_stats(shuffled_b, **bleu_options)
    )
    p_value = (int(np.sum(diffs > abs(base_score - sys_score))) + 1) / (n_trials + 1)
    mean = ci = None
    if n_confidence:
        indices = rng.choice(len(sys_), size=(n_confidence, len(sys_)), replace=True)
        estimate = _confidence(sys_, indices, seed, bleu_options)
        mean, ci = estimate.mean, estimate.ci
    return PairedResult(
        "approximate randomization",
        sys_score,
        p_value,
        mean,
        ci,
        base_score,
        n_trials,
        seed,
        diffs,
    )


# --- the tests on raw text -----------------------------------------------------------


def _bleu_options(smooth: Any, smooth_value: Any, effective_order: Any) -> dict[str, Any]:
    smooth, _ = _check_smoothing(smooth, smooth_value)
    return {
        "smooth": smooth,
        "smooth_value": smooth_value,
        "effective_order": _check_bool(effective_order, "effective_order"),
    }


def _two_systems(
    baseline: Any, system: Any, references: Any, tokenize: Any, lowercase: Any, order: Any
) -> tuple[np.ndarray, np.ndarray, EncodedReferences]:
    base_hyps, refs, max_order = prepare(baseline, references, tokenize, lowercase, order)
    sys_hyps = check_segments(system, "system")
    if len(sys_hyps) != len(base_hyps):
        raise ValueError(
            f"system has {len(sys_hyps)} segments but baseline has {len(base_hyps)}: "
            "both must translate the same test set"
        )
    return refs.stats(base_hyps, max_order), refs.stats(sys_hyps, max_order), refs


def confidence_interval(
    system: Sequence[str],
    references: Sequence[Sequence[str | None]],
    n_samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    effective_order: bool = False,
) -> ConfidenceResult:
    """Corpus BLEU of ``system`` with a bootstrap 95% interval (sacreBLEU ``--confidence``).

    ``references`` are sacreBLEU reference streams; the options are those of
    :func:`bleu.corpus_score`. ``seed=None`` draws fresh randomness.
    """
    options = _bleu_options(smooth, smooth_value, effective_order)
    hyps, refs, max_order = prepare(system, references, tokenize, lowercase, max_ngram_order)
    return confidence_from_stats(refs.stats(hyps, max_order), n_samples, seed, **options)


def paired_bootstrap(
    baseline: Sequence[str],
    system: Sequence[str],
    references: Sequence[Sequence[str | None]],
    n_samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    effective_order: bool = False,
) -> PairedResult:
    """Paired bootstrap resampling test of ``system`` against ``baseline`` (Koehn, 2004).

    Equal to sacreBLEU's ``--paired-bs`` (same resamples for the same seed): ``score``,
    ``mean`` and ``ci`` are the system's BLEU, bootstrap mean and 95% half-width,
    ``baseline`` the same for the baseline, ``p_value`` the test's p-value.
    """
    options = _bleu_options(smooth, smooth_value, effective_order)
    base, sys_, _ = _two_systems(baseline, system, references, tokenize, lowercase, max_ngram_order)
    return paired_bootstrap_from_stats(base, sys_, n_samples, seed, **options)


def approximate_randomization(
    baseline: Sequence[str],
    system: Sequence[str],
    references: Sequence[Sequence[str | None]],
    n_trials: int = 10000,
    seed: int | None = DEFAULT_SEED,
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    effective_order: bool = False,
    n_confidence: int = 0,
) -> PairedResult:
    """Paired approximate randomization test (Riezler and Maxwell, 2005), sacreBLEU ``--paired-ar``.

    ``n_confidence > 0`` also bootstraps the system's mean and 95% half-width with that
    many resamples, drawn after the trials as sacreBLEU's ``n_ar_confidence`` does.
    """
    options = _bleu_options(smooth, smooth_value, effective_order)
    base, sys_, _ = _two_systems(baseline, system, references, tokenize, lowercase, max_ngram_order)
    return approximate_randomization_from_stats(base, sys_, n_trials, seed, n_confidence, **options)


__all__ = [
    "DEFAULT_SEED",
    "ConfidenceResult",
    "PairedResult",
    "approximate_randomization",
    "approximate_randomization_from_stats",
    "confidence_from_stats",
    "confidence_interval",
    "paired_bootstrap",
    "paired_bootstrap_from_stats",
    "scores_from_stats",
]
