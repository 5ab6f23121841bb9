"""Wall time and peak memory of ``python -m bleu`` on large synthetic corpora.

    python benchmarks/cli_scale.py                     # 1e5 and 1e6 segments, a few minutes
    python benchmarks/cli_scale.py --sizes 100000      # one size
    python benchmarks/cli_scale.py --modes plain       # only the plain score
    python benchmarks/cli_scale.py --roots OLD NEW     # two checkouts, run alternately

The corpus is generated with a fixed seed under a temporary directory (no download): each
reference is 6-40 words drawn from a Zipf-like vocabulary of 20 000 made-up words, with a
comma now and then and a full stop at the end (so that the 13a tokenizer has work to do);
a system corrupts each reference (about 20% of the words substituted, 8% dropped) with its
own seed. Every run is a separate ``python -m bleu`` process; its peak resident set size
and CPU time (user + system) come from ``os.wait4`` (the ``ru_maxrss`` and ``ru_utime +
ru_stime`` of that child alone), its wall time from the clock around it. The corpus is
written by a separate process, so that this one stays small: Linux counts the parent's
peak at ``fork`` in the child's ``ru_maxrss``. CPU time is the
figure to compare on a shared machine: other processes stretch the wall time, not it.
With ``--roots`` the same corpus is scored by ``python -m bleu`` of each checkout in turn
(the working directory decides which ``bleu`` is imported), e.g. before and after a change.
The modes:

- ``plain``: ``REF -i HYP`` (one system, only running sums are needed);
- ``gzip``: the same with both files gzip-compressed;
- ``paired-bs``: ``REF -i BASE SYSTEM --paired-bs`` (1000 resamples; the per-segment
  statistics of both systems are kept).

Scores are printed with each run, so that two runs (before and after a change) can be
compared for equality as well as for time.
"""

from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SEED = 2024
VOCABULARY = 20_000
MODES = ("plain", "gzip", "paired-bs")


def _words(rng: np.random.Generator) -> np.ndarray:
    """VOCABULARY made-up lower-case words of 2-9 letters (a few capitalised)."""
    letters = np.array(list("etaoinshrdlucmfwypvbgkjqxz"))
    weights = 1.0 / np.arange(1, len(letters) + 1)
    words: set[str] = set()
    while len(words) < VOCABULARY:
        size = int(rng.integers(2, 10))
        word = "".join(rng.choice(letters, size=size, p=weights / weights.sum()))
        words.add(word.capitalize() if rng.random() < 0.05 else word)
    return np.array(sorted(words), dtype=object)


def _zipf_ids(rng: np.random.Generator, size: int) -> np.ndarray:
    weights = 1.0 / np.arange(1, VOCABULARY + 1)
    return rng.choice(VOCABULARY, size=size, p=weights / weights.sum())


def _lines(words: np.ndarray, ids: np.ndarray, lengths: np.ndarray) -> list[str]:
    tokens = words[ids]
    ends = np.cumsum(lengths)
    lines = []
    for start, stop in zip(ends - lengths, ends):
        lines.append(" ".join(tokens[start:stop]) + ".")
    return lines


def generate(n: int, folder: Path) -> dict[str, Path]:
    """Write ``ref.txt``, ``base.txt`` and ``system.txt`` (``n`` lines each) to ``folder``."""
    rng = np.random.default_rng(SEED)
    words = _words(rng)
    commas = words.copy()
    commas[:] = [w + "," for w in words]
    lengths = rng.integers(6, 41, size=n)
    ref_ids = _zipf_ids(rng, int(lengths.sum()))
    comma = rng.random(len(ref_ids)) < 0.06
    table = np.concatenate([words, commas])
    ref_tokens = ref_ids + comma * VOCABULARY
    paths = {"ref": folder / "ref.txt"}
    paths["ref"].write_text("\n".join(_lines(table, ref_tokens, lengths)) + "\n", "utf-8")
    for name, seed in (("base", 1), ("system", 2)):
        sys_rng = np.random.default_rng([SEED, seed])
        ids = ref_tokens.copy()
        swap = sys_rng.random(len(ids)) < 0.20
        ids[swap] = _zipf_ids(sys_rng, int(swap.sum()))
        keep = sys_rng.random(len(ids)) >= 0.08
        segment = np.repeat(np.arange(n), lengths)
        new_lengths = np.bincount(segment[keep], minlength=n)
        paths[name] = folder / f"{name}.txt"
        paths[name].write_text("\n".join(_lines(table, ids[keep], new_lengths)) + "\n", "utf-8")
    for name in ("ref", "base"):
        target = folder / f"{name}.txt.gz"
        with open(paths[name], "rb") as src, gzip.open(target, "wb", compresslevel=6) as dst:
            dst.write(src.read())
        paths[f"{name}.gz"] = target
    return paths


def _paths(folder: Path) -> dict[str, Path]:
    names = ("ref", "base", "system")
    paths = {name: folder / f"{name}.txt" for name in names}
    paths.update({f"{name}.gz": folder / f"{name}.txt.gz" for name in names[:2]})
    return paths


def measure(argv: list[str], root: Path = ROOT) -> tuple[float, float, float, str]:
    """Wall time (s), CPU time (s), peak RSS (MiB) and stdout of ``python -m bleu ARGV``."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "bleu", *argv], stdout=out, stderr=err, cwd=root
        )
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        elapsed = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if process.returncode:
        stdout = f"exit {process.returncode}: {stderr.strip()[-70:]}"
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, cpu, usage.ru_maxrss / 1024, stdout  # ru_maxrss is in KiB on Linux


def _argv(mode: str, paths: dict[str, Path]) -> list[str]:
    if mode == "plain":
        return [str(paths["ref"]), "-i", str(paths["base"])]
    if mode == "gzip":
        return [str(paths["ref.gz"]), "-i", str(paths["base.gz"])]
    return [str(paths["ref"]), "-i", str(paths["base"]), str(paths["system"]), "--paired-bs"]


def _summary(mode: str, stdout: str) -> str:
    lines = stdout.splitlines()
    if stdout.startswith("exit "):
        return stdout
    if mode == "paired-bs":
        return " | ".join(" ".join(line.split()) for line in lines[1:3])
    return lines[0][:60]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--generate", type=Path, metavar="DIR", help=argparse.SUPPRESS)
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--repeat", type=int, default=1, help="runs per measurement (best)")
    parser.add_argument(
        "--roots", type=Path, nargs="+", default=[ROOT], help="checkouts to run (default: this)"
    )
    args = parser.parse_args(argv)
    if args.generate:  # the child that writes the corpus
        generate(args.sizes[0], args.generate)
        return
    print(
        f"Python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print()
    print("| segments | mode | checkout | wall (s) | CPU (s) | peak RSS (MiB) | output |")
    print("|---:|---|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="bleu-cli-scale-") as tmp:
        for n in args.sizes:
            folder = Path(tmp) / str(n)
            folder.mkdir()
            generator = [sys.executable, __file__, "--sizes", str(n), "--generate", str(folder)]
            subprocess.run(generator, check=True)
            paths = _paths(folder)
            for mode in args.modes:
                for root in args.roots:
                    runs = [measure(_argv(mode, paths), root) for _ in range(args.repeat)]
                    wall = min(run[0] for run in runs)
                    cpu = min(run[1] for run in runs)
                    rss = max(run[2] for run in runs)
                    line = _summary(mode, runs[0][3]).replace(str(folder), "DIR")
                    print(
                        f"| {n:,} | {mode} | {root.name} | {wall:.1f} | {cpu:.1f} | {rss:.0f} "
                        f"| `{line}` |",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
