"""Benchmarks of the BLAE topic: exact holed geodesics vs the Isomap-style graph geodesics a user
would compute instead (time and error), and the torch.func decoder Jacobian vs a
finite-difference loop."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


@benchmark("blae", "exact_vs_graph_geodesic")
def exact_vs_graph(quick: bool = False):
    from theory.blae import geodesic_holed, graph_geodesic, swiss_roll_hole

    n = 500 if quick else 1500
    X, L, _ = swiss_roll_hole(n)
    t_exact = timeit(lambda: geodesic_holed(L, L), repeat=1 if not quick else 2)
    t_graph = timeit(lambda: graph_geodesic(X, 5), repeat=1 if not quick else 2)
    D, G = geodesic_holed(L, L), graph_geodesic(X, 5)
    iu = np.triu_indices(n, 1)
    r = G[iu] / D[iu] - 1
    return [Row("blae", "all-pairs geodesics on the holed Swiss roll", f"n = {n}",
                "exact (visibility through the hole's corners, numpy)", t_exact,
                "Isomap graph geodesic (k = 5, scipy Dijkstra)", t_graph,
                target="exact (error 0) at ≤ 3× the graph's time",
                met=bool(t_exact <= 3 * t_graph),
                note=f"graph error vs exact: median {np.median(r):+.1%}, "
                f"90 % {np.percentile(r, 90):+.1%}, min {r.min():+.1%}",
                extra={"median_rel_error": float(np.median(r)),
                       "p90_rel_error": float(np.percentile(r, 90))})]


@benchmark("blae", "decoder_jacobian")
def jacobian(quick: bool = False):
    import torch

    from numerics.blae.models import decoder_jacobian, decoder_jacobian_fd, make_autoencoder

    torch.set_num_threads(1)
    b = 256 if quick else 2048
    model = make_autoencoder(hidden=256, seed=0)
    z = torch.randn(b, 2, generator=torch.Generator().manual_seed(0))
    t_func = timeit(lambda: decoder_jacobian(model.decoder, z), repeat=3)
    t_fd = timeit(lambda: decoder_jacobian_fd(model.decoder, z), repeat=3)
    t_loop = timeit(lambda: torch.stack([torch.autograd.functional.jacobian(
        model.decoder, zi) for zi in z[:64]]), repeat=1) * b / 64
    with torch.no_grad():
        err = float((decoder_jacobian(model.decoder, z.double().float())
                     - decoder_jacobian_fd(model.decoder, z)).abs().max())
    return [Row("blae", "decoder Jacobians (2 → 3, width 256)", f"batch {b}",
                "torch.func vmap(jacfwd)", t_func,
                "per-sample autograd.functional.jacobian loop (extrapolated from 64)", t_loop,
                target="≥ 10× faster than the loop", met=bool(t_loop >= 10 * t_func),
                note=f"central differences (2 decoder calls, h = 1e-4, float32) take "
                f"{t_fd * 1e3:.1f} ms, max |Δ| = {err:.1e}",
                extra={"fd_seconds": t_fd, "fd_max_abs_diff": err})]
