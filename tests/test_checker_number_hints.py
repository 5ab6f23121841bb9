"""What a wrong number is told: each message true of the answer it is given.

The readers of issue 28 found hints that said something false: "rounded, not cut off" for
0.2858 (2/7 is 0.285714...: nothing was cut off, the last figure is one too high) and for
54.1 (54.017...); "give more digits" alone for 0.3020 typed as a float (it arrives as 0.302); the
rounding rule said to answers that are not roundings at all (1.0 for 0.96, 0.30 for 0.34).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bleu.exercises import _REGISTRY, Exercise, check, exercises, register, reset_tries

CUT = "your figures are the value cut off after your last one"
OFF = "your last figure is one away from the value rounded"
RULE = "numbers are checked to 4 significant figures, rounded"

VALUES = {
    "test.two-sevenths": Fraction(2, 7),
    "test.fifty-four": 54.0172,
    "test.point-three-o-two": 0.30206,
    "test.nearly-one": 0.9612,
    "test.point-three-four": 0.3391,
}


@pytest.fixture(autouse=True, scope="module")
def test_exercises():
    """Registered for this module only (other tests walk the registry)."""
    exercises()  # load the package's own first
    for ident, value in VALUES.items():
        register(
            Exercise(
                id=ident,
                question="a test value",
                expected=lambda value=value: value,
                hint="the exercise's own hint",
                wrong=0,
            )
        )
    yield
    for ident in VALUES:
        _REGISTRY.pop(ident)


@pytest.fixture(autouse=True)
def fresh_tries():
    reset_tries()


def message(ident: str, answer) -> str:
    return check(ident, answer).message


def test_a_last_figure_one_too_high_is_not_called_cut_off():
    for answer in (0.2858, "0.2858"):
        text = message("test.two-sevenths", answer)
        assert OFF in text and CUT not in text
    text = message("test.fifty-four", 54.1)
    assert OFF in text and CUT not in text and "give at least 4" in text


def test_figures_cut_off_are_called_cut_off():
    text = message("test.two-sevenths", 0.28571428)  # 8 figures: judged by tolerance alone
    assert text.startswith("Not yet") or text.startswith("Right")
    assert CUT in message("test.fifty-four", 54.01)
    assert CUT in message("test.two-sevenths", "0.28")


def test_zeros_typed_in_a_string_are_figures():
    """'0.3020' typed as a string shows 4 figures and is judged as such (the way to give a
    final 0, since a float drops it): not "Close", a rounding slip. A float 0.302 is Close."""
    text = message("test.point-three-o-two", "0.3020")
    assert "Check your rounding" in text and not text.startswith("Close")
    assert message("test.point-three-o-two", 0.3020).startswith("Close")
    assert message("test.point-three-o-two", "0.3021").startswith("Right")
    assert "A float" not in message("test.point-three-o-two", 0.302)  # no note any more


@pytest.mark.parametrize(
    ("ident", "answer"),
    [("test.nearly-one", 1.0), ("test.point-three-four", 0.30), ("test.point-three-four", "0.3")],
)
def test_a_one_figure_rounding_is_told_one_figure_is_too_few(ident, answer):
    """1.0 for 0.96 and 0.3 for 0.34 round the answer to one figure, as other values do:
    neither "Close" nor the rounding rule, but "give at least 4", and no try used up."""
    reset_tries()
    text = message(ident, answer)
    assert RULE not in text and not text.startswith("Close")
    assert "one significant figure is too few" in text
    assert ". Hint: " in message(ident, 2.0)  # the next generic answer gets the first hint


def test_a_one_figure_answer_that_is_no_rounding_gets_the_hint():
    text = message("test.nearly-one", 2.0)
    assert text == "Not yet (test.nearly-one). Hint: the exercise's own hint"


def test_a_near_answer_still_hears_the_rounding_rule():
    assert message("test.nearly-one", 0.96).startswith("Close")  # right to 2 figures
    assert RULE in message("test.nearly-one", 0.9614)  # two units of its last figure off
    # within 1% but a different value (a method slip, not a rounding): the hint, no rule
    assert RULE not in message("test.nearly-one", 0.9650)
    assert RULE in message("test.point-three-four", 0.3392)  # the last figure off


def test_a_diagnosed_slip_is_not_told_the_rounding_rule():
    """6.73 is within 1% of 6.70, but it is tokenize='none''s score: a method, not a rounding."""
    text = check("ch13.sacre-printed", 6.73).message
    assert text.startswith("Not yet (ch13.sacre-printed). Hint: ") and RULE not in text


def test_more_figures_right_to_four_but_wrong_after_are_told_so():
    """3.3637 for 3.363586 (the readers' case): right to 4 figures, wrong in the 5th."""
    text = message("test.two-sevenths", 0.28574)
    assert "Your answer is right to 4 significant figures, but the figures after the 4th" in text
    assert "Hint" not in text
    # a slip in the last of 5 figures is still a rounding slip, named as such
    assert "Check your rounding" in message("test.two-sevenths", 0.28572)


def test_notes_do_not_use_up_the_first_hint():
    """A Close, a rounding or a scale note is not a try: the next generic answer gets the
    first hint, not the second (the readers lost the first hint to a 'Close')."""
    for note in (0.286, 0.2858, 28.57):  # Close, rounding, scale
        reset_tries()
        assert "Hint" not in message("demo.warm-up", note)
        first = message("demo.warm-up", 0.5)
        assert ". Hint: " in first and "Second hint" not in first, (note, first)
    assert "Second hint" in message("demo.warm-up", 0.5)
