"""Soft BLEU (bleu.soft): exact on one-hot input, analytic gradient = finite differences.

Zero precisions: on one-hot input a weighted precision can be exactly 0; soft BLEU then
returns exactly 0.0, as ``bleu.sentence_bleu`` does without smoothing, so the two are
compared with ``==`` (no tolerance) on every input, zero scores included.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bleu import sentence_bleu, soft

WEIGHTS = [(0.25,) * 4, (0.5, 0.5), (1.0,), (0.1, 0.2, 0.3, 0.4), (0.0, 1.0), (0.2,) * 5]


@st.composite
def one_hot_cases(draw):
    """A vocabulary, a hypothesis, 1-3 references, weights and maybe an end token (id 0)."""
    vocab = draw(st.integers(2, 6))
    eos = draw(st.sampled_from([None, 0]))
    low = 1 if eos == 0 else 0
    ids = st.integers(low, vocab - 1)
    hyp = draw(st.lists(st.integers(0, vocab - 1), min_size=1, max_size=12))
    refs = draw(st.lists(st.lists(ids, max_size=12), min_size=1, max_size=3))
    return vocab, hyp, refs, draw(st.sampled_from(WEIGHTS)), eos


@settings(max_examples=150, deadline=None)
@given(one_hot_cases())
def test_one_hot_soft_bleu_equals_sentence_bleu_exactly(case):
    vocab, hyp, refs, weights, eos = case
    probs = soft.one_hot(hyp, vocab)
    tokens = soft.argmax_ids(probs, eos)  # the hypothesis cut before the first eos
    assert soft.soft_bleu(probs, refs, weights, eos) == sentence_bleu(refs, tokens, weights)


def test_one_hot_examples_nonzero_and_zero():
    ref = [1, 2, 3, 4, 1, 5]  # the cat sat on the mat
    hyp = [1, 2, 3, 4, 1, 1, 5]
    assert soft.soft_bleu(soft.one_hot(hyp, 6), [ref]) == sentence_bleu([ref], hyp) > 0
    shuffled = [5, 1, 4, 3, 2, 1]  # no matching 3-gram: exactly 0.0 on both sides
    assert soft.soft_bleu(soft.one_hot(shuffled, 6), [ref]) == 0.0
    assert sentence_bleu([ref], shuffled) == 0.0


def test_eos_cuts_the_hypothesis():
    ref = [1, 2, 3, 4, 1, 5]
    probs = soft.one_hot([1, 2, 3, 4, 0, 1, 5], 6)  # 0 = end token
    assert soft.soft_bleu(probs, [ref], eos=0) == sentence_bleu([ref], [1, 2, 3, 4])
    assert soft.soft_stats(probs, [ref], eos=0).hyp_len == 4.0


def test_expected_counts_match_enumeration():
    """E_g and d_n are exact expectations: enumerate all V**T sequences of a tiny case."""
    rng = np.random.default_rng(3)
    vocab, length, eos = 3, 4, 0
    probs = soft.softmax(rng.normal(size=(length, vocab)))
    grams = np.array([[1, 2], [2, 2]])
    exp_counts, exp_bigrams = np.zeros(2), 0.0
    for seq in np.ndindex(*(vocab,) * length):
        weight = np.prod([probs[t, v] for t, v in enumerate(seq)])
        toks = list(seq[: seq.index(eos)] if eos in seq else seq)
        pairs = list(itertools.pairwise(toks))
        exp_counts += weight * np.array([pairs.count(tuple(g)) for g in grams])
        exp_bigrams += weight * len(pairs)
    assert np.allclose(soft.expected_counts(probs, grams, eos), exp_counts, rtol=1e-12)
    assert math.isclose(soft.expected_totals(probs, 2, eos)[1], exp_bigrams, rel_tol=1e-12)


# ---------------------------------------------------------------- gradient


def numerical_grad(f, z, h=1e-5):
    """Central differences ``(f(z + h e) - f(z - h e)) / 2h`` entry by entry."""
    grad = np.zeros_like(z)
    for idx in np.ndindex(z.shape):
        step = np.zeros_like(z)
        step[idx] = h
        grad[idx] = (f(z + step) - f(z - step)) / (2 * h)
    return grad


def relative_error(a, b):
    """``|a - b| / max(|a|, |b|)`` with Frobenius norms."""
    return np.linalg.norm(a - b) / max(np.linalg.norm(a), np.linalg.norm(b), 1e-300)


def far_from_kinks(probs, refs, weights, eos, margin=1e-3):
    """True when no min(E_g, M_g), c == r or closest-length switch is within ``margin``."""
    for n in range(1, len(weights) + 1):
        grams, limits = soft.reference_ngrams(refs, n)
        if np.any(np.abs(soft.expected_counts(probs, grams, eos) - limits) < margin):
            return False
    if eos is None:
        return True  # the length is the constant T
    c = soft.expected_totals(probs, 1, eos)[0]
    lengths = sorted({len(r) for r in refs})
    kinks = lengths + [(a + b) / 2 for a, b in itertools.pairwise(lengths)]
    return all(abs(c - k) > margin for k in kinks)


@st.composite
def logit_cases(draw):
    vocab = draw(st.integers(3, 6))
    length = draw(st.integers(2, 7))
    eos = draw(st.sampled_from([None, 0]))
    ids = st.integers(1 if eos == 0 else 0, vocab - 1)
    refs = draw(st.lists(st.lists(ids, min_size=4, max_size=8), min_size=1, max_size=2))
    seed = draw(st.integers(0, 2**32 - 1))
    scale = draw(st.sampled_from([0.5, 1.0, 3.0]))
    logits = np.random.default_rng(seed).normal(size=(length, vocab)) * scale
    if eos == 0:
        logits[:, 0] -= 1.0  # keep the expected length away from 0
    return logits, refs, draw(st.sampled_from(WEIGHTS[:4])), eos


@settings(max_examples=40, deadline=None)
@given(logit_cases())
def test_gradient_matches_central_differences(case):
    logits, refs, weights, eos = case
    probs = soft.softmax(logits)
    score = soft.soft_bleu(probs, refs, weights, eos)
    assume(score > 1e-12 and far_from_kinks(probs, refs, weights, eos))
    value, grad = soft.soft_bleu_grad(logits, refs, weights, eos)
    assert value == score
    num = numerical_grad(lambda z: soft.soft_bleu(soft.softmax(z), refs, weights, eos), logits)
    # Central differences with h = 1e-5 are off by about h^2 * f'''(z) / 6 = 1.7e-11 * f''':
    # with logits drawn at scale 3 the third derivative reaches ~100 (one example differed by
    # 2.1e-9 in an entry of size 1e-6), so the entrywise bound is 1e-8.
    assert np.abs(grad - num).max() < 1e-8
    # A locally flat score (e.g. every unigram below its clip: p_1 = T / T whatever the
    # logits) has a zero gradient; the finite differences are then rounding noise.
    if np.linalg.norm(num) > 1e-6:
        assert relative_error(grad, num) < 1e-6


def test_loss_gradient_matches_central_differences_with_eos_and_two_references():
    rng = np.random.default_rng(7)
    logits = rng.normal(size=(6, 5))
    refs, eos = [[1, 2, 3, 4, 1], [1, 2, 4, 3, 1, 2, 3]], 0
    loss, grad = soft.soft_bleu_loss(logits, refs, eos=eos)
    assert loss == pytest.approx(-math.log(soft.soft_bleu(soft.softmax(logits), refs, eos=eos)))
    num = numerical_grad(lambda z: soft.soft_bleu_loss(z, refs, eos=eos)[0], logits)
    assert relative_error(grad, num) < 1e-6
    assert np.abs(grad[:, eos]).max() > 1e-3  # the length term really reaches the eos column


def test_gradient_is_zero_where_bleu_is_zero():
    logits = np.zeros((2, 4))  # two positions: no 3-gram, p_3 = 0
    value, grad = soft.soft_bleu_grad(logits, [[1, 2, 3]])
    assert value == 0.0 and not grad.any()
    assert soft.soft_bleu_loss(logits, [[1, 2, 3]])[0] == math.inf


def test_gradient_ascent_raises_soft_bleu():
    ref = [1, 2, 3, 4, 1, 5]
    logits = np.random.default_rng(0).normal(size=(6, 7))
    scores = []
    for _ in range(30):
        value, grad = soft.soft_bleu_grad(logits, [ref])
        scores.append(value)
        logits = logits + 0.5 * grad / value  # ascent on log soft BLEU
    assert scores[-1] > 5 * scores[0]
    assert all(b > a for a, b in itertools.pairwise(scores))


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: soft.soft_bleu([0.5, 0.5], [[1]]), ValueError, "probs must be 2-D"),
        (lambda: soft.soft_bleu("abc", [[1]]), TypeError, "probs"),
        (lambda: soft.soft_bleu([[0.5, 0.4]], [[1]]), ValueError, "probs row 0 sums to 0.9"),
        (lambda: soft.soft_bleu([[1.5, -0.5]], [[1]]), ValueError, "probs has a negative"),
        (lambda: soft.soft_bleu([[np.nan, 1.0]], [[1]]), ValueError, "probs contains NaN"),
        (lambda: soft.soft_bleu(np.zeros((0, 3)), [[1]]), ValueError, "at least one row"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[0, 2]]), ValueError, r"references\[0\].*id 2"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[-1]]), ValueError, r"references\[0\]"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [["cat"]]), TypeError, "integer token ids"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[1.0]]), TypeError, "integer token ids"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [0, 1]), TypeError, r"write \[ids\]"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], []), ValueError, "references is empty"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], "01"), TypeError, "references"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[1]], eos=2), ValueError, "eos"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[1, 0]], eos=0), ValueError, "end token"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[1]], weights=(-1,)), ValueError, "weights"),
        (lambda: soft.soft_bleu([[1.0, 0.0]], [[1]], weights=()), ValueError, "weights"),
        (lambda: soft.soft_bleu_grad([[np.inf, 0.0]], [[1]]), ValueError, "logits"),
        (lambda: soft.soft_bleu_grad([1.0, 0.0], [[1]]), ValueError, "logits must be 2-D"),
        (lambda: soft.soft_stats([[1.0, 0.0]], [[1]], max_n=0), ValueError, "max_n"),
        (lambda: soft.one_hot([3], 3), ValueError, "ids"),
        (lambda: soft.one_hot([], 3), ValueError, "ids is empty"),
    ],
)
def test_bad_input_names_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
