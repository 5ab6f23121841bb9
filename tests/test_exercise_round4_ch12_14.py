"""Round 4 of issue 28, notebooks 12-14: what the third fresh readers found.

ch12: the setup cell imports Counter, the raise hint puts the last start first, the b_i
bullet is folded, the worked gradient entry links to the one definition of central
differences, and 2.4 (E_cat read as 0.8) is diagnosed; ch13: 0.3, the side-by-side table's
corpus BLEU, is diagnosed; ch14: the speed section counts calls, and mbr_index accepts a
single candidate.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from bleu.exercises import ch14_code as mbr
from bleu.exercises import check
from bleu.exercises.code import CODE_EXERCISES, run_check

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

check("ch12.code-soft-matches", None)  # imports every exercise module
SOFT = CODE_EXERCISES["ch12.code-soft-matches"]
MBR = CODE_EXERCISES["ch14.code-mbr-index"]


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _source(name: str, cell_id: str) -> str:
    return "".join(next(c for c in _cells(name) if c.get("id") == cell_id)["source"])


# --- ch12 -------------------------------------------------------------------------------


def test_ch12_the_setup_cell_imports_counter_for_exercise_5():
    assert "from collections import Counter" in _source("12_differentiable_bleu.ipynb", "f7246c9e")


def test_ch12_an_index_error_from_range_t_gets_the_last_start_first():
    def every_position(probs, reference, n):  # starts up to T - 1: reads past the last row
        limits = Counter(tuple(reference[i : i + n]) for i in range(len(reference) - n + 1))
        total = 0.0
        for gram, limit in limits.items():
            expected = 0.0
            for i in range(len(probs)):
                product = 1.0
                for k, w in enumerate(gram):
                    product *= probs[i + k][w]
                expected += product
            total += min(expected, limit)
        return total

    message = run_check(SOFT, every_position).message
    assert "IndexError" in message and message.rstrip().endswith("Hint: " + SOFT.raise_hint)
    last_start, short = SOFT.raise_hint.find("T - n, not T - 1"), SOFT.raise_hint.find("T < n")
    assert 0 <= last_start < short, SOFT.raise_hint


def test_ch12_the_b_i_explanation_is_folded_after_the_symbols():
    cells = _cells("12_differentiable_bleu.ipynb")
    ids = [c.get("id") for c in cells]
    symbols = "".join(cells[ids.index("fbd9bf80")]["source"])
    folded = cells[ids.index("fbd9bf80") + 1]
    text = "".join(folded["source"])
    flat = " ".join(symbols.split())
    assert "not `b_{i+n}`" not in symbols and "has not ended before the n-gram's start" in flat
    assert text.startswith("<details><summary>Optional: why b_i and not b_{i+n}</summary>")
    assert "has not ended *before* `i`" in text and text.rstrip().endswith("</details>")
    assert folded["metadata"]["slideshow"] == {"slide_type": "skip"}


def test_ch12_central_differences_are_defined_once():
    cells = _cells("12_differentiable_bleu.ipynb")
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    assert sum("`(f(z + h) − f(z − h)) / 2h`" in text for text in markdown) == 1
    worked = _source("12_differentiable_bleu.ipynb", "5a12b0c1")
    assert "(#The-gradient-(기울기))" in worked


def test_ch12_e_cat_read_as_0_8_is_diagnosed():
    message = check("ch12.soft-clip", 2.4).message
    assert "E_cat as 0.8" in message, message
    assert "E_cat as 0.8" not in check("ch12.soft-clip", 2.2).message


# --- ch13 -------------------------------------------------------------------------------


def test_ch13_the_side_by_side_corpus_bleu_is_diagnosed():
    for answer in (0.3, "0.3000", 0.30001714530654233):
        message = check("ch13.corpus-two", answer).message
        assert message.startswith("Not yet") and "side-by-side table" in message, message
    assert check("ch13.corpus-two", 0.3044).message.startswith("Right")


# --- ch14 -------------------------------------------------------------------------------


def test_ch14_the_speed_section_counts_calls_instead_of_quoting_only():
    cells = _cells("14_scale.ipynb")
    ids = [c.get("id") for c in cells]
    counting = cells[ids.index("2658a75e") + 1]
    assert "sys.setprofile" in "".join(counting["source"])
    rows = [
        line.split()
        for line in "".join(counting["outputs"][0]["data"]["text/plain"]).splitlines()
        if line[:1].isdigit()
    ]
    (small, *_, step_small, fast_small, _), (big, *_, step_big, fast_big, _) = rows
    assert (int(small), int(big)) == (50, 500)
    assert int(step_big) / int(fast_big) > 2 * int(step_small) / int(fast_small)


def test_ch14_each_part_says_why_it_is_scale():
    assert "many scores" in _source("14_scale.ipynb", "0a89c580")
    assert "whatever their length" in _source("14_scale.ipynb", "f51a8c74")
    assert "more than one machine" in _source("14_scale.ipynb", "a7d30b01")


def test_ch14_a_single_candidate_is_a_fixed_case_and_dividing_by_n_minus_1_raises_the_hint():
    assert mbr.mbr_index([[100.0]]) == 0
    assert ([[100.0]],) in MBR.examples()

    def unguarded(matrix):
        n = len(matrix)
        means = [sum(matrix[i][j] for j in range(n) if j != i) / (n - 1) for i in range(n)]
        return means.index(max(means))

    message = run_check(MBR, unguarded).message
    assert "ZeroDivisionError" in message and message.rstrip().endswith(
        "Hint: " + MBR.raise_hint
    ), message
    assert "1 x 1" in MBR.task and "return 0" in MBR.task
