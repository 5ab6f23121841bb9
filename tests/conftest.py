"""Shared fixtures: the documents' example sets, tokenized as the documents tokenize them.

Also hypothesis's "ci" profile: with the environment variable ``CI`` set (``.ci/run`` sets
``CI=true``), every property test draws the same examples on every run, so a red CI run is
reproduced by running it again. Without ``CI``, hypothesis draws new examples each run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from bleu.data import load_example

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
    settings.load_profile("ci")


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
