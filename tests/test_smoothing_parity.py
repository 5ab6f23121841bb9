"""Smoothing parity with NLTK: all eight methods, NLTK's own smoothing objects and ours.

Every implementation that takes a ``smoothing_function`` is compared directly with NLTK's
``sentence_bleu``/``corpus_bleu`` on the same input:

- NLTK's own ``SmoothingFunction`` methods (default and non-default ``epsilon``, ``alpha``,
  ``k``) passed to ours must give NLTK's float at sentence and corpus level, methods 0-7:
  NLTK hands them unreduced ``Fraction(m, t, _normalize=False)`` precisions, and methods
  1-4 and 7 read the raw counts from ``numerator``/``denominator``;
- :class:`bleu.SmoothingFunction` with the same parameters must give NLTK's float, except
  the documented departures: exactly 0.0 where NLTK's method0 returns its
  ``sys.float_info.min`` stand-in, and corpus-level methods 5-7, which use the whole
  corpus's 5-gram precision and n-gram counts and cap each smoothed precision at 1. For
  those, the reference is NLTK's own method run on the corpus's numbers (its
  ``modified_precision`` and ``ngrams`` answer for the corpus while the method runs) and
  capped.

Relative tolerance 1e-12 (DESIGN.md). NLTK warns about zero counts; the warnings are
silenced here.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from unittest import mock

import pytest
from conftest import near_copy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nb

import bleu
from bleu import lean, nltk_rules, vectorized
from bleu.smoothing import Precision

VOCAB = ["the", "cat", "sat", "on", "mat", "a"]
METHODS = list(range(8))
SETTINGS = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NLTK_ERRORS = (AssertionError, IndexError, ZeroDivisionError, ValueError)

SENTENCE_BLEUS = {"bleu.sentence_bleu": bleu.sentence_bleu, "nltk_rules": nltk_rules.sentence_bleu}
CORPUS_BLEUS = {  # bleu.corpus_bleu is vectorized.corpus_bleu (asserted below)
    "nltk_rules.corpus_bleu": nltk_rules.corpus_bleu,
    "vectorized.corpus_bleu": vectorized.corpus_bleu,
}

# --- input ------------------------------------------------------------------------------

words = st.sampled_from(VOCAB)


@st.composite
def segment(draw):
    """(references, hypothesis): 1-3 references; the hypothesis a near copy, short or random."""
    refs = draw(st.lists(st.lists(words, min_size=0, max_size=10), min_size=1, max_size=3))
    kind = draw(st.sampled_from(["near", "near", "short", "random"]))
    if kind == "short":  # shorter than 4 tokens, empty included
        return refs, draw(st.lists(words, max_size=3))
    if kind == "random":
        return refs, draw(st.lists(words, max_size=10))
    return refs, near_copy(draw, refs, words)


weights_strategy = st.one_of(
    st.sampled_from([(0.25,) * 4, (0.5, 0.5), (1.0,), (0.2, 0.3, 0.5), (0.2,) * 5, (1 / 6,) * 6]),
    st.lists(st.floats(0.05, 1.0), min_size=1, max_size=6).map(tuple),
    st.lists(st.lists(st.floats(0.05, 1.0), min_size=1, max_size=5).map(tuple), min_size=2,
             max_size=3),
)  # fmt: skip

parameters = st.one_of(
    st.just({}),
    st.fixed_dictionaries(
        {
            "epsilon": st.sampled_from([0.01, 0.5, 1.0]),
            "alpha": st.sampled_from([1, 2.5, 10]),
            "k": st.sampled_from([1, 3, 7.5]),
        }
    ),
)

# --- helpers ----------------------------------------------------------------------------


def _run(func, *args, **kwargs):
    """("ok", value) or ("error", the exception)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return "ok", func(*args, **kwargs)
    except NLTK_ERRORS as exc:
        return "error", exc


def _same(ours, theirs, own_method0=False):
    if isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (ours, theirs)
        for a, b in zip(ours, theirs):
            _same(a, b, own_method0)
        return
    if own_method0 and ours == 0.0 and theirs != 0:
        assert 0 < theirs < 1e-15, theirs  # NLTK's sys.float_info.min stand-in
        return
    assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0.0), (ours, theirs)


def _compare(ours_call, theirs_call, own_method0=False):
    status_t, theirs = theirs_call()
    status_o, ours = ours_call()
    if status_t == "error":
        # NLTK fails (method6 without trigram matches or with fewer than 3 orders):
        # we raise a ValueError that names the smoothing method or argument.
        assert status_o == "error" and type(ours) is ValueError, (theirs, ours)
        assert "smoothing" in str(ours) or "method6" in str(ours), ours
        return
    assert status_o == "ok", (ours, theirs)
    _same(ours, theirs, own_method0)


def corpus_reference(list_of_refs, hyps, weights, nltk_method, auto_reweigh=False):
    """NLTK's corpus_bleu, with methods 5-7 applied as bleu documents them.

    NLTK's own method runs on the corpus's precisions; while it runs, NLTK's
    ``modified_precision`` gives the whole corpus's 5-gram precision and its ``ngrams``
    the corpus's number of hypothesis n-grams (NLTK itself uses the last sentence's);
    each smoothed precision is then capped at 1.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fifth = [nb.modified_precision(r, h, 5) for r, h in zip(list_of_refs, hyps)]
    p5 = Fraction(
        sum(p.numerator for p in fifth), sum(p.denominator for p in fifth), _normalize=False
    )
    counts = {n: sum(max(0, len(h) - n + 1) for h in hyps) for n in range(1, 8)}

    def smoothing(p_n, references, hypothesis, hyp_len):
        with (
            mock.patch.object(nb, "modified_precision", lambda r, h, n: p5),
            mock.patch.object(nb, "ngrams", lambda h, n: range(counts[n])),
        ):
            out = nltk_method(p_n, references, hypothesis, hyp_len)
        return [min(p, 1) for p in out]

    return _run(nb.corpus_bleu, list_of_refs, hyps, weights, smoothing, auto_reweigh)


def _orders(weights):
    many = isinstance(weights[0], tuple)
    return max(len(w) for w in weights) if many else len(weights)


# --- the example of the fix --------------------------------------------------------------


def test_nltks_method3_object_gives_nltks_value():
    refs = [["the", "cat", "sat", "on", "the", "mat"]]
    hyp = ["mat", "cat", "the", "mat", "the"]
    method3 = nb.SmoothingFunction().method3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nb.sentence_bleu(refs, hyp, smoothing_function=method3)
    assert round(theirs, 4) == 0.2080
    for func in (bleu.sentence_bleu, nltk_rules.sentence_bleu):
        assert math.isclose(func(refs, hyp, smoothing_function=method3), theirs, rel_tol=1e-12)
    for func in (bleu.corpus_bleu, nltk_rules.corpus_bleu, vectorized.corpus_bleu):
        assert math.isclose(func([refs], [hyp], smoothing_function=method3), theirs, rel_tol=1e-12)
    # Reduced fractions (p_3 = 0/3 read as 0/1) would give 0.3256: the bug this pins down.
    reduced = nb.sentence_bleu(
        refs,
        hyp,
        smoothing_function=lambda p_n, **kw: method3(
            [Fraction(p.numerator, p.denominator) for p in p_n], **kw
        ),
    )
    assert round(reduced, 4) == 0.3256
    ours = bleu.sentence_bleu(refs, hyp, smoothing_function=bleu.SmoothingFunction().method3)
    assert math.isclose(ours, theirs, rel_tol=1e-12)


def test_the_top_level_names_are_the_documented_twins():
    # the exported sentence_bleu is the lean path; the step-by-step one stays public, and
    # SENTENCE_BLEUS compares both with NLTK
    assert bleu.sentence_bleu is lean.sentence_bleu
    assert bleu.sentence_bleu is not nltk_rules.sentence_bleu
    assert bleu.corpus_bleu is vectorized.corpus_bleu
    assert bleu.bleu_from_stats is bleu.rules.bleu_from_stats


@pytest.mark.parametrize("method", METHODS)
def test_every_method_on_a_fixed_pair(method):
    refs = [["the", "cat", "sat", "on", "the", "mat"], ["a", "cat", "is", "on", "the", "mat"]]
    hyp = ["the", "cat", "is", "on", "a", "mat", "the"]
    theirs_sf, ours_sf = nb.SmoothingFunction(0.2, 3, 2), bleu.SmoothingFunction(0.2, 3, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nb.sentence_bleu(
            refs, hyp, smoothing_function=getattr(theirs_sf, f"method{method}")
        )
        for sf in (theirs_sf, ours_sf):
            smoother = getattr(sf, f"method{method}")
            ours = bleu.sentence_bleu(refs, hyp, smoothing_function=smoother)
            _same(ours, theirs, own_method0=sf is ours_sf and method == 0)
            if method >= 1:  # this pair has no 4-gram match: smoothing must act
                assert ours != bleu.sentence_bleu(refs, hyp)


# --- sentence level ----------------------------------------------------------------------


@SETTINGS
@given(
    seg=segment(),
    weights=weights_strategy,
    method=st.sampled_from(METHODS),
    params=parameters,
    auto_reweigh=st.booleans(),
    name=st.sampled_from(sorted(SENTENCE_BLEUS)),
)
def test_sentence_bleu_with_nltks_objects_equals_nltk(
    seg, weights, method, params, auto_reweigh, name
):
    refs, hyp = seg
    smoother = getattr(nb.SmoothingFunction(**params), f"method{method}")
    _compare(
        lambda: _run(SENTENCE_BLEUS[name], refs, hyp, weights, smoother, auto_reweigh),
        lambda: _run(nb.sentence_bleu, refs, hyp, weights, smoother, auto_reweigh),
    )


@SETTINGS
@given(
    seg=segment(),
    weights=weights_strategy,
    method=st.sampled_from(METHODS),
    params=parameters,
    auto_reweigh=st.booleans(),
    name=st.sampled_from(sorted(SENTENCE_BLEUS)),
)
def test_sentence_bleu_with_our_smoothing_equals_nltk(
    seg, weights, method, params, auto_reweigh, name
):
    refs, hyp = seg
    ours = getattr(bleu.SmoothingFunction(**params), f"method{method}")
    theirs = getattr(nb.SmoothingFunction(**params), f"method{method}")
    _compare(
        lambda: _run(SENTENCE_BLEUS[name], refs, hyp, weights, ours, auto_reweigh),
        lambda: _run(nb.sentence_bleu, refs, hyp, weights, theirs, auto_reweigh),
        own_method0=method == 0,
    )


# --- corpus level ------------------------------------------------------------------------

corpora = st.lists(segment(), min_size=1, max_size=5).map(
    lambda segs: ([refs for refs, _ in segs], [hyp for _, hyp in segs])
)


@SETTINGS
@given(
    corpus=corpora,
    weights=weights_strategy,
    method=st.sampled_from(METHODS),
    params=parameters,
    auto_reweigh=st.booleans(),
    name=st.sampled_from(sorted(CORPUS_BLEUS)),
)
def test_corpus_bleu_with_nltks_objects_equals_nltk(
    corpus, weights, method, params, auto_reweigh, name
):
    """NLTK's own methods, 5-7 included, see what they see inside NLTK (the last sentence)."""
    refs, hyps = corpus
    smoother = getattr(nb.SmoothingFunction(**params), f"method{method}")
    _compare(
        lambda: _run(CORPUS_BLEUS[name], refs, hyps, weights, smoother, auto_reweigh),
        lambda: _run(nb.corpus_bleu, refs, hyps, weights, smoother, auto_reweigh),
    )


@SETTINGS
@given(
    corpus=corpora,
    weights=weights_strategy,
    method=st.sampled_from(METHODS),
    params=parameters,
    auto_reweigh=st.booleans(),
    name=st.sampled_from(sorted(CORPUS_BLEUS)),
)
def test_corpus_bleu_with_our_smoothing_equals_nltk(
    corpus, weights, method, params, auto_reweigh, name
):
    """Methods 0-4: NLTK's corpus_bleu; 5-7: NLTK's method on the corpus's numbers, capped."""
    refs, hyps = corpus
    ours = getattr(bleu.SmoothingFunction(**params), f"method{method}")
    theirs = getattr(nb.SmoothingFunction(**params), f"method{method}")
    if method >= 5:
        reference = lambda: corpus_reference(refs, hyps, weights, theirs, auto_reweigh)  # noqa: E731
    else:
        reference = lambda: _run(nb.corpus_bleu, refs, hyps, weights, theirs, auto_reweigh)  # noqa: E731
    _compare(
        lambda: _run(CORPUS_BLEUS[name], refs, hyps, weights, ours, auto_reweigh),
        reference,
        own_method0=method == 0,
    )


@SETTINGS
@given(
    corpus=corpora,
    weights=weights_strategy,
    method=st.sampled_from(METHODS),
    params=parameters,
    nltk_object=st.booleans(),
)
def test_bleu_from_stats_with_smoothing_equals_nltk(corpus, weights, method, params, nltk_object):
    """Rows of sentence_stats scored with smoothing. NLTK's own methods 5-7 need the last
    sentence's tokens, which rows do not have; they are left out."""
    if nltk_object and method >= 5:
        method -= 3
    refs, hyps = corpus
    theirs = getattr(nb.SmoothingFunction(**params), f"method{method}")
    ours = theirs if nltk_object else getattr(bleu.SmoothingFunction(**params), f"method{method}")
    rows = vectorized.sentence_stats(refs, hyps, max_n=max(_orders(weights), 5))
    if method >= 5:
        reference = lambda: corpus_reference(refs, hyps, weights, theirs)  # noqa: E731
    else:
        reference = lambda: _run(nb.corpus_bleu, refs, hyps, weights, theirs)  # noqa: E731
    _compare(
        lambda: _run(bleu.rules.bleu_from_stats, rows, weights, ours),
        reference,
        own_method0=method == 0 and not nltk_object,
    )
    if method < 5:  # the column sums carry everything methods 0-4 need
        _compare(
            lambda: _run(bleu.rules.bleu_from_stats, rows.sum(axis=0), weights, ours),
            reference,
            own_method0=method == 0 and not nltk_object,
        )


@settings(SETTINGS, max_examples=100)
@given(seg=segment(), weights=weights_strategy, method=st.sampled_from(METHODS), params=parameters)
def test_a_one_sentence_corpus_is_nltks_sentence_score_capped(seg, weights, method, params):
    """With one sentence the last sentence is the corpus: NLTK's value, capped for 5-7."""
    refs, hyp = seg
    ours = getattr(bleu.SmoothingFunction(**params), f"method{method}")
    theirs = getattr(nb.SmoothingFunction(**params), f"method{method}")

    def capped(p_n, *args, **kwargs):
        out = theirs(p_n, *args, **kwargs)
        return [min(p, 1) for p in out] if method >= 5 else out

    for func in CORPUS_BLEUS.values():
        _compare(
            lambda func=func: _run(func, [refs], [hyp], weights, ours),
            lambda: _run(nb.sentence_bleu, refs, hyp, weights, capped),
            own_method0=method == 0,
        )


# --- each method on its own --------------------------------------------------------------


@SETTINGS
@given(seg=segment(), method=st.sampled_from(METHODS), params=parameters, orders=st.integers(1, 6))
def test_each_method_on_the_same_precisions_equals_nltks(seg, method, params, orders):
    """Called directly with references and hypothesis only (no corpus statistics): method5
    computes the 5-gram precision itself and method6 counts the hypothesis n-grams."""
    refs, hyp = seg
    counts = [nb.modified_precision(refs, hyp, n) for n in range(1, orders + 1)]
    theirs_method = getattr(nb.SmoothingFunction(**params), f"method{method}")
    ours_method = getattr(bleu.SmoothingFunction(**params), f"method{method}")
    status_t, theirs = _run(theirs_method, list(counts), refs, hyp, len(hyp))
    ours_in = [Precision(p.numerator, p.denominator) for p in counts]
    status_o, ours = _run(ours_method, ours_in, refs, hyp, len(hyp))
    if status_t == "error":
        assert status_o == "error" and type(ours) is ValueError, (theirs, ours)
        return
    assert status_o == "ok", ours
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        if method == 0 and a == 0:
            assert b == 0 or 0 < b < 1e-300  # NLTK's sys.float_info.min stand-in
        else:
            assert math.isclose(float(a), float(b), rel_tol=1e-12, abs_tol=0.0), (ours, theirs)


@pytest.mark.parametrize("method", [5, 6, 7])
def test_nltks_methods_that_read_the_sentences_are_refused_on_rows(method):
    rows = vectorized.sentence_stats([[["a", "b", "c", "d", "e"]]], [["a", "b", "c", "d", "e"]], 5)
    smoother = getattr(nb.SmoothingFunction(), f"method{method}")
    with pytest.raises(ValueError, match=f"smoothing_function .*method{method}.*rows"):
        bleu.rules.bleu_from_stats(rows, smoothing_function=smoother)


@pytest.mark.parametrize("method", [5, 7])
def test_methods_5_and_7_called_as_nltk_calls_them_read_the_5_gram_precision(method):
    """Without corpus statistics, method5 computes the 5-gram precision from the sentences
    itself: here 5 of the 7 five-grams match, so a wrong one would show."""
    ref = "the cat sat on the mat and looked at the dog".split()
    hyp = "the cat sat on the mat and looked at a dog".split()
    counts = [nb.modified_precision([ref], hyp, n) for n in range(1, 5)]
    theirs = getattr(nb.SmoothingFunction(), f"method{method}")(
        list(counts), [ref], hyp, len(hyp)
    )
    ours = getattr(bleu.SmoothingFunction(), f"method{method}")(
        [Precision(p.numerator, p.denominator) for p in counts], [ref], hyp, len(hyp)
    )
    assert nb.modified_precision([ref], hyp, 5) == Fraction(5, 7)
    assert [float(p) for p in ours] == pytest.approx([float(p) for p in theirs], rel=1e-12)
