"""A readable breakdown of one sentence's BLEU score.

:func:`explain` returns a :class:`BleuReport`: for each order its n-grams with ``Count``,
``Max_Ref_Count`` and ``Count_clip``, the precision ``p_n`` as an exact fraction, then
``c``, ``r``, ``BP`` and the score. In Jupyter it renders as HTML tables; ``print`` gives
the same as text.

Defined in notebook 07 (the full score); used again in 08 and 13.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .brevity import brevity_penalty, closest_length
from .checks import MAX_ORDER, check_order, check_references, check_tokens, check_weight_tuple
from .ngrams import iter_ngrams
from .precision import max_reference_counts
from .rules import combine


@dataclass(frozen=True)
class OrderReport:
    """The counts behind one modified precision ``p_n``."""

    n: int
    counts: dict[tuple, int]
    max_ref_counts: dict[tuple, int]
    clipped: dict[tuple, int]
    weight: float

    @property
    def matches(self) -> int:
        """Sum of ``Count_clip``: the numerator of ``p_n``."""
        return sum(self.clipped.values())

    @property
    def total(self) -> int:
        """Sum of ``Count``: the number of hypothesis n-grams."""
        return sum(self.counts.values())

    @property
    def precision(self) -> Fraction:
        """``p_n`` as an exact fraction (0 when the hypothesis has no n-gram of this order)."""
        return Fraction(self.matches, max(1, self.total))


@dataclass(frozen=True)
class BleuReport:
    """Everything that goes into one sentence's BLEU score (unsmoothed)."""

    hypothesis: tuple
    references: tuple[tuple, ...]
    orders: tuple[OrderReport, ...]
    c: int
    r: int
    bp: float
    score: float

    @property
    def precisions(self) -> list[Fraction]:
        """``[p_1, ..., p_N]`` as fractions."""
        return [o.precision for o in self.orders]

    def _summary_rows(self) -> list[tuple[str, ...]]:
        rows = []
        for o in self.orders:
            p = o.precision
            rows.append(
                (
                    f"p_{o.n}",
                    f"{o.matches}/{max(1, o.total)}",
                    str(p),
                    f"{float(p):.4f}",
                    f"{o.weight:g}",
                )
            )
        return rows

    def __str__(self) -> str:
        lines = [f"hypothesis: {' '.join(map(str, self.hypothesis))}"]
        for i, ref in enumerate(self.references, 1):
            lines.append(f"reference {i}: {' '.join(map(str, ref))}")
        lines.append("")
        header = ("order", "clipped/total", "p_n", "decimal", "weight")
        widths = [
            max(len(h), *(len(r[i]) for r in self._summary_rows())) for i, h in enumerate(header)
        ]
        lines.append("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for row in self._summary_rows():
            lines.append("  ".join(v.ljust(w) for v, w in zip(row, widths)))
        lines.append("")
        lines.append(f"c = {self.c}  r = {self.r}  BP = {self.bp:.4f}  BLEU = {self.score:.4f}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"BleuReport(score={self.score!r}, precisions={self.precisions!r}, bp={self.bp!r})"

    def _repr_html_(self) -> str:
        esc = html.escape
        parts = ['<div class="bleu-report">']
        parts.append(
            "<table><thead><tr><th>order</th><th>clipped / total</th><th>p<sub>n</sub></th>"
            "<th>decimal</th><th>weight</th></tr></thead><tbody>"
        )
        for row in self._summary_rows():
            parts.append("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in row) + "</tr>")
        parts.append("</tbody></table>")
        parts.append(
            f"<p>c = {self.c}, r = {self.r}, BP = {self.bp:.4f}, <b>BLEU = {self.score:.4f}</b></p>"
        )
        for o in self.orders:
            parts.append(
                f"<details><summary>{o.n}-grams: Count, Max_Ref_Count, Count_clip</summary>"
            )
            parts.append(
                "<table><thead><tr><th>n-gram</th><th>Count</th><th>Max_Ref_Count</th>"
                "<th>Count_clip</th></tr></thead><tbody>"
            )
            for g, count in o.counts.items():
                parts.append(
                    f"<tr><td>{esc(' '.join(map(str, g)))}</td><td>{count}</td>"
                    f"<td>{o.max_ref_counts[g]}</td><td>{o.clipped[g]}</td></tr>"
                )
            parts.append(
                f"<tr><td><b>sum</b></td><td><b>{o.total}</b></td><td></td>"
                f"<td><b>{o.matches}</b></td></tr></tbody></table></details>"
            )
        parts.append("</div>")
        return "".join(parts)


def explain(
    references: Sequence[Sequence[Hashable]],
    hypothesis: Sequence[Hashable],
    max_n: int = 4,
    weights: Sequence[float] | None = None,
) -> BleuReport:
    """Break one sentence's BLEU score into its counts, precisions and penalty.

    ``weights`` defaults to uniform ``1/max_n``; no smoothing is applied, so a zero
    precision gives a score of 0.

    >>> refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
    >>> report = explain(refs, "the cat the cat on the mat".split(), max_n=2)
    >>> report.precisions
    [Fraction(5, 7), Fraction(2, 3)]
    >>> report.orders[1].counts[("the", "cat")], report.orders[1].clipped[("the", "cat")]
    (2, 1)
    """
    refs = check_references(references)
    hyp = check_tokens(hypothesis, "hypothesis")
    max_n = check_order(max_n, "max_n", limit=MAX_ORDER)
    if weights is None:
        weight = (1 / max_n,) * max_n
    else:
        weight = check_weight_tuple(weights)
        if len(weight) != max_n:
            raise ValueError(f"weights has {len(weight)} entries but max_n is {max_n}")
    orders = []
    for n in range(1, max_n + 1):
        counts = Counter(iter_ngrams(hyp, n))
        # no n-gram of this order: nothing to look up
        best = max_reference_counts(refs, n) if counts else Counter()
        orders.append(
            OrderReport(
                n=n,
                counts=dict(counts),
                max_ref_counts={g: best[g] for g in counts},
                clipped={g: min(c, best[g]) for g, c in counts.items()},
                weight=weight[n - 1],
            )
        )
    c = len(hyp)
    r = closest_length(map(len, refs), c)
    bp = brevity_penalty(r, c)
    p_n = [o.precision for o in orders]
    score = 0.0 if p_n[0] == 0 else combine(p_n, weight, bp, zero_is_zero=True)
    return BleuReport(tuple(hyp), tuple(map(tuple, refs)), tuple(orders), c, r, bp, score)
