"""Code exercise of notebook 05: BLEU's combination of the precisions.

``geometric_mean(precisions, weights) = exp(sum_n w_n log p_n)`` over the orders with a
positive weight, and ``0.0`` when one of those precisions is 0 (``log 0 = -infinity``);
Papineni et al. (2002), section 2.3. The weights are used as given, as the paper, NLTK and
the package do: with weights that add up to 1 this is the weighted geometric mean; with
others it is not renormalised (document 003's ``(prod p_n ** w_n) ** (1 / sum w)`` is).
The expected behaviour is the package's own combination rule, :func:`bleu.rules.combine`
with a brevity penalty of 1.

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
    (0.5, 0.5, 0.5, 0.5),
    (1, 1, 1, 1),
    (0.2, 0.2, 0.2),
    (1, 0.5, 0, 0),
)
"""Weight vectors of the random cases: mostly BLEU's, some with zero weights, and some that do
not add up to 1 (NLTK takes any weights and does not normalise them)."""


def expected_mean(precisions: Precisions, weights: Weights) -> float:
    """The package's weighted geometric mean (brevity penalty 1, no smoothing)."""
    return combine(list(precisions), tuple(weights), 1.0, True)


def _examples() -> list[tuple[list[Fraction], tuple[float, ...]]]:
    """The chapter's precisions: the running example, Example 3's Ca1, 'the cat sat', 004
    (with BLEU's weights and with document 003's weights of 1, which do not add up to 1)."""
    running = load_example("running")
    refs, ca1 = running.reference_tokens(), running.candidate_tokens("Ca1")
    p_running = [modified_precision(refs, ca1, n) for n in range(1, 5)]
    example3 = load_example("example3")
    refs3, always = example3.reference_tokens(), example3.candidate_tokens("Ca1")
    p_always = [modified_precision(refs3, always, n) for n in range(1, 5)]
    cat_sat = "the cat sat".split()
    p_cat = [modified_precision([cat_sat], cat_sat, n) for n in range(1, 5)]
    p004 = [Fraction(m, t) for m, t in DOC004]
    return [
        (p_running, UNIFORM),
        (p_running, (0, 1, 0, 0)),
        (p_always, UNIFORM),
        (p_always, (0.5, 0.5, 0, 0)),
        (p_cat, UNIFORM),
        (p004, UNIFORM),
        (p004, (1, 1, 1, 1)),
    ]


DOC004 = ((10, 14), (5, 13), (2, 12), (1, 11))
"""Document 004's precisions as it writes them, unreduced (10/14 is stored as 5/7)."""


def _show(case: tuple) -> str:
    """The failing call as code; 004's precisions keep their unreduced form, Fraction(10, 14)
    rather than Fraction(5, 7), so that they read as the chapter writes them."""
    precisions, weights = case
    if list(precisions) == [Fraction(m, t) for m, t in DOC004]:
        shown = "[" + ", ".join(f"Fraction({m}, {t})" for m, t in DOC004) + "]"
    else:
        shown = repr(precisions)
    return f"geometric_mean({shown}, {weights!r})"


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


def _power_sum_of_weights(precisions: Precisions, weights: Weights) -> float:
    """Document 003's code: the product of p_n ** w_n raised to the power sum(w), on the
    Fractions as given (integer weights keep the result an exact Fraction)."""
    return math.prod(p**w for p, w in zip(precisions, weights)) ** sum(weights)


def _power_sum_of_weights_float(precisions: Precisions, weights: Weights) -> float:
    """The same on floats."""
    return math.prod(float(p) ** w for p, w in zip(precisions, weights)) ** sum(weights)


def _normalised(precisions: Precisions, weights: Weights) -> float:
    """Document 003's formula: the product raised to 1 / sum(w), the weights normalised."""
    if any(w > 0 and p == 0 for w, p in zip(weights, precisions)):
        return 0.0
    logs = math.fsum(w * math.log(p) for w, p in zip(weights, precisions) if w > 0)
    return math.exp(logs / sum(weights))


def _divided_by_orders(precisions: Precisions, weights: Weights) -> float:
    """The weighted logs averaged once more: divided by the number of orders."""
    if any(w > 0 and p == 0 for w, p in zip(weights, precisions)):
        return 0.0
    logs = math.fsum(w * math.log(p) for w, p in zip(weights, precisions) if w > 0)
    return math.exp(logs / len(precisions))


def _log10_with_exp(precisions: Precisions, weights: Weights) -> float:
    """Logs in base 10 undone with exp (base e): two different bases."""
    if any(w > 0 and p == 0 for w, p in zip(weights, precisions)):
        return 0.0
    return math.exp(math.fsum(w * math.log10(p) for w, p in zip(weights, precisions) if w > 0))


def _no_exp(precisions: Precisions, weights: Weights) -> float:
    """The weighted sum of the logs, never turned back with exp."""
    if any(w > 0 and p == 0 for w, p in zip(weights, precisions)):
        return 0.0
    return math.fsum(w * math.log(p) for w, p in zip(weights, precisions) if w > 0)


POWER_SUM_HINT = N_("BLEU combines the precisions as exp(sum of w_n * log p_n), the product of "
    "p_n ** w_n with the weights as given: raising that product to the power sum(weights) "
    "as well (document 003's code) only goes unnoticed when the weights add up to 1")


GEOMETRIC_MEAN = register_code(
    CodeExercise(
        id="ch05.code-geometric-mean",
        name="geometric_mean",
        signature="geometric_mean(precisions, weights)",
        task=N_("Return BLEU's combination exp(sum of w_n * log p_n) as a float, over the "
        "orders whose weight is positive; 0.0 when one of those precisions is 0. The weights "
        "need not add up to 1: use them as they are, as NLTK does."),
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
            Mistake("power sum(weights)", _power_sum_of_weights, POWER_SUM_HINT),
            # the same slip on floats: an exact Fraction and a float do not match each other
            Mistake("power sum(weights), floats", _power_sum_of_weights_float, POWER_SUM_HINT),
            Mistake(
                "weights normalised",
                _normalised,
                N_("use the weights as they are: exp(sum of w_n * log p_n), without dividing by "
                "sum(weights) (that is document 003's renormalised formula, which equals BLEU's "
                "only when the weights add up to 1); NLTK does not normalise them either, so "
                "weights that add up to 2 count twice"),
            ),
            Mistake(
                "divided by the number of orders",
                _divided_by_orders,
                N_("the weights already do the averaging: exp(sum of w_n * log p_n), without "
                "dividing the sum by the number of orders"),
            ),
            Mistake(
                "log10 undone with exp",
                _log10_with_exp,
                N_("math.exp undoes the natural logarithm math.log, not math.log10: take both "
                "logarithm and exponential in the same base"),
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
        "their precisions 0 (the mean is then 0.0), and what do the weighted logs add up to "
        "before and after undoing the log? Print those steps inside your function to see "
        "where it parts from the expected value."),
        raise_hint=N_("math.log(0) raises ValueError: when a precision whose weight is positive "
        "is 0, the mean is 0.0 (log 0 is -infinity), so return 0.0 before taking any log; an "
        "order whose weight is 0 is left out, whatever its precision."),
        notebook="05_combining_precisions",
        show=_show,
    )
)
