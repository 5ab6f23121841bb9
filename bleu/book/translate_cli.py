"""``python -m bleu.book translate [--check] [--only NB...] | worksheet NB | fill NB SHEET``.

See :mod:`bleu.book.translate` for the catalogues and the translator's round trip.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import nbformat

from .catalog import ROOT
from .translate import (
    catalogue_path,
    fill,
    make_edition,
    parse_sheet,
    read_catalogue,
    sources,
    update_catalogue,
    worksheet,
    write_catalogue,
    write_edition,
)


def _english(path: Path) -> tuple[nbformat.NotebookNode, Path]:
    """The English notebook at ``path`` and its path relative to ``notebooks/``."""
    resolved = path.resolve()
    notebooks = (ROOT / "notebooks").resolve()
    try:
        rel = resolved.relative_to(notebooks)
    except ValueError:
        raise ValueError(f"notebook: {path} is not under {notebooks}") from None
    if rel.parts[0] == "ko" or not resolved.is_file():
        raise ValueError(f"notebook: {path} is not an English notebook of the suite")
    return nbformat.read(resolved, as_version=4), rel


def run(args: argparse.Namespace) -> int:
    """Run one ``translate`` command; the exit status is 1 when something is left to do."""
    if args.step == "worksheet":
        nb, rel = _english(args.notebook)
        catalog = update_catalogue(read_catalogue(catalogue_path(rel)), sources(nb))
        print(worksheet(nb, catalog, everything=args.all), end="")
        return 0
    if args.step == "fill":
        nb, rel = _english(args.notebook)
        catalog = update_catalogue(read_catalogue(catalogue_path(rel)), sources(nb))
        problems = fill(nb, catalog, parse_sheet(args.sheet.read_text(encoding="utf-8")))
        write_catalogue(catalog, catalogue_path(rel))
        for problem in problems:
            print(f"check: {problem}")
        return 1 if problems else 0
    edition = make_edition()
    if args.only:
        keep = {_english(path)[1] for path in args.only}
        for table in (edition.catalogues, edition.notebooks, edition.status):
            for rel in [rel for rel in table if rel not in keep]:
                del table[rel]
    if args.notebooks_only:
        edition.catalogues.clear()
    changed = write_edition(edition, check=args.check)
    for path in changed:
        print(f"{'out of date' if args.check else 'written'}: {path.relative_to(ROOT)}")
    left = 0
    for rel, state in edition.status.items():
        if state.missing or state.stale:
            left += 1
            print(f"{rel}: {len(state.missing)} missing, {len(state.stale)} stale")
    return 1 if (changed and args.check) or left else 0
