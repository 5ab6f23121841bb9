"""13a tokenization of a whole stream of segments as arrays: token spans and token hashes.

:mod:`bleu.tokenizers` applies mteval-v13a's rules as regular-expression substitutions and
splits the result into Python strings. Every rule looks at one character and its two
neighbours, so the same tokens can be found without building any string: read the text
as an array of code points, mark where the rules would insert a space, and the tokens are
the runs of non-space characters between the marks. Each token is then named by a 64-bit
polynomial hash of its characters. All of it is numpy on large arrays, which releases the
GIL, so :mod:`bleu.chunked` tokenizes two chunks of a corpus at the same time.

The rules, per character ``x`` of the segment padded with one space on each side:

- a symbol of ``!"#$%&()*+/:;<=>?@[\\]^_`{|}~`` is a token of its own;
- ``-`` after a digit is a token of its own;
- a lone ``.`` or ``,`` (no period or comma beside it) is a token of its own unless it sits
  between two digits;
- a run of several periods and commas becomes one token per character, except that its
  last character stays with a digit after it when the run's length (plus one if a digit
  precedes it) is even: what the regular expressions make of it, found with array
  operations for all runs at once (:func:`_dot_cuts`);
- whitespace is what ``str.split`` splits on.

Hashes are exact only with a check: two different tokens may share a hash. The caller
compares every token with the first token that shares its hash and segment
(:func:`check_same_tokens`) and falls back to string tokens when any differs.

>>> text = " It costs $3.50.  \\x00  U.S. troops "
>>> codes = code_points(text)
>>> starts, ends = token_spans(codes, text)
>>> [text[s:e] for s, e in zip(starts, ends)]
['It', 'costs', '$', '3.50', '.', '\\x00', 'U', '.', 'S', '.', 'troops']

Used by :mod:`bleu.chunked`, the path of ``bleu.corpus_score`` for 13a (notebook 10).
"""

from __future__ import annotations

import numpy as np

from .tokenizers import ALWAYS_SPLIT

# Character classes of the Basic Multilingual Plane; every character above it is OTHER.
OTHER, SPACE, SYMBOL, DOT, DIGIT, DASH = range(6)
_CLASS = np.full(0x10000, OTHER, dtype=np.uint8)
_CLASS[[c for c in range(0x10000) if chr(c).isspace()]] = SPACE  # what str.split splits on
_CLASS[[ord(c) for c in ALWAYS_SPLIT]] = SYMBOL
_CLASS[[ord("."), ord(",")]] = DOT
_CLASS[ord("0") : ord("9") + 1] = DIGIT
_CLASS[ord("-")] = DASH

_P = np.uint64(0x9E3779B97F4A7C15)  # odd (so invertible modulo 2**64), bits well spread
_P_INVERSE = np.uint64(pow(int(_P), -1, 2**64))
_POWERS_KEPT = 2**21  # powers of P kept between calls (two tables of 16 MiB at most)
_powers_table = (np.ones(1, dtype=np.uint64), np.ones(1, dtype=np.uint64))


def code_points(text: str) -> np.ndarray:
    """The code points of ``text`` in the narrowest of ``uint8``, ``uint16``, ``uint32``."""
    if text.isascii():
        return np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    try:
        return np.frombuffer(text.encode("latin-1"), dtype=np.uint8)
    except UnicodeEncodeError:
        pass
    wide = text.encode("utf-16-le", "surrogatepass")
    if len(wide) == 2 * len(text):  # no character beyond U+FFFF
        return np.frombuffer(wide, dtype="<u2")
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")


def classes(codes: np.ndarray) -> np.ndarray:
    """Each character's class: OTHER, SPACE, SYMBOL, DOT, DIGIT or DASH."""
    if codes.dtype.itemsize == 4:
        codes = np.minimum(codes, 0xFFFF)  # U+FFFF is OTHER, as everything above it
    return _CLASS[codes]


def _dot_cuts(cls: np.ndarray, alone: np.ndarray, cut: np.ndarray) -> None:
    """Mark periods and commas: a lone one that is a token in ``alone``; the cuts inside
    and around a run of several in ``cut``.

    Rules 1 and 2 (``([^0-9])([.,])`` and ``([.,])([^0-9])``, each match consuming both
    characters) split a run of ``L >= 2`` periods and commas into single characters and
    put a space before it; the space after it is left out only when a digit follows and
    ``L`` plus one if a digit precedes is even (the last character then never met a
    non-digit on its right). Tested against the rules themselves for every short run
    (``the rules of bleu.tokenizers``) and against sacreBLEU's tokenizer.
    """
    at = np.flatnonzero(cls == DOT)
    if len(at) == 0:
        return
    before, after = cls[at - 1], cls[at + 1]  # the text is padded: never out of range
    lone = (before != DOT) & (after != DOT)
    alone[at[lone & ((before != DIGIT) | (after != DIGIT))]] = True
    in_run = at[~lone]
    if len(in_run) == 0:
        return
    cut[in_run] = True  # a space before every character of a run
    firsts = in_run[cls[in_run - 1] != DOT]
    lasts = in_run[cls[in_run + 1] != DOT]
    length = lasts - firsts + 1 + (cls[firsts - 1] == DIGIT)
    attached = (cls[lasts + 1] == DIGIT) & (length % 2 == 0)
    cut[lasts[~attached] + 1] = True


def token_spans(codes: np.ndarray, text: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Start and end (exclusive) of every 13a token of ``text``, whose code points are ``codes``.

    ``text`` is a stream already cleaned by 13a's first step (entities, line breaks) and
    padded: it starts and ends with a space, as mteval pads each segment. Only its code
    points are read (``text`` itself is no longer needed; it is accepted so that callers
    written for the version that cut runs of periods with regular expressions still work).
    """
    cls = classes(codes)
    alone = cls == SYMBOL  # characters that are a token of their own
    dashes = np.flatnonzero(cls == DASH)
    alone[dashes[cls[dashes - 1] == DIGIT]] = True
    cut = np.zeros(len(codes) + 1, dtype=bool)  # cut[i]: a boundary between i - 1 and i
    _dot_cuts(cls, alone, cut)
    space = cls == SPACE
    edge = space | alone
    cut[1:-1] |= edge[:-1]  # after a space or a lone character
    cut[1:-1] |= alone[1:]  # before a lone character
    solid = ~space
    begins = solid & cut[:-1]
    finishes = solid & (cut[1:] | np.append(space[1:], True))
    return np.flatnonzero(begins), np.flatnonzero(finishes) + 1


def _powers(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``P**i`` and ``P**-i`` modulo 2**64 for ``i < n`` (at least)."""
    global _powers_table
    powers, inverses = _powers_table
    if len(powers) < n:
        size = max(n, min(2 * len(powers), _POWERS_KEPT))
        powers = np.full(size, _P, dtype=np.uint64)
        inverses = np.full(size, _P_INVERSE, dtype=np.uint64)
        powers[0] = inverses[0] = 1
        np.cumprod(powers, out=powers)
        np.cumprod(inverses, out=inverses)
        if size <= _POWERS_KEPT:
            _powers_table = powers, inverses
    return powers, inverses


def token_hashes(codes: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each token's code points: ``sum_j c_j P**j`` (mod 2**64), mixed."""
    n = len(codes)
    powers, inverses = _powers(n + 1)
    weighted = np.empty(n + 1, dtype=np.uint64)
    weighted[0] = 0
    np.multiply(codes, powers[:n], out=weighted[1:], casting="unsafe")
    np.cumsum(weighted, out=weighted)
    return _mix((weighted[ends] - weighted[starts]) * inverses[starts])


def _mix(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 64-bit finalizer: every input bit reaches every output bit."""
    h ^= h >> np.uint64(33)
    h *= np.uint64(0xFF51AFD7ED558CCD)
    h ^= h >> np.uint64(33)
    h *= np.uint64(0xC4CEB9FE1A85EC53)
    h ^= h >> np.uint64(33)
    return h


class HashCollision(Exception):
    """Two different tokens of one segment share a hash: count this chunk with strings."""


def check_same_tokens(
    codes: np.ndarray, starts: np.ndarray, ends: np.ndarray, groups: np.ndarray, heads: np.ndarray
) -> None:
    """Raise :class:`HashCollision` unless every token equals the head of its group.

    Token ``i`` spans ``codes[starts[i]:ends[i]]`` and belongs to group ``groups[i]``,
    whose first token is ``heads[groups[i]]``. Comparing every token with its head,
    character by character, makes hash-equal tokens provably equal.
    """
    head = heads[groups]
    other = np.flatnonzero(head != np.arange(len(groups)))
    if len(other) == 0:
        return
    a, b = starts[other], starts[head[other]]
    size = ends[other] - a
    if not np.array_equal(size, ends[head[other]] - b):
        raise HashCollision
    # Compared a block of about CHECK_CHARS characters at a time: the gathers take 8 bytes
    # per character compared, and runaway text repeats nearly every token.
    done = np.cumsum(size)
    first = 0
    while first < len(other):
        base = int(done[first - 1]) if first else 0
        stop = int(np.searchsorted(done, base + CHECK_CHARS, side="right"))
        stop = min(max(stop, first + 1), len(other))
        _compare(codes, a[first:stop], b[first:stop], size[first:stop])
        first = stop


CHECK_CHARS = 2**18
"""Characters compared at a time by :func:`check_same_tokens` (a few MiB of indices)."""


def _compare(codes: np.ndarray, a: np.ndarray, b: np.ndarray, size: np.ndarray) -> None:
    """Raise :class:`HashCollision` unless ``codes[a[i]:a[i] + size[i]]`` equals
    ``codes[b[i]:b[i] + size[i]]`` for every ``i``."""
    begin = np.cumsum(size) - size  # where each token's characters start in the gathered run
    step = np.arange(int(begin[-1] + size[-1])) - np.repeat(begin, size)
    if not np.array_equal(codes[np.repeat(a, size) + step], codes[np.repeat(b, size) + step]):
        raise HashCollision
