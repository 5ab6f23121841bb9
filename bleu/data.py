"""Load the example sentences of the source documents from ``data/``.

The repository's top-level ``data/`` folder is the one copy of these files. This module finds
them from its own location, never from the current directory, so a notebook can load them
whatever its working directory:

* run from the repository (``pip install -e .``, as ``requirements.txt`` does), it reads
  ``data/`` next to the ``bleu/`` folder;
* installed from a wheel, it reads the copy the build put inside the package as
  ``bleu/_data/`` (see ``setup.py``), through :mod:`importlib.resources`.

>>> ex = load_example("example2")
>>> ex.candidate_tokens("Ca1")
['the', 'the', 'the', 'the', 'the', 'the', 'the']
>>> len(ex.reference_tokens())
2

Defined in notebook 00 (overview), where the running examples are loaded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_CHECKOUT = Path(__file__).resolve().parent.parent


def _find_data_dir() -> Traversable:
    """The checkout's ``data/`` when ``bleu`` runs from a checkout, else the packaged copy."""
    checkout_data = _CHECKOUT / "data"
    if (_CHECKOUT / "pyproject.toml").is_file() and (checkout_data / "examples.json").is_file():
        return checkout_data
    return resources.files(__package__) / "_data"


#: Folder of the data files: a :class:`~pathlib.Path` except in a zipped install.
DATA_DIR = _find_data_dir()


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


def data_path(name: str) -> Traversable:
    """The data file ``name`` (e.g. ``"examples.json"``); ``FileNotFoundError`` if missing.

    >>> data_path("glossary.tsv").name
    'glossary.tsv'
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a file name (str), got {type(name).__name__}")
    if not DATA_DIR.is_dir():
        raise FileNotFoundError(
            f"bleu's data folder is missing ({DATA_DIR}): this copy of the package was built "
            "without data/; build it with the repository's setup.py (pip wheel .)"
        )
    path = DATA_DIR / name
    if not path.is_file():
        files = sorted(f.name for f in DATA_DIR.iterdir() if f.is_file())
        raise FileNotFoundError(f"no data file {name!r} in {DATA_DIR}; the files are {files}")
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
