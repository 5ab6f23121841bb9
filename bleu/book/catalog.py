"""The notebooks of the suite, in reading order, with their titles and summaries.

A chapter is ``notebooks/NN_slug.ipynb``; its worked solutions, if any, are
``notebooks/solutions/NN_slug_solutions.ipynb``. The title is the chapter's first ``# ``
heading (``# NN · Title (Korean term)``); the one-line summary used by the tables of
contents is stored in the notebook's metadata under ``suite.summary``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"

_CHAPTER = re.compile(r"^(\d\d)_[a-z0-9_]+\.ipynb$")
_TITLE = re.compile(r"^#\s+(\d\d)\s*·\s*(.+?)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Chapter:
    """One chapter notebook and what the navigation needs to know about it."""

    number: str
    path: Path
    title: str
    summary: str
    solutions: Path | None

    @property
    def short_title(self) -> str:
        """The title without its bracketed Korean term and without a subtitle after ':'.

        >>> ch = Chapter("08", Path("08_x.ipynb"), "BLEU in libraries: NLTK (라이브러리)", "", None)
        >>> ch.short_title
        'BLEU in libraries'
        """
        title = re.sub(r"\s*\([^()]*\)\s*$", "", self.title)
        return title.split(":")[0].strip()

    @property
    def label(self) -> str:
        """``NN · Short title``, the text of navigation links."""
        return f"{self.number} · {self.short_title}"


def title_of(nb: nbformat.NotebookNode, path: Path) -> str:
    for cell in nb.cells[:3]:
        if cell.cell_type == "markdown":
            match = _TITLE.search(cell.source)
            if match:
                return match.group(2)
    raise ValueError(f"{path.name}: no '# NN · Title' heading in its first cells")


def notebook_files(folder: Path) -> list[Path]:
    """The notebooks of an edition's folder: its chapters, then ``solutions/``, sorted."""
    return sorted(folder.glob("*.ipynb")) + sorted((folder / "solutions").glob("*.ipynb"))


def chapter_of(path: Path, nb: nbformat.NotebookNode, solutions: Path | None) -> Chapter | None:
    """The chapter notebook ``nb`` at ``path`` (None if ``path`` is not ``NN_slug.ipynb``)."""
    match = _CHAPTER.match(path.name)
    if not match:
        return None
    return Chapter(
        number=match.group(1),
        path=path,
        title=title_of(nb, path),
        summary=nb.metadata.get("suite", {}).get("summary", ""),
        solutions=solutions,
    )


def chapters(root: Path = ROOT, folder: str = "notebooks") -> list[Chapter]:
    """All chapter notebooks in reading order; ``folder="notebooks/ko"`` for the Korean ones."""
    notebooks = root / folder
    out = []
    for path in sorted(notebooks.glob("*.ipynb")):
        if not _CHAPTER.match(path.name):
            continue
        solutions = notebooks / "solutions" / f"{path.stem}_solutions.ipynb"
        chapter = chapter_of(
            path, nbformat.read(path, as_version=4), solutions if solutions.exists() else None
        )
        out.append(chapter)
    return out
