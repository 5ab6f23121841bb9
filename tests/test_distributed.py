"""bleu.distributed on a local Dask cluster (two worker processes), against sacreBLEU directly.

The cluster is started once for the module. Scores are compared with sacreBLEU on the same
lists, statistics with sacreBLEU's own rows (and with the in-memory ``bleu.segment_stats``),
significance results with the in-memory tests on the text. The corpora are made here from a
fixed seed (no file is read).
"""

from __future__ import annotations

import logging
import math
import random
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip(
    "dask.distributed",
    reason='bleu.distributed needs dask: pip install "bleu-notebooks[distributed]"',
)

import dask
import dask.bag as db
import sacrebleu
from dask.distributed import Client, LocalCluster, get_task_stream
from sacrebleu.metrics import BLEU

import bleu
from bleu import distributed, significance

OURS = f"version:bleu-{bleu.__version__}"
THEIRS = f"version:{sacrebleu.__version__}"

# Words that give the tokenizers something to do: case, punctuation, numbers, CJK.
WORDS = (
    "the cat dog sat ran on under a an mat house garden Red red RED quickly slowly "
    "is was , . ! ? ( ) 3.5 1,000 don't U.S. well-known Zürich Öl 北京 猫 。 ， e-mail"
).split()


@pytest.fixture(scope="module")
def client():
    """Two worker processes with one thread each, on this machine only, for the module."""
    with (
        LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def noisy(rnd: random.Random, words: list[str]) -> str:
    """A variant of ``words``: some dropped, some added, a neighbour pair swapped."""
    out = [w for w in words if rnd.random() < 0.85]
    for _ in range(rnd.randrange(3)):
        out.insert(rnd.randrange(len(out) + 1), rnd.choice(WORDS))
    if len(out) > 2 and rnd.random() < 0.3:
        i = rnd.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    return " ".join(out)


def make_corpus(
    seed: int, n_segments: int, n_refs: int, missing: float = 0.0
) -> tuple[list[str], list[list[str | None]]]:
    """Hypotheses and ``n_refs`` reference streams; ``missing``: chance of a ``None`` in
    streams after the first (sacreBLEU's variable number of references)."""
    rnd = random.Random(seed)
    hyps: list[str] = []
    streams: list[list[str | None]] = [[] for _ in range(n_refs)]
    for _ in range(n_segments):
        source = rnd.choices(WORDS, k=rnd.randrange(1, 25))
        hyps.append(noisy(rnd, source) if rnd.random() < 0.97 else "")
        for k, stream in enumerate(streams):
            stream.append(None if k and rnd.random() < missing else noisy(rnd, source))
    return hyps, streams


def sacre_options(options: dict) -> dict:
    """Our option names as sacreBLEU's BLEU class spells them."""
    renamed = {"smooth": "smooth_method"}
    return {renamed.get(key, key): value for key, value in options.items()}


def assert_same_as_sacrebleu(ours, theirs) -> None:
    assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
    assert ours.counts == theirs.counts and ours.totals == theirs.totals
    assert np.allclose(ours.precisions, theirs.precisions, rtol=0, atol=1e-9)
    assert math.isclose(ours.bp, theirs.bp, rel_tol=0, abs_tol=1e-12)
    assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    assert str(ours) == str(theirs)


def sacre_signature(signature: str) -> str:
    """Our signature as sacreBLEU writes it (its version; it has no ngram field)."""
    return "|".join(
        part for part in signature.replace(OURS, THEIRS).split("|") if not part.startswith("ngram:")
    )


CASES = [
    # (seed, reference streams, partitions, options)
    (1, 1, 4, {}),
    (2, 2, 5, {"tokenize": "intl", "lowercase": True}),
    (3, 3, 3, {"smooth": "floor", "smooth_value": 0.2, "effective_order": True}),
    (4, 2, 7, {"tokenize": "char", "smooth": "add-k", "max_ngram_order": 2}),
    (5, 1, 6, {"tokenize": "zh", "smooth": "none", "max_ngram_order": 5}),
    (6, 3, 2, {"tokenize": "none", "lowercase": True, "effective_order": True}),
]


@pytest.mark.parametrize(("seed", "n_refs", "npartitions", "options"), CASES)
def test_corpus_score_equals_sacrebleu_on_random_corpora(
    client, seed, n_refs, npartitions, options
):
    hyps, refs = make_corpus(seed, 300, n_refs)
    hyp_bag, ref_bags = distributed.to_bags(hyps, refs, npartitions=npartitions)
    assert all(bag.npartitions == hyp_bag.npartitions >= 2 for bag in ref_bags)
    ours = distributed.corpus_score(hyp_bag, ref_bags, **options)
    metric = BLEU(**sacre_options(options))
    assert_same_as_sacrebleu(ours, metric.corpus_score(hyps, refs))
    assert sacre_signature(ours.signature) == str(metric.get_signature())
    assert ours.signature == bleu.corpus_score(hyps, refs, **options).signature


def test_a_variable_number_of_references_as_in_sacrebleu(client):
    hyps, refs = make_corpus(7, 200, 3, missing=0.4)
    assert None in refs[1] and None in refs[2]
    ours = distributed.corpus_score(*distributed.to_bags(hyps, refs, npartitions=3))
    metric = BLEU()
    assert_same_as_sacrebleu(ours, metric.corpus_score(hyps, refs))
    assert ours.signature.startswith("nrefs:var|")
    assert sacre_signature(ours.signature) == str(metric.get_signature())


def test_a_wmt_sized_corpus_equals_sacrebleus_corpus_bleu(client):
    """3000 segments, as many as a WMT news test set, in 8 partitions."""
    hyps, refs = make_corpus(2017, 3000, 1)
    ours = distributed.corpus_score(*distributed.to_bags(hyps, refs, npartitions=8))
    assert_same_as_sacrebleu(ours, sacrebleu.corpus_bleu(hyps, refs))


def test_the_partitions_are_counted_on_the_workers(client):
    hyps, refs = make_corpus(8, 100, 1)
    with get_task_stream(client) as tasks:
        distributed.corpus_score(*distributed.to_bags(hyps, refs, npartitions=4))
    ran = [task for task in tasks.data if "_partition_sums" in str(task["key"])]
    assert len(ran) == 4
    assert {task["worker"] for task in ran} <= set(client.scheduler_info()["workers"])


def test_empty_partitions_are_allowed(client):
    """Partition 1 is empty in every bag (as after a filter); the score is the lists'."""
    hyps, refs = make_corpus(9, 60, 2)
    cuts = [(0, 25), (25, 25), (25, 60)]

    def bag(items):
        return db.from_delayed([dask.delayed(items[a:b]) for a, b in cuts])

    ours = distributed.corpus_score(bag(hyps), [bag(stream) for stream in refs])
    assert_same_as_sacrebleu(ours, sacrebleu.corpus_bleu(hyps, refs))


@pytest.mark.parametrize(("n_refs", "max_order", "tokenize"), [(1, 4, "13a"), (3, 2, "intl")])
def test_segment_stats_are_sacrebleus_rows_in_corpus_order(client, n_refs, max_order, tokenize):
    hyps, refs = make_corpus(10 + n_refs, 250, n_refs, missing=0.2)
    bags = distributed.to_bags(hyps, refs, npartitions=5)
    stats = distributed.segment_stats(*bags, tokenize=tokenize, max_ngram_order=max_order)
    assert stats.dtype == np.int64 and stats.shape == (250, 2 + 2 * max_order)
    metric = BLEU(tokenize=tokenize, max_ngram_order=max_order)
    assert stats.tolist() == metric._extract_corpus_statistics(hyps, refs)
    in_memory = bleu.segment_stats(hyps, refs, tokenize=tokenize, max_ngram_order=max_order)
    assert np.array_equal(stats, in_memory)


@pytest.fixture(scope="module")
def two_systems(client):
    """A baseline and a system on 400 segments, and their statistics gathered from the cluster."""
    rnd = random.Random(11)
    _, refs = make_corpus(11, 400, 1)
    base = [noisy(rnd, ref.split()) for ref in refs[0]]
    system = [noisy(rnd, noisy(rnd, ref.split()).split()) for ref in refs[0]]
    base_stats = distributed.segment_stats(*distributed.to_bags(base, refs, npartitions=4))
    sys_stats = distributed.segment_stats(*distributed.to_bags(system, refs, npartitions=4))
    return base, system, refs, base_stats, sys_stats


def test_a_confidence_interval_from_the_gathered_statistics(two_systems):
    _, system, refs, _, sys_stats = two_systems
    ours = significance.confidence_from_stats(sys_stats, n_samples=300)
    in_memory = bleu.confidence_interval(system, refs, n_samples=300)
    assert (ours.score, ours.mean, ours.ci) == (in_memory.score, in_memory.mean, in_memory.ci)
    assert np.array_equal(ours.samples, in_memory.samples)
    assert math.isclose(ours.score, sacrebleu.corpus_bleu(system, refs).score, abs_tol=1e-9)


def test_the_paired_tests_from_the_gathered_statistics(two_systems):
    base, system, refs, base_stats, sys_stats = two_systems
    boot = significance.paired_bootstrap_from_stats(base_stats, sys_stats, n_samples=300)
    boot_text = bleu.paired_bootstrap(base, system, refs, n_samples=300)
    ar = significance.approximate_randomization_from_stats(base_stats, sys_stats, n_trials=500)
    ar_text = bleu.approximate_randomization(base, system, refs, n_trials=500)
    for ours, in_memory in [(boot, boot_text), (ar, ar_text)]:
        assert (ours.score, ours.p_value, ours.mean, ours.ci) == (
            in_memory.score,
            in_memory.p_value,
            in_memory.mean,
            in_memory.ci,
        )
        assert np.array_equal(ours.samples, in_memory.samples)
    assert boot.baseline == boot_text.baseline and ar.baseline == ar_text.baseline
    assert boot.score != boot.baseline_score  # two different systems were compared


# --- bad input ---------------------------------------------------------------------------


def test_a_different_number_of_partitions_is_refused_before_anything_runs():
    hyps, refs = make_corpus(12, 30, 2)
    hyp_bag = db.from_sequence(hyps, npartitions=3)
    ref_bags = [db.from_sequence(refs[0], npartitions=3), db.from_sequence(refs[1], npartitions=2)]
    message = r"references\[1\] has 2 partitions but hypotheses has 3"
    with pytest.raises(ValueError, match=message):
        distributed.corpus_score(hyp_bag, ref_bags)
    with pytest.raises(ValueError, match=message):
        distributed.segment_stats(hyp_bag, ref_bags)


def test_partitions_of_different_lengths_are_refused(client):
    hyps, refs = make_corpus(13, 30, 2)
    hyp_bag = db.from_sequence(hyps, npartitions=3)  # 10, 10, 10
    shifted = db.from_delayed([dask.delayed(refs[1][a:b]) for a, b in [(0, 5), (5, 20), (20, 30)]])
    bags = [db.from_sequence(refs[0], npartitions=3), shifted]
    message = r"references\[1\] and hypotheses are partitioned differently: partition [01] holds"
    with pytest.raises(ValueError, match=message):
        distributed.corpus_score(hyp_bag, bags)
    with pytest.raises(ValueError, match=message):
        distributed.segment_stats(hyp_bag, bags)


@pytest.mark.parametrize(
    ("hypotheses", "references", "error", "message"),
    [
        (["a b"], "refs", TypeError, "hypotheses must be a dask.bag.Bag"),
        ("hyps", "bag", TypeError, "references must be a list of bags.*not a single Bag"),
        ("hyps", None, TypeError, "references must be a list of dask.bag.Bag"),
        ("hyps", "generator", TypeError, "references must be a list of dask.bag.Bag"),
        ("hyps", [], ValueError, "references is empty"),
        ("hyps", [["a b"]], TypeError, r"references\[0\] must be a dask.bag.Bag"),
    ],
)  # fmt: skip
def test_arguments_of_the_wrong_type_are_named(hypotheses, references, error, message):
    hyp_bag, ref_bags = distributed.to_bags(["a b", "c d"], [["a b", "c d"]], npartitions=1)
    chosen = {
        "hyps": hyp_bag,
        "refs": ref_bags,
        "bag": ref_bags[0],
        "generator": (bag for bag in ref_bags),
    }
    args = [chosen[v] if isinstance(v, str) else v for v in (hypotheses, references)]
    with pytest.raises(error, match=message):
        distributed.corpus_score(*args)
    with pytest.raises(error, match=message):
        distributed.segment_stats(*args)


def test_bad_options_are_named_before_anything_runs():
    bags = distributed.to_bags(["a b"], [["a b"]])
    with pytest.raises(ValueError, match="smooth='bogus'"):
        distributed.corpus_score(*bags, smooth="bogus")
    with pytest.raises(ValueError, match="tokenize='14a'"):
        distributed.segment_stats(*bags, tokenize="14a")
    with pytest.raises(TypeError, match="tokenise"):  # a misspelt option is not ignored
        distributed.corpus_score(*bags, tokenise="13a")


def test_bad_segments_are_named_with_their_partition(client):
    hyp_bag = db.from_sequence(["a b", "c d", 3, "e f"], npartitions=2)
    ref_bag = db.from_sequence(["a b", "c d", "e", "e f"], npartitions=2)
    with pytest.raises(TypeError, match=r"partition 1: hypotheses\[0\]"):
        distributed.corpus_score(hyp_bag, [ref_bag])
    hyp_bag = db.from_sequence(["a b", "c d", "e", "e f"], npartitions=2)
    no_ref = db.from_sequence(["a b", "c d", None, "e f"], npartitions=2)
    with pytest.raises(ValueError, match="partition 1: references: segment 0 has no reference"):
        distributed.corpus_score(hyp_bag, [no_ref, no_ref])


def test_an_empty_corpus_is_refused(client):
    empty = db.from_sequence([], npartitions=1)
    with pytest.raises(ValueError, match="hypotheses is empty"):
        distributed.corpus_score(empty, [empty])
    with pytest.raises(ValueError, match="hypotheses is empty"):
        distributed.segment_stats(empty, [empty])


def test_to_bags_checks_its_lists_and_npartitions():
    with pytest.raises(ValueError, match=r"references\[0\] has 1 segments but hypotheses has 2"):
        distributed.to_bags(["a", "b"], [["a"]])
    with pytest.raises(TypeError, match="npartitions"):
        distributed.to_bags(["a"], [["a"]], npartitions=2.0)
    with pytest.raises(ValueError, match="npartitions"):
        distributed.to_bags(["a"], [["a"]], npartitions=0)


# --- dask stays optional ------------------------------------------------------------------


def test_a_missing_dask_is_a_clear_import_error(monkeypatch):
    for name in ("dask", "dask.bag"):
        monkeypatch.setitem(sys.modules, name, None)  # `import dask` now fails
    with pytest.raises(ImportError, match=r"needs dask.*bleu-notebooks\[distributed\]"):
        distributed.corpus_score(None, None)
    with pytest.raises(ImportError, match="needs dask"):
        distributed.to_bags(["a"], [["a"]])


def test_import_bleu_and_bleu_distributed_need_no_dask():
    code = (
        "import sys; sys.modules['dask'] = None\n"
        "import bleu, bleu.distributed\n"
        "print(bleu.corpus_score(['a b c d'], [['a b c d']]).score)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert math.isclose(float(result.stdout), 100.0, rel_tol=1e-12)
