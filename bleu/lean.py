"""One sentence, scored lean: the ``sentence_bleu`` and ``sentence_score`` that :mod:`bleu` exports.

The step-by-step scorers (:func:`bleu.nltk_rules.sentence_bleu`,
:func:`bleu.sacrebleu_rules.sentence_score`) treat a sentence as a one-sentence corpus and
go through every stage the notebooks build: full argument checks, a ``Counter`` and a
clipped-count dictionary per order, exact ``Fraction`` precisions. Here the same rules are
applied with less work per call, for the workloads that score one sentence at a time
(rewards in reinforcement learning, filtering a corpus):

- plain input (a list of ``str`` tokens, a ``str`` segment) is recognised at C speed; any
  other input goes through the full checks of :mod:`bleu.checks`, with their messages;
- only the *matches* are counted: a hypothesis of ``c`` tokens has ``c - n + 1`` n-grams,
  and an n-gram can only match if its first ``n - 1`` tokens did, so counting stops at the
  first order without a match (Papineni et al., 2002: ``p_n = matches_n / (c - n + 1)``);
- precisions are floats that keep their counts (:class:`bleu.smoothing.CountedFloat`), not
  fractions: ``m / t`` of two ints is correctly rounded, so the score agrees with the
  exact path to about 1e-16;
- sacreBLEU's options are checked once per distinct set of values and remembered, with
  the signature they render.

The rules themselves are not written again: the smoothing methods of
:mod:`bleu.smoothing` and the two rules of :mod:`bleu.rules`: this module only counts
(the rows of one sentence) and hands them to :func:`bleu.rules.bleu_from_stats` and
:func:`bleu.rules.score_from_stats`.
The tests compare both functions with NLTK and sacreBLEU directly.

Not built in a notebook (notebook 08 builds the step-by-step forms).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

from . import nltk_rules
from .brevity import closest_length
from .checks import (
    UNIFORM_4,
    check_references,
    check_segment,
    check_segments,
    check_tokens,
    weight_vectors,
)
from .options import BleuOptions, accepts_old_names, arguments_of
from .rules import BleuScore, CorpusStats, bleu_from_stats, needed_orders, score_from_stats
from .smoothing import CORPUS_AWARE_METHODS, is_own_method
from .tokenizers import get_tokenizer

Smoother = Callable[..., list]
_STR = {str}
_FLOAT = {float}


def ngram_matches(references: list[list], hypothesis: list, max_n: int) -> list[int]:
    """Clipped matches of orders ``1 .. max_n``: ``sum_g min(Count(g), Max_Ref_Count(g))``.

    Counting stops at the first order with no match: every longer order has none either
    (a matching n-gram's first ``n - 1`` tokens match too). Where the hypothesis has no
    repeated n-gram of an order (the usual case beyond unigrams), each n-gram it shares
    with a reference counts once, so the matches are the size of a set intersection;
    otherwise they are counted with ``Counter`` s.

    >>> ngram_matches([["the", "cat", "sat"]], ["the", "cat", "ran"], 4)
    [2, 1, 0, 0]
    >>> ngram_matches([["a", "a"], ["a", "b"]], ["a", "a", "a"], 2)
    [2, 1]
    """
    matches = [0] * max_n
    top = min(max_n, len(hypothesis))
    hyp_shifted = [hypothesis[i:] for i in range(top)]  # n-grams of order n: zip(*[:n])
    refs_shifted = [[ref[i:] for i in range(top)] for ref in references]
    for n in range(1, top + 1):
        if n == 1:
            distinct = set(hypothesis)
            ref_grams = references
        else:
            distinct = set(zip(*hyp_shifted[:n]))
            ref_grams = [zip(*shifted[:n]) for shifted in refs_shifted]
        common = distinct.intersection(chain.from_iterable(ref_grams))
        if not common:
            break
        if len(distinct) == len(hypothesis) - n + 1:  # no repeats: a shared n-gram counts once
            matches[n - 1] = len(common)
            continue
        if n == 1:
            hyp_counts = Counter(hypothesis)
            ref_counts = [Counter(ref) for ref in references]
        else:
            hyp_counts = Counter(zip(*hyp_shifted[:n]))
            ref_counts = [Counter(zip(*shifted[:n])) for shifted in refs_shifted]
        best = ref_counts[0]
        for other in ref_counts[1:]:
            best |= other  # the largest count of each n-gram in any one reference
        clipped = map(min, map(hyp_counts.__getitem__, common), map(best.__getitem__, common))
        matches[n - 1] = sum(clipped)
    return matches


def _plain(references: Any, hypothesis: Any) -> bool:
    """True for the common input: a list of ``str`` tokens and a non-empty list of them."""
    return (
        type(hypothesis) is list
        and type(references) is list
        and len(references) > 0
        and all([type(ref) is list for ref in references])
        and set(map(type, hypothesis)).union(*[map(type, ref) for ref in references]) <= _STR
    )


@arguments_of(nltk_rules.sentence_bleu)
def sentence_bleu(references, hypothesis, weights, smoothing_function, auto_reweigh):
    """Sentence-level BLEU by NLTK's rules: :func:`bleu.nltk_rules.sentence_bleu`, leaner.

    ``BLEU = BP * exp(sum_n w_n log p_n)`` (Papineni et al., 2002). Same arguments, checks,
    errors and values as the step-by-step form (equal to NLTK's ``sentence_bleu`` to
    1e-12, with the deviations that function lists), faster per call.

    >>> refs = [["the", "cat", "sat", "on", "the", "mat"]]
    >>> round(sentence_bleu(refs, ["the", "cat", "sat", "on", "a", "mat"], (0.5, 0.5)), 4)
    0.7071
    """
    if _plain(references, hypothesis):
        refs, hyp = references, hypothesis
    else:
        refs = check_references(references, "references")
        hyp = check_tokens(hypothesis, "hypothesis")
    if weights is UNIFORM_4 or (type(weights) is tuple and set(map(type, weights)) == _FLOAT):
        # one vector of floats (checked by the rule): its length is the number of orders
        corpus_aware = is_own_method(smoothing_function, CORPUS_AWARE_METHODS)
        max_n = max(len(weights), 5 if corpus_aware else 0)
    else:  # checked here (an iterator is read once), handed on as the checked vectors
        vectors, many = weight_vectors(weights)
        weights = vectors if many else vectors[0]
        max_n = needed_orders(vectors, smoothing_function)
    stats = sentence_counts(refs, hyp, max_n)
    return bleu_from_stats(stats, weights, smoothing_function, auto_reweigh)


def sentence_counts(references: list[list], hypothesis: list, max_n: int) -> CorpusStats:
    """NLTK's statistics of one checked sentence, counted to ``max_n`` orders, with float
    precisions (:class:`~bleu.rules.CorpusStats` with ``exact=False``)."""
    hyp_len = len(hypothesis)
    matches = ngram_matches(references, hypothesis, max_n)
    ref_len = closest_length(map(len, references), hyp_len) if matches[0] else 0
    counts = range(hyp_len, hyp_len - max_n, -1)  # c - n + 1 for n = 1 .. max_n
    if hyp_len >= max_n:  # the usual case: every order has n-grams
        totals = ngram_counts = tuple(counts)
    else:  # NLTK's denominator is at least 1; the raw counts at least 0
        totals = tuple([c if c > 0 else 1 for c in counts])
        ngram_counts = tuple([c if c > 0 else 0 for c in counts])
    # positional, in CorpusStats' order (matches, totals, ngram_counts, hyp_len, ref_len,
    # last, capped, exact): one sentence, not capped, float precisions
    return CorpusStats(
        tuple(matches), totals, ngram_counts, hyp_len, ref_len, (references, hypothesis),
        False, False,
    )  # fmt: skip


# --- sacreBLEU's rules -------------------------------------------------------------------

_OPTIONS: dict[tuple, BleuOptions] = {}
_SIGNATURES: dict[tuple[BleuOptions, int], str] = {}
_CACHE_LIMIT = 512


def options_for(*values: Any) -> BleuOptions:
    """``BleuOptions(*values)``, made and checked once per distinct set of values.

    The key holds each value's type as well: ``1 == True`` and ``4 == 4.0``, but
    ``lowercase=1`` and ``max_ngram_order=4.0`` are refused, not served from the cache.
    """
    key = (*values, *map(type, values))
    try:
        return _OPTIONS[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable value: BleuOptions explains what is wrong with it
        return BleuOptions(*values)
    options = BleuOptions(*values)
    if len(_OPTIONS) < _CACHE_LIMIT:
        _OPTIONS[key] = options
    return options


def signature_for(options: BleuOptions, nrefs: int) -> str:
    """``options.signature(nrefs)``, rendered once per options and number of references."""
    key = (options, nrefs)
    signature = _SIGNATURES.get(key)
    if signature is None:
        signature = options.signature(nrefs)
        if len(_SIGNATURES) < _CACHE_LIMIT:
            _SIGNATURES[key] = signature
    return signature


def segment_splitter(options: BleuOptions) -> Callable[[str], list[str]]:
    """sacreBLEU's preprocessing of a checked segment under ``options``: lowercase if
    asked, strip trailing whitespace, tokenize, split (as :meth:`BleuOptions.tokens`)."""
    tokenizer = get_tokenizer(options.tokenize)
    if options.lowercase:
        return lambda segment: tokenizer(segment.lower().rstrip()).split()
    return lambda segment: tokenizer(segment.rstrip()).split()


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
    """Sentence BLEU on raw strings by sacreBLEU's rules (0-100): the lean form of
    :func:`bleu.sacrebleu_rules.sentence_score`, with the same arguments, errors and result.

    Equal to ``sacrebleu.sentence_bleu`` for the same keywords (its defaults: ``exp``
    smoothing, effective order); ``smooth=`` and ``effective_order=`` are accepted as old
    names of ``smooth_method=`` and ``use_effective_order=``.

    >>> print(sentence_score("It is a guide.", ["It is a guide to action."]))
    BLEU = 47.40 100.0/75.0/66.7/50.0 (BP = 0.670 ratio = 0.714 hyp_len = 5 ref_len = 7)
    """
    if type(hypothesis) is not str:
        hypothesis = check_segment(hypothesis, "hypothesis")
    if type(references) is not list or not set(map(type, references)) <= _STR:
        references = check_segments(references, "references")
    if not references:
        raise ValueError("references is empty: give at least one reference string")
    options = options_for(
        tokenize, lowercase, smooth_method, smooth_value, max_ngram_order, use_effective_order
    )
    split = segment_splitter(options)
    hyp = split(hypothesis)
    refs = [split(ref) for ref in references]
    hyp_len = len(hyp)
    order = options.max_ngram_order
    row = [hyp_len, closest_length(map(len, refs), hyp_len), *ngram_matches(refs, hyp, order)]
    row += [max(0, hyp_len - n) for n in range(order)]
    signature = signature_for(options, len(references))
    return score_from_stats(row, signature=signature, options=options.scoring)
