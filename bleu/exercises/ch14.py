"""Exercises of notebook 14 (BLEU at scale: parts of a corpus, the bootstrap's missing rows)."""

from __future__ import annotations

import math
from functools import partial

import numpy as np

from ..chunked import corpus_score
from ..i18n import N_
from ..simulate import load_corpus, simulate_system
from . import Exercise, register
from . import close_to as _close_to

#: Exercise ch14.split-mean cuts the corpus after this many segments.
FIRST_PART = 20

#: Segments in notebook 10's test set: the n of exercise ch14.never-drawn.
N_SEGMENTS = 500

_close = partial(_close_to, rel_tol=1e-4, abs_tol=0.0)
_typed = partial(_close_to, rel_tol=5e-4, abs_tol=0.0)
"""Close enough for a value typed to 4 significant figures (0.3683 for 0.368248)."""


def _system_and_refs() -> tuple[list[str], list[str]]:
    refs = load_corpus()
    return simulate_system(refs, "substitute", 0.3, seed=1), refs


# --- 1. the mean of two parts' scores is not corpus BLEU ---------------------------------


def _part_scores() -> list[float]:
    system, refs = _system_and_refs()
    cuts = [(0, FIRST_PART), (FIRST_PART, len(refs))]
    return [corpus_score(system[a:b], [refs[a:b]]).score for a, b in cuts]


def _split_mean() -> float:
    scores = _part_scores()
    return sum(scores) / len(scores)


def _whole() -> float:
    system, refs = _system_and_refs()
    return corpus_score(system, [refs]).score


def _diagnose_split(answer: object) -> str | None:
    if _close(answer, _whole()):
        return (
            N_("that is the BLEU of the whole test set (the added rows, the right way); the "
            "question asks for the mean of the two parts' own scores.")
        )
    first, second = _part_scores()
    weighted = (FIRST_PART * first + (N_SEGMENTS - FIRST_PART) * second) / N_SEGMENTS
    if _close(answer, weighted):
        return N_(
            "that mean is weighted by the parts' sizes; give "
            "the plain mean of the two scores."
        )
    if _close(answer, first) or _close(answer, second):
        return N_("that is one part's score; the question asks for the mean of both.")
    gap = _split_mean() - _whole()
    if _typed(answer, gap) or _typed(answer, -gap):
        return N_("that is the distance from the whole test set's BLEU, the second question "
        "(answered in the solutions); check takes the mean of the two parts' scores itself.")
    return None


register(
    Exercise(
        id="ch14.split-mean",
        question="The substitute-0.3 system (seed 1) cut into its first 20 segments and the "
        "other 480: the mean of the two parts' corpus BLEU scores (0-100, 13a).",
        expected=_split_mean,
        hint=N_("score each part on its own with bleu.corpus_score(system[a:b], [refs[a:b]]).score "
        "and average the two numbers."),
        wrong=41.49,
        diagnose=_diagnose_split,
        second_hint=N_("the two parts are very different in size, and the mean of their two "
        "scores treats them as equals: slice the system and the references at the same place, "
        "call corpus_score twice, add the two .score values and halve the sum."),
        scale="0-100",
        rel_tol=1e-6,
        notebook="14_scale",
    )
)


# --- 2. the probability that a segment is missing from a resample -------------------------


def _never_drawn() -> float:
    return (1 - 1 / N_SEGMENTS) ** N_SEGMENTS


def _first_resample_share() -> float:
    draws = np.random.default_rng(12345).choice(N_SEGMENTS, N_SEGMENTS)
    return 1 - len(np.unique(draws)) / N_SEGMENTS


def _diagnose_never(answer: object) -> str | None:
    if _close(answer, math.exp(-1)):
        return (
            N_("that is the Poisson(1) limit e^-1 (infinitely many segments); the question asks "
            "for the exact value with n = 500 draws.")
        )
    if _close(answer, 1 - _never_drawn()):
        return N_(
            "that is the probability of being drawn at least "
            "once; the question asks for never."
        )
    if _close(answer, _first_resample_share()):
        return (
            N_("that is the share missing from one particular resample (a random outcome); the "
            "question asks for the probability itself.")
        )
    if any(_typed(answer, (1 - 1 / N_SEGMENTS) ** k) for k in (N_SEGMENTS - 1, N_SEGMENTS + 1)):
        return N_("the exponent is off by one: every one of the 500 draws must miss the "
        "segment, so the chance that one draw misses it is raised to the power 500, not 499 "
        "or 501.")
    if _close(answer, 1 / N_SEGMENTS) or _close(answer, 1 - 1 / N_SEGMENTS):
        return N_("that is one draw; a resample makes 500 independent draws.")
    return None


register(
    Exercise(
        id="ch14.never-drawn",
        question=f"One bootstrap resample of {N_SEGMENTS} segments makes {N_SEGMENTS} draws "
        "with replacement. The probability that a given segment is never drawn (exact, not "
        "the large-n limit).",
        expected=_never_drawn,
        hint=N_("a segment is missing only if every one of the 500 draws misses it: start from "
        "the chance that a single draw misses it."),
        wrong=0.5,
        diagnose=_diagnose_never,
        second_hint=N_("one draw picks the segment with probability 1/500, so it misses it with "
        "the rest of that; the draws are independent, so the chances of missing multiply "
        "over all 500 of them."),
        rel_tol=1e-9,
        notebook="14_scale",
    )
)
