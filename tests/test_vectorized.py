"""bleu.vectorized, the numpy twins, against NLTK and sacreBLEU directly.

``bleu.corpus_bleu``, ``bleu.corpus_score``, ``bleu.segment_stats``, ``bleu.sentence_stats``
and ``bleu.bleu_from_stats`` *are* the functions of :mod:`bleu.vectorized`, so every score
here is compared with NLTK or sacreBLEU, never with another name for the same function.
Only the error messages (our own) are compared with the step-by-step twins'.
"""

from __future__ import annotations

import math
import random
import warnings

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nltk_bleu
from sacrebleu.metrics import BLEU
from test_smoothing_parity import corpus_reference

import bleu
from bleu import nltk_rules, sacrebleu_rules
from bleu import vectorized as fast
from bleu.options import SMOOTH_DEFAULTS
from bleu.simulate import load_corpus, simulate_system
from bleu.tokenizers import TOKENIZERS, get_tokenizer, tokenize_stream
from bleu.vectorized import sentence_stats

QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VOCAB = ["the", "cat", "sat", "on", "mat", "a", "dog", "is", "."]

# --- token lists (NLTK semantics) ------------------------------------------------------

tokens = st.lists(st.sampled_from(VOCAB), max_size=12)


@st.composite
def nltk_corpus(draw):
    """(list_of_references, hypotheses): 1-6 sentences, 1-3 references each, much overlap."""
    refs, hyps = [], []
    for _ in range(draw(st.integers(1, 6))):
        group = draw(st.lists(tokens, min_size=1, max_size=3))
        hyp = list(draw(st.sampled_from(group)))
        for _ in range(draw(st.integers(0, 3))):
            if hyp and draw(st.booleans()):
                del hyp[draw(st.integers(0, len(hyp) - 1))]
            else:
                hyp.insert(draw(st.integers(0, len(hyp))), draw(st.sampled_from(VOCAB)))
        refs.append(group)
        hyps.append(hyp)
    return refs, hyps


def smoother(module, method):
    return None if method is None else getattr(module.SmoothingFunction(), f"method{method}")


@QUICK
@given(corpus=nltk_corpus(), max_n=st.integers(1, 5))
def test_sentence_stats_rows_are_nltks_statistics(corpus, max_n):
    refs, hyps = corpus
    rows = sentence_stats(refs, hyps, max_n)
    assert rows.dtype == np.int64 and rows.shape == (len(hyps), 2 + 2 * max_n)
    for row, group, hyp in zip(rows, refs, hyps):
        ps = [nltk_bleu.modified_precision(group, hyp, n) for n in range(1, max_n + 1)]
        c = len(hyp)
        expected = [c, nltk_bleu.closest_ref_length(group, c)]
        expected += [p.numerator for p in ps] + [p.denominator for p in ps]
        assert row.tolist() == expected


@QUICK
@given(
    corpus=nltk_corpus(),
    method=st.sampled_from([None, *range(8)]),
    weights=st.sampled_from([(0.25,) * 4, (0.5, 0.5), (0.2, 0.3, 0.5), [(1.0,), (0.5, 0.5)]]),
    auto_reweigh=st.booleans(),
)
def test_fast_corpus_bleu_with_nltks_smoothing_objects_equals_nltk(
    corpus, method, weights, auto_reweigh
):
    """NLTK's own methods 0-7 (5-7 see the last sentence, as in NLTK)."""
    refs, hyps = corpus
    args = (refs, hyps, weights, smoother(nltk_bleu, method), auto_reweigh)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = nltk_bleu.corpus_bleu(*args)
    except (AssertionError, IndexError):  # NLTK's method6 without trigram matches
        with pytest.raises(ValueError, match="smoothing_function"):
            fast.corpus_bleu(*args)
        return
    if method is None and expected != 0:
        expected = [0.0 if 0 < e < 1e-15 else e for e in np.atleast_1d(expected).tolist()]
        expected = expected if isinstance(weights, list) else expected[0]
    assert fast.corpus_bleu(*args) == pytest.approx(expected, rel=1e-12, abs=0)


@QUICK
@given(corpus=nltk_corpus(), method=st.sampled_from([None, 0, 1, 2, 3, 4]))
def test_fast_corpus_bleu_equals_nltk(corpus, method):
    refs, hyps = corpus
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nltk_bleu.corpus_bleu(refs, hyps, smoothing_function=smoother(nltk_bleu, method))
    ours = fast.corpus_bleu(refs, hyps, smoothing_function=smoother(bleu, method))
    if ours == 0.0 and method in (None, 0):
        assert theirs < 1e-15  # NLTK's sys.float_info.min stand-in for a zero precision
    else:
        assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0)


def test_fast_corpus_bleu_on_the_notebook_corpus_equals_nltk():
    refs = load_corpus()
    system = simulate_system(refs, "substitute", 0.3, seed=3)
    list_of_refs = [[r.split()] for r in refs]
    hyps = [h.split() for h in system]
    theirs = nltk_bleu.corpus_bleu(list_of_refs, hyps)
    assert fast.corpus_bleu(list_of_refs, hyps) == pytest.approx(theirs, rel=1e-12)
    assert nltk_rules.corpus_bleu(list_of_refs, hyps) == pytest.approx(theirs, rel=1e-12)


def test_bleu_from_stats_rows_and_sums():
    refs = [[r.split()] for r in load_corpus()[:60]]
    hyps = [h.split() for h in simulate_system(load_corpus()[:60], "drop", 0.2, seed=1)]
    rows = sentence_stats(refs, hyps, max_n=5)
    method5 = bleu.SmoothingFunction().method5
    # NLTK's method5 on the whole corpus's numbers, capped at 1 (bleu's documented rule)
    status, expected = corpus_reference(
        refs, hyps, (0.25,) * 4, nltk_bleu.SmoothingFunction().method5
    )
    assert status == "ok"
    ours = fast.bleu_from_stats(rows, smoothing_function=method5)
    assert ours == pytest.approx(expected, rel=1e-12, abs=0)
    theirs = nltk_bleu.corpus_bleu(refs, hyps)
    assert fast.bleu_from_stats(rows.sum(axis=0)) == pytest.approx(theirs, rel=1e-12, abs=0)
    with pytest.raises(ValueError, match="per-sentence rows"):
        fast.bleu_from_stats(rows.sum(axis=0), smoothing_function=method5)
    with pytest.raises(ValueError, match="orders"):
        fast.bleu_from_stats(sentence_stats(refs, hyps), smoothing_function=method5)
    with pytest.raises(ValueError, match="even length"):
        fast.bleu_from_stats([1, 2, 3])


BAD_TOKEN_INPUT = [
    (None, [["a"]]),
    ([[["a"]]], None),
    ([[["a"]]], "a b"),
    ("a", [["a"]]),
    ([[["a"]], [["b"]]], [["a"]]),
    ([], []),
    ([[["a"]]], ["a b"]),
    ([[]], [["a"]]),
    ([["a b"]], [["a"]]),
    ([[["a"]]], [[["a"]]]),
    ([[["a"], [["b"]]]], [["a"]]),
    ([[["a"]]], [("a", "b")]),  # a tuple hypothesis is fine
]


@pytest.mark.parametrize(("refs", "hyps"), BAD_TOKEN_INPUT)
def test_fast_corpus_bleu_fails_as_the_step_by_step_one(refs, hyps):
    try:
        expected = nltk_rules.corpus_bleu(refs, hyps)
    except (TypeError, ValueError) as exc:
        with pytest.raises(type(exc)) as info:
            fast.corpus_bleu(refs, hyps)
        if "unhashable" not in str(info.value):
            assert str(info.value) == str(exc)
        return
    assert fast.corpus_bleu(refs, hyps) == expected


# --- raw strings (sacreBLEU semantics) -------------------------------------------------

PIECES = [
    "the", "The", "cat", "sat", "on", "mat", "a", "3.14", "1,000", "U.S.", "e-mail", "2017-10",
    "don't", "Straße", "Été", "东京", "。", ".", ",", "..", ",.", "!", "?", "(", ")", '"',
    "&quot;", "&amp;", "$5", "€", "<skipped>", "-", "9-", "\n", "a-\nb",
]  # fmt: skip
SEPARATORS = [" ", " ", " ", "", "  ", "\t", "\xa0", "\u2028"]


@st.composite
def raw_corpus(draw, variable_refs=False):
    """(hypotheses, streams) of raw text with punctuation, numbers, entities and newlines."""
    rnd = random.Random(draw(st.integers(0, 2**32)))

    def variant(base):
        words = [w for w in base if rnd.random() < 0.8] + rnd.choices(PIECES, k=rnd.randrange(3))
        return "".join(w + rnd.choice(SEPARATORS) for w in words)

    n_refs = draw(st.integers(1, 3))
    hyps, streams = [], [[] for _ in range(n_refs)]
    for _ in range(draw(st.integers(1, 6))):
        base = draw(st.lists(st.sampled_from(PIECES), max_size=12))
        hyps.append(variant(base))
        for k, stream in enumerate(streams):
            missing = variable_refs and k > 0 and rnd.random() < 0.4
            stream.append(None if missing else variant(base))
    return hyps, streams


@QUICK
@given(corpus=raw_corpus(), tokenize=st.sampled_from(TOKENIZERS), lowercase=st.booleans())
def test_batch_tokenization_equals_segment_by_segment(corpus, tokenize, lowercase):
    hyps, _ = corpus
    tokens, end = tokenize_stream(hyps, tokenize, lowercase)
    expected = []
    for line in hyps:
        line = line.lower() if lowercase else line
        expected += [*get_tokenizer(tokenize)(line.rstrip()).split(), end]
    assert tokens == expected


def test_batch_13a_on_chosen_hard_cases():
    lines = [
        "a..b", "3..5", "x.,.y", ",,,", "1.2.3", "U.S.-led", "7-2 vote.", "&amp;quot;",
        "end.", ".start", "3.", ".5", "-\n", "a-\nb <skipped>c", "", "   ", "\ue000 x",
        "tab\tsep", "$3.50.", "(1,000)", "e.g.,", "...", "a . b , c", "3--4", "3-3-", "-3-",
        "a-3", "1.-2", "(x)[y]{z}", "a&b&amp;c", "#1 @2 ~3", "\\path/to",
    ]  # fmt: skip
    tokens, end = tokenize_stream(lines, "13a", False)
    expected = []
    for line in lines:
        expected += [*bleu.get_tokenizer("13a")(line.rstrip()).split(), end]
    assert tokens == expected
    assert end not in "".join(lines)


@QUICK
@given(
    corpus=raw_corpus(variable_refs=True),
    tokenize=st.sampled_from(TOKENIZERS),
    lowercase=st.booleans(),
    max_order=st.sampled_from([4, 1, 2, 5]),
)
def test_fast_segment_stats_equal_sacrebleus(corpus, tokenize, lowercase, max_order):
    hyps, streams = corpus
    options = {"tokenize": tokenize, "lowercase": lowercase, "max_ngram_order": max_order}
    try:
        sacrebleu_rules.segment_stats(hyps, streams, **options)
    except ValueError as exc:  # a segment whose every reference is None
        with pytest.raises(ValueError, match="no reference"):
            fast.segment_stats(hyps, streams, **options)
        assert "no reference" in str(exc)
        return
    metric = BLEU(tokenize=tokenize, lowercase=lowercase, max_ngram_order=max_order)
    expected = metric._extract_corpus_statistics(hyps, streams)
    ours = fast.segment_stats(hyps, streams, **options)
    assert ours.dtype == np.int64
    assert ours.tolist() == expected


@QUICK
@given(
    corpus=raw_corpus(),
    tokenize=st.sampled_from(TOKENIZERS),
    smooth=st.sampled_from(tuple(SMOOTH_DEFAULTS)),
    effective_order=st.booleans(),
)
def test_fast_corpus_score_equals_sacrebleu(corpus, tokenize, smooth, effective_order):
    hyps, streams = corpus
    theirs = sacrebleu.corpus_bleu(
        hyps, streams, tokenize=tokenize, smooth_method=smooth, use_effective_order=effective_order
    )
    ours = bleu.chunked.corpus_score(
        hyps, streams, tokenize=tokenize, smooth=smooth, effective_order=effective_order
    )
    assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
    assert str(ours) == str(theirs)
    assert (ours.counts, ours.totals) == (theirs.counts, theirs.totals)
    assert ours.precisions == pytest.approx(theirs.precisions, rel=0, abs=1e-9)


def test_fast_corpus_score_on_generated_systems_equals_sacrebleu():
    refs = load_corpus()
    refs2 = simulate_system(refs, "reorder", 0.2, seed=9)
    for kind in ("drop", "substitute", "reorder", "truncate"):
        system = simulate_system(refs, kind, 0.25, seed=4)
        ours = bleu.chunked.corpus_score(system, [refs, refs2])
        theirs = sacrebleu.corpus_bleu(system, [refs, refs2])
        assert abs(ours.score - theirs.score) <= 1e-9
        assert ours.counts == theirs.counts and ours.ref_len == theirs.ref_len


BAD_RAW_INPUT = [
    ({"hypotheses": None, "references": [["a"]]}),
    ({"hypotheses": "a b", "references": [["a"]]}),
    ({"hypotheses": [], "references": [[]]}),
    ({"hypotheses": [["a", "b"]], "references": [["a"]]}),
    ({"hypotheses": ["a"], "references": ["a"]}),
    ({"hypotheses": ["a"], "references": []}),
    ({"hypotheses": ["a", "b"], "references": [["a"]]}),
    ({"hypotheses": ["a"], "references": [[None]]}),
    ({"hypotheses": ["a"], "references": [["a"]], "tokenize": "spm"}),
    ({"hypotheses": ["a"], "references": [["a"]], "lowercase": "yes"}),
    ({"hypotheses": ["a"], "references": [["a"]], "max_ngram_order": 0}),
    ({"hypotheses": ["a"], "references": [["a"]], "smooth": "add-one"}),
    ({"hypotheses": ["a"], "references": [["a"]], "smooth": "floor", "smooth_value": -1}),
    ({"hypotheses": ["a"], "references": [["a"]], "effective_order": 1}),
    ({"hypotheses": ("a" for _ in range(1)), "references": [("a",)]}),
]


@pytest.mark.parametrize("kwargs", BAD_RAW_INPUT)
def test_fast_corpus_score_fails_as_the_step_by_step_one(kwargs):
    slow_kwargs = dict(kwargs)
    if not isinstance(kwargs["hypotheses"], (list, str, type(None))):
        slow_kwargs["hypotheses"] = ["a"]
        kwargs = {**kwargs, "hypotheses": iter(["a"])}
    try:
        expected = sacrebleu_rules.corpus_score(**slow_kwargs)
    except (TypeError, ValueError) as exc:
        with pytest.raises(type(exc)) as info:
            bleu.chunked.corpus_score(**kwargs)
        assert str(info.value) == str(exc)
        return
    assert bleu.chunked.corpus_score(**kwargs).score == expected.score
