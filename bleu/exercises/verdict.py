"""The one-line verdict every self-check returns (numeric answers and code exercises)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found; prints as one line."""

    exercise_id: str
    correct: bool
    message: str

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.correct
