"""Exercises of notebook 07, the full BLEU score (최종 BLEU 점수).

All on the running example of documents 000 and 001: Example 1's Ca1 and the three
references without their final periods, whitespace tokens, case kept.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..data import load_example
from ..precision import modified_precision
from ..score import sentence_bleu
from . import Exercise, register


def _near(answer, value: float) -> bool:
    if isinstance(answer, (bool, str)) or answer is None:
        return False
    try:
        return math.isclose(float(answer), float(value), rel_tol=1e-6, abs_tol=1e-12)
    except (TypeError, ValueError):
        return False


def _running() -> tuple[list[list[str]], list[str]]:
    ex = load_example("running")
    return ex.reference_tokens(), ex.candidate_tokens("Ca1")


def _bleu2() -> float:
    refs, hyp = _running()
    return sentence_bleu(refs, hyp, weights=(0.5, 0.5))


def _bleu4() -> float:
    refs, hyp = _running()
    return sentence_bleu(refs, hyp)


register(
    Exercise(
        id="ch07.bleu2-running",
        question="What is BLEU-2 (weights (0.5, 0.5)) of the running example? Give a float.",
        expected=_bleu2,
        hint="only p_1 and p_2 enter, each with weight 1/2; BP is 1 here.",
        wrong=_bleu4(),
        diagnose=lambda a: (
            "that is BLEU-4 (four weights of 1/4); use two weights of 1/2."
            if _near(a, _bleu4())
            else None
        ),
        notebook="07_bleu_score",
    )
)


def _p3(with_period: bool) -> Fraction:
    refs, hyp = _running()
    if with_period:
        hyp = [*hyp[:-1], hyp[-1] + "."]
    return modified_precision(refs, hyp, 3)


register(
    Exercise(
        id="ch07.period-p3",
        question="Keep the final period on the running candidate ('... of the party.') and "
        "score it against the period-less references. What is its trigram precision p_3? "
        "Give a fraction (Fraction or a string like '5/16').",
        expected=lambda: _p3(True),
        hint="the only trigram that changes is the last one: does 'of the party.' occur in "
        "any reference?",
        wrong=_p3(False),
        diagnose=lambda a: (
            "that is p_3 without the period; with it, the last trigram no longer matches."
            if a is not None and not isinstance(a, (str, bool)) and _near(a, _p3(False))
            else None
        ),
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


register(
    Exercise(
        id="ch07.ca2-bleu2",
        question="Take Example 1's Ca2 without its final period ('It is to insure ... that "
        "party direct', 14 tokens) and score it against the running example's references. "
        "What is its BLEU-2, brevity penalty included? Give a float.",
        expected=_ca2_bleu2,
        hint="find p_1, p_2, c, r and BP; then BP * exp(0.5 log p_1 + 0.5 log p_2).",
        wrong=_ca2_no_bp(),
        diagnose=lambda a: (
            "that is the geometric mean without the brevity penalty; c = 14 is shorter "
            "than the closest reference."
            if _near(a, _ca2_no_bp())
            else None
        ),
        notebook="07_bleu_score",
    )
)
