"""Code exercise of notebook 11: chrF's statistics at one character n-gram order.

chrF (Popović, 2015, *chrF: character n-gram F-score for automatic MT evaluation*, WMT)
removes the whitespace of both sentences, counts their character n-grams, and at each order
``n`` keeps three numbers: the hypothesis's n-grams, the reference's n-grams and the
matches, each n-gram counted at most as often as it occurs in both,
``matches = sum_g min(count_hyp(g), count_ref(g))``. Precision is matches over the
hypothesis's n-grams, recall matches over the reference's. The expected behaviour counts
with sacreBLEU's own ``extract_char_ngrams`` (the counter behind ``sacrebleu.metrics.CHRF``
and :func:`bleu.metrics.chrf`); tests/test_code_exercises_ch09_12.py checks it against
the statistics sacreBLEU's chrF itself keeps. One difference: at an order where the
reference has no n-gram at all, sacreBLEU's chrF records 0 hypothesis n-grams too (it leaves
that order out); here the hypothesis's n-grams are always counted, and the exercise's cases
never reach that order.

>>> char_ngram_stats("the cat", "cat the", 2)
(4, 5, 5)
"""

from __future__ import annotations

import random
from collections import Counter

from sacrebleu.metrics.helpers import extract_char_ngrams

from ..data import load_example
from ..i18n import N_
from .code import CodeExercise, Mistake, register_code


def char_ngram_stats(hypothesis: str, reference: str, n: int) -> tuple[int, int, int]:
    """``(matches, hypothesis n-grams, reference n-grams)`` of characters, whitespace removed."""
    hyp, ref = extract_char_ngrams(hypothesis, n), extract_char_ngrams(reference, n)
    return sum((hyp & ref).values()), sum(hyp.values()), sum(ref.values())


# ---------------------------------------------------------------- typical mistakes


def _grams(text: str, n: int, last: int = 1) -> Counter:
    return Counter(text[i : i + n] for i in range(len(text) - n + last))


def _stats(hyp: Counter, ref: Counter) -> tuple[int, int, int]:
    return sum((hyp & ref).values()), sum(hyp.values()), sum(ref.values())


def _spaces_kept(hypothesis, reference, n):
    return _stats(_grams(hypothesis, n), _grams(reference, n))


def _only_spaces_removed(hypothesis, reference, n):
    # text.replace(" ", ""): tabs and newlines stay inside the n-grams
    return _stats(_grams(hypothesis.replace(" ", ""), n), _grams(reference.replace(" ", ""), n))


def _within_words(hypothesis, reference, n):
    # the n-grams of each word apart: none runs across a word boundary
    def grams(text):
        counts = Counter()
        for word in text.split():
            counts.update(_grams(word, n))
        return counts

    return _stats(grams(hypothesis), grams(reference))


def _lowercased(hypothesis, reference, n):
    hyp, ref = "".join(hypothesis.lower().split()), "".join(reference.lower().split())
    return _stats(_grams(hyp, n), _grams(ref, n))


def _no_clipping(hypothesis, reference, n):
    hyp, ref = _grams("".join(hypothesis.split()), n), _grams("".join(reference.split()), n)
    return sum(c for g, c in hyp.items() if g in ref), sum(hyp.values()), sum(ref.values())


def _distinct_only(hypothesis, reference, n):
    hyp = set(_grams("".join(hypothesis.split()), n))
    ref = set(_grams("".join(reference.split()), n))
    return len(hyp & ref), len(hyp), len(ref)


def _word_ngrams(hypothesis, reference, n):
    def words(text):
        tokens = text.split()
        return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))

    return _stats(words(hypothesis), words(reference))


def _totals_swapped(hypothesis, reference, n):
    matches, hyp_total, ref_total = char_ngram_stats(hypothesis, reference, n)
    return matches, ref_total, hyp_total


def _precision_only(hypothesis, reference, n):
    matches, hyp_total, _ = char_ngram_stats(hypothesis, reference, n)
    return matches / hyp_total if hyp_total else 0.0


def _last_missing(hypothesis, reference, n):
    hyp = _grams("".join(hypothesis.split()), n, last=0)
    ref = _grams("".join(reference.split()), n, last=0)
    return _stats(hyp, ref)


# ---------------------------------------------------------------- cases


def _examples() -> list[tuple[str, str, int]]:
    """The chapter's pairs: the lowercased word-order pair, the paraphrase (shorter than its
    reference, so a swapped total shows on a short call), the running example's Ca1 and Ref 1,
    and the word-order pair as stored (case kept), written over two lines with a tab: every
    kind of whitespace goes, and case counts."""
    cat_mat = load_example("cat_mat")
    reference, reordered = cat_mat.references[0].lower(), cat_mat.candidates["Ca1"].lower()
    paraphrase = "a cat was sitting on the rug"  # notebook 11's paraphrase candidate
    running = load_example("running")
    ca1, ref1 = running.candidates["Ca1"], running.references[0]
    return [
        (reordered, reference, 1),
        (reordered, reference, 2),
        (paraphrase, reference, 2),
        (ca1, ref1, 3),
        (cat_mat.candidates["Ca1"].replace(" sat ", "\n\tsat "), cat_mat.references[0], 2),
    ]


def _sentence(rng: random.Random) -> str:
    # mostly single spaces between words; sometimes a tab, a newline or two spaces, and a
    # capital A now and then (chrF keeps case)
    words = ["".join(rng.choice("aabaabA") for _ in range(rng.randint(1, 3))) for _ in range(4)]
    words = words[: rng.randint(1, 4)]
    text = words[0]
    for word in words[1:]:
        text += rng.choice([" ", " ", " ", " ", "\t", "\n", "  "]) + word
    return text


def _random_case(rng: random.Random) -> tuple[str, str, int]:
    hypothesis, reference = _sentence(rng), _sentence(rng)
    # n at most the reference's characters: see the module docstring on sacreBLEU's zero
    n = rng.randint(1, min(4, len("".join(reference.split()))))
    return hypothesis, reference, n


register_code(
    CodeExercise(
        id="ch11.code-char-ngram-stats",
        name="char_ngram_stats",
        signature="char_ngram_stats(hypothesis, reference, n)",
        task=N_("Return (matches, hypothesis n-grams, reference n-grams) as three ints: the "
        "character n-grams of both strings with their whitespace removed, matches counting "
        "each n-gram at most as often as it occurs in both."),
        reference=char_ngram_stats,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "only spaces removed",
                _only_spaces_removed,
                N_("remove every kind of whitespace, tabs and newlines too, not only spaces: "
                "str.split() with no argument splits at all of them."),
            ),
            Mistake(
                "n-grams within words",
                _within_words,
                N_("join the words before you count: chrF removes the whitespace and takes the "
                "n-grams of the joined string, so they run across word boundaries "
                "('the cat' gives 'ec')."),
            ),
            Mistake(
                "lowercased",
                _lowercased,
                N_("keep the case as it is: chrF (sacreBLEU's default) is case-sensitive, so 'Pa' "
                "in 'Party' does not match 'pa' in 'party'."),
            ),
            Mistake(
                "spaces kept",
                _spaces_kept,
                N_("remove the whitespace first (''.join(text.split())): chrF's n-grams run "
                "across word boundaries, and no n-gram contains a space."),
            ),
            Mistake(
                "no clipping",
                _no_clipping,
                N_("clip: an n-gram the hypothesis has 3 times and the reference once matches "
                "once (min of the two counts; Counter's & does it)."),
            ),
            Mistake(
                "distinct n-grams only",
                _distinct_only,
                N_("count every occurrence, repeats included (a Counter, not a set), in the "
                "totals and in the matches."),
            ),
            Mistake(
                "word n-grams",
                _word_ngrams,
                N_("chrF counts n-grams of characters, not of words: slice the string, "
                "text[i : i + n]."),
            ),
            Mistake(
                "totals swapped",
                _totals_swapped,
                N_("the order of the tuple is (matches, the hypothesis's n-grams, the "
                "reference's n-grams): the hypothesis's total comes second."),
            ),
            Mistake(
                "precision returned",
                _precision_only,
                N_("return the three counts as a tuple, not their ratio: precision and recall "
                "are computed from them later."),
            ),
            Mistake(
                "last n-gram missing",
                _last_missing,
                N_("a string of L characters has L - n + 1 n-grams (range(L - n + 1)); the last "
                "one is missing."),
            ),
        ),
        hint=N_("work the failing call by hand: write out the whitespace-free strings, list "
        "their n-grams of n characters, and compare your three numbers with the expected "
        "ones one at a time (which of them is off tells you which step to look at)."),
        notebook="11_beyond_bleu",
    )
)
