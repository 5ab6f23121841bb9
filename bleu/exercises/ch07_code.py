"""Code exercise of notebook 07: sentence BLEU from the pieces.

``sentence_bleu(references, hypothesis) = BP * exp(sum_n 1/4 log p_n)`` for n = 1..4,
with ``p_n`` the modified precisions, ``BP`` the brevity penalty against the closest
reference length, no smoothing: 0.0 as soon as one ``p_n`` is 0 (Papineni et al., 2002).
The student may call the package's pieces, :func:`bleu.modified_precision`,
:func:`bleu.closest_ref_length` and :func:`bleu.brevity_penalty`; the expected behaviour is
:func:`bleu.sentence_bleu` with its default arguments.

Most random hypotheses are a reference with a few tokens changed, dropped or added (and
some cut short, so that the brevity penalty is below 1), so that most of them have matches
at every order; the rest are drawn freely and often have a zero precision.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction

from ..brevity import brevity_penalty, closest_ref_length
from ..data import load_example
from ..i18n import N_
from ..nltk_rules import sentence_bleu
from ..precision import modified_precision
from .code import CodeExercise, Mistake, register_code

References = Sequence[Sequence[Hashable]]
Tokens = Sequence[Hashable]

VOCABULARY = ("a", "b", "c", "d", "e")


def expected_bleu(references: References, hypothesis: Tokens) -> float:
    """``bleu.sentence_bleu`` with uniform weights over 4 orders and no smoothing."""
    return sentence_bleu(references, hypothesis)


MAT = "the cat sat on the mat".split()
"""The candidate of the examples on the rule for r (six tokens, every n-gram in a reference)."""


def _examples() -> list[tuple[list[list[str]], list[str]]]:
    """The running example, with and without its final period, Ca1 against itself, and
    'the cat sat' (no 4-gram); then five cases for the length, in an order that lets
    each wrong rule for r fail first where its value is its own:

    - a candidate longer than its one reference (BP = 1; swapped arguments give less);
    - one shorter than every reference, the first the closest (forgetting BP gives more, the
      longest reference less);
    - 001's tie, the shorter reference first (ties to the longer give less);
    - the closest reference second (the first reference gives less);
    - the closest reference longer than the candidate, a shorter one farther away (the
      shortest reference gives BP = 1).
    """
    running = load_example("running")
    refs, ca1 = running.reference_tokens(), running.candidate_tokens("Ca1")
    with_period = [*ca1[:-1], ca1[-1] + "."]
    cat_sat = "the cat sat".split()
    today = [*MAT, "today"]
    again_today = [*MAT, "again", "and", "again", "today"]
    return [
        (refs, ca1),
        (refs, with_period),
        ([ca1], ca1),
        ([cat_sat], cat_sat),
        ([MAT[:5]], MAT),
        ([today, again_today], MAT),
        ([MAT[:5], today], MAT),
        ([again_today, today], MAT),
        ([today, cat_sat], MAT),
    ]


def _tokens_code(tokens: Sequence[str]) -> str:
    """A token list as code: ``'a b c'.split()`` when that gives it back, else its repr."""
    tokens = list(tokens)
    if tokens and all(
        isinstance(t, str) and t and not any(ch.isspace() for ch in t) for t in tokens
    ):
        return f"{' '.join(tokens)!r}.split()"
    return repr(tokens)


def show_call(case: tuple) -> str:
    """The call as code that runs in any kernel: each token list written out as
    ``'...'.split()``, so that a failing example of the chapter can be pasted without the
    chapter's variables.

    >>> show_call(([["the", "cat", "sat"]], ["the", "cat", "sat"]))
    "sentence_bleu(['the cat sat'.split()], 'the cat sat'.split())"
    >>> show_call(([["a"]], []))
    "sentence_bleu(['a'.split()], [])"
    """
    references, hypothesis = case
    shown = ", ".join(_tokens_code(ref) for ref in references)
    return f"sentence_bleu([{shown}], {_tokens_code(hypothesis)})"


def _random_case(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    references = [
        [rng.choice(VOCABULARY) for _ in range(rng.randint(2, 10))]
        for _ in range(rng.randint(1, 3))
    ]
    if rng.random() < 0.7:
        hypothesis = list(rng.choice(references))
        for _ in range(rng.randint(0, 2)):
            position = rng.randint(0, len(hypothesis))
            edit = rng.choice(("change", "drop", "add"))
            if edit == "add" or position == len(hypothesis):
                hypothesis.insert(position, rng.choice(VOCABULARY))
            elif edit == "drop":
                del hypothesis[position]
            else:
                hypothesis[position] = rng.choice(VOCABULARY)
        if len(hypothesis) > 4 and rng.random() < 0.4:  # cut short: the brevity penalty bites
            hypothesis = hypothesis[: rng.randint(4, len(hypothesis) - 1)]
    else:
        hypothesis = [rng.choice(VOCABULARY) for _ in range(rng.randint(0, 9))]
    return references, hypothesis


def _precisions(references: References, hypothesis: Tokens) -> list[Fraction]:
    return [modified_precision(references, hypothesis, n) for n in range(1, 5)]


def _bp(references: References, hypothesis: Tokens) -> float:
    c = len(hypothesis)
    return brevity_penalty(closest_ref_length(references, c), c)


def _geometric(p: Sequence[Fraction]) -> float:
    if any(p_n == 0 for p_n in p):
        return 0.0
    return math.exp(math.fsum(0.25 * math.log(p_n) for p_n in p))


def _arithmetic(references: References, hypothesis: Tokens) -> float:
    return _bp(references, hypothesis) * float(sum(_precisions(references, hypothesis))) / 4


def _no_penalty(references: References, hypothesis: Tokens) -> float:
    return _geometric(_precisions(references, hypothesis))


def _zeros_skipped(references: References, hypothesis: Tokens) -> float:
    """Documents 000 and 001: a zero precision adds nothing to the sum of logs."""
    p = _precisions(references, hypothesis)
    if all(p_n == 0 for p_n in p):
        return 0.0
    return _bp(references, hypothesis) * math.exp(
        math.fsum(0.25 * math.log(p_n) for p_n in p if p_n > 0)
    )


def _longest_reference(references: References, hypothesis: Tokens) -> float:
    c = len(hypothesis)
    bp = brevity_penalty(max(len(ref) for ref in references), c)
    return bp * _geometric(_precisions(references, hypothesis))


def _with_r(rule):
    """sentence BLEU with the brevity penalty against r = rule(reference lengths, c)."""

    def score(references: References, hypothesis: Tokens) -> float:
        c = len(hypothesis)
        bp = brevity_penalty(rule([len(ref) for ref in references], c), c)
        return bp * _geometric(_precisions(references, hypothesis))

    return score


_tie_to_longer = _with_r(lambda lengths, c: min(lengths, key=lambda k: (abs(k - c), -k)))
_first_reference = _with_r(lambda lengths, c: lengths[0])
_shortest_reference = _with_r(lambda lengths, c: min(lengths))


def _bp_above_one(references: References, hypothesis: Tokens) -> float:
    """exp(1 - r / c) for every c > 0, so a long candidate gets a factor above 1."""
    c = len(hypothesis)
    r = closest_ref_length(references, c)
    bp = 0.0 if c == 0 else math.exp(1 - r / c)
    return bp * _geometric(_precisions(references, hypothesis))


def _three_orders(references: References, hypothesis: Tokens) -> float:
    """range(1, 4): only p_1, p_2 and p_3, each with weight 0.25."""
    p = [modified_precision(references, hypothesis, n) for n in range(1, 4)]
    if any(p_n == 0 for p_n in p):
        return 0.0
    return _bp(references, hypothesis) * math.exp(math.fsum(0.25 * math.log(p_n) for p_n in p))


def _bp_arguments_swapped(references: References, hypothesis: Tokens) -> float:
    c = len(hypothesis)
    bp = brevity_penalty(c, closest_ref_length(references, c))
    return bp * _geometric(_precisions(references, hypothesis))


def _no_clipping(references: References, hypothesis: Tokens) -> float:
    """Precision without clipping: every hypothesis n-gram found in some reference counts."""
    p = []
    for n in range(1, 5):
        grams = Counter(tuple(hypothesis[i : i + n]) for i in range(len(hypothesis) - n + 1))
        known = {tuple(ref[i : i + n]) for ref in references for i in range(len(ref) - n + 1)}
        found = sum(k for gram, k in grams.items() if gram in known)
        p.append(Fraction(found, max(1, sum(grams.values()))))
    return _bp(references, hypothesis) * _geometric(p)


SENTENCE_BLEU = register_code(
    CodeExercise(
        id="ch07.code-sentence-bleu",
        name="sentence_bleu",
        signature="sentence_bleu(references, hypothesis)",
        task=N_("Return BLEU-4 as a float: BP * exp(sum of 0.25 * log p_n) for n = 1..4, with r "
        "the closest reference length; 0.0 when a p_n is 0 (no smoothing)."),
        reference=expected_bleu,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "arithmetic mean",
                _arithmetic,
                N_("BLEU takes the geometric mean of p_1..p_4, exp(sum of 0.25 * log p_n), not "
                "their arithmetic mean"),
            ),
            Mistake(
                "zero precision skipped",
                _zeros_skipped,
                N_("a zero p_n makes BLEU 0 (log 0 is -infinity): return 0.0 rather than leaving "
                "that order out of the sum, as documents 000 and 001 do"),
            ),
            # the wrong rules for r come before "no brevity penalty": the shortest and the
            # first reference can give BP = 1, the value of a forgotten penalty; the examples
            # make a forgotten penalty fail first where every rule for r is right
            Mistake(
                "ties to the longer reference",
                _tie_to_longer,
                N_("the rule for r: two references are equally close to c here, and BLEU takes the "
                "shorter one (bleu.closest_ref_length does)"),
            ),
            Mistake(
                "first reference",
                _first_reference,
                N_("the rule for r: not the first reference's length but the length of the "
                "reference closest to c (ties to the shorter), whatever the order of the "
                "references"),
            ),
            Mistake(
                "longest reference",
                _longest_reference,
                N_("r is the length of the reference closest to c (ties to the shorter), not the "
                "longest reference"),
            ),
            Mistake(
                "shortest reference",
                _shortest_reference,
                N_("the rule for r: not the shortest reference (TensorFlow NMT's rule) but the "
                "length of the reference closest to c (ties to the shorter)"),
            ),
            Mistake(
                "no brevity penalty",
                _no_penalty,
                N_("multiply by the brevity penalty: the precisions alone do not see that the "
                "hypothesis (c tokens) is shorter than its closest reference (r tokens)"),
            ),
            Mistake(
                "brevity_penalty's arguments swapped",
                _bp_arguments_swapped,
                N_("brevity_penalty takes r first, then c: brevity_penalty(closest_ref_len=r, "
                "hyp_len=c)"),
            ),
            Mistake(
                "brevity penalty above 1",
                _bp_above_one,
                N_("a hypothesis longer than r gets BP = 1: exp(1 - r / c) would exceed 1 there, "
                "and BLEU never rewards length"),
            ),
            Mistake(
                "three orders",
                _three_orders,
                N_("BLEU-4 has four orders, n = 1, 2, 3 and 4: range(1, 5), each with weight 0.25"),
            ),
            Mistake(
                "no clipping",
                _no_clipping,
                N_("count each hypothesis n-gram at most as often as it occurs in the one "
                "reference that uses it most: bleu.modified_precision does that clipping"),
            ),
        ),
        hint=N_("work the failing call piece by piece: the four precisions, c and r, the "
        "brevity penalty, then the geometric mean; print each inside your function and "
        "compare with the package's bleu.modified_precision, bleu.closest_ref_length and "
        "bleu.brevity_penalty on the same call. A zero p_n gives 0.0 before math.log sees it."),
        notebook="07_bleu_score",
        show=show_call,
    )
)
