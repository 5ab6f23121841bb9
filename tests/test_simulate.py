"""bleu.simulate: the reference corpus in data/ and the seeded corruptions."""

from __future__ import annotations

import numpy as np
import pytest

import bleu
from bleu.simulate import (
    KINDS,
    corrupt,
    generate_sentences,
    load_corpus,
    simulate_system,
)


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_data_file_is_the_generator_output(corpus):
    assert len(corpus) == 500
    assert corpus == generate_sentences(500, seed=2024)
    assert len(set(corpus)) == len(corpus)
    lengths = [len(s.split()) for s in corpus]
    assert min(lengths) >= 5 and max(lengths) <= 40


def test_generator_is_seeded():
    assert generate_sentences(20, seed=1) == generate_sentences(20, seed=1)
    assert generate_sentences(20, seed=1) != generate_sentences(20, seed=2)
    with pytest.raises(ValueError, match="n must"):
        generate_sentences(-1)


@pytest.mark.parametrize("kind", KINDS)
def test_rate_zero_is_the_reference_and_a_seed_repeats(corpus, kind):
    refs = corpus[:50]
    assert simulate_system(refs, kind, 0.0, seed=3) == refs
    assert simulate_system(refs, kind, 0.3, seed=3) == simulate_system(refs, kind, 0.3, seed=3)
    assert simulate_system(refs, kind, 0.3, seed=3) != refs


@pytest.mark.parametrize("kind", KINDS)
def test_bleu_falls_as_the_rate_grows(corpus, kind):
    scores = [
        bleu.corpus_score(simulate_system(corpus, kind, rate, seed=0), [corpus]).score
        for rate in (0.0, 0.1, 0.3, 0.6)
    ]
    assert scores[0] == pytest.approx(100.0)
    assert scores == sorted(scores, reverse=True) and scores[-1] < 60


def test_each_corruption_does_what_it_says():
    rng = np.random.default_rng(0)
    words = "a b c d e f g h i j".split()
    dropped = corrupt(words, "drop", 0.5, rng)
    assert len(dropped) < len(words) and all(w in words for w in dropped)
    assert dropped == [w for w in words if w in dropped]  # order kept
    subbed = corrupt(words, "substitute", 1.0, rng, vocabulary=["x"])
    assert subbed == ["x"] * len(words)
    swapped = corrupt(words, "reorder", 1.0, rng)
    assert swapped == "b a d c f e h g j i".split()
    assert corrupt(words, "truncate", 0.25, rng) == words[:8]
    assert corrupt(words, "truncate", 1.0, rng) == []


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((["a b"], "shuffle", 0.1), ValueError, "kind"),
        ((["a b"], "drop", 1.5), ValueError, "between 0 and 1"),
        ((["a b"], "drop", "0.1"), TypeError, "rate"),
        (("a b", "drop", 0.1), TypeError, "single string"),
    ],
)
def test_bad_arguments(args, error, match):
    with pytest.raises(error, match=match):
        simulate_system(*args)


def test_substitute_needs_a_vocabulary():
    with pytest.raises(ValueError, match="vocabulary"):
        corrupt(["a"], "substitute", 0.5, np.random.default_rng(0))
