"""Exercises of notebook 05, combining precisions (기하 평균, 가중치).

The combination is BLEU without its brevity penalty: ``exp(sum_n w_n log p_n)``, the
weighted geometric mean of the modified precisions (Papineni et al., 2002, sections 2.1.3 and 2.3).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from ..nltk_rules import sentence_bleu
from ..precision import modified_precision
from . import Exercise, register
from . import close_to as _close_to

# Document 004's four precisions as it multiplies them: (matches, n-grams) for n = 1..4.
DOC004_COUNTS = ((10, 14), (5, 13), (2, 12), (1, 11))


def combine(precisions: Sequence[Fraction], weights: Sequence[float]) -> float:
    """``exp(sum w_n log p_n)`` over the orders with positive weight; 0.0 if one is 0.

    >>> combine([Fraction(1, 2), Fraction(1, 8)], (0.5, 0.5))
    0.25
    """
    terms = [(w, p) for w, p in zip(weights, precisions) if w > 0]
    if any(p == 0 for _, p in terms):
        return 0.0
    return math.exp(math.fsum(w * math.log(p) for w, p in terms))


def _precisions(example: str, label: str, max_n: int = 4) -> list[Fraction]:
    ex = load_example(example)
    refs, hyp = ex.reference_tokens(), ex.candidate_tokens(label)
    return [modified_precision(refs, hyp, n) for n in range(1, max_n + 1)]


_near = _close_to


def _cat_mat_equal() -> float:
    return combine(_precisions("example2", "Ca2"), (0.25,) * 4)


def _cat_mat_arithmetic() -> float:
    return float(sum(_precisions("example2", "Ca2"))) / 4


def _diagnose_equal(answer) -> str | None:
    p = _precisions("example2", "Ca2")
    if _near(answer, _cat_mat_arithmetic()):
        return N_("that is the arithmetic mean; BLEU averages the logarithms, not the precisions.")
    if _near(answer, 0.0):
        return N_("no precision of 'the cat the cat on the mat' is 0, so the mean is not 0 "
        "either: its 4-gram 'cat on the mat' occurs in the reference 'there is a cat on the "
        "mat', so p_4 counts that match.")
    if _near(answer, combine(p[:3], (1 / 3,) * 3)):
        return N_("that is the mean of p_1, p_2 and p_3 only (weights 1/3 each, BLEU-3): this "
        "exercise takes all four orders, p_4 included, with weight 0.25 each.")
    # the bare product is small, so 3 figures (0.0476) already name it
    if _near(answer, float(math.prod(p)), rel_tol=1e-3):
        return (
            N_("that is the product of the four precisions; the geometric mean takes its "
            "fourth root, i.e. weights 1/4 (each log p_n is multiplied by 0.25 before the exp).")
        )
    return None


register(
    Exercise(
        id="ch05.equal-weights",
        question="Combine the four modified precisions p_1..p_4 of Example 2's Ca2 "
        "'the cat the cat on the mat' with equal weights (0.25 each).",
        expected=_cat_mat_equal,
        hint=N_("compute p_1..p_4 with bleu.modified_precision, then exp(sum 0.25 * log p_n)."),
        wrong=_cat_mat_arithmetic(),
        second_hint=N_("p_1 .. p_4 of 'the cat the cat on the mat' have denominators 7, 6, 5 "
        "and 4 (its n-gram counts); take the natural log of each, multiply by 0.25, add the "
        "four terms and apply exp."),
        diagnose=_diagnose_equal,
        notebook="05_combining_precisions",
    )
)


def _hello_half() -> float:
    return combine(_precisions("hello_code", "Ca1"), (0.5, 0.5, 0, 0))


def _hello_with_penalty() -> float:
    """What ``bleu.sentence_bleu`` gives: the combination times the brevity penalty (about
    0.82, since the 5-token candidate is shorter than its 6-token reference)."""
    ex = load_example("hello_code")
    refs, hyp = ex.reference_tokens(), ex.candidate_tokens("Ca1")
    return sentence_bleu(refs, hyp, weights=(0.5, 0.5, 0, 0))


def _diagnose_hello(answer) -> str | None:
    p = _precisions("hello_code", "Ca1")
    if _near(answer, _hello_with_penalty()):
        return N_("that is bleu.sentence_bleu's value, which multiplies in the brevity penalty "
        "(about 0.82 here: the 5-token candidate is shorter than its 6-token reference). This "
        "exercise asks for the combined precisions alone, before the brevity penalty: "
        "exp(0.5 log p_1 + 0.5 log p_2).")
    if _near(answer, 0.0):
        return N_("a zero precision only matters when its weight is positive; here w_3 = w_4 = 0.")
    if _near(answer, float(p[0] + p[1]) / 2):
        return N_("that is the arithmetic mean of p_1 and p_2; average their logarithms.")
    if _near(answer, combine(_precisions("example3", "Ca1"), (0.5, 0.5, 0, 0))):
        return (
            N_("that is Example 3's value from the chapter's table; compute p_1 and p_2 of "
            "'hello this is my code' against its own reference.")
        )
    if _near(answer, float(p[0] * p[1])):
        return (
            N_("that is the bare product p_1 * p_2: the weights are missing (each log p_n is "
            "multiplied by its weight before the exp).")
        )
    if _near(answer, combine([p[0], Fraction(1, 5)], (0.5, 0.5))):
        return N_("0.4 is what p_2 = 1/5 gives: p_2's denominator is the number of bigrams of "
        "the 5-token candidate, 4, not its number of tokens. If 0.4 was a rounding, give at "
        "least 4 significant figures.")
    return None


register(
    Exercise(
        id="ch05.zero-weights",
        question="Document 003's candidate 'hello this is my code' against its one reference "
        "'hello this code is not mine' (load_example('hello_code'), whitespace tokens) has "
        "p_3 = p_4 = 0. What does exp(sum w_n log p_n) give with weights (0.5, 0.5, 0, 0)? "
        "The brevity penalty is not part of it.",
        expected=_hello_half,
        hint=N_("compute p_1 and p_2 with bleu.modified_precision; an order whose weight is 0 is "
        "left out of the sum entirely."),
        wrong=0.0,
        diagnose=_diagnose_hello,
        second_hint=N_("with weights (0.5, 0.5, 0, 0) only p_1 and p_2 enter the sum; count them "
        "on whitespace tokens against the one reference, then exp(0.5 log p_1 + 0.5 log p_2)."),
        notebook="05_combining_precisions",
    )
)


def _doc004(fourgram_matches: int) -> float:
    counts = [*DOC004_COUNTS[:3], (fourgram_matches, DOC004_COUNTS[3][1])]
    return combine([Fraction(m, t) for m, t in counts], (0.25,) * 4)


DOC004_PRINTED = 0.254
"""Document 004's combined precision as it prints it, rounded to 3 figures."""


def _diagnose_doubled(answer) -> str | None:
    if _near(answer, 2 * _doc004(1)):
        return (
            N_("doubling one of four precisions does not double their geometric mean, where each "
            "enters with weight 1/4; recompute the mean with the new p_4.")
        )
    p4_factor = _doc004(2) / _doc004(1)  # what doubling p_4 does to the mean
    # 0.254 * 2 ** (1/4) = 0.3020586... typed with 5 to 7 figures, rounded or cut off
    if _near(answer, DOC004_PRINTED * p4_factor, rel_tol=3e-6):
        return (
            N_("your answer agrees with the right one to 4 significant figures, but the extra "
            "figures you gave are not right: 004's 0.254 is rounded to 3 figures, so a result "
            "computed from it is off after the 4th. Give 4 significant figures, or start from "
            "the exact precisions (the four fractions).")
        )
    return None


register(
    Exercise(
        id="ch05.doubled-p4",
        question="Document 004 combines 10/14, 5/13, 2/12 and 1/11 into 0.254. Had its "
        "prediction matched two 4-grams (2/11 instead of 1/11), what would the geometric "
        "mean with equal weights be?",
        expected=lambda: _doc004(2),
        hint=N_("put 2/11 in place of 1/11 and combine the four precisions again: "
        "exp(sum 0.25 * log p_n)."),
        second_hint=N_("compute from the four fractions themselves (10/14, 5/13, 2/12 and the new "
        "p_4), not from 004's 0.254, which is rounded: a log of each, a weight of 1/4 each, "
        "then exp of the sum."),
        wrong=2 * _doc004(1),
        diagnose=_diagnose_doubled,
        notebook="05_combining_precisions",
    )
)
