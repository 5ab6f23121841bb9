"""Wrong implementations of the code exercises of notebooks 05-07, written as a student would
write them: each gets "Not yet" with the hint that names its own slip (issue 28).

The generic test (tests/test_code_exercises.py) runs each registered Mistake's own
implementation; here the students' functions are independent of those, so a hint that only
matches its own implementation, or an ordering that hands one slip another slip's hint, shows
up as a failure.
"""

from __future__ import annotations

import math

import pytest

import bleu
from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES

exercises()


def hint_of(exercise_id: str, name: str) -> str:
    """The hint of the mistake called ``name`` in the exercise ``exercise_id``."""
    (mistake,) = [m for m in CODE_EXERCISES[exercise_id].mistakes if m.name == name]
    return mistake.hint


def assert_hint(exercise_id: str, student, name: str) -> str:
    result = check(exercise_id, student)
    assert not result.correct, f"{student.__name__} passes {exercise_id}"
    assert f"Hint: {hint_of(exercise_id, name)}" in result.message, result.message
    return result.message


# --- ch05.code-geometric-mean ------------------------------------------------------------


def test_ch05_power_sum_of_weights_is_caught():
    """The issue's example: right whenever the weights add up to 1."""

    def geometric_mean(precisions, weights):
        return math.prod(p**w for p, w in zip(precisions, weights)) ** sum(weights)

    message = assert_hint("ch05.code-geometric-mean", geometric_mean, "power sum(weights)")
    assert "(1, 1, 1, 1)" in message  # the case that shows it: document 003's weights


def test_ch05_normalised_weights_are_caught():
    def geometric_mean(precisions, weights):
        used = [(p, w) for p, w in zip(precisions, weights) if w > 0]
        if any(p == 0 for p, w in used):
            return 0.0
        return math.prod(float(p) ** w for p, w in used) ** (1 / sum(weights))

    assert_hint("ch05.code-geometric-mean", geometric_mean, "weights normalised")


def test_ch05_dividing_by_the_number_of_orders_is_caught():
    def geometric_mean(precisions, weights):
        total = 0.0
        for p, w in zip(precisions, weights):
            if w > 0:
                if p == 0:
                    return 0.0
                total += w * math.log(p)
        return math.exp(total / len(precisions))

    assert_hint("ch05.code-geometric-mean", geometric_mean, "divided by the number of orders")


def test_ch05_log10_with_exp_is_caught():
    def geometric_mean(precisions, weights):
        if any(p == 0 and w > 0 for p, w in zip(precisions, weights)):
            return 0.0
        return math.exp(sum(w * math.log10(p) for p, w in zip(precisions, weights) if w > 0))

    assert_hint("ch05.code-geometric-mean", geometric_mean, "log10 undone with exp")


def test_ch05_weights_that_do_not_add_up_to_one_are_among_the_cases():
    cases = [case for _, case in CODE_EXERCISES["ch05.code-geometric-mean"].cases()]
    assert sum(not math.isclose(sum(w), 1) for _, w in cases) >= 30


def test_ch05_product_of_powers_passes():
    """prod(p ** w) is exp(sum w log p) written another way: right, whatever the weights."""

    def geometric_mean(precisions, weights):
        return float(math.prod(float(p) ** w for p, w in zip(precisions, weights)))

    assert check("ch05.code-geometric-mean", geometric_mean).correct


# --- ch06.code-closest-ref-length --------------------------------------------------------


def test_ch06_returning_the_reference_itself_is_caught():
    def closest_ref_length(references, hyp_len):
        return min(references, key=lambda ref: (abs(len(ref) - hyp_len), len(ref)))

    assert_hint(
        "ch06.code-closest-ref-length", closest_ref_length, "the reference, not its length"
    )


# --- ch06.code-brevity-penalty -----------------------------------------------------------


def test_ch06_sign_of_the_exponent_flipped_is_caught():
    def my_brevity_penalty(closest_ref_len, hyp_len):
        if hyp_len > closest_ref_len:
            return 1.0
        if hyp_len == 0:
            return 0.0
        return math.exp(closest_ref_len / hyp_len - 1)

    assert_hint(
        "ch06.code-brevity-penalty", my_brevity_penalty, "sign of the exponent flipped"
    )


def test_ch06_empty_candidate_getting_one_is_caught():
    def my_brevity_penalty(closest_ref_len, hyp_len):
        try:
            return min(1.0, math.exp(1 - closest_ref_len / hyp_len))
        except ZeroDivisionError:
            return 1.0

    assert_hint("ch06.code-brevity-penalty", my_brevity_penalty, "empty candidate gets 1")


# --- ch07.code-sentence-bleu: the rule for r and the penalty -----------------------------


def _score(references, hypothesis, r):
    c = len(hypothesis)
    p = [bleu.modified_precision(references, hypothesis, n) for n in range(1, 5)]
    if any(p_n == 0 for p_n in p):
        return 0.0
    return bleu.brevity_penalty(r, c) * math.exp(sum(0.25 * math.log(p_n) for p_n in p))


def test_ch07_ties_to_the_longer_reference_name_the_rule_for_r():
    def sentence_bleu(references, hypothesis):
        c = len(hypothesis)
        lengths = sorted((len(ref) for ref in references), reverse=True)
        return _score(references, hypothesis, min(lengths, key=lambda k: abs(k - c)))

    message = assert_hint("ch07.code-sentence-bleu", sentence_bleu, "ties to the longer reference")
    assert "multiply by the brevity penalty" not in message


def test_ch07_first_reference_names_the_rule_for_r():
    def sentence_bleu(references, hypothesis):
        return _score(references, hypothesis, len(references[0]))

    message = assert_hint("ch07.code-sentence-bleu", sentence_bleu, "first reference")
    assert "multiply by the brevity penalty" not in message


def test_ch07_longest_reference_names_the_rule_for_r():
    def sentence_bleu(references, hypothesis):
        return _score(references, hypothesis, max(len(ref) for ref in references))

    assert_hint("ch07.code-sentence-bleu", sentence_bleu, "longest reference")


def test_ch07_shortest_reference_names_the_rule_for_r():
    def sentence_bleu(references, hypothesis):
        return _score(references, hypothesis, min(len(ref) for ref in references))

    message = assert_hint("ch07.code-sentence-bleu", sentence_bleu, "shortest reference")
    assert "multiply by the brevity penalty" not in message


def test_ch07_a_forgotten_penalty_still_gets_its_own_hint():
    """The rules for r sit before it in the list; the examples keep them from stealing it."""

    def sentence_bleu(references, hypothesis):
        p = [bleu.modified_precision(references, hypothesis, n) for n in range(1, 5)]
        if 0 in p:
            return 0.0
        return math.exp(sum(0.25 * math.log(p_n) for p_n in p))

    assert_hint("ch07.code-sentence-bleu", sentence_bleu, "no brevity penalty")


def test_ch07_swapped_penalty_arguments_get_their_own_hint():
    def sentence_bleu(references, hypothesis):
        c = len(hypothesis)
        r = bleu.closest_ref_length(references, c)
        p = [bleu.modified_precision(references, hypothesis, n) for n in range(1, 5)]
        if 0 in p:
            return 0.0
        return bleu.brevity_penalty(c, r) * math.exp(sum(0.25 * math.log(x) for x in p))

    assert_hint("ch07.code-sentence-bleu", sentence_bleu, "brevity_penalty's arguments swapped")


def test_ch07_penalty_above_one_for_long_candidates_is_caught():
    def sentence_bleu(references, hypothesis):
        c = len(hypothesis)
        r = bleu.closest_ref_length(references, c)
        p = [bleu.modified_precision(references, hypothesis, n) for n in range(1, 5)]
        if 0 in p or c == 0:
            return 0.0
        return math.exp(1 - r / c) * math.exp(sum(0.25 * math.log(x) for x in p))

    assert_hint("ch07.code-sentence-bleu", sentence_bleu, "brevity penalty above 1")


def test_ch07_three_orders_are_caught():
    def sentence_bleu(references, hypothesis):
        c = len(hypothesis)
        bp = bleu.brevity_penalty(bleu.closest_ref_length(references, c), c)
        total = 0.0
        for n in range(1, 4):
            p_n = bleu.modified_precision(references, hypothesis, n)
            if p_n == 0:
                return 0.0
            total += 0.25 * math.log(p_n)
        return bp * math.exp(total)

    assert_hint("ch07.code-sentence-bleu", sentence_bleu, "three orders")


@pytest.mark.parametrize(
    "exercise_id",
    ["ch05.code-geometric-mean", "ch06.code-brevity-penalty", "ch07.code-sentence-bleu"],
)
def test_the_packages_own_function_still_passes(exercise_id):
    exercise = CODE_EXERCISES[exercise_id]
    assert check(exercise_id, exercise.reference).correct


def test_ch05_power_sum_of_weights_on_floats_is_caught():
    def geometric_mean(precisions, weights):
        product = 1.0
        for p, w in zip(precisions, weights):
            product *= float(p) ** w
        return product ** sum(weights)

    assert_hint("ch05.code-geometric-mean", geometric_mean, "power sum(weights), floats")
