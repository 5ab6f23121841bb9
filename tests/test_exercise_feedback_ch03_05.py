"""Round-2 feedback of notebooks 03-05: the slips fresh readers made get their own words.

One test per diagnosis: the string count that also finds 'there' (03), a function written in
the chapter's argument order (03, the hint shown on the error it raises), dividing by tokens
instead of n-grams (04), the brevity penalty left in (05), a result built from 004's rounded
0.254 (05), and 004's precisions shown unreduced in a failing call (05).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from bleu.exercises import check, exercises, reset_tries
from bleu.exercises.code import CODE_EXERCISES, run_check

exercises()


@pytest.fixture(autouse=True)
def _first_try():
    reset_tries()
    yield
    reset_tries()


def _simple_count(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _count_clip(candidate, references, n):
    """The chapter's function, candidate first, as a student would copy it."""
    best = Counter()
    for reference in references:
        for gram, count in _simple_count(reference, n).items():
            best[gram] = max(best[gram], count)
    return {g: min(c, best[g]) for g, c in _simple_count(candidate, n).items()}


def _chapter_precision(candidate, references, n):
    total = sum(_simple_count(candidate, n).values())
    clipped = sum(_count_clip(candidate, references, n).values())
    return Fraction(clipped, total) if total else Fraction(0)


def test_str_count_of_the_is_diagnosed():
    message = str(check("ch03.summed-refs", "4/7"))
    assert message.startswith("Not yet"), message
    assert "'there'" in message and "str.count" in message, message


@pytest.mark.parametrize(
    ("exercise_id", "function"),
    [
        ("ch03.code-clipped-counts", _count_clip),
        ("ch03.code-modified-precision", _chapter_precision),
    ],
)
def test_chapter_argument_order_is_named(exercise_id, function):
    message = run_check(CODE_EXERCISES[exercise_id], function).message
    assert message.startswith("Not yet"), message
    assert "raised TypeError" in message, message
    assert "arguments are swapped" in message, message
    assert "references first" in message, message


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("ch04.cat-mat-trigram", "2/7"),  # 2 trigram matches over 7 tokens, not 5 trigrams
    ("ch04.cat-mat-trigram", 0.2857),
    ("ch04.example3-bigram", "2/5"),  # 2 bigram matches over 5 tokens, not 4 bigrams
])
def test_dividing_by_tokens_is_diagnosed(exercise_id, answer):
    message = str(check(exercise_id, answer))
    assert message.startswith("Not yet"), message
    assert "you divided by the number of tokens" in message, message
    assert "T - n + 1" in message, message


@pytest.mark.parametrize("answer", [0.3661, 0.3661475238303926])
def test_brevity_penalty_left_in_is_diagnosed(answer):
    message = str(check("ch05.zero-weights", answer))
    assert message.startswith("Not yet"), message
    assert "brevity penalty" in message and "sentence_bleu" in message, message


@pytest.mark.parametrize("answer", [0.254 * 2 ** 0.25, 0.302058, 0.3020586])
def test_answer_from_rounded_0254_is_told_which_figures_are_off(answer):
    message = str(check("ch05.doubled-p4", answer))
    assert message.startswith("Not yet"), message
    assert "agrees with the right one to 4 significant figures" in message, message
    assert "extra figures you gave are not right" in message, message


def test_exact_answer_to_more_figures_is_right():
    assert check("ch05.doubled-p4", 0.30206205).correct
    assert check("ch05.doubled-p4", 0.3021).correct


def test_doc004_precisions_are_shown_unreduced():
    def powered(precisions, weights):  # document 003's exponent: fails on weights (1, 1, 1, 1)
        used = [(p, w) for p, w in zip(precisions, weights) if w > 0]
        if any(p == 0 for p, _ in used):
            return 0.0
        return math.prod(float(p) ** w for p, w in used) ** sum(weights)

    message = run_check(CODE_EXERCISES["ch05.code-geometric-mean"], powered).message
    assert "fixed case 7" in message, message
    assert "Fraction(10, 14), Fraction(5, 13), Fraction(2, 12), Fraction(1, 11)" in message
