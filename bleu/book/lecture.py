r"""The lecture cut: what a chapter's deck shows in class, and what goes to the speaker notes.

A deck is the chapter's teaching line; the handout keeps everything. :func:`lecture_cut`
turns a notebook (already through :func:`bleu.book.site.for_the_slides`) into the notebook
the deck is rendered from:

- the set-up block of the chapter's first cell (Time, Assumes, Prerequisites, Sources) leaves
  the slides and becomes the title slide's notes (:attr:`Cut.setup`);
- sections out of the cut (Exercises, appendices, optional sections, :data:`OUT_OF_CUT`) are
  left out; the deck's last slide links to them in the handout (:attr:`Cut.left_out`);
- folded side roads (``<details>`` blocks in markdown) stay off the slides, and a cell that
  is nothing else is left out; a display-only code cell (tag ``hide-input``) shows its output
  with a link to its code in the handout, as a figure does;
- a cell marked ``"suite": {"lecture": "out"}`` is left out too: its prose goes to the notes
  of the slide it would have been on, its code is simply not shown;
- prose longer than :data:`SLIDE_WORDS` words is shortened on the slide to its first
  sentences (never cut inside a sentence) or list items (:func:`slide_prose`); a lecturer may
  give the slide's text with ``"suite": {"slide_text": "..."}``; the full text of every cell
  shown goes to that slide's speaker notes (a Jupyter ``notes`` cell, which reveal.js's notes
  plugin shows in the speaker view);
- each code cell gets a slide of its own with the prose that leads to it (one code cell and
  its output per slide), and the prose that follows a figure stays with the figure; a slide
  with a figure holds :data:`FIGURE_WORDS` words of prose (they stand in a column beside it).

A Korean notebook (``metadata.suite.language == "ko"``, the Korean edition) is cut by the same
rules, with its own set-up labels (시간, 전제, 선수 학습, 출처), its own headings out of the cut
(연습 문제, 부록, (선택)) and its own word count: Korean writes particles and endings onto the
word (one *eojeol*, 어절, per space), so a space-separated Korean token carries more than an
English word. Each token with Hangul counts :data:`EOJEOL_WORDS` words (:func:`words`), which
fills a Korean slide as full as an English one with the same budgets.

Cells with a slide type of their own (``skip``, ``notes``, ``slide``, ...) keep it. Raises
ValueError naming the cell for a ``lecture`` or ``slide_text`` marker that cannot be read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import nbformat

SLIDE_WORDS = 60  # about as much prose as a class reads on one slide
# Measured on the Korean catalogues (notebooks/ko/po, 2026-11-26, every translated message):
# 43,181 English words became 30,431 tokens with Hangul and 4,498 without (names, numbers,
# code), so a Hangul token says as much as (43,181 - 4,498) / 30,431 = 1.27 English words,
# and takes 3.49 em with its space against 2.78 em for an English word (Hangul 1 em a
# syllable, Latin letters about 0.5 em): 1.26. On the slides the cut falls at whole
# sentences, and Korean sentences are longer. The width of prose the 15 Korean decks show,
# against the English decks: +29% with 1 (plain eojeol), +6% with 1.27, -1% with 1.35 (per
# chapter -21% to +9%), -4% with 1.4. 1.35 it is: a Korean slide about as full as an English
# one (tests/test_site.py measures it).
EOJEOL_WORDS = 1.35
PROSE = ("p", "list", "quote")  # the blocks a slide shortens (tables, math and code stay)
FIGURE_WORDS = 45  # beside a figure the column is narrow
OUT_OF_CUT = re.compile(
    r"^#{2,3} (?:.*?\b(?:Exercises|Appendix|optional)\b|.*?(?:연습 문제|부록|\(선택\)))", re.I
)
SETUP = re.compile(r"^\*\*(Time|Assumes|Prerequisites|Sources|시간|전제|선수 학습|출처)\*\*", re.M)
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_HEADING = re.compile(r"^(#{1,3}) ")
_ANY_HEADING = re.compile(r"^#{1,3} ")
_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
# where a sentence may end: . ! ? (and closing quotes/brackets/emphasis), then a space and a
# letter (a sentence may start with a lower-case name: "sacreBLEU keeps ..."), digit, quote,
# bracket, emphasis or code; not after common abbreviations or a single letter
_SENTENCE_END = re.compile(
    r"(?<=[.!?])[)\"'”’*_]*\s+(?=[A-Za-z0-9\"'“‘(\[*_`$\u1100-\u11ff\u3130-\u318f\uac00-\ud7af])"
)
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|al|Fig|No|Eq|p|pp|Ch|Sec)|\b[A-Z])\.$")
_PROTECTED = re.compile(r"`[^`]*`|\$[^$]*\$")


@dataclass
class Cut:
    """What the deck's first and last slides need to know about the cut."""

    setup: str = ""  # markdown of the set-up block, for the title slide's notes
    left_out: list[str] = field(default_factory=list)  # headings of sections out of the cut


def words(text: str, lang: str = "en") -> float:
    r"""The number of words of prose in markdown ``text`` (tables, math and code not counted).

    In Korean (``lang="ko"``) a token with Hangul counts :data:`EOJEOL_WORDS` words.

    >>> words("Clipping caps a count.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$x = 1$$")
    4
    >>> round(words("BLEU 점수는 개수에서 나옵니다.", "ko"), 2)  # 1 + 3 x 1.35
    5.05
    """
    return sum(_count(_unquoted(b), lang) for kind, b in blocks(text) if kind in PROSE)


def _count(text: str, lang: str) -> float:
    """Words of plain ``text``: its tokens, a Korean token with Hangul as EOJEOL_WORDS."""
    tokens = text.split()
    if lang != "ko":
        return len(tokens)
    return sum(EOJEOL_WORDS if _HANGUL.search(token) else 1 for token in tokens)


def blocks(text: str) -> list[tuple[str, str]]:
    r"""Markdown ``text`` as (kind, source) blocks: ``h`` heading, ``p`` paragraph, ``list``,
    ``quote`` (a block quote), ``table``, ``math``, ``code`` (a fenced block), ``html``.

    >>> [k for k, _ in blocks("## A\n\nSome text.\n\n- one\n- two\n\n$$x$$")]
    ['h', 'p', 'list', 'math']
    """
    if not isinstance(text, str):
        raise TypeError(f"text: expected markdown as str, got {type(text).__name__}")
    out: list[tuple[str, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if _FENCE.match(line):
            j = i + 1
            while j < len(lines) and not _FENCE.match(lines[j]):
                j += 1
            out.append(("code", "\n".join(lines[i : j + 1])))
            i = j + 1
            continue
        if re.match(r"^#{1,6} ", line):
            out.append(("h", line))
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].strip() and not _FENCE.match(lines[j]):
            if j > i and re.match(r"^#{1,6} ", lines[j]):
                break
            j += 1
        chunk = "\n".join(lines[i:j])
        first = line.lstrip()
        if first.startswith("|"):
            kind = "table"
        elif first.startswith("$$"):
            kind = "math"
        elif first.startswith("<"):
            kind = "html"
        elif first.startswith(">"):
            kind = "quote"
        elif _ITEM.match(line):
            kind = "list"
        else:
            kind = "p"
        out.append((kind, chunk))
        i = j
    return out


def sentences(paragraph: str) -> list[str]:
    r"""The sentences of a paragraph, its lines joined; inline code and math are not cut.

    >>> sentences("BLEU clips counts, e.g. `the`. Then it\ncombines them. 0.5 is the mean.")
    ['BLEU clips counts, e.g. `the`.', 'Then it combines them.', '0.5 is the mean.']
    """
    text = " ".join(part.strip() for part in paragraph.splitlines())
    masked = _PROTECTED.sub(lambda m: "x" * len(m[0]), text)
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(masked):
        end = match.start()
        if _ABBREVIATION.search(masked[start:end]):
            continue
        out.append(text[start : match.start() + len(match[0].rstrip())].strip())
        start = match.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


def _items(block: str) -> list[str]:
    items: list[list[str]] = []
    for line in block.splitlines():
        if _ITEM.match(line) or not items:
            items.append([line])
        else:
            items[-1].append(line)
    return ["\n".join(item) for item in items]


def slide_prose(
    text: str, limit: float = SLIDE_WORDS, first: bool = True, lang: str = "en"
) -> tuple[str, bool]:
    r"""Markdown ``text`` as a slide shows it, and whether anything was left out.

    Headings, tables, math and code blocks stay. Prose stays in order while it fits in
    ``limit`` words; a paragraph that does not fit is cut after its last whole sentence that
    does, a list after its last whole item; the prose after it is left out (it is in the
    speaker notes). When the cell is the ``first`` prose of its slide, its first sentence or
    item stays however long it is (a lecturer may then give ``slide_text``). Words are counted
    as :func:`words` counts them in ``lang``.

    >>> slide_prose("One two three. Four five six.", limit=4)
    ('One two three.', True)
    >>> slide_prose("Short.", limit=4)
    ('Short.', False)
    """
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit >= 1:
        raise ValueError(f"limit: expected a positive number, got {limit!r}")
    kept: list[str] = []
    used: float = 0
    full = False  # the prose budget is spent: later prose is left out
    cut = False
    for kind, block in blocks(text):
        if kind not in PROSE:
            kept.append(block)
            continue
        quoted = kind == "quote"
        if quoted:  # shortened as the paragraphs it quotes, then quoted again
            block = _unquoted(block)
            kind = "list" if _ITEM.match(block) else "p"
        size = _count(block, lang)
        if not full and used + size <= limit:
            kept.append(_quote(block) if quoted else block)
            used += size
            continue
        cut = True
        if full:
            continue
        full = True
        parts = sentences(block) if kind == "p" else _items(block)
        shown: list[str] = []
        for part in parts:
            n = _count(part, lang)
            if used + n > limit and (shown or used or not first):
                break
            shown.append(part)
            used += n
        if shown:
            part = (" " if kind == "p" else "\n").join(shown)
            kept.append(_quote(part) if quoted else part)
    return "\n\n".join(kept), cut


def _unquoted(block: str) -> str:
    return "\n".join(re.sub(r"^\s*>\s?", "", line) for line in block.splitlines())


def _quote(block: str) -> str:
    return "\n".join(f"> {line}".rstrip() for line in block.splitlines())


def split_at_headings(cell: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    r"""A markdown cell cut before each ``#``/``##``/``###`` heading (not inside code fences).

    >>> from nbformat.v4 import new_markdown_cell
    >>> [c.source for c in split_at_headings(new_markdown_cell("So.\n\n## Next\n\nText"))]
    ['So.', '## Next\n\nText']
    """
    if cell.cell_type != "markdown" or cell.metadata.get("tags"):
        return [cell]
    parts: list[list[str]] = [[]]
    fenced = False
    for line in cell.source.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and _ANY_HEADING.match(line) and any(x.strip() for x in parts[-1]):
            parts.append([])
        parts[-1].append(line)
    if len(parts) == 1:
        return [cell]
    pieces = []
    for index, lines in enumerate(parts):
        piece = nbformat.from_dict(cell)
        piece.source = "\n".join(lines).strip("\n")
        if "id" in piece:
            piece.id = f"{cell.id}-{index}"[:64]
        pieces.append(piece)
    return pieces


def _marks(cell: nbformat.NotebookNode, index: int) -> dict:
    marks = cell.metadata.get("suite", {})
    lecture = marks.get("lecture", "in")
    if lecture not in ("in", "out"):
        raise ValueError(f"cell {index} ({cell.get('id', '?')}): lecture: expected 'in' or "
                         f"'out', got {lecture!r}")
    text = marks.get("slide_text")
    if text is not None and (not isinstance(text, str) or not text.strip()):
        raise ValueError(f"cell {index} ({cell.get('id', '?')}): slide_text: expected "
                         f"markdown text, got {text!r}")
    if text is not None and cell.cell_type != "markdown":
        raise ValueError(f"cell {index} ({cell.get('id', '?')}): slide_text: only a markdown "
                         "cell has slide text")
    return {"lecture": lecture, "slide_text": text}


def _notes(source: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_markdown_cell(source)
    cell.metadata["slideshow"] = {"slide_type": "notes"}
    return cell


def _is_figure(cell: nbformat.NotebookNode) -> bool:
    return cell.cell_type == "code" and any(
        key.startswith("image/") for o in cell.get("outputs", []) for key in o.get("data", {})
    )


def _own_type(cell: nbformat.NotebookNode) -> str:
    return cell.metadata.get("slideshow", {}).get("slide_type") or ""


def _prose_only(text: str) -> str:
    return "\n\n".join(b for kind, b in blocks(text) if kind in PROSE)


def split_setup(text: str) -> tuple[str, str]:
    r"""The chapter's first cell without its set-up block, and the set-up block.

    The set-up block is every paragraph that starts with **Time**, **Assumes**,
    **Prerequisites** or **Sources** (in Korean **시간**, **전제**, **선수 학습**, **출처**).

    >>> split_setup("# T\n\n**Time**: 5 min.\n\nWhy it matters.\n\n**Sources**: 001.")
    ('# T\n\nWhy it matters.', '**Time**: 5 min.\n\n**Sources**: 001.')
    """
    keep, setup = [], []
    for kind, block in blocks(text):
        (setup if kind == "p" and SETUP.match(block) else keep).append(block)
    return "\n\n".join(keep), "\n\n".join(setup)


def lecture_cut(
    nb: nbformat.NotebookNode, handout: str = ""
) -> tuple[nbformat.NotebookNode, Cut]:
    """A copy of ``nb`` cut for the lecture (see the module's docstring), and what was cut.

    Every cell of the copy has its slide type; the notebook itself is never changed. A
    figure's code cell shows only the figure and a link to the cell on the ``handout`` page.
    Two passes: the first chooses the cells and where slides start, the second shortens the
    prose with a budget per slide and puts the full text in the notes.
    """
    copy = nbformat.from_dict(nb)
    cells = []
    for cell in copy.cells:
        cells.extend([cell] if _own_type(cell) else split_at_headings(cell))
    cut = Cut()
    chosen = _choose(cells, cut, handout)
    lang = nb.metadata.get("suite", {}).get("language", "en")
    return _shorten(copy, chosen, cut, lang), cut


def _choose(
    cells: list[nbformat.NotebookNode], cut: Cut, handout: str
) -> list[nbformat.NotebookNode]:
    """The cells in the cut, each with its slide type; prose out of the cut as notes."""
    out: list[nbformat.NotebookNode] = []
    out_level = 0  # while > 0: inside a section out of the cut of this heading level
    codes = 0  # code cells on the current slide
    after_figure = False  # the last cell shown was a figure
    lead: list[nbformat.NotebookNode] = []  # prose cells since the last code cell
    for index, cell in enumerate(cells):
        marks = _marks(cell, index)
        tags = cell.metadata.get("tags", [])
        own = _own_type(cell)
        heading = _HEADING.match(cell.source.lstrip()) if cell.cell_type == "markdown" else None
        level = len(heading[1]) if heading else 0
        if heading and out_level and level <= out_level:
            out_level = 0
        if heading and OUT_OF_CUT.match(cell.source.lstrip()):
            out_level = level
            cut.left_out.append(cell.source.lstrip().splitlines()[0].lstrip("# ").strip())
        if out_level or "nav-top" in tags or "nav-bottom" in tags:
            continue
        if cell.cell_type == "markdown" and own != "notes":
            cell.source = without_folds(cell.source)
            if not cell.source.strip():  # the cell was a side road folded out of the main line
                continue
        if own in ("skip", "notes"):
            out.append(cell)
            continue
        if marks["lecture"] == "out":
            if cell.cell_type == "markdown" and _prose_only(cell.source):
                out.append(_notes(cell.source))
            continue
        if cell.cell_type == "markdown":
            if heading:
                cell.metadata["slideshow"] = {
                    "slide_type": own or ("slide" if level <= 2 else "subslide")
                }
                codes, lead, after_figure = 0, [], False
            else:
                cell.metadata["slideshow"] = {"slide_type": own or "-"}
                if not (after_figure and not lead):  # a figure's comment stays with it
                    lead.append(cell)
            out.append(cell)
            continue
        # a code cell: one per slide, with the prose that leads to it
        if codes:
            starter = lead[0] if lead else cell
            if not _own_type(starter) or starter.metadata["slideshow"]["slide_type"] == "-":
                starter.metadata["slideshow"] = {"slide_type": "subslide"}
            codes = 0
        if not own and cell.metadata.get("slideshow", {}).get("slide_type") != "subslide":
            cell.metadata["slideshow"] = {"slide_type": "fragment"}
        codes += 1
        lead = []
        after_figure = _is_figure(cell)
        if after_figure:  # the slide shows the figure; its plotting code is in the handout
            site = cell.metadata.setdefault("site", {})
            site["figure"] = True
            site["full_cell"] = f"{handout}#cell-id={cell.get('id', '')}"
        elif "hide-input" in tags:  # display-only code: the slide shows what it draws
            site = cell.metadata.setdefault("site", {})
            site["hidden_input"] = True
            site["full_cell"] = f"{handout}#cell-id={cell.get('id', '')}"
        out.append(cell)
    return out


_FOLD = re.compile(r"^[ \t]*<details\b.*?</details>[ \t]*\n?", re.S | re.M | re.I)


def without_folds(source: str) -> str:
    r"""Markdown without its folded side roads (``<details>`` blocks), which stay off a slide.

    >>> fold = "<details><summary>Optional: x</summary>\n\nAside.\n\n</details>\n"
    >>> without_folds("Main line.\n\n" + fold + "More.")
    'Main line.\n\nMore.'
    """
    return _FOLD.sub("", source)


def _figure_slides(cells: list[nbformat.NotebookNode]) -> set[int]:
    """The indices of the cells on a slide with a figure (its text goes in a narrow column)."""
    slides: list[list[int]] = [[]]
    for index, cell in enumerate(cells):
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if kind in ("slide", "subslide") and slides[-1]:
            slides.append([])
        slides[-1].append(index)
    return {i for slide in slides if any(_is_figure(cells[j]) for j in slide) for i in slide}


def _shorten(
    nb: nbformat.NotebookNode, cells: list[nbformat.NotebookNode], cut: Cut, lang: str = "en"
) -> nbformat.NotebookNode:
    """``nb`` with ``cells``, their prose shortened to each slide's budget, notes added."""
    out: list[nbformat.NotebookNode] = []
    used: float = 0  # words of prose on the current slide
    carry = ""  # the slide type of a cell left empty, for the next cell shown
    titled = False
    figure_slides = _figure_slides(cells)
    for index, cell in enumerate(cells):
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if kind in ("skip", "notes"):
            out.append(cell)
            continue
        if carry:
            if kind in ("-", "fragment"):
                cell.metadata["slideshow"] = {"slide_type": carry}
                kind = carry
            carry = ""
        if kind in ("slide", "subslide"):
            used = 0
        if cell.cell_type != "markdown":
            out.append(cell)
            continue
        marks = _marks(cell, index)
        text = cell.source
        if not titled and _HEADING.match(text.lstrip()) and text.lstrip().startswith("# "):
            titled = True
            text, cut.setup = split_setup(text)
        budget = FIGURE_WORDS if index in figure_slides else SLIDE_WORDS
        limit = budget - used
        if marks["slide_text"] is not None:
            heads = [b for k, b in blocks(text) if k == "h"]
            shown = "\n\n".join([*heads, marks["slide_text"]])
        elif limit < 12:  # the slide's prose is spent: this cell's prose is notes only
            shown = "\n\n".join(b for k, b in blocks(text) if k not in PROSE)
        else:
            shown, _ = slide_prose(text, limit, first=used == 0, lang=lang)
        used += words(shown, lang)
        full = _prose_only(text)
        cell.source = shown
        if shown.strip():
            out.append(cell)
        elif kind in ("slide", "subslide"):
            carry = kind  # nothing of it is shown: the next cell starts the slide
        if full:  # the speaker view shows the cell's whole text
            out.append(_notes(full))
    nb.cells = out
    return nb
