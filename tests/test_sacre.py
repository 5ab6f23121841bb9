"""bleu.sacrebleu_rules (the step-by-step twin) against sacreBLEU 2.6.0.

Corpus and sentence scores, statistics, signatures; the vectorised twin is in
test_vectorized.py, the parts in test_reference_parity.py.
"""

from __future__ import annotations

import json
import math
import random
import re

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU

import bleu
from bleu.options import SMOOTH_DEFAULTS, BleuOptions
from bleu.rules import BleuScore, score_from_stats
from bleu.sacrebleu_rules import corpus_score, segment_stats, sentence_score
from bleu.tokenizers import TOKENIZERS

SMOOTHS = tuple(SMOOTH_DEFAULTS)
OURS = f"version:bleu-{bleu.__version__}"
THEIRS = f"version:{sacrebleu.__version__}"
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Words and separators that give the tokenizers work (punctuation, numbers, entities,
# mixed case, Unicode letters, CJK) while leaving enough overlap for 3- and 4-gram matches.
WORDS = [
    "the", "The", "THE", "cat", "Cat", "sat", "on", "mat", "a", "is", "3.14", "1,000",
    "don't", "U.S.", "e-mail", "2017-10", "Straße", "STRASSE", "Été", "Жук", "жук",
    "한국어", "东京", "中文", "猫", "。", "，", ".", ",", "!", "?", "(", ")", '"', "&quot;",
    "$5", "€", "…", "«", "»", "<skipped>", "-",
]  # fmt: skip
SEPS = [" ", " ", " ", " ", "", "  ", "\t", "\u3000", " - ", "\xa0"]


def variant(rnd, base: list[str], text: str) -> str:
    """A variant of ``base``: some words dropped, a few added, random separators; now and
    then arbitrary Unicode ``text`` instead."""
    if rnd.random() < 0.1:
        return text
    words = [w for w in base if rnd.random() < 0.8]
    words += rnd.choices(WORDS, k=rnd.randrange(3))
    return "".join(w + rnd.choice(SEPS) for w in words)


@st.composite
def corpora(draw, variable_refs: bool = False):
    """(hypotheses, reference streams): 1-5 segments, 1-3 references each.

    Hypothesis draws the sizes, the base sentences, the random text and a seed; a
    ``random.Random`` with that seed makes the variants, which keeps generation fast.
    """
    n_segments = draw(st.integers(1, 5))
    n_refs = draw(st.integers(1, 3))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    text = draw(st.text(st.characters(exclude_categories=("Cs",)), max_size=20))
    hyps, streams = [], [[] for _ in range(n_refs)]
    for _ in range(n_segments):
        base = draw(st.lists(st.sampled_from(WORDS), max_size=12))
        hyps.append(variant(rnd, base, text) if rnd.random() < 0.9 else "")
        for k, stream in enumerate(streams):
            if variable_refs and k > 0 and rnd.random() < 0.5:
                stream.append(None)  # no k-th reference for this segment
            else:
                stream.append(variant(rnd, base, text))
    return hyps, streams


smooth_values = st.one_of(st.none(), st.sampled_from([0, 0.01, 0.1, 0.5, 1, 2]))


def assert_same(ours: BleuScore, theirs) -> None:
    assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
    assert ours.counts == theirs.counts
    assert ours.totals == theirs.totals
    assert np.allclose(ours.precisions, theirs.precisions, rtol=0, atol=1e-9)
    assert math.isclose(ours.bp, theirs.bp, rel_tol=0, abs_tol=1e-12)
    assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    assert str(ours) == str(theirs)


def sacre_signature(ours: BleuScore) -> str:
    """Our signature as sacreBLEU writes it: its version, no ngram field."""
    return re.sub(r"\|ngram:\d+", "", ours.signature.replace(OURS, THEIRS))


# --- parity on random corpora -------------------------------------------------------


@pytest.mark.parametrize("smooth", SMOOTHS)
@pytest.mark.parametrize("tokenize", TOKENIZERS)
@FAST
@given(
    corpus=corpora(),
    lowercase=st.booleans(),
    effective_order=st.booleans(),
    smooth_value=smooth_values,
    max_order=st.sampled_from([4, 4, 1, 2, 3, 5]),
)
def test_corpus_score_agrees_with_sacrebleu(
    tokenize, smooth, corpus, lowercase, effective_order, smooth_value, max_order
):
    hyps, refs = corpus
    options = dict(
        tokenize=tokenize, lowercase=lowercase, smooth_value=smooth_value
    )  # same names in both
    metric = BLEU(
        smooth_method=smooth,
        effective_order=effective_order,
        max_ngram_order=max_order,
        **options,
    )
    theirs = metric.corpus_score(hyps, refs)
    ours = corpus_score(
        hyps,
        refs,
        smooth=smooth,
        effective_order=effective_order,
        max_ngram_order=max_order,
        **options,
    )
    assert_same(ours, theirs)
    assert sacre_signature(ours) == str(metric.get_signature())
    assert ("|ngram:" in ours.signature) == (max_order != 4)


@pytest.mark.parametrize("tokenize", TOKENIZERS)
@FAST
@given(corpus=corpora(), smooth=st.sampled_from(SMOOTHS), lowercase=st.booleans())
def test_corpus_score_agrees_with_sacrebleu_corpus_bleu(tokenize, corpus, smooth, lowercase):
    hyps, refs = corpus
    theirs = sacrebleu.corpus_bleu(
        hyps, refs, smooth_method=smooth, lowercase=lowercase, tokenize=tokenize
    )
    ours = corpus_score(hyps, refs, tokenize=tokenize, lowercase=lowercase, smooth_method=smooth)
    assert_same(ours, theirs)


@FAST
@given(corpus=corpora(variable_refs=True), tokenize=st.sampled_from(TOKENIZERS))
def test_variable_number_of_references(corpus, tokenize):
    hyps, refs = corpus
    metric = BLEU(tokenize=tokenize)
    theirs = metric.corpus_score(hyps, refs)
    ours = corpus_score(hyps, refs, tokenize=tokenize)
    assert_same(ours, theirs)
    assert sacre_signature(ours) == str(metric.get_signature())


@pytest.mark.parametrize("smooth", SMOOTHS)
@pytest.mark.parametrize("tokenize", TOKENIZERS)
@FAST
@given(
    corpus=corpora(),
    lowercase=st.booleans(),
    effective_order=st.booleans(),
    smooth_value=smooth_values,
)
def test_sentence_score_agrees_with_sacrebleu(
    tokenize, smooth, corpus, lowercase, effective_order, smooth_value
):
    hyps, streams = corpus
    hyp, refs = hyps[0], [stream[0] for stream in streams]
    theirs = sacrebleu.sentence_bleu(
        hyp,
        refs,
        smooth_method=smooth,
        smooth_value=smooth_value,
        lowercase=lowercase,
        tokenize=tokenize,
        use_effective_order=effective_order,
    )
    ours = sentence_score(
        hyp,
        refs,
        tokenize=tokenize,
        lowercase=lowercase,
        smooth=smooth,
        smooth_value=smooth_value,
        effective_order=effective_order,
    )
    assert_same(ours, theirs)


@settings(max_examples=60, deadline=None)
@given(corpus=corpora(), tokenize=st.sampled_from(TOKENIZERS), max_order=st.integers(1, 5))
def test_segment_stats_equal_sacrebleus_and_add_up_to_the_corpus_score(corpus, tokenize, max_order):
    hyps, refs = corpus
    stats = segment_stats(hyps, refs, tokenize=tokenize, max_ngram_order=max_order)
    metric = BLEU(tokenize=tokenize, max_ngram_order=max_order)
    assert stats.tolist() == metric._extract_corpus_statistics(hyps, refs)
    assert stats.shape == (len(hyps), 2 + 2 * max_order)
    whole = corpus_score(hyps, refs, tokenize=tokenize, max_ngram_order=max_order)
    assert score_from_stats(stats).score == whole.score  # 2-D: rows added up
    # A resample of rows scores like the corpus made of those segments (bootstrap use).
    rows = [len(hyps) - 1, 0, 0]
    subset = corpus_score(
        [hyps[i] for i in rows],
        [[s[i] for i in rows] for s in refs],
        tokenize=tokenize,
        max_ngram_order=max_order,
    )
    assert score_from_stats(stats[rows].sum(axis=0)).score == subset.score


@st.composite
def stat_vectors(draw):
    """Summed statistics a corpus of 1-3 segments (possibly empty) could produce."""
    order = draw(st.integers(1, 5))
    lengths = draw(st.lists(st.integers(0, 15), min_size=1, max_size=3))
    totals = [sum(max(0, c - n) for c in lengths) for n in range(order)]
    counts = [draw(st.integers(0, t)) for t in totals]
    return [sum(lengths), draw(st.integers(0, 40)), *counts, *totals]


@settings(max_examples=300, deadline=None)
@given(
    stats=stat_vectors(),
    smooth=st.sampled_from(SMOOTHS),
    smooth_value=smooth_values,
    effective_order=st.booleans(),
)
def test_score_from_stats_equals_compute_bleu(stats, smooth, smooth_value, effective_order):
    """The formula alone, including zero totals, zero matches and zero lengths."""
    order = (len(stats) - 2) // 2
    theirs = BLEU.compute_bleu(
        correct=stats[2 : 2 + order],
        total=stats[2 + order :],
        sys_len=stats[0],
        ref_len=stats[1],
        smooth_method=smooth,
        smooth_value=smooth_value,
        effective_order=effective_order,
        max_ngram_order=order,
    )
    ours = score_from_stats(np.array(stats), smooth, smooth_value, effective_order)
    assert_same(ours, theirs)


# --- chosen examples ------------------------------------------------------------------


def test_result_prints_like_sacrebleu():
    hyps = ["The cat sat on the mat.", "It is a guide to action."]
    refs = [["The cat is on the mat.", "It is a guide to action that ensures obedience."]]
    ours = corpus_score(hyps, refs)
    line = str(ours)
    assert line == str(sacrebleu.corpus_bleu(hyps, refs))
    assert re.fullmatch(
        r"BLEU = \d+\.\d\d (\d+\.\d/){3}\d+\.\d \(BP = \d\.\d{3} ratio = \d\.\d{3} "
        r"hyp_len = \d+ ref_len = \d+\)",
        line,
    )
    assert repr(ours) == line
    assert ours.format(score_only=True) == f"{ours.score:.2f}"
    assert ours.ratio == ours.sys_len / ours.ref_len


def test_sufficient_statistics_of_a_hand_checked_pair():
    # 13a splits the final period: 7 tokens each; 'sat' vs 'is' breaks three n-grams.
    result = corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
    assert result.counts == [6, 4, 2, 1]
    assert result.totals == [7, 6, 5, 4]
    assert (result.sys_len, result.ref_len, result.bp) == (7, 7, 1.0)
    expected = math.exp(sum(math.log(100 * m / t) for m, t in zip([6, 4, 2, 1], [7, 6, 5, 4])) / 4)
    assert math.isclose(result.score, expected, rel_tol=1e-12)


def test_closest_reference_length_ties_go_to_the_shorter():
    # hypothesis of 4 tokens, references of 3 and 5 tokens: r = 3, so BP = 1
    result = corpus_score(["a b c d"], [["a b c"], ["a b c d e"]], tokenize="none")
    assert result.ref_len == 3
    assert result.bp == 1.0


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, "case:mixed|eff:no|tok:13a|smooth:exp"),
        ({"smooth": "floor"}, "case:mixed|eff:no|tok:13a|smooth:floor[0.10]"),
        ({"smooth": "add-k"}, "case:mixed|eff:no|tok:13a|smooth:add-k[1.00]"),
        ({"smooth": "add-k", "smooth_value": 0.5}, "case:mixed|eff:no|tok:13a|smooth:add-k[0.50]"),
        ({"smooth": "none", "smooth_value": 3}, "case:mixed|eff:no|tok:13a|smooth:none"),
        ({"lowercase": True, "tokenize": "intl"}, "case:lc|eff:no|tok:intl|smooth:exp"),
        ({"effective_order": True, "tokenize": "zh"}, "case:mixed|eff:yes|tok:zh|smooth:exp"),
        ({"max_ngram_order": 2, "tokenize": "zh"}, "case:mixed|eff:no|tok:zh|smooth:exp|ngram:2"),
    ],
)  # fmt: skip
def test_signature(kwargs, expected):
    result = corpus_score(["a b c"], [["a b c"]], **kwargs)
    assert result.signature == f"nrefs:1|{expected}|{OURS}"


def test_signature_counts_references():
    refs = [["x y", "x y"], ["x z", None]]
    assert corpus_score(["x y", "x y"], refs).signature.startswith("nrefs:var|")
    assert corpus_score(["x y", "x y"], refs[:1]).signature.startswith("nrefs:1|")
    assert sentence_score("x y", ["x y", "x", "y"]).signature.startswith(
        "nrefs:3|case:mixed|eff:yes"
    )
    assert BleuOptions("none").signature(2).startswith("nrefs:2|case:mixed|eff:no|tok:none|")


def test_to_dict_has_sacrebleus_json_fields_and_the_statistics():
    result = corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
    data = json.loads(result.to_json())
    assert data["name"] == "BLEU"
    assert data["score"] == round(result.score, 2)
    assert data["exact_score"] == result.score
    assert data["signature"] == result.signature
    assert data["tok"] == "13a" and data["nrefs"] == "1" and data["version"] == OURS[8:]
    assert data["counts"] == result.counts and data["totals"] == result.totals
    assert data["verbose_score"] == str(result).split(" ", 3)[3]


def test_lowercase_and_tokenizer_change_the_score():
    hyps, refs = ["The Cat,sat."], [["the cat , sat ."]]
    assert math.isclose(corpus_score(hyps, refs, lowercase=True).score, 100.0)  # exp(log 100)
    assert corpus_score(hyps, refs).score < 100.0
    assert corpus_score(hyps, refs, tokenize="none", lowercase=True).score == 0.0


def test_empty_hypothesis_scores_zero():
    result = sentence_score("", ["a reference"])
    assert (result.score, result.bp, result.sys_len) == (0.0, 0.0, 0)
    assert result.totals == [0, 0, 0, 0]


def test_add_k_reports_counts_with_k_added_as_sacrebleu_does():
    result = corpus_score(["a b c"], [["a b d"]], smooth="add-k", tokenize="none")
    assert result.counts == [2, 2, 1, 1]  # raw: [2, 1, 0, 0]
    assert result.totals == [3, 3, 2, 1]  # raw: [3, 2, 1, 0]
    raw = segment_stats(["a b c"], [["a b d"]], tokenize="none")
    assert raw.tolist() == [[3, 3, 2, 1, 0, 0, 3, 2, 1, 0]]


def test_accepts_tuples_and_iterators():
    ours = corpus_score(iter(("a b c", "d e")), (iter(["a b c", "d e f"]),))
    assert ours.score == sacrebleu.corpus_bleu(["a b c", "d e"], [["a b c", "d e f"]]).score


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hyps", "refs", "error", "name"),
    [
        (["a", "b"], [["a"]], ValueError, r"references\[0\]"),  # 2 hypotheses, 1 reference
        (["a"], [["a"], ["a", "b"]], ValueError, r"references\[1\]"),
        (["a"], "a", TypeError, "references"),  # bare string
        (["a"], ["a"], TypeError, "references"),  # one stream, not wrapped in a list
        (["a"], [["a"], "a"], TypeError, r"references\[1\]"),
        (["a"], [[["a"]]], TypeError, r"references\[0\]\[0\]"),  # NLTK token lists
        (["a"], [[None]], ValueError, "segment 0"),  # no reference at all
        (["a"], [[3]], TypeError, r"references\[0\]\[0\]"),
        (["a"], [], ValueError, "references"),
        (["a"], None, TypeError, "references"),
        (["a"], 5, TypeError, "references"),
        ("a b", [["a b"]], TypeError, "hypotheses"),  # bare string
        (None, [["a"]], TypeError, "hypotheses"),
        ([None], [["a"]], TypeError, r"hypotheses\[0\]"),
        ([["a", "b"]], [["a b"]], TypeError, r"hypotheses\[0\]"),
        ([], [[]], ValueError, "hypotheses"),
    ],
)
def test_bad_corpus_input(hyps, refs, error, name):
    with pytest.raises(error, match=name):
        corpus_score(hyps, refs)


@pytest.mark.parametrize(
    ("kwargs", "error", "name"),
    [
        ({"tokenize": "13A"}, ValueError, "tokenize"),
        ({"tokenize": "ja-mecab"}, ValueError, "tokenize"),
        ({"tokenize": None}, TypeError, "tokenize"),
        ({"smooth": "add-one"}, ValueError, "smooth"),
        ({"smooth": None}, TypeError, "smooth"),
        ({"smooth": "floor", "smooth_value": -0.1}, ValueError, "smooth_value"),
        ({"smooth": "floor", "smooth_value": float("nan")}, ValueError, "smooth_value"),
        ({"smooth": "add-k", "smooth_value": True}, TypeError, "smooth_value"),
        ({"smooth": "add-k", "smooth_value": "1"}, TypeError, "smooth_value"),
        ({"max_ngram_order": 0}, ValueError, "max_ngram_order"),
        ({"max_ngram_order": 2.0}, TypeError, "max_ngram_order"),
        ({"lowercase": "yes"}, TypeError, "lowercase"),
        ({"lowercase": None}, TypeError, "lowercase"),
        ({"effective_order": 1}, TypeError, "effective_order"),
    ],
)
def test_bad_options(kwargs, error, name):
    with pytest.raises(error, match=name):
        corpus_score(["a b"], [["a b"]], **kwargs)
    with pytest.raises(error, match=name):
        sentence_score("a b", ["a b"], **kwargs)


@pytest.mark.parametrize(
    ("hyp", "refs", "error", "name"),
    [
        ("a b", "a b", TypeError, "references"),  # bare string
        ("a b", [], ValueError, "references"),
        ("a b", None, TypeError, "references"),
        ("a b", [None], TypeError, r"references\[0\]"),
        ("a b", [["a", "b"]], TypeError, r"references\[0\]"),
        (None, ["a b"], TypeError, "hypothesis"),
        (["a", "b"], ["a b"], TypeError, "hypothesis"),
    ],
)
def test_bad_sentence_input(hyp, refs, error, name):
    with pytest.raises(error, match=name):
        sentence_score(hyp, refs)


@pytest.mark.parametrize(
    ("stats", "error"),
    [
        ([1, 2, 3], ValueError),  # odd length
        ([1, 2], ValueError),  # no order
        ([[[1, 1, 1, 1]]], ValueError),  # 3-D
        ([1.0, 1.0, 1.0, 1.0], TypeError),  # floats, even whole ones
        ([1, 1, -1, 1], ValueError),
    ],
)
def test_bad_stats(stats, error):
    with pytest.raises(error, match="stats"):
        score_from_stats(stats)
