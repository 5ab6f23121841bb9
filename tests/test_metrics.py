"""Tests of bleu.metrics: offline METEOR, TER, NIST, chrF and the comparison table."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest
from nltk.translate.meteor_score import meteor_score, single_meteor_score

from bleu import metrics
from bleu.data import load_example

REF = "the cat sat on the mat"
HYP = "on the mat sat the cat"


@pytest.fixture(scope="module")
def running():
    ex = load_example("running")
    return ex.references, ex.candidates["Ca1"]


def test_no_wordnet_keeps_exact_and_stem_matches():
    assert metrics.NoWordNet().synsets("guide") == []
    # 'commands'/'command' and 'guide'/'guiding' still match through the Porter stemmer
    pairs = metrics.meteor_alignment(["guiding", "command"], ["guide", "commands"])
    assert pairs == [(0, 0), (1, 1)]


OFFLINE_SCRIPT = """
import nltk
nltk.data.path[:] = []  # no NLTK data anywhere
from nltk.translate.meteor_score import meteor_score
from bleu import metrics
ref, hyp = [["the", "cats", "sat", "here"]], ["a", "cat", "sat", "there"]
print(metrics.meteor(ref, hyp) > 0)
from nltk.corpus import wordnet
print(type(wordnet).__name__)  # still the lazy loader: no corpus was read
try:
    meteor_score(ref, hyp)  # NLTK's default wordnet
except LookupError:
    print("LookupError")
"""


def test_meteor_needs_no_nltk_data_in_a_fresh_process(tmp_path):
    env = {**os.environ, "NLTK_DATA": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", OFFLINE_SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.split() == ["True", "LazyCorpusLoader", "LookupError"]


def test_meteor_runs_without_wordnet_data(running):
    refs, hyp = running
    score = metrics.meteor([r.split() for r in refs], hyp.split())
    assert 0 < score < 1
    assert score == meteor_score(
        [r.split() for r in refs], hyp.split(), wordnet=metrics.NoWordNet()
    )


def test_meteor_from_counts_reproduces_nltk_on_its_own_alignment(running):
    refs, hyp = running
    h = hyp.split()
    for ref in refs:
        r = ref.split()
        pairs = metrics.meteor_alignment(r, h)
        expected = single_meteor_score(r, h, wordnet=metrics.NoWordNet())
        got = metrics.meteor_from_counts(len(pairs), len(h), len(r), metrics.count_chunks(pairs))
        assert math.isclose(got, expected, rel_tol=1e-12)


def test_word_order_pair_nltk_aligns_into_six_chunks_a_better_alignment_has_three():
    pairs = metrics.meteor_alignment(REF.split(), HYP.split())
    assert len(pairs) == 6 and metrics.count_chunks(pairs) == 6
    assert metrics.meteor([REF.split()], HYP.split()) == 0.5
    assert metrics.meteor_from_counts(6, 6, 6, 3) == 1 - 0.5 * (3 / 6) ** 3


def test_count_chunks_edge_cases():
    assert metrics.count_chunks([]) == 0
    assert metrics.count_chunks([(0, 0), (1, 1), (2, 2)]) == 1
    assert metrics.count_chunks([(2, 2), (0, 0), (1, 1)]) == 1  # order of pairs does not matter


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(matches=7, hyp_len=6, ref_len=6, chunks=1),
        dict(matches=3, hyp_len=6, ref_len=6, chunks=4),
        dict(matches=-1, hyp_len=6, ref_len=6, chunks=1),
    ],
)
def test_meteor_from_counts_rejects_impossible_counts(kwargs):
    with pytest.raises(ValueError):
        metrics.meteor_from_counts(**kwargs)


def test_ter_counts_a_block_shift_as_one_edit():
    assert metrics.ter([REF], HYP).num_edits == 2
    assert metrics.ter([REF], "sat on the mat the cat").num_edits == 1
    assert math.isclose(metrics.ter([REF], HYP).score, 100 * 2 / 6)
    assert metrics.ter([REF], REF).score == 0


def test_ter_divides_by_the_average_reference_length(running):
    refs, hyp = running
    result = metrics.ter(list(refs), hyp)
    assert math.isclose(result.ref_length, sum(len(r.split()) for r in refs) / len(refs))
    assert math.isclose(result.score, 100 * result.num_edits / result.ref_length)


def test_chrf_beta_matters_and_nltk_agrees_with_sacrebleu_at_equal_beta(running):
    refs, hyp = running
    for beta in (1, 2, 3):
        assert math.isclose(
            metrics.nltk_chrf(refs, hyp, beta=beta),
            metrics.chrf(refs, hyp, beta=beta),
            rel_tol=1e-4,
        )
    assert metrics.chrf(refs, hyp, beta=2) != metrics.nltk_chrf(refs, hyp)  # beta 2 vs 3
    assert metrics.chrf([REF], REF) == 1.0


def test_nist_rewards_the_better_candidate_and_rejects_short_hypotheses():
    ex = load_example("example1")
    refs = ex.reference_tokens()
    assert metrics.nist(refs, ex.candidate_tokens("Ca1")) > metrics.nist(
        refs, ex.candidate_tokens("Ca2")
    )
    with pytest.raises(ValueError, match="hypothesis"):
        metrics.nist(refs, ["it", "is"])


def test_score_all_and_table():
    scores = {"same": metrics.score_all([REF], REF), "reordered": metrics.score_all([REF], HYP)}
    assert list(scores["same"]) == list(metrics.METRICS)
    assert scores["same"]["BLEU"] == 1.0 and scores["same"]["TER"] == 0.0
    for m in ("BLEU", "METEOR", "chrF2", "chrF β=3 (NLTK)"):
        assert scores["same"][m] > scores["reordered"][m]
    # NIST's information weights: with one reference, an n-gram whose (n-1)-gram prefix occurs
    # once carries log2(1/1) = 0 bits, so only unigrams, 'the cat' and 'the mat' count here,
    # and the reordered sentence has them all.
    assert scores["same"]["NIST"] == scores["reordered"]["NIST"]
    table = metrics.metrics_table(scores, caption="cat/mat")
    html = table._repr_html_()
    assert "TER ↓" in html and "reordered" in html and "cat/mat" in html
    assert table.highlight[0][1:] == [True] * len(metrics.METRICS)  # 'same' wins every column


@pytest.mark.parametrize(
    "call",
    [
        lambda: metrics.meteor([REF], HYP.split()),
        lambda: metrics.meteor([REF.split()], HYP),
        lambda: metrics.ter(REF, HYP),
        lambda: metrics.chrf([REF], HYP.split()),
        lambda: metrics.score_all([], HYP),
    ],
)
def test_bad_input_is_rejected(call):
    with pytest.raises((TypeError, ValueError)):
        call()
