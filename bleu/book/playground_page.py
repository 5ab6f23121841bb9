"""The BLEU playground page: its files, the notebooks' examples, and fonts for typed CJK.

``write_playground(out, lang)`` writes ``playground.html`` in English or Korean (the page is
``playground/playground.html`` or ``playground.ko.html``; the script takes its own words
from the page's ``lang``), with the examples of ``data/examples.json`` written into it as
JSON, one button each, the site's language switch, its script and style, and
two fonts for whatever Korean or Chinese a reader types: every Hangul syllable and jamo
(Noto Sans CJK KR) and the 3,755 most common simplified Chinese characters, GB 2312 level 1
(Noto Sans CJK SC). Unlike the pages' subsets (:mod:`bleu.book.fonts`), which hold only the
characters the pages use, these cannot be known in advance, so they are cut once by
``python -m bleu.book.playground_page fonts`` and kept in the repository
(bleu/book/playground/fonts/, about 1.1 MB, SIL Open Font License 1.1).
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

from ..data import load_example
from . import fonts

PLAYGROUND = Path(__file__).resolve().parent / "playground"
TYPED_FONTS = PLAYGROUND / "fonts"
TYPED_FONT_FILES = {"ko": "playground-kr.woff2", "zh": "playground-sc.woff2"}

EXAMPLES = (
    # (example set, candidate, button label, normalise as the notebooks do for it)
    ("example1", "Ca1", "Ex. 1 · Ca1", True),
    ("example1", "Ca2", "Ex. 1 · Ca2", True),
    ("example1", "Ca3", "Ex. 1 · Ca3 (shuffled)", True),
    ("example1", "Ca4", "Ex. 1 · it is", True),
    ("running", "Ca1", "Running example (07)", False),
    ("example2", "Ca1", "Ex. 2 · the × 7", False),
    ("example2", "Ca2", "Ex. 2 · the cat the cat", False),
    ("example3", "Ca1", "Ex. 3", True),
    ("hello_code", "Ca1", "hello this is my code", False),
    ("cat_mat", "Ca1", "word order (11)", True),
)
KOREAN_LABELS = {  # the button labels of the Korean page, by the English ones
    "Ex. 1 · Ca1": "예제 1 · Ca1",
    "Ex. 1 · Ca2": "예제 1 · Ca2",
    "Ex. 1 · Ca3 (shuffled)": "예제 1 · Ca3 (뒤섞음)",
    "Ex. 1 · it is": "예제 1 · it is",
    "Running example (07)": "기본 예제 (07)",
    "Ex. 2 · the × 7": "예제 2 · the × 7",
    "Ex. 2 · the cat the cat": "예제 2 · the cat the cat",
    "Ex. 3": "예제 3",
    "hello this is my code": "hello this is my code",
    "word order (11)": "어순 (11)",
}
PAGES = {"en": "playground.html", "ko": "playground.ko.html"}  # in bleu/book/playground/
SWITCH = "<!-- language switch -->"  # where the page takes the site's language switch
MAX_REFERENCES = 3  # the page has three reference boxes


def examples(lang: str = "en") -> list[dict]:
    """The playground's example buttons, read from data/examples.json, labelled in ``lang``.

    >>> first = examples()[0]
    >>> first["label"], first["normalise"], len(first["references"])
    ('Ex. 1 · Ca1', True, 3)
    >>> examples("ko")[4]["label"]
    '기본 예제 (07)'
    """
    if lang not in PAGES:
        raise ValueError(f"lang: expected one of {sorted(PAGES)}, got {lang!r}")
    out = []
    for name, label, text, normalise in EXAMPLES:
        example = load_example(name)
        if len(example.references) > MAX_REFERENCES:
            raise ValueError(f"example {name!r} has more references than the page has boxes")
        out.append(
            {
                "label": KOREAN_LABELS[text] if lang == "ko" else text,
                "title": example.title,
                "references": list(example.references),
                "candidate": example.candidates[label],
                "normalise": normalise,
            }
        )
    return out


def page(lang: str = "en", switch: str = "") -> str:
    """The playground page in ``lang`` with the examples written into its JSON script element
    and the HTML ``switch`` (links to the page in the other languages) in its top line."""
    if lang not in PAGES:
        raise ValueError(f"lang: expected one of {sorted(PAGES)}, got {lang!r}")
    text = (PLAYGROUND / PAGES[lang]).read_text(encoding="utf-8")
    empty = '<script id="pg-examples-data" type="application/json">[]</script>'
    for needed in (empty, SWITCH):
        if needed not in text:
            raise RuntimeError(f"{PAGES[lang]} has lost its {needed!r}")
    data = json.dumps(examples(lang), ensure_ascii=False).replace("</", "<\\/")
    return text.replace(empty, empty.replace("[]", data)).replace(SWITCH, switch)


def write_playground(
    out: Path, lang: str = "en", switch: str = "", finish: Callable[[str], str] | None = None
) -> None:
    """Write the playground page in ``lang`` into ``out``, its script, style and fonts into
    out/static; ``switch`` is the HTML of the language switch (see :func:`page`), ``finish``
    what the site does to every page before it is written (marking its languages)."""
    (out / "static" / "fonts").mkdir(parents=True, exist_ok=True)
    text = page(lang, switch)
    (out / "playground.html").write_text(finish(text) if finish else text, encoding="utf-8")
    for name in ("playground.js", "playground.css"):
        shutil.copyfile(PLAYGROUND / name, out / "static" / name)
    for name in TYPED_FONT_FILES.values():
        shutil.copyfile(TYPED_FONTS / name, out / "static" / "fonts" / name)


def typed_characters() -> dict[str, list[int]]:
    """The code points each typed-text font covers: all of Hangul; GB 2312 level 1 Han.

    >>> chars = typed_characters()
    >>> len([c for c in chars["ko"] if 0xAC00 <= c <= 0xD7A3]), len(chars["zh"]) > 3755
    (11172, True)
    """
    space_and_punctuation = [0x20, *range(0x3000, 0x3040), *range(0xFF01, 0xFF5F)]
    hangul = [*range(0x1100, 0x1200), *range(0x3130, 0x3190), *range(0xAC00, 0xD7A4)]
    level1 = []
    for high in range(0xB0, 0xD8):  # GB 2312 rows 16-55: level 1, by pinyin
        for low in range(0xA1, 0xFF):
            try:
                level1.append(ord(bytes([high, low]).decode("gb2312")))
            except UnicodeDecodeError:  # the unused cells of row 55
                continue
    return {"ko": hangul + space_and_punctuation, "zh": level1 + space_and_punctuation}


def cut_typed_fonts(folder: Path = TYPED_FONTS) -> dict[str, int]:
    """Cut the two typed-text fonts from Noto Sans CJK into ``folder``; sizes in bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    folder.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for lang, codes in typed_characters().items():
        font = TTFont(str(fonts.font_source()), fontNumber=fonts.FACES[lang], lazy=False)
        options = subset.Options()
        options.flavor = "woff2"
        options.hinting = False
        options.desubroutinize = True
        options.layout_features = []
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # keep the copyright and licence
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=codes)
        subsetter.subset(font)
        path = folder / TYPED_FONT_FILES[lang]
        font.flavor = "woff2"
        font.save(str(path))
        sizes[lang] = path.stat().st_size
    return sizes


if __name__ == "__main__":  # python -m bleu.book.playground_page fonts
    if sys.argv[1:] != ["fonts"]:
        sys.exit("usage: python -m bleu.book.playground_page fonts")
    for language, size in cut_typed_fonts().items():
        print(f"{TYPED_FONT_FILES[language]}: {size / 1024:.0f} KiB")
