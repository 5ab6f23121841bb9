"""Folded side roads as a reader sees them: in JupyterLab, and in the site's handouts.

A chapter folds what a newcomer can skip: markdown ``<details><summary>Optional: ...``
blocks, and display-only code cells whose input is hidden (tag ``hide-input``, JupyterLab's
``source_hidden``). In headless Chromium (Debian's ``chromium``, driven by Playwright):

- JupyterLab, started on a free local port on a notebook made here, shows a fold closed with
  its summary, opens it on a click with its markdown and math rendered, and collapses the
  hidden input;
- every handout of the built site that has folds shows them closed, opens one on a click,
  and prints them open (the handout's ``beforeprint`` handler).

Skipped, with the reason, where Chromium or Playwright is missing (as tests/test_browser.py).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from test_browser import _missing, browser_page, serve

pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))

FOLD = (
    "<details><summary>Optional: the floating-point detour</summary>\n\n"
    "Why *0.1 + 0.2* is not 0.3:\n\n$$0.1 + 0.2 = 0.30000000000000004$$\n\n</details>"
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory):
    """JupyterLab serving a folder with fold.ipynb; yields the notebook's URL."""
    folder = tmp_path_factory.mktemp("lab")
    hidden = new_code_cell(
        "print('display only')",
        metadata={"tags": ["hide-input"], "jupyter": {"source_hidden": True}},
    )
    nb = new_notebook(cells=[new_markdown_cell("## Main line\n\nStraight through."),
                             new_markdown_cell(FOLD), hidden])
    nbformat.write(nb, folder / "fold.ipynb")
    port = _free_port()
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(folder / "runtime"),
           "JUPYTER_CONFIG_DIR": str(folder / "config"), "JUPYTER_DATA_DIR": str(folder / "data")}
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
         "--ServerApp.token=fold", f"--ServerApp.root_dir={folder}", "--allow-root",
         "--ServerApp.open_browser=False"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/lab/tree/fold.ipynb?token=fold"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def test_jupyterlab_shows_the_fold_closed_then_open(lab: str, tmp_path: Path) -> None:
    with browser_page(lab.split("/lab/")[0]) as page:
        page.goto(lab)
        page.wait_for_selector(".jp-RenderedMarkdown details > summary", timeout=90000)
        dialog = page.locator(".jp-Dialog button.jp-mod-reject")  # "Select Kernel": no kernel
        try:
            dialog.click(timeout=15000)
        except Exception:
            pass
        folds = ".jp-RenderedMarkdown details"
        state = page.eval_on_selector_all(folds, "els => els.map(e => [e.open, e.innerText])")
        assert state == [[False, "Optional: the floating-point detour"]]
        page.click(f"{folds} > summary")
        page.wait_for_function(f"document.querySelector('{folds}').open")
        text = page.inner_text(folds)
        assert "Why 0.1 + 0.2 is not 0.3" in text
        assert page.locator(f"{folds} em").inner_text() == "0.1 + 0.2"  # markdown rendered
        assert page.locator(f"{folds} .MathJax, {folds} mjx-container").count() >= 1
        hidden = page.locator(".jp-CodeCell .jp-Cell-inputWrapper .jp-Placeholder")
        assert hidden.count() == 1  # the input is collapsed to JupyterLab's placeholder
        page.screenshot(path=str(tmp_path / "jupyterlab-fold.png"))


def _handouts_with_folds(site: Path) -> list[Path]:
    return [
        page
        for page in sorted(site.glob("[0-9][0-9]_*.html"))
        if "<details><summary>Optional:" in page.read_text(encoding="utf-8")
        and not page.name.endswith(".slides.html")
    ]


def test_handouts_fold_side_roads_and_print_them_open(shared_site: Path, tmp_path: Path) -> None:
    pages = _handouts_with_folds(shared_site)
    assert len(pages) >= 5, [p.name for p in pages]  # the chapters that fold side roads
    with serve(shared_site) as base, browser_page(base) as page:
        for handout in pages:
            page.goto(base + handout.name)
            folds = page.locator(".jp-RenderedMarkdown details")
            assert folds.count() >= 1
            assert page.evaluate(
                "[...document.querySelectorAll('.jp-RenderedMarkdown details')]"
                ".every(d => !d.open)"
            ), handout.name
            first = folds.first
            first.locator("summary").click()
            assert first.evaluate("d => d.open") and first.evaluate("d => d.offsetHeight > 40")
            page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
            assert page.evaluate("[...document.querySelectorAll('details')].every(d => d.open)")
            page.evaluate("window.dispatchEvent(new Event('afterprint'))")
            assert not page.evaluate("[...document.querySelectorAll('details')].every(d => d.open)")
        page.goto(base + pages[0].name)
        page.locator(".jp-RenderedMarkdown details").first.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "handout-fold.png"))
