"""Code exercise of notebook 04: the modified precisions of every order at once.

``precisions(references, hypothesis, max_n)`` returns the list ``[p_1, ..., p_max_n]`` of
exact Fractions, p_n being notebook 03's modified precision of order n (Papineni et al.,
2002, section 2.1). An order longer than the hypothesis has no n-gram: its p_n is
``Fraction(0)``, as the package's :func:`bleu.modified_precision` gives, and the list still
has ``max_n`` items. The expected behaviour is the package's function, order by order.

>>> refs = [["the", "cat", "is", "on", "the", "mat"]]
>>> expected_precisions(refs, ["the", "cat"], 3)
[Fraction(1, 1), Fraction(1, 1), Fraction(0, 1)]
>>> _stops_at_length(refs, ["the", "cat"], 3)  # the loop stopped at the hypothesis's length
[Fraction(1, 1), Fraction(1, 1)]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from ..precision import clipped_counts, modified_precision
from .ch02 import words
from .code import CodeExercise, Mistake, register_code

Tokens = Sequence[Hashable]
References = Sequence[Sequence[Hashable]]

VOCABULARY = ("the", "cat", "on", "mat")
"""Words of the random cases: four, so that n-grams repeat and match."""


def expected_precisions(references: References, hypothesis: Tokens, max_n: int) -> list:
    """p_1 .. p_max_n with the package's modified precision."""
    return [modified_precision(references, hypothesis, n) for n in range(1, max_n + 1)]


def _examples() -> list[tuple[list[list[str]], list[str], int]]:
    """The chapter's sentences, after a sentence of our own: 'the cat on the mat on the mat'
    against Example 2 up to 4-grams (first: every order differs and clipping bites, so most
    slips fail on it; no exercise asks about it, so its expected list gives no answer away),
    'the cat' up to 4 (shorter than the orders 3 and 4: stopping at the hypothesis's length
    fails here first), Example 1's Ca1 and the shuffled Ca3 (normalised) up to 4, 'the' x 7
    up to 2, and one order only."""
    ex1, ex2 = load_example("example1"), load_example("example2")
    refs1 = [words(ref) for ref in ex1.references]
    refs2 = ex2.reference_tokens()
    x7 = ex2.candidate_tokens("Ca1")
    own = "the cat on the mat on the mat".split()
    return [
        (refs2, own, 4),
        (refs2, ["the", "cat"], 4),
        (refs1, words(ex1.candidates["Ca1"]), 4),
        (refs1, words(ex1.candidates["Ca3"]), 4),
        (refs2, x7, 2),
        (refs2, own, 1),
    ]


def _sentence(rng: random.Random) -> list[str]:
    return [rng.choice(VOCABULARY) for _ in range(rng.randint(0, 8))]


def _random_case(rng: random.Random) -> tuple[list[list[str]], list[str], int]:
    """1-3 references and a hypothesis of 0-8 tokens from four words, max_n from 1 to 4."""
    references = [_sentence(rng) for _ in range(rng.randint(1, 3))]
    return references, _sentence(rng), rng.randint(1, 4)


def _windows(tokens: Tokens, n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


# wrong implementations ------------------------------------------------------------------


def _as_floats(references: References, hypothesis: Tokens, max_n: int) -> list:
    return [float(p) for p in expected_precisions(references, hypothesis, max_n)]


def _one_short(references: References, hypothesis: Tokens, max_n: int) -> list:
    """range(1, max_n): the order max_n itself is left out."""
    return [modified_precision(references, hypothesis, n) for n in range(1, max_n)]


def _from_zero(references: References, hypothesis: Tokens, max_n: int) -> list:
    """range(max_n) with n + 1 forgotten: the orders 0 .. max_n - 1, where an n-gram of
    order 0 is the empty tuple, found once more than the sentence has tokens."""

    def precision(n: int) -> Fraction:
        counts = _windows(hypothesis, n)
        best: Counter = Counter()
        for reference in references:
            best |= _windows(reference, n)
        total = sum(counts.values())
        matches = sum(min(c, best[g]) for g, c in counts.items())
        return Fraction(matches, total) if total else Fraction(0)

    return [precision(n) for n in range(max_n)]


def _stops_at_length(references: References, hypothesis: Tokens, max_n: int) -> list:
    """The loop stops at the hypothesis's length: orders it is too short for are left out."""
    top = min(max_n, len(hypothesis))
    return [modified_precision(references, hypothesis, n) for n in range(1, top + 1)]


def _unigram_ceilings(references: References, hypothesis: Tokens, max_n: int) -> list:
    """Max_Ref_Count computed once, for unigrams, before the loop: no longer n-gram is in it."""
    best: Counter = Counter()
    for reference in references:
        best |= _windows(reference, 1)
    result = []
    for n in range(1, max_n + 1):
        counts = _windows(hypothesis, n)
        total = sum(counts.values())
        matches = sum(min(c, best[g]) for g, c in counts.items())
        result.append(Fraction(matches, total) if total else Fraction(0))
    return result


def _same_for_every_order(references: References, hypothesis: Tokens, max_n: int) -> list:
    """n never reaches the counting: p_1 repeated max_n times."""
    return [modified_precision(references, hypothesis, 1)] * max_n


def _over_tokens(references: References, hypothesis: Tokens, max_n: int) -> list:
    """The unigram total len(hypothesis) reused as every order's denominator."""
    if not hypothesis:
        return [Fraction(0)] * max_n
    return [
        Fraction(sum(clipped_counts(references, hypothesis, n).values()), len(hypothesis))
        for n in range(1, max_n + 1)
    ]


PRECISIONS = register_code(
    CodeExercise(
        id="ch04.code-precisions",
        name="precisions",
        signature="precisions(references, hypothesis, max_n)",
        task=N_("Return the list [p_1, p_2, ..., p_max_n] of the hypothesis's modified "
        "precisions as exact Fractions, one for each order n from 1 to max_n; an order longer "
        "than the hypothesis has no n-gram and gets Fraction(0), so the list always has max_n "
        "items."),
        reference=expected_precisions,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "floats",
                _as_floats,
                N_("a / b gives a float, which is not exact: make each p_n "
                "Fraction(matches, total)"),
            ),
            Mistake(
                "one order short",
                _one_short,
                N_("range(1, max_n) stops before max_n: the orders are 1, 2, ..., max_n "
                "inclusive, range(1, max_n + 1)"),
            ),
            Mistake(
                "orders from 0",
                _from_zero,
                N_("the orders start at 1: range(max_n) gives 0, 1, ..., max_n - 1, and an "
                "n-gram of order 0 is the empty tuple; loop over range(1, max_n + 1)"),
            ),
            Mistake(
                "stops at the hypothesis's length",
                _stops_at_length,
                N_("keep every order up to max_n, also those longer than the hypothesis: such an "
                "order has no n-gram and its p_n is Fraction(0), so that the list always has "
                "max_n items"),
            ),
            Mistake(
                "unigram ceilings reused",
                _unigram_ceilings,
                N_("count the references' n-grams inside the loop, for each order n: "
                "Max_Ref_Count computed once for unigrams holds no bigram or longer n-gram, so "
                "every longer order gets 0"),
            ),
            Mistake(
                "same precision for every order",
                _same_for_every_order,
                N_("every item is p_1: pass the loop's order n to the counting (count_ngrams("
                "tokens, n)), not a fixed 1"),
            ),
            Mistake(
                "tokens not n-grams",
                _over_tokens,
                N_("each order has its own denominator, the hypothesis's number of n-grams, "
                "len(hypothesis) - n + 1, not its number of tokens"),
            ),
        ),
        hint=N_("for each n from 1 to max_n: count the hypothesis's n-grams, clip each by its "
        "largest count in any one reference, and append Fraction(clipped matches, number of "
        "n-grams). Work the failing call by hand, order by order, and compare"),
        raise_hint=N_("ValueError (n must be >= 1): the orders start at 1, not 0; loop over "
        "range(1, max_n + 1). ZeroDivisionError: an order longer than the hypothesis has no "
        "n-gram; append Fraction(0) for it. TypeError (unhashable type: 'list', or "
        "'references must be a list of references'): an argument order is swapped; "
        "precisions(references, hypothesis, max_n), clipped_counts(references, hypothesis, n) "
        "and modified_precision(references, hypothesis, n) all take the references first."),
        notebook="04_ngram_precision",
    )
)
