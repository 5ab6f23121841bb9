"""Load the example sentences of the source documents from ``data/``.

The files live in the repository's ``data/`` folder; they are found from this package's
own location, so a notebook can load them whatever its working directory.

>>> ex = load_example("example2")
>>> ex.candidate_tokens("Ca1")
['the', 'the', 'the', 'the', 'the', 'the', 'the']
>>> len(ex.reference_tokens())
2
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Reported:
    """A number a document reports, as the document writes it."""

    what: str
    value: str
    documents: tuple[str, ...]
    candidate: str | None = None
    n: int | None = None


@dataclass(frozen=True)
class ExampleSet:
    """Candidates and references of one example, with what the documents report on it."""

    name: str
    title: str
    documents: tuple[str, ...]
    note: str
    candidates: dict[str, str]
    references: tuple[str, ...]
    reported: tuple[Reported, ...] = field(default_factory=tuple)

    def candidate_tokens(self, label: str) -> list[str]:
        """The candidate ``label`` (e.g. ``"Ca1"``) split on whitespace, case kept."""
        if label not in self.candidates:
            raise KeyError(f"label must be one of {sorted(self.candidates)}, got {label!r}")
        return self.candidates[label].split()

    def reference_tokens(self) -> list[list[str]]:
        """The references split on whitespace, case kept: ready for ``sentence_bleu``."""
        return [ref.split() for ref in self.references]


def data_path(name: str) -> Path:
    """Path of a file under ``data/``; raises ``FileNotFoundError`` naming it if missing."""
    path = DATA_DIR / name
    if not path.exists():
        raise FileNotFoundError(f"name: no file {name!r} in {DATA_DIR.name}/")
    return path


@cache
def _raw_examples() -> dict:
    return json.loads(data_path("examples.json").read_text(encoding="utf-8"))


def example_names() -> list[str]:
    """Names of the example sets, in file order."""
    return list(_raw_examples()["sets"])


def load_example(name: str) -> ExampleSet:
    """One example set by name, e.g. ``"example1"``, ``"running"``, ``"example2"``."""
    sets = _raw_examples()["sets"]
    if name not in sets:
        raise KeyError(f"name must be one of {list(sets)}, got {name!r}")
    raw = sets[name]
    reported = tuple(
        Reported(
            what=r["what"],
            value=r["value"],
            documents=tuple(r["documents"]),
            candidate=r.get("candidate"),
            n=r.get("n"),
        )
        for r in raw["reported"]
    )
    return ExampleSet(
        name=name,
        title=raw["title"],
        documents=tuple(raw["documents"]),
        note=raw["note"],
        candidates=dict(raw["candidates"]),
        references=tuple(raw["references"]),
        reported=reported,
    )


def load_examples() -> dict[str, ExampleSet]:
    """All example sets, keyed by name."""
    return {name: load_example(name) for name in example_names()}


def reported_numbers() -> list[Reported]:
    """Numbers the documents report that belong to no sentence set (004's figures etc.)."""
    return [
        Reported(what=r["what"], value=r["value"], documents=tuple(r["documents"]))
        for r in _raw_examples()["numbers"]
    ]


def load_glossary() -> list[dict[str, str]]:
    """The glossary of ``data/glossary.tsv``: English, Korean and Chinese terms with a meaning.

    >>> load_glossary()[0]["english"]
    'BLEU (Bilingual Evaluation Understudy)'
    """
    lines = data_path("glossary.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line.strip()]
