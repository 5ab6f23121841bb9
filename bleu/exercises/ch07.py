"""Exercises of notebook 07, the full BLEU score (최종 BLEU 점수).

All against the running example's references (documents 000 and 001: Example 1's three
references without their final periods, whitespace tokens, case kept): the running
candidate with one token changed, and Example 1's Ca2.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..brevity import closest_ref_length
from ..data import load_example
from ..i18n import N_
from ..nltk_rules import sentence_bleu
from ..precision import modified_precision
from . import Exercise, register
from . import close_to as _close_to

_near = _close_to


def _running() -> tuple[list[list[str]], list[str]]:
    ex = load_example("running")
    return ex.reference_tokens(), ex.candidate_tokens("Ca1")


def _with_period() -> list[str]:
    """The running candidate with its final period kept on the last token ('party.')."""
    _, hyp = _running()
    return [*hyp[:-1], hyp[-1] + "."]


BLEU3 = (1 / 3, 1 / 3, 1 / 3)


def _bleu3_period() -> float:
    refs, _ = _running()
    return sentence_bleu(refs, _with_period(), weights=BLEU3)


def _bleu3_plain() -> float:
    refs, hyp = _running()
    return sentence_bleu(refs, hyp, weights=BLEU3)


def _diagnose_bleu3(answer) -> str | None:
    refs, _ = _running()
    if _near(answer, _bleu3_plain()):
        return N_("that is BLEU-3 without the period; keep 'party.' as the last token.")
    if _near(answer, sentence_bleu(refs, _with_period())):
        return N_("that is BLEU-4 (four weights of 1/4); BLEU-3 uses three weights of 1/3.")
    if _near(answer, sentence_bleu(refs, _with_period(), weights=(0.5, 0.5))):
        return N_("that is BLEU-2; BLEU-3 uses p_1, p_2 and p_3 with weight 1/3 each.")
    hyp = _with_period()
    example1 = load_example("example1").reference_tokens()
    if _near(answer, sentence_bleu(example1, hyp, weights=BLEU3)):
        return N_("that scores against Example 1's references as printed, final periods kept, "
        "so 'party.' finds a match. Only the candidate keeps its period here: score it "
        "against the running example's references (periods removed).")
    if _near(answer, sum(float(modified_precision(refs, hyp, n)) for n in (1, 2, 3)) / 3):
        return N_("that is the arithmetic mean (p_1 + p_2 + p_3) / 3; BLEU takes the geometric "
        "mean, exp of the mean of log p_1, log p_2 and log p_3.")
    return None


register(
    Exercise(
        id="ch07.bleu3-period",
        question="Keep the final period on the running candidate ('... of the party.') and "
        "score it against the period-less references. What is its BLEU-3 (weights "
        "(1/3, 1/3, 1/3))? Give a float.",
        expected=_bleu3_period,
        hint=N_("take p_1, p_2 and p_3 of the candidate with 'party.', each with weight 1/3; "
        "BP is still 1."),
        wrong=_bleu3_plain(),
        second_hint=N_("'party.' matches no reference token, so every n-gram that contains the "
        "last token loses its match; recount the matches and n-grams for n = 1, 2, 3 and take "
        "exp of the mean of the three logs."),
        diagnose=_diagnose_bleu3,
        notebook="07_bleu_score",
    )
)


def _lowercased_first() -> list[str]:
    """The running candidate with its first word in lower case ('it is a guide ...')."""
    _, hyp = _running()
    return [hyp[0].lower(), *hyp[1:]]


def _p4(hyp: list[str]) -> Fraction:
    refs, _ = _running()
    return modified_precision(refs, hyp, 4)


def _as_fraction(answer) -> Fraction | None:
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        return Fraction(answer.strip() if isinstance(answer, str) else answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def _diagnose_lowercase(answer) -> str | None:
    value = _as_fraction(answer)
    if value is not None and value == _p4(_running()[1]):
        return (
            N_("that is p_4 of the unchanged candidate, as if lower case changed nothing. "
            "Tokens match only when every character, case included, is the same: find the "
            "candidate's 4-grams that contain the changed word and check whether each one "
            "still occurs in a reference.")
        )
    return None


register(
    Exercise(
        id="ch07.lowercase-p4",
        question="Leave the period off, but write the running candidate's first word in lower "
        "case ('it is a guide to action ... of the party'), references unchanged and case "
        "kept. What is its 4-gram precision p_4? Give a fraction (Fraction or a string like "
        "'5/16').",
        expected=lambda: _p4(_lowercased_first()),
        hint=N_("only the n-grams that contain the first token change; check each order's first "
        "n-gram against the references, case kept."),
        wrong=_p4(_running()[1]),
        second_hint=N_("the candidate's 4-grams are its c - 3 runs of four tokens, and only the "
        "first one contains 'it'; look that one up in the references with case kept, then "
        "recount the matches over the same denominator."),
        diagnose=_diagnose_lowercase,
        notebook="07_bleu_score",
    )
)


def _ca2_tokens() -> list[str]:
    return load_example("example1").candidates["Ca2"].rstrip(".").split()


def _ca2_bleu2() -> float:
    refs, _ = _running()
    return sentence_bleu(refs, _ca2_tokens(), weights=(0.5, 0.5))


def _ca2_no_bp() -> float:
    refs, _ = _running()
    hyp = _ca2_tokens()
    p1, p2 = (modified_precision(refs, hyp, n) for n in (1, 2))
    return math.sqrt(p1 * p2)


def _ca2_geometric() -> float:
    """sqrt(p_1 * p_2) of Ca2 against the running references (no brevity penalty)."""
    return _ca2_no_bp()


def _diagnose_ca2(answer) -> str | None:
    """The slips a reader makes on Ca2 (c = 14, r = 16), each with its own value."""
    refs, _ = _running()
    hyp = _ca2_tokens()
    c, g = len(hyp), _ca2_geometric()
    r = closest_ref_length(refs, c)
    longest = max(len(ref) for ref in refs)
    if _near(answer, g):
        return N_("that is the geometric mean without the brevity penalty; c = 14 is shorter "
        "than the closest reference.")
    if _near(answer, 0.0):
        return N_("that is BLEU-4 (or BLEU-3): Ca2 has no matching trigram, so p_3 = 0 and the "
        "score with three or four orders is 0. BLEU-2 uses p_1 and p_2 only, each with weight "
        "1/2.")
    if _near(answer, g * math.exp(1 - c / r)):
        return N_("c and r are swapped inside the exponent: BP = exp(1 - r / c), reference "
        "length over candidate length, is below 1 for a short candidate.")
    if _near(answer, g * math.exp(1 - longest / c)):
        return N_("that uses r = the longest reference; r is the length of the reference "
        "closest to c = 14 (the shorter one on a tie).")
    example1 = load_example("example1").reference_tokens()
    if _near(answer, sentence_bleu(example1, hyp, weights=(0.5, 0.5))):
        return N_("that scores against Example 1's references as printed, final periods kept: "
        "their 'party.' does not match Ca2's 'party'. Use the running example's references "
        "(periods removed).")
    if _near(answer, sentence_bleu(refs, hyp, weights=(1.0,))):
        return N_("that is BLEU-1 (p_1 alone); BLEU-2 takes the geometric mean of p_1 and p_2, "
        "each with weight 1/2.")
    return None


register(
    Exercise(
        id="ch07.ca2-bleu2",
        question="Take Example 1's Ca2 without its final period ('It is to insure ... that "
        "party direct', 14 tokens) and score it against the running example's references. "
        "What is its BLEU-2, brevity penalty included? Give a float.",
        expected=_ca2_bleu2,
        hint=N_("find p_1, p_2, c, r and BP; then BP * exp(0.5 log p_1 + 0.5 log p_2)."),
        wrong=_ca2_no_bp(),
        second_hint=N_("c = 14 and r is the reference length closest to 14, so BP = exp(1 - r / c) "
        "is below 1; multiply it by sqrt(p_1 * p_2), with p_1 and p_2 clipped against all "
        "three references."),
        diagnose=_diagnose_ca2,
        notebook="07_bleu_score",
    )
)
