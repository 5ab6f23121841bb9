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
    off_diagonal = (scores.sum(axis=1) - np.diag(scores)) / (n - 1)
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
    return [(three,), (asymmetric,), (uneven_diagonal,)]


def _random_case(rng: random.Random) -> tuple:
    # the diagonal is 100 in half the cases (pairwise_scores of non-empty candidates) and
    # arbitrary in the others: a function must leave it out, not rely on its being constant
    n = rng.randint(2, 6)
    constant = rng.random() < 0.5
    matrix = [
        [
            (100.0 if constant else round(rng.uniform(0, 100), 1))
            if i == j
            else round(rng.uniform(0, 100), 1)
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


def _counted_from_one(matrix):
    return mbr_index(matrix) + 1


register_code(
    CodeExercise(
        id="ch14.code-mbr-index",
        name="mbr_index",
        signature="mbr_index(matrix)",
        task=N_("Return the index i (an int) of the candidate whose row has the highest mean "
        "over the other candidates, matrix[i][j] for j != i; the first one on a tie."),
        reference=mbr_index,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
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
                "counted from 1",
                _counted_from_one,
                N_("return a Python index: 0 for the first candidate."),
            ),
        ),
        hint=N_("for each row i, add matrix[i][j] for every j other than i and divide by n - 1; "
        "return the position of the largest mean."),
        notebook="14_scale",
    )
)
