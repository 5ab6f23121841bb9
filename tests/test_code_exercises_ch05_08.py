"""The code exercises of notebooks 05-08: their random cases hit the cases that matter
(ties, zero precisions, empty candidates, short corpora) often, independent solutions pass,
and a zero precision sent to math.log ends in the student's own traceback with a hint about
zeros. The generic checks (the package's function passes, each mistake fails with its hint)
are in tests/test_code_exercises.py."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import bleu
from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES

exercises()

IDS = (
    "ch05.code-geometric-mean",
    "ch06.code-closest-ref-length",
    "ch06.code-brevity-penalty",
    "ch07.code-sentence-bleu",
    "ch08.code-corpus-bleu-from-stats",
)


def random_cases(exercise_id):
    cases = CODE_EXERCISES[exercise_id].cases()
    return [case for where, case in cases if where.startswith("random")]


def test_all_five_are_registered_with_their_notebooks():
    notebooks = {CODE_EXERCISES[i].notebook for i in IDS}
    assert notebooks == {
        "05_combining_precisions",
        "06_brevity_penalty",
        "07_bleu_score",
        "08_libraries",
    }


# --- the random cases hit what matters --------------------------------------------------


def test_geometric_mean_cases_have_zeros_under_positive_and_zero_weights():
    cases = random_cases("ch05.code-geometric-mean")
    weighted_zero = sum(any(p == 0 and w > 0 for p, w in zip(*case)) for case in cases)
    unweighted_zero = sum(
        any(p == 0 and w == 0 for p, w in zip(*case))
        and not any(p == 0 and w > 0 for p, w in zip(*case))
        for case in cases
    )
    no_zero = sum(all(p > 0 for p in case[0]) for case in cases)
    assert weighted_zero >= 40 and unweighted_zero >= 5 and no_zero >= 40


def _tied(references, hyp_len):
    lengths = [len(ref) for ref in references]
    best = min(abs(k - hyp_len) for k in lengths)
    return {k for k in lengths if abs(k - hyp_len) == best}


def test_closest_length_cases_tie_often_in_both_orders():
    cases = random_cases("ch06.code-closest-ref-length")
    ties = [case for case in cases if len(_tied(*case)) > 1]
    longer_first = [
        (refs, c)
        for refs, c in ties
        if next(len(r) for r in refs if len(r) in _tied(refs, c)) == max(_tied(refs, c))
    ]
    assert len(ties) >= 60 and len(longer_first) >= 20


def test_brevity_penalty_cases_cover_empty_equal_short_and_long():
    cases = random_cases("ch06.code-brevity-penalty")
    assert sum(c == 0 for _, c in cases) >= 15
    assert sum(c == r for r, c in cases) >= 15
    assert sum(0 < c < r for r, c in cases) >= 40
    assert sum(c > r for r, c in cases) >= 40


def test_sentence_bleu_cases_have_zero_and_positive_scores_and_short_candidates():
    exercise = CODE_EXERCISES["ch07.code-sentence-bleu"]
    scores = [exercise.reference(*case) for case in random_cases(exercise.id)]
    cases = random_cases(exercise.id)
    assert sum(s == 0 for s in scores) >= 40
    assert sum(s > 0 for s in scores) >= 40
    penalised = [
        s > 0 and len(h) < bleu.closest_ref_length(refs, len(h))
        for s, (refs, h) in zip(scores, cases)
    ]
    assert sum(penalised) >= 10


def test_corpus_cases_have_several_rows_and_zero_and_positive_scores():
    exercise = CODE_EXERCISES["ch08.code-corpus-bleu-from-stats"]
    cases = random_cases(exercise.id)
    scores = [exercise.reference(*case) for case in cases]
    assert sum(len(rows) >= 2 for (rows,) in cases) >= 100
    assert sum(s == 0 for s in scores) >= 20 and sum(s > 0 for s in scores) >= 60
    # a sentence with a zero 4-gram count inside a corpus whose score is positive: the
    # case where the mean of sentence scores and corpus BLEU part most
    assert (
        sum(s > 0 and any(row[5] == 0 for row in rows) for s, (rows,) in zip(scores, cases)) >= 20
    )


# --- independent solutions pass ------------------------------------------------------


def geometric_mean(precisions, weights):
    terms = [(w, Fraction(p)) for w, p in zip(weights, precisions) if w > 0]
    if any(p == 0 for _, p in terms):
        return 0.0
    return math.exp(sum(w * math.log(p) for w, p in terms))


def closest_ref_length(references, hyp_len):
    return sorted((abs(len(ref) - hyp_len), len(ref)) for ref in references)[0][1]


def brevity_penalty(closest_ref_len, hyp_len):
    if hyp_len > closest_ref_len:
        return 1.0
    if hyp_len == 0:
        return 0.0
    return math.exp(1 - closest_ref_len / hyp_len)


def sentence_bleu(references, hypothesis):
    p = [bleu.modified_precision(references, hypothesis, n) for n in range(1, 5)]
    if 0 in p:
        return 0.0
    c = len(hypothesis)
    bp = bleu.brevity_penalty(bleu.closest_ref_length(references, c), c)
    return bp * math.prod(float(x) for x in p) ** 0.25


def corpus_bleu_from_stats(rows):
    c, r, *rest = (sum(column) for column in zip(*rows))
    p = [Fraction(m, t) for m, t in zip(rest[:4], rest[4:])]
    if 0 in p:
        return 0.0
    return brevity_penalty(r, c) * math.exp(sum(math.log(x) for x in p) / 4)


@pytest.mark.parametrize(
    ("exercise_id", "solution"),
    [
        ("ch05.code-geometric-mean", geometric_mean),
        ("ch06.code-closest-ref-length", closest_ref_length),
        ("ch06.code-brevity-penalty", brevity_penalty),
        ("ch07.code-sentence-bleu", sentence_bleu),
        ("ch08.code-corpus-bleu-from-stats", corpus_bleu_from_stats),
    ],
)
def test_an_independent_solution_passes(exercise_id, solution):
    result = check(exercise_id, solution)
    assert result.correct, result.message


# --- a zero sent to math.log ----------------------------------------------------------


def test_log_of_zero_shows_the_students_line_and_a_hint_about_zeros():
    def careless(precisions, weights):
        return math.exp(sum(w * math.log(p) for w, p in zip(weights, precisions)))

    message = check("ch05.code-geometric-mean", careless).message
    assert "ValueError" in message and "math.log(p)" in message
    assert "math.log(0) raises ValueError" in message

    def careless_corpus(rows):
        c, r, *rest = (sum(column) for column in zip(*rows))
        p = [m / t for m, t in zip(rest[:4], rest[4:])]
        return brevity_penalty(r, c) * math.exp(sum(math.log(x) for x in p) / 4)

    message = check("ch08.code-corpus-bleu-from-stats", careless_corpus).message
    assert "ValueError" in message and "return 0.0 before math.log" in message


def test_an_empty_candidate_divides_by_zero_in_a_careless_penalty():
    def careless(closest_ref_len, hyp_len):
        return 1.0 if hyp_len > closest_ref_len else math.exp(1 - closest_ref_len / hyp_len)

    message = check("ch06.code-brevity-penalty", careless).message
    assert "ZeroDivisionError" in message and "brevity_penalty(5, 0)" in message
    assert "c == 0 gives 0.0" in message
