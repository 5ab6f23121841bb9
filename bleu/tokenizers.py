"""sacreBLEU's tokenizers: ``none``, ``13a``, ``intl``, ``char`` and ``zh`` re-implemented,
and ``ko-mecab`` (Korean morphemes, through the optional extra: :mod:`bleu.tokenizer_ko`).

BLEU counts n-grams of *tokens*, so the same text scores differently under different
tokenizers. sacreBLEU (Post, 2018, "A Call for Clarity in Reporting BLEU Scores") fixes
the tokenizer and records its name in the signature. Each function here takes one
segment (a ``str``) and returns the tokenized segment as a ``str`` whose tokens are
separated by spaces, exactly as sacreBLEU 2.6.0 does:

- ``none``: the text unchanged (BLEU then splits on whitespace only);
- ``13a``: the tokenizer of NIST's ``mteval-v13a.pl`` used by WMT: undo four HTML
  entities, split off ASCII punctuation and symbols, split ``.`` and ``,`` unless they sit
  in a number, split ``-`` after a digit;
- ``intl``: ``mteval-v14.pl --international-tokenization``: split off every Unicode
  punctuation (``\\p{P}``) mark not next to a digit and every symbol (``\\p{S}``);
- ``char``: every character is a token;
- ``zh``: every Chinese character (by sacreBLEU's code-point table, quirks included) is a
  token, the rest is tokenized like ``13a``;
- ``ko-mecab``: Korean split into morphemes by MeCab-ko, the analyser sacreBLEU calls
  (:mod:`bleu.tokenizer_ko`; it needs the ``korean`` extra, and its signature field names
  the analyser's version: :func:`tokenizer_signature`).

>>> get_tokenizer("13a")("Hello, world! It costs $3.50.")
'Hello , world ! It costs $ 3.50 .'
>>> get_tokenizer("zh")("我爱北京。")
'我 爱 北 京 。'

Defined in notebook 08 (libraries: tokenization and sacreBLEU).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache

from .checks import check_bool, check_choice, check_segment, check_segments
from .tokenizer_ko import ko_mecab_signature, tokenize_ko_mecab

TOKENIZERS: tuple[str, ...] = ("none", "13a", "intl", "char", "zh")
"""The tokenizers this module implements itself, as sacreBLEU spells them (no extra needed)."""

OPTIONAL_TOKENIZERS: tuple[str, ...] = ("ko-mecab",)
"""The tokenizers that call an analyser from an optional extra (:mod:`bleu.tokenizer_ko`)."""

TOKENIZER_NAMES: tuple[str, ...] = TOKENIZERS + OPTIONAL_TOKENIZERS
"""Every tokenizer name the scorers and the command line accept."""

_CACHE_SIZE = 2**16  # references repeat across systems; sacreBLEU caches as much

# --- 13a (mteval-v13a.pl) -------------------------------------------------------------

# ASCII punctuation and symbols that 13a always splits off (the apostrophe, comma,
# hyphen and period are handled by the context rules below or kept).
ALWAYS_SPLIT = '!"#$%&()*+/:;<=>?@[\\]^_`{|}~'

# mteval's context rules, as its Perl substitutions are written (applied one after the
# other, left to right, each match consuming both characters). They are the definition;
# :func:`_apply_13a_rules` below applies them in a faster but equivalent form, and uses
# them directly for the rare runs of several periods and commas.
_CONTEXT_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"([^0-9])([.,])"), r"\1 \2 "),  # period/comma after a non-digit
    (re.compile(r"([.,])([^0-9])"), r" \1 \2"),  # period/comma before a non-digit
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),  # hyphen after a digit
)

_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))
_ENTITY = re.compile("|".join(entity for entity, _ in _ENTITIES))

_SYMBOL = re.compile("[" + re.escape(ALWAYS_SPLIT) + "]")
_PADDED = {ch: f" {ch} " for ch in ALWAYS_SPLIT}
# Rule 3, ([0-9])(-) -> "\1 \2 ", written to start with its rare literal "-".
_HYPHEN_AFTER_DIGIT = re.compile(r"-(?<=[0-9]-)")
# Rules 1 and 2 for a lone period or comma (no period or comma beside it): it becomes a
# token when it has a non-digit on its left (rule 1) or on its right (rule 2).
_LONE = tuple(
    (re.compile(rf"\{c}(?<=[^.,0-9]\{c})(?![.,])|\{c}(?<![.,]\{c})(?=[^.,0-9])"), f" {c} ")
    for c in ".,"
)
# Runs of two or more (``[.,][.,]+``): rules 1 and 2 run on a probe (_replace_runs).
_DIGITS = frozenset("0123456789")
_PROBE = {"digit": "0", "other": "a", "edge": ""}
_RUN_CACHE: dict[tuple[str, str, str], str] = {}


def _context(char: str | None) -> str:
    if char is None:
        return "edge"
    return "digit" if char in _DIGITS else "other"


def _run_replacement(before: str, run: str, after: str) -> str:
    """What rules 1 and 2 make of a run of periods and commas between these neighbours.

    The rules only ask whether a neighbour is a digit, so the answer is found by running
    them on a probe with stand-in neighbours.
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


def _replace_runs(text: str) -> str:
    """Every run of two or more periods and commas replaced as rules 1 and 2 make it.

    Four ``str.find`` calls (fast searches) tell whether any run is there at all; runs are
    rare in real text. The runs are then found by one regular expression and each is
    replaced by :func:`_cut_run` (the rules' result in closed form; no loop over its
    characters in Python, so a run of a thousand periods costs no more than a short one).
    """
    if all(pair not in text for pair in ("..", ",,", ".,", ",.")):
        return text
    return _RUN.sub(_cut_run, text)


_RUN = re.compile(r"[.,]{2,}")


def _cut_run(match: re.Match) -> str:
    """What rules 1 and 2 make of the run ``match``, up to the number of spaces.

    They leave every character of a run of ``L >= 2`` a token of its own, with a space
    before the run; the last character stays joined to a digit after it when ``L``, plus
    one if a digit (or the start of the text) precedes the run, is even. Tested against
    the rules themselves (:func:`_run_replacement`) for every context and short run.
    """
    run, text, start, end = match.group(), match.string, match.start(), match.end()
    left_digit = start == 0 or text[start - 1] in _DIGITS
    joined = text[end : end + 1] in _DIGITS and (len(run) + left_digit) % 2 == 0
    return " " + " ".join(run) + ("" if joined else " ")


def _pad(match: re.Match) -> str:
    return _PADDED[match.group()]


def _apply_13a_rules(text: str) -> str:
    """13a's punctuation rules on ``text``; the tokens are its whitespace-separated parts.

    The one implementation of the rules, for one segment and for a whole stream of them
    joined by a separator token (no rule looks further than one character either side).
    """
    text = _SYMBOL.sub(_pad, text)
    for pattern, replacement in _LONE:
        if pattern.pattern[1] in text:
            text = pattern.sub(replacement, text)
    text = _replace_runs(text)
    if "-" in text:
        text = _HYPHEN_AFTER_DIGIT.sub(" - ", text)
    return text


def prepare_13a(line: str) -> str:
    """mteval's clean-up of a segment before the rules: markup, line breaks, entities.

    Each step runs only where its text occurs (a one-character search first): on a whole
    stream of segments the searches cost far less than seven replacements.
    """
    if "<" in line:
        line = line.replace("<skipped>", "")
    if "\n" in line:
        line = line.replace("-\n", "").replace("\n", " ")
    if "&" in line and _ENTITY.search(line):  # no entity at first: no replacement makes one
        for entity, char in _ENTITIES:
            line = line.replace(entity, char)
    return line


@lru_cache(maxsize=_CACHE_SIZE)
def _tok_13a(line: str) -> str:
    # mteval pads the segment with one space on each side before the rules run, so that
    # a period at either end also has a (non-digit) neighbour.
    return " ".join(_apply_13a_rules(f" {prepare_13a(line)} ").split())


# --- intl (mteval-v14.pl, international) ----------------------------------------------

_INTL_RULES: list | None = None


def _intl_rules() -> list:
    """Compile the Unicode-class rules on first use (they need the ``regex`` package)."""
    global _INTL_RULES
    if _INTL_RULES is None:
        try:
            import regex
        except ImportError as exc:  # pragma: no cover - regex is in requirements.txt
            raise ImportError(
                "the 'intl' tokenizer needs the 'regex' package (pip install regex) for "
                "Unicode property classes such as \\p{P}"
            ) from exc
        _INTL_RULES = [
            (regex.compile(r"(\P{N})(\p{P})"), r"\1 \2 "),  # punctuation after a non-number
            (regex.compile(r"(\p{P})(\P{N})"), r" \1 \2"),  # punctuation before a non-number
            (regex.compile(r"(\p{S})"), r" \1 "),  # every symbol
        ]
    return _INTL_RULES


@lru_cache(maxsize=_CACHE_SIZE)
def _tok_intl(line: str) -> str:
    for pattern, replacement in _intl_rules():
        line = pattern.sub(replacement, line)
    return " ".join(line.split())


# --- zh ------------------------------------------------------------------------------

# Code-point ranges (inclusive) that sacreBLEU's zh tokenizer treats as Chinese. Its table
# writes two supplementary-plane ranges as "\u20000"-"\u2a6d6" and "\u2f800"-"\u2fa1d";
# in Python those are two-character strings, so for a single character the comparisons
# select U+2001..U+2A6D (general punctuation, symbols, arrows, maths, ...) and
# U+2F81..U+2FA1 instead, and CJK Extension B (U+20000..) is not covered. We keep the
# ranges as they behave, since the point is to agree with sacreBLEU.
_CHINESE_RANGES: tuple[tuple[int, int], ...] = (
    (0x2001, 0x2A6D),  # meant: U+20000..U+2A6D6, CJK Extension B (see above)
    (0x2E80, 0x2EFF),  # CJK Radicals Supplement
    (0x2F00, 0x2FDF),  # Kangxi Radicals
    (0x2F81, 0x2FA1),  # meant: U+2F800..U+2FA1D, CJK Compatibility Supplement
    (0x2FF0, 0x2FFF),  # Ideographic Description Characters
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3100, 0x312F),  # Bopomofo
    (0x31A0, 0x31BF),  # Bopomofo Extended
    (0x31C0, 0x31EF),  # CJK Strokes
    (0x3200, 0x32FF),  # Enclosed CJK Letters and Months
    (0x3300, 0x33FF),  # CJK Compatibility
    (0x3400, 0x4DB5),  # CJK Extension A
    (0x4E00, 0x9FA5),  # CJK Unified Ideographs
    (0x9FA6, 0x9FBB),  # CJK Unified Ideographs (Unicode 4.1)
    (0xF900, 0xFA2D),  # CJK Compatibility Ideographs
    (0xFA30, 0xFA6A),
    (0xFA70, 0xFAD9),
    (0xFE10, 0xFE1F),  # Vertical Forms
    (0xFE30, 0xFE4F),  # CJK Compatibility Forms
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
    (0x2600, 0x26FF),  # Miscellaneous Symbols (inside the first range already)
    (0x2700, 0x27BF),  # Dingbats (likewise)
)


def _merge(ranges: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int]]:
    starts: list[int] = []
    ends: list[int] = []
    for lo, hi in sorted(ranges):
        if starts and lo <= ends[-1] + 1:
            ends[-1] = max(ends[-1], hi)
        else:
            starts.append(lo)
            ends.append(hi)
    return starts, ends


_CJK_STARTS, _CJK_ENDS = _merge(_CHINESE_RANGES)


def is_chinese_char(char: str) -> bool:
    """True when sacreBLEU's ``zh`` tokenizer makes ``char`` a token of its own.

    >>> is_chinese_char("中"), is_chinese_char("a"), is_chinese_char("€")
    (True, False, True)
    """
    if not isinstance(char, str) or len(char) != 1:
        raise TypeError(f"char must be a single character, not {char!r}")
    code = ord(char)
    i = bisect_right(_CJK_STARTS, code) - 1
    return i >= 0 and code <= _CJK_ENDS[i]


@lru_cache(maxsize=_CACHE_SIZE)
def _tok_zh(line: str) -> str:
    spaced = "".join(f" {ch} " if is_chinese_char(ch) else ch for ch in line.strip())
    return " ".join(_apply_13a_rules(spaced).split())  # no 13a clean-up, no padding


# --- none, char and the registry ------------------------------------------------------


def _tok_none(line: str) -> str:
    return line


def _tok_char(line: str) -> str:
    return " ".join(line)  # whitespace characters become "tokens" too; BLEU drops them


_FUNCTIONS: dict[str, Callable[[str], str]] = {
    "none": _tok_none,
    "13a": _tok_13a,
    "intl": _tok_intl,
    "char": _tok_char,
    "zh": _tok_zh,
    "ko-mecab": tokenize_ko_mecab,
}


def _checked(name: str) -> Callable[[str], str]:
    inner = _FUNCTIONS[name]

    def tokenizer(line: str) -> str:
        if not isinstance(line, str):
            raise TypeError(f"line must be a str (one segment), not {type(line).__name__}")
        return inner(line)

    tokenizer.__name__ = tokenizer.__qualname__ = f"tokenize_{name}"
    tokenizer.__doc__ = f"Tokenize one segment as sacreBLEU's {name!r} tokenizer does."
    return tokenizer


_PUBLIC = {name: _checked(name) for name in TOKENIZER_NAMES}


def check_tokenizer_name(tokenize: object, name: str = "tokenize") -> str:
    """Return ``tokenize`` if it names a tokenizer of :data:`TOKENIZER_NAMES`, else raise."""
    return check_choice(tokenize, name, TOKENIZER_NAMES, "tokenizer")


def tokenizer_signature(tokenize: str) -> str:
    """The ``tok:`` field of sacreBLEU's signature for the tokenizer ``tokenize``: its name,
    and for ``ko-mecab`` the analyser's version too (``ko-mecab-0.996/ko-0.9.2-KO``).

    >>> tokenizer_signature("13a")
    '13a'
    """
    if check_tokenizer_name(tokenize) == "ko-mecab":
        return ko_mecab_signature()
    return tokenize


def get_tokenizer(tokenize: str) -> Callable[[str], str]:
    """The tokenizer function called ``tokenize`` (one of :data:`TOKENIZER_NAMES`).

    >>> get_tokenizer("char")("BLEU!")
    'B L E U !'
    >>> get_tokenizer("intl")("Größe: 3,5 m².")  # mteval-v14 keeps a period after a number
    'Größe : 3,5 m².'
    """
    return _PUBLIC[check_tokenizer_name(tokenize)]


# --- whole segments and whole streams --------------------------------------------------


def segment_tokens(segment: str, tokenize: str, lowercase: bool) -> list[str]:
    """sacreBLEU's preprocessing of one segment: lowercase if asked, strip trailing
    whitespace, tokenize, split on whitespace.

    >>> segment_tokens("It costs $3.50.  ", "13a", lowercase=True)
    ['it', 'costs', '$', '3.50', '.']
    """
    segment = check_segment(segment, "segment")
    check_tokenizer_name(tokenize)
    if check_bool(lowercase, "lowercase"):
        segment = segment.lower()
    return _FUNCTIONS[tokenize](segment.rstrip()).split()


# Separators for a joined stream: characters no tokenizer rule touches and ``str.split``
# keeps (not whitespace, not punctuation), control characters first so that ASCII text
# stays ASCII (:mod:`bleu.chunked` reads it one byte a character).
_SEPARATORS = "".join(map(chr, (*range(0, 9), *range(14, 28), *range(0xE000, 0xE100))))


def join_segments(lines: list[str]) -> tuple[str, str]:
    """The lines joined by `` S `` for a separator character ``S`` found in none of them,
    and ``S``.

    >>> join_segments(["a\\x00b", "c"])
    ('a\\x00b \\x01 c', '\\x01')
    """
    for separator in _SEPARATORS:
        text = f" {separator} ".join(lines)
        if text.count(separator) == max(len(lines) - 1, 0):
            return text, separator
    raise ValueError(
        "the text uses every separator character (U+0000-U+0008, U+000E-U+001B and "
        "U+E000-U+E0FF)"
    )


def stripped_lines(segments: list[str], lowercase: bool) -> list[str]:
    """sacreBLEU's first steps on checked segments: lowercase if asked, strip the end."""
    if lowercase:
        return [s.lower().rstrip() for s in segments]
    return [s.rstrip() for s in segments]


def stream_13a(lines: list[str]) -> tuple[str, str]:
    r"""Stripped lines as one text ready for the 13a rules, and its separator.

    The lines are joined by a separator found in none of them (:func:`join_segments`),
    cleaned up by :func:`prepare_13a` once (no clean-up step spans a separator), padded
    with a space at each end as mteval pads a segment, and closed by a last separator, so
    that every segment, the last one too, ends at a separator token. The string tokenizer
    (:func:`tokenize_stream`) and the array one (:mod:`bleu.chunked`) both start here.

    >>> stream_13a(["a&amp;b", "c"])
    (' a&b \x00 c \x00 ', '\x00')
    """
    joined, separator = join_segments(lines)
    return f" {prepare_13a(joined)} {separator} ", separator


def tokenize_stream(segments: list[str], tokenize: str, lowercase: bool) -> tuple[list[str], str]:
    """The tokens of every segment in one flat list, a separator token after each segment.

    The same tokens as :func:`segment_tokens` segment by segment (tested), faster for
    thousands of segments: ``13a`` runs once over the whole stream (:func:`stream_13a`),
    joined by a separator token padded with spaces, which no rule can match across.
    Returns the tokens and the separator (a character found in no segment).

    >>> tokens, end = tokenize_stream(["It costs $3.50.", "U.S. troops"], "13a", False)
    >>> " ".join("|" if token == end else token for token in tokens)
    'It costs $ 3.50 . | U . S . troops |'
    """
    segments = check_segments(segments, "segments")
    check_tokenizer_name(tokenize)
    lines = stripped_lines(segments, check_bool(lowercase, "lowercase"))
    if not lines:
        return [], join_segments(lines)[1]
    if tokenize == "13a":
        text, separator = stream_13a(lines)
        return _apply_13a_rules(text).split(), separator
    _, separator = join_segments(lines)
    tokenizer = _FUNCTIONS[tokenize]
    tokens: list[str] = []
    for line in lines:
        tokens += tokenizer(line).split()
        tokens.append(separator)
    return tokens, separator
