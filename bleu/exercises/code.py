"""Code exercises: the student writes the function a chapter has just built.

A :class:`CodeExercise` names the function to write, the package's own function (the
expected behaviour), the chapter's examples, a generator of small random cases and a few
:class:`Mistake`\\ s, each a plausible wrong implementation with the hint it deserves.
``check(exercise_id, function)`` (the same ``check`` as for numeric answers) runs the
student's function on the examples first, then on random cases drawn with a fixed seed,
smallest first, and answers in a few lines: ``Right (...): N cases ...``, or the first
failing case written as a call the student can paste back, with what was expected, what came
back and a hint. The hint is the one of the first mistake whose implementation returns the
same wrong value on that case, so the hint names the slip rather than the answer.

An exception inside the student's function shows the student's own traceback lines, never
the checker's; a stub (``raise NotImplementedError``) says "Not yet"; a call that runs longer
than the exercise's ``timeout`` is stopped.

>>> from collections import Counter
>>> def count_words(tokens):
...     return Counter(tokens)
>>> demo = CodeExercise(
...     id="demo.code-count-words", name="count_words", signature="count_words(tokens)",
...     task="Count each token.", reference=count_words,
...     examples=lambda: [(["a", "b", "a"],)],
...     random_case=lambda rng: ([rng.choice("ab") for _ in range(rng.randint(0, 4))],),
...     mistakes=(Mistake("last lost", lambda t: Counter(t[:-1]), "count the last token"),),
...     hint="use collections.Counter", notebook="", n_random=5)
>>> print(run_check(demo, count_words))
Right (demo.code-count-words): 6 cases: the chapter's 1 example and 5 random ones.
>>> print(run_check(demo, lambda tokens: Counter(tokens[:-1])))
Not yet (demo.code-count-words): count_words gives a wrong result on the chapter's example 1:
  count_words(['a', 'b', 'a'])
  expected: Counter({'a': 2, 'b': 1})
  returned: Counter({'a': 1, 'b': 1})
Hint: count the last token
"""

from __future__ import annotations

import copy
import math
import random
import signal
import threading
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from pathlib import Path
from typing import Any

from ..i18n import gettext as _
from .verdict import CheckResult

CODE_EXERCISES: dict[str, CodeExercise] = {}
"""Every registered code exercise by id (the package's exercise modules fill it on import)."""

_HERE = str(Path(__file__).resolve().parent)

_SHOWN_CHARACTERS = 240
"""An expected or a returned value longer than this is cut with "..." in messages."""

_SHOWN_CALL = 1600
"""A failing call is written out whole up to this length, so that it can be pasted back."""


@dataclass(frozen=True)
class Mistake:
    """A typical wrong implementation and the hint for a student who made that slip."""

    name: str
    implementation: Callable[..., Any]
    hint: str


@dataclass(frozen=True)
class CodeExercise:
    """One code exercise: which function to write, how it should behave, how to help.

    ``reference(*case)`` gives the expected result for an argument tuple ``case``;
    ``examples()`` returns the chapter's own argument tuples, ``random_case(rng)`` one small
    random tuple. ``compare(expected, returned)`` decides equality (default:
    :func:`same_result`). ``timeout`` bounds one call, in seconds.
    """

    id: str
    name: str
    signature: str
    task: str
    reference: Callable[..., Any]
    examples: Callable[[], Sequence[tuple]]
    random_case: Callable[[random.Random], tuple]
    mistakes: tuple[Mistake, ...]
    hint: str
    notebook: str
    n_random: int = 200
    seed: int = 0
    compare: Callable[[Any, Any], bool] | None = None
    timeout: float = 5.0
    show: Callable[[tuple], str] | None = None

    def cases(self) -> list[tuple[str, tuple]]:
        """The examples, then ``n_random`` random cases sorted smallest first, labelled."""
        examples = list(self.examples())
        rng = random.Random(self.seed)
        drawn = [self.random_case(rng) for _ in range(self.n_random)]
        drawn.sort(key=lambda case: len(repr(case)))
        example = _("the chapter's example {number}")
        labelled = [(example.format(number=i), case) for i, case in enumerate(examples, 1)]
        drawn_case = _("random case {number} of {count}")
        labelled += [
            (drawn_case.format(number=i, count=len(drawn)), case)
            for i, case in enumerate(drawn, 1)
        ]
        return labelled

    def call_text(self, case: tuple) -> str:
        """The call on ``case`` written as code the student can paste back."""
        if self.show is not None:
            return self.show(case)
        call = f"{self.name}({', '.join(repr(arg) for arg in case)})"
        return call if len(call) <= _SHOWN_CALL else call[: _SHOWN_CALL - 3] + "..."


def register_code(exercise: CodeExercise) -> CodeExercise:
    """Add a code exercise to the registry (ids are unique)."""
    known = CODE_EXERCISES.get(exercise.id)
    if known is not None and known is not exercise:
        raise ValueError(f"exercise id {exercise.id!r} is registered twice")
    CODE_EXERCISES[exercise.id] = exercise
    return exercise


def same_result(expected: Any, returned: Any) -> bool:
    """Equal in value and in the kind of value that matters.

    An expected ``Fraction`` needs an equal ``Fraction`` or ``int`` (a float is not exact);
    an expected float needs a real number within a relative 1e-9 (absolute 1e-12); mappings
    compare key by key (a ``Counter`` equals a dict with the same counts), sequences item by
    item (a tuple and a list with the same items are equal); anything else by ``==``.

    >>> same_result(Fraction(2, 7), Fraction(4, 14)), same_result(Fraction(2, 7), 2 / 7)
    (True, False)
    >>> same_result(0.1 + 0.2, 0.3), same_result({"a": 1}, {"a": 1.0}), same_result([1, 2], (1, 2))
    (True, True, True)
    """
    if isinstance(expected, bool) or isinstance(returned, bool):
        return type(expected) is type(returned) and expected == returned
    if isinstance(expected, Fraction):
        return isinstance(returned, (Fraction, int)) and Fraction(returned) == expected
    if isinstance(expected, float) or _is_numpy_float(expected):
        if not isinstance(returned, Real) and not _is_numpy_number(returned):
            return False
        expected, returned = float(expected), float(returned)
        if math.isnan(expected) or math.isnan(returned):
            return math.isnan(expected) and math.isnan(returned)
        return math.isclose(expected, returned, rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(expected, Mapping):
        return (
            isinstance(returned, Mapping)
            and set(expected) == set(returned)
            and all(same_result(expected[key], returned[key]) for key in expected)
        )
    if _is_sequence(expected):
        return (
            _is_sequence(returned)
            and len(expected) == len(returned)
            and all(same_result(e, r) for e, r in zip(expected, returned))
        )
    try:
        return bool(expected == returned)
    except (TypeError, ValueError):  # e.g. a numpy array's ambiguous truth value
        return False


def _is_sequence(value: Any) -> bool:
    if hasattr(value, "tolist") and hasattr(value, "shape") and value.shape != ():
        return True
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _numpy_kind(value: Any) -> str:
    """numpy's kind letter of a numpy scalar or 0-d array ('f', 'i', ...); '' otherwise."""
    if hasattr(value, "dtype") and getattr(value, "shape", None) == ():
        return value.dtype.kind
    return ""


def _is_numpy_float(value: Any) -> bool:
    return _numpy_kind(value) == "f"


def _is_numpy_number(value: Any) -> bool:
    return _numpy_kind(value) in ("i", "u", "f")


def type_hint(expected: Any, returned: Any) -> str | None:
    """A hint when the returned value is of the wrong kind, whatever its value.

    >>> type_hint(Fraction(1, 2), 0.5)
    'return an exact fractions.Fraction (e.g. Fraction(matches, total)), not a float'
    >>> type_hint({("a",): 1}, [("a",)]) is not None, type_hint(0.5, 0.25)
    (True, None)
    """
    kind = type(returned).__name__
    if isinstance(expected, Fraction) and not isinstance(returned, (Fraction, int)):
        if isinstance(returned, float):
            return _(
                "return an exact fractions.Fraction (e.g. Fraction(matches, total)), not a float"
            )
        return _("return a fractions.Fraction, not a {kind}").format(kind=kind)
    if isinstance(expected, Mapping) and not isinstance(returned, Mapping):
        return _(
            "return a mapping from n-gram to count (a collections.Counter or a dict), "
            "not a {kind}"
        ).format(kind=kind)
    if isinstance(expected, (float, Fraction)) and _is_sequence(returned):
        return _("return one number, not a {kind}").format(kind=kind)
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(returned, float):
        return _("return an integer (a length), not a float")
    if _is_sequence(expected) and isinstance(returned, Mapping):
        return _("return a sequence, not a {kind}").format(kind=kind)
    return None


class _TimedOut(Exception):
    """A call to the student's function ran longer than the exercise allows."""


class _Raised(Exception):
    """The student's function raised; carries the original exception."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(repr(error))
        self.error = error


def _call(function: Callable[..., Any], case: tuple, timeout: float) -> Any:
    """``function(*deep copies of case)``, stopped after ``timeout`` seconds where possible.

    The stop uses SIGALRM, which only the main thread of a POSIX process can receive (a
    Jupyter kernel runs cells there); elsewhere the call runs without a time limit.
    """
    arguments = copy.deepcopy(case)
    use_alarm = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and timeout > 0
    )
    if not use_alarm:
        try:
            return function(*arguments)
        except Exception as error:  # the student's exception, shown to them below
            raise _Raised(error) from error

    def _stop(signum, frame):
        raise _TimedOut

    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return function(*arguments)
    except _TimedOut:
        raise
    except Exception as error:
        raise _Raised(error) from error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def student_traceback(error: BaseException) -> str:
    """The traceback of ``error`` without the checker's frames (those in bleu/exercises)."""
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if not str(Path(frame.filename).resolve()).startswith(_HERE)
    ]
    lines = [_("Traceback (your code):") + "\n", *traceback.format_list(frames)]
    lines += traceback.format_exception_only(type(error), error)
    return "".join(lines).rstrip()


def _short(text: str) -> str:
    return text if len(text) <= _SHOWN_CHARACTERS else text[: _SHOWN_CHARACTERS - 3] + "..."


def _is_stub(function: Any) -> bool:
    return function is None or function is Ellipsis


def _matching_mistake(exercise: CodeExercise, case: tuple, returned: Any) -> Mistake | None:
    """The first mistake whose implementation returns ``returned`` on ``case``."""
    compare = exercise.compare or same_result
    for mistake in exercise.mistakes:
        try:
            wrong = mistake.implementation(*copy.deepcopy(case))
        except Exception:  # a mistake that cannot run on this case does not match it
            continue
        if compare(wrong, returned) and compare(returned, wrong):
            return mistake
    return None


def run_check(exercise: CodeExercise, function: Any) -> CheckResult:
    """Check ``function`` against ``exercise``; the verdict in a few printable lines."""
    label = exercise.id
    if _is_stub(function):
        return CheckResult(
            exercise.id,
            False,
            _("Not yet ({exercise_id}): define {signature} and pass it to check.").format(
                exercise_id=label, signature=exercise.signature
            ),
        )
    if not callable(function):
        return CheckResult(
            exercise.id,
            False,
            _(
                "Not yet ({exercise_id}): pass the function itself, check({quoted_id}, "
                "{name}), not a {kind}."
            ).format(
                exercise_id=label,
                quoted_id=repr(exercise.id),
                name=exercise.name,
                kind=type(function).__name__,
            ),
        )
    compare = exercise.compare or same_result
    cases = exercise.cases()
    for number, (where, case) in enumerate(cases, 1):
        expected = exercise.reference(*copy.deepcopy(case))
        call = exercise.call_text(case)
        try:
            returned = _call(function, case, exercise.timeout)
        except _TimedOut:
            return CheckResult(
                exercise.id,
                False,
                _(
                    "Not yet ({exercise_id}): stopped after {seconds} s on {where}:\n  {call}\n"
                    "Does a loop never end (a while loop whose condition never changes)?"
                ).format(
                    exercise_id=label, seconds=f"{exercise.timeout:g}", where=where, call=call
                ),
            )
        except _Raised as raised:
            error = raised.error
            if isinstance(error, NotImplementedError) and number == 1:
                return CheckResult(
                    exercise.id,
                    False,
                    _(
                        "Not yet ({exercise_id}): write the body of {signature} "
                        "(it still raises NotImplementedError). {task}"
                    ).format(
                        exercise_id=label, signature=exercise.signature, task=_(exercise.task)
                    ),
                )
            return CheckResult(
                exercise.id,
                False,
                _(
                    "Not yet ({exercise_id}): {name} raised {error} on {where}:\n"
                    "  {call}\n{traceback}\nHint: {hint}"
                ).format(
                    exercise_id=label,
                    name=exercise.name,
                    error=type(error).__name__,
                    where=where,
                    call=call,
                    traceback=student_traceback(error),
                    hint=_(exercise.hint),
                ),
            )
        if compare(expected, returned):
            continue
        if returned is None:
            specific = _("your function returned None: did you forget a return statement?")
        else:
            mistake = _matching_mistake(exercise, case, returned)
            specific = (
                _(mistake.hint) if mistake else type_hint(expected, returned) or _(exercise.hint)
            )
        return CheckResult(
            exercise.id,
            False,
            _(
                "Not yet ({exercise_id}): {name} gives a wrong result on {where}:\n"
                "  {call}\n"
                "  expected: {expected}\n"
                "  returned: {returned}\n"
                "Hint: {hint}"
            ).format(
                exercise_id=label,
                name=exercise.name,
                where=where,
                call=call,
                expected=_short(repr(expected)),
                returned=_short(repr(returned)),
                hint=specific,
            ),
        )
    return CheckResult(exercise.id, True, _right(exercise, len(cases)))


def _right(exercise: CodeExercise, total: int) -> str:
    """The verdict for a function that passed all ``total`` cases (English plurals spelled out)."""
    n_examples = total - exercise.n_random
    if n_examples == 1 and exercise.n_random == 1:
        template = _(
            "Right ({exercise_id}): {total} cases: the chapter's {examples} example and "
            "{random} random one."
        )
    elif n_examples == 1:
        template = _(
            "Right ({exercise_id}): {total} cases: the chapter's {examples} example and "
            "{random} random ones."
        )
    elif exercise.n_random == 1:
        template = _(
            "Right ({exercise_id}): {total} cases: the chapter's {examples} examples and "
            "{random} random one."
        )
    else:
        template = _(
            "Right ({exercise_id}): {total} cases: the chapter's {examples} examples and "
            "{random} random ones."
        )
    return template.format(
        exercise_id=exercise.id, total=total, examples=n_examples, random=exercise.n_random
    )


def check_code(exercise_id: str, function: Any) -> CheckResult:
    """Check the student's ``function`` for the registered code exercise ``exercise_id``."""
    return run_check(CODE_EXERCISES[exercise_id], function)
