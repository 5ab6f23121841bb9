"""bleu.significance against sacreBLEU 2.6.0's --confidence, --paired-bs and --paired-ar."""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import sacre_paired
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU

import bleu
from bleu import vectorized as fast
from bleu.options import SMOOTH_DEFAULTS
from bleu.rules import scores_from_stats
from bleu.significance import (
    ConfidenceResult,
    PairedResult,
    approximate_randomization,
    approximate_randomization_from_stats,
    confidence_from_stats,
    confidence_interval,
    paired_bootstrap,
    paired_bootstrap_from_stats,
)
from bleu.simulate import load_corpus, simulate_system


@pytest.fixture(scope="module")
def refs():
    return load_corpus()[:300]


@pytest.fixture(scope="module")
def close_pair(refs):
    """Two systems of about the same quality (p-values far from 0)."""
    return simulate_system(refs, "drop", 0.2, seed=1), simulate_system(refs, "drop", 0.2, seed=5)


@pytest.fixture(scope="module")
def clear_pair(refs):
    """A baseline and a system about 3 BLEU better (small p-values)."""
    base = simulate_system(refs, "substitute", 0.3, seed=1)
    return base, simulate_system(refs, "substitute", 0.28, seed=2)


# --- BLEU of many rows at once ---------------------------------------------------------


@st.composite
def rows(draw):
    """Summed statistics [c, r, m_1..m_4, t_1..t_4] as a corpus could produce them."""
    lengths = draw(st.lists(st.integers(0, 20), min_size=1, max_size=3))
    totals = [sum(max(0, c - n) for c in lengths) for n in range(4)]
    matches = [draw(st.integers(0, t)) if draw(st.booleans()) else 0 for t in totals]
    return [sum(lengths), draw(st.integers(0, 40)), *matches, *totals]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.lists(rows(), min_size=1, max_size=8),
    smooth=st.sampled_from(tuple(SMOOTH_DEFAULTS)),
    smooth_value=st.sampled_from([None, 0, 0.1, 2]),
    effective_order=st.booleans(),
)
def test_scores_from_stats_equals_score_from_stats_row_by_row(
    table, smooth, smooth_value, effective_order
):
    ours = scores_from_stats(table, smooth, smooth_value, effective_order)
    for score, row in zip(ours, table):
        expected = bleu.score_from_stats(row, smooth, smooth_value, effective_order).score
        assert math.isclose(score, expected, rel_tol=1e-12, abs_tol=1e-300), (row, smooth)


# --- agreement with sacreBLEU at the same seed -------------------------------------------


def test_paired_bootstrap_equals_sacrebleu_at_the_same_seed(
    refs, close_pair, clear_pair, monkeypatch
):
    for base, system in (close_pair, clear_pair):
        theirs_base, theirs = sacre_paired(base, system, refs, "bs", 1000, monkeypatch)
        ours = paired_bootstrap(base, system, [refs])
        assert ours.score == pytest.approx(theirs.score, abs=1e-9)
        # same resamples; sacreBLEU sums them in float32, so allow one tie to flip
        assert abs(ours.p_value - theirs.p_value) <= 1 / 1001 + 1e-12
        assert ours.mean == pytest.approx(theirs.mean, abs=1e-4)
        assert ours.ci == pytest.approx(theirs.ci, abs=1e-4)
        assert ours.baseline.mean == pytest.approx(theirs_base.mean, abs=1e-4)
        assert ours.baseline.ci == pytest.approx(theirs_base.ci, abs=1e-4)
        assert ours.baseline_score == pytest.approx(theirs_base.score, abs=1e-9)


def test_approximate_randomization_equals_sacrebleu_at_the_same_seed(
    refs, close_pair, clear_pair, monkeypatch
):
    for base, system in (close_pair, clear_pair):
        _, theirs = sacre_paired(base, system, refs, "ar", 2000, monkeypatch, n_ar_confidence=300)
        ours = approximate_randomization(base, system, [refs], n_trials=2000, n_confidence=300)
        assert abs(ours.p_value - theirs.p_value) <= 1 / 2001 + 1e-12
        assert ours.score == pytest.approx(theirs.score, abs=1e-9)
        assert ours.mean == pytest.approx(theirs.mean, abs=1e-4)
        assert ours.ci == pytest.approx(theirs.ci, abs=1e-4)


def test_confidence_interval_equals_sacrebleu(refs, clear_pair):
    system = clear_pair[1]
    theirs = BLEU().corpus_score(system, [refs], n_bootstrap=500)
    ours = confidence_interval(system, [refs], n_samples=500)
    assert ours.score == pytest.approx(theirs.score, abs=1e-9)
    assert ours.mean == pytest.approx(theirs._mean, abs=1e-4)
    assert ours.ci == pytest.approx(theirs._ci, abs=1e-4)
    assert ours.low <= ours.mean <= ours.high
    assert ours.ci == pytest.approx((ours.high - ours.low) / 2)


def test_p_values_agree_with_sacrebleu_at_another_seed_within_resampling_noise(
    refs, close_pair, clear_pair, monkeypatch
):
    for base, system in (close_pair, clear_pair):
        _, bs = sacre_paired(base, system, refs, "bs", 1000, monkeypatch, seed=7)
        _, ar = sacre_paired(base, system, refs, "ar", 2000, monkeypatch, seed=7)
        ours_bs = paired_bootstrap(base, system, [refs], n_samples=1000, seed=2024)
        ours_ar = approximate_randomization(base, system, [refs], n_trials=2000, seed=2024)
        for ours, theirs, n in ((ours_bs, bs, 1000), (ours_ar, ar, 2000)):
            p = max(theirs.p_value, 1 / n)
            noise = 5 * math.sqrt(2 * p * (1 - p) / n)  # five standard errors of a difference
            assert abs(ours.p_value - theirs.p_value) <= noise + 2 / n


def test_the_close_pair_is_not_significant_and_the_clear_one_is(refs, close_pair, clear_pair):
    for test in (paired_bootstrap, approximate_randomization):
        assert not test(*close_pair, [refs]).significant()
        assert test(*clear_pair, [refs]).significant()


def test_a_system_against_itself_is_not_significant(refs, clear_pair, monkeypatch):
    """sacreBLEU reports p = 1/(n+1) here ("significant"); a zero difference gives p = 1."""
    base = clear_pair[0]
    _, theirs = sacre_paired(base, list(base), refs, "bs", 200, monkeypatch)
    assert theirs.p_value == pytest.approx(1 / 201)  # the trap we depart from
    for result in (
        paired_bootstrap(base, list(base), [refs], n_samples=200),
        approximate_randomization(base, list(base), [refs], n_trials=200),
    ):
        assert result.p_value == 1.0
        assert result.delta == 0.0
        assert not result.significant()


# --- seeds and results ---------------------------------------------------------------


def test_the_seed_makes_results_repeat_exactly(refs, clear_pair):
    base, system = clear_pair
    for run in (
        lambda seed: paired_bootstrap(base, system, [refs], n_samples=300, seed=seed),
        lambda seed: approximate_randomization(base, system, [refs], n_trials=300, seed=seed),
        lambda seed: confidence_interval(system, [refs], n_samples=300, seed=seed),
    ):
        first, again, other = run(5), run(5), run(6)
        assert first == again
        assert np.array_equal(first.samples, again.samples)
        assert not np.array_equal(first.samples, other.samples)
        fresh = run(None), run(None)
        assert fresh[0].seed is None
        assert not np.array_equal(fresh[0].samples, fresh[1].samples)


def test_result_objects(refs, clear_pair):
    base, system = clear_pair
    result = paired_bootstrap(base, system, [refs], n_samples=200)
    assert isinstance(result, PairedResult) and isinstance(result.baseline, ConfidenceResult)
    assert result.delta == pytest.approx(result.score - result.baseline.score)
    assert result.samples.shape == (2, 200)
    assert str(result).startswith("paired bootstrap: BLEU = ")
    assert "p = 0.0050" in str(result)
    ar = approximate_randomization(base, system, [refs], n_trials=100)
    assert ar.mean is None and ar.ci is None and isinstance(ar.baseline, float)
    assert ar.samples.shape == (100,)
    assert "μ" not in str(ar)
    ci = confidence_interval(system, [refs], n_samples=100)
    assert str(ci) == f"BLEU = {ci.score:.2f} (μ = {ci.mean:.2f} ± {ci.ci:.2f})"


@pytest.mark.parametrize("n_segments", [299, 300, 288])  # odd, even, a multiple of 32
@pytest.mark.parametrize("block_cells, bins", [(2**24, 2**18), (1000, 700), (5000, 1)])
def test_block_wise_draws_are_sacrebleus_one_shot_draws(
    refs, clear_pair, monkeypatch, n_segments, block_cells, bins
):
    """Small blocks (many of them, a bincount per resample or per few) draw the same
    numbers as sacreBLEU's single calls, and the sums are the exact integer sums."""
    from bleu import significance

    base, system = clear_pair
    rows = [fast.segment_stats(hyps, [refs])[:n_segments] for hyps in (base, system)]
    n = n_segments
    rng = np.random.default_rng(7)  # sacreBLEU's bootstrap, then (paired AR) its masks
    idx = rng.choice(n, size=(203, n), replace=True)
    expected = [table[idx].sum(axis=1) for table in rows]
    rng = np.random.default_rng(7)
    mask = rng.integers(2, size=(101, n), dtype=bool)
    then = rng.choice(n, size=(45, n), replace=True)  # n_ar_confidence draws after the masks
    difference = rows[0] - rows[1]
    monkeypatch.setattr(significance, "_BLOCK_CELLS", block_cells)
    monkeypatch.setattr(significance, "_BINCOUNT_BINS", bins)
    got = significance._resampled_sums(np.random.default_rng(7), 203, rows)
    for ours, theirs in zip(got, expected):
        assert ours.dtype == np.float64
        np.testing.assert_array_equal(ours, theirs)
    rng = np.random.default_rng(7)
    swapped = significance._swapped_sums(rng, 101, difference)
    np.testing.assert_array_equal(swapped, mask.astype(np.int64) @ difference)
    (after,) = significance._resampled_sums(rng, 45, [rows[1]])
    np.testing.assert_array_equal(after, rows[1][then].sum(axis=1))


def test_stats_level_functions_match_the_text_level_ones(refs, clear_pair):
    base, system = clear_pair
    base_rows = fast.segment_stats(base, [refs])
    sys_rows = fast.segment_stats(system, [refs])
    assert paired_bootstrap_from_stats(base_rows, sys_rows, 200) == paired_bootstrap(
        base, system, [refs], n_samples=200
    )
    assert approximate_randomization_from_stats(base_rows, sys_rows, 200) == (
        approximate_randomization(base, system, [refs], n_trials=200)
    )
    assert confidence_from_stats(sys_rows, 200) == confidence_interval(
        system, [refs], n_samples=200
    )


def test_options_reach_the_scores(refs, clear_pair):
    base, system = clear_pair
    result = paired_bootstrap(
        base, system, [refs], n_samples=50, tokenize="none", lowercase=True, smooth="floor"
    )
    expected = bleu.corpus_score(system, [refs], tokenize="none", lowercase=True, smooth="floor")
    assert result.score == pytest.approx(expected.score, abs=1e-9)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda b, s, r: paired_bootstrap(b, s, r, n_samples=0), ValueError, "n_samples"),
        (lambda b, s, r: paired_bootstrap(b, s, r, n_samples=2.5), TypeError, "n_samples"),
        (lambda b, s, r: paired_bootstrap(b, s, r, seed=-1), ValueError, "seed"),
        (lambda b, s, r: paired_bootstrap(b, s, r, seed="a"), TypeError, "seed"),
        (lambda b, s, r: paired_bootstrap(b, s[:-1], r), ValueError, "system has"),
        (lambda b, s, r: paired_bootstrap(b, "a b", r), TypeError, "system"),
        (lambda b, s, r: paired_bootstrap(b, s, r, smooth="x"), ValueError, "smooth"),
        (lambda b, s, r: approximate_randomization(b, s, r, n_trials=0), ValueError, "n_trials"),
        (lambda b, s, r: approximate_randomization(b, s, r[0]), TypeError, "references"),
        (lambda b, s, r: confidence_interval(s, r, tokenize="x"), ValueError, "tokenize"),
        (lambda b, s, r: paired_bootstrap_from_stats([[1, 2]], [[1, 2]]), ValueError, "rows"),
        (
            lambda b, s, r: paired_bootstrap_from_stats(
                np.zeros((3, 10), int), np.zeros((2, 10), int)
            ),
            ValueError,
            "shape",
        ),
    ],
)
def test_bad_arguments_are_named(refs, clear_pair, call, error, match):
    with pytest.raises(error, match=match):
        call(*clear_pair, [refs])
