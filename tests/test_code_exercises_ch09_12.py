"""Code exercise of notebook 12 (soft clipped matches): what the generic registry tests in
test_code_exercises.py do not cover - the expected behaviour against an independent
computation, the cases the random generator must reach, and the printed call."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest

from bleu import exercises
from bleu.exercises.code import CODE_EXERCISES

exercises.exercises()
SOFT = CODE_EXERCISES["ch12.code-soft-matches"]


def _enumerated_matches(probs, reference, n):
    """m_n from its definition, by enumerating every sentence the matrix can produce.

    E_g is the mean count of g over all V**T sentences weighted by their probabilities
    (independent positions); then sum_g min(E_g, M_g) over the distinct reference n-grams.
    """
    rows, vocab = probs.shape
    ref = Counter(tuple(reference[i : i + n]) for i in range(len(reference) - n + 1))
    expected = Counter()
    for sentence in itertools.product(range(vocab), repeat=rows):
        weight = math.prod(probs[t, v] for t, v in enumerate(sentence))
        for i in range(rows - n + 1):
            gram = tuple(sentence[i : i + n])
            if gram in ref:
                expected[gram] += weight
    return sum(min(expected[g], limit) for g, limit in ref.items())


@pytest.mark.parametrize("index", range(0, 200, 7))
def test_expected_behaviour_equals_enumeration_over_all_sentences(index):
    case = SOFT.cases()[index][1]
    probs, reference, n = case
    assert SOFT.reference(*case) == pytest.approx(
        _enumerated_matches(probs, reference, n), rel=1e-12, abs=1e-12
    )


def test_the_chapter_examples_come_first_and_match_enumeration():
    examples = SOFT.examples()
    assert len(examples) == 5
    for probs, reference, n in examples:
        expected = _enumerated_matches(probs, reference, n)
        assert SOFT.reference(probs, reference, n) == pytest.approx(expected, rel=1e-12)


def test_random_cases_reach_clipping_repeats_and_short_hypotheses():
    drawn = [case for where, case in SOFT.cases() if where.startswith("random")]
    clipped = repeated = too_short = bigger_orders = 0
    for probs, reference, n in drawn:
        ref = Counter(tuple(reference[i : i + n]) for i in range(len(reference) - n + 1))
        columns = probs.sum(axis=0)
        clipped += n == 1 and any(columns[g[0]] > limit for g, limit in ref.items())
        repeated += any(limit > 1 for limit in ref.values())
        too_short += len(probs) < n
        bigger_orders += n > 1 and len(probs) >= n and bool(ref)
    assert min(clipped, repeated, too_short, bigger_orders) >= 10, (
        clipped,
        repeated,
        too_short,
        bigger_orders,
    )


def test_random_rows_are_probabilities_in_tenths():
    rng = random.Random(3)
    for _ in range(50):
        probs, reference, n = SOFT.random_case(rng)
        assert np.allclose(probs.sum(axis=1), 1.0)
        assert (probs >= 0).all()
        assert np.array_equal(np.round(probs * 10), probs * 10)
        assert all(0 <= v < probs.shape[1] for v in reference) and 1 <= n <= 3


def test_the_printed_call_pastes_back_to_the_same_case():
    for _, case in SOFT.cases()[:30]:
        text = SOFT.call_text(case)
        assert text.startswith("soft_matches(np.array(")
        pasted = eval(text.replace("soft_matches", "", 1), {"np": np})
        assert np.array_equal(pasted[0], case[0])
        assert list(pasted[1:]) == list(case[1:])


# ---------------------------------------------------------------- notebook 11: chrF statistics

CHRF_STATS = CODE_EXERCISES["ch11.code-char-ngram-stats"]


def test_char_ngram_stats_equal_the_statistics_sacrebleu_chrf_keeps():
    from sacrebleu.metrics import CHRF

    for _, (hypothesis, reference, n) in CHRF_STATS.cases()[:80]:
        kept = CHRF(char_order=n, word_order=0)._extract_corpus_statistics(
            [hypothesis], [[reference]]
        )[0]
        hyp_total, ref_total, matches = kept[3 * (n - 1) : 3 * n]  # [hyp, ref, match] per order
        assert CHRF_STATS.reference(hypothesis, reference, n) == (matches, hyp_total, ref_total)


def test_chrf_random_cases_have_spaces_and_repeats():
    drawn = [case for where, case in CHRF_STATS.cases() if where.startswith("random")]
    spaced = sum(" " in hyp.strip() for hyp, _, _ in drawn)
    clipped = 0
    for hyp, ref, n in drawn:
        matches, _, _ = CHRF_STATS.reference(hyp, ref, n)
        h = "".join(hyp.split())
        grams = Counter(h[i : i + n] for i in range(len(h) - n + 1))
        clipped += sum(c for g, c in grams.items() if g in "".join(ref.split())) > matches
    assert spaced >= 50 and clipped >= 10, (spaced, clipped)
