"""Code exercise of notebook 02: unigram precision without clipping, as an exact Fraction.

``unigram_precision(candidate, references)`` is the share of the candidate's tokens that occur
in at least one reference, every position counted, repeats included (the measure before the
clipping of Papineni et al., 2002, section 2.1; document 003's ``my_bleu_v1``)::

    unigram precision = #{i : candidate[i] occurs in some reference} / len(candidate)

The package has no function for it (BLEU never uses it), so :func:`unigram_precision` below is
the expected behaviour. An empty candidate has no token to count (0 of 0): it gets
``Fraction(0)``, the value the package's :func:`bleu.modified_precision` gives to a candidate
with no n-gram, as NLTK does; notebook 02 checks its own function against that one.
The arguments come in the chapter's order, candidate first (the package puts references first).

>>> unigram_precision(["the"] * 7, [["the", "cat"], ["a", "mat"]])
Fraction(1, 1)
>>> unigram_precision(["hello", "this", "is", "my", "code"], [["hello", "this", "code", "is"]])
Fraction(4, 5)
>>> unigram_precision([], [["the"]])
Fraction(0, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction

from ..data import load_example
from ..i18n import N_
from .ch02 import words
from .code import CodeExercise, Mistake, register_code

Tokens = Sequence[Hashable]
References = Sequence[Sequence[Hashable]]

VOCABULARY = ("the", "cat", "on", "mat", "a")
"""Words of the random cases: few, so that matches and repeats are common."""


def unigram_precision(candidate: Tokens, references: References) -> Fraction:
    """Candidate tokens found in some reference over the candidate's length (0 if empty)."""
    seen = {token for reference in references for token in reference}
    found = sum(1 for token in candidate if token in seen)
    return Fraction(found, max(1, len(candidate)))


def _examples() -> list[tuple[list[str], list[list[str]]]]:
    """Document 003's 'hello this is my code' and its swapped roles, Example 2's two
    candidates, then Example 1's Ca1 and Ca2 (normalised) and Ca2 split on spaces (capitals
    and periods kept: 'party' is not 'Party'): the short cases first, so that a function that
    fails on them is shown a call small enough to read and paste back."""
    ex1, ex2, hello = load_example("example1"), load_example("example2"), load_example("hello_code")
    refs1 = [words(ref) for ref in ex1.references]
    refs2 = ex2.reference_tokens()
    cand = hello.candidates["Ca1"].split(" ")
    ref = hello.references[0].split(" ")
    return [
        (cand, [ref]),
        (ref, [cand]),
        (ex2.candidate_tokens("Ca1"), refs2),
        (ex2.candidate_tokens("Ca2"), refs2),
        (words(ex1.candidates["Ca1"]), refs1),
        (words(ex1.candidates["Ca2"]), refs1),
        (ex1.candidate_tokens("Ca2"), ex1.reference_tokens()),
    ]


def _sentence(rng: random.Random, shortest: int = 0) -> list[str]:
    return [rng.choice(VOCABULARY) for _ in range(rng.randint(shortest, 8))]


def _random_case(rng: random.Random) -> tuple[list[str], list[list[str]]]:
    """A candidate of 0-8 tokens and 1-3 references of 0-8 tokens from five words."""
    references = [_sentence(rng) for _ in range(rng.randint(1, 3))]
    return _sentence(rng), references


def _clipped(candidate: Tokens, references: References) -> Fraction:
    """Notebook 03's modified precision: each word credited at most as often as one
    reference holds it."""
    best: Counter = Counter()
    for reference in references:
        best |= Counter(reference)
    found = sum(min(count, best[word]) for word, count in Counter(candidate).items())
    return Fraction(found, max(1, len(candidate)))


def _distinct(candidate: Tokens, references: References) -> Fraction:
    """Each distinct matching word counted once."""
    seen = {token for reference in references for token in reference}
    return Fraction(len(set(candidate) & seen), max(1, len(candidate)))


def _distinct_both(candidate: Tokens, references: References) -> Fraction:
    """The candidate made a set first: distinct matching words over distinct words."""
    seen = {token for reference in references for token in reference}
    words_used = set(candidate)
    return Fraction(len(words_used & seen), max(1, len(words_used)))


def _first_reference(candidate: Tokens, references: References) -> Fraction:
    return unigram_precision(candidate, references[:1])


def _every_reference(candidate: Tokens, references: References) -> Fraction:
    found = sum(1 for token in candidate if all(token in reference for reference in references))
    return Fraction(found, max(1, len(candidate)))


def _reference_length(candidate: Tokens, references: References) -> Fraction:
    """Divided by the length of the (first) reference instead of the candidate's."""
    seen = {token for reference in references for token in reference}
    found = sum(1 for token in candidate if token in seen)
    return Fraction(found, max(1, len(references[0])))


def _distinct_denominator(candidate: Tokens, references: References) -> Fraction:
    """Divided by the number of distinct words of the candidate."""
    seen = {token for reference in references for token in reference}
    found = sum(1 for token in candidate if token in seen)
    return Fraction(found, max(1, len(set(candidate))))


def _lower_cased(candidate: Tokens, references: References) -> Fraction:
    """Tokens lower-cased inside the function: 'Party' found for 'party'."""
    def lower(tokens: Tokens) -> list:
        return [t.lower() if isinstance(t, str) else t for t in tokens]

    return unigram_precision(lower(candidate), [lower(reference) for reference in references])


def _substring(candidate: Tokens, references: References) -> Fraction:
    """`token in " ".join(reference)`: a substring test, so 'the' is found in 'there'."""
    texts = [" ".join(map(str, reference)) for reference in references]
    found = sum(1 for token in candidate if any(str(token) in text for text in texts))
    return Fraction(found, max(1, len(candidate)))


def _list_membership(candidate: Tokens, references: References) -> Fraction:
    """`token in references`: a token is compared with whole references (lists), never found."""
    found = sum(1 for token in candidate if token in references)
    return Fraction(found, max(1, len(candidate)))


def _as_float(candidate: Tokens, references: References) -> float:
    return float(unigram_precision(candidate, references))


def _integer_division(candidate: Tokens, references: References) -> int:
    seen = {token for reference in references for token in reference}
    found = sum(1 for token in candidate if token in seen)
    return found // max(1, len(candidate))


UNIGRAM_PRECISION = register_code(
    CodeExercise(
        id="ch02.code-unigram-precision",
        name="unigram_precision",
        signature="unigram_precision(candidate, references)",
        task=N_("Return the candidate's tokens found in at least one reference (every position "
        "counted, repeats included) over the candidate's length, as an exact Fraction; "
        "Fraction(0) for an empty candidate."),
        reference=unigram_precision,
        examples=_examples,
        random_case=_random_case,
        mistakes=(
            Mistake(
                "float not Fraction",
                _as_float,
                N_(
                    "found / total gives a float, which is not exact: "
                    "return Fraction(found, total)"
                ),
            ),
            Mistake(
                "token in the list of references",
                _list_membership,
                N_("references is a list of references, each a list of tokens, so `token in "
                "references` compares the token with whole lists and is never true: ask "
                "whether some reference contains the token (look inside each one)"),
            ),
            Mistake(
                "clipped",
                _clipped,
                N_("no ceiling yet: a word the candidate repeats counts at every position where "
                "some reference contains it, however often the references use it (clipping "
                "comes in notebook 03)"),
            ),
            Mistake(
                "distinct words, count and length",
                _distinct_both,
                N_("count every token of the candidate, repeats included, above and below the "
                "line: a set of the candidate's words loses the repeats, so a word used three "
                "times counts once in the matches and once in the length"),
            ),
            Mistake(
                "distinct words",
                _distinct,
                N_("count positions, not distinct words: a matching word the candidate uses "
                "twice counts twice (a set of the candidate's words loses the repeats)"),
            ),
            Mistake(
                "first reference only",
                _first_reference,
                N_("a token matches if ANY of the references contains it: look in all of them, "
                "not only the first"),
            ),
            Mistake(
                "in every reference",
                _every_reference,
                N_("a token needs to occur in one reference only, not in every reference"),
            ),
            Mistake(
                "lower-cased",
                _lower_cased,
                N_("compare the tokens exactly as they are given: tokenizing (lower case, "
                "punctuation) is done before the call, so here 'Party' and 'party' are "
                "different tokens"),
            ),
            Mistake(
                "substring",
                _substring,
                N_("look each token up among the reference's tokens (a list or a set), not in "
                "the reference joined into one string: 'the' in 'there is a cat' is True for "
                "a string"),
            ),
            Mistake(
                "distinct words in the denominator",
                _distinct_denominator,
                N_("the denominator is the candidate's length, every position counted, not its "
                "number of distinct words"),
            ),
            Mistake(
                "reference length",
                _reference_length,
                N_("divide by the number of tokens in the candidate, not in a reference; and "
                "count the candidate's tokens found in some reference, not the reference's tokens "
                "found in the candidate (that would be recall, not precision)"),
            ),
            Mistake(
                "integer division",
                _integer_division,
                N_("// is integer division (it rounds down to 0 or 1): return "
                "Fraction(found, total)"),
            ),
        ),
        hint=N_("for each token of the candidate ask whether some reference contains it, count "
        "the yeses, and return Fraction(count, len(candidate)); an empty candidate gets "
        "Fraction(0) (0 of 0 tokens, like bleu.modified_precision)"),
        raise_hint=N_("three usual causes. The order is unigram_precision(candidate, "
        "references), candidate first (the package's bleu functions take references first). "
        "Each reference is a list of tokens: set(references) raises TypeError: unhashable type: "
        "'list'. An empty candidate gets Fraction(0): return it before dividing by "
        "len(candidate). Otherwise, the last lines of your traceback show the call that failed"),
        notebook="02_unigram_precision",
    )
)
