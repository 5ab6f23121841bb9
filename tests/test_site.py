"""The offline site of ``python -m bleu.book site``: every page exists, every internal link
resolves, figures and math come with it, and nothing is loaded from the network.

The site has two editions, English (the top folder) and Korean (``ko/``): the checks of a page
run on both (the ``edition`` fixture), and every page links to its twin in the other language.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from bleu.book.catalog import NOTEBOOKS, ROOT, SOLUTIONS, chapters
from bleu.book.lecture import (
    EOJEOL_WORDS,
    PROSE,
    SLIDE_WORDS,
    blocks,
    lecture_cut,
    sentences,
    slide_prose,
    split_setup,
    words,
)
from bleu.book.site import (
    _rewrite_links,
    build_site,
    for_the_slides,
    key_lines,
    show_key_lines,
    slide_count,
    trim_outputs,
    with_default_slides,
)
from bleu.book.site_text import EDITIONS, Words

CDN_HOSTS = re.compile(
    r"cdn\.|unpkg\.com|cdnjs|jsdelivr|fonts\.googleapis|fonts\.gstatic|code\.jquery\.com"
    r"|ajax\.googleapis|mathjax\.org/mathjax|cdn\.mathjax\.org"
)
TEXT_FILES = {".html", ".css", ".js", ".json", ".txt", ".md"}
EXTERNAL = re.compile(r"^(?:https?:)?//", re.I)
NOT_A_FILE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|#|$)", re.I)  # http:, data:, mailto:, #...


class Page(HTMLParser):
    """The links, element ids, scripts and stylesheets of one HTML page."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []  # (tag, href or src)
        self.ids: set[str] = set()
        self.scripts: list[str] = []
        self.stylesheets: list[str] = []
        self.images: list[str] = []
        self.switches: list[dict[str, str]] = []  # the language switch's links
        self.lang = ""  # <html lang>
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        for name in ("href", "src"):
            if name in found:
                self.links.append((tag, found[name]))
        if tag == "script" and "src" in found:
            self.scripts.append(found["src"])
        if tag == "link":
            self.stylesheets.append(found.get("href", ""))
        if tag == "img":
            self.images.append(found.get("src", ""))
        if tag == "html":
            self.lang = found.get("lang", "")
        if tag == "a" and "site-lang-switch" in found.get("class", "").split():
            self.switches.append(found)


@pytest.fixture(scope="module")
def site(shared_site: Path) -> Path:
    """The site, built once for the whole run (tests/conftest.py: shared with the browser
    tests; the build must leave every notebook's bytes as they were)."""
    return shared_site


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[Path, Page]:
    return {path: Page(path) for path in sorted(site.rglob("*.html"))}


@dataclass
class Edition:
    """One language of the built site, and the notebooks it is made from."""

    lang: str
    root: Path  # the edition's folder in the site
    notebooks: Path  # its chapter notebooks (solutions in notebooks/solutions)
    words: Words

    def chapters(self) -> list:
        return chapters(ROOT, self.notebooks.relative_to(ROOT).as_posix())

    def sources(self) -> list[Path]:
        return sorted(self.notebooks.glob("*.ipynb")) + sorted(
            (self.notebooks / "solutions").glob("*.ipynb")
        )

    def html(self) -> list[Path]:
        return sorted(self.root.glob("*.html"))


@pytest.fixture(scope="module", params=sorted(EDITIONS))
def edition(request: pytest.FixtureRequest, site: Path) -> Edition:
    lang = request.param
    root, notebooks = (site, NOTEBOOKS) if lang == "en" else (site / lang, NOTEBOOKS / lang)
    return Edition(lang, root, notebooks, EDITIONS[lang])


def test_every_page_exists(edition: Edition) -> None:
    site = edition.root
    expected = [site / name for name in ("index.html", "slides.html", "playground.html")]
    for chapter in edition.chapters():
        expected.append(site / f"{chapter.path.stem}.html")
        expected.append(site / f"{chapter.path.stem}.slides.html")
        if chapter.solutions is not None:
            expected.append(site / f"{chapter.solutions.stem}.html")
    for notebook in edition.sources():
        expected.append(site / f"{notebook.stem}.html")
    assert len(expected) > 40
    missing = [str(path.relative_to(site)) for path in expected if not path.is_file()]
    assert not missing, f"pages not built: {missing}"


def test_korean_edition_is_every_notebook() -> None:
    """The Korean site is made from a Korean twin of every English notebook."""
    english = {p.relative_to(NOTEBOOKS) for p in list(NOTEBOOKS.glob("*.ipynb"))
               + list(SOLUTIONS.glob("*.ipynb"))}
    korean = NOTEBOOKS / "ko"
    twins = {p.relative_to(korean) for p in list(korean.glob("*.ipynb"))
             + list((korean / "solutions").glob("*.ipynb"))}
    assert english == twins


def test_index_lists_every_chapter(edition: Edition, pages: dict[Path, Page]) -> None:
    site = edition.root
    index = pages[site / "index.html"]
    hrefs = {href for tag, href in index.links if tag == "a"}
    text = (site / "index.html").read_text(encoding="utf-8")
    for chapter in edition.chapters():
        assert f"{chapter.path.stem}.html" in hrefs
        assert f"{chapter.path.stem}.slides.html" in hrefs
        if chapter.solutions is not None:
            assert f"{chapter.solutions.stem}.html" in hrefs
        assert f">{chapter.number}<" in text
        if chapter.summary:
            assert html_text(chapter.summary.split()[0]) in html_text(text)
    assert "slides.html" in hrefs and "playground.html" in hrefs


def html_text(markup: str) -> str:
    """Markup without its tags (the lang spans of bleu.book.fonts split the text)."""
    return re.sub(r"<[^>]*>", "", markup)


def test_pages_declare_their_language(edition: Edition, pages: dict[Path, Page]) -> None:
    """<html lang="ko"> on every Korean page, lang="en" on every English one."""
    wrong = {path.name: pages[path].lang for path in edition.html()
             if pages[path].lang != edition.lang}
    assert len(edition.html()) > 40
    assert not wrong, f"pages without lang={edition.lang!r}: {wrong}"


def test_every_page_switches_language(edition: Edition, pages: dict[Path, Page]) -> None:
    """Every page (handouts, decks, index, slides list, playground) links to the same page in
    the other language, and that page exists and declares that language."""
    other = next(lang for lang in EDITIONS if lang != edition.lang)
    bad = {}
    for path in edition.html():
        switches = pages[path].switches
        if len(switches) != 1:
            bad[path.name] = f"{len(switches)} language switches"
            continue
        link = switches[0]
        target = (path.parent / link["href"]).resolve()
        if (
            link.get("hreflang") != other
            or target.name != path.name
            or not target.is_file()
            or pages[target].lang != other
        ):
            bad[path.name] = link
    assert not bad, f"pages whose language switch is missing or wrong: {bad}"
    assert "site-lang-switch" in (edition.root / "static" / "site.css").read_text()
    label = EDITIONS[other].switch  # "한국어" on the English pages, "English" on the Korean
    index = (edition.root / "index.html").read_text(encoding="utf-8")
    assert re.search(rf'class="site-lang-switch"[^>]*>(<span[^>]*>)?{label}<', index)


def test_korean_breaks_between_words(edition: Edition) -> None:
    """Korean text (every Korean page, every Korean run of an English one) has word-break:
    keep-all: lines break between eojeol, never inside one (tests/test_browser.py checks
    the computed style)."""
    css = (edition.root / "static" / "site.css").read_text(encoding="utf-8")
    rule = re.search(r":lang\(ko\)\s*\{([^}]*)\}", css)
    assert rule and re.search(r"word-break:\s*keep-all", rule[1])


def test_font_subset_covers_every_hangul_character(edition: Edition) -> None:
    """The edition's Korean font subset has a glyph for every Hangul character of its pages
    and of the words slides.js writes on its decks."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    pytest.importorskip("brotli")
    hangul = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
    used = set()
    for path in edition.html():
        body = path.read_text(encoding="utf-8").split("<body", 1)[1]
        body = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", " ", body, flags=re.S)
        used.update(hangul.findall(html_text(body)))
    for text in edition.words.script().values():
        used.update(hangul.findall(text))
    if edition.lang == "ko":
        assert len(used) > 500, "the Korean pages were expected to use many syllables"
    cmap = ttlib.TTFont(str(edition.root / "static" / "fonts" / "cjk-kr.woff2")).getBestCmap()
    missing = sorted(ch for ch in used if ord(ch) not in cmap)
    assert not missing, f"Hangul without a glyph in the subset: {''.join(missing[:40])}"


def test_internal_links_resolve(site: Path, pages: dict[Path, Page]) -> None:
    broken = []
    for path, page in pages.items():
        for _tag, link in page.links:
            parts = urlsplit(link)
            if EXTERNAL.match(link) or (NOT_A_FILE.match(link) and not link.startswith("#")):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(site)} -> {link}"
            if not target.is_file():
                broken.append(where)
            elif parts.fragment and target.suffix == ".html":
                # browsers try the fragment as written, then percent-decoded (nbconvert's
                # heading ids are themselves percent-encoded)
                ids = pages[target].ids
                if parts.fragment not in ids and unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no such anchor)")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_notebook_links_point_at_pages(site: Path) -> None:
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r'href="[^"]*\.ipynb', text), path.relative_to(site)


def test_no_external_script_or_stylesheet(site: Path, pages: dict[Path, Page]) -> None:
    for path, page in pages.items():
        external = [src for src in page.scripts + page.stylesheets if EXTERNAL.match(src)]
        assert not external, f"{path.relative_to(site)} loads {external}"
    for css in site.rglob("*.css"):
        text = css.read_text(encoding="utf-8", errors="replace")
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", text, re.I), css.relative_to(site)


def test_assets_are_below_every_page(site: Path, pages: dict[Path, Page]) -> None:
    """Firefox loads a file:// page's web fonts only from the page's folder and below: the
    Korean edition has a static/ folder of its own."""
    tops = {site / lang if lang != "en" else site for lang in EDITIONS}
    for path, page in pages.items():
        assert path.parent in tops, f"{path.relative_to(site)} is not in an edition's folder"
        upward = [src for src in page.scripts + page.stylesheets if src.startswith("..")]
        assert not upward, f"{path.relative_to(site)} loads {upward}"


def test_no_file_names_a_cdn(site: Path) -> None:
    hits = []
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in TEXT_FILES:
            match = CDN_HOSTS.search(path.read_text(encoding="utf-8", errors="replace"))
            if match:
                hits.append(f"{path.relative_to(site)}: {match.group(0)}")
    assert not hits, hits


def test_no_page_shows_a_local_path(site: Path) -> None:
    for path in site.rglob("*.html"):
        assert str(ROOT) not in path.read_text(encoding="utf-8"), path.name


def test_figures_are_embedded(edition: Edition, pages: dict[Path, Page]) -> None:
    site = edition.root
    images = pages[site / "05_combining_precisions.html"].images
    assert any(src.startswith("data:image/png;base64,") for src in images)
    slides = pages[site / "05_combining_precisions.slides.html"].images
    assert any(src.startswith("data:image/png;base64,") for src in slides)


def test_math_is_typeset_from_local_mathjax(edition: Edition) -> None:
    site = edition.root
    page = (site / "05_combining_precisions.html").read_text(encoding="utf-8")
    assert "$p_1, p_2, p_3, p_4$" in page  # left for MathJax, not mangled by markdown
    configs = re.findall(r'src="[^"]*MathJax\.js\?config=([^"]+)"', page)
    assert configs
    for name in configs[0].split(","):
        assert (site / "static" / "mathjax" / "config" / f"{name}.js").is_file(), name


def test_slides_use_local_reveal(edition: Edition, pages: dict[Path, Page]) -> None:
    site = edition.root
    for chapter in edition.chapters():
        path = site / f"{chapter.path.stem}.slides.html"
        text = path.read_text(encoding="utf-8")
        assert '<div class="reveal">' in text
        assert text.count("<section") > 2, "a deck of one slide"
        assert "static/reveal/dist/reveal.js" in pages[path].scripts
        nb = nbformat.read(chapter.path, as_version=4)
        nav = [
            c.id for c in nb.cells if {"nav-top", "nav-bottom"} & set(c.metadata.get("tags", []))
        ]
        handout = (site / f"{chapter.path.stem}.html").read_text(encoding="utf-8")
        for cell_id in nav:  # on the handout page, not on the slides
            assert f'id="cell-id={cell_id}"' in handout
            assert f'id="cell-id={cell_id}"' not in text


def test_default_slides_follow_the_sections() -> None:
    nb = nbformat.read(NOTEBOOKS / "05_combining_precisions.ipynb", as_version=4)
    before = [dict(cell.metadata) for cell in nb.cells]
    slides = with_default_slides(nb)
    assert slides is not nb
    assert [dict(cell.metadata) for cell in nb.cells] == before  # the notebook is left alone
    types = [cell.metadata.slideshow.slide_type for cell in slides.cells]
    assert types[0] == types[-1] == "skip"  # nav-top and nav-bottom
    for cell, slide_type in zip(slides.cells, types):
        if cell.cell_type == "markdown" and re.match(r"#{1,2} ", cell.source):
            assert slide_type == "slide", cell.source[:40]
        if cell.cell_type == "code" and "slideshow" not in cell.metadata:
            assert slide_type == "fragment"
    headings = sum(
        1
        for cell in nb.cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if re.match(r"#{1,2} ", line)
    )
    assert types.count("slide") == headings  # a heading inside a cell starts a slide too


def test_existing_slide_metadata_is_respected() -> None:
    nb = new_notebook(
        cells=[
            new_markdown_cell("# Title\n\nIntro.\n\n## A section"),
            new_code_cell("import x", metadata={"slideshow": {"slide_type": "skip"}}),
            new_code_cell("x = 1"),
        ]
    )
    slides = with_default_slides(nb)
    types = [cell.metadata.slideshow.slide_type for cell in slides.cells]
    assert types == ["slide", "slide", "skip", "fragment"]  # own type kept, the others defaulted
    assert len(nb.cells) == 3 and "slideshow" not in nb.cells[0].metadata


CELL = "import qqmod\n\n\ndef f(a):\n    b = a + 1\n    c = b * 2\n    return c\n\n\nqqshow(f(1))"


def test_key_lines_show_only_the_marked_lines() -> None:
    assert key_lines("4, 7-7, 5", 10) == [4, 5, 7]
    shown = show_key_lines(CELL, "4-5,7")
    assert shown.splitlines() == [
        "# …",
        "def f(a):",
        "    b = a + 1",
        "    # …",
        "    return c",
        "    # …",
    ]
    assert show_key_lines(CELL, "1-10") == CELL  # every line: nothing left out
    for bad in ("0-3", "4-11", "5-4", "x", "3,,4", ""):
        with pytest.raises(ValueError, match="slide_lines"):
            key_lines(bad, 10)
    with pytest.raises(TypeError, match="slide_lines"):
        key_lines(3, 10)


def _stream(text: str) -> dict:
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def test_outputs_are_trimmed_or_hidden() -> None:
    long = "".join(f"line {i}\n" for i in range(30))
    outputs = [_stream(long), _stream("after\n")]
    assert trim_outputs(outputs, "hide") == []
    trimmed = trim_outputs(outputs, "trim:5")
    assert len(trimmed) == 1  # nothing after the cut
    assert trimmed[0].text.splitlines() == [f"line {i}" for i in range(5)] + ["…"]
    assert outputs[0].text == long  # the notebook's own outputs are left alone
    assert trim_outputs(outputs, "trim:40")[1].text == "after\n"
    rows = "".join(f"<tr><td>{i}</td><td>x</td></tr>" for i in range(20))
    table = nbformat.v4.new_output(
        "execute_result",
        data={"text/html": f"<table><tbody>{rows}</tbody></table>", "text/plain": "T"},
        execution_count=1,
    )
    html_rows = trim_outputs([table], "trim:3")[0].data["text/html"]
    assert html_rows.count("<tr>") == 4 and '<td colspan="2">…</td>' in html_rows
    for bad in ("trim", "trim:0", "cut:3", "trim:-1", 3):
        with pytest.raises(ValueError, match="slide_output"):
            trim_outputs(outputs, bad)


def test_markers_reach_the_deck(tmp_path: Path) -> None:
    """The slide exporter shows the key lines, the handout link and the trimmed output."""
    from bleu.book.site import _export, _slides_exporter

    long = "".join(f"row {i}\n" for i in range(30))
    cell = new_code_cell(CELL, metadata={"suite": {"slide_lines": "4-7", "slide_output": "trim:2"}})
    cell.id = "abc123"
    cell.outputs = [_stream(long)]
    skipped = new_code_cell("import secret_module", metadata={"slideshow": {"slide_type": "skip"}})
    nb = new_notebook(cells=[new_markdown_cell("## Section"), cell, skipped])
    nb = with_default_slides(for_the_slides(nb, "05_x.html"))
    body = _export(_slides_exporter(), tmp_path / "x.ipynb", "x.slides.html", "X", [], nb=nb)
    assert "return" in body and "qqmod" not in body and "qqshow" not in body
    assert 'href="05_x.html#cell-id=abc123"' in body and "4 of 10 lines shown" in body
    assert "row 1" in body and "row 2" not in body
    assert "secret_module" not in body
    with pytest.raises(ValueError, match="abc123"):
        cell.metadata["suite"]["slide_lines"] = "9-12"
        for_the_slides(new_notebook(cells=[cell]))


# -- the lecture cut -------------------------------------------------------------------------

LONG = (
    "Clipping caps each count at the largest count in one reference. "
    "So the candidate made of seven copies of the gets two of its seven words credited. "
    "Without the cap every copy would count, and precision would reward repetition. "
    "The same cap applies to bigrams, trigrams and four-grams in notebook 04."
)  # 4 sentences, 55 words


def _types(nb: nbformat.NotebookNode) -> list[tuple[str, str]]:
    return [(c.metadata.slideshow.slide_type, c.cell_type) for c in nb.cells]


def test_prose_is_shortened_at_a_sentence_and_kept_in_the_notes() -> None:
    shown, cut = slide_prose(LONG, limit=30)
    assert cut and shown == " ".join(sentences(LONG)[:2])  # whole sentences, 26 words
    assert slide_prose(LONG, limit=60) == (LONG, False)
    one, _ = slide_prose(LONG, limit=5)
    assert one == sentences(LONG)[0]  # the first sentence stays, however long
    assert slide_prose(LONG, limit=5, first=False)[0] == ""  # not the slide's first prose
    listed, _ = slide_prose("- one two three\n- four five six\n- seven", limit=8)
    assert listed == "- one two three\n- four five six"  # whole items
    quoted, _ = slide_prose("> **Aside.** One two three.\n> Four five six.", limit=6)
    assert quoted == "> **Aside.** One two three."  # a block quote stays one
    assert sentences("As Papineni et al. (2002) say, p. 3 holds. Next.") == [
        "As Papineni et al. (2002) say, p. 3 holds.", "Next."]
    with pytest.raises(ValueError, match="limit"):
        slide_prose(LONG, limit=0)
    nb = new_notebook(cells=[new_markdown_cell("## Clipping\n\n" + LONG + "\n\n" + LONG)])
    cut_nb, _ = lecture_cut(nb)
    (slide, notes) = cut_nb.cells
    assert slide.metadata.slideshow.slide_type == "slide"
    assert words(slide.source) <= SLIDE_WORDS and slide.source.startswith("## Clipping")
    assert notes.metadata.slideshow.slide_type == "notes"
    assert notes.source == LONG + "\n\n" + LONG  # the full text, for the speaker view
    assert nb.cells[0].source.endswith(LONG)  # the notebook is left alone


def test_lecture_cut_markers_and_sections() -> None:
    title = new_markdown_cell(
        "# 03 · T\n\n**Time**: about 30 minutes.\n\nWhy it matters.\n\n**Sources**: 001."
    )
    out = new_markdown_cell("An aside for the lecturer.", metadata={"suite": {"lecture": "out"}})
    hidden = new_code_cell("hidden_code()", metadata={"suite": {"lecture": "out"}})
    given = new_markdown_cell(LONG, metadata={"suite": {"slide_text": "Counts are capped."}})
    cells = [
        title, new_markdown_cell("## A"), out, hidden, given, new_code_cell("first()"),
        new_markdown_cell("Then the second."), new_code_cell("second()"),
        new_markdown_cell("## Exercises (연습 문제)"), new_code_cell("exercise()"),
        new_markdown_cell("## Summary"),
    ]
    nb, cut = lecture_cut(new_notebook(cells=cells), "03_x.html")
    assert cut.setup == "**Time**: about 30 minutes.\n\n**Sources**: 001."
    assert cut.left_out == ["Exercises (연습 문제)"]
    sources = [c.source for c in nb.cells]
    assert "hidden_code()" not in sources and "exercise()" not in sources
    assert "Why it matters." in sources[0] and "Time" not in sources[0]
    notes = [c.source for c in nb.cells if c.metadata.slideshow.slide_type == "notes"]
    assert "An aside for the lecturer." in notes and LONG in notes
    assert "Counts are capped." in sources
    # one code cell per slide: the second starts a sub-slide at the prose that leads to it
    kinds = {c.source: c.metadata.slideshow.slide_type for c in nb.cells
             if c.metadata.slideshow.slide_type != "notes"}
    assert kinds["first()"] == kinds["second()"] == "fragment"
    assert kinds["Then the second."] == "subslide"
    assert kinds["## Summary"] == "slide"
    for bad, match in (({"lecture": "maybe"}, "lecture"), ({"slide_text": ""}, "slide_text")):
        cell = new_markdown_cell("x", metadata={"suite": bad})
        with pytest.raises(ValueError, match=match):
            lecture_cut(new_notebook(cells=[cell]))


def test_notes_cells_and_figures_on_the_deck(tmp_path: Path) -> None:
    """A Jupyter notes cell and the prose become <aside class="notes">; a figure's code cell
    shows the figure and a link to its code in the handout; the title slide has the set-up
    block as notes; slide_count counts the cut's slides."""
    from bleu.book.site import _export, _slides_exporter

    png = nbformat.v4.new_output("display_data", data={"image/png": "iVBORw0KGgo=",
                                                       "text/plain": "<Figure>"})
    plot = new_code_cell("plt.plot(secret_xs)")
    plot.id = "fig1"
    plot.outputs = [png]
    cells = [
        new_markdown_cell("# 01 · T\n\n**Time**: about 9 minutes.\n\nIntro."),
        new_markdown_cell("Say this aloud.", metadata={"slideshow": {"slide_type": "notes"}}),
        new_markdown_cell("## Plot\n\nThe curve falls."), plot,
    ]
    nb, _ = lecture_cut(new_notebook(cells=cells), "01_x.html")
    nb = with_default_slides(nb)
    assert slide_count(nb) == 4  # title, intro, plot, end
    deck = {"setup_notes": "<p>Time: 9</p>", "end_links": [], "left_out": [], "handout": ""}
    body = _export(_slides_exporter(), tmp_path / "x.ipynb", "x.slides.html", "X", [], nb=nb,
                   deck=deck)
    assert body.count('<aside class="notes">') >= 3
    assert "Say this aloud." in body and "<p>Time: 9</p>" in body
    assert "secret_xs" not in body and 'href="01_x.html#cell-id=fig1"' in body
    assert "data:image/png;base64,iVBORw0KGgo=" in body


FONTSIZE = re.compile(r"fontsize\s*=\s*(\d+(?:\.\d+)?)")


def test_figure_text_is_not_below_the_floor() -> None:
    """No notebook sets a figure's text below bleu.plot.MIN_FONT_PT (10 pt): a slide shows a
    figure 900 px wide or more, where 10 pt is 18 px (the browser tests check the width)."""
    from bleu.plot import MIN_FONT_PT, px_on_slide

    assert px_on_slide(MIN_FONT_PT) >= 18
    small = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(SOLUTIONS.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                small += [(path.name, float(size)) for size in FONTSIZE.findall(cell.source)
                          if float(size) < MIN_FONT_PT]
    assert not small, f"figure text under {MIN_FONT_PT} pt: {small}"


def test_slides_page_lists_each_deck(edition: Edition) -> None:
    text = (edition.root / "slides.html").read_text(encoding="utf-8")
    listed = re.findall(r'<li data-slides="(\d+)" data-minutes="(\d+)"><a href="([^"]+)"', text)
    assert len(listed) == len(edition.chapters())
    for count, minutes, href in listed:
        assert int(count) >= 3 and int(minutes) > 0, href
        assert edition.words.slides_line(int(count), int(minutes)) in html_text(text)


def test_every_marker_in_the_notebooks_is_readable() -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        # each raises ValueError naming the cell for a marker it cannot read
        lecture_cut(for_the_slides(nbformat.read(path, as_version=4)))


def test_refuses_to_empty_a_foreign_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="out"):
        build_site(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_link_rewriting(tmp_path: Path) -> None:
    body = (
        '<a href="solutions/05_combining_precisions_solutions.ipynb#Exercise-1">worked</a> '
        '<a href="99_not_yet.ipynb">later</a> <a href="../data/README.md">data</a> '
        '<a href="https://example.org/x.ipynb">elsewhere</a>'
    )
    missing: dict[str, set[str]] = {}
    source = NOTEBOOKS / "05_combining_precisions.ipynb"
    out = _rewrite_links(body, source, "05_combining_precisions.html", tmp_path, missing)
    assert '<a href="05_combining_precisions_solutions.html#Exercise-1">worked</a>' in out
    assert '<span class="missing-link" title="99_not_yet.ipynb is not written yet">later' in out
    assert missing == {"99_not_yet.ipynb": {"05_combining_precisions.html"}}
    assert '<a href="files/data/README.md">data</a>' in out
    assert (tmp_path / "files" / "data" / "README.md").is_file()
    assert '<a href="https://example.org/x.ipynb">elsewhere</a>' in out


def test_no_raw_tex_escapes_in_text_mode(edition: Edition) -> None:
    """Notebook 03's formula: ``\\text{Max\\_Ref\\_Count}`` reaches MathJax as Max_Ref_Count."""
    for name in ("03_modified_precision.html", "03_modified_precision.slides.html"):
        text = (edition.root / name).read_text(encoding="utf-8")
        assert r"\text{Max_Ref_Count}" in text, name
        assert not re.search(r"\\text\{[^{}]*\\_", text), name


def test_progress_bars_are_dropped() -> None:
    from nbformat.v4 import new_output

    from bleu.book.site import for_the_site

    cell = new_code_cell(
        "x",
        outputs=[
            new_output("stream", name="stderr", text="100%|██████████| 200/200 [00:01<00:00]\n"),
            new_output("stream", name="stderr", text="UserWarning: kept\n"),
            new_output("stream", name="stdout", text="42\n"),
        ],
    )
    nb = new_notebook(cells=[cell, new_markdown_cell(r"$\text{a\_b}$ and $a\_b$")])
    shown = for_the_site(nb)
    assert [o.text for o in shown.cells[0].outputs] == ["UserWarning: kept\n", "42\n"]
    assert shown.cells[1].source == r"$\text{a_b}$ and $a\_b$"
    assert len(nb.cells[0].outputs) == 3  # the notebook itself is left alone


def test_contents_links_land_on_the_contents(edition: Edition) -> None:
    nb = nbformat.read(edition.notebooks / "00_overview.ipynb", as_version=4)
    toc = next(c for c in nb.cells if "toc" in c.metadata.get("tags", []))
    page = (edition.root / "03_modified_precision.html").read_text(encoding="utf-8")
    page = re.sub(r'<span class="cjk" lang="ko">([^<]*)</span>', r"\1", page)
    word = edition.words.contents  # the navigation cells' "Contents" / "목차"
    assert f'href="00_overview.html#cell-id={toc.id}">{word}</a>' in page
    assert f'href="00_overview.html">{word}</a>' not in page


def test_every_deck_has_a_title_and_a_last_slide(edition: Edition) -> None:
    site = edition.root
    chs = edition.chapters()
    needed = edition.words.time_needed.split("{")[0]  # "Time needed: " / "소요 시간: "
    for i, chapter in enumerate(chs):
        text = (site / f"{chapter.path.stem}.slides.html").read_text(encoding="utf-8")
        title = text.split('data-site-role="title"', 1)[1].split("</section>", 1)[0]
        assert chapter.number in title
        time = re.search(r'<p class="site-time">(.*?)</p>', title, re.S)
        assert time and re.match(rf"{needed}\D*\d+", html_text(time[1])), chapter.path.name
        end = text.split('data-site-role="end"', 1)[1].split("</section>", 1)[0]
        assert f'href="{chapter.path.stem}.html"' in end
        assert 'href="index.html"' in end
        if i + 1 < len(chs):
            assert f'href="{chs[i + 1].path.stem}.slides.html"' in end


def test_cjk_runs_are_marked(edition: Edition) -> None:
    site = edition.root
    hangul = re.compile(r"[\uac00-\ud7af]")
    for path in site.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        body = text.split("<body", 1)[1]
        body = re.sub(
            r"<script\b.*?</script>|<[^>]*>",
            " ",
            re.sub(r'<span class="cjk" lang="(ko|zh)">[^<]*</span>', " ", body, flags=re.S),
            flags=re.S,
        )
        assert not hangul.search(body), f"{path.name}: Hangul outside a lang span"
    assert (site / "static" / "fonts" / "cjk.css").is_file()
    assert (site / "static" / "fonts" / "OFL.txt").is_file()


# -- the Korean cut ---------------------------------------------------------------------------

KOREAN_LONG = (
    "클리핑은 각 개수를 참조 번역 하나에 나온 가장 큰 개수로 제한합니다. "
    "그래서 the만 일곱 번 쓴 후보 번역은 일곱 단어 가운데 두 단어만 인정받습니다. "
    "제한이 없으면 모든 사본이 인정되어 정밀도가 되풀이에 상을 주게 됩니다. "
    "같은 제한이 노트북 04의 바이그램, 트라이그램, 4-그램에도 적용됩니다."
)  # 4 sentences, 39 tokens (2 without Hangul: "the", "04의" has Hangul)


def test_korean_words_are_weighted_eojeol() -> None:
    """A Korean token with Hangul (an eojeol) counts EOJEOL_WORDS words, any other token one;
    English is counted as before, whatever Hangul it quotes."""
    assert 1.25 <= EOJEOL_WORDS <= 1.4  # measured (see bleu/book/lecture.py)
    assert words("BLEU 점수는 개수에서 나옵니다.", "ko") == pytest.approx(1 + 3 * EOJEOL_WORDS)
    assert words("Clipping (클리핑) caps counts.") == 4  # English: one word a token
    tokens = KOREAN_LONG.split()
    with_hangul = sum(1 for t in tokens if re.search("[가-힣]", t))
    assert words(KOREAN_LONG, "ko") == pytest.approx(
        with_hangul * EOJEOL_WORDS + len(tokens) - with_hangul)


def test_korean_prose_is_shortened_at_a_sentence() -> None:
    parts = sentences(KOREAN_LONG)
    assert len(parts) == 4 and parts[1].startswith("그래서")  # a sentence starts with Hangul
    budget = words(" ".join(parts[:2]), "ko") + 1
    shown, cut = slide_prose(KOREAN_LONG, limit=budget, lang="ko")
    assert cut and shown == " ".join(parts[:2])
    # counted as English (one word a token), three sentences would fit where two do in Korean
    tokens = len(" ".join(parts[:3]).split())
    assert slide_prose(KOREAN_LONG, limit=tokens)[0] == " ".join(parts[:3])
    assert slide_prose(KOREAN_LONG, limit=tokens, lang="ko")[0] == " ".join(parts[:2])


def test_korean_set_up_and_sections_out_of_the_cut() -> None:
    title = new_markdown_cell(
        "# 03 · 제목 (Title)\n\n**시간**: 약 30분. **전제**: 노트북 02.\n\n왜 중요한지.\n\n"
        "**출처**: 문서 001."
    )
    setup = "**시간**: 약 30분. **전제**: 노트북 02.\n\n**출처**: 문서 001."
    assert split_setup(title.source)[1] == setup
    cells = [
        title, new_markdown_cell("## 가"), new_code_cell("first()"),
        new_markdown_cell("## 연습 문제 (Exercises)"), new_code_cell("exercise()"),
        new_markdown_cell("## 부록: 더 읽을거리"), new_code_cell("appendix()"),
        new_markdown_cell("## 속도 (선택)"), new_code_cell("optional()"),
        new_markdown_cell("## 요약 (Summary)"),
    ]
    nb = new_notebook(cells=cells, metadata={"suite": {"language": "ko"}})
    cut_nb, cut = lecture_cut(nb, "03_x.html")
    assert cut.setup.startswith("**시간**: 약 30분")
    assert cut.left_out == ["연습 문제 (Exercises)", "부록: 더 읽을거리", "속도 (선택)"]
    sources = [c.source for c in cut_nb.cells]
    assert "first()" in sources and "## 요약 (Summary)" in sources
    assert not {"exercise()", "appendix()", "optional()"} & set(sources)


def prose_width(markdown: str) -> float:
    """The width of a cell's prose in em, as a slide sets it: a Hangul or Han character 1 em,
    a space 0.28 em, any other character 0.5 em (markdown marks not counted)."""
    text = re.sub(r"[*_`]", "", " ".join(b for kind, b in blocks(markdown) if kind in PROSE))
    return sum(1 if unicodedata.east_asian_width(ch) in "WF" else 0.28 if ch.isspace()
               else 0.5 for ch in text)


def test_a_korean_slide_holds_as_much_as_an_english_one() -> None:
    """The Korean decks are as full as the English ones: over the chapters whose Korean text
    is translated, the prose the lecture cut shows takes a width within 12% of the English
    (with plain eojeol counted as words it was 34% more; see lecture.EOJEOL_WORDS)."""
    width = {"en": 0.0, "ko": 0.0}
    compared = []
    for chapter in chapters():
        ko_nb = nbformat.read(NOTEBOOKS / "ko" / chapter.path.name, as_version=4)
        prose = [c.source for c in ko_nb.cells if c.cell_type == "markdown"]
        if sum(1 for p in prose if re.search("[가-힣]{2}", p)) < 0.9 * len(prose):
            continue  # still partly English: the translators are at work
        compared.append(chapter.number)
        for lang, nb in (("en", nbformat.read(chapter.path, as_version=4)), ("ko", ko_nb)):
            cut_nb, _ = lecture_cut(for_the_slides(nb))
            width[lang] += sum(prose_width(c.source) for c in cut_nb.cells
                               if c.cell_type == "markdown"
                               and c.metadata.slideshow.slide_type != "notes")
    if not compared:
        pytest.skip("no chapter is translated yet")
    assert abs(width["ko"] / width["en"] - 1) < 0.12, (compared, width)
