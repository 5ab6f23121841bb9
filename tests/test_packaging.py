"""Packaging: the declared dependencies match requirements.txt, and bleu.data finds its files.

That the wheel works outside the checkout is checked end to end by .ci/wheel_check.sh.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bleu import data

ROOT = Path(__file__).resolve().parent.parent
SELF = "bleu-notebooks"


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def names(requirements) -> set[str]:
    return {canonicalize_name(Requirement(r).name) for r in requirements} - {SELF}


def requirement_lines(file_name: str) -> list[str]:
    """The requirement specifiers of one requirements file (comments, options and -r dropped)."""
    lines = (ROOT / file_name).read_text(encoding="utf-8").splitlines()
    reqs = [line.split("#")[0].strip() for line in lines]
    return [r for r in reqs if r and not r.startswith("-")]


def requirements_txt() -> set[str]:
    return names(requirement_lines("requirements.txt"))


def requirements_dev_txt() -> set[str]:
    return names(requirement_lines("requirements-dev.txt"))


# Imported by notebooks but shipped inside another distribution, or part of the standard library.
NOTEBOOK_MODULE_DISTRIBUTIONS = {"IPython": "ipython", "bleu": SELF}


def test_requirements_txt_installs_the_package_itself():
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert "-e ." in [line.strip() for line in lines]


def test_every_pinned_requirement_is_declared_by_the_package():
    project = pyproject()["project"]
    declared = names(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        declared |= names(extra)
    assert (requirements_txt() | requirements_dev_txt()) - declared == set()


def test_requirements_dev_txt_builds_on_requirements_txt():
    lines = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    assert "-r requirements.txt" in [line.strip() for line in lines]
    assert requirements_txt() & requirements_dev_txt() == set(), "listed twice"


def notebook_imports() -> set[str]:
    """Top-level modules imported by a code cell of any notebook (solutions included)."""
    import json
    import re

    modules = set()
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            for line in "".join(cell["source"]).splitlines():
                found = re.match(r"\s*(?:from|import)\s+(\w+)", line)
                if found:
                    modules.add(found.group(1))
    return modules


def test_requirements_txt_alone_provides_every_notebook_import():
    """A student installs requirements.txt only: every module a notebook imports comes from it."""
    import sys

    by_module = importlib.metadata.packages_distributions()
    student = requirements_txt() | {SELF}
    missing = {}
    for module in sorted(notebook_imports()):
        if module in sys.stdlib_module_names:
            continue
        dists = {canonicalize_name(d) for d in by_module.get(module, [])}
        dists |= {canonicalize_name(NOTEBOOK_MODULE_DISTRIBUTIONS.get(module, module))}
        if not dists & student:
            missing[module] = sorted(dists)
    assert missing == {}, "notebooks import these, requirements.txt does not install them"


def test_requirements_txt_leaves_the_tools_to_requirements_dev_txt():
    tools = {"playwright", "hypothesis", "pytest-xdist", "ruff", "sphinx-revealjs", "fonttools"}
    assert requirements_txt() & tools == set()
    assert tools <= requirements_dev_txt()


def test_import_bleu_needs_only_numpy_and_regex():
    assert names(pyproject()["project"]["dependencies"]) == {"numpy", "regex"}


@pytest.mark.parametrize("extra", ["notebooks", "site", "distributed", "korean", "test"])
def test_requirements_txt_installs_every_declared_extra(extra):
    """What the extras declare is installed here (the tests run after requirements-dev.txt)."""
    missing = []
    for name in names(pyproject()["project"]["optional-dependencies"][extra]):
        try:
            importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    assert missing == []


def test_data_comes_from_the_checkout_here():
    assert Path(data.DATA_DIR) == ROOT / "data"
    assert data.data_path("examples.json").is_file()


def test_a_missing_data_file_is_named_with_the_files_there():
    message = r"no data file 'nothing\.json' in .*'examples\.json'"
    with pytest.raises(FileNotFoundError, match=message):
        data.data_path("nothing.json")


def test_a_data_file_name_must_be_a_string():
    with pytest.raises(TypeError, match="name"):
        data.data_path(None)
