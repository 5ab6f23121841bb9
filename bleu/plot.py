"""Plot set-up shared by the notebooks: PNG figures of one size, at twice the resolution.

nbval compares the text ``<Figure size 640x400 with 1 Axes>`` and skips PNG data, but it
would compare SVG (whose ids change on every run). So every notebook calls
:func:`setup` once, in its first code cell. The PNG is drawn at twice the figure's dpi
(matplotlib-inline's "retina" format: 1280x800 pixels, shown at 640x400 in the notebook), so
a slide can show it 900 px wide or more and stay sharp; the text nbval compares is unchanged.

Figure text is at least :data:`MIN_FONT_PT` points: shown :data:`MIN_SLIDE_WIDTH` px wide on
a 1280x720 slide, a point is ``DPI / 72 * MIN_SLIDE_WIDTH / 640`` = 1.95 px, so ticks,
labels and legends are at least 18 px there (:func:`px_on_slide`).

:func:`legend_outside` puts a legend below the axes, where it covers no data.

Used by every notebook with a figure (presentation, not a rule of BLEU).
"""

from __future__ import annotations

FIGSIZE = (6.4, 4.0)
DPI = 100
RETINA = 2  # the PNG holds RETINA x RETINA pixels per figure pixel
MIN_SLIDE_WIDTH = 900  # px: the narrowest a slide shows a figure at 1280x720
# the smallest figure text allowed: ticks, labels and legends are font.size (11 pt) or larger
# by matplotlib's defaults; a notebook's own fontsize= must not go below this
MIN_FONT_PT = 10.0


def px_on_slide(points: float, width: float = MIN_SLIDE_WIDTH) -> float:
    """The height in screen px of ``points``-point figure text shown ``width`` px wide.

    A figure of FIGSIZE inches at DPI is ``FIGSIZE[0] * DPI`` px wide at its natural size;
    a point is DPI / 72 px there, scaled by ``width`` over that natural width.

    >>> round(px_on_slide(10.0), 1)
    19.5
    """
    if not isinstance(points, (int, float)) or points <= 0:
        raise ValueError(f"points: expected a positive number, got {points!r}")
    if not isinstance(width, (int, float)) or width <= 0:
        raise ValueError(f"width: expected a positive number, got {width!r}")
    return points * DPI / 72 * width / (FIGSIZE[0] * DPI)


def setup() -> None:
    """Inline PNG figures at twice the resolution, fixed size, readable fonts, a fixed style.

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
    set_matplotlib_formats("retina")  # PNG at 2 x dpi, shown at the figure's own size


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
