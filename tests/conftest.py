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
