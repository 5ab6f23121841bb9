"""Exercises of notebook 11, beyond BLEU (BLEU의 한계와 대안 지표들)."""

from __future__ import annotations

from typing import Any

from .. import metrics
from ..data import load_example
from ..i18n import N_
from ..nltk_rules import sentence_bleu
from ..precision import modified_precision
from . import Exercise, register, same_answer

CAT_REF = "the cat sat on the mat"
SHIFTED = "sat on the mat the cat"


def _running() -> tuple[list[list[str]], list[str]]:
    ex = load_example("running")
    return ex.reference_tokens(), ex.candidate_tokens("Ca1")


def _bleu2_ref2() -> float:
    refs, hyp = _running()
    return sentence_bleu([refs[1]], hyp, weights=(0.5, 0.5))


def _diagnose_bleu2(answer: Any) -> str | None:
    refs, hyp = _running()
    if same_answer(answer, sentence_bleu(refs, hyp, weights=(0.5, 0.5))):
        return N_("that uses all three references; keep Reference 2 only.")
    if same_answer(answer, 0.0):
        return N_("0 is BLEU-4 (no 3- or 4-gram matches); BLEU-2 uses p1 and p2 only.")
    p = [modified_precision([refs[1]], hyp, n) for n in (1, 2)]
    if same_answer(answer, float(sum(p)) / 2):
        return N_("that is the arithmetic mean (p_1 + p_2) / 2; BLEU takes the geometric "
        "mean, sqrt(p_1 * p_2), which is smaller when the two differ.")
    return None


register(
    Exercise(
        id="ch11.bleu2-ref2",
        question="BLEU-2 (weights (0.5, 0.5)) of the running example's Ca1 against Reference 2 "
        "alone.",
        expected=_bleu2_ref2,
        hint=N_("BLEU-2 = BP * exp(0.5 log p_1 + 0.5 log p_2), no smoothing, with p_1 and p_2 "
        "clipped against Reference 2 alone: check each of the three factors."),
        second_hint=N_("Ca1 and Reference 2 have the same length, so BP = 1; count Ca1's clipped "
        "unigram and bigram matches in Reference 2, divide by Ca1's numbers of unigrams and "
        "bigrams, and take the square root of p_1 * p_2."),
        wrong=0.0,
        diagnose=_diagnose_bleu2,
        notebook="11_beyond_bleu",
    )
)


def _word_edit_distance(a: list[str], b: list[str]) -> int:
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def _ter_percent() -> float:
    return metrics.ter([CAT_REF], SHIFTED).score


def _diagnose_ter(answer: Any) -> str | None:
    distance = _word_edit_distance(SHIFTED.split(), CAT_REF.split())
    if same_answer(answer, 100 * distance / len(CAT_REF.split())) or same_answer(answer, distance):
        return N_("that counts word edits without shifts; TER moves a whole block for one edit.")
    if same_answer(answer, metrics.ter([CAT_REF], SHIFTED).num_edits):
        return N_("that is the number of edits; divide by the reference length, in percent.")
    return None


register(
    Exercise(
        id="ch11.ter-shift",
        question="TER (in percent, as sacreBLEU reports it) of 'sat on the mat the cat' against "
        "'the cat sat on the mat'.",
        expected=_ter_percent,
        hint=N_("count the fewest edits, where moving a block of words costs one; divide by 6."),
        wrong=100 * 4 / 6,
        second_hint=N_("a shift moves one contiguous block of words elsewhere and costs one edit; "
        "find the block whose move turns the hypothesis into the reference, count the edits "
        "left after it, and report 100 * edits / 6."),
        scale="0-100",
        diagnose=_diagnose_ter,
        notebook="11_beyond_bleu",
    )
)


def _meteor_three_chunks() -> float:
    n = len(CAT_REF.split())
    return metrics.meteor_from_counts(matches=n, hyp_len=n, ref_len=n, chunks=3)


def _diagnose_meteor(answer: Any) -> str | None:
    n = len(CAT_REF.split())
    if same_answer(answer, metrics.meteor_from_counts(n, n, n, n)):
        return N_("that is NLTK's six-chunk alignment; use the three chunks of the question.")
    if same_answer(answer, 1.0):
        return N_("Fmean is 1, but the fragmentation penalty still applies.")
    if same_answer(answer, 1 - 0.9 * 0.5 * (3 / n) ** 3):
        return N_("alpha belongs to Fmean only (it weighs P against R); the penalty is "
        "gamma * (chunks / matches) ** beta, with no alpha in it.")
    if same_answer(answer, 0.5 * (3 / n) ** 3):
        return (
            N_("that is the fragmentation penalty itself, not the score; the score is Fmean "
            "reduced by that penalty, as the chapter's formula says.")
        )
    return None


register(
    Exercise(
        id="ch11.meteor-chunks",
        question="'on the mat sat the cat' against 'the cat sat on the mat': all 6 words match. "
        "With the alignment in 3 chunks (on the mat | sat | the cat), what is METEOR "
        "(alpha 0.9, beta 3, gamma 0.5)?",
        expected=_meteor_three_chunks,
        hint=N_("all six words match, so P, R and Fmean are all 1; the score is Fmean reduced by "
        "the fragmentation penalty, which grows with the number of chunks per matched word."),
        second_hint=N_("penalty = gamma * (chunks / matches) ** beta with gamma = 0.5 and "
        "beta = 3, here with 3 chunks and 6 matches; METEOR = Fmean * (1 - penalty)."),
        wrong=0.5,
        diagnose=_diagnose_meteor,
        notebook="11_beyond_bleu",
    )
)
