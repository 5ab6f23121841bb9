"""Code exercises: the student writes the function a chapter has just built.

A :class:`CodeExercise` names the function to write, the package's own function (the
expected behaviour), its fixed cases (the chapter's examples and the inputs that tell its
typical mistakes apart), a generator of small random cases and a few
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
Right (demo.code-count-words): 6 cases: 1 fixed case and 5 random ones.
>>> print(run_check(demo, lambda tokens: Counter(tokens[:-1])))
Not yet (demo.code-count-words): count_words gives a wrong result on fixed case 1:
  count_words(['a', 'b', 'a'])
  expected: Counter({'a': 2, 'b': 1})
  returned: Counter({'a': 1, 'b': 1})
Hint: count the last token
"""

from __future__ import annotations

import copy
import io
import math
import os
import pickle
import random
import select
import signal
import struct
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Real
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
    :func:`same_result`). ``timeout`` bounds one call, in seconds. ``hint`` is shown for a
    wrong result that no mistake explains; ``raise_hint``, if given, instead of it when the
    student's function raises (argument order, ``log(0)``, an empty range...).
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
    raise_hint: str = ""

    def cases(self) -> list[tuple[str, tuple]]:
        """The examples, then ``n_random`` random cases sorted smallest first, labelled."""
        examples = list(self.examples())
        rng = random.Random(self.seed)
        drawn = [self.random_case(rng) for _ in range(self.n_random)]
        drawn.sort(key=lambda case: len(repr(case)))
        example = _("fixed case {number}")
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

    An expected ``Fraction`` needs an equal ``Fraction`` or ``int`` (a float is not exact), an
    expected ``int`` an equal ``int`` (an index or a count: 1.0 is not an index);
    an expected float needs a real number within a relative 1e-9 (absolute 1e-12); mappings
    compare key by key (a ``Counter`` equals a dict with the same counts), sequences item by
    item (a tuple and a list with the same items are equal); anything else by ``==``.

    >>> same_result(Fraction(2, 7), Fraction(4, 14)), same_result(Fraction(2, 7), 2 / 7)
    (True, False)
    >>> same_result(0.1 + 0.2, 0.3), same_result({"a": 1}, {"a": 1}), same_result([1, 2], (1, 2))
    (True, True, True)
    >>> same_result(1, 1.0), same_result(16, 16)
    (False, True)
    """
    if isinstance(expected, bool) or isinstance(returned, bool):
        return type(expected) is type(returned) and expected == returned
    if isinstance(expected, Fraction):
        return isinstance(returned, (Fraction, int)) and Fraction(returned) == expected
    if isinstance(expected, Integral) or _numpy_kind(expected) in ("i", "u"):
        # an index or a count: an int (or a numpy int), not a float that happens to be whole
        return (
            isinstance(returned, Integral) or _numpy_kind(returned) in ("i", "u")
        ) and expected == returned
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
        return _("return an integer (a length, a count or an index), not a float")
    if _is_sequence(expected) and isinstance(returned, Mapping):
        return _("return a sequence, not a {kind}").format(kind=kind)
    return None


def scale_hint(expected: Any, returned: Any) -> str | None:
    """A hint when the returned number is the expected one on the other scale (0-1 / 0-100).

    >>> scale_hint(0.5045666840058485, 50.45666840058485) is not None
    True
    >>> scale_hint(50.45666840058485, 0.5045666840058485) is not None, scale_hint(0.5, 0.25)
    (True, None)
    """
    if not (_is_plain_number(expected) and _is_plain_number(returned)) or not expected:
        return None
    if same_result(float(expected) * 100, float(returned)):
        return _(
            "your function returns the score on the 0-100 scale (as sacreBLEU prints it); "
            "this exercise asks for the 0-1 scale, as NLTK returns it."
        )
    if same_result(float(expected) / 100, float(returned)):
        return _(
            "your function returns the score on the 0-1 scale (as NLTK returns it); this "
            "exercise asks for the 0-100 scale, as sacreBLEU prints it."
        )
    return None


def _is_plain_number(value: Any) -> bool:
    return (isinstance(value, Real) and not isinstance(value, bool)) or _is_numpy_number(value)


class _TimedOut(BaseException):
    """A call to the student's function ran longer than the exercise allows.

    A ``BaseException``, like ``KeyboardInterrupt``, so that a student's ``except Exception``
    in the in-process fallback (:func:`_call_here`) does not catch it.
    """


class _Raised(Exception):
    """The student's function raised: the error's type, and the student's traceback."""

    def __init__(self, kind: str, not_implemented: bool, traceback_text: str) -> None:
        super().__init__(kind)
        self.kind = kind
        self.not_implemented = not_implemented
        self.traceback_text = traceback_text

    @classmethod
    def of(cls, error: BaseException) -> _Raised:
        return cls(
            type(error).__name__, isinstance(error, NotImplementedError), student_traceback(error)
        )


class _Unreadable:
    """A returned value that could not be sent back from the child (it does not pickle)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


_FRAME = struct.Struct("<Q")
"""The length prefix of one pickled result on the pipe from the child."""


class _ForkedCalls:
    """The student's function run on every case in a child process, one result at a time.

    The child (``os.fork``: it has the student's function, closures and notebook globals as
    they are) calls ``function(*deep copy of case)`` for each case in order and writes what
    happened to a pipe: the value returned, or the error's type and the student's traceback,
    with what the call printed. The checker reads one result at a time and waits at most
    ``timeout`` seconds for each; a child still busy then is killed. So a check ends in
    bounded time whatever the student's code catches (``except Exception``, a bare
    ``except:``, a loop that never ends), and the kernel is never left running it. Leaving
    the ``with`` block kills the child: cases after the first wrong one never run on.
    """

    def __init__(self, function: Callable[..., Any], cases: Sequence[tuple], timeout: float):
        self.function = function
        self.cases = cases
        self.timeout = timeout
        self.pid = 0
        self.fd = -1

    def __enter__(self) -> _ForkedCalls:
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        with warnings.catch_warnings():  # Python 3.12+: "use of fork() may lead to deadlocks"
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
        if pid == 0:  # the child: run every case, report each, never return to the caller
            status = 0
            try:
                os.close(read_end)
                self._serve(write_end)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        os.close(write_end)
        self.pid, self.fd = pid, read_end
        return self

    def _serve(self, fd: int) -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # an interrupt ends the child at once
        for case in self.cases:
            printed = io.StringIO()
            sys.stdout = sys.stderr = printed
            try:
                value = self.function(*copy.deepcopy(case))
            except BaseException as error:  # the student's, whatever it is: sent back
                report = ("raised", _Raised.of(error).__dict__, printed.getvalue())
            else:
                report = ("returned", value, printed.getvalue())
            try:
                data = pickle.dumps(report)
            except Exception:  # a value that does not pickle is shown by its repr
                data = pickle.dumps(("unreadable", repr(report[1]), report[2]))
            _write_all(fd, _FRAME.pack(len(data)) + data)

    def next(self) -> Any:
        """The next case's returned value; raises :class:`_Raised` or :class:`_TimedOut`."""
        deadline = time.monotonic() + self.timeout
        size = _FRAME.unpack(self._read(_FRAME.size, deadline))[0]
        kind, payload, printed = pickle.loads(self._read(size, deadline))
        if printed:
            print(printed, end="")
        if kind == "raised":
            raise _Raised(**payload)
        return _Unreadable(payload) if kind == "unreadable" else payload

    def _read(self, size: int, deadline: float) -> bytes:
        chunks, left = [], size
        while left:
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([self.fd], [], [], wait)[0]:
                raise _TimedOut
            chunk = os.read(self.fd, min(left, 1 << 20))
            if not chunk:  # the child died without a word (os._exit, a crash)
                raise _Raised("SystemExit", False, _("(the function ended the process)"))
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def __exit__(self, *exc_info: object) -> None:
        os.close(self.fd)
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class _CallsHere:
    """The fallback where there is no ``os.fork`` (Windows): the calls run in this process.

    Each call is stopped after ``timeout`` seconds by SIGALRM where that exists (the main
    thread of a POSIX process); a student's code that catches ``BaseException`` in a loop
    can outlast it there, which is why :class:`_ForkedCalls` is used wherever it can be.
    """

    def __init__(self, function: Callable[..., Any], cases: Sequence[tuple], timeout: float):
        self.function = function
        self.cases = iter(cases)
        self.timeout = timeout

    def __enter__(self) -> _CallsHere:
        return self

    def __exit__(self, *exc_info: object) -> None:
        return None

    def next(self) -> Any:
        return _call_here(self.function, next(self.cases), self.timeout)


def _call_here(function: Callable[..., Any], case: tuple, timeout: float) -> Any:
    """``function(*deep copies of case)`` in this process, stopped by SIGALRM where possible."""
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
            raise _Raised.of(error) from error

    def _stop(signum, frame):
        raise _TimedOut

    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return function(*arguments)
    except _TimedOut:
        raise
    except Exception as error:
        raise _Raised.of(error) from error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _calls(function: Callable[..., Any], cases: Sequence[tuple], timeout: float):
    """The student's calls, in a child process where the system can fork one."""
    if hasattr(os, "fork") and timeout > 0:
        return _ForkedCalls(function, cases, timeout)
    return _CallsHere(function, cases, timeout)


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


def shown_value(value: Any) -> str:
    """``repr(value)``, but a float that is a short decimal plus float noise shows as that
    decimal (2.3000000000000003 as 2.3; 0.5045666840058485 stays as it is).

    >>> shown_value(0.1 + 2.2), shown_value(0.5045666840058485), shown_value([0.1 + 0.2])
    ('2.3', '0.5045666840058485', '[0.30000000000000004]')
    >>> shown_value(16.0), shown_value(16)  # a float stays visibly a float
    ('16.0', '16')
    """
    if isinstance(value, float) and math.isfinite(value) and value != 0:
        for digits in range(1, 11):
            text = format(value, f".{digits}g")
            if abs(float(text) - value) <= 4 * math.ulp(value):
                return text if any(mark in text for mark in ".en") else text + ".0"
    return repr(value)


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
    cases = exercise.cases()
    with _calls(function, [case for _, case in cases], exercise.timeout) as calls:
        failure = _first_failure(exercise, cases, calls)
    if failure is not None:  # a CheckResult is falsy when wrong: test for None
        return failure
    return CheckResult(exercise.id, True, _right(exercise, len(cases)))


def _first_failure(
    exercise: CodeExercise, cases: list[tuple[str, tuple]], calls: _ForkedCalls | _CallsHere
) -> CheckResult | None:
    """The verdict on the first case the student's function gets wrong; None if none."""
    label = exercise.id
    compare = exercise.compare or same_result
    for number, (where, case) in enumerate(cases, 1):
        expected = exercise.reference(*copy.deepcopy(case))
        call = exercise.call_text(case)
        try:
            returned = calls.next()
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
            if raised.not_implemented and number == 1:
                return CheckResult(
                    exercise.id,
                    False,
                    _(
                        "Not yet ({exercise_id}): write the body of {signature} "
                        "(it still raises NotImplementedError)."
                    ).format(exercise_id=label, signature=exercise.signature),
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
                    error=raised.kind,
                    where=where,
                    call=call,
                    traceback=raised.traceback_text,
                    hint=_(exercise.raise_hint or exercise.hint),
                ),
            )
        if compare(expected, returned):
            continue
        if returned is None:
            specific = _(
                "your function returned None: a return statement is missing, or one branch "
                "ends without one."
            )
        else:
            mistake = _matching_mistake(exercise, case, returned)
            specific = (
                _(mistake.hint)
                if mistake
                else scale_hint(expected, returned)
                or type_hint(expected, returned)
                or _(exercise.hint)
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
                expected=_short(shown_value(expected)),
                returned=_short(shown_value(returned)),
                hint=specific,
            ),
        )
    return None


def _right(exercise: CodeExercise, total: int) -> str:
    """The verdict for a function that passed all ``total`` cases (English plurals spelled out)."""
    n_examples = total - exercise.n_random
    if n_examples == 1 and exercise.n_random == 1:
        template = _(
            "Right ({exercise_id}): {total} cases: {examples} fixed case and {random} random one."
        )
    elif n_examples == 1:
        template = _(
            "Right ({exercise_id}): {total} cases: {examples} fixed case and {random} random ones."
        )
    elif exercise.n_random == 1:
        template = _(
            "Right ({exercise_id}): {total} cases: {examples} fixed cases and {random} random one."
        )
    else:
        template = _(
            "Right ({exercise_id}): {total} cases: {examples} fixed cases and {random} random ones."
        )
    return template.format(
        exercise_id=exercise.id, total=total, examples=n_examples, random=exercise.n_random
    )


def check_code(exercise_id: str, function: Any) -> CheckResult:
    """Check the student's ``function`` for the registered code exercise ``exercise_id``."""
    return run_check(CODE_EXERCISES[exercise_id], function)
