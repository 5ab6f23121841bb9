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


def _random_row(rng: random.Random, max_n: int = 4) -> list[int]:
    c = rng.randint(1, 30)
    r = max(1, c + rng.randint(-4, 4))
    totals = [max(0, c - n + 1) for n in range(1, max_n + 1)]
    matches = []
    for total in totals:  # m_n <= t_n, and fewer matches for longer n-grams
        limit = min(total, matches[-1]) if matches else total
        matches.append(rng.randint(0, limit))
    return [c, r, *matches, *totals]


def _random_case(rng: random.Random) -> tuple:
    # mostly BLEU-4 rows (10 columns); one case in four has rows of another order (2 + 2N
    # columns, N from 1 to 5), so that a function written for exactly 10 columns shows
    max_n = 4 if rng.random() < 0.75 else rng.choice([1, 2, 3, 5])
    rows = [_random_row(rng, max_n) for _ in range(rng.randint(2, 6))]
    # as many draws as rows, with replacement: repeats and left-out rows are the rule
    indices = [rng.randrange(len(rows)) for _ in rows]
    return rows, indices


def _sums_as_floats(rows, indices):
    # the right sums as floats (np.zeros starts from 0.0; np.mean(...) * len(...) too)
    return [float(sum(rows[i][j] for i in indices)) for j in range(len(rows[0]))]


def _first_row_in_place(rows, indices):
    # starts from rows[indices[0]] itself (no copy) and adds into it: a later draw of that
    # index adds the already-grown row
    sums = rows[indices[0]]
    for i in indices[1:]:
        for j, value in enumerate(rows[i]):
            sums[j] += value
    return sums


def _indices_as_counts(rows, indices):
    # reads indices as how often each row is drawn: row k weighted by indices[k]
    return [sum(k * row[j] for k, row in zip(indices, rows)) for j in range(len(rows[0]))]


def _last_draw_lost(rows, indices):
    return [sum(rows[i][j] for i in indices[:-1]) for j in range(len(rows[0]))]


def _ten_columns(rows, indices):
    # a row of ten zeros, as for BLEU-4 rows; shorter rows leave trailing zeros
    sums = [0] * 10
    for i in indices:
        for j, value in enumerate(rows[i]):
            sums[j] += value
    return sums


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
                "sums as floats",
                _sums_as_floats,
                N_("the sums are right but they are floats: statistics are counts, so return "
                "ints (np.zeros makes floats; start from [0] * len(rows[0]) or "
                "np.zeros(..., dtype=int), or convert each sum with int())."),
            ),
            Mistake(
                "first row grown in place",
                _first_row_in_place,
                N_("copy the row you start from (list(rows[i]), or start from zeros): adding "
                "into rows[i] itself changes that row, so a later draw of the same index adds "
                "the grown row."),
            ),
            Mistake(
                "indices read as counts",
                _indices_as_counts,
                N_("indices lists the positions drawn, not how often each row is drawn: "
                "[0, 0, 2, 3] means rows[0] twice, rows[2] once and rows[3] once."),
            ),
            Mistake(
                "ten columns",
                _ten_columns,
                N_("a row has 2 + 2N numbers for N-gram orders up to N, not always 10: make the "
                "row of sums as long as one row ([0] * len(rows[0]))."),
            ),
            Mistake(
                "last draw lost",
                _last_draw_lost,
                N_("every index counts, the last one too: loop over all of indices "
                "(indices[:-1] or range(len(indices) - 1) drops the last draw)."),
            ),
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
