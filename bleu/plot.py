"""Plot set-up shared by the notebooks: PNG figures of one fixed size.

nbval compares the text ``<Figure size 640x400 with 1 Axes>`` and skips PNG data, but it
would compare SVG (whose ids change on every run). So every notebook calls
:func:`setup` once, in its first code cell.

:func:`legend_outside` puts a legend below the axes, where it covers no data.

Used by every notebook with a figure (presentation, not a rule of BLEU).
"""

from __future__ import annotations

FIGSIZE = (6.4, 4.0)
DPI = 100


def setup() -> None:
    """Inline PNG figures, fixed size and resolution, readable fonts, a fixed style.

    matplotlib's default font has no Hangul or Chinese glyphs: keep figure text in English.
    The "Glyph ... missing from font" warning (which prints an install path) is silenced.
    """
    import warnings

    import matplotlib

    warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font")

    matplotlib.rcParams.update(
        {
            "figure.figsize": FIGSIZE,
            "figure.dpi": DPI,
            "savefig.dpi": DPI,
            "font.size": 11,
            "axes.grid": True,
            "grid.alpha": 0.3,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "svg.hashsalt": "bleu",
        }
    )
    try:
        from matplotlib_inline.backend_inline import set_matplotlib_formats
    except ImportError:  # outside Jupyter nothing needs to change
        return
    set_matplotlib_formats("png")


def legend_outside(ax, ncols: int = 2):
    """Draw the legend of ``ax`` below the axes (and the x label), outside the data.

    The figure switches to matplotlib's constrained layout, which makes room for the legend
    inside the figure, so the figure keeps its size. Returns the legend.
    """
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax: expected matplotlib Axes, got {type(ax).__name__}")
    if not isinstance(ncols, int) or isinstance(ncols, bool) or ncols < 1:
        raise ValueError(f"ncols: expected a positive int, got {ncols!r}")
    handles, labels = ax.get_legend_handles_labels()
    figure = ax.figure
    figure.set_layout_engine("constrained")
    return figure.legend(
        handles,
        labels,
        loc="outside lower center",
        ncols=min(ncols, max(len(labels), 1)),
        frameon=False,
    )
