"""Shared fixtures: the documents' example sets, tokenized as the documents tokenize them.

Also hypothesis's "ci" profile: with the environment variable ``CI`` set (``.ci/run`` sets
``CI=true``), every property test draws the same examples on every run, so a red CI run is
reproduced by running it again. Without ``CI``, hypothesis draws new examples each run.

The quick suite and the extended one. By default (the README's test command) every property
test draws a fifth of the examples its decorator asks for (at least
:data:`QUICK_MIN_EXAMPLES`), and the tests marked ``extended`` are skipped: measuring every
slide deck in Chromium (every test that uses the ``decks`` fixture of tests/test_browser.py)
is marked here. With ``BLEU_EXTENDED=1`` (``.ci/run`` sets it for a second run of tests/)
every property test draws all its examples and the extended tests run.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from nbval import kernel as nbval_kernel

from bleu.data import load_example

# A notebook's kernel started again when it dies before it replies (up to three tries).
# With pytest-xdist, two workers can take the same free TCP port for their kernels' ZMQ
# sockets (jupyter_client finds a free port, releases it, and the kernel binds it later),
# and the kernel then dies at start: "Kernel died before replying to kernel_info"
# (jupyter/jupyter_client#154; nbmake#129 traces it to "Address already in use"). It hit one
# notebook of one CI run here. A notebook whose cells fail still fails: only the start is
# retried. This module is imported when pytest collects tests/, before any notebook runs.
_start_kernel = nbval_kernel.start_new_kernel


def _start_kernel_again_if_it_dies(*args, **kwargs):
    for attempt in range(3):
        try:
            return _start_kernel(*args, **kwargs)
        except RuntimeError as error:
            if "Kernel died" not in str(error) or attempt == 2:
                raise
    raise AssertionError("unreachable")


nbval_kernel.start_new_kernel = _start_kernel_again_if_it_dies

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
    settings.load_profile("ci")

QUICK_SHARE = 5
"""The quick suite draws 1/QUICK_SHARE of each property test's examples..."""
QUICK_MIN_EXAMPLES = 20
"""...but never fewer than this (nor more than the decorator asks)."""


def extended_run() -> bool:
    """``BLEU_EXTENDED`` set (and not 0/false/no): the full examples and the extended tests."""
    return os.environ.get("BLEU_EXTENDED", "").strip().lower() not in ("", "0", "false", "no")


def quick_examples(asked: int) -> int:
    return min(asked, max(QUICK_MIN_EXAMPLES, asked // QUICK_SHARE))


def pytest_collection_modifyitems(config, items):
    extended = extended_run()
    skip = pytest.mark.skip(reason="extended suite: run with BLEU_EXTENDED=1 (.ci/run does)")
    for item in items:
        if "decks" in getattr(item, "fixturenames", ()):  # Chromium on every slide deck
            item.add_marker(pytest.mark.extended)
        if extended:
            continue
        if item.get_closest_marker("extended"):
            item.add_marker(skip)
            continue
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        asked = getattr(test, "_hypothesis_internal_use_settings", None)
        if asked is not None and asked.max_examples > QUICK_MIN_EXAMPLES:
            fewer = settings(asked, max_examples=quick_examples(asked.max_examples))
            test._hypothesis_internal_use_settings = fewer


def _no_writing(*args: object, **kwargs: object) -> None:
    raise AssertionError("the site build must not write a notebook")


@pytest.fixture(scope="session")
def shared_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as the README builds it (``python -m bleu.book site --out DIR`` calls
    ``build_site(DIR)``), built once per test run and shared by tests/test_site.py and
    tests/test_browser.py, also across the xdist workers (a lock file in their common
    temporary folder). Writing a notebook is forbidden during the build. A failed build is
    reported to every test that asks, not retried.
    """
    import nbformat  # the site tools: needed by the site's tests only

    from bleu.book.site import build_site

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the folder every worker's basetemp lives in
    out, done = root / "shared-site" / "site", root / "shared-site" / "outcome"
    with open(root / "shared-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            try:
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr(nbformat, "write", _no_writing)
                    patch.setattr(nbformat, "writes", _no_writing)
                    build_site(out)
            except BaseException as exc:
                done.write_text(f"{type(exc).__name__}: {exc}", encoding="utf-8")
                raise
            done.write_text("ok", encoding="utf-8")
    outcome = done.read_text(encoding="utf-8")
    if outcome != "ok":
        pytest.fail(f"the shared site build failed: {outcome}")
    return out


@pytest.fixture(scope="session")
def running():
    """Ca1 and the references of Example 1 without final periods (documents 000 and 001)."""
    ex = load_example("running")
    return ex.reference_tokens(), ex.candidate_tokens("Ca1")


@pytest.fixture(scope="session")
def example2():
    ex = load_example("example2")
    return ex.reference_tokens(), ex.candidate_tokens("Ca1"), ex.candidate_tokens("Ca2")


def normalise(text: str) -> list[str]:
    """Lowercase and split the final period off, as the documents assume when counting."""
    return text.lower().replace(".", " .").split()


def sacre_paired(base, system, refs, test, n, monkeypatch, seed=12345, n_ar_confidence=-1):
    """sacreBLEU's own paired test (``PairedTest``, as ``--paired-bs``/``--paired-ar`` run it)
    of ``system`` against ``base``: the two systems' (score, p-value) results for BLEU."""
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    paired = PairedTest(
        [("base", base), ("sys", system)],
        {"BLEU": BLEU(references=[refs])},
        references=None,
        test_type=test,
        n_samples=n,
        n_ar_confidence=n_ar_confidence,
    )
    _, scores = paired()
    return scores["BLEU"][0], scores["BLEU"][1]


def near_copy(draw, refs, words, max_edits=3):
    """A hypothesis drawn (hypothesis ``draw``) as a copy of one of ``refs`` with up to
    ``max_edits`` tokens deleted or inserted from the ``words`` strategy."""
    from hypothesis import strategies as st

    hyp = list(draw(st.sampled_from(refs)))
    for _ in range(draw(st.integers(0, max_edits))):
        i = draw(st.integers(0, len(hyp)))
        if hyp and draw(st.booleans()):
            del hyp[min(i, len(hyp) - 1)]
        else:
            hyp.insert(i, draw(words))
    return hyp


def weight_choices(orders_per_vector: int, least_vectors: int = 0) -> st.SearchStrategy:
    """NLTK's ``weights`` as tests draw them: BLEU-4's, one vector of 1-6 orders (zeros
    included), or a list of several vectors (``least_vectors`` or more, at most 3) of up to
    ``orders_per_vector`` orders each."""
    weight = st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0]) | st.floats(0.05, 1.0)
    return st.one_of(
        st.just((0.25,) * 4),
        st.lists(weight, min_size=1, max_size=6).map(tuple),
        st.lists(
            st.lists(weight, min_size=1, max_size=orders_per_vector).map(tuple),
            min_size=least_vectors,
            max_size=3,
        ),
    )
