"""Jumbo counts and models at valid extremes (issue 56, item 4): the two float results refused
where float64 cannot hold them (raw OverflowError, or a silent 0.0, before), ints standing for
bools refused, the reference enumeration exact at huge widths, and the torch models / digits
helpers refusing sizes they used to accept silently."""

from __future__ import annotations

import numpy as np
import pytest

from tests.refusals import refused, refused_saying
from theory.jumbo import (
    configs,
    ffn_flop_ratio,
    flops_jumbo,
    jumbo_ffn_share,
    params_jumbo,
    params_vit_registers,
)
from theory.jumbo._reference import count_flops as ref_flops
from theory.jumbo._reference import matmuls


@pytest.mark.parametrize("J, N", [(10**200, 1), (10**160, 10**10)])
def test_ffn_flop_ratio_overflow_refused(J, N):
    """Was a raw OverflowError ('integer division result too large for a float')."""
    refused_saying("J", lambda: ffn_flop_ratio(J, N), allowed="below 1.8e308")


@pytest.mark.parametrize("N", [10**400, 10**700])
def test_ffn_flop_ratio_underflow_refused(N):
    """Returned 0.0 for the positive ratio 1/N = 1e-400."""
    refused_saying("N", lambda: ffn_flop_ratio(1, N), allowed="above 5e-324")


def test_ffn_flop_ratio_exact_at_large_ints():
    # Python's int division is correctly rounded: J²/N exactly representable stays exact
    assert ffn_flop_ratio(10**150, 10**200) == 1e100
    assert ffn_flop_ratio(3, 10**320) == 9e-320  # subnormal, still the nearest float


@pytest.mark.parametrize("args, name", [((128, 12, 6, 1000, 10**400), "N"),
                                        ((1, 1, 1, 10**400, 1), "C"),
                                        ((1, 1, 1, 1, 1, 10**200, 1), "p")])
def test_jumbo_ffn_share_underflow_refused(args, name):
    """Returned 0.0 for a share in (0, 1); the parameter whose FLOPs dominate is named."""
    refused_saying(name, lambda: jumbo_ffn_share(*args), allowed="above 5e-324")


def test_jumbo_ffn_share_at_huge_width_against_limit():
    # D → ∞: share → 16J²/(8T + 16N + 16J²) (the D² terms), exact int arithmetic throughout
    J, N = 6, 196
    lim = 16 * J * J / (8 * (N + J) + 16 * N + 16 * J * J)
    assert jumbo_ffn_share(10**200, 12, J, 1000, N) == pytest.approx(lim, rel=1e-12)


def test_bool_flags_refuse_ints():
    """unused_cls=1 and layerscale=0 were accepted (Options(True, False) holds 1 and 0)."""
    refused_saying("unused_cls", lambda: params_jumbo(1, 1, 1, 1, 1, unused_cls=1))
    refused_saying("layerscale", lambda: params_vit_registers(1, 1, 0, 1, 1, layerscale=0))
    assert params_jumbo(1, 1, 1, 1, 1, unused_cls=np.bool_(True)) == params_jumbo(1, 1, 1, 1, 1)


def test_configs_array_version_refused():
    """An array version raised numpy's 'truth value ... is ambiguous'."""
    refused_saying("version", lambda: configs(np.array(["v3", "v1"])))


def test_reference_flops_exact_at_huge_width():
    """The enumeration used D / H (a float): 6.3936e+44 instead of the exact 45-digit count."""
    D = 10**20
    got = ref_flops(matmuls("jumbo_v3", D, 12, 1000, 196, J=6, H=4))
    assert got == flops_jumbo(D, 12, 6, 1000, 196) and isinstance(got, int)


def test_reference_numpy_zero_registers_has_no_reg_token():
    """R = np.int64(0) listed an empty 'reg_token' key that the R = 0 model does not have."""
    from theory.jumbo._reference import expand_keys, weight_tensors

    a = expand_keys(weight_tensors("registers", 8, 2, 10, 16, R=np.int64(0)), 2)
    assert a == expand_keys(weight_tensors("registers", 8, 2, 10, 16, R=0), 2)
    assert "reg_token" not in a


# --- numerics.jumbo (torch models and the digits helpers) ---------------------------------

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("kw, name", [({"img": 9}, "img"), ({"J": 0}, "J"), ({"D": True}, "D"),
                                      ({"L": 0}, "L"), ({"D": 8.0}, "D"), ({"H": 3}, "H"),
                                      ({"explicit_attention": 1}, "explicit_attention")])
def test_jumbo_model_sizes_refused(kw, name):
    """img = 9 with p = 2 built a model for 8-px images (N = 16) silently; J = 0 a Jumbo without
    a token; D = True and 8.0 were torch TypeErrors, H = 3 a hand-written ValueError."""
    from numerics.jumbo.models import Jumbo

    args = {"D": 8, "L": 1, "H": 1, "J": 2, "C": 10, "img": 8, "p": 2, "c": 1, **kw}
    refused_saying(name, lambda: Jumbo(**args, device="meta"))


def test_registers_negative_R_refused():
    """R = -1 built a plain ViT (no registers) without a word."""
    from numerics.jumbo.models import ViTRegisters

    refused_saying("R", lambda: ViTRegisters(8, 1, 1, -1, 10, 8, 2, 1, device="meta"))


def test_count_flops_inputs():
    """batch = 0 / -1 and an img or c other than the model's were raw torch RuntimeErrors; c now
    defaults to the model's channels (it defaulted to 3, wrong for a 1-channel model)."""
    from numerics.jumbo.models import Jumbo, count_flops, untie_jumbo_ffn

    m = Jumbo(8, 1, 1, 2, 10, img=8, p=2, c=1, device="meta")
    assert count_flops(m) == count_flops(m, 8, 1) == flops_jumbo(8, 1, 2, 10, 16, 2, 1)
    for kw, name in (({"batch": 0}, "batch"), ({"batch": True}, "batch"),
                     ({"img": 16}, "img"), ({"c": 3}, "c")):
        refused(name, count_flops, m, **kw)
    refused_saying("model", lambda: untie_jumbo_ffn(3))


def test_digits_family_and_width():
    """An unknown family was costed (and built) as the plain ViT; iso_flop_width stepped one
    width at a time (~D costings: hours at D = 10**8), now bisects to the same answer."""
    from numerics.jumbo.experiments import _valid_width, arch_cost, heads, iso_flop_width

    refused_saying("family", lambda: arch_cost("Jumbo", 8))
    refused_saying("family", lambda: iso_flop_width("regs", 8))
    refused_saying("D", lambda: heads(0))

    def stepwise(family, D):
        target, w = arch_cost("jumbo", D)[1], 1
        while not (_valid_width(w) and arch_cost(family, w)[1] >= target):
            w += 1
        return w

    for fam in ("registers", "plain", "jumbo"):
        for D in (1, 2, 7, 8, 9, 16, 33, 100):
            assert iso_flop_width(fam, D) == stepwise(fam, D)
    w = iso_flop_width("plain", 10**8)
    assert _valid_width(w) and arch_cost("plain", w)[1] >= arch_cost("jumbo", 10**8)[1]
    assert arch_cost("plain", w - 8)[1] < arch_cost("jumbo", 10**8)[1]
