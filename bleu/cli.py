"""Command line: ``python -m bleu REF [REF ...] [-i HYP [HYP ...]]``, sacreBLEU-style BLEU.

Files hold one segment per line (UTF-8; only ``\\n`` ends a line, as in sacreBLEU and
multi-bleu.perl). Each REF file is one reference stream; hypotheses come from ``-i HYP``
or, without it, from standard input. The output is the score line and the signature
(``--format text``) or one JSON object (``--format json``). Errors (a missing or
unreadable file, line counts that differ, empty input) print one line to stderr and exit
with status 1; a bad option exits with status 2 (argparse).

Statistical tests, as sacreBLEU's options of the same names (see :mod:`bleu.significance`):

- ``--confidence`` (one system): the score with the bootstrap mean and 95% half-width,
  ``BLEU = 43.00 (μ = 42.92 ± 2.35) ...``;
- ``-i BASELINE SYSTEM [SYSTEM ...] --paired-bs`` or ``--paired-ar``: every system is
  compared with the first one (the baseline); a table of scores and p-values;
- ``--seed`` (default 12345, sacreBLEU's; ``none`` for fresh randomness), ``--confidence-n``,
  ``--paired-bs-n``, ``--paired-ar-n`` set the randomness and the number of resamples.

Several systems without a test give a table of their scores.
With ``--tokenize none`` on already-tokenized text the figures equal multi-bleu.perl's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import Any

from .sacrebleu_rules import SMOOTH_DEFAULTS, BleuOptions, BleuScore, bleu_of_sums
from .significance import (
    DEFAULT_SEED,
    ConfidenceResult,
    PairedResult,
    approximate_randomization_from_stats,
    confidence_from_stats,
    paired_bootstrap_from_stats,
)
from .tokenizers import TOKENIZERS
from .vectorized import EncodedReferences, prepare

PROG = "python -m bleu"


class InputError(Exception):
    """A problem with the input files, reported in one line."""


def _read_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines[-1] == "":  # the final newline ends the last line; it does not start a new one
        lines.pop()
    return lines


def read_segments(path: str) -> list[str]:
    """The lines of ``path`` (``-`` for standard input), without their ``\\n``."""
    try:
        if path == "-":
            return _read_stdin()
        with open(path, encoding="utf-8", newline="") as handle:
            return _read_lines(handle.read())
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not valid UTF-8 (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None


def _read_stdin() -> list[str]:
    stream = sys.stdin
    if stream is None:
        raise InputError("standard input is closed; give the hypotheses with -i HYP")
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:  # read bytes ourselves: UTF-8 whatever the locale, \n only
        try:
            return _read_lines(buffer.read().decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise InputError(f"standard input: not valid UTF-8 (byte {exc.start})") from None
    return _read_lines(stream.read())


def _seed(text: str) -> int | None:
    """``--seed``: a whole number >= 0, or ``none`` for fresh randomness."""
    if text.lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: give a number or none") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: it must be >= 0")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="sacreBLEU-compatible corpus BLEU of hypothesis files against references, "
        "with bootstrap confidence intervals and paired significance tests.",
    )
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference file(s), one per set")
    parser.add_argument(
        "-i",
        "--input",
        metavar="HYP",
        nargs="+",
        default=["-"],
        help="hypothesis file(s) (default: stdin); with a paired test the first is the baseline",
    )
    parser.add_argument(
        "-tok", "--tokenize", choices=TOKENIZERS, default="13a", help="tokenizer (default: 13a)"
    )
    parser.add_argument("-lc", "--lowercase", action="store_true", help="lowercase everything")
    parser.add_argument(
        "-s", "--smooth", choices=tuple(SMOOTH_DEFAULTS), default="exp", help="default: exp"
    )
    parser.add_argument(
        "-sv",
        "--smooth-value",
        type=float,
        default=None,
        metavar="V",
        help="value for floor (default 0.1) and add-k (default 1)",
    )
    parser.add_argument(
        "--max-order", type=int, default=4, metavar="N", help="largest n-gram order (default: 4)"
    )
    parser.add_argument(
        "--effective-order", action="store_true", help="skip orders with no hypothesis n-gram"
    )
    parser.add_argument("-f", "--format", choices=("text", "json"), default="text")
    tests = parser.add_argument_group("confidence intervals and paired significance tests")
    tests.add_argument(
        "-ci", "--confidence", action="store_true", help="bootstrap 95%% CI of one system's score"
    )
    tests.add_argument(
        "-cin", "--confidence-n", type=int, default=1000, metavar="N", help="default: 1000"
    )
    paired = tests.add_mutually_exclusive_group()
    paired.add_argument(
        "-pbs", "--paired-bs", action="store_true", help="paired bootstrap test (Koehn, 2004)"
    )
    paired.add_argument(
        "-par", "--paired-ar", action="store_true", help="paired approximate randomization test"
    )
    tests.add_argument(
        "-pbsn", "--paired-bs-n", type=int, default=1000, metavar="N", help="default: 1000"
    )
    tests.add_argument(
        "-parn", "--paired-ar-n", type=int, default=10000, metavar="N", help="default: 10000"
    )
    tests.add_argument(
        "--seed",
        type=_seed,
        default=DEFAULT_SEED,
        metavar="S",
        help=f"random seed, or none (default: {DEFAULT_SEED}, sacreBLEU's)",
    )
    return parser


def _read_systems(args: argparse.Namespace) -> tuple[list[list[str]], list[list[str]]]:
    """The systems' lines and the reference streams, with one-line errors."""
    systems = [read_segments(path) for path in args.input]
    refs = [read_segments(path) for path in args.refs]
    for path, hyps in zip(args.input, systems):
        hyp_name = "standard input" if path == "-" else path
        if not hyps:
            raise InputError(f"{hyp_name}: no hypotheses (the input is empty)")
        for ref_path, stream in zip(args.refs, refs):
            if len(stream) != len(hyps):
                raise InputError(
                    f"{ref_path} has {len(stream)} lines but {hyp_name} has {len(hyps)}: "
                    "give one reference line per hypothesis line"
                )
    return systems, refs


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
    if args.input.count("-") > 1:
        raise InputError("standard input can be read once only: give files with -i")


def _with_tests(signature: str, **fields: Any) -> str:
    """sacreBLEU's signature with the test's fields after ``nrefs`` (e.g. ``bs:1000``)."""
    first, _, rest = signature.partition("|")
    extra = "|".join(f"{key}:{str(value).lower()}" for key, value in fields.items())
    return f"{first}|{extra}|{rest}"


def _score_text(result: BleuScore, estimate: ConfidenceResult | None = None) -> str:
    if estimate is None:
        return str(result)
    return (
        f"BLEU = {result.score:.2f} (μ = {estimate.mean:.2f} ± {estimate.ci:.2f}) {result.verbose}"
    )


def _scoring(options: BleuOptions) -> dict[str, Any]:
    """The options that act on statistics, for the tests of :mod:`bleu.significance`."""
    return {
        "smooth": options.smooth,
        "smooth_value": options.smooth_value,
        "effective_order": options.effective_order,
    }


def _single(
    args: argparse.Namespace, hyps: list[str], refs: EncodedReferences, options: BleuOptions
) -> str:
    signature = options.signature(refs.nrefs)
    if not args.confidence:
        result = bleu_of_sums(refs.sums(hyps), options, signature)
        estimate = None
    else:
        rows = refs.stats(hyps)
        result = bleu_of_sums(rows.sum(axis=0), options, signature)
        estimate = confidence_from_stats(rows, args.confidence_n, args.seed, **_scoring(options))
        signature = _with_tests(result.signature, bs=args.confidence_n, seed=args.seed)
        result = dataclasses.replace(result, signature=signature)
    if args.format == "json":
        data = result.to_dict()
        if estimate is not None:
            data.update(
                confidence_mean=round(estimate.mean, 2),
                confidence_var=round(estimate.ci, 2),
                confidence=f"μ = {estimate.mean:.2f} ± {estimate.ci:.2f}",
                exact_confidence_mean=estimate.mean,
                exact_confidence_ci=estimate.ci,
            )
        return json.dumps(data, indent=1, ensure_ascii=False)
    return f"{_score_text(result, estimate)}\n{result.signature}"


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


_NOTE = (
    "Each system is compared with the baseline. * marks p < 0.05: a difference at least this\n"
    "large would be unlikely if the system and the baseline came from the same process.\n"
    "Significance says the systems differ, not that the difference matters."
)


def _several(
    args: argparse.Namespace,
    systems: list[list[str]],
    refs: EncodedReferences,
    options: BleuOptions,
) -> str:
    names = ["standard input" if path == "-" else path for path in args.input]
    signature = options.signature(refs.nrefs)
    if not (args.paired_bs or args.paired_ar):
        scores = [bleu_of_sums(refs.sums(hyps), options).score for hyps in systems]
        if args.format == "json":
            data = [
                {
                    "system": name,
                    "BLEU": {"score": score, "p_value": None, "mean": None, "ci": None},
                }
                for name, score in zip(names, scores)
            ]
            return json.dumps(data, indent=4, ensure_ascii=False)
        rows = [["System", "BLEU"]] + [[n, f"{s:.2f}"] for n, s in zip(names, scores)]
        return f"{_table(rows)}\n\n{signature}"
    stats = [refs.stats(hyps) for hyps in systems]
    scoring = _scoring(options)
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
        n, what, key = (
            args.paired_bs_n,
            f"bootstrap resampling test with {args.paired_bs_n} resamples",
            "bs",
        )
    else:
        n, what, key = (
            args.paired_ar_n,
            f"approximate randomization test with {args.paired_ar_n} trials",
            "ar",
        )
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
        return json.dumps(data, indent=4, ensure_ascii=False)
    header = (
        ["System", "BLEU", "(μ ± 95% CI)", "p-value"]
        if args.paired_bs
        else ["System", "BLEU", "p-value"]
    )
    table = [header]
    for label, entry in zip(labels, entries):
        row = [label, f"{entry['score']:.2f}"]
        if args.paired_bs:
            row.append(f"({entry['mean']:.2f} ± {entry['ci']:.2f})")
        p = entry["p_value"]
        row.append("" if p is None else f"{p:.4f}{' *' if p < 0.05 else ''}")
        table.append(row)
    return f"{_table(table)}\n\nPaired {what}.\n{_NOTE}\n{signature}"


def run(args: argparse.Namespace) -> str:
    """Score as the parsed ``args`` say; return the text to print."""
    _check_mode(args)
    systems, streams = _read_systems(args)
    try:
        options = BleuOptions(
            args.tokenize,
            args.lowercase,
            args.smooth,
            args.smooth_value,
            args.max_order,
            args.effective_order,
        )
        hyps, refs = prepare(systems[0], streams, options)
        if len(systems) == 1:
            return _single(args, hyps, refs, options)
        return _several(args, systems, refs, options)
    except (TypeError, ValueError) as exc:
        raise InputError(str(exc)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m bleu``; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        output = run(args)
    except InputError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    print(output)
    return 0
