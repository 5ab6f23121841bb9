"""``python -m bleu.book nav [--check]`` and ``python -m bleu.book site [--out DIR]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bleu.book", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    nav = sub.add_parser("nav", help="rewrite the navigation cells and tables of contents")
    nav.add_argument("--check", action="store_true", help="only report what is out of date")
    site = sub.add_parser("site", help="build the offline HTML handouts and slides")
    site.add_argument("--out", type=Path, default=None, help="output folder (default: build/site)")
    tr = sub.add_parser("translate", help="update the Korean catalogues and notebooks")
    tr.add_argument("--check", action="store_true", help="only report what is out of date")
    tr.add_argument(
        "--notebooks-only", action="store_true", help="write the notebooks, not the catalogues"
    )
    tr.add_argument(
        "--only",
        type=Path,
        nargs="+",
        default=None,
        metavar="NOTEBOOK",
        help="update only these English notebooks' catalogues and Korean twins",
    )
    tr_sub = tr.add_subparsers(dest="step")
    sheet = tr_sub.add_parser("worksheet", help="print a notebook's messages still to translate")
    sheet.add_argument("notebook", type=Path, help="the English notebook")
    sheet.add_argument("--all", action="store_true", help="every message, translated or not")
    fill = tr_sub.add_parser("fill", help="put a worksheet's Korean text into the catalogue")
    fill.add_argument("notebook", type=Path, help="the English notebook")
    fill.add_argument("sheet", type=Path, help="'=== context ===' blocks of Korean text")
    args = parser.parse_args(argv)
    if args.command == "translate":
        from .translate_cli import run

        return run(args)
    # Imported here, for the command asked only: the site builder loads nbconvert, jinja2
    # and the reveal.js/MathJax packages, which `nav` does not need.
    if args.command == "nav":
        from .nav import update

        stale = update(check=args.check)
        for path in stale:
            print(f"{'out of date' if args.check else 'updated'}: {path}")
        return 1 if (args.check and stale) else 0
    from .site import build_site

    out = build_site(args.out) if args.out else build_site()
    print(f"site written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
