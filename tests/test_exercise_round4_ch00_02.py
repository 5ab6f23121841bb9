"""Round 4 of issue 28 on notebooks 00-02: what the third fresh readers found.

00: the tries rule is stated as the checker applies it (only answers that get the exercise's
own hint count), a rounding to fewer than 4 figures is "Close", and the dense report and check
details are folded. 01: the opening defines a language model before seq2seq comes up, the
bisection helper's source is hidden, Exercise 1 says the last power needs Python.
02: the count 7 for ``ch02.cat-mat-plain`` is diagnosed; Exercise 4 states its argument order,
names ``token in references`` and explains the ``set(references)`` TypeError.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import nbformat

from bleu.exercises import check, reset_tries
from bleu.exercises.ch02_code import UNIGRAM_PRECISION
from bleu.exercises.code import run_check

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _cells(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


def _markdown(name: str) -> str:
    return "\n".join(c.source for c in _cells(name) if c.cell_type == "markdown")


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- notebook 02, the exercises ---------------------------------------------------------------


def test_cat_mat_count_of_found_tokens_is_told_to_divide():
    reset_tries("ch02.cat-mat-plain")
    message = str(check("ch02.cat-mat-plain", 7))
    assert "count of matching tokens" in message and "divide" in message, message
    assert "Second hint" not in str(check("ch02.cat-mat-plain", 7))  # a slip is not a try


def test_token_in_the_list_of_references_gets_its_own_hint():
    def unigram_precision(candidate, references):
        found = sum(1 for token in candidate if token in references)
        return Fraction(found, len(candidate)) if candidate else Fraction(0)

    message = str(run_check(UNIGRAM_PRECISION, unigram_precision))
    assert message.startswith("Not yet"), message
    assert "`token in references`" in message and "look inside each one" in message, message


def test_set_of_the_references_gets_a_raise_hint_that_names_the_list_of_lists():
    def unigram_precision(candidate, references):
        words = set(references)
        found = sum(1 for token in candidate if token in words)
        return Fraction(found, len(candidate)) if candidate else Fraction(0)

    message = str(run_check(UNIGRAM_PRECISION, unigram_precision))
    assert "raised TypeError" in message, message
    hint = message[message.index("Hint:"):]
    assert "set(references)" in hint and "list of tokens" in hint, hint
    assert "empty candidate" in hint  # the other usual cause is still named


def test_exercise_4_states_the_argument_order():
    text = _flat(_markdown("02_unigram_precision.ipynb"))
    exercise = text[text.index("**Exercise 4**"):]
    assert "takes the candidate first" in exercise
    assert "the other way round from the package's functions" in exercise


# --- notebook 00 --------------------------------------------------------------------------------


def test_00_says_which_wrong_answers_count_as_tries():
    text = _flat(_markdown("00_overview.ipynb"))
    assert "Each wrong number counts as a try" not in text
    assert "Only a wrong answer that gets the exercise's own hint counts as a try" in text
    assert "do not count as tries" in text


def test_00_says_a_shorter_rounding_is_close():
    cells = _cells("00_overview.ipynb")
    section = next(c.source for c in cells if c.source.startswith(
        "## Optional: how answers are compared"))
    assert "2 or 3 figures" in section and "Close" in section
    assert "`0.6`" in section and "one figure is too few" in section


def test_00_folds_the_report_details_and_the_check_details():
    cells = _cells("00_overview.ipynb")
    folds = [c for c in cells if c.cell_type == "markdown"
             and c.source.startswith("<details><summary>Optional: ")]
    summaries = [c.source.splitlines()[0] for c in folds]
    assert any("what each line of the report means" in s for s in summaries), summaries
    assert any("which answers count as tries" in s for s in summaries), summaries
    for fold in folds:
        assert fold.metadata["slideshow"]["slide_type"] == "skip"
    first_look = next(c.source for c in cells if c.source.startswith("## A first look"))
    bullets = [line for line in first_look.splitlines() if line.startswith("- ")]
    assert len(bullets) == 4 and all(len(b) <= 110 for b in bullets), bullets
    assert not any(line.startswith("  ") for line in first_look.splitlines())  # one line each


# --- notebook 01 --------------------------------------------------------------------------------


def test_01_opening_defines_a_language_model_before_seq2seq():
    cells = _cells("01_perplexity.ipynb")
    opening = cells[1].source[:cells[1].source.index("**What you will learn**")]
    assert "*language model*" in opening and "seq2seq" not in opening and "encoder" not in opening
    text = _markdown("01_perplexity.ipynb")
    assert text.index("$$") < text.index("seq2seq")  # the seq2seq remark comes after a formula


def test_01_bisection_helper_is_hidden_and_the_formula_is_shown():
    cells = _cells("01_perplexity.ipynb")
    helper = next(c for c in cells if c.cell_type == "code" and "def q_for" in c.source)
    assert helper.metadata["jupyter"]["source_hidden"] is True
    assert "hide-input" in helper.metadata["tags"]
    visible = [c for c in cells if c.cell_type == "code" and "distribution_perplexity" in c.source
               and not c.metadata.get("jupyter", {}).get("source_hidden")]
    assert any("math.log2" in c.source and "2 ** H" in c.source for c in visible)


def test_01_exercise_1_says_the_power_needs_python():
    text = _flat(_markdown("01_perplexity.ipynb"))
    exercise = text[text.index("**Exercise 1**"):text.index("**Exercise 2**")]
    assert "do it by hand" not in exercise
    assert "in Python (`2 ** x`)" in exercise
