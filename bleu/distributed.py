"""Corpus BLEU on a Dask cluster: statistics per partition on the workers, one sum, one score.

Why BLEU is trivially parallel. Corpus BLEU is *not* the mean of sentence scores: it is a
function of a handful of corpus-wide sums (Papineni et al., 2002). Each segment ``s``
contributes one row of sufficient statistics ``[c_s, r_s, m_{s,1..N}, t_{s,1..N}]``
(hypothesis length, closest reference length, clipped n-gram matches, hypothesis n-grams:
:func:`bleu.segment_stats`), and the score needs only the column sums of those rows.
Addition is associative and commutative, so the rows can be counted anywhere, in any
order, in any grouping; only the last step (precisions, brevity penalty, geometric mean)
looks at the whole corpus, and it works on one short row.

The plan, on Dask:

1. **map**: every partition of the hypothesis bag, with the matching partitions of the
   reference bags, goes to a worker, which counts its segments' rows with the package's
   vectorised :func:`bleu.vectorized.segment_stats` and adds them up (``2 + 2N``
   integers leave the worker, not the text);
2. **reduce**: the partitions' rows of sums are added (and the number of references
   each segment had is collected, for the signature's ``nrefs``);
3. **score once**: :func:`bleu.rules.score_from_stats` turns the one row into the
   same :class:`bleu.BleuScore` as :func:`bleu.corpus_score`, signature included.

The same plan on Spark, in words (no Spark here): make an RDD of hypotheses and one of
each reference stream, read with the same partitioning, and ``zip`` them (Spark itself
refuses RDDs whose partitions hold different numbers of elements); ``mapPartitions``
turns each partition into one row of summed statistics, the options being small enough
to ship in the closure (or a broadcast variable); ``treeReduce`` (or ``reduce``) adds the
rows with numpy's ``+``; the driver scores the result. With DataFrames, a pandas UDF
per batch of rows and a ``sum`` per column do the same. Nothing else changes: the
tokenizer and the counting are the single-machine code, run where the data is.

Significance tests need the rows, not only their sums (a bootstrap resample is a
resample of rows). :func:`segment_stats` gathers every segment's row to the client, in
corpus order, as the in-memory :func:`bleu.segment_stats` returns it; the confidence
interval and the paired tests of :mod:`bleu.significance` then run from these arrays
(``confidence_from_stats``, ``paired_bootstrap_from_stats``,
``approximate_randomization_from_stats``), with the same results as the functions on
text. At ``2 + 2N`` int64 per segment that is 80 bytes a segment, 80 MB for a million.

The bags must be *partitioned alike*: the same number of partitions, and partition ``p``
of every bag holding the same segments. :func:`to_bags` builds such bags from lists. From
files, split the hypotheses and each reference file at the same line numbers (``split
-l``) and read them with ``dask.bag.read_text(files, blocksize=None)``, one partition per
file (the line ends it keeps are stripped with the rest of the white space); a
``blocksize`` in bytes would cut the two texts at different lines. A mismatch is a
``ValueError`` naming the argument (the number of partitions is checked before anything
runs, their lengths on the workers). As in sacreBLEU, a reference stream may hold
``None`` where a segment has no such reference (``nrefs:var``). Error messages about
single segments give the partition and the index inside it.

``dask`` is imported only when a function here runs, so ``import bleu`` (and even
``import bleu.distributed``) works without it; install it with the package's extra:
``pip install "bleu-notebooks[distributed]"``. Any Dask scheduler works: with a
``dask.distributed.Client`` open, the work goes to its cluster. In a script, start the
cluster under ``if __name__ == "__main__":``, since its worker processes import the
script again::

    from dask.distributed import Client, LocalCluster
    from bleu.distributed import corpus_score, to_bags

    if __name__ == "__main__":
        with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
            hyps, refs = to_bags(system_lines, [reference_lines], npartitions=8)
            print(corpus_score(hyps, refs))

Defined in notebook 10 (corpus BLEU and significance).

The example below uses the synchronous scheduler (no cluster) to stay fast:

>>> import dask
>>> from bleu import distributed, significance
>>> refs = [["the cat sat on the mat", "a dog ran in the park", "it is raining again"]]
>>> hyps, ref_bags = distributed.to_bags(
...     ["the cat sat on a mat", "a dog ran", "it rains"], refs, npartitions=2)
>>> hyps.npartitions, len(ref_bags)
(2, 1)
>>> with dask.config.set(scheduler="synchronous"):
...     result = distributed.corpus_score(hyps, ref_bags)
...     stats = distributed.segment_stats(hyps, ref_bags)
>>> print(result)
BLEU = 35.89 81.8/62.5/60.0/33.3 (BP = 0.635 ratio = 0.688 hyp_len = 11 ref_len = 16)
>>> stats.shape
(3, 10)
>>> interval = significance.confidence_from_stats(stats, n_samples=200)
>>> round(interval.score, 2), interval.low <= interval.mean <= interval.high
(35.89, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from . import vectorized
from .checks import check_hypotheses, check_streams
from .options import BleuOptions
from .rows import nrefs_of, width
from .rules import BleuScore, score_from_stats

EXTRA_HINT = 'pip install "bleu-notebooks[distributed]" (or pip install "dask[distributed]")'
"""How to get Dask, in the ImportError raised when it is missing."""


def _dask() -> Any:
    """``dask`` with ``dask.bag``, imported now; a clear ImportError naming the extra."""
    try:
        import dask
        import dask.bag
    except ImportError as error:
        raise ImportError(
            f"bleu.distributed needs dask, which is not installed: {EXTRA_HINT}"
        ) from error
    return dask


# --- argument checks (on the client, before anything runs) -------------------------------


def _check_bags(hypotheses: Any, references: Any) -> list[Any]:
    """The reference bags as a list, after checking both arguments' types and partitions."""
    bag_type = _dask().bag.Bag
    if not isinstance(hypotheses, bag_type):
        raise TypeError(
            "hypotheses must be a dask.bag.Bag of strings (make one with "
            f"bleu.distributed.to_bags or dask.bag.from_sequence), not {type(hypotheses).__name__}"
        )
    if isinstance(references, bag_type):
        raise TypeError(
            "references must be a list of bags, one per reference stream, not a single Bag: "
            "wrap one stream as [references]"
        )
    if not isinstance(references, (list, tuple)):
        raise TypeError(
            "references must be a list of dask.bag.Bag (one per reference stream), "
            f"not {type(references).__name__}"
        )
    if not references:
        raise ValueError("references is empty: give at least one reference stream (a Bag)")
    for k, bag in enumerate(references):
        if not isinstance(bag, bag_type):
            raise TypeError(
                f"references[{k}] must be a dask.bag.Bag of strings (or None), "
                f"not {type(bag).__name__}"
            )
        if bag.npartitions != hypotheses.npartitions:
            raise ValueError(
                f"references[{k}] has {bag.npartitions} partitions but hypotheses has "
                f"{hypotheses.npartitions}: the bags must be partitioned alike (build them "
                "with bleu.distributed.to_bags, or from sequences of the same length with "
                "the same npartitions)"
            )
    return list(references)


# --- what runs on the workers ------------------------------------------------------------


def _partition_rows(
    partition: int, hypotheses: Iterable, streams: Sequence[Iterable], stats_options: dict
) -> tuple[np.ndarray, set[int]]:
    """One partition's statistics rows and the set of its segments' reference counts."""
    hyps = list(hypotheses)
    refs = [list(stream) for stream in streams]
    for k, stream in enumerate(refs):
        if len(stream) != len(hyps):
            raise ValueError(
                f"references[{k}] and hypotheses are partitioned differently: partition "
                f"{partition} holds {len(stream)} references but {len(hyps)} hypotheses; "
                "every bag needs the same segments in the same partitions (build them with "
                "bleu.distributed.to_bags, or read files split at the same lines with "
                "blocksize=None)"
            )
    columns = width(stats_options["max_ngram_order"])
    if not hyps:  # dask bags may have empty partitions (after a filter, say)
        return np.zeros((0, columns), dtype=np.int64), set()
    try:
        rows = vectorized.segment_stats(hyps, refs, **stats_options)
    except (TypeError, ValueError) as error:  # indices in the message count in the partition
        raise type(error)(f"partition {partition}: {error}") from None
    nrefs = {sum(ref is not None for ref in segment) for segment in zip(*refs)}
    return rows, nrefs


def _partition_sums(
    partition: int, hypotheses: Iterable, streams: Sequence[Iterable], stats_options: dict
) -> tuple[np.ndarray, set[int], int]:
    """One partition's row of summed statistics, reference counts and number of segments."""
    rows, nrefs = _partition_rows(partition, hypotheses, streams, stats_options)
    return rows.sum(axis=0), nrefs, len(rows)


def _add(parts: list[tuple[np.ndarray, set[int], int]]) -> tuple[np.ndarray, set[int], int]:
    """The reduce step: the partitions' sums, reference counts and segment counts added."""
    sums = np.sum([part[0] for part in parts], axis=0)
    nrefs = set().union(*(part[1] for part in parts))
    return sums, nrefs, sum(part[2] for part in parts)


def _tasks(hypotheses: Any, references: Any, options: BleuOptions, per_partition: Any) -> list:
    """One delayed ``per_partition`` call per partition, on matching partitions of the bags."""
    dask = _dask()
    ref_bags = _check_bags(hypotheses, references)
    stats_options = {
        "tokenize": options.tokenize,
        "lowercase": options.lowercase,
        "max_ngram_order": options.max_ngram_order,
    }
    hyp_parts = hypotheses.to_delayed()
    ref_parts = [bag.to_delayed() for bag in ref_bags]
    call = dask.delayed(per_partition, pure=True)
    return [
        call(p, hyp_part, [parts[p] for parts in ref_parts], stats_options)
        for p, hyp_part in enumerate(hyp_parts)
    ]


def _no_segments() -> ValueError:
    return ValueError("hypotheses is empty: give at least one segment")


# --- the public functions ----------------------------------------------------------------


def corpus_score(hypotheses: Any, references: Sequence[Any], **options: Any) -> BleuScore:
    """:func:`bleu.corpus_score` of bags: counted per partition on the workers, scored once.

    ``hypotheses`` is a ``dask.bag.Bag`` of hypothesis strings and ``references`` a list
    of bags, the k-th holding the k-th reference of every segment (sacreBLEU's streams,
    ``None`` where a segment has no k-th reference), all partitioned alike. The options
    are those of :func:`bleu.corpus_score` (keywords of :class:`bleu.BleuOptions`: tokenize,
    lowercase, smooth, smooth_value, max_ngram_order, effective_order), and so are the
    result and its signature: equal to ``sacrebleu.corpus_bleu`` on the same lists. The
    computation runs on Dask's current scheduler (a ``Client``'s cluster if one is open).
    """
    chosen = BleuOptions(**options)
    dask = _dask()
    parts = _tasks(hypotheses, references, chosen, _partition_sums)
    (sums, nrefs, n_segments) = dask.compute(dask.delayed(_add, pure=True)(parts))[0]
    if n_segments == 0:
        raise _no_segments()
    signature = chosen.signature(nrefs_of(nrefs))
    return score_from_stats(sums.tolist(), signature=signature, options=chosen.scoring)


def segment_stats(hypotheses: Any, references: Sequence[Any], **options: Any) -> np.ndarray:
    """:func:`bleu.segment_stats` of bags: every segment's row, gathered in corpus order.

    Arguments as :func:`corpus_score`. The result is the ``int64`` array
    ``[c, r, m_1..m_N, t_1..t_N]`` per segment that :func:`bleu.segment_stats` gives for
    the same lists, ready for :func:`bleu.significance.confidence_from_stats`,
    :func:`~bleu.significance.paired_bootstrap_from_stats` and
    :func:`~bleu.significance.approximate_randomization_from_stats`.
    """
    chosen = BleuOptions(**options)  # only tokenize, lowercase and the order change the rows
    dask = _dask()
    parts = dask.compute(*_tasks(hypotheses, references, chosen, _partition_rows))
    if not any(len(rows) for rows, _ in parts):
        raise _no_segments()
    return np.concatenate([rows for rows, _ in parts])


def to_bags(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    npartitions: int | None = None,
) -> tuple[Any, list[Any]]:
    """Bags partitioned alike from in-memory lists: ``(hypothesis bag, [reference bags])``.

    The lists are checked as :func:`bleu.corpus_score` checks them (sacreBLEU's layout:
    ``references[k][i]`` is the k-th reference of segment ``i``). ``npartitions`` is
    passed to ``dask.bag.from_sequence`` for every bag (``None``: Dask's default), which
    takes it as a target (300 segments asked for 7 partitions give 8 of 42 segments but
    the last); bags from sequences of the same length get the same partition boundaries.
    """
    dask = _dask()
    hyps = check_hypotheses(hypotheses)
    streams = check_streams(references, len(hyps))
    if npartitions is not None and (
        isinstance(npartitions, bool) or not isinstance(npartitions, (int, np.integer))
    ):
        raise TypeError(f"npartitions must be a whole number or None, not {npartitions!r}")
    if npartitions is not None and npartitions < 1:
        raise ValueError(f"npartitions must be at least 1, got {npartitions}")
    make = dask.bag.from_sequence
    return make(hyps, npartitions=npartitions), [
        make(stream, npartitions=npartitions) for stream in streams
    ]


__all__ = ["corpus_score", "segment_stats", "to_bags"]
