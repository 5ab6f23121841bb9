"""Small display helpers shared by the notebooks: HTML tables and quiet warnings."""

from __future__ import annotations

import html
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any


class Table:
    """A table that renders as HTML in Jupyter and as aligned text in a terminal.

    >>> print(Table([["p_1", "17/18"]], headers=["order", "precision"]))
    order  precision
    p_1    17/18
    """

    def __init__(
        self,
        rows: Sequence[Sequence[Any]],
        headers: Sequence[str] | None = None,
        caption: str | None = None,
        highlight: Sequence[Sequence[bool]] | None = None,
    ) -> None:
        self.rows = [[_fmt(v) for v in row] for row in rows]
        self.headers = list(headers) if headers is not None else None
        self.caption = caption
        self.highlight = highlight

    def __str__(self) -> str:
        body = ([self.headers] if self.headers else []) + self.rows
        widths = [max(len(r[i]) for r in body if i < len(r)) for i in range(max(map(len, body)))]
        lines = ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in body]
        if self.caption:
            lines.insert(0, self.caption)
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
                marked = bool(self.highlight and self.highlight[i][j])
                style = ' style="background:#ffd6d6;font-weight:bold"' if marked else ""
                cells.append(f"<td{style}>{esc(v)}</td>")
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody></table>")
        return "".join(out)


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
