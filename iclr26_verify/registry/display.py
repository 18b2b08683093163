"""How a measured or expected value is written in a table cell, a note or a message: one
rendering for the report, the site, the notebooks and a check's own messages."""

from __future__ import annotations

import math


def fmt_value(value, digits: int = 6) -> str:
    """A compact rendering of a measured or expected value for a table cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        return f"{value:.{digits}g}"
    if isinstance(value, dict):
        # "label: value" (a label may itself hold "=", as in "κ = 1")
        return "; ".join(f"{k}: {fmt_value(v, digits)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        shown = ", ".join(fmt_value(v, digits) for v in value[:6])
        return f"[{shown}{', …' if len(value) > 6 else ''}]"
    try:
        import numpy as np

        if isinstance(value, np.generic):
            return fmt_value(value.item(), digits)
        if isinstance(value, np.ndarray):
            return fmt_value(value.tolist(), digits)
    except ImportError:  # pragma: no cover
        pass
    return str(value)
