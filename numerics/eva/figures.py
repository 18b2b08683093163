"""Figures of the EVA topic: agreement of the three WKV forms, per-event vs parallel cost, the
representations that are (and are not) linear-attention states, and the light experiment's
read-out along the stream."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("eva", "forms_agree", claims=("eva.wkv.recurrent_eq_parallel",
                                      "eva.wkv.chunked_eq_recurrent", "eva.wkv.float32",
                                      "eva.wkv.float32_long_streams"))
def forms_agree(quick: bool = False):
    """Scaled error of the parallel and chunked WKV against the recurrent float64 form, in
    float64 and float32, as the stream grows (strong data-dependent decays)."""
    import matplotlib.pyplot as plt

    from theory.eva import wkv_chunked, wkv_parallel, wkv_recurrent

    rng = np.random.default_rng(0)
    Ts = (8, 32, 128, 512) if quick else (8, 32, 128, 256, 512, 1024)
    rows = []
    for T in Ts:
        r, k, v = rng.normal(size=(T, 8)), rng.normal(size=(T, 8)), rng.normal(size=(T, 8))
        w = np.exp(-np.exp(np.minimum(rng.normal(1.5, 1.0, size=(T, 8)), 3.0)))
        u = rng.normal(size=8)
        ref = wkv_recurrent(r, k, v, w, u)
        sc = max(1.0, np.abs(ref).max())
        f = [x.astype(np.float32) for x in (r, k, v, w, u)]
        for dtype, args in (("float64", (r, k, v, w, u)), ("float32", f)):
            for form, fn in (("parallel", wkv_parallel),
                             ("chunked C=16", lambda *a: wkv_chunked(*a, chunk=16)),
                             ("recurrent", wkv_recurrent)):
                if dtype == "float64" and form == "recurrent":
                    continue
                err = float(np.abs(fn(*args) - ref).max() / sc)
                rows.append({"T": T, "dtype": dtype, "form": form, "scaled_error": max(err, 1e-17)})
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for (dtype, form), mk in zip([(d, f) for d in ("float64", "float32")
                                  for f in ("parallel", "chunked C=16", "recurrent")], "os^ods^"):
        pts = [x for x in rows if x["dtype"] == dtype and x["form"] == form]
        if pts:
            ax.loglog([x["T"] for x in pts], [x["scaled_error"] for x in pts], marker=mk,
                      label=f"{form}, {dtype}", ls="-" if dtype == "float32" else ":")
    ax.axhline(1e-5, color="grey", lw=0.8, ls="--", label="float32 tolerance 1e-5")
    ax.set(xlabel="events T", ylabel=r"$\max |o - o_\mathrm{rec,\,float64}| \,/\, \max(1, |o|)$",
           title="Three exact forms; float32 parallel form drifts on long streams")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("eva", "cost_per_event", claims=("eva.cost.per_event_constant",
                                         "eva.cost.parallel_quadratic"))
def cost_per_event(quick: bool = False):
    """FLOPs per event: constant for the recurrent form, growing linearly in T for the
    parallel form (its total is quadratic); closed forms at d_k = d_v = 64."""
    import matplotlib.pyplot as plt

    from theory.eva import parallel_flops, per_event_flops

    Ts = np.unique(np.logspace(0, 3.5 if not quick else 3, 40).astype(int))
    rows = [{"T": int(T), "recurrent_per_event": per_event_flops(64, 64),
             "parallel_per_event": parallel_flops(int(T), 64, 64) / T} for T in Ts]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.loglog(Ts, [x["recurrent_per_event"] for x in rows], label="recurrent (event by event)")
    ax.loglog(Ts, [x["parallel_per_event"] for x in rows], label="parallel (masked attention)")
    ax.axvline(92, color="grey", ls=":", lw=0.8, label="crossover T = 92")
    ax.set(xlabel="events in the stream T", ylabel="FLOPs per event (one head, 64 × 64)",
           title="Per-event cost of the WKV forms")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


@figure("eva", "representations_as_states", claims=("eva.repr.count_is_state",
                                                    "eva.repr.decayed_count_is_state",
                                                    "eva.repr.time_surface_not_state",
                                                    "eva.repr.time_surface_reset_limit"))
def representations_as_states(quick: bool = False):
    """Gap between a WKV state and each representation: 0 for the count and decayed-count
    images; for the time surface a reset decay ε leaves a gap ∝ ε that never reaches 0."""
    import matplotlib.pyplot as plt

    from theory.eva import (
        count_image,
        count_image_state,
        decayed_count_image,
        decayed_count_state,
        random_events,
        reset_error,
        reset_state,
        time_surface,
    )

    rng = np.random.default_rng(3)
    shape, tau = (4, 4), 20.0
    E = random_events(rng, 120, shape)
    epss = np.logspace(-8, 0, 9 if quick else 17)
    ts = time_surface(E, shape, tau)
    rows = []
    for eps in epss:
        rows.append({"eps": eps,
                     "max_gap_time_surface": float((reset_state(E, shape, tau, eps) - ts).max()),
                     "closed_form": float(reset_error(E, shape, tau, eps).max()),
                     "gap_count": float(np.abs(count_image_state(E, shape)
                                               - count_image(E, shape)).max()),
                     "gap_decayed": float(np.abs(decayed_count_state(E, shape, tau)
                                                 - decayed_count_image(E, shape, tau)).max())})
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.loglog(epss, [x["max_gap_time_surface"] for x in rows], "o", label="time surface, measured")
    ax.loglog(epss, [x["closed_form"] for x in rows], "-", label="time surface, closed form")
    ax.axhline(1e-16, color="tab:green", ls=":",
               label="count & decayed count: gap 0 (drawn at 1e-16)")
    ax.set(xlabel="reset decay ε of the hit channel", ylabel="max |state − representation|",
           title="Which representations are linear-attention states")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


@figure("eva", "anytime_readout", claims=("eva.light.mrp_beats_random",
                                          "eva.light.anytime_above_chance",
                                          "eva.light.anytime_rises"))
def anytime_readout(quick: bool = False):
    """Probe accuracy read out along the stream (25-100 % of the events), MRP-pretrained vs
    random encoder, mean ± 1 s.d. over seeds (quick: 2 tiny seeds, not a result)."""
    import matplotlib.pyplot as plt

    from numerics.eva.experiments import FRACTIONS, accuracies, run_all

    rs = run_all(quick)
    rows = []
    fig, ax = plt.subplots(figsize=(6, 4))
    for arm, col in (("mrp", "tab:blue"), ("random", "tab:grey")):
        a = accuracies(rs, arm)
        m, s = a.mean(0), a.std(0, ddof=1) if len(a) > 1 else np.zeros(a.shape[1])
        ax.errorbar(np.array(FRACTIONS) * 100, m, yerr=s, fmt="o-", color=col, capsize=3,
                    label={"mrp": "MRP pre-trained", "random": "random init"}[arm])
        for i, f in enumerate(FRACTIONS):
            for sd, val in enumerate(a[:, i]):
                rows.append({"arm": arm, "fraction": f, "seed": sd, "accuracy": val})
    ax.axhline(0.1, color="k", ls=":", lw=0.8, label="chance")
    ax.set(xlabel="% of the stream's events seen at read-out", ylabel="linear-probe accuracy",
           title="Digits as events: reading the state at any time" + (" (quick)" if quick else ""))
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows
