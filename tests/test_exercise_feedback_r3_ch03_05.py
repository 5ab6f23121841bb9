"""Round 3 of the feedback in notebooks 03-05, with the slips written as a student writes them.

Chapter 03: a ceiling overwritten reference by reference, a min over the references, n-grams
as strings and ``Fraction(a / b)`` each get their own hint; the argument-order advice is only
shown when the function raises; a count given for a precision is named. Chapter 04: the
``precisions`` exercise names its slips (orders off by one, stopping at the hypothesis's
length, unigram counts reused) and says what to do for an order longer than the hypothesis.
Chapter 05: ``math.log(0)`` gets the raise hint.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES

exercises()

ARGUMENT_ORDER = "the arguments are swapped"


def _ngrams(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _hint_of(exercise_id: str, name: str) -> str:
    (mistake,) = [m for m in CODE_EXERCISES[exercise_id].mistakes if m.name == name]
    return mistake.hint


def _ends_with_hint(message: str, exercise_id: str, name: str) -> bool:
    return message.startswith("Not yet") and message.rstrip().endswith(
        "Hint: " + _hint_of(exercise_id, name)
    )


# chapter 03, clipped counts -------------------------------------------------------------


def test_overwritten_ceiling_gets_its_own_hint():
    def clipped_counts(references, hypothesis, n):
        best = {}
        for reference in references:
            for gram, count in _ngrams(reference, n).items():
                best[gram] = count  # overwrites instead of taking the max
        return {g: min(c, best.get(g, 0)) for g, c in _ngrams(hypothesis, n).items()}

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert _ends_with_hint(message, "ch03.code-clipped-counts", "ceiling overwritten"), message
    assert "swapped" not in message and ARGUMENT_ORDER not in message, message


def test_min_over_references_gets_its_own_hint():
    def clipped_counts(references, hypothesis, n):
        mine = _ngrams(hypothesis, n)
        return {
            g: min(c, min(_ngrams(r, n)[g] for r in references)) for g, c in mine.items()
        }

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert _ends_with_hint(message, "ch03.code-clipped-counts", "min over references"), message
    assert "swapped" not in message, message


def test_string_keys_in_clipped_counts_are_named():
    def clipped_counts(references, hypothesis, n):
        best = Counter()
        for reference in references:
            best |= _ngrams(reference, n)
        return {" ".join(g): min(c, best[g]) for g, c in _ngrams(hypothesis, n).items()}

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert _ends_with_hint(message, "ch03.code-clipped-counts", "strings as keys"), message


def test_chapter_order_in_clipped_counts_raises_and_gets_the_argument_order_hint():
    def clipped_counts(candidate, references, n):  # the chapter's order
        best = Counter()
        for reference in references:
            best |= _ngrams(reference, n)
        return {g: min(c, best[g]) for g, c in _ngrams(candidate, n).items()}

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert "raised TypeError" in message and ARGUMENT_ORDER in message, message


def test_a_wrong_result_no_mistake_explains_does_not_blame_the_argument_order():
    def clipped_counts(references, hypothesis, n):
        return {g: 1 for g in _ngrams(hypothesis, n)}

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert message.startswith("Not yet") and ARGUMENT_ORDER not in message, message


# chapter 03, modified precision ---------------------------------------------------------


def _clipped_sum(references, hypothesis, n):
    best = Counter()
    for reference in references:
        best |= _ngrams(reference, n)
    return sum(min(c, best[g]) for g, c in _ngrams(hypothesis, n).items())


def test_fraction_of_a_float_gets_its_own_hint():
    def my_modified_precision(references, hypothesis, n):
        total = sum(_ngrams(hypothesis, n).values())
        return Fraction(_clipped_sum(references, hypothesis, n) / total) if total else Fraction(0)

    message = check("ch03.code-modified-precision", my_modified_precision).message
    assert _ends_with_hint(
        message, "ch03.code-modified-precision", "Fraction of a float"
    ), message


def test_division_by_zero_gets_the_raise_hint():
    def my_modified_precision(references, hypothesis, n):
        total = sum(_ngrams(hypothesis, n).values())
        return Fraction(_clipped_sum(references, hypothesis, n), total)

    message = check("ch03.code-modified-precision", my_modified_precision).message
    assert "raised ZeroDivisionError" in message, message
    assert "return Fraction(0) before dividing" in message, message


def test_a_count_for_a_precision_is_named():
    for exercise_id, count in (("ch03.summed-refs", 3), ("ch03.cat-mat-unigram", 5)):
        message = check(exercise_id, count).message
        assert "that is a count" in message, message
    assert "that is a count" not in check("ch03.cat-mat-unigram", 1).message


# chapter 04, precisions of every order ----------------------------------------------------


def _p(references, hypothesis, n):
    total = sum(_ngrams(hypothesis, n).values())
    return Fraction(_clipped_sum(references, hypothesis, n), total) if total else Fraction(0)


def test_an_independent_precisions_passes():
    def precisions(references, hypothesis, max_n):
        return [_p(references, hypothesis, n) for n in range(1, max_n + 1)]

    result = check("ch04.code-precisions", precisions)
    assert result.correct, result.message


def test_range_max_n_is_called_one_order_short():
    def precisions(references, hypothesis, max_n):
        return [_p(references, hypothesis, n) for n in range(1, max_n)]

    message = check("ch04.code-precisions", precisions).message
    assert _ends_with_hint(message, "ch04.code-precisions", "one order short"), message


def test_stopping_at_the_hypothesis_length_is_named():
    def precisions(references, hypothesis, max_n):
        result = []
        for n in range(1, max_n + 1):
            if n > len(hypothesis):
                break
            result.append(_p(references, hypothesis, n))
        return result

    message = check("ch04.code-precisions", precisions).message
    assert _ends_with_hint(
        message, "ch04.code-precisions", "stops at the hypothesis's length"
    ), message


def test_unigram_counts_computed_once_are_named():
    def precisions(references, hypothesis, max_n):
        best = Counter()
        for reference in references:
            best |= Counter((token,) for token in reference)  # once, before the loop
        result = []
        for n in range(1, max_n + 1):
            counts = _ngrams(hypothesis, n)
            total = sum(counts.values())
            matches = sum(min(c, best[g]) for g, c in counts.items())
            result.append(Fraction(matches, total) if total else Fraction(0))
        return result

    message = check("ch04.code-precisions", precisions).message
    assert _ends_with_hint(message, "ch04.code-precisions", "unigram ceilings reused"), message


def test_dividing_by_zero_on_a_short_hypothesis_gets_the_raise_hint():
    def precisions(references, hypothesis, max_n):
        return [
            Fraction(_clipped_sum(references, hypothesis, n), len(hypothesis) - n + 1)
            for n in range(1, max_n + 1)
        ]

    message = check("ch04.code-precisions", precisions).message
    assert "raised ZeroDivisionError" in message and "Fraction(0)" in message, message


def test_the_ca3_hint_for_one_too_many_does_not_do_the_subtraction():
    message = check("ch04.ca3-bigram", 16).message
    assert "inside the sentence" in message and "drop out" not in message, message


# chapter 05 ------------------------------------------------------------------------------


def test_log_of_zero_gets_the_raise_hint():
    def geometric_mean(precisions, weights):
        return math.exp(sum(w * math.log(p) for w, p in zip(weights, precisions) if w > 0))

    message = check("ch05.code-geometric-mean", geometric_mean).message
    assert "raised ValueError" in message and "math.log(0)" in message, message
    assert "return 0.0 before taking any log" in message, message
