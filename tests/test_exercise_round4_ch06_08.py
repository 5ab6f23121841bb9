"""Round 4 of issue 28, chapters 06-08: the slips third readers met that got no hint of their
own, and notebook 07's failing calls written so that they run outside the chapter's kernel.

Each student function below is written independently of the Mistake that should catch it.
"""

from __future__ import annotations

import math

import bleu
from bleu.exercises import check, exercises
from bleu.exercises.ch07_code import expected_bleu
from bleu.exercises.code import CODE_EXERCISES

exercises()


def hint_of(exercise_id: str, name: str) -> str:
    (mistake,) = [m for m in CODE_EXERCISES[exercise_id].mistakes if m.name == name]
    return mistake.hint


def assert_hint(exercise_id: str, student, name: str) -> str:
    result = check(exercise_id, student)
    assert not result.correct, f"{student.__name__} passes {exercise_id}"
    assert f"Hint: {hint_of(exercise_id, name)}" in result.message, result.message
    return result.message


# --- ch06: numeric exercises ---------------------------------------------------------------


def test_ch06_closest_r_candidate_length_is_named():
    result = check("ch06.closest-r", 12)
    assert not result.correct
    assert "12 is the candidate's own length" in result.message


def test_ch06_match_ratio_qualifying_but_not_smallest_is_named():
    result = check("ch06.match-ratio", 9)
    assert not result.correct
    assert bleu.brevity_penalty(14, 9) >= 3 / 7  # 9 does qualify
    assert "a shorter candidate does too" in result.message


def test_ch06_match_ratio_question_states_both_values():
    question = exercises()["ch06.match-ratio"].question
    assert "exp(1 - 14/6)" in question and "0.26" in question


# --- ch07: a failing example is shown as a self-contained call -----------------------------


def test_ch07_failing_example_is_a_call_that_runs_in_any_kernel():
    def sentence_bleu(references, hypothesis):
        if hypothesis in references:  # "identical to a reference scores 1": not below 4 tokens
            return 1.0
        return bleu.sentence_bleu(references, hypothesis)

    result = check("ch07.code-sentence-bleu", sentence_bleu)
    assert not result.correct
    call = next(line.strip() for line in result.message.splitlines()
                if line.strip().startswith("sentence_bleu("))
    assert call == "sentence_bleu(['the cat sat'.split()], 'the cat sat'.split())"
    assert eval(call, {"sentence_bleu": expected_bleu}) == 0.0


# --- ch08.code-corpus-bleu-from-stats: the columns and the penalty -------------------------


def _p(rows, m_columns, t_columns):
    sums = [sum(column) for column in zip(*rows)]
    return sums[0], sums[1], [sums[i] for i in m_columns], [sums[i] for i in t_columns]


def _score(c, r, m, t, bp):
    if any(x == 0 for x in m):
        return 0.0
    return bp * math.exp(sum(0.25 * math.log(a / b) for a, b in zip(m, t)))


def test_ch08_matches_and_totals_swapped_name_the_columns():
    def corpus_bleu_from_stats(rows):
        c, r, m, t = _p(rows, range(6, 10), range(2, 6))
        return _score(c, r, m, t, bleu.brevity_penalty(r, c))

    assert_hint("ch08.code-corpus-bleu-from-stats", corpus_bleu_from_stats,
                "matches and totals swapped")


def test_ch08_columns_read_in_pairs_name_the_row_layout():
    def corpus_bleu_from_stats(rows):
        c, r, m, t = _p(rows, (2, 4, 6, 8), (3, 5, 7, 9))
        return _score(c, r, m, t, bleu.brevity_penalty(r, c))

    assert_hint("ch08.code-corpus-bleu-from-stats", corpus_bleu_from_stats,
                "columns read in pairs")


def test_ch08_penalties_multiplied_name_the_corpus_penalty():
    def corpus_bleu_from_stats(rows):
        c, r, m, t = _p(rows, range(2, 6), range(6, 10))
        bp = 1.0
        for row in rows:
            bp *= bleu.brevity_penalty(row[1], row[0])
        return _score(c, r, m, t, bp)

    assert_hint("ch08.code-corpus-bleu-from-stats", corpus_bleu_from_stats,
                "penalties multiplied")
