"""Round 5 of issue 28, chapters 06-08: the slips fourth readers met that got only the
generic hint, and the hint texts they found awkward or too complete."""

from __future__ import annotations

import pytest

from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES

exercises()


def test_ch06_closest_ref_length_given_the_chapters_list_of_lengths_helper_is_named():
    def closest_length(ref_lengths, hyp_len):  # notebook 06's helper, passed as it is
        return min(ref_lengths, key=lambda length: (abs(length - hyp_len), length))

    result = check("ch06.code-closest-ref-length", closest_length)
    assert not result.correct
    assert "TypeError" in result.message
    assert "lists of tokens, not their lengths" in result.message, result.message
    assert "[len(ref) for ref in references]" in result.message


def test_ch07_bleu3_against_example1_references_with_periods_is_named():
    result = check("ch07.bleu3-period", 0.6116)
    assert not result.correct
    assert "Example 1's references as printed" in result.message, result.message


@pytest.mark.parametrize("answer", [6, "6"])
def test_ch08_characters_bare_count_is_named(answer):
    result = check("ch08.characters", answer)
    assert not result.correct
    assert "count of clipped character matches" in result.message, result.message


def test_ch08_sacre_second_hint_points_without_the_arithmetic():
    second = exercises()["ch08.sacre-scale"].second_hint
    assert "method 3" in second
    assert "k = 1" not in second and "c - 3" not in second and "18" not in second


@pytest.mark.parametrize(
    "name", ["c and r swapped", "penalties multiplied", "penalty per sentence"]
)
def test_ch08_penalty_hints_give_both_branches(name):
    (mistake,) = [
        m for m in CODE_EXERCISES["ch08.code-corpus-bleu-from-stats"].mistakes if m.name == name
    ]
    assert "exp(1 - sum r / sum c)" in mistake.hint
    assert "1 when sum c > sum r" in mistake.hint
