"""The documents' own BLEU code (bleu.variants): their printed numbers, and each bug exposed.

Every variant must reproduce what its document prints, and must deviate from
``bleu.sentence_bleu`` on the input that exposes its bug (and agree where the bug cannot
show, so that the deviation is the bug and nothing else).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bleu
from bleu import variants as V
from bleu.data import load_example, reported_numbers

EX1 = load_example("example1")
EX2 = load_example("example2")
RUNNING = load_example("running")
HELLO = load_example("hello_code")
HOW_OLD = load_example("how_old")


def ref_bleu(references, candidate, weights=(0.25,) * 4):
    """The reference score on whitespace tokens."""
    return bleu.sentence_bleu([r.split() for r in references], candidate.split(), weights)


def reported(name, what_part):
    ex = load_example(name)
    return next(r.value for r in ex.reported if what_part in r.what)


# -- the documents' printed numbers -----------------------------------------------------------
def test_000_prints_0_for_i_always_do():
    assert V.closest_ref_length_000("I always do.", ["I always do."]) == 0
    number = next(n for n in reported_numbers() if "000's closest_ref_length" in n.what)
    assert str(V.closest_ref_length_000("I always do.", ["I always do."])) == number.value


def test_000_and_001_reproduce_0_5045666840058485():
    value = float(reported("running", "document's bleu_score"))
    refs, cand = list(RUNNING.references), RUNNING.candidates["Ca1"]
    assert V.bleu_score_000(cand, refs) == value
    assert V.bleu_score_001(cand.split(), [r.split() for r in refs]) == value
    assert repr(V.bleu_score_000(cand, refs)) == "0.5045666840058485"


def test_003_v1_prints_0_80():
    hyp, ref = HELLO.candidates["Ca1"], HELLO.references[0]
    score = V.word_precision_003(hyp.split(" "), ref.split(" "))
    assert f"{score:.2f}" == reported("hello_code", "my_bleu_v1") == "0.80"


def test_003_brevity_penalty_0_082():
    number = next(n for n in reported_numbers() if "longest-reference" in n.what)
    bp = V.brevity_penalty_003("it is", list(EX2.references))  # longest reference: 7 tokens
    assert f"{bp:.3f}" == number.value == "0.082"


def test_004_geometric_mean_0_254_and_length_factor_3_7():
    assert f"{V.formula_004([10 / 14, 5 / 13, 2 / 12, 1 / 11], 14, 14):.3f}" == "0.254"
    assert V.formula_004([1, 1, 1, 1], 6, 14) == pytest.approx(3 / 7, rel=1e-15)


def test_003_how_old_scores_zero_with_the_documents_counts():
    refs = list(HOW_OLD.references)
    assert V.ngram_precisions_003("how old is the man", refs, 2) == [Fraction(1, 5), 0]
    assert V.bleu_003("how old is the man", refs) == 0.0


# -- 000: closest_ref_length returns a difference ----------------------------------------------
def test_000_length_bug_on_it_is_a_guide():
    refs = list(EX1.references)
    assert [len(r.split()) for r in refs] == [16, 18, 16]
    assert V.closest_ref_length_000("It is a guide", refs) == 12
    assert bleu.closest_ref_length([r.split() for r in refs], 4) == 16
    assert V.bleu_score_000("It is a guide", refs) == pytest.approx(math.exp(-2), rel=1e-12)
    assert round(V.bleu_score_000("It is a guide", refs), 4) == 0.1353
    assert ref_bleu(refs, "It is a guide") == pytest.approx(math.exp(-3), rel=1e-12)
    assert round(ref_bleu(refs, "It is a guide"), 4) == 0.0498
    # 001's length is right: only the log(0) bug differs, and it cannot show here.
    assert V.bleu_score_001("It is a guide".split(), [r.split() for r in refs]) == pytest.approx(
        ref_bleu(refs, "It is a guide"), rel=1e-12
    )


def test_000_length_bug_smallest_input():
    assert V.brevity_penalty_000("a", ["a b"]) == 1.0
    assert bleu.brevity_penalty(2, 1) == pytest.approx(math.exp(-1))
    assert V.bleu_score_000("a", ["a b"], (1,)) == 1.0
    assert ref_bleu(["a b"], "a", (1,)) == pytest.approx(math.exp(-1))


# -- 000/001: log(0) dropped ----------------------------------------------------------------
def test_log_zero_dropped_on_the_x7_candidate():
    cand = EX2.candidates["Ca1"]
    assert ref_bleu(list(EX2.references), cand) == 0.0
    assert V.bleu_score_001(cand.split(), EX2.reference_tokens()) == pytest.approx(
        (2 / 7) ** 0.25, rel=1e-12
    )
    assert round(V.bleu_score_000(cand, list(EX2.references)), 4) == 0.7311
    # against Example 1's references (closest length 16): (4/7)^(1/4) * exp(1 - 16/7)
    score = V.bleu_score_001(cand.split(), EX1.reference_tokens())
    assert score == pytest.approx((4 / 7) ** 0.25 * math.exp(1 - 16 / 7), rel=1e-12)
    assert round(score, 4) == 0.2404
    assert ref_bleu(list(EX1.references), cand) == 0.0


def test_log_zero_smallest_input():
    assert V.bleu_score_001(["a"], [["a"]]) == 1.0
    assert bleu.sentence_bleu([["a"]], ["a"]) == 0.0


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from("abcd"), min_size=1, max_size=12),
    st.lists(st.lists(st.sampled_from("abcde"), min_size=1, max_size=12), min_size=1, max_size=3),
)
def test_001_equals_bleu_when_no_precision_is_zero(hyp, refs):
    exact = bleu.sentence_bleu(refs, hyp)
    doc = V.bleu_score_001(hyp, refs)
    precisions = [bleu.modified_precision(refs, hyp, n) for n in range(1, 5)]
    if all(p > 0 for p in precisions):
        assert doc == pytest.approx(exact, rel=1e-12)
    else:
        assert exact == 0.0 and doc >= 0.0


# -- 003 ----------------------------------------------------------------------------------------
def test_003_v1_does_not_clip():
    ref = EX2.references[0]
    assert V.word_precision_003(EX2.candidate_tokens("Ca1"), ref.split()) == 1.0
    assert bleu.modified_precision([ref.split()], EX2.candidate_tokens("Ca1"), 1) == Fraction(2, 7)


def test_003_counts_substrings():
    assert V.count_substring_003(["is"], "this") == 1
    assert V.count_substring_003(["the"], "there is a cat on the mat") == 2
    hyp, ref = HELLO.candidates["Ca1"], HELLO.references[0]
    p1, p2 = V.ngram_precisions_003(hyp, [ref], 2)
    assert p1 == Fraction(5, 6)  # 'is' counted twice in both sentences ('this', 'is')
    assert bleu.modified_precision([ref.split()], hyp.split(), 1) == Fraction(4, 5)
    assert p2 == Fraction(1, 2)  # grid bigrams 'hello this' (match) and 'is my'
    assert bleu.modified_precision([ref.split()], hyp.split(), 2) == Fraction(1, 4)
    assert V.ngram_precisions_003("a", ["cat"], 1) == [1]
    assert ref_bleu(["cat"], "a", (1,)) == 0.0


def test_003_treats_tokens_as_regular_expressions():
    assert V.count_substring_003(["party."], "the party!") == 1
    with pytest.raises(re.error):
        V.count_substring_003(["(smile"], "a (smile")


def test_003_steps_by_n():
    tokens = "I read the book".split()
    assert V.grid_ngrams_003(tokens, 2) == [("I", "read"), ("the", "book")]
    assert V.ngram_precisions_003("I read the book", ["we read the novel"], 2)[1] == 0
    assert bleu.modified_precision([["we", "read", "the", "novel"]], tokens, 2) == Fraction(1, 3)
    assert V.bleu_003("I read the book", ["we read the novel"], 2, (0.5, 0.5)) == 0.0
    assert ref_bleu(["we read the novel"], "I read the book", (0.5, 0.5)) == pytest.approx(
        math.sqrt(1 / 2 * 1 / 3)
    )


def test_003_repeated_ngrams_weigh_their_count_squared():
    # 'the' x7: each of the 7 visits adds 7 to the denominator and min(7, 2) to the numerator
    assert V.ngram_precisions_003(EX2.candidates["Ca1"], list(EX2.references), 1) == [
        Fraction(14, 49)
    ]


def test_003_longest_reference_brevity_penalty():
    refs = list(EX2.references)  # 6 and 7 tokens
    assert V.brevity_penalty_003("the cat", refs) == pytest.approx(math.exp(1 - 7 / 2))
    assert V.bleu_003("the cat", refs, 2, (0.5, 0.5)) == pytest.approx(math.exp(1 - 7 / 2))
    assert ref_bleu(refs, "the cat", (0.5, 0.5)) == pytest.approx(math.exp(1 - 6 / 2))
    # a candidate as long as any reference escapes, even a shorter one than the longest
    assert V.brevity_penalty_003("a b c d e f", refs) == 1.0


def test_003_weighted_mean_exponent():
    assert V.weighted_mean_003([0.5, 0.5], [1, 1]) == pytest.approx(0.0625)
    p = V.ngram_precisions_003(RUNNING.candidates["Ca1"], list(RUNNING.references), 4)
    prod = math.prod(float(x) for x in p)
    assert V.weighted_mean_003(p, [1, 1, 1, 1]) == pytest.approx(prod**4)
    assert V.weighted_mean_003(p, [0.25] * 4) == pytest.approx(prod**0.25)


def test_003_raises_on_a_candidate_shorter_than_max_gram():
    with pytest.raises(ZeroDivisionError, match="n = 3"):
        V.bleu_003("it is", list(EX1.references))


# -- 004 -------------------------------------------------------------------------------------
def test_004_length_factor_is_linear():
    refs = [["a"] * 14]
    hyp = ["a"] * 6
    assert V.bleu_004(refs, hyp, 1) == pytest.approx(6 / 14)
    assert bleu.sentence_bleu(refs, hyp, (1,)) == pytest.approx(math.exp(1 - 14 / 6))
    # same as BLEU when the candidate is not shorter than r
    cand = RUNNING.candidate_tokens("Ca1")
    assert V.bleu_004(RUNNING.reference_tokens(), cand) == pytest.approx(
        bleu.sentence_bleu(RUNNING.reference_tokens(), cand), rel=1e-12
    )


# -- d2l.ai ----------------------------------------------------------------------------------
def test_d2l_weights_and_skipped_orders():
    assert V.bleu_d2l("it is", "it is a guide", 4) == pytest.approx(math.exp(1 - 4 / 2))
    assert ref_bleu(["it is a guide"], "it is") == 0.0
    assert V.bleu_d2l("the " * 6 + "the", "the cat is on the mat", 1) == pytest.approx(
        math.sqrt(2 / 7)
    )
    assert V.bleu_d2l("a b c d e", "a b c d f") == pytest.approx(
        0.8**0.5 * 0.75**0.25 * (2 / 3) ** 0.125 * 0.5**0.0625
    )


def test_d2l_is_one_for_a_perfect_match():
    assert V.bleu_d2l("the cat sat on the mat", "the cat sat on the mat") == 1.0


# -- tensorflow/nmt and HF evaluate ----------------------------------------------------------
def test_nmt_shortest_reference():
    refs = [["the", "cat", "is", "on", "the", "mat"], ["a", "cat"]]
    hyp = ["the", "cat", "is", "on", "the"]
    assert V.bleu_nmt([refs], [hyp]) == 1.0
    assert bleu.sentence_bleu(refs, hyp) == pytest.approx(math.exp(1 - 6 / 5))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from("abcd"), min_size=1, max_size=12),
    st.lists(st.sampled_from("abcde"), min_size=1, max_size=12),
)
def test_nmt_equals_bleu_with_one_reference(hyp, ref):
    assert V.bleu_nmt([[ref]], [hyp]) == pytest.approx(bleu.sentence_bleu([ref], hyp), rel=1e-12)


# -- the table adapter ------------------------------------------------------------------------
def test_variants_table_adapter():
    refs, cand = list(RUNNING.references), RUNNING.candidates["Ca1"]
    scores = {k: v.score(refs, cand) for k, v in V.VARIANTS.items()}
    assert scores["003v1"] is None and scores["d2l"] is None  # one reference only
    for key in ("000", "001", "004", "nmt"):
        assert scores[key] == pytest.approx(0.5045666840058485, rel=1e-12)
    assert scores["003"] != pytest.approx(0.5045666840058485, rel=1e-6)
    assert V.VARIANTS["004"].score(refs, cand, (1, 1, 1, 1)) is None
    assert V.VARIANTS["003v1"].score([HELLO.references[0]], HELLO.candidates["Ca1"], (1,)) == 0.8
    for v in V.VARIANTS.values():
        assert v.source and v.bug and v.label


@pytest.mark.parametrize(
    ("call", "exc", "name"),
    [
        (lambda: V.bleu_score_000(["It", "is"], ["It is"]), TypeError, "candidate"),
        (lambda: V.bleu_score_000("It is", "It is"), TypeError, "references"),
        (lambda: V.bleu_score_000("It is", []), ValueError, "references"),
        (lambda: V.bleu_score_001("It is", [["It"]]), TypeError, "candidate"),
        (lambda: V.bleu_003("a b", ["a b"], 2, (0.5, -1)), ValueError, "weights"),
        (lambda: V.formula_004([], 1, 1), ValueError, "precisions"),
        (lambda: V.bleu_nmt([[["a"]]], [["a"], ["b"]]), ValueError, "reference_corpus"),
        (lambda: V.VARIANTS["000"].score(["a"], ["a"]), TypeError, "candidate"),
    ],
)
def test_bad_input_names_the_argument(call, exc, name):
    with pytest.raises(exc, match=name):
        call()


# -- the documents' single items (notebook 09, "The documents' items one by one") ------------
TEN = "a b c d e f g h i j"
NINE_AND_ELEVEN = ["a b c d e f g h i", "a b c d e f g h i j k"]


def test_000_text_tie_rule_against_its_code():
    assert V.closest_ref_length_000_text(TEN, NINE_AND_ELEVEN) == 9  # the text: the shorter
    assert V.closest_ref_length_000(TEN, NINE_AND_ELEVEN) == 1  # the code: a difference
    assert bleu.closest_ref_length([r.split() for r in NINE_AND_ELEVEN], 10) == 9


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12), st.lists(st.integers(1, 12), min_size=1, max_size=4))
def test_000_text_rule_is_nltks_rule(c, lengths):
    refs = [" ".join(["x"] * n) for n in lengths]
    expected = bleu.closest_ref_length([["x"] * n for n in lengths], c)
    assert V.closest_ref_length_000_text(" ".join(["y"] * c), refs) == expected


def test_000_loop_printout():
    assert V.ngram_count_lines_000(EX2.candidates["Ca1"]) == ["('the',) 7"]
    ca1 = EX1.candidates["Ca1"]
    lines = V.ngram_count_lines_000(ca1)
    assert len(lines) == 16 and lines[0] == "('It',) 1" and "('the',) 3" in lines
    counts = bleu.count_ngrams(ca1.split(), 1)
    assert sorted(lines) == sorted(f"{g!r} {c}" for g, c in counts.items())


def test_003_per_order_printout_on_its_own_test():
    refs, cand = list(HOW_OLD.references), HOW_OLD.candidates["Ca1"]
    lines = []
    score = V.bleu_v2_003(cand, refs, echo=lines.append)
    assert lines[:4] == [
        "order 1: mole 1, deno 5",
        "order 2: mole 0, deno 2",
        "order 3: mole 0, deno 1",
        "order 4: mole 0, deno 1",
    ]
    assert lines[4:] == ["precisions: [0.2, 0.0, 0.0, 0.0]", "weighted mean: 0.0"]
    assert score == 0.0 == V.bleu_003(cand, refs)
    assert V.ngram_counts_003(cand, refs) == [(1, 5), (0, 2), (0, 1), (0, 1)]
    # the paper's counts on the same input: overlapping n-grams, whole tokens
    ref_tokens = HOW_OLD.reference_tokens()
    paper = [bleu.precision.match_counts(ref_tokens, cand.split(), n) for n in (1, 2, 3, 4)]
    assert paper == [(1, 5), (0, 4), (0, 3), (0, 2)]


def test_003_mode_other_than_0_raises_unbound_local_error():
    refs, cand, lines = list(HOW_OLD.references), HOW_OLD.candidates["Ca1"], []
    with pytest.raises(UnboundLocalError):
        V.bleu_v2_003(cand, refs, mode=1, echo=lines.append)
    assert lines == []  # the precision block is skipped before the crash


def test_003_short_candidate_0_082_needs_two_orders():
    refs, lines = list(EX2.references), []
    with pytest.raises(ZeroDivisionError):
        V.bleu_v2_003("the cat", refs, echo=lines.append)  # its own 4 orders
    assert lines == [
        "order 1: mole 2, deno 2",
        "order 2: mole 1, deno 1",
        "order 3: mole 0, deno 0",
    ]
    assert f"{V.bleu_v2_003('the cat', refs, 2, (0.5, 0.5), echo=lines.append):.3f}" == "0.082"
    assert ref_bleu(refs, "the cat", (0.5, 0.5)) == pytest.approx(math.exp(1 - 6 / 2))


def test_003_blank_value_on_the_x7_candidate():
    refs, cand, lines = list(EX2.references), EX2.candidates["Ca1"], []
    assert V.bleu_v2_003(cand, refs, echo=lines.append) == 0.0
    assert lines[:4] == [
        "order 1: mole 14, deno 49",
        "order 2: mole 0, deno 9",
        "order 3: mole 0, deno 4",
        "order 4: mole 0, deno 1",
    ]
    assert V.bleu_v2_003(cand, refs, 1, (1,), echo=lines.append) == pytest.approx(2 / 7)
    assert bleu.modified_precision(EX2.reference_tokens(), cand.split(), 1) == Fraction(2, 7)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 9), st.lists(st.integers(0, 9), min_size=1, max_size=5))
def test_003_clipping_methods_1_and_2_agree(c, refs):
    one, two = V.clip_003(c, refs, 1), V.clip_003(c, refs, 2)
    assert one == two
    assert two == min(c, max(refs))


def test_003_method_2_is_nltks_and_bleus_clipping():
    from nltk.translate.bleu_score import modified_precision as nltk_modified_precision

    refs, hyp = EX1.reference_tokens(), EX1.candidate_tokens("Ca1")
    for n in (1, 2, 3, 4):
        grams = bleu.count_ngrams(hyp, n)
        ref_counts = [bleu.count_ngrams(r, n) for r in refs]
        total = sum(grams.values())
        nltk_p = nltk_modified_precision(refs, hyp, n)  # unreduced: matches / total
        for method in (1, 2):
            matches = sum(
                V.clip_003(c, [rc[g] for rc in ref_counts], method) for g, c in grams.items()
            )
            assert Fraction(matches, total) == bleu.modified_precision(refs, hyp, n)
            assert (matches, total) == (nltk_p.numerator, nltk_p.denominator)
    with pytest.raises(ValueError, match="method"):
        V.clip_003(1, [1], 3)
    with pytest.raises(ValueError, match="reference_counts"):
        V.clip_003(1, [], 1)
