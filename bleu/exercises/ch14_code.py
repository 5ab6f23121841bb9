"""Code exercise of notebook 14: the choice of minimum-Bayes-risk (MBR) decoding.

MBR decoding (Kumar and Byrne, 2004) keeps, among ``n`` candidates, the one with the highest
mean BLEU against the other candidates: ``argmax_i mean_{j != i} B[i, j]``, where
``B = bleu.pairwise_scores(candidates)`` scores candidate ``i`` (the hypothesis) against
candidate ``j`` (the reference). The diagonal, a candidate against itself, is left out.
"""

from __future__ import annotations

import random

import numpy as np

from ..i18n import N_
from .code import CodeExercise, Mistake, register_code

#: A pairwise matrix of three candidates (sentence BLEU, 0-100, rounded to one decimal), as
#: bleu.pairwise_scores returns it for "the cat sat on the mat", "the cat sat on a mat" and
#: "a dog sat on the mat".
THREE = (
    (100.0, 53.7, 50.8),
    (53.7, 100.0, 20.4),
    (50.8, 20.4, 100.0),
)


def mbr_index(matrix: list[list[float]]) -> int:
    """The row ``i`` with the highest mean of ``matrix[i][j]`` over ``j != i`` (first on a tie).

    >>> mbr_index([[100.0, 10.0, 30.0], [20.0, 100.0, 40.0], [5.0, 50.0, 100.0]])
    1
    """
    scores = np.array(matrix, dtype=float)
    n = len(scores)
    if n == 1:  # one candidate: no others to agree with, and it is the only choice
        return 0
    # the diagonal zeroed, not subtracted: sums of the other scores alone, so that rows of
    # whole numbers that tie stay exactly tied (the first wins)
    off_diagonal = np.where(np.eye(n, dtype=bool), 0.0, scores).sum(axis=1) / (n - 1)
    return int(np.argmax(off_diagonal))


def _examples() -> list[tuple]:
    three = [list(row) for row in THREE]
    asymmetric = [  # row 0 is the best hypothesis; column 2 the best reference
        [100.0, 60.0, 70.0, 40.0],
        [35.0, 100.0, 80.0, 20.0],
        [50.0, 45.0, 100.0, 30.0],
        [10.0, 55.0, 90.0, 100.0],
    ]
    uneven_diagonal = [  # the diagonal says nothing: counted in, it would pick row 2, not 1
        [40.0, 50.0, 60.0],
        [70.0, 10.0, 55.0],
        [45.0, 65.0, 100.0],
    ]
    identical_pair = [  # candidates 0 and 1 are the same sentence: 100 against each other,
        # the same row, a tie that the first index wins; an off-diagonal 100 is not a diagonal
        [100.0, 100.0, 30.0, 30.0],
        [100.0, 100.0, 30.0, 30.0],
        [35.0, 35.0, 100.0, 50.0],
        [20.0, 20.0, 45.0, 100.0],
    ]
    single = [[100.0]]  # one candidate, no others: it is the choice (n - 1 = 0 others)
    return [(three,), (asymmetric,), (identical_pair,), (uneven_diagonal,), (single,)]


def _score(rng: random.Random, ties: bool) -> float:
    """One off-diagonal score: one decimal, or a whole ten (sums of those are exact: ties)."""
    return float(rng.choice((10, 20, 30))) if ties else round(rng.uniform(0, 100), 1)


def _diagonal(rng: random.Random, ties: bool) -> float:
    """An arbitrary diagonal entry; a whole number among ties, so that sum(row) - row[i]
    stays exact too."""
    return float(rng.randint(0, 100)) if ties else round(rng.uniform(0, 100), 1)


def _random_case(rng: random.Random) -> tuple:
    # the diagonal is 100 in half the cases (pairwise_scores of non-empty candidates) and
    # arbitrary in the others: a function must leave it out, not rely on its being constant.
    # A third of the cases draw whole tens, so that several rows often tie (exactly: their
    # sums are whole numbers) and the first of them must be returned.
    n = rng.randint(2, 6)
    constant = rng.random() < 0.5
    ties = rng.random() < 1 / 3
    matrix = [
        [
            (100.0 if constant else _diagonal(rng, ties))
            if i == j
            else _score(rng, ties)
            for j in range(n)
        ]
        for i in range(n)
    ]
    return (matrix,)


def _by_column(matrix):
    n = len(matrix)
    return max(range(n), key=lambda j: sum(matrix[i][j] for i in range(n) if i != j))


def _lowest(matrix):
    n = len(matrix)
    return min(range(n), key=lambda i: sum(matrix[i][j] for j in range(n) if j != i))


def _best_single_score(matrix):
    n = len(matrix)
    return max(range(n), key=lambda i: max(matrix[i][j] for j in range(n) if j != i))


def _diagonal_included(matrix):
    n = len(matrix)
    return max(range(n), key=lambda i: (sum(matrix[i]), -i))


def _others(matrix, i):
    return [matrix[i][j] for j in range(len(matrix)) if j != i]


def _last_on_tie(matrix):
    """The last of the tied rows (``>=`` in the loop, or argmax of the reversed means)."""
    means = [sum(_others(matrix, i)) / (len(matrix) - 1) for i in range(len(matrix))]
    return max(i for i, mean in enumerate(means) if mean == max(means))


def _nan_mean(matrix):
    """The diagonal set to NaN, then np.mean (not np.nanmean): every mean is NaN, argmax 0."""
    scores = np.array(matrix, dtype=float)
    np.fill_diagonal(scores, np.nan)
    return int(np.argmax(np.mean(scores, axis=1)))


def _diagonal_by_value(matrix):
    """The diagonal left out by its value (every 100 dropped), not by its position."""
    means = []
    for row in matrix:
        kept = [x for x in row if x != 100.0]
        means.append(sum(kept) / len(kept) if kept else 0.0)
    return means.index(max(means))


def _best_mean(matrix):
    """The highest mean itself instead of its index."""
    return max(sum(_others(matrix, i)) / (len(matrix) - 1) for i in range(len(matrix)))


def _counted_from_one(matrix):
    return mbr_index(matrix) + 1


register_code(
    CodeExercise(
        id="ch14.code-mbr-index",
        name="mbr_index",
        signature="mbr_index(matrix)",
        task=N_("Return the index i (an int) of the candidate whose row has the highest mean "
        "over the other candidates, matrix[i][j] for j != i; the first one on a tie. A "
        "single candidate (a 1 x 1 matrix) has no others and is the choice: return 0."),
        reference=mbr_index,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "NaN mean",
                _nan_mean,
                N_("with NaN on the diagonal, np.mean of a row is NaN, and np.argmax of NaNs is "
                "0: use np.nanmean, or add the other scores yourself."),
            ),
            Mistake(
                "columns",
                _by_column,
                N_("matrix[i][j] scores candidate i as the hypothesis against candidate j: "
                "average along row i (candidate i's scores), not down column i."),
            ),
            Mistake(
                "lowest",
                _lowest,
                N_("MBR keeps the candidate the others agree with most: the highest mean, "
                "not the lowest."),
            ),
            Mistake(
                "best single score",
                _best_single_score,
                N_("use the mean of a row's scores against all the other candidates, not its "
                "single highest score."),
            ),
            Mistake(
                "diagonal included",
                _diagonal_included,
                N_("leave out the diagonal: matrix[i][i] scores a candidate against itself and "
                "says nothing about how much the others agree with it (n - 1 other scores "
                "per row)."),
            ),
            Mistake(
                "last on a tie",
                _last_on_tie,
                N_("two candidates tie for the highest mean here: return the first of them "
                "(the smaller index). A loop that replaces the best on >= keeps the last one; "
                "use > (or max/np.argmax, which keep the first)."),
            ),
            Mistake(
                "diagonal left out by value",
                _diagonal_by_value,
                N_("leave out the diagonal by its position (j != i), not by its value: two "
                "identical candidates score 100 against each other too, and a diagonal need "
                "not be 100."),
            ),
            Mistake(
                "the mean instead of the index",
                _best_mean,
                N_("return the index i of the best candidate (an int), not its mean score."),
            ),
            Mistake(
                "counted from 1",
                _counted_from_one,
                N_("return a Python index: 0 for the first candidate."),
            ),
        ),
        hint=N_("for each row i, add matrix[i][j] for every j other than i and divide by n - 1; "
        "return the position of the largest mean."),
        raise_hint=N_("a single candidate (the 1 x 1 matrix [[100.0]]) has no other scores, "
        "and n - 1 = 0: return 0, the only choice, before dividing by n - 1. Any other matrix "
        "is a list of n rows of n scores, matrix[i][j] with i and j in 0 .. n - 1."),
        notebook="14_scale",
    )
)
