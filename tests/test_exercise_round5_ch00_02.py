"""Round 5 of issue 28, chapters 00 to 02: what the fourth fresh readers found.

- 00: the warm-up's id no longer names its answer, and the two-tries loop shows the hints of
  another exercise (demo.hints), so that the warm-up's second hint is not given away; 00
  draws no figure and does not set the figure format.
- 01: the slips of Exercises 2 and 3 are recognised at the 3 figures the notebook's tables
  print them (0.0714, 8.29), dividing by 6 instead of 7 is diagnosed, and Exercise 4 asks
  which candidate the language model prefers.
- 02: the raise hint of the code exercise names the argument order first.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bleu.exercises import check
from bleu.exercises.code import CODE_EXERCISES, run_check

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _sources(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells)


def _hint(exercise_id: str, answer) -> str:
    message = check(exercise_id, answer).message
    assert message.startswith(f"Not yet ({exercise_id}). Hint: "), message
    return message


def test_00_no_id_or_example_gives_the_warm_up_away():
    text = _sources("00_overview.ipynb")
    assert "two-sevenths" not in text and "demo.warm-up" in text
    assert "for 2/7" not in text
    assert "bleu.plot.setup()\n" not in text.replace("`bleu.plot.setup()`", "")


def test_00_the_loop_shows_another_exercise_s_hints():
    cells = json.loads((NOTEBOOKS / "00_overview.ipynb").read_text(encoding="utf-8"))["cells"]
    loop = next(c for c in cells if "for attempt in" in "".join(c["source"]))
    printed = "".join("".join(o.get("text", "")) for o in loop["outputs"])
    assert "demo.warm-up" not in printed and "Second hint" in printed


def test_demo_hints_is_right_only_for_six_tokens():
    assert check("demo.hints", 6).correct
    assert not check("demo.hints", Fraction(9, 2)).correct


def test_01_mle_value_as_the_table_prints_it_is_diagnosed():
    assert "MLE estimate" in _hint("ch01.laplace-prob", 0.0714)


def test_01_perplexity_without_end_token_at_three_figures_is_diagnosed():
    assert "</s> is predicted too" in _hint("ch01.sentence-perplexity", 8.29)


@pytest.mark.parametrize("answer", [10.84, 10.844])
def test_01_dividing_by_six_is_diagnosed(answer):
    assert "divides the 7 surprises by 6" in _hint("ch01.sentence-perplexity", answer)


def test_01_preferred_candidate_is_the_fluent_wrong_one():
    assert check("ch01.preferred-candidate", 3).correct
    assert "faithful translation" in _hint("ch01.preferred-candidate", 1)


def test_01_preferred_candidate_highest_perplexity_is_diagnosed():
    assert "highest perplexity" in _hint("ch01.preferred-candidate", 4)


def test_01_preferred_candidate_other_row_and_out_of_range():
    assert "row by row" in _hint("ch01.preferred-candidate", 2)
    assert "1 to 4" in _hint("ch01.preferred-candidate", 7)


def test_01_exercise_4_is_in_the_chapter_and_its_solution():
    assert 'check("ch01.preferred-candidate", answer)' in _sources("01_perplexity.ipynb")
    solution = _sources("solutions/01_perplexity_solutions.ipynb")
    assert 'check("ch01.preferred-candidate", answer)' in solution


def test_02_argument_order_comes_first_in_the_raise_hint():
    def swapped(references, candidate):
        words = set(references)
        return Fraction(sum(w in words for w in candidate), len(candidate))

    message = str(run_check(CODE_EXERCISES["ch02.code-unigram-precision"], swapped))
    hint = message.split("Hint: ", 1)[1]
    assert hint.index("unigram_precision(candidate, references)") < hint.index("set(references)")
