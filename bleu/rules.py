"""The two scoring rules: summed statistics rows become BLEU by NLTK's or by sacreBLEU's rule.

Papineni, Roukos, Ward and Zhu (2002), *BLEU: a Method for Automatic Evaluation of
Machine Translation*, ACL. From the column sums ``[c, r, m_1..m_N, t_1..t_N]`` of the
rows (:mod:`bleu.rows`)::

    p_n  = m_n / t_n
    BP   = 1 if c > r else exp(1 - r / c)
    BLEU = BP * exp(sum_n w_n log p_n)

The two libraries differ in what they do around that formula, and each rule is written
here once, in a scalar form (one row of sums) and an array form (many rows at once):

==========================  ==================================  ==================================
rule                        one row of sums                     many rows
==========================  ==================================  ==================================
sacreBLEU's (0-100)         :func:`score_from_stats`            :func:`scores_from_stats`
NLTK's (0-1)                :func:`bleu_from_stats`             :func:`bleu_scores_from_stats`
==========================  ==================================  ==================================

sacreBLEU's rule (``BLEU.compute_bleu``): precisions in percent; smoothing ``none``,
``floor``, ``add-k`` or ``exp`` (Chen and Cherry, 2014); ``use_effective_order`` leaves
out the orders the hypothesis has no n-gram of; nothing matched at all scores 0.

NLTK's rule (``corpus_bleu``): the weights choose the orders, several weight vectors give
several scores; ``t_n`` is at least 1 per sentence; a smoothing function of
:class:`bleu.SmoothingFunction` (methods 0-7); without smoothing, a zero precision with
a positive weight scores exactly 0.0 (NLTK: about 1e-155).

The functions check their statistics: impossible counts are refused with a message that
names the argument, and so is a text option (``tokenize``) given with rows, which are
already tokenized, or a ``max_ngram_order`` other than the rows'.

>>> print(score_from_stats([7, 7, 6, 4, 2, 1, 7, 6, 5, 4]))
BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
>>> round(bleu_from_stats([[4, 4, 4, 3, 4, 3]], weights=(0.5, 0.5)), 4)
1.0

Defined for notebook 10 (the rows and their sums); the formula is built in notebooks 05-07.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import numpy as np

from .brevity import brevity_penalty
from .checks import UNIFORM_4, check_bool, check_stats, plain_sums, weight_vectors
from .options import ScoringOptions, accepts_old_names, scoring_options
from .rows import NLTK, order_of, raw_counts
from .smoothing import (
    CORPUS_AWARE_METHODS,
    CountedFloat,
    Precision,
    SmoothingFunction,
    is_own_method,
    smooth,
)

Weights = Sequence[float]
Smoother = Callable[..., list]
WeightsArg = Weights | Sequence[Weights]  # one weight vector, or several (several scores)
Tokens = Sequence[Hashable]
LOG_ZERO = -9999999999  # sacreBLEU's stand-in for log(0): the score underflows to 0.0

_METHOD0 = frozenset({SmoothingFunction.method0})


# --- sacreBLEU's rule --------------------------------------------------------------------


@dataclass
class BleuScore:
    """A sacreBLEU-style BLEU result; ``str()`` prints it as sacreBLEU does.

    ``counts``/``totals`` are the corpus matches and hypothesis n-grams per order;
    ``precisions`` are in percent. As in sacreBLEU, with ``add-k`` smoothing the counts
    and totals of orders 2..N already include the added ``k``, and when nothing matches
    at all every precision is reported as 0.0.
    """

    score: float
    counts: list
    totals: list
    precisions: list[float]
    bp: float
    sys_len: int
    ref_len: int
    signature: str = ""
    name: ClassVar[str] = "BLEU"

    @property
    def ratio(self) -> float:
        """Hypothesis length over effective reference length (0 if there is no reference)."""
        return self.sys_len / self.ref_len if self.ref_len else 0

    def format(self, width: int = 2, score_only: bool = False) -> str:
        """``BLEU = 26.60 58.9/32.3/20.1/13.0 (BP = 1.000 ratio = 1.020 hyp_len = ...)``."""
        score = f"{self.score:.{width}f}"
        if score_only:
            return score
        return f"{self.name} = {score} {self.verbose}"

    @property
    def verbose(self) -> str:
        """The part of the score line after the score: precisions, BP and lengths."""
        precisions = "/".join(f"{p:.1f}" for p in self.precisions)
        return (
            f"{precisions} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {self.ref_len:d})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: sacreBLEU's JSON fields plus the unrounded statistics."""
        out: dict[str, Any] = {
            "name": self.name,
            "score": float(f"{self.score:.2f}"),
            "signature": self.signature,
            "verbose_score": self.verbose,
        }
        for part in filter(None, self.signature.split("|")):
            key, _, value = part.partition(":")
            out[key] = value
        out.update(
            exact_score=self.score,
            counts=list(self.counts),
            totals=list(self.totals),
            precisions=list(self.precisions),
            bp=self.bp,
            sys_len=self.sys_len,
            ref_len=self.ref_len,
        )
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


_DEFAULT_KEYWORDS = ("exp", None, False)  # smooth_method, smooth_value, use_effective_order


def _scoring(
    options: ScoringOptions | None, order: int, keywords: tuple, others: dict[str, Any]
) -> ScoringOptions:
    """The scoring options of a call on rows of ``order`` n-gram orders: ``options`` made
    already, or made from the ``keywords`` (smooth_method, smooth_value,
    use_effective_order) and any ``others`` the caller gave, which must fit the rows."""
    if options is None:
        names = ("smooth_method", "smooth_value", "use_effective_order")
        return scoring_options({**dict(zip(names, keywords)), **others}, order)
    if others or keywords != _DEFAULT_KEYWORDS:
        raise TypeError("give options= or the scoring keywords, not both")
    if not isinstance(options, ScoringOptions):
        raise TypeError(f"options must be a ScoringOptions, not {type(options).__name__}")
    if options.max_ngram_order != order:
        raise ValueError(
            f"options.max_ngram_order is {options.max_ngram_order} but the statistics rows "
            f"have {order} n-gram orders"
        )
    return options


def _floored_log(x: float) -> float:
    return math.log(x) if x != 0.0 else LOG_ZERO


@accepts_old_names
def score_from_stats(
    stats: Any,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    use_effective_order: bool = False,
    signature: str = "",
    *,
    options: ScoringOptions | None = None,
    **others: Any,
) -> BleuScore:
    """BLEU (0-100) by sacreBLEU's rule from one row of summed statistics.

    ``stats`` is ``[c, r, m_1..m_N, t_1..t_N]`` summed over the segments, or the 2-D rows
    of :func:`bleu.segment_stats` (added up first). The smoothing keywords are sacreBLEU's
    (``smooth=`` and ``effective_order=`` are accepted as old names); ``options``, a
    :class:`~bleu.options.ScoringOptions` made already, replaces them. The arithmetic
    follows sacreBLEU's ``BLEU.compute_bleu`` step by step.

    >>> print(score_from_stats([7, 7, 6, 4, 2, 1, 7, 6, 5, 4]))
    BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
    """
    row = plain_sums(stats)
    if row is None:
        array = check_stats(stats, "stats")
        row = [int(x) for x in (array.sum(axis=0) if array.ndim == 2 else array)]
    order = (len(row) - 2) // 2
    keywords = (smooth_method, smooth_value, use_effective_order)
    made = _scoring(options, order, keywords, others)
    return _sacrebleu(row[0], row[1], row[2 : 2 + order], row[2 + order :], made, signature)


def _sacrebleu(
    sys_len: int,
    ref_len: int,
    correct: list,
    total: list,
    options: ScoringOptions,
    signature: str,
) -> BleuScore:
    """sacreBLEU's ``BLEU.compute_bleu`` on plain ints (``add-k`` adds to the lists)."""
    smooth_method, value = options.smooth_method, options.smoothing_constant
    order = len(correct)
    bp = brevity_penalty(ref_len, sys_len, both_empty=1.0)
    precisions = [0.0] * order
    if not any(correct):  # nothing matches: score 0 (and no smoothing is reported)
        return BleuScore(0.0, correct, total, precisions, bp, sys_len, ref_len, signature)

    used = order
    zeros_so_far = 1.0  # exp smoothing: 2^k for the k-th zero precision
    for n in range(order):
        if smooth_method == "add-k" and n > 0:
            correct[n] += value
            total[n] += value
        if total[n] == 0:  # the hypothesis has no n-grams of this order (or longer)
            break
        if options.use_effective_order:
            used = n + 1
        if correct[n] == 0:
            if smooth_method == "exp":
                zeros_so_far *= 2
                precisions[n] = 100.0 / (zeros_so_far * total[n])
            elif smooth_method == "floor":
                precisions[n] = 100.0 * value / total[n]
        else:
            precisions[n] = 100.0 * correct[n] / total[n]

    score = bp * math.exp(sum([_floored_log(p) for p in precisions[:used]]) / used)
    return BleuScore(score, correct, total, precisions, bp, sys_len, ref_len, signature)


@accepts_old_names
def scores_from_stats(
    stats: Any,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    use_effective_order: bool = False,
    *,
    options: ScoringOptions | None = None,
    **others: Any,
) -> np.ndarray:
    """BLEU (0-100) by sacreBLEU's rule of each row of summed statistics, at once.

    The array form of :func:`score_from_stats`, for a whole matrix of summed rows
    (bootstrap resamples, the rows of a batch): ``p_n = 100 m_n / t_n`` with sacreBLEU's
    smoothing, ``BP = exp(1 - r / c)`` when ``c < r``, ``BLEU = BP exp(sum_n log p_n / N)``.

    >>> scores_from_stats([[7, 7, 6, 4, 2, 1, 7, 6, 5, 4], [7, 7, 0, 0, 0, 0, 7, 6, 5, 4]])
    array([48.89230224,  0.        ])
    """
    rows = np.atleast_2d(check_stats(stats, "stats")).astype(np.float64)
    keywords = (smooth_method, smooth_value, use_effective_order)
    made = _scoring(options, order_of(rows), keywords, others)
    smooth_method, value = made.smooth_method, made.smoothing_constant
    order = order_of(rows)
    sys_len, ref_len = rows[:, 0], rows[:, 1]
    correct = rows[:, 2 : 2 + order].copy()
    total = rows[:, 2 + order :].copy()
    any_match = (correct > 0).any(axis=1)
    bp = brevity_penalty(ref_len, sys_len, both_empty=1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        if smooth_method == "add-k":
            correct[:, 1:] += value
            total[:, 1:] += value
        valid = np.cumprod(total > 0, axis=1).astype(bool)  # orders before the first empty one
        zero = (correct == 0) & valid
        if smooth_method == "exp":
            smoothed = 100.0 / (2.0 ** np.cumsum(zero, axis=1) * total)
        elif smooth_method == "floor":
            smoothed = 100.0 * value / total
        else:
            smoothed = np.zeros_like(total)
        precision = np.where(correct == 0, smoothed, 100.0 * correct / total)
        precision = np.where(valid, precision, 0.0)
        logs = np.where(precision > 0, np.log(precision), float(LOG_ZERO))
    if made.use_effective_order:
        used = np.maximum(valid.sum(axis=1), 1)
        logs = np.where(np.arange(order) < used[:, None], logs, 0.0)
    else:
        used = np.full(len(rows), order)
    scores = bp * np.exp(logs.sum(axis=1) / used)
    return np.where(any_match, scores, 0.0)


# --- NLTK's rule -------------------------------------------------------------------------


class CorpusStats(NamedTuple):
    """BLEU's sufficient statistics summed over a corpus, as NLTK's rule needs them.

    ``matches[i]`` and ``totals[i]`` are for order ``i + 1``; a sentence with no n-gram of
    that order adds 1 to the total (NLTK's ``max(1, count)`` denominator). Beyond the sums,
    what NLTK's smoothing reads: the raw n-gram counts (methods 5-7) and the last
    sentence ``(references, hypothesis)``, handed to the smoothing function. ``capped``
    caps smoothed precisions at 1 (corpus BLEU with methods 5-7, see
    :func:`bleu.nltk_rules.corpus_bleu`); ``exact`` makes the precisions exact fractions
    (:class:`~bleu.smoothing.Precision`, the step-by-step path) rather than floats that
    keep their counts (:class:`~bleu.smoothing.CountedFloat`, the lean path).
    """

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    ngram_counts: tuple[int, ...]
    hyp_len: int
    ref_len: int
    last: tuple[Any, Any] = (None, None)
    capped: bool = True
    exact: bool = True

    def precisions(self) -> list[Precision] | list[CountedFloat]:
        """The modified precision of each order, with its unreduced counts."""
        kind = Precision if self.exact else CountedFloat
        return [kind(m, t) for m, t in zip(self.matches, self.totals)]


def combine(p_n: Sequence[Any], weight: tuple[float, ...], bp: float, zero_is_zero: bool) -> float:
    """``bp * exp(sum w_n log p_n)`` over the orders that ``weight`` covers.

    The weighted geometric mean of notebook 05, times the brevity penalty: the one place
    it is written (explain and soft BLEU call it too). Like NLTK, a precision left at 0
    by a smoothing method is skipped (it counts as 1). Without smoothing
    (``zero_is_zero``) a zero precision with positive weight makes the score 0.0.
    """
    pairs = list(zip(weight, p_n))
    if zero_is_zero and any(w > 0 and p == 0 for w, p in pairs):
        return 0.0
    return bp * math.exp(math.fsum(w * math.log(p) for w, p in pairs if p > 0))


def needed_orders(vectors: list[tuple[float, ...]], smoothing_function: Smoother | None) -> int:
    """How many n-gram orders the statistics must cover for these weights and smoothing.

    Method 5 (and 7) looks ahead to the 5-gram precision whatever the number of orders, as
    in NLTK.
    """
    max_n = max(len(w) for w in vectors)
    return max(max_n, 5) if is_own_method(smoothing_function, CORPUS_AWARE_METHODS) else max_n


def _nltk(
    stats: CorpusStats,
    vectors: list[tuple[float, ...]],
    smoothing_function: Smoother | None,
    auto_reweigh: bool,
) -> list[float]:
    """NLTK's rule on checked sums, one score per weight vector."""
    if stats.matches[0] == 0:  # no unigram matches: no higher-order ones either
        return [0.0] * len(vectors)
    max_n = max(len(w) for w in vectors)
    corpus_aware = is_own_method(smoothing_function, CORPUS_AWARE_METHODS)
    bp = brevity_penalty(stats.ref_len, stats.hyp_len)
    precisions = stats.precisions()
    extra: dict[str, Any] = {}
    if corpus_aware:
        extra = {"ngram_totals": stats.ngram_counts, "next_order": precisions[4]}
    refs, hyp = stats.last
    p_n = smooth(smoothing_function, precisions[:max_n], refs, hyp, stats.hyp_len, **extra)
    if stats.capped and corpus_aware:
        p_n = [min(p, 1) for p in p_n]
    zero_is_zero = smoothing_function is None or is_own_method(smoothing_function, _METHOD0)
    scores = []
    for weight in vectors:
        if auto_reweigh and stats.hyp_len < 4 and weight == UNIFORM_4:
            weight = (1 / stats.hyp_len,) * stats.hyp_len
        scores.append(combine(p_n, weight, bp, zero_is_zero))
    return scores


def _check_orders(order: int, vectors: list, smoothing_function: Smoother | None) -> None:
    """Rows of ``order`` n-gram orders must cover what the weights and smoothing read."""
    needed = needed_orders(vectors, smoothing_function)
    if order < needed:
        raise ValueError(
            f"stats has {order} n-gram orders but these weights and smoothing need {needed}"
        )


def _corpus_stats(stats: Any, vectors: list, smoothing_function: Smoother | None) -> CorpusStats:
    """Checked rows or sums as the :class:`CorpusStats` of NLTK's rule."""
    array = check_stats(stats, "stats", NLTK)
    ngram_counts = raw_counts(array) if array.ndim == 2 else None
    sums = [int(x) for x in (array.sum(axis=0) if array.ndim == 2 else array)]
    order = (len(sums) - 2) // 2
    _check_orders(order, vectors, smoothing_function)
    if ngram_counts is None and is_own_method(smoothing_function, CORPUS_AWARE_METHODS):
        raise ValueError(
            "smoothing methods 5-7 need the per-sentence rows (a 2-D stats array), not sums"
        )
    return CorpusStats(
        tuple(sums[2 : 2 + order]), tuple(sums[2 + order :]), ngram_counts or (), sums[0], sums[1]
    )


def bleu_from_stats(
    stats: Any,
    weights: WeightsArg = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """Corpus BLEU (NLTK's rule, 0-1) from :func:`bleu.sentence_stats` rows or their sums.

    ``stats`` is the 2-D array of rows, its column sums (then smoothing methods 5-7,
    which need the raw n-gram counts, are not available), or a :class:`CorpusStats` a
    producer of this package made. Methods 5 and 7 also need statistics up to order 5
    (``sentence_stats(..., max_n=5)``). A list of weight vectors gives a list of scores.

    >>> rows = [[4, 4, 4, 3, 4, 3], [2, 4, 1, 0, 2, 1]]  # p_1 = 5/6, p_2 = 3/4, c = 6 < r = 8
    >>> round(bleu_from_stats(rows, weights=(0.5, 0.5)), 4)
    0.5665
    """
    vectors, many = ([UNIFORM_4], False) if weights is UNIFORM_4 else weight_vectors(weights)
    if auto_reweigh is not False:
        auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    if not isinstance(stats, CorpusStats):
        stats = _corpus_stats(stats, vectors, smoothing_function)
    scores = _nltk(stats, vectors, smoothing_function, auto_reweigh)
    return scores if many else scores[0]


def bleu_scores_from_stats(
    stats: Any,
    weights: WeightsArg = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
    *,
    sentences: tuple[Sequence[Any], Sequence[Any]] | None = None,
) -> np.ndarray:
    """Sentence BLEU (NLTK's rule, 0-1) of each row of :func:`bleu.sentence_stats`.

    Returns shape ``(rows, weight vectors)``. ``sentences``, the ``(references,
    hypotheses)`` the rows were counted from, are handed to the smoothing function as NLTK
    does (only a foreign smoothing function reads them). Without smoothing the rule is
    applied to all rows at once, in numpy: ``BP * exp(sum_n w_n log p_n)``, 0 when a
    precision with a positive weight is 0; with smoothing (and for the rows that
    ``auto_reweigh`` reweighs), row by row.

    >>> bleu_scores_from_stats([[4, 4, 4, 3, 4, 3], [2, 4, 1, 0, 2, 1]], (0.5, 0.5)).tolist()
    [[1.0], [0.0]]
    """
    vectors, _ = ([UNIFORM_4], False) if weights is UNIFORM_4 else weight_vectors(weights)
    if auto_reweigh is not False:
        auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    rows = np.atleast_2d(check_stats(stats, "stats", NLTK))
    n, order = len(rows), order_of(rows)
    _check_orders(order, vectors, smoothing_function)
    out = np.zeros((n, len(vectors)))
    hyp_len, ref_len = rows[:, 0], rows[:, 1]
    if smoothing_function is None:
        matches = rows[:, 2 : 2 + order].astype(np.float64)
        p_n = matches / rows[:, 2 + order :]
        bp = brevity_penalty(ref_len.astype(np.float64), hyp_len.astype(np.float64))
        with np.errstate(divide="ignore"):
            logs = np.log(p_n)
        for k, weight in enumerate(vectors):
            w = np.asarray(weight, dtype=np.float64)
            used = slice(0, len(weight))
            zero = ((p_n[:, used] == 0) & (w > 0)).any(axis=1) | (matches[:, 0] == 0)
            with np.errstate(over="ignore", invalid="ignore"):  # 0 weight x log(0) is masked
                total = np.where(p_n[:, used] > 0, logs[:, used] * w, 0.0).sum(axis=1)
                out[:, k] = np.where(zero, 0.0, bp * np.exp(total))
        by_row = np.flatnonzero(hyp_len < 4) if auto_reweigh and UNIFORM_4 in vectors else []
    else:
        by_row = range(n)
    refs, hyps = sentences if sentences is not None else ([None] * n, [None] * n)
    raw = np.maximum(rows[:, :1] - np.arange(order), 0).tolist()  # c - n + 1, at least 0
    listed = rows.tolist()
    for i in by_row:
        c, r, *rest = listed[i]
        # one sentence (not capped), float precisions; the fields in CorpusStats' order
        stats_i = CorpusStats(
            tuple(rest[:order]), tuple(rest[order:]), tuple(raw[i]), c, r, (refs[i], hyps[i]),
            False, False,
        )  # fmt: skip
        out[i] = _nltk(stats_i, vectors, smoothing_function, auto_reweigh)
    return out


__all__ = [
    "LOG_ZERO",
    "BleuScore",
    "CorpusStats",
    "bleu_from_stats",
    "bleu_scores_from_stats",
    "combine",
    "needed_orders",
    "score_from_stats",
    "scores_from_stats",
]
