"""The Korean edition: every notebook has a current Korean twin made from its catalogue.

For each English notebook (chapters and solutions): its catalogue translates every message
(none missing, none stale); the committed Korean notebook is exactly what the catalogue makes
(cells, ids, sources, metadata; outputs are nbval's business); its code cells are the English
ones; it switches the self-check to Korean before any check; the translations keep their
English cell's structure and use the glossary's terms; and the navigation links resolve.
Then the machinery itself: a changed English cell turns its translation stale, links are
rewritten for the deeper folder, and the translator's worksheet round trip works.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("babel")

from korean_terms import GLOSSARY_TERMS, OTHER_WORDINGS

from bleu.book import translate as tr
from bleu.book.catalog import ROOT

ENGLISH = tr.english_notebooks()
IDS = [p.as_posix() for p in ENGLISH]
HANGUL = re.compile("[\uac00-\ud7a3]")


@pytest.fixture(scope="module")
def edition() -> tr.Edition:
    return tr.make_edition()


def _english(rel: Path) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / rel, as_version=4)


def _korean(rel: Path) -> nbformat.NotebookNode:
    return nbformat.read(tr.korean_path(rel), as_version=4)


def test_every_english_notebook_is_covered():
    assert len(ENGLISH) >= 29
    for rel in ENGLISH:
        assert tr.catalogue_path(rel).is_file(), f"no catalogue for {rel}"
        assert tr.korean_path(rel).is_file(), f"no Korean notebook for {rel}"
    korean = {
        p.relative_to(ROOT / "notebooks" / "ko")
        for p in (ROOT / "notebooks" / "ko").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
    }
    assert korean == set(ENGLISH), "a Korean notebook without an English source"


@pytest.mark.parametrize("rel", ENGLISH, ids=IDS)
def test_no_translation_is_missing_or_stale(rel: Path, edition: tr.Edition):
    state = edition.status[rel]
    assert state.missing == () and state.stale == (), (
        f"{rel}: {len(state.missing)} missing, {len(state.stale)} stale: "
        f"python -m bleu.book translate worksheet notebooks/{rel}"
    )


@pytest.mark.parametrize("rel", ENGLISH, ids=IDS)
def test_committed_korean_notebook_is_what_the_catalogue_makes(rel: Path, edition: tr.Edition):
    assert tr.same_sources(_korean(rel), edition.notebooks[rel]), (
        f"notebooks/ko/{rel} is out of date: python -m bleu.book translate"
    )


@pytest.mark.parametrize("rel", ENGLISH, ids=IDS)
def test_code_cells_are_the_english_ones(rel: Path):
    english, korean = _english(rel), _korean(rel)
    theirs = [(c.id, c.source) for c in english.cells if c.cell_type == "code"]
    ours = [(c.id, c.source) for c in tr.english_code_cells(korean)]
    assert ours == theirs
    code = [c for c in korean.cells if c.cell_type == "code"]
    assert code[0].id == tr.LANGUAGE_CELL_ID and 'use_language("ko")' in code[0].source
    assert len(code) == len(theirs) + 1
    assert korean.metadata.suite.language == "ko"
    assert (tr.korean_path(rel).parent / korean.metadata.suite.english).resolve() == (
        ROOT / "notebooks" / rel
    ).resolve()


@pytest.mark.parametrize("rel", ENGLISH, ids=IDS)
def test_translations_keep_the_structure_and_the_glossary(rel: Path, edition: tr.Edition):
    nb = _english(rel)
    texts = tr.translations(nb, edition.catalogues[rel])
    problems, lapses = [], []
    for source in tr.sources(nb):
        korean = texts.get(source.context)
        if korean is None:
            continue  # reported by the missing/stale test
        problems += [f"{source.context}: {p}" for p in tr.lint(source.english, korean)]
        prose = _prose(source.english)
        if re.search("[A-Za-z]{3}", prose) and not HANGUL.search(korean):
            lapses.append((source.context, "no Korean at all"))
        for pattern, term in GLOSSARY_TERMS.items():
            if re.search(pattern, prose) and term not in korean:
                lapses.append((source.context, term))
        lapses += [(source.context, word) for word in OTHER_WORDINGS if word in korean]
    assert problems == []
    assert lapses == []


def _prose(markdown: str) -> str:
    """The English words of a cell: no code, formulas, link targets, or quoted document text."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = re.sub(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\]\([^)]*\)", "", text, flags=re.S)
    return re.sub(r'"[^"]*"', "", text)


@pytest.mark.parametrize("rel", ENGLISH, ids=IDS)
def test_links_of_the_korean_notebook_resolve(rel: Path):
    korean = _korean(rel)
    folder = tr.korean_path(rel).parent
    for cell in korean.cells:
        if cell.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", cell.source):
            if re.match(r"^[a-z][a-z0-9+.-]*:|^#", target):
                continue
            path = target.partition("#")[0]
            assert (folder / path).exists(), f"{cell.id}: {target}"


# --- the machinery ------------------------------------------------------------------------


def _toy() -> nbformat.NotebookNode:
    cells = [
        nbformat.v4.new_markdown_cell("# 01 · Toy\n\nSee [next](02_x.ipynb)."),
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_markdown_cell("The candidate has one token."),
    ]
    for i, cell in enumerate(cells):
        cell.id = f"c{i}"
    cells[2].metadata = {"suite": {"slide_text": "One token."}}
    return nbformat.v4.new_notebook(cells=cells, metadata={"suite": {"summary": "a toy"}})


def test_a_changed_english_cell_turns_its_translation_stale():
    nb = _toy()
    catalog = tr.update_catalogue(tr.read_catalogue(Path("/nonexistent.po")), tr.sources(nb))
    assert tr.status(nb, catalog).missing == ("notebook/summary", "c0", "c2", "c2/slide_text")
    tr.fill(nb, catalog, _sheet({"c2": "후보 번역에는 토큰이 하나 있습니다."}))
    assert "c2" not in tr.status(nb, catalog).missing

    nb.cells[2].source = "The candidate has two tokens."
    catalog = tr.update_catalogue(catalog, tr.sources(nb))
    message = catalog.get(nb.cells[2].source, context="c2")
    assert message.fuzzy and message.previous_id == ["The candidate has one token."]
    assert tr.status(nb, catalog).stale == ("c2",)
    korean = tr.korean_notebook(nb, catalog, Path("01_toy.ipynb"))
    assert korean.cells[3].source == "The candidate has two tokens."  # English until redone
    assert "made from an older English text" in tr.worksheet(nb, catalog)


def test_a_moved_cell_keeps_its_translation():
    nb = _toy()
    catalog = tr.update_catalogue(tr.read_catalogue(Path("/nonexistent.po")), tr.sources(nb))
    tr.fill(nb, catalog, _sheet({"c2": "후보 번역에는 토큰이 하나 있습니다."}))
    nb.cells[2].id = "new-id"
    catalog = tr.update_catalogue(catalog, tr.sources(nb))
    assert tr.translations(nb, catalog)["new-id"] == "후보 번역에는 토큰이 하나 있습니다."


def test_the_korean_notebook_switches_language_and_keeps_code():
    nb = _toy()
    catalog = tr.update_catalogue(tr.read_catalogue(Path("/nonexistent.po")), tr.sources(nb))
    tr.fill(nb, catalog, _sheet({"c0": "# 01 · 장난감 (Toy)\n\n[다음](02_x.ipynb)을 보세요."}))
    korean = tr.korean_notebook(nb, catalog, Path("01_toy.ipynb"))
    assert [c.id for c in korean.cells] == ["c0", tr.LANGUAGE_CELL_ID, "c1", "c2"]
    assert korean.cells[0].source.startswith("# 01 · 장난감")
    assert korean.cells[2].source == "x = 1"
    assert korean.metadata.suite.english == "../01_toy.ipynb"


def test_links_leaving_the_notebooks_get_one_more_level():
    assert tr.relink("[g](../data/glossary.tsv)", Path("01_x.ipynb")) == (
        "[g](../../data/glossary.tsv)"
    )
    assert tr.relink("[g](../../data/g.tsv)", Path("solutions/01_x.ipynb")) == (
        "[g](../../../data/g.tsv)"
    )
    assert tr.relink("[c](../01_x.ipynb#top)", Path("solutions/01_x.ipynb")) == (
        "[c](../01_x.ipynb#top)"
    )
    assert tr.relink("[w](https://x.org/a)", Path("01_x.ipynb")) == "[w](https://x.org/a)"


def test_lint_names_what_a_translation_lost():
    english = "## Clip\n\n| a |\n|---|\n\n```python\nx = 1\n```\n\n$p_1$ [n](02_x.ipynb)"
    assert tr.lint(english, english) == []
    lost = tr.lint(english, "클리핑. $p_1$")
    assert {p.split(":")[0] for p in lost} == {"code blocks", "headings", "links", "table rows"}


def _sheet(texts: dict[str, str]) -> tr.Sheet:
    return tr.Sheet(texts, dict.fromkeys(texts))


def test_sheet_round_trip_and_its_errors():
    nb = _toy()
    catalog = tr.update_catalogue(tr.read_catalogue(Path("/nonexistent.po")), tr.sources(nb))
    sheet = tr.parse_sheet(tr.worksheet(nb, catalog))
    assert sheet.texts["c2"] == "The candidate has one token."
    assert sheet.made_from["c2"] == tr.fingerprint("The candidate has one token.")
    with pytest.raises(ValueError, match="sheet"):
        tr.fill(nb, catalog, _sheet({"nope": "아니요"}))
    with pytest.raises(ValueError, match="twice"):
        tr.parse_sheet("=== a ===\nx\n=== a ===\ny\n")
    with pytest.raises(ValueError, match="before the first"):
        tr.parse_sheet("stray\n=== a ===\nx\n")


def test_a_sheet_made_from_an_older_english_text_is_not_taken_as_current():
    """The hole a reviewer found: a sheet exported before an English cell changed, filled
    after, must leave that message stale, not translated."""
    nb = _toy()
    catalog = tr.update_catalogue(tr.read_catalogue(Path("/nonexistent.po")), tr.sources(nb))
    old_sheet = tr.worksheet(nb, catalog)
    nb.cells[2].source = "The candidate has two tokens."
    catalog = tr.update_catalogue(catalog, tr.sources(nb))
    korean = old_sheet.replace(
        "The candidate has one token.", "후보 번역에는 토큰이 하나 있습니다."
    )
    problems = tr.fill(nb, catalog, tr.parse_sheet(korean))
    assert any("c2: made from an older English text" in p for p in problems)
    assert tr.status(nb, catalog).stale == ("c2",)
    assert "c2" not in tr.translations(nb, catalog)
    fresh = tr.parse_sheet(tr.worksheet(nb, catalog))
    assert "made from an older English text" in tr.worksheet(nb, catalog)
    fresh.texts["c2"] = "후보 번역에는 토큰이 두 개 있습니다."
    tr.fill(nb, catalog, fresh)
    assert tr.status(nb, catalog).stale == ()


def test_a_pasted_old_korean_part_is_refused():
    nb = _toy()
    catalog = tr.update_catalogue(tr.read_catalogue(Path("/nonexistent.po")), tr.sources(nb))
    text = "새 번역\n--- current Korean (made from an older English text) ---\n옛 번역"
    problems = tr.fill(nb, catalog, _sheet({"c2": text}))
    assert problems and "c2" in tr.status(nb, catalog).missing
