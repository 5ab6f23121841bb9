"""Code exercise of notebook 10: one bootstrap resample of statistics rows.

A bootstrap resample of a test set (Koehn, 2004) draws as many sentences as the test set has,
*with replacement*, and scores the drawn set. With BLEU's sufficient statistics the drawn set
is one sum: the column sums of the rows the drawn indices pick, each as often as it is drawn,
``sums[j] = sum_k rows[indices[k]][j]``; corpus BLEU of the resample is the formula applied
to that one row (``bleu.significance`` does this for 1000 resamples at once).
"""

from __future__ import annotations

import random

import numpy as np

from ..i18n import N_
from .code import CodeExercise, Mistake, register_code

#: The sufficient statistics [c, r, m_1..m_4, t_1..t_4] of the first four sentences of the
#: substitute-0.3 system of notebook 10 (NLTK's convention, 13a tokens); the notebook
#: computes the same rows in its section on sufficient statistics.
FOUR_ROWS = (
    (26, 24, 20, 13, 9, 7, 26, 25, 24, 23),
    (16, 16, 13, 9, 5, 2, 16, 15, 14, 13),
    (13, 12, 8, 6, 4, 2, 13, 12, 11, 10),
    (17, 16, 14, 11, 8, 6, 17, 16, 15, 14),
)


def resample_sums(rows: list[list[int]], indices: list[int]) -> list[int]:
    """Column sums of the rows picked by ``indices``, a row once per time its index occurs.

    >>> resample_sums([[1, 2], [10, 20]], [1, 1, 0])
    [21, 42]
    """
    picked = np.asarray(rows, dtype=np.int64)[np.asarray(indices, dtype=np.intp)]
    return [int(total) for total in picked.sum(axis=0)]


def _examples() -> list[tuple]:
    rows = [list(row) for row in FOUR_ROWS]
    return [
        (rows, [0, 1, 2, 3]),  # every sentence once: the test set itself
        (rows, [0, 0, 2, 3]),  # sentence 1 twice, sentence 2 left out
        (rows, [3, 3, 3, 3]),  # one sentence four times
    ]


def _random_row(rng: random.Random) -> list[int]:
    c = rng.randint(1, 30)
    r = max(1, c + rng.randint(-4, 4))
    totals = [max(0, c - n + 1) for n in range(1, 5)]
    matches = []
    for total in totals:  # m_n <= t_n, and fewer matches for longer n-grams
        limit = min(total, matches[-1]) if matches else total
        matches.append(rng.randint(0, limit))
    return [c, r, *matches, *totals]


def _random_case(rng: random.Random) -> tuple:
    rows = [_random_row(rng) for _ in range(rng.randint(2, 6))]
    # as many draws as rows, with replacement: repeats and left-out rows are the rule
    indices = [rng.randrange(len(rows)) for _ in rows]
    return rows, indices


def _without_repeats(rows, indices):
    return [sum(rows[i][j] for i in set(indices)) for j in range(len(rows[0]))]


def _ignoring_indices(rows, indices):
    return [sum(row[j] for row in rows) for j in range(len(rows[0]))]


def _one_sum_per_row(rows, indices):
    return [sum(rows[i]) for i in indices]


def _mean_of_rows(rows, indices):
    return [sum(rows[i][j] for i in indices) / len(indices) for j in range(len(rows[0]))]


def _one_based(rows, indices):
    return [sum(rows[i - 1][j] for i in indices) for j in range(len(rows[0]))]


register_code(
    CodeExercise(
        id="ch10.code-resample-sums",
        name="resample_sums",
        signature="resample_sums(rows, indices)",
        task=N_("Return the column sums (a list of ints, one per statistic) of the rows that "
        "indices picks, a row counted once for every time its index occurs in indices."),
        reference=resample_sums,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "set(indices)",
                _without_repeats,
                N_("a resample draws with replacement: a row whose index occurs twice in indices "
                "is added twice (loop over indices as it is, not over set(indices))."),
            ),
            Mistake(
                "indices ignored",
                _ignoring_indices,
                N_("add only the rows that indices picks, not every row of the test set."),
            ),
            Mistake(
                "a sum per row",
                _one_sum_per_row,
                N_("add column by column: one sum per statistic (c, r, m_1..m_4, t_1..t_4), "
                "not one sum per row."),
            ),
            Mistake(
                "mean, not sum",
                _mean_of_rows,
                N_("add the picked rows, do not average them: corpus BLEU divides summed "
                "matches by summed totals, so the counts must be sums."),
            ),
            Mistake(
                "indices from 1",
                _one_based,
                N_("indices are Python positions: 0 is the first row (rows[i], not rows[i - 1])."),
            ),
        ),
        hint=N_("start from a row of zeros as long as one row; for each index i in indices, add "
        "rows[i] to it position by position, and return the row of sums as a list."),
        notebook="10_corpus_and_significance",
    )
)
