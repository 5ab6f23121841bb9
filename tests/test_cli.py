"""python -m bleu: output, options, and one-line errors (files written by the tests)."""

from __future__ import annotations

import io
import json
import re
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


def test_standard_input_is_read_once_only(files, capsys):
    one_line_error(*run_main(capsys, "-", "-i", files["hyp"], "-"), "standard input")
    one_line_error(*run_main(capsys, "-", files["ref"]), "standard input", "-i")


def test_help_describes_the_new_options(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    for word in ("--score-only", "--width", "gzip", "--max-order", "1-100"):
        assert word in out


# --- bytes: gzip, binary files, long lines, endless devices ----------------------------------


def gzip_file(path: Path, lines: list[str], name: str) -> str:
    import gzip

    target = path.parent / name
    target.write_bytes(gzip.compress("".join(line + "\n" for line in lines).encode("utf-8")))
    return str(target)


def test_gzip_files_are_read_transparently(files, capsys):
    _, plain, _ = run_main(capsys, files["ref"], files["ref2"], "-i", files["hyp"])
    ref = gzip_file(files["tmp"] / "x", REFS, "ref.txt.gz")
    hyp = gzip_file(files["tmp"] / "x", HYPS, "hyp.gz")
    magic_only = gzip_file(files["tmp"] / "x", REFS2, "ref2.txt")  # gzip data, plain name
    status, out, err = run_main(capsys, ref, magic_only, "-i", hyp)
    assert (status, err) == (0, "")
    assert out == plain
    assert out.splitlines()[0] == str(sacrebleu.corpus_bleu(HYPS, [REFS, REFS2]))


def test_gzip_from_standard_input(files):
    import gzip

    done = subprocess.run(
        [sys.executable, "-m", "bleu", files["ref"]],
        input=gzip.compress(Path(files["hyp"]).read_bytes()),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[0] == str(corpus_score(HYPS, [REFS]))


def test_corrupt_and_truncated_gzip_are_one_line_errors(files, capsys):
    good = Path(gzip_file(files["tmp"] / "x", HYPS * 50, "good.gz")).read_bytes()
    refs = write(files["tmp"] / "refs150.txt", REFS * 50)
    corrupt = files["tmp"] / "corrupt.gz"
    corrupt.write_bytes(good[:20] + bytes(b ^ 0xFF for b in good[20:40]) + good[40:])
    truncated = files["tmp"] / "truncated.gz"
    truncated.write_bytes(good[: len(good) // 2])
    one_line_error(*run_main(capsys, refs, "-i", str(corrupt)), "corrupt.gz", "gzip")
    one_line_error(*run_main(capsys, refs, "-i", str(truncated)), "truncated.gz", "truncated gzip")
    not_gzip = write(files["tmp"] / "plain.gz", HYPS)
    one_line_error(*run_main(capsys, files["ref"], "-i", not_gzip), "plain.gz", "not gzip")


def test_a_nul_byte_means_a_binary_file(files, capsys):
    binary = files["tmp"] / "binary.txt"
    binary.write_bytes(b"a b c\nd \x00 e\nf\n")
    one_line_error(
        *run_main(capsys, files["ref"], "-i", str(binary)),
        "binary.txt: looks like a binary file (NUL byte on line 2)",
    )


def test_invalid_utf8_names_the_byte(files, capsys):
    bad = files["tmp"] / "bad.txt"
    bad.write_bytes(b"ok\nfine\ncaf\xe9\n")
    one_line_error(
        *run_main(capsys, files["ref"], "-i", str(bad)),
        "bad.txt: not valid UTF-8 (byte 11, line 3)",
    )


def test_lines_longer_than_the_limit_are_refused(files, capsys, monkeypatch):
    from bleu import cli_io

    monkeypatch.setattr(cli_io, "MAX_LINE_BYTES", 40)
    ref = write(files["tmp"] / "short_ref.txt", ["a b", "b c", "c d"])
    at_limit = write(files["tmp"] / "at.txt", ["a" * 40, "b", "c"])
    status, _, err = run_main(capsys, ref, "-i", at_limit)
    assert (status, err) == (0, "")  # 40 bytes: accepted
    too_long = write(files["tmp"] / "long.txt", ["a", "b " * 20 + "c", "d"])  # 41 bytes
    one_line_error(*run_main(capsys, ref, "-i", too_long), "long.txt: line 2 is longer than 40")
    no_newline = files["tmp"] / "nonl.txt"
    no_newline.write_bytes(b"x" * 1000)
    one_line_error(*run_main(capsys, str(no_newline), "-i", at_limit), "nonl.txt: line 1")


def test_the_line_limit_is_one_mib():
    from bleu.cli_io import MAX_LINE_BYTES

    assert MAX_LINE_BYTES == 2**20


class CountingReader(io.RawIOBase):
    """A file opened for ``bleu.cli_io``, counting the bytes read from it."""

    total = 0  # over every instance, reset by the test

    def __init__(self, path: str) -> None:
        self._file = open(path, "rb", buffering=0)  # closed by close()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int | None:
        n = self._file.readinto(buffer)
        CountingReader.total += n or 0
        return n

    def fileno(self) -> int:
        return self._file.fileno()

    def close(self) -> None:
        self._file.close()
        super().close()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("where", ["both", "ref", "hyp"])
def test_endless_devices_end_at_once_with_status_1(files, device, where, capsys, monkeypatch):
    """Counted, not timed: an endless device costs a few MiB of reading, then one line."""
    from bleu import cli_io

    if not Path(device).exists():
        pytest.skip(f"{device} does not exist here")
    ref = files["ref"] if where == "hyp" else device
    hyp = files["hyp"] if where == "ref" else device
    CountingReader.total = 0
    monkeypatch.setattr(cli_io, "open", lambda path, mode: CountingReader(path), raising=False)
    status, out, err = run_main(capsys, ref, "-i", hyp)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and device in err
    # /dev/zero: one line over MAX_LINE_BYTES; /dev/urandom: its first chunk of lines (about
    # 7 MiB: a newline every 256 bytes) holds a NUL byte. Without the checks: no end at all.
    limit = 32 * 2**20
    assert 0 < CountingReader.total <= limit, f"read {CountingReader.total:,} bytes"


@pytest.mark.parametrize("device", ["/dev/zero"])
def test_an_endless_device_ends_the_process_with_one_line(files, device):
    """The real process: status 1 and one line (the timeout only stops a hang)."""
    if not Path(device).exists():
        pytest.skip(f"{device} does not exist here")
    done = subprocess.run(
        [sys.executable, "-m", "bleu", device, "-i", files["hyp"]],
        capture_output=True,
        check=False,
        timeout=120,  # without the checks it would read until memory is full
    )
    err = done.stderr.decode()
    assert done.returncode == 1 and done.stdout == b""
    assert err.count("\n") == 1 and "Traceback" not in err and device in err


# --- streaming: chunks give exactly the one-shot results -----------------------------------


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["-f", "json"],
        ["--confidence", "-cin", "300"],
        ["-tok", "char", "-lc", "--max-order", "6", "-s", "floor", "--effective-order"],
    ],
)
@pytest.mark.parametrize("chunk", [1, 7, 119])
def test_chunked_reading_gives_the_one_shot_result(systems, capsys, monkeypatch, options, chunk):
    from bleu import cli_io

    paths, outputs, refs = systems
    argv = [paths["ref"], paths["ref"], "-i", paths["better"], *options]
    status, one_shot, _ = run_main(capsys, *argv)  # 120 segments in one chunk
    monkeypatch.setattr(cli_io, "CHUNK_LINES", chunk)
    chunked = run_main(capsys, *argv)
    assert status == 0 and chunked == (0, one_shot, "")
    if not options:
        assert one_shot.splitlines()[0] == str(
            sacrebleu.corpus_bleu(outputs["better"], [refs, refs])
        )


@pytest.mark.parametrize("test", [[], ["--paired-bs"], ["--paired-ar", "-parn", "500"]])
def test_chunked_reading_of_several_systems(systems, capsys, monkeypatch, test):
    from bleu import cli_io

    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["base"], paths["close"], paths["better"], *test]
    one_shot = run_main(capsys, *argv)
    monkeypatch.setattr(cli_io, "CHUNK_LINES", 13)
    assert run_main(capsys, *argv) == one_shot
    assert one_shot[0] == 0


def test_chunks_keep_the_per_segment_statistics_of_segment_stats(systems, monkeypatch):
    from bleu import cli_io
    from bleu.cli import read_corpus
    from bleu.options import BleuOptions
    from bleu.vectorized import segment_stats

    paths, outputs, refs = systems
    monkeypatch.setattr(cli_io, "CHUNK_LINES", 17)
    corpus = read_corpus([paths["base"], paths["better"]], [paths["ref"]], BleuOptions(), True)
    assert corpus.rows is not None and corpus.nrefs == 1
    for rows, sums, name in zip(corpus.rows, corpus.sums, ["base", "better"]):
        expected = segment_stats(outputs[name], [refs])
        assert rows.dtype == expected.dtype and (rows == expected).all()
        assert (sums == expected.sum(axis=0)).all()
    plain = read_corpus([paths["base"]], [paths["ref"]], BleuOptions(), False)
    assert plain.rows is None and (plain.sums[0] == corpus.sums[0]).all()


@pytest.mark.parametrize("chunk", [2, 10_000])
def test_line_counts_differ_beyond_the_first_chunk(files, capsys, monkeypatch, chunk):
    from bleu import cli_io

    monkeypatch.setattr(cli_io, "CHUNK_LINES", chunk)
    hyp = write(files["tmp"] / "h9.txt", ["a b c"] * 9)
    ref = write(files["tmp"] / "r7.txt", ["a b c"] * 7)
    one_line_error(*run_main(capsys, ref, "-i", hyp), "r7.txt has 7 lines but", "h9.txt has 9")
    ref2 = write(files["tmp"] / "r11.txt", ["a b c"] * 11)
    one_line_error(*run_main(capsys, ref2, "-i", hyp), "r11.txt has 11 lines", "h9.txt has 9")
    empty = write(files["tmp"] / "empty.txt", [])
    one_line_error(*run_main(capsys, ref, "-i", empty), "empty.txt: no hypotheses")
    ok = write(files["tmp"] / "r9.txt", ["a b c"] * 9)
    one_line_error(*run_main(capsys, ok, ref, "-i", hyp), "r7.txt has 7 lines", "9")


def test_a_pipe_that_goes_on_is_not_read_to_its_end(files):
    # 3 reference lines, and a pipe with far more hypotheses: the error comes after one chunk
    # ("at least"), without waiting for the pipe's end (it could be `yes`).
    from bleu.cli_io import CHUNK_LINES

    process = subprocess.run(
        [sys.executable, "-m", "bleu", files["ref"]],
        input=b"a b c\n" * (5 * CHUNK_LINES),
        capture_output=True,
        check=False,
        timeout=60,
    )
    err = process.stderr.decode()
    assert process.returncode == 1 and err.count("\n") == 1
    assert f"has 3 lines but standard input has at least {CHUNK_LINES}:" in err


# --- output that any terminal can take -----------------------------------------------------


def run_ascii(*argv: str) -> subprocess.CompletedProcess:
    import os

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "bleu", *argv], capture_output=True, check=False, env=env
    )
    assert done.returncode == 0, done.stderr
    done.stdout.decode("ascii")  # raises if anything is not ASCII
    return done


def test_ascii_stdout_text_falls_back_to_mu_and_plus_minus(systems, capsys):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], "--confidence", "-cin", "200"]
    _, unicode_out, _ = run_main(capsys, *argv)
    done = run_ascii(*argv)
    assert "(mu = " in done.stdout.decode() and " +/- " in done.stdout.decode()
    expected = unicode_out.replace("μ", "mu").replace("±", "+/-")
    assert done.stdout.decode() == expected
    assert run_ascii(*argv, "-b").stdout.decode().count("mu = ") == 1


def test_ascii_stdout_json_escapes_and_keeps_the_values(systems, capsys):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], "--confidence", "-cin", "200", "-f", "json"]
    _, unicode_out, _ = run_main(capsys, *argv)
    done = run_ascii(*argv)
    assert "\\u03bc" in done.stdout.decode()
    assert json.loads(done.stdout) == json.loads(unicode_out)


def test_ascii_stdout_paired_table(systems, capsys):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["base"], paths["better"], "--paired-bs", "-pbsn", "200"]
    _, unicode_out, _ = run_main(capsys, *argv)
    done = run_ascii(*argv)
    lines = done.stdout.decode().splitlines()
    assert lines[0].split() == ["System", "BLEU", "(mu", "+/-", "95%", "CI)", "p-value"]
    assert done.stdout.decode() == unicode_out.replace("μ", "mu").replace("±", "+/-")
    assert json.loads(run_ascii(*argv, "-f", "json").stdout)[1]["system"] == paths["better"]


def test_non_ascii_file_names_on_an_ascii_terminal(tmp_path):
    hyp = write(tmp_path / "hypothèse.txt", HYPS)
    ref = write(tmp_path / "ref.txt", REFS)
    done = run_ascii(ref, "-i", hyp, hyp)
    assert "hypoth\\xe8se.txt" in done.stdout.decode()  # escaped, not a crash
    assert "identical" in done.stderr.decode()


def test_a_closed_stdout_is_no_traceback(files):
    process = subprocess.Popen(
        [sys.executable, "-m", "bleu", files["ref"], "-i", files["hyp"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()  # the reader went away (as `| head` does) before any output
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=60) == 1
    assert b"Traceback" not in err


# --- identical systems ---------------------------------------------------------------------


@pytest.mark.parametrize("test", ["--paired-bs", "--paired-ar"])
def test_identical_systems_warn_and_get_no_star(systems, capsys, tmp_path, test):
    paths, outputs, _ = systems
    copy = write(tmp_path / "copy.txt", outputs["base"])
    status, out, err = run_main(capsys, paths["ref"], "-i", paths["base"], copy, test)
    assert status == 0
    assert err.count("\n") == 1 and err.startswith("python -m bleu: warning: ")
    assert f"{paths['base']} and {copy}" in err and "identical" in err
    row = out.splitlines()[2]
    assert row.split()[-1] == "1.0000" and "*" not in row
    _, out, _ = run_main(capsys, paths["ref"], "-i", paths["base"], copy, test, "-f", "json")
    assert json.loads(out)[1]["BLEU"]["p_value"] == 1.0


def test_several_identical_groups_give_one_warning_line(systems, capsys):
    paths, _, _ = systems
    argv = [paths["base"], paths["better"], paths["base"], paths["better"], paths["close"]]
    status, _, err = run_main(capsys, paths["ref"], "-i", *argv)
    assert status == 0 and err.count("\n") == 1
    assert f"{paths['base']} and {paths['base']}; {paths['better']} and {paths['better']}" in err


def test_the_star_marks_only_p_below_the_threshold(monkeypatch):
    from bleu import cli

    assert cli.SIGNIFICANCE == 0.05
    assert [cli._marker(p) for p in (0.0009, 0.0499, 0.05, 0.2, 1.0)] == [" *", " *", "", "", ""]


# --- sacreBLEU's -b / --score-only and -w / --width --------------------------------------


def sacrebleu_cli(*argv: str) -> str:
    import os

    env = {**os.environ, "SACREBLEU_SEED": "12345", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv], capture_output=True, check=True, env=env
    )
    return done.stdout.decode("utf-8")


@pytest.mark.parametrize(
    "options",
    [
        ["-b"],
        ["-b", "-w", "4"],
        ["-b", "-w", "0"],
        ["--score-only", "--width", "2"],
        ["-b", "-f", "json"],
        ["-b", "--confidence"],
        ["-b", "-w", "3", "--confidence", "-cin", "200"],
        ["-b", "-w", "2", "-tok", "char", "-lc"],
    ],
)
def test_score_only_and_width_print_what_sacrebleu_prints(systems, capsys, options):
    paths, _, _ = systems
    status, ours, _ = run_main(capsys, paths["ref"], "-i", paths["better"], *options)
    assert status == 0
    assert ours == sacrebleu_cli(paths["ref"], "-i", paths["better"], *options)


@pytest.mark.parametrize("options", [["-w", "3"], ["-w", "0", "-ci", "-cin", "200"]])
def test_width_rounds_the_json_fields_as_sacrebleu(systems, capsys, options):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], *options, "-f", "json"]
    status, out, _ = run_main(capsys, *argv)
    ours, theirs = json.loads(out), json.loads(sacrebleu_cli(*argv))
    assert status == 0
    for key in ("score", "confidence_mean", "confidence_var", "confidence", "verbose_score"):
        assert ours.get(key) == theirs.get(key)
    assert ours["exact_score"] == corpus_score(systems[1]["better"], [systems[2]]).score


def test_width_in_the_score_line_and_the_tables(systems, capsys):
    paths, outputs, refs = systems
    score = corpus_score(outputs["better"], [refs])
    _, out, _ = run_main(capsys, paths["ref"], "-i", paths["better"], "-w", "4")
    assert out.splitlines()[0] == f"BLEU = {score.score:.4f} {score.verbose}"
    _, out, _ = run_main(capsys, paths["ref"], "-i", paths["base"], paths["better"], "-w", "3")
    assert out.splitlines()[2].split()[1] == f"{score.score:.3f}"
    argv = [paths["ref"], "-i", paths["base"], paths["better"], "-pbs", "-w", "1", "-b"]
    _, out, _ = run_main(capsys, *argv)  # -b: no effect on a table (sacreBLEU's rule)
    name, bleu_score, mean, _, ci, p_value, star = out.splitlines()[2].split()
    assert (name, bleu_score, star) == (paths["better"], f"{score.score:.1f}", "*")
    assert re.fullmatch(r"\(\d+\.\d", mean) and re.fullmatch(r"\d+\.\d\)", ci)
    assert re.fullmatch(r"0\.\d{4}", p_value)  # p-values keep their 4 decimals


@pytest.mark.parametrize("block", [1, 5, 64])
def test_lines_split_across_read_blocks(systems, capsys, monkeypatch, tmp_path, block):
    import gzip

    from bleu import cli_io

    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["base"], paths["better"]]
    one_shot = run_main(capsys, *argv)
    monkeypatch.setattr(cli_io, "READ_BYTES", block)
    monkeypatch.setattr(cli_io, "CHUNK_LINES", 11)
    assert run_main(capsys, *argv) == one_shot
    packed = tmp_path / "base.gz"  # no final newline, and compressed
    packed.write_bytes(gzip.compress(Path(paths["base"]).read_bytes().rstrip(b"\n")))
    scores = [
        [row["BLEU"]["score"] for row in json.loads(run_main(capsys, *files, "-f", "json")[1])]
        for files in (argv, [paths["ref"], "-i", str(packed), paths["better"]])
    ]
    assert scores[0] == scores[1]


# --- sacreBLEU's -m, -sl and --num-refs, against sacreBLEU's own command line --------------


def without_version(signature: str) -> dict[str, str]:
    fields = dict(part.split(":", 1) for part in signature.split("|"))
    fields.pop("version")
    return fields


def same_scores(ours: dict, theirs: dict) -> None:
    """Equal name, score, verbose part and signature fields (the version names the tool)."""
    assert ours["name"] == theirs["name"]
    assert ours["score"] == theirs["score"]
    assert ours.get("verbose_score") == theirs.get("verbose_score")
    assert without_version(ours["signature"]) == without_version(theirs["signature"])
    for key, value in without_version(theirs["signature"]).items():
        assert ours[key] == value


@pytest.fixture(scope="module")
def two_refs(systems, tmp_path_factory):
    """The systems' references with a second set, as two files and as one tab-separated file."""
    from bleu.simulate import simulate_system

    _, _, refs = systems
    second = simulate_system(refs, "substitute", 0.2, seed=9)
    tmp = tmp_path_factory.mktemp("two_refs")
    return {
        "ref2": write(tmp / "ref2.txt", second),
        "tsv": write(tmp / "refs.tsv", [f"{a}\t{b}" for a, b in zip(refs, second)]),
    }


METRIC_SETS = [["bleu", "chrf", "ter"], ["chrf"], ["ter", "chrf"], ["ter"]]


@pytest.mark.parametrize("metrics", METRIC_SETS, ids="-".join)
def test_metrics_json_equals_sacrebleu(systems, capsys, metrics):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], "-m", *metrics, "-w", "4", "-f", "json"]
    status, out, _ = run_main(capsys, *argv)
    assert status == 0
    ours, theirs = json.loads(out), json.loads(sacrebleu_cli(*argv))
    if len(metrics) == 1:
        ours, theirs = [ours], [theirs]
    assert len(ours) == len(theirs) == len(metrics)
    for mine, sacre in zip(ours, theirs):
        same_scores(mine, sacre)


def test_metrics_score_only_prints_what_sacrebleu_prints(systems, capsys):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], "-m", "ter", "bleu", "chrf", "-b"]
    for form in ("text", "json"):  # sacreBLEU's json form: "[\n26.3,\n41.0,\n46.2\n]"
        status, out, _ = run_main(capsys, *argv, "-f", form)
        assert status == 0 and out == sacrebleu_cli(*argv, "-f", form)
        assert len(out.split()) == 3 + 2 * (form == "json")


def test_metrics_text_is_a_score_line_and_a_signature_each(systems, capsys):
    paths, _, _ = systems
    status, out, _ = run_main(capsys, paths["ref"], "-i", paths["better"], "-m", "chrf", "ter")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 4
    assert lines[0].startswith("chrF2 = ") and lines[2].startswith("TER = ")
    assert lines[1].startswith("nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:bleu-")
    assert lines[3].startswith("nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|")


def sentence_line(line: str) -> tuple[str, dict[str, str], str]:
    """``NAME|signature = score rest`` as (name, signature fields, score and rest)."""
    head, _, tail = line.partition(" = ")
    name, _, signature = head.partition("|")
    return name, without_version(signature), tail


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
@pytest.mark.parametrize("options", [[], ["-w", "3"], ["-tok", "char", "-lc"]], ids=str)
def test_sentence_level_lines_equal_sacrebleus(systems, capsys, metric, options):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], "-m", metric, "-sl", *options]
    status, out, _ = run_main(capsys, *argv)
    ours, theirs = out.splitlines(), sacrebleu_cli(*argv).splitlines()
    assert status == 0 and len(ours) == len(theirs) == 120
    assert [sentence_line(line) for line in ours] == [sentence_line(line) for line in theirs]
    assert len({sentence_line(line)[2] for line in ours}) > 10  # real per-segment scores


def test_sentence_level_score_only_and_json(systems, capsys):
    paths, _, _ = systems
    argv = [paths["ref"], "-i", paths["better"], "-sl"]
    status, out, _ = run_main(capsys, *argv, "-b", "-w", "2")
    assert status == 0 and out == sacrebleu_cli(*argv, "-b", "-w", "2")
    status, out, _ = run_main(capsys, *argv, "-f", "json", "-w", "2")
    rows = [json.loads(line) for line in out.splitlines()]  # one object per line
    theirs = [sentence_line(line) for line in sacrebleu_cli(*argv, "-w", "2").splitlines()]
    assert status == 0 and len(rows) == len(theirs) == 120
    for row, (name, fields, tail) in zip(rows, theirs):
        assert row["name"] == name and without_version(row["signature"]) == fields
        assert f"{row['score']:.2f} {row['verbose_score']}" == tail
        assert row["eff"] == "yes"  # sentence BLEU uses the effective order, as sacreBLEU


@pytest.mark.parametrize("metrics", [["bleu"], ["bleu", "chrf", "ter"]], ids="-".join)
def test_num_refs_equals_sacrebleu_and_two_files(systems, two_refs, capsys, metrics):
    paths, _, _ = systems
    argv = [two_refs["tsv"], "--num-refs", "2", "-i", paths["better"], "-m", *metrics]
    status, out, _ = run_main(capsys, *argv, "-w", "4", "-f", "json")
    assert status == 0
    ours, theirs = json.loads(out), json.loads(sacrebleu_cli(*argv, "-w", "4", "-f", "json"))
    ours, theirs = (ours, theirs) if isinstance(ours, list) else ([ours], [theirs])
    for mine, sacre in zip(ours, theirs, strict=True):
        same_scores(mine, sacre)
        assert mine["nrefs"] == "2"
    files = [paths["ref"], two_refs["ref2"], "-i", paths["better"], "-m", *metrics]
    status, two_files, _ = run_main(capsys, *files, "-w", "4", "-f", "json")
    assert status == 0 and two_files == out


def test_num_refs_sentence_level_equals_sacrebleu(systems, two_refs, capsys):
    paths, _, _ = systems
    argv = [two_refs["tsv"], "-nr", "2", "-i", paths["better"], "-m", "ter", "-sl"]
    status, out, _ = run_main(capsys, *argv)
    theirs = sacrebleu_cli(*argv).splitlines()
    assert status == 0
    assert [sentence_line(x) for x in out.splitlines()] == [sentence_line(x) for x in theirs]


def test_num_refs_chunk_by_chunk(systems, two_refs, capsys, monkeypatch):
    from bleu import cli_io

    paths, _, _ = systems
    argv = [two_refs["tsv"], "--num-refs", "2", "-i", paths["better"], "-f", "json"]
    status, whole, _ = run_main(capsys, *argv)
    monkeypatch.setattr(cli_io, "CHUNK_LINES", 7)
    status_chunked, chunked, _ = run_main(capsys, *argv)
    assert status == status_chunked == 0 and whole == chunked


@pytest.mark.parametrize("sentence_level", [False, True])
def test_num_refs_names_a_line_with_too_few_references(files, capsys, monkeypatch, sentence_level):
    from bleu import cli_io

    lines = [f"{ref}\t{ref2}" for ref, ref2 in zip(REFS, REFS2)]
    lines[2] = REFS[2]  # no tab: one reference
    tsv = write(files["tmp"] / "bad.tsv", lines)
    monkeypatch.setattr(cli_io, "CHUNK_LINES", 2)  # the bad line is in the second chunk
    extra = ["-sl"] if sentence_level else []
    status, out, err = run_main(capsys, tsv, "--num-refs", "2", "-i", files["hyp"], *extra)
    one_line_error(status, out, err, "line 3", "--num-refs is 2")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["-sl", "-m", "bleu", "chrf"], "one metric"),
        (["-sl", "-ci"], "no statistical test"),
        (["-m", "chrf", "-pbs"], "-m bleu"),
        (["--num-refs", "2"], "one REF file"),
    ],
)
def test_new_options_errors_are_one_line(files, capsys, options, words):
    refs = [files["ref"], files["ref2"]] if "--num-refs" in options else [files["ref"]]
    hyps = ["-i", files["hyp"], files["hyp"]] if "-pbs" in options else ["-i", files["hyp"]]
    status, out, err = run_main(capsys, *refs, *hyps, *options)
    one_line_error(status, out, err, words)


def test_num_refs_keeps_further_tabs_in_the_last_reference(files, capsys):
    """As sacreBLEU: N - 1 tabs split a line; the last reference keeps any tab after them."""
    lines = [f"{ref}\t{ref2}\tand some more words" for ref, ref2 in zip(REFS, REFS2)]
    tsv = write(files["tmp"] / "three.tsv", lines)
    argv = [tsv, "--num-refs", "2", "-i", files["hyp"], "-m", "bleu", "chrf", "-w", "4"]
    status, out, _ = run_main(capsys, *argv, "-f", "json")
    assert status == 0
    for mine, sacre in zip(json.loads(out), json.loads(sacrebleu_cli(*argv, "-f", "json"))):
        same_scores(mine, sacre)
