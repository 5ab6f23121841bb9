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

from pathlib import Path

import nbformat

from .catalog import ROOT, Chapter, chapters

CONTENTS = "00_overview.ipynb"
TOC_START, TOC_END = "<!-- toc -->", "<!-- /toc -->"


def next_chapter(chs: list[Chapter], i: int) -> Chapter | None:
    """The chapter after ``i``; after the last one (the recap), the contents, to start over.

    >>> from pathlib import Path
    >>> chs = [Chapter(f"{n:02}", Path(f"{n:02}_c.ipynb"), f"C{n}", "", None) for n in range(3)]
    >>> [getattr(next_chapter(chs, i), "number", None) for i in range(3)]
    ['01', '02', '00']
    >>> chapter_nav(chs, 2)
    '[← 01 · C1](01_c.ipynb) | [Contents](00_overview.ipynb) | [00 · C0 →](00_c.ipynb)'
    """
    if i + 1 < len(chs):
        return chs[i + 1]
    if i > 0 and chs[0].path.name != chs[i].path.name:
        return chs[0]
    return None


def chapter_nav(chs: list[Chapter], i: int) -> str:
    """The navigation line of chapter ``i``."""
    parts = []
    if i > 0:
        parts.append(f"[← {chs[i - 1].label}]({chs[i - 1].path.name})")
    parts.append(f"[Contents]({CONTENTS})")
    if chs[i].solutions is not None:
        parts.append(f"[Solutions](solutions/{chs[i].solutions.name})")
    following = next_chapter(chs, i)
    if following is not None:
        parts.append(f"[{following.label} →]({following.path.name})")
    return " | ".join(parts)


def solutions_nav(chs: list[Chapter], i: int) -> str:
    """The navigation line of chapter ``i``'s solutions notebook."""
    parts = [f"[← {chs[i].label}](../{chs[i].path.name})", f"[Contents](../{CONTENTS})"]
    following = next_chapter(chs, i)
    if following is not None:
        parts.append(f"[{following.label} →](../{following.path.name})")
    return " | ".join(parts)


def toc_table(chs: list[Chapter], prefix: str = "") -> str:
    """The contents as a markdown table; ``prefix`` is prepended to every link."""
    lines = ["| # | notebook | the step | solutions |", "|---|---|---|---|"]
    for ch in chs:
        sol = f"[solutions]({prefix}solutions/{ch.solutions.name})" if ch.solutions else ""
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
            wanted["toc"] = "## Contents (목차)\n\n" + toc_table(chs)
        if _update_notebook(ch.path, wanted, check):
            stale.append(ch.path)
        if ch.solutions is not None:
            line = solutions_nav(chs, i)
            if _update_notebook(ch.solutions, {"nav-top": line, "nav-bottom": line}, check):
                stale.append(ch.solutions)
    readme = root / "README.md"
    if _update_readme(readme, toc_table(chs, prefix="notebooks/"), check):
        stale.append(readme)
    return stale
