"""Where ``bleu.corpus_score`` spends its time (13a), step by step, in CPU milliseconds.

    python benchmarks/profile_corpus_score.py            # the generated corpus of run.py
    python benchmarks/profile_corpus_score.py --wmt      # WMT17 en-de (development machine)

The corpus is cut into the chunks :mod:`bleu.chunked` uses, and each step of each chunk is
timed on its own, in this thread, with ``time.process_time`` (medians of ``--rounds``
runs, summed over the chunks): what the two threads of ``corpus_score`` share between
them. The last lines time the whole call, threads included, in wall and CPU time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from run import WMT17, make_corpus  # noqa: E402

import bleu  # noqa: E402
from bleu import chunked, spans13a, tokenizers  # noqa: E402
from bleu.rows import SACREBLEU, closest_lengths, rows_from_counts, segment_slots  # noqa: E402
from bleu.spans13a import check_same_tokens  # noqa: E402
from bleu.vectorized import clipped_matches, unigram_ranks  # noqa: E402


def cpu_ms(func, rounds: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(rounds):
        start = time.process_time()
        result = func()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000, result


def side_steps(texts: list[str], rounds: int, steps: dict[str, float]) -> None:
    """Time the tokenization of one side of one chunk, step by step."""
    lines = [t.rstrip() for t in texts]
    ms, (joined, separator) = cpu_ms(lambda: tokenizers.join_segments(lines), rounds)
    steps["join the segments"] += ms
    ms, text = cpu_ms(lambda: f" {tokenizers.prepare_13a(joined)} {separator} ", rounds)
    steps["13a clean-up (markup, entities)"] += ms
    ms, codes = cpu_ms(lambda: spans13a.code_points(text), rounds)
    steps["code points (str.encode, numpy view)"] += ms
    ms, (starts, ends) = cpu_ms(lambda: spans13a.token_spans(codes, text), rounds)
    steps["13a rules: token spans"] += ms
    ms, _ = cpu_ms(lambda: spans13a.token_hashes(codes, starts, ends), rounds)
    steps["token hashes"] += ms


def chunk_steps(hyps: list[str], refs: list[str], rounds: int, steps: dict[str, float]) -> None:
    """Time every step of one chunk (one reference per segment) into ``steps``."""
    side_steps(hyps, rounds, steps)
    side_steps(refs, rounds, steps)
    n = len(hyps)
    hyp, ref = chunked.hashed_tokens(hyps, False), chunked.hashed_tokens(refs, False)
    ids, lengths = np.concatenate([hyp.ids, ref.ids]), np.concatenate([hyp.lengths, ref.lengths])
    codes = np.concatenate([hyp.codes, ref.codes])
    starts = np.concatenate([hyp.starts, ref.starts + len(hyp.codes)])
    ends = np.concatenate([hyp.ends, ref.ends + len(hyp.codes)])
    segment, slot = segment_slots(np.ones(n, dtype=np.int64))

    def checked() -> np.ndarray:
        unigrams = unigram_ranks(ids, lengths, segment)
        check_same_tokens(codes, starts, ends, *unigrams)
        return clipped_matches(ids, lengths, segment, slot, n, 4, unigrams)

    with_check, _ = cpu_ms(checked, rounds)
    without, _ = cpu_ms(lambda: clipped_matches(ids, lengths, segment, slot, n, 4), rounds)
    matches = clipped_matches(ids, lengths, segment, slot, n, 4)
    steps["clipping (4 orders), without the check"] += without
    steps["check: hash-equal tokens compared"] += with_check - without
    hyp_len = lengths[:n]
    ms, _ = cpu_ms(
        lambda: rows_from_counts(
            hyp_len, closest_lengths(hyp_len, lengths[n:], segment[n:]), matches, 4, SACREBLEU
        ).sum(axis=0),
        rounds,
    )
    steps["closest lengths, rows, sums"] += ms


def profile(hyps: list[str], refs: list[str], rounds: int) -> None:
    steps = dict.fromkeys(
        [
            "join the segments",
            "13a clean-up (markup, entities)",
            "code points (str.encode, numpy view)",
            "13a rules: token spans",
            "token hashes",
            "check: hash-equal tokens compared",
            "clipping (4 orders), without the check",
            "closest lengths, rows, sums",
        ],
        0.0,
    )
    bounds = chunked._bounds(len(hyps))
    for a, b in bounds:
        chunk_steps(hyps[a:b], refs[a:b], rounds, steps)
    print(f"{len(hyps)} segments in {len(bounds)} chunks; CPU ms, medians of {rounds} runs")
    print()
    print("| step | CPU (ms) |")
    print("|---|---:|")
    for name, ms in steps.items():
        print(f"| {name} | {ms:.1f} |")
    print(f"| **sum of the steps** | **{sum(steps.values()):.1f}** |")
    wall, cpu = [], []
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        bleu.corpus_score(hyps, [refs])
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    print()
    print(
        f"bleu.corpus_score, {chunked.THREADS} threads: wall {statistics.median(wall) * 1e3:.1f}"
        f" ms, CPU {statistics.median(cpu) * 1e3:.1f} ms (medians of {rounds})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wmt", action="store_true", help="WMT17 en-de (if present)")
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args(argv)
    if args.wmt:
        import bz2
        import pickle

        with bz2.open(WMT17) as handle:
            data = pickle.load(handle)  # the development machine's own file
        refs = data[-1][1]
        refs = refs[0] if isinstance(refs[0], list) else refs
        hyps = data[0][1]
    else:
        refs, _, hyps = make_corpus(3000)
    profile(hyps, refs, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
