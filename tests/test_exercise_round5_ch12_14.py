"""Round 5 of issue 28, notebooks 12-14: what the fourth fresh readers found.

ch12: the d_n bullet reads in plain words with a T = 3 example, the corner sentence appears
once, the climb plot's title no longer says soft BLEU reaches 1, and 0.775 (c / r) is
diagnosed; ch13: the corpus row says why the means differ, the unigram table is shown once,
and scoring against the printed references (0.2770) is diagnosed; ch14: the call-count
paragraph no longer says the benchmark's factors come from the table.
"""

from __future__ import annotations

import json
from pathlib import Path

from bleu.exercises import check

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _source(name: str, cell_id: str) -> str:
    return "".join(next(c for c in _cells(name) if c.get("id") == cell_id)["source"])


def _all_text(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(name))


# --- ch12 -------------------------------------------------------------------------------


def test_ch12_the_ratio_penalty_c_over_r_is_diagnosed():
    verdict = str(check("ch12.two-ref-bp", 0.775))
    assert verdict.startswith("Not yet") and "6.2 / 8" in verdict and "004" in verdict, verdict
    assert "c / r" not in str(check("ch12.two-ref-bp", 0.7483))  # the rounding hint keeps its place


def test_ch12_the_corner_sentence_appears_once_and_the_d_n_bullet_has_a_t3_example():
    text = _all_text("12_differentiable_bleu.ipynb")
    assert text.count("there is no derivative; the code takes the") == 1
    assert "yes/no count" not in text
    assert "d_2 = b_2 + b_3" in text


def test_ch12_the_climb_title_does_not_say_soft_bleu_reaches_1():
    text = _all_text("12_differentiable_bleu.ipynb")
    assert "reaches 1 first" not in text
    assert "soft BLEU stays below" in text


# --- ch13 -------------------------------------------------------------------------------


def test_ch13_the_printed_references_are_diagnosed():
    for answer in (0.2770, 0.2981):  # candidates without periods / everything as printed
        verdict = str(check("ch13.corpus-two", answer))
        assert verdict.startswith("Not yet") and "reference_tokens()" in verdict, verdict
    assert str(check("ch13.corpus-two", 0.3044)).startswith("Right")


def test_ch13_the_corpus_row_says_sacrebleu_smooths_the_shuffle():
    table = next(c for c in _cells("13_recap.ipynb") if c.get("id") == "fd0a4899")
    out = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in table["outputs"])
    assert "the shuffle alone" in out and "smoothed" in out and "unsmoothed" in out, out
    assert "sentence_bleu` smooths" in _all_text("13_recap.ipynb")


def test_ch13_the_unigram_table_is_shown_once():
    cells = _cells("13_recap.ipynb")
    sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert sum(s.strip().endswith("report") for s in sources) == 1
    assert not any("unigrams.counts" in s for s in sources)


# --- ch14 -------------------------------------------------------------------------------


def test_ch14_the_call_counts_are_not_the_source_of_the_benchmark_factors():
    text = _source("14_scale.ipynb", "0a81f6c3")
    assert "that is where the benchmark's factors come from" not in text
    assert "grow with the corpus" in text and "other runs" in text


def test_ch14_the_sections_open_with_one_paragraph():
    many = _source("14_scale.ipynb", "0a89c580")
    assert many.count("MBR") == 1 and many.index("MBR") > many.index("minimum-Bayes-risk")
    cli = _source("14_scale.ipynb", "f51a8c74")
    assert cli.count("one segment per line") == 1
    machines = _source("14_scale.ipynb", "a7d30b01")
    assert "Everything so far ran in one process." not in machines
