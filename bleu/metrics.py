"""The metrics that followed BLEU, run offline (notebook 11): METEOR, TER, NIST and chrF.

- METEOR (Banerjee and Lavie, 2005; Lavie and Agarwal, 2007): align unigrams of hypothesis and
  reference (exact, then Porter stem, then WordNet synonym), then
  P = m / len(hyp), R = m / len(ref), Fmean = P R / (alpha P + (1 - alpha) R),
  Penalty = gamma (chunks / m) ** beta, METEOR = Fmean (1 - Penalty), best over references.
  NLTK's ``meteor_score`` needs WordNet data only for its synonym stage; :class:`NoWordNet`
  stands in for it so that exact and stem matching remain, with no download.
- TER (Snover et al., 2006): fewest edits (insert, delete, substitute, shift a block) that turn
  the hypothesis into a reference, divided by the average reference length (sacreBLEU).
- NIST (Doddington, 2002): n-gram matches weighted by their information in the references,
  summed over n = 1..5, times a gentler length penalty (NLTK).
- chrF (Popović, 2015): F-beta of character n-gram (n = 1..6) precision and recall; sacreBLEU's
  chrF2 has beta = 2, NLTK's ``sentence_chrf`` defaults to beta = 3.

Word-level metrics here split on whitespace; nothing is lowercased unless the metric itself
does it (METEOR lowercases; sacreBLEU's TER ignores case by default; BLEU, NIST, chrF keep it).

Defined in notebook 11 (beyond BLEU).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .checks import (
    MAX_ORDER,
    check_count,
    check_order,
    check_real,
    check_references,
    check_segment,
    check_segments,
    check_tokens,
)
from .chrf_ter import chrf_score, chrf_stats, ter_score, ter_stats
from .display import Table
from .nltk_rules import sentence_bleu
from .smoothing import SmoothingFunction

#: Column names of :func:`score_all`, in order.
METRICS: tuple[str, ...] = ("BLEU", "METEOR", "chrF2", "chrF β=3 (NLTK)", "TER", "NIST")


class NoWordNet:
    """A stand-in for ``nltk.corpus.wordnet`` that knows no synonyms.

    Passed as ``wordnet=`` to NLTK's METEOR it turns the synonym stage off (no WordNet data is
    loaded or downloaded); exact and stem matches still count.

    >>> NoWordNet().synsets("guide")
    []
    """

    def synsets(self, lemma: str, pos: str | None = None, *args: Any, **kwargs: Any) -> list:
        return []


NO_WORDNET = NoWordNet()


def _tokens(tokens: Any, name: str) -> list[str]:
    tokens = check_tokens(tokens, name)
    for i, token in enumerate(tokens):
        if not isinstance(token, str):
            raise TypeError(f"{name} must be a list of str tokens; item {i} is {_kind(token)}")
    return tokens


def _references(references: Any, tokenized: bool) -> list:
    if tokenized:
        refs = check_references(references, "references")
        return [_tokens(ref, f"references[{i}]") for i, ref in enumerate(refs)]
    refs = check_segments(references, "references")
    if not refs:
        raise ValueError("references is empty: give at least one reference sentence")
    return refs


def _sentence(hypothesis: Any) -> str:
    return check_segment(hypothesis, "hypothesis")


def _kind(value: Any) -> str:
    return type(value).__name__


def meteor(references: Sequence[Sequence[str]], hypothesis: Sequence[str], **kwargs: Any) -> float:
    """NLTK's ``meteor_score`` with WordNet switched off (exact and stem matches only).

    >>> meteor([["the", "cat", "sat"]], ["the", "cats", "sat"])
    0.9814814814814815
    """
    from nltk.translate.meteor_score import meteor_score

    kwargs.setdefault("wordnet", NO_WORDNET)
    return meteor_score(_references(references, True), _tokens(hypothesis, "hypothesis"), **kwargs)


def meteor_alignment(reference: Sequence[str], hypothesis: Sequence[str]) -> list[tuple[int, int]]:
    """NLTK's METEOR alignment (exact, then stem; no WordNet): (hyp index, ref index) pairs.

    >>> meteor_alignment(["a", "b"], ["b", "a"])
    [(0, 1), (1, 0)]
    """
    from nltk.translate.meteor_score import align_words

    pairs, _, _ = align_words(
        _tokens(hypothesis, "hypothesis"), _tokens(reference, "reference"), wordnet=NO_WORDNET
    )
    return pairs


def count_chunks(alignment: Sequence[tuple[int, int]]) -> int:
    """Fewest runs of matches adjacent in both sentences (METEOR's "chunks").

    The pairs are (hyp index, ref index); sorted by hyp index, a new chunk starts wherever
    either index does not advance by exactly one.

    >>> count_chunks([(0, 3), (1, 4), (2, 5), (3, 2), (4, 0), (5, 1)])
    3
    """
    pairs = sorted(alignment)
    if not pairs:
        return 0
    return 1 + sum(1 for (h0, r0), (h1, r1) in pairwise(pairs) if (h1, r1) != (h0 + 1, r0 + 1))


def meteor_from_counts(
    matches: int,
    hyp_len: int,
    ref_len: int,
    chunks: int,
    alpha: float = 0.9,
    beta: float = 3.0,
    gamma: float = 0.5,
) -> float:
    """METEOR from its counts, with NLTK's defaults (alpha 0.9, beta 3, gamma 0.5).

    Fmean = P R / (alpha P + (1 - alpha) R) with P = m / hyp_len, R = m / ref_len;
    score = Fmean * (1 - gamma * (chunks / m) ** beta); 0 if nothing matches.

    >>> meteor_from_counts(matches=6, hyp_len=6, ref_len=6, chunks=6)
    0.5
    """
    for name, value in (("matches", matches), ("hyp_len", hyp_len), ("ref_len", ref_len)):
        check_count(value, name, minimum=0)
    chunks = check_count(chunks, "chunks", minimum=0)
    for name, value in (("alpha", alpha), ("beta", beta), ("gamma", gamma)):
        if math.isinf(check_real(value, name)):
            raise ValueError(f"{name} must be finite, got {value!r}")
    if matches > min(hyp_len, ref_len):
        raise ValueError("matches must not exceed hyp_len or ref_len")
    if matches == 0:
        return 0.0
    if not 1 <= chunks <= matches:
        raise ValueError(f"chunks must lie in 1..matches, got {chunks!r}")
    precision, recall = matches / hyp_len, matches / ref_len
    fmean = precision * recall / (alpha * precision + (1 - alpha) * recall)
    return fmean * (1 - gamma * (chunks / matches) ** beta)


@dataclass(frozen=True)
class TerResult:
    """A sentence TER as sacreBLEU's ``TERScore`` reports it."""

    score: float
    """Percent, lower is better: 100 num_edits / ref_length."""
    num_edits: int
    """The fewest edits (shifts included) over the references."""
    ref_length: float
    """The mean reference length in words."""


def ter(references: Sequence[str], hypothesis: str) -> TerResult:
    """sacreBLEU's sentence TER (its defaults: case-insensitive, no normalisation).

    Computed by :mod:`bleu.chrf_ter` (no sacreBLEU needed); equal to
    ``sacrebleu.metrics.TER().sentence_score(hypothesis, references)``.

    >>> ter(["the cat sat on the mat"], "on the mat sat the cat").num_edits
    2
    """
    edits, ref_length = ter_stats(_sentence(hypothesis), _references(references, False))
    return TerResult(ter_score(edits, ref_length), edits, ref_length)


def chrf(references: Sequence[str], hypothesis: str, beta: int = 2) -> float:
    """sacreBLEU's sentence chrF in [0, 1] (chrF2 by default), best over the references.

    Computed by :mod:`bleu.chrf_ter`; equal to ``CHRF(beta=beta).sentence_score(...) / 100``.

    >>> round(chrf(["the cat sat on the mat"], "the cat sat on the mat"), 6)
    1.0
    """
    beta = check_count(beta, "beta", minimum=0)  # sacreBLEU's chrF takes a whole beta
    refs = _references(references, False)
    return chrf_score(chrf_stats(_sentence(hypothesis), refs, beta=beta), beta) / 100


def nltk_chrf(references: Sequence[str], hypothesis: str, beta: float = 3.0) -> float:
    """NLTK's ``sentence_chrf`` (default beta = 3), the best over the references.

    NLTK accepts one reference per call; like sacreBLEU we keep the best-scoring one.
    """
    from nltk.translate.chrf_score import sentence_chrf

    hyp = _sentence(hypothesis)
    if math.isinf(check_real(beta, "beta")):
        raise ValueError(f"beta must be finite, got {beta!r}")
    return max(sentence_chrf(ref, hyp, beta=beta) for ref in _references(references, False))


def nist(references: Sequence[Sequence[str]], hypothesis: Sequence[str], n: int = 5) -> float:
    """NLTK's ``sentence_nist`` (n = 5). NLTK divides by zero on a hypothesis shorter than n
    words; we raise ``ValueError`` instead."""
    from nltk.translate.nist_score import sentence_nist

    hyp = _tokens(hypothesis, "hypothesis")
    n = check_order(n, "n", limit=MAX_ORDER)
    if len(hyp) < n:
        raise ValueError(f"hypothesis must have at least n={n} tokens for NLTK's NIST")
    return sentence_nist(_references(references, True), hyp, n=n)


def score_all(references: Sequence[str], hypothesis: str) -> dict[str, float]:
    """All the metrics of :data:`METRICS` for one hypothesis string against reference strings.

    BLEU is ``bleu.sentence_bleu`` (BLEU-4) with ``SmoothingFunction().method1`` so that a
    sentence without a 4-gram match does not score 0. TER is a fraction here (sacreBLEU's
    percentage / 100): lower is better. NIST is unbounded. Word-level metrics split on spaces.
    """
    refs = _references(references, False)
    hyp = _sentence(hypothesis)
    ref_tokens, hyp_tokens = [r.split() for r in refs], hyp.split()
    return {
        "BLEU": sentence_bleu(
            ref_tokens, hyp_tokens, smoothing_function=SmoothingFunction().method1
        ),
        "METEOR": meteor(ref_tokens, hyp_tokens),
        "chrF2": chrf(refs, hyp),
        "chrF β=3 (NLTK)": nltk_chrf(refs, hyp),
        "TER": ter(refs, hyp).score / 100,
        "NIST": nist(ref_tokens, hyp_tokens),
    }


BEST_LEGEND = "* best value in its column (the lowest for TER)"


def metrics_table(
    scores: Mapping[str, Mapping[str, float]],
    caption: str | None = None,
    legend: str | None = BEST_LEGEND,
) -> Table:
    """A :class:`bleu.display.Table` with one row per hypothesis label and one column per metric.

    The best value of each column is highlighted (the lowest for TER).
    """
    if not scores:
        raise ValueError("scores must not be empty")
    columns = [m for m in METRICS if all(m in row for row in scores.values())]
    labels = list(scores)
    best = {m: (min if m == "TER" else max)(scores[label][m] for label in labels) for m in columns}
    rows = [[label] + [scores[label][m] for m in columns] for label in labels]
    highlight = [[False] + [scores[label][m] == best[m] for m in columns] for label in labels]
    headers = ["hypothesis"] + [f"{m} ↓" if m == "TER" else m for m in columns]
    return Table(rows, headers=headers, caption=caption, highlight=highlight, legend=legend)
