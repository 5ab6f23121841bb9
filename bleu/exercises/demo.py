"""A demonstration exercise used by the docstrings and by notebook 00."""

from __future__ import annotations

from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from ..precision import modified_precision
from . import Exercise, register, same_answer


def _warm_up():
    ex = load_example("example2")
    return modified_precision(ex.reference_tokens(), ex.candidate_tokens("Ca1"), 1)


def _diagnose(answer):
    """The warm-up's slips: the plain precision, the count of credited words instead of the
    precision, the two references' counts added (2 + 1), the smaller count taken."""
    if same_answer(answer, 1):
        return (
            N_(
                "7/7 is the plain precision: every 'the' is in a "
                "reference, but no reference has seven."
            )
        )
    if same_answer(answer, 2):
        return N_("that is the count of credited words; the precision divides it by the "
        "candidate's 7 tokens.")
    if same_answer(answer, Fraction(3, 7)) or same_answer(answer, 3):
        return N_("that adds the two references' counts of 'the' (2 + 1): clipping keeps the "
        "larger of the two, the most times one single reference holds the word, not their "
        "sum.")
    if same_answer(answer, Fraction(1, 7)):
        return N_("that keeps the smaller count (the second reference's one 'the'); keep the "
        "larger: the most times any one reference holds the word.")
    return None


register(
    Exercise(
        id="demo.warm-up",
        question="Modified unigram precision of 'the the the the the the the' "
        "against Example 2's references.",
        expected=_warm_up,
        hint=N_("clip each count by the most times the word occurs in any one reference."),
        wrong=1.0,
        diagnose=_diagnose,
        second_hint=N_("count 'the' in each reference on its own and keep the larger of the two "
        "counts: the candidate's seven 'the' are credited only up to that number, and the "
        "denominator stays the candidate's 7 tokens."),
        notebook="00_overview",
    )
)


register(
    Exercise(
        id="demo.hints",
        question="How many tokens does 'the cat is on the mat' have?",
        expected=lambda: 6,
        hint=N_("split the sentence at its spaces and count the pieces."),
        wrong=5,
        second_hint=N_("count every word, repeated ones too: 'the' is two tokens."),
        notebook="00_overview",
    )
)
