"""Round 5 of issue 28: diagnoses of notebooks 09 and 10 (one test per diagnosis)."""

from __future__ import annotations

from bleu.exercises import check, reset_tries, tries


def test_method5_product_without_fourth_root_is_diagnosed():
    reset_tries("ch09.method5")
    result = check("ch09.method5", 1.0432)  # 4/3 * 10/9 * 28/27 * 55/81
    assert not result.correct
    assert "fourth root" in result.message, result.message
    assert tries("ch09.method5") == 0


def test_bool_for_corpus_from_rows_is_told_check_takes_the_score_and_is_no_try():
    reset_tries("ch10.corpus-from-rows")
    for answer in (False, True):
        result = check("ch10.corpus-from-rows", answer)
        assert not result.correct
        assert "check takes the corpus score" in result.message, result.message
        assert "not checked" in result.message, result.message
    assert tries("ch10.corpus-from-rows") == 0
