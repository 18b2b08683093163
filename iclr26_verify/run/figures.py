"""The figure registry and its runner.

A figure is a function ``f(quick: bool) -> (matplotlib.figure.Figure, table)`` registered with
``@figure(topic, name)``; ``table`` is what it plots, as a mapping of equal-length columns or a
list of row dicts. The runner saves ``figures/<topic>/<name>.png`` and the CSV beside it,
atomically. Topic figures live in ``numerics.<topic>.figures*`` modules.
"""

from __future__ import annotations

import csv
import inspect
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from iclr26_verify.registry import topics as _topics
from iclr26_verify.run._atomic import atomic_path, write_text


@dataclass(frozen=True)
class FigureSpec:
    topic: str
    name: str
    fn: Callable
    description: str
    claims: tuple[str, ...] = ()


_FIGURES: dict[tuple[str, str], FigureSpec] = {}


def figure(topic: str, name: str, *, claims: tuple[str, ...] | str = ()):
    """Register ``fn(quick) -> (fig, table)`` as figure ``name`` of ``topic``; ``claims`` are
    the ids of the claims it illustrates (the site shows it on their cards)."""
    known = _topics.keys()  # the registered keys (entry points), a tuple
    if topic not in known:
        raise ValueError(f"The 'topic' parameter of figure must be a registered topic key "
                         f"{known}. Got {topic!r} instead.")

    def register(fn):
        old = _FIGURES.get((topic, name))
        where = f"{fn.__module__}.{fn.__qualname__}"
        if old is not None and f"{old.fn.__module__}.{old.fn.__qualname__}" != where:
            # a second figure of the same name would silently replace the first
            raise ValueError(f"figure {topic}/{name} is registered twice: by "
                             f"{old.fn.__module__}.{old.fn.__qualname__} and by {where}")
        _FIGURES[(topic, name)] = FigureSpec(topic, name, fn, caption(fn),
                                             (claims,) if isinstance(claims, str) else
                                             tuple(claims))
        return fn

    return register


def caption(fn) -> str:
    """A figure's caption: the first paragraph of its function's docstring, in one line (the
    site shows it under the image; it must be whole sentences)."""
    doc = inspect.cleandoc(fn.__doc__ or "")
    return " ".join(doc.split("\n\n", 1)[0].split())


def discover_figures(topics: Iterable[str] | None = None) -> list[FigureSpec]:
    topics = _topics.check_keys(topics)
    for t in topics:
        _topics.get(t).import_modules(("figures",), empirical=True)
    return [s for k, s in sorted(_FIGURES.items()) if s.topic in topics]


def table_to_csv(table) -> str:
    """Render a column mapping or a list of row dicts as CSV text."""
    buf = io.StringIO()
    if isinstance(table, dict):
        cols = list(table)
        lengths = {len(table[c]) for c in cols}
        if len(lengths) > 1:
            raise ValueError(f"figure table columns have different lengths: {sorted(lengths)}")
        rows = [dict(zip(cols, vals)) for vals in zip(*(table[c] for c in cols))]
    else:
        rows = list(table)
        cols = list(dict.fromkeys(k for r in rows for k in r))
    writer = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: _cell(v) for k, v in r.items()})
    return buf.getvalue()


def _cell(v):
    try:
        import numpy as np

        if isinstance(v, np.generic):
            v = v.item()
    except ImportError:  # pragma: no cover
        pass
    return repr(v) if isinstance(v, float) else v


def render(spec: FigureSpec, out_dir: str | Path = "figures", *, quick: bool = False,
           dpi: int = 150) -> tuple[Path, Path]:
    """Run one figure and save its PNG and CSV under ``out_dir/<topic>/``."""
    import matplotlib.pyplot as plt

    fig, table = spec.fn(quick=quick)
    mode = "quick run (small sizes)" if quick else "full run"
    if quick:  # a reader must see that a quick figure is not the full-size result
        # below everything drawn (the saved area is the tight box), so it covers no label
        # laid out at the dpi it is saved at: label positions depend on it
        fig.set_dpi(dpi)
        fig.draw_without_rendering()  # runs the layout engine, so the box is final
        box = fig.get_tightbbox(fig.canvas.get_renderer()).transformed(fig.dpi_scale_trans)
        x1, y0 = fig.transFigure.inverted().transform((box.x1, box.y0 - 2 / 72 * dpi))
        fig.text(x1, y0, "quick run: small sizes", ha="right", va="top", fontsize=7,
                 color="0.4", alpha=0.9)
    folder = Path(out_dir) / spec.topic
    png = folder / f"{spec.name}.png"
    with atomic_path(png) as tmp:
        fig.savefig(tmp, dpi=dpi, bbox_inches="tight", format="png",
                    metadata={"Description": f"iclr26-verify {spec.topic}/{spec.name}, {mode}"})
    plt.close(fig)
    csv_path = write_text(folder / f"{spec.name}.csv", table_to_csv(table))
    return png, csv_path
