"""Document 004's differentiable BLEU (bleu.variants_soft): each slip shown on an input.

The expected values are worked out by hand (or by central differences), never by calling
the function under test a second time; where the slip cannot show (no repeated n-gram),
the document's counts must agree with bleu's own clipped counts.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bleu
from bleu import soft
from bleu import variants_soft as V
from bleu.precision import match_counts

VOCAB = ["<eos>", "the", "cat", "sat", "on", "mat"]


def one_hot(words: str):
    return soft.one_hot([VOCAB.index(w) for w in words.split()], len(VOCAB))


def central_difference(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


# -- hyp_length = sum(mask_B) counts distinct n-grams ----------------------------------------
def test_the_the_the_gets_precision_1_where_bleu_gives_one_third():
    tp, hyp_length, ref_length = V.counts_004(one_hot("the the the"), one_hot("the cat"))
    assert (tp, hyp_length, ref_length) == (1.0, 1.0, 2.0)
    assert tp / hyp_length == 1.0
    right = bleu.modified_precision(["the cat".split()], "the the the".split(), 1)
    assert float(right) == pytest.approx(1 / 3)
    # D9's brevity penalty then sees 1 word against 2: exp(1 - 2/1) instead of 1
    assert V.bleu1_004(tp, hyp_length, ref_length) == pytest.approx(math.exp(-1))
    assert bleu.sentence_bleu(["the cat".split()], "the the the".split(), (1.0,)) == pytest.approx(
        1 / 3
    )


def test_bigram_counts_by_hand():
    # bigrams of 'the cat the cat the': (the cat) x2, (cat the) x2 -> 2 distinct of 4
    counts = V.counts_004(one_hot("the cat the cat the"), one_hot("the cat sat on the mat"), n=2)
    assert counts == (1.0, 2.0, 5.0)  # only one 'the cat' in the reference; 5 distinct bigrams


@given(
    st.lists(st.integers(1, 5), min_size=1, max_size=8),
    st.lists(st.integers(1, 5), min_size=1, max_size=8),
    st.integers(1, 3),
)
def test_tp_is_bleus_clipped_count_and_hyp_length_the_distinct_count(hyp, ref, n):
    counts = V.counts_004(soft.one_hot(hyp, 6), soft.one_hot(ref, 6), n)
    matches, total = match_counts([ref], hyp, n)
    distinct = len({tuple(hyp[i : i + n]) for i in range(len(hyp) - n + 1)})
    distinct_ref = len({tuple(ref[i : i + n]) for i in range(len(ref) - n + 1)})
    assert counts.tp == pytest.approx(matches)
    assert counts.hyp_length == pytest.approx(distinct)
    assert counts.ref_length == pytest.approx(distinct_ref)
    if len(set(hyp)) == len(hyp):  # no repeats: the slip cannot show
        assert counts.hyp_length == pytest.approx(total)


def test_soft_rows_give_soft_masks():
    # position 1 is 'the' with probability 0.5: its first-occurrence mask is 1 - 0.5 = 0.5
    hyp = np.array([one_hot("the")[0], 0.5 * one_hot("the")[0] + 0.5 * one_hot("cat")[0]])
    counts = V.counts_004(hyp, one_hot("the cat"))
    assert counts.hyp_length == pytest.approx(1.5)


# -- D11, the gradient of -log BLEU ------------------------------------------------------------
def test_d11_lines_at_tp_3_hyp_4_ref_6():
    lines = V.d11_lines_004(3, 4, 6)
    bleu_d9 = math.exp(1 - 6 / 4) * 3 / 4  # BP * p_1
    assert V.bleu1_004(3, 4, 6) == pytest.approx(bleu_d9)
    assert lines.minus_bleu_prime_over_bleu == pytest.approx(-1 / 3)
    assert lines.bleu_inverse_times_bleu_prime == pytest.approx(1 / 3)
    assert lines.with_exponent_turned_round == pytest.approx(
        math.exp(math.log(3 / 4) + 1 - 4 / 6) / 3 / bleu_d9
    )
    assert lines.exponent_not_exp == pytest.approx((1 / 3) / bleu_d9)
    assert round(lines.exponent_not_exp, 3) == 0.733


def test_d11_lines_agree_with_finite_differences():
    tp, h, r = 3.0, 4.0, 6.0
    bleu_d9 = V.bleu1_004(tp, h, r)
    lines = V.d11_lines_004(tp, h, r)

    def neg_log_bleu(t):
        return -math.log(V.bleu1_004(t, h, r))

    assert lines.minus_bleu_prime_over_bleu == pytest.approx(
        central_difference(neg_log_bleu, tp), rel=1e-6
    )
    assert lines.bleu_inverse_times_bleu_prime == pytest.approx(
        central_difference(lambda t: V.bleu1_004(t, h, r), tp) / bleu_d9, rel=1e-6
    )
    assert lines.with_exponent_turned_round == pytest.approx(
        central_difference(lambda t: math.exp(V.exponent_004(t, h, r)), tp) / bleu_d9, rel=1e-6
    )
    assert lines.exponent_not_exp == pytest.approx(
        central_difference(lambda t: V.exponent_004(t, h, r), tp) / bleu_d9, rel=1e-6
    )


def test_weight_scales_the_tp_derivative():
    assert V.d11_lines_004(2, 5, 5, weight=0.5).minus_bleu_prime_over_bleu == pytest.approx(-0.25)


def test_brevity_penalty_004():
    assert V.brevity_penalty_004(7, 6) == 1.0
    assert V.brevity_penalty_004(3, 6) == pytest.approx(math.exp(-1))


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("call", "error", "name"),
    [
        (lambda: V.counts_004("the the", one_hot("the")), TypeError, "hypothesis"),
        (lambda: V.counts_004(one_hot("the"), [[0.5, 0.2]]), ValueError, "reference"),
        (lambda: V.counts_004(one_hot("the"), np.eye(3)), ValueError, "columns"),
        (lambda: V.counts_004(one_hot("the"), one_hot("the"), n=0), ValueError, "n"),
        (lambda: V.bleu1_004("3", 4, 6), TypeError, "tp"),
        (lambda: V.bleu1_004(3, 0, 6), ValueError, "hyp_length"),
        (lambda: V.bleu1_004(3, 4, -1), ValueError, "ref_length"),
        (lambda: V.bleu1_004(3, 4, 6, weight=True), TypeError, "weight"),
        (lambda: V.d11_lines_004(3, 7, 6), ValueError, "hyp_length"),
        (lambda: V.d11_lines_004(0, 4, 6), ValueError, "tp"),
        (lambda: V.exponent_004(float("nan"), 4, 6), ValueError, "tp"),
    ],
)
def test_bad_input_names_the_argument(call, error, name):
    with pytest.raises(error, match=name):
        call()
