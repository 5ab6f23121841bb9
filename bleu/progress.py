"""A progress bar for slow loops that shows in an interactive session only.

Notebooks are stored with their outputs and re-run by nbval, which compares every
output, including what a progress bar writes to stderr (its timings change every run).
So :func:`progress` wraps an iterable in a ``tqdm`` bar only when a person is watching:
in a terminal (the bar on stderr), or in a Jupyter kernel whose current request comes
from a front end (JupyterLab, Notebook, VS Code send ``store_history`` and
``allow_stdin``; nbconvert and papermill do not allow stdin, nbval does not store
history), where the bar goes to stdout: front ends draw stderr as a pink warning box.
Otherwise, and when ``tqdm`` is not installed, the iterable is returned unchanged.

>>> list(progress(range(3), desc="resampling"))  # not interactive here: no bar
[0, 1, 2]

Used in notebook 10 (corpus BLEU and significance).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any, TypeVar

T = TypeVar("T")


def _shell() -> Any:
    """The running IPython shell, or None."""
    if "IPython" not in sys.modules:
        return None
    try:
        return sys.modules["IPython"].get_ipython()
    except Exception:  # pragma: no cover - an IPython without get_ipython
        return None


def interactive() -> bool:
    """True when the current code runs for a person: a terminal or a Jupyter front end."""
    kernel = getattr(_shell(), "kernel", None)
    if kernel is None:
        stream = sys.stderr
        return bool(stream is not None and hasattr(stream, "isatty") and stream.isatty())
    try:
        request = kernel.get_parent("shell")  # the execute_request being run (ipykernel 6+)
    except Exception:
        return False
    content = (request or {}).get("content", {})
    return bool(content.get("allow_stdin") and content.get("store_history"))


def progress(
    iterable: Iterable[T], desc: str | None = None, total: int | None = None, **options: Any
) -> Iterable[T]:
    """``iterable`` with a ``tqdm`` progress bar when :func:`interactive`, else unchanged."""
    if not interactive():
        return iterable
    try:
        from tqdm.std import tqdm
    except ImportError:  # pragma: no cover - tqdm is optional
        return iterable
    return tqdm(iterable, desc=desc, total=total, file=_bar_stream(), **options)


def _bar_stream() -> Any:
    """stderr in a terminal; stdout in a Jupyter front end, which shows stderr as a pink
    warning box (the bar redraws itself there too: front ends honour the carriage return)."""
    in_kernel = getattr(_shell(), "kernel", None) is not None
    return sys.stdout if in_kernel else sys.stderr
