"""Round 3 of issue 28 on notebooks 06-08: the slips second fresh readers met without a hint.

ch06.code-brevity-penalty names swapped arguments also when the student returns the int 1
(as NLTK does); ch06.bp-first-nine's e^-1 covers both ways to reach it (r = 18, or c = 8);
ch07.bleu3-period names the arithmetic mean; ch07.lowercase-p4's hint for 4/15 no longer
names the 4-gram; ch08.corpus-vs-mean names the difference rounded to 2 decimals (0.01).
"""

from __future__ import annotations

import math

import bleu
from bleu.data import load_example
from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES, run_check

exercises()


def assert_hint(exercise_id: str, answer, fragment: str) -> str:
    result = check(exercise_id, answer)
    assert not result.correct, (answer, result.message)
    assert "Hint: " in result.message and fragment in result.message, (answer, result.message)
    return result.message


# --- ch06.code-brevity-penalty ------------------------------------------------------------


def test_ch06_swapped_arguments_returning_int_one_gets_the_argument_order_hint():
    def my_brevity_penalty(closest_ref_len, hyp_len):
        c, r = closest_ref_len, hyp_len  # the swap the chapter warns about
        if c > r:
            return 1  # an int, as NLTK returns it
        if c == 0:
            return 0
        return math.exp(1 - r / c)

    result = run_check(CODE_EXERCISES["ch06.code-brevity-penalty"], my_brevity_penalty)
    assert not result.correct
    assert "my_brevity_penalty(16, 2)" in result.message
    assert "the first argument is r (closest_ref_len)" in result.message, result.message


# --- ch06.bp-first-nine: e^-1 from r = 18 or from c = 8 -------------------------------------


def test_ch06_first_nine_with_c_counted_as_eight_names_that_slip():
    refs = load_example("example1").reference_tokens()
    r = bleu.closest_ref_length(refs, 9)
    miscounted = math.exp(1 - r / 8)  # c counted as 8, r right
    message = assert_hint("ch06.bp-first-nine", format(miscounted, ".4g"), "counted as 8")
    assert "longest reference" in message  # the r = 18 slip gives the same number


# --- ch07.bleu3-period: the arithmetic mean -------------------------------------------------


def test_ch07_bleu3_arithmetic_mean_is_diagnosed_on_the_first_try():
    run = load_example("running")
    refs, hyp = run.reference_tokens(), run.candidate_tokens("Ca1")
    hyp = [*hyp[:-1], hyp[-1] + "."]
    mean = sum(float(bleu.modified_precision(refs, hyp, n)) for n in (1, 2, 3)) / 3
    assert_hint("ch07.bleu3-period", format(mean, ".4g"), "arithmetic mean")


# --- ch07.lowercase-p4: 4/15 points without naming the 4-gram -------------------------------


def test_ch07_lowercase_unchanged_p4_hint_does_not_name_the_4gram():
    message = assert_hint("ch07.lowercase-p4", "4/15", "unchanged candidate")
    assert "it is a guide" not in message.lower(), message
    assert "case included" in message


# --- ch08.corpus-vs-mean: 0.01 is the value rounded to 2 decimals ---------------------------


def _difference() -> float:
    run, ex2 = load_example("running"), load_example("example2")
    refs = [run.reference_tokens(), ex2.reference_tokens()]
    hyps = [run.candidate_tokens("Ca1"), ex2.candidate_tokens("Ca2")]
    scores = [bleu.sentence_bleu(r, h) for r, h in zip(refs, hyps)]
    return bleu.corpus_bleu(refs, hyps) - sum(scores) / len(scores)


def test_ch08_difference_rounded_to_two_decimals_is_named():
    rounded = round(_difference(), 2)
    assert rounded != 0
    assert_hint("ch08.corpus-vs-mean", rounded, "rounded to 2 decimals")


def test_ch08_negative_difference_rounded_to_two_decimals_names_the_sign_too():
    message = assert_hint("ch08.corpus-vs-mean", str(-round(_difference(), 2)), "the sign")
    assert "rounded to 2 decimals" in message
