"""Generate the navigation cells and the tables of contents from the notebooks themselves.

Every chapter starts with a markdown cell tagged ``nav-top`` and ends with one tagged
``nav-bottom``: previous chapter, contents, solutions, next chapter (after the last chapter,
the recap, "next" is the contents notebook again). Solutions notebooks link back to their
chapter and on to the next one. The contents table lives in a cell tagged
``toc`` in ``00_overview.ipynb`` and between ``<!-- toc -->`` and ``<!-- /toc -->`` in
README.md. :func:`update` rewrites whatever is out of date (idempotently) and returns the
files it changed; with ``check=True`` it only returns them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import nbformat

from .catalog import ROOT, Chapter, chapters

CONTENTS = "00_overview.ipynb"
TOC_START, TOC_END = "<!-- toc -->", "<!-- /toc -->"


@dataclass(frozen=True)
class Words:
    """The words of the navigation in one language, and where its twin in the other lives."""

    contents: str
    solutions: str
    toc_heading: str
    table_header: str
    twin: str  # the name of the other language, as its readers write it
    twin_dir: str  # from a chapter's folder to its twin's folder


ENGLISH = Words(
    "Contents",
    "Solutions",
    "## Contents (목차)",
    "| # | notebook | the step | solutions |",
    "한국어",
    "ko/",
)
KOREAN = Words(
    "목차",
    "풀이",
    "## 목차 (Contents)",
    "| # | 노트북 | 배우는 것 | 풀이 |",
    "English",
    "../",
)


def next_chapter(chs: list[Chapter], i: int) -> Chapter | None:
    """The chapter after ``i``; after the last one (the recap), the contents, to start over.

    >>> from pathlib import Path
    >>> chs = [Chapter(f"{n:02}", Path(f"{n:02}_c.ipynb"), f"C{n}", "", None) for n in range(3)]
    >>> [getattr(next_chapter(chs, i), "number", None) for i in range(3)]
    ['01', '02', '00']
    >>> for link in chapter_nav(chs, 2).split(" | "): print(link)
    [← 01 · C1](01_c.ipynb)
    [Contents](00_overview.ipynb)
    [00 · C0 →](00_c.ipynb)
    [한국어](ko/02_c.ipynb)
    """
    if i + 1 < len(chs):
        return chs[i + 1]
    if i > 0 and chs[0].path.name != chs[i].path.name:
        return chs[0]
    return None


def chapter_nav(chs: list[Chapter], i: int, words: Words = ENGLISH) -> str:
    """The navigation line of chapter ``i``, ending on the link to its other-language twin."""
    parts = []
    if i > 0:
        parts.append(f"[← {chs[i - 1].label}]({chs[i - 1].path.name})")
    parts.append(f"[{words.contents}]({CONTENTS})")
    if chs[i].solutions is not None:
        parts.append(f"[{words.solutions}](solutions/{chs[i].solutions.name})")
    following = next_chapter(chs, i)
    if following is not None:
        parts.append(f"[{following.label} →]({following.path.name})")
    parts.append(f"[{words.twin}]({words.twin_dir}{chs[i].path.name})")
    return " | ".join(parts)


def solutions_nav(chs: list[Chapter], i: int, words: Words = ENGLISH) -> str:
    """The navigation line of chapter ``i``'s solutions notebook."""
    parts = [
        f"[← {chs[i].label}](../{chs[i].path.name})",
        f"[{words.contents}](../{CONTENTS})",
    ]
    following = next_chapter(chs, i)
    if following is not None:
        parts.append(f"[{following.label} →](../{following.path.name})")
    name = chs[i].solutions.name if chs[i].solutions else ""
    parts.append(f"[{words.twin}](../{words.twin_dir}solutions/{name})")
    return " | ".join(parts)


def toc_table(chs: list[Chapter], prefix: str = "", words: Words = ENGLISH) -> str:
    """The contents as a markdown table; ``prefix`` is prepended to every link."""
    lines = [words.table_header, "|---|---|---|---|"]
    label = words.solutions.lower()
    for ch in chs:
        sol = f"[{label}]({prefix}solutions/{ch.solutions.name})" if ch.solutions else ""
        lines.append(
            f"| {ch.number} | [{ch.short_title}]({prefix}{ch.path.name}) | {ch.summary} | {sol} |"
        )
    return "\n".join(lines)


def _set_tagged(nb: nbformat.NotebookNode, tag: str, source: str, path: Path) -> bool:
    cells = [c for c in nb.cells if tag in c.metadata.get("tags", [])]
    if len(cells) != 1:
        raise ValueError(f"{path.name}: expected one cell tagged {tag!r}, found {len(cells)}")
    if cells[0].source == source:
        return False
    cells[0].source = source
    return True


def _update_notebook(path: Path, wanted: dict[str, str], check: bool) -> bool:
    nb = nbformat.read(path, as_version=4)
    changed = False
    for tag, source in wanted.items():
        changed |= _set_tagged(nb, tag, source, path)
    if changed and not check:
        nbformat.write(nb, path)
    return changed


def _update_readme(path: Path, table: str, check: bool) -> bool:
    text = path.read_text(encoding="utf-8")
    start, end = text.find(TOC_START), text.find(TOC_END)
    if start < 0 or end < start:
        raise ValueError(f"{path.name}: no {TOC_START} ... {TOC_END} markers")
    new = text[: start + len(TOC_START)] + "\n" + table + "\n" + text[end:]
    if new == text:
        return False
    if not check:
        path.write_text(new, encoding="utf-8")
    return True


def update(check: bool = False, root: Path = ROOT) -> list[Path]:
    """Rewrite navigation and contents where out of date; return the files concerned."""
    chs = chapters(root)
    stale = []
    for i, ch in enumerate(chs):
        wanted = {"nav-top": chapter_nav(chs, i), "nav-bottom": chapter_nav(chs, i)}
        if ch.path.name == CONTENTS:
            wanted["toc"] = ENGLISH.toc_heading + "\n\n" + toc_table(chs)
        if _update_notebook(ch.path, wanted, check):
            stale.append(ch.path)
        if ch.solutions is not None:
            line = solutions_nav(chs, i)
            if _update_notebook(ch.solutions, {"nav-top": line, "nav-bottom": line}, check):
                stale.append(ch.solutions)
    readme = root / "README.md"
    if _update_readme(readme, toc_table(chs, prefix="notebooks/"), check):
        stale.append(readme)
    readme_ko = root / "README.ko.md"
    korean = chapters(root, "notebooks/ko")
    if readme_ko.exists() and korean:
        table = toc_table(korean, prefix="notebooks/ko/", words=KOREAN)
        if _update_readme(readme_ko, table, check):
            stale.append(readme_ko)
    return stale


def set_korean_navigation(
    notebooks: dict[Path, nbformat.NotebookNode], korean: list[Chapter]
) -> None:
    """Write the Korean navigation cells and contents table into the Korean ``notebooks``
    (relative path -> notebook, in memory), from the Korean chapters ``korean``."""
    for i, ch in enumerate(korean):
        path = Path(ch.path.name)
        line = chapter_nav(korean, i, KOREAN)
        wanted = {"nav-top": line, "nav-bottom": line}
        if ch.path.name == CONTENTS:
            wanted["toc"] = KOREAN.toc_heading + "\n\n" + toc_table(korean, words=KOREAN)
        for tag, source in wanted.items():
            _set_tagged(notebooks[path], tag, source, path)
        if ch.solutions is not None:
            path = Path("solutions", ch.solutions.name)
            line = solutions_nav(korean, i, KOREAN)
            for tag in ("nav-top", "nav-bottom"):
                _set_tagged(notebooks[path], tag, line, path)
