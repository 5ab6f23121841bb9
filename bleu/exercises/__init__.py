"""Self-checks for the notebooks' exercises.

``check(exercise_id, answer)`` says whether ``answer`` is right and, if not, gives a hint;
it never shows the expected answer. Each exercise computes its expected answer with the
:mod:`bleu` package (no answer is typed into this code), and knows one typical wrong
answer so that the tests can make sure the check rejects it.

How numbers are checked (the rule the messages state): an answer is right when it agrees
with the expected value to 4 significant figures, the precision the notebooks print. Type
what a notebook printed (0.7778 for 7/9, 16.67 for 16.666...), more correctly rounded
digits, the full float, a ``Fraction``, a numpy number or a string (``"2/7"``, ``"2 / 7"``,
``"0.2857"``). An answer right to 2 or 3 significant figures only (0.78 for 7/9) is told
"Close: give more digits"; any other miss gets the exercise's hint. Integers, fractions,
lists and words are compared exactly. :func:`same_answer` has the details.

Exercises live in the modules of this package, one per notebook (``ch03.py`` for
notebook 03 and so on); each module calls :func:`register`. They are all imported on
first use.

>>> result = check("demo.two-sevenths", 2 / 7)
>>> result.correct
True
>>> check("demo.two-sevenths", 0.2857).correct, check("demo.two-sevenths", "2/7").correct
(True, True)
>>> print(check("demo.two-sevenths", 0.29))  # doctest: +ELLIPSIS
Close (demo.two-sevenths): right as far as it goes, but give more digits: at least 4...
>>> print(check("demo.two-sevenths", 0.5))  # doctest: +ELLIPSIS
Not yet (demo.two-sevenths): numbers are checked to 4 significant figures, rounded. Hint: ...
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from numbers import Integral, Number, Rational
from typing import Any

from .code import CODE_EXERCISES, check_code
from .verdict import CheckResult

_REGISTRY: dict[str, Exercise] = {}
_LOADED = False


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer and how to help a wrong one.

    ``expected`` computes the answer with :mod:`bleu`; ``hint`` is shown on any wrong
    answer; ``diagnose`` may return a more specific hint for a particular wrong answer
    (e.g. the unclipped value). ``wrong`` is a typical wrong answer, used by the tests.
    ``rel_tol`` is the tolerance for float answers.
    """

    id: str
    question: str
    expected: Callable[[], Any]
    hint: str
    wrong: Any
    diagnose: Callable[[Any], str | None] | None = None
    rel_tol: float = 1e-6
    compare: Callable[[Any, Any], bool] | None = None
    notebook: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)


def register(exercise: Exercise) -> Exercise:
    """Add an exercise to the registry (ids are unique)."""
    if exercise.id in _REGISTRY and _REGISTRY[exercise.id] is not exercise:
        raise ValueError(f"exercise id {exercise.id!r} is registered twice")
    _REGISTRY[exercise.id] = exercise
    return exercise


def _load_all() -> None:
    global _LOADED
    if _LOADED:
        return
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    _LOADED = True


def exercises() -> dict[str, Exercise]:
    """All registered exercises by id."""
    _load_all()
    return dict(_REGISTRY)


def get(exercise_id: str) -> Exercise:
    """The exercise with this id; ``KeyError`` listing close ids if there is none."""
    _load_all()
    if exercise_id not in _REGISTRY:
        prefix = exercise_id.split(".")[0]
        near = sorted(k for k in _REGISTRY if k.startswith(prefix))
        raise KeyError(
            f"exercise_id {exercise_id!r} is unknown; exercises here: {near or sorted(_REGISTRY)}"
        )
    return _REGISTRY[exercise_id]


SIGNIFICANT_FIGURES = 4
"""Numbers are checked to this many significant figures, the precision the notebooks print."""

MAX_ROUNDED_FIGURES = 7
"""An answer with more significant figures than this is checked by relative tolerance alone."""

MIN_CLOSE_FIGURES = 2
"""An answer right to this many significant figures (but fewer than 4) is told "Close".

A one-figure answer (0.5, 1) gets the hint instead: it is more often a wrong method's exact
value, or a guess, than a rounded right one.
"""

_TIE_SLACK = Fraction(1, 10**12)


@dataclass(frozen=True)
class _Number:
    """An answer read as a number: its exact value and, if written in digits, those digits.

    ``digits`` is ``None`` for answers that carry no digits to count (a ``Fraction`` or a
    ``"p/q"`` string). ``inexact`` marks decimals (floats, ``"0.2857"``): they may be off by
    the relative tolerance, while an integer or a fraction against a fraction must be exact.
    """

    value: Fraction
    digits: Decimal | None
    inexact: bool


class _NotANumber(ValueError):
    """The answer is a string (or array) that does not read as one number."""


def _from_digits(text: str, shown: str) -> _Number:
    """A number written in decimal digits (``text``); ``shown`` names it in a message."""
    try:
        digits = Decimal(text)
    except InvalidOperation:
        raise _NotANumber(f"{shown} is not a number") from None
    value = Fraction(digits) if digits.is_finite() else Fraction(0)  # non-finite: never right
    return _Number(value, digits, True)


def _read_string(answer: str) -> _Number:
    text = answer.strip().replace("\u2212", "-")  # Decimal() ignores spaces around "/" too
    if text.endswith("%"):
        raise _NotANumber(f"{answer!r} has a % sign; give the plain number without it")
    if "/" not in text:
        return _from_digits(text, repr(answer))
    top, _, bottom = text.partition("/")
    try:
        value = Fraction(Decimal(top)) / Fraction(Decimal(bottom))
    except (InvalidOperation, ValueError, ZeroDivisionError, OverflowError):
        raise _NotANumber(f"{answer!r} is not a number or a fraction") from None
    return _Number(value, None, False)


def _read_number(answer: Any) -> _Number | None:
    """Read ``answer`` as a number; ``None`` if it is no number at all (``None``, a list).

    Floats are read from their shortest repr (``0.2857``), numpy scalars and 0-d arrays from
    numpy's own ``str`` (so ``np.float32(0.2857)`` shows 4 figures, not 16). Raises
    :class:`_NotANumber` for a string or array that does not read as exactly one number
    (``"0,5"``, ``"12%"``, ``np.array([0.5, 0.2])``).
    """
    if isinstance(answer, str):
        return _read_string(answer)
    if isinstance(answer, (list, tuple)):
        raise _NotANumber(f"that is a {type(answer).__name__}; give one number")
    if hasattr(answer, "shape") and hasattr(answer, "dtype"):  # numpy scalar or array
        if answer.shape != ():
            raise _NotANumber("that is an array; give one number")
        text, answer = str(answer), answer.item()
    elif isinstance(answer, float):
        text = repr(answer)
    else:
        text = str(answer)
    if isinstance(answer, bool) or not isinstance(answer, Number):
        return None
    if isinstance(answer, Integral):
        return _Number(Fraction(int(answer)), Decimal(int(answer)), False)
    if isinstance(answer, Rational):
        return _Number(Fraction(answer), None, False)
    if not isinstance(answer, Decimal):
        text = text if isinstance(answer, float) else repr(float(answer))
    return _from_digits(text, repr(text))


def _round_significant(value: Fraction, figures: int) -> Decimal:
    """``value`` rounded half-even to ``figures`` significant figures.

    >>> _round_significant(Fraction(2, 7), 4), _round_significant(Fraction(-50, 3), 3)
    (Decimal('0.2857'), Decimal('-16.7'))
    """
    if value == 0:
        return Decimal(0)
    with localcontext() as ctx:
        ctx.prec = 60
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        quantum = Decimal(1).scaleb(exact.adjusted() - figures + 1)
        return exact.quantize(quantum, rounding=ROUND_HALF_EVEN)


def _rounds_to(expected: Fraction, figures: int, answer: Decimal) -> bool:
    """Does ``expected`` rounded to ``figures`` significant figures equal ``answer``?

    Either neighbour of a tie counts: 0.12345 stored as a float rounds to 0.1234 or 0.1235.
    """
    slack = abs(expected) * _TIE_SLACK
    return any(
        _round_significant(value, figures) == answer
        for value in (expected, expected - slack, expected + slack)
    )


def _is_number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


def _verdict(answer: Any, expected: Any, rel_tol: float) -> str:
    """``"right"``, ``"close"`` (right to 2 or 3 significant figures) or ``"wrong"``.

    Raises :class:`_NotANumber` for a string that does not read as a number.
    """
    if hasattr(expected, "dtype") and getattr(expected, "shape", None) == ():
        expected = expected.item()  # a numpy number: a plain int or float
    if not isinstance(expected, (Rational, Decimal)):
        expected = float(expected)
    number = _read_number(answer)
    if number is None:
        return "wrong"
    if number.digits is not None and not number.digits.is_finite():
        return "wrong"
    if not math.isfinite(expected):
        return "wrong"
    target = Fraction(expected)
    if number.value == target:
        return "right"
    exact_pair = isinstance(expected, Rational) and not number.inexact
    if not exact_pair and math.isclose(
        float(number.value), float(target), rel_tol=rel_tol, abs_tol=1e-12
    ):
        return "right"
    if isinstance(expected, Integral) or number.digits is None or number.value == 0:
        return "wrong"
    shown = number.digits.normalize()
    figures = len(shown.as_tuple().digits)
    if figures > MAX_ROUNDED_FIGURES:
        return "wrong"
    if _rounds_to(target, max(figures, SIGNIFICANT_FIGURES), shown):
        return "right"
    if MIN_CLOSE_FIGURES <= figures < SIGNIFICANT_FIGURES and _rounds_to(target, figures, shown):
        return "close"
    return "wrong"


def same_answer(answer: Any, expected: Any, rel_tol: float = 1e-6) -> bool:
    """Compare an answer with the expected value, forgivingly where it makes sense.

    Numbers (the rule :func:`check` states in its messages):

    * an integer answer, a ``Fraction`` or a ``"p/q"`` string (spaces allowed) is compared
      exactly with an integer or fraction, and within ``rel_tol`` with a float;
    * a number written in digits (a float, a numpy scalar, ``"0.2857"``) is right when it
      is within ``rel_tol`` of the expected value, or when it is the expected value rounded
      to as many significant figures as the answer shows, but at least 4 significant
      figures (:data:`SIGNIFICANT_FIGURES`): 0.2857, 0.28571 and "0.2857" for 2/7, 16.67
      for 16.666... Trailing zeros are not counted, so 0.5 is right for 0.50003 (0.5000
      with its zeros dropped, as a float drops them); either neighbour of a tie is right.
      An answer with more than 7 significant figures is checked by ``rel_tol`` alone. An
      answer of 0 is right only for 0; an integer expected value needs that integer.

    Strings: case and surrounding spaces ignored. Sequences and mappings: item by item.
    ``True`` and ``False`` are never numbers.

    >>> same_answer("4/6", Fraction(2, 3)), same_answer(0.6667, Fraction(2, 3))
    (True, True)
    >>> same_answer(0.667, Fraction(2, 3)), same_answer("2 / 3", 2 / 3), same_answer(16.67, 50 / 3)
    (False, True, True)
    """
    if isinstance(expected, bool) or isinstance(answer, bool):
        return isinstance(answer, bool) and isinstance(expected, bool) and answer == expected
    if _is_number(expected):
        try:
            return _verdict(answer, expected, rel_tol) == "right"
        except _NotANumber:
            return False
    if isinstance(expected, str):
        return isinstance(answer, str) and answer.strip().lower() == expected.strip().lower()
    if isinstance(expected, Mapping):
        return (
            isinstance(answer, Mapping)
            and set(answer) == set(expected)
            and all(same_answer(answer[k], expected[k], rel_tol) for k in expected)
        )
    if isinstance(expected, Sequence):
        return (
            isinstance(answer, Sequence)
            and not isinstance(answer, str)
            and len(answer) == len(expected)
            and all(same_answer(a, e, rel_tol) for a, e in zip(answer, expected))
        )
    return answer == expected


def close_to(answer: Any, value: float, rel_tol: float = 1e-6, abs_tol: float = 1e-12) -> bool:
    """True if ``answer`` reads as a number close to ``value`` (for ``diagnose`` hooks).

    Close means within the tolerances, or, for a number written in digits, equal to
    ``value`` rounded to 4 or more significant figures, the rule of :func:`same_answer`
    (so a wrong answer typed as printed, 0.3021, still gets its specific hint).

    >>> close_to("0.25", 1 / 4), close_to(None, 0), close_to(True, 1), close_to(0.3021, 0.30206)
    (True, False, False, True)
    """
    if answer is None or isinstance(answer, bool):
        return False
    try:
        if math.isclose(float(answer), float(value), rel_tol=rel_tol, abs_tol=abs_tol):
            return True
    except (TypeError, ValueError, OverflowError):
        return False
    try:
        number = _read_number(answer)
        if number is None or number.digits is None or not math.isfinite(float(value)):
            return False
        return _verdict(answer, float(value), rel_tol) == "right"
    except (TypeError, ValueError, OverflowError):
        return False


def _plain(answer: Any) -> Any:
    """A numeric string or numpy value as a plain Python number, for ``diagnose`` hooks."""
    if not (isinstance(answer, str) or hasattr(answer, "dtype")):
        return answer
    try:
        number = _read_number(answer)
    except _NotANumber:
        return answer
    if number is None:
        return answer
    if number.digits is None:  # "p/q"
        return number.value
    if not number.digits.is_finite():
        return float(number.digits)
    if not number.inexact:
        return int(number.value)
    return float(number.value)


ROUNDING_NOTE = f"numbers are checked to {SIGNIFICANT_FIGURES} significant figures, rounded"


def check(exercise_id: str, answer: Any) -> CheckResult:
    """Say whether ``answer`` solves exercise ``exercise_id``; never reveals the answer.

    A number is right when it agrees with the expected value to the 4 significant figures
    the notebooks print (or to all the figures it shows, if more): see :func:`same_answer`.
    A number right to fewer figures (0.29 for 2/7) gets "Close: give more digits". An
    exercise with its own ``compare`` is checked by that function only.
    """
    _load_all()
    if exercise_id in CODE_EXERCISES:
        return check_code(exercise_id, answer)
    exercise = get(exercise_id)
    expected = exercise.expected()
    if answer is None or answer is Ellipsis:
        return CheckResult(
            exercise_id,
            False,
            f"Not yet ({exercise_id}): replace the placeholder with your answer. "
            f"Hint: {exercise.hint}",
        )
    numeric = _is_number(expected) and exercise.compare is None
    verdict = "wrong"
    try:
        if exercise.compare is not None:
            verdict = "right" if exercise.compare(answer, expected) else "wrong"
        elif numeric:
            verdict = _verdict(answer, expected, exercise.rel_tol)
        else:
            verdict = "right" if same_answer(answer, expected, exercise.rel_tol) else "wrong"
    except _NotANumber as problem:
        return CheckResult(
            exercise_id,
            False,
            f"Not yet ({exercise_id}): {problem}. Write the answer as a number (a float, "
            f"or a fraction in a string such as '5/12'), with a point as the decimal mark.",
        )
    except (TypeError, ValueError):
        verdict = "wrong"
    if verdict == "right":
        return CheckResult(exercise_id, True, f"Right ({exercise_id}). Well done.")
    try:
        specific = exercise.diagnose(_plain(answer)) if exercise.diagnose else None
    except (TypeError, ValueError, ArithmeticError):
        specific = None
    if verdict == "close" and not specific:
        return CheckResult(
            exercise_id,
            False,
            f"Close ({exercise_id}): right as far as it goes, but give more digits: at "
            f"least {SIGNIFICANT_FIGURES} significant figures (counted from the first "
            f"non-zero digit), rounded.",
        )
    rounded = _is_number(expected) and not isinstance(expected, Integral)
    note = f": {ROUNDING_NOTE}" if rounded else ""
    return CheckResult(
        exercise_id, False, f"Not yet ({exercise_id}){note}. Hint: {specific or exercise.hint}"
    )
