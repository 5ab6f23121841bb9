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
