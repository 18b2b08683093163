"""Independent enumerations: the weight tensors and the matmuls of each model, one by one.

These lists are written from the authors' module structure (``antofuller/jumbo``,
``models/jumbo.py`` and ``models/vision_transformer.py``, timm's ``Mlp`` and ``PatchEmbed``),
with the released state-dict key names, and not from the closed forms of :mod:`._counts`.
They accept sympy symbols as well as ints: a tensor repeated in every layer carries the
multiplicity ``L`` instead of being listed L times, so the sums can be expanded symbolically.
"""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral


@dataclass(frozen=True)
class Tensor:
    """One weight tensor: its key (``{i}`` stands for the layer index), shape and multiplicity."""

    key: str
    shape: tuple
    mult: object = 1

    @property
    def size(self):
        n = 1
        for s in self.shape:
            n = n * s
        return n


def _linear(key, fan_in, fan_out, mult=1):
    return [Tensor(key + ".weight", (fan_out, fan_in), mult), Tensor(key + ".bias", (fan_out,), mult)]


def _ln(key, dim, mult=1):
    return [Tensor(key + ".weight", (dim,), mult), Tensor(key + ".bias", (dim,), mult)]


def weight_tensors(model: str, D, L, C, N, p=16, c=3, J=1, R=0, *, unused_cls=True,
                   untied=False) -> list[Tensor]:
    """Every weight tensor of ``model`` in {"jumbo_v3", "jumbo_v1", "registers"}.

    ``untied`` (v3 only): the shared Jumbo FFN replaced by one copy per layer
    (keys ``blocks.{i}.jumbo_mlp.*``).
    """
    t = [Tensor("patch_embed.proj.weight", (D, c, p, p)), Tensor("patch_embed.proj.bias", (D,)),
         Tensor("pos_embed", (1, N, D))]
    blk = "blocks.{i}."
    layer = (_ln(blk + "norm1", D, L) + _linear(blk + "attn.qkv", D, 3 * D, L)
             + _linear(blk + "attn.proj", D, D, L) + _ln(blk + "norm2", D, L)
             + _linear(blk + "mlp.fc1", D, 4 * D, L) + _linear(blk + "mlp.fc2", 4 * D, D, L))
    if model == "jumbo_v3":
        if unused_cls:
            t.append(Tensor("cls_token", (1, 1, D)))
        t.append(Tensor("jumbo_token", (1, J, D)))
        t += layer + _ln(blk + "norm3", J * D, L)
        if untied:
            t += (_linear(blk + "jumbo_mlp.fc1", J * D, 4 * J * D, L)
                  + _linear(blk + "jumbo_mlp.fc2", 4 * J * D, J * D, L))
        else:
            t += (_linear("jumbo_mlp.fc1", J * D, 4 * J * D)
                  + _linear("jumbo_mlp.fc2", 4 * J * D, J * D))
        t += _ln("norm", D) + _linear("head", (J + 1) * D, C)
    elif model == "jumbo_v1":
        t.append(Tensor("cls_token", (1, J, D)))
        t += layer + [Tensor(blk + "ls1.gamma", (D,), L), Tensor(blk + "ls2.gamma", (D,), L)]
        t += (_ln(blk + "norm3", J * D, L) + _linear(blk + "jumbo_mlp.fc1", J * D, 4 * J * D, L)
              + _linear(blk + "jumbo_mlp.fc2", 4 * J * D, J * D, L)
              + [Tensor(blk + "ls3.gamma", (J * D,), L)])
        t += _ln("norm", J * D) + _linear("head", J * D, C)
    elif model == "registers":
        t += [Tensor("cls_token", (1, 1, D))]
        if not isinstance(R, Integral) or R > 0:  # numpy ints too: R = np.int64(0) listed
            # an empty reg_token the model does not have
            t.append(Tensor("reg_token", (1, R, D)))
        t += layer + [Tensor(blk + "ls1.gamma", (D,), L), Tensor(blk + "ls2.gamma", (D,), L)]
        t += _ln("norm", D) + _linear("head", D, C)
    else:
        raise ValueError(f"The 'model' parameter of weight_tensors must be one of "
                         f"{{'jumbo_v3', 'jumbo_v1', 'registers'}}. Got {model!r} instead.")
    return t


def count_weights(tensors) -> object:
    """Σ multiplicity × Π shape."""
    total = 0
    for x in tensors:
        total = total + x.mult * x.size
    return total


def expand_keys(tensors, L: int) -> dict[str, tuple]:
    """Concrete ``key -> shape`` for an int number of layers (the state dict's layout)."""
    out = {}
    for x in tensors:
        if "{i}" in x.key:
            for i in range(L):
                out[x.key.format(i=i)] = tuple(x.shape)
        else:
            out[x.key] = tuple(x.shape)
    return out


@dataclass(frozen=True)
class Matmul:
    """One product of an (m × k) by a (k × n) matrix, repeated ``mult`` times: 2mkn·mult FLOPs."""

    name: str
    m: object
    k: object
    n: object
    mult: object = 1

    @property
    def flops(self):
        return 2 * self.m * self.k * self.n * self.mult


def matmuls(model: str, D, L, C, N, p=16, c=3, J=1, R=0, H=1) -> list[Matmul]:
    """Every matmul of one forward pass of ``model`` (one image), head by head for attention.

    ``H`` heads of width D/H: QKᵀ is H products (T × D/H)·(D/H × T), AV is H products
    (T × T)·(T × D/H).
    """
    if model in ("jumbo_v3", "jumbo_v1"):
        T = N + J
    elif model == "registers":
        T = N + R + 1
    else:
        raise ValueError(f"The 'model' parameter of matmuls must be one of "
                         f"{{'jumbo_v3', 'jumbo_v1', 'registers'}}. Got {model!r} instead.")
    # an int head width where H divides D: D / H is a float, and the FLOPs then a float that
    # rounds the exact count beyond 2**53 (a 45-digit count was off in its 18th digit)
    hd = D // H if isinstance(D, Integral) and isinstance(H, Integral) and D % H == 0 else D / H
    mm = [Matmul("patch_embed", N, c * p * p, D)]
    mm += [Matmul("qkv", T, D, 3 * D, L), Matmul("q@k^T", T, hd, T, L * H),
           Matmul("attn@v", T, T, hd, L * H), Matmul("proj", T, D, D, L)]
    if model == "registers":
        mm += [Matmul("fc1", T, D, 4 * D, L), Matmul("fc2", T, 4 * D, D, L),
               Matmul("head", 1, D, C)]
        return mm
    patch_layers = L if model == "jumbo_v3" else L - 1
    mm += [Matmul("fc1", N, D, 4 * D, patch_layers), Matmul("fc2", N, 4 * D, D, patch_layers),
           Matmul("jumbo_fc1", 1, J * D, 4 * J * D, L),
           Matmul("jumbo_fc2", 1, 4 * J * D, J * D, L)]
    width = (J + 1) * D if model == "jumbo_v3" else J * D
    mm.append(Matmul("head", 1, width, C))
    return mm


def count_flops(mms, names=None) -> object:
    """Σ 2mkn over the matmuls (restricted to ``names`` when given)."""
    total = 0
    for x in mms:
        if names is None or x.name in names:
            total = total + x.flops
    return total
