"""The exercises of notebooks 02-04: their helpers, their specific hints, their answers."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bleu import modified_precision
from bleu.data import load_example
from bleu.exercises import check, exercises, reset_tries
from bleu.exercises.ch02 import close_to, plain_precision, unmatched, words


@pytest.fixture(autouse=True)
def _first_try():
    """Each test starts at a first try: ``check`` gives the second hint from a second wrong try."""
    reset_tries()
    yield


OURS = sorted(i for i in exercises() if i.split(".")[0] in {"ch02", "ch03", "ch04"})


def test_there_are_two_to_four_exercises_per_notebook():
    for chapter in ("ch02", "ch03", "ch04"):
        assert 2 <= sum(i.startswith(chapter + ".") for i in OURS) <= 4


def test_words_gives_the_documents_unigram_numbers_and_raw_split_does_not():
    ex = load_example("example1")
    refs = [words(r) for r in ex.references]
    assert plain_precision(words(ex.candidates["Ca1"]), refs) == Fraction(17, 18)
    assert plain_precision(words(ex.candidates["Ca2"]), refs) == Fraction(8, 14)
    raw = ex.reference_tokens()
    assert plain_precision(ex.candidate_tokens("Ca1"), raw) == Fraction(16, 18)
    assert plain_precision(ex.candidate_tokens("Ca2"), raw) == Fraction(7, 14)
    assert unmatched(words(ex.candidates["Ca1"]), refs) == ["obeys"]


def test_bigram_numbers_of_001_hold_for_raw_and_normalised_tokens():
    ex = load_example("example1")
    for tokenize in (str.split, words):
        refs = [tokenize(r) for r in ex.references]
        assert modified_precision(refs, tokenize(ex.candidates["Ca1"]), 2) == Fraction(10, 17)
        assert modified_precision(refs, tokenize(ex.candidates["Ca2"]), 2) == Fraction(1, 13)


def test_helpers_reject_bad_input_naming_the_argument():
    with pytest.raises(TypeError, match="sentence"):
        words(["not", "a", "string"])
    with pytest.raises(ValueError, match="candidate"):
        plain_precision([], [["a"]])


def test_close_to_ignores_non_numbers():
    assert close_to(0.6666666, Fraction(2, 3))
    assert not close_to(None, 0) and not close_to("2/3", Fraction(2, 3))
    assert not close_to(True, 1) and not close_to([1], 1)


@pytest.mark.parametrize("exercise_id", OURS)
def test_wrong_answer_gets_its_specific_hint(exercise_id):
    ex = exercises()[exercise_id]
    specific = ex.diagnose(ex.wrong)
    assert specific, "the typical wrong answer should get a specific hint"
    assert specific in check(exercise_id, ex.wrong).message
    assert ex.diagnose(ex.expected()) is None


@pytest.mark.parametrize("exercise_id", OURS)
def test_messages_never_show_the_expected_answer(exercise_id):
    ex = exercises()[exercise_id]
    expected = ex.expected()
    shown = [str(expected)] if not isinstance(expected, list) else list(expected)
    if isinstance(expected, Fraction):
        shown.append(repr(float(expected)))
    for answer in (None, ex.wrong):
        message = check(exercise_id, answer).message
        body = message.split("Hint:", 1)[-1]  # the placeholder's verdict has no hint
        for text in shown:
            assert not re.search(rf"(?<![\w/.]){re.escape(text)}(?![\w/])", body), (text, body)


def test_equivalent_answer_forms_are_accepted():
    assert check("ch03.summed-refs", "3/7").correct
    assert check("ch03.summed-refs", 3 / 7).correct
    assert check("ch04.ca3-bigram", 15).correct
    assert check("ch04.ca3-bigram", 15.0).correct
    assert not check("ch04.ca3-bigram", "fifteen").correct


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("17/18", "the value with `normalise`"),
        ("16/18", "Ca1's value under the raw split"),
        (Fraction(8, 9), "Ca1's value under the raw split"),
        ("15/18", "one token too many"),
        ("13/18", "one match too few"),
        ("4/18", "share of Ca3's tokens that match no reference"),
    ],
)
def test_ca3_raw_slips_get_a_diagnosis_that_fits_ca3(answer, says):
    message = check("ch02.ca3-raw", answer).message
    assert says in message, message
    assert "'It'" not in message  # Ca3's 'It' matches the references' 'It'


def test_ca3_raw_second_hint_speaks_of_ca3s_own_tokens():
    check("ch02.ca3-raw", "1/2")
    message = check("ch02.ca3-raw", "1/2").message
    assert "'Party' and 'party'" in message and "'It' and 'it'" not in message, message


def test_ca3_bigram_answer_is_not_what_broken_code_gives():
    """p_2(Ca3) is 0, which any broken bigram count also returns: the exercise asks for a
    count that is neither 0 nor the number of bigrams."""
    answer = exercises()["ch04.ca3-bigram"].expected()
    ex = load_example("example1")
    refs = [words(r) for r in ex.references]
    ca3 = words(ex.candidates["Ca3"])
    assert modified_precision(refs, ca3, 2) == 0
    assert 0 < answer < len(ca3) - 1


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (0, "occur in a reference as pairs"),
        (17, "one word of Ca3 occurs in no reference"),
        (16, "spoils every bigram it is part of"),
        ("15/17", "asks how many"),
        ("10/17", "Ca1's bigram precision"),
    ],
)
def test_ca3_bigram_slips_are_named(answer, says):
    message = check("ch04.ca3-bigram", answer).message
    assert message.startswith("Not yet") and says in message, message
