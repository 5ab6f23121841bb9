"""No silent wrong answer on odd input: every public scoring entry point, one table per mistake.

Each row is ``(call, expected exception type, a regular expression naming the argument)``.
A wrong *type* is a ``TypeError``, a wrong *value* a ``ValueError``, and the message names
the argument, so that a learner sees what to fix. The kinds of mistakes:

1. string-likes (``str``, ``bytes``, ``bytearray``, ``memoryview``, ``UserString``) and
   unordered collections (sets, dicts and their views) where a token list belongs, and
   for the raw-text API (sacreBLEU's rules) the opposite mistakes: token lists where a
   string belongs, a bare string where a list of segments belongs, badly shaped reference
   streams; generators give the same number as lists;
2. weights: unordered, NaN, infinite, negative, empty, a string, nested badly; weights
   NLTK gives a meaningful number for keep NLTK's number;
3. statistics rows that no text can produce (``bleu.check_stats`` is the one validator);
   the rows the package produces are never refused (a property test);
4. cost bounded by the input, not by the order or the number of resamples asked for;
5. bad options: orders, tokenizers, smoothing, flags, seeds, counts, mismatched lengths.
"""

from __future__ import annotations

import math
import sys
import tracemalloc
import warnings
from collections import UserString
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nltk_bleu

import bleu
from bleu import metrics, nltk_rules, sacrebleu_rules, significance, soft, tokenizers, variants
from bleu import vectorized as vec
from bleu.checks import MAX_ORDER, check_stats
from bleu.rows import NLTK

REFS = [["the", "cat", "is", "on", "the", "mat"], ["there", "is", "a", "cat", "on", "the", "mat"]]
HYP = ["the", "cat", "sat", "on", "the", "mat"]
TEXT_HYPS = ["The cat sat on the mat.", "A dog ran in the park.", "It is raining."]
TEXT_STREAMS = [["The cat is on the mat.", "The dog runs in the park.", "It rains again."]]
ROW = [7, 7, 6, 4, 2, 1, 7, 6, 5, 4]  # one valid sacreBLEU row (document 001's example)
ROWS = [[6, 6, 5, 3, 1, 0, 6, 5, 4, 3], [3, 4, 3, 2, 1, 0, 3, 2, 1, 0]]

STRING_LIKES = {
    "str": "the cat",
    "bytes": b"the cat",
    "bytearray": bytearray(b"the cat"),
    "memoryview": memoryview(b"the cat"),
    "UserString": UserString("the cat"),
}
UNORDERED = {
    "set": {"the", "cat"},
    "frozenset": frozenset({"the", "cat"}),
    "dict": {"the": 1, "cat": 2},
    "dict.keys": {"the": 1, "cat": 2}.keys(),
    "dict.values": {"the": "the", "cat": "cat"}.values(),
    "dict.items": {"the": 1}.items(),
}
NOT_TOKEN_LISTS = {**STRING_LIKES, **UNORDERED}


def rows_of(table: list[tuple]) -> list:
    """pytest params with readable ids from (id, call, error, name) tuples."""
    return [pytest.param(call, error, name, id=ident) for ident, call, error, name in table]


def check_row(call, error, name):
    with pytest.raises(error, match=name) as info:
        call()
    assert type(info.value) is error  # not a subclass such as numpy's ArrayMemoryError


# -- 1. token lists ------------------------------------------------------------------------------
# (name, call(references, hypothesis), name of the references argument, of the hypothesis)
SENTENCE_FUNCTIONS = [
    ("sentence_bleu", lambda r, h: bleu.sentence_bleu(r, h), "references", "hypothesis"),
    (
        "modified_precision",
        lambda r, h: bleu.modified_precision(r, h, 2),
        "references",
        "hypothesis",
    ),
    ("clipped_counts", lambda r, h: bleu.clipped_counts(r, h, 1), "references", "hypothesis"),
    ("explain", lambda r, h: bleu.explain(r, h), "references", "hypothesis"),
    ("closest_ref_length", lambda r, h: bleu.closest_ref_length(r, len(h)), "references", None),
    (
        "max_reference_counts",
        lambda r, h: bleu.precision.max_reference_counts(r, 1),
        "references",
        None,
    ),
    ("count_ngrams", lambda r, h: bleu.count_ngrams(h, 2), None, "tokens"),
    ("bleu_score_001", lambda r, h: variants.bleu_score_001(h, r), "references", "candidate"),
    ("bleu_004", lambda r, h: variants.bleu_004(r, h), "references", "hypothesis"),
    ("grid_ngrams_003", lambda r, h: variants.grid_ngrams_003(h, 2), None, "tokens"),
    ("word_precision_003", lambda r, h: variants.word_precision_003(h, r[0]), None, "candidate"),
    ("meteor", lambda r, h: metrics.meteor(r, h), "references", "hypothesis"),
    ("nist", lambda r, h: metrics.nist(r, h, n=2), "references", "hypothesis"),
    ("meteor_alignment", lambda r, h: metrics.meteor_alignment(r[0], h), None, "hypothesis"),
]


def _token_rows() -> list:
    table = []
    for fname, call, refs_name, hyp_name in SENTENCE_FUNCTIONS:
        for kind, bad in NOT_TOKEN_LISTS.items():
            if hyp_name:
                table.append(
                    (
                        f"{fname}-hypothesis-{kind}",
                        lambda c=call, b=bad: c(REFS, b),
                        TypeError,
                        rf"\b{hyp_name}\b",
                    )
                )
            if refs_name:
                table.append(
                    (
                        f"{fname}-references-{kind}",
                        lambda c=call, b=bad: c(b, HYP),
                        TypeError,
                        rf"\b{refs_name}\b",
                    )
                )
                table.append(
                    (
                        f"{fname}-a-reference-{kind}",
                        lambda c=call, b=bad: c([REFS[0], b], HYP),
                        TypeError,
                        rf"{refs_name}\[1\]",
                    )
                )
        if hyp_name:
            table.append(
                (f"{fname}-hypothesis-None", lambda c=call: c(REFS, None), TypeError, hyp_name)
            )
            table.append(
                (f"{fname}-hypothesis-int", lambda c=call: c(REFS, 7), TypeError, hyp_name)
            )
        if refs_name:
            table.append(
                (f"{fname}-references-None", lambda c=call: c(None, HYP), TypeError, refs_name)
            )
            table.append(
                (f"{fname}-no-references", lambda c=call: c([], HYP), ValueError, refs_name)
            )
            table.append(
                (
                    f"{fname}-None-reference",
                    lambda c=call: c([REFS[0], None], HYP),
                    TypeError,
                    rf"{refs_name}\[1\]",
                )
            )
    return rows_of(table)


@pytest.mark.parametrize(("call", "error", "name"), _token_rows())
def test_token_list_functions_refuse_strings_and_unordered(call, error, name):
    check_row(call, error, name)


# (name, call(list_of_references, hypotheses), references name, hypotheses name)
CORPUS_FUNCTIONS = [
    ("corpus_bleu", bleu.corpus_bleu, "list_of_references", "hypotheses"),
    ("nltk_rules.corpus_bleu", nltk_rules.corpus_bleu, "list_of_references", "hypotheses"),
    ("sentence_stats", bleu.sentence_stats, "list_of_references", "hypotheses"),
    ("bleu_nmt", variants.bleu_nmt, "reference_corpus", "translation_corpus"),
]


def _corpus_rows() -> list:
    table = []
    for fname, call, refs_name, hyps_name in CORPUS_FUNCTIONS:
        for kind, bad in NOT_TOKEN_LISTS.items():
            table += [
                (
                    f"{fname}-hypotheses-{kind}",
                    lambda c=call, b=bad: c([REFS, REFS], b),
                    TypeError,
                    rf"\b{hyps_name}\b",
                ),
                (
                    f"{fname}-a-hypothesis-{kind}",
                    lambda c=call, b=bad: c([REFS, REFS], [HYP, b]),
                    TypeError,
                    rf"{hyps_name}\[1\]",
                ),
                (
                    f"{fname}-references-{kind}",
                    lambda c=call, b=bad: c(b, [HYP, HYP]),
                    TypeError,
                    rf"\b{refs_name}\b",
                ),
                (
                    f"{fname}-a-reference-list-{kind}",
                    lambda c=call, b=bad: c([REFS, b], [HYP, HYP]),
                    TypeError,
                    rf"{refs_name}\[1\]",
                ),
                (
                    f"{fname}-a-reference-{kind}",
                    lambda c=call, b=bad: c([REFS, [REFS[0], b]], [HYP, HYP]),
                    TypeError,
                    rf"{refs_name}\[1\]\[1\]",
                ),
            ]
        table += [
            (
                f"{fname}-lengths",
                lambda c=call: c([REFS, REFS], [HYP, HYP, HYP]),
                ValueError,
                refs_name,
            ),
            (f"{fname}-empty", lambda c=call: c([], []), ValueError, hyps_name),
            (f"{fname}-None", lambda c=call: c(None, [HYP]), TypeError, refs_name),
            (f"{fname}-hypotheses-None", lambda c=call: c([REFS], None), TypeError, hyps_name),
            (
                f"{fname}-no-reference",
                lambda c=call: c([REFS, []], [HYP, HYP]),
                ValueError,
                rf"{refs_name}\[1\]",
            ),
            (f"{fname}-int", lambda c=call: c([REFS], 5), TypeError, hyps_name),
        ]
    return rows_of(table)


@pytest.mark.parametrize(("call", "error", "name"), _corpus_rows())
def test_corpus_functions_refuse_strings_unordered_and_bad_shapes(call, error, name):
    check_row(call, error, name)


# The raw-text API (sacreBLEU's rules) takes strings: the opposite mistakes.
# (name, call(hypotheses, references), name of the hypotheses argument)
TEXT_CORPUS_FUNCTIONS = [
    ("corpus_score", bleu.corpus_score, "hypotheses"),
    ("sacrebleu_rules.corpus_score", sacrebleu_rules.corpus_score, "hypotheses"),
    ("segment_stats", bleu.segment_stats, "hypotheses"),
    ("sacrebleu_rules.segment_stats", sacrebleu_rules.segment_stats, "hypotheses"),
    ("confidence_interval", lambda h, r: bleu.confidence_interval(h, r, n_samples=10), "system"),
    (
        "paired_bootstrap-system",
        lambda h, r: bleu.paired_bootstrap(TEXT_HYPS, h, r, n_samples=10),
        "system",
    ),
    (
        "paired_bootstrap-baseline",
        lambda h, r: bleu.paired_bootstrap(h, TEXT_HYPS, r, n_samples=10),
        "baseline",
    ),
    (
        "approximate_randomization-system",
        lambda h, r: bleu.approximate_randomization(TEXT_HYPS, h, r, n_trials=10),
        "system",
    ),
    (
        "approximate_randomization-baseline",
        lambda h, r: bleu.approximate_randomization(h, TEXT_HYPS, r, n_trials=10),
        "baseline",
    ),
]

TOKENS = [h.split() for h in TEXT_HYPS]


def _text_rows() -> list:
    table = []
    for fname, call, hyps in TEXT_CORPUS_FUNCTIONS:
        s = TEXT_STREAMS

        def row(ident, args, error, name, c=call, f=fname):
            table.append((f"{f}-{ident}", lambda: c(*args), error, name))

        row("hypotheses-bare-str", ("The cat sat.", s), TypeError, rf"\b{hyps}\b")
        row("hypotheses-token-lists", (TOKENS, s), TypeError, rf"{hyps}\[0\]")
        row("hypotheses-None-inside", ([None, *TEXT_HYPS[1:]], s), TypeError, rf"{hyps}\[0\]")
        row("hypotheses-None", (None, s), TypeError, rf"\b{hyps}\b")
        row("hypotheses-empty", ([], s), ValueError, rf"\b{hyps}\b")
        row("hypotheses-int", (5, s), TypeError, rf"\b{hyps}\b")
        for kind, bad in STRING_LIKES.items():
            if kind != "str":
                row(f"hypotheses-{kind}", (bad, s), TypeError, rf"\b{hyps}\b")
                row(f"a-hypothesis-{kind}", ([bad, *TEXT_HYPS[1:]], s), TypeError, rf"{hyps}\[0\]")
                row(
                    f"a-reference-{kind}",
                    (TEXT_HYPS, [[bad, *s[0][1:]]]),
                    TypeError,
                    r"references\[0\]\[0\]",
                )
        for kind, bad in UNORDERED.items():
            row(f"hypotheses-{kind}", (bad, s), TypeError, rf"\b{hyps}\b")
            row(f"references-{kind}", (TEXT_HYPS, bad), TypeError, r"\breferences\b")
            row(f"a-stream-{kind}", (TEXT_HYPS, [bad]), TypeError, r"references\[0\]")
        row("references-one-stream-unwrapped", (TEXT_HYPS, s[0]), TypeError, r"\breferences\b")
        row("references-bare-str", (TEXT_HYPS, "The cat."), TypeError, r"\breferences\b")
        row("references-None", (TEXT_HYPS, None), TypeError, r"\breferences\b")
        row("references-empty", (TEXT_HYPS, []), ValueError, r"\breferences\b")
        row(
            "references-nltk-layout",
            (TEXT_HYPS, [[r] for r in s[0]]),
            ValueError,
            r"references\[0\]",
        )
        row("stream-too-short", (TEXT_HYPS, [s[0][:2]]), ValueError, r"references\[0\]")
        row(
            "second-stream-too-long",
            (TEXT_HYPS, [s[0], [*s[0], "x"]]),
            ValueError,
            r"references\[1\]",
        )
        row("stream-of-token-lists", (TEXT_HYPS, [TOKENS]), TypeError, r"references\[0\]\[0\]")
        row(
            "no-reference-for-a-segment",
            (TEXT_HYPS, [[None, *s[0][1:]]]),
            ValueError,
            r"\breferences\b",
        )
    return rows_of(table)


@pytest.mark.parametrize(("call", "error", "name"), _text_rows())
def test_text_functions_refuse_token_lists_bare_strings_and_bad_streams(call, error, name):
    check_row(call, error, name)


SENTENCE_SCORE_ROWS = [
    ("hypothesis-tokens", lambda: bleu.sentence_score(HYP, ["a b"]), TypeError, "hypothesis"),
    ("hypothesis-None", lambda: bleu.sentence_score(None, ["a b"]), TypeError, "hypothesis"),
    ("hypothesis-bytes", lambda: bleu.sentence_score(b"a b", ["a b"]), TypeError, "hypothesis"),
    (
        "hypothesis-UserString",
        lambda: bleu.sentence_score(UserString("a b"), ["a b"]),
        TypeError,
        "hypothesis",
    ),
    ("references-bare-str", lambda: bleu.sentence_score("a b", "a b"), TypeError, "references"),
    (
        "references-token-lists",
        lambda: bleu.sentence_score("a b", [["a", "b"]]),
        TypeError,
        r"references\[0\]",
    ),
    (
        "references-None-inside",
        lambda: bleu.sentence_score("a b", ["a", None]),
        TypeError,
        r"references\[1\]",
    ),
    ("references-empty", lambda: bleu.sentence_score("a b", []), ValueError, "references"),
    ("references-set", lambda: bleu.sentence_score("a b", {"a b"}), TypeError, "references"),
    (
        "references-bytes-inside",
        lambda: bleu.sentence_score("a b", [b"a b"]),
        TypeError,
        r"references\[0\]",
    ),
    (
        "score_all-hypothesis-tokens",
        lambda: metrics.score_all(["a b c d e"], HYP),
        TypeError,
        "hypothesis",
    ),
    (
        "score_all-references-str",
        lambda: metrics.score_all("a b c d e", "a b c d e"),
        TypeError,
        "references",
    ),
    (
        "ter-UserString-references",
        lambda: metrics.ter(UserString("a b"), "a b"),
        TypeError,
        "references",
    ),
    ("chrf-hypothesis-tokens", lambda: metrics.chrf(["a b"], ["a", "b"]), TypeError, "hypothesis"),
    (
        "nltk_chrf-references-set",
        lambda: metrics.nltk_chrf({"a b"}, "a b"),
        TypeError,
        "references",
    ),
    (
        "variant-references-UserString",
        lambda: variants.bleu_score_000("a b", UserString("a b")),
        TypeError,
        "references",
    ),
    (
        "variant-references-set",
        lambda: variants.bleu_003("a b", {"a b"}, 1, (1,)),
        TypeError,
        "references",
    ),
    (
        "variant-candidate-tokens",
        lambda: variants.VARIANTS["001"].score(["a b"], ["a", "b"]),
        TypeError,
        "candidate",
    ),
    ("d2l-label-bytes", lambda: variants.bleu_d2l("a b", b"a b"), TypeError, "label_seq"),
    ("tokenizer-line-tokens", lambda: bleu.get_tokenizer("13a")(["a", "b"]), TypeError, "line"),
    (
        "segment_tokens-bytes",
        lambda: tokenizers.segment_tokens(b"a", "13a", False),
        TypeError,
        "segment",
    ),
    (
        "tokenize_stream-bare-str",
        lambda: tokenizers.tokenize_stream("a b", "13a", False),
        TypeError,
        "segments",
    ),
    ("soft-probs-str", lambda: soft.soft_bleu("0.5 0.5", [[1]]), TypeError, "probs"),
    ("soft-probs-bytearray", lambda: soft.soft_bleu(bytearray(b"ab"), [[1]]), TypeError, "probs"),
    (
        "soft-references-set",
        lambda: soft.soft_bleu([[0.0, 1.0]], [{1}]),
        TypeError,
        r"references\[0\]",
    ),
    (
        "soft-references-dict",
        lambda: soft.soft_bleu([[0.0, 1.0]], {1: [1]}),
        TypeError,
        "references",
    ),
    (
        "soft-references-UserString",
        lambda: soft.soft_bleu([[0.0, 1.0]], UserString("1")),
        TypeError,
        "references",
    ),
    ("one_hot-ids-set", lambda: soft.one_hot({0, 1}, 2), TypeError, "ids"),
    ("one_hot-vocab_size-float", lambda: soft.one_hot([0], 2.0), TypeError, "vocab_size"),
]


@pytest.mark.parametrize(("call", "error", "name"), rows_of(SENTENCE_SCORE_ROWS))
def test_sentence_level_text_and_other_inputs(call, error, name):
    check_row(call, error, name)


# Functions on raw sentences that split them themselves: the documents' code (variants).
RAW_SENTENCE_FUNCTIONS = {
    "bleu_score_000": lambda c, r: variants.bleu_score_000(c, r),
    "closest_ref_length_000": variants.closest_ref_length_000,
    "closest_ref_length_000_text": variants.closest_ref_length_000_text,
    "brevity_penalty_000": variants.brevity_penalty_000,
    "ngram_precisions_003": lambda c, r: variants.ngram_precisions_003(c, r, 1),
    "ngram_counts_003": lambda c, r: variants.ngram_counts_003(c, r, 1),
    "brevity_penalty_003": variants.brevity_penalty_003,
    "bleu_003": lambda c, r: variants.bleu_003(c, r, 1, (1.0,)),
    "bleu_v2_003": lambda c, r: variants.bleu_v2_003(c, r, 1, (1.0,), echo=lambda line: None),
    "Variant.score": lambda c, r: variants.VARIANTS["003"].score(r, c, (1.0,)),
    "ter": lambda c, r: metrics.ter(r, c),
    "chrf": lambda c, r: metrics.chrf(r, c),
    "nltk_chrf": lambda c, r: metrics.nltk_chrf(r, c),
    "score_all": lambda c, r: metrics.score_all(r, c),
}


def _raw_sentence_rows() -> list:
    table = []
    for fname, call in RAW_SENTENCE_FUNCTIONS.items():
        cand = "hypothesis" if fname in ("ter", "chrf", "nltk_chrf", "score_all") else "candidate"
        bad_candidates = {
            "tokens": ["a", "b"],
            "None": None,
            **{k: v for k, v in STRING_LIKES.items() if k != "str"},
        }
        bad_references = {
            "bare-str": "a b c d e",
            "tokens-inside": [["a", "b"]],
            "None-inside": ["a b", None],
            **{k: v for k, v in NOT_TOKEN_LISTS.items() if k != "str"},
        }
        for kind, bad in bad_candidates.items():
            table.append(
                (
                    f"{fname}-{cand}-{kind}",
                    lambda c=call, b=bad: c(b, ["a b c d e"]),
                    TypeError,
                    rf"\b{cand}\b",
                )
            )
        for kind, bad in bad_references.items():
            name = r"references\[\d\]" if kind.endswith("inside") else r"\breferences\b"
            table.append(
                (
                    f"{fname}-references-{kind}",
                    lambda c=call, b=bad: c("a b c d e", b),
                    TypeError,
                    name,
                )
            )
        table.append(
            (
                f"{fname}-references-empty",
                lambda c=call: c("a b c d e", []),
                ValueError,
                "references",
            )
        )
    for fname, call in {
        "soft_bleu": soft.soft_bleu,
        "soft_bleu_grad": soft.soft_bleu_grad,
        "soft_bleu_loss": soft.soft_bleu_loss,
        "soft_stats": soft.soft_stats,
    }.items():
        for kind, bad in NOT_TOKEN_LISTS.items():
            table += [
                (
                    f"{fname}-references-{kind}",
                    lambda c=call, b=bad: c(np.eye(2), b),
                    TypeError,
                    r"\breferences\b",
                ),
                (
                    f"{fname}-a-reference-{kind}",
                    lambda c=call, b=bad: c(np.eye(2), [[0], b]),
                    TypeError,
                    r"references\[1\]",
                ),
                (
                    f"{fname}-matrix-{kind}",
                    lambda c=call, b=bad: c(b, [[0]]),
                    TypeError,
                    "probs|logits",
                ),
            ]
    return rows_of(table)


@pytest.mark.parametrize(("call", "error", "name"), _raw_sentence_rows())
def test_raw_sentence_functions_refuse_tokens_and_odd_collections(call, error, name):
    check_row(call, error, name)


# -- 1b. generators: the same number as a list, never a different one --------------------------
def _gen(items):
    return (item for item in items)


CORPUS_REFS = [REFS, [["a", "dog", "ran", "in", "the", "park"]], [["it", "is", "raining"]]]
CORPUS_HYPS = [HYP, ["a", "dog", "ran", "in", "a", "park"], ["it", "rains"]]


@pytest.mark.parametrize(
    "corpus_bleu", [bleu.corpus_bleu, nltk_rules.corpus_bleu], ids=["vectorized", "nltk_rules"]
)
def test_generators_give_the_corpus_bleu_of_lists(corpus_bleu):
    expected = corpus_bleu(CORPUS_REFS, CORPUS_HYPS)
    assert expected > 0
    refs = _gen(_gen(_gen(r) for r in group) for group in CORPUS_REFS)
    assert corpus_bleu(refs, _gen(_gen(h) for h in CORPUS_HYPS)) == expected
    assert corpus_bleu(_gen(CORPUS_REFS), iter(CORPUS_HYPS)) == expected
    rows = bleu.sentence_stats(_gen(CORPUS_REFS), _gen(_gen(h) for h in CORPUS_HYPS))
    assert rows.tolist() == bleu.sentence_stats(CORPUS_REFS, CORPUS_HYPS).tolist()


def test_generators_give_the_sentence_scores_of_lists():
    assert bleu.sentence_bleu(_gen(map(_gen, REFS)), _gen(HYP)) == bleu.sentence_bleu(REFS, HYP)
    assert bleu.modified_precision(_gen(REFS), iter(HYP), 2) == bleu.modified_precision(
        REFS, HYP, 2
    )
    assert bleu.explain(_gen(REFS), _gen(HYP)).score == bleu.explain(REFS, HYP).score
    assert bleu.closest_ref_length(_gen(REFS), 6) == 6
    assert variants.bleu_nmt(_gen(CORPUS_REFS), _gen(CORPUS_HYPS)) == variants.bleu_nmt(
        CORPUS_REFS, CORPUS_HYPS
    )
    one_hot = soft.one_hot([1, 2, 3], 5)
    assert soft.soft_bleu(one_hot, _gen([_gen([1, 2, 3])]), weights=_gen([0.5, 0.5])) == 1.0


@pytest.mark.parametrize(
    "call",
    [
        bleu.corpus_score,
        sacrebleu_rules.corpus_score,
        lambda h, r: bleu.segment_stats(h, r).tolist(),
        lambda h, r: sacrebleu_rules.segment_stats(h, r).tolist(),
        lambda h, r: bleu.confidence_interval(h, r, n_samples=50).mean,
        lambda h, r: bleu.paired_bootstrap(TEXT_HYPS[::-1], h, r, n_samples=50).p_value,
        lambda h, r: bleu.approximate_randomization(TEXT_HYPS[::-1], h, r, n_trials=50).p_value,
    ],
    ids=[
        "corpus_score",
        "step-corpus_score",
        "segment_stats",
        "step-segment_stats",
        "confidence_interval",
        "paired_bootstrap",
        "approximate_randomization",
    ],
)
def test_generators_give_the_text_scores_of_lists(call):
    expected = call(TEXT_HYPS, TEXT_STREAMS)
    got = call(_gen(TEXT_HYPS), _gen(_gen(stream) for stream in TEXT_STREAMS))
    assert str(got) == str(expected)
    assert str(bleu.sentence_score(TEXT_HYPS[0], _gen(TEXT_STREAMS[0][:1]))) == str(
        bleu.sentence_score(TEXT_HYPS[0], TEXT_STREAMS[0][:1])
    )


def test_a_generator_of_statistics_is_refused_not_misread():
    with pytest.raises(TypeError, match="stats"):
        bleu.score_from_stats(_gen(ROW))
    with pytest.raises(TypeError, match="stats"):
        bleu.bleu_from_stats(_gen(ROWS))


# -- 2. weights ----------------------------------------------------------------------------------
BAD_WEIGHTS = {
    "set": ({0.25, 0.5}, TypeError, "weights"),
    "frozenset": (frozenset({0.5}), TypeError, "weights"),
    "dict": ({1: 0.5, 2: 0.5}, TypeError, "weights"),
    "dict.values": ({1: 0.5, 2: 0.5}.values(), TypeError, "weights"),
    "nan": ((0.5, float("nan")), ValueError, "weights"),
    "inf": ((float("inf"),), ValueError, "weights"),
    "-inf": ((0.5, -math.inf), ValueError, "weights"),
    "negative": ((-0.5, 1.5), ValueError, "weights"),
    "empty": ((), ValueError, "weights"),
    "str": ("0.25", TypeError, "weights"),
    "bytes": (b"\x01\x02", TypeError, "weights"),
    "None": (None, TypeError, "weights"),
    "bools": ((True, False), TypeError, "weights"),
    "number": (0.25, TypeError, "weights"),
    "numbers-as-str": (("0.5", "0.5"), TypeError, "weights"),
    "overflow": ((10**400, 1), ValueError, "weights"),  # beyond a float: not an OverflowError
}
BAD_WEIGHT_LISTS = {  # NLTK's list-of-weights form (corpus and sentence BLEU)
    "nested-set": ([(0.5, 0.5), {0.5}], TypeError, r"weights\[1\]"),
    "nested-nan": ([(0.5, 0.5), (float("nan"), 0.5)], ValueError, r"weights\[1\]"),
    "nested-negative": ([(0.5, 0.5), (1.5, -0.5)], ValueError, r"weights\[1\]"),
    "nested-empty": ([(0.5, 0.5), ()], ValueError, r"weights\[1\]"),
    "nested-str": ([(0.5, 0.5), "ab"], TypeError, r"weights\[1\]"),
    "nested-None": ([(0.5, 0.5), None], TypeError, r"weights\[1\]"),
    "nested-number": ([(0.5, 0.5), 0.5], TypeError, r"weights\[1\]"),
    "nested-overflow": ([(0.5, 0.5), (1, 10**400)], ValueError, r"weights\[1\]"),
    "mixed": ([0.5, (0.5, 0.5)], TypeError, "weights"),
}
WEIGHTED_FUNCTIONS = {
    "sentence_bleu": lambda w: bleu.sentence_bleu(REFS, HYP, weights=w),
    "corpus_bleu": lambda w: bleu.corpus_bleu([REFS], [HYP], weights=w),
    "nltk_rules.corpus_bleu": lambda w: nltk_rules.corpus_bleu([REFS], [HYP], weights=w),
    "bleu_from_stats": lambda w: bleu.bleu_from_stats(bleu.sentence_stats([REFS], [HYP]), w),
    "sentence_bleu_scores": lambda w: bleu.sentence_bleu_scores([REFS], [HYP], w),
}
SINGLE_VECTOR_FUNCTIONS = {
    "explain": lambda w: bleu.explain(REFS, HYP, max_n=2, weights=w),
    "soft_bleu": lambda w: soft.soft_bleu(soft.one_hot([1, 2], 3), [[1, 2]], weights=w),
    "soft_bleu_grad": lambda w: soft.soft_bleu_grad(np.eye(3)[[1, 2]], [[1, 2]], weights=w),
    "bleu_score_000": lambda w: variants.bleu_score_000("a b", ["a b"], weights=w),
    "bleu_score_001": lambda w: variants.bleu_score_001(["a", "b"], [["a", "b"]], weights=w),
    "bleu_003": lambda w: variants.bleu_003("a b", ["a b"], 2, weights=w),
    "weighted_mean_003": lambda w: variants.weighted_mean_003([0.5, 0.5], w),
    "Variant.score": lambda w: variants.VARIANTS["000"].score(["a b"], "a b", w),
}


def _weight_rows() -> list:
    table = []
    for fname, call in {**WEIGHTED_FUNCTIONS, **SINGLE_VECTOR_FUNCTIONS}.items():
        for kind, (bad, error, name) in BAD_WEIGHTS.items():
            if fname == "explain" and kind == "None":
                continue  # explain's weights=None means uniform weights
            if fname == "explain" and kind in ("empty", "nan", "-inf", "negative"):
                bad = (*bad, 0.5) if len(bad) == 1 else bad
            table.append((f"{fname}-{kind}", lambda c=call, b=bad: c(b), error, name))
    for fname, call in WEIGHTED_FUNCTIONS.items():
        for kind, (bad, error, name) in BAD_WEIGHT_LISTS.items():
            table.append((f"{fname}-{kind}", lambda c=call, b=bad: c(b), error, name))
    return rows_of(table)


@pytest.mark.parametrize(("call", "error", "name"), _weight_rows())
def test_bad_weights_are_refused(call, error, name):
    check_row(call, error, name)


def nltk_sentence_bleu(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return nltk_bleu.sentence_bleu(*args, **kwargs)


@pytest.mark.parametrize(
    "weights",
    [
        (0, 0, 0, 0),  # NLTK: BP alone
        (0.5, 0.5),
        [0.25, 0.25, 0.25, 0.25],
        (Fraction(1, 3),) * 3,
        (0.2, 0.3, 0.5, 0.0, 0.0),
        [(0.5, 0.5), (1 / 3,) * 3, (1.0,)],
        [[0.5, 0.5], (0.25,) * 4],
        [(0.25,) * 4],  # one vector in a list: a float, as NLTK 3.10.4
        np.array([[0.5, 0.5]]),
    ],
)
def test_weights_nltk_scores_meaningfully_keep_nltk_s_number(weights):
    method1 = bleu.SmoothingFunction().method1
    theirs = nltk_sentence_bleu(
        REFS, HYP, weights=weights, smoothing_function=nltk_bleu.SmoothingFunction().method1
    )
    for ours in (
        bleu.sentence_bleu(REFS, HYP, weights=weights, smoothing_function=method1),
        bleu.corpus_bleu([REFS], [HYP], weights=weights, smoothing_function=method1),
        nltk_rules.corpus_bleu([REFS], [HYP], weights=weights, smoothing_function=method1),
    ):
        assert np.allclose(ours, theirs, rtol=1e-12, atol=0)


def test_weights_as_a_numpy_array_or_a_generator_score_as_a_tuple():
    expected = bleu.sentence_bleu(REFS, HYP, weights=(0.5, 0.5))
    assert bleu.sentence_bleu(REFS, HYP, weights=np.array([0.5, 0.5])) == expected
    assert bleu.sentence_bleu(REFS, HYP, weights=(w for w in (0.5, 0.5))) == expected
    assert bleu.corpus_bleu([REFS], [HYP], weights=np.array([0.5, 0.5])) == expected


# -- 3. impossible statistics --------------------------------------------------------------------
IMPOSSIBLE_ROWS = {  # one row; each is refused as a single row and as a row of a 2-D array
    "more-matches-than-ngrams": ([10, 10, 20, 9, 8, 7, 10, 9, 8, 7], ValueError, "more matches"),
    "matches-above-totals-order-3": ([7, 7, 6, 4, 6, 1, 7, 6, 5, 4], ValueError, "m_3"),
    "negative-count": ([7, 7, 6, 4, -2, 1, 7, 6, 5, 4], ValueError, "negative"),
    "negative-length": ([-7, 7, 6, 4, 2, 1, 7, 6, 5, 4], ValueError, "negative"),
    "totals-increase": ([7, 7, 6, 4, 2, 1, 7, 8, 5, 4], ValueError, "order 2"),
    "more-unigrams-than-tokens": ([3, 3, 3, 2, 1, 0, 5, 4, 3, 2], ValueError, "t_1"),
    "floats": ([7.0, 7.0, 6.0, 4.0, 2.0, 1.0, 7.0, 6.0, 5.0, 4.0], TypeError, "whole numbers"),
    "fractional": ([7, 7, 6.5, 4, 2, 1, 7, 6, 5, 4], TypeError, "whole numbers"),
    "bools": ([True] * 10, TypeError, "whole numbers"),
    "strings": (["7"] * 10, TypeError, "whole numbers"),
    "None-inside": ([7, 7, None, 4, 2, 1, 7, 6, 5, 4], TypeError, "whole numbers"),
    "odd-length": ([7, 7, 6, 4, 2, 7, 6, 5, 4], ValueError, "even length"),
    "too-short": ([7, 7], ValueError, "even length"),
}
BAD_STATS_OBJECTS = {  # not rows at all
    "None": (None, TypeError, "stats|sums|baseline"),
    "str": ("7 7 6 4 2 1 7 6 5 4", TypeError, "stats|sums|baseline"),
    "set": ({1, 2, 3, 4}, TypeError, "stats|sums|baseline"),
    "dict": ({"c": 7}, TypeError, "stats|sums|baseline"),
    "3-D": ([[ROW]], ValueError, "even length"),
    "ragged": ([ROW, ROW[:6]], ValueError, "rectangular"),
    "no-rows": (np.zeros((0, 10), dtype=int), ValueError, "no rows"),
}
# (name, call(stats), takes one row, takes 2-D rows)
STATS_FUNCTIONS = [
    ("score_from_stats", bleu.score_from_stats, True, True),
    ("scores_from_stats", bleu.rules.scores_from_stats, True, True),
    ("bleu_scores_from_stats", bleu.bleu_scores_from_stats, True, True),
    ("bleu_from_stats", bleu.bleu_from_stats, True, True),
    ("confidence_from_stats", lambda s: significance.confidence_from_stats(s, 10), False, True),
    (
        "paired_bootstrap_from_stats",
        lambda s: significance.paired_bootstrap_from_stats(s, s, 10),
        False,
        True,
    ),
    (
        "approximate_randomization_from_stats",
        lambda s: significance.approximate_randomization_from_stats(s, s, 10),
        False,
        True,
    ),
]


def _stats_rows() -> list:
    table = []
    for fname, call, one_row, two_d in STATS_FUNCTIONS:
        for kind, (row, error, match) in IMPOSSIBLE_ROWS.items():
            nltk_sums = fname.startswith("bleu_")  # NLTK's rows: t_1 may exceed c
            if one_row and not (nltk_sums and kind == "more-unigrams-than-tokens"):
                table.append((f"{fname}-{kind}", lambda c=call, r=row: c(r), error, match))
            if two_d:
                table.append(
                    (f"{fname}-rows-{kind}", lambda c=call, r=row: c([r, r]), error, match)
                )
        for kind, (value, error, match) in BAD_STATS_OBJECTS.items():
            table.append((f"{fname}-{kind}", lambda c=call, v=value: c(v), error, match))
    table += [
        (
            "row-longer-than-its-hypothesis",
            lambda: bleu.bleu_from_stats([[2, 2, 2, 1, 0, 0, 2, 2, 1, 1]]),
            ValueError,
            r"stats\[0\]",
        ),
        (
            "orders-too-few-for-weights",
            lambda: bleu.bleu_from_stats([[4, 4, 4, 3, 4, 3]]),
            ValueError,
            "orders",
        ),
        ("sums-for-rows", lambda: significance.confidence_from_stats(ROW, 10), ValueError, "rows"),
        (
            "shapes-differ",
            lambda: significance.paired_bootstrap_from_stats(ROWS, [ROW], 10),
            ValueError,
            "shape",
        ),
        (
            "orders-differ",
            lambda: significance.approximate_randomization_from_stats(
                ROWS, [r[:4] + r[6:8] for r in ROWS], 10
            ),
            ValueError,
            "shape",
        ),
        (
            "system-impossible",
            lambda: significance.paired_bootstrap_from_stats(
                ROWS, [ROWS[0], IMPOSSIBLE_ROWS["more-matches-than-ngrams"][0]], 10
            ),
            ValueError,
            "system",
        ),
        (
            "options-not-scoring-options",
            lambda: bleu.score_from_stats(ROW, options={"smooth_method": "exp"}),
            TypeError,
            "options",
        ),
        (
            "options-and-keywords",
            lambda: bleu.scores_from_stats(
                ROWS, smooth_method="floor", options=bleu.ScoringOptions()
            ),
            TypeError,
            "options",
        ),
        (
            "options-of-another-order",
            lambda: bleu.score_from_stats(ROW, options=bleu.ScoringOptions(max_ngram_order=3)),
            ValueError,
            "max_ngram_order",
        ),
    ]
    # text options act on text: with rows they would be ignored, so they are refused
    for fname, call in [
        ("score_from_stats", lambda **k: bleu.score_from_stats(ROW, **k)),
        ("scores_from_stats", lambda **k: bleu.scores_from_stats(ROWS, **k)),
        ("confidence_from_stats", lambda **k: significance.confidence_from_stats(ROWS, 10, **k)),
        (
            "paired_bootstrap_from_stats",
            lambda **k: significance.paired_bootstrap_from_stats(ROWS, ROWS, 10, **k),
        ),
        (
            "approximate_randomization_from_stats",
            lambda **k: significance.approximate_randomization_from_stats(ROWS, ROWS, 10, **k),
        ),
    ]:
        table += [
            (f"{fname}-tokenize", lambda c=call: c(tokenize="char"), TypeError, "tokenize"),
            (f"{fname}-lowercase", lambda c=call: c(lowercase=True), TypeError, "lowercase"),
            (f"{fname}-order", lambda c=call: c(max_ngram_order=7), ValueError, "max_ngram_order"),
        ]
    return rows_of(table)


@pytest.mark.parametrize(("call", "error", "name"), _stats_rows())
def test_impossible_statistics_are_refused(call, error, name):
    check_row(call, error, name)


def test_the_reported_impossible_row_no_longer_scores_118():
    with pytest.raises(ValueError, match="m_1 = 20 > t_1 = 10"):
        bleu.score_from_stats([10, 10, 20, 9, 8, 7, 10, 9, 8, 7])


WORDS = st.sampled_from(
    ["the", "cat", "a", "mat", "sat", "on", ".", "dog", "it's", "3.50", "U.S.", "中文", "--", " "]
)
SENTENCE = st.lists(WORDS, min_size=0, max_size=9)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hyps=st.lists(SENTENCE, min_size=1, max_size=6),
    n_refs=st.integers(1, 3),
    data=st.data(),
    order=st.integers(1, 6),
    tokenize=st.sampled_from(bleu.TOKENIZERS),
    lowercase=st.booleans(),
)
def test_rows_the_package_produces_are_never_refused(
    hyps, n_refs, data, order, tokenize, lowercase
):
    refs = [data.draw(st.lists(SENTENCE, min_size=n_refs, max_size=n_refs)) for _ in hyps]
    # NLTK's layout, token lists (empty references allowed, as NLTK allows them)
    rows = bleu.sentence_stats(refs, hyps, max_n=order)
    assert check_stats(rows, rules=NLTK) is not None
    bleu.bleu_from_stats(rows, weights=(1 / order,) * order)
    bleu.bleu_from_stats(rows.sum(axis=0), weights=(1 / order,) * order)
    for row in rows:
        check_stats(row[None, :], rules=NLTK)
    # sacreBLEU's layout, raw text, both twins
    texts = [" ".join(h) for h in hyps]
    streams = [[" ".join(group[k]) for group in refs] for k in range(n_refs)]
    if n_refs > 1:  # variable references: a missing (None) reference where drawn
        missing = data.draw(st.lists(st.booleans(), min_size=len(hyps), max_size=len(hyps)))
        streams[-1] = [None if gone else ref for gone, ref in zip(missing, streams[-1])]
    options = {"tokenize": tokenize, "lowercase": lowercase, "max_ngram_order": order}
    for segment_stats in (bleu.segment_stats, sacrebleu_rules.segment_stats):
        rows = segment_stats(texts, streams, **options)
        check_stats(rows)
        check_stats(rows.sum(axis=0))
        for row in rows:
            check_stats(row)  # a single segment's row is also a valid one-row sum
        bleu.score_from_stats(rows)
        bleu.rules.scores_from_stats(rows)
        significance.confidence_from_stats(rows, n_samples=5)
        significance.paired_bootstrap_from_stats(rows, rows[::-1].copy(), n_samples=5)


# -- 4. cost bounded by the input ----------------------------------------------------------------
# Counted, never timed (a busy machine must not fail a test): the Python lines a call runs
# (sys.settrace) and the memory it allocates (tracemalloc). A loop over a huge order in Python
# runs millions of lines; one in numpy allocates an array as large as the order.
# Each call below runs under 400,000 lines (the most: the step-by-step corpus_bleu with 8000
# weights, about 350,000, linear in the weights); a loop over an order of 10**7 runs over 10**7.
LINE_BUDGET = 1_000_000
PEAK_MB = 50


class OverBudget(Exception):
    """Raised inside the traced call once it has run more than its line budget."""


def lines_run(call, budget=LINE_BUDGET):
    """``(call(), number of Python lines it ran)``; stops the call once over ``budget``."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if count > budget:
                raise OverBudget(f"over {budget:,} Python lines")
        return tracer

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        result = call()
    finally:
        sys.settrace(previous)
    return result, count


def bounded(call):
    """Run ``call`` counting its Python lines, then under tracemalloc; assert both bounds.

    Two runs, because each kind of tracing distorts the other.
    """
    result, count = lines_run(call)
    assert count <= LINE_BUDGET, f"ran {count:,} lines"
    tracemalloc.start()
    try:
        call()
        peak = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    assert peak < PEAK_MB, f"peak {peak:.1f} MB"
    return result


def test_the_line_count_sees_a_python_loop():
    """The counter itself: a loop of 10**6 steps is stopped over budget, a short one is not."""

    def loop(n):
        total = 0
        for i in range(n):
            total += i
        return total

    assert lines_run(lambda: loop(10))[0] == 45
    with pytest.raises(OverBudget):
        lines_run(lambda: loop(10**6))


def bounded_error(call, error, name):
    def expect():
        with pytest.raises(error, match=name) as info:
            call()
        return info

    info = bounded(expect)
    assert type(info.value) is error


def test_modified_precision_of_a_huge_order_is_free_and_equals_nltk():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nltk_bleu.modified_precision(REFS, HYP, 50)  # 10**7 takes NLTK 0.2 s
    assert bounded(lambda: bleu.modified_precision(REFS, HYP, 10**7)) == theirs == 0
    assert bounded(lambda: bleu.count_ngrams(HYP, 10**12)) == {}
    assert bounded(lambda: bleu.clipped_counts(REFS, HYP, 10**9)) == {}


def test_sentence_bleu_with_8000_weights_is_fast_and_equals_nltk():
    weights = (1 / 8000,) * 8000
    method1 = bleu.SmoothingFunction().method1
    ours = bounded(lambda: bleu.sentence_bleu(REFS, HYP, weights, smoothing_function=method1))
    theirs = nltk_sentence_bleu(
        REFS, HYP, weights, smoothing_function=nltk_bleu.SmoothingFunction().method1
    )
    assert math.isclose(ours, theirs, rel_tol=1e-9)
    assert bounded(lambda: bleu.sentence_bleu(REFS, HYP, weights)) == 0.0  # NLTK: ~1e-307


def test_corpus_bleu_with_8000_weights_costs_what_four_cost():
    refs, hyps = CORPUS_REFS * 30, CORPUS_HYPS * 30
    weights = [(1 / 8000,) * 8000, (0.25,) * 4]
    method1 = bleu.SmoothingFunction().method1
    fast = bounded(lambda: bleu.corpus_bleu(refs, hyps, weights, method1))
    step = bounded(lambda: nltk_rules.corpus_bleu(refs, hyps, weights, method1))
    assert fast == pytest.approx(step, rel=1e-12)
    assert fast[1] == pytest.approx(bleu.corpus_bleu(refs, hyps, smoothing_function=method1))


@pytest.mark.parametrize(
    ("score", "copies"),
    [(bleu.corpus_score, 300), (sacrebleu_rules.corpus_score, 30)],  # 900 rows: 110 MB if full
    ids=["vectorized", "step-by-step"],
)
def test_corpus_score_with_a_huge_order_is_fast_and_right(score, copies):
    hyps, streams = TEXT_HYPS * copies, [TEXT_STREAMS[0] * copies]
    long = bounded(lambda: score(hyps, streams, max_ngram_order=8000, effective_order=True))
    assert long.score == pytest.approx(
        score(hyps, streams, max_ngram_order=7, effective_order=True).score, rel=1e-12
    )
    assert long.counts[7:] == [0] * (8000 - 7) and long.totals[7:] == [0] * (8000 - 7)


def test_sentence_score_with_8000_orders_is_fast_and_equals_sacrebleu_s_rule():
    import sacrebleu

    hyp, refs = TEXT_HYPS[0], TEXT_STREAMS[0][:1]
    long = bounded(lambda: bleu.sentence_score(hyp, refs, max_ngram_order=8000))
    n_tokens = long.sys_len
    assert long.score == bleu.sentence_score(hyp, refs, max_ngram_order=n_tokens).score
    theirs = sacrebleu.metrics.BLEU(effective_order=True, max_ngram_order=12)
    assert bleu.sentence_score(hyp, refs, max_ngram_order=12).score == pytest.approx(
        theirs.sentence_score(hyp, refs).score, rel=1e-12
    )


@pytest.mark.parametrize("segment_stats", [bleu.segment_stats, sacrebleu_rules.segment_stats])
def test_segment_stats_with_8000_orders_pads_with_zeros(segment_stats):
    rows = bounded(lambda: segment_stats(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=8000))
    short = segment_stats(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=7)
    assert rows.shape == (3, 2 + 2 * 8000)
    assert (rows[:, :9] == short[:, :9]).all() and (rows[:, 8002:8009] == short[:, 9:]).all()
    assert not rows[:, 9:8002].any() and not rows[:, 8009:].any()


HUGE_ORDER_CALLS = [
    ("corpus_score", lambda: bleu.corpus_score(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=10**9)),
    (
        "step-corpus_score",
        lambda: sacrebleu_rules.corpus_score(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=10**9),
    ),
    ("sentence_score", lambda: bleu.sentence_score("a b", ["a b"], max_ngram_order=10**9)),
    ("segment_stats", lambda: bleu.segment_stats(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=10**9)),
    (
        "step-segment_stats",
        lambda: sacrebleu_rules.segment_stats(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=10**9),
    ),
    (
        "confidence_interval",
        lambda: bleu.confidence_interval(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=MAX_ORDER + 1),
    ),
    ("BleuOptions", lambda: bleu.BleuOptions(max_ngram_order=10**18)),
]


@pytest.mark.parametrize(
    "call", [c for _, c in HUGE_ORDER_CALLS], ids=[i for i, _ in HUGE_ORDER_CALLS]
)
def test_an_order_beyond_the_limit_is_a_clear_value_error(call):
    bounded_error(call, ValueError, "max_ngram_order")


def test_orders_with_one_entry_each_are_capped_where_the_result_grows_with_them():
    bounded_error(lambda: bleu.sentence_stats([REFS], [HYP], max_n=10**7), ValueError, "max_n")
    bounded_error(lambda: bleu.explain(REFS, HYP, max_n=10**7), ValueError, "max_n")
    bounded_error(lambda: soft.soft_stats(np.eye(2), [[0, 1]], max_n=10**7), ValueError, "max_n")
    bounded_error(
        lambda: variants.bleu_nmt([REFS], [HYP], max_order=10**9), ValueError, "max_order"
    )
    assert bounded(lambda: bleu.explain(REFS, HYP, max_n=2000)).score == 0.0


RESAMPLE_CALLS = [
    (
        "confidence_interval",
        lambda n: bleu.confidence_interval(TEXT_HYPS, TEXT_STREAMS, n),
        "n_samples",
    ),
    (
        "paired_bootstrap",
        lambda n: bleu.paired_bootstrap(TEXT_HYPS[::-1], TEXT_HYPS, TEXT_STREAMS, n),
        "n_samples",
    ),
    (
        "approximate_randomization",
        lambda n: bleu.approximate_randomization(TEXT_HYPS[::-1], TEXT_HYPS, TEXT_STREAMS, n),
        "n_trials",
    ),
    (
        "approximate_randomization-n_confidence",
        lambda n: bleu.approximate_randomization(
            TEXT_HYPS[::-1], TEXT_HYPS, TEXT_STREAMS, 10, n_confidence=n
        ),
        "n_confidence",
    ),
    ("confidence_from_stats", lambda n: significance.confidence_from_stats(ROWS, n), "n_samples"),
    (
        "paired_bootstrap_from_stats",
        lambda n: significance.paired_bootstrap_from_stats(ROWS, ROWS[::-1], n),
        "n_samples",
    ),
    (
        "approximate_randomization_from_stats",
        lambda n: significance.approximate_randomization_from_stats(ROWS, ROWS[::-1], n),
        "n_trials",
    ),
]


@pytest.mark.parametrize(
    ("call", "name"), [(c, n) for _, c, n in RESAMPLE_CALLS], ids=[i for i, _, _ in RESAMPLE_CALLS]
)
def test_10_to_the_12_resamples_are_a_clear_value_error(call, name):
    bounded_error(lambda: call(10**12), ValueError, name)
    bounded_error(lambda: call(np.int64(10**12)), ValueError, name)


@pytest.mark.parametrize(
    ("call", "name"), [(c, n) for _, c, n in RESAMPLE_CALLS], ids=[i for i, _, _ in RESAMPLE_CALLS]
)
@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (0, ValueError),
        (-5, ValueError),
        (2.5, TypeError),
        (True, TypeError),
        ("10", TypeError),
        (None, TypeError),
    ],
)
def test_bad_numbers_of_resamples(call, name, bad, error):
    if name == "n_confidence" and bad == 0 and type(bad) is int:
        assert call(bad).mean is None  # 0 confidence resamples: no estimate, as documented
        return
    check_row(lambda: call(bad), error, name)


THOUSANDS_OF_ORDERS = [
    (
        "confidence_interval",
        lambda: bleu.confidence_interval(TEXT_HYPS, TEXT_STREAMS, 10**5, max_ngram_order=8000),
        "n_samples",
    ),
    (
        "paired_bootstrap_from_stats",
        lambda: significance.paired_bootstrap_from_stats(
            *[bleu.segment_stats(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=4000)] * 2, 10**5
        ),
        "n_samples",
    ),
    (
        "approximate_randomization",
        lambda: bleu.approximate_randomization(
            TEXT_HYPS[::-1], TEXT_HYPS, TEXT_STREAMS, 10**5, max_ngram_order=8000
        ),
        "n_trials",
    ),
    (
        "n_confidence",
        lambda: bleu.approximate_randomization(
            TEXT_HYPS[::-1], TEXT_HYPS, TEXT_STREAMS, 10, n_confidence=10**5, max_ngram_order=8000
        ),
        "n_confidence",
    ),
]


@pytest.mark.parametrize(
    ("call", "name"),
    [(c, n) for _, c, n in THOUSANDS_OF_ORDERS],
    ids=[i for i, _, _ in THOUSANDS_OF_ORDERS],
)
def test_resamples_of_thousands_of_orders_are_a_clear_value_error(call, name):
    """10**5 resamples are allowed, but not of 16,002 columns each (12 GiB of sums)."""
    bounded_error(call, ValueError, name)


def test_a_corpus_too_big_for_one_block_is_processed_in_blocks(monkeypatch):
    refs, hyps = CORPUS_REFS * 40, CORPUS_HYPS * 40
    texts, streams = TEXT_HYPS * 40, [TEXT_STREAMS[0] * 40]
    expected = (
        bleu.corpus_bleu(refs, hyps),
        bleu.sentence_stats(refs, hyps).tolist(),
        str(bleu.corpus_score(texts, streams)),
        bleu.segment_stats(texts, streams).tolist(),
    )
    assert expected[0] == pytest.approx(nltk_rules.corpus_bleu(refs, hyps), rel=1e-12)
    monkeypatch.setattr(vec, "BLOCK_TOKENS", 16)  # a few segments per block
    assert (
        bleu.corpus_bleu(refs, hyps),
        bleu.sentence_stats(refs, hyps).tolist(),
        str(bleu.corpus_score(texts, streams)),
        bleu.segment_stats(texts, streams).tolist(),
    ) == expected


def test_statistics_too_big_to_return_are_a_clear_value_error(monkeypatch):
    monkeypatch.setattr(vec, "MAX_CELLS", 100)  # as if the corpus had millions of segments
    bounded_error(
        lambda: bleu.segment_stats(TEXT_HYPS * 4, [TEXT_STREAMS[0] * 4]),
        ValueError,
        "max_ngram_order",
    )
    bounded_error(
        lambda: bleu.sentence_stats(CORPUS_REFS * 4, CORPUS_HYPS * 4), ValueError, "max_n"
    )
    assert bleu.corpus_score(TEXT_HYPS * 4, [TEXT_STREAMS[0] * 4]).score > 0  # sums only


# -- 5. bad options ------------------------------------------------------------------------------
BAD_ORDERS = [
    (0, ValueError),
    (-1, ValueError),
    (1.5, TypeError),
    (True, TypeError),
    ("4", TypeError),
    (None, TypeError),
    (np.float64(4.0), TypeError),
]
ORDER_ARGUMENTS = {
    "corpus_score": (
        lambda v: bleu.corpus_score(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=v),
        "max_ngram_order",
    ),
    "step-corpus_score": (
        lambda v: sacrebleu_rules.corpus_score(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=v),
        "max_ngram_order",
    ),
    "sentence_score": (
        lambda v: bleu.sentence_score("a b", ["a b"], max_ngram_order=v),
        "max_ngram_order",
    ),
    "segment_stats": (
        lambda v: bleu.segment_stats(TEXT_HYPS, TEXT_STREAMS, max_ngram_order=v),
        "max_ngram_order",
    ),
    "paired_bootstrap": (
        lambda v: bleu.paired_bootstrap(TEXT_HYPS, TEXT_HYPS, TEXT_STREAMS, 10, max_ngram_order=v),
        "max_ngram_order",
    ),
    "sentence_stats": (lambda v: bleu.sentence_stats([REFS], [HYP], max_n=v), "max_n"),
    "explain": (lambda v: bleu.explain(REFS, HYP, max_n=v), "max_n"),
    "count_ngrams": (lambda v: bleu.count_ngrams(HYP, v), r"\bn\b"),
    "modified_precision": (lambda v: bleu.modified_precision(REFS, HYP, v), r"\bn\b"),
    "soft_stats": (lambda v: soft.soft_stats(np.eye(2), [[0, 1]], max_n=v), "max_n"),
    "bleu_004": (lambda v: variants.bleu_004(REFS, HYP, max_n=v), "max_n"),
    "bleu_nmt": (lambda v: variants.bleu_nmt([REFS], [HYP], max_order=v), "max_order"),
    "bleu_d2l": (lambda v: variants.bleu_d2l("a b", "a b", k=v), r"\bk\b"),
    "nist": (lambda v: metrics.nist(REFS, HYP, n=v), r"\bn\b"),
}


@pytest.mark.parametrize(
    ("call", "error", "name"),
    rows_of(
        [
            (f"{fname}-{bad!r}", lambda c=call, b=bad: c(b), error, name)
            for fname, (call, name) in ORDER_ARGUMENTS.items()
            for bad, error in BAD_ORDERS
        ]
    ),
)
def test_bad_orders(call, error, name):
    check_row(call, error, name)


def _text_option_calls():
    """Every function taking sacreBLEU's options, as call(**options)."""
    return {
        "corpus_score": lambda **o: bleu.corpus_score(TEXT_HYPS, TEXT_STREAMS, **o),
        "step-corpus_score": lambda **o: sacrebleu_rules.corpus_score(TEXT_HYPS, TEXT_STREAMS, **o),
        "sentence_score": lambda **o: bleu.sentence_score("a b", ["a b"], **o),
        "confidence_interval": lambda **o: bleu.confidence_interval(
            TEXT_HYPS, TEXT_STREAMS, 10, **o
        ),
        "approximate_randomization": lambda **o: bleu.approximate_randomization(
            TEXT_HYPS, TEXT_HYPS, TEXT_STREAMS, 10, **o
        ),
        "BleuOptions": lambda **o: bleu.BleuOptions(**o),
    }


BAD_OPTIONS = [
    ({"tokenize": "14a"}, ValueError, "tokenize"),
    ({"tokenize": "13A"}, ValueError, "tokenize"),
    ({"tokenize": None}, TypeError, "tokenize"),
    ({"tokenize": 13}, TypeError, "tokenize"),
    ({"smooth": "laplace"}, ValueError, "smooth"),
    ({"smooth": None}, TypeError, "smooth"),
    ({"smooth": "floor", "smooth_value": -0.1}, ValueError, "smooth_value"),
    ({"smooth": "floor", "smooth_value": float("nan")}, ValueError, "smooth_value"),
    ({"smooth": "add-k", "smooth_value": math.inf}, ValueError, "smooth_value"),
    ({"smooth": "floor", "smooth_value": "0.1"}, TypeError, "smooth_value"),
    ({"smooth": "floor", "smooth_value": True}, TypeError, "smooth_value"),
    ({"lowercase": "yes"}, TypeError, "lowercase"),
    ({"lowercase": 1}, TypeError, "lowercase"),
    ({"lowercase": None}, TypeError, "lowercase"),
    ({"effective_order": "no"}, TypeError, "effective_order"),
    ({"max_ngram_order": "4"}, TypeError, "max_ngram_order"),
    ({"no_such_option": 1}, TypeError, "no_such_option"),
]


@pytest.mark.parametrize(
    ("call", "error", "name"),
    rows_of(
        [
            (
                f"{fname}-{'-'.join(map(str, options.values()))}",
                lambda c=call, o=options: c(**o),
                error,
                name,
            )
            for fname, call in _text_option_calls().items()
            for options, error, name in BAD_OPTIONS
        ]
    ),
)
def test_bad_text_options(call, error, name):
    check_row(call, error, name)


SEED_CALLS = {
    "confidence_interval": lambda s: bleu.confidence_interval(TEXT_HYPS, TEXT_STREAMS, 10, s),
    "paired_bootstrap": lambda s: bleu.paired_bootstrap(TEXT_HYPS, TEXT_HYPS, TEXT_STREAMS, 10, s),
    "approximate_randomization": lambda s: bleu.approximate_randomization(
        TEXT_HYPS, TEXT_HYPS, TEXT_STREAMS, 10, s
    ),
    "confidence_from_stats": lambda s: significance.confidence_from_stats(ROWS, 10, s),
    "paired_bootstrap_from_stats": lambda s: significance.paired_bootstrap_from_stats(
        ROWS, ROWS, 10, s
    ),
    "approximate_randomization_from_stats": lambda s: (
        significance.approximate_randomization_from_stats(ROWS, ROWS, 10, s)
    ),
}


@pytest.mark.parametrize(
    ("call", "error", "name"),
    rows_of(
        [
            (f"{fname}-{bad!r}", lambda c=call, b=bad: c(b), error, "seed")
            for fname, call in SEED_CALLS.items()
            for bad, error in [
                (-1, ValueError),
                (1.5, TypeError),
                ("1", TypeError),
                (True, TypeError),
                ([1], TypeError),
            ]
        ]
    ),
)
def test_bad_seeds(call, error, name):
    check_row(call, error, name)


OTHER_BAD_OPTIONS = [
    (
        "auto_reweigh-str",
        lambda: bleu.sentence_bleu(REFS, HYP, auto_reweigh="no"),
        TypeError,
        "auto_reweigh",
    ),
    (
        "auto_reweigh-int",
        lambda: bleu.corpus_bleu([REFS], [HYP], auto_reweigh=1),
        TypeError,
        "auto_reweigh",
    ),
    (
        "auto_reweigh-step",
        lambda: nltk_rules.corpus_bleu([REFS], [HYP], auto_reweigh=None),
        TypeError,
        "auto_reweigh",
    ),
    (
        "auto_reweigh-stats",
        lambda: bleu.bleu_from_stats(bleu.sentence_stats([REFS], [HYP]), auto_reweigh="yes"),
        TypeError,
        "auto_reweigh",
    ),
    (
        "smoothing_function-name",
        lambda: bleu.sentence_bleu(REFS, HYP, smoothing_function="method1"),
        TypeError,
        "smoothing_function",
    ),
    (
        "smoothing_function-corpus",
        lambda: bleu.corpus_bleu([REFS], [HYP], smoothing_function=1),
        TypeError,
        "smoothing_function",
    ),
    (
        "system-length",
        lambda: bleu.paired_bootstrap(TEXT_HYPS, TEXT_HYPS[:2], TEXT_STREAMS, 10),
        ValueError,
        "system",
    ),
    (
        "system-length-ar",
        lambda: bleu.approximate_randomization(TEXT_HYPS, TEXT_HYPS * 2, TEXT_STREAMS, 10),
        ValueError,
        "system",
    ),
    (
        "bleu_nmt-smooth",
        lambda: variants.bleu_nmt([REFS], [HYP], smooth="yes"),
        TypeError,
        "smooth",
    ),
    ("brevity-str", lambda: bleu.brevity_penalty("5", 3), TypeError, "closest_ref_len"),
    ("brevity-nan", lambda: bleu.brevity_penalty(5, float("nan")), ValueError, "hyp_len"),
    ("brevity-negative", lambda: bleu.brevity_penalty(-1, 3), ValueError, "closest_ref_len"),
    (
        "brevity-array-of-str",
        lambda: bleu.brevity_penalty(np.array([3, 4]), np.array(["3", "4"])),
        TypeError,
        "hyp_len",
    ),
    (
        "brevity-array-nan",
        lambda: bleu.brevity_penalty(np.array([3.0, np.nan]), np.array([3, 4])),
        ValueError,
        "closest_ref_len",
    ),
    (
        "brevity-array-of-None",
        lambda: bleu.brevity_penalty(np.array([3, 4]), [None, 4]),
        TypeError,
        "hyp_len",
    ),
    (
        "0-d-array-hypothesis",
        lambda: bleu.sentence_bleu(REFS, np.array("the cat")),
        TypeError,
        "hypothesis",
    ),
    (
        "0-d-array-hypotheses",
        lambda: bleu.corpus_bleu([REFS], np.array("the cat")),
        TypeError,
        "hypotheses",
    ),
    (
        "0-d-array-text",
        lambda: bleu.corpus_score(np.array("The cat."), TEXT_STREAMS),
        TypeError,
        "hypotheses",
    ),
    (
        "0-d-array-references",
        lambda: bleu.sentence_bleu(np.array("the cat"), HYP),
        TypeError,
        "references",
    ),
    (
        "unhashable-token",
        lambda: bleu.sentence_bleu(REFS, ["the", ["cat"]]),
        TypeError,
        "hypothesis",
    ),
    (
        "unhashable-token-corpus",
        lambda: bleu.corpus_bleu([REFS], [["the", {"cat": 1}]]),
        TypeError,
        r"hypotheses\[0\]",
    ),
    (
        "unhashable-token-reference",
        lambda: bleu.corpus_bleu([[["the", ["cat"]]]], [HYP]),
        TypeError,
        r"list_of_references\[0\]\[0\]",
    ),
    ("closest_ref_length-bool", lambda: bleu.closest_ref_length(REFS, True), TypeError, "hyp_len"),
    ("tokenizer-name", lambda: bleu.get_tokenizer("moses"), ValueError, "tokenize"),
    ("tokenizer-None", lambda: bleu.get_tokenizer(None), TypeError, "tokenize"),
    (
        "segment_tokens-lowercase",
        lambda: tokenizers.segment_tokens("a", "13a", "no"),
        TypeError,
        "lowercase",
    ),
    (
        "tokenize_stream-name",
        lambda: tokenizers.tokenize_stream(["a"], "x", False),
        ValueError,
        "tokenize",
    ),
    (
        "formula_004-nan",
        lambda: variants.formula_004([float("nan")], 3, 3),
        ValueError,
        r"precisions\[0\]",
    ),
    (
        "formula_004-above-1",
        lambda: variants.formula_004([1.5], 3, 3),
        ValueError,
        r"precisions\[0\]",
    ),
    (
        "formula_004-hyp_len-float",
        lambda: variants.formula_004([0.5], 3.5, 3),
        TypeError,
        "hyp_len",
    ),
    ("formula_004-ref_len-0", lambda: variants.formula_004([0.5], 3, 0), ValueError, "ref_len"),
    ("clip_003-method", lambda: variants.clip_003(3, [1], method=3), ValueError, "method"),
    ("clip_003-counts-set", lambda: variants.clip_003(3, {1, 2}), TypeError, "reference_counts"),
    ("clip_003-negative", lambda: variants.clip_003(-3, [1]), ValueError, "candidate_count"),
    (
        "meteor_from_counts-float",
        lambda: metrics.meteor_from_counts(3.0, 6, 6, 1),
        TypeError,
        "matches",
    ),
    (
        "meteor_from_counts-alpha",
        lambda: metrics.meteor_from_counts(3, 6, 6, 1, alpha=math.nan),
        ValueError,
        "alpha",
    ),
    ("chrf-beta", lambda: metrics.chrf(["a b"], "a b", beta=-1), ValueError, "beta"),
    ("chrf-beta-str", lambda: metrics.chrf(["a b"], "a b", beta="2"), TypeError, "beta"),
    ("soft-eos-bool", lambda: soft.soft_bleu(np.eye(2), [[0]], eos=True), TypeError, "eos"),
]


@pytest.mark.parametrize(("call", "error", "name"), rows_of(OTHER_BAD_OPTIONS))
def test_other_bad_options(call, error, name):
    check_row(call, error, name)


def test_valid_option_types_are_still_taken():
    """numpy integers and bools are whole numbers and flags too."""
    assert (
        bleu.corpus_score(
            TEXT_HYPS, TEXT_STREAMS, max_ngram_order=np.int64(3), lowercase=np.bool_(True)
        ).score
        > 0
    )
    assert bleu.confidence_interval(TEXT_HYPS, TEXT_STREAMS, np.int32(20), np.int64(3)).score > 0
    assert bleu.sentence_bleu(REFS, HYP[:2], auto_reweigh=np.bool_(True)) > 0
    assert (
        bleu.approximate_randomization(
            TEXT_HYPS, TEXT_HYPS[::-1], TEXT_STREAMS, 10, n_confidence=0
        ).mean
        is None
    )
