"""Notebooks 00 and 01 read straight through; their side roads are folded, not removed (issue 28).

00: the legend of the five documents sits in a folded ``<details>`` cell that decks skip, and
the running demo shows what readers missed about ``check``: a verdict printed inside a loop,
the hint and then the second hint. 01: the floating-point detour (0.1, Decimal, math.log)
is an optional section after the main line; entropy is defined before cross-entropy, nats
where they first appear; neural language models are not called a smoothing method.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _cells(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


def _index(cells, predicate) -> int:
    return next(i for i, c in enumerate(cells) if predicate(c))


def _heading(cell, prefix: str) -> bool:
    return cell.cell_type == "markdown" and cell.source.startswith(prefix)


def _outputs(cell) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []))


def test_00_folds_the_legend_and_keeps_a_pointer_in_the_main_line():
    cells = _cells("00_overview.ipynb")
    with_rows = [c for c in cells if c.cell_type == "markdown" and "\n| document 000 |" in c.source]
    assert len(with_rows) == 1
    legend = with_rows[0]
    assert legend.source.startswith("<details><summary>Optional: ")
    assert legend.source.rstrip().endswith("</details>")
    assert legend.metadata["slideshow"]["slide_type"] == "skip"
    before = cells[cells.index(legend) - 1]
    assert before.source.startswith("## The source documents")
    assert "legend below" in before.source and "not redistributed" in before.source


def test_00_side_roads_come_after_the_main_line():
    cells = _cells("00_overview.ipynb")
    checking = _index(cells, lambda c: _heading(c, "## Checking your exercise answers"))
    summary = _index(cells, lambda c: _heading(c, "## Summary"))
    for heading in ("## Optional: the numbers the documents report",
                    "## Optional: how answers are compared"):
        assert checking < _index(cells, lambda c, h=heading: _heading(c, h)) < summary
    same_answer = _index(cells, lambda c: c.cell_type == "code" and "same_answer(" in c.source)
    reported = _index(cells, lambda c: c.cell_type == "code" and ".reported" in c.source)
    assert checking < same_answer and checking < reported


def test_00_demo_prints_verdicts_in_a_loop_with_the_hint_then_the_second_hint():
    cells = _cells("00_overview.ipynb")
    loop = next(c for c in cells if c.cell_type == "code" and c.source.lstrip().startswith(
        ("for ", "from fractions")) and "check(" in c.source)
    assert re.search(r"^for .*\n\s+print\(check\(", loop.source, re.M)
    lines = _outputs(loop).splitlines()
    assert lines[0].startswith("Not yet (demo.hints). Hint: ")
    assert lines[1].startswith("Not yet (demo.hints). Second hint: ")
    text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    assert "last line" in text and "second hint" in text


def test_01_floating_point_detour_is_an_optional_section_before_the_exercises():
    cells = _cells("01_perplexity.ipynb")
    optional = _index(cells, lambda c: _heading(c, "## Optional: floating-point rounding"))
    exercises = _index(cells, lambda c: _heading(c, "## Exercises"))
    conclusion = _index(cells, lambda c: "## Perplexity is not translation quality" in c.source)
    assert conclusion < optional < exercises
    decimal = _index(cells, lambda c: c.cell_type == "code" and "Decimal" in c.source)
    assert optional < decimal < exercises
    main = "\n".join(c.source for c in cells[:optional])
    assert "Decimal" not in main and "#Optional:-floating-point-rounding" in main


def test_01_defines_nats_and_entropy_before_cross_entropy():
    cells = _cells("01_perplexity.ipynb")
    body = "\n".join(c.source for c in cells[2:] if c.cell_type == "markdown")  # after the title
    assert body.index("**nats**") < body.index("nats", body.index("**nats**") + 8)
    assert body.index("**Entropy (엔트로피)**") < body.index("**Cross-entropy (교차 엔트로피)**")
    assert body.index("**Cross-entropy (교차 엔트로피)**") < body.index("$$")


def test_01_does_not_call_neural_models_a_smoothing_method():
    cells = _cells("01_perplexity.ipynb")
    text = " ".join(" ".join(c.source.split()) for c in cells if c.cell_type == "markdown")
    assert "Neural language models are not a smoothing method" in text
    assert not re.search(r"smoothing methods? \([^)]*neural", text, re.I)
