"""bleu.progress: a bar for a person, nothing for nbval, nbconvert or a pipe."""

from __future__ import annotations

import io
import sys
import types

import pytest

from bleu.progress import interactive, progress


class FakeKernel:
    def __init__(self, content):
        self.content = content

    def get_parent(self, channel="shell"):
        return {"content": self.content}


@pytest.fixture
def kernel(monkeypatch):
    """Pretend to run inside a Jupyter kernel whose current request has ``content``."""

    def install(content):
        shell = types.SimpleNamespace(kernel=FakeKernel(content))
        fake = types.SimpleNamespace(get_ipython=lambda: shell)
        monkeypatch.setitem(sys.modules, "IPython", fake)

    return install


class Stream(io.StringIO):
    """A stderr stand-in that says whether it is a terminal."""

    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.fixture
def no_kernel(monkeypatch):
    """Run outside any IPython kernel, whatever the test process has imported."""
    monkeypatch.delitem(sys.modules, "IPython", raising=False)


def test_outside_a_kernel_and_without_a_terminal_nothing_changes(no_kernel, monkeypatch):
    # stderr is set here, not inherited: under `pytest -s` in a terminal it would be a tty.
    monkeypatch.setattr(sys, "stderr", Stream(tty=False))
    items = [1, 2, 3]
    assert not interactive()
    assert progress(items, desc="x") is items
    assert sys.stderr.getvalue() == ""


def test_without_stderr_nothing_changes(no_kernel, monkeypatch):
    monkeypatch.setattr(sys, "stderr", None)  # pythonw, some daemons
    items = [1, 2, 3]
    assert not interactive()
    assert progress(items) is items


def test_a_terminal_outside_a_kernel_gets_a_tqdm_bar(no_kernel, monkeypatch):
    tqdm = pytest.importorskip("tqdm")
    monkeypatch.setattr(sys, "stderr", Stream(tty=True))
    assert interactive()
    bar = progress(range(4), desc="resampling", disable=True)
    assert isinstance(bar, tqdm.std.tqdm)
    assert list(bar) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ({"allow_stdin": True, "store_history": True}, True),  # JupyterLab, Notebook, VS Code
        ({"allow_stdin": False, "store_history": True}, False),  # nbconvert --execute, papermill
        ({"allow_stdin": True, "store_history": False}, False),  # nbval
        ({}, False),
    ],
)
def test_only_a_front_end_request_counts_as_interactive(kernel, content, expected):
    kernel(content)
    assert interactive() is expected


def test_an_interactive_kernel_gets_a_tqdm_bar_on_stdout(kernel, monkeypatch):
    """JupyterLab draws stderr as a pink warning box: in a front end the bar is stdout's."""
    tqdm = pytest.importorskip("tqdm")
    kernel({"allow_stdin": True, "store_history": True})
    monkeypatch.setattr(sys, "stdout", Stream(tty=False))
    monkeypatch.setattr(sys, "stderr", Stream(tty=False))
    bar = progress(range(4), desc="resampling", mininterval=0)
    assert isinstance(bar, tqdm.std.tqdm)
    assert list(bar) == [0, 1, 2, 3]
    assert "resampling" in sys.stdout.getvalue() and "4/4" in sys.stdout.getvalue()
    assert sys.stderr.getvalue() == ""


def test_a_terminal_bar_is_on_stderr(no_kernel, monkeypatch):
    pytest.importorskip("tqdm")
    monkeypatch.setattr(sys, "stdout", Stream(tty=True))
    monkeypatch.setattr(sys, "stderr", Stream(tty=True))
    assert list(progress(range(3), desc="resampling", mininterval=0)) == [0, 1, 2]
    assert "3/3" in sys.stderr.getvalue() and sys.stdout.getvalue() == ""


def test_a_kernel_without_get_parent_is_not_interactive(monkeypatch):
    shell = types.SimpleNamespace(kernel=object())
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    assert not interactive()
