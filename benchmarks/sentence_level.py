"""Sentence-level BLEU: per call, in batches and pairwise (MBR), against NLTK and sacreBLEU.

    python benchmarks/sentence_level.py              # about a minute on a 2-core machine
    python benchmarks/sentence_level.py --quick      # fewer pairs and rounds: a smoke run

Prints the ratios of issue 21's items 1 and 2 in one run:

1. per call, on 3000 generated segment pairs of one or two sentences (one reference):
   ``bleu.sentence_bleu`` against NLTK's ``sentence_bleu`` without smoothing and with
   methods 1-7 (method 6 on the pairs where NLTK's own method 6 does not fail: it needs a
   non-zero trigram precision), and ``bleu.sentence_score`` against
   ``sacrebleu.sentence_bleu`` (its sentence defaults); target 2x each;
2. batches: ``bleu.sentence_scores`` on 100 000 pairs against a loop of
   ``sacrebleu.sentence_bleu`` (target 20x) and ``bleu.sentence_bleu_scores`` against a
   loop of NLTK's ``sentence_bleu`` (20 000 pairs, method 1); pairwise scores of 100
   candidates of 30 tokens (minimum-Bayes-risk decoding) against sacreBLEU's 10 000 calls
   (target: well under a second).

Every contender runs once per round, the rounds interleave them (a busy neighbour slows
them all alike) and the table reports medians. Before timing, every value is checked
against the peer's (relative 1e-12 to NLTK, 1e-9 to sacreBLEU). bleu's 13a tokenizer
caches segments; its cache is cleared before each of bleu's timed runs (sacreBLEU's cache
belongs to a tokenizer object that ``sentence_bleu`` makes anew on every call).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bleu  # noqa: E402
from bleu.simulate import generate_sentences, simulate_system  # noqa: E402
from bleu.tokenizers import _tok_13a  # noqa: E402

SEED = 2024
METHODS = (None, 1, 2, 3, 4, 5, 6, 7)
TARGETS = {"per call": 2.0, "batch": 20.0, "mbr_seconds": 1.0}


def pairs(n: int, seed: int = SEED) -> tuple[list[str], list[str]]:
    """``n`` references of one or two generated sentences (as benchmarks/run.py makes
    them) and a corrupted hypothesis of each (words dropped, changed, moved)."""
    sentences = generate_sentences(2 * n, seed=seed)
    joined = np.random.default_rng(seed).random(n) < 0.5
    refs = [f"{a} {b}" if j else a for a, b, j in zip(sentences[::2], sentences[1::2], joined)]
    hyps = simulate_system(refs, "drop", 0.1, seed=seed + 1)
    hyps = simulate_system(hyps, "substitute", 0.2, seed=seed + 2)
    return refs, simulate_system(hyps, "reorder", 0.1, seed=seed + 3)


def interleaved(contenders: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Median wall time of each contender over ``rounds`` rounds, one call each per round."""
    times: dict[str, list[float]] = {name: [] for name in contenders}
    names = list(contenders)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            gc.collect()
            _tok_13a.cache_clear()
            start = time.perf_counter()
            contenders[name]()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def close(ours: np.ndarray, theirs: np.ndarray, rel: float, what: str) -> None:
    ours, theirs = np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)
    bad = np.abs(ours - theirs) > rel * np.maximum(np.abs(theirs), 1e-300)
    assert not bad.any(), f"{what}: {int(bad.sum())} values differ, first at {np.argmax(bad)}"


def verdict(ratio: float, target: float) -> str:
    return f"target >= {target:g}x: {'met' if ratio >= target else 'NOT met'}"


def per_call(n: int, rounds: int) -> tuple[list[str], dict[str, float]]:
    """Item 1: one call per sentence pair."""
    import sacrebleu
    from nltk.translate.bleu_score import SmoothingFunction as NltkSmoothing
    from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

    refs, hyps = pairs(n)
    ref_tokens = [[r.split()] for r in refs]
    hyp_tokens = [h.split() for h in hyps]
    lengths = [len(h) for h in hyp_tokens]
    lines = [
        f"### Per call: {n} sentence pairs, {min(lengths)}-{max(lengths)} tokens "
        f"(mean {np.mean(lengths):.1f}), one reference",
        "",
        "| call | bleu (µs) | peer (µs) | ratio | |",
        "|---|---:|---:|---:|---|",
    ]
    ratios = {}
    contenders: dict[str, Callable[[], object]] = {}
    for method in METHODS:
        theirs_fn = getattr(NltkSmoothing(), f"method{method}") if method else None
        ours_fn = getattr(bleu.SmoothingFunction(), f"method{method}") if method else None
        data = list(zip(ref_tokens, hyp_tokens))
        if method == 6:  # NLTK's method 6 fails on a zero trigram precision
            data = [(r, h) for r, h in data if bleu.modified_precision(r, h, 3) > 0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = [nltk_sentence_bleu(r, h, smoothing_function=theirs_fn) for r, h in data]
        ours = [bleu.sentence_bleu(r, h, smoothing_function=ours_fn) for r, h in data]
        # NLTK's stand-in for a zero precision gives ~1e-77 or less where bleu gives 0.0
        theirs = [0.0 if t < 1e-15 and o == 0.0 else t for t, o in zip(theirs, ours)]
        close(np.array(ours), np.array(theirs), 1e-12, f"sentence_bleu method{method}")
        label = "no smoothing" if method is None else f"method{method}"

        def run_nltk(data=data, fn=theirs_fn) -> None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for r, h in data:
                    nltk_sentence_bleu(r, h, smoothing_function=fn)

        def run_ours(data=data, fn=ours_fn) -> None:
            for r, h in data:
                bleu.sentence_bleu(r, h, smoothing_function=fn)

        contenders[f"nltk {label}"] = run_nltk
        contenders[f"bleu {label}"] = run_ours
    theirs = [sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(hyps, refs)]
    ours = [bleu.sentence_score(h, [r]).score for h, r in zip(hyps, refs)]
    close(np.array(ours), np.array(theirs), 1e-9, "sentence_score")
    contenders["sacre sentence_bleu"] = lambda: [
        sacrebleu.sentence_bleu(h, [r]) for h, r in zip(hyps, refs)
    ]
    contenders["bleu sentence_score"] = lambda: [
        bleu.sentence_score(h, [r]) for h, r in zip(hyps, refs)
    ]
    medians = interleaved(contenders, rounds)
    for method in METHODS:
        label = "no smoothing" if method is None else f"method{method}"
        count = n if method != 6 else None
        ours_s, theirs_s = medians[f"bleu {label}"], medians[f"nltk {label}"]
        if count is None:  # method 6 ran on fewer pairs
            count = sum(
                1 for r, h in zip(ref_tokens, hyp_tokens) if bleu.modified_precision(r, h, 3) > 0
            )
        ratio = theirs_s / ours_s
        ratios[f"sentence_bleu {label}"] = ratio
        lines.append(
            f"| sentence_bleu, {label} ({count} pairs) | {ours_s / count * 1e6:.1f} | "
            f"NLTK {theirs_s / count * 1e6:.1f} | {ratio:.2f}x | {verdict(ratio, 2)} |"
        )
    ours_s, theirs_s = medians["bleu sentence_score"], medians["sacre sentence_bleu"]
    ratio = theirs_s / ours_s
    ratios["sentence_score"] = ratio
    lines.append(
        f"| sentence_score, sacreBLEU's sentence defaults | {ours_s / n * 1e6:.1f} | "
        f"sacreBLEU {theirs_s / n * 1e6:.1f} | {ratio:.2f}x | {verdict(ratio, 2)} |"
    )
    return lines, ratios


def batches(n: int, n_nltk: int, rounds: int) -> tuple[list[str], dict[str, float]]:
    """Item 2: one call for many pairs, and the pairwise matrix of MBR decoding."""
    import sacrebleu
    from nltk.translate.bleu_score import SmoothingFunction as NltkSmoothing
    from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

    refs, hyps = pairs(n, seed=SEED + 10)
    lines = ["### Batches and pairwise scores", ""]
    ratios = {}
    theirs = np.array([sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(hyps, refs)])
    close(bleu.sentence_scores(hyps, [refs]), theirs, 1e-9, "sentence_scores")
    medians = interleaved(
        {
            "sacre loop": lambda: [sacrebleu.sentence_bleu(h, [r]) for h, r in zip(hyps, refs)],
            "bleu batch": lambda: bleu.sentence_scores(hyps, [refs]),
        },
        rounds,
    )
    ratio = ratios["sentence_scores"] = medians["sacre loop"] / medians["bleu batch"]
    lines += [
        "| call | bleu (s) | peer (s) | ratio | |",
        "|---|---:|---:|---:|---|",
        f"| sentence_scores, {n} pairs | {medians['bleu batch']:.3f} | sacreBLEU loop "
        f"{medians['sacre loop']:.3f} | {ratio:.1f}x | {verdict(ratio, TARGETS['batch'])} |",
    ]
    ref_tokens = [[r.split()] for r in refs[:n_nltk]]
    hyp_tokens = [h.split() for h in hyps[:n_nltk]]
    theirs_fn, ours_fn = NltkSmoothing().method1, bleu.SmoothingFunction().method1
    theirs = np.array(
        [
            nltk_sentence_bleu(r, h, smoothing_function=theirs_fn)
            for r, h in zip(ref_tokens, hyp_tokens)
        ]
    )
    ours = bleu.sentence_bleu_scores(ref_tokens, hyp_tokens, smoothing_function=ours_fn)
    close(ours, theirs, 1e-12, "sentence_bleu_scores")
    medians = interleaved(
        {
            "nltk loop": lambda: [
                nltk_sentence_bleu(r, h, smoothing_function=theirs_fn)
                for r, h in zip(ref_tokens, hyp_tokens)
            ],
            "bleu batch": lambda: bleu.sentence_bleu_scores(
                ref_tokens, hyp_tokens, smoothing_function=ours_fn
            ),
            "bleu batch, no smoothing": lambda: bleu.sentence_bleu_scores(ref_tokens, hyp_tokens),
        },
        rounds,
    )
    ratio = ratios["sentence_bleu_scores"] = medians["nltk loop"] / medians["bleu batch"]
    plain = medians["nltk loop"] / medians["bleu batch, no smoothing"]
    lines += [
        f"| sentence_bleu_scores, {n_nltk} pairs, method1 | {medians['bleu batch']:.3f} | "
        f"NLTK loop {medians['nltk loop']:.3f} | {ratio:.1f}x | (no target) |",
        f"| sentence_bleu_scores, {n_nltk} pairs, no smoothing | "
        f"{medians['bleu batch, no smoothing']:.3f} | NLTK loop, method1 | {plain:.1f}x | |",
    ]
    words = " ".join(generate_sentences(4, seed=SEED + 20)).split()[:30]
    candidates = simulate_system([" ".join(words)] * 100, "substitute", 0.3, seed=SEED + 21)
    theirs = np.array(
        [[sacrebleu.sentence_bleu(a, [b]).score for b in candidates] for a in candidates]
    )
    close(bleu.pairwise_scores(candidates), theirs, 1e-9, "pairwise_scores")
    medians = interleaved(
        {
            "sacre pairs": lambda: [
                [sacrebleu.sentence_bleu(a, [b]) for b in candidates] for a in candidates
            ],
            "bleu pairwise": lambda: bleu.pairwise_scores(candidates),
        },
        rounds,
    )
    ratio = ratios["pairwise_scores"] = medians["sacre pairs"] / medians["bleu pairwise"]
    ratios["mbr_seconds"] = medians["bleu pairwise"]
    ok = "met" if medians["bleu pairwise"] < TARGETS["mbr_seconds"] else "NOT met"
    lines.append(
        f"| pairwise_scores, 100 candidates of 30 tokens (MBR) | {medians['bleu pairwise']:.4f} "
        f"| sacreBLEU, 10 000 calls {medians['sacre pairs']:.3f} | {ratio:.0f}x | "
        f"target < 1 s: {ok} |"
    )
    return lines, ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--quick", action="store_true", help="fewer pairs and rounds")
    args = parser.parse_args(argv)
    rounds = 2 if args.quick else args.rounds
    n_call, n_batch, n_nltk = (500, 5000, 2000) if args.quick else (3000, 100_000, 20_000)
    print(f"## Sentence-level BLEU: per call, batch and pairwise (seed {SEED})")
    print()
    print(
        f"Python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} CPUs; "
        f"{rounds} interleaved rounds, medians; load average at start "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print()
    lines, ratios = per_call(n_call, rounds)
    print("\n".join(lines))
    print()
    lines, more = batches(n_batch, n_nltk, max(3, rounds - 2))
    ratios.update(more)
    print("\n".join(lines))
    print()
    print("### Summary")
    print()
    for name, ratio in ratios.items():
        if name == "mbr_seconds":
            print(f"- pairwise_scores, 100 x 100: {ratio:.3f} s")
        else:
            print(f"- {name}: {ratio:.2f}x")
    print(f"- load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
