"""Code exercises of notebook 06: the closest reference length and the brevity penalty.

``closest_ref_length(references, hyp_len)``: the length of the reference closest in length
to the candidate, the shorter one on a tie (Papineni et al., 2002, section 2.2.2, "best
match length"). ``my_brevity_penalty(closest_ref_len, hyp_len)``, a number (the notebook already has
a ``brevity_penalty`` of its own, which its earlier exercises use): ``1`` if ``c > r``, ``0`` if
``c == 0``, else ``exp(1 - r / c)``. The expected behaviour is the package's
:func:`bleu.closest_ref_length` and :func:`bleu.brevity_penalty`.

The random cases make ties common (two references as far below the candidate's length as
others are above it), put the longer of two tied references first about half the time, and
give an empty candidate now and then.

>>> show_lengths(([["w"] * 9, ["w"] * 11], 10))
'closest_ref_length([["w"] * 9, ["w"] * 11], 10)'
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from numbers import Real

from ..brevity import brevity_penalty, closest_ref_length
from ..i18n import N_
from .code import CodeExercise, Mistake, register_code, same_result

References = Sequence[Sequence[Hashable]]


def words(*lengths: int) -> list[list[str]]:
    """References of the given lengths; only their lengths matter here."""
    return [["w"] * k for k in lengths]


def show_lengths(case: tuple) -> str:
    """The call with each reference written as ``["w"] * k``, short enough to paste back."""
    references, hyp_len = case
    shown = ", ".join(
        f'["w"] * {len(ref)}' if all(t == "w" for t in ref) else repr(list(ref))
        for ref in references
    )
    return f"closest_ref_length([{shown}], {hyp_len!r})"


def _closest_examples() -> list[tuple[list[list[str]], int]]:
    """The chapter's cases: 'it is', 001's tie (both orders), 002's 9 and 10, Examples 2 and 3,
    document 000's 'I always do.', the four references of 6, 12, 13 and 16 tokens.

    'it is' comes first: there the longest reference is wrong and no tie is involved, so a
    student who takes the longest gets that hint rather than the tie rule's.
    """
    return [
        (words(16, 18, 16), 2),
        (words(9, 11), 10),
        (words(11, 9), 10),
        (words(9, 10), 10),
        (words(3, 3, 3), 5),
        (words(3), 3),
        (words(6, 7), 2),
        (words(6, 12, 13, 16), 10),
    ]


def _closest_case(rng: random.Random) -> tuple[list[list[str]], int]:
    hyp_len = rng.randint(1, 12)
    lengths = [max(0, hyp_len + rng.randint(-4, 4)) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:  # a tie: one reference d below the candidate, one d above
        d = rng.randint(1, min(3, hyp_len))
        tied = [hyp_len - d, hyp_len + d]
        if rng.random() < 0.5:
            tied.reverse()
        at = rng.randint(0, len(lengths))
        lengths[at:at] = tied
        lengths = [k for k in lengths if abs(k - hyp_len) >= d]  # keep the tie the closest
    return words(*lengths), hyp_len


def _longest(references: References, hyp_len: int) -> int:
    return max(len(ref) for ref in references)


def _shortest(references: References, hyp_len: int) -> int:
    return min(len(ref) for ref in references)


def _first_of_tied(references: References, hyp_len: int) -> int:
    return min((len(ref) for ref in references), key=lambda k: abs(k - hyp_len))


def _tie_to_longer(references: References, hyp_len: int) -> int:
    return min((len(ref) for ref in references), key=lambda k: (abs(k - hyp_len), -k))


def _the_reference(references: References, hyp_len: int) -> list:
    """The closest reference itself (its tokens), not its length."""
    return list(min(references, key=lambda ref: (abs(len(ref) - hyp_len), len(ref))))


def _difference(references: References, hyp_len: int) -> int:
    """Document 000's slip: the smallest difference, not the length."""
    return min(abs(len(ref) - hyp_len) for ref in references)


CLOSEST_REF_LENGTH = register_code(
    CodeExercise(
        id="ch06.code-closest-ref-length",
        name="closest_ref_length",
        signature="closest_ref_length(references, hyp_len)",
        task=N_("Return r, the length of the reference closest in length to hyp_len (an int), "
        "with BLEU's rule for two equally close references."),
        reference=closest_ref_length,
        examples=_closest_examples,
        random_case=_closest_case,
        mistakes=(
            # listed before the tie to the longer one: on 001's tie with the longer reference
            # first both return 11, and this hint names what such code really does
            Mistake(
                "first of the tied references",
                _first_of_tied,
                N_("a key on the difference alone returns whichever tied reference comes first, so "
                "the result depends on the order of the references: put the length into the key "
                "too"),
            ),
            Mistake(
                "tie to the longer reference",
                _tie_to_longer,
                N_("two references are equally close here: BLEU's tie rule takes the shorter one"),
            ),
            Mistake(
                "longest reference",
                _longest,
                N_("r is not the longest reference (document 003's suggestion): it is the length "
                "closest to hyp_len"),
            ),
            Mistake(
                "shortest reference",
                _shortest,
                N_("r is not the shortest reference (TensorFlow NMT's rule): it is the length "
                "closest to hyp_len"),
            ),
            Mistake(
                "the reference, not its length",
                _the_reference,
                N_("return the closest reference's length, len(ref), an int: not the reference "
                "(its list of tokens) itself"),
            ),
            Mistake(
                "difference, not length",
                _difference,
                N_("return the reference's length, not its distance |len - hyp_len| from the "
                "candidate (document 000's slip)"),
            ),
        ),
        hint=N_("work the failing call by hand: write down each reference's length and its "
        "distance from hyp_len, pick the closest, and when two are equally close apply the "
        "tie rule of notebook 06; then compare with what your function returns."),
        raise_hint=N_("references holds the references themselves, lists of tokens, not their "
        "lengths: take len(ref) of each before comparing it with hyp_len. (The chapter's "
        "closest_length takes a list of lengths; to reuse it, pass it "
        "[len(ref) for ref in references].)"),
        notebook="06_brevity_penalty",
        show=show_lengths,
    )
)


def _bp_examples() -> list[tuple[int, int]]:
    """The chapter's (r, c) pairs: its table, 'it is', 001's tie, 003's 7/2, 004's 14/6."""
    return [(16, 2), (18, 9), (18, 18), (18, 20), (14, 6), (5, 0), (9, 10), (11, 10), (7, 2)]


def _bp_case(rng: random.Random) -> tuple[int, int]:
    r = rng.randint(1, 20)
    roll = rng.random()
    if roll < 0.15:
        return r, 0
    if roll < 0.3:
        return r, r
    return r, rng.randint(1, 24)


def _same_number(expected, returned) -> bool:
    """Numbers compare as real numbers, so that a student's int 1 matches a mistake's 1.0.

    NLTK's brevity_penalty returns the int 1 (and 0), the package and the mistakes floats;
    both kinds count as the same penalty, both when judging the result and when matching
    a mistake (which compares in both directions).
    """
    if isinstance(expected, Real) and isinstance(returned, Real):
        if isinstance(expected, bool) or isinstance(returned, bool):
            return False
        return same_result(float(expected), float(returned))
    return same_result(expected, returned)


def _exponent_swapped(closest_ref_len: int, hyp_len: int) -> float:
    r, c = closest_ref_len, hyp_len
    if c > r:
        return 1.0
    return 0.0 if c == 0 else math.exp(1 - c / r)


def _arguments_swapped(closest_ref_len: int, hyp_len: int) -> float:
    c, r = closest_ref_len, hyp_len  # reads the first argument as the candidate's length
    if c > r:
        return 1.0
    return 0.0 if c == 0 else math.exp(1 - r / c)


def _ratio_004(closest_ref_len: int, hyp_len: int) -> float:
    return min(1.0, hyp_len / closest_ref_len)


def _floor_division(closest_ref_len: int, hyp_len: int) -> float:
    r, c = closest_ref_len, hyp_len
    if c > r:
        return 1.0
    return 0.0 if c == 0 else math.exp(1 - r // c)


def _sign_flipped(closest_ref_len: int, hyp_len: int) -> float:
    r, c = closest_ref_len, hyp_len
    if c > r:
        return 1.0
    return 0.0 if c == 0 else math.exp(r / c - 1)


def _empty_gets_one(closest_ref_len: int, hyp_len: int) -> float:
    r, c = closest_ref_len, hyp_len
    if c > r or c == 0:
        return 1.0
    return math.exp(1 - r / c)


def _long_penalised(closest_ref_len: int, hyp_len: int) -> float:
    r, c = closest_ref_len, hyp_len
    return 0.0 if c == 0 else math.exp(1 - r / c)


BREVITY_PENALTY = register_code(
    CodeExercise(
        id="ch06.code-brevity-penalty",
        name="my_brevity_penalty",
        signature="my_brevity_penalty(closest_ref_len, hyp_len)",
        # a number: NLTK's brevity_penalty itself returns the int 1 (and 0), and the expected
        # float compares with any real number, so 1 and 1.0 both count (the notebook says so)
        task=N_("Return BP as a number with r = closest_ref_len and c = hyp_len: 1 if c > r, "
        "0 if c == 0, else exp(1 - r / c)."),
        reference=brevity_penalty,
        examples=_bp_examples,
        random_case=_bp_case,
        mistakes=(
            # before the swapped arguments: on (5, 0) both return 1.0
            Mistake(
                "empty candidate gets 1",
                _empty_gets_one,
                N_("an empty candidate (c == 0) gets BP = 0.0, not 1: it says nothing, so it is as "
                "short as a candidate can be"),
            ),
            Mistake(
                "arguments swapped",
                _arguments_swapped,
                N_("the first argument is r (closest_ref_len), the second c (hyp_len): NLTK's "
                "order, reference length first"),
            ),
            Mistake(
                "r / c swapped in the exponent",
                _exponent_swapped,
                N_("the exponent is 1 - r / c (reference length over candidate length), so that a "
                "short candidate gets a penalty far below 1"),
            ),
            Mistake(
                "sign of the exponent flipped",
                _sign_flipped,
                N_("the exponent is 1 - r / c, not r / c - 1: for a candidate shorter than r it is "
                "negative, so BP falls below 1 instead of rising above it"),
            ),
            Mistake(
                "004's ratio",
                _ratio_004,
                N_("BLEU's penalty is exponential, exp(1 - r / c), not document 004's ratio "
                "min(1, c / r)"),
            ),
            Mistake(
                "integer division",
                _floor_division,
                N_("r // c is integer division: use r / c"),
            ),
            Mistake(
                "long candidates penalised",
                _long_penalised,
                N_("a candidate longer than r gets BP = 1 (exp(1 - r / c) would exceed 1 there)"),
            ),
        ),
        hint=N_("work the failing call by hand: which of notebook 06's three cases is it? A "
        "candidate longer than r, an empty one (c == 0 gives 0.0: r / 0 would raise "
        "ZeroDivisionError), or the exponential one; compare your value with the expected."),
        notebook="06_brevity_penalty",
        compare=_same_number,
    )
)
