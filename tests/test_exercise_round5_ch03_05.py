"""Round 5 of the feedback in notebooks 03-05: what the fourth fresh readers hit.

Chapter 03: the raise hints of Exercises 4 and 5 give one short sentence per cause, each
starting with the error's name and ending with a full stop. Chapter 04: the code exercise's
first fixed case is a sentence no exercise asks about (its expected list gave Exercise 2's
answer away); a swapped clipped_counts call inside precisions gets a raise hint that names
clipped_counts's argument order; Exercise 3's first hint says to look each bigram up in all
three references. Chapter 05: 0.4 (p_2 over the 5 tokens) in Exercise 2, 0 and BLEU-3 in
Exercise 1 get their own hints.
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


def _sentences(hint: str) -> list[str]:
    assert hint.endswith("."), hint
    return [s.strip() for s in hint[:-1].split(". ")]


# chapter 03 ------------------------------------------------------------------------------


def test_swapped_clipped_counts_gets_one_sentence_per_cause_with_full_stops():
    def clipped_counts(hypothesis, references, n):  # the chapter's order
        best = Counter()
        for reference in references:
            best |= _ngrams(reference, n)
        return {g: min(c, best[g]) for g, c in _ngrams(hypothesis, n).items()}

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert "raised TypeError" in message, message
    first, second = _sentences(_hint(message))
    assert first.startswith("TypeError") and "swapped" in first, first
    assert second.startswith("KeyError") and ".get(gram, 0)" in second, second


def test_modified_precision_raise_hint_names_each_error_at_its_sentence_start():
    def my_modified_precision(references, hypothesis, n):
        mine = _ngrams(hypothesis, n)
        best = Counter()
        for reference in references:
            best |= _ngrams(reference, n)
        matches = sum(min(c, best[g]) for g, c in mine.items())
        return Fraction(matches, sum(mine.values()))  # no guard for an empty hypothesis

    message = check("ch03.code-modified-precision", my_modified_precision).message
    assert "raised ZeroDivisionError" in message, message
    first, second = _sentences(_hint(message))
    assert first.startswith("ZeroDivisionError:") and "Fraction(0)" in first, first
    assert second.startswith("TypeError") and "swapped" in second, second
    assert "ZeroDivisionError" not in second and "TypeError" not in first, message


# chapter 04 ------------------------------------------------------------------------------


def test_the_first_fixed_case_gives_no_exercise_answer_away():
    def precisions(references, hypothesis, max_n):
        return [Fraction(1)] * max_n  # wrong everywhere: fails on fixed case 1

    message = check("ch04.code-precisions", precisions).message
    assert "fixed case 1" in message, message
    assert "the cat the cat on the mat" not in message, message
    # Exercise 2's p_3 of 'the cat the cat on the mat', and notebook 03's p_1 of it
    assert "Fraction(2, 5)" not in message and "Fraction(5, 7)" not in message, message


def test_a_swapped_clipped_counts_call_gets_clipped_counts_argument_order():
    def precisions(references, hypothesis, max_n):
        result = []
        for n in range(1, max_n + 1):
            clipped = bleu.clipped_counts(hypothesis, references, n)  # swapped
            total = max(0, len(hypothesis) - n + 1)
            result.append(Fraction(sum(clipped.values()), total) if total else Fraction(0))
        return result

    message = check("ch04.code-precisions", precisions).message
    assert "raised TypeError" in message, message
    hint = _hint(message)
    assert "clipped_counts(references, hypothesis, n)" in hint, hint
    assert hint.endswith("."), hint


def test_example3_bigram_first_hint_says_to_check_all_three_references():
    hint = _hint(check("ch04.example3-bigram", "1/4").message)
    assert "all three references" in hint and "each one" in hint, hint


# chapter 05 ------------------------------------------------------------------------------


def test_p2_over_the_tokens_in_the_zero_weights_exercise_is_named():
    for answer in (0.4, "0.4000"):
        hint = _hint(check("ch05.zero-weights", answer).message)
        assert "number of bigrams" in hint and "4" in hint, hint


def test_zero_in_the_equal_weights_exercise_points_at_the_matching_fourgram():
    hint = _hint(check("ch05.equal-weights", 0.0).message)
    assert "'cat on the mat'" in hint and "p_4" in hint, hint


def test_bleu3_in_the_equal_weights_exercise_is_named():
    for answer in (0.5754, "0.5754"):
        hint = _hint(check("ch05.equal-weights", answer).message)
        assert "p_1, p_2 and p_3 only" in hint and "p_4 included" in hint, hint
