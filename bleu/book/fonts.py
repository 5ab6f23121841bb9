"""Korean and Chinese on the site: ``lang`` marks and a web font subset built offline.

:func:`mark_languages` wraps every run of Hangul or Han characters in the text of an HTML page
in ``<span class="cjk" lang="ko">`` (a run with Hangul) or ``lang="zh"`` (Han alone), so that
browsers, screen readers and the stylesheet know the language. :func:`write_fonts` then
subsets Noto Sans CJK (SIL Open Font License 1.1), as shipped by the PyPI package
``noto-cjk-sans-otc``, with fontTools to the characters the pages use, once from its Korean
face and once from its Simplified Chinese face, and writes them as WOFF2 with a stylesheet of
``@font-face`` rules: Hangul and Han render on a machine with no CJK font installed.
"""

from __future__ import annotations

import re
from pathlib import Path

HANGUL = "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff"
HAN = "\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_PUNCT = "\u3000-\u3004\u3008-\u3020\u30fb\uff01-\uff60\uffe0-\uffe6"
_CJK = f"{HANGUL}{HAN}{CJK_PUNCT}"
# a run starts and ends with a CJK character; spaces and CJK punctuation may sit inside it
RUN = re.compile(f"[{_CJK}](?:[{_CJK}\\s]*[{_CJK}])?")
HAS_HANGUL = re.compile(f"[{HANGUL}]")
HAS_CJK = re.compile(f"[{HANGUL}{HAN}]")
_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_SKIP = ("script", "style", "title", "textarea")

FACES = {"ko": 1, "zh": 2}  # face numbers in NotoSansCJK-Regular.ttc: 1 KR, 2 SC
FAMILY = {"ko": "BLEU Site CJK KR", "zh": "BLEU Site CJK SC"}
FILE = {"ko": "cjk-kr.woff2", "zh": "cjk-sc.woff2"}
FONT_PACKAGE = "noto-cjk-sans-otc"


def language_of(run: str) -> str:
    """``ko`` for a run with Hangul in it, else ``zh``.

    >>> language_of("보정된 정밀도"), language_of("机器翻译"), language_of("漢字 표기")
    ('ko', 'zh', 'ko')
    """
    return "ko" if HAS_HANGUL.search(run) else "zh"


def mark_languages(page: str, used: dict[str, set[str]] | None = None) -> str:
    """``page`` with its Hangul and Han runs wrapped in ``<span class="cjk" lang=..>``.

    Text inside script, style, title and textarea elements, tags and comments is left alone.
    The characters of each language are added to ``used`` (``{"ko": set, "zh": set}``).

    >>> mark_languages('<p title="한">BLEU (블루) and 机器 <b>x</b></p>')
    '<p title="한">BLEU (<span class="cjk" lang="ko">블루</span>) and \
<span class="cjk" lang="zh">机器</span> <b>x</b></p>'
    >>> mark_languages("<script>var s = '한';</script>")
    "<script>var s = '한';</script>"
    """
    if not isinstance(page, str):
        raise TypeError(f"page must be a str, not {type(page).__name__}")
    if used is None:
        used = {"ko": set(), "zh": set()}
    out = []
    skipping: str | None = None
    for piece in _TAG.split(page):
        if not piece:
            continue
        if piece.startswith("<"):
            match = re.match(r"<(/?)([a-zA-Z0-9]+)", piece)
            if match:
                closing, name = match.group(1) == "/", match.group(2).lower()
                if skipping is None and not closing and name in _SKIP:
                    skipping = name
                elif closing and name == skipping:
                    skipping = None
            out.append(piece)
        elif skipping is not None or not HAS_CJK.search(piece):
            out.append(piece)
        else:
            out.append(RUN.sub(lambda m: _wrap(m.group(0), used), piece))
    return "".join(out)


def _wrap(run: str, used: dict[str, set[str]]) -> str:
    lang = language_of(run)
    used.setdefault(lang, set()).update(ch for ch in run if not ch.isspace())
    return f'<span class="cjk" lang="{lang}">{run}</span>'


def font_source() -> Path:
    """The Noto Sans CJK collection of the ``noto-cjk-sans-otc`` package."""
    try:
        import noto_cjk_sans_otc
    except ImportError as error:  # pragma: no cover - the site extra installs it
        raise RuntimeError(
            f"the site's CJK font needs the {FONT_PACKAGE} package: pip install {FONT_PACKAGE}"
        ) from error
    return Path(str(noto_cjk_sans_otc.FONT_PATH))


def write_fonts(folder: Path, used: dict[str, set[str]]) -> dict[str, int]:
    """Write ``cjk.css`` and one WOFF2 subset per language in ``used`` into ``folder``.

    Returns the size in bytes of each font file written (by language). The subset keeps the
    characters in ``used`` plus ASCII space, and no hinting.
    """
    from fontTools import subset
    from fontTools.ttLib import TTFont

    folder.mkdir(parents=True, exist_ok=True)
    source = font_source()
    sizes = {}
    faces = []
    for lang in ("ko", "zh"):
        chars = sorted(used.get(lang, ()))
        if not chars:
            continue
        font = TTFont(str(source), fontNumber=FACES[lang], lazy=False)
        options = subset.Options()
        options.flavor = "woff2"
        options.hinting = False
        options.desubroutinize = True
        options.layout_features = ["locl", "vert", "vrt2", "palt", "kern"]
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # keep the copyright and licence
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[ord(ch) for ch in chars] + [0x20])
        subsetter.subset(font)
        path = folder / FILE[lang]
        font.flavor = "woff2"
        font.save(str(path))
        sizes[lang] = path.stat().st_size
        faces.append(
            f'@font-face {{\n  font-family: "{FAMILY[lang]}";\n'
            f'  src: url("{FILE[lang]}") format("woff2");\n  font-display: block;\n}}\n'
            f'.cjk:lang({lang}) {{\n  font-family: "{FAMILY[lang]}", sans-serif;\n}}\n'
        )
    header = (
        "/* Hangul and Han for the site: Noto Sans CJK KR and SC (SIL Open Font License 1.1,\n"
        f"   from the PyPI package {FONT_PACKAGE}), cut down to the characters the pages use\n"
        "   by bleu/book/fonts.py. The licence is OFL.txt beside this file. */\n"
    )
    (folder / "cjk.css").write_text(header + "\n".join(faces), encoding="utf-8")
    _copy_licence(folder)
    return sizes


def _copy_licence(folder: Path) -> None:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution(FONT_PACKAGE)
    except PackageNotFoundError:  # pragma: no cover
        return
    for file in dist.files or ():
        if file.name.upper().startswith(("LICENSE", "OFL")):
            (folder / "OFL.txt").write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
            return
