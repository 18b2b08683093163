"""The torch Jumbo and registers models: counts against the closed forms on small shapes,
state-dict layout, the v1/v3 forward structure, the initial loss, and the CUDA path."""

import math

import pytest
import torch

from numerics.jumbo.models import Jumbo, ViTRegisters, count_flops, count_params, untie_jumbo_ffn
from theory.jumbo import flops_jumbo, flops_vit_registers, params_jumbo, params_vit_registers
from theory.jumbo._reference import expand_keys, weight_tensors
from theory.validation import InvalidParameterError


@pytest.mark.parametrize("D,L,H,J,img,p", [(8, 2, 1, 4, 8, 2), (12, 3, 3, 2, 16, 4),
                                           (16, 1, 2, 1, 8, 4)])
def test_params_and_flops_match_closed_forms_on_small_shapes(D, L, H, J, img, p):
    n = (img // p) ** 2
    for variant in ("v3", "v1"):
        m = Jumbo(D, L, H, J, 7, img, p, 1, variant=variant, device="meta")
        assert count_params(m) == params_jumbo(D, L, J, 7, n, p, 1, variant=variant)
        assert count_flops(m, img, 1) == flops_jumbo(D, L, J, 7, n, p, 1, variant=variant)
    r = ViTRegisters(D, L, H, 3, 7, img, p, 1, device="meta")
    assert count_params(r) == params_vit_registers(D, L, 3, 7, n, p, 1)
    assert count_flops(r, img, 1) == flops_vit_registers(D, L, 3, 7, n, p, 1)
    r0 = ViTRegisters(D, L, H, 0, 7, img, p, 1, layerscale=False, device="meta")
    assert count_params(r0) == params_vit_registers(D, L, 0, 7, n, p, 1, layerscale=False)


def test_state_dict_keys_are_the_released_layout():
    for variant, model in (("v3", "jumbo_v3"), ("v1", "jumbo_v1")):
        m = Jumbo(8, 2, 1, 4, 10, 8, 2, 1, variant=variant, device="meta")
        sd = {k: tuple(v.shape) for k, v in m.state_dict().items()}
        assert sd == expand_keys(weight_tensors(model, 8, 2, 10, 16, 2, 1, J=4), 2)
    r = ViTRegisters(8, 2, 1, 3, 10, 8, 2, 1, device="meta")
    sd = {k: tuple(v.shape) for k, v in r.state_dict().items()}
    assert sd == expand_keys(weight_tensors("registers", 8, 2, 10, 16, 2, 1, R=3), 2)


def test_initial_loss_is_log_c():
    torch.manual_seed(0)
    for variant in ("v3", "v1"):
        m = Jumbo(8, 2, 1, 3, 10, 8, 2, 1, variant=variant, dtype=torch.float64)
        x = torch.randn(6, 1, 8, 8, dtype=torch.float64)
        loss = torch.nn.functional.cross_entropy(m(x), torch.arange(6))
        assert abs(loss.item() - math.log(10)) < 1e-12


def test_untied_copy_gives_the_same_output_and_split_is_contiguous():
    torch.manual_seed(1)
    m = Jumbo(8, 2, 1, 3, 10, 8, 2, 1, dtype=torch.float64)
    for p in m.parameters():
        p.data.normal_(0, 0.3)
    x = torch.randn(2, 1, 8, 8, dtype=torch.float64)
    assert torch.equal(m(x), untie_jumbo_ffn(m)(x))
    # sub-token j of the Jumbo token holds channels [jD, (j+1)D) of the wide vector
    tok = torch.arange(24.0).reshape(1, 3, 8)
    assert torch.equal(tok.reshape(1, 24)[:, 8:16], tok[:, 1])


def test_bad_variant_raises_with_the_template():
    with pytest.raises(InvalidParameterError, match="variant"):
        Jumbo(8, 1, 1, 2, 10, 8, 2, 1, variant="v2")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_forward_and_training_step():
    from numerics.jumbo.experiments import train_digits

    m = Jumbo(8, 2, 1, 4, 10, 8, 2, 1, device="cuda")
    x = torch.randn(4, 1, 8, 8, device="cuda")
    out = m(x)
    assert out.device.type == "cuda" and out.shape == (4, 10)
    assert count_flops(m, 8, 1) == flops_jumbo(8, 2, 4, 10, 16, 2, 1)
    r = train_digits.uncached("jumbo", 8, 0, 2, "cuda")
    assert 0.0 <= r["acc"] <= 1.0
