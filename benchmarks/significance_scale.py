"""Wall time and peak memory of the significance tests on 1e5 and 1e6 segments of statistics.

    python benchmarks/significance_scale.py                  # all three tests, a few minutes
    python benchmarks/significance_scale.py --tests bootstrap
    python benchmarks/significance_scale.py --sizes 100000 300000 --samples 1000

The tests start from given statistics (no text): ``paired_bootstrap_from_stats`` (1000
resamples), ``approximate_randomization_from_stats`` (1000 trials; sacreBLEU's default is
10 000, which only multiplies the time by ten) and ``confidence_from_stats`` (1000
resamples), each with sacreBLEU's default seed 12345.

The statistics are generated with a fixed seed and written to a temporary folder by a
separate process (so that no run inherits a big parent's memory): per segment a hypothesis
length ``c`` (1 + Poisson(22)), a reference length ``r`` near it, the n-gram counts
``t_n = max(0, c - n + 1)`` and matches ``m_n ~ Binomial(t_n, p_n)`` with ``p_n`` falling
with the order; the system's ``p_n`` is a little higher than the baseline's. These are
valid rows (``bleu.checks.check_stats`` accepts them).

Each test runs alone in a fresh ``python`` process, which loads the rows (``numpy.load``),
times the call with ``time.perf_counter`` and reports its own peak resident set size
(``VmHWM`` of ``/proc/self/status``; the load is included). Each cell is run ``--repeat``
times (3), the sizes alternating; the table gives the median seconds, the largest peak,
and the growth ratio from the smallest to the largest size (10x the segments:
linear time would be 10x). The p-values and scores are printed too, so that two checkouts
can be compared for equality as well as speed (``--root`` runs another checkout's bleu).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _memory import high_water_mib

ROOT = Path(__file__).resolve().parents[1]
SEED = 2024
TESTS = ("bootstrap", "ar", "ci")
TARGETS = {"growth": 12.0, "peak_gib": 2.0}


def make_rows(n: int, rng: np.random.Generator, quality: float) -> np.ndarray:
    """``n`` valid 4-gram statistics rows ``[c, r, m_1..m_4, t_1..t_4]``."""
    c = 1 + rng.poisson(22, size=n)
    r = np.maximum(1, c + rng.integers(-3, 4, size=n))
    orders = np.arange(4)
    totals = np.maximum(c[:, None] - orders[None, :], 0)
    chance = quality * np.array([0.65, 0.42, 0.28, 0.18])
    matches = rng.binomial(totals, chance[None, :])
    return np.column_stack([c, r, matches, totals]).astype(np.int64)


def generate(sizes: list[int], folder: Path) -> None:
    """Write ``base_N.npy`` and ``system_N.npy`` for each size (a fixed seed per size)."""
    for n in sizes:
        rng = np.random.default_rng([SEED, n])
        np.save(folder / f"base_{n}.npy", make_rows(n, rng, 1.0))
        np.save(folder / f"system_{n}.npy", make_rows(n, rng, 1.03))


def child(test: str, n: int, folder: Path, samples: int) -> dict:
    """Run one test in this (fresh) process; return its time, peak and result."""
    from bleu import significance

    base = np.load(folder / f"base_{n}.npy")
    system = np.load(folder / f"system_{n}.npy")
    loaded = high_water_mib()
    start = time.perf_counter()
    if test == "bootstrap":
        result = significance.paired_bootstrap_from_stats(base, system, n_samples=samples)
        summary = {"p": result.p_value, "mean": result.mean, "ci": result.ci}
    elif test == "ar":
        result = significance.approximate_randomization_from_stats(base, system, n_trials=samples)
        summary = {"p": result.p_value, "score": result.score}
    else:
        result = significance.confidence_from_stats(system, n_samples=samples)
        summary = {"mean": result.mean, "ci": result.ci}
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "peak_mib": high_water_mib(), "loaded_mib": loaded, **summary}


def run_child(root: Path, test: str, n: int, folder: Path, samples: int) -> dict:
    command = [
        sys.executable, str(Path(__file__).resolve()), "--child", test, "--sizes", str(n),
        "--samples", str(samples), "--folder", str(folder),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
    if done.returncode:
        raise SystemExit(f"{test} on {n} segments failed:\n{done.stderr}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--tests", nargs="+", choices=TESTS, default=list(TESTS))
    parser.add_argument("--samples", type=int, default=1000, help="resamples / trials (1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell, median (3)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose bleu runs")
    parser.add_argument("--child", choices=TESTS, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.sizes[0], args.folder, args.samples)))
        return 0

    sizes = sorted(args.sizes)
    print(f"## significance tests from statistics: {args.samples} resamples/trials, "
          f"sizes {', '.join(f'{n:,}' for n in sizes)} (seed {SEED})")  # fmt: skip
    print()
    print(f"checkout {args.root}; Python {sys.version.split()[0]}, numpy {np.__version__}, "
          f"{os.cpu_count()} CPUs; load average at start "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    print()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        code = f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
        code += "import significance_scale as s; from pathlib import Path; "
        code += f"s.generate({sizes!r}, Path({tmp!r}))"
        subprocess.run([sys.executable, "-c", code], check=True)
        print("| test | segments | seconds | peak RSS (MiB) | RSS after loading (MiB) | result |")
        print("|---|---:|---:|---:|---:|---|")
        results: dict[str, dict[int, dict]] = {}
        for test in args.tests:
            runs: dict[int, list[dict]] = {n: [] for n in sizes}
            for _ in range(args.repeat):  # sizes alternate, so that load hits them alike
                for n in sizes:
                    runs[n].append(run_child(args.root, test, n, folder, args.samples))
            for n in sizes:
                out = {**runs[n][0]}
                out["seconds"] = statistics.median(run["seconds"] for run in runs[n])
                out["peak_mib"] = max(run["peak_mib"] for run in runs[n])
                results.setdefault(test, {})[n] = out
                shown = ", ".join(
                    f"{k} = {v:.6g}" for k, v in out.items()
                    if k not in ("seconds", "peak_mib", "loaded_mib")
                )  # fmt: skip
                print(f"| {test} | {n:,} | {out['seconds']:.2f} | {out['peak_mib']:.0f} | "
                      f"{out['loaded_mib']:.0f} | {shown} |", flush=True)  # fmt: skip
    print()
    small, large = sizes[0], sizes[-1]
    for test, by_size in results.items():
        if small == large:
            continue
        growth = by_size[large]["seconds"] / by_size[small]["seconds"]
        peak = max(out["peak_mib"] for out in by_size.values()) / 1024
        grows = "met" if growth <= TARGETS["growth"] else "NOT met"
        fits = "met" if peak <= TARGETS["peak_gib"] else "NOT met"
        print(
            f"- {test}: {small:,} -> {large:,} segments: {by_size[small]['seconds']:.2f} s -> "
            f"{by_size[large]['seconds']:.2f} s, growth {growth:.1f}x (target <= "
            f"{TARGETS['growth']:g}x: {grows}), peak {peak:.2f} GiB (target <= "
            f"{TARGETS['peak_gib']:g} GiB: {fits})"
        )
    print(f"- load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
