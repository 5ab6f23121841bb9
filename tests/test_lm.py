"""Tests of bleu.lm: perplexity formulas and the toy nltk.lm bigram models of notebook 01."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bleu import lm

SENTS = [s.split() for s in lm.TOY_CORPUS]


@pytest.fixture(scope="module")
def mle():
    return lm.train_lm(SENTS, smoothing="mle")


@pytest.fixture(scope="module")
def laplace():
    return lm.train_lm(SENTS, smoothing="laplace")


probs = st.lists(st.floats(min_value=1e-6, max_value=1.0), min_size=1, max_size=30)


@given(probs)
def test_exp_of_nats_equals_two_to_the_bits(ps):
    assert math.isclose(lm.perplexity(ps), lm.perplexity_bits(ps), rel_tol=1e-9)


@given(probs)
def test_perplexity_is_the_geometric_mean_of_inverse_probabilities(ps):
    geometric = math.exp(sum(math.log(1 / p) for p in ps) / len(ps))
    assert math.isclose(lm.perplexity(ps), geometric, rel_tol=1e-9)
    assert 1.0 <= lm.perplexity(ps) * (1 + 1e-12) and lm.perplexity(ps) <= 1 / min(ps) * (1 + 1e-9)


@pytest.mark.parametrize("k", [1, 2, 10, 50, 1000])
def test_uniform_over_k_words_has_perplexity_k(k):
    assert math.isclose(lm.perplexity([1 / k] * 7), k, rel_tol=1e-12)
    assert math.isclose(lm.distribution_perplexity([1 / k] * k), k, rel_tol=1e-12)


def test_exact_probabilities_are_accepted():
    assert math.isclose(lm.perplexity([Fraction(1, 2), Fraction(1, 8)]), 4.0)
    assert lm.cross_entropy([0.5, 0.25], base=2) == 1.5


def test_a_zero_probability_makes_perplexity_infinite():
    assert lm.perplexity([0.5, 0.0]) == math.inf
    assert lm.perplexity_bits([0.0]) == math.inf


def test_distribution_perplexity_falls_as_mass_concentrates():
    values = [lm.distribution_perplexity([q] + [(1 - q) / 9] * 9) for q in (0.1, 0.5, 0.9, 1.0)]
    assert values == sorted(values, reverse=True)
    assert math.isclose(values[0], 10) and values[-1] == 1.0


@pytest.mark.parametrize(
    "bad, error",
    [
        ("0.5 0.5", TypeError),
        ([], ValueError),
        ([1.5], ValueError),
        ([float("nan")], ValueError),
        (["a"], TypeError),
        ([True], TypeError),
    ],
)
def test_bad_probabilities_are_rejected(bad, error):
    with pytest.raises(error, match="probabilities"):
        lm.perplexity(bad)


def test_distribution_must_sum_to_one():
    with pytest.raises(ValueError, match="distribution"):
        lm.distribution_perplexity([0.5, 0.4])


def test_padded_ngrams():
    assert lm.padded_ngrams(["a"], order=3) == [
        ("<s>", "<s>", "a"),
        ("<s>", "a", "</s>"),
        ("a", "</s>", "</s>"),
    ]
    with pytest.raises(TypeError, match="tokens"):
        lm.padded_ngrams("the cat")


def test_mle_probabilities_are_count_ratios(mle):
    assert mle.score("dog", ["the"]) == 3 / 14
    assert mle.score("mat", ["the"]) == 1 / 14
    assert len(mle.vocab) == 17  # 14 words + <s>, </s>, <UNK>


def test_laplace_adds_one_and_the_vocabulary_size(laplace):
    assert math.isclose(laplace.score("mat", ["the"]), (1 + 1) / (14 + 17))
    assert math.isclose(laplace.score("park", ["cat"]), 1 / (2 + 17))
    total = sum(laplace.score(w, ["the"]) for w in laplace.vocab)
    assert math.isclose(total, 1.0)


def test_sentence_perplexity_matches_nltk_and_the_product(mle, laplace):
    sent = "the cat sat in the park".split()
    for model in (mle, laplace):
        nltk_value = model.perplexity(lm.padded_ngrams(sent, 2))
        assert math.isclose(lm.sentence_perplexity(model, sent), nltk_value, rel_tol=1e-12)
        ps = lm.token_probabilities(model, sent)
        assert len(ps) == len(sent) + 1
        assert math.isclose(math.prod(ps) ** (-1 / len(ps)), nltk_value, rel_tol=1e-12)


def test_mle_gives_inf_for_unseen_bigram_and_unknown_word_laplace_does_not(mle, laplace):
    unseen_bigram = "the cat ran on the mat".split()  # 'cat ran' never occurs
    unknown_word = "the cat slept on the mat".split()  # 'slept' is not in the vocabulary
    for sent in (unseen_bigram, unknown_word):
        assert lm.sentence_perplexity(mle, sent) == math.inf
        assert math.isfinite(lm.sentence_perplexity(laplace, sent))
    seen = SENTS[0]
    assert lm.sentence_perplexity(mle, seen) < lm.sentence_perplexity(laplace, seen)


def test_the_toy_model_prefers_fluent_wrong_translations(laplace):
    faithful = lm.sentence_perplexity(laplace, "a cat slept on the mat".split())
    for wrong in ("the cat sat on the mat", "the dog ran in the park"):
        assert lm.sentence_perplexity(laplace, wrong.split()) < faithful


def test_train_lm_rejects_bad_arguments():
    with pytest.raises(ValueError, match="smoothing"):
        lm.train_lm(SENTS, smoothing="kneser-ney")
    with pytest.raises(TypeError, match="sentences"):
        lm.train_lm(["the cat sat"])
    with pytest.raises(ValueError, match="order"):
        lm.train_lm(SENTS, order=0)
