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
from bleu.book.site import _rewrite_links, build_site, with_default_slides

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


def _no_writing(*args: object, **kwargs: object) -> None:
    raise AssertionError("the site build must not write a notebook")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the module, with writing notebooks forbidden meanwhile."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nbformat, "write", _no_writing)
        patch.setattr(nbformat, "writes", _no_writing)
        return build_site(tmp_path_factory.mktemp("site") / "site")


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
    slides = with_default_slides(nb)
    assert slides is not nb
    assert all("slideshow" not in cell.metadata for cell in nb.cells)
    types = [cell.metadata.slideshow.slide_type for cell in slides.cells]
    assert types[0] == types[-1] == "skip"  # nav-top and nav-bottom
    for cell, slide_type in zip(slides.cells, types):
        if cell.cell_type == "markdown" and re.match(r"#{1,2} ", cell.source):
            assert slide_type == "slide", cell.source[:40]
        if cell.cell_type == "code":
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
            new_code_cell("x = 1", metadata={"slideshow": {"slide_type": "skip"}}),
        ]
    )
    assert with_default_slides(nb) is nb
    assert len(nb.cells) == 2 and "slideshow" not in nb.cells[0].metadata


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
