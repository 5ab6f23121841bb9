"""Tokenize and encode a whole stream of segments at once (the fast path's first step).

:mod:`bleu.tokenize` tokenizes one segment per call, as sacreBLEU does, which is easy to
read and check. For thousands of segments the per-call overhead dominates, so this module
runs the same ``13a`` rules once over the whole stream joined into one string, and turns
the tokens into integer ids for :mod:`bleu.stats`. The result is token for token the one
of :func:`bleu.tokenize.get_tokenizer` (tested on the notebooks' corpora and on random
strings full of punctuation), because every 13a rule looks at two neighbouring characters
only and the segments are joined with a separator token padded by spaces, which no rule
can match across.

>>> tokens, end = tokenize_stream(["It costs $3.50.", "U.S. troops"], "13a", False)
>>> " ".join("|" if token == end else token for token in tokens)
'It costs $ 3.50 . | U . S . troops |'
>>> ids, lengths = encode_segments(["It costs $3.50.", "U.S. troops"], "13a", False, Vocabulary())
>>> ids.tolist(), lengths.tolist()
([0, 1, 2, 3, 4, 6, 4, 8, 4, 10], [5, 5])
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import chain, count

import numpy as np

from .tokenize import _ALWAYS_SPLIT, _CONTEXT_RULES, _ENTITIES, get_tokenizer

_SYMBOLS = tuple(ch for ch in _ALWAYS_SPLIT if ch != " ")  # padding a space changes no token
_SYMBOL = re.compile("[" + re.escape("".join(_SYMBOLS)) + "]")
_PADDED = {ch: f" {ch} " for ch in _SYMBOLS}
# 13a's third rule, ([0-9])(-) -> "\1 \2 ", written to start with its rare literal "-"
_HYPHEN_AFTER_DIGIT = re.compile(r"-(?<=[0-9]-)")
# A lone period or comma (no period or comma beside it) ends up a token of its own unless
# it sits between two digits: these two patterns find those (literal replacement, fast).
_LONE = tuple(
    (re.compile(rf"\{c}(?<=[^.,0-9]\{c})(?![.,])|\{c}(?<=[^.,]\{c})(?![.,0-9])"), f" {c} ")
    for c in ".,"
)
_RUN = re.compile(r"[.,][.,]+")  # longer runs: worked out by _run_replacement
_DIGITS = frozenset("0123456789")
_PROBE = {"digit": "0", "other": "a", "edge": ""}
_RUN_CACHE: dict[tuple[str, str, str], str] = {}
# Separators: private-use characters no tokenizer rule touches; one absent from the text is used.
_SENTINELS = tuple(chr(code) for code in range(0xE000, 0xE100))


def _context(char: str | None) -> str:
    if char is None:
        return "edge"
    return "digit" if char in _DIGITS else "other"


def _run_replacement(before: str, run: str, after: str) -> str:
    """What 13a's period/comma rules make of ``run`` between two characters of these kinds.

    The rules (``([^0-9])([.,])`` then ``([.,])([^0-9])``) only ask whether a neighbour is
    a digit, so the answer is found by running them on a probe with stand-in neighbours.
    """
    key = (before, run, after)
    found = _RUN_CACHE.get(key)
    if found is None:
        left, right = _PROBE[before], _PROBE[after]
        probe = left + run + right
        for pattern, replacement in _CONTEXT_RULES[:2]:
            probe = pattern.sub(replacement, probe)
        found = probe[len(left) : len(probe) - len(right)]
        if len(run) <= 8:
            _RUN_CACHE[key] = found
    return found


def _replace_run(match: re.Match) -> str:
    text, start, end = match.string, match.start(), match.end()
    before = _context(text[start - 1] if start else None)
    after = _context(text[end] if end < len(text) else None)
    return _run_replacement(before, match.group(), after)


def _pad(match: re.Match) -> str:
    return _PADDED[match.group()]


def _prepare_13a(line: str) -> str:
    """The per-line part of 13a that a newline inside a segment would make unsafe to batch."""
    return line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")


def _sentinel(text: str) -> str:
    for char in _SENTINELS:
        if char not in text:
            return char
    raise ValueError("the text uses every separator character U+E000..U+E0FF")  # pragma: no cover


def _joined_13a(lines: list[str]) -> tuple[str, str]:
    """The whole stream tokenized by 13a as one string, segments separated by a sentinel."""
    if any("\n" in line or "<skipped>" in line for line in lines):
        lines = [_prepare_13a(line) for line in lines]
    probe = "\n".join(lines)
    sentinel = _sentinel(probe)
    text = " " + f" {sentinel} ".join(lines) + " "  # mteval pads each segment with spaces
    if "&" in text:
        for entity, char in _ENTITIES:
            text = text.replace(entity, char)
    text = _SYMBOL.sub(_pad, text)
    for pattern, replacement in _LONE:
        if pattern.pattern[1] in text:
            text = pattern.sub(replacement, text)
    if ".." in text or ",," in text or ".," in text or ",." in text:
        text = _RUN.sub(_replace_run, text)
    return _HYPHEN_AFTER_DIGIT.sub(" - ", text), sentinel


def tokenize_stream(segments: list[str], tokenize: str, lowercase: bool) -> tuple[list, str]:
    """All tokens of ``segments`` in one flat list, a sentinel token ending each segment.

    Segments are prepared as :func:`bleu.sacre.segment_stats` prepares them: lowercased
    when asked, trailing whitespace stripped, then tokenized and split on whitespace.
    Returns the tokens and the sentinel (a character absent from every segment).
    """
    lines = [s.lower().rstrip() for s in segments] if lowercase else [s.rstrip() for s in segments]
    if not lines:
        return [], _SENTINELS[0]
    if tokenize == "13a":
        text, sentinel = _joined_13a(lines)
        return [*text.split(), sentinel], sentinel
    tokenizer = get_tokenizer(tokenize)
    sentinel = _sentinel("\n".join(lines))
    tokens: list = []
    for line in lines:
        tokens += tokenizer(line).split()
        tokens.append(sentinel)
    return tokens, sentinel


class Vocabulary(dict):
    """Token -> integer id, shared by the streams encoded with it.

    Ids are unique but not dense: a new token gets the running position of its first
    occurrence (``next_id`` counts every token encoded so far), so that encoding is one
    pass of ``dict.setdefault`` in C. Ids stay below the number of tokens encoded.
    """

    def __init__(self) -> None:
        super().__init__()
        self.next_id = 0


def encode(tokens: list, vocab: Vocabulary) -> np.ndarray:
    """Token ids (``int64``); a token not yet in ``vocab`` is added to it."""
    ids = np.fromiter(
        map(vocab.setdefault, tokens, count(vocab.next_id)), dtype=np.int64, count=len(tokens)
    )
    vocab.next_id += len(tokens)
    return ids


def encode_segments(
    segments: list[str], tokenize: str, lowercase: bool, vocab: Vocabulary
) -> tuple[np.ndarray, np.ndarray]:
    """Token ids of every segment, concatenated, and the number of tokens in each segment."""
    tokens, sentinel = tokenize_stream(segments, tokenize, lowercase)
    if not tokens:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    ids = encode(tokens, vocab)
    ends = np.flatnonzero(ids == vocab[sentinel])
    lengths = np.diff(ends, prepend=-1) - 1
    return ids[ids != vocab[sentinel]], lengths


def encode_token_lists(lists: Iterable[list], vocab: Vocabulary) -> tuple[np.ndarray, np.ndarray]:
    """Ids of already tokenized sentences, concatenated, and each sentence's length."""
    lists = list(lists)
    lengths = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
    return encode(list(chain.from_iterable(lists)), vocab), lengths
