"""Issue 28, round 2: the hints of notebooks 12-14 that fresh readers found missing or
misleading, one test per new diagnosis (each names its slip) and the cases behind them."""

from __future__ import annotations

import numpy as np
import pytest

from bleu.exercises import check, reset_tries
from bleu.exercises.code import CODE_EXERCISES, run_check

check("ch12.code-soft-matches", None)  # imports every exercise module
SOFT = CODE_EXERCISES["ch12.code-soft-matches"]
MBR = CODE_EXERCISES["ch14.code-mbr-index"]


def _verdict(exercise_id: str, answer) -> str:
    reset_tries()
    result = check(exercise_id, answer)
    assert not result.correct, result.message
    return result.message


# --- ch12 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "exercise_id", ["ch12.expected-bigram", "ch12.expected-length", "ch12.soft-clip"]
)
def test_ch12_counts_get_no_scale_message(exercise_id):
    # 34 for the expected count 0.34 is not "the 0-100 scale": a count is not a score
    message = _verdict(exercise_id, 34)
    assert "scale" not in message, message


@pytest.mark.parametrize("answer", [0.7483, 0.74826])
def test_ch12_two_ref_bp_ratio_rounded_before_the_exponential(answer):
    message = _verdict("ch12.two-ref-bp", answer)
    assert "rounds r / c" in message and "significant figures" not in message, message
    reset_tries()
    assert check("ch12.two-ref-bp", 0.748).correct


def _numpy_ones(probs, reference, n):
    """A natural numpy version that forgets a hypothesis shorter than n."""
    probs = np.asarray(probs, dtype=float)
    rows = len(probs) - n + 1
    total = 0.0
    grams = {}
    for j in range(len(reference) - n + 1):
        gram = tuple(reference[j : j + n])
        grams[gram] = grams.get(gram, 0) + 1
    for gram, limit in grams.items():
        expected = np.ones(rows)  # fails when rows < 0
        for k, w in enumerate(gram):
            expected = expected * probs[k : k + rows, w]
        total += min(float(expected.sum()), limit)
    return total


def test_ch12_short_hypothesis_is_a_fixed_case_and_its_error_gets_the_hint():
    fixed = [case for where, case in SOFT.cases() if where.startswith("fixed")]
    assert any(len(probs) < n for probs, _, n in fixed)
    message = run_check(SOFT, _numpy_ones).message
    assert message.startswith("Not yet (ch12.code-soft-matches): soft_matches raised"), message
    assert "fixed case" in message, message
    assert "shorter than n" in message, message


def test_ch12_fixed_cases_follow_the_exercise_prose():
    # the prose: Exercise 3's matrix (fixed case 1), then Exercise 1's (fixed cases 2 and 3)
    from bleu.exercises import ch12

    cases = [case for where, case in SOFT.cases() if where.startswith("fixed")]
    assert np.array_equal(cases[0][0], ch12.CLIP_PROBS)
    assert np.array_equal(cases[1][0], ch12.BIGRAM_PROBS)
    assert np.array_equal(cases[2][0], ch12.BIGRAM_PROBS)


# --- ch13 -------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", [6.29, 6.2915855898775845])
def test_ch13_references_as_one_stream_get_the_layout_hint(answer):
    message = _verdict("ch13.sacre-printed", answer)
    assert "reference 1 only" in message and "reference layout" in message, message


def test_ch13_generic_hint_leads_with_smoothing():
    message = _verdict("ch13.sacre-printed", 20.0)
    hint = message.split("Hint: ", 1)[1]
    assert hint.index("smoothing") < hint.index("13a"), message


def test_ch13_r_given_for_the_brevity_penalty_is_named():
    message = _verdict("ch13.truncated-bp", 16)
    assert "that is r" in message, message


# --- ch14 -------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", [0.3683, (1 - 1 / 500) ** 499, 0.3668])
def test_ch14_never_drawn_off_by_one_exponent(answer):
    message = _verdict("ch14.never-drawn", answer)
    assert "off by one" in message and "significant figures" not in message, message


@pytest.mark.parametrize("answer", [-3.13, 3.13])
def test_ch14_split_mean_distance_is_the_second_question(answer):
    message = _verdict("ch14.split-mean", answer)
    assert "second question" in message, message


def test_ch14_mbr_float_index_is_refused_with_a_type_hint():
    def as_float(matrix):
        return float(MBR.reference(matrix))

    message = run_check(MBR, as_float).message
    assert message.startswith("Not yet (ch14.code-mbr-index)"), message
    assert "not a float" in message, message
