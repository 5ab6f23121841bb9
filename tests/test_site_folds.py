"""Side roads folded out of a chapter's main line, as each reader meets them.

A side road is a ``<details><summary>Optional: ...</summary>`` block in markdown, or a
display-only code cell tagged ``hide-input`` (JupyterLab's ``source_hidden``). The handout
(nbconvert's HTML with the site's template) shows the fold closed with its summary and the
hidden code one click away; nbconvert's plain HTML renders the markdown inside the fold; the
lecture deck leaves folds out. The browser test (tests/test_browser.py) opens and prints them.
"""

from __future__ import annotations

from pathlib import Path

from nbconvert import HTMLExporter
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from bleu.book.lecture import lecture_cut, without_folds
from bleu.book.site import _export, _handout_exporter

FOLD = (
    "<details><summary>Optional: the floating-point detour (부동소수점)</summary>\n\n"
    "Why *0.1 + 0.2* is not 0.3:\n\n$$0.1 + 0.2 = 0.30000000000000004$$\n\n</details>"
)


def chapter() -> object:
    hidden = new_code_cell(
        "def clip_table(rows):\n    return 'drawn'\nclip_table([])",
        metadata={"tags": ["hide-input"], "jupyter": {"source_hidden": True}},
    )
    hidden.outputs = [
        new_output("execute_result", data={"text/plain": "'the table'"}, execution_count=1)
    ]
    return new_notebook(
        cells=[
            new_markdown_cell("## Main line\n\nThe main line reads straight through."),
            new_markdown_cell(FOLD),
            new_markdown_cell("Before the fold.\n\n" + FOLD + "\n\nAfter the fold."),
            hidden,
            new_code_cell("print('shown')"),
        ]
    )


def test_the_handout_shows_the_fold_closed_and_renders_its_markdown(tmp_path: Path):
    html = _export(_handout_exporter(), tmp_path / "x.ipynb", "x.html", "X", [], nb=chapter())
    assert html.count("<summary>Optional: the floating-point detour (부동소수점)</summary>") == 2
    assert "<em>0.1 + 0.2</em>" in html  # markdown inside the fold is rendered, not raw
    assert "<details open" not in html
    fold = html.index("<summary>Optional: the floating-point detour")
    assert fold < html.index("<em>0.1 + 0.2</em>") < html.index("</details>", fold)  # inside


def test_the_handout_folds_display_only_code_and_keeps_its_output(tmp_path: Path):
    html = _export(_handout_exporter(), tmp_path / "x.ipynb", "x.html", "X", [], nb=chapter())
    fold = html.index('<details class="site-hidden-code"><summary>Show the code of this cell')
    assert fold < html.index("clip_table") < html.index("</details>", fold)
    assert "&#39;the table&#39;" in html or "'the table'" in html
    assert html.count("site-hidden-code") == 1  # the plain code cell is not folded


def test_nbconvert_plain_html_renders_the_fold():
    html, _ = HTMLExporter().from_notebook_node(chapter())
    assert "<summary>Optional: the floating-point detour (부동소수점)</summary>" in html
    assert "<em>0.1 + 0.2</em>" in html


def test_the_deck_leaves_folds_out():
    cut, _ = lecture_cut(chapter(), "x.html")
    sources = "\n".join(cell.source for cell in cut.cells if cell.metadata.get("slideshow", {})
                        .get("slide_type") not in ("skip", "notes"))
    assert "<details" not in sources and "floating-point detour" not in sources
    assert "Before the fold." in sources and "After the fold." in sources
    assert "The main line reads straight through." in sources


def test_without_folds_keeps_everything_else():
    text = "A.\n\n" + FOLD + "\n\nB.\n\n<details><summary>x</summary>\n\ny\n\n</details>\nC."
    assert without_folds(text) == "A.\n\n\nB.\n\nC."


def test_the_deck_shows_display_only_output_without_its_code(tmp_path: Path):
    from bleu.book.site import _slides_exporter, for_the_slides

    cut, _ = lecture_cut(for_the_slides(chapter(), "x.html"), "x.html")
    body = _export(_slides_exporter(), tmp_path / "x.ipynb", "x.slides.html", "X", [], nb=cut)
    assert "the code of this cell is in the handout" in body
    assert "def clip_table" not in body and "the table" in body
    assert ">print<" in body  # an ordinary code cell keeps its code (highlighted)


def test_no_markdown_cell_shows_an_image():
    """The site renders markdown without embedding images (site._MARKDOWN_IMAGES): a markdown
    image would not reach the page, so none may be used."""
    import json

    root = Path(__file__).resolve().parent.parent / "notebooks"
    found = []
    for path in sorted(root.rglob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            text = "".join(cell["source"]) if cell["cell_type"] == "markdown" else ""
            if "<img" in text or "![" in text or cell.get("attachments"):
                found.append(path.name)
    assert found == []


def test_a_print_stored_in_pieces_shows_as_one_block(tmp_path: Path):
    """The kernel may store one print as two stream outputs; a page shows one block."""
    from bleu.book.site import for_the_site

    cell = new_code_cell("print('a:', 1)")
    cell.outputs = [new_output("stream", text="a:"), new_output("stream", text=" 1\n")]
    nb = for_the_site(new_notebook(cells=[cell]))
    assert [o.text for o in nb.cells[0].outputs] == ["a: 1\n"]
    html = _export(_handout_exporter(), tmp_path / "x.ipynb", "x.html", "X", [], nb=nb)
    assert "a: 1" in html
