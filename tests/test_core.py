"""Unit tests of the core functions, with the numbers the source documents print."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest
from conftest import normalise

import bleu
from bleu.data import load_example


# count_ngrams -------------------------------------------------------------------------------
def test_count_ngrams_reproduces_the_documents_counter_for_ca1():
    ca1 = load_example("example1").candidate_tokens("Ca1")
    counts = bleu.count_ngrams(ca1, 1)
    assert counts[("the",)] == 3
    assert counts[("party.",)] == 1
    assert sum(counts.values()) == 18 and len(counts) == 16


def test_count_ngrams_x7_and_bigrams():
    assert bleu.count_ngrams(["the"] * 7, 1) == Counter({("the",): 7})
    assert bleu.count_ngrams(["the"] * 7, 2) == Counter({("the", "the"): 6})
    assert bleu.count_ngrams(["a", "b"], 3) == Counter()
    assert bleu.count_ngrams([], 1) == Counter()


def test_count_ngrams_accepts_tuples_and_int_tokens():
    assert bleu.count_ngrams((1, 2, 1, 2), 2) == Counter({(1, 2): 2, (2, 1): 1})


# clipped_counts / modified_precision ---------------------------------------------------------
def test_clipped_counts_example2(example2):
    refs, ca1, ca2 = example2
    assert bleu.clipped_counts(refs, ca1, 1) == {("the",): 2}
    bigram = bleu.clipped_counts(refs, ca2, 2)
    assert bigram == {
        ("the", "cat"): 1,
        ("cat", "the"): 0,
        ("cat", "on"): 1,
        ("on", "the"): 1,
        ("the", "mat"): 1,
    }


def test_modified_precision_two_sevenths_is_exact(example2):
    refs, ca1, ca2 = example2
    p = bleu.modified_precision(refs, ca1, 1)
    assert p == Fraction(2, 7) and isinstance(p, Fraction)
    assert float(p) == 0.2857142857142857
    assert bleu.modified_precision(refs, ca1, 2) == 0
    assert bleu.modified_precision(refs, ca2, 2) == Fraction(4, 6)


def test_modified_precision_is_normalised():
    p = bleu.modified_precision([["a", "b", "a", "b"]], ["a", "b", "a", "b"], 1)
    assert (p.numerator, p.denominator) == (1, 1)


def test_example1_precisions_after_normalising():
    ex = load_example("example1")
    refs = [normalise(r) for r in ex.references]
    ca1 = normalise(ex.candidates["Ca1"])
    ca2 = normalise(ex.candidates["Ca2"])
    # The documents count words without the final period: 17/18 and 8/14.
    ca1_words, ca2_words = ca1[:-1], ca2[:-1]
    refs_words = [r[:-1] for r in refs]
    assert bleu.modified_precision(refs_words, ca1_words, 1) == Fraction(17, 18)
    assert bleu.modified_precision(refs_words, ca2_words, 1) == Fraction(8, 14)
    assert bleu.modified_precision(refs_words, ca1_words, 2) == Fraction(10, 17)
    assert bleu.modified_precision(refs_words, ca2_words, 2) == Fraction(1, 13)


def test_shuffled_candidate_ties_on_unigrams_but_not_bigrams():
    ex = load_example("example1")
    refs = [normalise(r)[:-1] for r in ex.references]
    ca1 = normalise(ex.candidates["Ca1"])[:-1]
    ca3 = normalise(ex.candidates["Ca3"])[:-1]
    assert bleu.modified_precision(refs, ca3, 1) == bleu.modified_precision(refs, ca1, 1)
    assert bleu.modified_precision(refs, ca3, 2) < bleu.modified_precision(refs, ca1, 2)


def test_short_hypothesis_gets_zero_precision_not_an_error():
    assert bleu.modified_precision([["a", "b", "c"]], ["a"], 2) == 0


# brevity ------------------------------------------------------------------------------------
def test_closest_ref_length_ties_go_to_the_shorter():
    assert bleu.closest_ref_length([["a"] * 9, ["a"] * 11], 10) == 9
    assert bleu.closest_ref_length([["a"] * 11, ["a"] * 9], 10) == 9
    assert bleu.closest_ref_length([["a"] * 13, ["a"] * 2], 12) == 13


def test_brevity_penalty_cases():
    assert bleu.brevity_penalty(18, 18) == 1.0
    assert bleu.brevity_penalty(10, 11) == 1.0
    assert bleu.brevity_penalty(5, 0) == 0.0
    assert bleu.brevity_penalty(7, 2) == pytest.approx(math.exp(1 - 7 / 2))
    assert round(bleu.brevity_penalty(7, 2), 3) == 0.082
    assert bleu.brevity_penalty(28, 12) == pytest.approx(0.2635971381157267, rel=1e-15)


# sentence_bleu ------------------------------------------------------------------------------
def test_running_example_prints_the_documents_number(running):
    refs, hyp = running
    assert bleu.sentence_bleu(refs, hyp) == 0.5045666840058485


def test_running_example_with_final_period(running):
    refs, hyp = running
    assert bleu.sentence_bleu(refs, [*hyp[:-1], "party."]) == 0.46575793908279883


def test_weight_list_returns_a_list(running):
    refs, hyp = running
    scores = bleu.sentence_bleu(refs, hyp, weights=[(0.5, 0.5), (1 / 3,) * 3, (0.25,) * 4])
    assert isinstance(scores, list) and len(scores) == 3
    assert scores[2] == 0.5045666840058485
    assert scores[0] > scores[1] > scores[2]


def test_zero_precision_gives_exact_zero(example2):
    refs, ca1, _ = example2
    assert bleu.sentence_bleu(refs, ca1) == 0.0
    assert bleu.sentence_bleu(refs, ca1, weights=(1, 0, 0, 0)) == pytest.approx(2 / 7)


def test_identical_sentence_scores_one(running):
    refs, _ = running
    assert bleu.sentence_bleu(refs, refs[0]) == 1.0


def test_explain_matches_sentence_bleu(running):
    refs, hyp = running
    report = bleu.explain(refs, hyp)
    assert report.score == pytest.approx(bleu.sentence_bleu(refs, hyp), rel=1e-15)
    assert report.precisions == [
        Fraction(17, 18),
        Fraction(10, 17),
        Fraction(7, 16),
        Fraction(4, 15),
    ]
    assert (report.c, report.r, report.bp) == (18, 18, 1.0)
    html = report._repr_html_()
    assert "<table>" in html and "17/18" in html and "Count_clip" in html
    text = str(report)
    assert "17/18" in text and "BLEU = 0.5046" in text


def test_explain_zero_precision_and_weights(example2):
    refs, ca1, _ = example2
    report = bleu.explain(refs, ca1, max_n=2)
    assert report.score == 0.0
    assert report.orders[0].clipped == {("the",): 2}
    with pytest.raises(ValueError, match="weights"):
        bleu.explain(refs, ca1, max_n=2, weights=(1, 0, 0))


# corpus_bleu --------------------------------------------------------------------------------
def test_corpus_bleu_is_not_the_mean_of_sentence_bleu(running, example2):
    refs1, hyp1 = running
    refs2, _, ca2 = example2
    corpus = bleu.corpus_bleu([refs1, refs2], [hyp1, ca2])
    mean = (bleu.sentence_bleu(refs1, hyp1) + bleu.sentence_bleu(refs2, ca2)) / 2
    assert corpus != pytest.approx(mean)


def test_corpus_of_one_equals_sentence(running):
    refs, hyp = running
    assert bleu.corpus_bleu([refs], [hyp]) == bleu.sentence_bleu(refs, hyp)


def test_corpus_methods_5_to_7_are_capped_and_order_free():
    sm = bleu.SmoothingFunction()
    hyps = [["a", "b", "c", "d", "e", "f"], ["x", "y"]]
    refs = [[["a", "b", "c", "d", "e", "f"]], [["x", "z", "w"]]]
    for method in (sm.method5, sm.method6, sm.method7):
        s1 = bleu.corpus_bleu(refs, hyps, smoothing_function=method)
        s2 = bleu.corpus_bleu(refs[::-1], hyps[::-1], smoothing_function=method)
        assert s1 == s2 and 0 <= s1 <= 1
    # NLTK's sentence-level method 5 exceeds 1 on a perfect match; so does ours (parity)...
    perfect = bleu.sentence_bleu(
        [["a", "b", "c", "d", "e"]], ["a", "b", "c", "d", "e"], smoothing_function=sm.method5
    )
    assert perfect > 1
    # ...but the corpus version caps every smoothed precision at 1.
    assert (
        bleu.corpus_bleu(
            [[["a", "b", "c", "d", "e"]]],
            [["a", "b", "c", "d", "e"]],
            smoothing_function=sm.method5,
        )
        == 1.0
    )


def test_method6_needs_trigrams():
    sm = bleu.SmoothingFunction()
    with pytest.raises(ValueError, match="trigram"):
        bleu.sentence_bleu([["a", "b", "c"]], ["a", "b", "x"], smoothing_function=sm.method6)
    with pytest.raises(ValueError, match="3 n-gram orders"):
        bleu.sentence_bleu(
            [["a", "b"]], ["a", "b"], weights=(0.5, 0.5), smoothing_function=sm.method6
        )


def test_auto_reweigh_uses_hypothesis_length():
    refs = [["a", "b", "c"]]
    assert bleu.sentence_bleu(refs, ["a", "b"], auto_reweigh=True) == pytest.approx(
        math.exp(1 - 3 / 2)
    )
    assert bleu.sentence_bleu(refs, ["a", "b"], weights=[0.25] * 4, auto_reweigh=True) > 0


# bad input ----------------------------------------------------------------------------------
BAD_SENTENCE_CALLS = [
    (lambda: bleu.sentence_bleu([["a"]], "a b"), TypeError, "hypothesis"),
    (lambda: bleu.sentence_bleu(["a", "b"], ["a"]), TypeError, "references"),
    (lambda: bleu.sentence_bleu("a b", ["a"]), TypeError, "references"),
    (lambda: bleu.sentence_bleu([["a"], "a b"], ["a"]), TypeError, r"references\[1\]"),
    (lambda: bleu.sentence_bleu(None, ["a"]), TypeError, "references"),
    (lambda: bleu.sentence_bleu([["a"]], None), TypeError, "hypothesis"),
    (lambda: bleu.sentence_bleu([], ["a"]), ValueError, "references"),
    (lambda: bleu.sentence_bleu([["a"]], ["a"], weights=()), ValueError, "weights"),
    (lambda: bleu.sentence_bleu([["a"]], ["a"], weights=(-0.5, 1.5)), ValueError, "weights"),
    (lambda: bleu.sentence_bleu([["a"]], ["a"], weights=(float("nan"),)), ValueError, "weights"),
    (lambda: bleu.sentence_bleu([["a"]], ["a"], weights=None), TypeError, "weights"),
    (lambda: bleu.sentence_bleu([["a"]], ["a"], weights=[(0.5, 0.5), ()]), ValueError, "weights"),
    (lambda: bleu.corpus_bleu([[["a"]]], [["a"], ["b"]]), ValueError, "list_of_references"),
    (lambda: bleu.corpus_bleu([[["a"]]], ["a b"]), TypeError, r"hypotheses\[0\]"),
    (lambda: bleu.corpus_bleu([[["a"]]], "a"), TypeError, "hypotheses"),
    (lambda: bleu.corpus_bleu(None, [["a"]]), TypeError, "list_of_references"),
    (lambda: bleu.corpus_bleu([[]], [["a"]]), ValueError, r"list_of_references\[0\]"),
    (lambda: bleu.corpus_bleu([], []), ValueError, "hypotheses"),
    (lambda: bleu.count_ngrams(["a"], 0), ValueError, "n"),
    (lambda: bleu.count_ngrams(["a"], 1.5), TypeError, "n"),
    (lambda: bleu.count_ngrams("abc", 1), TypeError, "tokens"),
    (lambda: bleu.modified_precision([["a"]], ["a"], -1), ValueError, "n"),
    (lambda: bleu.clipped_counts([["a"]], "a", 1), TypeError, "hypothesis"),
    (lambda: bleu.closest_ref_length([["a"]], -1), ValueError, "hyp_len"),
    (lambda: bleu.brevity_penalty("5", 3), TypeError, "closest_ref_len"),
    (lambda: bleu.explain([["a"]], ["a"], max_n=0), ValueError, "max_n"),
]


@pytest.mark.parametrize("call, error, name", BAD_SENTENCE_CALLS)
def test_bad_input_names_the_argument(call, error, name):
    with pytest.raises(error, match=name):
        call()
