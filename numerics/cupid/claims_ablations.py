"""Empirical claims of CUPID's ablations on the light digits analogue
(:mod:`numerics.cupid.ablations`, whose docstring fixes every test before the first run): the
insertion depth (Fig. 4, Table 15, §1), joint vs single-branch training (Tables 5-6), the push
weight λ1 (Tables 19-20) and the push term on misclassification (Table 18) of arXiv
2603.10745v1, read in a public flattened PDF-text extraction
(07subhadip/ResearchPilot@511a4f9:data/chunks/2603.10745_semantic.json). All are analogues
(digits and a 4-layer MLP host for GLV2/HAM10000/PAPILA/ACRIMA/CIFAR-10 and a ResNet-18), so
each checks its node only in part. The expected verdicts were written after the full run; the
tests were not changed.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_P = "arXiv 2603.10745v1"
_X = "07subhadip/ResearchPilot@511a4f9:data/chunks/2603.10745_semantic.json"
_SETTING = ("analogue", ("scikit-learn digits (ID 0-6, OOD 7-9) and a 64-128-128-64-7 ReLU MLP "
            "host trained on 150 images, CUPID as an MLP on 250 held-out images, 5 seeds, "
            "instead of ResNet-18 hosts on GLV2/HAM10000 with PAPILA, ACRIMA and CIFAR-10; "
            "insertion after hidden layer 1, 2 or 3 instead of after ResNet-18 stages 2-4"))


def _t(statistic, alternative, effect, source, threshold=0.0, margin=None):
    kw = {"margin": margin} if margin is not None else {}
    return Preregistered(statistic=statistic, alternative=alternative, threshold=threshold,
                         seeds=5, effect=effect, effect_source=source, **kw)


_T_DEPTH_AU = _t("paired difference over seeds of the AU misclassification AUROC, insertion "
                 "after hidden layer 3 minus after layer 1", "greater", 0.065,
                 "paper: Table 15, GLV2 aleatoric AUC 0.870 (stage 4) − 0.805 (stage 2)")
_T_DEPTH_EU = _t("paired difference over seeds of the EU misclassification AUROC, insertion "
                 "after hidden layer 1 minus after layer 3", "greater", 0.020,
                 "paper: Table 15, GLV2 epistemic AUC 0.789 (stage 2) − 0.769 (stage 4)")
_T_DEPTH_EU_OOD = _t("paired difference over seeds of the EU OOD AUROC, insertion after hidden "
                     "layer 3 minus after layer 1", "greater", 0.02,
                     "ours: 2 AUROC points")
_T_JOINT_AU = _t("paired difference over seeds of the AU misclassification AUROC, joint minus "
                 "aleatoric-only training", "greater", 0.007,
                 "paper: Table 5, aleatoric AUC 0.870 (joint) − 0.863 (separate)")
_T_JOINT_EU = _t("paired difference over seeds of the EU misclassification AUROC, joint minus "
                 "epistemic-only training", "greater", 0.025,
                 "paper: Table 5, epistemic AUC 0.769 (joint) − 0.744 (separate)")
_T_JOINT_OOD = _t("paired difference over seeds of the EU OOD AUROC, joint minus "
                  "epistemic-only training", "greater", 0.106,
                  "paper: Table 6, PAPILA epistemic AUC 0.877 (joint) − 0.771 (separate)")
_T_LAMBDA_MIS = _t("paired difference over seeds of the AU and EU misclassification AUROC, "
                   "T11 = 0.02 or 0.001 minus T11 = 0.01 (4 arms)", "equivalence", 0.038,
                   "paper: the 0.038 AUC change called substantial in §4.4 (Table 4, PAPILA "
                   "0.839 → 0.877)", margin=0.038)
_T_LAMBDA_OOD = _t("paired difference over seeds of the EU OOD AUROC, T11 = 0.01 minus 0.02 "
                   "and minus 0.001 (2 arms)", "greater", 0.041,
                   "paper: Table 20, PAPILA epistemic AUC 0.877 (λ1 = 0.01) − 0.836 (0.001)")
_T_NOMAX_MIS = _t("paired difference over seeds of the AU and EU misclassification AUROC, with "
                  "minus without the push term (2 arms)", "equivalence", 0.038,
                  "paper: the 0.038 AUC change called substantial in §4.4 (Table 4)",
                  margin=0.038)


def _runs(quick, what):
    if quick:
        raise Unavailable(f"undecided in quick mode: {what} needs the 5 full-mode seeds (one "
                          "quick seed gives no interval)")
    from numerics.cupid.ablations import ablations

    return ablations(False)


def _diff(runs, a, b, key):
    return [r[a][key] - r[b][key] for r in runs]


def _decide(j, arms, test):
    from iclr26_verify.registry import stats

    for t in stats.per_arm(arms, test):
        j.test(t)
    contrary = stats.contrary_arms(arms, test)
    j.fact(f"no arm significantly against the statement ({contrary or 'none'})", not contrary)


def _note(runs, arms):
    return (f"errors per seed {[r['n_err'] for r in runs]} of {runs[0]['n_test']} ID test "
            "images; mean differences " + ", ".join(
                f"{k}: {np.mean(v):+.4f}" for k, v in arms.items()))


def _check(quick, what, arms_fn, test):
    runs = _runs(quick, what)
    arms = arms_fn(runs)
    bad = sorted(k for k, v in arms.items() if not np.all(np.isfinite(v)))
    if bad:
        raise Unavailable(f"a module's score diverged (non-finite) on some seed, so {bad} has "
                          "no AUROC there (the aleatoric loss is unbounded below where the "
                          "host fits an image exactly: cupid.au.unbounded)")
    j = Judge()
    _decide(j, arms, test)
    return j.evidence(note=_note(runs, arms))


@claim("cupid.light.depth_alea", where=f"{_P}, §4.4, Fig. 4; App. E.1, Table 15 (digits "
       "analogue)",
       # stability: not_reproduced under default and avx2 kernels; undecided in seed block 1
       # (−0.050 [−0.163, 0.063]): the failure is not robust to the draw of seeds
       kind="empirical", expected="not_reproduced", test=_T_DEPTH_AU,
       statement="The aleatoric score detects the host's errors better when CUPID is inserted "
       "nearest the output: the AU misclassification AUROC after hidden layer 3 exceeds that "
       "after layer 1 (paired over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, §4.4 'CUPID location', Fig. 4 caption and App. E.1, Table 15 "
               f"(aleatoric estimation improves closer to the output); {_X}, chunks 19, 73-74")),
       setting=_SETTING)
def _depth_alea(quick: bool = False):
    return _check(quick, "the paired depth difference",
                  lambda rs: {"AU mis AUROC, layer 3 − layer 1":
                              _diff(rs, "joint@3", "joint@1", "mis_au")}, _T_DEPTH_AU)


@claim("cupid.light.depth_epis", where=f"{_P}, §4.4, Fig. 4; App. E.1, Table 15 (digits "
       "analogue)", kind="empirical", expected="undecided", test=_T_DEPTH_EU,
       statement="The epistemic score detects the host's errors better when CUPID is inserted "
       "early: the EU misclassification AUROC after hidden layer 1 exceeds that after layer 3 "
       "(paired over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, §4.4 'CUPID location', Fig. 4 caption and App. E.1, Table 15 "
               f"(epistemic uncertainty benefits from earlier insertion); {_X}, chunks 19, "
               "73-74")),
       setting=_SETTING)
def _depth_epis(quick: bool = False):
    return _check(quick, "the paired depth difference",
                  lambda rs: {"EU mis AUROC, layer 1 − layer 3":
                              _diff(rs, "joint@1", "joint@3", "mis_eu")}, _T_DEPTH_EU)


@claim("cupid.light.depth_epis_ood", where=f"{_P}, §1 and abstract (EU accumulates in the "
       "deep layers; digits analogue)",
       # stability: undecided on the seeds as written; verified in seed block 1 (+0.025)
       kind="empirical", expected="undecided",
       test=_T_DEPTH_EU_OOD,
       statement="The final layers are the most informative for epistemic uncertainty: the EU "
       "OOD AUROC (digits 7-9 vs 0-6) after hidden layer 3 exceeds that after layer 1 (paired "
       "over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, §1, paragraph on inserting CUPID at intermediate layers "
               "(epistemic uncertainty accumulates in the deeper parts; the final layers are "
               f"particularly informative for it); {_X}, chunk 3")),
       setting=_SETTING)
def _depth_epis_ood(quick: bool = False):
    return _check(quick, "the paired depth difference",
                  lambda rs: {"EU OOD AUROC, layer 3 − layer 1":
                              _diff(rs, "joint@3", "joint@1", "ood_eu")}, _T_DEPTH_EU_OOD)


@claim("cupid.light.joint_alea", where=f"{_P}, §4.4, Table 5 (digits analogue)",
       # stability: in seed block 1 the AU-only module diverges on one seed (unavailable)
       kind="empirical", expected="undecided", test=_T_JOINT_AU,
       statement="Training both branches jointly improves the aleatoric score: its "
       "misclassification AUROC is higher than that of an aleatoric-only module trained alone "
       "(paired over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, §4.4 and Table 5 (the joint model outperforms both "
               f"single-branch variants on every metric); {_X}, chunks 23-25")),
       setting=_SETTING)
def _joint_alea(quick: bool = False):
    return _check(quick, "the paired joint-vs-separate difference",
                  lambda rs: {"AU mis AUROC, joint − AU-only":
                              _diff(rs, "joint@3", "au_only@3", "mis_au")}, _T_JOINT_AU)


@claim("cupid.light.joint_epis", where=f"{_P}, §4.4, Table 5 (digits analogue)",
       kind="empirical", expected="undecided", test=_T_JOINT_EU,
       statement="Training both branches jointly improves the epistemic score: its "
       "misclassification AUROC is higher than that of an epistemic-only module (T2 = 0) "
       "(paired over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, §4.4 and Table 5 (the joint model outperforms both "
               f"single-branch variants on every metric); {_X}, chunks 23-25")),
       setting=_SETTING)
def _joint_epis(quick: bool = False):
    return _check(quick, "the paired joint-vs-separate difference",
                  lambda rs: {"EU mis AUROC, joint − EU-only":
                              _diff(rs, "joint@3", "eu_only@3", "mis_eu")}, _T_JOINT_EU)


@claim("cupid.light.joint_epis_ood", where=f"{_P}, §4.4, Table 6 (digits analogue)",
       kind="empirical", expected="undecided", test=_T_JOINT_OOD,
       statement="The jointly trained epistemic score detects OOD inputs better than an "
       "epistemic-only module (T2 = 0): EU OOD AUROC joint minus EU-only > 0 (paired over 5 "
       "seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, §4.4 and Table 6 (joint epistemic AUC/AUPR substantially "
               f"higher than the epistemic-only variant, PAPILA 0.877 vs 0.771); {_X}, chunks "
               "23-25")),
       setting=_SETTING)
def _joint_epis_ood(quick: bool = False):
    return _check(quick, "the paired joint-vs-separate difference",
                  lambda rs: {"EU OOD AUROC, joint − EU-only":
                              _diff(rs, "joint@3", "eu_only@3", "ood_eu")}, _T_JOINT_OOD)


@claim("cupid.light.lambda_mis", where=f"{_P}, App. E.3, Table 19 (digits analogue)",
       # stability: verified under ATEN_CPU_CAPABILITY=default and in seed block 1,
       # undecided under avx2 (the registered run): kernel- and seed-sensitive
       kind="empirical", expected="undecided", test=_T_LAMBDA_MIS,
       statement="Misclassification detection is stable in the push weight: the AU and EU "
       "misclassification AUROC at T11 = 0.02 and 0.001 are each within ±0.038 of those at "
       "T11 = 0.01 (paired equivalence over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, App. E.3, 'Effect of λ1 choice' and Table 19 (performance "
               f"remains stable across λ1 ∈ {{0.02, 0.01, 0.001}}); {_X}, chunks 77-78")),
       setting=_SETTING)
def _lambda_mis(quick: bool = False):
    return _check(quick, "the paired equivalence", lambda rs: {
        f"{k.upper()} mis AUROC, {v} − 0.01": _diff(rs, f"lam{v}@3", "joint@3", f"mis_{k}")
        for k in ("au", "eu") for v in ("0.02", "0.001")}, _T_LAMBDA_MIS)


@claim("cupid.light.lambda_ood", where=f"{_P}, App. E.3, Table 20 (digits analogue)",
       # stability: not_reproduced under ATEN_CPU_CAPABILITY=default, undecided under avx2
       # and in seed block 1
       kind="empirical", expected="undecided", test=_T_LAMBDA_OOD,
       statement="λ1 = 0.01 gives the best epistemic OOD detection: the EU OOD AUROC at "
       "T11 = 0.01 exceeds those at 0.02 and at 0.001 (paired over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, App. E.3, 'Effect of λ1 choice' and Table 20 (λ1 = 0.01 "
               f"gives the best balance for OOD detection); {_X}, chunks 77-78")),
       setting=_SETTING)
def _lambda_ood(quick: bool = False):
    return _check(quick, "the paired difference", lambda rs: {
        f"EU OOD AUROC, 0.01 − {v}": _diff(rs, "joint@3", f"lam{v}@3", "ood_eu")
        for v in ("0.02", "0.001")}, _T_LAMBDA_OOD)


@claim("cupid.light.nomax_mis", where=f"{_P}, App. E.3, Table 18 (digits analogue)",
       # stability: verified in seed block 1, undecided on the seeds as written
       kind="empirical", expected="undecided", test=_T_NOMAX_MIS,
       statement="On misclassification the push term changes little: the AU and EU "
       "misclassification AUROC with and without it (T11 = 0.01 vs 0) agree within ±0.038 "
       "(paired equivalence over 5 seeds).",
       evidence=("observation",),
       source=("printed", (f"{_P}, App. E.3, 'Effect of differential feature loss' and Table 18 "
               f"(comparable misclassification performance with and without it); {_X}, chunks "
               "75, 77")),
       setting=_SETTING)
def _nomax_mis(quick: bool = False):
    return _check(quick, "the paired equivalence", lambda rs: {
        f"{k.upper()} mis AUROC, with − without push": _diff(rs, "joint@3", "nomax@3",
                                                             f"mis_{k}")
        for k in ("au", "eu")}, _T_NOMAX_MIS)
