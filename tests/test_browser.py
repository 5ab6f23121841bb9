"""The site in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

The site is built once (``python -m bleu.book site --out ...``) and served from a local
http.server thread. At 1280x720, the size of a projector, every slide of every deck is
measured: no slide is taller than the deck, no code or table is wider than its box, no
fragment appears off-screen, and code is at least 20 px high. Korean and Chinese text carries
its language and renders with the site's own font subset; the BLEU playground equals
``bleu.sentence_bleu``, reacts to typing and makes no network request.

Skipped, with the reason, where Chromium or Playwright is missing. ``pytest -s`` prints the
counts; ``python tests/test_browser.py [SITE_DIR]`` prints them for a site already built.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import random
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parent.parent
VIEWPORT = {"width": 1280, "height": 720}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MIN_CODE_PX = 19.5  # "no smaller than about 20 px" on the 1280x720 screen, after reveal's scale

# Steps through a deck with Reveal.next() (every fragment, every vertical and horizontal slide)
# and returns what it measured. Runs in the page.
MEASURE_DECK = r"""
async () => {
  const settle = () => new Promise((done) => {
    if (window.MathJax && MathJax.Hub && MathJax.Hub.Queue) { MathJax.Hub.Queue(done); }
    else { done(); }
  });
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  Reveal.configure({transition: "none", backgroundTransition: "none"});
  Reveal.slide(0, 0, -1);
  await settle(); await frame();
  const config = Reveal.getConfig();
  const vw = window.innerWidth, vh = window.innerHeight;
  const out = {slides: 0, tall: [], wide: [], fragments: 0, offscreen: [], minCode: null,
               heights: []};
  const seen = new Set();
  const label = () => {
    const i = Reveal.getIndices();
    return `${i.h}/${i.v || 0}`;
  };
  const outside = (r) => r.width > 0 && r.height > 0 &&
    (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1);
  function measureSlide(slide) {
    out.slides += 1;
    const height = slide.scrollHeight;
    out.heights.push(height);
    const box = slide.getBoundingClientRect();
    if (height > config.height + 1 || outside(box)) {
      out.tall.push([label(), height]);
    }
    const wide = [];
    for (const el of slide.querySelectorAll("pre, table")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) { continue; }
      if (el.scrollWidth > el.clientWidth + 1 || r.right > box.right + 1 ||
          r.left < box.left - 1) {
        wide.push(el.tagName.toLowerCase());
      }
    }
    if (wide.length) { out.wide.push([label(), wide.join(",")]); }
    const scale = Reveal.getScale();
    for (const pre of slide.querySelectorAll("pre")) {
      if (!pre.getClientRects().length) { continue; }
      const px = parseFloat(getComputedStyle(pre).fontSize) * scale;
      if (out.minCode === null || px < out.minCode) { out.minCode = px; }
    }
  }
  for (let step = 0; step < 20000; step++) {
    const key = label();
    if (!seen.has(key)) { seen.add(key); measureSlide(Reveal.getCurrentSlide()); }
    const f = Reveal.getIndices().f;
    if (f !== undefined && f !== null && f >= 0) {
      const shown = Reveal.getCurrentSlide().querySelectorAll(".fragment.current-fragment");
      for (const el of shown) {
        out.fragments += 1;
        if (outside(el.getBoundingClientRect())) { out.offscreen.push(`${key}:${f}`); }
      }
    }
    if (Reveal.isLastSlide() && !Reveal.availableFragments().next) { break; }
    Reveal.next();
    await settle(); await frame();
  }
  return out;
}
"""


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright; no browser download)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (a free port) in a thread; yield its base URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextlib.contextmanager
def browser_page(base: str) -> Iterator[object]:
    """A 1280x720 page in headless Chromium; requests to anything but ``base`` fail."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.elsewhere = []  # every request that was not for the local server
            page.on(
                "request",
                lambda r: (
                    None
                    if r.url.startswith((base, "data:", "blob:", "about:"))
                    else page.elsewhere.append(r.url)
                ),
            )
            yield page
        finally:
            browser.close()


def open_deck(page: object, url: str) -> None:
    page.goto(url)
    page.wait_for_function("window.Reveal && Reveal.isReady && Reveal.isReady()", timeout=60000)


def measure_site(site: Path) -> dict[str, dict]:
    """Measure every deck of a built site; {deck file name: counts}."""
    results = {}
    with serve(site) as base, browser_page(base) as page:
        for deck in sorted(site.glob("*.slides.html")):
            open_deck(page, base + deck.name)
            results[deck.name] = page.evaluate(MEASURE_DECK)
    return results


def summary(results: dict[str, dict]) -> str:
    lines = []
    totals = dict.fromkeys(("slides", "tall", "wide", "fragments", "offscreen"), 0)
    for name, r in results.items():
        counts = {k: (len(r[k]) if isinstance(r[k], list) else r[k]) for k in totals}
        for k in totals:
            totals[k] += counts[k]
        lines.append(
            f"{name:42} slides {counts['slides']:3}  tall {counts['tall']:3}  "
            f"wide {counts['wide']:3}  fragments {counts['fragments']:3}  "
            f"off-screen {counts['offscreen']:3}  max height {max(r['heights'], default=0):5}  "
            f"min code px {r['minCode'] or 0:.1f}"
        )
    lines.append(
        f"{'all decks':42} slides {totals['slides']:3}  tall {totals['tall']:3}  "
        f"wide {totals['wide']:3}  fragments {totals['fragments']:3}  "
        f"off-screen {totals['offscreen']:3}"
    )
    return "\n".join(lines)


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as the README builds it: ``python -m bleu.book site``, into a temporary folder."""
    out = tmp_path_factory.mktemp("browser") / "site"
    subprocess.run(
        [sys.executable, "-m", "bleu.book", "site", "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return out


@pytest.fixture(scope="session")
def base(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


@pytest.fixture(scope="session")
def page(base: str) -> Iterator[object]:
    with browser_page(base) as p:
        yield p


@pytest.fixture(scope="session")
def decks(site: Path, base: str, page: object) -> dict[str, dict]:
    results = {}
    for deck in sorted(site.glob("*.slides.html")):
        open_deck(page, base + deck.name)
        results[deck.name] = page.evaluate(MEASURE_DECK)
    print("\n" + summary(results))
    return results


# -- slides ---------------------------------------------------------------------------------


def test_every_deck_is_measured(site: Path, decks: dict[str, dict]) -> None:
    assert len(decks) == len(list(site.glob("*.slides.html"))) > 10
    for name, r in decks.items():
        assert r["slides"] >= 3, name


def test_no_slide_is_taller_than_the_deck(decks: dict[str, dict]) -> None:
    tall = {name: r["tall"] for name, r in decks.items() if r["tall"]}
    assert not tall, f"slides taller than the deck ([h/v, px]): {tall}"


def test_no_code_or_table_is_clipped(decks: dict[str, dict]) -> None:
    wide = {name: r["wide"] for name, r in decks.items() if r["wide"]}
    assert not wide, f"slides with code or tables wider than their box: {wide}"


def test_no_fragment_is_shown_off_screen(decks: dict[str, dict]) -> None:
    off = {name: r["offscreen"] for name, r in decks.items() if r["offscreen"]}
    assert not off, f"fragments shown off-screen (h/v:f): {off}"


def test_code_is_readable(decks: dict[str, dict]) -> None:
    small = {n: r["minCode"] for n, r in decks.items() if (r["minCode"] or 99) < MIN_CODE_PX}
    assert not small, f"code smaller than {MIN_CODE_PX} px on a 1280x720 screen: {small}"


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "site"
    if shutil.which(str(CHROMIUM)) is None:
        sys.exit(f"{CHROMIUM} is missing")
    found = measure_site(folder)
    print(summary(found))
    if len(sys.argv) > 2:
        Path(sys.argv[2]).write_text(json.dumps(found, indent=1))
    random.seed(0)
