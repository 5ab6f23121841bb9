"""Every notebook is stored executed, top to bottom, in one fresh kernel (nbformat only)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(
    p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found under notebooks/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stored_executed_and_clean(path: Path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", "kernelspec must be python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    counts = [c.execution_count for c in code]
    assert counts == list(range(1, len(code) + 1)), (
        f"execution counts {counts} are not 1..N: re-run top to bottom in a fresh kernel "
        "(jupyter nbconvert --to notebook --execute --inplace)"
    )
    for i, cell in enumerate(code):
        tags = cell.metadata.get("tags", [])
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                assert "raises-exception" in tags, (
                    f"code cell {i + 1} stores an error ({out.ename})"
                )
            data = out.get("data", {})
            assert "image/svg+xml" not in data, f"code cell {i + 1} stores an SVG figure (use PNG)"
            text = out.get("text", "") if out.output_type == "stream" else ""
            assert "site-packages" not in text, f"code cell {i + 1} prints an install path"
        if "raises-exception" in tags:
            assert any(o.output_type == "error" for o in cell.get("outputs", [])), (
                f"code cell {i + 1} is tagged raises-exception but raised nothing"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_has_navigation_and_a_title(path: Path):
    nb = nbformat.read(path, as_version=4)
    first, title, last = nb.cells[0], nb.cells[1], nb.cells[-1]
    assert "nav-top" in first.metadata.get("tags", []), "the first cell is the navigation (nav-top)"
    assert "nav-bottom" in last.metadata.get("tags", []), (
        "the last cell is the navigation (nav-bottom)"
    )
    assert title.cell_type == "markdown" and title.source.lstrip().startswith("# "), (
        "the second cell is a markdown cell with the title"
    )
    assert "00_overview.ipynb" in first.source, "navigation links to the contents"


def test_a_kernel_that_dies_at_start_is_started_again(monkeypatch):
    """tests/conftest.py retries a notebook kernel that dies before replying (the xdist port
    race), and only that: another error, or a third death, is raised."""
    import conftest
    from nbval import kernel

    calls = []

    def dies_twice(*args, **kwargs):
        calls.append(1)
        if len(calls) < 3:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", "client"

    monkeypatch.setattr(conftest, "_start_kernel", dies_twice)
    assert kernel.start_new_kernel() == ("manager", "client") and len(calls) == 3

    def always_dies(*args, **kwargs):
        raise RuntimeError("Kernel died before replying to kernel_info")

    monkeypatch.setattr(conftest, "_start_kernel", always_dies)
    with pytest.raises(RuntimeError, match="Kernel died"):
        kernel.start_new_kernel()

    def times_out(*args, **kwargs):
        calls.append(1)
        raise RuntimeError("Kernel didn't respond in 60 seconds")

    calls.clear()
    monkeypatch.setattr(conftest, "_start_kernel", times_out)
    with pytest.raises(RuntimeError, match="respond"):
        kernel.start_new_kernel()
    assert len(calls) == 1
