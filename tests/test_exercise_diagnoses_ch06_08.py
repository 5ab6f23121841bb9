"""Round 2 of issue 28 on notebooks 06-08: each slip a fresh reader made gets its own hint.

ch06.code-brevity-penalty accepts the ints 1 and 0 (the notebook says a number, as NLTK
returns); ch07.ca2-bleu2 names the slips readers made (c and r swapped in the exponent, the
longest reference, Example 1's references with their periods, BLEU-4 or BLEU-1 instead of
BLEU-2); ch08.corpus-vs-mean asks corpus BLEU minus the mean (the sign says which is larger)
and ch08.sacre-scale the p_4 that sacreBLEU's exp smoothing uses, in percent, each with the
slips that lead elsewhere. Every wrong value is computed here, as a student would, and typed
the way the notebook prints numbers (4 significant figures).
"""

from __future__ import annotations

import math

import pytest

import bleu
from bleu.data import load_example
from bleu.exercises import check, exercises

exercises()


def typed(value: float) -> str:
    """A number as a student types it from a printout: 4 significant figures."""
    return format(value, ".4g")


def assert_diagnosis(exercise_id: str, answer, fragment: str) -> None:
    result = check(exercise_id, answer)
    assert not result.correct, (answer, result.message)
    assert "Hint: " in result.message and fragment in result.message, (answer, result.message)
    assert "Second hint" not in result.message


# --- ch06.code-brevity-penalty: a number, 1 and 1.0 alike ---------------------------------


def test_ch06_brevity_penalty_returning_ints_like_nltk_is_right():
    def my_brevity_penalty(closest_ref_len, hyp_len):
        r, c = closest_ref_len, hyp_len
        if c > r:
            return 1  # NLTK's own brevity_penalty returns the int
        if c == 0:
            return 0
        return math.exp(1 - r / c)

    result = check("ch06.code-brevity-penalty", my_brevity_penalty)
    assert result.correct, result.message


# --- ch07.ca2-bleu2 -----------------------------------------------------------------------


def _ca2():
    refs = load_example("running").reference_tokens()
    hyp = load_example("example1").candidates["Ca2"].rstrip(".").split()
    p1, p2 = (bleu.modified_precision(refs, hyp, n) for n in (1, 2))
    return refs, hyp, math.sqrt(p1 * p2)


def test_ch07_ca2_exponent_swapped():
    _, hyp, g = _ca2()
    assert_diagnosis("ch07.ca2-bleu2", typed(g * math.exp(1 - len(hyp) / 16)),
                     "c and r are swapped inside the exponent")


def test_ch07_ca2_longest_reference():
    _, hyp, g = _ca2()
    assert_diagnosis("ch07.ca2-bleu2", typed(g * math.exp(1 - 18 / len(hyp))),
                     "r = the longest reference")


def test_ch07_ca2_example1_references_with_periods():
    _, hyp, _ = _ca2()
    with_periods = load_example("example1").reference_tokens()
    value = bleu.sentence_bleu(with_periods, hyp, weights=(0.5, 0.5))
    assert_diagnosis("ch07.ca2-bleu2", typed(value), "final periods kept")


def test_ch07_ca2_bleu4_is_zero():
    refs, hyp, _ = _ca2()
    assert bleu.sentence_bleu(refs, hyp) == 0.0
    assert_diagnosis("ch07.ca2-bleu2", 0.0, "that is BLEU-4 (or BLEU-3)")


def test_ch07_ca2_bleu1():
    refs, hyp, _ = _ca2()
    value = bleu.sentence_bleu(refs, hyp, weights=(1.0,))
    assert_diagnosis("ch07.ca2-bleu2", typed(value), "that is BLEU-1")


def test_ch07_ca2_no_penalty_still_named():
    _, _, g = _ca2()
    assert_diagnosis("ch07.ca2-bleu2", typed(g), "without the brevity penalty")


# --- ch08.corpus-vs-mean: corpus BLEU minus the mean ---------------------------------------


def _corpus_and_mean():
    run, ex2 = load_example("running"), load_example("example2")
    refs = [run.reference_tokens(), ex2.reference_tokens()]
    hyps = [run.candidate_tokens("Ca1"), ex2.candidate_tokens("Ca2")]
    scores = [bleu.sentence_bleu(r, h) for r, h in zip(refs, hyps)]
    return bleu.corpus_bleu(refs, hyps), sum(scores) / 2, scores


def test_ch08_corpus_minus_mean_is_right():
    corpus, mean, _ = _corpus_and_mean()
    assert corpus > mean
    assert check("ch08.corpus-vs-mean", corpus - mean).correct
    assert check("ch08.corpus-vs-mean", typed(corpus - mean)).correct


def test_ch08_corpus_minus_mean_sign_flipped():
    corpus, mean, _ = _corpus_and_mean()
    assert_diagnosis("ch08.corpus-vs-mean", typed(mean - corpus), "the sign is the point")


def test_ch08_corpus_minus_mean_corpus_alone():
    corpus, _, _ = _corpus_and_mean()
    assert_diagnosis("ch08.corpus-vs-mean", typed(corpus), "that is corpus BLEU itself")


def test_ch08_corpus_minus_mean_mean_alone():
    _, mean, _ = _corpus_and_mean()
    assert_diagnosis("ch08.corpus-vs-mean", typed(mean), "that is the mean of the two")


@pytest.mark.parametrize("which", [0, 1])
def test_ch08_corpus_minus_mean_one_sentence(which):
    _, _, scores = _corpus_and_mean()
    assert_diagnosis("ch08.corpus-vs-mean", typed(scores[which]), "one sentence's score")


def test_ch08_corpus_minus_mean_of_the_chapters_corpus():
    run = load_example("running")
    hyp2 = "he read the book because he was interested in world history".split()
    ref2 = "he was interested in world history because he read the book".split()
    refs, hyps = [run.reference_tokens(), [ref2]], [run.candidate_tokens("Ca1"), hyp2]
    mean = sum(bleu.sentence_bleu(r, h) for r, h in zip(refs, hyps)) / 2
    assert_diagnosis("ch08.corpus-vs-mean", typed(bleu.corpus_bleu(refs, hyps) - mean),
                     "NLTK's docstring corpus")


# --- ch08.sacre-scale: the p_4 that exp smoothing uses, in percent -------------------------


def _ca1_ref3():
    run = load_example("running")
    return run.candidates["Ca1"], run.references[2]


def test_ch08_sacre_smoothed_p4_is_right_and_matches_sacrebleu():
    import sacrebleu

    hyp, ref = _ca1_ref3()
    printed = sacrebleu.corpus_bleu([hyp], [[ref]]).precisions[3]
    assert check("ch08.sacre-scale", typed(printed)).correct
    assert check("ch08.sacre-scale", "100/30").correct


def test_ch08_sacre_without_smoothing():
    assert_diagnosis("ch08.sacre-scale", 0, "sacreBLEU smooths by default")


def test_ch08_sacre_whole_score():
    hyp, ref = _ca1_ref3()
    score = bleu.corpus_score([hyp], [[ref]]).score
    assert_diagnosis("ch08.sacre-scale", round(score, 2), "that is the whole score")


def test_ch08_sacre_one_over_total():
    hyp, _ = _ca1_ref3()
    total = len(hyp.split()) - 3
    assert_diagnosis("ch08.sacre-scale", typed(100 / total), "that is 1/total")


def test_ch08_sacre_k_two():
    hyp, _ = _ca1_ref3()
    total = len(hyp.split()) - 3
    assert_diagnosis("ch08.sacre-scale", typed(100 / (4 * total)), "k = 1, so")


def test_ch08_sacre_tokens_not_fourgrams():
    hyp, _ = _ca1_ref3()
    assert_diagnosis("ch08.sacre-scale", typed(100 / (2 * len(hyp.split()))),
                     "not its number of tokens")


def test_ch08_sacre_reference_fourgrams():
    _, ref = _ca1_ref3()
    assert_diagnosis("ch08.sacre-scale", typed(100 / (2 * (len(ref.split()) - 3))),
                     "not the reference's")


def test_ch08_sacre_floor_smoothing():
    hyp, _ = _ca1_ref3()
    total = len(hyp.split()) - 3
    assert_diagnosis("ch08.sacre-scale", typed(100 * 0.1 / total), "method 1's epsilon")


def test_ch08_sacre_fraction_on_the_0_1_scale():
    result = check("ch08.sacre-scale", "1/30")
    assert not result.correct and "0-100 scale" in result.message, result.message
