"""Time bleu against sacreBLEU, NLTK and (if installed) bleuscore, in one run, as ratios.

    python benchmarks/run.py            # about a minute on a 2-core machine
    python benchmarks/run.py --rounds 3 --segments 3000

The corpus is generated with a fixed seed (no download): references are 3000 segments of
one or two sentences from :func:`bleu.simulate.generate_sentences`, and two systems are
seeded corruptions of them (words dropped, substituted and swapped). Every contender runs
once per round, the rounds interleave the contenders (so a busy neighbour on the machine
slows them all alike), and the table reports medians and ratios. Before timing, each
result is checked against its peer (BLEU to 1e-9 or 1e-12, p-values to one resample).

Peak memory of each of our operations is measured in a fresh subprocess (the largest
resident set size, ``ru_maxrss``, and the ``tracemalloc`` peak of the operation itself).
When the WMT17 en-de data of the development machine exists (``../shared/ref-data``),
the raw-text comparison is repeated on it; it is never needed.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _memory import high_water_mib  # noqa: E402

import bleu  # noqa: E402
from bleu import nltk_rules, significance  # noqa: E402
from bleu import sacrebleu_rules as step_by_step  # noqa: E402
from bleu import vectorized as fast  # noqa: E402
from bleu.simulate import generate_sentences, simulate_system  # noqa: E402
from bleu.tokenizers import _tok_13a, get_tokenizer  # noqa: E402

tokenize_13a = get_tokenizer("13a")

WMT17 = ROOT.parent / "shared" / "ref-data" / "wmt17" / "wmt17_en_de_systems.pkl.bz2"
SEED = 2024
TARGETS = {"raw": 3.0, "bleuscore": 1.5, "tokens": 5.0, "paired-bs": 5.0, "memory_mb": 200.0}
BLEUSCORE = "bleuscore.compute (Rust)"
# The fast path's names, and whether the package exports it under the public names.
FAST_SCORE = (
    "bleu.corpus_score (chunked)" if bleu.corpus_score is bleu.chunked.corpus_score
    else "bleu.corpus_score"
)  # fmt: skip
FAST_BLEU = (
    "bleu.corpus_bleu (vectorized)" if bleu.corpus_bleu is fast.corpus_bleu
    else "bleu.vectorized.corpus_bleu"
)  # fmt: skip


# --- the corpus ----------------------------------------------------------------------


def make_corpus(n_segments: int, seed: int = SEED) -> tuple[list[str], list[str], list[str]]:
    """References (one or two sentences per segment) and two corrupted systems."""
    sentences = generate_sentences(2 * n_segments, seed=seed)
    pair = np.random.default_rng(seed).random(n_segments) < 0.5
    refs = [
        f"{a} {b}" if joined else a for a, b, joined in zip(sentences[::2], sentences[1::2], pair)
    ]

    def system(drop: float, substitute: float, reorder: float, seed: int) -> list[str]:
        out = simulate_system(refs, "drop", drop, seed=seed)
        out = simulate_system(out, "substitute", substitute, seed=seed + 1)
        return simulate_system(out, "reorder", reorder, seed=seed + 2)

    return refs, system(0.10, 0.20, 0.10, seed=1), system(0.08, 0.18, 0.10, seed=11)


# --- timing --------------------------------------------------------------------------


def interleaved(contenders: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Median wall time of each contender over ``rounds`` rounds, one call each per round."""
    times: dict[str, list[float]] = {name: [] for name in contenders}
    names = list(contenders)
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]  # rotate who goes first
        for name in order:
            gc.collect()
            start = time.perf_counter()
            contenders[name]()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def cold(func: Callable[[], object]) -> Callable[[], object]:
    """Clear bleu.tokenizers' cache first: tokenization is part of what is timed."""

    def run() -> object:
        _tok_13a.cache_clear()
        return func()

    return run


def table(title: str, medians: dict[str, float], peer: str, notes: dict[str, str]) -> str:
    lines = [
        f"### {title}",
        "",
        f"| contender | median (s) | speed-up vs {peer} | note |",
        "|---|---:|---:|---|",
    ]
    for name, seconds in medians.items():
        ratio = medians[peer] / seconds
        lines.append(f"| {name} | {seconds:.4f} | {ratio:.1f}x | {notes.get(name, '')} |")
    return "\n".join(lines)


def verdict(ratio: float, target: float) -> str:
    return f"target >= {target:g}x: {'met' if ratio >= target else 'NOT met'}"


# --- the comparisons -----------------------------------------------------------------


def raw_text(
    refs: list[str], hyps: list[str], rounds: int, label: str
) -> tuple[str, float, float | None]:
    """Corpus BLEU on raw text, 13a tokenization included.

    Returns the table and the fast path's speed-up against sacreBLEU and against bleuscore
    (``None`` when bleuscore is not installed): the other one's median over ours.
    """
    import sacrebleu

    theirs = sacrebleu.corpus_bleu(hyps, [refs])
    ours = bleu.chunked.corpus_score(hyps, [refs])
    assert abs(ours.score - theirs.score) <= 1e-9, (ours.score, theirs.score)
    assert abs(step_by_step.corpus_score(hyps, [refs]).score - theirs.score) <= 1e-9
    contenders: dict[str, Callable[[], object]] = {
        "sacrebleu.corpus_bleu": lambda: sacrebleu.corpus_bleu(hyps, [refs]),
        FAST_SCORE: cold(lambda: bleu.chunked.corpus_score(hyps, [refs])),
        "bleu.sacrebleu_rules.corpus_score (step by step)": cold(
            lambda: step_by_step.corpus_score(hyps, [refs])
        ),
    }
    notes = {}
    try:
        import bleuscore
    except ImportError:
        notes[BLEUSCORE] = "not installed (pip install bleuscore): skipped"
    else:
        nested = [[ref] for ref in refs]
        value = bleuscore.compute(nested, hyps, 4, False)["bleu"] * 100
        plain = sacrebleu.corpus_bleu(hyps, [refs], smooth_method="none").score
        assert abs(value - plain) <= 1e-9, (value, plain)
        contenders[BLEUSCORE] = lambda: bleuscore.compute(nested, hyps, 4, False)
        notes[BLEUSCORE] = "13a, no smoothing (same score here)"
    medians = interleaved(contenders, rounds)
    ratio = medians["sacrebleu.corpus_bleu"] / medians[FAST_SCORE]
    notes[FAST_SCORE] = verdict(ratio, TARGETS["raw"]) if label == "main" else ""
    rust = None
    if BLEUSCORE in medians:
        rust = medians[BLEUSCORE] / medians[FAST_SCORE]
        relation = f"{rust:.2f}x faster" if rust >= 1 else f"{1 / rust:.2f}x slower"
        notes[BLEUSCORE] += f"; the fast path is {relation} ({verdict(rust, TARGETS['bleuscore'])})"
    title = f"Corpus BLEU on raw text, 13a tokenization included ({label})"
    return table(title, medians, "sacrebleu.corpus_bleu", notes), ratio, rust


def token_lists(refs: list[str], hyps: list[str], rounds: int) -> tuple[str, float]:
    """Corpus BLEU on token lists, NLTK semantics."""
    from nltk.translate.bleu_score import corpus_bleu as nltk_corpus_bleu

    list_of_refs = [[tokenize_13a(ref).split()] for ref in refs]
    hyp_tokens = [tokenize_13a(hyp).split() for hyp in hyps]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nltk_corpus_bleu(list_of_refs, hyp_tokens)
    ours = fast.corpus_bleu(list_of_refs, hyp_tokens)
    assert abs(ours - theirs) <= 1e-12 * theirs, (ours, theirs)
    medians = interleaved(
        {
            "nltk corpus_bleu": lambda: nltk_corpus_bleu(list_of_refs, hyp_tokens),
            FAST_BLEU: lambda: fast.corpus_bleu(list_of_refs, hyp_tokens),
            "bleu.nltk_rules.corpus_bleu (step by step)": lambda: nltk_rules.corpus_bleu(
                list_of_refs, hyp_tokens
            ),
        },
        rounds,
    )
    ratio = medians["nltk corpus_bleu"] / medians[FAST_BLEU]
    notes = {FAST_BLEU: verdict(ratio, TARGETS["tokens"])}
    return table("Corpus BLEU on token lists", medians, "nltk corpus_bleu", notes), ratio


def sacre_paired(refs, base, system, test: str, n: int):
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    paired = PairedTest(
        [("baseline", base), ("system", system)],
        {"BLEU": BLEU(references=[refs])},
        references=None,
        test_type=test,
        n_samples=n,
    )
    return paired()[1]["BLEU"][1]


def paired(refs, base, system, rounds: int, ar_rounds: int) -> tuple[str, float]:
    """Paired bootstrap (1000 resamples) and approximate randomization (10000 trials)."""
    os.environ["SACREBLEU_SEED"] = "12345"
    theirs = sacre_paired(refs, base, system, "bs", 1000)
    ours = significance.paired_bootstrap(base, system, [refs], n_samples=1000)
    assert abs(ours.p_value - theirs.p_value) <= 1 / 1001 + 1e-12, (ours, theirs)
    bs = interleaved(
        {
            "sacreBLEU paired bootstrap": lambda: sacre_paired(refs, base, system, "bs", 1000),
            "bleu.paired_bootstrap": lambda: significance.paired_bootstrap(
                base, system, [refs], n_samples=1000
            ),
        },
        rounds,
    )
    ratio = bs["sacreBLEU paired bootstrap"] / bs["bleu.paired_bootstrap"]
    notes = {"bleu.paired_bootstrap": verdict(ratio, TARGETS["paired-bs"])}
    ar = interleaved(
        {
            "sacreBLEU paired AR": lambda: sacre_paired(refs, base, system, "ar", 10000),
            "bleu.approximate_randomization": lambda: significance.approximate_randomization(
                base, system, [refs], n_trials=10000
            ),
        },
        ar_rounds,
    )
    out = [
        table("Paired bootstrap, 1000 resamples, from raw text", bs,
              "sacreBLEU paired bootstrap", notes),
        "",
        table("Paired approximate randomization, 10000 trials (for information)", ar,
              "sacreBLEU paired AR", {}),
        "",
        f"p-values (seed 12345): bootstrap ours {ours.p_value:.4f}, sacreBLEU {theirs.p_value:.4f}",
    ]  # fmt: skip
    return "\n".join(out), ratio


# --- memory --------------------------------------------------------------------------

PROBES = ("corpus_score", "corpus_bleu", "paired_bootstrap", "approximate_randomization")


def probe(name: str, n_segments: int) -> dict[str, float]:
    """Run one operation in this (fresh) process; return its memory use in MB."""
    import tracemalloc

    refs, base, system = make_corpus(n_segments)
    operations = {
        "corpus_score": lambda: bleu.chunked.corpus_score(system, [refs]),
        "corpus_bleu": lambda: fast.corpus_bleu(
            [[r.split()] for r in refs], [h.split() for h in system]
        ),
        "paired_bootstrap": lambda: significance.paired_bootstrap(base, system, [refs]),
        "approximate_randomization": lambda: significance.approximate_randomization(
            base, system, [refs]
        ),
        "sacreBLEU paired bootstrap": lambda: sacre_paired(refs, base, system, "bs", 1000),
    }
    before = high_water_mib()
    tracemalloc.start()
    operations[name]()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "peak_rss_mb": high_water_mib(),
        "rss_before_mb": before,
        "traced_peak_mb": peak / 2**20,
    }


def memory(n_segments: int) -> tuple[str, float]:
    lines = [
        f"### Peak memory, {n_segments} segments (each operation in a fresh process)",
        "",
        "| operation | peak RSS (MB) | RSS before it (MB) | tracemalloc peak of it (MB) |",
        "|---|---:|---:|---:|",
    ]
    worst = 0.0
    for name in (*PROBES, "sacreBLEU paired bootstrap"):
        done = subprocess.run(
            [sys.executable, __file__, "--probe", name, "--segments", str(n_segments)],
            capture_output=True,
            text=True,
            check=True,
        )
        mb = json.loads(done.stdout)
        if name in PROBES:
            worst = max(worst, mb["peak_rss_mb"])
        label = name if name.startswith("sacre") else f"bleu {name}"
        lines.append(
            f"| {label} | {mb['peak_rss_mb']:.0f} | {mb['rss_before_mb']:.0f} | "
            f"{mb['traced_peak_mb']:.1f} |"
        )
    lines += ["", f"Largest peak RSS of ours: {worst:.0f} MB ({verdict_mb(worst)})"]
    return "\n".join(lines), worst


def verdict_mb(mb: float) -> str:
    limit = TARGETS["memory_mb"]
    return f"target < {limit:g} MB: {'met' if mb < limit else 'NOT met'}"


def wmt17(rounds: int) -> tuple[str, float, float | None] | None:
    if not WMT17.exists():
        return None
    import bz2
    import pickle

    with bz2.open(WMT17) as handle:
        data = pickle.load(handle)  # the development machine's own file
    refs = data[-1][1]
    refs = refs[0] if isinstance(refs[0], list) else refs
    label = f"WMT17 en-de, {len(refs)} segments, {data[0][0]}"
    return raw_text(refs, data[0][1], rounds, label)


# --- main ----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=3000, help="corpus size (default 3000)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--no-wmt", action="store_true", help="skip the optional WMT17 timing")
    parser.add_argument(
        "--probe", choices=(*PROBES, "sacreBLEU paired bootstrap"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.probe:
        print(json.dumps(probe(args.probe, args.segments)))
        return 0

    refs, base, system = make_corpus(args.segments)
    words = sum(len(r.split()) for r in refs) / len(refs)
    print(f"## bleu benchmark: {len(refs)} segments (seed {SEED}), {words:.1f} words per reference")
    print()
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} CPUs; "
          f"{args.rounds} interleaved rounds, medians; load average at start "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    if args.segments < 3000:
        print("(the targets are stated for at least 3000 segments: this run is smaller)")
    print()
    sections, ratios = [], {}
    text, ratios["raw"], ratios["bleuscore"] = raw_text(refs, system, args.rounds, "main")
    sections.append(text)
    text, ratios["tokens"] = token_lists(refs, system, args.rounds)
    sections.append(text)
    text, ratios["paired-bs"] = paired(refs, base, system, args.rounds, max(3, args.rounds // 2))
    sections.append(text)
    text, worst = memory(args.segments)
    sections.append(text)
    wmt = None if args.no_wmt else wmt17(args.rounds)
    if wmt:
        sections.append(wmt[0])
    print("\n\n".join(sections))
    print()
    print("### Summary")
    print()
    print(
        f"- raw text, 13a: bleu.chunked.corpus_score {ratios['raw']:.1f}x sacrebleu.corpus_bleu "
        f"({verdict(ratios['raw'], TARGETS['raw'])})"
    )
    for name, rust in (("generated corpus", ratios["bleuscore"]), ("WMT17 en-de", wmt and wmt[2])):
        if rust is not None:
            print(
                f"- raw text, 13a, {name}: bleu.chunked.corpus_score {rust:.2f}x "
                f"bleuscore.compute ({verdict(rust, TARGETS['bleuscore'])})"
            )
    if wmt:
        print(f"- raw text, 13a, WMT17 en-de: {wmt[1]:.1f}x sacrebleu.corpus_bleu")
    print(
        f"- token lists: bleu.vectorized.corpus_bleu {ratios['tokens']:.1f}x nltk corpus_bleu "
        f"({verdict(ratios['tokens'], TARGETS['tokens'])})"
    )
    print(
        f"- paired bootstrap: bleu {ratios['paired-bs']:.1f}x sacreBLEU "
        f"({verdict(ratios['paired-bs'], TARGETS['paired-bs'])})"
    )
    print(f"- peak memory: {worst:.0f} MB ({verdict_mb(worst)})")
    print(f"- load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
