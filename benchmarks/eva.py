"""Benchmarks of the EVA topic: the three WKV forms on one stream (numpy, float64), and the
torch encoder's event-by-event step against its chunked pass (CPU; CUDA when present)."""

from __future__ import annotations

from functools import partial

from benchmarks._timing import Row, benchmark, timeit


@benchmark("eva", "wkv_forms")
def wkv_forms(quick: bool = False):
    import numpy as np

    from theory.eva import wkv_chunked, wkv_parallel, wkv_recurrent

    rows = []
    for T in ((256,) if quick else (256, 1024)):
        rng = np.random.default_rng(0)
        r, k, v = rng.normal(size=(T, 64)), rng.normal(size=(T, 64)), rng.normal(size=(T, 64))
        w = np.exp(-np.exp(rng.normal(-1, 1, size=(T, 64))))
        u = rng.normal(size=64)
        ref = wkv_recurrent(r, k, v, w, u)
        err_c = float(np.abs(wkv_chunked(r, k, v, w, u, chunk=32) - ref).max())
        t_c = timeit(partial(wkv_chunked, r, k, v, w, u, chunk=32), repeat=3)
        t_r = timeit(partial(wkv_recurrent, r, k, v, w, u), repeat=3)
        rows.append(Row("eva", "WKV outputs of one stream (numpy)", f"T = {T}, 64 × 64 head",
                        "chunked C = 32 (theory.eva)", t_c, "recurrent, event by event", t_r,
                        target="identical outputs", met=err_c < 1e-9,
                        note=f"max |Δ| = {err_c:.1e}"))
        if T <= 256:
            t_p = timeit(partial(wkv_parallel, r, k, v, w, u), repeat=3)
            rows.append(Row("eva", "WKV outputs of one stream (numpy)", f"T = {T}, 64 × 64 head",
                            "chunked C = 32 (theory.eva)", t_c, "parallel (T × T × d_k decays)",
                            t_p, note="the parallel form's memory is O(T² d_k)"))
    return rows


@benchmark("eva", "encoder_step_vs_chunked")
def encoder_step_vs_chunked(quick: bool = False):
    import torch

    from numerics.eva.model import EventEncoder

    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    rows = []
    for device in devices:
        torch.manual_seed(0)
        T = 64 if quick else 256
        m = EventEncoder(512, 32, 2, 1, device=device).eval()
        tok = torch.randint(0, 512, (1, T), device=device)
        dt = torch.rand(1, T, device=device)

        # this iteration's model and inputs bound as defaults (each closure is timed here)
        def chunked(m=m, tok=tok, dt=dt, device=device):
            with torch.inference_mode():
                m(tok, dt)
            if device == "cuda":
                torch.cuda.synchronize()

        def stepped(m=m, tok=tok, dt=dt, device=device, T=T):
            with torch.inference_mode():
                c = None
                for t in range(T):
                    _, c = m.step(tok[:, t], dt[:, t], c)
            if device == "cuda":
                torch.cuda.synchronize()

        t_c, t_s = timeit(chunked, repeat=3), timeit(stepped, repeat=3)
        rows.append(Row("eva", f"encode one stream, {device}", f"T = {T} events, d = 32",
                        "chunked pass (C = 16)", t_c, "event-by-event steps (asynchronous)", t_s,
                        note=f"{1e6 * t_s / T:.0f} µs per event when stepped; the stepped form "
                        "is what an A2S encoder runs online, the chunked one what it trains with",
                        extra={"us_per_event_step": 1e6 * t_s / T, "device": device}))
    return rows


@benchmark("eva", "readout_states")
def readout_states(quick: bool = False):
    """The read-out features of ``run_seed``: the last layer's WKV state at 4 times per stream,
    formed by :meth:`EventEncoder.states_at` (state only, inputs shared across the times) vs the
    form it replaced, one masked full pass of the encoder per read-out time."""
    import torch

    from numerics.eva.experiments import CHUNK, HEADS, LAYERS, MAX_EVENTS, D
    from numerics.eva.model import EventEncoder

    torch.manual_seed(0)
    B = 100 if quick else 250  # run_seed reads the features in blocks of 250 streams
    m = EventEncoder(512, D, HEADS, LAYERS).eval()
    tok = torch.randint(0, 512, (B, MAX_EVENTS))
    dt = torch.rand(B, MAX_EVENTS)
    idx = torch.stack([torch.full((B,), int(f * MAX_EVENTS) - 1)
                       for f in (0.25, 0.5, 0.75, 1.0)], 1)
    t = torch.arange(MAX_EVENTS)

    def masked_passes():
        out = []
        for j in range(idx.shape[1]):
            keep = t[None, :] <= idx[:, j, None]
            x = m._embed(tok, dt)
            for b in m.blocks:
                x, (_, _, S) = b(x, mode="chunked", chunk=CHUNK, keep=keep)
            out.append(S.flatten(1))
        return torch.stack(out, 1)

    with torch.inference_mode():
        same = torch.equal(m.states_at(tok, dt, idx, chunk=CHUNK), masked_passes())
        t_new = timeit(lambda: m.states_at(tok, dt, idx, chunk=CHUNK), repeat=3)
        t_old = timeit(masked_passes, repeat=3)
    return [Row("eva", "read-out states of run_seed (4 times per stream)",
                f"{B} streams × {MAX_EVENTS} events, d = {D}, {LAYERS} layer",
                "states_at: last layer's state only, inputs shared", t_new,
                "one masked full encoder pass per read-out time", t_old,
                target="bit-identical features", met=same,
                note="CPU, 1 thread; torch.equal on the two results")]
