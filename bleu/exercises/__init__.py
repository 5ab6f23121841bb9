"""Self-checks for the notebooks' exercises.

``check(exercise_id, answer)`` says whether ``answer`` is right and, if not, what went wrong;
it never shows the expected answer. Each exercise computes its expected answer with the
:mod:`bleu` package (no answer is typed into this code), and knows one typical wrong
answer so that the tests can make sure the check rejects it.

How numbers are checked (the rule the messages state): an answer is right when it agrees
with the expected value to 4 significant figures, the precision the notebooks print. Type
what a notebook printed (0.7778 for 7/9, 16.67 for 16.666...), more correctly rounded
digits, the full float, a ``Fraction``, a numpy number or a string (``"2/7"``, ``"2 / 7"``,
``"0.2857"``). Integers, fractions, lists and words are compared exactly.
:func:`same_answer` has the details.

What a wrong number is told, most specific first:

* the exercise's own diagnosis of a typical wrong answer (the unclipped value, ...);
* "that looks like the answer on the 0-100 scale" (46.71 for 0.4671), or on the 0-1 scale
  where a 0-100 score is asked;
* "check your rounding" when all figures but the last are right (7.714 for 7.7145...);
* "Close: give more digits" for an answer right to 2 or 3 significant figures (0.29);
* "right to 4 significant figures, but the figures after the 4th are not" for an answer
  with more figures, right when rounded to 4 (3.3637 for 3.363586);
* otherwise the exercise's hint, and from the second such try at the same exercise (in the
  same Python process) its second, more specific hint. Neither contains the answer. Only
  these generic wrong tries count: a "Close", a rounding or scale note, or a diagnosed slip
  does not use up the first hint.

"numbers are checked to 4 significant figures, rounded" is said only to an answer near the
expected value that no diagnosis explains (6.73 for 6.70 is told it kept the period, not how
to round). Whatever the answer (a huge exponent, ``nan``, bytes, an array, an object
that cannot be read), the verdict is one line, reached in time bounded by the answer's size
(:mod:`bleu.exercises.reading`).

The messages speak English unless a notebook asks for Korean with
``use_language("ko")`` (the Korean edition's first cell); :mod:`bleu.i18n` says how the
catalogue is kept and loaded. Hints are marked with ``N_`` where they are defined and
translated when shown, so the English text stays the one source.

Exercises live in the modules of this package, one per notebook (``ch03.py`` for
notebook 03 and so on); each module calls :func:`register`. They are all imported on
first use.

>>> result = check("demo.warm-up", 2 / 7)
>>> result.correct
True
>>> check("demo.warm-up", 0.2857).correct, check("demo.warm-up", "2/7").correct
(True, True)
>>> print(check("demo.warm-up", 0.29))  # doctest: +ELLIPSIS
Close (demo.warm-up): right as far as it goes, but give more digits: at least 4...
>>> print(check("demo.warm-up", 0.28))  # doctest: +ELLIPSIS
Not yet (demo.warm-up): numbers are checked to 4 significant figures, rounded. Check ...
>>> print(check("demo.warm-up", 28.57))  # doctest: +ELLIPSIS
Not yet (demo.warm-up): that looks like the answer on the 0-100 scale (a percentage); ...
>>> reset_tries()
>>> print(check("demo.warm-up", 0.5))  # doctest: +ELLIPSIS
Not yet (demo.warm-up). Hint: ...
>>> print(check("demo.warm-up", 0.5))  # doctest: +ELLIPSIS
Not yet (demo.warm-up). Second hint: ...
>>> use_language("ko"); print(check("demo.warm-up", 2 / 7)); use_language("en")
정답이에요 (demo.warm-up). 잘했어요.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Number, Rational
from typing import Any

from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import language as language  # re-exported: notebooks call these
from ..i18n import use_language as use_language
from .code import CODE_EXERCISES, check_code
from .reading import (
    NotANumber,
    OutOfRange,
    Reading,
    figures,
    read_number,
    round_significant,
    rounds_to,
    within,
)
from .verdict import CheckResult

_REGISTRY: dict[str, Exercise] = {}
_LOADED = False

SCALES = ("", "0-1", "0-100", "none")
"""What an exercise's ``scale`` may say: nothing (guessed from the answer), a 0-1 value, a
0-100 score, or ``"none"`` for a quantity with no scale to confuse (a count, a length)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer and how to help a wrong one.

    ``expected`` computes the answer with :mod:`bleu`; ``hint`` is shown on a wrong
    answer, ``second_hint`` (more specific, still without the answer) from the second wrong
    try on; ``diagnose`` may return a more specific hint for a particular wrong answer
    (e.g. the unclipped value). ``wrong`` is a typical wrong answer, used by the tests.
    ``rel_tol`` is the tolerance for float answers. ``scale`` is ``"0-100"`` for a score or
    percentage asked on the 0-100 scale, ``"0-1"`` for a value asked on the 0-1 scale;
    left empty, an expected value in (0, 1] counts as ``"0-1"``.
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
    second_hint: str = ""
    scale: str = ""

    def __post_init__(self) -> None:
        if self.scale not in SCALES:
            raise ValueError(f"scale must be one of {SCALES}, not {self.scale!r}")


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


_EXPECTED: dict[str, tuple[Exercise, Any]] = {}


def _expected(exercise: Exercise) -> Any:
    """``exercise.expected()``, computed once per exercise (every one is deterministic)."""
    cached = _EXPECTED.get(exercise.id)
    if cached is None or cached[0] is not exercise:
        cached = _EXPECTED[exercise.id] = (exercise, exercise.expected())
    return cached[1]


_TRIES: dict[str, int] = {}


def tries(exercise_id: str) -> int:
    """How many wrong answers ``check`` has seen for this exercise in this Python process."""
    return _TRIES.get(exercise_id, 0)


def reset_tries(exercise_id: str | None = None) -> None:
    """Forget the wrong tries of one exercise, or of all (the next hint is the first again)."""
    if exercise_id is None:
        _TRIES.clear()
    else:
        _TRIES.pop(exercise_id, None)


SIGNIFICANT_FIGURES = 4
"""Numbers are checked to this many significant figures, the precision the notebooks print."""

MAX_ROUNDED_FIGURES = 7
"""An answer with more significant figures than this is checked by relative tolerance alone."""

MIN_CLOSE_FIGURES = 2
"""An answer right to this many significant figures (but fewer than 4) is told "Close".

One figure is too few to tell a rounding from another value (0.3 for 2/7 is a rounding, 20 for
16.67 and 0.4 for 0.4472 are other values that round the same): a one-figure rounding of the
answer is told just that, "give at least 4 significant figures", without "right as far as
it goes" and without using up a try (:func:`_one_figure`).
"""

MIN_SLIP_FIGURES = 2
"""A rounding slip, a near miss worth the rounding note, or an answer read on the other
scale shows at least this many figures (1.0 for 0.96 is another value, not a slip)."""




def _is_number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


def _plain_expected(expected: Any) -> Any:
    if hasattr(expected, "dtype") and getattr(expected, "shape", None) == ():
        expected = expected.item()  # a numpy number: a plain int or float
    if not isinstance(expected, (Rational, Decimal)):
        expected = float(expected)
    return expected


def _judge(number: Reading | None, expected: Any, rel_tol: float) -> str:
    """``"right"``, ``"close"`` (right to 2 or 3 significant figures) or ``"wrong"``."""
    expected = _plain_expected(expected)
    if number is None or not number.finite:
        return "wrong"
    if isinstance(expected, float) and not math.isfinite(expected):
        return "wrong"
    target = Fraction(expected)
    if number.value == target:
        return "right"
    exact_pair = isinstance(expected, Rational) and not number.inexact
    if not exact_pair and within(number.value, target, rel_tol):
        return "right"
    if isinstance(expected, Integral) or number.digits is None or number.value == 0:
        return "wrong"
    shown = as_typed(number.digits)
    count = len(shown.as_tuple().digits)
    if count > MAX_ROUNDED_FIGURES:
        return "wrong"
    # right if right as typed or with trailing zeros dropped (0.2857100, 12350 for 12345.6);
    # "Close" only as typed: 0.4300 shows 4 figures and is not 3/7 rounded to them
    for reading in (shown, shown.normalize()):
        if rounds_to(target, max(figures(reading), SIGNIFICANT_FIGURES), reading):
            return "right"
    if MIN_CLOSE_FIGURES <= count < SIGNIFICANT_FIGURES and rounds_to(target, count, shown):
        return "close"
    return "wrong"


def as_typed(digits: Decimal) -> Decimal:
    """The figures an answer shows, trailing zeros after the point included as typed ('0.4300'
    has 4), except the lone '.0' a float's repr adds; zeros ending a whole number are not
    figures ('10', '20.0' and '1.0' show 1).

    >>> [len(as_typed(Decimal(t)).as_tuple().digits) for t in ("0.4300", "0.43", "1.0", "20.0")]
    [4, 2, 1, 1]
    >>> [len(as_typed(Decimal(t)).as_tuple().digits) for t in ("10", "12350", "10.50")]
    [1, 4, 4]
    """
    _sign, numerals, exponent = digits.as_tuple()
    if exponent >= 0 or (exponent == -1 and numerals and numerals[-1] == 0):
        return digits.normalize()
    return digits


def _one_figure(number: Reading, expected: Any) -> bool:
    """A one-figure answer that is the expected value rounded to one figure (0.3 for 2/7)."""
    if number.digits is None or not number.finite or number.value == 0:
        return False
    if not _rounded_kind(expected):
        return False
    shown = as_typed(number.digits)
    return len(shown.as_tuple().digits) == 1 and rounds_to(_target(expected), 1, shown)


def _verdict(answer: Any, expected: Any, rel_tol: float) -> str:
    """``"right"``, ``"close"`` or ``"wrong"`` for ``answer`` against ``expected``.

    Raises :class:`~bleu.exercises.reading.NotANumber` for what does not read as one
    number and :class:`~bleu.exercises.reading.OutOfRange` for a number beyond 1e±400.
    """
    return _judge(read_number(answer), expected, rel_tol)


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
        except (NotANumber, OutOfRange):
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
    (so a wrong answer typed as printed, 0.3021, still gets its specific hint). Never
    raises: an answer that cannot be read is not close to anything.

    >>> close_to("0.25", 1 / 4), close_to(None, 0), close_to(True, 1), close_to(0.3021, 0.30206)
    (True, False, False, True)
    """
    if answer is None or isinstance(answer, bool):
        return False
    try:
        if math.isclose(float(answer), float(value), rel_tol=rel_tol, abs_tol=abs_tol):
            return True
        number = read_number(answer)
        if number is None or number.digits is None or not math.isfinite(float(value)):
            return False
        return _judge(number, float(value), rel_tol) == "right"
    except Exception:  # an answer that cannot be read (or compared) is close to nothing
        return False


def _plain(answer: Any) -> Any:
    """A numeric string, ``Decimal`` or numpy value as a plain number, for ``diagnose`` hooks."""
    if not (isinstance(answer, (str, Decimal)) or hasattr(answer, "dtype")):
        return answer
    try:
        number = read_number(answer)
    except (NotANumber, OutOfRange):
        return answer
    if number is None:
        return answer
    if not number.finite:
        return float(number.digits)
    if number.digits is None:  # "p/q"
        return number.value
    if not number.inexact:
        return int(number.value)
    try:
        return float(number.value)
    except OverflowError:
        return math.copysign(math.inf, number.value)


ROUNDING_NOTE = f"numbers are checked to {SIGNIFICANT_FIGURES} significant figures, rounded"
"""The rounding rule as the English messages state it (translated as a template when shown)."""

_ROUNDING_TEMPLATE = N_("numbers are checked to {figures} significant figures, rounded")


def _rounding_note() -> str:
    """:data:`ROUNDING_NOTE` in the current language."""
    return _(_ROUNDING_TEMPLATE).format(figures=SIGNIFICANT_FIGURES)


def unit_scale(exercise: Exercise, expected: Any) -> str:
    """The scale an exercise asks for: its ``scale``, else ``"0-1"`` for an answer in (0, 1]."""
    if exercise.scale:
        return "" if exercise.scale == "none" else exercise.scale
    value = _plain_expected(expected)
    return "0-1" if 0 < value <= 1 else ""


def _rounded_kind(expected: Any) -> bool:
    """Is ``expected`` a number that answers are rounded to (not an integer)?"""
    return _is_number(expected) and not isinstance(_plain_expected(expected), Integral)


def _target(expected: Any) -> Fraction:
    """The expected value as the decimal it stands for: a float read to 15 significant
    figures (0.33999999999999997 is 0.34, so 0.33 is not 0.34 "cut off")."""
    value = _plain_expected(expected)
    if isinstance(value, float):
        return Fraction(Decimal(format(value, ".15g")))
    return Fraction(value)


def _rounding_slip(number: Reading, expected: Any) -> bool:
    """All figures of ``number`` but the last are right: it was cut off or rounded wrongly.

    True when ``number`` (2 to 7 significant figures) is within one unit of its last figure
    of the expected value but is not that value rounded to its figures: 7.714 for 7.7145,
    0.06451 for 0.064516, 0.28 for 0.2857.
    """
    if number.digits is None or not number.finite or number.value == 0:
        return False
    if not _rounded_kind(expected):
        return False
    target = _target(expected)
    if figures(number.digits) < MIN_SLIP_FIGURES:
        return False  # 1.0 (a float's repr) or 0.30 is one figure: a wrong idea, not a rounding
    # "0.3020" typed as a string shows 4 figures, though it is worth 0.302: try both readings
    for shown in (number.digits, number.digits.normalize()):  # equal Decimals: not a set
        count = len(shown.as_tuple().digits)
        unit = Fraction(Decimal(1).scaleb(shown.as_tuple().exponent))
        if (
            MIN_SLIP_FIGURES <= count <= MAX_ROUNDED_FIGURES
            and abs(number.value - target) < unit
            and not rounds_to(target, count, shown)
        ):
            return True
    return False


def _near(number: Reading, expected: Any) -> bool:
    """Is a wrong decimal answer near enough for the rounding rule to be worth saying?

    Near: a rounding slip, the expected value rounded to the answer's own figures, two or
    more (0.29 for 0.2857), or an answer of 4 or more figures under three units of its last
    figure away (0.2855 for 0.2857: a rounded intermediate result, most likely). Not for
    an answer that is merely close (0.3679 for 0.3746, e^-1 where r/c is not exactly 2; 1.0
    for 0.96; 0.30 for 0.34): those are more often a wrong idea than a rounding, and get the
    exercise's hint. Never for an integer answer
    expected, for 0 expected, or for an answer that shows no digits (a Fraction).
    """
    if number.digits is None or not number.finite or not _rounded_kind(expected):
        return False
    target = _target(expected)
    if target == 0:
        return False
    shown = figures(number.digits)
    return (
        _rounding_slip(number, expected)
        or (shown >= MIN_SLIP_FIGURES and rounds_to(target, shown, number.digits.normalize()))
        or (shown >= SIGNIFICANT_FIGURES and _last_figure_off(number, target) < 3)
    )


def _last_figure_off(number: Reading, target: Fraction) -> Fraction:
    """How many units of the answer's last figure it is from ``target`` (0.2855 for 0.2857: 1.7)."""
    unit = Fraction(Decimal(1).scaleb(number.digits.as_tuple().exponent))
    return abs(number.value - target) / unit


def _right_to_four(number: Reading, expected: Any) -> bool:
    """More than 4 figures given, right when rounded to 4, wrong after (3.3637 for 3.363586)."""
    if number.digits is None or not number.finite or not _rounded_kind(expected):
        return False
    if figures(number.digits) <= SIGNIFICANT_FIGURES or number.value == 0:
        return False
    target = _target(expected)
    four = round_significant(number.value, SIGNIFICANT_FIGURES)
    return rounds_to(target, SIGNIFICANT_FIGURES, four)


def _cut_off(number: Reading, expected: Any) -> bool:
    """Is ``number`` the expected value with its figures cut off (truncated), not rounded?"""
    assert number.digits is not None
    shown = number.digits
    target = _target(expected)
    unit = Fraction(Decimal(1).scaleb(shown.as_tuple().exponent))
    return 0 <= abs(target) - abs(number.value) < unit and (target >= 0) == (number.value >= 0)


def _rounding_message(key: str, number: Reading, expected: Any) -> str:
    """The "check your rounding" verdict, saying what happened: cut off, or the last figure off."""
    shown = len(number.digits.as_tuple().digits)  # as typed, trailing zeros included
    if _cut_off(number, expected):
        what = _(
            "your figures are the value cut off after your last one; round to the nearest "
            "instead (rounding can carry into the figures before it)"
        )
    else:
        what = _(
            "your last figure is one away from the value rounded to as many figures: round "
            "the full-precision value once, at the end (rounding a value that was already "
            "rounded, or a rounded intermediate result, moves the last figure)"
        )
    if shown < SIGNIFICANT_FIGURES:
        what = _("{what}, and give at least {figures}").format(
            what=what, figures=SIGNIFICANT_FIGURES
        )
    return _("Not yet ({exercise_id}): {note}. Check your rounding: {what}.").format(
        exercise_id=key, note=_rounding_note(), what=what
    )


def _scale_slip(number: Reading, expected: Any, exercise: Exercise) -> str | None:
    """What to say if ``number`` is the answer on the other scale (0-1 against 0-100)."""
    scale = unit_scale(exercise, expected)
    if not scale or not number.finite or number.value == 0:
        return None
    shift = -2 if scale == "0-1" else 2  # read 46.71 as 0.4671, or 0.4671 as 46.71
    other = Reading(
        number.value * Fraction(10) ** shift,
        number.digits.scaleb(shift) if number.digits is not None else None,
        number.inexact,
    )
    if _judge(other, expected, exercise.rel_tol) == "wrong" and not _rounding_slip(other, expected):
        return None
    if scale == "0-1":
        return _(
            "that looks like the answer on the 0-100 scale (a percentage); this exercise "
            "asks for it on the 0-1 scale."
        )
    return _(
        "that looks like the answer on the 0-1 scale; this exercise asks for it on the "
        "0-100 scale (points or percent, as sacreBLEU reports them)."
    )


def _diagnosis(exercise: Exercise, answer: Any) -> str | None:
    """The exercise's own diagnosis of this answer; ``None`` if it has none or fails."""
    if exercise.diagnose is None:
        return None
    try:
        specific = exercise.diagnose(_plain(answer))
    except Exception:  # a hook that cannot handle an odd answer has nothing to say about it
        return None
    return _(specific) if isinstance(specific, str) and specific else None


def _compare(exercise: Exercise, answer: Any, expected: Any) -> str:
    try:
        if exercise.compare is not None:
            return "right" if exercise.compare(answer, expected) else "wrong"
        return "right" if same_answer(answer, expected, exercise.rel_tol) else "wrong"
    except Exception:  # an answer the comparison cannot handle is not the answer
        return "wrong"


def _not_a_number(exercise_id: str, problem: Exception) -> CheckResult:
    return CheckResult(
        exercise_id,
        False,
        _(
            "Not yet ({exercise_id}): {problem}. Write the answer as a number (a float, "
            "or a fraction in a string such as '5/12'), with a point as the decimal mark."
        ).format(exercise_id=exercise_id, problem=problem),
    )


def check(exercise_id: str, answer: Any) -> CheckResult:
    """Say whether ``answer`` solves exercise ``exercise_id``; never reveals the answer.

    A number is right when it agrees with the expected value to the 4 significant figures
    the notebooks print (or to all the figures it shows, if more): see :func:`same_answer`.
    A number right to fewer figures (0.29 for 2/7) gets "Close: give more digits", one
    whose last figure is cut off rather than rounded "Check your rounding", one on the
    other scale (46.71 for 0.4671) says which scale is asked. An exercise with its own
    ``compare`` is checked by that function only. The verdict is always one line.
    """
    _load_all()
    if exercise_id in CODE_EXERCISES:
        return check_code(exercise_id, answer)
    exercise = get(exercise_id)
    if answer is None or answer is Ellipsis:
        return CheckResult(
            exercise_id,
            False,
            _(
                "Not yet ({exercise_id}): replace the placeholder with your answer; check then "
                "says whether it is right, with a hint if it is not."
            ).format(exercise_id=exercise_id),
        )
    expected = _expected(exercise)
    number = None
    if _is_number(expected) and exercise.compare is None:
        try:
            number = read_number(answer)
        except NotANumber as problem:
            return _not_a_number(exercise_id, problem)
        except OutOfRange as problem:
            return CheckResult(
                exercise_id,
                False,
                _("Not yet ({exercise_id}): {problem}; check what you typed.").format(
                    exercise_id=exercise_id, problem=problem
                ),
            )
        except Exception as problem:  # e.g. a number type whose conversion raises
            kind = _("that {kind}").format(kind=type(problem).__name__)
            return _not_a_number(exercise_id, NotANumber(kind))
        verdict = _judge(number, expected, exercise.rel_tol)
    else:
        verdict = _compare(exercise, answer, expected)
    if verdict == "right":
        message = _("Right ({exercise_id}). Well done.").format(exercise_id=exercise_id)
        return CheckResult(exercise_id, True, message)
    return _wrong(exercise, expected, answer, number, verdict)


def _wrong(
    exercise: Exercise, expected: Any, answer: Any, number: Reading | None, verdict: str
) -> CheckResult:
    """The one-line message for a wrong answer, most specific first (see the module)."""
    key = exercise.id
    earlier = _TRIES.get(key, 0)  # counted below, where the exercise's own hint is shown
    specific = _diagnosis(exercise, answer)
    near = number is not None and _near(number, expected)
    not_yet = (
        _("Not yet ({exercise_id}): {note}").format(exercise_id=key, note=_rounding_note())
        if near
        else _("Not yet ({exercise_id})").format(exercise_id=key)
    )
    if specific:  # a recognised wrong method: the rounding rule is beside the point
        message = _("{not_yet}. Hint: {hint}").format(
            not_yet=_("Not yet ({exercise_id})").format(exercise_id=key), hint=specific
        )
        return CheckResult(key, False, message)
    second = bool(earlier and exercise.second_hint)
    if second:
        hint = _("Second hint: {hint}").format(hint=_(exercise.second_hint))
    else:
        hint = _("Hint: {hint}").format(hint=_(exercise.hint))
    if number is not None and not number.finite:
        _TRIES[key] = earlier + 1
        message = _("Not yet ({exercise_id}): {value} is not a finite number. {hint}")
        value = float(number.digits)
        return CheckResult(key, False, message.format(exercise_id=key, value=value, hint=hint))
    if number is not None:
        scale = _scale_slip(number, expected, exercise)
        if scale:
            message = _("Not yet ({exercise_id}): {scale}").format(exercise_id=key, scale=scale)
            return CheckResult(key, False, message)
        if _rounding_slip(number, expected):
            return CheckResult(key, False, _rounding_message(key, number, expected))
        if _right_to_four(number, expected):
            message = _(
                "Not yet ({exercise_id}): {note}. Your answer is right to {figures} "
                "significant figures, but the figures after the {figures}th are not: give "
                "{figures} figures, or the full value."
            ).format(exercise_id=key, note=_rounding_note(), figures=SIGNIFICANT_FIGURES)
            return CheckResult(key, False, message)
    if number is not None and _one_figure(number, expected):
        message = _(
            "Not yet ({exercise_id}): one significant figure is too few to tell a rounding "
            "from another value that rounds the same: give at least {figures} significant "
            "figures."
        ).format(exercise_id=key, figures=SIGNIFICANT_FIGURES)
        return CheckResult(key, False, message)
    if verdict == "close":
        message = _(
            "Close ({exercise_id}): right as far as it goes, but give more digits: at "
            "least {figures} significant figures (counted from the first non-zero digit), "
            "rounded."
        ).format(exercise_id=key, figures=SIGNIFICANT_FIGURES)
        return CheckResult(key, False, message)
    _TRIES[key] = earlier + 1  # only the exercise's own hints escalate, not the notes above
    return CheckResult(key, False, _("{not_yet}. {hint}").format(not_yet=not_yet, hint=hint))
