"""Code exercises of notebook 03: clipped counts and modified precision.

Papineni et al. (2002), section 2.1: each n-gram of the hypothesis is credited at most as
often as it occurs in the one reference that holds it most::

    Count_clip(g) = min(Count(g), max_r Count_r(g))
    p_n = sum_g Count_clip(g) / sum_g Count(g)

The expected behaviour is the package's :func:`bleu.clipped_counts` and
:func:`bleu.modified_precision` (references first, as in NLTK). Clipped counts are compared
as counts: an n-gram that earns 0 may be a key with value 0 or be left out, so a
``Counter`` and the package's dict with its zeros are equal.

>>> same_counts({("the",): 2, ("cat",): 0}, {("the",): 2})
True
>>> same_counts({("the",): 2}, {("the",): 2.5})
False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from numbers import Integral
from typing import Any

from ..data import load_example
from ..i18n import N_
from ..precision import clipped_counts, modified_precision
from .ch02 import words
from .code import CodeExercise, Mistake, register_code

Tokens = Sequence[Hashable]
References = Sequence[Sequence[Hashable]]

VOCABULARY = ("the", "cat", "on", "mat")
"""Words of the random cases: four, so that n-grams repeat and clipping bites."""


def same_counts(expected: Any, returned: Any) -> bool:
    """Equal as counts: integer values, a missing key counting as 0."""
    if not isinstance(expected, Mapping) or not isinstance(returned, Mapping):
        return False
    if not all(isinstance(v, Integral) and not isinstance(v, bool) for v in returned.values()):
        return False
    return all(expected.get(g, 0) == returned.get(g, 0) for g in set(expected) | set(returned))


def _examples() -> list[tuple[list[list[str]], list[str], int]]:
    """The chapter's cases, short ones first (a failure on them is shown as a call small
    enough to paste back): our 004-style 9-token example (first, so that counting a set of the
    hypothesis's n-grams fails where walking the references' n-grams does not), three
    references whose largest counts sit in the last one to hold each word (so that a min over
    the references fails where overwriting the ceiling does not), 'the' x 7 and
    'the cat the cat on the mat' against Example 2 (unigrams and bigrams), Example 3, then
    Example 1's Ca1 (normalised and raw) and Ca2 (normalised and raw: 'party' is not
    'Party')."""
    ex1, ex2, ex3 = (load_example(name) for name in ("example1", "example2", "example3"))
    refs1 = [words(ref) for ref in ex1.references]
    refs2 = ex2.reference_tokens()
    x7, cat = ex2.candidate_tokens("Ca1"), ex2.candidate_tokens("Ca2")
    prediction = "the more people came the more the hall filled".split()
    truth = ["the guests wanted more room in the garden".split()]
    three = [["the", "the", "cat"], ["the", "cat", "mat"], ["the", "the", "mat"]]
    return [
        (truth, prediction, 1),
        (three, ["the", "the", "cat"], 1),
        (refs2, x7, 1),
        (refs2, cat, 1),
        (refs2, cat, 2),
        ([words(ref) for ref in ex3.references], words(ex3.candidates["Ca1"]), 1),
        (refs1, words(ex1.candidates["Ca1"]), 1),
        (ex1.reference_tokens(), ex1.candidate_tokens("Ca1"), 1),
        (refs1, words(ex1.candidates["Ca2"]), 1),
        (ex1.reference_tokens(), ex1.candidate_tokens("Ca2"), 1),
    ]


def _sentence(rng: random.Random) -> list[str]:
    return [rng.choice(VOCABULARY) for _ in range(rng.randint(0, 8))]


def random_case(rng: random.Random) -> tuple[list[list[str]], list[str], int]:
    """1-3 references and a hypothesis of 0-8 tokens from four words, n from 1 to 4; n is
    1 or 2 half of the time, where matches are common."""
    references = [_sentence(rng) for _ in range(rng.randint(1, 3))]
    n = rng.choice((1, 1, 2, 2, 3, 4))
    return references, _sentence(rng), n


def _windows(tokens: Tokens, n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _ceilings(references: References, n: int, combine: str = "max") -> Counter:
    best: Counter = Counter()
    for reference in references:
        counts = _windows(reference, n)
        if combine == "sum":
            best += counts
        else:
            best |= counts
    return best


# clipped_counts: wrong implementations ------------------------------------------------


def _no_clipping(references: References, hypothesis: Tokens, n: int) -> dict:
    best = _ceilings(references, n)
    return {g: (c if best[g] else 0) for g, c in _windows(hypothesis, n).items()}


def _summed_references(references: References, hypothesis: Tokens, n: int) -> dict:
    best = _ceilings(references, n, "sum")
    return {g: min(c, best[g]) for g, c in _windows(hypothesis, n).items()}


def _first_reference(references: References, hypothesis: Tokens, n: int) -> dict:
    best = _ceilings(references[:1], n)
    return {g: min(c, best[g]) for g, c in _windows(hypothesis, n).items()}


def _ceiling_only(references: References, hypothesis: Tokens, n: int) -> dict:
    """Max_Ref_Count returned as it is, without the min with the hypothesis's count."""
    best = _ceilings(references, n)
    return {g: best[g] for g in _windows(hypothesis, n)}


def _distinct(references: References, hypothesis: Tokens, n: int) -> dict:
    """A set of the hypothesis's n-grams: each one counted once."""
    best = _ceilings(references, n)
    return {g: min(1, best[g]) for g in set(_windows(hypothesis, n))}


def _overwritten(references: References, hypothesis: Tokens, n: int) -> dict:
    """The ceiling assigned reference by reference (best[g] = c) instead of maximised: the
    last reference holding an n-gram decides. Walking each reference's n-grams and writing
    min(count, hypothesis count) into one dict gives the same counts."""
    best: dict = {}
    for reference in references:
        for gram, count in _windows(reference, n).items():
            best[gram] = count
    return {g: min(c, best.get(g, 0)) for g, c in _windows(hypothesis, n).items()}


def _min_over_references(references: References, hypothesis: Tokens, n: int) -> dict:
    """The smallest count over the references (0 where one reference lacks the n-gram)."""
    per_reference = [_windows(reference, n) for reference in references]
    return {
        g: min(c, min(counts[g] for counts in per_reference))
        for g, c in _windows(hypothesis, n).items()
    }


def _string_keys(references: References, hypothesis: Tokens, n: int) -> dict:
    """The n-grams as strings joined with spaces instead of tuples."""
    return {" ".join(map(str, g)): c for g, c in clipped_counts(references, hypothesis, n).items()}


def _lower(tokens: Tokens) -> list:
    return [t.lower() if isinstance(t, str) else t for t in tokens]


def _lower_cased(references: References, hypothesis: Tokens, n: int) -> dict:
    """Tokens lower-cased inside the function: 'party' credited for 'Party'."""
    return clipped_counts([_lower(r) for r in references], _lower(hypothesis), n)


def _last_window_lost(references: References, hypothesis: Tokens, n: int) -> dict:
    """range(len(tokens) - n): the last n-gram of every sentence is never counted."""
    def windows(tokens: Tokens) -> Counter:
        return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n))

    best: Counter = Counter()
    for reference in references:
        best |= windows(reference)
    return {g: min(c, best[g]) for g, c in windows(hypothesis).items()}


CLIPPED_COUNTS = register_code(
    CodeExercise(
        id="ch03.code-clipped-counts",
        name="clipped_counts",
        signature="clipped_counts(references, hypothesis, n)",
        task=N_("Return a dict (or Counter) mapping each n-gram of the hypothesis, a tuple of n "
        "tokens, to Count_clip = min(its count in the hypothesis, its largest count in any "
        "ONE reference); an n-gram that earns 0 may be left out."),
        reference=clipped_counts,
        examples=_examples,
        random_case=random_case,
        mistakes=(
            Mistake(
                "no clipping",
                _no_clipping,
                N_("clip: an n-gram is credited at most as often as it occurs in one reference, "
                "min(Count, Max_Ref_Count), even when the hypothesis repeats it more often"),
            ),
            Mistake(
                "summed references",
                _summed_references,
                N_("Max_Ref_Count is the most times the n-gram occurs in ONE reference (the "
                "largest per-reference count), not the sum over all the references"),
            ),
            Mistake(
                "ceiling without min",
                _ceiling_only,
                N_("Count_clip never exceeds the hypothesis's own count: take "
                "min(Count, Max_Ref_Count), not Max_Ref_Count alone"),
            ),
            Mistake(
                "ceiling overwritten",
                _overwritten,
                N_("a later reference overwrites the count an earlier one allowed: keep each "
                "n-gram's LARGEST count over the references (max(...), or Counter's |), not "
                "the count of the last reference that has it (best[g] = c), and give the "
                "result the hypothesis's n-grams as keys"),
            ),
            Mistake(
                "min over references",
                _min_over_references,
                N_("Max_Ref_Count is the LARGEST count of the n-gram in any one reference: take "
                "the max over the references, not the min (a reference that lacks the n-gram "
                "must not take away the credit another one gives)"),
            ),
            Mistake(
                "strings as keys",
                _string_keys,
                N_("make each n-gram a tuple of tokens, tuple(tokens[i:i + n]), not a string "
                "joined with spaces: the other functions look n-grams up as tuples"),
            ),
            Mistake(
                "distinct n-grams",
                _distinct,
                N_("count the hypothesis's n-grams with their repeats (a Counter), not a set "
                "of them: an n-gram used twice may earn up to 2"),
            ),
            Mistake(
                "first reference only",
                _first_reference,
                N_("look at every reference and keep each n-gram's largest count among them, "
                "not only the first reference's"),
            ),
            Mistake(
                "last n-gram lost",
                _last_window_lost,
                N_("a sentence of T tokens has T - n + 1 n-grams: the last one starts at index "
                "T - n, so the loop is range(len(tokens) - n + 1)"),
            ),
            Mistake(
                "lower-cased",
                _lower_cased,
                N_("compare the tokens exactly as they are given: tokenizing (lower case, "
                "punctuation) is done before the call, so here 'Party' and 'party' are "
                "different tokens"),
            ),
        ),
        hint=N_("count the hypothesis's n-grams (tuples of n tokens) with a Counter; for each "
        "reference count its n-grams too and keep each n-gram's largest count over the "
        "references; then map each hypothesis n-gram to min(its count, that largest count). "
        "Work the failing call by hand and compare it with what your function returns"),
        raise_hint=N_("TypeError (unhashable type: 'list'): the arguments are swapped; "
        "clipped_counts(references, hypothesis, n) takes the references first, unlike the "
        "chapter's count_clip(candidate, references, n). KeyError: a plain dict was read at an "
        "n-gram it lacks; use a Counter, or .get(gram, 0)."),
        notebook="03_modified_precision",
        compare=same_counts,
    )
)


# modified precision: wrong implementations --------------------------------------------


def _precision_of(clip: Any) -> Any:
    """p_n from a clipped-count function: clipped matches over the hypothesis's n-grams."""
    def precision(references: References, hypothesis: Tokens, n: int) -> Fraction:
        total = sum(_windows(hypothesis, n).values())
        return Fraction(sum(clip(references, hypothesis, n).values()), max(1, total))

    return precision


def _as_float(references: References, hypothesis: Tokens, n: int) -> float:
    return float(modified_precision(references, hypothesis, n))


def _fraction_of_float(references: References, hypothesis: Tokens, n: int) -> Fraction:
    """Fraction(matches / total): the float's rounding kept in an exact-looking Fraction."""
    total = sum(_windows(hypothesis, n).values())
    matches = sum(clipped_counts(references, hypothesis, n).values())
    return Fraction(matches / total) if total else Fraction(0)


def _integer_division(references: References, hypothesis: Tokens, n: int) -> int:
    total = sum(_windows(hypothesis, n).values())
    return sum(clipped_counts(references, hypothesis, n).values()) // max(1, total)


def _over_length(references: References, hypothesis: Tokens, n: int) -> Fraction:
    """Divided by the number of tokens instead of the number of n-grams."""
    matches = sum(clipped_counts(references, hypothesis, n).values())
    return Fraction(matches, max(1, len(hypothesis)))


def _over_distinct(references: References, hypothesis: Tokens, n: int) -> Fraction:
    """Divided by the number of distinct n-grams."""
    matches = sum(clipped_counts(references, hypothesis, n).values())
    return Fraction(matches, max(1, len(_windows(hypothesis, n))))


def _reference_as_hypothesis(references: References, hypothesis: Tokens, n: int) -> Fraction:
    """Roles swapped: the first reference scored against the hypothesis."""
    return modified_precision([hypothesis], references[0], n)


def _lower_cased_precision(references: References, hypothesis: Tokens, n: int) -> Fraction:
    return modified_precision([_lower(r) for r in references], _lower(hypothesis), n)


def _last_lost_precision(references: References, hypothesis: Tokens, n: int) -> Fraction:
    """range(len(tokens) - n) everywhere: the last n-gram of each sentence is lost."""
    total = max(0, len(hypothesis) - n)
    matches = sum(_last_window_lost(references, hypothesis, n).values())
    return Fraction(matches, total) if total else Fraction(0)


def _modified_examples() -> list[tuple[list[list[str]], list[str], int]]:
    """The clipping examples, after the bigram 'the cat' against Example 2 (first: scoring the
    first reference instead of the hypothesis and losing the last n-gram give different wrong
    values on it), with the short-candidate case of a bigram among the short ones: 'the'
    against Example 2 (no bigram at all, p_2 = 0)."""
    refs2 = load_example("example2").reference_tokens()
    cases = _examples()
    return [(refs2, ["the", "cat"], 2), *cases[:3], (refs2, ["the"], 2), *cases[3:]]


MODIFIED_PRECISION = register_code(
    CodeExercise(
        id="ch03.code-modified-precision",
        name="my_modified_precision",
        signature="my_modified_precision(references, hypothesis, n)",
        task=N_("Return p_n as an exact Fraction: the sum of the clipped counts over the number "
        "of n-grams in the hypothesis; Fraction(0) when the hypothesis has no n-gram."),
        reference=modified_precision,
        examples=_modified_examples,
        random_case=random_case,
        mistakes=(
            Mistake(
                "float not Fraction",
                _as_float,
                N_("a / b gives a float, which is not exact: return Fraction(matches, total)"),
            ),
            Mistake(
                "Fraction of a float",
                _fraction_of_float,
                N_("Fraction(matches / total) turns an already rounded float into a Fraction "
                "(1/3 becomes Fraction(6004799503160661, 18014398509481984)): pass the two "
                "integers, Fraction(matches, total)"),
            ),
            Mistake(
                "no clipping",
                _precision_of(_no_clipping),
                N_("clip the numerator: an n-gram is credited at most as often as it occurs in "
                "one reference, min(Count, Max_Ref_Count)"),
            ),
            Mistake(
                "summed references",
                _precision_of(_summed_references),
                N_("Max_Ref_Count is the most times the n-gram occurs in ONE reference, not the "
                "sum of its counts over the references"),
            ),
            Mistake(
                "roles swapped",
                _reference_as_hypothesis,
                N_("p_n scores the hypothesis, the second argument (the references come "
                "first): its clipped n-grams over ITS number of n-grams, not a reference's; "
                "check that the roles of the arguments are not swapped"),
            ),
            Mistake(
                "distinct n-grams in the numerator",
                _precision_of(_distinct),
                N_("count the hypothesis's n-grams with their repeats (a Counter), not a set: an "
                "n-gram used twice may earn up to 2 in the numerator"),
            ),
            Mistake(
                "first reference only",
                _precision_of(_first_reference),
                N_("look at every reference and keep each n-gram's largest count among them, "
                "not only the first reference's"),
            ),
            Mistake(
                "last n-gram lost",
                _last_lost_precision,
                N_("a sentence of T tokens has T - n + 1 n-grams: the last one starts at index "
                "T - n, so the loop is range(len(tokens) - n + 1)"),
            ),
            Mistake(
                "lower-cased",
                _lower_cased_precision,
                N_("compare the tokens exactly as they are given: tokenizing (lower case, "
                "punctuation) is done before the call, so here 'Party' and 'party' are "
                "different tokens"),
            ),
            Mistake(
                "tokens not n-grams",
                _over_length,
                N_("the denominator is the number of n-grams in the hypothesis, "
                "len(tokens) - n + 1, not its number of tokens"),
            ),
            Mistake(
                "distinct n-grams in the denominator",
                _over_distinct,
                N_("the denominator counts every n-gram of the hypothesis with its repeats, "
                "sum(Count), not the number of distinct n-grams"),
            ),
            Mistake(
                "integer division",
                _integer_division,
                N_("// is integer division (it rounds down to 0 or 1): return "
                "Fraction(matches, total)"),
            ),
        ),
        hint=N_("p_n = sum of Count_clip / sum of Count over the hypothesis's n-grams, as "
        "Fraction(matches, total). Work the failing call by hand: its n-grams, each one's "
        "clipped count, the two sums"),
        raise_hint=N_("ZeroDivisionError: a hypothesis shorter than n has no n-gram; return "
        "Fraction(0) before dividing. TypeError (unhashable type: 'list'): the arguments are "
        "swapped; my_modified_precision(references, hypothesis, n) takes the references first, "
        "unlike the chapter's modified_precision(candidate, references, n)."),
        notebook="03_modified_precision",
    )
)
