"""The ledger of the documents' items (data/document_items.tsv) against the notebooks.

Each row of the ledger is one item of one of the five source documents: a number it prints, a
claim it makes about BLEU, perplexity or other metrics, a behaviour of its code, or a slip.
A row either names the notebook that shows the item and an *evidence* string that occurs in
that notebook (in a cell's source or in a stored output), or says ``MISSING`` and, in its
note, where the item belongs and what input would show it.

The tests fail on a malformed row and on an evidence string that the named notebook does not
contain (the message says which other notebooks contain it, if any). MISSING rows never fail;
they are listed by ``test_ledger_counts``, which also prints how many items are shown. To see
that report, run the file without xdist so that its output is not swallowed:

    python -m pytest tests/test_document_items.py -s -n 0 -k counts

or run it as a script: ``python tests/test_document_items.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "data" / "document_items.tsv"
NOTEBOOKS = ROOT / "notebooks"

HEADER = ["document", "item", "kind", "description", "notebook", "evidence", "note"]
DOCUMENTS = ("000", "001", "002", "003", "004")
KINDS = ("number", "claim", "code", "slip")
MISSING = "MISSING"
MIN_EVIDENCE = 6  # characters: shorter strings ("the", "2/7") identify nothing


def read_ledger(path: Path = LEDGER) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The header and the rows as (line number, fields), split on tabs, nothing dropped."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    header = lines[0].split("\t") if lines else []
    return header, [(n, line.split("\t")) for n, line in enumerate(lines[1:], start=2)]


def row_problems(fields: list[str]) -> list[str]:
    """What is wrong with one row (an empty list for a well-formed row)."""
    if len(fields) != len(HEADER):
        return [f"{len(fields)} fields, expected {len(HEADER)}"]
    row = dict(zip(HEADER, fields))
    problems = []
    if row["document"] not in DOCUMENTS:
        problems.append(f"document {row['document']!r} is not one of {DOCUMENTS}")
    if not row["item"].isdigit() or int(row["item"]) < 1:
        problems.append(f"item {row['item']!r} is not a positive integer")
    if row["kind"] not in KINDS:
        problems.append(f"kind {row['kind']!r} is not one of {KINDS}")
    if not row["description"].strip():
        problems.append("the description is empty")
    for name, value in row.items():
        if value != value.strip():
            problems.append(f"{name} has leading or trailing spaces")
    if row["notebook"] == MISSING:
        if row["evidence"]:
            problems.append("a MISSING row has an evidence string")
        if not row["note"].strip():
            problems.append(
                "a MISSING row needs a note: where the item belongs, what input shows it"
            )
    else:
        path = NOTEBOOKS / row["notebook"]
        if not row["notebook"].endswith(".ipynb") or not path.is_file():
            problems.append(f"notebook {row['notebook']!r} is not a file under notebooks/")
        if len(row["evidence"]) < MIN_EVIDENCE:
            problems.append(
                f"evidence {row['evidence']!r} is shorter than {MIN_EVIDENCE} characters"
            )
    return problems


@cache
def notebook_texts(name: str) -> tuple[str, ...]:
    """Every cell source and every stored text output of a notebook, as separate strings."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))

    def join(value):
        return "".join(value) if isinstance(value, list) else value

    texts = []
    for cell in nb["cells"]:
        texts.append(join(cell["source"]))
        for out in cell.get("outputs", []):
            if "text" in out:
                texts.append(join(out["text"]))
            for mime, value in out.get("data", {}).items():
                if mime.startswith("text/"):
                    texts.append(join(value))
            if out.get("output_type") == "error":
                texts.append(f"{out.get('ename', '')}: {out.get('evalue', '')}")
    return tuple(texts)


def notebooks_containing(evidence: str) -> list[str]:
    names = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb"))
    return [
        n
        for n in names
        if ".ipynb_checkpoints" not in n and any(evidence in t for t in notebook_texts(n))
    ]


HEADER_READ, ROWS = read_ledger()
WELL_FORMED = [fields for _, fields in ROWS if not row_problems(fields)]
SHOWN = [dict(zip(HEADER, f)) for f in WELL_FORMED if f[HEADER.index("notebook")] != MISSING]


def test_header():
    assert HEADER_READ == HEADER


def test_every_row_is_well_formed():
    problems = [
        f"line {n} ({'-'.join(fields[:2])}): {p}"
        for n, fields in ROWS
        for p in row_problems(fields)
    ]
    assert not problems, "malformed rows in data/document_items.tsv:\n" + "\n".join(problems)


def test_items_are_numbered_1_to_n_per_document_in_order():
    seen: dict[str, list[int]] = {}
    for _, fields in ROWS:
        if len(fields) > 1 and fields[1].isdigit():
            seen.setdefault(fields[0], []).append(int(fields[1]))
    order = [fields[0] for _, fields in ROWS]
    assert order == sorted(order), "the rows are sorted by document"
    assert list(seen) == list(DOCUMENTS), "the documents appear in the order 000 ... 004"
    for doc, items in seen.items():
        assert items == list(range(1, len(items) + 1)), f"document {doc}: items {items}"


@pytest.mark.parametrize("row", SHOWN, ids=lambda r: f"{r['document']}-{r['item']}")
def test_evidence_is_in_the_named_notebook(row):
    if any(row["evidence"] in t for t in notebook_texts(row["notebook"])):
        return
    elsewhere = notebooks_containing(row["evidence"])
    pytest.fail(
        f"document {row['document']} item {row['item']} ({row['description']}): "
        f"{row['evidence']!r} is not in {row['notebook']}; "
        + (f"it is in {', '.join(elsewhere)}" if elsewhere else "it is in no notebook")
    )


def report() -> str:
    """The counts (shown / total, per document and kind) and the MISSING items."""
    rows = [dict(zip(HEADER, f)) for f in WELL_FORMED]
    shown = [r for r in rows if r["notebook"] != MISSING]
    lines = [f"document items shown by the notebooks: {len(shown)} / {len(rows)}"]
    for doc in DOCUMENTS:
        of_doc = [r for r in rows if r["document"] == doc]
        kinds = Counter(r["kind"] for r in of_doc)
        lines.append(
            f"  {doc}: {sum(r['notebook'] != MISSING for r in of_doc)} / {len(of_doc)}  ("
            + ", ".join(f"{k} {kinds[k]}" for k in KINDS)
            + ")"
        )
    missing = [r for r in rows if r["notebook"] == MISSING]
    lines.append(f"MISSING ({len(missing)}):")
    lines += [
        f"  {r['document']}-{r['item']} [{r['kind']}] {r['description']}\n      -> {r['note']}"
        for r in missing
    ]
    return "\n".join(lines)


def test_ledger_counts():
    print()
    print(report())
    assert WELL_FORMED, "the ledger has no well-formed rows"
    assert SHOWN, "the ledger shows no item"


if __name__ == "__main__":
    print(report())
