"""python -m bleu: output, options, and one-line errors (files written by the tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

import bleu
from bleu.cli import main
from bleu.sacrebleu_rules import corpus_score

HYPS = [
    "The cat sat on the mat.",
    "It is a guide to action which ensures that the military always obeys the commands.",
    "He read the book because he was interested in world history.",
]
REFS = [
    "The cat is on the mat.",
    "It is a guide to action that ensures that the military will forever heed Party commands.",
    "He was interested in world history because he read the book.",
]
REFS2 = [
    "There is a cat on the mat.",
    "It is the guiding principle which guarantees the military forces always being under the "
    "command of the Party.",
    "He read the book because he was interested in the history of the world.",
]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path):
    return {
        "hyp": write(tmp_path / "hyp.txt", HYPS),
        "ref": write(tmp_path / "ref.txt", REFS),
        "ref2": write(tmp_path / "ref2.txt", REFS2),
        "dir": str(tmp_path),
        "tmp": tmp_path,
    }


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_text_output_is_the_score_line_and_the_signature(files, capsys):
    status, out, err = run_main(capsys, files["ref"], "-i", files["hyp"])
    expected = corpus_score(HYPS, [REFS])
    assert status == 0 and err == ""
    assert out == f"{expected}\n{expected.signature}\n"
    assert out.splitlines()[0] == str(sacrebleu.corpus_bleu(HYPS, [REFS]))
    assert out.splitlines()[1].endswith(f"|version:bleu-{bleu.__version__}")


def test_several_references(files, capsys):
    status, out, _ = run_main(capsys, files["ref"], files["ref2"], "-i", files["hyp"])
    assert status == 0
    assert out.splitlines()[0] == str(sacrebleu.corpus_bleu(HYPS, [REFS, REFS2]))
    assert out.splitlines()[1].startswith("nrefs:2|")


@pytest.mark.parametrize(
    ("options", "kwargs"),
    [
        (["--tokenize", "intl"], {"tokenize": "intl"}),
        (["--tokenize", "char"], {"tokenize": "char"}),
        (["-tok", "zh", "-lc"], {"tokenize": "zh", "lowercase": True}),
        (["--lowercase"], {"lowercase": True}),
        (["--smooth", "floor"], {"smooth": "floor"}),
        (["--smooth", "add-k", "--smooth-value", "0.5"], {"smooth": "add-k", "smooth_value": 0.5}),
        (["--smooth", "none"], {"smooth": "none"}),
        (["--max-order", "2"], {"max_ngram_order": 2}),
        (["--effective-order"], {"effective_order": True}),
    ],
)
def test_options_reach_the_score(files, capsys, options, kwargs):
    status, out, _ = run_main(capsys, files["ref"], "-i", files["hyp"], *options)
    expected = corpus_score(HYPS, [REFS], **kwargs)
    assert status == 0
    assert out == f"{expected}\n{expected.signature}\n"


def test_json_output(files, capsys):
    status, out, _ = run_main(capsys, files["ref"], "-i", files["hyp"], "--format", "json")
    data = json.loads(out)
    expected = corpus_score(HYPS, [REFS])
    assert status == 0
    assert data["score"] == round(expected.score, 2)
    assert data["exact_score"] == expected.score
    assert data["signature"] == expected.signature
    assert data["counts"] == expected.counts and data["ref_len"] == expected.ref_len


def test_reproduces_multi_bleu_on_tokenized_text(files, capsys):
    # Already tokenized text: with --tokenize none every figure is multi-bleu.perl's,
    # computed here from the counts the way multi-bleu.perl prints them.
    hyp = write(files["tmp"] / "hyp.tok", ["the cat sat on the mat .", "a b c d e f g"])
    ref = write(files["tmp"] / "ref.tok", ["the cat is on the mat .", "a b c d x f g h i"])
    status, out, _ = run_main(capsys, ref, "-i", hyp, "--tokenize", "none")
    assert status == 0
    # matches per order: 1-grams 6+6, 2-grams 4+4, 3-grams 2+2, 4-grams 1+1 (hand-counted)
    precisions = [100 * m / t for m, t in zip([12, 8, 4, 2], [14, 12, 10, 8])]
    hyp_len, ref_len = 14, 16
    bp = 2.718281828459045 ** (1 - ref_len / hyp_len)
    score = bp * (precisions[0] * precisions[1] * precisions[2] * precisions[3]) ** 0.25
    line = "/".join(f"{p:.1f}" for p in precisions)
    assert out.splitlines()[0] == (
        f"BLEU = {score:.2f} {line} (BP = {bp:.3f} ratio = {hyp_len / ref_len:.3f} "
        f"hyp_len = {hyp_len} ref_len = {ref_len})"
    )


def test_hypotheses_from_stdin(files):
    hyp_text = Path(files["hyp"]).read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "bleu", files["ref"]],
        input=hyp_text,
        capture_output=True,
        check=False,
    )
    expected = corpus_score(HYPS, [REFS])
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8").splitlines() == [str(expected), expected.signature]


def test_stdin_is_read_as_utf8_lines_split_at_newline_only(files, capsys, monkeypatch):
    import io

    # U+2028 (line separator) and a CR inside a line do not start a new segment (as in
    # sacreBLEU and multi-bleu.perl); as whitespace they only separate tokens.
    text = "a\u2028b c d e\nf\rg h i j\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    ref = write(files["tmp"] / "ref.txt", ["a b c d e", "f g h i j"])
    status, out, err = run_main(capsys, ref, "--tokenize", "none")
    assert (status, err) == (0, "")
    assert out.startswith("BLEU = 100.00 ")


def one_line_error(status: int, out: str, err: str, *words: str) -> None:
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("python -m bleu: error: ")
    assert "Traceback" not in err
    for word in words:
        assert word in err


def test_missing_reference_file(files, capsys):
    missing = str(files["tmp"] / "nope.txt")
    one_line_error(*run_main(capsys, missing, "-i", files["hyp"]), "nope.txt", "no such file")


def test_missing_hypothesis_file(files, capsys):
    missing = str(files["tmp"] / "nope.txt")
    one_line_error(*run_main(capsys, files["ref"], "-i", missing), "nope.txt", "no such file")


def test_unreadable_file_a_directory(files, capsys):
    one_line_error(*run_main(capsys, files["dir"], "-i", files["hyp"]), "directory")


def test_unreadable_file_not_utf8(files, capsys):
    bad = files["tmp"] / "latin1.txt"
    bad.write_bytes("caf\xe9\n".encode("latin-1") * 3)
    one_line_error(*run_main(capsys, files["ref"], "-i", str(bad)), "latin1.txt", "UTF-8")


def test_line_counts_differ(files, capsys):
    short = write(files["tmp"] / "short.txt", REFS[:2])
    one_line_error(
        *run_main(capsys, files["ref"], short, "-i", files["hyp"]), "short.txt", "2 lines", "3"
    )


def test_empty_hypothesis_file(files, capsys):
    empty = files["tmp"] / "empty.txt"
    empty.write_text("", encoding="utf-8")
    one_line_error(*run_main(capsys, files["ref"], "-i", str(empty)), "empty")


def test_empty_stdin(files):
    done = subprocess.run(
        [sys.executable, "-m", "bleu", files["ref"]],
        input=b"",
        capture_output=True,
        check=False,
    )
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1 and done.stdout == b""
    assert err.count("\n") == 1 and "empty" in err and "Traceback" not in err


def test_errors_from_a_subprocess_are_one_line(files):
    done = subprocess.run(
        [sys.executable, "-m", "bleu", str(files["tmp"] / "nope.txt"), "-i", files["hyp"]],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.decode("utf-8").count("\n") == 1


@pytest.mark.parametrize(
    "options",
    [["--tokenize", "spm"], ["--smooth", "add-one"], ["--format", "xml"], ["--max-order", "x"]],
)
def test_bad_options_are_usage_errors(files, capsys, options):
    with pytest.raises(SystemExit) as exit_info:
        main([files["ref"], "-i", files["hyp"], *options])
    assert exit_info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def usage_error(capsys, argv: list[str], *words: str) -> str:
    """argparse's status 2, with the message on one line of stderr."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_info.value.code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("python -m bleu: error: ")
    assert "Traceback" not in err
    for word in words:
        assert word in err
    return err


@pytest.mark.parametrize(
    ("option", "value"),
    [
        *[
            (option, value)
            for option in ("--paired-bs-n", "--paired-ar-n", "--confidence-n")
            for value in ("0", "-5", "x", "1.5", "", str(10**12))
        ],
        *[("--max-order", value) for value in ("0", "-1", "x", "2.5", "101", str(10**12))],
        *[("--smooth-value", value) for value in ("-1", "nan", "inf", "-inf", "1e999", "x")],
        *[("--seed", value) for value in ("x", "-1", "1.5", "")],
        *[("--width", value) for value in ("-1", "x", "21", str(10**9))],
    ],
)
def test_bad_option_values_are_one_line_errors_naming_the_option(files, capsys, option, value):
    argv = [files["ref"], "-i", files["hyp"], files["hyp"], "--paired-bs", f"{option}={value}"]
    usage_error(capsys, argv, option)


def test_a_huge_resample_count_fails_at_once_in_a_process(files):
    # 10**12 resamples of 3 segments would ask numpy for terabytes: refused before reading
    done = subprocess.run(
        [sys.executable, "-m", "bleu", files["ref"], "-i", files["hyp"], "-ci", "-cin", "1e12"],
        capture_output=True,
        check=False,
        timeout=60,
    )
    done2 = subprocess.run(
        [sys.executable, "-m", "bleu", files["ref"], "-i", files["hyp"], "-cin", str(10**12)],
        capture_output=True,
        check=False,
        timeout=60,
    )
    for result in (done, done2):
        err = result.stderr.decode()
        assert result.returncode == 2 and result.stdout == b""
        assert err.count("\n") == 1 and "--confidence-n" in err and "Traceback" not in err
    assert "at most 10,000,000" in done2.stderr.decode()


# --- confidence intervals and paired tests (sacreBLEU's --confidence, --paired-*) ----------


@pytest.fixture(scope="module")
def systems(tmp_path_factory):
    """A reference file and three simulated systems of 120 segments (the notebook corpus)."""
    from bleu.simulate import load_corpus, simulate_system

    tmp = tmp_path_factory.mktemp("systems")
    refs = load_corpus()[:120]
    outputs = {
        "base": simulate_system(refs, "substitute", 0.3, seed=1),
        "close": simulate_system(refs, "substitute", 0.3, seed=2),
        "better": simulate_system(refs, "substitute", 0.15, seed=3),
    }
    paths = {name: write(tmp / f"{name}.txt", lines) for name, lines in outputs.items()}
    paths["ref"] = write(tmp / "ref.txt", refs)
    return paths, outputs, refs


def test_confidence_prints_mean_and_half_width(systems, capsys):
    from bleu.significance import confidence_interval

    paths, outputs, refs = systems
    status, out, err = run_main(capsys, paths["ref"], "-i", paths["better"], "--confidence")
    estimate = confidence_interval(outputs["better"], [refs])
    score = corpus_score(outputs["better"], [refs])
    line, signature = out.splitlines()
    assert (status, err) == (0, "")
    assert line == (
        f"BLEU = {score.score:.2f} (μ = {estimate.mean:.2f} ± {estimate.ci:.2f}) {score.verbose}"
    )
    assert signature.startswith("nrefs:1|bs:1000|seed:12345|case:mixed|")
    theirs = sacrebleu.metrics.BLEU().corpus_score(outputs["better"], [refs], n_bootstrap=1000)
    assert f"{theirs._mean:.2f} ± {theirs._ci:.2f}" in line


def test_confidence_json_has_sacrebleus_fields(systems, capsys):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["base"], "-ci", "-cin", "200", "--seed", "7", "-f", "json"]
    status, out, _ = run_main(capsys, *argv)
    data = json.loads(out)
    assert status == 0
    assert data["bs"] == "200" and data["seed"] == "7"
    assert data["confidence"] == (
        f"μ = {data['exact_confidence_mean']:.2f} ± {data['exact_confidence_ci']:.2f}"
    )
    assert data["confidence_mean"] == round(data["exact_confidence_mean"], 2)


def sacrebleu_json(*argv: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv, "-f", "json"],
        capture_output=True,
        check=True,
        env={"SACREBLEU_SEED": "12345", "PATH": ""},
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("test", ["--paired-bs", "--paired-ar"])
def test_paired_tests_json_equals_sacrebleu(systems, capsys, test):
    paths, _, _ = systems
    files = [paths["base"], paths["close"], paths["better"]]
    extra = ["--paired-ar-n", "2000"] if test == "--paired-ar" else []
    status, out, _ = run_main(capsys, paths["ref"], "-i", *files, test, *extra, "-f", "json")
    ours = json.loads(out)
    theirs = sacrebleu_json(paths["ref"], "-i", *files, test, *extra)
    assert status == 0
    assert [row["system"] for row in ours] == [row["system"] for row in theirs]
    for mine, other in zip(ours, theirs):
        a, b = mine["BLEU"], other["BLEU"]
        assert a["score"] == pytest.approx(b["score"], abs=1e-9)
        if b["p_value"] is None:
            assert a["p_value"] is None
        else:
            assert abs(a["p_value"] - b["p_value"]) <= 1 / 1001 + 1e-12
        for key in ("mean", "ci"):
            assert (a[key] is None) == (b[key] is None)
            if b[key] is not None:
                assert a[key] == pytest.approx(b[key], abs=1e-4)


def test_paired_bootstrap_table(systems, capsys):
    from bleu.significance import paired_bootstrap

    paths, outputs, refs = systems
    files = [paths["base"], paths["close"], paths["better"]]
    status, out, err = run_main(capsys, paths["ref"], "-i", *files, "--paired-bs")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["System", "BLEU", "(μ", "±", "95%", "CI)", "p-value"]
    assert lines[1].startswith(f"Baseline: {paths['base']}")
    close = paired_bootstrap(outputs["base"], outputs["close"], [refs])
    better = paired_bootstrap(outputs["base"], outputs["better"], [refs])
    assert lines[2].split()[-1] == f"{close.p_value:.4f}"  # not significant: no star
    assert lines[3].split()[-2:] == [f"{better.p_value:.4f}", "*"]
    assert f"({better.mean:.2f} ± {better.ci:.2f})" in lines[3]
    assert "Paired bootstrap resampling test with 1000 resamples." in out
    assert lines[-1].startswith("nrefs:1|bs:1000|seed:12345|")


def test_paired_ar_table_and_seed(systems, capsys):
    from bleu.significance import approximate_randomization

    paths, outputs, refs = systems
    argv = [paths["ref"], "-i", paths["base"], paths["better"], "-par", "-parn", "500"]
    status, out, _ = run_main(capsys, *argv, "--seed", "3")
    expected = approximate_randomization(
        outputs["base"], outputs["better"], [refs], n_trials=500, seed=3
    )
    assert status == 0
    assert out.splitlines()[2].split()[-2:] == [f"{expected.p_value:.4f}", "*"]
    assert out.splitlines()[-1].startswith("nrefs:1|ar:500|seed:3|")
    status, out, _ = run_main(capsys, *argv, "--seed", "none")
    assert status == 0 and "|seed:none|" in out


def test_several_systems_without_a_test_give_a_table(systems, capsys):
    paths, outputs, refs = systems
    status, out, _ = run_main(capsys, paths["ref"], "-i", paths["base"], paths["better"])
    lines = out.splitlines()
    assert status == 0
    assert lines[1].split() == [paths["base"], f"{corpus_score(outputs['base'], [refs]).score:.2f}"]
    assert lines[2].split()[1] == f"{corpus_score(outputs['better'], [refs]).score:.2f}"
    assert lines[-1].startswith("nrefs:1|case:mixed|")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--paired-bs"], ["baseline", "system"]),
        (["-i", "{base}", "{better}", "--confidence"], ["--confidence", "one system"]),
        (["-i", "{base}", "{short}", "--paired-bs"], ["short.txt", "lines"]),
        (["-i", "-", "-", "--paired-bs"], ["standard input"]),
    ],
)
def test_test_options_errors_are_one_line(systems, capsys, tmp_path, options, words):
    paths, _, _ = systems
    short = write(tmp_path / "short.txt", ["a"] * 3)
    argv = [part.format(short=short, **paths) for part in options]
    if "-i" not in argv:
        argv = ["-i", paths["base"], *argv]
    one_line_error(*run_main(capsys, paths["ref"], *argv), *words)


@pytest.mark.parametrize(
    "options", [["--paired-bs", "--paired-ar"], ["--seed", "x"], ["--seed", "-1"]]
)
def test_test_options_usage_errors(systems, capsys, options):
    paths, _, _ = systems
    with pytest.raises(SystemExit) as exit_info:
        main([paths["ref"], "-i", paths["base"], paths["better"], *options])
    assert exit_info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err
