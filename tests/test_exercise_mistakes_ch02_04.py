"""Every typical mistake of the code exercises of notebooks 02-04 is caught with its own hint.

For each :class:`~bleu.exercises.code.Mistake` (one test each), its implementation gets "Not
yet" and exactly that mistake's hint: its first failing case is one where no mistake listed
before it returns the same wrong value. A few slips are also written out as a student would
write them (not as the checker's own implementation), among them the swapped roles of
hypothesis and references that once got the advice to count with a Counter.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES, run_check

exercises()

IDS = (
    "ch02.code-unigram-precision",
    "ch03.code-clipped-counts",
    "ch03.code-modified-precision",
    "ch04.code-precisions",
)
MISTAKES = [
    pytest.param(exercise_id, mistake, id=f"{exercise_id}:{mistake.name}")
    for exercise_id in IDS
    for mistake in CODE_EXERCISES[exercise_id].mistakes
]


@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKES)
def test_each_mistake_gets_its_own_hint(exercise_id, mistake):
    message = run_check(CODE_EXERCISES[exercise_id], mistake.implementation).message
    assert message.startswith("Not yet"), message
    assert message.rstrip().endswith("Hint: " + mistake.hint), message


def _hint_of(exercise_id: str, name: str) -> str:
    (mistake,) = [m for m in CODE_EXERCISES[exercise_id].mistakes if m.name == name]
    return mistake.hint


def _ngrams(tokens, n):
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def test_walking_the_references_is_named_as_the_overwrite_not_the_set():
    """A student who walks the references' n-grams and clips them by the hypothesis: a later
    reference overwrites an earlier one's count, the same counts as best[g] = c."""

    def clipped_counts(references, hypothesis, n):
        mine = _ngrams(hypothesis, n)
        result = {}
        for reference in references:
            for gram, count in _ngrams(reference, n).items():
                result[gram] = min(count, mine[gram])
        return result

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert "overwrites" in message and "not a set" not in message, message
    assert message.rstrip().endswith(_hint_of("ch03.code-clipped-counts", "ceiling overwritten"))


def test_a_set_of_the_hypothesis_ngrams_still_gets_the_set_hint():
    def clipped_counts(references, hypothesis, n):
        best = Counter()
        for reference in references:
            best |= _ngrams(reference, n)
        return {gram: min(1, best[gram]) for gram in set(_ngrams(hypothesis, n))}

    message = check("ch03.code-clipped-counts", clipped_counts).message
    assert message.rstrip().endswith(_hint_of("ch03.code-clipped-counts", "distinct n-grams"))


def test_precision_of_the_reference_is_called_swapped():
    def my_modified_precision(references, hypothesis, n):
        reference = references[0]
        grams = _ngrams(reference, n)
        mine = _ngrams(hypothesis, n)
        total = sum(grams.values())
        return Fraction(sum(min(c, mine[g]) for g, c in grams.items()), total) if total else 0

    message = check("ch03.code-modified-precision", my_modified_precision).message
    assert message.rstrip().endswith(_hint_of("ch03.code-modified-precision", "roles swapped"))


def test_lower_casing_inside_is_caught_in_chapter_02():
    def unigram_precision(candidate, references):
        seen = {token.lower() for reference in references for token in reference}
        found = sum(token.lower() in seen for token in candidate)
        return Fraction(found, len(candidate)) if candidate else Fraction(0)

    message = check("ch02.code-unigram-precision", unigram_precision).message
    assert "'Party' and 'party'" in message, message
