"""Command line: ``python -m bleu REF [REF ...] [-i HYP]``, sacreBLEU-style corpus BLEU.

Files hold one segment per line (UTF-8; only ``\\n`` ends a line, as in sacreBLEU and
multi-bleu.perl). Each REF file is one reference stream; hypotheses come from ``-i HYP``
or, without it, from standard input. The output is the score line and the signature
(``--format text``) or one JSON object (``--format json``). Errors (a missing or
unreadable file, line counts that differ, empty input) print one line to stderr and exit
with status 1; a bad option exits with status 2 (argparse).

With ``--tokenize none`` on already-tokenized text the figures equal multi-bleu.perl's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .sacre import SMOOTH_DEFAULTS, corpus_score
from .tokenize import TOKENIZERS

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="sacreBLEU-compatible corpus BLEU of a hypothesis file against references.",
    )
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference file(s), one per set")
    parser.add_argument(
        "-i", "--input", metavar="HYP", default="-", help="hypothesis file (default: stdin)"
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
    return parser


def run(args: argparse.Namespace) -> str:
    """Score as the parsed ``args`` say; return the text to print."""
    hyps = read_segments(args.input)
    refs = [read_segments(path) for path in args.refs]
    hyp_name = "standard input" if args.input == "-" else args.input
    if not hyps:
        raise InputError(f"{hyp_name}: no hypotheses (the input is empty)")
    for path, stream in zip(args.refs, refs):
        if len(stream) != len(hyps):
            raise InputError(
                f"{path} has {len(stream)} lines but {hyp_name} has {len(hyps)}: "
                "give one reference line per hypothesis line"
            )
    try:
        result = corpus_score(
            hyps,
            refs,
            tokenize=args.tokenize,
            lowercase=args.lowercase,
            smooth=args.smooth,
            smooth_value=args.smooth_value,
            max_ngram_order=args.max_order,
            effective_order=args.effective_order,
        )
    except (TypeError, ValueError) as exc:
        raise InputError(str(exc)) from None
    if args.format == "json":
        return result.to_json()
    return f"{result}\n{result.signature}"


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
