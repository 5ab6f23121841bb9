"""Shared fixtures: the documents' example sets, tokenized as the documents tokenize them."""

from __future__ import annotations

import pytest

from bleu.data import load_example


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
