"""BLEU by sacreBLEU's rules on raw strings, step by step (Post, 2018; Papineni et al., 2002).

sacreBLEU takes *detokenized* text, tokenizes it itself (:mod:`bleu.tokenizers`) and
reports a *signature* naming every choice that changes the number. Its conventions
differ from NLTK's (and from the rest of :mod:`bleu`):

- arguments come hypotheses first, and ``references`` is a list of *reference streams*:
  ``references[k][i]`` is the k-th reference of segment ``i`` (NLTK nests the other way);
  a ``None`` segment in a stream means "no k-th reference here" (variable references);
- scores are on a 0-100 scale;
- corpus BLEU adds up the per-segment sufficient statistics (hypothesis length ``c_i``,
  effective reference length ``r_i``: the closest reference length, ties to the shorter,
  and per order n the clipped matches ``m_n`` and hypothesis n-grams ``t_n``), then::

      p_n  = 100 * m_n / t_n
      BP   = 1 if c > r else exp(1 - r / c)      (0 if c == 0)
      BLEU = BP * exp(sum_{n=1..N} log(p_n) / N)

- smoothing (Chen and Cherry, 2014, "A Systematic Comparison of Smoothing Techniques for
  Sentence-Level BLEU"): ``none``; ``floor`` (a zero count becomes ``smooth_value``,
  default 0.1); ``add-k`` (add ``smooth_value``, default 1, to matches and totals of
  orders n >= 2); ``exp`` (mteval's: the k-th zero precision becomes 1 / (2^k t_n));
- ``use_effective_order`` leaves out the orders for which the hypothesis has no n-gram.

>>> result = corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
>>> print(result)
BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
>>> result.signature.split("|version:")[0]
'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp'

The options that change the number travel together as one frozen :class:`BleuOptions`,
checked once, which also renders the signature. This module counts segment by segment
with ``Counter`` s; :mod:`bleu.vectorized` counts the same statistics for a whole corpus
with numpy. Both are compared with sacreBLEU directly by the tests.

Defined in notebook 08 (libraries); the statistics rows in notebook 10.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any, ClassVar, TypeVar

import numpy as np

from ._checks import (
    MAX_ORDER,
    check_bool,
    check_order,
    check_ordered,
    check_segment,
    check_segments,
    check_stats,
)
from .brevity import brevity_penalty, closest_length
from .precision import match_counts
from .tokenizers import check_tokenizer_name, segment_tokens

SMOOTH_DEFAULTS: dict[str, float | None] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}
"""sacreBLEU's smoothing methods and the default ``smooth_value`` of each."""

F = TypeVar("F", bound=Callable[..., Any])

LOG_ZERO = -9999999999  # sacreBLEU's stand-in for log(0): the score underflows to 0.0


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


# --- the options ----------------------------------------------------------------------


def _check_smoothing(smooth_method: Any, smooth_value: Any) -> None:
    if not isinstance(smooth_method, str):
        raise TypeError(
            f"smooth_method must be one of {', '.join(SMOOTH_DEFAULTS)}, "
            f"not {type(smooth_method).__name__}"
        )
    if smooth_method not in SMOOTH_DEFAULTS:
        raise ValueError(
            f"smooth_method={smooth_method!r} is not a known smoothing method; "
            f"choose one of {', '.join(SMOOTH_DEFAULTS)}"
        )
    if smooth_value is None:
        return
    if isinstance(smooth_value, (bool, np.bool_)) or not isinstance(smooth_value, Real):
        raise TypeError(f"smooth_value must be a number or None, not {type(smooth_value).__name__}")
    if not math.isfinite(smooth_value) or smooth_value < 0:
        raise ValueError(f"smooth_value must be finite and >= 0, got {smooth_value!r}")


OLD_NAMES: dict[str, str] = {"smooth": "smooth_method", "effective_order": "use_effective_order"}
"""This package's first keyword names and the sacreBLEU names that replaced them."""


def sacrebleu_names(keywords: dict[str, Any]) -> dict[str, Any]:
    """``keywords`` with the old names (``smooth``, ``effective_order``) renamed to
    sacreBLEU's; both names of one option at once is a ``TypeError`` naming both.

    >>> sacrebleu_names({"smooth": "floor", "tokenize": "none"})
    {'tokenize': 'none', 'smooth_method': 'floor'}
    >>> sacrebleu_names({"smooth": "floor", "smooth_method": "exp"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: smooth_method= and smooth= name the same option (smooth is its old name): ...
    """
    out = dict(keywords)
    for old, new in OLD_NAMES.items():
        if old in out:
            if new in out:
                raise TypeError(
                    f"{new}= and {old}= name the same option ({old} is its old name): "
                    f"give {new} only"
                )
            out[new] = out.pop(old)
    return out


def accepts_old_names(func: F) -> F:
    """Let ``func`` take the old keywords ``smooth=`` and ``effective_order=`` as well as
    sacreBLEU's ``smooth_method=`` and ``use_effective_order=`` (see :func:`sacrebleu_names`).

    The old names are kept as aliases so that code written before the renaming still runs.
    """

    @functools.wraps(func)
    def with_old_names(*args: Any, **kwargs: Any) -> Any:
        if kwargs and not OLD_NAMES.keys().isdisjoint(kwargs):
            kwargs = sacrebleu_names(kwargs)
        return func(*args, **kwargs)

    return with_old_names  # type: ignore[return-value]


@dataclass(frozen=True)
class BleuOptions:
    """sacreBLEU's choices that change the score, checked once when made.

    Every function that scores raw text (:func:`corpus_score`, the vectorised twin, the
    significance tests, the command line) takes its options through one of these. The
    fields carry sacreBLEU's keyword names; the old names ``smooth`` and
    ``effective_order`` are accepted as keywords and readable as properties.

    >>> BleuOptions(smooth_method="floor").signature(nrefs=1).rsplit("|", 1)[0]
    'nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.10]'
    >>> BleuOptions(tokenize="14a")
    Traceback (most recent call last):
    ...
    ValueError: tokenize='14a' is not a known tokenizer; choose one of none, 13a, intl, char, zh
    """

    tokenize: str = "13a"
    lowercase: bool = False
    smooth_method: str = "exp"
    smooth_value: float | None = None
    max_ngram_order: int = 4
    use_effective_order: bool = False

    def __post_init__(self) -> None:
        check_tokenizer_name(self.tokenize)
        _check_smoothing(self.smooth_method, self.smooth_value)
        set_ = object.__setattr__
        set_(self, "lowercase", check_bool(self.lowercase, "lowercase"))
        order = check_order(self.max_ngram_order, "max_ngram_order", limit=MAX_ORDER)
        set_(self, "max_ngram_order", order)
        effective = check_bool(self.use_effective_order, "use_effective_order")
        set_(self, "use_effective_order", effective)

    @property
    def smooth(self) -> str:
        """The old name of :attr:`smooth_method`."""
        return self.smooth_method

    @property
    def effective_order(self) -> bool:
        """The old name of :attr:`use_effective_order`."""
        return self.use_effective_order

    @property
    def smoothing_constant(self) -> float | None:
        """The ``smooth_value`` in force: the one given, else the method's default."""
        default = SMOOTH_DEFAULTS[self.smooth_method]
        return default if self.smooth_value is None else self.smooth_value

    def tokens(self, segment: str) -> list[str]:
        """One segment as tokens: lowercased if asked, stripped, tokenized, split."""
        return segment_tokens(segment, self.tokenize, self.lowercase)

    def signature(self, nrefs: int | str) -> str:
        """sacreBLEU's signature, with this package's name and version at the end.

        sacreBLEU has no field for the n-gram order (its command line cannot change it);
        ``ngram:N`` is added only when ``N != 4``, so the default keeps sacreBLEU's form.
        """
        from . import __version__  # at call time: bleu/__init__ imports this module

        value = self.smoothing_constant
        smooth = (
            self.smooth_method
            if SMOOTH_DEFAULTS[self.smooth_method] is None
            else f"{self.smooth_method}[{value:.2f}]"
        )
        parts = [
            f"nrefs:{nrefs}",
            f"case:{'lc' if self.lowercase else 'mixed'}",
            f"eff:{'yes' if self.use_effective_order else 'no'}",
            f"tok:{self.tokenize}",
            f"smooth:{smooth}",
        ]
        if self.max_ngram_order != 4:
            parts.append(f"ngram:{self.max_ngram_order}")
        parts.append(f"version:bleu-{__version__}")
        return "|".join(parts)


def _with_old_names(init: Callable[..., None]) -> Callable[..., None]:
    """The dataclass's own ``__init__``, taught the old keyword names: an invalid value
    given under an old name is reported under that name (``smooth='bogus' ...``)."""

    @functools.wraps(init)
    def with_old_names(self: BleuOptions, *args: Any, **kwargs: Any) -> None:
        used = [old for old in OLD_NAMES if old in kwargs]
        renamed = sacrebleu_names(kwargs)
        try:
            init(self, *args, **renamed)
        except (TypeError, ValueError) as exc:
            message = str(exc)
            for old in used:
                if message.startswith(OLD_NAMES[old]):
                    raise type(exc)(old + message[len(OLD_NAMES[old]) :]) from None
            raise

    return with_old_names


BleuOptions.__init__ = _with_old_names(BleuOptions.__init__)  # type: ignore[method-assign]


# --- argument checks -----------------------------------------------------------------


def check_hypotheses(value: Any, name: str = "hypotheses") -> list[str]:
    """A non-empty list of hypothesis segments."""
    hyps = check_segments(value, name)
    if not hyps:
        raise ValueError(f"{name} is empty: give at least one segment")
    return hyps


def check_streams(references: Any, n_segments: int) -> list[list[str | None]]:
    """sacreBLEU's layout: a non-empty list of streams, each with one entry per segment."""
    if references is None:
        raise TypeError("references must be a list of reference streams, not None")
    if isinstance(references, str):
        raise TypeError(
            "references must be a list of reference streams (lists of strings), not a string"
        )
    check_ordered(references, "references", "a list of reference streams")
    if not hasattr(references, "__iter__"):
        raise TypeError(f"references must be a list of streams, not {type(references).__name__}")
    streams = list(references)
    if not streams:
        raise ValueError("references is empty: give at least one reference stream")
    if isinstance(streams[0], str):
        raise TypeError(
            "references must be a list of reference streams, each a list of strings; its first "
            f"item is a string ({streams[0][:40]!r}): wrap one stream as [references]"
        )
    checked = [
        check_segments(s, f"references[{k}]", allow_none=True) for k, s in enumerate(streams)
    ]
    for k, stream in enumerate(checked):
        if len(stream) != n_segments:
            raise ValueError(
                f"references[{k}] has {len(stream)} segments but hypotheses has {n_segments}: "
                "every reference stream needs one segment per hypothesis"
            )
    return checked


# --- statistics ----------------------------------------------------------------------


def no_reference_message(segment: int) -> str:
    """The error for a segment that every reference stream leaves out (``None``)."""
    return (
        f"references: segment {segment} has no reference (every stream has None there); "
        "each segment needs at least one reference string"
    )


def _segment_references(streams: list[list[str | None]]) -> list[list[str]]:
    """Transpose streams into per-segment reference lists, dropping ``None`` placeholders."""
    per_segment = []
    for i, refs in enumerate(zip(*streams)):
        present = [ref for ref in refs if ref is not None]
        if not present:
            raise ValueError(no_reference_message(i))
        per_segment.append(present)
    return per_segment


def count_refs(per_segment_counts: Sequence[int]) -> int | str:
    """The ``nrefs`` of the signature: the number of references, or 'var' if it varies."""
    sizes = set(per_segment_counts)
    return sizes.pop() if len(sizes) == 1 else "var"


def _stats(
    hypotheses: list[str], per_segment: list[list[str]], options: BleuOptions, trim: bool = False
) -> np.ndarray:
    """One row per segment; with ``trim`` only up to the longest hypothesis (see padded_sum)."""
    max_order = options.max_ngram_order
    hyp_token_lists = [options.tokens(hyp) for hyp in hypotheses]
    if trim:
        max_order = min(max_order, max(1, *map(len, hyp_token_lists)))
    rows = np.zeros((len(hypotheses), 2 + 2 * max_order), dtype=np.int64)
    for row, hyp_tokens, refs in zip(rows, hyp_token_lists, per_segment):
        ref_tokens = [options.tokens(ref) for ref in refs]
        row[0] = len(hyp_tokens)
        row[1] = closest_length(map(len, ref_tokens), len(hyp_tokens))
        for n in range(1, min(max_order, len(hyp_tokens)) + 1):  # longer orders: all 0
            row[1 + n], row[1 + max_order + n] = match_counts(ref_tokens, hyp_tokens, n)
    return rows


def padded_sum(rows: np.ndarray, max_order: int, min_total: int) -> np.ndarray:
    """Column sums of rows counted up to order ``k`` only, widened to ``max_order`` orders.

    ``k`` is at least the longest hypothesis of the rows, so an order above it has no
    n-gram: no match, and a total of ``min_total`` per row (0 here; NLTK's ``max(1, 0)``
    is 1). Orders longer than every sentence then cost nothing to count.
    """
    k = (rows.shape[1] - 2) // 2
    out = np.zeros(2 + 2 * max_order, dtype=np.int64)
    out[:2] = rows[:, :2].sum(axis=0)
    out[2 : 2 + k] = rows[:, 2 : 2 + k].sum(axis=0)
    out[2 + max_order : 2 + max_order + k] = rows[:, 2 + k :].sum(axis=0)
    out[2 + max_order + k :] = min_total * len(rows)
    return out


def _prepare(
    hypotheses: Any, references: Any, options: BleuOptions
) -> tuple[list[str], list[list[str]]]:
    """Check the text arguments; the hypotheses and each segment's references."""
    hyps = check_hypotheses(hypotheses)
    streams = check_streams(references, len(hyps))
    return hyps, _segment_references(streams)


def segment_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenize: str = "13a",
    lowercase: bool = False,
    max_ngram_order: int = 4,
) -> np.ndarray:
    """BLEU's sufficient statistics, one row per segment, in sacreBLEU's column order.

    Columns: ``[c, r, m_1 .. m_N, t_1 .. t_N]`` with ``c`` the hypothesis length, ``r`` the
    effective reference length (closest, ties to the shorter), ``m_n`` the clipped n-gram
    matches and ``t_n`` the hypothesis n-grams. Corpus BLEU is
    ``score_from_stats(stats.sum(axis=0))``; resampling rows gives bootstrap scores.

    >>> segment_stats(["a b c", "a b"], [["a b c", "b a"]]).tolist()
    [[3, 3, 3, 2, 1, 0, 3, 2, 1, 0], [2, 2, 2, 0, 0, 0, 2, 1, 0, 0]]
    """
    options = BleuOptions(tokenize, lowercase, max_ngram_order=max_ngram_order)
    hyps, per_segment = _prepare(hypotheses, references, options)
    return _stats(hyps, per_segment, options)


def _floored_log(x: float) -> float:
    return math.log(x) if x != 0.0 else LOG_ZERO


@accepts_old_names
def score_from_stats(
    stats: Any,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    use_effective_order: bool = False,
    signature: str = "",
) -> BleuScore:
    """BLEU from summed sufficient statistics ``[c, r, m_1..m_N, t_1..t_N]`` (see module doc).

    ``stats`` may also be the 2-D per-segment array of :func:`segment_stats`; its rows are
    added up first. The arithmetic follows sacreBLEU's ``BLEU.compute_bleu`` step by step.
    ``smooth=`` and ``effective_order=`` are accepted as old names of ``smooth_method=``
    and ``use_effective_order=``.

    >>> print(score_from_stats([7, 7, 6, 4, 2, 1, 7, 6, 5, 4]))
    BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
    """
    options = BleuOptions(
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        use_effective_order=use_effective_order,
    )
    array = check_stats(stats, "stats")
    return bleu_of_sums(array.sum(axis=0) if array.ndim == 2 else array, options, signature)


def bleu_of_sums(sums: np.ndarray, options: BleuOptions, signature: str = "") -> BleuScore:
    """:func:`score_from_stats` of one row of sums, with its options made.

    The row is checked again (cheap), so that no caller can score impossible statistics.
    """
    if not isinstance(options, BleuOptions):
        raise TypeError(f"options must be a BleuOptions, not {type(options).__name__}")
    sums = check_stats(sums, "sums")
    if sums.ndim != 1:
        raise ValueError("sums must be one row of summed statistics; add the rows up first")
    sys_len, ref_len, *rest = (int(x) for x in sums)
    order = len(rest) // 2
    return bleu_of_counts(sys_len, ref_len, rest[:order], rest[order:], options, signature)


def bleu_of_counts(
    sys_len: int,
    ref_len: int,
    correct: list,
    total: list,
    options: BleuOptions,
    signature: str = "",
) -> BleuScore:
    """sacreBLEU's ``BLEU.compute_bleu``: the score of checked counts (unchecked, internal).

    ``correct`` and ``total`` are the matches and hypothesis n-grams of each order, plain
    ints in lists that become the result's ``counts`` and ``totals`` (``add-k`` adds to
    them, as sacreBLEU does). :func:`bleu_of_sums` checks a row and calls this; the lean
    :func:`bleu.lean.sentence_score` calls it with counts it has just made.
    """
    smooth, value, effective_order = (
        options.smooth_method,
        options.smoothing_constant,
        options.use_effective_order,
    )
    order = len(correct)
    bp = brevity_penalty(ref_len, sys_len, both_empty=1.0)
    precisions = [0.0] * order
    if not any(correct):  # nothing matches: score 0 (and no smoothing is reported)
        return BleuScore(0.0, correct, total, precisions, bp, sys_len, ref_len, signature)

    used = order
    zeros_so_far = 1.0  # exp smoothing: 2^k for the k-th zero precision
    for n in range(order):
        if smooth == "add-k" and n > 0:
            correct[n] += value
            total[n] += value
        if total[n] == 0:  # the hypothesis has no n-grams of this order (or longer)
            break
        if effective_order:
            used = n + 1
        if correct[n] == 0:
            if smooth == "exp":
                zeros_so_far *= 2
                precisions[n] = 100.0 / (zeros_so_far * total[n])
            elif smooth == "floor":
                precisions[n] = 100.0 * value / total[n]
        else:
            precisions[n] = 100.0 * correct[n] / total[n]

    score = bp * math.exp(sum([_floored_log(p) for p in precisions[:used]]) / used)
    return BleuScore(score, correct, total, precisions, bp, sys_len, ref_len, signature)


# --- the public scores ---------------------------------------------------------------


@accepts_old_names
def corpus_score(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    use_effective_order: bool = False,
) -> BleuScore:
    """Corpus BLEU on raw strings, equal to ``sacrebleu.corpus_bleu`` (0-100 scale).

    ``references[k][i]`` is the k-th reference of hypothesis ``i`` (sacreBLEU's streams).
    The keywords are sacreBLEU's; ``smooth=`` and ``effective_order=`` are accepted as
    old names of ``smooth_method=`` and ``use_effective_order=``.

    >>> hyps = ["It is a guide.", "He reads."]
    >>> refs = [["It is a guide to action.", "He reads the book."]]
    >>> result = corpus_score(hyps, refs)
    >>> round(result.score, 4), result.counts, result.totals, result.ref_len
    (38.7539, [8, 4, 2, 1], [8, 6, 4, 2], 12)
    """
    options = BleuOptions(
        tokenize, lowercase, smooth_method, smooth_value, max_ngram_order, use_effective_order
    )
    hyps, per_segment = _prepare(hypotheses, references, options)
    stats = _stats(hyps, per_segment, options, trim=True)
    signature = options.signature(count_refs(map(len, per_segment)))
    return bleu_of_sums(padded_sum(stats, options.max_ngram_order, 0), options, signature)


@accepts_old_names
def sentence_score(
    hypothesis: str,
    references: Sequence[str],
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    max_ngram_order: int = 4,
    use_effective_order: bool = True,
) -> BleuScore:
    """Sentence BLEU on raw strings, equal to ``sacrebleu.sentence_bleu`` (0-100 scale).

    ``references`` is a list of reference strings for this one hypothesis. Keywords as
    :func:`corpus_score`. This is the step-by-step form (a one-segment corpus); the
    package exports the lean :func:`bleu.lean.sentence_score`.

    >>> print(sentence_score("It is a guide.", ["It is a guide to action."]))
    BLEU = 47.40 100.0/75.0/66.7/50.0 (BP = 0.670 ratio = 0.714 hyp_len = 5 ref_len = 7)
    """
    hypothesis = check_segment(hypothesis, "hypothesis")
    refs = check_segments(references, "references")
    if not refs:
        raise ValueError("references is empty: give at least one reference string")
    return corpus_score(
        [hypothesis],
        [[ref] for ref in refs],
        tokenize=tokenize,
        lowercase=lowercase,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        max_ngram_order=max_ngram_order,
        use_effective_order=use_effective_order,
    )
