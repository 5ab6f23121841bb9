"""Code exercise of notebook 04: counting the n-grams of a sentence.

``count_ngrams(tokens, n)`` maps every run of ``n`` consecutive tokens (a tuple) to how often
it occurs: the *Count* of Papineni et al. (2002), section 2.1. A sentence of ``T`` tokens has
``max(0, T - n + 1)`` n-grams, overlapping, one starting at each index ``0 .. T - n``; an
order longer than the sentence gives an empty Counter. The expected behaviour is the
package's :func:`bleu.count_ngrams`.

>>> _stepping_by_n(["a", "b", "c", "d"], 2)  # document 003's loop: 'b c' is never visited
Counter({('a', 'b'): 1, ('c', 'd'): 1})
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence

from ..data import load_example
from ..i18n import N_
from ..ngrams import count_ngrams
from .ch02 import words
from .code import CodeExercise, Mistake, register_code

Tokens = Sequence[Hashable]

VOCABULARY = ("the", "cat", "on", "mat")
"""Words of the random cases: four, so that n-grams repeat."""


def _examples() -> list[tuple[list[str], int]]:
    """The chapter's sentences: document 003's 'I read the book' (first: no n-gram repeats, so
    losing the first n-gram is not taken for a set), 'the cat the cat on the mat' (bigrams,
    unigrams and trigrams), 'the' x 7, Example 1's Ca1 normalised, a sentence shorter than n."""
    ex1, ex2 = load_example("example1"), load_example("example2")
    cat, x7 = ex2.candidate_tokens("Ca2"), ex2.candidate_tokens("Ca1")
    return [
        ("I read the book".split(), 2),
        (cat, 2),
        (cat, 1),
        (x7, 2),
        (words(ex1.candidates["Ca1"]), 4),
        (cat, 3),
        ("on the mat".split(), 4),
    ]


def _random_case(rng: random.Random) -> tuple[list[str], int]:
    """A sentence of 0-8 tokens from four words and an order from 1 to 4."""
    tokens = [rng.choice(VOCABULARY) for _ in range(rng.randint(0, 8))]
    return tokens, rng.randint(1, 4)


def _last_window_lost(tokens: Tokens, n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n))


def _past_the_end(tokens: Tokens, n: int) -> Counter:
    """range(len(tokens)): the last windows run off the end and come out shorter than n."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens)))


def _stepping_by_n(tokens: Tokens, n: int) -> Counter:
    """Document 003's loop, range(0, len, n): only n-grams starting at multiples of n."""
    return Counter(
        tuple(tokens[i : i + n]) for i in range(0, len(tokens), n) if i + n <= len(tokens)
    )


def _first_window_lost(tokens: Tokens, n: int) -> Counter:
    """range(1, ...): the n-gram that starts at index 0 is never counted."""
    return Counter(tuple(tokens[i : i + n]) for i in range(1, len(tokens) - n + 1))


def _plain_unigrams(tokens: Tokens, n: int) -> Counter:
    """n = 1 special-cased as Counter(tokens): unigrams as bare tokens, not 1-tuples."""
    return Counter(tokens) if n == 1 else Counter(_windows(tokens, n))


def _distinct(tokens: Tokens, n: int) -> Counter:
    return Counter(set(_windows(tokens, n)))


def _joined(tokens: Tokens, n: int) -> Counter:
    """The n-grams as strings joined with spaces instead of tuples."""
    return Counter(" ".join(map(str, g)) for g in _windows(tokens, n))


def _windows(tokens: Tokens, n: int) -> list[tuple]:
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


COUNT_NGRAMS = register_code(
    CodeExercise(
        id="ch04.code-count-ngrams",
        name="my_count_ngrams",
        signature="my_count_ngrams(tokens, n)",
        task=N_("Return a collections.Counter mapping each n-gram of tokens (a tuple of n "
        "consecutive tokens) to its number of occurrences; the n-grams overlap, and an "
        "order longer than the sentence gives an empty Counter."),
        reference=count_ngrams,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "steps by n",
                _stepping_by_n,
                N_("n-grams overlap: one starts at every index 0, 1, 2, ..., not only at "
                "0, n, 2n, ... (the loop of document 003); step by 1"),
            ),
            Mistake(
                "set of n-grams",
                _distinct,
                N_("count repeats: an n-gram that occurs twice has count 2 (a set keeps one copy)"),
            ),
            Mistake(
                "first n-gram lost",
                _first_window_lost,
                N_("the first n-gram starts at index 0: the loop is range(len(tokens) - n + 1), "
                "which starts at 0"),
            ),
            Mistake(
                "unigrams as bare tokens",
                _plain_unigrams,
                N_("a unigram is a tuple of one token, ('the',), not the token 'the': keep the "
                "tuples for n = 1 too, so that every order is looked up the same way"),
            ),
            Mistake(
                "strings as keys",
                _joined,
                N_("make each n-gram a tuple of tokens, tuple(tokens[i:i + n]), not a string "
                "joined with spaces: the other functions look n-grams up as tuples"),
            ),
            Mistake(
                "last n-gram lost",
                _last_window_lost,
                N_("a sentence of T tokens has T - n + 1 n-grams: the last one starts at index "
                "T - n, so the loop is range(len(tokens) - n + 1)"),
            ),
            Mistake(
                "windows past the end",
                _past_the_end,
                N_("stop where a full n-gram still fits: the last n-gram starts at index T - n; "
                "a slice that runs past the end is shorter than n and is not an n-gram"),
            ),
        ),
        hint=N_("slide a window of n tokens along the sentence one index at a time; make each "
        "window a tuple (a list cannot be a dict or Counter key) and count the tuples; stop at the "
        "last index where a whole window still fits, so that n > len(tokens) gives nothing"),
        notebook="04_ngram_precision",
    )
)
