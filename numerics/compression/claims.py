"""Empirical claims: learned compressors with common randomness against the DRC bounds, and the
paper's super-resolution trends (Fig. 6) on scikit-learn digits."""

from __future__ import annotations

import itertools

import numpy as np
from scipy.stats import spearmanr

from theory.claims import Evidence, claim
from theory.tolerances import LP


def _r(x, k=4):
    return round(float(x), k)


@claim("compression.exp.bernoulli_learned_above_oneshot_bound", kind="empirical",
       where="Thm 1 / Thm 2 (corrected), §7 quantiser",
       statement="A learned universal-quantisation compressor for a Bernoulli source (shared "
       "dither, stochastic decoder) never achieves a Hamming distortion below the corrected "
       "one-shot DRC evaluated at its own rate H(Z|U), its own H(S|Y) and its own output law.")
def _bernoulli_above(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment

    rows = bernoulli_experiment(quick, seed)["points"]
    ok = all(r["distortion"] >= r["bound_drc"] - LP and r["distortion"] >= r["bound_lp"] - LP
             for r in rows)
    key = [f"qx={r['q_x']},qy={r['q_y']},R={r['rate']:.3f}" for r in rows]
    below_d_min = [r for r in rows if r["stated_thm2_ii"] < abs(r["q_x"] - r["q_y"])]
    return Evidence(
        passed=bool(ok),
        measured={k: _r(r["distortion"]) for k, r in zip(key, rows)},
        expected={k: _r(r["bound_drc"]) for k, r in zip(key, rows)},
        tolerance=LP,
        note=("D of each learned code (exact over x, midpoint quadrature over u; the bound is "
              "taken at rate and C enlarged by the quadrature error) against bernoulli_drc "
              "(closed form) and the HiGHS LP at the measured (R, H(S|Y), P(Y=1)). Gaps "
              f"{[_r(r['gap']) for r in rows]}. "
              + (f"At q=(0.2,0.4) the stated Thm 2(ii) gives {_r(below_d_min[0]['stated_thm2_ii'])}"
                 f" < D_min=0.2 while the learned code reaches {_r(below_d_min[0]['distortion'])}."
                 if below_d_min else "")))


@claim("compression.exp.bernoulli_classification_above_cb", kind="empirical",
       where="Thm 2, C_b(R)",
       statement="For learned Bernoulli codes, H(S|Y) ≥ H(S|Y,U) ≥ C_b(H(Z|U)): the paper's "
       "classification boundary (linear model) lower-bounds the label uncertainty of any code.")
def _bernoulli_cb(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment

    res = bernoulli_experiment(quick, seed)
    rows = res["points"] + res["training"]
    ok = all(r["h_s_given_y"] >= r["h_s_given_yu"] - 1e-9 and
             r["h_s_given_yu"] >= r["c_b"] - 1e-6 for r in rows)
    return Evidence(
        passed=bool(ok),
        measured={f"R={r['rate']:.3f}": [_r(r["h_s_given_y"]), _r(r["h_s_given_yu"])]
                  for r in rows},
        expected={f"R={r['rate']:.3f}": _r(r["c_b"]) for r in rows}, tolerance=1e-6,
        note="exact H(S|Y) and H(S|Y,U) (bits) of each learned channel vs bernoulli_cb at the "
             "measured rate; 1e-6 covers the u-quadrature (data processing: given U=u the "
             "binary Z is either constant or a bijection of X).")


@claim("compression.exp.bernoulli_gap_shrinks_with_training", kind="empirical",
       where="§7 (learned codes approach the bound)",
       statement="With more training steps a learned Bernoulli code at a fixed rate target "
       "moves towards the one-shot bound at that rate: its excess distortion over "
       "D(R_target) falls.")
def _bernoulli_training(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment
    from theory.compression import bernoulli_rate_only_oneshot

    rows = bernoulli_experiment(quick, seed)["training"]
    excess = [r["distortion"] - bernoulli_rate_only_oneshot(r["rate_target"], r["q_x"],
                                                            r["q_y_hat"]) for r in rows]
    return Evidence(
        passed=bool(excess[-1] < excess[0] and excess[-1] == min(excess)),
        measured={f"steps={r['steps']}": _r(e) for r, e in zip(rows, excess)},
        expected="excess at the longest budget is the smallest",
        note=f"q_X=q_Y=0.3, R_target={rows[0]['rate_target']:.3f} bits; achieved rates "
             f"{[_r(r['rate'], 3) for r in rows]}. The gap at the *achieved* rate, "
             f"{[_r(r['gap']) for r in rows]}, is ≥ 0 throughout.")


@claim("compression.exp.gaussian_learned_above_asymptotic_bound", kind="empirical",
       where="Thm 4(ii) (corrected), §7 quantiser",
       statement="A learned scalar compressor with L levels (rate log2 L bits) and shared dither "
       "for a Gaussian source never beats the asymptotic Gaussian D(R) with fixed output law, "
       "(μx−μy)²+σx²+σy²−2σxσy√(1−2^{−2R}), evaluated at its own output mean and variance.")
def _gaussian_above(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import gaussian_experiment

    rows = gaussian_experiment(quick, seed)
    ok = all(r["gap"] >= -3 * r["gap_se"] for r in rows)
    below_target = [r["levels"] for r in rows if r["distortion"] < r["bound_target_law"]]
    return Evidence(
        passed=bool(ok),
        measured={f"L={r['levels']}": _r(r["distortion"]) for r in rows},
        expected={f"L={r['levels']}": _r(r["bound_measured_law"]) for r in rows},
        tolerance=3.0,
        note=("gap D − bound per 1/16 of the Monte Carlo sample, mean ± SE: "
              + ", ".join(f"L={r['levels']}: {r['gap']:.4f}±{r['gap_se']:.4f}" for r in rows)
              + "; pass if every gap ≥ −3 SE. Valid for one-shot codes since H(Z|U) ≥ I(X;Y) "
              "and, for Gaussian X, corr(X,Y) ≤ √(1−2^{−2I}) whatever the law of Y. "
              + (f"At L={below_target} the learned D is below the bound at the *target* law: "
                 "its output law misses the target (W2 "
                 f"{[_r(r['w2_to_target'], 3) for r in rows]}), so the target-law value is "
                 "no bound for it." if below_target else "")))


@claim("compression.exp.gaussian_gap_shrinks_with_levels", kind="empirical",
       where="§7 (capacity)",
       statement="The gap of the learned Gaussian compressor to the asymptotic bound shrinks as "
       "the number of quantiser levels (rate log2 L) grows.")
def _gaussian_levels(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import gaussian_experiment

    rows = gaussian_experiment(quick, seed)
    gaps = [r["gap"] for r in rows]
    return Evidence(passed=bool(all(b < a for a, b in itertools.pairwise(gaps))),
                    measured={f"R={r['rate_nominal']:.0f}": _r(r["gap"]) for r in rows},
                    expected="strictly decreasing in R",
                    note="absolute MSE gap; relative gaps "
                         f"{[_r(r['gap'] / r['bound_measured_law'], 3) for r in rows]}")


def _by_lambda(quick, seed):
    from numerics.compression.experiments import digits_experiment, digits_table

    table = digits_table(digits_experiment(quick, seed))
    out = {}
    for row in table:
        out.setdefault(row["lam_c"], []).append(row)
    return out


@claim("compression.exp.digits_mse_falls_with_rate", kind="empirical", where="Fig. 6, §7",
       statement="In unpaired super-resolution the MSE to the degraded input falls as the rate "
       "grows from 4 to 32 bits (for each λ_c).")
def _digits_mse(quick: bool = False, seed: int = 0):
    groups = _by_lambda(quick, seed)
    ok, measured = True, {}
    for lam, rows in groups.items():
        rates, mse = [r["rate_bits"] for r in rows], [r["mse_to_input"] for r in rows]
        rho = spearmanr(rates, mse)[0] if len(rows) > 2 else np.sign(mse[-1] - mse[0])
        ok &= bool(mse[-1] < mse[0] and rho <= -0.8)
        measured[f"lam_c={lam}"] = {f"R={r:.0f}": _r(m) for r, m in zip(rates, mse)}
    return Evidence(passed=ok, measured=measured,
                    expected={"S1 MNIST R=4→32": "0.0334 → 0.0066",
                              "S3 MNIST R=4→32": "0.0718 → 0.0451"},
                    note="digits 8×8, 2×2 pooling then bilinear upsampling; pass if MSE(32) < "
                         "MSE(4) and Spearman(R, MSE) ≤ −0.8 for every λ_c.")


@claim("compression.exp.digits_accuracy_rises_with_rate", kind="empirical", where="Fig. 6, §7",
       statement="In unpaired super-resolution the accuracy of the classifier on the "
       "reconstructions rises as the rate grows from 4 to 32 bits (for each λ_c).")
def _digits_acc(quick: bool = False, seed: int = 0):
    groups = _by_lambda(quick, seed)
    ok, measured = True, {}
    for lam, rows in groups.items():
        rates, acc = [r["rate_bits"] for r in rows], [r["accuracy"] for r in rows]
        rho = spearmanr(rates, acc)[0] if len(rows) > 2 else np.sign(acc[-1] - acc[0])
        ok &= bool(acc[-1] > acc[0] and rho >= 0.8)
        measured[f"lam_c={lam}"] = {f"R={r:.0f}": _r(a, 3) for r, a in zip(rates, acc)}
    return Evidence(passed=ok, measured=measured,
                    expected={"S1 MNIST R=4→32": "0.544 → 0.838",
                              "S3 MNIST R=4→32": "0.876 → 0.932"},
                    note="pass if acc(32) > acc(4) and Spearman(R, acc) ≥ 0.8 for every λ_c.")


@claim("compression.exp.digits_lambda_c_tradeoff", kind="empirical", where="§7, repository S1 vs S3",
       statement="A larger classification weight λ_c buys classifier accuracy at the cost of "
       "MSE: at every rate, λ_c = 0.05 gives higher accuracy and higher MSE than λ_c = 0.001.")
def _digits_tradeoff(quick: bool = False, seed: int = 0):
    groups = _by_lambda(quick, seed)
    lo, hi = groups[min(groups)], groups[max(groups)]
    pairs = list(zip(lo, hi))
    ok = all(b["accuracy"] > a["accuracy"] and b["mse_to_input"] > a["mse_to_input"]
             for a, b in pairs)
    return Evidence(
        passed=bool(ok),
        measured={f"R={a['rate_bits']:.0f}": {"d_acc": _r(b["accuracy"] - a["accuracy"], 3),
                                               "d_mse": _r(b["mse_to_input"] - a["mse_to_input"])}
                  for a, b in pairs},
        expected="d_acc > 0 and d_mse > 0 at every rate (repository: S3 vs S1 at R=4 "
                 "+0.332 acc, +0.0384 MSE; at R=32 +0.094 acc, +0.0385 MSE)",
        note="differences λ_c=0.05 minus λ_c=0.001, λ_p=0.001 fixed, mean over seeds.")
