"""Every in-page link of every notebook (English and Korean) lands on a heading or an anchor.

A link ``[...](#Some-heading-(용어))`` inside a notebook targets the id JupyterLab and
nbconvert give a heading: its text with spaces as hyphens. The Korean edition keeps the
English link targets (the translation check requires it), so a Korean heading that a link
points to carries the English id in an ``<a id="..."></a>`` of its own; without it the link
of the Korean reader goes nowhere (found in 05, 06, 10 and 11 when their side roads moved to
optional sections).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
_LINK = re.compile(r"\]\(#((?:[^()\s]|\([^()\s]*\))+)\)")
_HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
_ANCHOR = re.compile(r'<a (?:id|name)="([^"]+)"')


def targets(cells: list[str]) -> set[str]:
    found = set()
    for text in cells:
        for heading in _HEADING.findall(text):
            found.add(
                _ANCHOR.sub("", re.sub(r"<a [^>]*></a>", "", heading)).strip().replace(" ", "-")
            )
        found.update(_ANCHOR.findall(text))
    return found


def test_the_link_pattern_reads_anchors_with_brackets():
    text = "see [the section](#Optional:-floating-point-rounding-(부동소수점-반올림))."
    assert _LINK.findall(text) == ["Optional:-floating-point-rounding-(부동소수점-반올림)"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_in_page_link_has_its_target(path: Path):
    nb = nbformat.read(path, as_version=4)
    markdown = [cell.source for cell in nb.cells if cell.cell_type == "markdown"]
    found = targets(markdown)
    links = {unquote(link) for text in markdown for link in _LINK.findall(text)}
    assert sorted(links - found) == []
