"""The playground page's data and fonts, without a browser (tests/test_browser.py drives it)."""

from __future__ import annotations

import json
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
