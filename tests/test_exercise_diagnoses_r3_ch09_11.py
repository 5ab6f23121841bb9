"""Round-3 diagnoses of notebooks 09-11 (issue 28): what the second fresh readers found.

ch11.bleu2-ref2: the arithmetic mean of p_1 and p_2 (0.3382) is a slip of its own, with its
own hint, and the general hint no longer opens with "keep Reference 2 only" (a student who
averaged the two precisions did keep Reference 2).
"""

from __future__ import annotations

from fractions import Fraction

from bleu.data import load_example
from bleu.exercises import check, exercises, reset_tries
from bleu.i18n import gettext

ALL = exercises()


def _ref2_precisions():
    """p_1 and p_2 of the running example's Ca1 against Reference 2, counted by hand."""
    run = load_example("running")
    reference, hypothesis = run.reference_tokens()[1], run.candidate_tokens("Ca1")
    out = []
    for n in (1, 2):
        grams = [tuple(hypothesis[i : i + n]) for i in range(len(hypothesis) - n + 1)]
        ref_grams = [tuple(reference[i : i + n]) for i in range(len(reference) - n + 1)]
        matched = sum(min(grams.count(g), ref_grams.count(g)) for g in set(grams))
        out.append(Fraction(matched, len(grams)))
    return out


def test_bleu2_ref2_arithmetic_mean_gets_its_own_hint():
    p1, p2 = _ref2_precisions()
    mean = float(p1 + p2) / 2
    for answer in (mean, round(mean, 4)):
        reset_tries("ch11.bleu2-ref2")
        result = check("ch11.bleu2-ref2", answer)
        assert not result.correct, result.message
        assert "arithmetic mean" in result.message, result.message
        assert gettext(ALL["ch11.bleu2-ref2"].hint) not in result.message


def test_bleu2_ref2_first_hint_does_not_assume_the_wrong_reference():
    hint = ALL["ch11.bleu2-ref2"].hint
    assert not hint.lower().startswith("keep reference 2")
    reset_tries("ch11.bleu2-ref2")
    result = check("ch11.bleu2-ref2", 0.45)  # a generic wrong answer gets the general hint
    assert not result.correct and gettext(hint) in result.message
