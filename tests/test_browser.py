"""The site in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

The site is built once (``python -m bleu.book site --out ...``) and served from a local
http.server thread. At 1280x720, the size of a projector, every slide of every deck is
measured: no slide is taller than the deck, no code or table is wider than its box, no
fragment appears off-screen, and code is at least 20 px high. Korean and Chinese text carries
its language and renders with the site's own font subset; the BLEU playground equals
``bleu.sentence_bleu``, reacts to typing and makes no network request. Every check of a page
runs on both editions, English and Korean (``ko/``, the ``edition`` fixture), and the language
switch of every page leads to its twin without covering a slide's content.

Skipped, with the reason, where Chromium or Playwright is missing. ``pytest -s`` prints the
counts; ``python tests/test_browser.py [SITE_DIR]`` prints them for a site already built.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import random
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bleu.book.lecture import EOJEOL_WORDS
from bleu.plot import DPI, MIN_FONT_PT, RETINA

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
FACE_NAME = {"ko": "Noto Sans CJK KR", "zh": "Noto Sans CJK SC"}  # inside the shipped subsets
MIN_FIGURE_PX = 900  # a figure on a slide, at 1280x720
MIN_FIGURE_TEXT_PX = 18  # ticks, labels and legends of a figure on a slide
# the smallest figure text (pt), the PNG's dpi, the words a Korean token counts (lecture.py)
FIGURE_ARGS = [MIN_FONT_PT, DPI * RETINA, EOJEOL_WORDS]
LANGS = ("en", "ko")  # the site's editions: English in the top folder, Korean in ko/

# Steps through a deck with Reveal.next() (every fragment, every vertical and horizontal slide)
# and returns what it measured. Runs in the page.
MEASURE_DECK = r"""
async ([FIGURE_MIN_PT, FIGURE_PNG_DPI, EOJEOL_WORDS]) => {
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
               heights: [], continued: document.querySelectorAll("section.site-continued").length,
               orphans: [], comments: [], notes: 0, parted: [], figures: [], words: [],
               emptied: [], covered: [], switchShown: false};
  // a Korean deck counts a token with Hangul as EOJEOL_WORDS words, as bleu.book.lecture does
  const korean = /^ko\b/.test(document.documentElement.lang);
  const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
  // the language switch in the corner of the screen: the content rectangles it covers
  const corner = document.querySelector("nav.site-lang-corner a.site-lang-switch");
  const meets = (a, b) => a.right > b.left + 1 && a.left < b.right - 1 &&
    a.bottom > b.top + 1 && a.top < b.bottom - 1;
  const rectsOf = (el) => {
    if (/^(PRE|TABLE|IMG|SVG|CANVAS)$/.test(el.tagName) ||
        el.classList.contains("MathJax_Display")) {
      return [el.getBoundingClientRect()];
    }
    const range = document.createRange();  // text: its lines, not the whole block
    range.selectNodeContents(el);
    return Array.from(range.getClientRects());
  };
  // Commentary parted from what it explains, read from the fitted deck's structure: a slide
  // whose last block is a paragraph while the table, code, output or figure it leads to
  // starts the continuation slide (an orphan lead-in); a continuation slide that starts with
  // a short paragraph commenting the table, output or figure that ends the slide before.
  const notBlock = "script, style, aside, .jp-InputPrompt, .jp-OutputPrompt, .jp-Collapser, " +
    ".site-continued-title, .MathJax_Preview, .site-full-cell";
  const kindOf = (el) => {
    const t = el.tagName;
    if (/^H[1-6]$/.test(t)) { return "H"; }
    if (t === "P" || t === "UL" || t === "OL") { return t === "P" ? "P" : "L"; }
    if (t === "TABLE") { return "T"; }
    if (t === "PRE") { return el.closest(".jp-OutputArea") ? "O" : "C"; }
    if (/^(IMG|SVG|CANVAS)$/.test(t)) { return "F"; }
    return el.classList.contains("MathJax_Display") ? "M" : null;
  };
  const blocks = (root, found = []) => {
    for (const el of root.children) {
      if (el.matches(notBlock)) { continue; }
      const kind = kindOf(el);
      if (!kind) { blocks(el, found); }
      else if (kind === "F" || el.textContent.trim()) { found.push([kind, el]); }
    }
    return found;
  };
  const leaves = Array.from(document.querySelectorAll(".reveal .slides section"))
    .filter((s) => !s.querySelector("section"));
  // a code cell whose output was trimmed away entirely (code shown, no result)
  for (const area of document.querySelectorAll(".reveal .jp-OutputArea.site-cut-outputs")) {
    if (!area.querySelector(".jp-OutputArea-child")) {
      const at = Reveal.getIndices(area.closest("section"));
      out.emptied.push(`${at.h}/${at.v || 0}`);
    }
  }
  for (let k = 1; k < leaves.length; k++) {
    if (!leaves[k].classList.contains("site-continued")) { continue; }
    const last = blocks(leaves[k - 1]).pop();
    const first = blocks(leaves[k])[0];
    if (!last || !first) { continue; }
    const at = Reveal.getIndices(leaves[k - 1]);
    const where = `${at.h}/${at.v || 0}`;
    const text = (el) => el.textContent.trim().slice(0, 40);
    if (last[0] === "P" && /^[TCOFM]$/.test(first[0])) {
      out.orphans.push(`${where}: ${text(last[1])}`);
    }
    // an output (text, table or figure of a code cell) opening the slide after its code
    if (last[0] === "C" && first[1].closest(".jp-OutputArea")) {
      out.parted.push(`${where}: ${text(first[1])}`);
    }
    // "short": up to 3 lines of text, measured while the slide is not shown (hidden slides
    // have no layout), so by its text: about 95 characters a line at 24 px on 1280 px
    if (/^[TOF]$/.test(last[0]) && first[0] === "P" && first[1].textContent.length < 285) {
      out.comments.push(`${where}: ${text(first[1])}`);
    }
  }
  const seen = new Set();
  const label = () => {
    const i = Reveal.getIndices();
    return `${i.h}/${i.v || 0}`;
  };
  const outside = (r) => r.width > 0 && r.height > 0 &&
    (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1);
  function measureSlide(slide) {
    out.slides += 1;
    const aside = slide.querySelector(":scope > aside.notes");
    if (aside && aside.textContent.trim()) { out.notes += 1; }
    // words of prose a slide shows (paragraphs and list items, not tables, code or notes)
    let words = 0;
    for (const el of slide.querySelectorAll(".jp-MarkdownCell p, .jp-MarkdownCell li")) {
      if (el.closest("aside, li li, table") || (el.tagName === "P" && el.closest("li"))) {
        continue;
      }
      const text = el.cloneNode(true);  // a formula counts as one word, not its TeX
      text.querySelectorAll("script, .MathJax_Preview, .MJX_Assistive_MathML").forEach(
        (m) => m.remove());
      text.querySelectorAll(".MathJax, .MathJax_Display").forEach((m) => m.replaceWith("x"));
      words += text.textContent.split(/\s+/).filter(Boolean).reduce(
        (n, token) => n + (korean && hangul.test(token) ? EOJEOL_WORDS : 1), 0);
    }
    out.words.push(Math.round(words * 10) / 10);
    if (corner) {
      const spot = corner.getBoundingClientRect();
      out.switchShown = out.switchShown || (spot.width > 0 && spot.top >= 0 &&
        spot.right <= vw && getComputedStyle(corner).visibility === "visible");
      for (const el of slide.querySelectorAll("h1, h2, h3, h4, p, li, pre, table, img, " +
                                              ".MathJax_Display, .site-full-cell")) {
        if (el.closest("aside") || (el.tagName === "P" && el.closest("li"))) { continue; }
        if (rectsOf(el).some((r) => r.width > 0 && meets(r, spot))) {
          out.covered.push(`${label()}: ${el.textContent.trim().slice(0, 30)}`);
        }
      }
    }
    // every figure: its width on the screen (fragments are laid out while hidden) and the
    // size of its smallest text there, from the PNG's own pixels per point (retina: 2 x dpi)
    for (const img of slide.querySelectorAll(".jp-OutputArea-output img")) {
      const r = img.getBoundingClientRect();
      const textPx = FIGURE_MIN_PT * FIGURE_PNG_DPI / 72 * r.width / img.naturalWidth;
      const beside = Array.from(slide.querySelectorAll(".jp-MarkdownCell p, .jp-MarkdownCell li"))
        .some((p) => !p.closest("aside") && p.textContent.trim().split(/\s+/).length >= 5);
      out.figures.push([label(), Math.round(r.width), Math.round(textPx * 10) / 10, beside]);
    }
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
            results[deck.name] = page.evaluate(MEASURE_DECK, FIGURE_ARGS)
    return results


def summary(results: dict[str, dict]) -> str:
    lines = []
    totals = dict.fromkeys(
        ("slides", "continued", "orphans", "comments", "tall", "wide", "fragments", "offscreen"),
        0,
    )
    for name, r in results.items():
        counts = {k: (len(r[k]) if isinstance(r[k], list) else r[k]) for k in totals}
        for k in totals:
            totals[k] += counts[k]
        lines.append(
            f"{name:42} slides {counts['slides']:3}  continued {counts['continued']:3}  "
            f"orphan lead-ins {counts['orphans']:2}  parted comments {counts['comments']:2}  "
            f"tall {counts['tall']:3}  "
            f"wide {counts['wide']:3}  fragments {counts['fragments']:3}  "
            f"off-screen {counts['offscreen']:3}  max height {max(r['heights'], default=0):5}  "
            f"min code px {r['minCode'] or 0:.1f}  notes {r['notes']:3}  "
            f"parted outputs {len(r['parted']):2}  figures {len(r['figures']):2} "
            f"(min {min((f[1] for f in r['figures']), default=0):4} px wide)  "
            f"max words {max(r['words'], default=0):3}"
        )
    lines.append(
        f"{'all decks':42} slides {totals['slides']:3}  continued {totals['continued']:3}  "
        f"orphan lead-ins {totals['orphans']:2}  parted comments {totals['comments']:2}  "
        f"tall {totals['tall']:3}  "
        f"wide {totals['wide']:3}  fragments {totals['fragments']:3}  "
        f"off-screen {totals['offscreen']:3}"
    )
    return "\n".join(lines)


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest) -> Path:
    """The site as the README builds it: ``python -m bleu.book site``, into a temporary folder
    (tests/conftest.py's ``shared_site``: built once per run, shared with tests/test_site.py).

    ``BLEU_SITE=DIR`` measures a site already built in DIR instead (to iterate quickly).
    """
    if os.environ.get("BLEU_SITE"):
        return Path(os.environ["BLEU_SITE"])
    return request.getfixturevalue("shared_site")


@pytest.fixture(scope="session")
def base(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


@pytest.fixture(scope="session")
def page(base: str) -> Iterator[object]:
    with browser_page(base) as p:
        yield p


@dataclass
class Edition:
    """One language of the built site: its folder and the URL of that folder."""

    lang: str
    root: Path
    url: str

    def other(self) -> str:
        return next(lang for lang in LANGS if lang != self.lang)


@pytest.fixture(scope="session", params=LANGS)
def edition(request: pytest.FixtureRequest, site: Path, base: str) -> Edition:
    lang = request.param
    prefix = "" if lang == "en" else f"{lang}/"
    return Edition(lang, site / prefix if prefix else site, base + prefix)


@pytest.fixture(scope="session")
def decks(edition: Edition, page: object) -> dict[str, dict]:
    results = {}
    for deck in sorted(edition.root.glob("*.slides.html")):
        open_deck(page, edition.url + deck.name)
        results[deck.name] = page.evaluate(MEASURE_DECK, FIGURE_ARGS)
        results[deck.name]["typography"] = page.evaluate(DECK_TYPOGRAPHY)
    print(f"\n{edition.lang}:\n" + summary(results))
    return results


# -- slides ---------------------------------------------------------------------------------


def test_every_deck_is_measured(edition: Edition, decks: dict[str, dict]) -> None:
    assert len(decks) == len(list(edition.root.glob("*.slides.html"))) > 10
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


def test_no_lead_in_is_parted_from_what_it_introduces(decks: dict[str, dict]) -> None:
    """No slide ends on a paragraph whose table, code, output or figure starts the next one."""
    orphans = {name: r["orphans"] for name, r in decks.items() if r["orphans"]}
    assert not orphans, f"lead-ins left at the bottom of a slide (h/v: text): {orphans}"


def test_code_is_readable(decks: dict[str, dict]) -> None:
    small = {n: r["minCode"] for n, r in decks.items() if (r["minCode"] or 99) < MIN_CODE_PX}
    assert not small, f"code smaller than {MIN_CODE_PX} px on a 1280x720 screen: {small}"


# -- the lecture cut ------------------------------------------------------------------------

SLIDE_MINUTES = 1.5  # at most one slide per 1.5 minutes of the chapter's stated time
MAX_CONTINUED = 0.10  # continuation slides: at most 10% of a deck
MIN_NOTES = 0.80  # speaker notes on at least 80% of a deck's slides
MAX_WORDS = 72  # "about 60 words" of prose on a slide


def _listed(site: Path) -> dict[str, dict[str, int]]:
    """slides.html's list: deck file -> {"slides": listed count, "minutes": stated time}."""
    text = (site / "slides.html").read_text(encoding="utf-8")
    found = re.findall(r'<li data-slides="(\d+)" data-minutes="(\d+)"><a href="([^"]+)"', text)
    return {href: {"slides": int(n), "minutes": int(m)} for n, m, href in found}


def test_slides_page_lists_counts_and_minutes(edition: Edition, decks: dict[str, dict]) -> None:
    """slides.html lists every deck with its slide count (the cut's, counted at build time)
    and minutes; the browser's count is that plus the continuation slides it added."""
    listed = _listed(edition.root)
    assert set(listed) == set(decks)
    wrong = {n: (listed[n]["slides"], r["slides"], r["continued"]) for n, r in decks.items()
             if listed[n]["slides"] + r["continued"] != r["slides"] or not listed[n]["minutes"]}
    assert not wrong, f"listed count + continued != measured (listed, measured, cont.): {wrong}"


def test_every_deck_is_within_its_budget(edition: Edition, decks: dict[str, dict]) -> None:
    """At most one slide per 1.5 minutes of the chapter's stated time."""
    listed = _listed(edition.root)
    over = {n: (r["slides"], int(listed[n]["minutes"] / SLIDE_MINUTES)) for n, r in decks.items()
            if r["slides"] > listed[n]["minutes"] / SLIDE_MINUTES}
    assert not over, f"decks over budget (slides, budget): {over}"


def test_continuation_slides_are_few(decks: dict[str, dict]) -> None:
    """Continuation slides (what the browser moves on because it does not fit) are at most
    10% of every deck."""
    continued = {n: f"{r['continued']}/{r['slides']}" for n, r in decks.items()
                 if r["continued"] > MAX_CONTINUED * r["slides"]}
    assert not continued, f"decks with more than 10% continuation slides: {continued}"


def test_no_slide_opens_on_an_output_whose_code_is_before(decks: dict[str, dict]) -> None:
    parted = {name: r["parted"] for name, r in decks.items() if r["parted"]}
    assert not parted, f"outputs parted from their code (h/v: text): {parted}"
    emptied = {name: r["emptied"] for name, r in decks.items() if r["emptied"]}
    assert not emptied, f"code shown with its whole output trimmed away (h/v): {emptied}"


def test_figures_are_large_with_their_text(decks: dict[str, dict]) -> None:
    """Every figure on a slide is at least 900 px wide at 1280x720, its smallest text
    (bleu.plot.MIN_FONT_PT at the PNG's resolution and the shown scale) at least 18 px, and
    a sentence that explains it on the same slide."""
    figures = [(name, *f) for name, r in decks.items() for f in r["figures"]]
    assert len(figures) >= 15, "the decks were expected to show the notebooks' figures"
    small = [f for f in figures if f[2] < MIN_FIGURE_PX or f[3] < MIN_FIGURE_TEXT_PX]
    assert not small, f"figures too small (deck, h/v, px wide, text px, text): {small}"
    alone = [f for f in figures if not f[4]]
    assert not alone, f"figures without an explaining sentence on their slide: {alone}"


def test_speaker_notes_on_most_slides(decks: dict[str, dict]) -> None:
    """Speaker notes on at least 80% of every deck's slides."""
    few = {n: f"{r['notes']}/{r['slides']}" for n, r in decks.items()
           if r["notes"] < MIN_NOTES * r["slides"]}
    assert not few, f"decks with speaker notes on fewer than 80% of slides: {few}"


def test_prose_on_a_slide_is_short(decks: dict[str, dict]) -> None:
    """About 60 words of prose on a slide at most (the rest is in the speaker notes); a
    Korean token with Hangul counts bleu.book.lecture.EOJEOL_WORDS words."""
    wordy = {n: max(r["words"]) for n, r in decks.items() if max(r["words"]) > MAX_WORDS}
    assert not wordy, f"slides with more than {MAX_WORDS} words of prose: {wordy}"


def test_language_switch_covers_no_slide_content(decks: dict[str, dict]) -> None:
    """Every deck shows its language switch in the corner of the 1280x720 screen, and on no
    slide does it cover a line of text, code, a table, a figure or a formula."""
    hidden = [name for name, r in decks.items() if not r["switchShown"]]
    assert not hidden, f"decks without a visible language switch: {hidden}"
    covered = {name: r["covered"][:3] for name, r in decks.items() if r["covered"]}
    assert not covered, f"content under the language switch (h/v: text): {covered}"


def test_language_switch_on_two_decks(edition: Edition, page: object) -> None:
    """The quick suite's share of the check above: deck 03 and deck 09 (the longest), every
    slide measured; clicking the switch opens the same deck in the other language."""
    for name in ("03_modified_precision.slides.html", "09_pitfalls.slides.html"):
        open_deck(page, edition.url + name)
        found = page.evaluate(MEASURE_DECK, FIGURE_ARGS)
        assert found["slides"] > 10 and found["switchShown"], name
        assert not found["covered"], (name, found["covered"][:3])
    page.locator("nav.site-lang-corner a.site-lang-switch").click()
    page.wait_for_load_state("load")
    assert page.url.split("#")[0].endswith(
        ("" if edition.other() == "en" else f"{edition.other()}/") + name)
    assert page.evaluate("document.documentElement.lang") == edition.other()


def test_speaker_view_opens_offline(
    edition: Edition, base: str, page: object
) -> None:
    """S opens reveal.js's speaker view (the notes plugin, shipped with the site): the title
    slide's notes are the chapter's set-up block, and nothing is requested from elsewhere."""
    elsewhere: list[str] = []
    local = (base, "data:", "blob:", "about:")
    page.context.on("request", lambda r: None if r.url.startswith(local)
                    else elsewhere.append(r.url))
    label = {"en": "Time", "ko": "시간"}[edition.lang]  # the set-up block's first label
    open_deck(page, edition.url + "03_modified_precision.slides.html")
    page.evaluate("Reveal.slide(0, 0)")
    with page.expect_popup() as opened:
        page.keyboard.press("s")
    speaker = opened.value
    speaker.wait_for_load_state("load")
    speaker.wait_for_selector(".speaker-controls-notes", timeout=20000)
    speaker.wait_for_function(
        "document.querySelector('.speaker-controls-notes .value') && "
        "document.querySelector('.speaker-controls-notes .value').textContent"
        f".includes('{label}')",
        timeout=20000,
    )
    assert speaker.locator("#current-slide iframe").count() == 1
    assert speaker.locator("#upcoming-slide iframe").count() == 1
    speaker.close()
    assert elsewhere == [], f"the speaker view requested: {elsewhere[:5]}"


# -- Korean and Chinese ----------------------------------------------------------------------

# Every text node with Hangul or Han: the language of its nearest lang ancestor, and the span.
FIND_CJK = r"""
() => {
  const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
  const han = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const bad = [];
  let count = 0;
  let node;
  while ((node = walker.nextNode())) {
    const text = node.nodeValue;
    const isHangul = hangul.test(text);
    if (!isHangul && !han.test(text)) { continue; }
    const parent = node.parentElement;
    if (parent.closest("script, style, textarea, .MathJax_Preview")) { continue; }
    count += 1;
    const owner = parent.closest("[lang]");
    const lang = owner ? owner.getAttribute("lang") : "";
    if (!(isHangul ? /^ko\b/.test(lang) : /^(zh|ko)\b/.test(lang))) {
      bad.push(`${lang || "no lang"}: ${text.trim().slice(0, 30)}`);
    } else if (!parent.closest(".cjk, .pg-page")) {
      // on a Korean page <html lang="ko"> gives every node its lang: the text must still sit
      // in a span of bleu.book.fonts (the site's font); the playground sets its own font
      bad.push(`not in a .cjk span: ${text.trim().slice(0, 30)}`);
    }
  }
  return {count, bad};
}
"""


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.glob("*.html") if not p.name.endswith(".slides.html"))


def _fonts_of(cdp: object, selector: str, limit: int) -> list[tuple[str, float, list]]:
    """(lang, width, [(family, custom, glyphs)]) for up to ``limit`` elements."""
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    ids = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
    found = []
    for node in ids[:limit]:
        attrs = cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"]
        lang = dict(zip(attrs[::2], attrs[1::2])).get("lang", "")
        try:
            box = cdp.send("DOM.getBoxModel", {"nodeId": node})["model"]["width"]
        except Exception:  # not rendered (inside a collapsed or hidden element)
            continue
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        found.append(
            (lang, box, [(f["familyName"], f["isCustomFont"], f["glyphCount"]) for f in fonts])
        )
    return found


def test_cjk_text_carries_its_language(edition: Edition, page: object) -> None:
    counted, bad = 0, {}
    site = edition.root
    for path in _pages(site) + sorted(site.glob("*.slides.html"))[:3]:
        page.goto(edition.url + path.name)
        page.wait_for_load_state("load")
        found = page.evaluate(FIND_CJK)
        counted += found["count"]
        if found["bad"]:
            bad[path.name] = found["bad"][:5]
    print(f"\nCJK text nodes checked: {counted}")
    assert counted > 100, "the pages were expected to show Korean and Chinese text"
    assert not bad, f"Korean or Chinese text without its lang: {bad}"


def test_cjk_renders_with_the_shipped_font(edition: Edition, page: object) -> None:
    """Chromium draws every sampled Hangul/Han span with the site's own font (no system font,
    no empty boxes): CSS.getPlatformFontsForNode names the fonts that drew a node's text, by
    their own names, and says whether each is a web font."""

    cdp = page.context.new_cdp_session(page)
    checked, wrong = 0, []
    for name in ("00_overview.html", "03_modified_precision.html", "index.html"):
        page.goto(edition.url + name)
        page.wait_for_load_state("load")
        # folded side roads (<details>) hold CJK text too: open them, so that it is drawn
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        page.evaluate("document.fonts.ready.then(() => true)")
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        for lang, width, fonts in _fonts_of(cdp, "span.cjk", 60):
            checked += 1
            used = {(family, custom) for family, custom, glyphs in fonts if glyphs}
            if width <= 0 or used != {(FACE_NAME.get(lang), True)}:
                wrong.append((name, lang, width, fonts))
    cdp.detach()
    assert checked > 30
    assert not wrong, f"CJK spans not drawn with the shipped font: {wrong[:5]}"


def test_font_subsets_cover_every_character_used(edition: Edition) -> None:
    from fontTools.ttLib import TTFont

    from bleu.book.fonts import FILE, HAN, HANGUL

    site = edition.root
    cmaps = {lang: TTFont(site / "static" / "fonts" / f).getBestCmap() for lang, f in FILE.items()}
    pattern = re.compile('<span class="cjk" lang="(ko|zh)">([^<]*)</span>')
    missing: dict[str, set[str]] = {"ko": set(), "zh": set()}
    for path in site.glob("*.html"):
        for lang, run in pattern.findall(path.read_text(encoding="utf-8")):
            missing[lang] |= {ch for ch in run if not ch.isspace() and ord(ch) not in cmaps[lang]}
    assert missing == {"ko": set(), "zh": set()}
    hangul = re.compile(f"[{HANGUL}]")
    assert any(hangul.match(chr(code)) for code in cmaps["ko"])
    assert any(re.match(f"[{HAN}]", chr(code)) for code in cmaps["zh"])
    total = sum((site / "static" / "fonts" / f).stat().st_size for f in FILE.values())
    print(f"\nCJK font subsets: {total / 1024:.0f} KiB")
    assert total < 1_000_000, "the subsets should hold only the characters the pages use"


# -- the playground -------------------------------------------------------------------------

WEIGHT_CHOICES = [
    (0.25, 0.25, 0.25, 0.25),
    (0.5, 0.5),
    (1 / 3, 1 / 3, 1 / 3),
    (1.0,),
    (0.1, 0.2, 0.3, 0.4),
    (0.5, 0.0, 0.5),
    (0.2, 0.2, 0.2, 0.2, 0.2),
]


def _random_cases(count: int, seed: int) -> list[list]:
    rng = random.Random(seed)
    vocab = "the cat is on a mat there sat dog".split()
    cases = []
    for _ in range(count):
        words = vocab[: rng.randint(2, len(vocab))]
        refs = [
            [rng.choice(words) for _ in range(rng.randint(1, 14))] for _ in range(rng.randint(1, 3))
        ]
        if rng.random() < 0.5:  # a candidate close to a reference: high-order matches
            hyp = list(rng.choice(refs))
            for _ in range(rng.randint(0, 3)):
                if hyp and rng.random() < 0.5:
                    hyp.pop(rng.randrange(len(hyp)))
                else:
                    hyp.insert(rng.randint(0, len(hyp)), rng.choice(words))
        else:
            hyp = [rng.choice(words) for _ in range(rng.randint(0, 14))]
        weights = list(rng.choice(WEIGHT_CHOICES))
        smoothing = rng.choice([None, 1, 4])
        cases.append([refs, hyp, weights, smoothing])
    return cases


def _python_bleu(refs: list, hyp: list, weights: list, smoothing: int | None) -> float:
    import bleu

    method = None
    if smoothing is not None:
        method = getattr(bleu.SmoothingFunction(), f"method{smoothing}")
    return bleu.sentence_bleu(refs, hyp, weights=tuple(weights), smoothing_function=method)


def test_playground_equals_sentence_bleu(edition: Edition, page: object) -> None:
    page.goto(edition.url + "playground.html")
    page.wait_for_function("typeof window.bleu === 'object'")
    cases = _random_cases(400, seed=13)
    got = page.evaluate(
        "cases => cases.map(([r, h, w, s]) => bleu.sentenceBleu(r, h, {weights: w, smoothing: s}))",
        cases,
    )
    differ = []
    for case, js in zip(cases, got):
        py = _python_bleu(*case)
        if abs(py - js) > 1e-9:
            differ.append((case, py, js))
    assert not differ, f"{len(differ)} of {len(cases)} differ, e.g. {differ[:3]}"
    nonzero = sum(1 for case in cases if _python_bleu(*case) > 0)
    assert nonzero > 100, "too few cases with a positive score to compare"


def test_playground_rejects_bad_input(base: str, page: object) -> None:
    page.goto(base + "playground.html")
    for call, word in (
        ("bleu.sentenceBleu('the cat', ['the'])", "references"),
        ("bleu.sentenceBleu([['the']], 'the')", "hypothesis"),
        ("bleu.sentenceBleu([['the']], ['the'], {smoothing: 2})", "smoothing"),
        ("bleu.sentenceBleu([['the']], ['the'], {weights: []})", "weights"),
    ):
        message = page.evaluate(
            f"() => {{ try {{ {call}; return ''; }} catch (e) {{ return e.message; }} }}"
        )
        assert word in message, (call, message)


def test_playground_reacts_to_typing(edition: Edition, page: object) -> None:
    page.goto(edition.url + "playground.html")
    candidate = page.locator("#pg-candidate")
    shown = page.locator("#pg-bleu")
    refs = [r.split() for r in ("the cat is on the mat", "there is a cat on the mat")]
    candidate.fill("")
    candidate.press_sequentially("the cat is on the mat")
    assert float(shown.get_attribute("data-value")) == pytest.approx(1.0)
    candidate.press_sequentially(" today")
    expected = _python_bleu(refs, "the cat is on the mat today".split(), [0.25] * 4, None)
    assert float(shown.get_attribute("data-value")) == pytest.approx(expected, abs=1e-9)
    assert shown.inner_text() == f"{expected:.4f}"
    page.select_option("#pg-weights", "uniform2")
    candidate.fill("the the the the the the the")
    assert page.locator("#pg-p1").inner_text() == f"{2 / 7:.4f}"  # clipped to 2 of 7
    assert page.locator(".pg-line .pg-clipped").count() == 5  # "the" beyond its ceiling of 2
    assert page.locator(".pg-line .pg-absent").count() == 6  # "the the" is in no reference
    page.select_option("#pg-smoothing", "1")
    expected = _python_bleu(refs, ["the"] * 7, [0.5, 0.5], 1)
    assert float(shown.get_attribute("data-value")) == pytest.approx(expected, abs=1e-9)
    assert page.locator("#pg-counts tbody tr").count() == 2  # "the" and "the the"


def test_no_request_leaves_the_local_server(edition: Edition, page: object) -> None:
    for name in ("playground.html", "index.html", "03_modified_precision.slides.html"):
        page.goto(edition.url + name)
        page.wait_for_load_state("load")
    page.locator("#pg-candidate").count()
    assert page.elsewhere == [], f"requests beyond the local server: {page.elsewhere[:5]}"


def test_index_and_decks_link_the_playground(edition: Edition) -> None:
    site = edition.root
    assert 'href="playground.html"' in (site / "index.html").read_text(encoding="utf-8")
    for deck in sorted(site.glob("*.slides.html")):
        text = deck.read_text(encoding="utf-8")
        linked = 'href="playground.html"' in text
        assert linked == (deck.name[:2] in {"03", "04", "05", "06", "07"}), deck.name


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "site"
    if shutil.which(str(CHROMIUM)) is None:
        sys.exit(f"{CHROMIUM} is missing")
    found = measure_site(folder)
    print(summary(found))
    if len(sys.argv) > 2:
        Path(sys.argv[2]).write_text(json.dumps(found, indent=1))


# -- the playground as a lecturer projects it -----------------------------------------------


def _px(page: object, selector: str, prop: str = "font-size") -> float:
    value = page.eval_on_selector(selector, f"e => getComputedStyle(e).getPropertyValue('{prop}')")
    return float(value.removesuffix("px"))


def test_playground_presenter_layout(edition: Edition, page: object) -> None:
    """At 1280x720 the inputs and results are at least 24 px, the score, the four precisions
    (as fractions and decimals), c, r and BP are on screen beside the inputs without
    scrolling, and the n-gram chips and counts table are collapsed."""
    page.goto(edition.url + "playground.html")
    page.wait_for_function("document.getElementById('pg-f4') !== null")
    for selector in ("#pg-candidate", "#pg-ref1", "#pg-f1", "#pg-p4", "#pg-bp", "#pg-bleu"):
        assert _px(page, selector) >= 24, selector
    for selector in ("#pg-bleu", "#pg-f1", "#pg-p1", "#pg-f4", "#pg-p4", "#pg-bp", "#pg-cr"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 720, (selector, box)
        assert box["x"] + box["width"] <= 1280, (selector, box)
    left = page.locator("#pg-candidate").bounding_box()
    right = page.locator("#pg-precisions").bounding_box()
    assert right["x"] >= left["x"] + left["width"], "the results stand beside the inputs"
    assert page.locator("#pg-details").get_attribute("open") is None
    assert not page.locator("#pg-counts").is_visible()
    assert page.locator("#pg-f1").inner_text() == "5/7"  # the default: the cat the cat on ...


NORMALISE_POOL = [
    *"abcXYZ019 _.,;:!?'\"-()[]ÄöÉßçñ",
    *"나는학교에갔다机器翻译。，",
    "\t",
]


def test_playground_normalise_equals_notebook_02(base: str, page: object) -> None:
    """bleu.normalise in the page equals notebook 02's re.findall(r"\\w+", text.lower())."""
    rng = random.Random(2)
    texts = ["".join(rng.choice(NORMALISE_POOL) for _ in range(rng.randint(0, 30)))
             for _ in range(300)]
    texts += [ex["candidate"] for ex in _examples()]
    page.goto(base + "playground.html")
    got = page.evaluate("texts => texts.map(t => bleu.normalise(t))", texts)
    differ = [(t, re.findall(r"\w+", t.lower()), g) for t, g in zip(texts, got)
              if re.findall(r"\w+", t.lower()) != g]
    assert not differ, differ[:5]


def _examples(lang: str = "en") -> list[dict]:
    from bleu.book.playground_page import examples

    return examples(lang)


def test_playground_examples_are_one_click_and_equal_sentence_bleu(
    edition: Edition, page: object
) -> None:
    page.goto(edition.url + "playground.html")
    buttons = page.locator("button.pg-example")
    examples = _examples(edition.lang)
    assert buttons.count() == len(examples) >= 8
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    assert labels == [example["label"] for example in examples]
    running = {"en": "Running example", "ko": "기본 예제"}[edition.lang]
    assert any(running in label for label in labels)
    assert any("the × 7" in label for label in labels)
    english = [example["label"] for example in _examples()]
    for i, example in enumerate(examples):
        buttons.nth(i).click()
        split = (lambda t: re.findall(r"\w+", t.lower())) if example["normalise"] else str.split
        refs = [split(r) for r in example["references"]]
        expected = _python_bleu(refs, split(example["candidate"]), [0.25] * 4, None)
        shown = float(page.locator("#pg-bleu").get_attribute("data-value"))
        assert shown == pytest.approx(expected, abs=1e-12), example["label"]
        assert page.locator("#pg-normalise").is_checked() == example["normalise"]
        if english[i] == "Ex. 1 · Ca1":  # notebook 02 and 03: 17/18 once normalised
            assert page.locator("#pg-f1").inner_text() == "17/18"
        if english[i].startswith("Running"):  # notebook 07's 0.5045666840058485
            assert shown == pytest.approx(0.5045666840058485, abs=1e-15)
    buttons.nth(english.index("Ex. 1 · Ca1")).click()
    page.locator("#pg-normalise").uncheck()  # the raw split: "commands." is not "commands"
    assert page.locator("#pg-f1").inner_text() == "16/18"


def test_playground_draws_typed_korean_and_chinese_with_its_fonts(
    edition: Edition, page: object
) -> None:
    """Korean and Chinese typed in are drawn with the playground's shipped fonts (glyphs of
    non-zero width), not as empty boxes, on a machine without CJK system fonts."""
    page.goto(edition.url + "playground.html")
    page.wait_for_selector("#playground.pg-fonts-ready", timeout=10000)
    page.fill("#pg-ref1", "나는 학교에 갔다 . 机器翻译")
    page.fill("#pg-candidate", "나는 학교에 간다 . 机器翻译")
    page.locator("#pg-details summary").click()
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    chips = _fonts_of(cdp, ".pg-line .pg-gram", 40)
    cdp.detach()
    families = {family for _, width, fonts in chips if width > 0
                for family, custom, glyphs in fonts if glyphs and custom}
    assert chips and all(width > 0 for _, width, _ in chips)
    assert any("KR" in family for family in families), families
    assert any("SC" in family for family in families), families
    widths = page.evaluate(
        """() => ['나', '학', '机', '译'].map(ch => {
               const c = document.createElement('canvas').getContext('2d');
               c.font = '24px "BLEU Playground KR", "BLEU Playground SC"';
               return c.measureText(ch).width; })"""
    )
    assert all(w > 10 for w in widths), widths
    page.locator("#pg-details summary").click()


# -- handouts on paper ------------------------------------------------------------------------

A4_PRINTABLE = {"width": 698, "height": 1000}  # 8.27 in less the 0.5 in margins, at 96 px/in

CUT_ON_PAPER = r"""() => {
  const measure = document.createElement('canvas').getContext('2d');
  const page = document.documentElement.clientWidth;
  const out = {lines: 0, cut: [], tables: 0};
  const shown = el => el.getBoundingClientRect().width > 0;
  document.querySelectorAll('.jp-InputArea pre, .jp-OutputArea-output pre').forEach(el => {
    if (!shown(el)) return;
    const s = getComputedStyle(el);
    measure.font = s.fontSize + ' ' + s.fontFamily;
    const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    const wraps = !['pre', 'nowrap'].includes(s.whiteSpace);
    for (const line of el.textContent.split('\n')) {
      out.lines += 1;
      if ((!wraps && measure.measureText(line).width > room + 1) ||
          el.getBoundingClientRect().right > page + 1) {
        out.cut.push(line.slice(0, 60));
      }
    }
  });
  document.querySelectorAll('.jp-OutputArea-output table, .jp-RenderedHTMLCommon table')
    .forEach(t => {
      if (!shown(t) || t.closest('details:not([open])')) return;
      out.tables += 1;
      if (t.getBoundingClientRect().right > page + 1) out.cut.push('table: ' +
        t.textContent.slice(0, 60));
    });
  return out;
}"""


def test_handouts_print_without_a_cut_line(edition: Edition, page: object) -> None:
    """Printed from Chromium on A4 (the narrower of A4 and Letter), no line of code or output
    and no table runs past the right margin: each wraps (or a wide table shrinks) instead."""
    lines, cut = 0, {}
    page.set_viewport_size(A4_PRINTABLE)
    page.emulate_media(media="print")
    try:
        for path in _pages(edition.root):
            if not path.name[:2].isdigit():
                continue
            page.goto(edition.url + path.name)
            page.wait_for_load_state("load")
            found = page.evaluate(CUT_ON_PAPER)
            lines += found["lines"]
            if found["cut"]:
                cut[path.name] = found["cut"][:3]
    finally:
        page.emulate_media(media="screen")
        page.set_viewport_size(VIEWPORT)
    print(f"\nprinted code and output lines checked: {lines}")
    assert lines > 3000
    assert not cut, f"cut at the right margin of A4: {cut}"


# -- typography on the decks --------------------------------------------------------------

DECK_TYPOGRAPHY = r"""async () => {
  const settle = () => new Promise(r => setTimeout(r, 30));
  const out = {korean: 0, koreanBreaks: [], numbers: 0, brokenNumbers: [], links: 0,
               underArrows: [], details: 0, grown: []};
  const height = Reveal.getConfig().height;
  const slides = Reveal.getSlides();
  for (const slide of slides) {
    const where = Reveal.getIndices(slide);
    Reveal.slide(where.h, where.v);
    await settle();
    slide.querySelectorAll('span[lang="ko"]').forEach(s => {
      out.korean += 1;
      if (getComputedStyle(s).wordBreak !== 'keep-all') out.koreanBreaks.push(s.textContent);
    });
    slide.querySelectorAll('td.site-num').forEach(td => {
      out.numbers += 1;
      const range = document.createRange(); range.selectNodeContents(td);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      const short = /^\S{1,16}$/.test(td.textContent.trim());
      if (lines.size > 1 && short) out.brokenNumbers.push(td.textContent);
    });
    const arrows = document.querySelector('.reveal .controls');
    slide.querySelectorAll('.site-full-cell a').forEach(a => {
      out.links += 1;
      const l = a.getBoundingClientRect(), c = arrows.getBoundingClientRect();
      const overlap = l.right > c.left && l.left < c.right && l.bottom > c.top && l.top < c.bottom;
      if (overlap) out.underArrows.push(a.textContent);
    });
    for (const details of slide.querySelectorAll('details')) {
      details.querySelector('summary').click();  // as a lecturer opens one
      await settle();
      out.details += 1;
      if (slide.offsetHeight > height + 1) out.grown.push(slide.offsetHeight);
    }
    slide.querySelectorAll('details[open]').forEach(d => { d.open = false; });
  }
  return out;
}"""


def test_deck_typography(decks: dict[str, dict]) -> None:
    """Korean never breaks inside a word; a number in a table cell stays on one line; the
    'full cell in the handout' link keeps clear of the arrows; opening explain()'s n-gram
    tables never makes a slide taller than the deck (measured with the decks, DECK_TYPOGRAPHY)."""
    totals: dict[str, int] = {"korean": 0, "numbers": 0, "links": 0, "details": 0}
    bad: dict[str, dict] = {}
    for name, measured in decks.items():
        found = measured["typography"]
        for key in totals:
            totals[key] += found[key]
        problems = {k: found[k][:3] for k in ("koreanBreaks", "brokenNumbers", "underArrows",
                                               "grown") if found[k]}
        if problems:
            bad[name] = problems
    print(f"\ntypography checked: {totals}")
    assert totals["korean"] > 20 and totals["numbers"] > 100 and totals["details"] > 4
    assert not bad, bad


# -- the two languages ---------------------------------------------------------------------

SWITCH_SPOT = r"""() => {
  const link = document.querySelector("a.site-lang-switch");
  if (!link) { return null; }
  const r = link.getBoundingClientRect();
  return {top: r.top, left: r.left, right: r.right, bottom: r.bottom,
          text: link.textContent.trim(), visible: getComputedStyle(link).visibility,
          lang: document.documentElement.lang,
          bodyBreak: getComputedStyle(document.body).wordBreak,
          koreanBreak: Array.from(document.querySelectorAll('span.cjk[lang="ko"]'))
            .filter(s => s.getClientRects().length)
            .every(s => getComputedStyle(s).wordBreak === "keep-all")};
}"""


def test_language_switch_is_seen_and_leads_to_the_twin(edition: Edition, page: object) -> None:
    """On a handout, a solutions page, the index, the slides list and the playground, the
    switch ("한국어" on the English pages, "English" on the Korean ones) is on screen at
    1280x720 without scrolling, and a click opens the same page in the other language.
    Korean text keeps its words whole (word-break: keep-all): the whole body of a Korean
    page, the Korean runs of an English one."""
    label = {"en": "한국어", "ko": "English"}[edition.lang]
    twin = "" if edition.other() == "en" else f"{edition.other()}/"
    for name in ("03_modified_precision.html", "03_modified_precision_solutions.html",
                 "index.html", "slides.html", "playground.html"):
        page.goto(edition.url + name)
        page.wait_for_load_state("load")
        spot = page.evaluate(SWITCH_SPOT)
        assert spot is not None, name
        assert spot["text"] == label and spot["visible"] == "visible", (name, spot)
        assert 0 <= spot["top"] and spot["bottom"] <= 720 and spot["right"] <= 1280, (name, spot)
        assert spot["lang"] == edition.lang and spot["koreanBreak"], (name, spot)
        if edition.lang == "ko":
            assert spot["bodyBreak"] == "keep-all", name
        page.locator("a.site-lang-switch").first.click()
        page.wait_for_load_state("load")
        assert page.url.split("#")[0].endswith(f"/{twin}{name}"), (name, page.url)
        assert page.evaluate("document.documentElement.lang") == edition.other(), name


def test_korean_playground_writes_korean(base: str, page: object) -> None:
    """The Korean playground's script writes its headings, legends and notes in Korean, drawn
    with the shipped Hangul font; the numbers are those of the English page."""
    results = {}
    for lang, prefix in (("en", ""), ("ko", "ko/")):
        page.goto(base + prefix + "playground.html")
        page.wait_for_selector("#playground.pg-fonts-ready", timeout=10000)
        page.locator("button.pg-example").nth(4).click()  # the running example
        results[lang] = page.locator("#pg-bleu").get_attribute("data-value")
    assert results["ko"] == results["en"]
    assert page.locator("#pg-result h2").first.text_content() == "후보 번역의 n-그램"
    for box in ("#pg-ref1", "#pg-ref2", "#pg-ref3"):
        page.fill(box, "")
    note = page.locator("#pg-summary .pg-note").inner_text()
    assert note == "참조 번역을 하나 이상 입력하세요."
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    # the note, the labels of the boxes, the buttons of the first examples ("예제 1 · Ca1") and
    # the smoothing menu ("없음"): every one has Hangul
    drawn = _fonts_of(cdp, "#pg-summary .pg-note, label .pg-label, "
                      "button.pg-example:nth-child(-n+5), select#pg-smoothing", 12)
    cdp.detach()
    assert len(drawn) >= 10
    for _, width, fonts in drawn:
        families = {family for family, custom, glyphs in fonts if glyphs and custom}
        assert width > 0 and any("KR" in family for family in families), fonts


# -- folded side roads, in JupyterLab and in the handouts -----------------------------------
#
# A chapter folds what a newcomer can skip: markdown ``<details><summary>Optional: ...``
# blocks, and display-only code cells whose input is hidden (tag ``hide-input``, JupyterLab's
# ``source_hidden``). JupyterLab, started on a free local port on a notebook made here, shows
# a fold closed with its summary, opens it on a click with its markdown and math rendered,
# and collapses the hidden input; every handout with folds shows them closed, opens one on a
# click, and prints them open (the handout's ``beforeprint`` handler).

FOLD = (
    "<details><summary>Optional: the floating-point detour</summary>\n\n"
    "Why *0.1 + 0.2* is not 0.3:\n\n$$0.1 + 0.2 = 0.30000000000000004$$\n\n</details>"
)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a folder with fold.ipynb; yields the notebook's URL."""
    import socket
    import subprocess
    import time

    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    folder = tmp_path_factory.mktemp("lab")
    hidden = new_code_cell(
        "print('display only')",
        metadata={"tags": ["hide-input"], "jupyter": {"source_hidden": True}},
    )
    main = new_markdown_cell("## Main line\n\nStraight through.")
    cells = [main, new_markdown_cell(FOLD), hidden]
    nbformat.write(new_notebook(cells=cells), folder / "fold.ipynb")
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(folder / "runtime"),
        "JUPYTER_CONFIG_DIR": str(folder / "config"),
        "JUPYTER_DATA_DIR": str(folder / "data"),
    }
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--allow-root",
        "--ServerApp.token=fold", f"--ServerApp.root_dir={folder}",
    ]
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
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


def test_jupyterlab_shows_the_fold_closed_then_open(lab: str, page: object, tmp_path: Path):
    page.goto(lab)
    page.wait_for_selector(".jp-RenderedMarkdown details > summary", timeout=90000)
    with contextlib.suppress(Exception):  # "Select Kernel": no kernel (if it asks)
        page.locator(".jp-Dialog button.jp-mod-reject").click(timeout=15000)
    folds = ".jp-RenderedMarkdown details"
    state = page.eval_on_selector_all(folds, "els => els.map(e => [e.open, e.innerText])")
    assert state == [[False, "Optional: the floating-point detour"]]
    page.click(f"{folds} > summary")
    page.wait_for_function(f"document.querySelector('{folds}').open")
    assert "Why 0.1 + 0.2 is not 0.3" in page.inner_text(folds)
    assert page.locator(f"{folds} em").inner_text() == "0.1 + 0.2"  # markdown rendered
    assert page.locator(f"{folds} .MathJax, {folds} mjx-container").count() >= 1
    hidden = page.locator(".jp-CodeCell .jp-Cell-inputWrapper .jp-Placeholder")
    assert hidden.count() == 1  # the input is collapsed to JupyterLab's placeholder
    page.screenshot(path=str(tmp_path / "jupyterlab-fold.png"))


def test_handouts_fold_side_roads_and_print_them_open(
    site: Path, base: str, page: object, tmp_path: Path
) -> None:
    handouts = [
        path
        for path in sorted(site.glob("[0-9][0-9]_*.html"))
        if not path.name.endswith(".slides.html")
        and "<details><summary>Optional:" in path.read_text(encoding="utf-8")
    ]
    assert len(handouts) >= 5, [path.name for path in handouts]
    every_open = "[...document.querySelectorAll('details')].every(d => d.open)"
    for handout in handouts:
        page.goto(base + handout.name)
        folds = page.locator(".jp-RenderedMarkdown details")
        assert folds.count() >= 1
        assert folds.evaluate_all("els => els.every(d => !d.open)"), handout.name
        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        assert page.evaluate(every_open), handout.name
        page.evaluate("window.dispatchEvent(new Event('afterprint'))")
        assert folds.evaluate_all("els => els.every(d => !d.open)"), handout.name
        first = folds.first
        first.locator("summary").click()
        assert first.evaluate("d => d.open") and first.evaluate("d => d.offsetHeight > 40")
    page.goto(base + handouts[0].name)
    page.locator(".jp-RenderedMarkdown details").first.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "handout-fold.png"))
