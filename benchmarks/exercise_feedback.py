"""What the numeric self-check says to typical slips and odd answers (issue 19, item 2).

Counts, over every registered numeric exercise of :mod:`bleu.exercises`:

* truncation: exercises where cutting the answer after 4 significant figures differs from
  rounding it (7.714 for 7.7145), and how many of them answer "check your rounding";
* scale: exercises whose answer lies in (0, 1), and how many recognise the answer typed on
  the 0-100 scale (46.71 for 0.4671); exercises whose answer is a 0-100 score, and how many
  recognise it typed on the 0-1 scale;
* the rounding note: how many far-off answers (1.5 times the answer) still get "numbers
  are checked to 4 significant figures", and how many near misses (two units off in the
  4th figure) are told the rule (the note, or "Close: ... 4 significant figures");
* second tries: how many exercises give a different hint to a second wrong answer;
* odd answers: :func:`odd_answers` (24 of them) for each registered exercise, each checked
  in a forked child with a time limit: how many hang, end in a traceback, or give a verdict
  of more than one line.

Run: ``python benchmarks/exercise_feedback.py [--limit SECONDS]`` (about 30 s; each hang
costs the limit: before issue 19 the run took 8 minutes). Times are not reported, only
counts. Unix only (``os.fork``).
"""

from __future__ import annotations

import argparse
import os
import pickle
import select
import signal
import sys
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Number

import numpy as np

from bleu import exercises as E

NOTE = "numbers are checked to 4 significant figures"


class FloatRaises:
    """An object whose ``__float__`` (and ``__index__``) raise."""

    def __float__(self) -> float:
        raise RuntimeError("no float here")

    def __index__(self) -> int:
        raise RuntimeError("no int here")


def odd_answers() -> list[object]:
    """24 answers no exercise expects: huge, tiny, non-finite, complex, bytes, arrays..."""
    return [
        "1e99999999",
        "-1e99999999",
        "1e-99999999",
        "1/1e99999999",
        Decimal("1e99999999"),
        "1e400",
        "1" * 400,
        10**400,
        -(10**400),
        Fraction(10**400, 7),
        10**5000,
        -0.0,
        float("nan"),
        "inf",
        float("-inf"),
        complex(0.5, 1),
        b"0.5",
        np.array([0.5, 0.5]),
        np.zeros((0,)),
        np.array([[0.5]]),
        FloatRaises(),
        Decimal("NaN"),
        Decimal("sNaN"),
        np.array("0.5"),
    ]


def numeric_ids() -> list[str]:
    everything = E.exercises()
    return sorted(
        k
        for k, ex in everything.items()
        if isinstance(ex.expected(), Number) and not isinstance(ex.expected(), bool)
    )


def fresh(exercise_id: str, answer: object) -> str:
    """The message of a first wrong try (the try counter cleared when the check has one)."""
    if hasattr(E, "reset_tries"):
        E.reset_tries()
    return E.check(exercise_id, answer).message


def cut(value: float, figures: int) -> str:
    """``value`` cut (not rounded) after ``figures`` significant figures."""
    text = format(Decimal(repr(float(value))), "f")
    digits = Decimal(text)
    quantum = Decimal(1).scaleb(digits.adjusted() - figures + 1)
    return str(digits.quantize(quantum, rounding="ROUND_DOWN"))


def truncation(ids: list[str]) -> tuple[int, int]:
    cases = said = 0
    for k in ids:
        expected = E.get(k).expected()
        if isinstance(expected, Integral) or expected == 0:
            continue
        answer = cut(float(expected), 4)
        if Decimal(answer) == Decimal(format(float(expected), ".4g")):
            continue  # cutting and rounding agree: no truncation slip possible
        cases += 1
        said += "check your rounding" in fresh(k, answer).lower()
    return cases, said


def scale(ids: list[str]) -> tuple[int, int, int, int]:
    unit = unit_said = percent = percent_said = 0
    for k in ids:
        ex = E.get(k)
        expected = float(ex.expected())
        if 0 < expected < 1:
            unit += 1
            unit_said += "scale" in fresh(k, format(100 * expected, ".4g")).lower()
        elif getattr(ex, "scale", None) == "0-100" or k in {
            "ch08.sacre-scale",
            "ch10.corpus-from-rows",
            "ch10.half-width",
            "ch11.ter-shift",
            "ch13.sacre-printed",
        }:
            percent += 1
            percent_said += "scale" in fresh(k, format(expected / 100, ".4g")).lower()
    return unit, unit_said, percent, percent_said


def notes(ids: list[str]) -> tuple[int, int, int, int]:
    far = far_noted = near = near_noted = 0
    for k in ids:
        expected = E.get(k).expected()
        if isinstance(expected, Integral) or expected == 0:
            continue
        far += 1
        far_noted += NOTE in fresh(k, format(1.5 * float(expected), ".4g"))
        four = Decimal(format(float(expected), ".4g"))
        off = four + 2 * Decimal(1).scaleb(four.adjusted() - 3)  # two units in the 4th figure
        near += 1
        near_noted += "4 significant figures" in fresh(k, str(off))  # the note, or "Close"
    return far, far_noted, near, near_noted


def second_tries(ids: list[str]) -> tuple[int, int]:
    changed = 0
    for k in ids:
        expected = float(E.get(k).expected())
        answer = 7.777 * expected + 3.3  # far from anything
        first = fresh(k, answer)
        second = E.check(k, answer).message
        changed += first != second
    return len(ids), changed


def run_forked(exercise_id: str, answer: object, limit: float) -> str:
    """'ok', 'multi-line', 'traceback' or 'hang' for one check in a forked child."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read)
        try:
            message = E.check(exercise_id, answer).message
            outcome = "ok" if message.strip() and "\n" not in message else "multi-line"
        except BaseException as error:  # counted, not handled
            outcome = f"traceback:{type(error).__name__}"
        os.write(write, pickle.dumps(outcome))
        os._exit(0)
    os.close(write)
    ready, _, _ = select.select([read], [], [], limit)
    if not ready:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read)
        return "hang"
    data = os.read(read, 4096)
    os.close(read)
    os.waitpid(pid, 0)
    return pickle.loads(data)


def odd(limit: float) -> dict[str, int]:
    ids = sorted(E.exercises())
    for k in ids:  # compute (and cache) every expected value before forking
        E.get(k).expected()
    counts: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for k in ids:
        for answer in odd_answers():
            outcome = run_forked(k, answer, limit)
            key = outcome.split(":")[0]
            counts[key] = counts.get(key, 0) + 1
            if key == "traceback":
                kinds[outcome] = kinds.get(outcome, 0) + 1
    counts["answers"] = len(ids) * len(odd_answers())
    counts.update(kinds)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=float, default=3.0, help="seconds before a hang")
    args = parser.parse_args()
    ids = numeric_ids()
    print(f"numeric exercises: {len(ids)} of {len(E.exercises())}")
    cases, said = truncation(ids)
    print(f"truncated answer -> 'check your rounding': {said} of {cases}")
    unit, unit_said, percent, percent_said = scale(ids)
    print(f"0-100 answer where (0, 1) is asked, recognised: {unit_said} of {unit}")
    print(f"0-1 answer where a 0-100 score is asked, recognised: {percent_said} of {percent}")
    far, far_noted, near, near_noted = notes(ids)
    print(f"rounding note on a far-off answer (1.5x): {far_noted} of {far}")
    print(f"rounding note on a near miss (4th figure off by 2): {near_noted} of {near}")
    total, changed = second_tries(ids)
    print(f"second wrong try gets a different hint: {changed} of {total}")
    counts = odd(args.limit)
    print(f"odd answers: {counts}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
