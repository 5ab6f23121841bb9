"""The code exercises of notebooks 10 and 11 as a student would get them wrong.

Each test writes a plausible wrong function the way a student would (not the registered
mistake's own implementation), and checks that the checker says "Not yet" with the hint of
that slip; the case tests check that the random cases reach what those slips need (rows of
other widths; tabs, newlines and capitals). The generic test that every registered mistake
fails with its own hint is in tests/test_code_exercises.py."""

from __future__ import annotations

from collections import Counter

from bleu.exercises import check, exercises
from bleu.exercises.code import CODE_EXERCISES

exercises()

RESAMPLE = "ch10.code-resample-sums"
CHRF = "ch11.code-char-ngram-stats"


def _hint(exercise_id, name):
    (mistake,) = [m for m in CODE_EXERCISES[exercise_id].mistakes if m.name == name]
    return mistake.hint


def _rejected_with(exercise_id, function, name):
    result = check(exercise_id, function)
    assert not result.correct, result.message
    assert result.message.startswith(f"Not yet ({exercise_id})"), result.message
    assert f"Hint: {_hint(exercise_id, name)}" in result.message, result.message


def _random_cases(exercise_id):
    cases = CODE_EXERCISES[exercise_id].cases()
    return [case for where, case in cases if where.startswith("random")]


# --- ch10.code-resample-sums ------------------------------------------------------------


def test_resample_sums_starting_from_the_first_drawn_row_itself():
    def resample_sums(rows, indices):
        sums = rows[indices[0]]  # no copy: the row itself grows
        for i in indices[1:]:
            for j in range(len(sums)):
                sums[j] += rows[i][j]
        return sums

    _rejected_with(RESAMPLE, resample_sums, "first row grown in place")


def test_resample_sums_reading_indices_as_counts():
    def resample_sums(rows, indices):
        sums = [0] * len(rows[0])
        for row, times in zip(rows, indices):
            for j, value in enumerate(row):
                sums[j] += times * value
        return sums

    _rejected_with(RESAMPLE, resample_sums, "indices read as counts")


def test_resample_sums_with_ten_columns_hard_wired():
    def resample_sums(rows, indices):
        sums = [0] * 10  # 2 + 2 * 4, as for BLEU-4
        for i in indices:
            for j, value in enumerate(rows[i]):
                sums[j] += value
        return sums

    _rejected_with(RESAMPLE, resample_sums, "ten columns")


def test_resample_sums_losing_the_last_draw():
    def resample_sums(rows, indices):
        sums = [0] * len(rows[0])
        for k in range(len(indices) - 1):
            for j, value in enumerate(rows[indices[k]]):
                sums[j] += value
        return sums

    _rejected_with(RESAMPLE, resample_sums, "last draw lost")


def test_resample_cases_have_rows_of_other_widths():
    widths = Counter(len(rows[0]) for rows, _ in _random_cases(RESAMPLE))
    assert widths[10] >= 100 and sum(n for w, n in widths.items() if w != 10) >= 20, widths


# --- ch11.code-char-ngram-stats ---------------------------------------------------------


def _stats(hyp, ref):
    return sum((hyp & ref).values()), sum(hyp.values()), sum(ref.values())


def test_char_ngram_stats_removing_only_spaces():
    def char_ngram_stats(hypothesis, reference, n):
        h, r = hypothesis.replace(" ", ""), reference.replace(" ", "")
        hyp = Counter(h[i : i + n] for i in range(len(h) - n + 1))
        ref = Counter(r[i : i + n] for i in range(len(r) - n + 1))
        return _stats(hyp, ref)

    _rejected_with(CHRF, char_ngram_stats, "only spaces removed")


def test_char_ngram_stats_counting_within_words():
    def char_ngram_stats(hypothesis, reference, n):
        hyp, ref = Counter(), Counter()
        for counts, text in ((hyp, hypothesis), (ref, reference)):
            for word in text.split():
                counts.update(word[i : i + n] for i in range(len(word) - n + 1))
        return _stats(hyp, ref)

    _rejected_with(CHRF, char_ngram_stats, "n-grams within words")


def test_char_ngram_stats_lowercasing():
    def char_ngram_stats(hypothesis, reference, n):
        h, r = "".join(hypothesis.lower().split()), "".join(reference.lower().split())
        hyp = Counter(h[i : i + n] for i in range(len(h) - n + 1))
        ref = Counter(r[i : i + n] for i in range(len(r) - n + 1))
        return _stats(hyp, ref)

    _rejected_with(CHRF, char_ngram_stats, "lowercased")


def test_chrf_cases_have_tabs_newlines_and_capitals():
    drawn = _random_cases(CHRF)
    texts = [text for hyp, ref, _ in drawn for text in (hyp, ref)]
    assert sum("\t" in t for t in texts) >= 20, "tabs"
    assert sum("\n" in t for t in texts) >= 20, "newlines"
    assert sum("A" in t for t in texts) >= 20, "capitals"
    examples = list(CODE_EXERCISES[CHRF].examples())  # the fixed cases
    assert any("\t" in hyp and "\n" in hyp for hyp, _, _ in examples)
