"""bleu.batch (many sentence scores in one call; the pairwise matrix of MBR decoding)
against sacreBLEU 2.6.0 and NLTK 3.10.4, sentence by sentence.

Tolerances as DESIGN.md: 1e-9 to sacreBLEU, relative 1e-12 to NLTK. Memory and block
sizes are checked by what can be counted (block bounds, rows built), never by a clock.
"""

from __future__ import annotations

import math
import random
import warnings

import numpy as np
import pytest
import sacrebleu
from conftest import weight_choices
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nb
from sacrebleu.metrics import BLEU

import bleu
from bleu import batch, spans13a
from bleu.options import SMOOTH_DEFAULTS
from bleu.tokenizers import TOKENIZERS

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WORDS = [
    "the", "The", "cat", "sat", "on", "mat", "a", "is", "3.14", "1,000", "don't", "U.S.",
    "e-mail", "Straße", "жук", "东京", "猫", "。", ".", ",", "!", "(", '"', "&amp;", "$5",
    "…", "-", "...", "the", "cat", "on",
]  # fmt: skip


@st.composite
def corpora(draw, variable_refs: bool = True):
    """(hypotheses, reference streams): 1-12 segments, 1-3 streams, ``None`` gaps."""
    n = draw(st.integers(1, 12))
    n_refs = draw(st.integers(1, 3))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    hyps, streams = [], [[] for _ in range(n_refs)]
    for _ in range(n):
        base = rnd.choices(WORDS, k=rnd.randrange(16))

        def variant(base=base) -> str:
            words = [w for w in base if rnd.random() < 0.85] + rnd.choices(
                WORDS, k=rnd.randrange(3)
            )
            return "".join(w + rnd.choice([" ", " ", "", "  "]) for w in words)

        hyps.append(variant() if rnd.random() < 0.93 else "")
        for k, stream in enumerate(streams):
            gap = variable_refs and k > 0 and rnd.random() < 0.4
            stream.append(None if gap else variant())
    return hyps, streams


def sacre_sentence(hyps, streams, max_ngram_order=4, **options):
    """sacreBLEU's sentence BLEU of each segment against its references."""
    out = []
    for i, hyp in enumerate(hyps):
        refs = [s[i] for s in streams if s[i] is not None]
        if max_ngram_order == 4:
            out.append(sacrebleu.sentence_bleu(hyp, refs, **options).score)
        else:
            metric = BLEU(
                max_ngram_order=max_ngram_order,
                tokenize=options.get("tokenize"),
                lowercase=options.get("lowercase", False),
                smooth_method=options.get("smooth_method", "exp"),
                smooth_value=options.get("smooth_value"),
                effective_order=options.get("use_effective_order", True),
            )
            out.append(metric.sentence_score(hyp, refs).score)
    return np.array(out)


def assert_close(ours, theirs, rel=1e-9):
    assert ours.shape == theirs.shape
    assert np.allclose(ours, theirs, rtol=rel, atol=1e-12), np.abs(ours - theirs).max()


# --- sentence_scores -----------------------------------------------------------------------


@SETTINGS
@given(
    corpus=corpora(),
    tokenize=st.sampled_from(TOKENIZERS),
    smooth_method=st.sampled_from(tuple(SMOOTH_DEFAULTS)),
    smooth_value=st.one_of(st.none(), st.sampled_from([0, 0.01, 0.5, 2])),
    lowercase=st.booleans(),
    use_effective_order=st.booleans(),
    max_ngram_order=st.sampled_from([4, 4, 1, 2, 6]),
)
def test_sentence_scores_equal_sacrebleu_sentence_by_sentence(
    corpus, tokenize, smooth_method, smooth_value, lowercase, use_effective_order, max_ngram_order
):
    hyps, streams = corpus
    options = {
        "tokenize": tokenize,
        "smooth_method": smooth_method,
        "smooth_value": smooth_value,
        "lowercase": lowercase,
        "use_effective_order": use_effective_order,
    }
    ours = bleu.sentence_scores(hyps, streams, max_ngram_order=max_ngram_order, **options)
    assert ours.dtype == np.float64
    assert_close(ours, sacre_sentence(hyps, streams, max_ngram_order, **options))


def test_sentence_scores_defaults_are_sacrebleus_sentence_defaults():
    hyps = ["the cat sat", "a dog", "it is a guide to action"]
    refs = [["the cat sat on the mat", "a dog ran", "it is a guide to action which ensures"]]
    assert_close(bleu.sentence_scores(hyps, refs), sacre_sentence(hyps, refs))


def test_sentence_scores_in_many_blocks_on_two_threads(monkeypatch):
    """Small blocks (by characters and by cells): the same scores, in segment order."""
    rnd = random.Random(5)
    refs = [" ".join(rnd.choices(WORDS, k=rnd.randrange(1, 25))) for _ in range(400)]
    hyps = [" ".join(w for w in r.split() if rnd.random() < 0.8) for r in refs]
    expected = sacre_sentence(hyps, [refs])
    monkeypatch.setattr(batch, "BLOCK_CHARS", 500)
    assert len(batch.size_ranges(np.full(400, 100), batch.BLOCK_CHARS, batch.BLOCK_SEGMENTS)) == 80
    assert_close(bleu.sentence_scores(hyps, [refs]), expected)
    monkeypatch.setattr(batch, "ROW_CELLS", 50)  # 5 segments of 10 cells a block
    assert_close(bleu.sentence_scores(hyps, [refs]), expected)


def test_a_large_order_cuts_blocks_by_cells_not_memory():
    """max_ngram_order=10000: the blocks hold few segments, the rows stay small."""
    order = 10_000
    most = max(1, min(batch.BLOCK_SEGMENTS, batch.ROW_CELLS // (2 + 2 * order)))
    assert most * (2 + 2 * order) <= batch.ROW_CELLS
    hyps = ["the cat sat on the mat"] * 300
    refs = [["the cat sat on a mat"] * 300]
    scores = bleu.sentence_scores(hyps, refs, max_ngram_order=order)
    theirs = BLEU(max_ngram_order=order, effective_order=True).sentence_score(hyps[0], [refs[0][0]])
    assert_close(scores, np.full(300, theirs.score))


def test_a_hash_collision_falls_back_to_string_tokens(monkeypatch):
    hyps = ["the cat sat on the mat", "a cat, a hat."]
    refs = [["the cat is on the mat", "a hat, a cat."]]
    calls = []

    def collide(*args):
        calls.append(1)
        raise spans13a.HashCollision

    monkeypatch.setattr(bleu.chunked, "check_same_tokens", collide)
    assert_close(bleu.sentence_scores(hyps, refs), sacre_sentence(hyps, refs))
    assert calls  # the hashed path was tried and abandoned


@pytest.mark.parametrize(
    ("args", "error", "name"),
    [
        (("a b", [["a b"]]), TypeError, "hypotheses"),
        (([], [[]]), ValueError, "hypotheses"),
        ((["a b"], ["a b"]), TypeError, "references"),
        ((["a b", "c"], [["a b"]]), ValueError, "references"),
        ((["a b"], [[None]]), ValueError, "reference"),
        ((["a b"], [[3]]), TypeError, "references"),
    ],
)
def test_sentence_scores_refuse_bad_input(args, error, name):
    with pytest.raises(error, match=name):
        bleu.sentence_scores(*args)


# --- pairwise_scores (MBR) ---------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    corpus=corpora(variable_refs=False),
    tokenize=st.sampled_from(TOKENIZERS),
    smooth_method=st.sampled_from(tuple(SMOOTH_DEFAULTS)),
    use_effective_order=st.booleans(),
)
def test_pairwise_scores_equal_sacrebleu_pair_by_pair(
    corpus, tokenize, smooth_method, use_effective_order
):
    candidates = corpus[0] + corpus[1][0]
    options = {
        "tokenize": tokenize,
        "smooth_method": smooth_method,
        "use_effective_order": use_effective_order,
    }
    ours = bleu.pairwise_scores(candidates, **options)
    theirs = np.array(
        [[sacrebleu.sentence_bleu(a, [b], **options).score for b in candidates] for a in candidates]
    )
    assert_close(ours, theirs)


def test_pairwise_diagonal_is_self_bleu_and_mbr_picks_the_consensus():
    cands = ["the cat sat on the mat", "the cat sat on a mat", "a dog sat on the mat today", ""]
    scores = bleu.pairwise_scores(cands)
    assert np.allclose(np.diag(scores), [100, 100, 100, 0])
    assert scores[3].tolist() == [0.0] * 4 and scores[:, 3].tolist() == [0.0] * 4
    assert scores[0, 2] != scores[2, 0]  # BLEU is not symmetric: BP and denominators differ
    np.fill_diagonal(scores, np.nan)
    assert int(np.nanmean(scores[:3, :3], axis=1).argmax()) == 0  # the consensus candidate
    assert bleu.pairwise_scores([]).shape == (0, 0)


def test_pairwise_matches_in_small_blocks(monkeypatch):
    rnd = random.Random(3)
    base = rnd.choices(WORDS, k=30)
    cands = [
        " ".join(w if rnd.random() < 0.8 else rnd.choice(WORDS) for w in base) for _ in range(40)
    ]
    expected = bleu.pairwise_scores(cands)
    theirs = np.array([[sacrebleu.sentence_bleu(a, [b]).score for b in cands] for a in cands])
    assert_close(expected, theirs)
    monkeypatch.setattr(batch, "PAIR_CELLS", 7)
    monkeypatch.setattr(batch, "ROW_CELLS", 100)
    assert_close(bleu.pairwise_scores(cands), theirs)


def test_pairwise_matches_are_nltks_clipped_counts():
    cands = [["a", "b", "a", "c"], ["a", "a", "b"], ["c"], []]
    vocab: dict = {}
    ids = np.array([vocab.setdefault(t, len(vocab)) for c in cands for t in c])
    lengths = np.array([len(c) for c in cands])
    matches = batch.pairwise_matches(ids, lengths, 3)
    for i, hyp in enumerate(cands):
        for j, ref in enumerate(cands):
            for n in range(1, 4):
                theirs = nb.modified_precision([ref], hyp, n).numerator if hyp else 0
                assert matches[i, j, n - 1] == theirs, (i, j, n)


def test_pairwise_scores_refuse_bad_input():
    with pytest.raises(TypeError, match="candidates"):
        bleu.pairwise_scores("a b c")
    with pytest.raises(TypeError, match="candidates"):
        bleu.pairwise_scores([["a", "b"]])
    with pytest.raises(ValueError, match="smooth_method"):
        bleu.pairwise_scores(["a"], smooth_method="bogus")


# --- sentence_bleu_scores (NLTK's rules) -----------------------------------------------------

TOKENS = st.sampled_from(["the", "cat", "a", "mat", "on", "sat", "the", "dog", 7])


@st.composite
def token_corpora(draw):
    n = draw(st.integers(1, 8))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    refs, hyps = [], []
    for _ in range(n):
        base = draw(st.lists(TOKENS, max_size=12))

        def variant(base=base) -> list:
            return [t for t in base if rnd.random() < 0.85] + rnd.choices(
                ["the", "zz"], k=rnd.randrange(2)
            )

        refs.append([variant() for _ in range(rnd.randrange(1, 4))])
        hyps.append(variant())
    return refs, hyps


@SETTINGS
@given(
    corpus=token_corpora(),
    method=st.sampled_from((None, 0, 1, 2, 3, 4, 5, 6, 7)),
    weights=weight_choices(orders_per_vector=4, least_vectors=2),
    auto_reweigh=st.booleans(),
)
def test_sentence_bleu_scores_equal_nltk_sentence_by_sentence(
    corpus, method, weights, auto_reweigh
):
    refs, hyps = corpus
    theirs_fn = None if method is None else getattr(nb.SmoothingFunction(), f"method{method}")
    ours_fn = None if method is None else getattr(bleu.SmoothingFunction(), f"method{method}")
    expected = []
    for r, h in zip(refs, hyps):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected.append(nb.sentence_bleu(r, h, weights, theirs_fn, auto_reweigh))
        except (AssertionError, IndexError, ValueError, ZeroDivisionError):
            with pytest.raises((ValueError, ZeroDivisionError)):
                bleu.sentence_bleu_scores(refs, hyps, weights, ours_fn, auto_reweigh)
            return
    ours = bleu.sentence_bleu_scores(refs, hyps, weights, ours_fn, auto_reweigh)
    expected = np.array(expected, dtype=float)
    assert ours.shape == expected.shape
    for a, b in zip(ours.ravel(), expected.ravel()):
        if a == 0.0 and method in (None, 0) and 0 < b < 1e-15:
            continue  # NLTK's sys.float_info.min stand-in for a zero precision
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=0.0), (a, b)


def test_sentence_bleu_scores_take_iterators_and_nltks_own_smoothing():
    refs = [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran", "off"]]]
    hyps = [["the", "cat", "sat", "on", "a", "mat"], ["a", "dog", "ran"]]
    method = nb.SmoothingFunction().method3
    expected = [nb.sentence_bleu(r, h, smoothing_function=method) for r, h in zip(refs, hyps)]
    ours = bleu.sentence_bleu_scores(iter(refs), iter(hyps), smoothing_function=method)
    assert np.allclose(ours, expected, rtol=1e-12, atol=0)


@pytest.mark.parametrize(
    ("args", "error", "name"),
    [
        (([[["a"]]], ["a"]), TypeError, "hypotheses"),
        (([[["a"]]], [["a"], ["b"]]), ValueError, "list_of_references"),
        (([[]], [["a"]]), ValueError, "list_of_references"),
        (([[["a"]]], [["a"]], ()), ValueError, "weights"),
        (([[["a"]]], [["a"]], (0.5, float("nan"))), ValueError, "weights"),
    ],
)
def test_sentence_bleu_scores_refuse_bad_input(args, error, name):
    with pytest.raises(error, match=name):
        bleu.sentence_bleu_scores(*args)


@pytest.mark.parametrize(
    "weights", [(0.5, 0.5, 0.0, 0.0), (0.0, 1.0, 0.0), [(0.5, 0.5, 0.0), (1.0,)]]
)
def test_a_zero_weight_leaves_out_a_zero_precision_as_nltk(weights):
    """No smoothing: a zero precision with weight 0 does not make the score 0 (NLTK skips it)."""
    refs = [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran", "away"]]]
    hyps = [["the", "cat", "ran", "on", "a", "mat"], ["a", "dog", "sat"]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = np.array([nb.sentence_bleu(r, h, weights) for r, h in zip(refs, hyps)])
    assert (expected > 0.1).all()
    assert np.allclose(bleu.sentence_bleu_scores(refs, hyps, weights), expected, rtol=1e-12, atol=0)
    for r, h, e in zip(refs, hyps, expected):
        assert np.allclose(bleu.sentence_bleu(r, h, weights), e, rtol=1e-12, atol=0)
