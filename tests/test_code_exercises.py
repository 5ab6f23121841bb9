"""Code exercises: every checker accepts the package's function and rejects each typical
mistake with that mistake's hint; the checker's own behaviour on stubs, exceptions, hangs,
mutated inputs and wrong types."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from bleu import exercises
from bleu.exercises import check
from bleu.exercises.code import (
    CODE_EXERCISES,
    CodeExercise,
    Mistake,
    register_code,
    run_check,
    same_result,
    type_hint,
)

exercises.exercises()  # import every exercise module, so that CODE_EXERCISES is full
ALL = sorted(CODE_EXERCISES)


@pytest.mark.parametrize("exercise_id", ALL)
def test_the_package_function_passes(exercise_id):
    exercise = CODE_EXERCISES[exercise_id]
    result = check(exercise_id, exercise.reference)
    assert result.correct, result.message
    assert result.message.startswith(f"Right ({exercise_id}): ")


@pytest.mark.parametrize("exercise_id", ALL)
def test_each_exercise_has_three_mistakes_and_examples(exercise_id):
    exercise = CODE_EXERCISES[exercise_id]
    assert len(exercise.mistakes) >= 3
    assert len(exercise.examples()) >= 1
    assert exercise.notebook


@pytest.mark.parametrize(
    ("exercise_id", "index"),
    [(key, i) for key in ALL for i in range(len(CODE_EXERCISES[key].mistakes))],
)
def test_each_mistake_fails_with_its_own_hint(exercise_id, index):
    exercise = CODE_EXERCISES[exercise_id]
    mistake = exercise.mistakes[index]
    result = check(exercise_id, mistake.implementation)
    assert not result.correct, f"{mistake.name} passes the checker"
    assert f"Hint: {mistake.hint}" in result.message, result.message


@pytest.mark.parametrize("exercise_id", ALL)
def test_random_cases_are_reproducible_and_small_first(exercise_id):
    exercise = CODE_EXERCISES[exercise_id]
    first, second = exercise.cases(), exercise.cases()
    assert [repr(c) for _, c in first] == [repr(c) for _, c in second]
    drawn = [case for where, case in first if where.startswith("random")]
    sizes = [len(repr(case)) for case in drawn]
    assert sizes == sorted(sizes)


def _count(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _precision(tokens, n):
    grams = len(tokens) - n + 1
    return Fraction(len(set(tokens)), max(grams, 1))


DEMO = CodeExercise(
    id="demo.code-count",
    name="count",
    signature="count(tokens, n)",
    task="Count the n-grams of tokens.",
    reference=_count,
    examples=lambda: [(["a", "b", "c"], 1)],
    random_case=lambda rng: ([rng.choice("ab") for _ in range(rng.randint(0, 6))], 1),
    mistakes=(
        Mistake("set", lambda tokens, n: Counter(set(_count(tokens, n))), "count repeats"),
        Mistake("off by one", lambda tokens, n: _count(tokens[:-1], n), "the last n-gram"),
    ),
    hint="generic hint",
    notebook="demo",
    n_random=20,
    timeout=0.5,
)


def test_stub_and_none_and_not_callable_say_not_yet():
    def stub(tokens, n):
        raise NotImplementedError

    assert "write the body of count(tokens, n)" in run_check(DEMO, stub).message
    assert "Not yet" in run_check(DEMO, None).message
    assert "pass the function itself" in run_check(DEMO, 3).message
    message = run_check(DEMO, lambda tokens, n: None).message
    assert "a return statement is missing" in message


def test_failure_shows_the_call_expected_returned_and_matching_hint():
    message = run_check(DEMO, DEMO.mistakes[1].implementation).message
    assert "on fixed case 1:\n  count(['a', 'b', 'c'], 1)\n" in message
    assert "expected: Counter({('a',): 1, ('b',): 1, ('c',): 1})" in message
    assert "returned: Counter({('a',): 1, ('b',): 1})" in message
    assert message.endswith("Hint: the last n-gram")
    repeats = run_check(DEMO, DEMO.mistakes[0].implementation).message
    assert "on random case" in repeats and repeats.endswith("Hint: count repeats")


def test_an_unknown_wrong_answer_gets_the_generic_hint_or_a_type_hint():
    assert run_check(DEMO, lambda t, n: Counter()).message.endswith("Hint: generic hint")
    listing = run_check(DEMO, lambda t, n: list(_count(t, n))).message
    assert "return a mapping from n-gram to count" in listing


def test_the_students_traceback_shows_their_lines_not_the_checkers():
    def broken(tokens, n):
        total = 0
        return total / len(tokens[5:])  # ZeroDivisionError

    message = run_check(DEMO, broken).message
    assert "ZeroDivisionError" in message
    assert "return total / len(tokens[5:])" in message
    assert "code.py" not in message and "bleu/exercises" not in message


def test_a_hanging_function_is_stopped():
    def hangs(tokens, n):
        while True:
            pass

    message = run_check(DEMO, hangs).message
    assert "stopped after 0.5 s" in message


def test_a_function_that_mutates_its_input_does_not_break_the_check():
    def mutating(tokens, n):
        result = _count(tokens, n)
        tokens.clear()
        return result

    assert run_check(DEMO, mutating).correct


def test_check_dispatches_to_code_exercises():
    register_code(DEMO)
    try:
        assert check("demo.code-count", _count).correct
        assert not check("demo.code-count", DEMO.mistakes[0].implementation).correct
    finally:
        del CODE_EXERCISES["demo.code-count"]


def test_same_result_is_strict_where_it_matters():
    assert same_result(Fraction(1, 3), Fraction(2, 6))
    assert not same_result(Fraction(1, 3), 1 / 3)
    assert not same_result(0.5, "0.5")
    assert not same_result(0.5, 0.5000001)
    assert same_result(Counter({"a": 1}), {"a": 1})
    assert not same_result({"a": 1}, {"a": 1, "b": 1})
    assert not same_result(True, 1)


def test_type_hints():
    assert "Fraction" in type_hint(Fraction(1, 2), 0.5)
    assert "integer" in type_hint(3, 3.0)
    assert type_hint(0.5, 0.25) is None


def test_seeded_cases_do_not_depend_on_global_random_state():
    random.seed(12345)
    first = [repr(c) for _, c in DEMO.cases()]
    random.seed(999)
    assert first == [repr(c) for _, c in DEMO.cases()]


CODE_IN_PROSE = re.compile(
    r"\[[^\]]* for \w+ in [^\]]*\]"  # a comprehension
    r"|\b\w+(, \w+)* = [\w.\[]+\("  # an assignment from a call: sums = [sum(...
    r"|\blambda\b|\bdef \w+\("
)


@pytest.mark.parametrize("exercise_id", ALL)
def test_no_hint_spells_out_the_code(exercise_id):
    """A hint names the slip or says the method in words; it hands over no line of code."""
    exercise = CODE_EXERCISES[exercise_id]
    for hint in (exercise.hint, *(m.hint for m in exercise.mistakes)):
        assert not CODE_IN_PROSE.search(hint), hint


def test_a_raise_hint_is_shown_when_the_function_raises_and_only_then():
    import dataclasses

    exercise = dataclasses.replace(DEMO, raise_hint="tokens first, then n")

    def raises(tokens, n):
        return {}[tokens[0]]

    raised = run_check(exercise, raises).message
    assert "KeyError" in raised and raised.endswith("Hint: tokens first, then n")
    wrong = run_check(exercise, lambda t, n: Counter()).message
    assert wrong.endswith("Hint: generic hint")
