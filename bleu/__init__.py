"""bleu: BLEU rebuilt step by step, the helper package of the BLEU notebook suite.

The public names follow NLTK's ``nltk.translate.bleu_score`` (argument order included),
so ``from bleu import sentence_bleu`` gives the same float as NLTK's, and sacreBLEU's
for raw text (``corpus_score``). See the notebooks for the story and the docstrings for
the formulas.

Each rule of BLEU is written once, and each scorer exists in two roles, both public:

========================  =========================================  ===============================
rules                     step by step (what the notebooks build)    vectorised (numpy, for speed)
========================  =========================================  ===============================
NLTK's, on token lists    :mod:`bleu.nltk_rules`                     :mod:`bleu.vectorized`
sacreBLEU's, on raw text  :mod:`bleu.sacrebleu_rules`                :mod:`bleu.vectorized`
========================  =========================================  ===============================

Twins, the same numbers by different code:

- ``corpus_bleu``: :func:`bleu.nltk_rules.corpus_bleu` and :func:`bleu.vectorized.corpus_bleu`;
- ``corpus_score`` and ``segment_stats``: in :mod:`bleu.sacrebleu_rules` and
  :mod:`bleu.vectorized`;
- BLEU from statistics: :func:`bleu.sacrebleu_rules.score_from_stats` (one row, step by
  step) and :func:`bleu.vectorized.scores_from_stats` (a matrix of rows, for resamples);
  NLTK's rules from rows, :func:`bleu.vectorized.bleu_from_stats`, scores with
  :func:`bleu.nltk_rules.score_from_sums`, the one place NLTK's combination is written.

Exported here: ``sentence_bleu`` and ``sentence_score`` from :mod:`bleu.lean` (the
step-by-step rules with less work per call: plain input recognised at C speed, only
matches counted, float precisions; twins of :func:`bleu.nltk_rules.sentence_bleu` and
:func:`bleu.sacrebleu_rules.sentence_score`); ``score_from_stats`` from the step-by-step
module; ``corpus_bleu``, ``corpus_score``, ``segment_stats``, ``sentence_stats`` and
``bleu_from_stats`` from :mod:`bleu.vectorized`; and from :mod:`bleu.batch`, many sentence
scores in one call: ``sentence_scores`` (sacreBLEU's rules, one per segment),
``sentence_bleu_scores`` (NLTK's) and ``pairwise_scores`` (every candidate against every
other, for minimum-Bayes-risk decoding). The sacreBLEU-style functions take sacreBLEU's
keyword names (``smooth_method``, ``use_effective_order``, ...); the first names
``smooth`` and ``effective_order`` still work as aliases.
The tests compare every one of them, in both roles, with NLTK or sacreBLEU directly. The
building blocks (:mod:`bleu.ngrams`, :mod:`bleu.precision`, :mod:`bleu.brevity`, the one
brevity penalty, :mod:`bleu.smoothing`, :mod:`bleu.tokenizers`) serve both roles; the
options that change a sacreBLEU score travel as one :class:`bleu.BleuOptions`.
"""

from . import data, display, plot
from .batch import pairwise_scores, sentence_bleu_scores, sentence_scores
from .brevity import brevity_penalty, closest_ref_length
from .explain import BleuReport, explain
from .lean import sentence_bleu, sentence_score
from .ngrams import count_ngrams
from .precision import clipped_counts, modified_precision
from .sacrebleu_rules import BleuOptions, BleuScore, score_from_stats
from .significance import (
    ConfidenceResult,
    PairedResult,
    approximate_randomization,
    confidence_interval,
    paired_bootstrap,
)
from .smoothing import Precision, SmoothingFunction
from .tokenizers import TOKENIZERS, get_tokenizer
from .vectorized import bleu_from_stats, corpus_bleu, corpus_score, segment_stats, sentence_stats

__version__ = "0.1.0"

__all__ = [
    "TOKENIZERS",
    "BleuOptions",
    "BleuReport",
    "BleuScore",
    "ConfidenceResult",
    "PairedResult",
    "Precision",
    "SmoothingFunction",
    "__version__",
    "approximate_randomization",
    "bleu_from_stats",
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
    "segment_stats",
    "sentence_bleu",
    "sentence_bleu_scores",
    "sentence_score",
    "sentence_scores",
    "sentence_stats",
]
