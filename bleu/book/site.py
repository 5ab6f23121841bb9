r"""Build the offline site: HTML handouts of every notebook and reveal.js slides of each chapter.

``python -m bleu.book site [--out DIR]`` calls :func:`build_site`. The pages are rendered by
nbconvert from the outputs stored in the notebooks (nothing is executed), so they show exactly
what nbval has verified. All pages sit in one folder, above ``static/``: Firefox loads web
fonts of a ``file://`` page only from its own folder and below, so MathJax's fonts would fail
for a page in a subfolder. Links between notebooks are rewritten to the pages::

    index.html                  table of contents
    NN_slug.html                every notebooks/*.ipynb
    NN_slug_solutions.html      every notebooks/solutions/*.ipynb
    slides.html                 list of the slide decks
    NN_slug.slides.html         reveal.js slides of every chapter, fitted to 1280x720
    playground.html             the BLEU playground (plain JavaScript)
    static/                     MathJax, reveal.js and the stylesheets, copied from packages
    static/fonts/               the Korean and Chinese font subsets (see bleu.book.fonts)
    files/                      other repository files a notebook links to, if any
    ko/                         the Korean edition: the same pages made from notebooks/ko/,
                                with a static/ of its own (Firefox's rule above)

Every page of both editions carries a language switch (class ``site-lang-switch``) to the same
page in the other language, and the Korean pages declare ``<html lang="ko">``; the site's own
words in each language are in :mod:`bleu.book.site_text`.

Nothing is loaded from the network: MathJax 2.7 comes from the package
``jupyter-server-mathjax``, reveal.js from ``sphinx-revealjs``, the notebook styles from
nbconvert's own templates; figures are embedded as ``data:`` URIs.

Every deck gets a title slide (chapter, summary, time needed) and a last slide of links (the
handout, the next deck, the index, and the playground from chapters 03-07). The decks are
fitted to the projector in the browser (``templates/common/slides.js``): a slide taller than
1280x720 becomes continuation slides. On every page, Korean and Chinese runs are marked with
their ``lang`` and set in a font subset that ships with the site (:mod:`bleu.book.fonts`);
progress bars written to stderr are dropped; ``\_`` inside ``\text{...}`` of the markdown
math is shown as ``_`` (MathJax does not read TeX escapes in text mode).

A lecturer chooses what the slides show in the notebooks' cell metadata (the handouts always
show every cell in full):

- ``"slideshow": {"slide_type": ...}``: a cell's own slide type (e.g. ``"skip"`` for a set-up
  or assertion cell) is kept; every other cell gets :func:`default_slide_type`;
- ``"suite": {"slide_lines": "3-9,14"}``: a code cell shows only those lines (1-based,
  inclusive ranges), a ``# …`` line where lines are left out, and under the code a link to
  the full cell on the handout page (:func:`show_key_lines`, :func:`for_the_slides`);
- ``"suite": {"slide_output": "trim:N"}`` shows the first N lines of text or rows of an HTML
  table of the outputs, then ``…``; ``"hide"`` shows no output (:func:`trim_outputs`).

The deck itself is the chapter's lecture cut (:mod:`bleu.book.lecture`: the set-up block and
the full prose in reveal.js speaker notes, S opens them; exercises and appendices linked from
the last slide; ``"suite": {"lecture": "out"}`` and ``{"slide_text": ...}`` change the cut).
``slides.html`` lists each deck's slide count (:func:`slide_count`, from the cut) and minutes.

A marker that cannot be read raises ValueError naming the cell.
"""

from __future__ import annotations

import html
import importlib.util
import logging
import posixpath
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import jinja2
import nbformat
from jupyter_core.paths import jupyter_path
from nbconvert import HTMLExporter, SlidesExporter
from nbconvert.filters.markdown_mistune import markdown2html_mistune

from . import fonts
from .catalog import NOTEBOOKS, ROOT, Chapter, chapters, notebook_files
from .lecture import Cut, lecture_cut, split_at_headings
from .nav import CONTENTS, next_chapter
from .playground_page import write_playground
from .site_text import EDITIONS, ENGLISH, KOREAN, Words

log = logging.getLogger(__name__)

TEMPLATES = Path(__file__).resolve().parent / "templates"
PLAYGROUND_CHAPTERS = ("03", "04", "05", "06", "07")  # their decks link to the playground
DECK_WIDTH, DECK_HEIGHT = 1280, 720  # a projector
SWITCH = "<!-- language switch -->"  # where the index pages take their language switch
MARKER = ".bleu-site"  # marks a folder written by build_site, so a rebuild may empty it

# Files taken from jupyter-server-mathjax's static/ folder: the combined configuration
# TeX-AMS-MML_HTMLorMML-full (TeX input, HTML-CSS output), the Safe extension, what MathJax
# loads on demand (TeX extensions, HTML-CSS font data and autoloads), and the STIX-Web fonts,
# the only web fonts the package ships. Left out: SVG font data (the package has no SVG
# output), the a11y speech rules, the localizations (English is built in).
MATHJAX_FILES = (
    "LICENSE",
    "MathJax.js",
    "config/TeX-AMS-MML_HTMLorMML-full.js",
    "config/Safe.js",
    "extensions/*.js",
    "extensions/TeX/*.js",
    "extensions/HTML-CSS/*.js",
    "jax/element/**/*.js",
    "jax/input/TeX/*.js",
    "jax/output/HTML-CSS/**/*.js",
    "fonts/HTML-CSS/STIX-Web/woff/*.woff",
)
# Files taken from sphinx-revealjs's copy of reveal.js (dist/ and plugin/).
REVEAL_FILES = (
    "LICENSE",
    "dist/reveal.js",
    "dist/reveal.css",
    "dist/theme/white.css",
    "dist/theme/fonts/source-sans-pro/LICENSE",
    "dist/theme/fonts/source-sans-pro/*.woff",
    "plugin/notes/notes.js",
)
REVEAL_THEME = "white"  # its font comes with reveal.js; most other themes import Google Fonts
NBCONVERT_CSS = (
    "lab/static/index.css",
    "lab/static/theme-light.css",
    "reveal/static/custom_reveal.css",
)

_ANCHOR = re.compile(
    r"<a\b(?P<before>[^>]*?)\bhref=\"(?P<href>[^\"]*)\"(?P<after>[^>]*)>(?P<text>.*?)</a>", re.S
)
_EXTERNAL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|#|/)")


@dataclass(frozen=True)
class Edition:
    """One language of the site: its words, its folder in the site, its notebooks."""

    words: Words
    prefix: str  # the edition's folder in the site, with its slash ('' for English)
    notebooks: Path  # its chapter notebooks (solutions in notebooks/solutions)

    @property
    def lang(self) -> str:
        return self.words.lang


def editions() -> list[Edition]:
    """The English site, and the Korean one under ko/ when notebooks/ko holds notebooks."""
    found = [Edition(ENGLISH, "", NOTEBOOKS)]
    if any((NOTEBOOKS / KOREAN.lang).glob("*.ipynb")):
        found.append(Edition(KOREAN, f"{KOREAN.lang}/", NOTEBOOKS / KOREAN.lang))
    return found


def build_site(out: Path = ROOT / "build" / "site") -> Path:
    """Write the site into ``out`` (emptied first if an earlier build wrote it) and return it.

    Every edition (:func:`editions`) is written in full: the English one in ``out``, the
    Korean one in ``out/ko`` with a static/ folder of its own (Firefox's file:// rule).
    Raises ValueError if ``out`` is a non-empty folder that build_site did not write.
    """
    out = Path(out).resolve()
    _prepare(out)
    found = editions()
    tocs = {ed.prefix: chapters(ROOT, ed.notebooks.relative_to(ROOT).as_posix()) for ed in found}
    pages = {ed.prefix: _pages_of(ed, tocs[ed.prefix]) for ed in found}
    missing: dict[str, set[str]] = {}
    for edition in found:
        others = [(ed, pages[ed.prefix]) for ed in found if ed is not edition]
        _build_edition(out, edition, tocs[edition.prefix], others, missing)
    for target, sources in sorted(missing.items()):
        log.warning(
            "%s does not exist yet: its links are shown as plain text in %s",
            target,
            ", ".join(sorted(sources)),
        )
    return out


def _pages_of(edition: Edition, toc: list[Chapter]) -> set[str]:
    """The pages an edition will have, by name in its folder (``toc``: its chapters)."""
    names = {"index.html", "slides.html", "playground.html"}
    names.update(_page_of(source) for source in notebook_files(edition.notebooks))
    names.update(_slides_of(chapter) for chapter in toc)
    return names


def language_switch(name: str, others: list[tuple[Edition, set[str]]]) -> list[dict]:
    """The links from page ``name`` of one edition to the same page of the other editions
    (only where that page exists): ``{"label", "href", "lang"}`` each.

    >>> language_switch("03_x.html", [(Edition(KOREAN, "ko/", NOTEBOOKS), {"03_x.html"})])
    [{'label': '한국어', 'href': 'ko/03_x.html', 'lang': 'ko'}]
    """
    links = []
    for edition, names in others:
        if name in names:
            # every edition's pages sit in the top folder of the edition: one level apart
            href = f"{edition.prefix}{name}" if edition.prefix else f"../{name}"
            links.append({"label": edition.words.switch, "href": href, "lang": edition.lang})
    return links


def switch_html(links: list[dict]) -> str:
    """The language switch as HTML links (class ``site-lang-switch``)."""
    return "".join(
        f'<a class="site-lang-switch" href="{html.escape(link["href"])}" '
        f'hreflang="{link["lang"]}" lang="{link["lang"]}">{html.escape(link["label"])}</a>'
        for link in links
    )


def _build_edition(
    out: Path,
    edition: Edition,
    toc: list[Chapter],
    others: list[tuple[Edition, set[str]]],
    missing: dict[str, set[str]],
) -> None:
    """Write one edition of the site (``toc``: its chapters): its handouts, decks, index
    pages and playground."""
    words, prefix = edition.words, edition.prefix
    root = out / prefix
    _copy_static(root / "static")
    used: dict[str, set[str]] = {"ko": set(), "zh": set()}
    contents = _contents_anchor(edition.notebooks)

    def finish(page: str, body: str, source: Path) -> str:
        body = _rewrite_links(body, source, prefix + page, out, missing, contents)
        return fonts.mark_languages(body, used)

    handout = _handout_exporter(edition.lang)
    anchors: dict[str, dict[str, str]] = {}  # handout page -> heading text -> anchor id
    ids: dict[str, set[str]] = {}  # handout page -> the ids on it
    by_path = {chapter.path.resolve(): chapter for chapter in toc}
    by_solutions = {ch.solutions.resolve(): ch for ch in toc if ch.solutions is not None}
    for source in notebook_files(edition.notebooks):
        page = _page_of(source)
        chapter = by_path.get(source.resolve())
        solved = by_solutions.get(source.resolve())
        links = [(words.index, "index.html")]
        if chapter is not None:
            links.append((words.slides, _slides_of(chapter)))
            if chapter.solutions is not None:
                links.append((words.solutions, _page_of(chapter.solutions)))
        if solved is not None:
            links.append((words.back_to.format(label=solved.label), _page_of(solved.path)))
        title = _page_title(source, chapter, solved, words)
        nb = for_the_site(nbformat.read(source, as_version=4))
        site = _site_resources(links, language_switch(page, others), words)
        body = _export(handout, source, page, title, links, nb=nb, site=site)
        anchors[page] = heading_anchors(body)
        ids[page] = page_ids(body)
        body = in_page_links(body, ids[page])
        _write(root / page, finish(page, body, source))

    slides = _slides_exporter(edition.lang)
    decks = []
    for i, chapter in enumerate(toc):
        page = _slides_of(chapter)
        handout_page = _page_of(chapter.path)
        full = for_the_site(nbformat.read(chapter.path, as_version=4))
        nb, cut = lecture_cut(for_the_slides(full, handout_page), handout_page)
        nb = with_default_slides(nb)
        deck = _deck_info(toc, i, full, cut, anchors.get(handout_page, {}), words)
        deck["count"] = slide_count(nb)
        decks.append(deck)
        site = _site_resources([], language_switch(page, others), words)
        body = _export(slides, chapter.path, page, chapter.label, [], nb=nb, deck=deck,
                       site=site)
        body = in_page_links(body, page_ids(body), handout_page, ids.get(handout_page, set()))
        _write(root / page, finish(page, body, chapter.path))

    for name, text in (
        ("index.html", _index_page(toc, words)),
        ("slides.html", _slides_index(toc, decks, words)),
    ):
        text = text.replace(SWITCH, switch_html(language_switch(name, others)))
        _write(root / name, fonts.mark_languages(text, used))
    write_playground(
        root,
        edition.lang,
        switch_html(language_switch("playground.html", others)),
        finish=lambda text: fonts.mark_languages(text, used),
    )
    for text in words.script().values():  # what slides.js writes on the decks
        fonts.mark_languages(text, used)
    fonts.write_fonts(root / "static" / "fonts", used)


def _site_resources(links: list[tuple[str, str]], switch: list[dict], words: Words) -> dict:
    """What the page templates read besides the notebook (resources.site)."""
    return {"links": links, "switch": switch, "words": words, "script": words.script()}


# -- slides ---------------------------------------------------------------------------------


def default_slide_type(cell: nbformat.NotebookNode, previous: str | None) -> str:
    """The reveal.js slide type given to a cell of a notebook that has no slide metadata.

    ``previous`` is the type (``"markdown"``/``"code"``) of the last cell shown, or None.
    The navigation cells are skipped; the title and each ``## `` section start a slide;
    a ``### `` heading starts a sub-slide (reveal.js stacks them below the section's slide);
    a code cell appears as a fragment (on the next key press); other cells, such as the
    comment on a table or plot, continue the current slide, so that they stay with what they
    explain. What does not fit on the screen moves to continuation slides in the browser.

    >>> from nbformat.v4 import new_code_cell, new_markdown_cell
    >>> default_slide_type(new_markdown_cell("## Clipping"), "code")
    'slide'
    >>> default_slide_type(new_markdown_cell("So the count is clipped."), "code")
    '-'
    >>> default_slide_type(new_code_cell("x = 1"), "markdown")
    'fragment'
    """
    tags = cell.metadata.get("tags", [])
    if "nav-top" in tags or "nav-bottom" in tags:
        return "skip"
    if cell.cell_type == "code":
        return "fragment"
    source = cell.source.lstrip()
    if source.startswith(("# ", "## ")):
        return "slide"
    if source.startswith("### "):
        return "subslide"
    return "-"


def with_default_slides(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of ``nb`` in which every cell without a slide type has its default one.

    A cell's own ``slideshow.slide_type`` (set by a lecturer, e.g. ``skip`` for a set-up
    cell) is kept; every other cell gets :func:`default_slide_type`. Before that, a markdown
    cell with a heading after some prose (and no slide type of its own) is split at the
    heading, so that every section starts its own slide, and the chapter's ``# `` title line
    is left out (the deck's title slide shows it). The notebook file is never changed: the
    copy lives in memory only.
    """
    copy = nbformat.from_dict(nb)
    cells = []
    for cell in copy.cells:
        cells.extend([cell] if _own_slide_type(cell) else split_at_headings(cell))
    copy.cells = cells
    previous = None
    for cell in copy.cells:
        slide_type = _own_slide_type(cell) or default_slide_type(cell, previous)
        if slide_type == "slide" and cell.cell_type == "markdown" and previous is None:
            cell.source = re.sub(r"\A# [^\n]*\n*", "", cell.source.lstrip())
        cell.metadata["slideshow"] = {"slide_type": slide_type}
        if slide_type not in ("skip", "notes"):
            previous = cell.cell_type
    return copy


def _own_slide_type(cell: nbformat.NotebookNode) -> str:
    return cell.metadata.get("slideshow", {}).get("slide_type") or ""


# -- the lecturer's markers -----------------------------------------------------------------

_LINES = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")
ELLIPSIS = "\u2026"


def key_lines(spec: str, count: int) -> list[int]:
    """The 1-based line numbers that ``slide_lines`` marker ``spec`` names, in order.

    ``spec`` is a comma-separated list of lines and inclusive ranges of a cell of ``count``
    lines. Raises ValueError (naming ``slide_lines``) for anything else.

    >>> key_lines("3-5, 9", 10)
    [3, 4, 5, 9]
    """
    if not isinstance(spec, str):
        raise TypeError(f"slide_lines: expected a string such as '3-9,14', got {spec!r}")
    lines: set[int] = set()
    for part in spec.split(","):
        match = _LINES.match(part)
        if not match:
            raise ValueError(f"slide_lines: {part!r} of {spec!r} is not N or N-M")
        first = int(match[1])
        last = int(match[2] or first)
        if not 1 <= first <= last <= count:
            raise ValueError(
                f"slide_lines: {part.strip()!r} is outside lines 1-{count} of the cell"
            )
        lines.update(range(first, last + 1))
    return sorted(lines)


def show_key_lines(source: str, spec: str) -> str:
    r"""``source`` cut to the lines ``spec`` names, a ``# …`` line where lines are left out.

    The ``…`` line takes the indentation of the line after the gap, so the code still reads
    as Python.

    >>> print(show_key_lines("import x\n\ndef f(a):\n    b = a\n    c = b\n    return c", "3,6"))
    # …
    def f(a):
        # …
        return c
    """
    lines = source.splitlines()
    keep = key_lines(spec, len(lines))
    shown: list[str] = []
    expected = 1
    for number in keep:
        if number != expected:
            line = lines[number - 1]
            indent = line[: len(line) - len(line.lstrip())]
            shown.append(f"{indent}# {ELLIPSIS}")
        shown.append(lines[number - 1])
        expected = number + 1
    if expected <= len(lines):
        line = next((x for x in reversed(shown) if x.strip()), "")
        indent = line[: len(line) - len(line.lstrip())]
        shown.append(f"{indent}# {ELLIPSIS}")
    return "\n".join(shown)


def _trim_text(text: str, budget: int) -> tuple[str, int]:
    """``text`` cut to ``budget`` lines (a ``…`` line after the cut) and the budget left."""
    lines = text.splitlines()
    if len(lines) <= budget:
        return text, budget - len(lines)
    return "\n".join([*lines[:budget], ELLIPSIS]) + "\n", -1


_ROW = re.compile(r"<tr\b.*?</tr>\s*", re.S)


def _trim_html(text: str, budget: int) -> tuple[str, int]:
    """An HTML table cut to ``budget`` body rows (a ``…`` row after the cut)."""
    body = re.search(r"(<tbody[^>]*>)(.*?)(</tbody>)", text, re.S)
    if body is None:
        return text, budget
    rows = _ROW.findall(body[2])
    if len(rows) <= budget:
        return text, budget - len(rows)
    columns = max(len(re.findall(r"<t[dh]\b", row)) for row in rows)
    more = f'<tr><td colspan="{columns}">{ELLIPSIS}</td></tr>\n'
    trimmed = body[1] + "".join(rows[:budget]) + more + body[3]
    return text[: body.start()] + trimmed + text[body.end() :], -1


def trim_outputs(outputs: list, spec: str) -> list:
    """The outputs a slide shows under the ``slide_output`` marker ``spec``.

    ``"hide"`` shows none; ``"trim:N"`` shows the first N lines of text (streams and plain
    text) or N rows of an HTML table, a ``…`` line where the rest is left out, and no output
    after the cut. Raises ValueError (naming ``slide_output``) for any other marker.
    """
    if spec == "hide":
        return []
    match = re.fullmatch(r"trim:(\d+)", spec) if isinstance(spec, str) else None
    if match is None or int(match[1]) < 1:
        raise ValueError(f"slide_output: expected 'hide' or 'trim:N' (N >= 1), got {spec!r}")
    budget = int(match[1])
    shown = []
    for output in outputs:
        if budget < 0:
            break
        output = nbformat.from_dict(output)
        if output.get("output_type") == "stream":
            output.text, budget = _trim_text(output.text, budget)
        elif "data" in output:
            data = output.data
            if "text/html" in data:
                data["text/html"], budget = _trim_html(data["text/html"], budget)
            elif "text/plain" in data and not any(k.startswith("image/") for k in data):
                data["text/plain"], budget = _trim_text(data["text/plain"], budget)
        shown.append(output)
    return shown


def for_the_slides(nb: nbformat.NotebookNode, handout: str = "") -> nbformat.NotebookNode:
    """A copy of ``nb`` with the lecturer's markers applied (see the module's docstring).

    A code cell marked ``suite.slide_lines`` shows only those lines and records, in
    ``metadata.site``, the link to the full cell on the ``handout`` page and how many lines
    it has; a cell marked ``suite.slide_output`` has its outputs trimmed or hidden. Raises
    ValueError naming the cell for a marker that cannot be read.
    """
    copy = nbformat.from_dict(nb)
    for index, cell in enumerate(copy.cells):
        marks = cell.metadata.get("suite", {})
        try:
            if "slide_lines" in marks:
                if cell.cell_type != "code":
                    raise ValueError("slide_lines: only a code cell can show key lines")
                total = len(cell.source.splitlines())
                cell.source = show_key_lines(cell.source, marks["slide_lines"])
                cell.metadata["site"] = {
                    "full_cell": f"{handout}#cell-id={cell.get('id', '')}",
                    "lines": total,
                    "shown": len(key_lines(marks["slide_lines"], total)),
                }
            if "slide_output" in marks:
                cell.outputs = trim_outputs(cell.get("outputs", []), marks["slide_output"])
        except (TypeError, ValueError) as error:
            raise ValueError(f"cell {index} ({cell.get('id', '?')}): {error}") from None
    return copy


# -- what every page shows ------------------------------------------------------------------

_TEXT_MACRO = re.compile(r"\\(text|textrm|textit|textbf|textsf|texttt|mbox)\{([^{}]*)\}")
_PROGRESS = re.compile(r"\r|\d+%\||\d+/\d+ \[|it/s\]|s/it\]")


def text_escapes(source: str) -> str:
    r"""Markdown math with ``\_``, ``\%``, ``\&``, ``\#`` inside ``\text{...}`` unescaped.

    MathJax reads no TeX escapes in text mode, so ``\text{Max\_Ref\_Count}`` would show its
    backslashes; in text mode a plain ``_`` is already literal.

    >>> text_escapes(r"$$\min(\text{Count},\ \text{Max\_Ref\_Count})$$")
    '$$\\min(\\text{Count},\\ \\text{Max_Ref_Count})$$'
    """

    def unescape(match: re.Match[str]) -> str:
        inner = re.sub(r"\\([_%&#])", r"\1", match.group(2))
        return "\\" + match.group(1) + "{" + inner + "}"

    return _TEXT_MACRO.sub(unescape, source)


def is_progress_bar(output: nbformat.NotebookNode) -> bool:
    r"""True for a stderr stream output that a progress bar (tqdm) wrote.

    >>> from nbformat.v4 import new_output
    >>> is_progress_bar(new_output("stream", name="stderr", text="\r 40%|####  | 4/10"))
    True
    >>> is_progress_bar(new_output("stream", name="stderr", text="UserWarning: x"))
    False
    """
    return (
        output.get("output_type") == "stream"
        and output.get("name") == "stderr"
        and bool(_PROGRESS.search(output.get("text", "")))
    )


def for_the_site(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of ``nb`` as the pages show it: no progress bars, no TeX escapes in text mode,
    and a cell's printed text in one block per stream, as JupyterLab shows it (the kernel may
    store one ``print`` in several pieces, which a page would show as separate blocks)."""
    copy = nbformat.from_dict(nb)
    for cell in copy.cells:
        if cell.cell_type == "markdown":
            cell.source = text_escapes(cell.source)
        elif cell.cell_type == "code":
            outputs = [o for o in cell.get("outputs", []) if not is_progress_bar(o)]
            cell.outputs = joined_streams(outputs)
    return copy


def joined_streams(outputs: list) -> list:
    r"""Consecutive stream outputs of the same stream (stdout, stderr) joined into one.

    >>> from nbformat.v4 import new_output
    >>> parts = [new_output("stream", text="a:"), new_output("stream", text=" 1\n")]
    >>> [o.text for o in joined_streams(parts)]
    ['a: 1\n']
    """
    joined: list = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (
            last is not None
            and output.get("output_type") == "stream"
            and last.get("output_type") == "stream"
            and last.get("name") == output.get("name")
        ):
            last["text"] = last["text"] + output["text"]
        else:
            joined.append(nbformat.from_dict(output))
    return joined


def time_needed(nb: nbformat.NotebookNode) -> str:
    r"""The "Time: about N minutes" of a chapter's first cells (in Korean "시간: 약 N분"), or ''.

    >>> from nbformat.v4 import new_markdown_cell, new_notebook
    >>> time_needed(new_notebook(cells=[new_markdown_cell("# T\n\n**Time**: about 30 minutes.")]))
    'about 30 minutes'
    """
    for cell in nb.cells[:4]:
        if cell.cell_type == "markdown":
            for words in EDITIONS.values():  # a Korean cell not yet translated is English
                found = words.time_of(cell.source)
                if found:
                    return found
    return ""


def slide_count(nb: nbformat.NotebookNode) -> int:
    """The slides of the deck rendered from ``nb`` (its cells' slide types set), with the
    title slide and the last slide; continuation slides the browser may add not counted.

    nbconvert opens a slide at the first cell shown and at every ``slide`` or ``subslide``.

    >>> from nbformat.v4 import new_markdown_cell, new_notebook
    >>> cells = [new_markdown_cell(t) for t in ("## A", "text", "### B")]
    >>> for cell, kind in zip(cells, ("slide", "-", "subslide")):
    ...     cell.metadata["slideshow"] = {"slide_type": kind}
    >>> slide_count(new_notebook(cells=cells))
    4
    """
    count, first = 0, True
    for cell in nb.cells:
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if kind in ("skip", "notes"):
            continue
        if first or kind in ("slide", "subslide"):
            count += 1
        first = False
    return count + 2


_HEADING_ID = re.compile(r'<h([1-3]) id="([^"]+)"[^>]*>(.*?)<a class="anchor-link"', re.S)


_ID = re.compile(r'\sid="([^"]+)"')
_FRAGMENT_LINK = re.compile(r'href="#([^"]+)"')


def page_ids(body: str) -> set[str]:
    """Every ``id`` on a rendered page (as written in the HTML)."""
    return {html.unescape(found) for found in _ID.findall(body)}


def in_page_links(
    body: str, ids: set[str], handout: str = "", handout_ids: set[str] = frozenset()
) -> str:
    """In-page links (``href="#x"``) pointed at the id they mean.

    nbconvert writes a heading's id with its non-ASCII letters percent-encoded but an
    apostrophe as it is, and the link to it with the apostrophe encoded too (``%27``): the
    link is matched to the id by their decoded forms. On a deck (``handout`` given), a link to
    a section the lecture cut left out (an optional section, the exercises) goes to that
    section in the handout.

    >>> print(in_page_links('<a href="#q%27s">x</a>', {"q's"}))
    <a href="#q's">x</a>
    >>> print(in_page_links('<a href="#Optional:-x">x</a>', set(), "03_x.html", {"Optional:-x"}))
    <a href="03_x.html#Optional:-x">x</a>
    """
    def decoded(anchor: str) -> str:
        return unquote(html.unescape(anchor))

    here = {decoded(anchor): anchor for anchor in ids}
    there = {decoded(anchor): anchor for anchor in handout_ids}

    def point(match: re.Match[str]) -> str:
        fragment = html.unescape(match[1])
        if fragment in ids:
            return match[0]
        key = decoded(fragment)
        if key in here:
            return f'href="#{_attribute(here[key])}"'
        if handout and key in there:
            return f'href="{handout}#{_attribute(there[key])}"'
        return match[0]

    return _FRAGMENT_LINK.sub(point, body)


def _attribute(value: str) -> str:
    """``value`` inside a double-quoted HTML attribute (only ``&`` and ``"`` need escaping)."""
    return value.replace("&", "&amp;").replace('"', "&quot;")


def heading_anchors(body: str) -> dict[str, str]:
    """Heading text (tags stripped) -> its anchor id, for the headings of a rendered page.

    >>> heading_anchors('<h2 id="Exercises">Exercises<a class="anchor-link" href="#E">')
    {'Exercises': 'Exercises'}
    """
    found = {}
    for _, anchor, text in _HEADING_ID.findall(body):
        found[html.unescape(re.sub(r"<[^>]*>", "", text)).strip()] = anchor
    return found


def _deck_info(
    toc: list[Chapter],
    i: int,
    nb: nbformat.NotebookNode,
    cut: Cut | None = None,
    anchors: dict[str, str] | None = None,
    words: Words = ENGLISH,
) -> dict:
    """What the title slide and the last slide of chapter ``i``'s deck show: the set-up block
    goes to the title slide's notes; the sections out of the cut are linked from the last."""
    chapter = toc[i]
    cut = cut or Cut()
    anchors = anchors or {}
    handout = _page_of(chapter.path)
    left_out = []
    for title in cut.left_out:
        anchor = anchors.get(title) or anchors.get(re.sub(r"[`*$]", "", title))
        href = f"{handout}#{anchor}" if anchor else handout
        left_out.append((markdown2html_mistune(title).strip().removeprefix("<p>")
                         .removesuffix("</p>"), href))
    time = time_needed(nb)
    links = [(words.handout_link.format(label=chapter.label), _page_of(chapter.path))]
    following = next_chapter(toc, i)
    if following is not None and following is not toc[0]:
        links.append((words.next_deck.format(label=following.label), _slides_of(following)))
    if chapter.number in PLAYGROUND_CHAPTERS:
        links.append((words.playground_link, "playground.html"))
    links.append((words.index_link, "index.html"))
    links.append((words.all_decks, "slides.html"))
    return {
        "title": f"{chapter.number} · {chapter.title}",
        "summary": markdown2html_mistune(chapter.summary) if chapter.summary else "",
        "time": time,
        "time_line": words.time_needed.format(time=time) if time else "",
        "left_out_names": ", ".join(re.sub(r"<[^>]*>", "", label) for label, _ in left_out),
        "end_links": links,
        "handout": _page_of(chapter.path),
        "setup_notes": markdown2html_mistune(cut.setup) if cut.setup else "",
        "left_out": left_out,
        "minutes": minutes(time),
        "label": chapter.label,
        "page": _slides_of(chapter),
    }


def minutes(time: str) -> int:
    """The minutes of a chapter's stated time ("about 65 minutes with the exercises, plus 15
    for the appendix" -> 65), or 0.

    >>> minutes("about 35 minutes with the exercises")
    35
    """
    match = re.search(r"\d+", time)
    return int(match[0]) if match else 0


# -- rendering ------------------------------------------------------------------------------


_MARKDOWN_IMAGES = """Markdown images are not embedded (``embed_images=False``).

Figures are outputs, which nbconvert embeds anyway; no markdown cell shows an image (a test
holds this). With ``embed_images=True`` nbconvert parses each raw-HTML block of a markdown
cell on its own to find images, and so closes a fold's ``<details>`` right after its
summary, leaving the folded text outside the fold (seen in every handout).
"""


def _handout_exporter(lang: str = "en") -> HTMLExporter:
    exporter = HTMLExporter(
        template_name="bleu_handout",
        language_code=lang,
        extra_template_basedirs=[str(TEMPLATES)],
        extra_template_paths=[str(TEMPLATES / "common")],
        embed_images=False,  # see _MARKDOWN_IMAGES
    )
    _no_cdn(exporter)
    return exporter


def _slides_exporter(lang: str = "en") -> SlidesExporter:
    exporter = SlidesExporter(
        template_name="bleu_slides",
        language_code=lang,
        extra_template_basedirs=[str(TEMPLATES)],
        extra_template_paths=[str(TEMPLATES / "common")],
        embed_images=False,  # see _MARKDOWN_IMAGES
        reveal_url_prefix="static/reveal",
        reveal_theme=REVEAL_THEME,
        reveal_number="c/t",
        reveal_width=str(DECK_WIDTH),
        reveal_height=str(DECK_HEIGHT),
    )
    _no_cdn(exporter)
    return exporter


def _no_cdn(exporter: HTMLExporter) -> None:
    """Blank every CDN address nbconvert would hand to a template (ours use none of them)."""
    for name in (
        "require_js_url",
        "mathjax_url",
        "jquery_url",
        "mermaid_js_url",
        "mermaid_layout_elk_js_url",
        "jupyter_widgets_base_url",
    ):
        setattr(exporter, name, "")


def _export(
    exporter: HTMLExporter,
    source: Path,
    page: str,
    title: str,
    links: list[tuple[str, str]],
    nb: nbformat.NotebookNode | None = None,
    deck: dict | None = None,
    site: dict | None = None,
) -> str:
    """Render ``nb`` (read from ``source`` if None) as the page ``page`` of its edition."""
    if nb is None:
        nb = nbformat.read(source, as_version=4)
    resources = {
        "metadata": {"name": title, "path": str(source.parent)},
        "site": {
            "static": _rel("static", page),
            "links": links,
            "deck": deck or {},
            **(site or _site_resources(links, [], ENGLISH)),
        },
    }
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return body


def _page_title(
    source: Path, chapter: Chapter | None, solved: Chapter | None, words: Words = ENGLISH
) -> str:
    if chapter is not None:
        return chapter.label
    if solved is not None:
        return words.solutions_title.format(label=solved.label)
    return source.stem


# -- links ----------------------------------------------------------------------------------


def _page_of(notebook: Path) -> str:
    """A notebook's page in its edition's folder: notebooks/[ko/][solutions/]X.ipynb -> X.html."""
    return notebook.with_suffix(".html").name


def _site_path(notebook: Path) -> str | None:
    """Site path of a notebook's page (``ko/X.html`` for a Korean one), or None if the
    notebook is not one of the site's (not in notebooks/[ko/][solutions/])."""
    base = NOTEBOOKS.resolve()
    for prefix in ("", *(f"{lang}/" for lang in EDITIONS if lang != ENGLISH.lang)):
        folder = base / prefix if prefix else base
        if notebook.parent in (folder, folder / "solutions"):
            return prefix + _page_of(notebook)
    return None


def _slides_of(chapter: Chapter) -> str:
    return f"{chapter.path.stem}.slides.html"


def _rel(target: str, page: str) -> str:
    """The relative href from the site page ``page`` to the site path ``target``."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


def _contents_anchor(folder: Path = NOTEBOOKS) -> str:
    """The anchor of the contents cell (tagged ``toc``) on notebook 00's page, or ''."""
    path = folder / CONTENTS
    if not path.exists():
        return ""
    for cell in nbformat.read(path, as_version=4).cells:
        if "toc" in cell.metadata.get("tags", []) and cell.get("id"):
            return f"cell-id={cell.id}"
    return ""


def _rewrite_links(
    body: str,
    source: Path,
    page: str,
    out: Path,
    missing: dict[str, set[str]],
    contents: str = "",
) -> str:
    """Point links to notebooks at their pages; copy other repository files the page links to.

    ``page`` is the page's path in the site (``ko/X.html`` for a Korean page). A link to a
    notebook that does not exist (yet) becomes plain text marked ``missing-link``, and its
    target is recorded in ``missing`` (target -> pages that link to it). A link named
    "Contents" (or "목차") to the contents notebook lands on its contents section.
    """
    notebooks_dir = NOTEBOOKS.resolve()
    contents_words = {words.contents for words in EDITIONS.values()}

    def replace(match: re.Match[str]) -> str:
        href = html.unescape(match["href"])
        if _EXTERNAL.match(href):
            return match[0]
        path, _, anchor = href.partition("#")
        fragment = f"#{anchor}" if anchor else ""
        target = (source.parent / unquote(path)).resolve()
        if (
            contents
            and not fragment
            and target.name == CONTENTS
            and re.sub(r"<[^>]*>", "", match["text"]).strip() in contents_words
        ):
            fragment = f"#{contents}"
        site_path = _site_path(target) if target.suffix == ".ipynb" else None
        if site_path is not None:
            if not target.exists():
                name = target.relative_to(notebooks_dir).as_posix()
                missing.setdefault(name, set()).add(page)
                label = html.escape(f"{name} is not written yet")
                return f'<span class="missing-link" title="{label}">{match["text"]}</span>'
            new = _rel(site_path, page) + fragment
        elif target.is_file() and target.is_relative_to(ROOT.resolve()):
            copied = "files/" + target.relative_to(ROOT.resolve()).as_posix()
            (out / copied).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(target, out / copied)
            new = _rel(copied, page) + fragment
        else:
            return match[0]  # left as it is: the site test reports it
        return f'<a{match["before"]}href="{html.escape(new)}"{match["after"]}>{match["text"]}</a>'

    return _ANCHOR.sub(replace, body)


# -- index pages ----------------------------------------------------------------------------


def _head(title: str, static: str, math: bool, words: Words = ENGLISH) -> str:
    mathjax = ""
    if math:  # the same MathJax set-up as the notebook pages
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES / "common"))
        mathjax = env.get_template("offline.j2").module.mathjax_offline(static) + "\n"
    return (
        f'<!DOCTYPE html>\n<html lang="{words.lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<link rel="stylesheet" href="{static}/site.css">\n'
        f'<link rel="stylesheet" href="{static}/fonts/cjk.css">\n{mathjax}</head>\n'
        '<body class="site-index">\n'
    )


def _index_page(toc: list[Chapter], words: Words = ENGLISH) -> str:
    """index.html of an edition: what the site is, and its chapters (the language switch
    goes where :data:`SWITCH` is)."""
    number, chapter, summary_of, solutions_of, slides_of = words.columns
    rows = []
    for ch in toc:
        summary = markdown2html_mistune(ch.summary) if ch.summary else ""
        solutions = (
            f'<a href="{_page_of(ch.solutions)}">{solutions_of.lower()}</a>'
            if ch.solutions is not None
            else ""
        )
        rows.append(
            f'<tr><td class="number">{ch.number}</td>'
            f'<td><a href="{_page_of(ch.path)}">{html.escape(ch.title)}</a></td>'
            f"<td>{summary}</td><td>{solutions}</td>"
            f'<td><a href="{_slides_of(ch)}">{slides_of.lower()}</a></td></tr>'
        )
    return (
        _head(words.site_name, "static", math=any("$" in ch.summary for ch in toc), words=words)
        + f'<p class="site-top">{SWITCH}</p>\n'
        + f"<h1>{words.site_name}</h1>\n"
        + words.index_html
        + f"<h2>{words.contents_heading}</h2>\n<table>\n<thead><tr><th>{number}</th>"
        f"<th>{chapter}</th><th>{summary_of}</th><th>{solutions_of}</th><th>{slides_of}</th>"
        "</tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody>\n</table>\n</body>\n</html>\n"
    )


def _slides_index(
    toc: list[Chapter], decks: list[dict] | None = None, words: Words = ENGLISH
) -> str:
    """slides.html of an edition: every deck with its slide count and minutes."""
    if decks is None:
        decks = [{"page": _slides_of(ch), "label": ch.label} for ch in toc]
    rows = []
    for deck in decks:
        count = words.slide_count.format(n=deck["count"]) if deck.get("count") else ""
        time = words.minutes.format(n=deck["minutes"]) if deck.get("minutes") else ""
        rows.append(
            f'<li data-slides="{deck.get("count", 0)}" data-minutes="{deck.get("minutes", 0)}">'
            f'<a href="{deck["page"]}">{html.escape(deck["label"])}</a>'
            + (f" · {count}" if count else "")
            + (f" · {time}" if time else "")
            + "</li>"
        )
    items = "\n".join(rows)
    title = words.slides_title.format(site=words.site_name)
    return (
        _head(title, "static", math=False, words=words)
        + f'<p class="site-top"><a href="index.html">{words.index}</a>{SWITCH}</p>\n'
        + f"<h1>{title}</h1>\n"
        + words.slides_html
        + f"<ul>\n{items}\n</ul>\n</body>\n</html>\n"
    )


# -- files ----------------------------------------------------------------------------------


def _prepare(out: Path) -> None:
    if out.exists():
        if not out.is_dir():
            raise ValueError(f"out: {out} is not a folder")
        if any(out.iterdir()):
            if not (out / MARKER).exists():
                raise ValueError(f"out: {out} is not empty and was not written by build_site")
            shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("written by python -m bleu.book site; emptied on rebuild\n")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _package_dir(module: str, requirement: str) -> Path:
    """The folder of an installed package, found without importing it."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the site needs {requirement}: pip install '{requirement}'")
    return Path(next(iter(spec.submodule_search_locations)))


def _nbconvert_templates() -> Path:
    for folder in jupyter_path("nbconvert", "templates"):
        if (Path(folder) / "lab" / "static" / "index.css").exists():
            return Path(folder)
    raise RuntimeError("nbconvert's lab template is not installed")


def _copy_globs(source: Path, target: Path, patterns: Iterable[str]) -> None:
    for pattern in patterns:
        files = sorted(p for p in source.glob(pattern) if p.is_file())
        if not files:
            raise RuntimeError(f"{source}: no file matches {pattern}")
        for path in files:
            copied = target / path.relative_to(source)
            copied.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copied)


def _copy_static(static: Path) -> None:
    mathjax = _package_dir("jupyter_server_mathjax", "jupyter-server-mathjax") / "static"
    _copy_globs(mathjax, static / "mathjax", MATHJAX_FILES)
    reveal = _package_dir("sphinx_revealjs", "sphinx-revealjs") / "_static" / "revealjs"
    _copy_globs(reveal, static / "reveal", REVEAL_FILES)
    _write(static / "reveal/dist/theme/fonts/source-sans-pro/source-sans-pro.css", _woff_faces())
    templates = _nbconvert_templates()
    (static / "nbconvert").mkdir(parents=True, exist_ok=True)
    for name in NBCONVERT_CSS:
        shutil.copyfile(templates / name, static / "nbconvert" / Path(name).name)
    for name in ("site.css", "slides.css", "site.js", "slides.js"):
        shutil.copyfile(TEMPLATES / "common" / name, static / name)


def _woff_faces() -> str:
    """reveal.js's Source Sans Pro faces, WOFF files only (the site ships no EOT/TTF copies)."""
    faces = []
    for name, weight, style in (
        ("regular", "normal", "normal"),
        ("italic", "normal", "italic"),
        ("semibold", "600", "normal"),
        ("semibolditalic", "600", "italic"),
    ):
        faces.append(
            "@font-face {\n    font-family: 'Source Sans Pro';\n"
            f"    src: url('./source-sans-pro-{name}.woff') format('woff');\n"
            f"    font-weight: {weight};\n    font-style: {style};\n}}\n"
        )
    return "\n".join(faces)
