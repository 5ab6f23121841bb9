"""Every scoring function of bleu/, compared DIRECTLY with NLTK or sacreBLEU.

The other test files compare the public scores with the libraries; this one covers the
parts (n-gram counts, clipped counts, statistics rows, the brevity penalty, BLEU from
statistics in both twins, explain, soft BLEU at one-hot inputs, the significance tests
from statistics, the chrF/TER/NIST/METEOR wrappers) and the step-by-step twins that the
public names do not export. Nothing here compares one of our implementations with
another: the expected value always comes from NLTK or sacreBLEU. ``.ci/mutation_check.py``
checks that a 0.1% change in any of these functions makes some test fail.
"""

from __future__ import annotations

import math
import random
import warnings
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
import sacrebleu
from conftest import near_copy, sacre_paired
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nb
from nltk.translate.chrf_score import sentence_chrf
from nltk.translate.meteor_score import (
    _count_chunks,
    align_words,
    meteor_score,
    single_meteor_score,
)
from nltk.translate.nist_score import sentence_nist
from nltk.util import ngrams
from sacrebleu.metrics import BLEU, CHRF, TER
from sacrebleu.significance import _compute_p_value, estimate_ci

import bleu
from bleu import metrics, nltk_rules, precision, sacrebleu_rules, soft, vectorized
from bleu import significance as sig
from bleu.options import SMOOTH_DEFAULTS
from bleu.tokenizers import TOKENIZERS

VOCAB = ["the", "cat", "sat", "on", "mat", "a", "dog"]
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

words = st.sampled_from(VOCAB)


@st.composite
def segment(draw, max_len=10):
    """(references, hypothesis) with much overlap; short and empty hypotheses included."""
    refs = draw(st.lists(st.lists(words, max_size=max_len), min_size=1, max_size=3))
    if draw(st.booleans()):
        return refs, draw(st.lists(words, max_size=max_len))
    return refs, near_copy(draw, refs, words)


corpora = st.lists(segment(), min_size=1, max_size=6).map(
    lambda segs: ([r for r, _ in segs], [h for _, h in segs])
)


def value(p):
    """NLTK's unreduced Fraction(m, t, _normalize=False) as an ordinary (comparable) one."""
    return Fraction(p.numerator, p.denominator)


def nltk_quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def nltk_sentence_rows(list_of_refs, hyps, max_n):
    """Per sentence [c, r, m_1..m_N, t_1..t_N] from NLTK's modified_precision and
    closest_ref_length (t_n is NLTK's max(1, count) denominator)."""
    rows = []
    for refs, hyp in zip(list_of_refs, hyps):
        ps = [nb.modified_precision(refs, hyp, n) for n in range(1, max_n + 1)]
        c = len(hyp)
        r = nb.closest_ref_length(refs, c)
        rows.append([c, r, *(p.numerator for p in ps), *(p.denominator for p in ps)])
    return rows


def close(ours, theirs, zero_for_tiny=True):
    """Equal within 1e-12 relative; our exact 0.0 where NLTK returns its ~1e-300 stand-in."""
    if isinstance(theirs, list):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            close(a, b, zero_for_tiny)
        return
    if zero_for_tiny and ours == 0.0 and 0 < theirs < 1e-15:
        return
    assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0.0), (ours, theirs)


# --- n-grams, clipping, lengths, brevity penalty ------------------------------------------


@SETTINGS
@given(seg=segment(max_len=14), n=st.integers(1, 6))
def test_counts_and_clipping_equal_nltks(seg, n):
    refs, hyp = seg
    assert bleu.count_ngrams(hyp, n) == Counter(ngrams(hyp, n))
    best = Counter()
    for ref in refs:
        best |= Counter(ngrams(ref, n))
    assert precision.max_reference_counts(refs, n) == best
    clipped = bleu.clipped_counts(refs, hyp, n)
    theirs = nb.modified_precision(refs, hyp, n)  # unreduced Fraction(matches, max(1, count))
    assert set(clipped) == set(ngrams(hyp, n))
    assert sum(clipped.values()) == theirs.numerator
    assert clipped == {g: min(c, best[g]) for g, c in Counter(ngrams(hyp, n)).items()}
    assert bleu.modified_precision(refs, hyp, n) == value(theirs)
    assert precision.match_counts(refs, hyp, n) == (
        theirs.numerator,
        sum(1 for _ in ngrams(hyp, n)),
    )
    assert bleu.closest_ref_length(refs, len(hyp)) == nb.closest_ref_length(refs, len(hyp))


@settings(SETTINGS, max_examples=300)
@given(r=st.integers(0, 60), c=st.integers(0, 60))
def test_brevity_penalty_equals_nltks_and_sacrebleus(r, c):
    theirs = nb.brevity_penalty(r, c)
    assert bleu.brevity_penalty(r, c) == theirs
    array = bleu.brevity_penalty(np.array([r, r]), np.array([c, c]))
    assert array == pytest.approx([theirs, theirs], rel=1e-12, abs=0)  # numpy's exp: 1 ulp
    # sacreBLEU's rule differs only at c = r = 0 (it gives 1): its BP of a scored corpus
    sacre = BLEU.compute_bleu([c], [max(c, 1)], c, r, max_ngram_order=1).bp
    assert bleu.brevity_penalty(r, c, both_empty=1.0) == sacre
    vector = bleu.brevity_penalty(np.array([r]), np.array([c]), both_empty=1.0)
    assert vector[0] == pytest.approx(sacre, rel=1e-12, abs=0)


@settings(SETTINGS, max_examples=60)
@given(
    ref_lens=st.lists(st.integers(0, 30), min_size=1, max_size=4),
    hyp_len=st.integers(0, 30),
)
def test_closest_lengths_equal_nltks(ref_lens, hyp_len):
    refs = [["a"] * n for n in ref_lens]
    expected = nb.closest_ref_length(refs, hyp_len)
    assert bleu.closest_ref_length(refs, hyp_len) == expected
    ours = bleu.rows.closest_lengths(
        np.array([hyp_len, hyp_len]),
        np.array(ref_lens * 2),
        np.repeat([0, 1], len(ref_lens)),
    )
    assert ours.tolist() == [expected, expected]


# --- NLTK's statistics and scores, both twins ----------------------------------------------


@SETTINGS
@given(corpus=corpora, max_n=st.integers(1, 6))
def test_statistics_rows_and_sums_equal_nltks(corpus, max_n):
    refs, hyps = corpus
    expected = nltk_sentence_rows(refs, hyps, max_n)
    assert vectorized.sentence_stats(refs, hyps, max_n).tolist() == expected
    stats = nltk_rules.corpus_stats(refs, hyps, max_n)
    sums = [sum(col) for col in zip(*expected)]
    assert [stats.hyp_len, stats.ref_len, *stats.matches, *stats.totals] == sums
    raw = [sum(sum(1 for _ in ngrams(h, n)) for h in hyps) for n in range(1, max_n + 1)]
    assert list(stats.ngram_counts) == raw
    assert stats.precisions() == [
        Fraction(m, t) for m, t in zip(sums[2 : 2 + max_n], sums[2 + max_n :])
    ]


weights_strategy = st.one_of(
    st.sampled_from([(0.25,) * 4, (0.5, 0.5), (1.0,), (0.1, 0.2, 0.3, 0.4), (0.2,) * 5]),
    st.lists(st.lists(st.floats(0.05, 1.0), min_size=1, max_size=5).map(tuple), min_size=2,
             max_size=3),
)  # fmt: skip


@SETTINGS
@given(corpus=corpora, weights=weights_strategy, auto_reweigh=st.booleans())
def test_unsmoothed_corpus_bleu_of_both_twins_and_from_rows_equals_nltk(
    corpus, weights, auto_reweigh
):
    refs, hyps = corpus
    theirs = nltk_quiet(nb.corpus_bleu, refs, hyps, weights, None, auto_reweigh)
    close(nltk_rules.corpus_bleu(refs, hyps, weights, None, auto_reweigh), theirs)
    close(vectorized.corpus_bleu(refs, hyps, weights, None, auto_reweigh), theirs)
    orders = max(len(w) for w in weights) if isinstance(weights, list) else len(weights)
    rows = vectorized.sentence_stats(refs, hyps, orders)
    close(bleu.rules.bleu_from_stats(rows, weights, None, auto_reweigh), theirs)
    close(bleu.rules.bleu_from_stats(rows.sum(axis=0), weights, None, auto_reweigh), theirs)


@SETTINGS
@given(seg=segment(), weights=weights_strategy, auto_reweigh=st.booleans())
def test_unsmoothed_sentence_bleu_of_each_path_equals_nltk(seg, weights, auto_reweigh):
    refs, hyp = seg
    theirs = nltk_quiet(nb.sentence_bleu, refs, hyp, weights, None, auto_reweigh)
    close(nltk_rules.sentence_bleu(refs, hyp, weights, None, auto_reweigh), theirs)
    close(vectorized.corpus_bleu([refs], [hyp], weights, None, auto_reweigh), theirs)


# --- explain and soft BLEU ------------------------------------------------------------------


@SETTINGS
@given(seg=segment(), max_n=st.integers(1, 5), data=st.data())
def test_explain_equals_nltk(seg, max_n, data):
    refs, hyp = seg
    weights = data.draw(
        st.none() | st.lists(st.floats(0.05, 1.0), min_size=max_n, max_size=max_n).map(tuple)
    )
    report = bleu.explain(refs, hyp, max_n=max_n, weights=weights)
    weight = weights or (1 / max_n,) * max_n
    close(report.score, nltk_quiet(nb.sentence_bleu, refs, hyp, weight))
    c, r = len(hyp), nb.closest_ref_length(refs, len(hyp))
    assert (report.c, report.r, report.bp) == (c, r, nb.brevity_penalty(r, c))
    for order in report.orders:
        theirs = nb.modified_precision(refs, hyp, order.n)
        assert order.precision == value(theirs)
        assert (order.matches, max(1, order.total)) == (theirs.numerator, theirs.denominator)
        assert order.counts == Counter(ngrams(hyp, order.n))
        assert sum(order.clipped.values()) == theirs.numerator
    assert report.precisions == [
        value(nb.modified_precision(refs, hyp, n)) for n in range(1, max_n + 1)
    ]


def test_explain_of_a_fixed_pair():
    refs = [
        ["the", "cat", "is", "on", "the", "mat"],
        ["there", "is", "a", "cat", "on", "the", "mat"],
    ]
    hyp = ["the", "cat", "the", "cat", "on", "the", "mat"]
    report = bleu.explain(refs, hyp, max_n=2)
    assert report.score == pytest.approx(nb.sentence_bleu(refs, hyp, (0.5, 0.5)), rel=1e-12)
    assert report.orders[1].max_ref_counts[("the", "cat")] == 1
    assert report.orders[0].max_ref_counts[("the",)] == 2


@SETTINGS
@given(seg=segment(), weights=st.sampled_from([(0.25,) * 4, (0.5, 0.5), (1.0,), (0.2,) * 5]))
def test_soft_bleu_at_one_hot_equals_nltk(seg, weights):
    refs, hyp = seg
    ids = {w: i for i, w in enumerate(VOCAB)}
    ref_ids = [[ids[w] for w in ref] for ref in refs]
    hyp_ids = [ids[w] for w in hyp]
    if not hyp_ids or not any(ref_ids):
        return  # soft BLEU needs a position and a reference token
    ref_ids = [ref for ref in ref_ids if ref] or ref_ids
    theirs = nltk_quiet(nb.sentence_bleu, ref_ids, hyp_ids, weights)
    probs = soft.one_hot(hyp_ids, len(VOCAB))
    close(soft.soft_bleu(probs, ref_ids, weights), theirs)
    stats = soft.soft_stats(probs, ref_ids, max_n=len(weights))
    expected = nltk_sentence_rows([ref_ids], [hyp_ids], len(weights))[0]
    order = len(weights)
    assert stats.hyp_len == expected[0] and stats.ref_len == expected[1]
    assert stats.matches.tolist() == expected[2 : 2 + order]
    raw = [sum(1 for _ in ngrams(hyp_ids, n)) for n in range(1, order + 1)]
    assert stats.totals.tolist() == raw
    p = [nb.modified_precision(ref_ids, hyp_ids, n) for n in range(1, order + 1)]
    assert stats.precisions().tolist() == [float(x) for x in p]


def test_soft_bleu_with_eos_at_one_hot_equals_nltk_on_the_cut_hypothesis():
    eos = 7
    ref = [0, 1, 2, 3, 0, 4]
    for hyp in ([0, 1, 2, 3, 0, 4, eos, 5, 6], [0, 1, 2, eos, 3, 0, 4], [0, 1, 2, 3, 0, 1]):
        cut = hyp[: hyp.index(eos)] if eos in hyp else hyp
        theirs = nltk_quiet(nb.sentence_bleu, [ref], cut, (0.5, 0.3, 0.2))
        ours = soft.soft_bleu(soft.one_hot(hyp, 8), [ref], (0.5, 0.3, 0.2), eos=eos)
        close(ours, theirs)
        stats = soft.soft_stats(soft.one_hot(hyp, 8), [ref], max_n=3, eos=eos)
        assert stats.hyp_len == len(cut)


# --- sacreBLEU's rules ---------------------------------------------------------------------

PIECES = ["the", "The", "cat", "sat", "on", "mat", "a", "3.14", "U.S.", ",", ".", "东京", "猫"]


@st.composite
def raw_corpus(draw):
    rnd = random.Random(draw(st.integers(0, 2**32)))
    n_refs = draw(st.integers(1, 3))
    hyps, streams = [], [[] for _ in range(n_refs)]
    for _ in range(draw(st.integers(1, 6))):
        base = draw(st.lists(st.sampled_from(PIECES), max_size=10))

        def variant(base=base):
            kept = [w for w in base if rnd.random() < 0.8] + rnd.choices(PIECES, k=rnd.randrange(2))
            return " ".join(kept)

        hyps.append(variant())
        for k, stream in enumerate(streams):
            stream.append(None if k and rnd.random() < 0.3 else variant())
    return hyps, streams


@settings(SETTINGS, max_examples=80)
@given(
    corpus=raw_corpus(),
    tokenize=st.sampled_from(TOKENIZERS),
    lowercase=st.booleans(),
    max_order=st.sampled_from([4, 1, 2, 5]),
)
def test_segment_stats_of_both_twins_equal_sacrebleus(corpus, tokenize, lowercase, max_order):
    hyps, streams = corpus
    if any(all(s[i] is None for s in streams) for i in range(len(hyps))):
        return  # a segment without any reference: both refuse it (tested elsewhere)
    metric = BLEU(tokenize=tokenize, lowercase=lowercase, max_ngram_order=max_order)
    theirs = metric._extract_corpus_statistics(hyps, streams)
    options = {"tokenize": tokenize, "lowercase": lowercase, "max_ngram_order": max_order}
    assert vectorized.segment_stats(hyps, streams, **options).tolist() == theirs
    assert sacrebleu_rules.segment_stats(hyps, streams, **options).tolist() == theirs


@st.composite
def stat_rows(draw, order=4):
    lengths = draw(st.lists(st.integers(0, 15), min_size=1, max_size=3))
    totals = [sum(max(0, c - n) for c in lengths) for n in range(order)]
    counts = [draw(st.integers(0, t)) for t in totals]
    return [sum(lengths), draw(st.integers(0, 40)), *counts, *totals]


@settings(SETTINGS, max_examples=150)
@given(
    order=st.integers(1, 5),
    data=st.data(),
    smooth=st.sampled_from(tuple(SMOOTH_DEFAULTS)),
    smooth_value=st.sampled_from([None, 0, 0.1, 0.5, 2]),
    effective_order=st.booleans(),
)
def test_scores_from_stats_of_both_twins_equal_compute_bleu(
    order, data, smooth, smooth_value, effective_order
):
    table = data.draw(st.lists(stat_rows(order), min_size=1, max_size=5))
    options = (smooth, smooth_value, effective_order)
    vector = bleu.rules.scores_from_stats(table, *options)
    for row, score in zip(table, vector):
        theirs = BLEU.compute_bleu(
            row[2 : 2 + order], row[2 + order :], row[0], row[1], smooth, smooth_value,
            effective_order, order,
        )  # fmt: skip
        assert math.isclose(score, theirs.score, rel_tol=1e-12, abs_tol=1e-12), (row, theirs)
        ours = bleu.rules.score_from_stats(row, *options)
        assert math.isclose(ours.score, theirs.score, rel_tol=1e-12, abs_tol=1e-12)
        assert ours.precisions == pytest.approx(theirs.precisions, rel=1e-12, abs=1e-12)
        assert (ours.counts, ours.totals, ours.bp) == (theirs.counts, theirs.totals, theirs.bp)


@settings(SETTINGS, max_examples=40)
@given(corpus=raw_corpus(), smooth=st.sampled_from(tuple(SMOOTH_DEFAULTS)))
def test_corpus_and_sentence_scores_of_both_twins_equal_sacrebleus(corpus, smooth):
    hyps, streams = corpus
    streams = [[s if s is not None else "" for s in stream] for stream in streams]
    theirs = sacrebleu.corpus_bleu(hyps, streams, smooth_method=smooth)
    for func in (bleu.chunked.corpus_score, sacrebleu_rules.corpus_score, bleu.corpus_score):
        ours = func(hyps, streams, smooth=smooth)
        assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
        assert (ours.counts, ours.totals) == (theirs.counts, theirs.totals)
        assert ours.precisions == pytest.approx(theirs.precisions, abs=1e-9)
        assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
        assert ours.bp == pytest.approx(theirs.bp, abs=1e-12)
    refs = [stream[0] for stream in streams]
    theirs = sacrebleu.sentence_bleu(hyps[0], refs, smooth_method=smooth)
    ours = bleu.sentence_score(hyps[0], refs, smooth=smooth)
    assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
    assert ours.precisions == pytest.approx(theirs.precisions, abs=1e-9)


def test_references_count_in_the_signature_as_sacrebleus():
    hyps = ["a b c", "d e"]
    for streams in ([["a b c", "d e"]], [["a b c", "d e"], ["a b", None]], [["a", "d"]] * 3):
        metric = BLEU()
        metric.corpus_score(hyps, streams)
        theirs = str(metric.get_signature()).split("|")[0]
        for func in (bleu.chunked.corpus_score, sacrebleu_rules.corpus_score):
            assert func(hyps, streams).signature.split("|")[0] == theirs


# --- significance, from statistics and from text --------------------------------------------


@pytest.fixture(scope="module")
def systems():
    rnd = random.Random(4)
    words_ = [*VOCAB, "is", "in", "park", "ran", "big"]
    refs = [" ".join(rnd.choices(words_, k=rnd.randint(4, 12))) for _ in range(60)]

    def system(rate, seed):
        r = random.Random(seed)
        return [
            " ".join(w if r.random() > rate else r.choice(words_) for w in ref.split())
            for ref in refs
        ]

    return refs, system(0.35, 1), system(0.25, 2)


def _rows(hyps, refs):
    return np.array(BLEU()._extract_corpus_statistics(hyps, [refs]))  # sacreBLEU's own rows


def test_paired_bootstrap_from_stats_equals_sacrebleu(systems, monkeypatch):
    refs, base, system = systems
    theirs_base, theirs = sacre_paired(base, system, refs, "bs", 500, monkeypatch)
    ours = sig.paired_bootstrap_from_stats(_rows(base, refs), _rows(system, refs), 500)
    assert ours.score == pytest.approx(theirs.score, abs=1e-9)
    assert ours.baseline.score == pytest.approx(theirs_base.score, abs=1e-9)
    assert abs(ours.p_value - theirs.p_value) <= 1 / 501 + 1e-12
    assert ours.mean == pytest.approx(theirs.mean, abs=1e-4)
    assert ours.ci == pytest.approx(theirs.ci, abs=1e-4)
    assert ours.baseline.mean == pytest.approx(theirs_base.mean, abs=1e-4)
    assert ours.baseline.ci == pytest.approx(theirs_base.ci, abs=1e-4)
    assert ours == sig.paired_bootstrap(base, system, [refs], n_samples=500)


def test_approximate_randomization_from_stats_equals_sacrebleu(systems, monkeypatch):
    refs, base, system = systems
    theirs_base, theirs = sacre_paired(
        base, system, refs, "ar", 1000, monkeypatch, n_ar_confidence=200
    )
    ours = sig.approximate_randomization_from_stats(
        _rows(base, refs), _rows(system, refs), 1000, n_confidence=200
    )
    assert ours.score == pytest.approx(theirs.score, abs=1e-9)
    assert ours.baseline_score == pytest.approx(theirs_base.score, abs=1e-9)
    assert abs(ours.p_value - theirs.p_value) <= 1 / 1001 + 1e-12
    assert ours.mean == pytest.approx(theirs.mean, abs=1e-4)
    assert ours.ci == pytest.approx(theirs.ci, abs=1e-4)


def test_confidence_from_stats_equals_sacrebleu(systems):
    refs, _, system = systems
    theirs = BLEU().corpus_score(system, [refs], n_bootstrap=400)
    for ours in (
        sig.confidence_from_stats(_rows(system, refs), 400),
        sig.confidence_interval(system, [refs], n_samples=400),
    ):
        assert ours.score == pytest.approx(theirs.score, abs=1e-9)
        assert ours.mean == pytest.approx(theirs._mean, abs=1e-4)
        assert ours.ci == pytest.approx(theirs._ci, abs=1e-4)


def _sacre_resampled_scores(rows, n):
    """sacreBLEU's own bootstrap scores (its _bootstrap_resample, default seed 12345)."""
    _, scores = sacrebleu.significance._bootstrap_resample(rows.tolist(), BLEU(), n)
    return np.array([score.score for score in scores])


def test_every_resampled_score_equals_sacrebleus(systems, monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    refs, base, system = systems
    base_rows, sys_rows = _rows(base, refs), _rows(system, refs)
    sacre_sys = _sacre_resampled_scores(sys_rows, 300)
    sacre_base = _sacre_resampled_scores(base_rows, 300)
    ours = sig.confidence_from_stats(sys_rows, 300)
    np.testing.assert_allclose(ours.samples, sacre_sys, rtol=0, atol=1e-4)  # float32 sums
    paired = sig.paired_bootstrap_from_stats(base_rows, sys_rows, 300)
    np.testing.assert_allclose(paired.samples, [sacre_sys, sacre_base], rtol=0, atol=1e-4)
    # sacreBLEU's estimate_ci and p-value on its own scores
    assert (ours.mean, ours.ci) == pytest.approx(estimate_ci(sacre_sys), abs=1e-4)
    diffs = np.abs(sacre_sys - sacre_base)
    delta = abs(paired.score - paired.baseline.score)
    assert paired.p_value == _compute_p_value(diffs - diffs.mean(), delta)


def test_every_randomization_trial_equals_sacrebleus(systems):
    """sacreBLEU's paired AR loop, written out with its own scorer and swap masks."""
    refs, base, system = systems
    base_rows, sys_rows = _rows(base, refs), _rows(system, refs)
    rng = np.random.default_rng(12345)
    swap = rng.integers(2, size=(300, len(base_rows)), dtype=bool)
    shuffled_a = swap @ base_rows + ~swap @ sys_rows
    shuffled_b = ~swap @ base_rows + swap @ sys_rows
    metric = BLEU()
    diffs = np.array(
        [
            abs(
                metric._compute_score_from_stats(a).score
                - metric._compute_score_from_stats(b).score
            )
            for a, b in zip(shuffled_a, shuffled_b)
        ]
    )
    ours = sig.approximate_randomization_from_stats(base_rows, sys_rows, 300)
    np.testing.assert_allclose(ours.samples, diffs, rtol=1e-12, atol=1e-12)
    delta = abs(
        metric._compute_score_from_stats(sys_rows.sum(axis=0)).score
        - metric._compute_score_from_stats(base_rows.sum(axis=0)).score
    )
    assert ours.p_value == _compute_p_value(diffs, delta)
    assert ours.score == pytest.approx(metric._compute_score_from_stats(sys_rows.sum(0)).score)


def test_a_system_against_itself_gives_p_one():
    rows = _rows(["a b c d", "e f"], ["a b c x", "e f"])
    for test in (sig.paired_bootstrap_from_stats, sig.approximate_randomization_from_stats):
        assert test(rows, rows, 50).p_value == 1.0


# --- the other metrics ---------------------------------------------------------------------

METRIC_CASES = [
    (["the cat sat on the mat", "a cat is on the mat"], "the cat is on a mat"),
    (["It is a guide to action that ensures obedience"], "It is a guide to action"),
    (["he reads the book", "he is reading a book"], "a book he reads"),
]


@pytest.mark.parametrize(("refs", "hyp"), METRIC_CASES)
def test_metric_wrappers_equal_their_libraries(refs, hyp):
    assert metrics.chrf(refs, hyp) == CHRF().sentence_score(hyp, refs).score / 100
    assert metrics.chrf(refs, hyp, beta=1) == CHRF(beta=1).sentence_score(hyp, refs).score / 100
    theirs = TER().sentence_score(hyp, refs)
    ours = metrics.ter(refs, hyp)
    assert (ours.score, ours.num_edits, ours.ref_length) == (
        theirs.score,
        theirs.num_edits,
        theirs.ref_length,
    )
    assert metrics.nltk_chrf(refs, hyp) == max(sentence_chrf(r, hyp) for r in refs)
    ref_tokens, hyp_tokens = [r.split() for r in refs], hyp.split()
    if len(hyp_tokens) >= 5:
        assert metrics.nist(ref_tokens, hyp_tokens) == sentence_nist(ref_tokens, hyp_tokens)
    assert metrics.meteor(ref_tokens, hyp_tokens) == meteor_score(
        ref_tokens, hyp_tokens, wordnet=metrics.NO_WORDNET
    )


@pytest.mark.parametrize(("refs", "hyp"), METRIC_CASES)
def test_meteor_from_counts_equals_nltks_meteor_on_nltks_alignment(refs, hyp):
    h = hyp.split()
    for ref in refs:
        r = ref.split()
        pairs, _, _ = align_words(h, r, wordnet=metrics.NO_WORDNET)
        theirs = single_meteor_score(r, h, wordnet=metrics.NO_WORDNET)
        chunks = _count_chunks(pairs)
        assert metrics.count_chunks(pairs) == chunks
        ours = metrics.meteor_from_counts(len(pairs), len(h), len(r), chunks)
        assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0.0), (ours, theirs)
