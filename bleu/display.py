"""Small display helpers shared by the notebooks: HTML tables and quiet warnings.

Used from notebook 02 on (presentation, not a rule of BLEU).
"""

from __future__ import annotations

import html
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any


class Table:
    """A table that renders as HTML in Jupyter and as aligned text in a terminal.

    ``highlight`` (same shape as ``rows``, booleans) marks cells: shaded in HTML and
    followed by ``*`` in text. Say what a mark means with ``legend``, shown under the table.

    >>> print(Table([["p_1", "17/18"], ["p_2", "0/17"]], headers=["order", "precision"],
    ...             highlight=[[False, False], [False, True]], legend="* no match"))
    order  precision
    p_1    17/18
    p_2    0/17 *
    * no match
    """

    def __init__(
        self,
        rows: Sequence[Sequence[Any]],
        headers: Sequence[str] | None = None,
        caption: str | None = None,
        highlight: Sequence[Sequence[bool]] | None = None,
        legend: str | None = None,
    ) -> None:
        self.rows = [[_fmt(v) for v in row] for row in rows]
        self.headers = list(headers) if headers is not None else None
        self.caption = caption
        if highlight is not None:
            highlight = [list(map(bool, r)) for r in highlight]
            if len(highlight) != len(self.rows) or any(
                len(h) != len(r) for h, r in zip(highlight, self.rows)
            ):
                raise ValueError("highlight must have the same shape as rows")
        self.highlight = highlight
        self.legend = legend

    def _marked(self, i: int, j: int) -> bool:
        return bool(self.highlight and self.highlight[i][j])

    def __str__(self) -> str:
        rows = [
            [v + " *" if self._marked(i, j) else v for j, v in enumerate(row)]
            for i, row in enumerate(self.rows)
        ]
        body = ([self.headers] if self.headers else []) + rows
        widths = [max(len(r[i]) for r in body if i < len(r)) for i in range(max(map(len, body)))]
        lines = ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in body]
        if self.caption:
            lines.insert(0, self.caption)
        if self.legend:
            lines.append(self.legend)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        esc = html.escape
        out = ["<table>"]
        if self.caption:
            out.append(f"<caption>{esc(self.caption)}</caption>")
        if self.headers:
            out.append("<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in self.headers))
            out.append("</tr></thead>")
        out.append("<tbody>")
        for i, row in enumerate(self.rows):
            cells = []
            for j, v in enumerate(row):
                style = ' style="background:#ffd6d6;font-weight:bold"' if self._marked(i, j) else ""
                cells.append(f"<td{style}>{esc(v)}</td>")
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody></table>")
        if self.legend:
            out.append(
                f'<p style="font-size:90%"><span style="background:#ffd6d6">&nbsp;&nbsp;'
                f"&nbsp;</span> {esc(self.legend.lstrip('* '))}</p>"
            )
        return "".join(out)


def side_by_side(*items: Any, titles: Sequence[str] | None = None) -> Any:
    """Show several objects with HTML representations (reports, tables) next to each other.

    Returns an ``IPython.display.HTML`` object in Jupyter.
    """
    from IPython.display import HTML

    titles = list(titles) if titles is not None else [""] * len(items)
    if len(titles) != len(items):
        raise ValueError("titles must have one entry per item")
    parts = []
    for title, item in zip(titles, items):
        body = item._repr_html_() if hasattr(item, "_repr_html_") else html.escape(str(item))
        head = f"<h4>{html.escape(title)}</h4>" if title else ""
        parts.append(f'<div style="flex:1;min-width:18em">{head}{body}</div>')
    return HTML('<div style="display:flex;gap:2em;flex-wrap:wrap">' + "".join(parts) + "</div>")


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4f}" if abs(value) >= 1e-4 or value == 0 else f"{value:.3e}"
    return str(value)


@contextmanager
def captured_warnings() -> Iterator[list[str]]:
    """Collect warning messages instead of printing them (with install paths) to stderr.

    >>> import warnings
    >>> with captured_warnings() as messages:
    ...     warnings.warn("no 4-gram overlaps")
    >>> messages
    ['no 4-gram overlaps']
    """
    messages: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield messages
    messages.extend(str(w.message).strip() for w in caught)
