"""Exercises of notebook 06, the brevity penalty (브레버티 패널티).

``BP = 1`` if ``c > r``, else ``exp(1 - r / c)``, with ``r`` the reference length closest
to ``c`` (the shorter one on a tie); Papineni et al. (2002), section 2.2.2.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..brevity import brevity_penalty, closest_ref_length
from ..data import load_example
from ..i18n import N_
from . import Exercise, register
from . import close_to as _close_to

_near = _close_to


REF_LENGTHS = (10, 14, 11, 13)


def _closest() -> int:
    return closest_ref_length([["w"] * k for k in REF_LENGTHS], 12)


register(
    Exercise(
        id="ch06.closest-r",
        question="A candidate has 12 tokens; its four references have 10, 14, 11 and 13 "
        "tokens. What is r, the effective reference length? Give an integer.",
        expected=_closest,
        hint=N_("compute |length - 12| for each reference and keep the length with the smallest "
        "difference; notebook 06 states which one BLEU keeps when two are equally close."),
        second_hint=N_("more than one reference may be at the smallest distance from 12; NLTK's "
        "closest_ref_length takes min over the pairs (|length - 12|, length): work out which "
        "length that key picks."),
        wrong=13,
        diagnose=lambda a: (
            N_("13 is one of the references closest to 12, but not the only one; apply BLEU's "
            "tie rule from notebook 06 to choose between them.")
            if a == 13
            else N_("12 is the candidate's own length, c; r is the length of one of the "
            "references (10, 14, 11 or 13), the one closest to 12.")
            if a == 12
            else N_(
                "that is the difference |r - c|, not the "
                "reference length (document 000's slip)."
            )
            if a == 1
            else N_("that is the longest reference (document 003's variant), not the closest.")
            if a == 14
            else None
        ),
        notebook="06_brevity_penalty",
    )
)


def _first_nine() -> tuple[int, int]:
    """(r, c) for the first nine tokens of Example 1's Ca1 against Example 1's references."""
    ex = load_example("example1")
    refs, hyp = ex.reference_tokens(), ex.candidate_tokens("Ca1")[:9]
    return closest_ref_length(refs, len(hyp)), len(hyp)


def _first_nine_bp() -> float:
    r, c = _first_nine()
    return brevity_penalty(closest_ref_len=r, hyp_len=c)


def _first_nine_longest_bp() -> float:
    """The typical slip: r taken as the longest reference (18, also the full Ca1's length)."""
    _, c = _first_nine()
    longest = max(len(ref) for ref in load_example("example1").reference_tokens())
    return brevity_penalty(closest_ref_len=longest, hyp_len=c)


def _diagnose_first_nine(answer) -> str | None:
    r, c = _first_nine()
    if _near(answer, 1.0):
        return N_("BP is 1 only when c > r; nine tokens are fewer than any reference has.")
    if _near(answer, _first_nine_longest_bp()):
        return (
            N_("that is exp(1 - 18/9) = exp(1 - 16/8) = e^-1: either r is the longest reference "
            "(document 003's rule) or the full candidate's length, or c was counted as 8; c is "
            "the 9 tokens given, and r the length of the reference closest to 9 tokens.")
        )
    if _near(answer, math.exp(1 - c / r)):
        return N_(
            "r and c are swapped: the exponent is 1 - r / c, "
            "reference length over candidate."
        )
    if _near(answer, c / r):
        return N_("that is document 004's ratio c / r, not exp(1 - r / c).")
    if _near(answer, brevity_penalty(closest_ref_len=r, hyp_len=2)):
        return N_("that is the penalty of 'it is' (c = 2) from the chapter; here c = 9.")
    return None


register(
    Exercise(
        id="ch06.bp-first-nine",
        question="Cut Example 1's Ca1 after its first nine tokens, 'It is a guide to action "
        "which ensures that'. What is its brevity penalty against Example 1's three "
        "references (whitespace tokens)? Give a float.",
        expected=_first_nine_bp,
        hint=N_("r is the length of the reference closest to 9 tokens; then exp(1 - r / c)."),
        wrong=_first_nine_longest_bp(),
        second_hint=N_("c = 9; r is the length of the reference nearest to 9 whitespace tokens "
        "(periods stay attached to words), not the full candidate's length; then "
        "BP = exp(1 - r / c)."),
        diagnose=_diagnose_first_nine,
        notebook="06_brevity_penalty",
    )
)


RATIO_004 = Fraction(6, 14)  # document 004: min(1, 6/14) = 3/7


def _shortest_matching_ratio() -> int:
    """Smallest c with BLEU's BP against r = 14 at least 004's 3/7."""
    return next(c for c in range(1, 15) if brevity_penalty(14, c) >= RATIO_004)


def _diagnose_ratio(answer) -> str | None:
    if isinstance(answer, (bool, str)) or answer is None:
        return None
    if _near(answer, 14 * RATIO_004):
        return (
            N_("6 tokens is where 004's ratio gives 3/7; BLEU's penalty at c = 6 is much "
            "lower, so the candidate must be longer.")
        )
    shortest = _shortest_matching_ratio()
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return None
    if shortest - 1 < value < shortest:
        return (
            N_("a candidate has a whole number of tokens: which whole numbers near your value "
            "make exp(1 - 14 / c) at least 3/7?")
        )
    if _near(answer, shortest - 1):
        return N_("compute brevity_penalty(14, c) at your c and compare it with 3/7 = 0.4286.")
    if value == int(value) and shortest < value <= 14:
        return N_("that length qualifies (its penalty is at least 3/7), but a shorter candidate "
        "does too: give the smallest c whose brevity_penalty(14, c) reaches 3/7.")
    return None


register(
    Exercise(
        id="ch06.match-ratio",
        question="Document 004's ratio min(1, c/r) gives a 6-token prediction 3/7 of its score "
        "against a 14-token reference; BLEU's penalty for the same lengths, exp(1 - 14/6), keeps "
        "only about 0.26. What is the smallest candidate length c (in tokens) "
        "whose standard BLEU brevity penalty against a 14-token reference is at least 3/7? "
        "Give an integer.",
        expected=_shortest_matching_ratio,
        hint=N_("try c = 6, 7, ... in turn with brevity_penalty(14, c), or solve "
        "exp(1 - 14 / c) >= 3/7 for c; a length is a whole number of tokens."),
        wrong=6,
        diagnose=_diagnose_ratio,
        second_hint=N_("exp(1 - 14 / c) >= 3/7 is the same as 1 - 14 / c >= ln(3/7); solve that "
        "for c, then give the smallest whole number of tokens that satisfies it and confirm it "
        "with brevity_penalty(14, c)."),
        notebook="06_brevity_penalty",
    )
)
