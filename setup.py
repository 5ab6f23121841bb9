"""Build hook: ship the repository's top-level ``data/`` inside the package, as ``bleu/_data/``.

``data/`` stays the one copy in the repository (the notebooks and the README link to it). A
wheel has to carry the files inside the package, where :mod:`bleu.data` finds them through
``importlib.resources``. So the ``build_py`` step, which assembles the package in the build
folder, copies ``data/*`` there. An editable install (``pip install -e .``) copies nothing:
``bleu.data`` reads ``data/`` in place. ``MANIFEST.in`` puts ``data/`` in the sdist, so a
wheel built from the sdist has it too. Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = Path(__file__).resolve().parent / "data"
PACKAGED = ("bleu", "_data")


class BuildPyWithData(build_py):
    """``build_py`` that also copies ``data/`` to ``bleu/_data/`` in the build folder."""

    def _data_files_to_copy(self) -> list[tuple[Path, Path]]:
        if getattr(self, "editable_mode", False):
            return []
        if not DATA.is_dir():
            raise FileNotFoundError(f"{DATA} is missing: the package's data cannot be shipped")
        target = Path(self.build_lib, *PACKAGED)
        return [
            (src, target / src.relative_to(DATA))
            for src in sorted(DATA.rglob("*"))
            if src.is_file() and not any(p.startswith(".") for p in src.relative_to(DATA).parts)
        ]

    def run(self) -> None:
        super().run()
        copies = self._data_files_to_copy()
        if not copies:
            return
        # Start from an empty folder so that a file removed from data/ leaves no stale copy.
        shutil.rmtree(Path(self.build_lib, *PACKAGED), ignore_errors=True)
        for src, dest in copies:
            self.mkpath(str(dest.parent))
            self.copy_file(str(src), str(dest))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        return [*outputs, *(str(dest) for _, dest in self._data_files_to_copy())]


setup(cmdclass={"build_py": BuildPyWithData})
