"""Every answer, however odd, gets a one-line verdict from ``check`` (issue 19, item 2).

Huge and tiny exponents, 400-digit numbers, ``nan``, complex numbers, bytes, numpy arrays of
every shape, objects whose ``__float__`` raises: over every registered numeric exercise, the
check returns a :class:`CheckResult` whose message is one line, never a traceback. A guard
(``SIGALRM``, a generous limit) turns a hang into a failure; no test asserts a time.
"""

from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from bleu import exercises
from bleu.exercises import CheckResult, check, reset_tries

ALL = exercises.exercises()
IDS = sorted(ALL)
GUARD_SECONDS = 60
"""A check that has not answered by then is a hang (each takes milliseconds)."""


@contextmanager
def no_hang(seconds: float = GUARD_SECONDS):
    """Fail, rather than wait forever, if the block runs longer than ``seconds``."""
    if not hasattr(signal, "SIGALRM"):  # pragma: no cover - not on Windows
        yield
        return

    def stop(signum, frame):
        raise TimeoutError(f"check() did not answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(autouse=True)
def _first_try():
    reset_tries()
    yield
    reset_tries()


class FloatRaises:
    def __float__(self) -> float:
        raise RuntimeError("no float here")

    def __index__(self) -> int:
        raise RuntimeError("no int here")

    def __eq__(self, other) -> bool:
        raise RuntimeError("no comparison here")

    __hash__ = object.__hash__


class ReprRaises(float):
    """A float whose repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr here")


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


MAYBE_RIGHT = (
    -0.0,
    "-0.0",
    "-1e-400",
    np.array(0.5, dtype=object),
    np.array("0.5"),
    np.float16(0.5),
    ReprRaises(0.5),
    "\u0660.\u0665",
)
"""Odd forms of 0 (within 1e-12 of it) and of 0.5: right where that is the answer."""

ODD = [
    *MAYBE_RIGHT,
    "1e99999999",
    "-1e99999999",
    "1e-99999999",
    "1/1e99999999",
    "1e99999999/3",
    Decimal("1e99999999"),
    Decimal("-1e-99999999"),
    "1e400",
    "1" * 400,
    "0." + "3" * 99,
    "1" * 100_000,
    10**400,
    -(10**400),
    10**5000,
    Fraction(10**400, 7),
    Fraction(1, 10**500),
    Fraction(10**2000 + 1, 10**2000),
    float("nan"),
    float("inf"),
    float("-inf"),
    "inf",
    "-Infinity",
    "nan",
    "sNaN",
    Decimal("NaN"),
    Decimal("sNaN"),
    Decimal("Infinity"),
    complex(0.5, 1),
    complex(0.5, 0),
    np.complex128(1 + 2j),
    b"0.5",
    bytearray(b"0.5"),
    np.array([0.5, 0.5]),
    np.zeros((0,)),
    np.zeros((2, 3, 4)),
    np.array([[0.5]]),
    np.array(None, dtype=object),
    np.array(b"0.5"),
    np.array(np.nan),
    np.longdouble("1e4000"),
    np.datetime64("2020-01-01"),
    np.timedelta64(3, "s"),
    np.bool_(True),
    FloatRaises(),
    object(),
    {"a": 1},
    {0.5},
    range(3),
    nested(10_000),
    "",
    "   ",
    "\x00",
    "1/0",
    "0/0",
    "nan/1",
    "1e5/1e-5",
    "%",
    "\u22120.5",
    "1_000",
    True,
    ...,
    None,
]


def assert_one_line_verdict(exercise_id: str, answer) -> CheckResult:
    with no_hang():
        result = check(exercise_id, answer)
    assert isinstance(result, CheckResult)
    message = result.message
    assert isinstance(message, str) and message.strip() and "\n" not in message
    assert message.startswith(("Right", "Not yet", "Close")), message
    assert f"({exercise_id})" in message and "Traceback" not in message
    assert len(message) < 600
    return result


@pytest.mark.parametrize("exercise_id", IDS)
def test_odd_answers_get_a_one_line_verdict(exercise_id):
    limit = sys.getrecursionlimit()
    for answer in ODD:
        result = assert_one_line_verdict(exercise_id, answer)
        if not any(answer is maybe for maybe in MAYBE_RIGHT):
            assert not result.correct, (exercise_id, type(answer).__name__, result.message)
    assert sys.getrecursionlimit() == limit


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("1e99999999", "far too large to be any answer here"),
        ("1e-99999999", "far too small to be any answer here"),
        (10**400, "far too large"),
        (Fraction(1, 10**500), "far too small"),
        ("1" * 400, "400 characters long"),
        (complex(0.5, 1), "complex number"),
        (b"0.5", "bytes"),
        (np.zeros((2, 2)), "that is an array; give one number"),
        (np.datetime64("2020-01-01"), "numpy datetime64"),
        (float("nan"), "nan is not a finite number"),
        ("-inf", "-inf is not a finite number"),
        (Decimal("sNaN"), "nan is not a finite number"),
    ],
)
def test_odd_answers_are_told_what_is_odd(answer, says):
    assert says in check("ch05.equal-weights", answer).message


def test_a_zero_answer_keeps_its_sign_out_of_the_verdict(monkeypatch):
    from bleu import exercises

    zero = exercises.Exercise(id="test.zero", question="", expected=lambda: 0, hint="h.", wrong=1)
    monkeypatch.setitem(exercises._REGISTRY, zero.id, zero)
    assert check("test.zero", -0.0).correct and check("test.zero", "-0").correct
    assert not check("test.zero", 1e-9).correct


def _printable(value) -> bool:
    try:
        repr(value)
    except Exception:  # 10**5000 (Python's limit on int digits), ReprRaises
        return False
    return True


answers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**1200), max_value=10**1200),
    st.fractions(max_denominator=10**600),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.complex_numbers(),
    st.text(max_size=40),
    st.text(alphabet="0123456789.eE+-/ _%", max_size=30),
    st.binary(max_size=12),
    st.builds(
        lambda mantissa, exponent: f"{mantissa}e{exponent}",
        st.integers(-(10**6), 10**6),
        st.integers(-(10**15), 10**15),
    ),
    st.builds(
        lambda top, bottom: f"{top}/{bottom}",
        st.one_of(st.integers(), st.floats(), st.text(max_size=5)),
        st.one_of(st.integers(), st.floats(), st.text(max_size=5)),
    ),
    hnp.arrays(
        dtype=st.sampled_from(
            [np.float64, np.float32, np.float16, np.int64, np.uint8, np.bool_, np.complex128]
        ),
        shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3),
    ),
    hnp.from_dtype(np.dtype(np.float64)),
    hnp.from_dtype(np.dtype(np.int64)),
    st.lists(st.floats(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.floats(), max_size=2),
    st.sampled_from([a for a in ODD if _printable(a)]),  # hypothesis prints what it draws
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(exercise_id=st.sampled_from(IDS), answer=answers)
def test_any_answer_gets_a_one_line_verdict(exercise_id, answer):
    assert_one_line_verdict(exercise_id, answer)
