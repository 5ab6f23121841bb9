"""Exercises of notebook 06, the brevity penalty (브레버티 패널티).

``BP = 1`` if ``c > r``, else ``exp(1 - r / c)``, with ``r`` the reference length closest
to ``c`` (the shorter one on a tie); Papineni et al. (2002), section 2.2.2.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..brevity import brevity_penalty, closest_ref_length
from ..data import load_example
from . import Exercise, register


def _near(answer, value: float) -> bool:
    if isinstance(answer, (bool, str)) or answer is None:
        return False
    try:
        return math.isclose(float(answer), float(value), rel_tol=1e-6, abs_tol=1e-12)
    except (TypeError, ValueError):
        return False


REF_LENGTHS = (10, 14, 11, 13)


def _closest() -> int:
    return closest_ref_length([["w"] * k for k in REF_LENGTHS], 12)


register(
    Exercise(
        id="ch06.closest-r",
        question="A candidate has 12 tokens; its four references have 10, 14, 11 and 13 "
        "tokens. What is r, the effective reference length? Give an integer.",
        expected=_closest,
        hint="find the smallest |length - 12|; on a tie BLEU takes the shorter reference.",
        wrong=13,
        diagnose=lambda a: (
            "two references are equally close to 12; the tie goes to the shorter one."
            if a == 13
            else "that is the difference |r - c|, not the reference length (document 000's slip)."
            if a == 1
            else "that is the longest reference (document 003's variant), not the closest."
            if a == 14
            else None
        ),
        notebook="06_brevity_penalty",
    )
)


def _it_is_bp() -> float:
    refs = load_example("example1").reference_tokens()
    return brevity_penalty(closest_ref_length(refs, 2), 2)


def _it_is_r() -> int:
    return closest_ref_length(load_example("example1").reference_tokens(), 2)


register(
    Exercise(
        id="ch06.bp-it-is",
        question="What is the brevity penalty of Example 1's Ca4 'it is' (c = 2) against "
        "Example 1's three references (whitespace tokens)? Give a float.",
        expected=_it_is_bp,
        hint="r is the length of the reference closest to 2 tokens; then exp(1 - r / c).",
        wrong=1.0,
        diagnose=lambda a: (
            "BP is 1 only when c > r; here the candidate is much shorter."
            if _near(a, 1.0)
            else "r and c are swapped: the exponent is 1 - r / c."
            if _near(a, math.exp(1 - 2 / _it_is_r()))
            else "that is document 004's ratio c / r, not exp(1 - r / c)."
            if _near(a, 2 / _it_is_r())
            else None
        ),
        notebook="06_brevity_penalty",
    )
)


register(
    Exercise(
        id="ch06.exp-vs-ratio",
        question="Document 004's length factor for a 6-token prediction and a 14-token "
        "reference is min(1, 6/14) = 3/7. What is the standard BLEU brevity penalty for the "
        "same c and r? Give a float.",
        expected=lambda: brevity_penalty(14, 6),
        hint="c = 6 is not longer than r = 14, so BP = exp(1 - r / c).",
        wrong=Fraction(3, 7),
        diagnose=lambda a: (
            "3/7 is 004's ratio min(1, c/r); BLEU's penalty is exponential."
            if _near(a, 3 / 7)
            else None
        ),
        notebook="06_brevity_penalty",
    )
)
