"""bleu: BLEU rebuilt step by step, the helper package of the BLEU notebook suite.

The public names follow NLTK's ``nltk.translate.bleu_score`` (argument order included),
so ``from bleu import sentence_bleu`` gives the same float as NLTK's. See the notebooks
for the story and the docstrings for the formulas.
"""

from . import data, display, plot
from .brevity import brevity_penalty, closest_ref_length
from .explain import BleuReport, explain
from .ngrams import count_ngrams
from .precision import clipped_counts, modified_precision
from .sacre import BleuScore, corpus_score, score_from_stats, segment_stats, sentence_score
from .score import corpus_bleu, sentence_bleu
from .smoothing import Precision, SmoothingFunction
from .tokenize import TOKENIZERS, get_tokenizer

__version__ = "0.1.0"

__all__ = [
    "TOKENIZERS",
    "BleuReport",
    "BleuScore",
    "Precision",
    "SmoothingFunction",
    "__version__",
    "brevity_penalty",
    "clipped_counts",
    "closest_ref_length",
    "corpus_bleu",
    "corpus_score",
    "count_ngrams",
    "data",
    "display",
    "explain",
    "get_tokenizer",
    "modified_precision",
    "plot",
    "score_from_stats",
    "segment_stats",
    "sentence_bleu",
    "sentence_score",
]
