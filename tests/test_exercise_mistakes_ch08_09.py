"""The slips a student makes in notebook 08's code exercise and in notebook 09's answers.

ch08.code-corpus-bleu-from-stats: each test writes the function a student plausibly writes
(not the checker's own Mistake) and checks that it gets "Not yet" with the hint for that
slip, not a neighbour's. ch09: the right bigrams in the wrong form get a hint about the form,
and 1.0 for method 5 a hint about the concept.
"""

from __future__ import annotations

import math

import pytest

from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES

exercises()

CORPUS = "ch08.code-corpus-bleu-from-stats"


def _hint(name):
    (mistake,) = [m for m in CODE_EXERCISES[CORPUS].mistakes if m.name == name]
    return mistake.hint


def _verdict(function, name):
    result = check(CORPUS, function)
    assert not result.correct, f"{name}: passes the checker"
    assert f"Hint: {_hint(name)}" in result.message, result.message
    return result.message


def _columns(rows):
    c, r, *rest = (sum(column) for column in zip(*rows))
    return c, r, rest[:4], rest[4:]


def _penalty(r, c):
    if c > r:
        return 1.0
    return 0.0 if c == 0 else math.exp(1 - r / c)


# --- the chapter's examples part the slips ------------------------------------------------


def test_the_examples_hold_c_above_r_c_below_r_a_zero_order_and_rows_with_t_n_1():
    examples = [rows for (rows,) in CODE_EXERCISES[CORPUS].examples()]
    sums = [_columns(rows) for rows in examples]
    assert any(c > r and all(m) for c, r, m, _ in sums)  # a swapped penalty shows
    assert any(c < r and all(m) for c, r, m, _ in sums)  # a missing penalty shows
    assert any(0 in m for _, _, m, _ in sums)  # skipped orders and smoothing show
    assert any(row[0] < 4 and row[9] == 1 for rows in examples for row in rows)  # t_n >= 1


# --- one test per slip ------------------------------------------------------------------


def test_leaving_out_a_zero_orders_log_gets_the_000_001_hint():
    def student(rows):
        c, r, m, t = _columns(rows)
        total = 0.0
        for mn, tn in zip(m, t):
            if mn != 0:  # avoid log(0)
                total += 0.25 * math.log(mn / tn)
        return _penalty(r, c) * math.exp(total) if any(m) else 0.0

    message = _verdict(student, "zero orders skipped")
    assert "000 and 001" in message


def test_an_effective_order_gets_the_all_four_orders_hint():
    def student(rows):
        c, r, m, t = _columns(rows)
        used = [math.log(mn / tn) for mn, tn in zip(m, t) if mn > 0]
        if not used:
            return 0.0
        return _penalty(r, c) * math.exp(sum(used) / len(used))

    _verdict(student, "effective order")


def test_epsilon_smoothing_gets_the_no_smoothing_hint():
    def student(rows):
        c, r, m, t = _columns(rows)
        p = [(mn if mn else 0.1) / tn for mn, tn in zip(m, t)]
        return _penalty(r, c) * math.exp(sum(0.25 * math.log(x) for x in p))

    assert "method 1" in _verdict(student, "epsilon smoothing")


def test_exp_smoothing_gets_the_no_smoothing_hint():
    def student(rows):
        c, r, m, t = _columns(rows)
        p, k = [], 1
        for mn, tn in zip(m, t):
            if mn == 0:
                k *= 2
                p.append(1 / (k * tn))
            else:
                p.append(mn / tn)
        return _penalty(r, c) * math.exp(sum(0.25 * math.log(x) for x in p))

    assert "method 3" in _verdict(student, "exp smoothing")


def test_totals_recomputed_from_the_lengths_get_the_t_n_at_least_1_hint():
    def student(rows):
        c, r, m, _ = _columns(rows)
        t = [sum(max(0, row[0] - n + 1) for row in rows) for n in range(1, 5)]
        if 0 in m:
            return 0.0
        return _penalty(r, c) * math.exp(sum(0.25 * math.log(a / b) for a, b in zip(m, t)))

    assert "max(1, count)" in _verdict(student, "totals recomputed from the lengths")


def test_the_arithmetic_mean_gets_the_geometric_mean_hint():
    def student(rows):
        c, r, m, t = _columns(rows)
        if 0 in m:
            return 0.0
        return _penalty(r, c) * sum(a / b for a, b in zip(m, t)) / 4

    _verdict(student, "arithmetic mean")


def test_a_forgotten_penalty_gets_the_penalty_hint_not_the_swapped_one():
    def student(rows):
        _, _, m, t = _columns(rows)
        if 0 in m:
            return 0.0
        return math.exp(sum(0.25 * math.log(a / b) for a, b in zip(m, t)))

    message = _verdict(student, "no brevity penalty")
    assert _hint("c and r swapped") not in message


def test_swapped_lengths_still_get_the_swapped_hint():
    def student(rows):
        c, r, m, t = _columns(rows)
        if 0 in m:
            return 0.0
        return _penalty(c, r) * math.exp(sum(0.25 * math.log(a / b) for a, b in zip(m, t)))

    message = _verdict(student, "c and r swapped")
    assert _hint("no brevity penalty") not in message


def test_nltks_tiny_stand_in_for_zero_is_accepted():
    """NLTK's own corpus_bleu returns ~1e-155 where the task says 0.0: not a slip."""
    import sys

    def student(rows):
        c, r, m, t = _columns(rows)
        p = [a / b if a else sys.float_info.min for a, b in zip(m, t)]
        return _penalty(r, c) * math.exp(sum(0.25 * math.log(x) for x in p))

    assert check(CORPUS, student).correct


# --- ch09.grid: the right bigrams in another form -------------------------------------------

FORM = "those are the right words, but in one string"
ITEMS = "each item of the list must be one whole bigram"


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("the cat sat on the mat", FORM),
        ("the cat, sat on, the mat", FORM),
        (["the", "cat", "sat", "on", "the", "mat"], ITEMS),
        (["the cat sat on the mat"], ITEMS),
        (["the cat sat", "on the mat"], ITEMS),
        (["thecat", "saton", "themat"], "write a space between the two words"),
        ({"the cat", "sat on", "the mat"}, "a set has no order"),
    ],
)
def test_the_right_bigrams_in_the_wrong_form_get_a_hint_about_the_form(answer, words):
    for _ in range(2):  # the first try and the next: the same hint, never the loop's
        message = check("ch09.grid", answer).message
        assert not check("ch09.grid", answer).correct
        assert words in message, message
        assert "steps by n = 2" not in message and "start position" not in message


def test_wrong_bigrams_still_get_the_loop_hints():
    message = check("ch09.grid", [("the", "cat"), ("sat", "on")]).message
    assert "start" in message and FORM not in message and ITEMS not in message
    assert "overlapping" in check("ch09.grid", ["the cat", "cat sat", "sat on", "on the",
                                                "the mat"]).message


# --- ch09.method5: 1.0 ---------------------------------------------------------------------


@pytest.mark.parametrize("answer", [1.0, 1, "1.0", "1"])
def test_one_for_method5_gets_a_hint_about_what_method5_does(answer):
    message = check("ch09.method5", answer).message
    assert "rewrites every precision" in message and "p_1 + 1 = 2" in message, message
