"""Round 3 of issue 28, notebooks 12-14: what the second fresh readers found.

ch12: clipping at 1 is caught by a fixed case, the shape sentence is shown only when the
student's function raises, the worked gradient entry is an optional section, E_g's b_i is
explained; ch13: one system in the reporting checklist, the command line sends to 14, and
exercise 4's question has one answer; ch14: imports where they are used, the Dask cell
prints, the speed figures are benchmarks/README.md's, the scaling limits are a list.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

from bleu.exercises import check
from bleu.exercises.code import CODE_EXERCISES, run_check

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

check("ch12.code-soft-matches", None)  # imports every exercise module
SOFT = CODE_EXERCISES["ch12.code-soft-matches"]


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _source(name: str, cell_id: str) -> str:
    return "".join(next(c for c in _cells(name) if c.get("id") == cell_id)["source"])


def _outputs(name: str, cell_id: str) -> str:
    cell = next(c for c in _cells(name) if c.get("id") == cell_id)
    parts = []
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")))
        parts.append("".join(output.get("data", {}).get("text/plain", "")))
    return "".join(parts)


# --- ch12 -------------------------------------------------------------------------------


def test_ch12_clipping_at_one_fails_on_a_fixed_case_without_the_end_token():
    clip_at_one = next(m for m in SOFT.mistakes if m.name == "clipped at 1")
    message = run_check(SOFT, clip_at_one.implementation).message
    assert re.search(r"on fixed case \d+:", message), message
    assert message.rstrip().endswith("Hint: " + clip_at_one.hint), message
    # the fixed case that catches it: a repeated reference word, expected more than once,
    # and no token 0 (the end token of ch12.VOCAB) in the reference or the probabilities
    caught = [
        case
        for case in SOFT.examples()
        if clip_at_one.implementation(*case) != SOFT.reference(*case)
    ]
    assert caught
    probs, reference, _ = caught[0]
    assert 0 not in reference and not probs[:, 0].any()


def test_ch12_a_wrong_result_gets_no_sentence_about_shapes():
    def off_by_a_half(probs, reference, n):
        return SOFT.reference(probs, reference, n) + 0.5

    message = run_check(SOFT, off_by_a_half).message
    assert message.startswith("Not yet (ch12.code-soft-matches)"), message
    assert "Hint: " + SOFT.hint in message
    assert "np.ones" not in message and "T < n" not in message, message


def test_ch12_an_index_error_from_range_t_gets_the_raise_hint():
    def every_position(probs, reference, n):  # starts up to T - 1: reads past the last row
        limits = Counter(tuple(reference[i : i + n]) for i in range(len(reference) - n + 1))
        total = 0.0
        for gram, limit in limits.items():
            expected = sum(
                math.prod(probs[i + k, w] for k, w in enumerate(gram)) for i in range(len(probs))
            )
            total += min(float(expected), limit)
        return total

    message = run_check(SOFT, every_position).message
    assert "raised IndexError" in message, message
    assert message.rstrip().endswith("Hint: " + SOFT.raise_hint), message
    assert "the last start is T - n" in SOFT.raise_hint


def test_ch12_e_g_explains_b_i_at_the_start():
    cells = _cells("12_differentiable_bleu.ipynb")
    ids = [c.get("id") for c in cells]
    text = "".join(cells[ids.index("fbd9bf80") + 1]["source"])  # folded since round 4
    assert "not b_{i+n}" in text
    assert "has not ended *before* `i`" in text


def test_ch12_the_worked_gradient_entry_is_an_optional_section_before_the_exercises():
    cells = _cells("12_differentiable_bleu.ipynb")
    ids = [c.get("id") for c in cells]
    heads = {
        "".join(c["source"]).splitlines()[0]: i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and c["source"]
    }
    optional = next(i for h, i in heads.items() if h.startswith("## Optional: one gradient"))
    exercises = heads["## Exercises (연습 문제)"]
    assert optional < ids.index("05d34f24") < ids.index("20671215") < exercises
    limits = heads["## What the relaxation approximates, and where it breaks (근사의 한계)"]
    assert limits < optional


# --- ch13 -------------------------------------------------------------------------------


def test_ch13_the_reporting_checklist_shows_one_system():
    out = _outputs("13_recap.ipynb", "3a6b9478")
    assert "44.74" in out and "nrefs:1|" in out
    assert "50.46" not in out and "running example" not in out and "nrefs:3" not in out


def test_ch13_the_command_line_row_names_notebook_14():
    source = _source("13_recap.ipynb", "cde924a3")
    row = source[source.index("score files from a terminal") :]
    assert row.split("),")[0].rstrip().endswith('"10, 14",'), row[:200]


def test_ch13_exercise_4_asks_which_switch_gives_the_zero_and_the_solution_shows_both():
    question = _source("13_recap.ipynb", "4f94d59a")
    assert 'smooth_method="none"' in question and 'tokenize="none"' in question
    assert "which row" not in question
    out = _outputs("solutions/13_recap_solutions.ipynb", "6e0bf253")
    assert re.search(r"tokenize='none'.*6\.73", out), out
    assert re.search(r"smooth_method='none':\s+0\.00", out), out


# --- ch14 -------------------------------------------------------------------------------


def test_ch14_the_first_cell_imports_only_what_the_main_line_uses_there():
    first = _source("14_scale.ipynb", "d5926b81")
    for name in ("chunked", "spans13a", "BleuOptions", "nltk_rules", "sacrebleu_rules"):
        assert name not in first, name
    assert "from bleu import chunked, spans13a" in _source("14_scale.ipynb", "f5a1c0df")


def test_ch14_the_dask_cell_prints_partitions_and_rows():
    out = _outputs("14_scale.ipynb", "a7d30b06")
    assert "4 partitions" in out and "500 segment rows" in out, out


def test_ch14_the_speed_figures_are_those_of_the_benchmarks_readme():
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    text = _source("14_scale.ipynb", "2658a75e")
    assert "| sacrebleu.corpus_bleu | 0.4246 |" in readme and "0.42 s" in text
    assert "| bleu.corpus_score (vectorized) | 0.0201 | 21.1x |" in readme
    assert "0.020 s" in text and "(21x" in text
    assert "bleu.vectorized.corpus_bleu 7.7x nltk corpus_bleu" in readme and "7.7x" in text
    assert "paired bootstrap: bleu 10.8x sacreBLEU" in readme and "10.8x" in text
    assert "2 CPUs, Python 3.11.7, numpy 2.2.6" in readme and "2 CPUs, Python 3.11.7" in text


def test_ch14_where_it_stops_scaling_is_a_list_that_keeps_the_poisson_count():
    text = _source("14_scale.ipynb", "0b59f7a0")
    items = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(items) >= 5
    assert "Poisson(1)" in text and "$e^{-1}/k!$" in text and "Exercise 2" in text
