"""Round 4 of the feedback in notebooks 03-05: each slip a third reader hit gets its own words.

Chapter 03: 4/7 (clipping 'the' at the smaller reference count) is named apart from "clip
both" (6/7); a bare count in Exercise 3 is called a count; the raise hints name the likelier
cause first. Chapter 04: a bare count in Exercises 2 and 3 is called a count; orders from 0
get the raise hint that says orders run from 1. Chapter 05: the bare product of the four
precisions is named.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import bleu
from bleu.exercises import check, exercises

exercises()


def _hint(message: str) -> str:
    assert message.startswith("Not yet"), message
    return message.split("Hint: ", 1)[1]


def _ngrams(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


# chapter 03 ------------------------------------------------------------------------------


def test_clipping_the_at_the_smaller_reference_count_is_named():
    hint = _hint(check("ch03.cat-mat-unigram", "4/7").message)
    assert "LARGEST" in hint and "wrong ceiling" in hint, hint
    assert "clip both" not in hint, hint


def test_clipping_one_word_only_is_told_to_clip_both():
    hint = _hint(check("ch03.cat-mat-unigram", "6/7").message)
    assert "clip both" in hint and "only one" in hint, hint


def test_a_bare_count_in_example3_is_called_a_count():
    hint = _hint(check("ch03.example3", 5).message)
    assert hint.startswith("that is a count"), hint


def test_division_by_zero_in_modified_precision_names_the_short_hypothesis_first():
    def my_modified_precision(references, hypothesis, n):
        mine = _ngrams(hypothesis, n)
        best = Counter()
        for reference in references:
            best |= _ngrams(reference, n)
        matches = sum(min(c, best[g]) for g, c in mine.items())
        return Fraction(matches, sum(mine.values()))  # no guard for an empty hypothesis

    message = check("ch03.code-modified-precision", my_modified_precision).message
    assert "raised ZeroDivisionError" in message, message
    hint = _hint(message)
    assert hint.startswith("ZeroDivisionError: a hypothesis shorter than n"), message


def test_a_plain_dict_read_at_a_missing_key_gets_the_key_error_cause():
    def clipped_counts(references, hypothesis, n):
        best = {}
        for reference in references:
            for gram, count in _ngrams(reference, n).items():
                best[gram] = max(best.get(gram, 0), count)
        return {g: min(c, best[g]) for g, c in _ngrams(hypothesis, n).items()}  # KeyError

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert "raised KeyError" in message, message
    assert "KeyError: a plain dict" in _hint(message), message
    assert "shorter than n" not in message, message


# chapter 04 ------------------------------------------------------------------------------


def test_a_bare_count_in_the_trigram_exercise_is_called_a_count():
    hint = _hint(check("ch04.cat-mat-trigram", 2).message)
    assert hint.startswith("that is a count") and "T - n + 1" in hint, hint


def test_a_bare_count_in_the_example3_bigram_exercise_is_called_a_count():
    hint = _hint(check("ch04.example3-bigram", 2).message)
    assert hint.startswith("that is a count") and "T - n + 1" in hint, hint


def test_orders_from_zero_that_raise_get_the_orders_from_one_hint():
    def precisions(references, hypothesis, max_n):
        return [bleu.modified_precision(references, hypothesis, n) for n in range(0, max_n)]

    message = check("ch04.code-precisions", precisions).message
    assert "raised ValueError" in message, message
    hint = _hint(message)
    assert hint.startswith("ValueError (n must be >= 1): the orders start at 1"), hint
    assert "range(1, max_n + 1)" in hint, hint


# chapter 05 ------------------------------------------------------------------------------


def test_the_bare_product_is_named_even_with_three_figures():
    for answer in (0.0476, "1/21"):
        hint = _hint(check("ch05.equal-weights", answer).message)
        assert "product of the four precisions" in hint and "fourth root" in hint, hint
