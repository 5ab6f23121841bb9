"""Memory bounded by the work, not by the shape of the text (issue 21, item 3).

Runaway hypotheses (10 words, then one word repeated), tokens of many kilobytes, runs of
periods and commas, lines of 10 kB read by the command line: the chunks of ``bleu.chunked``,
the blocks of the ``none`` path and the chunks the CLI reads are sized by characters (and
bytes) as well as by segments, before any array is built. What is checked here is what can
be counted: the planned chunks against their limits, the characters handed to the
tokenizers, the ``tracemalloc`` peak of a whole call against the size of its input, and
every score against sacreBLEU's. No clock: the times are in benchmarks/memory_shapes.py.
"""

from __future__ import annotations

import itertools
import random
import tracemalloc
from itertools import pairwise

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st
from test_chunked import sacre_sums, sacre_tokens, tokens_of

from bleu import chunked, cli, cli_io, spans13a, vectorized
from bleu.options import BleuOptions
from bleu.tokenizers import get_tokenizer


def corpus_sums(hyps, streams, options):
    """One system's column sums and nrefs, as bleu.chunked.corpus_score computes them."""
    (sums,), nrefs = chunked.systems_sums([hyps], streams, options)
    return sums, nrefs

WORDS = [f"w{i}" for i in range(300)]


def runaway(n: int, repeat: int = 2000, seed: int = 0) -> tuple[list[str], list[str]]:
    """Hypotheses of 10 random words then one word ``repeat`` times; 12-word references."""
    rnd = random.Random(seed)
    hyps, refs = [], []
    for _ in range(n):
        head, loop = rnd.choices(WORDS, k=10), rnd.choice(WORDS)
        hyps.append(" ".join(head + [loop] * repeat))
        refs.append(" ".join([w if rnd.random() > 0.3 else rnd.choice(WORDS) for w in head]))
        refs[-1] += f" {loop} {loop}."
    return hyps, refs


def traced_peak(call) -> tuple[object, int]:
    """``call()`` and the peak of the memory it allocated (bytes, tracemalloc)."""
    tracemalloc.start()
    try:
        result = call()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --- runs of periods and commas (bleu.spans13a) -------------------------------------------


@pytest.mark.parametrize("left", ["a", "1", " ", "$", "-"])
@pytest.mark.parametrize("right", ["b", "2", " ", "%", "-"])
def test_every_run_of_periods_and_commas_equals_sacrebleu(left, right):
    rnd = random.Random(ord(left) * 256 + ord(right))
    texts = [f"x{left}{''.join(rnd.choices('.,', k=n))}{right}y" for n in range(1, 41)]
    texts += [f"{left}{'.' * n}{right}" for n in range(1, 41)]
    assert tokens_of(texts) == sacre_tokens(texts)


def test_long_runs_between_digits_equal_sacrebleu():
    texts = ["3" + "." * n + "4 5" + ",." * n + "6" for n in (99, 100, 1001, 1002)]
    texts.append(" ".join("1" + "." * n + "a" for n in range(2, 300)))
    assert tokens_of(texts) == sacre_tokens(texts)


def test_the_hash_check_compares_a_bounded_block_at_a_time(monkeypatch):
    """Runaway text repeats nearly every token: the check gathers a block of characters at
    a time (8 bytes of index each), and still finds the one token that differs."""
    blocks = []
    original = spans13a._compare
    monkeypatch.setattr(spans13a, "CHECK_CHARS", 50)
    monkeypatch.setattr(
        spans13a,
        "_compare",
        lambda c, a, b, size: blocks.append(size.sum()) or original(c, a, b, size),
    )
    for last, fails in (("abc", False), ("abd", True)):
        text = " " + "abc " * 200 + last + " "
        codes = spans13a.code_points(text)
        starts, ends = spans13a.token_spans(codes)
        groups, heads = np.zeros(len(starts), dtype=np.int64), np.array([0])
        blocks.clear()
        if fails:
            with pytest.raises(spans13a.HashCollision):
                spans13a.check_same_tokens(codes, starts, ends, groups, heads)
        else:
            spans13a.check_same_tokens(codes, starts, ends, groups, heads)
        assert len(blocks) >= 200 * 3 // 50 and max(blocks) <= 50


@pytest.mark.parametrize("tokenize", ["13a", "zh"])
def test_string_tokenizers_cut_long_runs_as_sacrebleu(tokenize):
    """The string path (sentence scores, per-segment rows, the zh tokenizer) cuts runs in
    closed form too: every context, runs of any length, at the edges of the text."""
    tok = get_tokenizer(tokenize)
    theirs = sacrebleu.BLEU(tokenize=tokenize).tokenizer
    rnd = random.Random(11)
    for left, right in itertools.product(["", "7", "q", " ", "$", "中"], repeat=2):
        for n in [*range(1, 25), 99, 100, 1001]:
            text = f"{left}{''.join(rnd.choices('.,', k=n))}{right}"
            for variant in (text, f"{text}x"):
                assert tok(variant) == theirs(variant), variant
            assert tok(f"a{text}4 5{text}") == theirs(f"a{text}4 5{text}")


# --- the chunk planner (bleu.chunked) ---------------------------------------------------------


def check_plan(bounds: list[tuple[int, int]], sizes: np.ndarray, segments: int) -> None:
    """Consecutive chunks covering every segment, each within both limits (a segment longer
    than the character limit alone in its chunk)."""
    assert bounds[0][0] == 0 and bounds[-1][1] == len(sizes)
    for (_, stop), (start, _) in pairwise(bounds):
        assert stop == start
    for start, stop in bounds:
        assert 0 < stop - start <= segments
        assert stop - start == 1 or sizes[start:stop].sum() <= chunked.CHUNK_CHARS


@settings(max_examples=300, deadline=None)
@given(
    sizes=st.lists(
        st.one_of(st.integers(1, 30), st.integers(30, 300), st.integers(300, 5000)),
        min_size=1,
        max_size=400,
    ),
    limit=st.integers(50, 3000),
    segments=st.integers(1, 50),
    threads=st.sampled_from([1, 2]),
)
def test_planned_chunks_stay_within_the_limits(sizes, limit, segments, threads):
    sizes = np.array(sizes, dtype=np.int64)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chunked, "CHUNK_CHARS", limit)
        patch.setattr(chunked, "CHUNK_SEGMENTS", segments)
        patch.setattr(chunked, "MIN_CHUNK", 1)
        patch.setattr(chunked, "THREADS", threads)
        check_plan(chunked._bounds(len(sizes), sizes), sizes, segments)


def test_segment_sizes_count_the_longest_hypothesis_and_every_reference():
    systems = [["ab", "", "abcdef"], ["abcd", "a", ""]]
    streams = [["abc", "x", None], [None, "xy", "z"]]
    sizes = chunked.segment_sizes(systems, streams)
    assert sizes.tolist() == [4 + 3 + 9, 1 + 3 + 9, 6 + 1 + 9]


def test_runaway_chunks_hand_the_tokenizer_at_most_the_limit(monkeypatch):
    hyps, refs = runaway(40, repeat=300)
    seen = []
    original = chunked.hashed_tokens

    def counting(texts, lowercase):
        seen.append((len(texts), sum(map(len, texts)) + 3 * len(texts)))
        return original(texts, lowercase)

    monkeypatch.setattr(chunked, "CHUNK_CHARS", 5000)
    monkeypatch.setattr(chunked, "hashed_tokens", counting)
    sums, _ = corpus_sums(hyps, [refs], BleuOptions())
    assert sums.tolist() == sacre_sums(hyps, [refs])
    assert len(seen) >= 2 * 40 * 1500 // 5000  # references and hypotheses of every chunk
    assert all(chars <= 5000 for _, chars in seen)


def test_a_segment_too_long_for_hashed_keys_never_builds_arrays(monkeypatch):
    hyps, refs = runaway(6, repeat=100)
    hyps[3] = " ".join(["x"] * 3000)  # 5999 characters: over the (lowered) token limit
    monkeypatch.setattr(chunked, "CHUNK_CHARS", 2000)
    monkeypatch.setattr(chunked, "CHUNK_TOKENS", 4000)
    sizes = []
    original = chunked.hashed_tokens
    monkeypatch.setattr(
        chunked, "hashed_tokens", lambda t, lc: sizes.append(sum(map(len, t))) or original(t, lc)
    )
    sums, _ = corpus_sums(hyps, [refs], BleuOptions())
    assert sums.tolist() == sacre_sums(hyps, [refs])
    assert sizes and max(sizes) < 4000  # the long segment went to the string path


# --- memory of whole calls (tracemalloc) ----------------------------------------------------


@pytest.mark.parametrize(
    ("tokenize", "repeat", "limit"), [("13a", 2000, 2**13), ("none", 1000, 2**12)]
)
def test_runaway_corpus_peak_is_bounded_by_the_limit_not_the_input(
    monkeypatch, tokenize, repeat, limit
):
    """With chunks (13a) or blocks (none) of a few thousand characters, runaway segments are
    scored in less memory than their text takes (bytes of ASCII): about 44 bytes per
    character of a chunk on two threads (13a), a few per character of a block (none). The
    unbounded versions held the whole corpus as arrays (13a, about 40 bytes per character)
    or as string tokens (none, about 25)."""
    hyps, refs = runaway(300 if tokenize == "13a" else 100, repeat=repeat)
    monkeypatch.setattr(chunked, "CHUNK_CHARS", limit)
    monkeypatch.setattr(chunked, "THREADS", 2)
    monkeypatch.setattr(vectorized, "BLOCK_TOKENS", limit)
    text_bytes = sum(map(len, hyps)) + sum(map(len, refs))
    score, peak = traced_peak(lambda: chunked.corpus_score(hyps, [refs], tokenize=tokenize))
    assert peak < text_bytes, (peak, text_bytes)
    assert score.score == pytest.approx(
        sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenize).score, abs=1e-9
    )


def test_none_blocks_hand_the_tokenizer_at_most_the_limit(monkeypatch):
    hyps, refs = runaway(30, repeat=300)
    hyps[4] = "x " * 3000  # one hypothesis longer than a block: a block of its own
    seen = []
    original = vectorized.encode_segments

    def counting(segments, options, vocab):
        ids, lengths = original(segments, options, vocab)
        seen.append((len(segments), len(ids)))
        return ids, lengths

    monkeypatch.setattr(chunked, "CHUNK_CHARS", 2000)
    monkeypatch.setattr(chunked, "encode_segments", counting)
    score = chunked.corpus_score(hyps, [refs], tokenize="none")
    assert score.score == pytest.approx(
        sacrebleu.corpus_bleu(hyps, [refs], tokenize="none").score, abs=1e-9
    )
    assert len(seen) > 30 * 300 // 2000
    assert all(tokens <= 2000 or segments == 1 for segments, tokens in seen), seen


def test_long_tokens_peak_is_bounded_by_the_limit_not_the_input(monkeypatch):
    """40 segments of two 20 kB tokens with chunks of 2**15 characters."""
    rnd = np.random.default_rng(5)
    letters = np.frombuffer(b"abcdefghij", dtype=np.uint8)

    def token():
        return rnd.choice(letters, size=20_000).tobytes().decode()

    hyps = [f"{token()} {token()}" for _ in range(40)]
    refs = [f"{h.split()[0] if i % 2 else token()} {token()}" for i, h in enumerate(hyps)]
    monkeypatch.setattr(chunked, "CHUNK_CHARS", 2**15)
    text_bytes = sum(map(len, hyps)) + sum(map(len, refs))
    sums, peak = traced_peak(lambda: corpus_sums(hyps, [refs], BleuOptions())[0])
    assert sums.tolist() == sacre_sums(hyps, [refs])
    assert peak < text_bytes / 2, (peak, text_bytes)


# --- the command line reads chunks bounded in bytes (bleu.cli_io) ----------------------------


@pytest.fixture
def runaway_files(tmp_path):
    hyps, refs = runaway(60, repeat=200, seed=3)
    hyps[7] = "short"
    hyps[8] = ""
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    return str(tmp_path / "ref.txt"), str(tmp_path / "hyp.txt"), hyps, refs


def test_the_command_line_reads_chunks_within_the_byte_limit(monkeypatch, capsys, runaway_files):
    ref, hyp, hyps, refs = runaway_files
    chunks = []
    original = cli_io.LineSource.read_chunk

    def recording(self, n_lines=cli_io.CHUNK_LINES):
        lines = original(self, n_lines)
        if self.path == hyp:
            chunks.append(sum(len(line.encode()) + 1 for line in lines))
        return lines

    monkeypatch.setattr(cli_io, "CHUNK_BYTES", 5000)
    monkeypatch.setattr(cli_io, "CHUNK_LINES", 50)
    monkeypatch.setattr(cli_io.LineSource, "read_chunk", recording)
    assert cli.main([ref, "-i", hyp, "-b"]) == 0
    out = capsys.readouterr().out
    assert float(out.split()[0]) == round(sacrebleu.corpus_bleu(hyps, [refs]).score, 1)
    assert len(chunks) >= sum(chunks) / 5000 and max(chunks) <= 5000  # each line is shorter


def test_lines_within_counts_bytes_and_ends(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_bytes(b"aaaa\nbb\ncccccc\nd\n")
    with cli_io.LineSource(str(path)) as source:
        assert source.lines_within(n_bytes=8, n_lines=10) == 2  # "aaaa\n" + "bb\n" = 8 bytes
        assert source.lines_within(n_bytes=3, n_lines=10) == 1  # one line at least
        assert source.lines_within(n_bytes=100, n_lines=3) == 3
        assert source.lines_within(n_bytes=100, n_lines=10) == 10  # the end comes first
        assert source.read_chunk(2) == ["aaaa", "bb"]
        assert source.lines_within(n_bytes=7, n_lines=10) == 1  # "cccccc\n" = 7, "d\n"
        assert source.read_chunk(5) == ["cccccc", "d"] and source.read_chunk(5) == []
