"""Every code exercise ends in bounded time, whatever the student's function catches.

The checker runs the student's calls in a child process and kills it at the time limit
(:class:`bleu.exercises.code._ForkedCalls`). The functions below are the loops a student can
write by accident: a ``try``/``except Exception`` around a ``sleep`` (the case a reader found:
the kernel hung for good), a bare ``except:``, and nested handlers with a ``finally``. Each
must get the "stopped after" verdict on every exercise. A watchdog (faulthandler) ends the
test process if a check ever hangs, so a regression fails instead of stalling the run.
"""

from __future__ import annotations

import dataclasses
import faulthandler
import time

import pytest

from bleu.exercises import _load_all, check
from bleu.exercises.code import CODE_EXERCISES, run_check

_load_all()
LIMIT = 0.2  # seconds per call, instead of the exercises' 5 s


def catches_exception(*args):
    while True:
        try:
            time.sleep(1)
        except Exception:
            pass


def catches_everything(*args):
    while True:
        try:
            time.sleep(0.01)
        except:  # noqa: E722 - the point of the test
            pass


def nested_with_finally(*args):
    while True:
        try:
            while True:
                try:
                    sum(range(1000))
                except BaseException:
                    continue
        except BaseException:
            pass
        finally:
            for _ in range(10**9):
                try:
                    pass
                except BaseException:
                    pass


def turns_the_stop_into_its_own_error(*args):
    try:
        while True:
            pass
    except BaseException:
        raise ValueError("mine") from None


@pytest.fixture(autouse=True)
def watchdog():
    faulthandler.dump_traceback_later(120, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.mark.parametrize("exercise_id", sorted(CODE_EXERCISES))
def test_a_loop_that_catches_exception_is_stopped(exercise_id):
    exercise = dataclasses.replace(CODE_EXERCISES[exercise_id], timeout=LIMIT)
    message = run_check(exercise, catches_exception).message
    assert message.startswith(f"Not yet ({exercise_id}): stopped after {LIMIT:g} s on")


@pytest.mark.parametrize("exercise_id", sorted(CODE_EXERCISES))
def test_a_loop_with_a_bare_except_is_stopped(exercise_id):
    exercise = dataclasses.replace(CODE_EXERCISES[exercise_id], timeout=LIMIT)
    message = run_check(exercise, catches_everything).message
    assert message.startswith(f"Not yet ({exercise_id}): stopped after {LIMIT:g} s on")


@pytest.mark.parametrize(
    "student", [nested_with_finally, turns_the_stop_into_its_own_error], ids=lambda f: f.__name__
)
def test_nested_handlers_cannot_outlast_the_limit(student):
    exercise = dataclasses.replace(CODE_EXERCISES["ch05.code-geometric-mean"], timeout=LIMIT)
    assert "stopped after 0.2 s on fixed case 1" in run_check(exercise, student).message


def test_what_the_students_function_prints_is_shown(capsys):
    def noisy(precisions, weights):
        print("p =", list(precisions))
        return 0.0

    message = check("ch05.code-geometric-mean", noisy).message
    assert message.startswith("Not yet") and "expected: 0.504566" in message
    assert "p = [Fraction(17, 18)" in capsys.readouterr().out


def test_a_function_that_ends_the_process_gets_a_verdict():
    def leaves(precisions, weights):
        import os

        os._exit(3)

    message = check("ch05.code-geometric-mean", leaves).message
    assert "raised SystemExit on fixed case 1" in message
    assert "(the function ended the process)" in message


def test_a_value_that_cannot_be_sent_back_is_shown_by_its_repr():
    message = check("ch05.code-geometric-mean", lambda precisions, weights: lambda: 0).message
    assert "returned: <function" in message
