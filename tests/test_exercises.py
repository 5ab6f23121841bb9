"""Every exercise accepts its own answer, rejects its known wrong answer, and hides both."""

from __future__ import annotations

import pytest

from bleu import exercises

ALL = exercises.exercises()


def test_registry_is_not_empty():
    assert "demo.two-sevenths" in ALL


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
    assert not exercises.check("demo.two-sevenths", ...).correct


@pytest.mark.parametrize("exercise_id", sorted(ALL))
def test_no_answer_makes_a_check_raise(exercise_id):
    ex = ALL[exercise_id]
    expected = ex.expected()
    answers = [None, 0, 1, 0.5, -1, 100, "x", "1/2", [], {}, ex.wrong]
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        answers += [expected * 100, expected / 100, expected * 1.01, expected + 0.1]
    for answer in answers:
        result = exercises.check(exercise_id, answer)
        assert isinstance(result.correct, bool)
