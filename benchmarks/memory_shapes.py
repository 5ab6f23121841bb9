"""Peak memory and time of corpus BLEU on text of awkward shapes, against sacreBLEU.

    python benchmarks/memory_shapes.py             # four cases, about 3 minutes
    python benchmarks/memory_shapes.py --cli       # and the command line on a 300 MB file
    python benchmarks/memory_shapes.py --scale 0.1 # every case 10x smaller (a quick look)
    python benchmarks/memory_shapes.py --root OLD  # the bleu of another checkout (in-process)

The shapes of issue 21, generated with a fixed seed into a temporary directory (no
download):

- ``runaway 13a`` / ``runaway none``: 20 000 hypotheses of 2 010 tokens (10 random words,
  then one word repeated 2 000 times: the degenerate output of a language model), against
  references of 12 words; tokenized with ``13a`` and with ``none``;
- ``long tokens``: 200 segments whose hypothesis and reference are two tokens of 200 KB;
- ``dots``: 20 000 segments dense with runs of periods and commas (``..``, ``,.,``,
  ``3.5``, ``1,000``, a few runs of 5-60), 13a, by ``corpus_score`` and by
  ``segment_stats`` (the string tokenizer's path: per-segment rows, the CLI's tests);
- ``cli`` (``--cli``): ``python -m bleu REF -i HYP`` and ``sacrebleu REF -i HYP`` on a
  file of 30 000 runaway lines (about 300 MB).

Each measurement is a fresh Python process: it reads the files line by line, resets its
peak to its present size (``/proc/self/clear_refs``) and notes it (``VmRSS``), runs
``bleu.corpus_score`` or ``sacrebleu.corpus_bleu`` once and reports its peak (``VmHWM``),
its wall and CPU time and the score. The two libraries
alternate, case by case. The command-line case is measured from outside (``os.wait4``:
the child's ``ru_maxrss`` and CPU time). Peak memory is reliable on a busy machine; wall
time is stretched by other processes, which is why CPU time is shown beside it (``bleu``
runs two threads, so its CPU time may exceed its wall time).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SEED = 2021


def _vocabulary(rng: np.random.Generator, size: int = 5000) -> np.ndarray:
    """``size`` made-up lower-case words of 2-6 letters (5 characters a token with its
    space: a runaway line of 2 010 tokens is about 10 kB)."""
    letters = np.array(list("etaoinshrdlucmfwypvbgkjqxz"))
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(letters, size=int(rng.integers(2, 7)))))
    return np.array(sorted(words), dtype=object)


def runaway_lines(n: int, rng: np.random.Generator) -> tuple[list[str], list[str]]:
    """Hypotheses of 10 random words then one word 2 000 times; references of 12 words
    (the 10 words with about 30% replaced, and the repeated word twice)."""
    words = _vocabulary(rng)
    hyps, refs = [], []
    for _ in range(n):
        head = list(rng.choice(words, size=10))
        loop = str(rng.choice(words))
        hyps.append(" ".join(head + [loop] * 2000))
        kept = [w if rng.random() > 0.3 else str(rng.choice(words)) for w in head]
        refs.append(" ".join([*kept, loop, loop]))
    return hyps, refs


def long_token_lines(n: int, size: int, rng: np.random.Generator) -> tuple[list[str], list[str]]:
    """Segments of two tokens of ``size`` letters; a reference shares the first token of its
    hypothesis in every other segment."""
    letters = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz", dtype=np.uint8)

    def token() -> str:
        return rng.choice(letters, size=size).tobytes().decode("ascii")

    hyps, refs = [], []
    for i in range(n):
        first = token()
        hyps.append(f"{first} {token()}")
        refs.append(f"{first if i % 2 == 0 else token()} {token()}")
    return hyps, refs


def dotted_lines(n: int, rng: np.random.Generator) -> tuple[list[str], list[str]]:
    """Segments of 20-40 words and numbers, most followed by a run of periods and commas
    (``..``, ``,.,``, ``...``; one in twenty 5-60 long) or a lone one; references are
    corrupted copies."""
    words = _vocabulary(rng, 2000)
    numbers = ["3.5", "1,000", "2.", "0,5", "10.000,5"]
    runs = np.array(["", ".", ",", "..", "...", ",,", ".,", ",.,", "....", ". .", "..,"])

    def line() -> list[str]:
        size = int(rng.integers(20, 41))
        tokens = [
            str(rng.choice(numbers)) if rng.random() < 0.15 else str(rng.choice(words))
            for _ in range(size)
        ]
        tails = list(rng.choice(runs, size=size, p=[0.2] + [0.08] * 10))
        long = rng.random(size) < 0.05  # now and then a run of 5-60 (". . . ,,,,")
        for i in np.flatnonzero(long).tolist():
            tails[i] = "".join(rng.choice([".", ","], size=int(rng.integers(5, 61))))
        return [t + tail for t, tail in zip(tokens, tails)]

    hyps, refs = [], []
    for _ in range(n):
        tokens = line()
        hyps.append(" ".join(tokens))
        refs.append(" ".join(t if rng.random() > 0.25 else str(rng.choice(words)) for t in tokens))
    return hyps, refs


STEMS = {
    "runaway 13a": "runaway",
    "runaway none": "runaway",
    "long tokens": "long",
    "dots": "dots",
    "dots, rows": "dots",
}


def generate(folder: Path, scale: float, stems: set[str]) -> None:
    """Write the files of the cases ``stems`` into ``folder`` (a fixed seed for each)."""
    makers = {
        "runaway": lambda rng: runaway_lines(max(1, round(20_000 * scale)), rng),
        "long": lambda rng: long_token_lines(max(1, round(200 * scale)), 200_000, rng),
        "dots": lambda rng: dotted_lines(max(1, round(20_000 * scale)), rng),
        "cli": lambda rng: runaway_lines(max(1, round(30_000 * scale)), rng),
    }
    for seed, (name, make) in enumerate(makers.items(), start=SEED):
        if name not in stems:
            continue
        hyps, refs = make(np.random.default_rng(seed))
        (folder / f"{name}.hyp").write_text("\n".join(hyps) + "\n", encoding="utf-8")
        (folder / f"{name}.ref").write_text("\n".join(refs) + "\n", encoding="utf-8")


def _status(field: str) -> float:
    """A ``/proc/self/status`` field in MiB."""
    with open("/proc/self/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _read(path: Path) -> list[str]:
    """The lines of ``path``, read one at a time (no copy of the whole file at once)."""
    with open(path, encoding="utf-8", newline="\n") as handle:
        return [line[:-1] if line.endswith("\n") else line for line in handle]


def _reset_peak() -> None:
    """Set this process's ``VmHWM`` to its present size (Linux 4.0+; else left as is)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as handle:
            handle.write("5")
    except OSError:
        pass


def child(case: str, library: str, folder: Path) -> None:
    """Run one case with one library in this (fresh) process; print a JSON line."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    sys.path.insert(0, os.environ.get("BLEU_ROOT", str(ROOT)))  # --root: another checkout
    from _memory import high_water_mib

    stem, tokenize = STEMS[case], "none" if case == "runaway none" else "13a"
    hyps, refs = _read(folder / f"{stem}.hyp"), _read(folder / f"{stem}.ref")
    if library == "bleu" and case == "dots, rows":  # the string tokenizer's path
        from bleu import scores_from_stats, segment_stats

        def score() -> float:
            return float(scores_from_stats(segment_stats(hyps, [refs]).sum(axis=0))[0])
    elif library == "bleu":
        import bleu

        def score() -> float:
            return bleu.corpus_score(hyps, [refs], tokenize=tokenize).score
    else:
        import sacrebleu

        def score() -> float:
            return sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenize).score

    _reset_peak()  # the peak of reading the files is not the operation's
    before = _status("VmRSS")
    start, cpu = time.perf_counter(), time.process_time()
    value = score()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = high_water_mib()
    print(json.dumps({"before": before, "peak": peak, "wall": wall, "cpu": cpu, "score": value}))


def run_child(case: str, library: str, folder: Path, root: Path = ROOT) -> dict:
    command = [sys.executable, __file__, "--child", case, library, str(folder)]
    env = {**os.environ, "BLEU_ROOT": str(root)}
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False, env=env)
    if done.returncode:
        raise RuntimeError(f"{case} / {library} failed: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_cli(library: str, folder: Path) -> dict:
    """``python -m bleu`` or ``sacrebleu`` on the 300 MB file: wall, CPU, peak RSS, score."""
    ref, hyp = str(folder / "cli.ref"), str(folder / "cli.hyp")
    if library == "bleu":
        command = [sys.executable, "-m", "bleu", ref, "-i", hyp, "-b", "-w", "4"]
    else:
        sacre = Path(sys.executable).with_name("sacrebleu")
        command = [str(sacre), ref, "-i", hyp, "-b", "-w", "4"]
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, cwd=ROOT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"cli / {library} failed: {stderr.strip()[-300:]}")
    return {
        "before": float("nan"),
        "peak": usage.ru_maxrss / 1024,  # KiB on Linux
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "score": float(stdout.split()[0]),
    }


def _row(case: str, ours: dict, theirs: dict) -> str:
    grow = ours["peak"] - ours["before"]
    their_grow = theirs["peak"] - theirs["before"]
    ratio = ours["peak"] / theirs["peak"]
    equal = "yes" if abs(ours["score"] - theirs["score"]) <= 1e-9 else "NO"
    growth = f"{grow:.0f} / {their_grow:.0f}" if grow == grow else "-"
    return (
        f"| {case} | {ours['peak']:.0f} | {theirs['peak']:.0f} | {ratio:.2f} | {growth} | "
        f"{ours['wall']:.2f} | {theirs['wall']:.2f} | {theirs['wall'] / ours['wall']:.1f}x | "
        f"{ours['cpu']:.2f} / {theirs['cpu']:.2f} | {ours['score']:.4f} | {equal} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", action="store_true", help="add the 300 MB command-line case")
    parser.add_argument("--only-cli", action="store_true", help="only the command-line case")
    parser.add_argument("--scale", type=float, default=1.0, help="segments times this")
    parser.add_argument("--cases", nargs="+", choices=list(STEMS), default=list(STEMS))
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose bleu runs")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--generate", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.generate:
        folder, scale, *stems = args.generate
        generate(Path(folder), float(scale), set(stems))
        return
    if args.child:
        child(args.child[0], args.child[1], Path(args.child[2]))
        return
    cases = [] if args.only_cli else args.cases
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"## Memory by shape of text (scale {args.scale}, seed {SEED}); load average {load}\n")
    print(
        "| case | bleu peak RSS (MiB) | sacreBLEU peak RSS (MiB) | peak ratio | growth (MiB) "
        "bleu / sacreBLEU | bleu wall (s) | sacreBLEU wall (s) | speed-up | CPU (s) bleu / "
        "sacreBLEU | BLEU | equal |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="bleu-shapes-") as name:
        folder = Path(name)
        stems = {STEMS[case] for case in cases} | ({"cli"} if args.cli or args.only_cli else set())
        # Written by a child: Linux counts this process's peak at fork in a child's
        # ru_maxrss, so this one must stay small for the command-line case.
        command = [sys.executable, __file__, "--generate", str(folder), str(args.scale), *stems]
        subprocess.run(command, check=True, cwd=ROOT)
        sacre: dict[tuple[str, bool], dict] = {}
        for case in cases:
            ours = run_child(case, "bleu", folder, args.root)
            key = (STEMS[case], case == "runaway none")  # sacreBLEU's call is the same
            theirs = sacre[key] = sacre.get(key) or run_child(case, "sacrebleu", folder)
            print(_row(case, ours, theirs), flush=True)
        if args.cli or args.only_cli:
            size = (folder / "cli.hyp").stat().st_size / 1e6
            ours, theirs = run_cli("bleu", folder), run_cli("sacrebleu", folder)
            print(_row(f"CLI, {size:.0f} MB file", ours, theirs), flush=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"\nPeak ratio: bleu over sacreBLEU (target <= 2); growth: peak minus the RSS after "
        f"reading the files; load average at end {load}"
    )


if __name__ == "__main__":
    main()
