r"""Horizon-conditional variance :math:`\operatorname{Var}[x_{t+h}\mid x_t]` of processes whose
truth is known in closed form: the random walk, AR(1), the Ornstein–Uhlenbeck process, full-state
linear-Gaussian systems, a rotating phase observed as (cos θ, sin θ), and a random walk with
resets.

These are the ground truth a horizon-calibrated predictor (Wan et al., *Learning to Be
Uncertain: Pre-Training World Models with Horizon-Calibrated Uncertainty*, ICLR 2026, OpenReview
pZuZWRuPyi) must match at every horizon. Nothing here is the paper's: only its abstract is public,
and these are the standard moments of the processes. Units: the squared units of the state
(``s2`` and ``sigma**2`` carry them); horizons ``h`` are steps (``ou``: time).
"""

from __future__ import annotations

import inspect

import numpy as np

from theory.hauwm._checks import MAX_STEPS, broadcast, real, representable
from theory.validation import Interval, Options, check_array, check_param, invalid

_PROCESSES = Options("random_walk", "ar1", "ou", "lgssm", "circle", "reset")
_POS = Interval(0, None, closed="neither")
_COMPONENTS = Options("cos", "sin", "trace")
#: The longest horizon :func:`var_lgssm` sums step by step (h matrix products): a longer one
#: would run for minutes, so it is refused rather than started.
MAX_LGSSM_STEPS = 10**6


def _horizons(h, caller: str, *, integer: bool = True, high: int = MAX_STEPS) -> np.ndarray:
    steps = f"an int in [1, {high}] (a number of steps) or an array of them"
    if isinstance(h, bool | np.bool_):
        raise invalid("h", caller, steps if integer else "a float > 0 (a time)", h)
    try:
        a = np.asarray(h)
    except (TypeError, ValueError):
        a = np.asarray(None)
    if a.size == 0:
        raise invalid("h", caller, "a non-empty horizon or array of horizons", "<empty array>")
    if a.dtype.kind not in "iuf" or (a.dtype.kind == "O"):
        raise invalid("h", caller, steps if integer else "a float > 0 (a time) or an array of "
                      "them", h if a.ndim == 0 else f"<array of dtype {a.dtype}>")
    if integer:
        if a.dtype.kind == "f":
            bad = ~np.isfinite(a) | (a != np.round(a))
            if np.any(bad):
                raise invalid("h", caller, steps, float(a.ravel()[np.argmax(bad.ravel())]))
        if np.any(a < 1) or np.any(a > high):
            worst = a.min() if np.any(a < 1) else a.max()
            raise invalid("h", caller, steps, worst.item())
        return a.astype(np.int64)
    a = np.asarray(a, dtype=np.float64)
    bad = ~np.isfinite(a) | (a <= 0)
    if np.any(bad):
        raise invalid("h", caller, "a float > 0 (a time) or an array of them",
                      float(a.ravel()[np.argmax(bad.ravel())]))
    return a


def _pos(name: str, value, caller: str) -> float:
    check_param(name, value, _POS, caller)
    return float(value)


def var_random_walk(h, s2: float):
    r"""Conditional variance of the random walk :math:`x_{t+1} = x_t + \sqrt{s_2}\,\varepsilon`.

    Parameters
    ----------
    h : int or array of int, ≥ 1
        Horizon in steps.
    s2 : float > 0
        Per-step noise variance (state units squared).

    Returns
    -------
    V : float or array like ``h``

    Notes
    -----
    .. math:: \operatorname{Var}[x_{t+h}\mid x_t] = h\,s_2 \quad\text{(linear growth).}

    Examples
    --------
    >>> import numpy as np
    >>> from theory.hauwm import var_random_walk
    >>> var_random_walk(np.arange(1, 5), 0.5)
    array([0.5, 1. , 1.5, 2. ])
    """
    h = _horizons(h, "var_random_walk")
    with np.errstate(over="ignore"):
        out = h * _pos("s2", s2, "var_random_walk")
    return representable(out, "var_random_walk", "'h' and 's2'", f"h·s2 (s2={s2!r})")


def var_ar1(h, phi: float, s2: float):
    r"""Conditional variance of the stationary AR(1) :math:`x_{t+1} = \varphi x_t + \sqrt{s_2}\,
    \varepsilon`, :math:`|\varphi| < 1`.

    Notes
    -----
    .. math::
        \operatorname{Var}[x_{t+h}\mid x_t] = s_2\,\frac{1-\varphi^{2h}}{1-\varphi^2},
        \qquad \operatorname{E}[x_{t+h}\mid x_t] = \varphi^h x_t .

    The increment :math:`V(h+1) - V(h) = s_2\varphi^{2h}` tends to 0: the variance saturates at
    :math:`s_2/(1-\varphi^2)`.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.hauwm import var_ar1
    >>> np.round(var_ar1(np.array([1, 2, 12]), 0.8, 1.0), 6)
    array([1.     , 1.64   , 2.76466])
    >>> round(1.0 / (1 - 0.8**2), 6)
    2.777778
    """
    h = _horizons(h, "var_ar1")
    check_param("phi", phi, Interval(-1, 1, closed="neither"), "var_ar1")
    s2 = _pos("s2", s2, "var_ar1")
    phi = float(phi)
    with np.errstate(over="ignore"):
        if abs(phi) <= 0.99:
            out = s2 * (1 - phi ** (2 * h)) / (1 - phi**2)
        else:
            # near |φ| = 1: 1 − φ^{2h} through expm1 of 2h·log|φ| (no cancellation), 1 − φ²
            # as (1 − |φ|)(1 + |φ|) (exact difference); s2/(1 − φ²) may exceed float64
            a = abs(phi)
            out = s2 * (-np.expm1(2 * h * np.log(a)) / ((1 - a) * (1 + a)))
    return representable(out, "var_ar1", "'phi' and 's2'", f"s2·(1 − φ^2h)/(1 − φ²) (phi={phi!r}, "
                         f"s2={s2!r})")


def var_ou(h, theta: float, sigma: float):
    r"""Conditional variance of the Ornstein–Uhlenbeck process :math:`dX = -\theta X\,dt +
    \sigma\,dW` after a time ``h``.

    Notes
    -----
    .. math:: \operatorname{Var}[X_{t+h}\mid X_t] = \frac{\sigma^2}{2\theta}\bigl(1-e^{-2\theta h}
        \bigr), \qquad \operatorname{E}[X_{t+h}\mid X_t] = e^{-\theta h} X_t .
    """
    h = _horizons(h, "var_ou", integer=False)
    theta = _pos("theta", theta, "var_ou")
    sigma = np.float64(_pos("sigma", sigma, "var_ou"))
    with np.errstate(over="ignore", invalid="ignore"):
        out = sigma**2 / (2 * theta) * -np.expm1(-2 * theta * h)
        if not np.all(np.isfinite(out)):
            # (1 − e^{−x})/(2θ) with x = 2θh, as h·(1 − e^{−x})/x where x is small (θ may be
            # subnormal), and σ scaled before squaring
            x = 2 * theta * h
            small = x <= 1
            g = np.where(small, h * (-np.expm1(-np.where(small, x, 1.0))
                                     / np.where(small & (x > 0), x, 1.0)),
                         -np.expm1(-x) / (2 * theta))
            g = np.where(small & (x == 0), h, g)
            out = (sigma * np.sqrt(g)) ** 2
    return representable(out, "var_ou", "'h', 'theta' and 'sigma'",
                         f"σ²(1 − e^(−2θh))/(2θ) (theta={theta:g}, sigma={float(sigma):g})")


def var_lgssm(h, A, Q):
    r"""Conditional covariance of the full-state linear-Gaussian system :math:`z_{t+1} = A z_t +
    w_t`, :math:`w_t\sim\mathcal N(0, Q)`.

    Parameters
    ----------
    h : int or array of int, ≥ 1
    A : array (d, d)
    Q : array (d, d), symmetric positive semi-definite

    Returns
    -------
    Sigma : array (d, d), or (len(h), d, d) for an array ``h``

    Notes
    -----
    .. math:: \Sigma_h = \sum_{i=0}^{h-1} A^i Q (A^i)^\top,

    non-decreasing in ``h`` in the positive semi-definite order (the increment
    :math:`A^h Q (A^h)^\top \succeq 0`), with increments tending to 0 for a stable ``A``.
    """
    h = _horizons(h, "var_lgssm", high=MAX_LGSSM_STEPS)
    A = check_array(A, "A", "var_lgssm", ndim=2)
    Q = check_array(Q, "Q", "var_lgssm", ndim=2)
    d = A.shape[0]
    if A.shape != (d, d):
        raise invalid("A", "var_lgssm", "a square 2-D array", f"<array of shape {A.shape}>")
    if Q.shape != (d, d):
        raise invalid("Q", "var_lgssm", f"a ({d}, {d}) array (the shape of A)",
                      f"<array of shape {Q.shape}>")
    if not np.allclose(Q, Q.T, rtol=1e-12, atol=1e-14) or np.linalg.eigvalsh(
            Q / 2 + Q.T / 2).min() < -1e-12 * max(1.0, np.abs(Q).max()):
        raise invalid("Q", "var_lgssm", "a symmetric positive semi-definite array",
                      "<array that is not symmetric PSD>")
    hs = np.atleast_1d(h).ravel()
    H = int(hs.max())
    # keep only the horizons asked for: memory len(h)·d², not H·d²
    wanted = np.unique(hs)
    kept = np.empty((len(wanted), d, d))
    S, P = np.zeros((d, d)), np.eye(d)
    j = 0
    with np.errstate(over="ignore", invalid="ignore"):
        for i in range(1, H + 1):
            S = S + P @ Q @ P.T
            if wanted[j] == i:
                kept[j] = S
                j += 1
            P = A @ P
    representable(kept, "var_lgssm", "'h' and 'A'", f"Σ_h at h = {H} (an unstable A)")
    res = kept[np.searchsorted(wanted, hs)].reshape(*np.shape(h), d, d)
    return res


def var_circle(h, omega: float, s2: float, theta0: float = 0.0, component: str = "cos"):
    r"""Conditional variance of the observation of a rotating phase :math:`\theta_{t+1} =
    \theta_t + \omega + \sqrt{s_2}\,\varepsilon`, observed as :math:`(\cos\theta, \sin\theta)`.

    Parameters
    ----------
    h : int or array of int, ≥ 1
    omega : float
        Angular step (radians).
    s2 : float > 0
        Phase noise variance per step (radians squared).
    theta0 : float
        The current phase :math:`\theta_t` (radians).
    component : {"cos", "sin", "trace"}
        ``"trace"`` is :math:`\operatorname{Var}\cos + \operatorname{Var}\sin`.

    Notes
    -----
    With :math:`S = h s_2` and :math:`\phi_h = \theta_t + h\omega`,

    .. math::
        \operatorname{Var}[\cos\theta_{t+h}] = \tfrac12\bigl(1 + e^{-2S}\cos 2\phi_h\bigr)
        - e^{-S}\cos^2\phi_h, \qquad
        \operatorname{Var}[\sin\theta_{t+h}] = \tfrac12\bigl(1 - e^{-2S}\cos 2\phi_h\bigr)
        - e^{-S}\sin^2\phi_h,

    and the trace :math:`1 - e^{-S}` is monotone in ``h`` while each coordinate need not be.
    Dimensionless (the observation lies on the unit circle).
    """
    h = _horizons(h, "var_circle")
    check_param("omega", omega, Interval(None, None), "var_circle")
    s2 = _pos("s2", s2, "var_circle")
    check_param("theta0", theta0, Interval(None, None), "var_circle")
    check_param("component", component, _COMPONENTS, "var_circle")
    with np.errstate(over="ignore"):
        S = h * s2  # inf is exact here: e^{-S} = 0
    with np.errstate(over="ignore", invalid="ignore"):
        ph = float(theta0) + h * float(omega)
    representable(ph, "var_circle", "'h', 'omega' and 'theta0'", "the phase θ0 + h·ω")
    if component == "trace":
        return -np.expm1(-S)
    with np.errstate(over="ignore", invalid="ignore"):
        # 2φ overflows for |φ| > 9e307: cos 2φ = 1 − 2 sin²φ there
        cos2 = np.where(np.abs(ph) < 8e307, np.cos(2 * ph), 1 - 2 * np.sin(ph) ** 2)
    c2 = np.exp(-2 * S) * cos2
    if component == "cos":
        return 0.5 * (1 + c2) - np.exp(-S) * np.cos(ph) ** 2
    return 0.5 * (1 - c2) - np.exp(-S) * np.sin(ph) ** 2


def var_reset(h, L: int, s2: float, phase: int = 0):
    r"""Conditional variance of a random walk reset to 0 at every multiple of ``L`` (episode or
    home-position resets): :math:`x_{t+1} = x_t + \sqrt{s_2}\varepsilon`, except
    :math:`x_{t+1} = 0` when :math:`t+1 \equiv 0 \pmod L`.

    Parameters
    ----------
    h : int or array of int, ≥ 1
    L : int ≥ 2
        Reset period (steps).
    s2 : float > 0
    phase : int in [0, L)
        :math:`t \bmod L` of the current time (0: just reset).

    Notes
    -----
    .. math:: \operatorname{Var}[x_{t+h}\mid x_t] = \begin{cases} h\,s_2 & p + h < L\\
        \bigl((p+h)\bmod L\bigr)\,s_2 & p + h \ge L \end{cases}

    with :math:`p` the phase: non-monotone in ``h`` even as a total variance.
    """
    h = _horizons(h, "var_reset")
    check_param("L", L, Interval(2, None, integer=True), "var_reset")
    s2 = _pos("s2", s2, "var_reset")
    check_param("phase", phase, Interval(0, L - 1, integer=True), "var_reset")
    steps = np.where(phase + h < L, h, (phase + h) % L)
    with np.errstate(over="ignore"):
        out = steps * s2
    return representable(out, "var_reset", "'h' and 's2'", f"steps·s2 (s2={s2!r})")


_DISPATCH = {"random_walk": var_random_walk, "ar1": var_ar1, "ou": var_ou, "lgssm": var_lgssm,
             "circle": var_circle, "reset": var_reset}


def conditional_variance(process: str, h, **params):
    r"""Closed-form :math:`\operatorname{Var}[x_{t+h}\mid x_t]` of a named process.

    Parameters
    ----------
    process : {"random_walk", "ar1", "ou", "lgssm", "circle", "reset"}
    h : int or array (``ou``: float times > 0)
    **params
        The process's parameters: ``random_walk(s2)``, ``ar1(phi, s2)``, ``ou(theta, sigma)``,
        ``lgssm(A, Q)``, ``circle(omega, s2, theta0=0, component="cos")``,
        ``reset(L, s2, phase=0)``.

    Notes
    -----
    .. math:: V(h) = \operatorname{Var}[x_{t+h}\mid x_t]

    for each process as documented in :func:`var_random_walk`, :func:`var_ar1`, :func:`var_ou`,
    :func:`var_lgssm`, :func:`var_circle` and :func:`var_reset`. This is the target of a
    horizon-calibrated predictor (the paper's premise, abstract of OpenReview pZuZWRuPyi).
    """
    check_param("process", process, _PROCESSES, "conditional_variance")
    fn = _DISPATCH[process]
    sig = inspect.signature(fn)
    names = [n for n in sig.parameters if n != "h"]
    required = [n for n in names if sig.parameters[n].default is inspect.Parameter.empty]
    unknown = sorted(set(params) - set(names))
    missing = [n for n in required if n not in params]
    if unknown or missing:
        raise invalid("params", "conditional_variance",
                      f"the parameters of {process!r}: {names} (required {required})",
                      f"<{sorted(params)}>")
    return fn(h, **params)


def conditional_mean(process: str, h, x0, **params):
    r"""Closed-form :math:`\operatorname{E}[x_{t+h}\mid x_t = x_0]` (``ar1``, ``ou``,
    ``random_walk``, ``circle``: the mean of (cos θ, sin θ), shape (..., 2)).

    Notes
    -----
    .. math:: \operatorname{E}[x_{t+h}\mid x_t] = \varphi^h x_t \ (\text{AR(1)}),\quad
        e^{-\theta h} x_t\ (\text{OU}),\quad x_t\ (\text{random walk}),\quad
        e^{-hs_2/2}(\cos\phi_h, \sin\phi_h)\ (\text{circle}).
    """
    check_param("process", process, Options("random_walk", "ar1", "ou", "circle"),
                "conditional_mean")
    names = {"random_walk": ((), ("s2",)), "ar1": (("phi",), ("s2",)),
             "ou": (("theta",), ("sigma",)), "circle": (("omega", "s2"), ())}[process]
    required, optional = names
    unknown = sorted(set(params) - set(required) - set(optional))
    missing = [n for n in required if n not in params]
    if unknown or missing:
        raise invalid("params", "conditional_mean",
                      f"the parameters of {process!r}: {[*required, *optional]} (required "
                      f"{list(required)})", f"<{sorted(params)}>")
    x0 = real(x0, "x0", "conditional_mean")
    if process == "ou":
        h = _horizons(h, "conditional_mean", integer=False)
        broadcast("conditional_mean", h=h, x0=x0)
        return np.exp(-_pos("theta", params["theta"], "conditional_mean") * h) * x0
    h = _horizons(h, "conditional_mean")
    broadcast("conditional_mean", h=h, x0=x0)
    if process == "random_walk":
        return np.broadcast_to(x0, np.broadcast(h, x0).shape) * 1.0
    if process == "ar1":
        check_param("phi", params["phi"], Interval(-1, 1, closed="neither"), "conditional_mean")
        return float(params["phi"]) ** h * x0
    s2 = _pos("s2", params["s2"], "conditional_mean")
    check_param("omega", params["omega"], Interval(None, None), "conditional_mean")
    with np.errstate(over="ignore", invalid="ignore"):
        ph = x0 + h * float(params["omega"])
    representable(ph, "conditional_mean", "'h', 'omega' and 'x0'", "the phase x0 + h·ω")
    r = np.exp(-h * s2 / 2)
    return np.stack([r * np.cos(ph), r * np.sin(ph)], axis=-1)
