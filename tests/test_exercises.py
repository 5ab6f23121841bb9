"""Every exercise accepts its own answer, rejects its known wrong answer, and hides both."""

from __future__ import annotations

from fractions import Fraction
from numbers import Number

import pytest

from bleu import exercises

ALL = exercises.exercises()


@pytest.fixture(autouse=True)
def _first_try():
    """Each test starts at a first try: ``check`` gives the second hint from a second wrong try."""
    exercises.reset_tries()
    yield


def test_registry_is_not_empty():
    assert "demo.warm-up" in ALL


@pytest.mark.parametrize("exercise_id", sorted(ALL))
def test_check_accepts_the_computed_answer(exercise_id):
    ex = ALL[exercise_id]
    assert exercises.check(exercise_id, ex.expected()).correct


@pytest.mark.parametrize("exercise_id", sorted(ALL))
def test_check_rejects_the_known_wrong_answer_and_hides_the_answer(exercise_id):
    ex = ALL[exercise_id]
    result = exercises.check(exercise_id, ex.wrong)
    assert not result.correct
    assert result.message.startswith("Not yet")
    expected = ex.expected()
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        assert repr(expected) not in result.message


def test_unknown_id_names_the_argument():
    with pytest.raises(KeyError, match="exercise_id"):
        exercises.check("ch99.nothing", 1)


def test_placeholder_answer_is_not_right():
    assert not exercises.check("demo.warm-up", ...).correct


def odd_answers(expected):
    """Answers no exercise accepts: placeholders, wrong types, nonsense and near misses.

    None of them equals any registered answer (the numbers are all finite and >= 0, the
    others lists of strings); near misses are far outside every exercise's tolerance.
    """
    answers = [None, ..., "", "x", "not a number", [], {}, object(), float("nan"), -1, 10**9]
    answers += ["12%", "0,5", "1/0", True, float("inf")]
    if isinstance(expected, Number) and not isinstance(expected, bool):
        answers += [expected + 0.1, expected - 0.1, -expected - 1]
        if expected:
            answers += [expected * 100, expected / 100, expected * 1.01, str(expected * 2)]
    elif isinstance(expected, list) and expected:
        answers += [expected[:-1], [*expected, expected[0]], list(reversed(expected)), 1]
    return answers


def assert_result(result, exercise_id, correct, close_allowed=False):
    assert isinstance(result, exercises.CheckResult)
    assert result.exercise_id == exercise_id
    assert result.correct is correct and bool(result) is correct
    assert isinstance(result.message, str) and result.message.strip()
    starts = ("Right",) if correct else ("Not yet", "Close") if close_allowed else ("Not yet",)
    assert result.message.startswith(starts)
    assert exercise_id in result.message


@pytest.mark.parametrize("exercise_id", sorted(ALL))
def test_check_accepts_the_answer_and_rejects_odd_answers_without_raising(exercise_id):
    ex = ALL[exercise_id]
    expected = ex.expected()
    assert_result(exercises.check(exercise_id, expected), exercise_id, True)
    assert_result(exercises.check(exercise_id, ex.wrong), exercise_id, False)
    if isinstance(expected, Fraction):  # the same number written as a float or as "p/q"
        assert_result(exercises.check(exercise_id, float(expected)), exercise_id, True)
        assert_result(
            exercises.check(exercise_id, f"{expected.numerator}/{expected.denominator}"),
            exercise_id,
            True,
        )
    for answer in odd_answers(expected):
        result = exercises.check(exercise_id, answer)  # must not raise
        assert_result(result, exercise_id, False)
        if isinstance(expected, float):
            assert repr(expected) not in result.message
    for answer in (0, 1, 0.5, 100, "1/2", "0.5", 0.25, "0.47"):  # right or close for a few
        result = exercises.check(exercise_id, answer)
        assert_result(result, exercise_id, result.correct, close_allowed=True)
