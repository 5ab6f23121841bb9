"""bleu.tokenize against sacreBLEU 2.6.0's own tokenizers, on chosen and random text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

from bleu.tokenizers import TOKENIZERS, get_tokenizer, is_chinese_char

SACRE = {
    "none": NoneTokenizer(),
    "13a": Tokenizer13a(),
    "intl": TokenizerV14International(),
    "char": TokenizerChar(),
    "zh": TokenizerZh(),
}

# Pieces that exercise every rule: ASCII punctuation and symbols, numbers with separators,
# the 13a entities and <skipped>, hyphen-newline, Unicode letters, digits and symbols,
# CJK (inside and at the edges of the zh table), and unusual whitespace.
PIECES = [
    "the", "Cat", "ÉTÉ", "straße", "Жук", "한국어", "東京", "中", "文", "の", "ｶ", "Ａ",
    "3", "3.14", "1,000", "2017-10", "٣", "²", "⅓", "x2",
    ".", ",", "..", ",,", ".,", "-", "--", "'", "'s", "!", "?", "(", ")", '"', "$", "%",
    "&", "#", "@", "/", "\\", "_", "^", "`", "~", "{", "}", "|", "<", ">", "=", "+", "*",
    ";", ":", "[", "]", "&quot;", "&amp;", "&lt;", "&gt;", "&apos;", "<skipped>", "-\n",
    "。", "，", "、", "「", "」", "…", "«", "»", "¿", "¡", "€", "©", "±", "→", "★", "☃", "✓",
    "\u2000", "\u2001", "\u2a6d", "\u2a6e", "\u2f80", "\u2f81", "\u2fa1", "\u3400", "\u4db5",
    "\u4db6", "\U00020000", "\U0001f600",
    " ", "  ", "\t", "\n", "\r", "\xa0", "\u3000", "\u2003", "\x1c", "\x85",
]  # fmt: skip

mixed_text = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)
any_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
texts = st.one_of(mixed_text, any_text, st.tuples(mixed_text, any_text).map("".join))


@pytest.mark.parametrize("name", TOKENIZERS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=texts)
def test_agrees_with_sacrebleu_on_random_text(name, line):
    assert get_tokenizer(name)(line) == SACRE[name](line)


@pytest.mark.parametrize(
    ("name", "line", "expected"),
    [
        ("13a", "Hello, world! It's 3.14.", "Hello , world ! It's 3.14 ."),
        ("13a", "1,000 people; 2017-10-05", "1,000 people ; 2017 - 10 - 05"),
        ("13a", "&quot;quoted&quot; a &amp; b", '" quoted " a & b'),
        ("13a", "co-\noperate <skipped>now", "cooperate now"),
        ("13a", ".5 at the start", ". 5 at the start"),  # padded: the period has a neighbour
        ("zh", ".5 at the start", ".5 at the start"),  # not padded
        ("zh", "我爱北京天安门。", "我 爱 北 京 天 安 门 。"),
        ("zh", "GDP增长3.5%", "GDP 增 长 3.5 %"),
        ("zh", "a\u2013b", "a \u2013 b"),  # en dash: inside sacreBLEU's mistyped range
        ("intl", "Größe: 3,5 m².", "Größe : 3,5 m²."),
        ("intl", "«Привет», — сказал он.", "« Привет » , — сказал он ."),
        ("intl", "price: 5€", "price : 5 €"),
        ("char", "a b", "a   b"),
        ("none", "  as is ", "  as is "),
    ],
)
def test_known_examples(name, line, expected):
    assert get_tokenizer(name)(line) == expected
    assert SACRE[name](line) == expected


def test_chinese_table_equals_sacrebleu_on_every_code_point():
    sacre = TokenizerZh._is_chinese_char
    wrong = [
        hex(code)
        for code in range(0x110000)
        if not 0xD800 <= code <= 0xDFFF and is_chinese_char(chr(code)) != sacre(chr(code))
    ]
    assert wrong == []


def test_chinese_table_quirk_covers_general_punctuation_not_extension_b():
    # sacreBLEU's "\u20000" is U+2000 followed by "0"; the effective range is U+2001..U+2A6D.
    assert is_chinese_char("\u2014")  # em dash
    assert not is_chinese_char("\u2000")
    assert not is_chinese_char("\U00020000")  # CJK Extension B itself is not covered


def test_tokenizer_names():
    assert TOKENIZERS == ("none", "13a", "intl", "char", "zh")


@pytest.mark.parametrize("bad", ["13A", "v13a", "spm", "ja-mecab", ""])
def test_unknown_tokenizer_name(bad):
    with pytest.raises(ValueError, match="tokenize"):
        get_tokenizer(bad)


@pytest.mark.parametrize("bad", [None, 13, str.split])
def test_tokenizer_name_must_be_a_string(bad):
    with pytest.raises(TypeError, match="tokenize"):
        get_tokenizer(bad)


@pytest.mark.parametrize("name", TOKENIZERS)
@pytest.mark.parametrize("bad", [None, ["a", "b"], b"bytes", 3])
def test_line_must_be_a_string(name, bad):
    with pytest.raises(TypeError, match="line"):
        get_tokenizer(name)(bad)


def test_is_chinese_char_rejects_strings_of_other_lengths():
    with pytest.raises(TypeError, match="char"):
        is_chinese_char("中文")
