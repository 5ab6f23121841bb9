r"""The Korean edition: one translation catalogue per notebook, and the notebooks made from them.

The English notebooks are the source. Every markdown cell's text, a cell's ``suite.slide_text``
and the notebook's ``suite.summary`` are messages of a gettext PO catalogue, one per notebook::

    notebooks/ko/po/02_unigram_precision.po        for notebooks/02_unigram_precision.ipynb
    notebooks/ko/po/solutions/02_x_solutions.po    for notebooks/solutions/02_x_solutions.ipynb

A message's context (``msgctxt``) is the cell's id (``<id>/slide_text`` for the slide text,
``notebook/summary`` for the summary) and its ``msgid`` is the English text itself. So when an
English cell changes, its message no longer matches: :func:`update_catalogue` keeps the old
Korean text, marks it ``fuzzy`` and records the English it was made from (``#| msgid``), as
``msgmerge`` does, and the tests call it stale until a translator has looked at it. Why PO and
Babel: PO is the format translators' tools (Poedit, Weblate, Lokalize, ``msgmerge``) read and
write, and Babel, which the self-check's catalogue (:mod:`bleu.i18n`) already uses, reads and
writes it with contexts, fuzzy flags and previous ids, so the suite needs one tool, not two.

:func:`korean_notebook` makes ``notebooks/ko/<same path>`` from the English notebook and its
catalogue:

- markdown cells take their Korean text (the English one, where the catalogue has none or a
  stale one: the tests fail on those);
- code cells are the English cells, unchanged, with their outputs;
- one code cell is added before the first code cell: ``use_language("ko")``, so the self-check
  answers in Korean (:mod:`bleu.i18n`);
- the navigation cells (tagged ``nav-top``, ``nav-bottom``) and the contents table (``toc``)
  are not translated but made again from the Korean titles (:func:`bleu.book.nav.korean`);
- links that leave ``notebooks/`` are rewritten for the deeper folder.

The outputs of a Korean notebook come from running it (nbval checks them like the English
ones); the generator keeps the outputs of a code cell it already holds unchanged, so a change
of wording needs no new run.

``python -m bleu.book translate`` updates every catalogue and writes the Korean notebooks;
``--check`` only lists what is missing, stale or out of date. A translator's round trip::

    python -m bleu.book translate worksheet notebooks/02_unigram_precision.ipynb > en.txt
    # write ko.txt: the same "=== context ===" headers, Korean text under each
    python -m bleu.book translate fill notebooks/02_unigram_precision.ipynb ko.txt
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import io
import posixpath
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .catalog import ROOT, chapter_of, notebook_files
from .nav import set_korean_navigation

LANGUAGE = "ko"
NAV_TAGS = ("nav-top", "nav-bottom", "toc")
"""Cells made from the titles, in each language, and never translated."""
SUMMARY = "notebook/summary"
SLIDE_TEXT = "/slide_text"
LANGUAGE_CELL_ID = "ko-language"
_FIXED_DATE = dt.datetime(2026, 11, 26, tzinfo=dt.timezone.utc)  # keeps rewrites identical


def english_notebooks(root: Path = ROOT) -> list[Path]:
    """The English notebooks, chapters then solutions, as paths relative to ``notebooks/``."""
    notebooks = root / "notebooks"
    return [p.relative_to(notebooks) for p in notebook_files(notebooks)]


def catalogue_path(rel: Path, root: Path = ROOT) -> Path:
    """Where the catalogue of ``notebooks/<rel>`` lives."""
    return root / "notebooks" / LANGUAGE / "po" / rel.with_suffix(".po")


def korean_path(rel: Path, root: Path = ROOT) -> Path:
    """Where the Korean twin of ``notebooks/<rel>`` lives."""
    return root / "notebooks" / LANGUAGE / rel


@dataclass(frozen=True)
class Source:
    """One message to translate: its context and its English text."""

    context: str
    english: str


def sources(nb: nbformat.NotebookNode) -> list[Source]:
    """The messages of an English notebook, in reading order."""
    out = []
    summary = nb.metadata.get("suite", {}).get("summary")
    if summary:
        out.append(Source(SUMMARY, summary))
    for cell in nb.cells:
        if cell.cell_type == "markdown" and not _is_nav(cell):
            out.append(Source(cell.id, cell.source))
        slide_text = cell.metadata.get("suite", {}).get("slide_text")
        if slide_text:
            out.append(Source(cell.id + SLIDE_TEXT, slide_text))
    return out


def _is_nav(cell: nbformat.NotebookNode) -> bool:
    return any(tag in cell.metadata.get("tags", []) for tag in NAV_TAGS)


def read_catalogue(path: Path) -> Catalog:
    """The catalogue at ``path``, or an empty Korean one if there is none yet."""
    if not path.exists():
        return Catalog(locale=LANGUAGE, project="bleu-notebooks", creation_date=_FIXED_DATE)
    with path.open("rb") as po:
        return read_po(po, locale=LANGUAGE)


_BABEL_STAMP = re.compile(rb'"Generated-By: Babel [^"]*"')


def po_bytes(catalog: Catalog) -> bytes:
    """The PO file of ``catalog``, unwrapped, with fixed dates so that rewrites are identical."""
    catalog.revision_date = _FIXED_DATE
    catalog.creation_date = _FIXED_DATE
    catalog.fuzzy = False
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True, include_previous=True)
    # Babel stamps its own version in the header: left as is, every Babel release would
    # make every catalogue "out of date" (seen when 2.19 replaced 2.18).
    return _BABEL_STAMP.sub(lambda _: rb'"Generated-By: Babel\n"', buffer.getvalue(), count=1)


def write_catalogue(catalog: Catalog, path: Path) -> bool:
    """Write ``catalog`` to ``path`` if that changes the file; return whether it did."""
    data = po_bytes(catalog)
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update_catalogue(catalog: Catalog, wanted: Iterable[Source]) -> Catalog:
    """A catalogue holding exactly ``wanted``, keeping every translation that still applies.

    A message whose English changed keeps its Korean text, marked fuzzy, with the English it
    was made from as the previous id; a cell whose id changed but whose text did not keeps its
    translation as it is. Messages of cells that are gone are dropped.
    """
    by_context = {m.context: m for m in catalog if m.id}
    by_english = {m.id: m for m in catalog if m.id and m.string and not m.fuzzy}
    new = Catalog(locale=LANGUAGE, project="bleu-notebooks", creation_date=_FIXED_DATE)
    for source in wanted:
        old = by_context.get(source.context)
        if old is not None and old.id == source.english:
            new.add(source.english, old.string, context=source.context, flags=old.flags)
        elif source.english in by_english:
            kept = by_english[source.english]
            new.add(source.english, kept.string, context=source.context)
        elif old is not None and old.string:
            new.add(
                source.english,
                old.string,
                context=source.context,
                flags={"fuzzy"},
                previous_id=old.previous_id or old.id,
            )
        else:
            new.add(source.english, "", context=source.context)
    for message in new:
        message.flags.discard("python-format")  # markdown, not a format string
    return new


@dataclass(frozen=True)
class Status:
    """What a catalogue lacks for its notebook."""

    missing: tuple[str, ...]
    stale: tuple[str, ...]


def status(nb: nbformat.NotebookNode, catalog: Catalog) -> Status:
    """The contexts of ``nb``'s messages with no Korean text, and those whose English changed."""
    by_context = {m.context: m for m in catalog if m.id}
    missing, stale = [], []
    for source in sources(nb):
        message = by_context.get(source.context)
        if message is None or not message.string.strip():
            missing.append(source.context)
        elif not _current(message, source):
            stale.append(source.context)
    return Status(tuple(missing), tuple(stale))


def _current(message, source: Source) -> bool:
    """Whether ``message`` translates ``source`` as it reads now."""
    return bool(message.string.strip()) and not message.fuzzy and message.id == source.english


def translations(nb: nbformat.NotebookNode, catalog: Catalog) -> dict[str, str]:
    """Context -> Korean text, for the messages that are translated and current."""
    by_context = {m.context: m for m in catalog if m.id}
    out = {}
    for source in sources(nb):
        message = by_context.get(source.context)
        if message is not None and _current(message, source):
            out[source.context] = message.string
    return out


_LINK = re.compile(r"(\]\()([^)\s]+)(\))")


def relink(text: str, rel: Path) -> str:
    """Rewrite the relative links of ``notebooks/<rel>``'s text for its Korean twin.

    Links to notebooks keep pointing at the twin in the same place of ``notebooks/ko/``; links
    to anything else in the repository get one more ``../``.

    >>> relink("[glossary](../data/glossary.tsv), [next](03_x.ipynb)", Path("02_x.ipynb"))
    '[glossary](../../data/glossary.tsv), [next](03_x.ipynb)'
    """
    here = posixpath.dirname(rel.as_posix())

    def fix(match: re.Match) -> str:
        target = match.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#|^/", target):
            return match.group(0)
        path, _, anchor = target.partition("#")
        resolved = posixpath.normpath(posixpath.join(here, path))
        if not resolved.startswith("..") and path.endswith(".ipynb"):
            return match.group(0)
        korean_dir = posixpath.join("notebooks", LANGUAGE, here)
        new = posixpath.relpath(posixpath.join("notebooks", resolved), korean_dir)
        return match.group(1) + new + ("#" + anchor if anchor else "") + match.group(3)

    return _LINK.sub(fix, text)


LANGUAGE_CELL_SOURCE = (
    "# 한국어판: 연습 문제의 자가 점검(check)이 한국어로 답합니다.\n"
    "from bleu.exercises import use_language\n"
    "\n"
    'use_language("ko")'
)


def korean_notebook(
    nb: nbformat.NotebookNode,
    catalog: Catalog,
    rel: Path,
    previous: nbformat.NotebookNode | None = None,
) -> nbformat.NotebookNode:
    """The Korean twin of the English notebook ``nb`` (at ``notebooks/<rel>``).

    ``previous`` is the Korean notebook as it stands: a code cell whose id and source are
    unchanged keeps its outputs from there. The navigation cells are left as they are in
    English; :func:`bleu.book.nav.set_korean_navigation` rewrites them once every title is
    known.
    """
    texts = translations(nb, catalog)
    kept = {}
    if previous is not None:
        kept = {c.id: c for c in previous.cells if c.cell_type == "code"}
    out = copy.deepcopy(nb)
    suite = out.metadata.setdefault("suite", {})
    if SUMMARY in texts:
        suite["summary"] = texts[SUMMARY]
    suite["language"] = LANGUAGE
    suite["english"] = Path("..", *([".."] * (len(rel.parts) - 1)), rel).as_posix()
    cells = []
    for cell in out.cells:
        if cell.cell_type == "markdown" and not _is_nav(cell):
            cell.source = relink(texts.get(cell.id, cell.source), rel)
        slide_text = cell.metadata.get("suite", {}).get("slide_text")
        if slide_text:
            cell.metadata["suite"]["slide_text"] = texts.get(cell.id + SLIDE_TEXT, slide_text)
        if cell.cell_type == "code":
            if not any(c.cell_type == "code" for c in cells):
                cells.append(_language_cell(kept.get(LANGUAGE_CELL_ID)))
            old = kept.get(cell.id)
            if old is not None and old.source == cell.source:
                cell.outputs = old.outputs
                cell.execution_count = old.execution_count
        cells.append(cell)
    out.cells = cells
    return out


def _language_cell(old: nbformat.NotebookNode | None) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(LANGUAGE_CELL_SOURCE)
    cell.id = LANGUAGE_CELL_ID
    cell.metadata = {"suite": {"language": LANGUAGE}, "slideshow": {"slide_type": "skip"}}
    if old is not None and old.source == cell.source:
        cell.outputs, cell.execution_count = old.outputs, old.execution_count
    return cell


def english_code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The code cells a Korean notebook shares with its English twin (all but the language cell)."""
    return [c for c in nb.cells if c.cell_type == "code" and c.id != LANGUAGE_CELL_ID]


# --- the translator's worksheet -------------------------------------------------------------

_HEADER = re.compile(r"^=== (\S+?)(?: @([0-9a-f]{8}))? ===$", re.MULTILINE)
_OLD_KOREAN = "--- current Korean (made from an older English text) ---"


def fingerprint(english: str) -> str:
    """Eight hex digits naming an English text, written in a worksheet's headers so that
    :func:`fill` can tell a sheet made from an older English text.

    >>> fingerprint("Clipping")
    '4fdafe89'
    """
    return hashlib.sha1(english.encode("utf-8")).hexdigest()[:8]


def worksheet(nb: nbformat.NotebookNode, catalog: Catalog, everything: bool = False) -> str:
    """The English of the messages still to translate (all with ``everything``), in blocks
    headed ``=== context @fingerprint ===``; a stale message also shows its current Korean."""
    todo = status(nb, catalog)
    wanted = set(todo.missing + todo.stale)
    by_context = {m.context: m for m in catalog if m.id}
    blocks = []
    for source in sources(nb):
        if everything or source.context in wanted:
            block = f"=== {source.context} @{fingerprint(source.english)} ===\n{source.english}"
            old = by_context.get(source.context)
            if source.context in todo.stale and old is not None:
                block += f"\n{_OLD_KOREAN}\n{old.string}"
            blocks.append(block)
    return "\n\n".join(blocks) + "\n"


@dataclass(frozen=True)
class Sheet:
    """A translator's sheet: context -> Korean text, and the English each block was made
    from (its fingerprint, or None for a header written without one)."""

    texts: dict[str, str]
    made_from: dict[str, str | None]


def parse_sheet(text: str) -> Sheet:
    """``=== context [@fingerprint] ===`` blocks, each text stripped of blank lines around it."""
    parts = _HEADER.split(text)
    if parts[0].strip():
        raise ValueError("sheet: text before the first '=== context ===' header")
    texts: dict[str, str] = {}
    made_from: dict[str, str | None] = {}
    for context, stamp, body in zip(parts[1::3], parts[2::3], parts[3::3]):
        if context in texts:
            raise ValueError(f"sheet: {context!r} appears twice")
        texts[context] = body.strip("\n")
        made_from[context] = stamp
    return Sheet(texts, made_from)


def fill(nb: nbformat.NotebookNode, catalog: Catalog, sheet: Sheet) -> list[str]:
    """Put the sheet's Korean texts into ``catalog``; return the problems found: what
    :func:`lint` finds, and blocks made from an older English text (stored, but fuzzy, so
    the tests call them stale until translated again).

    Raises ValueError naming a context the notebook does not have.
    """
    by_context = {m.context: m for m in catalog if m.id}
    english = {s.context: s.english for s in sources(nb)}
    unknown = sorted(set(sheet.texts) - set(english))
    if unknown:
        raise ValueError(f"sheet: contexts not in the notebook: {unknown}")
    problems = []
    for context, text in sheet.texts.items():
        if _OLD_KOREAN in text:
            problems.append(f"{context}: delete the '{_OLD_KOREAN}' part; not stored")
            continue
        stamp = sheet.made_from.get(context)
        outdated = stamp is not None and stamp != fingerprint(english[context])
        message = by_context.get(context)
        if message is None:
            message = catalog.add(english[context], text, context=context)
        message.string = text
        message.previous_id = []
        if outdated:
            message.flags.add("fuzzy")
            problems.append(
                f"{context}: made from an older English text (stored as fuzzy): "
                "run worksheet again and translate the new English"
            )
        else:
            message.flags.discard("fuzzy")
        problems += [f"{context}: {p}" for p in lint(english[context], text)]
    return problems


# --- what a translation must keep -----------------------------------------------------------

_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_HEADING = re.compile(r"^(#{1,6}) ", re.MULTILINE)
_MATH = re.compile(r"\$\$.*?\$\$|\$(?:[^$\n]|\n(?!\n))+\$", re.DOTALL)  # $..$ may wrap a line


def structure(text: str) -> dict[str, object]:
    """What a translation keeps of its English cell: the code blocks, the heading levels in
    order, the link targets and the count of formulas and table rows."""
    body = _FENCE.sub("", text)
    return {
        "code blocks": _FENCE.findall(text),
        "headings": [m.group(1) for m in _HEADING.finditer(body)],
        "links": Counter(m.group(2) for m in _LINK.finditer(body)),
        "formulas": len(_MATH.findall(body)),
        "table rows": sum(1 for line in body.splitlines() if line.lstrip().startswith("|")),
    }


def lint(english: str, korean: str) -> list[str]:
    """What ``korean`` lost or changed of ``english``'s structure (empty when nothing).

    >>> lint("## Clipping\\n\\nSee [03](03_x.ipynb).", "## 클리핑\\n\\n[03](03_x.ipynb) 참고.")
    []
    >>> lint("## A\\n\\n$p_1$", "A $p_1$")
    ["headings: English ['##'], Korean []"]
    """
    want, have = structure(english), structure(korean)
    return [
        f"{key}: English {want[key]}, Korean {have[key]}" for key in want if want[key] != have[key]
    ]


# --- the whole edition ----------------------------------------------------------------------


@dataclass
class Edition:
    """The Korean edition as the catalogues make it, before anything is written."""

    notebooks: dict[Path, nbformat.NotebookNode]  # relative path -> Korean notebook
    catalogues: dict[Path, Catalog]  # relative path -> updated catalogue
    status: dict[Path, Status]


def make_edition(root: Path = ROOT) -> Edition:
    """Every Korean notebook and updated catalogue, in memory."""
    notebooks, catalogues, states = {}, {}, {}
    for rel in english_notebooks(root):
        english = nbformat.read(root / "notebooks" / rel, as_version=4)
        catalog = update_catalogue(read_catalogue(catalogue_path(rel, root)), sources(english))
        target = korean_path(rel, root)
        previous = nbformat.read(target, as_version=4) if target.exists() else None
        notebooks[rel] = korean_notebook(english, catalog, rel, previous)
        catalogues[rel] = catalog
        states[rel] = status(english, catalog)
    korean = []
    for rel, nb in notebooks.items():
        solutions = Path("solutions", f"{rel.stem}_solutions.ipynb")
        solved = korean_path(solutions, root) if solutions in notebooks else None
        if len(rel.parts) == 1 and (chapter := chapter_of(korean_path(rel, root), nb, solved)):
            korean.append(chapter)
    set_korean_navigation(notebooks, korean)
    labels = {ch.number: ch.label for ch in korean}
    for nb in notebooks.values():
        for cell in nb.cells:
            if cell.cell_type == "markdown" and not _is_nav(cell):
                cell.source = label_links(cell.source, labels)
    return Edition(notebooks, catalogues, states)


_CHAPTER_LINK = re.compile(
    r"\[(\d\d) · [^\]]*\](\((?:\.\./)*(\d\d)_[a-z0-9_]+\.ipynb(?:#[^)]*)?\))"
)


def label_links(text: str, labels: dict[str, str]) -> str:
    """Name every ``[NN · ...](NN_x.ipynb)`` link by chapter NN's label in ``labels``, so that
    a chapter is called the same everywhere (the translators named some by guess).

    >>> label_links("[09 · Pitfalls](09_pitfalls.ipynb)", {"09": "09 · 함정"})
    '[09 · 함정](09_pitfalls.ipynb)'
    """

    def name(match: re.Match) -> str:
        number = match.group(1)
        if number != match.group(3) or number not in labels:
            return match.group(0)
        return f"[{labels[number]}]{match.group(2)}"

    return _CHAPTER_LINK.sub(name, text)


def same_sources(a: nbformat.NotebookNode, b: nbformat.NotebookNode) -> bool:
    """Whether two notebooks have the same cells (type, id, source, metadata) and metadata
    apart from the kernel's ``language_info``; outputs are not compared (nbval checks them)."""

    def shape(nb: nbformat.NotebookNode) -> list:
        cells = [(c.cell_type, c.get("id"), c.source, dict(c.metadata)) for c in nb.cells]
        return [cells, nb.metadata.get("suite", {})]

    return shape(a) == shape(b)


def write_edition(edition: Edition, root: Path = ROOT, check: bool = False) -> list[Path]:
    """Write the catalogues and Korean notebooks that changed; return them (only list them
    with ``check``)."""
    changed = []
    for rel, catalog in edition.catalogues.items():
        path = catalogue_path(rel, root)
        if check:
            if not path.exists() or path.read_bytes() != po_bytes(catalog):
                changed.append(path)
        elif write_catalogue(catalog, path):
            changed.append(path)
    for rel, nb in edition.notebooks.items():
        path = korean_path(rel, root)
        old = nbformat.read(path, as_version=4) if path.exists() else None
        if old is not None and same_sources(old, nb):
            continue
        changed.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, path)
    return changed
