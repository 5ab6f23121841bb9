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

The options that change the number travel together as one frozen
:class:`~bleu.options.BleuOptions`, checked once, which also renders the signature. This
module is the step-by-step producer of sacreBLEU's rows: it counts segment by segment
with ``Counter`` s (:func:`segment_stats`), then hands the column sums to sacreBLEU's rule,
:func:`bleu.rules.score_from_stats`. :mod:`bleu.vectorized` and :mod:`bleu.chunked`
count the same rows for a whole corpus with numpy. All are compared with sacreBLEU
directly by the tests.

Defined in notebook 08 (libraries); the statistics rows in notebook 10.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .brevity import closest_length
from .checks import check_hypotheses, check_segment, check_segments, check_streams
from .options import BleuOptions, with_bleu_options
from .precision import match_counts
from .rows import SACREBLEU, nrefs_of, padded_sum, references_by_segment, width
from .rules import BleuScore, score_from_stats

__all__ = ["BleuOptions", "BleuScore", "corpus_score", "segment_stats", "sentence_score"]


# --- the rows, segment by segment ----------------------------------------------------


def _per_segment(streams: list[list[str | None]]) -> list[list[str]]:
    """Each segment's references, as a list of lists (the step-by-step layout)."""
    texts, counts = references_by_segment(streams)
    ends = np.cumsum(counts).tolist()
    return [texts[end - k : end] for end, k in zip(ends, counts.tolist())]


def _stats(
    hypotheses: list[str], per_segment: list[list[str]], options: BleuOptions, trim: bool = False
) -> np.ndarray:
    """One row per segment; with ``trim`` only up to the longest hypothesis (see padded_sum)."""
    max_order = options.max_ngram_order
    hyp_token_lists = [options.tokens(hyp) for hyp in hypotheses]
    if trim:
        max_order = min(max_order, max(1, *map(len, hyp_token_lists)))
    rows = np.zeros((len(hypotheses), width(max_order)), dtype=np.int64)
    for row, hyp_tokens, refs in zip(rows, hyp_token_lists, per_segment):
        ref_tokens = [options.tokens(ref) for ref in refs]
        row[0] = len(hyp_tokens)
        row[1] = closest_length(map(len, ref_tokens), len(hyp_tokens))
        for n in range(1, min(max_order, len(hyp_tokens)) + 1):  # longer orders: all 0
            row[1 + n], row[1 + max_order + n] = match_counts(ref_tokens, hyp_tokens, n)
    return rows


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
    ``bleu.score_from_stats(stats.sum(axis=0))``; resampling rows gives bootstrap scores.

    >>> segment_stats(["a b c", "a b"], [["a b c", "b a"]]).tolist()
    [[3, 3, 3, 2, 1, 0, 3, 2, 1, 0], [2, 2, 2, 0, 0, 0, 2, 1, 0, 0]]
    """
    options = BleuOptions(tokenize, lowercase, max_ngram_order=max_ngram_order)
    hyps = check_hypotheses(hypotheses)
    return _stats(hyps, _per_segment(check_streams(references, len(hyps))), options)


# --- the public scores ---------------------------------------------------------------


@with_bleu_options()
def corpus_score(
    hypotheses: Sequence[str], references: Sequence[Sequence[str | None]], options: BleuOptions
) -> BleuScore:
    """Corpus BLEU on raw strings, equal to ``sacrebleu.corpus_bleu`` (0-100 scale).

    ``references[k][i]`` is the k-th reference of hypothesis ``i`` (sacreBLEU's streams).
    The keywords are sacreBLEU's (those of :class:`~bleu.options.BleuOptions`);
    ``smooth=`` and ``effective_order=`` are accepted as old names of ``smooth_method=``
    and ``use_effective_order=``.

    >>> hyps = ["It is a guide.", "He reads."]
    >>> refs = [["It is a guide to action.", "He reads the book."]]
    >>> result = corpus_score(hyps, refs)
    >>> round(result.score, 4), result.counts, result.totals, result.ref_len
    (38.7539, [8, 4, 2, 1], [8, 6, 4, 2], 12)
    """
    hyps = check_hypotheses(hypotheses)
    per_segment = _per_segment(check_streams(references, len(hyps)))
    stats = _stats(hyps, per_segment, options, trim=True)
    signature = options.signature(nrefs_of(map(len, per_segment)))
    sums = padded_sum(stats, options.max_ngram_order, SACREBLEU)
    return score_from_stats(sums.tolist(), signature=signature, options=options.scoring)


@with_bleu_options(use_effective_order=True)
def sentence_score(hypothesis: str, references: Sequence[str], options: BleuOptions) -> BleuScore:
    """Sentence BLEU on raw strings, equal to ``sacrebleu.sentence_bleu`` (0-100 scale).

    ``references`` is a list of reference strings for this one hypothesis. Keywords as
    :func:`corpus_score`, with sacreBLEU's default for a sentence: the effective order.
    This is the step-by-step form (a one-segment corpus); the package exports the lean
    :func:`bleu.lean.sentence_score`.

    >>> print(sentence_score("It is a guide.", ["It is a guide to action."]))
    BLEU = 47.40 100.0/75.0/66.7/50.0 (BP = 0.670 ratio = 0.714 hyp_len = 5 ref_len = 7)
    """
    hypothesis = check_segment(hypothesis, "hypothesis")
    refs = check_segments(references, "references")
    if not refs:
        raise ValueError("references is empty: give at least one reference string")
    # corpus_score.__wrapped__ is corpus_score before the decorator: it takes the options
    return corpus_score.__wrapped__([hypothesis], [[ref] for ref in refs], options=options)
