"""Code exercises of notebooks 02-04: what their random cases must contain to be worth
running, and the comparison of clipped counts (a zero may be left out)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from bleu import count_ngrams
from bleu.exercises import check, exercises
from bleu.exercises.ch02_code import unigram_precision
from bleu.exercises.ch03_code import same_counts
from bleu.exercises.code import CODE_EXERCISES

exercises()


def _random_cases(exercise_id):
    cases = CODE_EXERCISES[exercise_id].cases()
    return [case for where, case in cases if where.startswith("random")]


def test_clipping_cases_bite_and_tell_max_from_sum():
    """Some random case clips (Count > Max_Ref_Count > 0), and some has a different ceiling
    with the references added up, so that both mistakes can be caught on random cases."""
    clipped = summed_differs = 0
    for references, hypothesis, n in _random_cases("ch03.code-clipped-counts"):
        counts = count_ngrams(hypothesis, n)
        per_ref = [count_ngrams(ref, n) for ref in references]
        for gram, count in counts.items():
            best = max(c[gram] for c in per_ref)
            total = sum(c[gram] for c in per_ref)
            clipped += count > best > 0
            summed_differs += min(count, best) != min(count, total)
    assert clipped >= 20 and summed_differs >= 5


def test_random_cases_reach_the_edges():
    """Empty candidates, several references, and orders longer than the sentence."""
    ch02 = _random_cases("ch02.code-unigram-precision")
    assert any(not candidate for candidate, _ in ch02)
    assert {len(refs) for _, refs in ch02} == {1, 2, 3}
    ch04 = _random_cases("ch04.code-precisions")
    assert any(max_n > len(hypothesis) > 0 for _, hypothesis, max_n in ch04)
    assert {max_n for _, _, max_n in ch04} == {1, 2, 3, 4}
    assert any(len(references) == 3 for references, _, _ in ch04)


def test_empty_candidate_gets_zero():
    assert unigram_precision([], [["the"]]) == 0
    assert isinstance(unigram_precision([], [["the"]]), Fraction)


def test_same_counts_ignores_zero_entries_only():
    assert same_counts({("a",): 0, ("b",): 1}, Counter({("b",): 1}))
    assert not same_counts({("a",): 1}, {("a",): 1, ("b",): 1})
    assert not same_counts({("a",): 1}, {("a",): 1.0})
    assert not same_counts({("a",): 1}, [("a",)])


def test_a_counter_without_zeros_passes_clipped_counts():
    def clipped_counts(references, hypothesis, n):
        best = Counter()
        for ref in references:
            best |= count_ngrams(ref, n)
        return count_ngrams(hypothesis, n) & best  # & keeps min counts and drops zeros

    result = check("ch03.code-clipped-counts", clipped_counts)
    assert result.correct, result.message


def test_independent_solutions_pass():
    """Solutions written another way than the package's functions."""

    def unigram_precision(candidate, references):
        hits = [any(token in reference for reference in references) for token in candidate]
        return Fraction(sum(hits), len(hits)) if hits else Fraction(0)

    def my_modified_precision(references, hypothesis, n):
        grams = [tuple(hypothesis[i : i + n]) for i in range(len(hypothesis) - n + 1)]
        if not grams:
            return Fraction(0)
        credit = 0
        for gram in set(grams):
            in_refs = [
                sum(tuple(r[i : i + n]) == gram for i in range(len(r) - n + 1)) for r in references
            ]
            credit += min(grams.count(gram), max(in_refs))
        return Fraction(credit, len(grams))

    def precisions(references, hypothesis, max_n):
        return [my_modified_precision(references, hypothesis, n) for n in range(1, max_n + 1)]

    for exercise_id, solution in [
        ("ch02.code-unigram-precision", unigram_precision),
        ("ch03.code-modified-precision", my_modified_precision),
        ("ch04.code-precisions", precisions),
    ]:
        result = check(exercise_id, solution)
        assert result.correct, result.message
