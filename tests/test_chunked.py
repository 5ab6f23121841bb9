"""bleu.spans13a and bleu.chunked (13a tokens as arrays; chunks on two threads) against
sacreBLEU directly: its Tokenizer13a for the tokens, its BLEU statistics for the sums.

``bleu.corpus_score`` goes through bleu.chunked for the 13a tokenizer, so the parity tests
of test_vectorized.py and test_reference_parity.py check it too; here the chunking, the
threads, the hash check and its fallback are driven on purpose.
"""

from __future__ import annotations

import random
from itertools import pairwise

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from test_tokenize import PIECES as TOKENIZER_PIECES
from test_vectorized import raw_corpus

import bleu
from bleu import chunked, spans13a, tokenizers
from bleu.options import BleuOptions
from bleu.simulate import generate_sentences, simulate_system


def corpus_sums(hyps, streams, options):
    """One system's column sums and nrefs, as bleu.chunked.corpus_score computes them."""
    (sums,), nrefs = chunked.systems_sums([hyps], streams, options)
    return sums, nrefs

SACRE_13A = Tokenizer13a()
QUICK = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

segment_text = st.one_of(
    st.lists(st.sampled_from(TOKENIZER_PIECES), max_size=25).map("".join),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=30),
    st.lists(st.sampled_from(list("a1.,-$ \x00\ue000")), max_size=20).map("".join),
)


def tokens_of(texts, lowercase=False):
    """The tokens bleu.chunked finds, as strings, segment by segment."""
    ids, lengths, codes, starts, ends = chunked.hashed_tokens(texts, lowercase)
    words = ["".join(map(chr, codes[s:e])) for s, e in zip(starts, ends)]
    bounds = np.concatenate([[0], np.cumsum(lengths)])
    assert len(ids) == len(words) == bounds[-1]
    return [words[a:b] for a, b in pairwise(bounds.tolist())]


def sacre_tokens(texts, lowercase=False):
    return [SACRE_13A((t.lower() if lowercase else t).rstrip()).split() for t in texts]


@QUICK
@given(texts=st.lists(segment_text, min_size=1, max_size=6), lowercase=st.booleans())
def test_array_tokens_equal_sacrebleu_13a(texts, lowercase):
    assert tokens_of(texts, lowercase) == sacre_tokens(texts, lowercase)


def test_array_tokens_on_chosen_hard_cases():
    lines = [
        "a..b", "3..5", "x.,.y", ",,,", "1.2.3", "U.S.-led", "7-2 vote.", "&amp;quot;",
        "end.", ".start", "3.", ".5", "-\n", "a-\nb <skipped>c", "", "   ", "\ue000 x",
        "tab\tsep", "$3.50.", "(1,000)", "e.g.,", "...", "a . b , c", "3--4", "3-3-", "-3-",
        "a-3", "1.-2", "(x)[y]{z}", "a&b&amp;c", "#1 @2 ~3", "\\path/to", "\x00 zero",
        "x\x1cy\x85z\u3000w", "Straße „quoted“", "emoji \U0001f600.", "9,", ",9", "9.,9",
    ]  # fmt: skip
    assert tokens_of(lines) == sacre_tokens(lines)
    for line in lines:  # one segment at a time too
        assert tokens_of([line]) == sacre_tokens([line])


@pytest.mark.parametrize(
    ("text", "dtype"),
    [
        ("plain ascii", np.uint8),
        ("café", np.uint8),
        ("„Straße“", np.uint16),
        ("a\U0001f600", np.uint32),
    ],
)
def test_code_points_use_the_narrowest_type(text, dtype):
    codes = spans13a.code_points(text)
    assert codes.dtype == dtype
    assert codes.tolist() == [ord(c) for c in text]


def test_separator_avoids_characters_of_the_text():
    text, sentinel = tokenizers.join_segments(["a\x00b", "\x01"])
    assert sentinel == "\x02" and text == "a\x00b \x02 \x01"
    everything = "".join(tokenizers._SEPARATORS)
    with pytest.raises(ValueError, match="every separator character"):
        tokenizers.join_segments([everything, "x"])
    assert tokenizers.join_segments([]) == ("", "\x00")


# --- sums against sacreBLEU's statistics ---------------------------------------------------


def sacre_sums(hyps, streams, lowercase=False, max_order=4):
    stats = BLEU(lowercase=lowercase, max_ngram_order=max_order).corpus_score(hyps, streams)
    return [stats.sys_len, stats.ref_len, *stats.counts, *stats.totals]


@QUICK
@given(
    corpus=raw_corpus(variable_refs=True),
    lowercase=st.booleans(),
    max_order=st.integers(1, 6),
    chunk=st.integers(1, 4),
    threads=st.sampled_from([1, 2]),
)
def test_sums_equal_sacrebleu_for_any_chunking(corpus, lowercase, max_order, chunk, threads):
    hyps, streams = corpus
    options = BleuOptions(lowercase=lowercase, max_ngram_order=max_order)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chunked, "CHUNK_SEGMENTS", chunk)
        patch.setattr(chunked, "MIN_CHUNK", 1)
        patch.setattr(chunked, "THREADS", threads)
        sums, nrefs = corpus_sums(hyps, streams, options)
    assert sums.tolist() == sacre_sums(hyps, streams, lowercase, max_order)
    counts = {sum(s[i] is not None for s in streams) for i in range(len(hyps))}
    assert nrefs == (counts.pop() if len(counts) == 1 else "var")


def test_a_generated_corpus_in_many_chunks_equals_sacrebleu(monkeypatch):
    refs = generate_sentences(400, seed=7)
    hyps = simulate_system(refs, "substitute", 0.3, seed=8)
    refs2 = simulate_system(refs, "reorder", 0.2, seed=9)
    monkeypatch.setattr(chunked, "CHUNK_SEGMENTS", 37)
    monkeypatch.setattr(chunked, "MIN_CHUNK", 1)
    score = bleu.corpus_score(hyps, [refs, refs2])
    theirs = sacrebleu.corpus_bleu(hyps, [refs, refs2])
    assert abs(score.score - theirs.score) <= 1e-9


def test_shared_hashes_fall_back_to_string_ids(monkeypatch):
    """With 3-bit ids, different tokens of a segment share ids: each chunk is caught by the
    check and counted again with string tokens; the sums stay sacreBLEU's."""
    rnd = random.Random(3)
    words = [f"w{i}" for i in range(60)]
    refs = [" ".join(rnd.choices(words, k=15)) for _ in range(40)]
    hyps = [" ".join(rnd.choices(words, k=12)) for _ in range(40)]
    calls = []
    original = chunked._string_ids
    monkeypatch.setattr(chunked, "HASH_BITS", 3)
    monkeypatch.setattr(chunked, "CHUNK_SEGMENTS", 10)
    monkeypatch.setattr(chunked, "MIN_CHUNK", 1)
    monkeypatch.setattr(chunked, "_string_ids", lambda *a: calls.append(1) or original(*a))
    sums, _ = corpus_sums(hyps, [refs], BleuOptions())
    assert sums.tolist() == sacre_sums(hyps, [refs])
    assert len(calls) == 4  # every chunk fell back


def test_full_width_ids_do_not_fall_back(monkeypatch):
    refs = generate_sentences(300, seed=1)
    hyps = simulate_system(refs, "drop", 0.2, seed=2)
    calls = []
    monkeypatch.setattr(chunked, "_string_ids", lambda *a: calls.append(1))
    sums, nrefs = corpus_sums(hyps, [refs], BleuOptions())
    assert calls == [] and nrefs == 1
    assert sums.tolist() == sacre_sums(hyps, [refs])


def test_check_same_tokens_catches_different_characters():
    codes = spans13a.code_points(" ab ac ab a ")
    starts, ends = np.array([1, 4, 7, 10]), np.array([3, 6, 9, 11])
    heads = np.array([0])
    spans13a.check_same_tokens(codes, starts[[0, 2]], ends[[0, 2]], np.array([0, 0]), heads)
    with pytest.raises(spans13a.HashCollision):  # same length, one character differs
        spans13a.check_same_tokens(codes, starts[:2], ends[:2], np.array([0, 0]), heads)
    with pytest.raises(spans13a.HashCollision):  # different lengths
        spans13a.check_same_tokens(codes, starts[[0, 3]], ends[[0, 3]], np.array([0, 0]), heads)


def test_a_segment_without_references_is_named_across_chunks(monkeypatch):
    monkeypatch.setattr(chunked, "CHUNK_SEGMENTS", 2)
    monkeypatch.setattr(chunked, "MIN_CHUNK", 1)
    hyps = ["a", "b", "c", "d", "e"]
    streams = [["a", "b", "c", None, "e"], ["a", None, "c", None, "e"]]
    with pytest.raises(ValueError, match="segment 3 has no reference"):
        corpus_sums(hyps, streams, BleuOptions())


@pytest.mark.parametrize("tokenize", ["none", "intl", "char", "zh"])
def test_other_tokenizers_are_counted_with_string_tokens(monkeypatch, tokenize):
    hyps = ["The cat sat on the mat.", "猫坐在垫子上。", "It costs 3,5 m²."]
    refs = ["The cat is on the mat.", "猫在垫子上。", "It costs 3.5 m²!"]
    calls = []
    original = chunked._string_ids
    monkeypatch.setattr(chunked, "_string_ids", lambda *a: calls.append(1) or original(*a))
    sums, nrefs = corpus_sums(hyps, [refs], BleuOptions(tokenize=tokenize))
    assert calls and nrefs == 1
    theirs = BLEU(tokenize=tokenize).corpus_score(hyps, [refs])
    assert sums[2:6].tolist() == theirs.counts and sums[6:].tolist() == theirs.totals


def python_hash(token: str) -> int:
    """The hash of bleu.spans13a written out with Python integers: sum c_j P**j, mixed."""
    mask = 2**64 - 1
    h = sum(ord(c) * pow(int(spans13a._P), j, 2**64) for j, c in enumerate(token)) & mask
    for shift, factor in ((33, 0xFF51AFD7ED558CCD), (33, 0xC4CEB9FE1A85EC53), (33, None)):
        h ^= h >> shift
        if factor:
            h = (h * factor) & mask
    return h


def test_token_hashes_follow_their_definition():
    text = " the cat , the Straße „x“ \U0001f600 "
    codes = spans13a.code_points(text)
    starts, ends = spans13a.token_spans(codes, text)
    tokens = [text[s:e] for s, e in zip(starts, ends)]
    hashes = spans13a.token_hashes(codes, starts, ends).tolist()
    assert hashes == [python_hash(t) for t in tokens]
    assert hashes[0] == hashes[3] and len(set(hashes)) == len(set(tokens))


def test_a_small_corpus_is_one_chunk_without_threads(monkeypatch):
    monkeypatch.setattr(chunked, "THREADS", 2)
    monkeypatch.setattr(chunked, "ThreadPoolExecutor", None)  # would fail if used
    hyps = ["the cat sat on the mat ."] * 1023
    sums, _ = corpus_sums(hyps, [hyps], BleuOptions())
    assert sums.tolist() == sacre_sums(hyps, [hyps])
    assert chunked._bounds(1023) == [(0, 1023)] and len(chunked._bounds(1024)) == 2


def test_several_systems_share_the_references_tokens(monkeypatch):
    refs = generate_sentences(1200, seed=4)
    systems = [simulate_system(refs, kind, 0.2, seed=5) for kind in ("drop", "substitute")]
    calls = []
    original = chunked.hashed_tokens
    monkeypatch.setattr(chunked, "hashed_tokens", lambda *a: calls.append(1) or original(*a))
    monkeypatch.setattr(chunked, "THREADS", 2)
    sums, nrefs = chunked.systems_sums(systems, [refs], BleuOptions())
    assert [s.tolist() for s in sums] == [sacre_sums(hyps, [refs]) for hyps in systems]
    assert nrefs == 1
    assert len(calls) == 2 * (1 + len(systems))  # 2 chunks: references once, each system once


def test_size_ranges_keep_both_limits():
    """The one range cutter (chunks, batch blocks, token blocks): at most ``most`` items, at
    most ``limit`` in size, an item over the limit alone, every item once and in order."""
    from bleu.rows import size_ranges

    assert size_ranges(np.ones(10, dtype=np.int64), limit=100, most=3) == [
        (0, 3), (3, 6), (6, 9), (9, 10)
    ]
    assert size_ranges(np.array([4, 4, 4, 4]), limit=8, most=10) == [(0, 2), (2, 4)]
    assert size_ranges(np.array([1, 50, 1]), limit=8, most=10) == [(0, 1), (1, 2), (2, 3)]
    assert size_ranges(np.array([], dtype=np.int64), limit=8, most=10) == []
    rng = np.random.default_rng(0)
    for _ in range(200):
        sizes = rng.integers(0, 20, size=rng.integers(1, 40))
        limit, most = int(rng.integers(1, 40)), int(rng.integers(1, 6))
        ranges = size_ranges(sizes, limit=limit, most=most)
        assert [a for a, _ in ranges] == [0] + [b for _, b in ranges[:-1]]
        assert ranges[-1][1] == len(sizes)
        for a, b in ranges:
            assert b - a <= most
            assert b - a == 1 or sizes[a:b].sum() <= limit
