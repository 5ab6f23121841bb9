"""A code exercise whose function returns the score on the wrong scale is told so.

Scores are 0-1 in NLTK and in the chapters that build BLEU, 0-100 in sacreBLEU: a student who
multiplies by 100 (or divides) gets a hint about the scale, whatever the exercise's own hints.
"""

from __future__ import annotations

import copy

import pytest

from bleu.exercises import _load_all, check
from bleu.exercises.code import CODE_EXERCISES

_load_all()

SCORES = ["ch05.code-geometric-mean", "ch07.code-sentence-bleu", "ch08.code-corpus-bleu-from-stats"]


@pytest.mark.parametrize("exercise_id", SCORES)
def test_a_score_on_the_0_100_scale_gets_the_scale_hint(exercise_id):
    reference = CODE_EXERCISES[exercise_id].reference

    def percent(*case):
        return 100 * reference(*copy.deepcopy(case))

    message = check(exercise_id, percent).message
    assert message.startswith(f"Not yet ({exercise_id})")
    assert message.endswith(
        "Hint: your function returns the score on the 0-100 scale (as sacreBLEU prints it); "
        "this exercise asks for the 0-1 scale, as NLTK returns it."
    )


def test_the_first_case_of_each_score_exercise_is_a_score():
    for exercise_id in SCORES:
        exercise = CODE_EXERCISES[exercise_id]
        value = exercise.reference(*copy.deepcopy(exercise.cases()[0][1]))
        assert isinstance(value, float) and 0 < value <= 1
