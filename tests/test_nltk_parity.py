"""Property-based parity with NLTK on random corpora (hypothesis).

``bleu.sentence_bleu``, ``bleu.corpus_bleu`` and ``bleu.explain`` must return NLTK's float (relative
difference <= 1e-12) for the same arguments. The one deliberate difference: without
smoothing, where NLTK replaces a zero precision by ``sys.float_info.min`` and returns a
tiny number, ``bleu`` returns exactly 0.0.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nltk_bleu

import bleu

VOCAB = ["the", "cat", "sat", "on", "mat", "a", "dog", "is", "."]
METHODS = [None, *range(8)]
PARITY = settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

tokens = st.lists(st.sampled_from(VOCAB), min_size=0, max_size=14)


@st.composite
def near_copy(draw, reference):
    """A reference with a few random edits, so that 3- and 4-grams match."""
    out = list(reference)
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["sub", "del", "ins"]))
        i = draw(st.integers(0, max(0, len(out) - 1)))
        if op == "sub" and out:
            out[i] = draw(st.sampled_from(VOCAB))
        elif op == "del" and out:
            del out[i]
        else:
            out.insert(i, draw(st.sampled_from(VOCAB)))
    return out


@st.composite
def segment(draw):
    """(references, hypothesis): 1-4 references; the hypothesis random or a near-copy."""
    refs = draw(st.lists(tokens, min_size=1, max_size=4))
    kind = draw(st.sampled_from(["copy", "near", "random", "short"]))
    if kind == "copy":
        hyp = list(draw(st.sampled_from(refs)))
    elif kind == "near":
        hyp = draw(near_copy(draw(st.sampled_from(refs))))
    elif kind == "short":
        hyp = draw(st.lists(st.sampled_from(VOCAB), max_size=2))
    else:
        hyp = draw(tokens)
    return refs, hyp


weights_strategy = st.one_of(
    st.just((0.25, 0.25, 0.25, 0.25)),
    st.lists(st.floats(0.05, 1.0), min_size=1, max_size=6).map(tuple),
    st.lists(
        st.lists(st.floats(0.05, 1.0), min_size=1, max_size=5).map(tuple), min_size=2, max_size=3
    ),
)


def _smoother(module, method):
    return None if method is None else getattr(module.SmoothingFunction(), f"method{method}")


def _run(func, *args, **kwargs):
    """Call, returning ("ok", value) or ("error", exception type name)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return "ok", func(*args, **kwargs)
    except (AssertionError, IndexError, ValueError, ZeroDivisionError) as exc:
        return "error", type(exc).__name__


def _assert_same(ours, theirs, smoothing):
    if isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _assert_same(a, b, smoothing)
        return
    if ours == theirs:
        return
    if ours == 0.0 and smoothing in (None, 0):
        # NLTK's sys.float_info.min stand-in for a zero precision
        assert 0 < theirs < 1e-15, theirs
        return
    assert math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=0.0), (ours, theirs)


@PARITY
@given(
    seg=segment(),
    weights=weights_strategy,
    method=st.sampled_from(METHODS),
    auto_reweigh=st.booleans(),
)
def test_sentence_bleu_equals_nltk(seg, weights, method, auto_reweigh):
    refs, hyp = seg
    kwargs = {"weights": weights, "auto_reweigh": auto_reweigh}
    status_n, theirs = _run(
        nltk_bleu.sentence_bleu,
        refs,
        hyp,
        smoothing_function=_smoother(nltk_bleu, method),
        **kwargs,
    )
    status_b, ours = _run(
        bleu.sentence_bleu, refs, hyp, smoothing_function=_smoother(bleu, method), **kwargs
    )
    if status_n == "error":
        # NLTK fails (method6 without trigram matches or with < 3 orders; auto_reweigh on
        # an empty hypothesis never reaches that far): we raise a ValueError instead.
        assert status_b == "error" and ours == "ValueError", (theirs, ours)
        return
    assert status_b == "ok", ours
    _assert_same(ours, theirs, method)


@settings(PARITY, max_examples=600)
@given(
    segs=st.lists(segment(), min_size=1, max_size=6),
    weights=weights_strategy,
    method=st.sampled_from([None, 0, 1, 2, 3, 4]),
)
def test_corpus_bleu_equals_nltk_for_methods_0_to_4(segs, weights, method):
    list_of_refs = [refs for refs, _ in segs]
    hyps = [hyp for _, hyp in segs]
    status_n, theirs = _run(
        nltk_bleu.corpus_bleu,
        list_of_refs,
        hyps,
        weights=weights,
        smoothing_function=_smoother(nltk_bleu, method),
    )
    ours = bleu.corpus_bleu(
        list_of_refs, hyps, weights=weights, smoothing_function=_smoother(bleu, method)
    )
    assert status_n == "ok", theirs
    _assert_same(ours, theirs, method)


@settings(PARITY, max_examples=400)
@given(
    segs=st.lists(segment(), min_size=2, max_size=6),
    method=st.sampled_from(METHODS),
    data=st.data(),
)
def test_corpus_bleu_ignores_sentence_order_and_stays_in_unit_interval(segs, method, data):
    order = data.draw(st.permutations(range(len(segs))))
    list_of_refs = [refs for refs, _ in segs]
    hyps = [hyp for _, hyp in segs]
    smoother = _smoother(bleu, method)
    status, score = _run(bleu.corpus_bleu, list_of_refs, hyps, smoothing_function=smoother)
    if status == "error":  # method6 without trigram matches in the corpus
        assert method == 6
        return
    shuffled = bleu.corpus_bleu(
        [list_of_refs[i] for i in order], [hyps[i] for i in order], smoothing_function=smoother
    )
    assert math.isclose(score, shuffled, rel_tol=1e-12, abs_tol=1e-300)
    assert 0.0 <= score <= 1.0


@settings(PARITY, max_examples=300)
@given(
    refs=st.lists(
        st.lists(st.sampled_from(VOCAB), min_size=4, max_size=14), min_size=1, max_size=3
    ),
    data=st.data(),
)
def test_a_reference_scores_one_against_itself(refs, data):
    hyp = data.draw(st.sampled_from(refs))
    assert bleu.sentence_bleu(refs, hyp) == 1.0
    assert bleu.corpus_bleu([refs], [hyp]) == 1.0


@settings(PARITY, max_examples=500)
@given(seg=segment())
def test_unsmoothed_score_is_in_unit_interval_and_explain_equals_nltk(seg):
    refs, hyp = seg
    score = bleu.sentence_bleu(refs, hyp)
    assert 0.0 <= score <= 1.0
    _, theirs = _run(nltk_bleu.sentence_bleu, refs, hyp)
    _assert_same(bleu.explain(refs, hyp).score, theirs, None)


@settings(PARITY, max_examples=500)
@given(seg=segment(), n=st.integers(1, 5))
def test_precision_pieces_equal_nltk(seg, n):
    refs, hyp = seg
    theirs = nltk_bleu.modified_precision(refs, hyp, n)  # unreduced: compare the values
    assert bleu.modified_precision(refs, hyp, n) == Fraction(theirs.numerator, theirs.denominator)
    assert bleu.closest_ref_length(refs, len(hyp)) == nltk_bleu.closest_ref_length(refs, len(hyp))
