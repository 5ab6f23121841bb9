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
from .score import corpus_bleu, sentence_bleu
from .smoothing import Precision, SmoothingFunction

__version__ = "0.1.0"

__all__ = [
    "BleuReport",
    "Precision",
    "SmoothingFunction",
    "__version__",
    "brevity_penalty",
    "clipped_counts",
    "closest_ref_length",
    "corpus_bleu",
    "count_ngrams",
    "data",
    "display",
    "explain",
    "modified_precision",
    "plot",
    "sentence_bleu",
]
