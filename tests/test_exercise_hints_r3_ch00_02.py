"""Round 3 of issue 28 on notebooks 00-02: what the second fresh readers found, one test each.

- demo.warm-up (notebook 00's warm-up): the count 2 instead of the precision, the two
  references' counts added (3/7, or the count 3) and the smaller count kept (1/7) are named;
  the placeholder no longer suggests 3/7, and the two-tries demo forgets earlier tries first;
- ch01.sentence-perplexity (renamed from an id that gave the trap away): a V one, two or three
  short (16, 15, 14) is named, and the first hint no longer presumes a miscount of tokens;
- ch02.hello-swapped: 5/6 ('mine' taken for 'my'), 1/2 (a match missed), 80 (the original
  direction on the 0-100 scale), the count 4 and the share of misses 1/3 are named, and the
  first hint no longer presumes a wrong denominator;
- ch02.code-unigram-precision: a function that raises (Fraction(0, 0) on the empty candidate)
  gets the raise hint;
- the solutions of 01 and 02 use the chapter's own calls.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from bleu import lm
from bleu.exercises import check, exercises, reset_tries
from bleu.exercises.ch01 import SENTENCE, toy_model
from bleu.exercises.code import CODE_EXERCISES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = exercises()


@pytest.fixture(autouse=True)
def _first_try():
    reset_tries()
    yield
    reset_tries()


def _hint(exercise_id: str, answer) -> str:
    result = check(exercise_id, answer)
    assert not result.correct, (exercise_id, answer, result.message)
    assert ". Hint: " in result.message, result.message
    return result.message


def _code(name: str) -> list[str]:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


# --- notebook 00's warm-up ----------------------------------------------------------------


def test_demo_the_count_of_credited_words_is_named():
    assert "count of credited words" in _hint("demo.warm-up", 2)


@pytest.mark.parametrize("answer", [Fraction(3, 7), "3/7", 0.4286, 3])
def test_demo_the_two_references_counts_added_are_named(answer):
    assert "adds the two references' counts" in _hint("demo.warm-up", answer)


@pytest.mark.parametrize("answer", [Fraction(1, 7), 0.1429])
def test_demo_the_smaller_count_is_named(answer):
    assert "keeps the smaller count" in _hint("demo.warm-up", answer)


def test_demo_an_unrecognised_answer_still_gets_the_general_hint():
    assert _hint("demo.warm-up", 0.5).endswith(ALL["demo.warm-up"].hint)


def test_00_placeholder_is_no_slip_and_the_two_tries_start_afresh():
    cells = _code("00_overview.ipynb")
    placeholder = next(c for c in cells if 'check("demo.warm-up", answer)' in c)
    assert "3/7" not in placeholder
    for example in ("'1/3'", "0.3333"):  # the examples of the form are no diagnosed slip
        assert example in placeholder
        assert ALL["demo.warm-up"].diagnose(example.strip("'")) is None
    loop = next(c for c in cells if "for attempt in" in c)
    lines = [line.split("#")[0].strip() for line in loop.splitlines()]
    reset = lines.index('reset_tries("demo.hints")')  # a call, not a comment
    assert reset < next(i for i, line in enumerate(lines) if line.startswith("for attempt in"))


# --- notebook 01, exercise 3 --------------------------------------------------------------


def _laplace_short(short: int) -> float:
    model = toy_model("mle")
    tokens = ["<s>", *SENTENCE.split(), "</s>"]
    size = len(model.vocab) - short
    return lm.perplexity([
        (model.counts[[h]][w] + 1) / (model.counts[[h]].N() + size)
        for h, w in pairwise(tokens)
    ])


def test_ch01_the_old_id_that_gave_the_trap_away_is_gone():
    assert "ch01.end-token" not in ALL and "ch01.sentence-perplexity" in ALL
    for name in ("01_perplexity.ipynb", "solutions/01_perplexity_solutions.ipynb",
                 "ko/01_perplexity.ipynb", "ko/solutions/01_perplexity_solutions.ipynb"):
        assert "end-token" not in (NOTEBOOKS / name).read_text(encoding="utf-8"), name


@pytest.mark.parametrize("short", [1, 2, 3])
def test_ch01_a_vocabulary_too_small_is_named(short):
    answer = round(_laplace_short(short), 4)
    assert answer == pytest.approx([7.3755, 7.0358, 6.6954][short - 1])
    assert "V is len(laplace.vocab)" in _hint("ch01.sentence-perplexity", answer)


def test_ch01_the_first_hint_does_not_presume_a_miscount():
    hint = ALL["ch01.sentence-perplexity"].hint
    assert "7 probabilities" not in hint
    assert _hint("ch01.sentence-perplexity", 3.0).endswith(hint)


def test_01_solutions_use_the_chapters_own_calls():
    source = "\n".join(_code("solutions/01_perplexity_solutions.ipynb"))
    assert "train_lm" not in source and "padded_ngrams" not in source
    assert "padded_everygram_pipeline" in source and "pad_both_ends" in source


# --- notebook 02, exercise 2 and the code exercise ---------------------------------------


@pytest.mark.parametrize(
    ("answer", "fragment"),
    [
        (Fraction(5, 6), "'mine' does not match 'my'"),
        (Fraction(1, 2), "one match too few"),
        (80, "original direction's 4/5, on the 0-100 scale"),
        (4, "count of matching tokens"),
        (Fraction(1, 3), "share of the candidate's tokens that match no"),
        (Fraction(4, 5), "the score in the original direction"),
    ],
)
def test_ch02_hello_swapped_slips_are_named(answer, fragment):
    assert fragment in _hint("ch02.hello-swapped", answer)


def test_ch02_hello_swapped_first_hint_does_not_presume_a_wrong_denominator():
    hint = ALL["ch02.hello-swapped"].hint
    assert "not of the old one" not in hint
    assert _hint("ch02.hello-swapped", 0.9).endswith(hint)


def test_ch02_code_a_function_that_raises_gets_the_raise_hint():
    exercise = CODE_EXERCISES["ch02.code-unigram-precision"]

    def divides_by_the_length(candidate, references):
        seen = {token for reference in references for token in reference}
        return Fraction(sum(token in seen for token in candidate), len(candidate))

    message = check("ch02.code-unigram-precision", divides_by_the_length).message
    assert "raised ZeroDivisionError" in message
    assert message.endswith(f"Hint: {exercise.raise_hint}") and exercise.raise_hint


def test_02_solutions_define_normalise_and_say_the_roles_are_swapped():
    source = "\n".join(_code("solutions/02_unigram_precision_solutions.ipynb"))
    assert "bleu.exercises.ch02" not in source and "def normalise(" in source
    assert "swapped on purpose" in source
