"""bleu: BLEU rebuilt step by step, the helper package of the BLEU notebook suite.

The public names follow NLTK's ``nltk.translate.bleu_score`` (argument order included),
so ``from bleu import sentence_bleu`` gives the same float as NLTK's. See the notebooks
for the story and the docstrings for the formulas.

The corpus-level names (``corpus_bleu``, ``corpus_score``, ``segment_stats``) are the fast
implementations of :mod:`bleu.fast`; the step-by-step versions the notebooks teach stay in
:mod:`bleu.score` and :mod:`bleu.sacre`, and the tests check that both give the same numbers.
"""

from . import data, display, plot
from .brevity import brevity_penalty, closest_ref_length
from .explain import BleuReport, explain
from .fast import bleu_from_stats, corpus_bleu, corpus_score, segment_stats
from .ngrams import count_ngrams
from .precision import clipped_counts, modified_precision
from .sacre import BleuScore, score_from_stats, sentence_score
from .score import sentence_bleu
from .significance import (
    ConfidenceResult,
    PairedResult,
    approximate_randomization,
    confidence_interval,
    paired_bootstrap,
)
from .smoothing import Precision, SmoothingFunction
from .stats import sentence_stats
from .tokenize import TOKENIZERS, get_tokenizer

__version__ = "0.1.0"

__all__ = [
    "TOKENIZERS",
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
    "plot",
    "score_from_stats",
    "segment_stats",
    "sentence_bleu",
    "sentence_score",
    "sentence_stats",
]
