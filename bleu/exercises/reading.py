"""Reading a learner's answer as one number, in time bounded by the size of the answer.

:func:`read_number` turns whatever a notebook cell passes to ``check`` (a float, an int, a
``Fraction``, a ``Decimal``, a numpy scalar or 0-d array, a string such as ``"0.2857"`` or
``"2/7"``) into a :class:`Reading`: the exact value as a ``Fraction`` and, for an answer
written in decimal digits, those digits. It refuses, with a message that says why, what is
not one number (:class:`NotANumber`) and what no exercise could expect (:class:`OutOfRange`:
a magnitude beyond ``10**400`` or below ``10**-400``).

Why the bounds: ``Fraction(Decimal("1e99999999"))`` builds ``10**99999999`` and takes
minutes, and ``float(10**400)`` raises ``OverflowError``. Every answer is checked against
the bounds before an exact value is built, so the work is a few operations on numbers of
at most a few thousand bits, or linear in the length of the answer.

>>> read_number("2/7").value, read_number(0.2857).digits
(Fraction(2, 7), Decimal('0.2857'))
>>> read_number("1e99999999")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bleu.exercises.reading.OutOfRange: that number is far too large to be any answer here (...)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from numbers import Complex, Integral, Number, Rational, Real
from typing import Any

from ..i18n import N_, gettext

MAX_EXPONENT = 400
"""A number read must lie between ``10**-MAX_EXPONENT`` and ``10**MAX_EXPONENT`` (or be 0)."""

MAX_TEXT = 100
"""A string answer longer than this many characters is not read."""

MAX_DIGITS = 100
"""A ``Decimal`` answer with more digits than this is not read."""

_LIMIT = 10**MAX_EXPONENT
_LIMIT_BITS = _LIMIT.bit_length()
_TIE_SLACK = Fraction(1, 10**12)
_TOO_LARGE = N_("that number is far too large to be any answer here (beyond 1e{exponent})")
_TOO_SMALL = N_("that number is far too small to be any answer here (below 1e-{exponent})")


def _beyond(template: str) -> str:
    """``_TOO_LARGE`` or ``_TOO_SMALL`` in the current language, with the exponent filled in."""
    return gettext(template).format(exponent=MAX_EXPONENT)


class NotANumber(ValueError):
    """The answer does not read as exactly one number; the message says why."""


class OutOfRange(ValueError):
    """The answer is a number far outside anything an exercise expects."""


@dataclass(frozen=True)
class Reading:
    """An answer read as a number: its exact value and, if written in digits, those digits.

    ``digits`` is ``None`` for answers that carry no digits to count (a ``Fraction`` or a
    ``"p/q"`` string); it is a non-finite ``Decimal`` for ``nan`` and ``inf`` (then
    ``value`` is 0 and means nothing). ``inexact`` marks decimals (floats, ``"0.2857"``):
    they may be off by a tolerance, while an integer or a fraction must be exact.
    """

    value: Fraction
    digits: Decimal | None
    inexact: bool

    @property
    def finite(self) -> bool:
        return self.digits is None or self.digits.is_finite()


def _bounded(value: Fraction) -> Fraction:
    """``value`` itself, or :class:`OutOfRange` if it is beyond ``10**±MAX_EXPONENT``.

    The bit lengths are compared first, so a huge integer costs no multiplication.
    """
    top, bottom = abs(value.numerator), value.denominator
    if top == 0:
        return value
    spread = top.bit_length() - bottom.bit_length()  # the value is about 2**spread
    if spread > _LIMIT_BITS + 1:
        raise OutOfRange(_beyond(_TOO_LARGE))
    if spread < -_LIMIT_BITS - 1:
        raise OutOfRange(_beyond(_TOO_SMALL))
    if bottom.bit_length() > 4 * _LIMIT_BITS:
        raise OutOfRange(
            gettext("that fraction's terms have more than {count} digits").format(
                count=4 * MAX_EXPONENT
            )
        )
    if top >= _LIMIT * bottom:
        raise OutOfRange(_beyond(_TOO_LARGE))
    if top * _LIMIT <= bottom:
        raise OutOfRange(_beyond(_TOO_SMALL))
    return value


def _from_decimal(digits: Decimal, inexact: bool = True) -> Reading:
    """A ``Decimal`` as a :class:`Reading`; its size is checked before any Fraction is built."""
    if not digits.is_finite():
        if digits.is_snan():
            digits = Decimal("NaN")  # a signalling NaN raises on every comparison
        return Reading(Fraction(0), digits, inexact)
    if len(digits.as_tuple().digits) > MAX_DIGITS:
        too_long = gettext("that number has more than {count} digits")
        raise NotANumber(too_long.format(count=MAX_DIGITS))
    if digits and digits.adjusted() >= MAX_EXPONENT:
        raise OutOfRange(_beyond(_TOO_LARGE))
    if digits and digits.adjusted() < -MAX_EXPONENT:
        raise OutOfRange(_beyond(_TOO_SMALL))
    return Reading(Fraction(digits), digits, inexact)


def _decimal(text: str, shown: str) -> Decimal:
    try:
        return Decimal(text)
    except (InvalidOperation, ValueError):
        raise NotANumber(gettext("{shown} is not a number").format(shown=shown)) from None


def _read_string(answer: str) -> Reading:
    if len(answer) > MAX_TEXT:
        raise NotANumber(
            gettext("that string is {count} characters long, too long for one number").format(
                count=len(answer)
            )
        )
    text = answer.strip().replace("\u2212", "-")  # Decimal() ignores spaces around "/" too
    if text.endswith("%"):
        raise NotANumber(
            # the sign is a placeholder: "% s" in a message id reads as a %-format to Babel
            gettext("{answer} has a {percent} sign; give the plain number without it").format(
                answer=repr(answer), percent="%"
            )
        )
    if "/" not in text:
        return _from_decimal(_decimal(text, repr(answer)))
    top, _, bottom = text.partition("/")
    try:
        parts = [_from_decimal(Decimal(part)) for part in (top, bottom)]
        if not all(part.finite for part in parts):
            raise ZeroDivisionError
        value = parts[0].value / parts[1].value
    except (InvalidOperation, ValueError, ZeroDivisionError) as problem:
        if isinstance(problem, OutOfRange):
            raise
        raise NotANumber(
            gettext("{answer} is not a number or a fraction").format(answer=repr(answer))
        ) from None
    return Reading(_bounded(value), None, False)


def _read_numpy(answer: Any, depth: int) -> Reading | None:
    kind = answer.dtype.kind
    if answer.shape != ():
        raise NotANumber(gettext("that is an array; give one number"))
    if kind == "b":
        return None
    if kind in "iu":
        return read_number(int(answer.item()), depth + 1)
    if kind == "f":  # numpy's own shortest digits: np.float32(0.2857) shows 4 figures
        return _from_decimal(_decimal(str(answer[()]), repr(str(answer[()]))))
    if kind in "USO":
        return read_number(answer.item(), depth + 1)
    if kind == "c":
        raise NotANumber(gettext("that is a complex number; give a real one"))
    raise NotANumber(
        gettext("that is a numpy {dtype} value; give one number").format(dtype=answer.dtype)
    )


def read_number(answer: Any, depth: int = 0) -> Reading | None:
    """Read ``answer`` as a number; ``None`` if it is no number at all (``None``, a bool).

    Floats are read from their shortest repr (``0.2857``), numpy scalars and 0-d arrays
    from numpy's own ``str``. Raises :class:`NotANumber` for what does not read as exactly
    one real number (``"0,5"``, ``"12%"``, a list, an array of several numbers, a complex
    number, bytes, a string of more than :data:`MAX_TEXT` characters) and
    :class:`OutOfRange` for a number beyond ``10**±400``.

    >>> read_number(0.5).value, read_number(True), read_number("\u22122/7").value
    (Fraction(1, 2), None, Fraction(-2, 7))
    """
    if depth > 1:
        raise NotANumber(gettext("that is a value inside a value; give one number"))
    if isinstance(answer, str):
        return _read_string(answer)
    if isinstance(answer, (bytes, bytearray)):
        raise NotANumber(gettext("that is bytes, not a str or a number"))
    if isinstance(answer, (list, tuple, dict, set)):
        raise NotANumber(
            gettext("that is a {kind}; give one number").format(kind=type(answer).__name__)
        )
    if hasattr(answer, "shape") and hasattr(answer, "dtype"):  # numpy scalar or array
        return _read_numpy(answer, depth)
    if isinstance(answer, bool) or not isinstance(answer, Number):
        return None
    if isinstance(answer, Integral):
        value = _bounded(Fraction(int(answer)))
        return Reading(value, Decimal(int(value)), False)
    if isinstance(answer, Rational):
        value = Fraction(int(answer.numerator), int(answer.denominator))
        return Reading(_bounded(value), None, False)
    if isinstance(answer, Decimal):
        return _from_decimal(answer)
    if isinstance(answer, Complex) and not isinstance(answer, Real):
        raise NotANumber(gettext("that is a complex number; give a real one"))
    try:
        number = float(answer)
    except (TypeError, ValueError, OverflowError, ArithmeticError):
        raise NotANumber(
            gettext("that {kind} does not read as a float").format(kind=type(answer).__name__)
        ) from None
    return _from_decimal(Decimal(repr(number)))


def round_significant(value: Fraction, figures: int) -> Decimal:
    """``value`` rounded half-even to ``figures`` significant figures.

    >>> round_significant(Fraction(2, 7), 4), round_significant(Fraction(-50, 3), 3)
    (Decimal('0.2857'), Decimal('-16.7'))
    """
    if value == 0:
        return Decimal(0)
    with localcontext() as ctx:
        ctx.prec = 60
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        quantum = Decimal(1).scaleb(exact.adjusted() - figures + 1)
        return exact.quantize(quantum, rounding=ROUND_HALF_EVEN)


def rounds_to(expected: Fraction, figures: int, answer: Decimal) -> bool:
    """Does ``expected`` rounded to ``figures`` significant figures equal ``answer``?

    Either neighbour of a tie counts: 0.12345 stored as a float rounds to 0.1234 or 0.1235.

    >>> [rounds_to(Fraction(2, 7), 4, Decimal(text)) for text in ("0.2857", "0.2856")]
    [True, False]
    """
    slack = abs(expected) * _TIE_SLACK
    return any(
        round_significant(value, figures) == answer
        for value in (expected, expected - slack, expected + slack)
    )


def within(a: Fraction, b: Fraction, rel_tol: float, abs_tol: float = 1e-12) -> bool:
    """``math.isclose`` on exact values, so that no ``float()`` can overflow.

    >>> within(Fraction(10**399), Fraction(10**399 + 1), 1e-6), within(Fraction(1), Fraction(2), 0)
    (True, False)
    """
    return abs(a - b) <= max(Fraction(rel_tol) * max(abs(a), abs(b)), Fraction(abs_tol))


def figures(digits: Decimal) -> int:
    """Significant figures ``digits`` shows, trailing zeros dropped ("0.2970" -> 3)."""
    return len(digits.normalize().as_tuple().digits)
