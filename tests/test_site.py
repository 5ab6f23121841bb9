"""The offline site of ``python -m bleu.book site``: every page exists, every internal link
resolves, figures and math come with it, and nothing is loaded from the network."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from bleu.book.catalog import NOTEBOOKS, ROOT, SOLUTIONS, chapters
from bleu.book.lecture import SLIDE_WORDS, lecture_cut, sentences, slide_prose, words
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


@pytest.fixture(scope="module")
def site(shared_site: Path) -> Path:
    """The site, built once for the whole run (tests/conftest.py: shared with the browser
    tests; the build must leave every notebook's bytes as they were)."""
    return shared_site


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[Path, Page]:
    return {path: Page(path) for path in sorted(site.rglob("*.html"))}


def test_every_page_exists(site: Path) -> None:
    expected = [site / "index.html", site / "slides.html"]
    for chapter in chapters():
        expected.append(site / f"{chapter.path.stem}.html")
        expected.append(site / f"{chapter.path.stem}.slides.html")
        if chapter.solutions is not None:
            expected.append(site / f"{chapter.solutions.stem}.html")
    for notebook in list(NOTEBOOKS.glob("*.ipynb")) + list(SOLUTIONS.glob("*.ipynb")):
        expected.append(site / f"{notebook.stem}.html")
    missing = [str(path.relative_to(site)) for path in expected if not path.is_file()]
    assert not missing, f"pages not built: {missing}"


def test_index_lists_every_chapter(site: Path, pages: dict[Path, Page]) -> None:
    index = pages[site / "index.html"]
    hrefs = {href for tag, href in index.links if tag == "a"}
    text = (site / "index.html").read_text(encoding="utf-8")
    for chapter in chapters():
        assert f"{chapter.path.stem}.html" in hrefs
        assert f"{chapter.path.stem}.slides.html" in hrefs
        if chapter.solutions is not None:
            assert f"{chapter.solutions.stem}.html" in hrefs
        assert f">{chapter.number}<" in text
        if chapter.summary:
            assert chapter.summary.split()[0] in text
    assert "slides.html" in hrefs


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
    """Firefox loads a file:// page's web fonts only from the page's folder and below."""
    for path, page in pages.items():
        assert path.parent == site, f"{path.relative_to(site)} is not in the site's top folder"
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
    for path in site.glob("*.html"):
        assert str(ROOT) not in path.read_text(encoding="utf-8"), path.name


def test_figures_are_embedded(site: Path, pages: dict[Path, Page]) -> None:
    images = pages[site / "05_combining_precisions.html"].images
    assert any(src.startswith("data:image/png;base64,") for src in images)
    slides = pages[site / "05_combining_precisions.slides.html"].images
    assert any(src.startswith("data:image/png;base64,") for src in slides)


def test_math_is_typeset_from_local_mathjax(site: Path) -> None:
    page = (site / "05_combining_precisions.html").read_text(encoding="utf-8")
    assert "$p_1, p_2, p_3, p_4$" in page  # left for MathJax, not mangled by markdown
    configs = re.findall(r'src="[^"]*MathJax\.js\?config=([^"]+)"', page)
    assert configs
    for name in configs[0].split(","):
        assert (site / "static" / "mathjax" / "config" / f"{name}.js").is_file(), name


def test_slides_use_local_reveal(site: Path, pages: dict[Path, Page]) -> None:
    for chapter in chapters():
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


def test_slides_page_lists_each_deck(site: Path) -> None:
    text = (site / "slides.html").read_text(encoding="utf-8")
    listed = re.findall(r'<li data-slides="(\d+)" data-minutes="(\d+)"><a href="([^"]+)"', text)
    assert len(listed) == len(chapters())
    for count, minutes, href in listed:
        assert int(count) >= 3 and int(minutes) > 0, href
        assert f"{count} slides · {minutes} minutes" in text


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


def test_no_raw_tex_escapes_in_text_mode(site: Path) -> None:
    """Notebook 03's formula: ``\\text{Max\\_Ref\\_Count}`` reaches MathJax as Max_Ref_Count."""
    for name in ("03_modified_precision.html", "03_modified_precision.slides.html"):
        text = (site / name).read_text(encoding="utf-8")
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


def test_contents_links_land_on_the_contents(site: Path) -> None:
    nb = nbformat.read(NOTEBOOKS / "00_overview.ipynb", as_version=4)
    toc = next(c for c in nb.cells if "toc" in c.metadata.get("tags", []))
    page = (site / "03_modified_precision.html").read_text(encoding="utf-8")
    assert f'href="00_overview.html#cell-id={toc.id}">Contents</a>' in page
    assert 'href="00_overview.html">Contents</a>' not in page


def test_every_deck_has_a_title_and_a_last_slide(site: Path) -> None:
    chs = chapters()
    for i, chapter in enumerate(chs):
        text = (site / f"{chapter.path.stem}.slides.html").read_text(encoding="utf-8")
        title = text.split('data-site-role="title"', 1)[1].split("</section>", 1)[0]
        assert chapter.number in title
        assert "Time needed: about" in title, chapter.path.name
        end = text.split('data-site-role="end"', 1)[1].split("</section>", 1)[0]
        assert f'href="{chapter.path.stem}.html"' in end
        assert 'href="index.html"' in end
        if i + 1 < len(chs):
            assert f'href="{chs[i + 1].path.stem}.slides.html"' in end


def test_cjk_runs_are_marked(site: Path) -> None:
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
