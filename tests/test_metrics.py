"""Tests of bleu.metrics: offline METEOR, TER, NIST, chrF and the comparison table."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.meteor_score import meteor_score, single_meteor_score

from bleu import chrf_ter, metrics
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


# --- chrF and TER in plain Python (bleu.chrf_ter) against sacreBLEU's own metrics --------------

CORPUS = (
    (Path(__file__).resolve().parents[1] / "data" / "corpus_en.txt")
    .read_text(encoding="utf-8")
    .splitlines()
)


def edited(words: list[str], rng: random.Random) -> str:
    """A hypothesis as a system might write it: words dropped, repeated, replaced, a block moved."""
    words = list(words)
    for _ in range(rng.randint(0, 4)):
        k = rng.randrange(len(words)) if words else 0
        action = rng.choice(["drop", "repeat", "replace", "move", "case"])
        if not words:
            words.append("the")
        elif action == "drop":
            del words[k]
        elif action == "repeat":
            words.insert(k, words[k])
        elif action == "replace":
            words[k] = rng.choice(["the", "a", "river", "bridge", "said", ",", "."])
        elif action == "case":
            words[k] = words[k].upper()
        else:
            size = rng.randint(1, 4)
            block, rest = words[k : k + size], words[:k] + words[k + size :]
            at = rng.randint(0, len(rest))
            words = rest[:at] + block + rest[at:]
    return " ".join(words)


@pytest.fixture(scope="module")
def real_looking():
    """120 segments of data/corpus_en.txt with edited hypotheses and 1 to 3 references."""
    rng = random.Random(2024)
    hyps, refs = [], []
    for k in range(120):
        ref = CORPUS[k]
        others = [
            CORPUS[(k + 7 * j) % len(CORPUS)] if j % 2 else edited(ref.split(), rng)
            for j in range(1, 3)
        ]
        hyps.append(edited(ref.split(), rng))
        refs.append([ref, *others][: 1 + k % 3])
    return hyps, refs


def test_chrf_equals_sacrebleus_chrf_on_real_looking_text(real_looking):
    from sacrebleu.metrics import CHRF

    hyps, refs = real_looking
    theirs = CHRF()
    rows = []
    for hyp, segment_refs in zip(hyps, refs):
        row = chrf_ter.chrf_stats(hyp, segment_refs)
        assert chrf_ter.chrf_score(row) == theirs.sentence_score(hyp, segment_refs).score
        rows.append(row)
    one_ref = [ref[0] for ref in refs]  # the corpus score: a fixed number of references
    ours = chrf_ter.chrf_score(
        [sum(c) for c in zip(*(chrf_ter.chrf_stats(h, [r]) for h, r in zip(hyps, one_ref)))]
    )
    assert ours == theirs.corpus_score(hyps, [one_ref]).score
    assert 20 < ours < 100


def test_ter_equals_sacrebleus_ter_on_real_looking_text(real_looking):
    from sacrebleu.metrics import TER

    hyps, refs = real_looking
    theirs = TER()
    shifted = 0
    for hyp, segment_refs in zip(hyps, refs):
        edits, ref_length = chrf_ter.ter_stats(hyp, segment_refs)
        expected = theirs.sentence_score(hyp, segment_refs)
        assert (edits, ref_length) == (expected.num_edits, expected.ref_length)
        assert chrf_ter.ter_score(edits, ref_length) == expected.score
        plain = min(
            chrf_ter.edit_distance(hyp.lower().split(), r.lower().split())[0] for r in segment_refs
        )
        shifted += edits < plain
    assert shifted >= 10  # the shifts are exercised, not only the edit distance


WORDS = st.sampled_from(["the", "cat", "sat", "on", "mat", "a", "The", "."])
SENTENCE = st.lists(WORDS, max_size=14).map(" ".join)


@settings(max_examples=100, deadline=None)
@given(
    n_refs=st.integers(1, 3),
    segments=st.lists(
        st.tuples(SENTENCE, st.lists(SENTENCE, min_size=3, max_size=3)), min_size=1, max_size=3
    ),
)
def test_chrf_and_ter_equal_sacrebleus_on_repetitive_sentences(n_refs, segments):
    """Few distinct words: many equal blocks (shift candidates, ties) and tied references."""
    from sacrebleu.metrics import CHRF, TER

    hyps = [hyp for hyp, _ in segments]
    streams = [[refs[k] for _, refs in segments] for k in range(n_refs)]
    for hyp, refs in segments:
        ter = TER().sentence_score(hyp, refs[:n_refs])
        assert chrf_ter.ter_stats(hyp, refs[:n_refs]) == (ter.num_edits, ter.ref_length)
    # corpus scores: the reference each segment keeps decides the sums
    chrf_rows = [chrf_ter.chrf_stats(hyp, refs[:n_refs]) for hyp, refs in segments]
    ours = chrf_ter.chrf_score([sum(column) for column in zip(*chrf_rows)])
    assert ours == CHRF().corpus_score(hyps, streams).score
    ter_rows = [chrf_ter.ter_stats(hyp, refs[:n_refs]) for hyp, refs in segments]
    edits, length = sum(e for e, _ in ter_rows), sum(n for _, n in ter_rows)
    assert chrf_ter.ter_score(edits, length) == TER().corpus_score(hyps, streams).score


def ter_pair(hyp: list[str], ref: list[str]) -> tuple[int, int]:
    from sacrebleu.metrics import TER

    theirs = TER().sentence_score(" ".join(hyp), [" ".join(ref)]).num_edits
    return chrf_ter.ter_edits(hyp, ref), theirs


def test_a_block_of_ten_words_moves_in_one_shift_eleven_do_not():
    words = [f"w{k}" for k in range(40)]
    for size in (10, 11):
        a, b = words[:size], words[size : 2 * size]
        ours, theirs = ter_pair(b + a, a + b)
        assert ours == theirs
        assert (ours == 1) == (size == 10)


def test_a_shift_reaches_fifty_positions_not_more():
    words = [f"w{k}" for k in range(80)]
    for distance in (50, 51):
        ref = words[: distance + 3]
        hyp = ref[3:] + ref[:3]  # the first three words moved `distance` places on
        ours, theirs = ter_pair(hyp, ref)
        assert ours == theirs
        assert (ours == 1) == (distance == 50)


def test_the_beam_decides_far_from_the_diagonal():
    """60 extra words before an 80-word reference: the cheap path leaves TER's beam."""
    ref = [f"r{k}" for k in range(80)]
    ours, theirs = ter_pair([f"x{k}" for k in range(60)] + ref, ref)
    assert ours == theirs
    assert ours > 60  # within the beam the 60 deletions alone are out of reach


def test_a_long_two_word_segment_stops_at_a_thousand_candidates():
    """30 words of two kinds: the first shift search alone meets over 1000 candidates."""
    rng = random.Random(3)
    ref = [rng.choice("ab") for _ in range(30)]
    hyp = [rng.choice("ab") for _ in range(30)]
    ours, theirs = ter_pair(hyp, ref)
    assert ours == theirs


def test_long_segments_keep_the_beam_and_the_candidate_limit():
    """60-word segments from the corpus: the beam (25) and the 1000-candidate cap matter."""
    from sacrebleu.metrics import TER

    rng = random.Random(7)
    for k in range(4):
        ref = " ".join(CORPUS[3 * k : 3 * k + 3])
        hyp = edited(ref.split(), rng) + " " + " ".join(CORPUS[200 + k].split()[:20])
        theirs = TER().sentence_score(hyp, [ref])
        assert chrf_ter.ter_stats(hyp, [ref]) == (theirs.num_edits, theirs.ref_length)


def test_metrics_ter_and_chrf_keep_sacrebleus_results(running):
    from sacrebleu.metrics import CHRF, TER

    refs, hyp = running
    ours, theirs = metrics.ter(list(refs), hyp), TER().sentence_score(hyp, list(refs))
    assert (ours.score, ours.num_edits, ours.ref_length) == (
        theirs.score,
        theirs.num_edits,
        theirs.ref_length,
    )
    for beta in (1, 2, 3):
        assert metrics.chrf(refs, hyp, beta=beta) == (
            CHRF(beta=beta).sentence_score(hyp, list(refs)).score / 100
        )


def test_empty_segments_as_sacrebleu():
    from sacrebleu.metrics import CHRF, TER

    for hyp, refs in [("", ["a b"]), ("a b", [""]), ("", [""]), ("a", ["", "a b"])]:
        ter = TER().sentence_score(hyp, refs)
        assert chrf_ter.ter_stats(hyp, refs) == (ter.num_edits, ter.ref_length)
        assert chrf_ter.ter_score(*chrf_ter.ter_stats(hyp, refs)) == ter.score
        chrf = CHRF().sentence_score(hyp, refs).score
        assert chrf_ter.chrf_score(chrf_ter.chrf_stats(hyp, refs)) == chrf
