#!/usr/bin/env bash
# CI: build the wheel, install it alone (with its declared runtime dependencies only) into a
# bare virtual environment, and use it from a folder outside the checkout.
#
#   .ci/wheel_check.sh            uses `python3` (or $PYTHON) to build; needs PyPI through pip
#
# The wheel is built from a clean copy of the source (tracked and untracked, not ignored,
# files): pip builds in the source folder, and setuptools never empties build/lib, so a module
# renamed or deleted since an earlier build would otherwise still ship in the wheel.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
src="$tmp/src"
mkdir -p "$src" "$tmp/dist" "$tmp/work"

echo "wheel check: copying the source to a clean folder"
if git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$here" ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do
            [ -f "$here/$f" ] && printf '%s\0' "$f"  # skip files deleted but not yet committed
        done |
        tar -C "$here" --null -T - -cf - | tar -C "$src" -xf -
else
    tar -C "$here" --exclude=./.git --exclude=./build --exclude=./dist --exclude=./.venv \
        --exclude='*.egg-info' --exclude=__pycache__ --exclude=.hypothesis -cf - . |
        tar -C "$src" -xf -
fi

echo "wheel check: building the wheel"
"$python" -m pip wheel --quiet --no-deps "$src" -w "$tmp/dist"
wheels=("$tmp"/dist/*.whl)
[ "${#wheels[@]}" -eq 1 ] || { echo "expected one wheel, got: ${wheels[*]}" >&2; exit 1; }
wheel="${wheels[0]}"
echo "wheel check: built $(basename "$wheel")"

echo "wheel check: installing it into a bare virtual environment"
"$python" -m venv "$tmp/venv"
py="$tmp/venv/bin/python"
"$py" -m pip install --quiet --disable-pip-version-check "$wheel"
"$py" -m pip check --disable-pip-version-check

# Everything below runs outside the checkout; -I ignores PYTHONPATH, the user site and the
# current folder, so only the installed wheel can provide `bleu`.
cd "$tmp/work"
printf 'the cat is on the mat\nthere is a cat on the mat\n' > ref.txt
printf 'the cat is on the mat\na cat is on a mat\n' > hyp.txt

echo "wheel check: the package, its data and its scores"
"$py" -I - "$here" <<'EOF'
import importlib.util
import math
import sys
from pathlib import Path

checkout = Path(sys.argv[1]).resolve()

import bleu  # noqa: E402

where = Path(bleu.__file__).resolve()
assert checkout not in where.parents, f"bleu imported from the checkout: {where}"
assert Path.cwd() not in where.parents, f"bleu imported from the current folder: {where}"
assert "site-packages" in where.parts, f"bleu is not the installed wheel: {where}"

# `import bleu` needs numpy and regex only: no notebook or test dependency is installed here.
for name in ("matplotlib", "nltk", "sacrebleu", "tqdm", "IPython", "nbformat", "pytest"):
    assert importlib.util.find_spec(name) is None, f"{name} is installed in the bare venv"

ex = bleu.data.load_example("example1")
assert ex.reference_tokens() and all(ex.candidate_tokens(c) for c in ex.candidates)
assert where.parent in Path(str(bleu.data.DATA_DIR)).parents, bleu.data.DATA_DIR
for name in ("examples.json", "glossary.tsv", "corpus_en.txt"):
    assert bleu.data.data_path(name).is_file(), name
assert bleu.data.load_glossary(), "empty glossary"

refs = [r.split() for r in ["the cat is on the mat", "there is a cat on the mat"]]
hyp = "the cat is on the mat".split()
score = bleu.sentence_bleu(refs, hyp)
assert isinstance(score, float) and score == 1.0, score
other = "a cat is on a mat".split()
corpus = bleu.corpus_bleu([refs, refs], [hyp, other])
assert isinstance(corpus, float) and 0.0 < corpus < 1.0, corpus

hyps = ["the cat is on the mat", "a cat is on a mat"]
streams = [["the cat is on the mat", "there is a cat on the mat"]]
result = bleu.corpus_score(hyps, streams)
assert isinstance(result.score, float) and 0.0 < result.score < 100.0, result.score
assert math.isfinite(result.bp) and result.sys_len > 0 and result.ref_len > 0
print(f"  bleu {bleu.__version__} from {where.parent}")
print(f"  sentence_bleu {score}, corpus_bleu {corpus:.6f}, corpus_score {result.score:.6f}")
EOF

echo "wheel check: python -m bleu REF -i HYP"
out="$("$py" -I -m bleu ref.txt -i hyp.txt)"
echo "$out" | sed 's/^/  /'
expected="$("$py" -I -c '
import bleu
hyps = open("hyp.txt", encoding="utf-8").read().splitlines()
refs = open("ref.txt", encoding="utf-8").read().splitlines()
print(f"{bleu.corpus_score(hyps, [refs]).score:.2f}")
')"
echo "$out" | head -n 1 | grep -Eq "^BLEU = ${expected//./\\.} [0-9./]+ \(BP = " || {
    echo "wheel check: expected a line 'BLEU = $expected ...' from python -m bleu" >&2
    exit 1
}
echo "wheel check: passed"
