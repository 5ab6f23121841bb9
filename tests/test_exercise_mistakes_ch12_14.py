"""The exercises of notebooks 12-14: each typical mistake gets its own hint, ties, the new
exercise 4 of notebook 13, and the Dask script notebook 14 shows (issue 28)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bleu
from bleu.data import load_example
from bleu.exercises import check, reset_tries
from bleu.exercises.code import CODE_EXERCISES, run_check

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

check("ch12.code-soft-matches", None)  # imports every exercise module
SOFT = CODE_EXERCISES["ch12.code-soft-matches"]
MBR = CODE_EXERCISES["ch14.code-mbr-index"]


# --- one test per mistake: its implementation gets "Not yet" with its own hint ------------


@pytest.mark.parametrize(
    ("exercise", "mistake"),
    [(ex, m) for ex in (SOFT, MBR) for m in ex.mistakes],
    ids=[f"{ex.id}:{m.name}" for ex in (SOFT, MBR) for m in ex.mistakes],
)
def test_each_mistake_is_rejected_with_its_own_hint(exercise, mistake):
    message = run_check(exercise, mistake.implementation).message
    assert message.startswith(f"Not yet ({exercise.id})"), message
    assert message.rstrip().endswith("Hint: " + mistake.hint), message


# --- ch14: ties ------------------------------------------------------------------------


def _has_tie(matrix) -> bool:
    sums = [sum(row) - row[i] for i, row in enumerate(matrix)]
    return sums.count(max(sums)) > 1


def test_the_mbr_cases_hold_ties_that_the_first_index_wins():
    cases = [case for _, case in MBR.cases()]
    tied = [case for case in cases if _has_tie(case[0])]
    assert len(tied) >= 10
    assert any(MBR.reference(*case) == 0 and _has_tie(case[0]) for case in MBR.examples())
    for (matrix,) in tied:  # the first of the tied rows, never a later one
        sums = [sum(row) - row[i] for i, row in enumerate(matrix)]
        assert MBR.reference(matrix) == sums.index(max(sums))


def _loop_with_greater(matrix):
    best, best_sum = None, None
    for i, row in enumerate(matrix):
        total = sum(row) - row[i]
        if best is None or total > best_sum:
            best, best_sum = i, total
    return best


def _numpy_nanmean(matrix):
    scores = np.array(matrix, dtype=float)
    np.fill_diagonal(scores, np.nan)
    return np.argmax(np.nanmean(scores, axis=1))


def _index_of_max(matrix):
    n = len(matrix)
    if n == 1:  # one candidate (a fixed case since round 4): no others, the only choice
        return 0
    means = [sum(matrix[i][j] for j in range(n) if j != i) / (n - 1) for i in range(n)]
    return means.index(max(means))


@pytest.mark.parametrize("solution", [_loop_with_greater, _numpy_nanmean, _index_of_max])
def test_right_mbr_solutions_written_three_ways_pass(solution):
    assert run_check(MBR, solution).correct


# --- ch12: the slips behind a wrong expected bigram count -------------------------------


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (0.30, "starting at position 0"),
        (0.04, "starting at position 1"),
        (1.1, "whole columns' sums"),
        (0.29, "same position"),
    ],
)
def test_expected_bigram_slips_are_named(answer, words):
    reset_tries()
    result = check("ch12.expected-bigram", answer)
    assert not result.correct and words in result.message, result.message
    assert check("ch12.expected-bigram", 0.34).correct


# --- ch13: exercise 4 asks for a number the reader computes -----------------------------


def _outputs(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            texts.append("".join(output.get("text", "")))
            texts.append("".join(output.get("data", {}).get("text/plain", "")))
    return "\n".join(texts)


def test_ch13_exercise_4_answer_is_printed_in_no_chapter():
    reset_tries()
    ex1 = load_example("example1")
    expected = bleu.corpus_score([ex1.candidates["Ca2"]], [[r] for r in ex1.references]).score
    assert check("ch13.sacre-printed", round(expected, 2)).correct
    assert check("ch13.sacre-printed", expected).correct
    shown = f"BLEU = {expected:.2f} "
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        assert shown not in _outputs(path), path.name
    assert not check("ch13.sacre-printed", 54.02).correct  # Candidate 1, printed in 08


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (0.0, "without smoothing"),
        (6.73, "tokenize='none'"),
        (6.96, "without the final periods"),
        (12.67, "another smoothing method"),
        (3.56, "another smoothing method"),
        (7.66, "brevity penalty is missing"),
        (54.02, "Candidate 1's score"),
    ],
)
def test_ch13_exercise_4_slips_are_named(answer, words):
    reset_tries()
    result = check("ch13.sacre-printed", answer)
    assert not result.correct and words in result.message, result.message


# --- ch14: the Dask example as a script needs its guard -----------------------------------


def _script_from_notebook() -> str:
    nb = json.loads((NOTEBOOKS / "14_scale.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.startswith("### As a script"):
            return re.search(r"```python\n(.*?)```", text, re.S).group(1)
    raise AssertionError("notebook 14 has no '### As a script' cell")


def _run(script: str, folder: Path) -> subprocess.CompletedProcess:
    path = folder / "dask_bleu.py"
    path.write_text(script, encoding="utf-8")
    return subprocess.run(
        [sys.executable, path.name], cwd=folder, capture_output=True, text=True, timeout=180
    )


def test_the_guarded_dask_script_of_notebook_14_runs_and_the_unguarded_one_fails(tmp_path):
    pytest.importorskip("dask.distributed")
    script = _script_from_notebook()
    assert 'if __name__ == "__main__":' in script
    result = _run(script, tmp_path)
    assert result.returncode == 0, result.stderr
    hypotheses = ["the cat sat on the mat .", "a dog barked ."]
    references = ["the cat sat on the mat .", "the dog barked ."]
    assert result.stdout.strip() == str(bleu.corpus_score(hypotheses, [references]))

    guard = 'if __name__ == "__main__":'
    unguarded = script.replace(guard, "if True:")
    failed = _run(unguarded, tmp_path)
    assert failed.returncode != 0
    assert "Nanny failed to start" in failed.stderr
