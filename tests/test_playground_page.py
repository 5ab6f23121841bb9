"""The playground page's data and fonts, without a browser (tests/test_browser.py drives it)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from bleu.book import playground_page
from bleu.data import load_example


def test_examples_are_the_notebooks_sentences():
    for (name, label, _, normalise), shown in zip(
        playground_page.EXAMPLES, playground_page.examples()
    ):
        example = load_example(name)
        assert shown["candidate"] == example.candidates[label]
        assert shown["references"] == list(example.references)
        assert shown["normalise"] is normalise


def test_the_page_carries_the_examples_as_json():
    page = playground_page.page()
    found = re.search(
        r'<script id="pg-examples-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert found and json.loads(found.group(1)) == playground_page.examples()


def test_the_committed_fonts_cover_what_a_reader_may_type():
    ttlib = pytest.importorskip("fontTools.ttLib")
    pytest.importorskip("brotli")
    for lang, codes in playground_page.typed_characters().items():
        path = playground_page.TYPED_FONTS / playground_page.TYPED_FONT_FILES[lang]
        cmap = ttlib.TTFont(str(path)).getBestCmap()
        missing = [chr(c) for c in codes if c not in cmap and c != 0x20 and chr(c).isprintable()]
        assert len(missing) < 0.01 * len(codes), (lang, missing[:20])
    korean = playground_page.TYPED_FONTS / playground_page.TYPED_FONT_FILES["ko"]
    assert 0xD55C in ttlib.TTFont(str(korean)).getBestCmap()  # 한


def test_the_korean_page_speaks_korean():
    """The Korean playground: lang="ko", its labels and help text in Korean, the same inputs,
    examples (labelled in Korean) and script as the English page, and the language switch."""
    english, korean = playground_page.page("en"), playground_page.page("ko", "<a>x</a>")
    assert '<html lang="ko">' in korean and '<html lang="en">' in english
    for word in ("참조 번역 1", "후보 번역", "가중치", "스무딩", "정규화", "BLEU 놀이터"):
        assert word in korean, word
    ids = re.compile(r'id="([^"]+)"')
    assert ids.findall(korean) == ids.findall(english)  # the script finds the same elements
    values = re.compile(r'<option value="([^"]+)"')
    assert values.findall(korean) == values.findall(english)
    labels = [e["label"] for e in playground_page.examples("ko")]
    assert "기본 예제 (07)" in labels and len(set(labels)) == len(labels)
    assert [e["candidate"] for e in playground_page.examples("ko")] == [
        e["candidate"] for e in playground_page.examples()]
    assert "<a>x</a>" in korean and playground_page.SWITCH not in korean
    with pytest.raises(ValueError, match="lang"):
        playground_page.page("fr")


def _skeleton(html: str) -> list[tuple[str, str | None]]:
    """The page's elements in order with their ids: what the script and the CSS rely on."""
    return [
        (tag, (re.search(r'\bid="([^"]+)"', attrs) or [None, None])[1])
        for tag, attrs in re.findall(r"<(\w+)([^>]*)>", html)
        if tag not in ("span", "a")  # the Korean page wraps labels in spans; links are words
    ]


def test_the_two_pages_have_the_same_controls():
    """playground.ko.html is the English page with Korean words: a control added to one and
    not the other fails here, so the copies cannot drift apart."""
    folder = pathlib.Path(playground_page.__file__).resolve().parent / "playground"
    english = (folder / "playground.html").read_text(encoding="utf-8")
    korean = (folder / "playground.ko.html").read_text(encoding="utf-8")
    assert _skeleton(english) == _skeleton(korean)
    assert len([i for _, i in _skeleton(english) if i]) >= 8
