#!/usr/bin/env python
"""Mutation check: every scoring function in bleu/ is pinned by a test that can fail.

For each function definition in bleu/ that computes a score or a part of one (found with
``ast``; ``--list`` prints them), this script

1. copies the repository to a temporary directory (without .git, caches, build outputs;
   from one snapshot taken at the start);
2. injects a 0.1% mutation into that one function in the copy: every ``return X`` of the
   function becomes ``return _mutate_0001(X)``, where ``_mutate_0001`` multiplies floats,
   float arrays and fractions by 1.001, adds 1 to one count of integer statistics (an int,
   an int array, a Counter or dict of counts, a tuple of counts, rows of summed statistics
   held as floats, whose BLEU a common factor would not change), and scales the ``score``
   of a result object (BleuScore, BleuReport, sacreBLEU's results); anything else is left
   alone;
3. runs ``python -m pytest tests -x -q -p no:cacheprovider -o addopts="" -n 2`` in the copy,
   with ``PYTHONPATH`` set to the copy (and checks, in a subprocess with the same cwd and
   environment, that ``import bleu`` imports the copy, not the editable install).

A mutant is *killed* when pytest fails. Before the mutants, the same harness runs once
with no function mutated (``_mutate_0001`` injected but unused): it must pass, or a kill
would mean nothing. The script prints a table (module, function, mutation,
killed/survived, seconds) and exits 1 if any mutant survived.

It is slow (the test directory once per function, about 20-40 minutes on 2 cores), so it
is not part of .ci/run. Run it from the repository root with the project's venv active::

    python .ci/mutation_check.py                 # every function
    python .ci/mutation_check.py --list          # only list the functions it would mutate
    python .ci/mutation_check.py --only brevity_penalty --only rules.score_from_stats

``--deselect NODEID`` (repeatable, passed on to pytest) leaves out a test that fails in
the unmutated copy for reasons that have nothing to do with scores (the baseline says
which). ``--head [REV]`` mutates the last commit's (or REV's) files instead of the working
tree (other work in progress in the checkout then cannot make the unmutated run fail).
``--parity`` runs only :data:`PARITY_TESTS` (the files that compare with NLTK or
sacreBLEU) instead of all of tests/: much faster, and a stronger claim when every mutant
dies (each function is pinned by a direct comparison with a library); ``--tests PATH``
names other files. ``--only NAME`` (repeatable) keeps the functions whose name, ``Class.name`` or
``module.name`` equals NAME. Hypothesis runs with ``CI=true`` (derandomized), so a result
repeats.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The modules whose functions compute BLEU (or chrF/TER) or a part of it.
MODULES = (
    "ngrams",
    "precision",
    "brevity",
    "smoothing",
    "options",
    "rows",
    "rules",
    "nltk_rules",
    "sacrebleu_rules",
    "lean",
    "vectorized",
    "batch",
    "spans13a",
    "chunked",
    "explain",
    "soft",
    "significance",
    "metrics",
)

#: A function is a scoring function when its name matches this ...
SCORING = re.compile(
    r"bleu|score|stats|precision|brevity|closest|match|clip|count|method\d|^smooth$|combine"
    r"|explain|chrf|^ter$|nist|meteor|bootstrap|randomization|confidence|interval|p_value"
    r"|sums|rows|estimate|expected|^total$|survival|factors|reference_ngrams|token_list_block"
    r"|floored_log|smoothing_constant|token_spans|token_hashes|hashed_tokens|code_points"
)
#: ... and not this: argument checks, gradients (tested against finite differences, not a
#: library), iterators, display helpers, and result-object conveniences.
NOT_SCORING = re.compile(
    r"^_?check|grad|backward|partials|leave_one_out|^iter_|^_summary_rows$|^baseline_score$"
    r"|^__|^format$|^to_dict$|^to_json$|^verbose$|^ratio$|^significant$|^delta$|^_block_rows$"
    r"|^meteor_alignment$|^count_chunks$|^metrics_table$|^score_all$|^soft_bleu_loss$"
    r"|^_segment_rows$|^_paired_stats$|^_paired_input$|^with_bleu_options$|^arguments_of$"
)

#: The test files that compare bleu with NLTK or sacreBLEU directly (``--parity``). A
#: mutant they kill is killed by the whole suite too; if they kill every mutant, every
#: scoring function is pinned by a direct comparison with a library.
PARITY_TESTS = (  # the quickest killers first: pytest -x stops at the first failure
    "tests/test_reference_parity.py",
    "tests/test_smoothing_parity.py",
    "tests/test_vectorized.py",
    "tests/test_chunked.py",
    "tests/test_significance.py",
    "tests/test_sacre.py",
    "tests/test_nltk_parity.py",
    "tests/test_sentence_speed_parity.py",
    "tests/test_batch.py",
    "tests/test_memory_shapes.py",
)

IGNORE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    "*.pyc",
    ".hypothesis",
    ".pytest_cache",
    ".ruff_cache",
    ".ipynb_checkpoints",
    "*.egg-info",
    "build",
    "_build",
    "dist",
    "_site",
    "site",
    ".venv",
)

HELPER = '''"""Injected by .ci/mutation_check.py: a 0.1% mutation of a returned value."""

import copy
import dataclasses
from collections import Counter
from fractions import Fraction

import numpy as np

FACTOR = Fraction(1001, 1000)


def mutate(value):
    from bleu.smoothing import Precision, UnreducedFraction

    if isinstance(value, (bool, np.bool_)) or value is None:
        return value
    if isinstance(value, Precision):
        return Precision(value.matches * 1001, value.total * 1000)
    if isinstance(value, UnreducedFraction):
        return UnreducedFraction(value.numerator * 1001, value.denominator * 1000)
    if isinstance(value, Fraction):
        return value * FACTOR
    if isinstance(value, (float, np.floating)):
        return type(value)(value * 1.001)
    if isinstance(value, (int, np.integer)):
        return value + 1
    if isinstance(value, np.ndarray):
        out = value.copy()
        if out.size == 0:
            return out
        if np.issubdtype(out.dtype, np.floating):
            whole = out.ndim == 2 and out.shape[1] >= 3 and np.array_equal(out, np.round(out))
            if whole:  # rows of summed statistics held as floats: BLEU ignores a common
                out[0, 2] += 1  # factor, so add one unigram match to the first row instead
                return out
            return out * 1.001
        if np.issubdtype(out.dtype, np.integer):
            out.flat[-1] += 1
        return out
    if isinstance(value, Counter):
        out = Counter(value)
        for key in out:
            out[key] += 1
            break
        return out
    if isinstance(value, dict):
        out = dict(value)
        for key in out:
            out[key] = mutate(out[key])
            break
        return out
    if isinstance(value, list):
        return [mutate(v) for v in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(mutate(v) for v in value)
    if isinstance(value, tuple):  # a NamedTuple (CorpusStats): its first field, as a dataclass's
        return value._replace(**{value._fields[0]: mutate(value[0])})
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in dataclasses.fields(value)]
        name = "score" if "score" in names else names[0]
        new = copy.copy(value)
        object.__setattr__(new, name, mutate(getattr(value, name)))
        return new
    if isinstance(getattr(value, "score", None), float):
        new = copy.copy(value)
        new.score = value.score * 1.001
        return new
    return value
'''


@dataclass(frozen=True)
class Target:
    module: str
    qualname: str
    lineno: int
    returns: tuple[tuple[int, int, int, int], ...]  # (line, col, end_line, end_col) of X

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    def matches(self, wanted: str) -> bool:
        return wanted in (self.name, self.qualname, f"{self.module}.{self.qualname}")


def _own_returns(func: ast.AST) -> list[ast.Return]:
    """The return statements of ``func`` itself (not of functions or classes nested in it)."""
    found: list[ast.Return] = []
    stack = list(ast.iter_child_nodes(func))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def find_targets(root: Path = ROOT) -> list[Target]:
    """The scoring functions of :data:`MODULES`, in file order."""
    targets = []
    for module in MODULES:
        path = root / "bleu" / f"{module}.py"
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def visit(body: list[ast.stmt], prefix: str, module: str = module) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{prefix}{node.name}.")
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    returns = _own_returns(node)
                    if not returns or not SCORING.search(node.name):
                        continue
                    if NOT_SCORING.search(node.name):
                        continue
                    spans = tuple(
                        sorted(
                            (r.value.lineno, r.value.col_offset, r.value.end_lineno,
                             r.value.end_col_offset)
                            for r in returns
                        )
                    )  # fmt: skip
                    targets.append(Target(module, prefix + node.name, node.lineno, spans))

        visit(tree.body, "")
    return targets


def _insert_import(lines: list[str], tree: ast.Module) -> list[str]:
    """Add the helper's import after the module docstring and ``from __future__`` imports."""
    at = 0
    for node in tree.body:
        is_doc = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        is_future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        if is_doc or is_future:
            at = node.end_lineno
            continue
        break
    return [*lines[:at], "from ._mutation_helper import mutate as _mutate_0001\n", *lines[at:]]


def mutate_source(source: str, target: Target) -> str:
    """``source`` with every ``return X`` of ``target`` as ``return _mutate_0001(X)``.

    The text is edited in place (from the last span to the first), so everything else,
    comments and formatting included, stays as it was.
    """
    lines = source.splitlines(keepends=True)
    for line, col, end_line, end_col in sorted(target.returns, reverse=True):
        last = lines[end_line - 1]
        lines[end_line - 1] = last[:end_col] + ")" + last[end_col:]
        first = lines[line - 1]
        lines[line - 1] = first[:col] + "_mutate_0001(" + first[col:]
    return "".join(_insert_import(lines, ast.parse(source)))


def snapshot(workdir: Path, head: str | None = None) -> Path:
    """One copy of the repository taken at the start, so that edits made to the checkout
    while the check runs (other work, half-written files) do not reach the mutants.

    ``head``: that commit's files (``git archive HEAD``) instead of the working tree.
    """
    copy = workdir / "snapshot"
    if head:
        tar = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", head],
            capture_output=True,
            check=True,
        ).stdout
        copy.mkdir()
        with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
            archive.extractall(copy, filter="data")
    else:
        shutil.copytree(ROOT, copy, ignore=IGNORE, symlinks=True)
    (copy / "bleu" / "_mutation_helper.py").write_text(HELPER, encoding="utf-8")
    return copy


def make_copy(source: Path, dest: Path) -> Path:
    copy = dest / "repo"
    shutil.copytree(source, copy, symlinks=True)
    return copy


def environment(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONSAFEPATH", None)
    env["PYTHONPATH"] = str(copy)
    env["CI"] = "true"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def check_import(copy: Path, env: dict[str, str]) -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import bleu; print(bleu.__file__)"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(out).resolve().is_relative_to(copy.resolve()):
        raise SystemExit(f"import bleu found {out}, not the copy in {copy}: fix PYTHONPATH")


DESELECT: list[str] = []  # --deselect: tests that fail before any mutation (not ours to fix)
TESTS: list[str] = ["tests"]  # --tests: what pytest runs


def run_tests(copy: Path, env: dict[str, str]) -> tuple[bool, str]:
    """True when the test suite passes in ``copy``; the tail of its output."""
    cmd = [sys.executable, "-m", "pytest", *TESTS, "-x", "-q", "-p", "no:cacheprovider"]
    cmd += ["-o", "addopts=", "-n", "2"]
    for node in DESELECT:
        cmd += ["--deselect", node]
    done = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True)
    lines = (done.stdout + done.stderr).strip().splitlines()
    failed = [ln for ln in lines if ln.startswith(("FAILED", "ERROR"))]
    return done.returncode == 0, (failed[0] if failed else (lines[-1] if lines else ""))


def run_one(target: Target | None, source: Path) -> tuple[bool, float, str]:
    """Copy ``source``, mutate ``target`` (None: nothing), test: (passed, seconds, detail)."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=source.parent) as tmp:
        copy = make_copy(source, Path(tmp))
        if target is not None:
            path = copy / "bleu" / f"{target.module}.py"
            path.write_text(mutate_source(path.read_text(encoding="utf-8"), target), "utf-8")
        env = environment(copy)
        check_import(copy, env)
        passed, detail = run_tests(copy, env)
    return passed, time.perf_counter() - start, detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument("--list", action="store_true", help="list the functions and stop")
    parser.add_argument("--no-baseline", action="store_true", help="skip the unmutated run")
    parser.add_argument(
        "--head",
        nargs="?",
        const="HEAD",
        default=None,
        metavar="REV",
        help="mutate the last commit (git archive HEAD, or REV), not the working tree",
    )
    parser.add_argument(
        "--deselect",
        action="append",
        default=[],
        metavar="NODEID",
        help="leave out a test that fails without any mutation (passed on to pytest)",
    )
    parser.add_argument(
        "--tests",
        action="append",
        default=[],
        metavar="PATH",
        help="run these test files instead of all of tests/ (repeatable)",
    )
    parser.add_argument(
        "--parity",
        action="store_true",
        help="run only the files that compare with NLTK/sacreBLEU (PARITY_TESTS)",
    )
    args = parser.parse_args(argv)
    DESELECT[:] = args.deselect
    TESTS[:] = args.tests or (list(PARITY_TESTS) if args.parity else ["tests"])

    workdir = Path(tempfile.mkdtemp(prefix="bleu-mutation-"))
    total = time.perf_counter()
    try:
        source = snapshot(workdir, args.head)
        targets = find_targets(source)  # the snapshot's lines, not the checkout's
        if args.only:
            targets = [t for t in targets if any(t.matches(name) for name in args.only)]
            if not targets:
                parser.error(f"no scoring function is called {', '.join(args.only)}")
        print(f"{len(targets)} scoring functions:")
        for t in targets:
            print(f"  bleu/{t.module}.py:{t.lineno}  {t.qualname}  ({len(t.returns)} returns)")
        if args.list:
            return 0
        if not args.no_baseline:
            passed, seconds, detail = run_one(None, source)
            print(f"\nbaseline (no mutation): {'passes' if passed else 'FAILS'} in {seconds:.0f} s")
            if not passed:
                print(f"  {detail}\nthe unmutated copy must pass before mutants mean anything")
                return 2
        header = f"\n{'module':<16} {'function':<40} {'mutation':<24} {'result':<9} seconds"
        header += "  first failing test"
        print(header)
        print("-" * (len(header) - 1))
        survivors = []
        for t in targets:
            passed, seconds, detail = run_one(t, source)
            mutation = f"return x -> x*1.001 ({len(t.returns)})"
            result = "SURVIVED" if passed else "killed"
            killer = "" if passed else detail.split(" - ")[0].removeprefix("FAILED ")
            print(
                f"{t.module:<16} {t.qualname:<40} {mutation:<24} {result:<9} {seconds:6.1f}"
                f"  {killer}"
            )
            if passed:
                survivors.append(t)
            sys.stdout.flush()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    minutes = (time.perf_counter() - total) / 60
    print(f"\n{len(targets) - len(survivors)}/{len(targets)} killed in {minutes:.1f} min")
    for t in survivors:
        print(f"  survived: {t.module}.{t.qualname}")
    return 1 if survivors else 0


if __name__ == "__main__":
    raise SystemExit(main())
