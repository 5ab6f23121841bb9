"""The navigation cells and the tables of contents are generated and up to date."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from bleu.book import nav
from bleu.book.catalog import ROOT, chapters


def test_navigation_and_contents_are_up_to_date():
    stale = nav.update(check=True)
    assert not stale, (
        f"out of date: {[str(p.relative_to(ROOT)) for p in stale]}; run `python -m bleu.book nav`"
    )


def test_every_chapter_has_a_summary_for_the_contents():
    missing = [ch.path.name for ch in chapters() if not ch.summary]
    assert not missing, f"add metadata.suite.summary to {missing}"


@pytest.fixture
def copy_of_repo(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    return tmp_path


def test_update_repairs_a_broken_link_and_is_idempotent(copy_of_repo: Path):
    path = copy_of_repo / "notebooks" / "03_modified_precision.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells[0].source = "[← somewhere](nowhere.ipynb)"
    nbformat.write(nb, path)
    readme = copy_of_repo / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("Perplexity", "Perplexed"))

    assert set(nav.update(check=True, root=copy_of_repo)) == {path, readme}
    assert set(nav.update(root=copy_of_repo)) == {path, readme}
    assert nav.update(root=copy_of_repo) == []
    fixed = nbformat.read(path, as_version=4).cells[0].source
    assert "[← 02 · Unigram precision](02_unigram_precision.ipynb)" in fixed
    assert "[Solutions](solutions/03_modified_precision_solutions.ipynb)" in fixed


def test_links_point_to_existing_notebooks():
    chs = chapters()
    for i, ch in enumerate(chs):
        for target in _links(nav.chapter_nav(chs, i)):
            assert (ch.path.parent / target).exists(), (ch.path.name, target)
        if ch.solutions:
            for target in _links(nav.solutions_nav(chs, i)):
                assert (ch.solutions.parent / target).exists(), (ch.solutions.name, target)


def _links(markdown: str) -> list[str]:
    return [part.split("](")[1].rstrip(")") for part in markdown.split(" | ")]
