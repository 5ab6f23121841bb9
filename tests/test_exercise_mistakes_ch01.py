"""Notebook 01's numeric exercises name a student's slip without giving the answer (issue 28).

Each case is a plausible wrong answer, typed as a student would (rounded to the 4 significant
figures the notebooks print), computed here from the exercise's own inputs: the cross-entropy
instead of the perplexity, a log in one base and a power in the other, the inverse, 1/P(W),
a vocabulary size without the padding symbols, a Laplace formula with half its correction, a
sentence without its padding or with <s> counted as a token. One test per diagnosis: each
checks that the answer gets "Not yet" with its own hint, and that the hint does not print the
answer.
"""

from __future__ import annotations

import math

import pytest

from bleu import lm
from bleu.exercises import check, reset_tries
from bleu.exercises.ch01 import PROBABILITIES, SENTENCE, toy_model


@pytest.fixture(autouse=True)
def _first_try():
    reset_tries()
    yield
    reset_tries()


def typed(value: float) -> str:
    """``value`` as a student types it from a printout: 4 significant figures."""
    return f"{value:.4g}"


def verdict(exercise_id: str, answer) -> str:
    result = check(exercise_id, answer)
    assert not result.correct, (exercise_id, answer)
    expected = {
        "ch01.geometric-mean": lm.perplexity(PROBABILITIES),
        "ch01.laplace-prob": toy_model("laplace").score("mat", ["the"]),
        "ch01.sentence-perplexity": lm.sentence_perplexity(toy_model("laplace"), SENTENCE.split()),
    }[exercise_id]
    for shown in (f"{expected:.4g}", f"{expected:.3g}", repr(expected)):
        assert shown not in result.message, (shown, result.message)
    return result.message


def _bits(probabilities) -> float:
    return lm.cross_entropy(probabilities, base=2)


def _sentence_probs() -> list[float]:
    return lm.token_probabilities(toy_model("laplace"), SENTENCE.split())


CASES = {
    # shared by exercises 1 and 3: (name, hint fragment, the wrong answer for a list of p)
    "bits": ("cross-entropy in bits per token", _bits),
    "nats": ("cross-entropy in nats per token", lambda p: _bits(p) * math.log(2)),
    "exp-of-bits": ("must have the same base", lambda p: math.exp(_bits(p))),
    "two-to-nats": ("must have the same base", lambda p: 2 ** (_bits(p) * math.log(2))),
    "inverse": ("1 / perplexity", lambda p: 1 / lm.perplexity(p)),
    "one-over-P(W)": ("that is 1/P(W)", lambda p: 1 / math.prod(p)),
}


@pytest.mark.parametrize("slip", sorted(CASES))
def test_exercise_1_names_the_perplexity_slip(slip):
    fragment, wrong = CASES[slip]
    assert fragment in verdict("ch01.geometric-mean", typed(wrong(PROBABILITIES)))


@pytest.mark.parametrize("slip", sorted(CASES))
def test_exercise_3_names_the_perplexity_slip(slip):
    fragment, wrong = CASES[slip]
    assert fragment in verdict("ch01.sentence-perplexity", typed(wrong(_sentence_probs())))


def test_exercise_1_arithmetic_mean_and_mean_probability():
    arithmetic = sum(1 / p for p in PROBABILITIES) / len(PROBABILITIES)
    assert "arithmetic mean of 1/p" in verdict("ch01.geometric-mean", typed(arithmetic))
    mean_p = sum(PROBABILITIES) / len(PROBABILITIES)
    assert "1 / (mean probability)" in verdict("ch01.geometric-mean", typed(1 / mean_p))


def _laplace_parts() -> tuple[int, int, int]:
    model = toy_model("mle")
    return model.counts[["the"]]["mat"], model.counts[["the"]].N(), len(model.vocab)


def test_exercise_2_mle_estimate():
    count, context, _ = _laplace_parts()
    assert "the MLE estimate" in verdict("ch01.laplace-prob", typed(count / context))


@pytest.mark.parametrize("short", [1, 2])
def test_exercise_2_vocabulary_without_the_padding_symbols(short):
    count, context, vocabulary = _laplace_parts()
    answer = typed((count + 1) / (context + vocabulary - short))
    assert "V is len(laplace.vocab)" in verdict("ch01.laplace-prob", answer)


def test_exercise_2_forgot_the_added_one():
    count, context, vocabulary = _laplace_parts()
    answer = typed(count / (context + vocabulary))
    assert "add 1 to the bigram's count too" in verdict("ch01.laplace-prob", answer)


def test_exercise_2_forgot_the_vocabulary_in_the_denominator():
    count, context, _ = _laplace_parts()
    answer = typed((count + 1) / context)
    assert "add V to the denominator too" in verdict("ch01.laplace-prob", answer)


def test_exercise_2_added_one_to_the_denominator():
    count, context, _ = _laplace_parts()
    answer = typed((count + 1) / (context + 1))
    assert "grows by V" in verdict("ch01.laplace-prob", answer)


def test_exercise_3_without_the_end_token():
    answer = typed(lm.perplexity(_sentence_probs()[:-1]))
    assert "</s> is predicted too" in verdict("ch01.sentence-perplexity", answer)


def test_exercise_3_without_any_padding():
    answer = typed(lm.perplexity(_sentence_probs()[1:-1]))
    assert "pad the sentence with <s> in front" in verdict("ch01.sentence-perplexity", answer)


def test_exercise_3_start_symbol_counted_as_a_token():
    probs = _sentence_probs()
    answer = typed(math.exp(-sum(math.log(p) for p in probs) / (len(probs) + 1)))
    assert "<s> is only context" in verdict("ch01.sentence-perplexity", answer)


def test_exercise_3_the_mle_model():
    assert "inf is the MLE model's answer" in verdict("ch01.sentence-perplexity", math.inf)
