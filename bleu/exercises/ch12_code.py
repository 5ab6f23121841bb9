"""Code exercise of notebook 12: one step of soft BLEU, the soft clipped matches ``m_n``.

A hypothesis is a ``T x V`` matrix ``P`` of word probabilities (row ``t`` is position
``t``); positions are independent and there is no end token. The expected count of an
n-gram ``g = (g_1 .. g_n)`` adds, over every start ``i = 0 .. T - n``, the probability that
``g`` starts there, ``E_g = sum_i prod_k P[i + k - 1, g_k]`` (for unigrams a column sum);
the soft clipped matches clip each expected count at ``M_g``, the count of ``g`` in the
reference, and add up over the distinct reference n-grams: ``m_n = sum_g min(E_g, M_g)``
(Casas, Fonollosa and Costa-jussà, 2018, *A differentiable BLEU loss. Analysis and first
results*, ICLR 2018 workshop). The expected behaviour is :func:`bleu.soft.soft_stats`.

>>> import numpy as np
>>> probs = np.array([[0.5, 0.5], [1.0, 0.0], [0.0, 1.0]])  # 3 positions, 2 words
>>> soft_matches(probs, [0, 0], 1)   # E_0 = 1.5, clipped at M_0 = 2
1.5
>>> soft_matches(probs, [0, 1], 2)   # E_(0,1) = 0.5 * 0 + 1 * 1 = 1, clipped at 1
1.0
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import numpy as np

from .. import soft
from ..i18n import N_
from .ch12 import BIGRAM_PROBS, CLIP_PROBS, CLIP_REFERENCE, ids
from .code import CodeExercise, Mistake, register_code


def soft_matches(probs: Any, reference: list[int], n: int) -> float:
    """``m_n = sum_g min(E_g, M_g)`` over the distinct n-grams ``g`` of ``reference``.

    The package's own statistics, :func:`bleu.soft.soft_stats` with one reference and no
    end token, read at order ``n``.
    """
    stats = soft.soft_stats(np.asarray(probs, dtype=float), [list(reference)], max_n=n)
    return float(stats.matches[n - 1])


# ---------------------------------------------------------------- typical mistakes


def _grams(tokens: list[int], n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _expected(probs: np.ndarray, gram: tuple[int, ...]) -> float:
    n = len(gram)
    return float(
        sum(
            np.prod([probs[i + k, g] for k, g in enumerate(gram)])
            for i in range(len(probs) - n + 1)
        )
    )


def _argmax_counts(probs, reference, n):
    best = [int(v) for v in np.asarray(probs).argmax(axis=1)]
    hyp, ref = _grams(best, n), _grams(list(reference), n)
    return float(sum(min(count, ref[g]) for g, count in hyp.items()))


def _no_clipping(probs, reference, n):
    probs = np.asarray(probs, dtype=float)
    return sum(_expected(probs, g) for g in _grams(list(reference), n))


def _max_for_min(probs, reference, n):
    """max(E_g, M_g) typed for min(E_g, M_g)."""
    probs = np.asarray(probs, dtype=float)
    return sum(max(_expected(probs, g), limit) for g, limit in _grams(list(reference), n).items())


def _unigrams_always(probs, reference, n):
    """The reference's single words, whatever the order n (Counter(reference))."""
    probs = np.asarray(probs, dtype=float)
    return sum(min(_expected(probs, g), limit) for g, limit in _grams(list(reference), 1).items())


def _clip_at_one(probs, reference, n):
    probs = np.asarray(probs, dtype=float)
    return sum(min(_expected(probs, g), 1.0) for g in _grams(list(reference), n))


def _every_occurrence(probs, reference, n):
    probs = np.asarray(probs, dtype=float)
    ref = _grams(list(reference), n)
    starts = range(len(reference) - n + 1)
    return sum(
        min(_expected(probs, tuple(reference[j : j + n])), ref[tuple(reference[j : j + n])])
        for j in starts
    )


def _one_position(probs, reference, n):
    """Every word of the n-gram read from the same row (no shift to the next position)."""
    probs = np.asarray(probs, dtype=float)
    ref = _grams(list(reference), n)
    total = 0.0
    for g, limit in ref.items():
        expected = sum(np.prod([probs[i, w] for w in g]) for i in range(len(probs) - n + 1))
        total += min(float(expected), limit)
    return total


def _last_start_missing(probs, reference, n):
    probs = np.asarray(probs, dtype=float)
    ref = _grams(list(reference), n)
    total = 0.0
    for g, limit in ref.items():
        expected = sum(
            np.prod([probs[i + k, w] for k, w in enumerate(g)]) for i in range(len(probs) - n)
        )
        total += min(float(expected), limit)
    return total


def _columns_multiplied(probs, reference, n):
    """E_g as the product of the words' column sums: positions ignored."""
    probs = np.asarray(probs, dtype=float)
    columns = probs.sum(axis=0)
    ref = _grams(list(reference), n)
    return sum(min(float(np.prod([columns[w] for w in g])), limit) for g, limit in ref.items())


def _divided_by_totals(probs, reference, n):
    """The soft precision m_n / (T - n + 1) returned instead of the matches m_n."""
    starts = len(np.asarray(probs)) - n + 1
    return soft_matches(probs, reference, n) / starts if starts > 0 else 0.0


def _row_sums(probs, reference, n):
    """Summed over the wrong axis: the sum of row t taken for word t."""
    probs = np.asarray(probs, dtype=float)
    rows = probs.sum(axis=1)
    ref = _grams(list(reference), n)
    return sum(
        min(float(np.prod([rows[w] if w < len(rows) else 0.0 for w in g])), limit)
        for g, limit in ref.items()
    )


# ---------------------------------------------------------------- cases


def _examples() -> list[tuple]:
    """The chapter's matrices, in the order the exercise's prose gives: Exercise 3's
    (unigrams), Exercise 1's (bigrams, then unigrams), a one-hot one whose reference repeats
    a word (*the* expected 3 times, clipped at its 2 in "the cat the": clipping at 1 fails
    there; no probability on <eos>, id 0), and a hypothesis shorter than n (no start: 0).

    Exercise 3's comes first because on it every mistake returns its own value; on
    Exercise 1's bigram case "wrong axis" and "argmax" both return 1.0.
    """
    the_the_the = soft.one_hot(ids("the the the"), BIGRAM_PROBS.shape[1])
    return [
        (CLIP_PROBS.copy(), list(CLIP_REFERENCE), 1),
        (BIGRAM_PROBS.copy(), ids("the cat sat"), 2),
        (BIGRAM_PROBS.copy(), ids("the cat sat on the mat"), 1),
        (the_the_the, ids("the cat the"), 1),
        (BIGRAM_PROBS[:1].copy(), ids("the cat sat"), 3),
    ]


def _random_row(rng: random.Random, vocab: int) -> list[float]:
    """A probability row in tenths (short to print, exact to paste back)."""
    cuts = sorted(rng.randint(0, 10) for _ in range(vocab - 1))
    edges = [0, *cuts, 10]
    return [(b - a) / 10 for a, b in itertools.pairwise(edges)]


def _random_case(rng: random.Random) -> tuple:
    vocab = rng.randint(2, 4)
    rows = rng.randint(1, 5)
    probs = np.array([_random_row(rng, vocab) for _ in range(rows)])
    reference = [rng.randrange(vocab) for _ in range(rng.randint(1, 5))]
    return probs, reference, rng.randint(1, 3)


def _show(case: tuple) -> str:
    probs, reference, n = case
    return f"soft_matches(np.array({np.asarray(probs).tolist()!r}), {reference!r}, {n})"


register_code(
    CodeExercise(
        id="ch12.code-soft-matches",
        name="soft_matches",
        signature="soft_matches(probs, reference, n)",
        task=N_("Return m_n as a float: for each distinct n-gram g of reference, its expected "
        "count E_g in probs (a T x V numpy array, no end token) clipped at its count in "
        "reference, added up. A hypothesis shorter than n (T < n) has no start: every E_g "
        "is 0, and so is m_n."),
        reference=soft_matches,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "argmax instead of probabilities",
                _argmax_counts,
                N_("use the probabilities themselves, not the most probable word of each row: "
                "E_g adds P[i, g_1] * P[i+1, g_2] * ... over the starts i."),
            ),
            Mistake(
                "no clipping",
                _no_clipping,
                N_("clip: each expected count E_g counts at most M_g, the number of times g "
                "occurs in the reference (min(E_g, M_g))."),
            ),
            Mistake(
                "max for min",
                _max_for_min,
                N_("clip with min(E_g, M_g), the smaller of the two: max(E_g, M_g) credits a "
                "reference n-gram M_g times even when the hypothesis hardly contains it."),
            ),
            Mistake(
                "unigrams whatever n",
                _unigrams_always,
                N_("for order n, loop over the reference's n-grams, the tuples of n consecutive "
                "ids (Counter(tuple(reference[i:i + n]) for i in ...)), not its single words."),
            ),
            Mistake(
                "clipped at 1",
                _clip_at_one,
                N_("clip at M_g, the count of g in the reference, not at 1: a word that occurs "
                "twice in the reference may be expected up to twice."),
            ),
            Mistake(
                "every reference occurrence",
                _every_occurrence,
                N_("add min(E_g, M_g) once per distinct reference n-gram: an n-gram that occurs "
                "twice in the reference is not added twice (loop over Counter keys)."),
            ),
            Mistake(
                "all words from one row",
                _one_position,
                N_("each next word of the n-gram is read from the next row: "
                "P[i, g_1] * P[i + 1, g_2] * ..., not every word from row i."),
            ),
            Mistake(
                "last start missing",
                _last_start_missing,
                N_("an n-gram can start at every position i = 0 .. T - n, that is T - n + 1 "
                "starts (range(T - n + 1)); the last start is missing."),
            ),
            Mistake(
                "column sums multiplied",
                _columns_multiplied,
                N_("for n > 1 the words must sit at consecutive positions: add, over the starts "
                "i, P[i, g_1] * P[i + 1, g_2] * ...; multiplying whole column sums ignores "
                "where the words are."),
            ),
            Mistake(
                "precision instead of matches",
                _divided_by_totals,
                N_("return the soft clipped matches m_n themselves; dividing by the number of "
                "n-gram positions gives the precision p_n, a later step."),
            ),
            Mistake(
                "wrong axis",
                _row_sums,
                N_("sum down a column (over positions, axis=0) for a word's expected count; the "
                "sum along a row (axis=1) is always 1."),
            ),
        ),
        hint=N_("work the failing call by hand, one reference n-gram at a time: its expected "
        "count E_g (Exercise 1 did this for one bigram), its clip M_g, and min(E_g, M_g); "
        "then compare each with what your function computes (print inside it)."),
        raise_hint=N_("an n-gram that starts at i reads rows i .. i + n - 1, so the last start is "
        "T - n, not T - 1: loop over range(T - n + 1). A hypothesis shorter than n (T < n) "
        "has no start at all: every E_g is 0, and so is m_n."),
        notebook="12_differentiable_bleu",
        show=_show,
    )
)
