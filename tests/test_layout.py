"""The package's layout keeps the story its docstring tells (issue: a core by stage).

Imports go one way (no two modules import each other, directly or around a loop), no
module imports another's private name, imports sit at the top of a module unless a
heavy optional dependency needs laziness, and a score is computed from statistics rows
by the four functions of :mod:`bleu.rules` only (one per rule set and shape).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import tomllib

import bleu
from bleu import rules

PACKAGE = Path(bleu.__file__).resolve().parent
ROOT = PACKAGE.parent

# Lazy imports that are meant: the command lines import the site builder only when asked
# (it needs nbconvert, which the notebooks' install has but a plain `import bleu` should
# not pay for).
LAZY = {
    ("bleu.book.__main__", "bleu.book.site"),
    ("bleu.book.__main__", "bleu.book.nav"),
    ("bleu.book.__main__", "bleu.book.translate_cli"),
}


def _module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def _imports() -> list[tuple[str, str, str, bool]]:
    """(importing module, imported module, imported name, at the module's top level)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                target = ".".join(parts + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "bleu":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                is_module = (ROOT / (sub.replace(".", "/") + ".py")).exists() or (
                    ROOT / sub.replace(".", "/")
                ).is_dir()
                found.append((module, sub if is_module else target, alias.name, id(node) in top))
    return found


def _cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    cycles = []
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    cycles.append(path)
                elif nxt not in path:
                    stack.append((nxt, [*path, nxt]))
    return cycles


def test_no_module_imports_itself_back():
    # bleu/__init__ re-exports the modules' names: an import of "bleu" itself is not an edge
    edges = {(a, b) for a, b, _, _ in _imports() if b != "bleu" and a != "bleu"}
    assert _cycles(edges) == []


def test_the_cycle_check_finds_a_cycle():
    assert ["a", "b", "c"] in _cycles({("a", "b"), ("b", "c"), ("c", "a")})
    assert len(_cycles({("a", "b"), ("b", "a")})) == 2  # found from either end
    assert _cycles({("a", "b"), ("b", "c")}) == []


def test_no_private_name_is_imported_from_another_module():
    private = [
        (a, f"{b}.{name}")
        for a, b, name, _ in _imports()
        if name.startswith("_") and name != "__version__"
    ]
    assert private == []


def test_imports_are_at_the_top_of_a_module():
    inner = {(a, b) for a, b, _, top in _imports() if not top}
    assert inner <= LAZY, sorted(inner - LAZY)


SCORE_NAMES = ("score_from_stats", "scores_from_stats", "bleu_from_stats", "bleu_scores_from_stats")


SCORE_WORDS = ("_from_stats", "_of_sum", "_from_sum", "_of_count")


def test_four_names_score_statistics_and_all_live_in_rules():
    defined = [
        (module, node.name)
        for path in sorted(PACKAGE.rglob("*.py"))
        for module in [_module_name(path)]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
        and any(word in node.name for word in ("_from_stats", "_of_sum", "_from_sum", "_of_count"))
        and not node.name.startswith(("confidence", "paired", "approximate"))  # the tests
    ]
    assert sorted(defined) == sorted(("bleu.rules", name) for name in SCORE_NAMES)
    for name in SCORE_NAMES:
        assert getattr(bleu, name) is getattr(rules, name)


def test_the_version_is_pyprojects():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert bleu.__version__ == project["version"]


@pytest.mark.parametrize("name", ["rows", "rules", "options", "checks", "chunked", "vectorized"])
def test_the_package_docstring_names_every_stage_module(name):
    assert f":mod:`bleu.{name}`" in bleu.__doc__
