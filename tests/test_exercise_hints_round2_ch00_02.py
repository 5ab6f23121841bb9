"""Round 2 of issue 28 on notebooks 00-02: the hints the fresh readers found missing or
misleading, one test each.

- ch01.geometric-mean: the inverse slip typed with more digits (1/3.3636) is named, as 0.2973 is;
- ch01.laplace-prob: 2/28 (V = 14, the padding symbols and <UNK> left out) equals the MLE value,
  and its hint speaks to both readings;
- ch02.cat-mat-plain: notebook 03's clipped value 5/7 is named as such;
- ch02.ca3-raw: the count of matches, not divided by the length, is named;
- ch02.code-unigram-precision: a candidate made a set (distinct words over distinct words, the
  15/16 of Ca1) and the roles swapped (recall) get hints of their own;
- the notebooks: exercise 2 of 02 states its sentences and its rule in the main line, and 01's
  "slept" line is stored as one piece.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bleu.exercises import check, reset_tries
from bleu.exercises.code import CODE_EXERCISES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.fixture(autouse=True)
def _first_try():
    reset_tries()
    yield
    reset_tries()


def _not_yet(exercise_id: str, answer) -> str:
    result = check(exercise_id, answer)
    assert not result.correct, (exercise_id, answer, result.message)
    return result.message


def test_geometric_mean_inverse_from_a_rounded_perplexity():
    assert "1 / perplexity" in _not_yet("ch01.geometric-mean", 1 / 3.3636)


def test_laplace_v14_is_told_both_readings():
    message = _not_yet("ch01.laplace-prob", "2/28")
    assert "MLE estimate" in message
    assert "V = 14" in message and "<UNK>" in message


def test_cat_mat_clipped_value_is_named():
    message = _not_yet("ch02.cat-mat-plain", "5/7")
    assert "clipped (modified) precision of notebook 03" in message
    assert "clipped (modified)" in _not_yet("ch02.cat-mat-plain", 0.7143)


def test_ca3_count_not_divided():
    message = _not_yet("ch02.ca3-raw", 14)
    assert "not yet a precision" in message and "divide" in message
    assert "Party" not in message


def _code_hint(function) -> str:
    message = check("ch02.code-unigram-precision", function).message
    assert message.startswith("Not yet"), message
    return message


def test_candidate_made_a_set_gets_its_own_hint():
    def unigram_precision(candidate, references):
        reference_words = set()
        for reference in references:
            reference_words.update(reference)
        mine = set(candidate)
        return Fraction(len(mine & reference_words), max(1, len(mine)))

    message = _code_hint(unigram_precision)
    assert "returned: Fraction(15, 16)" in message
    assert "a set of the candidate's words loses the repeats, so a word used three" in message


def test_recall_is_named():
    def unigram_precision(candidate, references):
        reference = references[0]
        found = sum(1 for token in reference if token in candidate)
        return Fraction(found, max(1, len(reference)))

    assert "that would be recall, not precision" in _code_hint(unigram_precision)


def test_every_new_mistake_is_registered():
    names = {m.name for m in CODE_EXERCISES["ch02.code-unigram-precision"].mistakes}
    assert "distinct words, count and length" in names


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def test_exercise_2_of_02_is_self_contained():
    (cell,) = [c for c in _cells("02_unigram_precision.ipynb")
               if "".join(c["source"]).startswith("**Exercise 2**")]
    text = " ".join("".join(cell["source"]).split())
    assert "'hello this code is not mine'" in text and "'hello this is my code'" in text
    assert "over the number of its tokens" in text
    assert "Swap the roles" not in text and "word-in-reference" not in text


def test_slept_line_is_one_output_piece():
    (cell,) = [c for c in _cells("01_perplexity.ipynb")
               if "looked up as" in "".join(c["source"])]
    first = cell["outputs"][0]
    assert "".join(first["text"]).startswith("the word 'slept' is looked up as: <UNK>\n")
