"""Round-2 diagnoses of notebooks 09-11: a method slip gets its own hint, never the rounding rule.

Each test computes the wrong answer a student reaches by the slip (as a student would, not
with the diagnosis's own code), submits it as printed and as a full float, and checks that
the verdict is "Not yet" with the hint of that slip and without the "numbers are checked to
4 significant figures" prefix. The code test writes the float-returning function a student
plausibly writes for ch10.code-resample-sums.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from bleu.exercises import check, exercises, reset_tries
from bleu.exercises.code import CODE_EXERCISES
from bleu.i18n import gettext
from bleu.rules import scores_from_stats
from bleu.simulate import load_corpus, simulate_system
from bleu.vectorized import segment_stats

ALL = exercises()

ROUNDING = "checked to 4 significant figures"


def _diagnosed(exercise_id, answer, words):
    """Wrong, told the diagnosis (which contains ``words``), not the rounding rule."""
    reset_tries(exercise_id)
    result = check(exercise_id, answer)
    assert not result.correct, result.message
    assert ROUNDING not in result.message, result.message
    assert words in result.message, result.message
    assert gettext(ALL[exercise_id].hint) not in result.message, result.message
    return result.message


# --- ch09.bp-000: 000's whole BLEU instead of its penalty ------------------------------------


def test_bp_000_whole_bleu_of_000_gets_its_own_hint():
    # the big table's case 5, column 000: 000's BLEU of 'it is' against Example 1 (0.0021)
    from bleu import variants
    from bleu.data import load_example

    whole = variants.bleu_score_000("it is", list(load_example("example1").references))
    for answer in (0.0021, whole, round(whole, 6)):
        _diagnosed("ch09.bp-000", answer, "whole BLEU score")


# --- ch10.truncate-bp: r/c taken as exactly 2 -------------------------------------------------


def test_truncate_bp_with_r_over_c_exactly_two_gets_its_own_hint():
    for answer in (math.exp(1 - 2), 0.3679):
        _diagnosed("ch10.truncate-bp", answer, "exactly half of r")


# --- ch10.half-width: np.percentile, and positions 25 and 975 ---------------------------------


@pytest.fixture(scope="module")
def drop_scores():
    refs = load_corpus()
    rows = segment_stats(simulate_system(refs, "drop", 0.2, seed=1), [refs])
    draws = np.random.default_rng(12345).choice(len(rows), size=(1000, len(rows)), replace=True)
    return np.sort(scores_from_stats(rows[draws].sum(axis=1)))


def test_half_width_with_np_percentile_gets_its_own_hint(drop_scores):
    low, high = np.percentile(drop_scores, [2.5, 97.5])
    half = (high - low) / 2
    for answer in (half, round(half, 4)):
        _diagnosed("ch10.half-width", answer, "np.percentile")


def test_half_width_with_positions_25_and_975_gets_its_own_hint(drop_scores):
    half = (drop_scores[975] - drop_scores[25]) / 2
    for answer in (half, round(half, 4)):
        _diagnosed("ch10.half-width", answer, "positions 25 and 975")


def test_half_width_right_answer_still_right(drop_scores):
    half = (drop_scores[974] - drop_scores[25]) / 2
    assert check("ch10.half-width", half).correct
    assert check("ch10.half-width", round(half, 4)).correct


# --- ch11.meteor-chunks: alpha slipped into the penalty ---------------------------------------


def test_meteor_with_alpha_in_the_penalty_gets_its_own_hint():
    alpha, beta, gamma = 0.9, 3, 0.5
    slipped = 1 - alpha * gamma * (3 / 6) ** beta  # Fmean = 1
    for answer in (slipped, 0.94375, 0.9438):
        _diagnosed("ch11.meteor-chunks", answer, "alpha belongs to Fmean only")


# --- ch10.code-resample-sums: the right sums as floats ----------------------------------------


def test_resample_sums_returning_floats_gets_the_int_hint():
    def resample_sums(rows, indices):
        sums = np.zeros(len(rows[0]))  # floats
        for i in indices:
            sums += rows[i]
        return list(sums)

    result = check("ch10.code-resample-sums", resample_sums)
    assert not result.correct, result.message
    (mistake,) = [
        m for m in CODE_EXERCISES["ch10.code-resample-sums"].mistakes if m.name == "sums as floats"
    ]
    assert f"Hint: {gettext(mistake.hint)}" in result.message, result.message
