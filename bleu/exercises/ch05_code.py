"""Code exercise of notebook 05: the weighted geometric mean of the precisions.

``geometric_mean(precisions, weights) = exp(sum_n w_n log p_n)`` over the orders with a
positive weight, and ``0.0`` when one of those precisions is 0 (``log 0 = -infinity``);
Papineni et al. (2002), section 2.3. The expected behaviour is the package's own
combination rule, :func:`bleu.rules.combine` with a brevity penalty of 1.

>>> from fractions import Fraction
>>> expected_mean([Fraction(1), Fraction(1, 2), Fraction(0), Fraction(0)], (0.5, 0.5, 0, 0))
0.7071067811865476
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from ..precision import modified_precision
from ..rules import combine
from .code import CodeExercise, Mistake, register_code

Precisions = Sequence[Fraction]
Weights = Sequence[float]

UNIFORM = (0.25, 0.25, 0.25, 0.25)
WEIGHT_CHOICES: tuple[tuple[float, ...], ...] = (
    UNIFORM,
    UNIFORM,
    (0.5, 0.5, 0, 0),
    (0, 1, 0, 0),
    (1 / 3, 1 / 3, 1 / 3, 0),
    (0.1, 0.2, 0.3, 0.4),
    (0.5, 0.5),
    (1 / 3, 1 / 3, 1 / 3),
    (1,),
)
"""Weight vectors of the random cases: mostly BLEU's, some with zero weights."""


def expected_mean(precisions: Precisions, weights: Weights) -> float:
    """The package's weighted geometric mean (brevity penalty 1, no smoothing)."""
    return combine(list(precisions), tuple(weights), 1.0, True)


def _examples() -> list[tuple[list[Fraction], tuple[float, ...]]]:
    """The chapter's precisions: the running example, Example 3's Ca1, 'the cat sat', 004."""
    running = load_example("running")
    refs, ca1 = running.reference_tokens(), running.candidate_tokens("Ca1")
    p_running = [modified_precision(refs, ca1, n) for n in range(1, 5)]
    example3 = load_example("example3")
    refs3, always = example3.reference_tokens(), example3.candidate_tokens("Ca1")
    p_always = [modified_precision(refs3, always, n) for n in range(1, 5)]
    cat_sat = "the cat sat".split()
    p_cat = [modified_precision([cat_sat], cat_sat, n) for n in range(1, 5)]
    p004 = [Fraction(10, 14), Fraction(5, 13), Fraction(2, 12), Fraction(1, 11)]
    return [
        (p_running, UNIFORM),
        (p_running, (0, 1, 0, 0)),
        (p_always, UNIFORM),
        (p_always, (0.5, 0.5, 0, 0)),
        (p_cat, UNIFORM),
        (p004, UNIFORM),
    ]


def _random_case(rng: random.Random) -> tuple[list[Fraction], tuple[float, ...]]:
    """Precisions as small fractions, a zero in about one order of four."""
    weights = rng.choice(WEIGHT_CHOICES)
    precisions = []
    for _ in weights:
        total = rng.randint(1, 12)
        matches = 0 if rng.random() < 0.25 else rng.randint(1, total)
        precisions.append(Fraction(matches, total))
    return precisions, weights


def _arithmetic(precisions: Precisions, weights: Weights) -> float:
    return float(sum(w * p for w, p in zip(weights, precisions)))


def _zeros_skipped(precisions: Precisions, weights: Weights) -> float:
    """Documents 000 and 001: a zero precision adds nothing instead of -infinity."""
    return math.exp(math.fsum(w * math.log(p) for w, p in zip(weights, precisions) if p > 0))


def _zero_weight_counts(precisions: Precisions, weights: Weights) -> float:
    if any(p == 0 for p in precisions):
        return 0.0
    return math.exp(math.fsum(w * math.log(p) for w, p in zip(weights, precisions)))


def _plain_root(precisions: Precisions, weights: Weights) -> float:
    """The unweighted geometric mean of all the precisions: the weights ignored."""
    return float(math.prod(precisions)) ** (1 / len(precisions))


def _no_exp(precisions: Precisions, weights: Weights) -> float:
    """The weighted sum of the logs, never turned back with exp."""
    if any(w > 0 and p == 0 for w, p in zip(weights, precisions)):
        return 0.0
    return math.fsum(w * math.log(p) for w, p in zip(weights, precisions) if w > 0)


GEOMETRIC_MEAN = register_code(
    CodeExercise(
        id="ch05.code-geometric-mean",
        name="geometric_mean",
        signature="geometric_mean(precisions, weights)",
        task=N_("Return exp(sum of w_n * log p_n) as a float, over the orders whose weight is "
        "positive; 0.0 when one of those precisions is 0."),
        reference=expected_mean,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "arithmetic mean",
                _arithmetic,
                N_("that is the weighted arithmetic mean sum(w_n * p_n); BLEU averages the logs: "
                "exp(sum of w_n * log p_n), i.e. the product of p_n ** w_n"),
            ),
            Mistake(
                "zero precision skipped",
                _zeros_skipped,
                N_("a zero precision with a positive weight makes the mean 0 (log 0 is -infinity): "
                "return 0.0 instead of leaving that order out, as documents 000 and 001 do"),
            ),
            Mistake(
                "zero weight still counts",
                _zero_weight_counts,
                N_("an order whose weight is 0 drops out entirely, even when its precision is 0: "
                "only a zero precision with a positive weight gives 0.0"),
            ),
            Mistake(
                "weights ignored",
                _plain_root,
                N_("use the weights: p_n ** w_n for each order (or w_n * log p_n), not the plain "
                "root of the product of all the precisions"),
            ),
            Mistake(
                "exp forgotten",
                _no_exp,
                N_("sum(w_n * log p_n) is the log of the mean: turn it back with math.exp"),
            ),
        ),
        hint=N_("work the failing call by hand: which orders have a positive weight, is one of "
        "their precisions 0 (math.log(0) raises ValueError, and the mean is then 0.0), and "
        "what do the weighted logs add up to before and after undoing the log? Print those "
        "steps inside your function to see where it parts from the expected value."),
        notebook="05_combining_precisions",
    )
)
