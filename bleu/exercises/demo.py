"""A demonstration exercise used by the docstrings and by notebook 00."""

from __future__ import annotations

from ..data import load_example
from ..i18n import N_
from ..precision import modified_precision
from . import Exercise, register, same_answer


def _two_sevenths():
    ex = load_example("example2")
    return modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca1"), 1)


def _diagnose(answer):
    if same_answer(answer, 1):
        return (
            N_(
                "7/7 is the plain precision: every 'the' is in a "
                "reference, but no reference has seven."
            )
        )
    return None


register(
    Exercise(
        id="demo.two-sevenths",
        question="Modified unigram precision of 'the the the the the the the' "
        "against Example 2's references.",
        expected=_two_sevenths,
        hint=N_("clip each count by the most times the word occurs in any one reference."),
        wrong=1.0,
        diagnose=_diagnose,
        second_hint=N_("count 'the' in each reference on its own and keep the larger of the two "
        "counts: the candidate's seven 'the' are credited only up to that number, and the "
        "denominator stays the candidate's 7 tokens."),
        notebook="00_overview",
    )
)
