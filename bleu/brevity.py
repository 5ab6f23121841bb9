"""The brevity penalty (Papineni et al., 2002, section 2.2.2).

Precision alone rewards short candidates ("it is" has p_1 = p_2 = 1). BLEU multiplies by::

    BP = 1                if c > r
    BP = exp(1 - r / c)   if 0 < c <= r
    BP = 0                if c == 0

where ``c`` is the candidate length and ``r`` the *effective reference length*: the
length of the reference closest to ``c``, the shorter one on a tie.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

from ._validate import check_length, check_references


def closest_ref_length(references: Iterable[Sequence[Hashable]], hyp_len: int) -> int:
    """Length of the reference whose length is closest to ``hyp_len`` (ties: the shorter).

    >>> closest_ref_length([["a"] * 9, ["a"] * 11], 10)
    9
    >>> closest_ref_length([["a"] * 16, ["a"] * 18, ["a"] * 16], 18)
    18
    """
    references = check_references(references)
    hyp_len = check_length(hyp_len, "hyp_len")
    return _closest(map(len, references), hyp_len)


def _closest(ref_lens: Iterable[int], hyp_len: int) -> int:
    return min(ref_lens, key=lambda ref_len: (abs(ref_len - hyp_len), ref_len))


def brevity_penalty(closest_ref_len: int, hyp_len: int) -> float:
    """``1`` if ``c > r``, ``0`` if ``c == 0``, else ``exp(1 - r / c)``.

    Arguments follow NLTK's order: the effective reference length ``r`` first, then the
    hypothesis length ``c``. For a corpus, pass the sums of both over all sentences.

    >>> brevity_penalty(18, 18)
    1.0
    >>> round(brevity_penalty(7, 2), 3)
    0.082
    """
    r = check_length(closest_ref_len, "closest_ref_len")
    c = check_length(hyp_len, "hyp_len")
    if c > r:
        return 1.0
    if c == 0:
        return 0.0
    return math.exp(1 - r / c)
