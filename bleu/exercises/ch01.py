"""Exercises of notebook 01, perplexity (펄플렉서티).

The toy language models are those of the notebook: :data:`bleu.lm.TOY_CORPUS` split on
whitespace, bigram ``nltk.lm`` models with MLE or Laplace estimates.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import pairwise
from typing import Any

from .. import lm
from ..i18n import N_
from . import SIGNIFICANT_FIGURES, Exercise, register, same_answer

PROBABILITIES = (1 / 2, 1 / 4, 1 / 8, 1 / 2)
SENTENCE = "the cat ran on the grass"


@cache
def toy_model(smoothing: str) -> Any:
    """The notebook's bigram model of the toy corpus (``"mle"`` or ``"laplace"``), fitted once."""
    return lm.train_lm([s.split() for s in lm.TOY_CORPUS], order=2, smoothing=smoothing)


def _geometric() -> float:
    return lm.perplexity(PROBABILITIES)


def _slip(answer: Any, value: float, figures: int = SIGNIFICANT_FIGURES) -> bool:
    """True if ``answer`` is ``value`` as a student would reach it: to the 4 significant figures
    answers are checked to, even when it carries more digits from a rounded intermediate
    (1/3.3636 for 1/3.36358...), so that a slip is matched as loosely as a right answer.
    ``figures=3`` also matches a value copied from a notebook table that prints 3 figures
    (0.0714 for the MLE P(mat | the))."""
    if same_answer(answer, value):
        return True
    try:
        number, target = float(answer), float(value)
    except (TypeError, ValueError, OverflowError):
        return False
    if not (math.isfinite(number) and math.isfinite(target)) or target == 0:
        return False
    return any(f"{number:.{n - 1}e}" == f"{target:.{n - 1}e}"
               for n in range(min(figures, SIGNIFICANT_FIGURES), SIGNIFICANT_FIGURES + 1))


def _common_slips(answer: Any, probabilities: list[float] | tuple[float, ...]) -> str | None:
    """Slips any perplexity question invites: a cross-entropy, mixed bases, the inverse, 1/P(W)."""
    bits = lm.cross_entropy(probabilities, base=2)
    nats = lm.cross_entropy(probabilities)
    if _slip(answer, bits):
        return N_("that is the cross-entropy in bits per token; raise 2 to that power.")
    if _slip(answer, nats):
        return N_("that is the cross-entropy in nats per token (natural log); raise e to that "
        "power.")
    if _slip(answer, math.exp(bits)) or _slip(answer, 2**nats):
        return N_("the logarithm and the power must have the same base: 2 with log2 (bits), "
        "e with the natural log (nats).")
    if _slip(answer, 1 / lm.perplexity(probabilities)):
        return N_("that is the geometric mean of the probabilities, 1 / perplexity; perplexity "
        "is the geometric mean of 1/p.")
    if _slip(answer, 2 ** (bits * len(probabilities))):
        return N_("that is 1/P(W), for the whole sentence: perplexity is per token, so average "
        "the surprises over the tokens instead of adding them up.")
    return None


def _diagnose_geometric(answer: Any) -> str | None:
    arithmetic = sum(1 / p for p in PROBABILITIES) / len(PROBABILITIES)
    if _slip(answer, arithmetic):
        return N_("that is the arithmetic mean of 1/p; perplexity is their geometric mean.")
    if _slip(answer, len(PROBABILITIES) / sum(PROBABILITIES)):
        return N_("that is 1 / (mean probability); average the log-probabilities instead.")
    return _common_slips(answer, PROBABILITIES)


register(
    Exercise(
        id="ch01.geometric-mean",
        question="A model gives the four tokens of a sentence probabilities 1/2, 1/4, 1/8 and "
        "1/2. What is its perplexity on the sentence?",
        expected=_geometric,
        hint=N_("average -log2 p over the tokens (bits per token), then raise 2 to that power."),
        wrong=4.0,
        diagnose=_diagnose_geometric,
        second_hint=N_("each probability is a power of 2, so -log2 p is its exponent: one value "
        "per token, four tokens (1/2 occurs twice). Average the four exponents and raise 2 to "
        "that mean, not to their sum."),
        notebook="01_perplexity",
    )
)


def _laplace_mat() -> float:
    return toy_model("laplace").score("mat", ["the"])


def _diagnose_laplace(answer: Any) -> str | None:
    model = toy_model("mle")
    count, context = model.counts[["the"]]["mat"], model.counts[["the"]].N()
    vocabulary = len(model.vocab)
    # the MLE value 1/14 is also Laplace with V three short (2/28: the 14 words without <s>,
    # </s> and <UNK>): one hint for both readings
    if _slip(answer, model.score("mat", ["the"]), figures=3):  # the MLE table prints 0.0714
        return N_("that is the MLE estimate (no smoothing), and also what Laplace gives with "
        "V = 14, the words alone: Laplace adds 1 to the count and V to the denominator, and V "
        "is len(laplace.vocab), which counts <s>, </s> and <UNK> too.")
    # V one or two short (16: without <s>, which is never predicted; 15: without the padding)
    if any(_slip(answer, (count + 1) / (context + vocabulary - k)) for k in (1, 2)):
        return N_("V is len(laplace.vocab), every entry of the model's vocabulary: <s>, </s> and "
        "<UNK> count too (nltk.lm counts <s>, though it is never predicted).")
    if _slip(answer, count / (context + vocabulary)):
        return N_("add 1 to the bigram's count too, not only V to the denominator.")
    if _slip(answer, (count + 1) / context):
        return N_("add V to the denominator too, not only 1 to the bigram's count.")
    if _slip(answer, (count + 1) / (context + 1)):
        return N_("the denominator grows by V, the vocabulary size, not by 1: one added count "
        "for every word that could follow.")
    return None


register(
    Exercise(
        id="ch01.laplace-prob",
        question="In the Laplace-smoothed toy bigram model, what is P(mat | the)?",
        expected=_laplace_mat,
        hint=N_("(count of 'the mat' + 1) / (count of 'the' as a context + V), with V the "
        "vocabulary size len(laplace.vocab)."),
        wrong=1 / 14,
        diagnose=_diagnose_laplace,
        second_hint=N_("read three numbers off the notebook's Laplace model: the bigram count "
        "laplace.counts[['the']]['mat'], the context count laplace.counts[['the']].N() and "
        "V = len(laplace.vocab), which includes <s>, </s> and <UNK>."),
        notebook="01_perplexity",
    )
)


def _sentence_ppl() -> float:
    return lm.sentence_perplexity(toy_model("laplace"), SENTENCE.split())


def _diagnose_sentence(answer: Any) -> str | None:
    probs = lm.token_probabilities(toy_model("laplace"), SENTENCE.split())
    if _slip(answer, lm.perplexity(probs[:-1]), figures=3):  # 8.29, as a 3-figure table shows
        return N_("the end-of-sentence token </s> is predicted too: count its probability.")
    surprise = sum(-math.log2(p) for p in probs)
    if _slip(answer, 2 ** (surprise / (len(probs) - 1)), figures=3):
        return N_("that divides the 7 surprises by 6, the words: </s> is a predicted token too, "
        "so the mean is over 7.")
    if _slip(answer, lm.perplexity(probs[1:-1])):
        return N_("pad the sentence with <s> in front and </s> at the end: the first word and "
        "the end of the sentence are predicted too.")
    if _slip(answer, lm.perplexity([*probs, 1.0])):
        return N_("<s> is only context, never predicted: it adds no probability and does not "
        "count as a token.")
    if answer == math.inf:
        return N_("inf is the MLE model's answer ('cat ran' was never seen); use the Laplace one.")
    # Laplace probabilities with V one, two or three short (16, 15, 14: without <UNK>, without
    # the padding symbols, the words alone), the same slip as in ch01.laplace-prob
    if any(_slip(answer, lm.perplexity(_laplace_probabilities(SENTENCE.split(), short)))
           for short in (1, 2, 3)):
        return N_("V is len(laplace.vocab), every entry of the model's vocabulary: <s>, </s> and "
        "<UNK> count too (nltk.lm counts <s>, though it is never predicted).")
    return _common_slips(answer, probs)


def _laplace_probabilities(words: list[str], short: int) -> list[float]:
    """The Laplace probabilities of the padded bigrams of ``words`` with V ``short`` too small."""
    model = toy_model("mle")
    vocabulary = len(model.vocab) - short
    tokens = ["<s>", *words, "</s>"]
    return [
        (model.counts[[previous]][word] + 1) / (model.counts[[previous]].N() + vocabulary)
        for previous, word in pairwise(tokens)
    ]


register(
    Exercise(
        id="ch01.sentence-perplexity",
        question="Perplexity of the Laplace toy model on 'the cat ran on the grass' "
        "(pad with <s> and </s> as nltk.lm does).",
        expected=_sentence_ppl,
        hint=N_("check each step against the notebook's table for 'the cat sat in the park': "
        "the padded tokens, the Laplace probability laplace.score(word, [previous]) of each "
        "predicted token, then 2 to the mean of -log2 p."),
        wrong=math.inf,
        diagnose=_diagnose_sentence,
        second_hint=N_("pad the six words with <s> in front and </s> at the end, take "
        "laplace.score(word, [previous]) for each of the 7 bigrams (the last one predicts "
        "</s>), and raise 2 to the mean of -log2 p over those 7."),
        notebook="01_perplexity",
    )
)


CANDIDATES = (
    "a cat slept on the mat",
    "the cat sat on the mat",
    "the dog ran in the park",
    "mat the on slept cat a",
)
"""The four candidates of the notebook's table for the source 고양이가 매트 위에서 잤다, in order;
the first is the faithful translation."""


def _laplace_perplexities() -> list[float]:
    return [lm.sentence_perplexity(toy_model("laplace"), c.split()) for c in CANDIDATES]


def _preferred() -> int:
    perplexities = _laplace_perplexities()
    return 1 + perplexities.index(min(perplexities))


def _diagnose_preferred(answer: Any) -> str | None:
    perplexities = _laplace_perplexities()
    try:
        number = int(answer)
    except (TypeError, ValueError, OverflowError):
        return None
    if number != answer and str(number) != str(answer).strip():
        return None
    if number == 1:
        return N_("candidate 1 is the faithful translation, the one BLEU prefers; the language "
        "model never sees the source: it prefers the candidate with the lowest perplexity.")
    if number == 1 + perplexities.index(max(perplexities)):
        return N_("that candidate has the highest perplexity, the one the model likes least: "
        "lower perplexity is preferred.")
    if 1 <= number <= len(CANDIDATES):
        return N_("compare the PPL (Laplace) column row by row: the lowest number is the "
        "preferred candidate.")
    return N_("give the candidate's number, 1 to 4, in the order of the table's rows.")


register(
    Exercise(
        id="ch01.preferred-candidate",
        question="Which of the four candidates for 고양이가 매트 위에서 잤다 (1 to 4, in the "
        "table's order) does the Laplace toy model prefer?",
        expected=_preferred,
        hint=N_("a language model prefers the sentence it finds least surprising: the lowest "
        "perplexity."),
        wrong=1,
        diagnose=_diagnose_preferred,
        second_hint=N_("read the PPL (Laplace) column of the table: the row with the smallest "
        "value is the answer, faithful or not."),
        notebook="01_perplexity",
    )
)
