"""Round 4 of issue 28: diagnoses and hints of notebooks 09 and 10 (one test per diagnosis)."""

from __future__ import annotations

import numpy as np

import bleu
from bleu.exercises import check, get
from bleu.exercises.ch10 import SMALL_SET, small_pair


def _verdict(exercise_id, answer):
    return check(exercise_id, answer)


# --- ch09.bp-000: 0.25 is 004's length factor for 'It is a guide' --------------------------


def test_quarter_for_bp_000_is_named_as_004s_ratio():
    result = _verdict("ch09.bp-000", 0.25)
    assert not result.correct
    assert "004's length factor" in result.message and "4/16" in result.message, result.message
    assert "0-100 scale" not in result.message, result.message


def test_rounded_penalty_for_bp_000_is_still_close():
    # 0.0025 is the rounding of e^-6 = 0.002479: the lead's rule says "Close"
    assert "Close" in _verdict("ch09.bp-000", 0.0025).message


# --- ch09.method5: the hints use the chapter's notation --------------------------------------


def test_method5_hints_use_the_chapters_notation():
    exercise = get("ch09.method5")
    for text in (exercise.hint, exercise.second_hint, _verdict("ch09.method5", 1.0).message):
        assert "p'_0" not in text and "p'_n" not in text, text
    assert "for n = 1, p_1 + 1" in exercise.hint


# --- ch10.losses: numpy's legacy API draws other resamples -----------------------------------


def _legacy_share() -> float:
    baseline, system, refs = small_pair()
    base_rows = bleu.segment_stats(baseline, [refs])
    sys_rows = bleu.segment_stats(system, [refs])
    np.random.seed(12345)  # what a student using the legacy API writes
    draws = np.random.choice(SMALL_SET, size=(1000, SMALL_SET))
    gaps = bleu.scores_from_stats(sys_rows[draws].sum(axis=1)) - bleu.scores_from_stats(
        base_rows[draws].sum(axis=1)
    )
    return float(np.mean(gaps <= 0))


def test_legacy_numpy_resamples_for_losses_get_their_own_hint():
    share = _legacy_share()
    result = _verdict("ch10.losses", share)
    assert not result.correct
    assert "np.random.default_rng(12345)" in result.message and "legacy" in result.message, (
        result.message
    )


def test_losses_first_hint_does_not_point_at_samples():
    result = _verdict("ch10.losses", 0.5)
    assert "Hint" in result.message and ".samples" not in result.message, result.message
