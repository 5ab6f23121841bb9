"""The command line's ``-m bleu chrf ter`` and ``-sl/--sentence-level`` (sacreBLEU's options).

sacreBLEU's rules and defaults: chrF2 (character 6-grams, beta 2, whitespace ignored, case
kept) and TER (case ignored, Tercom's shifts) from :mod:`bleu.chrf_ter`; BLEU as the rest of
the command line scores it, and at sentence level with effective order, as sacreBLEU's
``-sl`` does. The signatures carry sacreBLEU's fields with this package's version.

Corpus output: per metric, in sacreBLEU's order (BLEU, chrF2, TER), the score line and the
signature (text), the bare scores one per line (``-b``), or sacreBLEU's JSON objects, a list
when there are several metrics. Sentence output: one line per segment, sacreBLEU's
``NAME|signature = score`` (width 1 unless ``-w``), the bare score with ``-b``, or one JSON
object per line with ``--format json`` (where sacreBLEU prints its text line).

Every segment is held in memory here (chrF and TER are scored segment by segment in
Python); the plain corpus BLEU of the command line streams instead (:mod:`bleu.cli`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .chrf_ter import chrf_score, chrf_stats, ter_score, ter_stats
from .cli_io import InputError
from .options import BleuOptions
from .rules import score_from_stats
from .vectorized import encode_references
from .version import __version__

__all__ = [
    "METRIC_NAMES",
    "MetricScore",
    "corpus_output",
    "corpus_scores",
    "sentence_lines",
    "sentence_scores_of",
    "split_references",
]

METRIC_NAMES = ("bleu", "chrf", "ter")
"""The metrics of ``-m``, in the order sacreBLEU prints them."""


@dataclass(frozen=True)
class MetricScore:
    """One metric's score as the command line prints it (BLEU's, chrF2's or TER's)."""

    name: str
    score: float
    signature: str
    verbose: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def line(self, width: int) -> str:
        """sacreBLEU's ``NAME|signature = score [verbose]``."""
        text = f"{self.name}|{self.signature} = {self.score:.{width}f}"
        return f"{text} {self.verbose}" if self.verbose else text

    def block(self, width: int) -> str:
        """The command line's own form: ``NAME = score [verbose]``, then the signature."""
        text = f"{self.name} = {self.score:.{width}f}"
        return (
            f"{text} {self.verbose}\n{self.signature}"
            if self.verbose
            else (f"{text}\n{self.signature}")
        )

    def to_dict(self, width: int) -> dict[str, Any]:
        """sacreBLEU's JSON fields (the score rounded to ``width``) and the exact values."""
        out: dict[str, Any] = {
            "name": self.name,
            "score": float(f"{self.score:.{width}f}"),
            "signature": self.signature,
        }
        if self.verbose:
            out["verbose_score"] = self.verbose
        for part in self.signature.split("|"):
            key, _, value = part.partition(":")
            out[key] = value
        out["exact_score"] = self.score
        out.update(self.extra)
        return out


def _version() -> str:
    return f"bleu-{__version__}"


def chrf_signature(nrefs: int) -> str:
    """sacreBLEU's chrF signature fields (its defaults), this package's version."""
    return f"nrefs:{nrefs}|case:mixed|eff:yes|nc:6|nw:0|space:no|version:{_version()}"


def ter_signature(nrefs: int) -> str:
    """sacreBLEU's TER signature fields (its defaults), this package's version."""
    return f"nrefs:{nrefs}|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:{_version()}"


# --- reading -----------------------------------------------------------------------------


def split_references(lines: list[str], n_refs: int, first: int, name: str) -> list[list[str]]:
    """``n_refs`` reference streams from lines of tab-separated references (``--num-refs``).

    As sacreBLEU: trailing whitespace is stripped, the line is split at the first
    ``n_refs - 1`` tabs, and a line with fewer fields is an error naming its number
    (``first`` is the number of ``lines[0]``).
    """
    streams: list[list[str]] = [[] for _ in range(n_refs)]
    for k, line in enumerate(lines):
        fields = line.rstrip().split("\t", n_refs - 1)
        if len(fields) != n_refs:
            raise InputError(
                f"{name}: line {first + k} holds {len(fields)} tab-separated reference(s) "
                f"but --num-refs is {n_refs}"
            )
        for stream, text in zip(streams, fields):
            stream.append(text)
    return streams


# --- scoring -----------------------------------------------------------------------------


def _bleu_rows(hyps: list[str], streams: list[list[str]], options: BleuOptions) -> np.ndarray:
    encoded_hyps, encoded = encode_references(hyps, streams, options.text)
    return encoded.stats(encoded_hyps, options.max_ngram_order)


def _bleu(rows: np.ndarray, options: BleuOptions, nrefs: int) -> MetricScore:
    sums = rows.sum(axis=0).tolist()
    result = score_from_stats(sums, signature=options.signature(nrefs), options=options.scoring)
    extra = result.to_dict()
    for key in ("name", "score", "signature", "verbose_score"):
        extra.pop(key)
    return MetricScore(result.name, result.score, result.signature, result.verbose, extra)


def _chrf(stats: list[int], nrefs: int) -> MetricScore:
    return MetricScore("chrF2", chrf_score(stats), chrf_signature(nrefs))


def _ter(edits: float, ref_length: float, nrefs: int) -> MetricScore:
    extra = {"num_edits": int(edits), "ref_length": ref_length}
    return MetricScore("TER", ter_score(edits, ref_length), ter_signature(nrefs), "", extra)


def corpus_scores(
    metrics: Sequence[str], hyps: list[str], streams: list[list[str]], options: BleuOptions
) -> list[MetricScore]:
    """The corpus score of each metric, in sacreBLEU's order."""
    nrefs = len(streams)
    per_segment = [list(refs) for refs in zip(*streams)]
    out = []
    for name in METRIC_NAMES:
        if name not in metrics:
            continue
        if name == "bleu":
            out.append(_bleu(_bleu_rows(hyps, streams, options), options, nrefs))
        elif name == "chrf":
            rows = [chrf_stats(hyp, refs) for hyp, refs in zip(hyps, per_segment)]
            out.append(_chrf([sum(column) for column in zip(*rows)], nrefs))
        else:
            pairs = [ter_stats(hyp, refs) for hyp, refs in zip(hyps, per_segment)]
            out.append(_ter(sum(e for e, _ in pairs), sum(n for _, n in pairs), nrefs))
    return out


def sentence_scores_of(
    metric: str, hyps: list[str], streams: list[list[str]], options: BleuOptions
) -> list[MetricScore]:
    """One score per segment (BLEU with effective order, as sacreBLEU's ``-sl``)."""
    nrefs = len(streams)
    if metric == "bleu":
        options = BleuOptions(
            options.tokenize,
            options.lowercase,
            options.smooth_method,
            options.smooth_value,
            options.max_ngram_order,
            True,
        )
        return [_bleu(row[None, :], options, nrefs) for row in _bleu_rows(hyps, streams, options)]
    per_segment = [list(refs) for refs in zip(*streams)]
    if metric == "chrf":
        return [_chrf(chrf_stats(h, refs), nrefs) for h, refs in zip(hyps, per_segment)]
    return [_ter(*ter_stats(h, refs), nrefs) for h, refs in zip(hyps, per_segment)]


# --- output ------------------------------------------------------------------------------


def corpus_output(
    scores: list[MetricScore], width: int | None, score_only: bool, as_json: bool, ascii_only: bool
) -> str:
    """Text blocks, bare scores (``-b``, width 1 by default as sacreBLEU) or JSON.

    With ``-b`` the scores are printed as sacreBLEU prints them: one per line, and with
    ``--format json`` (sacreBLEU's default) several in brackets, ``[\\n26.3,\\n41.0\\n]``.
    """
    if score_only:  # sacreBLEU's -b: one per line; its JSON form brackets several
        w = 1 if width is None else width
        bare = [f"{s.score:.{w}f}" for s in scores]
        if as_json and len(bare) > 1:
            return "[\n" + ",\n".join(bare) + "\n]"
        return "\n".join(bare)
    w = 2 if width is None else width
    if as_json:
        data: Any = [s.to_dict(w) for s in scores]
        return json.dumps(data[0] if len(data) == 1 else data, indent=1, ensure_ascii=ascii_only)
    return "\n".join(s.block(w) for s in scores)


def sentence_lines(
    scores: list[MetricScore], width: int | None, score_only: bool, as_json: bool, ascii_only: bool
) -> str:
    """One line per segment: sacreBLEU's score line, the bare score, or a JSON object."""
    w = 1 if width is None else width
    if score_only:
        return "\n".join(f"{s.score:.{w}f}" for s in scores)
    if as_json:
        return "\n".join(json.dumps(s.to_dict(w), ensure_ascii=ascii_only) for s in scores)
    return "\n".join(s.line(w) for s in scores)
