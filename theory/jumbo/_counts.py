"""Closed-form parameter and FLOP counts of the Jumbo ViT and of the ViT + registers baseline.

Fuller et al., *Thicker and Quicker: A Jumbo Token for Fast Plain Vision Transformers*
(arXiv 2502.15021, ICLR 2026). The architecture is read from the authors' code
(``antofuller/jumbo``): **v3** (commit 0dbacfd, the ICLR text: one Jumbo FFN shared by all
layers, no LayerScale, head on ``[x_J ; mean(patches)]``) and **v1** (commit eb4470d: a Jumbo FFN
per layer with LayerScale, final LayerNorm over the J·D Jumbo channels, head on x_J only, the
last layer's patch FFN built but skipped). The registers baseline (CLS + R registers, LayerScale,
positional embedding on patches only, head on CLS) is **our reading**: the authors' repository
has no registers model; we use their ``VisionTransformer`` plus R register tokens.

Conventions: D width, L layers, J Jumbo sub-tokens, R registers, C classes, N patches,
p patch size, c input channels. FLOPs = 2 × multiply–accumulates of the matmuls, the patch
convolution and the two attention products (QKᵀ and AV); LayerNorm, GELU, softmax, residual
additions and the patch mean are not counted (as ``torch.utils.flop_counter`` does). Counts are
for one image; parameters are scalars (numbers of weights).
"""

from __future__ import annotations

import functools
import inspect
from numbers import Integral

from theory.validation import Bool, Interval, Options, invalid, validate_params

_POS = Interval(1, None, integer=True)
_NONNEG = Interval(0, None, integer=True)


def _python_ints(fn):
    """Call ``fn`` with every integral argument as a Python int: the counts grow like J²D²L and
    numpy's fixed-width integers wrap silently (``np.int32(50000)`` gives a negative count).
    Applied under :func:`validate_params`, so bools have been refused already."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        for k, v in bound.arguments.items():
            if isinstance(v, Integral) and not isinstance(v, bool):
                bound.arguments[k] = int(v)
        return fn(*bound.args, **bound.kwargs)

    return wrapper

#: Widths, heads and J of the released configurations (``configs.py``); 12 layers, 224 px,
#: patch 16, 1000 classes. v1's ``configs.py`` has pico–small and no J (J = 6 in its paper).
_CONFIGS_V3 = {"pico": (96, 3, 6), "nano": (128, 4, 6), "tiny": (192, 3, 6),
               "small": (384, 6, 6), "base": (768, 12, 3)}


def configs(version: str = "v3") -> dict:
    """The released model configurations of the authors' code.

    Parameters
    ----------
    version : {"v3", "v1"}
        ``v3`` (``configs.py`` at 0dbacfd: pico, nano, tiny, small, base) or ``v1`` (eb4470d:
        pico–small; J and the Jumbo MLP ratio are passed separately there: J = 6, ratio 4).

    Returns
    -------
    dict
        ``name -> dict(D, H, J, L, img, p, c, C, N)`` with ``N = (img/p)²`` patches.
        Source: ``configs.py`` of each version (the released sizes).
    """
    # a str first: ``array in tuple`` compares elementwise and raises numpy's "truth value of an
    # array is ambiguous" instead of the message below
    if not isinstance(version, str) or version not in ("v3", "v1"):
        raise invalid("version", "configs", "one of {'v3', 'v1'}", version)
    names = list(_CONFIGS_V3) if version == "v3" else ["pico", "nano", "tiny", "small"]
    out = {}
    for name in names:
        D, H, J = _CONFIGS_V3[name]
        out[name] = {"D": D, "H": H, "J": J, "L": 12, "img": 224, "p": 16, "c": 3, "C": 1000,
                     "N": (224 // 16) ** 2}
    return out


def num_patches(img: int, p: int = 16) -> int:
    """N = (img/p)², the number of patch tokens of a square image.

    Raises through :mod:`theory.validation` unless ``p`` divides ``img``.

    Examples
    --------
    >>> from theory.jumbo import num_patches
    >>> num_patches(224), num_patches(448, 16)
    (196, 784)
    """
    for name, v in (("img", img), ("p", p)):
        if v not in _POS:
            raise invalid(name, "num_patches", str(_POS), v)
    img, p = int(img), int(p)
    if img % p:
        raise invalid("img", "num_patches", f"a multiple of p = {p}", img)
    return (img // p) ** 2


_SHAPE = {"D": _POS, "L": _POS, "J": _POS, "C": _POS, "N": _POS, "p": _POS, "c": _POS}


@validate_params({**_SHAPE, "variant": Options("v3", "v1"), "unused_cls": Bool()})
@_python_ints
def params_jumbo(D: int, L: int, J: int, C: int, N: int, p: int = 16, c: int = 3,
                 variant: str = "v3", unused_cls: bool = True) -> int:
    r"""Number of parameters of the Jumbo ViT.

    .. math::

        P_{v3} &= (cp^2+1)D + ND + [D]_{\text{unused CLS}} + JD
                 + L\,(12D^2 + 13D + 2JD) + (8J^2D^2 + 5JD) + 2D + ((J+1)D + 1)\,C, \\
        P_{v1} &= (cp^2+1)D + (N+J)D + L\,(12D^2 + 15D + 8J^2D^2 + 8JD) + 2JD + (JD+1)\,C.

    Per layer (v3): LN₁, QKV, projection, LN₂, patch FFN D→4D→D, and LN₃ over J·D;
    ``8J²D² + 5JD`` is the one Jumbo FFN JD→4JD→JD shared by the L layers. v1 has a Jumbo FFN
    and three LayerScales per layer (the last layer's patch FFN is built, hence counted, but
    never called).

    Parameters
    ----------
    D, L, J, C, N, p, c : int
        Width, layers, Jumbo sub-tokens, classes, patches, patch size, input channels.
    variant : {"v3", "v1"}
        Code version (the ICLR / arXiv v3 text = v3; arXiv v1 = v1).
    unused_cls : bool
        v3 keeps the base class's ``cls_token`` (D weights) although it is never used; the
        released state dict contains it. Ignored for v1 (whose ``cls_token`` *is* the Jumbo
        token, J × D).

    Returns
    -------
    int
        Number of scalar weights. Paper: the method (section number not seen) and the released sizes.

    Examples
    --------
    >>> from theory.jumbo import configs, params_jumbo
    >>> cf = configs()["nano"]
    >>> params_jumbo(cf["D"], cf["L"], cf["J"], cf["C"], cf["N"])
    8141800
    """
    stem = (c * p * p + 1) * D + N * D + J * D
    if variant == "v3":
        return (stem + (D if unused_cls else 0) + L * (12 * D * D + 13 * D + 2 * J * D)
                + _ffn(D, J) + 2 * D + ((J + 1) * D + 1) * C)
    return (stem + L * (12 * D * D + 15 * D + 8 * J * J * D * D + 8 * J * D)
            + 2 * J * D + (J * D + 1) * C)


@validate_params({"D": _POS, "J": _POS})
@_python_ints
def jumbo_ffn_params(D: int, J: int) -> int:
    r"""Parameters of one Jumbo FFN JD → 4JD → JD (with biases).

    .. math:: P_{\text{FFN}_J} = 4J^2D^2 + 4JD + 4J^2D^2 + JD = 8J^2D^2 + 5JD.

    Untying the v3 FFN into L copies adds :math:`(L-1)(8J^2D^2 + 5JD)`. Paper: the shared Jumbo FFN (section number not seen).
    """
    return _ffn(D, J)


def _ffn(D, J):
    return 8 * J * J * D * D + 5 * J * D


@validate_params({"D": _POS, "L": _POS, "R": _NONNEG, "C": _POS, "N": _POS, "p": _POS,
                  "c": _POS, "layerscale": Bool()})
@_python_ints
def params_vit_registers(D: int, L: int, R: int, C: int, N: int, p: int = 16, c: int = 3,
                         layerscale: bool = True) -> int:
    r"""Number of parameters of a plain ViT with a CLS token and R registers (our reading).

    .. math::

        P_{R} = (cp^2+1)D + (N + 1 + R)D + L\,(12D^2 + 13D + 2D\,[\text{LayerScale}])
                + 2D + (D+1)\,C.

    Positional embedding on the N patches only (as in the authors' ``VisionTransformer``),
    head on the CLS token. R = 0 is the plain ViT. Paper: the ViT+Registers baseline (our reading: the
    registers model is not in the released code).

    Returns
    -------
    int
        Number of scalar weights.
    """
    per_layer = 12 * D * D + 13 * D + (2 * D if layerscale else 0)
    return (c * p * p + 1) * D + (N + 1 + R) * D + L * per_layer + 2 * D + (D + 1) * C


@validate_params({**_SHAPE, "variant": Options("v3", "v1")})
@_python_ints
def flops_jumbo(D: int, L: int, J: int, C: int, N: int, p: int = 16, c: int = 3,
                variant: str = "v3") -> int:
    r"""Forward FLOPs of the Jumbo ViT for one image (2 × multiply–accumulates).

    .. math::

        F_{v3} = 2Ncp^2D + L\,[8TD^2 + 4T^2D + 16ND^2 + 16J^2D^2] + 2(J+1)DC,
        \qquad T = N + J.

    Attention (QKV, projection, QKᵀ, AV) over all T tokens: :math:`8TD^2 + 4T^2D`; patch FFN
    :math:`16ND^2`; the Jumbo FFN on its one J·D-wide token: :math:`16J^2D^2`. v1 skips the
    last layer's patch FFN and its head reads J·D features:
    :math:`F_{v1} = 2Ncp^2D + L[8TD^2 + 4T^2D + 16J^2D^2] + (L-1)16ND^2 + 2JDC`.
    Paper: the method and Fig. 3 (FLOP breakdown; not seen: our derivation from the code).

    Returns
    -------
    int
        FLOPs per image.
    """
    T = N + J
    attn = 8 * T * D * D + 4 * T * T * D
    jffn = 16 * J * J * D * D
    pffn = 16 * N * D * D
    stem = 2 * N * c * p * p * D
    if variant == "v3":
        return stem + L * (attn + pffn + jffn) + 2 * (J + 1) * D * C
    return stem + L * (attn + jffn) + (L - 1) * pffn + 2 * J * D * C


@validate_params({"D": _POS, "L": _POS, "R": _NONNEG, "C": _POS, "N": _POS, "p": _POS,
                  "c": _POS})
@_python_ints
def flops_vit_registers(D: int, L: int, R: int, C: int, N: int, p: int = 16,
                        c: int = 3) -> int:
    r"""Forward FLOPs of a ViT with CLS + R registers for one image.

    .. math::

        F_R = 2Ncp^2D + L\,[8T'D^2 + 4T'^2D + 16T'D^2] + 2DC, \qquad T' = N + R + 1.

    Every token, registers included, goes through the per-layer FFN. Paper: the ViT+Registers baseline
    (our reading).

    Returns
    -------
    int
        FLOPs per image.
    """
    T = N + R + 1
    return 2 * N * c * p * p * D + L * (8 * T * D * D + 4 * T * T * D + 16 * T * D * D) + 2 * D * C


@validate_params({"D": _POS, "L": _POS, "T": _POS})
@_python_ints
def attention_flops(D: int, L: int, T: int) -> int:
    r"""FLOPs of the L attention sublayers over T tokens of width D.

    .. math:: F_{\text{attn}} = L\,(8TD^2 + 4T^2D).

    Depends on the token count only: a Jumbo ViT (T = N + J) costs exactly what a ViT with
    CLS + (J − 1) registers costs. Paper: abstract ("attention-only, plain").
    """
    return L * (8 * T * D * D + 4 * T * T * D)


@validate_params({"J": _POS, "N": _POS})
@_python_ints
def ffn_flop_ratio(J: int, N: int) -> float:
    r"""FLOPs of the Jumbo FFN relative to the patch FFN of the same layer.

    .. math:: \frac{16J^2D^2}{16ND^2} = \frac{J^2}{N}.

    The Jumbo FFN costs as much as J² patch tokens, i.e. J times the FFN cost of J registers.
    Paper: Fig. 3 (our derivation).

    The exact ratio of the two Python ints, correctly rounded; refused where it is not a float64
    (above 1.8e308, or positive but below 5e-324, which would round to 0.0).
    """
    return _ratio(J * J, N, "ffn_flop_ratio", ("J", J), ("N", N))


@validate_params({**_SHAPE})
@_python_ints
def jumbo_ffn_share(D: int, L: int, J: int, C: int, N: int, p: int = 16, c: int = 3) -> float:
    r"""Share of the v3 forward FLOPs spent in the Jumbo FFN.

    .. math:: s = \frac{16LJ^2D^2}{F_{v3}}.

    Resolution-dependent through N: for nano (D = 128, J = 6) 24.1 % at 128 px (N = 64),
    8.5 % at 224 px, 1.4 % at 448 px.

    Examples
    --------
    >>> from theory.jumbo import configs, jumbo_ffn_share, num_patches
    >>> cf = configs()["nano"]
    >>> D, L, J, C = cf["D"], cf["L"], cf["J"], cf["C"]
    >>> [round(jumbo_ffn_share(D, L, J, C, num_patches(s)), 3) for s in (128, 224, 448)]
    [0.241, 0.085, 0.014]

    The share lies in (0, 1); where it is below 5e-324 (N, C or p·c beyond ~1e160 against J·D)
    it would round to 0.0, and the parameter whose term dominates the FLOPs is refused.
    """
    F = flops_jumbo(D, L, J, C, N, p, c)
    # the dominant term of F names the parameter that makes the share vanish
    terms = {"N": L * (8 * (N + J) * D * D + 4 * (N + J) ** 2 * D + 16 * N * D * D),
             "C": 2 * (J + 1) * D * C, ("p" if p * p >= c else "c"): 2 * N * c * p * p * D}
    name = max(terms, key=terms.get)
    value = {"N": N, "C": C, "p": p, "c": c}[name]
    return _ratio(16 * L * J * J * D * D, F, "jumbo_ffn_share", ("J", J), (name, value),
                  "share")


def _ratio(num: int, den: int, caller: str, big: tuple, small: tuple,
           what: str = "ratio") -> float:
    """``num / den`` (positive Python ints) as a float, correctly rounded (Python's int division),
    or a refusal in the package's template: naming ``big`` (name, value) where the ratio
    overflows float64, ``small`` where a positive ratio would round to 0.0."""
    try:
        r = num / den
    except OverflowError:
        raise invalid(big[0], caller, f"small enough that the {what} stays below 1.8e308 (float64)",
                      big[1]) from None
    if r == 0.0:
        raise invalid(small[0], caller, f"small enough that the {what} stays above 5e-324 "
                      "(float64; it would round to 0.0)", small[1])
    return r


