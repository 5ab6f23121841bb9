"""Command line: ``python -m bleu REF [REF ...] [-i HYP [HYP ...]]``, sacreBLEU-style BLEU.

Files hold one segment per line (UTF-8; only ``\\n`` ends a line, as in sacreBLEU and
multi-bleu.perl); gzip-compressed files (``.gz``, or any file starting with gzip's magic
bytes) are read transparently. Each REF file is one reference stream; hypotheses come
from ``-i HYP`` or, without it, from standard input (``-`` names standard input, once).
The output is the score line and the signature (``--format text``) or one JSON object
(``--format json``).

Statistical tests, as sacreBLEU's options of the same names (see :mod:`bleu.significance`):

- ``--confidence`` (one system): the score with the bootstrap mean and 95% half-width,
  ``BLEU = 43.00 (μ = 42.92 ± 2.35) ...``;
- ``-i BASELINE SYSTEM [SYSTEM ...] --paired-bs`` or ``--paired-ar``: every system is
  compared with the first one (the baseline); a table of scores and p-values, ``*``
  marking p < 0.05 (:data:`SIGNIFICANCE`);
- ``--seed`` (default 12345, sacreBLEU's; ``none`` for fresh randomness), ``--confidence-n``,
  ``--paired-bs-n``, ``--paired-ar-n`` set the randomness and the number of resamples
  (1 to :data:`bleu.significance.MAX_RESAMPLES`).

Several systems without a test give a table of their scores. When two ``-i`` files have
identical contents a one-line warning goes to stderr (a paired test between them gives
p = 1.0 and means nothing).

sacreBLEU's ``-b/--score-only`` prints the score alone, with ``--width`` decimals
(default 1, sacreBLEU's, so that ``-b`` prints what ``python -m sacrebleu REF -i HYP -b``
prints); with ``--confidence`` it prints ``43.0 (μ = 42.9 ± 2.4)`` as sacreBLEU does,
and with ``--format json`` still the bare score (sacreBLEU's rule). ``-w/--width N``
sets the decimals of the score, μ and ± in the score line, the JSON ``score`` /
``confidence_*`` fields (rounded as sacreBLEU rounds them) and the tables; without it the
score line keeps the two decimals of ``str(sacrebleu.corpus_bleu(...))``. As in sacreBLEU,
``-b`` changes nothing with several systems (the table is printed), and ``-w`` does not
touch p-values (4 decimals), the precisions and BP of the score line, or the exact
values of the several-systems JSON.

With ``--tokenize none`` on already-tokenized text the figures equal multi-bleu.perl's.

sacreBLEU's ``-m bleu chrf ter`` (chrF2 and TER with its defaults, :mod:`bleu.chrf_ter`),
``-sl/--sentence-level`` (one line per segment) and ``-nr/--num-refs N`` (one reference
file, N tab-separated references a line) are handled by :mod:`bleu.cli_metrics`; these
read every segment into memory, only the plain BLEU score streams.

Robustness. Files are read in lockstep, :data:`bleu.cli_io.CHUNK_LINES` lines at a time
(fewer when they hold more than :data:`bleu.cli_io.CHUNK_BYTES`);
each chunk becomes segment statistics that are summed as they come (the plain score:
:func:`bleu.chunked.systems_sums`, on two threads, the references tokenized once; the
tests: :func:`bleu.vectorized.encode_references` and
:meth:`bleu.vectorized.EncodedReferences.stats`), so the plain score keeps only running
sums and the tests keep only the integer
statistics (``2 + 2 * max_order`` numbers a segment), never the text. A NUL byte, a line
over :data:`bleu.cli_io.MAX_LINE_BYTES`, bytes that are not UTF-8 or corrupt gzip data
stop the run at once (``python -m bleu /dev/zero -i /dev/zero`` reads 2 MiB, then stops).
Every error is one line on stderr: exit status 1 for the input (missing or unreadable
file, differing line counts, empty input), 2 for the options (argparse's status; also a
zero, negative, non-numeric or too large number, naming the option). When standard output
cannot encode ``μ`` and ``±`` (``PYTHONIOENCODING=ascii``), the text says ``mu`` and
``+/-`` and the JSON escapes them (``\\u03bc``), instead of failing.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any, NoReturn

import numpy as np

from . import cli_io
from .chunked import systems_sums
from .cli_io import InputError, LineSource
from .cli_metrics import (
    METRIC_NAMES,
    corpus_output,
    corpus_scores,
    sentence_lines,
    sentence_scores_of,
    split_references,
)
from .options import SMOOTH_DEFAULTS, BleuOptions
from .rows import nrefs_of, width
from .rules import BleuScore, score_from_stats
from .significance import (
    DEFAULT_SEED,
    MAX_RESAMPLES,
    ConfidenceResult,
    PairedResult,
    approximate_randomization_from_stats,
    confidence_from_stats,
    paired_bootstrap_from_stats,
    scoring_keywords,
)
from .tokenizer_ko import MissingExtraError
from .tokenizers import TOKENIZER_NAMES
from .vectorized import MAX_CELLS, encode_references

__all__ = ["PROG", "InputError", "build_parser", "main", "run"]

PROG = "python -m bleu"

SIGNIFICANCE = 0.05
"""A p-value below this gets the ``*`` of the paired tables (p = 1.0 never does)."""

MAX_ORDER_FLAG = 100
"""The largest ``--max-order`` on the command line (orders beyond the longest line only add
zero columns). Lower than :data:`bleu.checks.MAX_ORDER`, the functions' limit: the tests
keep every segment's row, ``2 + 2 * order`` numbers, for every system."""

MAX_WIDTH = 20
"""The largest ``--width`` (a float has about 17 significant digits)."""

SACREBLEU_WIDTH = 1

MAX_REFS = 1000
"""The largest ``--num-refs``."""
"""sacreBLEU's default ``--width``: the decimals of ``-b`` when ``-w`` is not given."""

_ASCII = {"μ": "mu", "±": "+/-"}


# --- options -------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors on one line (status 2, as argparse's own)."""

    def error(self, message: str) -> NoReturn:
        _print_error(f"{message} (see {self.prog} --help)")
        raise SystemExit(2)


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _count(lowest: int, highest: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number in ``[lowest, highest]``."""

    def parse(text: str) -> int:
        value = _whole(text)
        if value < lowest:
            raise argparse.ArgumentTypeError(f"{what} must be at least {lowest}, got {value}")
        if value > highest:
            raise argparse.ArgumentTypeError(f"{what} must be at most {highest:,}, got {value:,}")
        return value

    parse.__name__ = what  # argparse names the type in some messages
    return parse


_resamples = _count(1, MAX_RESAMPLES, "the number of resamples")


def _seed(text: str) -> int | None:
    """``--seed``: a whole number >= 0, or ``none`` for fresh randomness."""
    if text.strip().lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: give a number or none") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: it must be >= 0")
    return value


def _smooth_value(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"the value must be finite and >= 0, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="sacreBLEU-compatible corpus BLEU of hypothesis files against references, "
        "with bootstrap confidence intervals and paired significance tests. Files: one "
        "segment per line, UTF-8, optionally gzip-compressed.",
    )
    parser.add_argument(
        "refs", nargs="+", metavar="REF", help="reference file(s), one per set ('-': stdin)"
    )
    parser.add_argument(
        "-i",
        "--input",
        metavar="HYP",
        nargs="+",
        default=["-"],
        help="hypothesis file(s) (default: stdin); with a paired test the first is the baseline",
    )
    parser.add_argument(
        "-tok",
        "--tokenize",
        choices=TOKENIZER_NAMES,
        default="13a",
        help="tokenizer (default: 13a; ko-mecab needs the korean extra)",
    )
    parser.add_argument("-lc", "--lowercase", action="store_true", help="lowercase everything")
    parser.add_argument(
        "-s", "--smooth", choices=tuple(SMOOTH_DEFAULTS), default="exp", help="default: exp"
    )
    parser.add_argument(
        "-sv",
        "--smooth-value",
        type=_smooth_value,
        default=None,
        metavar="V",
        help="value for floor (default 0.1) and add-k (default 1); finite, >= 0",
    )
    parser.add_argument(
        "--max-order",
        type=_count(1, MAX_ORDER_FLAG, "the n-gram order"),
        default=4,
        metavar="N",
        help=f"largest n-gram order, 1-{MAX_ORDER_FLAG} (default: 4)",
    )
    parser.add_argument(
        "--effective-order", action="store_true", help="skip orders with no hypothesis n-gram"
    )
    parser.add_argument(
        "-nr",
        "--num-refs",
        type=_count(1, MAX_REFS, "the number of references"),
        default=1,
        metavar="N",
        help="one REF file holding N tab-separated references per line (default: 1)",
    )
    parser.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        choices=METRIC_NAMES,
        default=["bleu"],
        metavar="METRIC",
        help="bleu, chrf, ter: one or more, sacreBLEU's defaults (default: bleu)",
    )
    parser.add_argument(
        "-sl",
        "--sentence-level",
        action="store_true",
        help="one score line per segment (one metric, one system; BLEU with effective order)",
    )
    parser.add_argument("-f", "--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "-b",
        "--score-only",
        action="store_true",
        help="print the score only (as sacreBLEU's -b; with --confidence also mu and the CI)",
    )
    parser.add_argument(
        "-w",
        "--width",
        type=_count(0, MAX_WIDTH, "the width"),
        default=None,
        metavar="N",
        help=f"decimals of the scores (default: {SACREBLEU_WIDTH} with -b, as sacreBLEU; "
        "otherwise 2, the score line of sacrebleu.corpus_bleu)",
    )
    tests = parser.add_argument_group("confidence intervals and paired significance tests")
    tests.add_argument(
        "-ci", "--confidence", action="store_true", help="bootstrap 95%% CI of one system's score"
    )
    tests.add_argument(
        "-cin", "--confidence-n", type=_resamples, default=1000, metavar="N", help="default: 1000"
    )
    paired = tests.add_mutually_exclusive_group()
    paired.add_argument(
        "-pbs", "--paired-bs", action="store_true", help="paired bootstrap test (Koehn, 2004)"
    )
    paired.add_argument(
        "-par", "--paired-ar", action="store_true", help="paired approximate randomization test"
    )
    tests.add_argument(
        "-pbsn", "--paired-bs-n", type=_resamples, default=1000, metavar="N", help="default: 1000"
    )
    tests.add_argument(
        "-parn",
        "--paired-ar-n",
        type=_resamples,
        default=10000,
        metavar="N",
        help="default: 10000",
    )
    tests.add_argument(
        "--seed",
        type=_seed,
        default=DEFAULT_SEED,
        metavar="S",
        help=f"random seed, or none (default: {DEFAULT_SEED}, sacreBLEU's)",
    )
    return parser


def _check_mode(args: argparse.Namespace) -> None:
    n_systems = len(args.input)
    if (args.paired_bs or args.paired_ar) and n_systems < 2:
        raise InputError(
            "a paired test needs a baseline and at least one system: -i BASELINE SYSTEM..."
        )
    if args.confidence and n_systems > 1:
        raise InputError(
            "--confidence takes one system; compare several with --paired-bs or --paired-ar"
        )
    if [*args.refs, *args.input].count("-") > 1:
        raise InputError("standard input can be read once only: give the files with -i HYP")
    if args.num_refs > 1 and len(args.refs) > 1:
        raise InputError(
            f"--num-refs {args.num_refs} takes one REF file holding {args.num_refs} "
            "tab-separated references per line, not several REF files"
        )
    tests = args.confidence or args.paired_bs or args.paired_ar
    if args.sentence_level:
        if len(set(args.metrics)) > 1:
            raise InputError("--sentence-level takes one metric (-m bleu, chrf or ter)")
        if n_systems > 1 or tests:
            raise InputError("--sentence-level takes one system and no statistical test")
    elif set(args.metrics) != {"bleu"} and (n_systems > 1 or tests):
        raise InputError(
            "chrF and TER are scored for one system without statistical tests; "
            "the tables and tests take -m bleu"
        )


# --- reading and scoring, chunk by chunk -------------------------------------------------


@dataclasses.dataclass
class _Corpus:
    """What the scores need from the files: sums, and per-segment rows if asked."""

    names: list[str]
    sums: list[np.ndarray]
    rows: list[np.ndarray] | None
    nrefs: int | str
    identical: list[list[str]]


def _count_error(systems: list[LineSource], refs: list[LineSource]) -> InputError:
    """The line-count message, with exact counts where the files can be counted."""
    exact = {id(source): source.count_rest() for source in [*systems, *refs]}

    def shown(source: LineSource) -> str:
        n = source.lines_read
        return str(n) if exact[id(source)] else f"at least {n}"

    def differ(a: LineSource, b: LineSource) -> bool:
        if exact[id(a)] and exact[id(b)]:
            return a.lines_read != b.lines_read
        if exact[id(a)] or exact[id(b)]:  # the exact one is shorter: the other went on
            known, other = (a, b) if exact[id(a)] else (b, a)
            return known.lines_read < other.lines_read
        return False

    for hyps in systems:
        if exact[id(hyps)] and hyps.lines_read == 0:
            return InputError(f"{hyps.name}: no hypotheses (the input is empty)")
        for ref in refs:
            if differ(ref, hyps):
                return InputError(
                    f"{ref.name} has {shown(ref)} lines but {hyps.name} has {shown(hyps)}: "
                    "give one reference line per hypothesis line"
                )
    # Only references disagree among themselves (hypotheses all agree with none of them).
    first = refs[0]
    for ref in refs[1:]:
        if differ(first, ref):
            return InputError(
                f"{first.name} has {shown(first)} lines but {ref.name} has {shown(ref)}: "
                "every reference file needs one line per hypothesis line"
            )
    return InputError("the input files have different numbers of lines")


def _group_identical(names: list[str], same: dict[tuple[int, int], bool]) -> list[list[str]]:
    groups: list[list[int]] = []
    for (i, j), equal in sorted(same.items()):
        if not equal:
            continue
        for group in groups:
            if i in group:
                if j not in group:
                    group.append(j)
                break
        else:
            groups.append([i, j])
    return [[names[k] for k in group] for group in groups]


def read_corpus(
    hyp_paths: Sequence[str],
    ref_paths: Sequence[str],
    options: BleuOptions,
    keep_rows: bool,
    num_refs: int = 1,
) -> _Corpus:
    """Read every file in lockstep, chunk by chunk, into statistics.

    The sums (and with ``keep_rows`` the per-segment rows) equal those of the whole
    files at once: every row depends on its own segment only. With ``num_refs > 1`` the
    one reference file holds that many tab-separated references per line.
    """
    columns = width(options.max_ngram_order)
    with ExitStack() as stack:
        systems = [stack.enter_context(LineSource(path)) for path in hyp_paths]
        refs = [stack.enter_context(LineSource(path)) for path in ref_paths]
        names = [source.name for source in systems]
        sums = [np.zeros(columns, dtype=np.int64) for _ in systems]
        chunks: list[list[np.ndarray]] = [[] for _ in systems]
        same = {(i, j): True for i in range(len(systems)) for j in range(i + 1, len(systems))}
        nrefs: set[int | str] = set()
        n_segments = 0
        while True:
            size = cli_io.lockstep_lines([*systems, *refs])  # by lines and by bytes
            hyp_lines = [source.read_chunk(size) for source in systems]
            ref_lines = [source.read_chunk(size) for source in refs]
            if len({len(lines) for lines in [*hyp_lines, *ref_lines]}) > 1:
                raise _count_error(systems, refs)
            if not hyp_lines[0]:
                break
            if num_refs > 1:
                first = refs[0].lines_read - len(ref_lines[0]) + 1
                ref_lines = split_references(ref_lines[0], num_refs, first, refs[0].name)
            for i, j in same:
                same[i, j] = same[i, j] and hyp_lines[i] == hyp_lines[j]
            n_segments += len(hyp_lines[0])
            if not keep_rows:  # sums only: the threaded path
                parts, chunk_nrefs = systems_sums(hyp_lines, ref_lines, options)
                for total, part in zip(sums, parts):
                    total += part
                nrefs.add(chunk_nrefs)
                continue
            _, encoded = encode_references(hyp_lines[0], ref_lines, options.text)
            nrefs.add(encoded.nrefs)
            del ref_lines
            if n_segments * columns > MAX_CELLS:
                raise InputError(
                    f"--max-order {options.max_ngram_order} with more than {n_segments:,} "
                    f"segments asks for over {MAX_CELLS * 8 // 2**30} GiB of statistics per "
                    "system for the test; give a smaller --max-order or fewer segments"
                )
            for k, lines in enumerate(hyp_lines):  # rows for the tests
                block = encoded.stats(lines, options.max_ngram_order)
                chunks[k].append(block)
                sums[k] += block.sum(axis=0)
        if n_segments == 0:
            raise InputError(f"{names[0]}: no hypotheses (the input is empty)")
    rows = [np.concatenate(parts) for parts in chunks] if keep_rows else None
    del chunks
    return _Corpus(
        names,
        sums,
        rows,
        nrefs_of(nrefs),
        _group_identical(names, same),
    )


def read_texts(
    hyp_path: str, ref_paths: Sequence[str], n_refs: int = 1
) -> tuple[list[str], list[list[str]]]:
    """Every hypothesis line and the reference streams, read and checked as the CLI reads."""
    with LineSource(hyp_path) as hyps_source:
        refs_sources = [LineSource(path) for path in ref_paths]
        try:
            hyps: list[str] = []
            streams: list[list[str]] = [[] for _ in refs_sources]
            while True:
                chunk = hyps_source.read_chunk()
                ref_chunks = [source.read_chunk() for source in refs_sources]
                if len({len(lines) for lines in [chunk, *ref_chunks]}) > 1:
                    raise _count_error([hyps_source], refs_sources)
                if not chunk:
                    break
                hyps += chunk
                for stream, lines in zip(streams, ref_chunks):
                    stream += lines
        finally:
            for source in refs_sources:
                source.close()
    if not hyps:
        raise InputError(f"{hyps_source.name}: no hypotheses (the input is empty)")
    if n_refs > 1:
        streams = split_references(streams[0], n_refs, 1, refs_sources[0].name)
    return hyps, streams


# --- output ----------------------------------------------------------------------------


def _with_tests(signature: str, **fields: Any) -> str:
    """sacreBLEU's signature with the test's fields after ``nrefs`` (e.g. ``bs:1000``)."""
    first, _, rest = signature.partition("|")
    extra = "|".join(f"{key}:{str(value).lower()}" for key, value in fields.items())
    return f"{first}|{extra}|{rest}"


def _score(sums: np.ndarray, options: BleuOptions, signature: str = "") -> BleuScore:
    return score_from_stats(sums.tolist(), signature=signature, options=options.scoring)


def _json(data: Any, indent: int, ascii_only: bool) -> str:
    return json.dumps(data, indent=indent, ensure_ascii=ascii_only)


def _single(
    args: argparse.Namespace, corpus: _Corpus, options: BleuOptions, ascii_only: bool
) -> str:
    signature = options.signature(corpus.nrefs)
    result = _score(corpus.sums[0], options, signature)
    estimate = None
    if args.confidence:
        assert corpus.rows is not None
        estimate = confidence_from_stats(
            corpus.rows[0], args.confidence_n, args.seed, **scoring_keywords(options)
        )
        signature = _with_tests(result.signature, bs=args.confidence_n, seed=args.seed)
        result = dataclasses.replace(result, signature=signature)
    width = args.width
    if args.score_only:  # sacreBLEU: the bare score, also with --format json
        w = SACREBLEU_WIDTH if width is None else width
        text = f"{result.score:.{w}f}"
        if estimate is not None:
            text += f" (μ = {estimate.mean:.{w}f} ± {estimate.ci:.{w}f})"
        return text
    w = 2 if width is None else width
    if args.format == "json":
        data = result.to_dict()
        if width is not None:
            data["score"] = float(f"{result.score:.{w}f}")
        if estimate is not None:
            mean, ci = f"{estimate.mean:.{w}f}", f"{estimate.ci:.{w}f}"
            data.update(
                confidence_mean=round(estimate.mean, 2) if width is None else float(mean),
                confidence_var=round(estimate.ci, 2) if width is None else float(ci),
                confidence=f"μ = {mean} ± {ci}",
                exact_confidence_mean=estimate.mean,
                exact_confidence_ci=estimate.ci,
            )
        return _json(data, 1, ascii_only)
    if estimate is None and width is None:
        return f"{result}\n{result.signature}"
    line = f"BLEU = {result.score:.{w}f}"
    if estimate is not None:
        line += f" (μ = {estimate.mean:.{w}f} ± {estimate.ci:.{w}f})"
    return f"{line} {result.verbose}\n{result.signature}"


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


_NOTE = (
    f"Each system is compared with the baseline. * marks p < {SIGNIFICANCE}: a difference at\n"
    "least this large would be unlikely if the system and the baseline came from the same\n"
    "process. Significance says the systems differ, not that the difference matters."
)


def _marker(p: float) -> str:
    return " *" if p < SIGNIFICANCE else ""


def _several(
    args: argparse.Namespace, corpus: _Corpus, options: BleuOptions, ascii_only: bool
) -> str:
    names = corpus.names
    w = 2 if args.width is None else args.width
    signature = options.signature(corpus.nrefs)
    if not (args.paired_bs or args.paired_ar):
        scores = [_score(sums, options).score for sums in corpus.sums]
        if args.format == "json":
            data = [
                {
                    "system": name,
                    "BLEU": {"score": score, "p_value": None, "mean": None, "ci": None},
                }
                for name, score in zip(names, scores)
            ]
            return _json(data, 4, ascii_only)
        rows = [["System", "BLEU"]] + [[n, f"{s:.{w}f}"] for n, s in zip(names, scores)]
        return f"{_table(rows)}\n\n{signature}"
    assert corpus.rows is not None
    stats = corpus.rows
    scoring = scoring_keywords(options)
    results: list[PairedResult] = []
    for rows in stats[1:]:
        if args.paired_bs:
            test = paired_bootstrap_from_stats(
                stats[0], rows, args.paired_bs_n, args.seed, **scoring
            )
        else:
            test = approximate_randomization_from_stats(
                stats[0], rows, args.paired_ar_n, args.seed, **scoring
            )
        results.append(test)
    if args.paired_bs:
        n, key = args.paired_bs_n, "bs"
        what = f"bootstrap resampling test with {n} resamples"
    else:
        n, key = args.paired_ar_n, "ar"
        what = f"approximate randomization test with {n} trials"
    signature = _with_tests(signature, **{key: n, "seed": args.seed})
    base = results[0].baseline
    base_entry = {
        "score": results[0].baseline_score,
        "p_value": None,
        "mean": base.mean if isinstance(base, ConfidenceResult) else None,
        "ci": base.ci if isinstance(base, ConfidenceResult) else None,
    }
    entries = [base_entry] + [
        {"score": r.score, "p_value": r.p_value, "mean": r.mean, "ci": r.ci} for r in results
    ]
    labels = [f"Baseline: {names[0]}", *names[1:]]
    if args.format == "json":
        data = [{"system": label, "BLEU": entry} for label, entry in zip(labels, entries)]
        return _json(data, 4, ascii_only)
    header = (
        ["System", "BLEU", "(μ ± 95% CI)", "p-value"]
        if args.paired_bs
        else ["System", "BLEU", "p-value"]
    )
    table = [header]
    for label, entry in zip(labels, entries):
        row = [label, f"{entry['score']:.{w}f}"]
        if args.paired_bs:
            row.append(f"({entry['mean']:.{w}f} ± {entry['ci']:.{w}f})")
        p = entry["p_value"]
        row.append("" if p is None else f"{p:.4f}{_marker(p)}")
        table.append(row)
    return f"{_table(table)}\n\nPaired {what}.\n{_NOTE}\n{signature}"


def _identical_warning(groups: list[list[str]]) -> str:
    parts = [" and ".join(group) for group in groups]
    return (
        f"{PROG}: warning: identical hypotheses in {'; '.join(parts)}: a paired test "
        "between them means nothing (p = 1.0)"
    )


def _metrics(args: argparse.Namespace, options: BleuOptions, ascii_only: bool) -> str:
    """``-m`` with chrF or TER, or ``-sl``: every segment read, then scored (cli_metrics)."""
    hyps, streams = read_texts(args.input[0], args.refs, args.num_refs)
    as_json = args.format == "json"
    if args.sentence_level:
        scores = sentence_scores_of(args.metrics[0], hyps, streams, options)
        return sentence_lines(scores, args.width, args.score_only, as_json, ascii_only)
    scores = corpus_scores(args.metrics, hyps, streams, options)
    return corpus_output(scores, args.width, args.score_only, as_json, ascii_only)


def run(args: argparse.Namespace, ascii_only: bool = False) -> str:
    """Score as the parsed ``args`` say; return the text to print.

    ``ascii_only``: the JSON escapes non-ASCII characters (the caller replaces the rest).
    """
    _check_mode(args)
    try:
        options = BleuOptions(
            args.tokenize,
            args.lowercase,
            args.smooth,
            args.smooth_value,
            args.max_order,
            args.effective_order,
        )
    except (TypeError, ValueError) as exc:
        raise InputError(str(exc)) from None
    if args.sentence_level or set(args.metrics) != {"bleu"}:
        return _metrics(args, options, ascii_only)
    keep_rows = bool(args.confidence or args.paired_bs or args.paired_ar)
    corpus = read_corpus(args.input, args.refs, options, keep_rows, args.num_refs)
    if corpus.identical:
        _print_error(_identical_warning(corpus.identical), prefix=False)
    try:
        if len(corpus.sums) == 1:
            return _single(args, corpus, options, ascii_only)
        return _several(args, corpus, options, ascii_only)
    except (TypeError, ValueError) as exc:
        raise InputError(str(exc)) from None


# --- the process: encodings, errors, exit status -----------------------------------------


def _encodable(stream: Any, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _printable(text: str, stream: Any) -> str:
    """``text`` as ``stream`` can encode it: ``mu``/``+/-``, then backslash escapes."""
    if _encodable(stream, text):
        return text
    for char, ascii_text in _ASCII.items():
        text = text.replace(char, ascii_text)
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        return text.encode("ascii", "backslashreplace").decode("ascii")


def _print_error(message: str, prefix: bool = True) -> None:
    """One line on stderr, whatever the message holds and the stream can encode."""
    line = " ".join(message.splitlines()) or message
    if prefix:
        line = f"{PROG}: error: {line}"
    stream = sys.stderr
    if stream is None:
        return
    try:
        print(_printable(line, stream), file=stream, flush=True)
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m bleu``; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        ascii_only = not _encodable(sys.stdout, "".join(_ASCII))
        output = run(args, ascii_only)
    except (InputError, MissingExtraError) as exc:  # the second: -tok ko-mecab, no extra
        _print_error(str(exc))
        return 1
    except MemoryError:
        _print_error("out of memory: the input is too large for this machine")
        return 1
    except KeyboardInterrupt:
        _print_error("interrupted")
        return 130
    try:
        print(_printable(output, sys.stdout), flush=True)
    except BrokenPipeError:  # e.g. `python -m bleu ... | head -1`: not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0
