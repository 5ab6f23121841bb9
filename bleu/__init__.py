"""bleu: BLEU rebuilt step by step, the helper package of the BLEU notebook suite.

The public names follow NLTK's ``nltk.translate.bleu_score`` (argument order included),
so ``from bleu import sentence_bleu`` gives the same float as NLTK's, and sacreBLEU's
for raw text (``corpus_score``). See the notebooks for the story and the docstrings for
the formulas.

The architecture in five sentences. Every scorer reduces a corpus to one integer row per
segment, ``[c, r, m_1..m_N, t_1..t_N]`` (:mod:`bleu.rows`). Three producers make those
rows and are tested equal: the step-by-step ``Counter`` code the notebooks build
(:mod:`bleu.nltk_rules`, :mod:`bleu.sacrebleu_rules`), the numpy counter
(:mod:`bleu.vectorized`) and the hashed 13a spans on threads (:mod:`bleu.chunked`). The
column sums become a score by exactly two rules, NLTK's and sacreBLEU's, each in a scalar
and an array form (:mod:`bleu.rules`). Significance tests, Dask and the command line only
move rows and sums and call those rules (:mod:`bleu.significance`,
:mod:`bleu.distributed`, :mod:`bleu.cli`). Input is checked once, at the public boundary
(:mod:`bleu.checks`), and the options travel as checked objects (:mod:`bleu.options`: the
text options make rows, the scoring options score them).

=================  =======================================================================
stage              modules
=================  =======================================================================
checks, options    :mod:`bleu.checks`, :mod:`bleu.options`
building blocks    :mod:`bleu.ngrams`, :mod:`bleu.precision`, :mod:`bleu.brevity`,
                   :mod:`bleu.smoothing`, :mod:`bleu.tokenizers` (what the notebooks build)
rows               :mod:`bleu.rows` (the layout and the pieces producers share)
producers          :mod:`bleu.nltk_rules`, :mod:`bleu.sacrebleu_rules` (step by step),
                   :mod:`bleu.vectorized` (numpy), :mod:`bleu.chunked` (13a spans,
                   :mod:`bleu.spans13a`), :mod:`bleu.lean` and :mod:`bleu.batch` (sentences)
rules              :mod:`bleu.rules`: ``score_from_stats`` / ``scores_from_stats``
                   (sacreBLEU's, one row / many) and ``bleu_from_stats`` /
                   ``bleu_scores_from_stats`` (NLTK's)
movers             :mod:`bleu.significance`, :mod:`bleu.distributed`, :mod:`bleu.cli`
=================  =======================================================================

Exported here: ``sentence_bleu`` and ``sentence_score`` from :mod:`bleu.lean` (the
step-by-step rules with less work per call); ``corpus_score`` from :mod:`bleu.chunked`;
``corpus_bleu``, ``segment_stats`` and ``sentence_stats`` from :mod:`bleu.vectorized`;
the four rules; and from :mod:`bleu.batch`, many sentence scores in one call:
``sentence_scores`` (sacreBLEU's rules), ``sentence_bleu_scores`` (NLTK's) and
``pairwise_scores`` (every candidate against every other, for minimum-Bayes-risk
decoding). The sacreBLEU-style functions take sacreBLEU's keyword names
(``smooth_method``, ``use_effective_order``, ...); the first names ``smooth`` and
``effective_order`` still work as aliases. The tests compare every scorer, in every
producer, with NLTK or sacreBLEU directly.
"""

from . import data, display, plot
from .batch import pairwise_scores, sentence_bleu_scores, sentence_scores
from .brevity import brevity_penalty, closest_ref_length
from .chunked import corpus_score
from .explain import BleuReport, explain
from .lean import sentence_bleu, sentence_score
from .ngrams import count_ngrams
from .options import BleuOptions, ScoringOptions, TextOptions
from .precision import clipped_counts, modified_precision
from .rules import (
    BleuScore,
    bleu_from_stats,
    bleu_scores_from_stats,
    score_from_stats,
    scores_from_stats,
)
from .significance import (
    ConfidenceResult,
    PairedResult,
    approximate_randomization,
    confidence_interval,
    paired_bootstrap,
)
from .smoothing import Precision, SmoothingFunction
from .tokenizers import TOKENIZERS, get_tokenizer
from .vectorized import corpus_bleu, segment_stats, sentence_stats
from .version import __version__

__all__ = [
    "TOKENIZERS",
    "BleuOptions",
    "BleuReport",
    "BleuScore",
    "ConfidenceResult",
    "PairedResult",
    "Precision",
    "ScoringOptions",
    "SmoothingFunction",
    "TextOptions",
    "__version__",
    "approximate_randomization",
    "bleu_from_stats",
    "bleu_scores_from_stats",
    "brevity_penalty",
    "clipped_counts",
    "closest_ref_length",
    "confidence_interval",
    "corpus_bleu",
    "corpus_score",
    "count_ngrams",
    "data",
    "display",
    "explain",
    "get_tokenizer",
    "modified_precision",
    "paired_bootstrap",
    "pairwise_scores",
    "plot",
    "score_from_stats",
    "scores_from_stats",
    "segment_stats",
    "sentence_bleu",
    "sentence_bleu_scores",
    "sentence_score",
    "sentence_scores",
    "sentence_stats",
]
