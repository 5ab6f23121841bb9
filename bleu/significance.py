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

One departure from sacreBLEU, on purpose: when the two systems score exactly the same
on the whole test set (a system compared with itself), there is no difference to test
and the p-value is 1.0. sacreBLEU reports a small p there (about ``1 / (n + 1)``, since
no resample can beat an observed difference of 0 by ``>``), and calls identical systems
"significantly different". Every other case keeps sacreBLEU's p-value.

Cost: linear in resamples x segments; memory bounded. sacreBLEU draws every resample's
indices in one call (``n_samples x segments`` int64: 8 GB for 1000 x 1e6); here they are
drawn in blocks of rows from the same generator, which yields the same numbers (integer
draws take one 32-bit word each; boolean blocks are multiples of 32 draws, so numpy's
buffered boolean draws line up too). Each resample becomes counts per segment
(``np.bincount`` over a few resamples at a time, so that the counts stay in the CPU
cache), written into one reused float64 block of about 2**22 cells (32 MiB), which is
multiplied with the statistics (one matrix product per block for both systems).

Defined in notebook 10 (corpus BLEU and significance).

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

from .checks import check_count, check_hypotheses, check_seed, check_stats
from .options import BleuOptions, ScoringOptions, scoring_options
from .rows import order_of
from .rules import scores_from_stats
from .vectorized import encode_references

DEFAULT_SEED = 12345
"""sacreBLEU's default seed (``SACREBLEU_SEED``)."""

MAX_RESAMPLES = 10**7
"""The most resamples or trials one test draws (p-values finer than 1e-7 mean nothing)."""

MAX_SUM_CELLS = 2**27
"""The most resampled sums of one system (``resamples x (2 + 2 N)`` floats, 1 GiB).

With 4-gram statistics (10 columns) :data:`MAX_RESAMPLES` binds first; with thousands of
orders this does, instead of numpy failing to allocate the array."""

_BLOCK_CELLS = 2**22  # resamples x segments held at once as float64 counts (32 MiB)
_BINCOUNT_BINS = 2**17  # bins of one np.bincount call at most (1 MiB of int64: in cache)


def _block_rows(n_segments: int, n_rows: int) -> int:
    """Resamples per block: about _BLOCK_CELLS cells, at most ``n_rows``, and a multiple
    of ``32 / gcd(n_segments, 32)``, so that every block draws a multiple of 32 booleans."""
    unit = 32 // np.gcd(max(n_segments, 1), 32)
    rows = max(unit, _BLOCK_CELLS // max(n_segments, 1) // unit * unit)
    return min(rows, -(-n_rows // unit) * unit)


def _resampled_sums(
    rng: np.random.Generator, n_samples: int, tables: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """Column sums of ``n_samples`` bootstrap resamples of each table's rows.

    The resamples are sacreBLEU's: ``rng.choice(N, size=(n_samples, N))`` (which is
    ``rng.integers(0, N, size=(n_samples, N))``), drawn here a few rows at a time: each
    integer below 2**32 takes its 32-bit words from the generator one by one, so any
    split yields the same numbers. Each resample's indices become counts (how often each
    segment was drawn, ``np.bincount`` over a few resamples at once, so that the counted
    bins stay in cache) in a reused float64 block, and the sums are ``counts @ table``
    for every table at once (the same resample for every table). Time is linear in
    resamples x segments; memory is the tables plus one block (:data:`_BLOCK_CELLS`).
    """
    n = len(tables[0])
    widths = [table.shape[1] for table in tables]
    joined = np.empty((n, sum(widths)))  # one float64 copy of every table, side by side
    for table, end in zip(tables, np.cumsum(widths)):
        joined[:, end - table.shape[1] : end] = table
    sums = np.empty((n_samples, joined.shape[1]))
    step = _block_rows(n, n_samples)
    counts = np.empty((step, n))
    group = max(1, _BINCOUNT_BINS // n)  # resamples per bincount call
    offsets = (np.arange(group) * n)[:, None]
    for start in range(0, n_samples, step):
        rows = min(step, n_samples - start)
        for first in range(0, rows, group):
            k = min(group, rows - first)
            indices = rng.integers(0, n, size=(k, n))
            if k > 1:
                indices += offsets[:k]  # resample i counts into bins i * N .. i * N + N - 1
            counted = np.bincount(indices.ravel(), minlength=k * n)
            counts[first : first + k] = counted.reshape(k, n)
        np.matmul(counts[:rows], joined, out=sums[start : start + rows])
    parts = np.split(sums, np.cumsum(widths)[:-1], axis=1)
    return [np.ascontiguousarray(part) for part in parts]


def _swapped_sums(rng: np.random.Generator, n_trials: int, difference: np.ndarray) -> np.ndarray:
    """``mask @ difference`` for sacreBLEU's swap masks ``rng.integers(2, size=(n, N))``.

    Boolean draws take one 32-bit word per 32 booleans of a call, so a split yields the
    same masks only when every call draws a multiple of 32 of them: the block sizes of
    :func:`_block_rows` do (except the last block, which ends the stream of masks).
    """
    n = len(difference)
    table = difference.astype(np.float64)
    out = np.empty((n_trials, difference.shape[1]))
    step = _block_rows(n, n_trials)
    block = np.empty((step, n))
    for start in range(0, n_trials, step):
        rows = min(step, n_trials - start)
        mask = rng.integers(2, size=(rows, n), dtype=bool)
        np.copyto(block[:rows], mask)
        del mask
        np.matmul(block[:rows], table, out=out[start : start + rows])
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


def _check_count(value: Any, name: str, columns: int = 10) -> int:
    """A number of resamples or trials: at least 1, at most :data:`MAX_RESAMPLES`, and few
    enough that one system's resampled sums (``value x columns`` floats) stay within
    :data:`MAX_SUM_CELLS`; ``columns`` is the width of the statistics rows."""
    value = check_count(value, name)
    if value > MAX_RESAMPLES:
        raise ValueError(
            f"{name}={value} is more than {MAX_RESAMPLES:,} resamples: p-values finer than "
            f"1e-7 mean nothing, and the scores alone would take {value * 16 / 2**30:,.0f} GiB"
        )
    if value * columns > MAX_SUM_CELLS:
        orders = (columns - 2) // 2
        raise ValueError(
            f"{name}={value} resamples of statistics with {orders} n-gram orders would take "
            f"{value * columns * 8 / 2**30:,.1f} GiB of sums; give fewer resamples or a "
            "smaller max_ngram_order (orders longer than every sentence add nothing)"
        )
    return value


def _segment_rows(stats: Any, name: str) -> np.ndarray:
    rows = check_stats(stats, name)
    if rows.ndim != 2:
        raise ValueError(f"{name} must be per-segment rows (a 2-D array), not one row of sums")
    return rows


def _paired_input(
    baseline: Any, system: Any, bleu_options: dict[str, Any], count: tuple[Any, str], seed: Any
) -> tuple[np.ndarray, np.ndarray, ScoringOptions, int, int | None]:
    """The checked arguments of a paired test on rows: both systems' rows, the scoring
    options, the number of resamples or trials (``count``: value and name) and the seed."""
    base = _segment_rows(baseline, "baseline")
    sys_ = _segment_rows(system, "system")
    if base.shape != sys_.shape:
        raise ValueError(f"baseline has shape {base.shape} but system has shape {sys_.shape}")
    options = scoring_options(bleu_options, order_of(base))
    return base, sys_, options, _check_count(*count, base.shape[1]), check_seed(seed)


def _scores(sums: np.ndarray, options: ScoringOptions) -> np.ndarray:
    """sacreBLEU's BLEU of each row of sums (resampled sums are whole floats: made ints)."""
    return scores_from_stats(sums.astype(np.int64), options=options)


def _score(rows: np.ndarray, options: ScoringOptions) -> float:
    return float(_scores(rows.sum(axis=0)[None, :], options)[0])


def _estimate(score: float, samples: np.ndarray, seed: int | None) -> ConfidenceResult:
    mean, half, low, high = _interval(samples)
    return ConfidenceResult(score, mean, half, low, high, len(samples), seed, samples)


def _p_value(exceeding: int, n: int, observed: float) -> float:
    """``(#{resampled > observed} + 1) / (n + 1)``; 1.0 when nothing differs at all."""
    return 1.0 if observed == 0 else (exceeding + 1) / (n + 1)


def confidence_from_stats(
    stats: Any, n_samples: int = 1000, seed: int | None = DEFAULT_SEED, **bleu_options: Any
) -> ConfidenceResult:
    """:func:`confidence_interval` from per-segment statistics (rows of :func:`segment_stats`).

    ``bleu_options`` are the scoring options of :class:`~bleu.options.ScoringOptions`
    (``smooth_method``, ``smooth_value``, ``use_effective_order``; ``max_ngram_order``
    must be the rows'); a text option such as ``tokenize`` is a TypeError: the rows are
    tokenized already.
    """
    rows = _segment_rows(stats, "stats")
    options = scoring_options(bleu_options, order_of(rows))
    n_samples = _check_count(n_samples, "n_samples", rows.shape[1])
    seed = check_seed(seed)
    (sums,) = _resampled_sums(np.random.default_rng(seed), n_samples, [rows])
    return _estimate(_score(rows, options), _scores(sums, options), seed)


def paired_bootstrap_from_stats(
    baseline: Any,
    system: Any,
    n_samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    **bleu_options: Any,
) -> PairedResult:
    """:func:`paired_bootstrap` from the two systems' per-segment statistics.

    ``bleu_options`` as :func:`confidence_from_stats`.
    """
    base, sys_, options, n_samples, seed = _paired_input(
        baseline, system, bleu_options, (n_samples, "n_samples"), seed
    )
    base_sums, sys_sums = _resampled_sums(np.random.default_rng(seed), n_samples, [base, sys_])
    base_result = _estimate(_score(base, options), _scores(base_sums, options), seed)
    sys_result = _estimate(_score(sys_, options), _scores(sys_sums, options), seed)
    delta = abs(base_result.score - sys_result.score)
    diffs = np.abs(sys_result.samples - base_result.samples)
    centred = diffs - diffs.mean()
    p_value = _p_value(int(np.sum(centred > delta)), n_samples, delta)
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
    """:func:`approximate_randomization` from the two systems' per-segment statistics.

    ``bleu_options`` as :func:`confidence_from_stats`.
    """
    base, sys_, options, n_trials, seed = _paired_input(
        baseline, system, bleu_options, (n_trials, "n_trials"), seed
    )
    no_estimate = isinstance(n_confidence, (int, np.integer)) and n_confidence == 0
    if isinstance(n_confidence, bool) or not no_estimate:  # 0: no confidence estimate
        n_confidence = _check_count(n_confidence, "n_confidence", base.shape[1])
    rng = np.random.default_rng(seed)
    base_score, sys_score = _score(base, options), _score(sys_, options)
    # pseudo-system a takes the baseline's segment where the mask is set, b the other one
    shuffled_a = sys_.sum(axis=0) + _swapped_sums(rng, n_trials, base - sys_)
    shuffled_b = (base.sum(axis=0) + sys_.sum(axis=0)) - shuffled_a
    diffs = np.abs(_scores(shuffled_a, options) - _scores(shuffled_b, options))
    delta = abs(base_score - sys_score)
    p_value = _p_value(int(np.sum(diffs > delta)), n_trials, delta)
    mean = ci = None
    if n_confidence:
        (sums,) = _resampled_sums(rng, n_confidence, [sys_])
        estimate = _estimate(sys_score, _scores(sums, options), seed)
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


def _two_systems(
    baseline: Any, system: Any, references: Any, options: BleuOptions
) -> tuple[np.ndarray, np.ndarray]:
    """The per-segment rows of both systems, the references encoded once."""
    base_hyps, refs = encode_references(baseline, references, options.text, "baseline")
    sys_hyps = check_hypotheses(system, "system")
    if len(sys_hyps) != len(base_hyps):
        raise ValueError(
            f"system has {len(sys_hyps)} segments but baseline has {len(base_hyps)}: "
            "both must translate the same test set"
        )
    order = options.max_ngram_order
    return refs.stats(base_hyps, order), refs.stats(sys_hyps, order)


def scoring_keywords(options: BleuOptions) -> dict[str, Any]:
    """The keywords of ``options`` that act on statistics rows (the others act on text):
    what the tests on rows (``*_from_stats``) take."""
    return vars(options.scoring).copy()


def confidence_interval(
    system: Sequence[str],
    references: Sequence[Sequence[str | None]],
    n_samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    **options: Any,
) -> ConfidenceResult:
    """Corpus BLEU of ``system`` with a bootstrap 95% interval (sacreBLEU ``--confidence``).

    ``references`` are sacreBLEU reference streams; ``options`` are those of
    :func:`bleu.corpus_score` (``tokenize``, ``lowercase``, ``smooth``, ``smooth_value``,
    ``max_ngram_order``, ``effective_order``: a :class:`~bleu.BleuOptions`).
    ``seed=None`` draws fresh randomness.
    """
    made = BleuOptions(**options)
    hyps, refs = encode_references(system, references, made.text, "system")
    rows = refs.stats(hyps, made.max_ngram_order)
    return confidence_from_stats(rows, n_samples, seed, **scoring_keywords(made))


def paired_bootstrap(
    baseline: Sequence[str],
    system: Sequence[str],
    references: Sequence[Sequence[str | None]],
    n_samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    **options: Any,
) -> PairedResult:
    """Paired bootstrap resampling test of ``system`` against ``baseline`` (Koehn, 2004).

    Equal to sacreBLEU's ``--paired-bs`` (same resamples for the same seed), except that a
    zero observed difference gives p = 1.0: ``score``, ``mean`` and ``ci`` are the
    system's BLEU, bootstrap mean and 95% half-width, ``baseline`` the same for the
    baseline, ``p_value`` the test's p-value. ``options`` as :func:`confidence_interval`.
    """
    made = BleuOptions(**options)
    base, sys_ = _two_systems(baseline, system, references, made)
    return paired_bootstrap_from_stats(base, sys_, n_samples, seed, **scoring_keywords(made))


def approximate_randomization(
    baseline: Sequence[str],
    system: Sequence[str],
    references: Sequence[Sequence[str | None]],
    n_trials: int = 10000,
    seed: int | None = DEFAULT_SEED,
    n_confidence: int = 0,
    **options: Any,
) -> PairedResult:
    """Paired approximate randomization test (Riezler and Maxwell, 2005), sacreBLEU ``--paired-ar``.

    Equal to sacreBLEU's for the same seed, except that a zero observed difference gives
    p = 1.0. ``n_confidence > 0`` also bootstraps the system's mean and 95% half-width with
    that many resamples, drawn after the trials as sacreBLEU's ``n_ar_confidence`` does.
    ``options`` as :func:`confidence_interval`.
    """
    made = BleuOptions(**options)
    base, sys_ = _two_systems(baseline, system, references, made)
    return approximate_randomization_from_stats(
        base, sys_, n_trials, seed, n_confidence, **scoring_keywords(made)
    )


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
]
