"""The lean sentence scorers (bleu.lean, exported as bleu.sentence_bleu and
bleu.sentence_score) against NLTK 3.10.4 and sacreBLEU 2.6.0 directly; sacreBLEU's keyword
names and their old aliases; NLTK's return type for one weight vector in a list.

Tolerances as DESIGN.md: relative 1e-12 to NLTK, 1e-9 to sacreBLEU. Where NLTK replaces a
zero precision by ``sys.float_info.min`` (no smoothing) it returns a tiny number and bleu
0.0, as documented. Speed is measured in benchmarks/sentence_level.py, not here.
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
from bleu import lean, significance
from bleu.options import OLD_NAMES, SMOOTH_DEFAULTS
from bleu.tokenizers import TOKENIZERS

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
METHODS = (None, 0, 1, 2, 3, 4, 5, 6, 7)

# A small vocabulary, so that n-grams repeat within a sentence (the Counter branch of
# bleu.lean.ngram_matches) and match across sentences (up to 4-grams).
TOKENS = st.sampled_from(["the", "cat", "a", "mat", "on", "sat", "the", "is", "dog", 7, ("x",)])
WORDS = [
    "the", "The", "cat", "sat", "on", "mat", "a", "is", "3.14", "1,000", "don't", "U.S.",
    "e-mail", "2017-10", "Straße", "Été", "жук", "东京", "猫", "。", ".", ",", "!", "?", "(",
    '"', "&quot;", "$5", "…", "-", "...", ",,",
]  # fmt: skip


@st.composite
def token_sentences(draw):
    """(references, hypothesis) token lists: 1-3 references, near copies or unrelated."""
    base = draw(st.lists(TOKENS, min_size=0, max_size=14))
    rnd = random.Random(draw(st.integers(0, 2**32)))

    def variant() -> list:
        out = [t for t in base if rnd.random() < 0.85]
        for _ in range(rnd.randrange(3)):
            out.insert(rnd.randrange(len(out) + 1), rnd.choice(["the", "cat", "zz", 7]))
        return out

    refs = [variant() for _ in range(draw(st.integers(1, 3)))]
    return refs, variant()


@st.composite
def raw_segments(draw, n_refs_max: int = 3):
    """(hypothesis, references) raw strings with punctuation, numbers and Unicode."""
    base = draw(st.lists(st.sampled_from(WORDS), max_size=14))
    rnd = random.Random(draw(st.integers(0, 2**32)))

    def variant() -> str:
        words = [w for w in base if rnd.random() < 0.85] + rnd.choices(WORDS, k=rnd.randrange(3))
        return "".join(w + rnd.choice([" ", " ", "", "  ", "\t"]) for w in words)

    refs = [variant() for _ in range(draw(st.integers(1, n_refs_max)))]
    hyp = variant() if rnd.random() < 0.95 else ""
    return hyp, refs


def _nltk(refs, hyp, **kwargs):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return "ok", nb.sentence_bleu(refs, hyp, **kwargs)
    except (AssertionError, IndexError, ValueError, ZeroDivisionError) as exc:
        return "error", type(exc).__name__


def _same_as_nltk(ours, theirs, method):
    if isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _same_as_nltk(a, b, method)
        return
    assert type(ours) is float
    if ours == 0.0 and method in (None, 0) and 0 < theirs < 1e-15:
        return  # NLTK's sys.float_info.min stand-in for a zero precision (documented)
    assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0.0), (ours, theirs)


# --- NLTK's rules --------------------------------------------------------------------------


@SETTINGS
@given(
    sentence=token_sentences(),
    method=st.sampled_from(METHODS),
    weights=weight_choices(orders_per_vector=5),
    auto_reweigh=st.booleans(),
)
def test_lean_sentence_bleu_equals_nltk(sentence, method, weights, auto_reweigh):
    refs, hyp = sentence
    if weights == []:
        weights = (0.25,) * 4
    kwargs = {"weights": weights, "auto_reweigh": auto_reweigh}
    theirs_fn = None if method is None else getattr(nb.SmoothingFunction(), f"method{method}")
    ours_fn = None if method is None else getattr(bleu.SmoothingFunction(), f"method{method}")
    status, theirs = _nltk(refs, hyp, smoothing_function=theirs_fn, **kwargs)
    if status == "error":  # NLTK's method 6 without a trigram match, auto_reweigh on nothing
        with pytest.raises((ValueError, ZeroDivisionError)):
            lean.sentence_bleu(refs, hyp, smoothing_function=ours_fn, **kwargs)
        return
    _same_as_nltk(
        lean.sentence_bleu(refs, hyp, smoothing_function=ours_fn, **kwargs), theirs, method
    )
    # NLTK's own smoothing objects work too (handed NLTK's unreduced fractions)
    if method not in (None, 0):
        ours = lean.sentence_bleu(refs, hyp, smoothing_function=theirs_fn, **kwargs)
        _same_as_nltk(ours, theirs, method)


@SETTINGS
@given(sentence=token_sentences(), n=st.integers(1, 6))
def test_ngram_matches_are_nltks_clipped_counts(sentence, n):
    refs, hyp = sentence
    matches = lean.ngram_matches(refs, hyp, n)
    assert len(matches) == n
    for order in range(1, n + 1):
        assert matches[order - 1] == nb.modified_precision(refs, hyp, order).numerator


def test_the_exported_names_are_the_lean_ones():
    assert bleu.sentence_bleu is lean.sentence_bleu
    assert bleu.sentence_score is lean.sentence_score


def test_lean_sentence_bleu_on_tuples_and_iterators_as_nltk():
    refs = [("the", "cat", "sat", "on", "the", "mat")]
    hyp = ("the", "cat", "sat", "on", "a", "mat")
    theirs = nb.sentence_bleu(refs, hyp, weights=(0.5, 0.5))
    assert math.isclose(bleu.sentence_bleu(refs, hyp, weights=(0.5, 0.5)), theirs, rel_tol=1e-12)
    ours = bleu.sentence_bleu(iter(refs), iter(hyp), weights=iter([0.5, 0.5]))
    assert math.isclose(ours, theirs, rel_tol=1e-12)


@pytest.mark.parametrize(
    "weights",
    [
        [(0.25,) * 4],
        ((0.5, 0.5),),
        np.array([[0.5, 0.5]]),
        [(0.5, 0.5), (1.0,)],
        np.array([0.5] * 2),
    ],
)
@pytest.mark.parametrize("scope", ["sentence", "corpus"])
def test_one_weight_vector_in_a_list_gives_what_nltk_gives(weights, scope):
    refs = [["the", "cat", "sat", "on", "the", "mat"]]
    hyp = ["the", "cat", "sat", "on", "a", "mat"]
    if scope == "sentence":
        theirs = nb.sentence_bleu(refs, hyp, weights)
        ours = [bleu.sentence_bleu(refs, hyp, weights)]
        ours.append(bleu.nltk_rules.sentence_bleu(refs, hyp, weights))
    else:
        theirs = nb.corpus_bleu([refs], [hyp], weights)
        ours = [bleu.corpus_bleu([refs], [hyp], weights)]
        ours.append(bleu.nltk_rules.corpus_bleu([refs], [hyp], weights))
    for value in ours:
        assert type(value) is type(theirs)  # float for one vector, list for several
        _same_as_nltk(value, theirs, None)


@pytest.mark.parametrize("weights", [(10**400, 1), [(0.5, 0.5), (1, 10**400)]])
@pytest.mark.parametrize(
    "func",
    [
        lambda r, h, w: bleu.sentence_bleu(r, h, w),
        lambda r, h, w: bleu.corpus_bleu([r], [h], w),
        lambda r, h, w: bleu.nltk_rules.sentence_bleu(r, h, w),
        lambda r, h, w: bleu.batch.sentence_bleu_scores([r], [h], w),
    ],
)
def test_an_overflowing_weight_is_a_value_error_naming_weights(func, weights):
    with pytest.raises(ValueError, match=r"weights.*too large"):
        func([["a", "b"]], ["a", "b"], weights)


# --- sacreBLEU's rules ---------------------------------------------------------------------


def _same_as_sacre(ours, theirs):
    assert math.isclose(ours.score, theirs.score, rel_tol=1e-9, abs_tol=1e-12)
    assert ours.counts == theirs.counts and ours.totals == theirs.totals
    assert np.allclose(ours.precisions, theirs.precisions, rtol=1e-9, atol=1e-12)
    assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    assert str(ours) == str(theirs)


@SETTINGS
@given(
    segment=raw_segments(),
    tokenize=st.sampled_from(TOKENIZERS),
    smooth_method=st.sampled_from(tuple(SMOOTH_DEFAULTS)),
    smooth_value=st.one_of(st.none(), st.sampled_from([0, 0.01, 0.5, 2])),
    lowercase=st.booleans(),
    use_effective_order=st.booleans(),
)
def test_lean_sentence_score_equals_sacrebleu(
    segment, tokenize, smooth_method, smooth_value, lowercase, use_effective_order
):
    hyp, refs = segment
    options = {
        "tokenize": tokenize,
        "smooth_method": smooth_method,
        "smooth_value": smooth_value,
        "lowercase": lowercase,
        "use_effective_order": use_effective_order,
    }
    theirs = sacrebleu.sentence_bleu(hyp, refs, **options)
    ours = lean.sentence_score(hyp, refs, **options)
    _same_as_sacre(ours, theirs)
    again = lean.sentence_score(hyp, refs, **options)  # options and signature from the cache
    assert again.score == ours.score and again.signature == ours.signature


@SETTINGS
@given(segment=raw_segments(), order=st.integers(1, 7), use_effective_order=st.booleans())
def test_lean_sentence_score_any_order_equals_sacrebleu(segment, order, use_effective_order):
    hyp, refs = segment
    metric = BLEU(max_ngram_order=order, effective_order=use_effective_order)
    theirs = metric.sentence_score(hyp, refs)
    ours = lean.sentence_score(
        hyp, refs, max_ngram_order=order, use_effective_order=use_effective_order
    )
    _same_as_sacre(ours, theirs)


def test_lean_sentence_score_signature_is_the_step_by_step_ones():
    for options in ({}, {"smooth_method": "floor", "lowercase": True}, {"tokenize": "none"}):
        ours = lean.sentence_score("a b c", ["a b d", "a b"], **options)
        step = bleu.sacrebleu_rules.sentence_score("a b c", ["a b d", "a b"], **options)
        assert ours.signature == step.signature and str(ours) == str(step)


@pytest.mark.parametrize(
    ("kwargs", "error", "name"),
    [
        ({"lowercase": 1}, TypeError, "lowercase"),  # 1 == True: not served from the cache
        ({"max_ngram_order": 4.0}, TypeError, "max_ngram_order"),
        ({"use_effective_order": 1}, TypeError, "use_effective_order"),
        ({"smooth_value": [1]}, TypeError, "smooth_value"),  # unhashable
        ({"smooth_method": "bogus"}, ValueError, "smooth_method"),
        ({"tokenize": "14a"}, ValueError, "tokenize"),
    ],
)
def test_lean_sentence_score_checks_options_every_time(kwargs, error, name):
    lean.sentence_score("a b", ["a b"], lowercase=True, use_effective_order=True)  # cached
    for _ in range(2):
        with pytest.raises(error, match=name):
            lean.sentence_score("a b", ["a b"], **kwargs)


@pytest.mark.parametrize(
    ("hyp", "refs", "error", "name"),
    [
        (["a", "b"], ["a b"], TypeError, "hypothesis"),
        ("a b", "a b", TypeError, "references"),
        ("a b", [], ValueError, "references"),
        ("a b", ["a", None], TypeError, "references"),
    ],
)
def test_lean_sentence_score_refuses_bad_text(hyp, refs, error, name):
    with pytest.raises(error, match=name):
        lean.sentence_score(hyp, refs)


# --- sacreBLEU's keyword names ---------------------------------------------------------------

KEYWORD_SETS = [
    {},
    {"tokenize": "none", "lowercase": True},
    {"smooth_method": "floor", "smooth_value": 0.2},
    {"smooth_method": "add-k", "use_effective_order": True},
    {"tokenize": "intl", "smooth_method": "none", "use_effective_order": False},
    {"tokenize": "char", "lowercase": True, "smooth_method": "exp"},
]
HYPS = ["The cat sat on the mat.", "It is a guide to action!", "Ein Hund, 3.5 m."]
REFS = [["The cat is on the mat.", "It is a guide to action.", "Ein Hund 3,5 m."]]


@pytest.mark.parametrize("keywords", KEYWORD_SETS)
def test_sacrebleu_keyword_dicts_run_unchanged(keywords):
    """Code written for sacreBLEU runs by changing the import: same keywords, same score."""
    corpus_theirs = sacrebleu.corpus_bleu(HYPS, REFS, **keywords)
    for corpus_score in (bleu.corpus_score, bleu.sacrebleu_rules.corpus_score):
        _same_as_sacre(corpus_score(HYPS, REFS, **keywords), corpus_theirs)
    for hyp, ref in zip(HYPS, REFS[0]):
        theirs = sacrebleu.sentence_bleu(hyp, [ref], **keywords)
        for sentence_score in (bleu.sentence_score, bleu.sacrebleu_rules.sentence_score):
            _same_as_sacre(sentence_score(hyp, [ref], **keywords), theirs)
    scores = bleu.sentence_scores(HYPS, REFS, **keywords)
    expected = [sacrebleu.sentence_bleu(h, [r], **keywords).score for h, r in zip(HYPS, REFS[0])]
    assert np.allclose(scores, expected, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ({"smooth": "floor"}, {"smooth_method": "floor"}),
        ({"effective_order": True}, {"use_effective_order": True}),
        ({"smooth": "add-k", "effective_order": False}, {"smooth_method": "add-k"}),
    ],
)
def test_the_old_names_still_work(old, new):
    stats = bleu.segment_stats(HYPS, REFS)
    pairs = [
        (lambda **k: bleu.corpus_score(HYPS, REFS, **k).score),
        (lambda **k: bleu.sacrebleu_rules.corpus_score(HYPS, REFS, **k).score),
        (lambda **k: bleu.sentence_score(HYPS[0], REFS[0][:1], **k).score),
        (lambda **k: bleu.sacrebleu_rules.sentence_score(HYPS[0], REFS[0][:1], **k).score),
        (lambda **k: bleu.score_from_stats(stats, **k).score),
        (lambda **k: float(bleu.rules.scores_from_stats(stats.sum(axis=0), **k)[0])),
        (lambda **k: bleu.sentence_scores(HYPS, REFS, **k).tolist()),
        (lambda **k: bleu.pairwise_scores(HYPS, **k).tolist()),
        (lambda **k: bleu.BleuOptions(**k)),
        (lambda **k: bleu.confidence_interval(HYPS, REFS, n_samples=20, **k).score),
    ]
    for func in pairs:
        assert func(**old) == func(**new)
    assert bleu.BleuOptions(**old) == bleu.BleuOptions(**new)


@pytest.mark.parametrize(
    "both",
    [
        {"smooth": "floor", "smooth_method": "floor"},
        {"smooth": "exp", "smooth_method": "floor"},
        {"effective_order": True, "use_effective_order": True},
    ],
)
@pytest.mark.parametrize(
    "func",
    [
        lambda **k: bleu.corpus_score(HYPS, REFS, **k),
        lambda **k: bleu.sacrebleu_rules.corpus_score(HYPS, REFS, **k),
        lambda **k: bleu.sentence_score(HYPS[0], REFS[0][:1], **k),
        lambda **k: bleu.sacrebleu_rules.sentence_score(HYPS[0], REFS[0][:1], **k),
        lambda **k: bleu.score_from_stats([3, 3, 3, 2, 1, 0, 3, 2, 1, 0], **k),
        lambda **k: bleu.sentence_scores(HYPS, REFS, **k),
        lambda **k: bleu.pairwise_scores(HYPS, **k),
        lambda **k: bleu.BleuOptions(**k),
        lambda **k: significance.paired_bootstrap(HYPS, HYPS[::-1], REFS, n_samples=5, **k),
    ],
)
def test_an_old_and_a_new_name_together_is_a_type_error_naming_both(func, both):
    old = next(name for name in both if name in OLD_NAMES)
    new = OLD_NAMES[old]
    with pytest.raises(TypeError, match=rf"{new}=.*{old}="):
        func(**both)


def test_significance_takes_sacrebleus_names():
    new = bleu.confidence_interval(HYPS, REFS, n_samples=30, smooth_method="floor")
    old = bleu.confidence_interval(HYPS, REFS, n_samples=30, smooth="floor")
    plain = bleu.corpus_score(HYPS, REFS, smooth_method="floor")
    assert new == old and math.isclose(new.score, plain.score, rel_tol=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"smooth": "bogus"}, ValueError, "smooth='bogus' is not"),
        ({"smooth_method": "bogus"}, ValueError, "smooth_method='bogus' is not"),
        ({"effective_order": 1}, TypeError, "effective_order must be"),
        ({"use_effective_order": 1}, TypeError, "use_effective_order must be"),
    ],
)
def test_a_bad_option_is_named_as_the_caller_spelled_it(kwargs, error, message):
    with pytest.raises(error, match=f"^{message}"):
        bleu.BleuOptions(**kwargs)
