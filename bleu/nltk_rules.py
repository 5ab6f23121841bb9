"""Sentence and corpus BLEU by NLTK's rules, step by step (the code the notebooks build).

Papineni, Roukos, Ward and Zhu (2002), *BLEU: a Method for Automatic Evaluation of
Machine Translation*, ACL. https://aclanthology.org/P02-1040::

    BLEU = BP * exp(sum_n w_n log p_n)

Corpus BLEU adds up each order's clipped matches and n-gram totals over all sentences,
and the hypothesis and effective reference lengths, *before* dividing (a micro-average);
sentence BLEU is corpus BLEU of a one-sentence corpus.

This module counts with ``Counter`` s, sentence by sentence, as the notebooks do;
:mod:`bleu.vectorized` counts the same statistics with numpy. Both hand the sums to
NLTK's rule, :func:`bleu.rules.bleu_from_stats`, the one place where it is written, and
both are compared with NLTK directly by the tests.

Defined in notebook 07 (the full score); corpus BLEU and smoothing in notebook 08.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .brevity import closest_length
from .checks import (
    UNIFORM_4,
    check_bool,
    check_corpus_shape,
    check_references,
    check_tokens,
    weight_vectors,
)
from .precision import match_counts
from .rules import (
    CorpusStats,
    Smoother,
    Tokens,
    WeightsArg,
    bleu_from_stats,
    needed_orders,
)


def corpus_stats(
    list_of_references: list[list[list]], hypotheses: list[list], max_n: int, capped: bool = True
) -> CorpusStats:
    """Add up the statistics of validated sentences (internal; no checks).

    Only the orders a sentence has n-grams of are counted; for a longer order it adds
    nothing but NLTK's denominator 1, added at the end for all such sentences at once,
    so that thousands of weights cost no more than four.
    """
    matches = [0] * max_n
    totals = [0] * max_n
    counts = [0] * max_n
    hyp_len = ref_len = 0
    for refs, hyp in zip(list_of_references, hypotheses):
        for i in range(min(max_n, len(hyp))):
            m, t = match_counts(refs, hyp, i + 1)
            matches[i] += m
            totals[i] += t
            counts[i] += t
        hyp_len += len(hyp)
        ref_len += closest_length(map(len, refs), len(hyp))
    by_length = Counter(len(hyp) for hyp in hypotheses)
    shorter = 0
    for i in range(max_n):
        shorter += by_length[i]  # sentences of i tokens have no (i + 1)-gram...
        totals[i] += shorter  # ...and NLTK's max(1, count) adds 1 for each of them
    last = (list_of_references[-1], hypotheses[-1])  # NLTK hands them to the smoothing
    return CorpusStats(
        tuple(matches), tuple(totals), tuple(counts), hyp_len, ref_len, last, capped=capped
    )


def _score(
    list_of_references: list[list[list]],
    hypotheses: list[list],
    weights: Any,
    smoothing_function: Smoother | None,
    auto_reweigh: bool,
    corpus_mode: bool,
) -> float | list[float]:
    """Score validated input, sentence by sentence (the step-by-step path): the counts of
    :func:`corpus_stats`, then NLTK's rule, :func:`bleu.rules.bleu_from_stats`."""
    vectors, many = weight_vectors(weights)  # an iterator is read once: hand on the vectors
    orders = needed_orders(vectors, smoothing_function)
    stats = corpus_stats(list_of_references, hypotheses, orders, capped=corpus_mode)
    return bleu_from_stats(stats, vectors if many else vectors[0], smoothing_function, auto_reweigh)


def sentence_bleu(
    references: Sequence[Tokens],
    hypothesis: Tokens,
    weights: WeightsArg = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """Sentence-level BLEU of ``hypothesis`` against ``references`` (token lists).

    ``BLEU = BP * exp(sum_n w_n log p_n)`` with ``p_n`` the modified precisions, ``BP`` the
    brevity penalty against the closest reference length (Papineni et al., 2002).

    Equal to ``nltk.translate.bleu_score.sentence_bleu`` for the same arguments, with
    these deliberate differences:

    * without smoothing, a zero precision with a positive weight gives exactly ``0.0``
      and no warning; NLTK substitutes ``sys.float_info.min`` and returns a meaningless
      tiny number (about 1e-77 for one zero precision under weights of 1/4, smaller for
      more: 1e-155, ... down to 1e-308);
    * a string where a token list belongs, an empty reference list, weights that are
      empty, negative, infinite, NaN or an unordered set, or an ``auto_reweigh`` that is
      not ``True``/``False`` raise ``TypeError``/``ValueError`` naming the argument;
    * ``auto_reweigh`` treats any sequence equal to ``(0.25,) * 4`` as the default
      weights, a list included (NLTK only a tuple).

    ``weights`` may be a list of weight tuples: then a list of scores is returned (one
    float for a list holding a single tuple, as NLTK does).

    This is the step-by-step form the notebooks build; :func:`bleu.sentence_bleu` is its
    lean twin (:func:`bleu.lean.sentence_bleu`), the same rules with less work per call.

    >>> ref = ("It is a guide to action that ensures that the military will forever "
    ...        "heed Party commands").split()
    >>> hyp = ("It is a guide to action which ensures that the military always obeys "
    ...        "the commands of the party").split()
    >>> round(sentence_bleu([ref], hyp), 4)
    0.4118
    >>> sentence_bleu([ref], "the the the".split())
    0.0
    """
    refs = check_references(references, "references")
    hyp = check_tokens(hypothesis, "hypothesis")
    auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    return _score([refs], [hyp], weights, smoothing_function, auto_reweigh, False)


def corpus_bleu(
    list_of_references: Sequence[Sequence[Tokens]],
    hypotheses: Sequence[Tokens],
    weights: WeightsArg = UNIFORM_4,
    smoothing_function: Smoother | None = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """Corpus-level BLEU: statistics summed over sentences, then one score.

    ``p_n = sum_s matches_s,n / sum_s max(1, count_s,n)``, ``c = sum_s c_s``,
    ``r = sum_s r_s``; then ``BP * exp(sum_n w_n log p_n)``. This is not the mean of the
    sentence scores.

    Equal to NLTK's ``corpus_bleu`` without smoothing and with smoothing methods 0-4
    (same deviations as :func:`sentence_bleu`). Methods 5-7 differ on purpose: NLTK
    smooths with the *last* sentence's 5-gram precision and n-gram counts, so its score
    depends on the order of the sentences and can exceed 1. Here those methods use the
    whole corpus's 5-gram precision and n-gram counts, and each smoothed precision is
    capped at 1: the score does not depend on sentence order and stays in [0, 1].

    >>> hyps = [["the", "cat", "sat", "on", "the", "mat"], ["a", "dog", "ran"]]
    >>> refs = [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "dog", "ran", "off"]]]
    >>> round(corpus_bleu(refs, hyps), 4)
    0.8327
    """
    refs_in, hyps_in = check_corpus_shape(list_of_references, hypotheses)
    hyps = [check_tokens(h, f"hypotheses[{i}]") for i, h in enumerate(hyps_in)]
    refs = [check_references(r, f"list_of_references[{i}]") for i, r in enumerate(refs_in)]
    auto_reweigh = check_bool(auto_reweigh, "auto_reweigh")
    return _score(refs, hyps, weights, smoothing_function, auto_reweigh, True)
