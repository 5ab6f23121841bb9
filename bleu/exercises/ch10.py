"""Exercises of notebook 10 (corpus BLEU, confidence intervals, paired tests, the primer)."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache, partial

import numpy as np

from ..chunked import corpus_score
from ..i18n import N_, gettext
from ..rules import scores_from_stats
from ..significance import confidence_interval, paired_bootstrap
from ..simulate import load_corpus, simulate_system
from ..vectorized import segment_stats
from . import Exercise, register
from . import close_to as _close_to

#: Resampled absolute BLEU differences |system - baseline| and the observed one, for
#: exercise ch10.p-value (made-up numbers: a small bootstrap of nine resamples).
RESAMPLED_DIFFS = (0.4, 2.9, 1.1, 0.2, 3.6, 1.8, 0.7, 2.5, 1.3)
OBSERVED_DELTA = 0.6


def first_three() -> tuple[list[str], list[str]]:
    """The first three references and the substitute-0.3 (seed 1) system's outputs for them."""
    refs = load_corpus()
    system = simulate_system(refs, "substitute", 0.3, seed=1)
    return system[:3], refs[:3]


_close = partial(_close_to, rel_tol=1e-4, abs_tol=0.0)


# --- 1. corpus BLEU of three sentences --------------------------------------------------


def _three_corpus() -> float:
    hyps, refs = first_three()
    return corpus_score(hyps, [refs]).score


@cache
def _three_sentence_scores() -> list[float]:
    hyps, refs = first_three()
    rows = segment_stats(hyps, [refs])
    return [float(s) for s in scores_from_stats(rows, use_effective_order=True)]


def _diagnose_three(answer: object) -> str | None:
    if isinstance(answer, bool):
        return N_("check takes the corpus score, a number on the 0-100 scale; whether it is "
        "the mean of the three sentence scores is for you to compare, and is not checked.")
    scores = _three_sentence_scores()
    if _close(answer, sum(scores) / len(scores)):
        return (
            N_("that is the mean of the three sentence scores; add the rows first and compute "
            "one BLEU from the sums.")
        )
    return None


register(
    Exercise(
        id="ch10.corpus-from-rows",
        question="Corpus BLEU (0-100, sacreBLEU's defaults) of the first three sentences of "
        "the substitute-0.3 system (seed 1) against their references, from the sums of "
        "their statistics rows.",
        expected=_three_corpus,
        hint=N_("sum the three rows [c, r, m_1..m_4, t_1..t_4] column by column, then "
        "p_n = 100 m_n / t_n, BP = exp(1 - r/c) if c <= r (else 1), "
        "BLEU = BP * exp(mean of log p_n)."),
        wrong=39.0,
        diagnose=_diagnose_three,
        second_hint=N_("each p_n is 100 * m_n / t_n from the summed columns (a percentage); BP is "
        "1 when the summed c exceeds the summed r; the score is BP * exp(mean of the four "
        "log p_n), with no averaging of sentence scores anywhere."),
        rel_tol=1e-4,
        scale="0-100",
        notebook="10_corpus_and_significance",
    )
)


# --- 2. the brevity penalty of truncation ------------------------------------------------


@cache  # the diagnosis asks for it on every wrong answer
def _truncate_result():
    refs = load_corpus()
    return corpus_score(simulate_system(refs, "truncate", 0.5, seed=1), [refs])


def _truncate_bp() -> float:
    return _truncate_result().bp


def _diagnose_bp(answer: object) -> str | None:
    result = _truncate_result()
    if _close(answer, result.sys_len / result.ref_len):
        return N_("that is the length ratio c/r; the penalty is exp(1 - r/c).")
    if _close(answer, result.score) or _close(answer, result.score / 100):
        return (
            N_("that is the BLEU score (0-100 scale); the question asks for its brevity penalty "
            "only, a number on the 0-1 scale.")
        )
    if _close(answer, math.exp(1 - 2)):
        return N_("that is exp(1 - 2): it assumes c is exactly half of r, but truncate rounds "
        "each sentence's half up (5 words keep 3), so c is a little more than r / 2; take c "
        "and r from the summed row of bleu.segment_stats(truncated, [refs]).")
    return None


register(
    Exercise(
        id="ch10.truncate-bp",
        question="The brevity penalty (a number between 0 and 1) of the truncate-0.5 system "
        "(seed 1) on the whole corpus, 13a tokenization.",
        expected=_truncate_bp,
        hint=N_("BP = exp(1 - r/c) with c the corpus hypothesis length and r the summed closest "
        "reference lengths (both after 13a tokenization)."),
        wrong=0.5,
        diagnose=_diagnose_bp,
        second_hint=N_("c and r are the sums of the first two columns of "
        "bleu.segment_stats(truncated, [refs]) over the whole corpus, with truncated = "
        "simulate_system(refs, \"truncate\", 0.5, seed=1); put r / c into exp(1 - r / c)."),
        rel_tol=1e-6,
        notebook="10_corpus_and_significance",
    )
)


# --- 3. the half-width of a bootstrap interval -------------------------------------------


@cache  # a bootstrap of 1000 resamples: computed once
def _drop_interval():
    refs = load_corpus()
    return confidence_interval(simulate_system(refs, "drop", 0.2, seed=1), [refs])


@cache
def _drop_sorted_scores() -> np.ndarray:
    """The 1000 bootstrap scores of the drop-0.2 system, sorted (sacreBLEU's resamples)."""
    refs = load_corpus()
    rows = segment_stats(simulate_system(refs, "drop", 0.2, seed=1), [refs])
    draws = np.random.default_rng(12345).choice(len(rows), size=(1000, len(rows)), replace=True)
    return np.sort(scores_from_stats(rows[draws].sum(axis=1)))


def _half_width() -> float:
    return _drop_interval().ci


def _diagnose_half_width(answer: object) -> str | None:
    result = _drop_interval()
    if _close(answer, result.high - result.low):
        return (
            N_("that is the whole width of the interval (high - low); the half-width is "
            "measured from its centre to one end.")
        )
    if _close(answer, result.mean) or _close(answer, result.score):
        return N_("that is a score; the question asks for the half-width of the interval.")
    ordered = _drop_sorted_scores()
    low, high = np.percentile(ordered, [2.5, 97.5])
    if _close(answer, (high - low) / 2):
        return N_("that is np.percentile's interval (it interpolates between neighbouring "
        "scores); sacreBLEU takes two of the sorted scores themselves, at positions 25 and "
        "974 counted from 0.")
    if _close(answer, (ordered[975] - ordered[25]) / 2):
        return N_("that takes the scores at positions 25 and 975; the 26th largest of 1000 "
        "sorted scores is at position 1000 - 25 - 1 = 974 (counted from 0).")
    return None


register(
    Exercise(
        id="ch10.half-width",
        question="The 95% half-width (BLEU points) of the bootstrap interval of the drop-0.2 "
        "system (seed 1) on the whole corpus: 1000 resamples, seed 12345, as sacreBLEU's "
        "--confidence reports it.",
        expected=_half_width,
        hint=N_("resample the system's statistics rows 1000 times with "
        "np.random.default_rng(12345), score each resample, sort the 1000 scores and take half "
        "the distance between the 26th smallest and the 26th largest."),
        second_hint=N_("rng.choice(n, size=(1000, n), replace=True) draws the row indices of all "
        "resamples at once; sum the drawn rows of each resample, score the sums with "
        "bleu.scores_from_stats, sort, and use the scores at positions 25 and 974 "
        "(counted from 0)."),
        scale="0-100",
        wrong=1.0,
        diagnose=_diagnose_half_width,
        rel_tol=1e-6,
        notebook="10_corpus_and_significance",
    )
)


# --- 4. sacreBLEU's paired bootstrap p-value ---------------------------------------------


def _p_value() -> Fraction:
    diffs = [Fraction(str(d)) for d in RESAMPLED_DIFFS]
    mean = sum(diffs) / len(diffs)
    delta = Fraction(str(OBSERVED_DELTA))
    count = sum(1 for d in diffs if d - mean > delta)
    return Fraction(count + 1, len(diffs) + 1)


def _diagnose_p(answer: object) -> str | None:
    diffs = [Fraction(str(d)) for d in RESAMPLED_DIFFS]
    mean = sum(diffs) / len(diffs)
    delta = Fraction(str(OBSERVED_DELTA))
    centred = sum(1 for d in diffs if d - mean > delta)
    raw = sum(1 for d in diffs if d > delta)
    for value, why in (
        (Fraction(centred, len(diffs)), N_("without the +1 in numerator and denominator")),
        (Fraction(raw + 1, len(diffs) + 1), N_("without centring: subtract the mean difference")),
        (Fraction(raw, len(diffs)), N_("without centring and without the +1")),
    ):
        try:
            if Fraction(str(answer)) == value:
                return gettext("that is the count {why}.").format(why=gettext(why))
        except (TypeError, ValueError):
            return None
    return None


register(
    Exercise(
        id="ch10.p-value",
        question="Nine resampled absolute differences |BLEU_sys - BLEU_base| are "
        f"{list(RESAMPLED_DIFFS)} and the observed difference is {OBSERVED_DELTA}. "
        "What p-value does sacreBLEU's paired bootstrap give (a fraction: a Fraction, or a "
        "string such as '1/3')?",
        expected=_p_value,
        hint=N_("centre the differences (subtract their mean), count those larger than the "
        "observed difference, then p = (count + 1) / (n + 1)."),
        wrong=Fraction(1, 3),
        second_hint=N_("the mean of the nine differences is their sum over 9; a difference counts "
        "when it exceeds that mean by more than 0.6. Add one to the count and one to n = 9."),
        diagnose=_diagnose_p,
        notebook="10_corpus_and_significance",
    )
)


# --- 5. losses in the paired bootstrap and the p-value (the statistics primer) --------------

#: The first SMALL_SET references are the test set of exercise ch10.losses.
SMALL_SET = 40


def small_pair() -> tuple[list[str], list[str], list[str]]:
    """Baseline (substitute 0.30, seed 1), system (substitute 0.25, seed 3) and references,
    all on the first :data:`SMALL_SET` reference sentences only."""
    refs = load_corpus()[:SMALL_SET]
    baseline = simulate_system(refs, "substitute", 0.30, seed=1)
    system = simulate_system(refs, "substitute", 0.25, seed=3)
    return baseline, system, refs


@cache  # a paired bootstrap of 1000 resamples: computed once
def _small_test():
    baseline, system, refs = small_pair()
    return paired_bootstrap(baseline, system, [refs])


def _losses() -> float:
    system_scores, baseline_scores = _small_test().samples
    return float(np.mean(system_scores - baseline_scores <= 0))


@cache  # the same count on the resamples of numpy's legacy np.random.seed(12345) API
def _losses_legacy() -> float:
    baseline, system, refs = small_pair()
    base_rows, sys_rows = segment_stats(baseline, [refs]), segment_stats(system, [refs])
    draws = np.random.RandomState(12345).randint(0, len(refs), size=(1000, len(refs)))
    gaps = scores_from_stats(sys_rows[draws].sum(axis=1)) - scores_from_stats(
        base_rows[draws].sum(axis=1)
    )
    return float(np.mean(gaps <= 0))


def _diagnose_losses(answer: object) -> str | None:
    if (
        isinstance(answer, (int, float))
        and not math.isclose(_losses_legacy(), _losses(), rel_tol=1e-9)
        and math.isclose(answer, _losses_legacy(), rel_tol=1e-9)
    ):
        return N_("your count is right, but on other resamples: np.random.seed(12345) with "
        "np.random.choice (numpy's legacy API) draws other indices than sacreBLEU's "
        "np.random.default_rng(12345); draw them with rng = np.random.default_rng(12345) "
        "and rng.choice(40, size=(1000, 40)).")
    if _close(answer, _small_test().p_value):
        return (
            N_("that is the p-value (centred differences, plus one); the question asks for the "
            "share of uncentred resampled gaps that are <= 0.")
        )
    if _close(answer, 1 - _losses()):
        return N_("that is the share of resamples the system wins; the question asks for the rest.")
    if _close(answer, 1000 * _losses()):
        return N_("that is the number of resamples; give it as a share of the 1000.")
    return None


register(
    Exercise(
        id="ch10.losses",
        question="Baseline: substitute 0.30 (seed 1); system: substitute 0.25 (seed 3); both "
        f"simulated on the first {SMALL_SET} references only. In a paired bootstrap of 1000 "
        "resamples (seed 12345, as sacreBLEU's), in what share of the resamples does the "
        "system fail to beat the baseline (resampled gap <= 0)? Give a float between 0 and 1.",
        expected=_losses,
        hint=N_("draw the 1000 resamples of the 40 rows with np.random.default_rng(12345), score "
        "both systems on each, and count the resamples where system - baseline <= 0."),
        wrong=_small_test().p_value,
        second_hint=N_("use the same resample indices for both systems (the test is paired); a "
        "resample where the system only ties the baseline counts too, and the share is that "
        "number of resamples divided by 1000."),
        diagnose=_diagnose_losses,
        notebook="10_corpus_and_significance",
    )
)
