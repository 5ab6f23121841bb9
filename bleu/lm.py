"""Perplexity and a toy bigram language model (notebook 01).

Perplexity (Jelinek, Mercer, Bahl and Baker, 1977; Jurafsky and Martin, *Speech and Language
Processing*, 3rd ed., ch. 3) of a model q on a text w_1 ... w_N is

    PPL = q(w_1 ... w_N) ** (-1/N)
        = exp(-(1/N) * sum_i ln q(w_i | w_1 ... w_{i-1}))     (exp of cross-entropy in nats)
        = 2 ** H,  H = -(1/N) * sum_i log2 q(w_i | ...)        (H: cross-entropy in bits)

the geometric mean of 1/q(w_i | ...). A model that spreads its mass evenly over k words has
perplexity k (the "branching factor"). A token of probability 0 makes the perplexity infinite.

The language models are NLTK's ``nltk.lm`` (``MLE`` and ``Laplace``); they need no downloaded
data. Sentences are lists of tokens; :data:`TOY_CORPUS` holds the training sentences of
notebook 01 as plain strings (split them on whitespace).

>>> round(perplexity([0.1] * 7), 12)
10.0
>>> perplexity([0.5, 0.25, 0.0])
inf

Defined in notebook 01 (perplexity).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import Any

#: The training sentences of notebook 01's toy language model (invented for the suite).
TOY_CORPUS: tuple[str, ...] = (
    "the dog ran in the park",
    "the dog sat in the park",
    "the children played in the park",
    "the children ran on the grass",
    "a dog sat on the grass",
    "the cat sat on the grass",
    "a cat played in the garden",
    "the dog played on the mat",
)

SMOOTHINGS = ("mle", "laplace")


def _probabilities(probabilities: Sequence[float], name: str = "probabilities") -> list[float]:
    if isinstance(probabilities, (str, bytes)) or not isinstance(probabilities, Sequence):
        raise TypeError(f"{name} must be a sequence of numbers, got {type(probabilities).__name__}")
    if len(probabilities) == 0:
        raise ValueError(f"{name} must not be empty")
    out = []
    for p in probabilities:
        if isinstance(p, bool) or not isinstance(p, Real):
            raise TypeError(f"{name} must hold numbers, got {type(p).__name__}")
        if not 0 <= p <= 1:  # also rejects NaN
            raise ValueError(f"{name} must lie in [0, 1], got {p!r}")
        out.append(float(p))
    return out


def cross_entropy(probabilities: Sequence[float], base: float = math.e) -> float:
    """Mean negative log-probability per token: -(1/N) * sum_i log_base p_i.

    ``base=2`` gives bits per token, the default ``e`` nats. Any p_i = 0 gives ``inf``.

    >>> cross_entropy([0.5, 0.25], base=2)
    1.5
    """
    probs = _probabilities(probabilities)
    if base <= 0 or base == 1:
        raise ValueError(f"base must be positive and not 1, got {base!r}")
    if min(probs) == 0:
        return math.inf
    return -math.fsum(math.log(p, base) for p in probs) / len(probs)


def perplexity(probabilities: Sequence[float]) -> float:
    """exp of the per-token cross-entropy in nats: the geometric mean of 1/p_i.

    >>> round(perplexity([0.5, 0.25, 0.125, 0.5]), 12)
    3.363585661015
    """
    h = cross_entropy(probabilities)
    return math.inf if h == math.inf else math.exp(h)


def perplexity_bits(probabilities: Sequence[float]) -> float:
    """2 to the power of the per-token cross-entropy in bits; equal to :func:`perplexity`.

    >>> perplexity_bits([0.5, 0.25, 0.125, 0.5]) == 2 ** 1.75
    True
    """
    h = cross_entropy(probabilities, base=2)
    return math.inf if h == math.inf else 2.0**h


def distribution_perplexity(distribution: Sequence[float]) -> float:
    """2 ** H(p) of one next-word distribution p (entropy in bits): its effective branching factor.

    The distribution must sum to 1 (within 1e-9); zero entries contribute nothing.

    >>> round(distribution_perplexity([0.25] * 4), 12)
    4.0
    """
    probs = _probabilities(distribution, "distribution")
    if not math.isclose(math.fsum(probs), 1.0, abs_tol=1e-9):
        raise ValueError(f"distribution must sum to 1, got {math.fsum(probs)!r}")
    entropy = -math.fsum(p * math.log2(p) for p in probs if p > 0)
    return 2.0**entropy


def _tokens(tokens: Any, name: str = "tokens") -> list[str]:
    if isinstance(tokens, str):
        raise TypeError(f"{name} must be a list of tokens, got a str: split it first (.split())")
    if not isinstance(tokens, Sequence) or not all(isinstance(t, str) for t in tokens):
        raise TypeError(f"{name} must be a list of str tokens, got {type(tokens).__name__}")
    return list(tokens)


def padded_ngrams(tokens: Sequence[str], order: int = 2) -> list[tuple[str, ...]]:
    """The n-grams a model of ``order`` scores: the sentence padded with <s> and </s>.

    >>> padded_ngrams(["the", "cat"])
    [('<s>', 'the'), ('the', 'cat'), ('cat', '</s>')]
    """
    from nltk.lm.preprocessing import pad_both_ends
    from nltk.util import ngrams

    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise ValueError(f"order must be a positive int, got {order!r}")
    return list(ngrams(pad_both_ends(_tokens(tokens), n=order), order))


def train_lm(sentences: Sequence[Sequence[str]], order: int = 2, smoothing: str = "mle") -> Any:
    """An ``nltk.lm`` model of ``order`` fitted on tokenized ``sentences``.

    ``smoothing="mle"``: P(w | h) = c(h w) / c(h) (zero for an unseen bigram or word);
    ``smoothing="laplace"``: P(w | h) = (c(h w) + 1) / (c(h) + V), V = vocabulary size
    including ``<s>``, ``</s>`` and ``<UNK>`` (add-one smoothing, Laplace 1814; see Jurafsky
    and Martin, ch. 3). Unknown words are scored as ``<UNK>``.

    >>> lm = train_lm([s.split() for s in TOY_CORPUS])
    >>> lm.score("dog", ["the"]) == 3 / 14  # 'the dog' 3 times, 'the' 14 times
    True
    """
    from nltk.lm import MLE, Laplace
    from nltk.lm.preprocessing import padded_everygram_pipeline

    if isinstance(sentences, str) or not isinstance(sentences, Sequence) or not sentences:
        raise TypeError("sentences must be a non-empty list of token lists")
    sents = [_tokens(s, "sentences") for s in sentences]
    if smoothing not in SMOOTHINGS:
        raise ValueError(f"smoothing must be one of {SMOOTHINGS}, got {smoothing!r}")
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise ValueError(f"order must be a positive int, got {order!r}")
    model = (MLE if smoothing == "mle" else Laplace)(order)
    train, vocab = padded_everygram_pipeline(order, sents)
    model.fit(train, vocab)
    return model


def token_probabilities(lm: Any, tokens: Sequence[str]) -> list[float]:
    """P(w_i | previous words) for each token of the padded sentence, ``</s>`` included."""
    return [lm.score(gram[-1], list(gram[:-1])) for gram in padded_ngrams(tokens, lm.order)]


def sentence_perplexity(lm: Any, tokens: Sequence[str]) -> float:
    """Perplexity of ``lm`` on one sentence (``</s>`` counted, ``<s>`` not); ``inf`` if a
    token has probability 0. Equal, up to rounding, to NLTK's
    ``lm.perplexity(padded_ngrams(tokens, lm.order))``."""
    return perplexity(token_probabilities(lm, tokens))
