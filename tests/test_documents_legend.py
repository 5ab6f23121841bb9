"""Notebook 00 and data/README.md name the five documents with one legend, true to the documents.

The legend is a markdown table with one row per document: short name, file, title, language,
kind, and the source the document names. Where the documents themselves are at hand (the
developers' checkout keeps them beside the repository, in ../shared/seeds/), every quoted title
and every address in the legend must occur in its document, and every address a document
names must be in its row: nothing invented, nothing left out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "00_overview.ipynb"
DATA_README = ROOT / "data" / "README.md"
DOCUMENTS = ROOT.parent / "shared" / "seeds"
URL = re.compile(r"https?://[^\s)\]\"'>,]+")


def _notebook_text() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def legend(text: str) -> dict[str, list[str]]:
    """The legend's rows by short name: the six cells of each ``| document 00N |`` row."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| document 00"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells
    return rows


def test_notebook_00_and_data_readme_carry_the_same_legend_of_five_documents():
    ours = legend(_notebook_text())
    assert list(ours) == [f"document {i:03d}" for i in range(5)]
    assert ours == legend(DATA_README.read_text(encoding="utf-8"))
    for name, (_, file, title, language, kind, source) in ours.items():
        assert re.fullmatch(rf"`{name[-3:]}_[0-9a-f]{{16}}\.txt`", file)
        assert language in {"Korean", "Chinese"} and kind and title and source


def test_no_folder_learners_do_not_have_and_the_documents_are_not_redistributed():
    for text in (_notebook_text(), DATA_README.read_text(encoding="utf-8")):
        assert "shared/seeds" not in text
        assert "not redistributed" in text


@pytest.mark.skipif(not DOCUMENTS.is_dir(), reason="the documents are not redistributed")
@pytest.mark.parametrize("number", range(5))
def test_the_legend_quotes_titles_and_addresses_that_the_document_contains(number):
    _, file, title, _, _, source = legend(_notebook_text())[f"document {number:03d}"]
    document = (DOCUMENTS / file.strip("`")).read_text(encoding="utf-8")
    for quoted in re.findall(r'"([^"]+)"', title):  # for 000, its first heading
        assert quoted in document, quoted
    assert set(URL.findall(source)) == set(URL.findall(document))
