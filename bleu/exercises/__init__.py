"""Self-checks for the notebooks' exercises.

``check(exercise_id, answer)`` says whether ``answer`` is right and, if not, gives a hint;
it never shows the expected answer. Each exercise computes its expected answer with the
:mod:`bleu` package (no answer is typed into this code), and knows one typical wrong
answer so that the tests can make sure the check rejects it.

Exercises live in the modules of this package, one per notebook (``ch03.py`` for
notebook 03 and so on); each module calls :func:`register`. They are all imported on
first use.

>>> result = check("demo.two-sevenths", 2 / 7)
>>> result.correct
True
>>> print(check("demo.two-sevenths", 0.5))  # doctest: +ELLIPSIS
Not yet (demo.two-sevenths). Hint: clip each count by the most times the word occurs...
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Number, Rational
from typing import Any

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


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found; prints as one line."""

    exercise_id: str
    correct: bool
    message: str

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.correct


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


def same_answer(answer: Any, expected: Any, rel_tol: float = 1e-6) -> bool:
    """Compare an answer with the expected value, forgivingly where it makes sense.

    Numbers: exact for fractions and integers, within ``rel_tol`` once a float is involved
    (a string such as ``"4/6"`` counts as a fraction). Strings: case and surrounding
    spaces ignored. Sequences and mappings: item by item.

    >>> same_answer("4/6", Fraction(2, 3)), same_answer(0.6667, Fraction(2, 3), 1e-3)
    (True, True)
    """
    if isinstance(expected, bool) or isinstance(answer, bool):
        return answer is expected or answer == expected
    if isinstance(expected, Number) and isinstance(answer, str):
        try:
            answer = Fraction(answer.strip())
        except (ValueError, ZeroDivisionError):
            return False
    if isinstance(expected, Number) and isinstance(answer, Number):
        if isinstance(expected, Rational) and isinstance(answer, Rational):
            return Fraction(answer) == Fraction(expected)
        a, e = float(answer), float(expected)
        if math.isnan(a) or math.isnan(e):
            return False
        return math.isclose(a, e, rel_tol=rel_tol, abs_tol=1e-12)
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

    >>> close_to("0.25", 1 / 4), close_to(None, 0), close_to(True, 1)
    (True, False, False)
    """
    if answer is None or isinstance(answer, bool):
        return False
    try:
        return math.isclose(float(answer), float(value), rel_tol=rel_tol, abs_tol=abs_tol)
    except (TypeError, ValueError, OverflowError):
        return False


def check(exercise_id: str, answer: Any) -> CheckResult:
    """Say whether ``answer`` solves exercise ``exercise_id``; never reveals the answer."""
    exercise = get(exercise_id)
    expected = exercise.expected()
    compare = exercise.compare or (lambda a, e: same_answer(a, e, exercise.rel_tol))
    try:
        ok = bool(compare(answer, expected))
    except (TypeError, ValueError):
        ok = False
    if ok:
        return CheckResult(exercise_id, True, f"Right ({exercise_id}). Well done.")
    if answer is None or answer is Ellipsis:
        return CheckResult(
            exercise_id,
            False,
            f"Not yet ({exercise_id}): replace the placeholder with your answer. "
            f"Hint: {exercise.hint}",
        )
    hint = (exercise.diagnose(answer) if exercise.diagnose else None) or exercise.hint
    return CheckResult(exercise_id, False, f"Not yet ({exercise_id}). Hint: {hint}")
