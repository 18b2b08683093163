r"""Pre-registered tests for empirical claims: one module, used by every topic.

An empirical claim declares its test before any run (:class:`theory.claims.Preregistered`:
statistic, direction or equivalence margin, α, seeds, the effect to detect); the functions here
turn the per-seed measurements into a :class:`theory.claims.TestResult` with the estimate, a
two-sided :math:`1-2\alpha` interval (its ends are the one-sided tests at level α, the TOST
convention), the p-value, the power at the declared effect and the minimum detectable effect.

Decision rule (``greater``; ``less`` is its mirror), statement :math:`\mu > \theta`:

* ``holds`` when the interval's lower end exceeds :math:`\theta` (one-sided p < α);
* ``fails`` when its upper end is below :math:`\theta` (the interval excludes the statement)
  *and* the test had power :math:`\ge` :data:`theory.claims.MIN_POWER` at the declared effect;
* ``undecided`` otherwise. Non-significance never refutes.

``equivalence`` (margin :math:`m`): ``holds`` when the interval lies inside
:math:`(\theta-m, \theta+m)` (TOST, :func:`statsmodels.stats.weightstats.DescrStatsW.ttost_mean`),
``fails`` when it lies wholly outside :math:`[\theta-m, \theta+m]` with power, else undecided.

Power and minimum detectable effect come from :class:`statsmodels.stats.power.TTestPower` at the
observed standard deviation of the differences; intervals from :func:`scipy.stats.ttest_1samp`
(or :func:`scipy.stats.bootstrap` with ``method="bootstrap"``). With one seed nothing can be
estimated: the interval is unbounded and the test undecided.

References
----------
Agarwal et al., *Deep RL at the Edge of the Statistical Precipice*, NeurIPS 2021 (intervals, not
point estimates); Schuirmann, *A comparison of the two one-sided tests procedure*, J.
Pharmacokinet. Biopharm. 15 (1987) (TOST).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

from iclr26_verify.registry.claims import MIN_POWER, Preregistered, TestResult

METHODS = ("t", "bootstrap")


@dataclass(frozen=True)
class Interval:
    """A mean with its interval over seeds (``low``/``high`` unbounded with one seed)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def halfwidth(self) -> float:
        return (self.high - self.low) / 2


def _values(x, name: str = "x") -> np.ndarray:
    a = np.asarray(x, dtype=np.float64).ravel()
    if a.size == 0:
        raise ValueError(f"The {name!r} parameter must hold at least one value. Got none.")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"The {name!r} parameter must hold finite values. Got {a.tolist()!r}.")
    return a


def standard_error(x) -> float:
    """Standard error of the mean (:func:`scipy.stats.sem`); NaN for fewer than two values,
    which have no spread to estimate, so an error bar is absent rather than zero."""
    a = _values(x, "x")
    return float(sps.sem(a)) if a.size > 1 else math.nan


def t_interval(x, *, confidence: float = 0.95, alternative: str = "two-sided") -> Interval:
    """Student-t interval for the mean of ``x`` (seeds), via :func:`scipy.stats.ttest_1samp`.

    ``alternative`` ``"greater"`` gives ``(low, inf)``, ``"less"`` ``(-inf, high)``. One value:
    ``(-inf, inf)``; values all equal: the point itself.
    """
    if not 0 < confidence < 1:
        raise ValueError(f"The 'confidence' parameter of t_interval must be in (0, 1). "
                         f"Got {confidence!r} instead.")
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError("The 'alternative' parameter of t_interval must be one of "
                         f"('two-sided', 'greater', 'less'). Got {alternative!r} instead.")
    a = _values(x)
    m = float(a.mean())
    if a.size == 1:
        return Interval(m, -math.inf, math.inf, 1)
    if np.all(a == a[0]):
        lo = m if alternative != "less" else -math.inf
        hi = m if alternative != "greater" else math.inf
        return Interval(m, lo, hi, a.size)
    ci = sps.ttest_1samp(a, 0.0, alternative=alternative).confidence_interval(confidence)
    return Interval(m, float(ci.low), float(ci.high), a.size)


def power_at(effect: float, sd: float, n: int, alpha: float) -> float:
    """Power of the one-sided one-sample t-test at level ``alpha`` to detect a mean shift of
    ``effect`` with per-seed standard deviation ``sd`` and ``n`` seeds."""
    from statsmodels.stats.power import TTestPower

    if n < 2:
        return 0.0
    d = effect / sd if sd > 0 else math.inf
    if _certain(d, n):
        return 1.0
    return float(TTestPower().power(effect_size=d, nobs=n, alpha=alpha, alternative="larger"))


def _certain(d: float, n: int) -> bool:
    """Whether the power at standardised effect ``d`` and ``n`` seeds is 1 to 1e-15, where
    statsmodels' noncentral t underflows to nan."""
    return d * math.sqrt(n) > 60


def min_detectable_effect(sd: float, n: int, alpha: float, power: float = MIN_POWER) -> float:
    """The smallest mean shift the one-sided t-test detects with ``power`` at ``n`` seeds."""
    from statsmodels.stats.power import TTestPower

    if n < 2:
        return math.inf
    if sd == 0:
        return 0.0
    d = TTestPower().solve_power(effect_size=None, nobs=n, alpha=alpha, power=power,
                                 alternative="larger")
    return float(d) * sd


def seeds_needed(effect: float, sd: float, alpha: float, power: float = MIN_POWER) -> int | None:
    """Seeds for ``power`` at ``effect`` (``None`` when ``sd`` is unknown)."""
    from statsmodels.stats.power import TTestPower

    if not math.isfinite(sd):
        return None
    if sd == 0 or power_at(effect, sd, 2, alpha) >= power:
        return 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the root finder warns where it returns nan
        n = float(np.asarray(TTestPower().solve_power(
            effect_size=effect / sd, nobs=None, alpha=alpha, power=power,
            alternative="larger")).item())
    return math.ceil(n) if math.isfinite(n) else None


def one_sample(name: str, x, test: Preregistered, *, alpha: float | None = None,
                method: str = "t", random_state=0) -> TestResult:
    """The pre-registered test on per-seed values ``x`` (differences for a paired claim).

    ``alpha`` overrides ``test.level`` (α spent over its looks); a claim with several arms
    passes its Bonferroni share of it (see :func:`per_arm`).
    """
    if not isinstance(test, Preregistered):
        raise TypeError(f"The 'test' parameter of one_sample must be a Preregistered. "
                        f"Got {type(test).__name__} instead.")
    if method not in METHODS:
        raise ValueError(f"The 'method' parameter of one_sample must be one of {METHODS}. "
                         f"Got {method!r} instead.")
    a = _values(x, "x")
    level = test.level if alpha is None else float(alpha)
    if not 0 < level < 0.5:
        raise ValueError(f"The 'alpha' parameter of one_sample must be in (0, 0.5). "
                         f"Got {alpha!r} instead.")
    n, theta = a.size, test.threshold
    est = float(a.mean())
    sd = float(a.std(ddof=1)) if n > 1 else math.inf
    iv = _interval(a, 1 - 2 * level, method, random_state)
    power = power_at(test.effect, sd, n, level) if n > 1 else 0.0
    mde = min_detectable_effect(sd, n, level) if n > 1 else math.inf
    alt = test.alternative
    if alt == "equivalence":
        p = _p_tost(a, theta - test.margin, theta + test.margin)
    else:
        p = _p_one_sided(a, theta, alt)
    decision = _decide(iv, test, power)
    return TestResult(
        name=name, statistic=test.statistic, alternative=alt, alpha=level, seeds=n,
        effect=test.effect, estimate=est, interval=(float(iv[0]), float(iv[1])),
        p_value=float(p), power=float(power), mde=float(mde), decision=decision,
        method=method, threshold=theta, margin=test.margin,
        seeds_needed=seeds_needed(test.effect, sd, level) if n > 1 else None)


def paired(name: str, a, b, test: Preregistered, **kwargs) -> TestResult:
    """The pre-registered test on the paired differences ``a − b`` (same seeds, same data)."""
    a, b = _values(a, "a"), _values(b, "b")
    if a.shape != b.shape:
        raise ValueError(f"The 'a' and 'b' parameters of paired must have one shape "
                         f"(paired seeds). Got {a.shape} and {b.shape} instead.")
    return one_sample(name, a - b, test, **kwargs)


def two_sample(name: str, a, b, test: Preregistered, *, alpha: float | None = None
               ) -> TestResult:
    """The pre-registered test on the difference of means ``mean(a) − mean(b)`` of two
    independent samples (Welch's interval, :func:`scipy.stats.ttest_ind` with unequal
    variances; power and minimum detectable effect from
    :class:`statsmodels.stats.power.TTestIndPower` at the pooled standard deviation).
    Equivalence is not offered here (use a paired design)."""
    from statsmodels.stats.power import TTestIndPower

    if not isinstance(test, Preregistered):
        raise TypeError(f"The 'test' parameter of two_sample must be a Preregistered. "
                        f"Got {type(test).__name__} instead.")
    if test.alternative == "equivalence":
        raise ValueError("The 'test' parameter of two_sample must be 'greater' or 'less'. "
                         "Got 'equivalence' instead.")
    a, b = _values(a, "a"), _values(b, "b")
    level = test.level if alpha is None else float(alpha)
    theta, alt = test.threshold, test.alternative
    est = float(a.mean() - b.mean())
    if a.size < 2 or b.size < 2:
        iv, p, sd = (-math.inf, math.inf), 1.0, math.inf
    else:
        sd = float(np.sqrt((a.var(ddof=1) * (a.size - 1) + b.var(ddof=1) * (b.size - 1))
                           / (a.size + b.size - 2)))
        if sd == 0:
            iv = (est, est)
            p = 0.0 if (est > theta if alt == "greater" else est < theta) else 1.0
        else:
            r = sps.ttest_ind(a - theta, b, equal_var=False,
                              alternative="greater" if alt == "greater" else "less")
            p = float(r.pvalue)
            ci = sps.ttest_ind(a, b, equal_var=False).confidence_interval(1 - 2 * level)
            iv = (float(ci.low), float(ci.high))
    ratio = b.size / a.size
    if not math.isfinite(sd) or a.size < 2 or b.size < 2:
        power, mde, need = 0.0, math.inf, None
    elif sd == 0:
        power, mde, need = 1.0, 0.0, 2
    else:
        tp = TTestIndPower()
        d = test.effect / sd
        power = 1.0 if _certain(d, a.size) else float(
            tp.power(effect_size=d, nobs1=a.size, ratio=ratio, alpha=level,
                     alternative="larger"))
        mde = float(tp.solve_power(effect_size=None, nobs1=a.size, ratio=ratio, alpha=level,
                                   power=MIN_POWER, alternative="larger")) * sd
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            n = float(np.asarray(tp.solve_power(effect_size=d, nobs1=None, ratio=1.0,
                                                alpha=level, power=MIN_POWER,
                                                alternative="larger")).item())
        need = max(2, math.ceil(n)) if math.isfinite(n) else None
    decision = _decide(iv, test, power)
    return TestResult(
        name=name, statistic=test.statistic, alternative=alt, alpha=level,
        seeds=int(min(a.size, b.size)), effect=test.effect, estimate=est, interval=iv,
        p_value=p, power=power, mde=mde, decision=decision, method="welch", threshold=theta,
        seeds_needed=need)


def spread(name: str, a_groups, b_groups, test: Preregistered, *, scale_b: float = 1.0,
           alpha: float | None = None) -> TestResult:
    """Is sample ``a`` more (``greater``) or less (``less``) spread than ``b``? The
    Brown–Forsythe form of Levene's test: absolute deviations from each group's median
    (groups: e.g. the seeds at one λ), compared by :func:`two_sample`; ``scale_b`` multiplies
    ``b``'s deviations (``a``'s spread "within a factor 2 of ``b``'s": ``less`` with 2).

    The statistic is in the data's units: mean absolute deviation of ``a`` minus
    ``scale_b`` times that of ``b``.
    """
    if not (math.isfinite(scale_b) and scale_b > 0):
        raise ValueError(f"The 'scale_b' parameter of spread must be a finite number > 0. "
                         f"Got {scale_b!r} instead.")

    def deviations(groups, label):
        out = []
        for g in groups:
            g = _values(g, label)
            out.append(np.abs(g - np.median(g)))
        if not out:
            raise ValueError(f"The {label!r} parameter of spread must hold at least one group.")
        return np.concatenate(out)

    return two_sample(name, deviations(a_groups, "a_groups"),
                      scale_b * deviations(b_groups, "b_groups"), test, alpha=alpha)


def per_arm(values_by_arm: Mapping[str, Sequence[float]], test: Preregistered,
              **kwargs) -> list[TestResult]:
    """One test per arm (data set, rate, width), each at α / (number of arms) (Bonferroni), so
    the claim's family-wise level is the declared α."""
    if not values_by_arm:
        raise ValueError("The 'values_by_arm' parameter of per_arm must hold at least one arm.")
    k = len(values_by_arm)
    return [one_sample(str(arm), x, test, alpha=test.level / k, **kwargs)
            for arm, x in values_by_arm.items()]


def contrary_arms(values_by_arm: Mapping[str, Sequence[float]], test: Preregistered
                  ) -> list[str]:
    """Arms whose interval lies wholly on the wrong side of the threshold (a significant effect
    against the statement, at the Bonferroni share of α): a verified row may not hide them."""
    if test.alternative == "equivalence":
        return []
    k = max(1, len(values_by_arm))
    out = []
    for arm, x in values_by_arm.items():
        iv = t_interval(x, confidence=1 - 2 * test.level / k)
        wrong = iv.high < test.threshold if test.alternative == "greater" else (
            iv.low > test.threshold)
        if wrong:
            out.append(str(arm))
    return out


def _decide(iv: tuple[float, float], test: Preregistered, power: float) -> str:
    """The decision rule of the module docstring: ``holds`` when the interval clears the
    statement's threshold; ``fails`` when it excludes the statement and the test had
    :data:`~theory.claims.MIN_POWER` at the declared effect; else ``undecided``."""
    lo, hi, theta = iv[0], iv[1], test.threshold
    if test.alternative == "greater":
        holds, excluded = lo > theta, hi < theta
    elif test.alternative == "less":
        holds, excluded = hi < theta, lo > theta
    else:
        m = test.margin
        holds = theta - m < lo and hi < theta + m
        excluded = lo > theta + m or hi < theta - m
    if holds:
        return "holds"
    return "fails" if excluded and power >= MIN_POWER else "undecided"


def _interval(a: np.ndarray, confidence: float, method: str, random_state) -> tuple[float, float]:
    if a.size == 1:
        return (-math.inf, math.inf)
    if np.all(a == a[0]):
        return (float(a[0]), float(a[0]))
    if method == "bootstrap":
        res = sps.bootstrap((a,), np.mean, confidence_level=confidence, method="BCa",
                            n_resamples=4999, random_state=random_state)
        return (float(res.confidence_interval.low), float(res.confidence_interval.high))
    iv = t_interval(a, confidence=confidence)
    return (iv.low, iv.high)


def _p_one_sided(a: np.ndarray, theta: float, alternative: str) -> float:
    if a.size == 1:
        return 1.0
    if np.all(a == a[0]):
        return 0.0 if (a[0] > theta if alternative == "greater" else a[0] < theta) else 1.0
    return float(sps.ttest_1samp(a, theta, alternative=alternative).pvalue)


def _p_tost(a: np.ndarray, low: float, high: float) -> float:
    from statsmodels.stats.weightstats import DescrStatsW

    if a.size == 1:
        return 1.0
    if np.all(a == a[0]):
        return 0.0 if low < a[0] < high else 1.0
    return float(DescrStatsW(a).ttost_mean(low, high)[0])
