"""Empirical claims of CUPID, checked on the light digits experiment
(:mod:`numerics.cupid.experiments`: 5 seeds in full mode) and on the released module at
initialisation. Each claim declares its pre-registered test (thresholds and effects ours unless
they say otherwise, fixed before the runs) and decides through :mod:`iclr26_verify.registry.stats`.

The paper's tables (GLV2, HAM10000, PAPILA, ACRIMA, super-resolution) need data that is not
offline; the digits analogues below say which printed statement of arXiv 2603.10745v1 they
mirror (read in full through a public flattened PDF-text extraction, 07subhadip/ResearchPilot@511a4f9:data/chunks/2603.10745_semantic.json) and which
thresholds are ours. Every claim names its protocol (``code``: CUPID trained on the host's training split
as the released ``train.py`` does; ``heldout``: on unseen ID images) and uses the released loss
weights (T1, T2, T11) = (1, 9e-3, 0.01) unless it says T11 = 0.
"""

from __future__ import annotations

import itertools

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_WHERE = "arXiv 2603.10745"
#: Seeds of the released module's initialisation checks (full mode).
INIT_SEEDS = (0, 1, 2, 3, 4)
_ECHO = 0.0953  # log(1.1): a 10 % change, our smallest effect of interest on ratio scales
_T_ZERO = Preregistered(
    statistic="max |change| of a host parameter or base logit per run (code and heldout "
    "protocols)", alternative="less", threshold=1e-6, seeds=10, effect=1e-6,
    effect_source="ours: any change above float rounding (1e-6)")
_T_INSERTED = Preregistered(
    statistic="disagreement rate argmax F(m') ≠ argmax F(m) on ID test inputs, per seed and "
    "protocol", alternative="less", threshold=0.001, seeds=10, effect=0.01,
    effect_source="ours: 'every input' read as under 0.1 %, a 1-point disagreement to detect")
_T_AGREE = Preregistered(
    statistic="agreement rate argmax F(m') = argmax F(m) on ID test inputs, per seed, for each "
    "protocol", alternative="greater", threshold=0.9, seeds=5, effect=0.03,
    effect_source="ours: smallest effect of interest, 3 points of agreement")
_T_NOISE = Preregistered(
    statistic="log ratio of the mean score at the next pixel-noise level to the previous one, "
    "per seed (σ = 0 → 0.25 → 0.5), for each protocol", alternative="greater", seeds=5,
    effect=_ECHO, effect_source="ours: a 10 % rise (log 1.1)")
_T_GROWTH = Preregistered(
    statistic="log ratio of the relative deviation ‖m'−m‖₁/‖m‖₁ at consecutive checkpoints "
    "(epochs 50 → 100 → 200 → 400), per seed", alternative="greater", seeds=5, effect=_ECHO,
    effect_source="ours: a 10 % rise per checkpoint (log 1.1)")
_T_BOUNDED = Preregistered(
    statistic="log ratio of the relative deviation at epoch 400 to epoch 50 without the push "
    "term, per seed", alternative="less", threshold=_ECHO, seeds=5, effect=_ECHO,
    effect_source="ours: growth of 10 % (log 1.1) is the bound; the effect to detect is "
    "another 10 %")
_T_BASELINES = Preregistered(
    statistic="paired difference over seeds of OOD AUROC, CUPID-E minus a baseline (MSP, "
    "entropy, MC-dropout), for each protocol and baseline", alternative="greater",
    threshold=-0.01, seeds=5, effect=0.02,
    effect_source="ours: smallest effect of interest, 2 AUROC points (fixed before the printed "
    "Table 2 was read; its CUPID Epis. vs MC Dropout margins are +0.144, +0.109, +0.011 AUC)")
_T_OOD = Preregistered(
    statistic="OOD AUROC of CUPID-E (digits 5–9 vs 0–4), per seed, for each protocol",
    alternative="greater", threshold=0.80, seeds=5, effect=0.05,
    effect_source="ours: 5 AUROC points above the 0.80 floor")
_T_NOMAX = Preregistered(
    statistic="paired difference over seeds of CUPID-E's OOD AUROC, with minus without the "
    "push term (heldout protocol)", alternative="greater", seeds=5, effect=0.038,
    effect_source="paper: arXiv 2603.10745v1, §4.4, Table 4, CUPID Epis. PAPILA AUC 0.877 "
    "(Max) vs 0.839 (No max)")
_T_NOMAX_SMALL = Preregistered(
    statistic="paired difference over seeds of CUPID-E's OOD AUROC, with minus without the "
    "push term (heldout protocol)", alternative="less", threshold=0.005, seeds=5, effect=0.02,
    effect_source="ours: 2 AUROC points above the 0.005 bound")
_T_INIT_FAR = Preregistered(
    statistic="relative L1 deviation ‖m'−m‖₁/‖m‖₁ of the released module at initialisation, "
    "per init seed, for each BN mode", alternative="less", threshold=0.1, seeds=5, effect=0.1,
    effect_source="ours: 'near the identity' read as a deviation under 0.1")
_T_INIT_RELEASED = Preregistered(
    statistic="relative L1 deviation of the released module at initialisation, per init seed, "
    "for each BN mode", alternative="greater", threshold=1.0, seeds=5, effect=0.1,
    effect_source="ours: 0.1 of deviation")


def _runs(protocol, quick):
    from numerics.cupid.experiments import digits

    return digits(protocol, quick)


def _need_full(quick, what):
    if quick:
        raise Unavailable(f"undecided in quick mode: {what} needs the 5 full-mode seeds "
                          "(one quick seed gives no interval)")


def _decide(j, arms, test):
    """Every arm through the pre-registered test (Bonferroni), and no arm contrary."""
    from iclr26_verify.registry import stats

    for t in stats.per_arm(arms, test):
        j.test(t)
    contrary = stats.contrary_arms(arms, test)
    j.fact(f"no arm significantly against the statement ({contrary or 'none'})", not contrary)


def _logratios(seq_by_seed):
    a = np.log(np.asarray(seq_by_seed, dtype=float))
    return np.diff(a, axis=1)


@claim("cupid.light.base_unchanged", where=f"{_WHERE}, abstract ('without modifying the base "
       "model')", kind="empirical",
       statement="Training the plug-in leaves the host unchanged: its parameters and its "
       "logits on the test inputs are bit-identical before and after CUPID training (base "
       "predictions read from F_l(m)).", evidence=("observation",), test=_T_ZERO,
       source=("abstract",
               ("arXiv 2603.10745v1, abstract (CUPID estimates both uncertainties without "
               "modifying or retraining the base model)")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _base_unchanged(quick: bool = False):
    runs = _runs("code", quick) + ([] if quick else _runs("heldout", quick))
    j = Judge()
    change = [max(r["param_change"], r["logit_change"]) for r in runs]
    _decide(j, {"max |Δ| host parameter or base logit": change}, _T_ZERO)
    return j.evidence(note=f"{len(runs)} runs (code and heldout protocols); host frozen and in "
                      f"eval mode; changes per run {change} (exact zeros give a point interval; "
                      "one quick run gives none: undecided).")


@claim("cupid.code.inserted_pred", where="test.py (wronglist = |argmax F_l(m') − y|)",
       # wavered between full runs: undecided (disagreement 0.0006 [-0.0001, 0.0013]), then
       # decided (0.0003 [-0.0002, 0.0008], p = 0.017); the interval sits at its threshold
       kind="empirical", expected="extension", prediction=True, test=_T_INSERTED,
       statement="The inserted model's prediction argmax F_l(m') equals the base prediction "
       "argmax F_l(m) on every ID test input, so the released test.py (which labels "
       "misclassification with argmax F_l(m')) evaluates the unmodified model.",
       evidence=("observation",),
       source=("ours",
               ("our prediction: a-Fomalhaut-a/CUPID@8879dad:test.py:L76-L88 labels errors "
               "with the inserted model's prediction (torch.max of the CUPID path), and the "
               "abstract says the base model is not modified; we predicted the two "
               "predictions agree on every ID input")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _inserted_pred(quick: bool = False):
    _need_full(quick, "the disagreement over seeds")
    ag = [r["agreement"] for p in ("code", "heldout") for r in _runs(p, quick)]
    j = Judge()
    _decide(j, {"disagreement rate": 1 - np.asarray(ag)}, _T_INSERTED)
    return j.evidence(note=f"Agreement per run (code then heldout): {np.round(ag, 4).tolist()}.")


@claim("cupid.light.agreement_rate", where="test.py vs abstract (corrected)", kind="empirical",
       expected="extension",
       statement="The inserted prediction agrees with the base prediction on at least 90 % of "
       "ID test inputs on average over 5 seeds, under both protocols (so test.py's labels are "
       "close to, but not, the base model's).", evidence=("observation",), test=_T_AGREE,
       source=("ours",
               ("our corrected statement on a-Fomalhaut-a/CUPID@8879dad:test.py:L76-L88 "
               "(agreement of inserted and base predictions, threshold 0.9 ours)")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _agreement_rate(quick: bool = False):
    _need_full(quick, "the agreement over seeds")
    j = Judge()
    arms = {p: [r["agreement"] for r in _runs(p, quick)] for p in ("code", "heldout")}
    _decide(j, arms, _T_AGREE)
    return j.evidence(note="; ".join(f"{p}: mean {np.mean(v):.4f} (min {min(v):.4f})"
                                     for p, v in arms.items()) + ".")


@claim("cupid.light.eu_noise", where=f"{_WHERE}v1, §3.3 and §1, Fig. 1 (EU grows off the "
       "training distribution)", kind="empirical",
       statement="The mean EU score on ID test digits rises with Gaussian pixel noise at each "
       "step σ = 0 → 0.25 → 0.5 (paired over 5 seeds), under both protocols.",
       evidence=("observation",), test=_T_NOISE,
       source=("printed",
               ("arXiv 2603.10745v1, §3.3, first paragraph (epistemic uncertainty increases in "
               "regions under-represented in training and with distribution shift) and §1, "
               "paragraph on Fig. 1 (high EU where the toy data have little or no coverage); "
               "pixel noise as the shift and the 10 % effect are ours")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10; "
                "Gaussian pixel noise as the shift")))
def _eu_noise(quick: bool = False):
    _need_full(quick, "the paired test over seeds")
    j = Judge()
    arms, notes = {}, []
    for p in ("code", "heldout"):
        runs = _runs(p, quick)
        lr = _logratios([r["eu_noise"] for r in runs])
        for k in range(lr.shape[1]):
            arms[f"{p}: log EU(σ{k + 1}) / EU(σ{k})"] = lr[:, k]
        ratio = [r["eu_noise"][-1] / r["eu_noise"][0] for r in runs]
        notes.append(f"{p}: EU(σ=.5)/EU(0) = {np.round(ratio, 2).tolist()}")
    _decide(j, arms, _T_NOISE)
    return j.evidence(note="; ".join(notes) + ".")


@claim("cupid.light.au_noise", where=f"{_WHERE}v1, §3.2 and §1, Fig. 1 (AU captures data noise)",
       kind="empirical",
       statement="The mean AU score on ID test digits is higher at pixel noise σ = 0.5 than at "
       "σ = 0 (paired over 5 seeds, heldout protocol).", evidence=("observation",),
       test=_T_NOISE,
       source=("printed",
               ("arXiv 2603.10745v1, §3.2, first paragraph (aleatoric uncertainty is the noise "
               "in the data: measurement error, sensor limitations) and §1, paragraph on Fig. 1 "
               "(regions with higher observation noise give higher AU); pixel noise as the "
               "data noise and the 10 % effect are ours")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10; "
                "Gaussian pixel noise")))
def _au_noise(quick: bool = False):
    _need_full(quick, "the paired test over seeds")
    runs = _runs("heldout", quick)
    lr = np.log([r["au_noise"][-1] / r["au_noise"][0] for r in runs])
    j = Judge()
    _decide(j, {"heldout: log AU(σ=.5) / AU(0)": lr}, _T_NOISE)
    levels = ", ".join(f"{r['au_noise'][0]:.1e}" for r in runs)
    return j.evidence(note=f"AU(σ=.5)/AU(0) per seed: {np.round(np.exp(lr), 3).tolist()}; AU "
                      f"levels at σ=0: {levels}.")


@claim("cupid.light.deviation_growth", where=f"{_WHERE}v1, §3.3, Eq. (12) (gap, "
       "cupid.eu.unbounded)",
       kind="empirical", expected="extension",
       statement="With the released push weight T11 = 0.01 the relative deviation "
       "‖m'−m‖₁/‖m‖₁ on the training data grows from each checkpoint to the next over epochs "
       "{50, 100, 200, 400} (paired over 5 seeds, code protocol): training drifts along the "
       "loss's unbounded direction instead of converging.", evidence=("observation",),
       test=_T_GROWTH,
       source=("ours",
               ("our prediction from the unbounded epistemic loss (cupid.eu.unbounded) with "
               "the released T11 = 0.01 (a-Fomalhaut-a/CUPID@8879dad:config_train.py:L25)")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _deviation_growth(quick: bool = False):
    _need_full(quick, "the paired test over seeds")
    runs = _runs("code", quick)
    lr = _logratios([list(r["deviation"].values()) for r in runs])
    epochs = list(runs[0]["deviation"])
    j = Judge()
    _decide(j, {f"log dev({b}) / dev({a})": lr[:, k]
                for k, (a, b) in enumerate(itertools.pairwise(epochs))}, _T_GROWTH)
    dv = [[round(v, 2) for v in r["deviation"].values()] for r in runs]
    return j.evidence(note=f"deviation at epochs {epochs}: {dv}.")


@claim("cupid.light.nomax_bounded", where=f"{_WHERE}v1, §4.4, Table 4 ('No max', T11 = 0)",
       kind="empirical", expected="extension",
       statement="Without the push term (T11 = 0) the relative deviation does not drift: its "
       "value at epoch 400 is below 1.1× its value at epoch 50 (over 5 seeds, heldout "
       "protocol), so the drift of cupid.light.deviation_growth comes from −T11.",
       evidence=("observation",), test=_T_BOUNDED,
       source=("ours",
               "our control: the same runs without the push term (T11 = 0)"),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _nomax_bounded(quick: bool = False):
    _need_full(quick, "the test over seeds")
    runs = _runs("heldout_nomax", quick)
    g = np.array([r["deviation"][400] / r["deviation"][50] for r in runs])
    j = Judge()
    _decide(j, {"log dev(400) / dev(50), T11 = 0": np.log(g)}, _T_BOUNDED)
    return j.evidence(note=f"dev(400)/dev(50) per seed: {np.round(g, 3).tolist()}.")


def _ood(protocol, key, quick):
    return np.array([r[f"ood_{key}"] for r in _runs(protocol, quick)])


@claim("cupid.light.eu_vs_baselines", where=f"{_WHERE}v1, §4.2, Table 2 (OOD; digits analogue)",
       kind="empirical", expected="undecided", test=_T_BASELINES,
       statement="CUPID-E detects OOD inputs at least as well as the single-model baselines and "
       "MC-dropout: its OOD AUROC (digits 5–9 vs 0–4) exceeds each of MSP, entropy and "
       "MC-dropout minus 0.01 (paired over 5 seeds), under both protocols.",
       evidence=("observation",),
       source=("printed",
               ("arXiv 2603.10745v1, §4.2, Table 2 and its Results paragraph: CUPID Epis. has "
               "the best AUC and AUPR on PAPILA and ACRIMA and beats MC Dropout on all three "
               "OOD sets (AUC 0.877/0.978/0.898 vs 0.733/0.869/0.887), but not IGRUE on "
               "CIFAR-10 (0.978); the MSP and entropy baselines and the margin 0.01 are ours")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _eu_vs_baselines(quick: bool = False):
    _need_full(quick, "the paired test over 5 seeds")
    j = Judge()
    arms, notes = {}, []
    for p in ("code", "heldout"):
        eu = _ood(p, "eu", quick)
        for k in ("msp", "entropy", "mc"):
            arms[f"{p}: EU − {k}"] = eu - _ood(p, k, quick)
        notes.append(f"{p}: EU {eu.mean():.3f}, " + ", ".join(
            f"{k} {_ood(p, k, quick).mean():.3f}" for k in ("msp", "entropy", "mc")))
    _decide(j, arms, _T_BASELINES)
    return j.evidence(note="; ".join(notes) + " (means over seeds). Per-seed differences of "
                      "both signs leave the interval across the threshold: on par, neither "
                      "shown better nor worse on digits.")


@claim("cupid.light.eu_detects_ood", where=f"{_WHERE}v1, §4.2, Table 2 (corrected, digits "
       "analogue)",
       kind="empirical", expected="extension",
       statement="CUPID-E detects OOD digits well above chance: its OOD AUROC exceeds 0.80 "
       "(one-sided test over 5 seeds), under both protocols.",
       evidence=("observation",), test=_T_OOD,
       source=("ours",
               "our corrected statement (OOD AUROC above 0.80 on digits; threshold ours)"),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _eu_detects_ood(quick: bool = False):
    _need_full(quick, "the interval over 5 seeds")
    j = Judge()
    arms = {p: _ood(p, "eu", quick) for p in ("code", "heldout")}
    _decide(j, arms, _T_OOD)
    return j.evidence(note="; ".join(f"{p}: mean {v.mean():.3f}" for p, v in arms.items())
                      + " (threshold 0.80 fixed before the runs).")


@claim("cupid.light.no_max", where=f"{_WHERE}v1, §4.4, Table 4 ('No max': PAPILA .877 → .839)",
       kind="empirical", expected="undecided", test=_T_NOMAX,
       statement="Dropping the push term (T11 = 0) lowers CUPID-E's OOD AUROC: the paired "
       "difference (with − without push) over 5 seeds is > 0 (heldout protocol).",
       evidence=("observation",),
       source=("printed",
               ("arXiv 2603.10745v1, §4.4, 'Loss function' paragraph and Table 4: removing "
               "−‖m − m′‖₁ ('No max') lowers CUPID Epis. OOD AUC on PAPILA (0.877 → 0.839), "
               "ACRIMA (0.978 → 0.977) and CIFAR-10 (0.898 → 0.875)")),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _no_max(quick: bool = False):
    _need_full(quick, "the paired difference over 5 seeds")
    d = _ood("heldout", "eu", quick) - _ood("heldout_nomax", "eu", quick)
    j = Judge()
    _decide(j, {"OOD AUROC with − without push": d}, _T_NOMAX)
    return j.evidence(note=f"per-seed differences {np.round(d, 4).tolist()}, mean {d.mean():.4f}.")


@claim("cupid.light.no_max_small", where=f"{_WHERE}v1, §4.4, Table 4 (corrected, digits "
       "analogue)",
       # wavered between full runs: decided (−0.0038 [−0.0114, 0.0037], p = 0.034), then
       # undecided (+0.0034 [−0.0087, 0.0155], p = 0.40): 5 seeds cannot settle a 0.005 bound
       kind="empirical", expected="undecided", relation="extends",
       statement="On digits the push term does not help OOD detection: the paired "
       "difference of CUPID-E's OOD AUROC (with − without push) is below 0.005 (one-sided test "
       "over 5 seeds, heldout protocol).", evidence=("observation",), test=_T_NOMAX_SMALL,
       source=("ours",
               "our corrected statement on the ablation (bound 0.005 ours)"),
       setting=("analogue",
                ("a small CNN host on scikit-learn digits (OOD: digits 5-9 against 0-4), 5 "
                "seeds, instead of a ResNet-18 on GLV2, HAM10000, PAPILA, ACRIMA or CIFAR-10")))
def _no_max_small(quick: bool = False):
    _need_full(quick, "the paired difference over 5 seeds")
    d = _ood("heldout", "eu", quick) - _ood("heldout_nomax", "eu", quick)
    j = Judge()
    _decide(j, {"OOD AUROC with − without push": d}, _T_NOMAX_SMALL)
    return j.evidence(note=f"mean {d.mean():.4f}; bound 0.005 fixed before the runs.")


def _init_runs(quick):
    from numerics.cupid.experiments import init_deviation

    if quick:
        raise Unavailable("undecided in quick mode: the test needs the init seeds "
                          f"{INIT_SEEDS} of the full run")
    return [init_deviation(s) for s in INIT_SEEDS]


@claim("cupid.code.not_identity_init", where=f"{_WHERE}v1, §3.3 (init near identity) vs "
       "insert_model/CUPID.py", kind="empirical", expected="not_reproduced", test=_T_INIT_FAR,
       corrected_by="cupid.code.identity_init",
       statement="The released CUPID module starts near the identity mapping: relative L1 "
       "deviation ‖m'−m‖₁/‖m‖₁ ≤ 0.1 at initialisation.", evidence=("witness",),
       source=("printed",
               ("arXiv 2603.10745v1, §3.3, sentence after Eq. (12): CUPID is initialised close "
               "to the identity mapping, to avoid trivial solutions where the perturbation "
               "grows arbitrarily; checked on the released module "
               "a-Fomalhaut-a/CUPID@8879dad:insert_model/CUPID.py:L25-L80 (no skip from its "
               "input to m′, Kaiming-normal convolutions); the threshold 0.1 is ours")),
       setting=("analogue",
                ("our re-implementation of a-Fomalhaut-a/CUPID@8879dad:insert_model/CUPID.py "
                "on a random non-negative 2×512×16×16 feature, 5 init seeds")))
def _not_identity_init(quick: bool = False):
    rs = _init_runs(quick)
    j = Judge()
    j.fact("our re-implementation has the released 7,795,670 parameters",
           all(r["n_params"] == 7_795_670 for r in rs))
    _decide(j, {f"BN {m} mode": [r[m] for r in rs] for m in ("train", "eval")}, _T_INIT_FAR)
    return j.evidence(note="ReLU(N(0,1)) feature 2×512×16×16, init seeds "
                      f"{INIT_SEEDS}: deviation {[round(r['train'], 3) for r in rs]} (train "
                      f"BN), {[round(r['eval'], 1) for r in rs]} (eval BN).")


@claim("cupid.code.identity_init", where="insert_model/CUPID.py (corrected)", kind="empirical",
       expected="corrected",
       statement="The released module's deviation at init is ≥ 1 in both BN modes; a residual "
       "form m' = ReLU(m + g(h)) with g's last layer zero is exactly the identity at init on a "
       "non-negative feature (deviation 0), which is what arXiv 2603.10745v1, §3.3 (after Eq. "
       "(12)) describes.",
       evidence=("witness",), test=_T_INIT_RELEASED,
       source=("ours",
               ("our corrected statement: the released module "
               "(a-Fomalhaut-a/CUPID@8879dad:insert_model/CUPID.py:L25-L80) is far from the "
               "identity at init; a residual zero-init form is exactly the identity")),
       setting=("analogue",
                ("our re-implementation of a-Fomalhaut-a/CUPID@8879dad:insert_model/CUPID.py "
                "and our residual MLP, 5 init seeds")))
def _identity_init(quick: bool = False):
    rs = _init_runs(quick)
    j = Judge()
    _decide(j, {f"released, BN {m} mode": [r[m] for r in rs] for m in ("train", "eval")},
            _T_INIT_RELEASED)
    j.le("residual zero-init MLP", max(r["mlp_identity"] for r in rs), 0.0, scale=1e-6)
    return j.evidence(note=f"released {[round(r['train'], 3) for r in rs]} / "
                      f"{[round(r['eval'], 1) for r in rs]} (train / eval BN); our residual "
                      f"form {max(r['mlp_identity'] for r in rs):.1e}; our MLP without the skip "
                      f"{[round(r['mlp_released'], 3) for r in rs]}.")


@claim("cupid.paper.tables", where=f"{_WHERE}v1, §4.1-§4.3, Tables 1–3", kind="empirical",
       expected="unavailable",
       statement="The printed AUROC/AURC/Spearman on GLV2 and HAM10000, the OOD AUC/AUPR on "
       "PAPILA, ACRIMA and CIFAR-10, and the super-resolution Pearson/AUSE/UCE on Set5, Set14, "
       "BSDS100 and IXI.", evidence=("observation",),
       source=("printed",
               ("arXiv 2603.10745v1, §4.1, Table 1; §4.2, Table 2; §4.3, Table 3 (AUC, AURC, "
               "Spearman; OOD AUC, AUPR; Pearson, AUSE, UCE), read in the flattened extraction "
               + "07subhadip/ResearchPilot@511a4f9:data/chunks/2603.10745_semantic.json")),
       setting=("analogue",
                ("the paper's data sets and a 512-px ResNet-18 host, which are not available "
                "here")))
def _tables(quick: bool = False):
    raise Unavailable("GLV2, HAM10000, PAPILA, ACRIMA, Set5/BSDS100/IXI are not offline and a "
                      "512-px ResNet-18 host is beyond the light-experiment budget.")
