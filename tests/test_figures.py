"""Every registered figure runs in quick mode under Agg, writes a PNG and its CSV, and passes
checks that a reader of a paper would make: legends for labelled series, colour scales for
colour-coded values, labelled axes, typeset maths rather than raw sympy or TeX source, no
"seed(s)" plurals, no tables saved as pictures, no series hidden or flattened by the artists
around it.

Each figure is built once (a module-scoped fixture, grouped on one xdist worker) and every
check inspects the same artists, so the checks add inspection time only, not builds.
"""

import csv
import dataclasses
import re

import numpy as np
import pytest

from iclr26_verify.run.figures import discover_figures, render
from theory import TOPICS

SPECS = discover_figures()
IDS = [f"{s.topic}/{s.name}" for s in SPECS]


@pytest.fixture(scope="module", params=[
    pytest.param(s, id=i, marks=pytest.mark.xdist_group(f"figure:{i}"))
    for s, i in zip(SPECS, IDS)])
def built(request, tmp_path_factory):
    """One quick build of a figure, rendered (which draws it, so tick labels exist)."""
    import matplotlib

    matplotlib.use("Agg")
    spec = request.param
    fig, table = spec.fn(quick=True)
    out = tmp_path_factory.mktemp("figures")
    png, csv_path = render(dataclasses.replace(spec, fn=lambda quick: (fig, table)), out,
                           quick=True, dpi=40)
    return spec, fig, png, csv_path


def test_figure_renders_png_and_csv_in_quick_mode(built):
    from PIL import Image

    _, _, png, csv_path = built
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(png) as im:  # a reader of the file alone must see it is a quick run
        assert "quick run" in im.info.get("Description", ""), im.info
    with open(csv_path) as fh:
        rows = list(csv.reader(fh))
    assert len(rows) >= 2, "the CSV holds no data rows"


def test_every_topic_has_a_figure():
    assert {s.topic for s in SPECS} == set(TOPICS)


def test_figures_name_registered_claims_of_their_topic():
    from theory.claims import discover

    ids = {c.id for c in discover()}
    bad = [(s.topic, s.name, c) for s in SPECS for c in s.claims
           if c not in ids or not c.startswith(f"{s.topic}.")]
    assert not bad, bad


def test_every_topic_has_a_figure_tied_to_its_claims():
    assert {s.topic for s in SPECS if s.claims} == set(TOPICS)


# --------------------------------------------------------------------------------------------
# What the figure shows. Helpers read the drawn artists; each check returns its faults.

QUICK_MARK = "quick run: small sizes"


def _colorbar_axes(fig):
    return {m.colorbar.ax for ax in fig.axes for m in [*ax.images, *ax.collections]
            if getattr(m, "colorbar", None) is not None}


def _plot_axes(fig):
    """The axes that plot something: visible, not a colour bar."""
    cbars = _colorbar_axes(fig)
    return [ax for ax in fig.axes if ax.get_visible() and ax not in cbars]


def _name(ax):
    return repr(ax.get_title() or ax.get_label() or "axes")


def _legend_texts(fig):
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes)]
    return {t.get_text() for leg in legends if leg is not None for t in leg.get_texts()}


def _texts(fig):
    """Every text drawn, and every series label (a legend shows them, now or later)."""
    from matplotlib.text import Text

    drawn = [t.get_text() for t in fig.findobj(Text)
             if t.get_visible() and t.get_text() and t.get_text() != QUICK_MARK]
    return drawn + [lab for ax in fig.axes for lab in ax.get_legend_handles_labels()[1]]


def _data_lines(ax):
    """Lines that carry data: more than two points (two-point lines are references such as
    axhline, axvline or y = x)."""
    return [ln for ln in ax.get_lines() if ln.get_visible() and len(ln.get_xdata()) > 2]


def legend_faults(fig):
    from matplotlib.colors import to_rgba_array

    faults, shown = [], _legend_texts(fig)
    for ax in _plot_axes(fig):
        _, labels = ax.get_legend_handles_labels()
        missing = [lab for lab in labels if lab not in shown]
        if len(labels) > 1 and missing:
            faults.append(f"{_name(ax)}: labelled series without a legend: {missing}")
        colours = {tuple(np.round(to_rgba_array(ln.get_color())[0], 2))
                   for ln in _data_lines(ax) if ln.get_label().startswith("_")}
        if not labels and len(colours) > 1 and ax.get_legend() is None:
            faults.append(f"{_name(ax)}: {len(colours)} colours of lines, no label or legend")
    return faults


# sympy's printer and TeX source leak into labels as these; mathtext ($...$) is exempt
_MATH = re.compile(r"(?<!\\)\$.+?(?<!\\)\$")
_RAW = {
    "'**' power": re.compile(r"\*\*"),
    "sqrt(": re.compile(r"\bsqrt\("),
    "exp(": re.compile(r"\bexp\("),
    "'*' product": re.compile(r"[\w)]\s*\*\s*[\w(]"),
    "Greek letter spelled out": re.compile(
        r"\b(eps|epsilon|lambda|sigma|theta|alpha|beta|gamma|delta|rho|mu|phi|omega|kappa)\b"),
    "TeX command": re.compile(r"\\[A-Za-z]+"),
    "TeX group ^{ or _{": re.compile(r"[\^_]\{"),
    "'^' power": re.compile(r"[\w)]\^[\w(\-−]"),
    "'_' subscript or code identifier": re.compile(r"[^\W\d_]_[\w(]"),
}


def raw_text_faults(fig):
    faults = []
    for s in _texts(fig):
        outside = _MATH.sub("", s)
        faults += [f"{what}: {s!r}" for what, rx in _RAW.items() if rx.search(outside)]
    return faults


_PLURAL = re.compile(r"[A-Za-z]\((s|es)\)|\b1 (seeds|runs|tasks|graphs|samples|trials|epochs)\b")


def plural_faults(fig):
    return [f"plural: {s!r}" for s in _texts(fig) if _PLURAL.search(s)]


def _visible_ticklabels(axis):
    return [t for t in axis.get_ticklabels() if t.get_visible() and t.get_text()]


# quantities that have units: the label must say which
_UNITS = [(re.compile(r"\b(time|runtime|duration)\b", re.IGNORECASE),
           re.compile(r"\((s|ms|µs|min|h)\b|\bseconds?\b")),
          (re.compile(r"\b(entropy|cross-entropy|KL|NLL|mutual information|log-likelihood)\b"),
           re.compile(r"\b(bits?|nats?)\b"))]


def axis_label_faults(fig):
    faults = []
    sup = {"x": getattr(fig, "_supxlabel", None), "y": getattr(fig, "_supylabel", None)}
    for ax in _plot_axes(fig):
        if not ax.axison:
            continue
        for which, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            if not axis.get_visible():  # a twin's shared axis
                continue
            label = axis.get_label_text()
            if not label and _visible_ticklabels(axis) and sup[which] is None:
                faults.append(f"{_name(ax)}: {which} axis has ticks but no label")
            for quantity, unit in _UNITS:
                if quantity.search(label) and not unit.search(label):
                    faults.append(f"{_name(ax)}: {which} label {label!r} names no unit")
    return faults


_PICTURE_MAPS = {"gray", "gray_r", "Greys", "Greys_r", "binary", "binary_r", "bone"}


def colour_scale_faults(fig):
    """An image, mesh or scatter coloured by value needs a colour bar for its scale (one of
    the same colour map and limits), or a legend in the figure for its categories. Greyscale
    images are pictures (pixels)."""
    from matplotlib.collections import PathCollection, QuadMesh

    bars = [(m.cmap.name, m.norm.vmin, m.norm.vmax) for ax in fig.axes
            for m in [*ax.images, *ax.collections] if getattr(m, "colorbar", None) is not None]
    faults = []
    for ax in _plot_axes(fig):
        mappables = [*ax.images, *(c for c in ax.collections
                                   if isinstance(c, (PathCollection, QuadMesh)))]
        for m in mappables:
            a = m.get_array()
            if a is None or np.unique(np.ma.compressed(np.ma.asarray(a))).size < 2:
                continue
            if m in ax.images and m.cmap.name in _PICTURE_MAPS:
                continue
            scale = (m.cmap.name, m.norm.vmin, m.norm.vmax)
            # a key to the categories may sit in any panel that shows the same classes
            legend = bool(fig.legends) or any(a.get_legend() is not None for a in fig.axes)
            if scale not in bars and not legend:
                faults.append(f"{_name(ax)}: {type(m).__name__} coloured by value "
                              f"({m.cmap.name}) without a colour bar or legend")
    return faults


def table_faults(fig):
    """A table is not a figure: every plot axes draws data, none holds a Table."""
    from matplotlib.table import Table

    faults = []
    for ax in _plot_axes(fig):
        if any(isinstance(c, Table) for c in ax.get_children()):
            faults.append(f"{_name(ax)}: a table drawn as a picture")
        elif not (ax.get_lines() or ax.collections or ax.images or ax.patches):
            faults.append(f"{_name(ax)}: draws no data")
    return faults


def _yspan(ax, lo, hi):
    if ax.get_yscale() == "log":
        lo, hi = (np.log10(max(v, 1e-300)) for v in (lo, hi))
    return hi - lo


def hidden_series_faults(fig):
    """Measured data must be visible: a labelled line with one point needs a marker; scatter
    points (the measurements) must not be squeezed into a sliver of the y range by a bound or
    reference line (use a log scale, a y range fitted to the data or an inset); a colour that
    a text names must be drawn large enough to see, above the rest."""
    from matplotlib.collections import PathCollection

    faults = []
    for ax in _plot_axes(fig):
        for ln in ax.get_lines():
            xy = np.asarray(ln.get_xydata(), float)
            pts = np.isfinite(xy).all(1).sum() if xy.size else 0
            if (not ln.get_label().startswith("_") and pts < 2
                    and ln.get_marker() in (None, "None", "", " ")):
                faults.append(f"{_name(ax)}: series {ln.get_label()!r} has {pts} point(s) "
                              "and no marker: nothing is drawn")
        ys = [np.asarray(c.get_offsets(), float)[:, 1] for c in ax.collections
              if isinstance(c, PathCollection) and len(c.get_offsets()) > 2]
        ys = np.concatenate(ys) if ys else np.array([])
        ys = ys[np.isfinite(ys) & ((ys > 0) if ax.get_yscale() == "log" else True)]
        if ys.size > 2 and ax.get_yscale() in ("linear", "log"):
            lo, hi = ax.get_ylim()
            share = _yspan(ax, ys.min(), ys.max()) / _yspan(ax, min(lo, hi), max(lo, hi))
            if share < 0.25:
                faults.append(f"{_name(ax)}: the scatter data fill {share:.0%} of the y range")
    return faults


_COLOURS = {"orange": (0.06, 0.12), "red": (-0.03, 0.03), "green": (0.22, 0.45),
            "blue": (0.52, 0.70), "purple": (0.72, 0.85)}


def _axes_texts(ax):
    legend = ax.get_legend()
    return [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *(t.get_text() for t in ax.texts),
            *((t.get_text() for t in legend.get_texts()) if legend else ())]


def named_colour_faults(fig):
    """'(outlier in orange)': a colour that a text names as a key must be drawn large enough
    to see in the axes it speaks of (any axes, for the figure's own texts)."""
    import colorsys

    from matplotlib.collections import PathCollection, QuadMesh
    from matplotlib.colors import to_rgba_array
    from matplotlib.text import Text

    def hue_ok(rgba, h0, h1):
        h, s, v = colorsys.rgb_to_hsv(*rgba[:3])
        h = h - 1 if h > 0.5 and h0 < 0 else h
        return h0 <= h <= h1 and v > 0.3 and s > 0.3

    def shows(ax, band):
        for c in ax.collections:
            if isinstance(c, PathCollection):
                fc = to_rgba_array(c.get_facecolors()) if len(c.get_facecolors()) else []
                sizes = np.broadcast_to(c.get_sizes() if len(c.get_sizes()) else [0],
                                        (max(len(fc), 1),))
                if any(s >= 20 and hue_ok(rgba, *band) for rgba, s in zip(fc, sizes)):
                    return True
            elif isinstance(c, QuadMesh) and any(hue_ok(x, *band)
                                                 for x in c.cmap(np.linspace(0, 1, 21))):
                return True
        if any(any(hue_ok(x, *band) for x in m.cmap(np.linspace(0, 1, 21))) for m in ax.images):
            return True
        return any(hue_ok(to_rgba_array(ln.get_color())[0], *band)
                   and (ln.get_linewidth() >= 1 or ln.get_markersize() >= 4)
                   for ln in ax.get_lines())

    def named(texts):
        t = " ".join(texts).lower()
        return [c for c in _COLOURS
                if re.search(rf"\b(in|=|is) {c}\b|\b{c} (=|is|are|marks)", t)]

    faults = []
    axes = _plot_axes(fig)
    own = {t.get_text() for ax in axes for t in ax.findobj(Text)}
    figure_texts = [t for t in _texts(fig) if t not in own]
    for colour in named(figure_texts):
        if not any(shows(ax, _COLOURS[colour]) for ax in axes):
            faults.append(f"the figure names {colour!r} but nothing visible is {colour}")
    for ax in axes:
        faults += [f"{_name(ax)} names {c!r} but draws nothing visible in {c}"
                   for c in named(_axes_texts(ax)) if not shows(ax, _COLOURS[c])]
    return faults


def _shown_ticklabels(axis):
    """The tick labels drawn: visible, with text, at a location inside the view."""
    lo, hi = sorted(axis.get_view_interval())
    span = hi - lo
    return [lab for tick in [*axis.get_major_ticks(), *axis.get_minor_ticks()]
            for lab in (tick.label1, tick.label2)
            if lab.get_visible() and lab.get_text()
            and lo - 1e-9 * span <= tick.get_loc() <= hi + 1e-9 * span]


def overlap_faults(fig):
    """Tick labels of one axis must not run into each other, nor any text into the quick-run
    mark."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    # pyplot's close detaches the canvas; a fresh Agg one measures the text last drawn
    canvas = fig.canvas if hasattr(fig.canvas, "get_renderer") else FigureCanvasAgg(fig)
    fig.draw_without_rendering()  # savefig's tight box leaves shifted positions behind
    r = canvas.get_renderer()
    faults, ticklabels = [], set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            ticklabels |= {lab for tick in [*axis.get_major_ticks(), *axis.get_minor_ticks()]
                           for lab in (tick.label1, tick.label2)}
    for ax in _plot_axes(fig):
        for which, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            # slanted labels have boxes that overlap where their glyphs do not
            ticks = [t for t in _shown_ticklabels(axis) if t.get_rotation() % 90 == 0]
            boxes = [t.get_window_extent(r).padded(-1) for t in ticks]
            for i in range(len(boxes)):
                for j in range(i + 1, len(boxes)):
                    if boxes[i].overlaps(boxes[j]) and ticks[i].get_text() != ticks[j].get_text():
                        faults.append(f"{_name(ax)}: {which} tick labels "
                                      f"{ticks[i].get_text()!r} and {ticks[j].get_text()!r} "
                                      "overlap")
    shown = [t for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
             for t in _shown_ticklabels(axis)]
    others = [t for t in fig.findobj(Text) if t not in ticklabels and t.get_visible()
              and t.get_text() and t.get_text() != QUICK_MARK] + shown
    for m in (t for t in fig.texts if t.get_text() == QUICK_MARK):
        box = m.get_window_extent(r).padded(-1)  # touching is not covering
        faults += [f"the quick-run mark covers {t.get_text()!r}" for t in others
                   if box.overlaps(t.get_window_extent(r).padded(-1))]
    return faults


CHECKS = [legend_faults, raw_text_faults, plural_faults, axis_label_faults, colour_scale_faults,
          table_faults, hidden_series_faults, named_colour_faults, overlap_faults]


@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__ for c in CHECKS])
def test_figure_is_fit_for_a_paper(built, check):
    _, fig, _, _ = built
    faults = check(fig)
    assert not faults, "\n".join(faults)


def _faulty_figure():
    """One figure with every fault the checks name, as the issue found them."""
    import matplotlib.pyplot as plt

    fig, (a, b, c, d) = plt.subplots(1, 4, figsize=(12, 3))
    x = np.linspace(1, 2, 20)
    a.plot(x, x, label="(c/6 + epsilon/3)/epsilon")  # raw sympy, no legend
    a.plot(x, 2 * x, label="sum/emd: (2*c + 2*epsilon)/epsilon")
    a.plot([1.5], [2.0], label="a single point, no marker")
    a.set_title("mean over 3 seed(s)")
    b.imshow(np.arange(9.0).reshape(3, 3), cmap="viridis")  # no colour bar, no axis labels
    c.scatter(x, 0.01 * x, s=20)  # squashed by the bound line
    c.plot([0, 2], [0, 100], "r-", label="bound")
    c.scatter([1.5], [0.02], s=1, color="tab:orange")
    c.set(title="outlier in orange", xlabel="distance", ylabel="change")
    d.axis("off")
    d.table(cellText=[["1", "2"]], colLabels=["a", "b"])
    fig.tight_layout()
    return fig


def test_the_checks_see_the_faults_they_name():
    """Each check flags the fault it is written for (a check that sees nothing passes every
    figure, so each is tried on a figure that has its fault)."""
    import matplotlib

    matplotlib.use("Agg")
    fig = _faulty_figure()
    fig.canvas.draw()
    seen = {check.__name__: check(fig) for check in CHECKS if check is not overlap_faults}
    assert all(seen.values()), {k: v for k, v in seen.items() if not v}
    assert any("plural" in f for f in seen["plural_faults"])
    assert any("epsilon" in f for f in seen["raw_text_faults"])
    assert any("orange" in f for f in seen["named_colour_faults"])
    # the quick-run mark at the figure's bottom edge, inside it, ran into x labels
    label = fig.axes[2].xaxis.label.get_window_extent()
    x, y = fig.transFigure.inverted().transform(((label.x0 + label.x1) / 2, label.y0))
    fig.text(x, y, QUICK_MARK, ha="center", va="bottom", fontsize=7)
    fig.axes[2].set_xticks([1.0, 1.02], ["a long tick label", "another long one"])
    fig.canvas.draw()
    faults = overlap_faults(fig)
    assert any("tick labels" in f for f in faults) and any("covers" in f for f in faults), faults


def test_every_caption_is_whole_sentences():
    """The site shows a figure's caption (the first paragraph of its docstring) under it: never
    empty, never stopping mid-sentence."""
    from iclr26_verify.run.figures import discover_figures

    bad = [f"{s.topic}/{s.name}: {s.description[-60:]!r}" for s in discover_figures()
           if len(s.description) < 20 or not s.description.endswith((".", "?", "!"))
           or s.description[0].islower()]
    assert not bad, bad
