"""Light torch versions of the Jumbo ViT (v3 and v1 of ``antofuller/jumbo``) and of the ViT +
registers baseline, with parameter and FLOP counters.

Module and parameter names follow the released code, so ``state_dict()`` keys are the authors'
keys (``patch_embed.proj``, ``pos_embed``, ``cls_token``, ``jumbo_token``, ``blocks.i.norm1``,
``blocks.i.attn.qkv``, ``blocks.i.attn.proj``, ``blocks.i.norm2``, ``blocks.i.mlp.fc1/fc2``,
``blocks.i.norm3``, ``jumbo_mlp.fc1/fc2``, ``norm``, ``head``; v1 adds ``blocks.i.ls{1,2,3}.gamma``
and per-layer ``blocks.i.jumbo_mlp``). The registers baseline (``reg_token``) is our reading:
the released code has no registers model. Dropout and drop-path are omitted (0 in eval).
"""

from __future__ import annotations

import copy
import math

import torch
import torch.nn.functional as F
from torch import nn

from theory.validation import Bool, Interval, Options, check_param, invalid

_POS, _NONNEG = Interval(1, None, integer=True), Interval(0, None, integer=True)


def _check_sizes(caller: str, flags: dict, **sizes) -> None:
    """Sizes are ints (never bools or floats) >= 1 (``R`` >= 0), ``p`` divides ``img`` and ``H``
    divides ``D``; ``flags`` are bools. Before: ``img = 9, p = 2`` built a model for an 8-px
    image (N = 16) without a word, ``R = -1`` a plain ViT, ``J = 0`` a Jumbo with no token."""
    for name, v in sizes.items():
        check_param(name, v, _NONNEG if name == "R" else _POS, caller)
    for name, v in flags.items():
        check_param(name, v, Bool(), caller)
    if sizes["img"] % sizes["p"]:
        raise invalid("img", caller, f"a multiple of p = {sizes['p']}", sizes["img"])
    if sizes["D"] % sizes["H"]:
        raise invalid("H", caller, f"a divisor of D = {sizes['D']}", sizes["H"])


class Mlp(nn.Module):
    """timm's ``Mlp`` layout: fc1 → GELU → fc2."""

    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Attention(nn.Module):
    """Multi-head self-attention; ``explicit`` computes softmax(QKᵀ/√d)V with matmuls (counted by
    ``FlopCounterMode``), else ``F.scaled_dot_product_attention`` (as the released code)."""

    def __init__(self, dim: int, heads: int, explicit: bool = True):
        super().__init__()
        if dim % heads:
            raise ValueError(f"The 'heads' parameter of Attention must divide dim = {dim}. "
                             f"Got {heads!r} instead.")
        self.heads, self.explicit = heads, explicit
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).reshape(B, T, 3, self.heads, D // self.heads).permute(2, 0, 3, 1, 4)
        if self.explicit:
            a = (q @ k.transpose(-2, -1)) * (D // self.heads) ** -0.5
            y = a.softmax(-1) @ v
        else:
            y = F.scaled_dot_product_attention(q, k, v)
        return self.proj(y.transpose(1, 2).reshape(B, T, D))


class LayerScale(nn.Module):
    def __init__(self, dim: int, init: float = 1e-4):
        super().__init__()
        self.gamma = nn.Parameter(init * torch.ones(dim))

    def forward(self, x):
        return x * self.gamma


class PatchEmbed(nn.Module):
    def __init__(self, p: int, c: int, dim: int):
        super().__init__()
        self.proj = nn.Conv2d(c, dim, p, stride=p)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class _Block(nn.Module):
    def __init__(self, dim, heads, *, layerscale, explicit):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads, explicit)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = Mlp(dim, 4 * dim)
        if layerscale:
            self.ls1, self.ls2 = LayerScale(dim), LayerScale(dim)
        else:
            self.ls1 = self.ls2 = nn.Identity()

    def forward(self, x):
        x = x + self.ls1(self.attn(self.norm1(x)))
        return x + self.ls2(self.mlp(self.norm2(x)))


class _Base(nn.Module):
    def __init__(self, D, L, H, C, img, p, c, explicit):
        super().__init__()
        n = (img // p) ** 2
        self.D, self.L, self.C, self.N = D, L, C, n
        self.patch_embed = PatchEmbed(p, c, D)
        self.pos_embed = nn.Parameter(0.02 * torch.randn(1, n, D))

    def _init(self):
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.trunc_normal_(m.weight, std=0.02)
                nn.init.zeros_(m.bias)
        # zero head, bias −log C: the initial cross-entropy is exactly log C
        nn.init.zeros_(self.head.weight)
        nn.init.constant_(self.head.bias, -math.log(self.C))


def _on(device, dtype):
    """Build parameters directly on ``device`` in ``dtype`` (``meta``: no memory, no init)."""

    class _Ctx:
        def __enter__(self):
            self.dev = torch.device(device)
            self.dev.__enter__()
            self.old = torch.get_default_dtype()
            torch.set_default_dtype(dtype)

        def __exit__(self, *exc):
            torch.set_default_dtype(self.old)
            self.dev.__exit__(*exc)

    return _Ctx()


class ViTRegisters(_Base):
    """Plain ViT with a CLS token, R registers (R = 0: plain ViT) and optional LayerScale;
    head on CLS (our reading of the paper's registers baseline).

    Parameters
    ----------
    D, L, H, R, C : int
        Width, layers, heads, registers, classes.
    img, p, c : int
        Image side, patch size, input channels.
    layerscale : bool
        LayerScale (1e-4) on both residual branches, as the authors' ``Block``.
    explicit_attention : bool
        Matmul attention (exact FLOP counts) instead of SDPA.
    device : str or torch.device
    """

    def __init__(self, D=192, L=12, H=3, R=16, C=1000, img=224, p=16, c=3, *, layerscale=True,
                 explicit_attention=True, device="cpu", dtype=torch.float32):
        _check_sizes("ViTRegisters", {"layerscale": layerscale,
                                      "explicit_attention": explicit_attention},
                     D=D, L=L, H=H, R=R, C=C, img=img, p=p, c=c)
        D, L, H, R, C, img, p, c = (int(v) for v in (D, L, H, R, C, img, p, c))
        with _on(device, dtype):
            self._build(D, L, H, R, C, img, p, c, layerscale, explicit_attention)

    def _build(self, D, L, H, R, C, img, p, c, layerscale, explicit_attention):
        super().__init__(D, L, H, C, img, p, c, explicit_attention)
        self.R = R
        self.cls_token = nn.Parameter(0.02 * torch.randn(1, 1, D))
        if R > 0:
            self.reg_token = nn.Parameter(0.02 * torch.randn(1, R, D))
        self.blocks = nn.ModuleList(_Block(D, H, layerscale=layerscale, explicit=explicit_attention)
                                    for _ in range(L))
        self.norm = nn.LayerNorm(D)
        self.head = nn.Linear(D, C)
        self._init()

    def forward(self, img):
        x = self.patch_embed(img) + self.pos_embed
        glob = [self.cls_token.expand(x.shape[0], -1, -1)]
        if self.R > 0:
            glob.append(self.reg_token.expand(x.shape[0], -1, -1))
        x = torch.cat(glob + [x], 1)
        for b in self.blocks:
            x = b(x)
        return self.head(self.norm(x)[:, 0])


class JumboBlock(nn.Module):
    """One Jumbo layer: attention over all tokens, then the Jumbo FFN on the J sub-tokens
    re-joined into one J·D vector (sub-token j holds channels [jD, (j+1)D)), and the per-layer
    patch FFN on the patches. v1 adds LayerScale on the three branches and its own Jumbo FFN."""

    def __init__(self, D, H, J, *, variant, explicit):
        super().__init__()
        self.J, self.variant = J, variant
        self.norm1 = nn.LayerNorm(D)
        self.attn = Attention(D, H, explicit)
        self.norm2 = nn.LayerNorm(D)
        self.mlp = Mlp(D, 4 * D)
        self.norm3 = nn.LayerNorm(J * D)
        if variant == "v1":
            self.ls1, self.ls2 = LayerScale(D), LayerScale(D)
            self.jumbo_mlp = Mlp(J * D, 4 * J * D)
            self.ls3 = LayerScale(J * D)
        else:
            self.ls1 = self.ls2 = self.ls3 = nn.Identity()

    def forward(self, x, shared_mlp=None, last=False):
        x = x + self.ls1(self.attn(self.norm1(x)))
        B, _, D = x.shape
        mlp = self.jumbo_mlp if self.variant == "v1" else shared_mlp
        xj = x[:, :self.J].reshape(B, self.J * D)
        xj = xj + self.ls3(mlp(self.norm3(xj)))
        if last and self.variant == "v1":
            return xj  # v1: the last layer returns the Jumbo token, patch FFN skipped
        xp = x[:, self.J:]
        xp = xp + self.ls2(self.mlp(self.norm2(xp)))
        return torch.cat([xj.reshape(B, self.J, D), xp], 1)


class Jumbo(_Base):
    """The Jumbo ViT (Fuller et al.), v3 (shared FFN) or v1 (per-layer FFN).

    Parameters
    ----------
    D, L, H, J, C : int
        Width, layers, heads, Jumbo sub-tokens, classes.
    img, p, c : int
        Image side, patch size, input channels.
    variant : {"v3", "v1"}
        Released code version.
    keep_unused_cls : bool
        v3 keeps the base class's unused ``cls_token`` (D weights), as the released state dict.
    explicit_attention : bool
        Matmul attention (exact FLOP counts) instead of SDPA.
    device : str or torch.device
    """

    def __init__(self, D=128, L=12, H=4, J=6, C=1000, img=224, p=16, c=3, *, variant="v3",
                 keep_unused_cls=True, explicit_attention=True, device="cpu",
                 dtype=torch.float32):
        check_param("variant", variant, Options("v3", "v1"), "Jumbo")
        _check_sizes("Jumbo", {"keep_unused_cls": keep_unused_cls,
                               "explicit_attention": explicit_attention},
                     D=D, L=L, H=H, J=J, C=C, img=img, p=p, c=c)
        D, L, H, J, C, img, p, c = (int(v) for v in (D, L, H, J, C, img, p, c))
        with _on(device, dtype):
            self._build(D, L, H, J, C, img, p, c, variant, keep_unused_cls, explicit_attention)

    def _build(self, D, L, H, J, C, img, p, c, variant, keep_unused_cls, explicit_attention):
        super().__init__(D, L, H, C, img, p, c, explicit_attention)
        self.J, self.variant = J, variant
        if variant == "v3":
            if keep_unused_cls:
                self.cls_token = nn.Parameter(0.02 * torch.randn(1, 1, D))
            self.jumbo_token = nn.Parameter(0.02 * torch.randn(1, J, D))
        else:
            self.cls_token = nn.Parameter(0.02 * torch.randn(1, J, D))  # v1's name for it
        self.blocks = nn.ModuleList(JumboBlock(D, H, J, variant=variant,
                                               explicit=explicit_attention) for _ in range(L))
        if variant == "v3":
            self.jumbo_mlp = Mlp(J * D, 4 * J * D)
            self.norm = nn.LayerNorm(D)
            self.head = nn.Linear((J + 1) * D, C)
        else:
            self.norm = nn.LayerNorm(J * D)
            self.head = nn.Linear(J * D, C)
        self._init()

    def jumbo_mlps(self):
        """The Jumbo FFN each layer calls (one shared module for v3)."""
        if self.variant == "v1":
            return [b.jumbo_mlp for b in self.blocks]
        shared = self.jumbo_mlp
        return [getattr(b, "jumbo_mlp_untied", shared) for b in self.blocks]

    def forward(self, img):
        x = self.patch_embed(img) + self.pos_embed
        tok = self.jumbo_token if self.variant == "v3" else self.cls_token
        x = torch.cat([tok.expand(x.shape[0], -1, -1), x], 1)
        mlps = self.jumbo_mlps()
        for i, b in enumerate(self.blocks):
            x = b(x, mlps[i], last=i == self.L - 1)
        if self.variant == "v1":
            return self.head(self.norm(x))
        x = self.norm(x)
        B = x.shape[0]
        feats = torch.cat([x[:, :self.J].reshape(B, -1), x[:, self.J:].mean(1)], -1)
        return self.head(feats)


def untie_jumbo_ffn(model: Jumbo) -> Jumbo:
    """A copy of a v3 model in which every layer calls its own deep copy of the shared Jumbo
    FFN (``blocks.i.jumbo_mlp_untied``); the shared module is kept (unused)."""
    if not isinstance(model, Jumbo):
        raise invalid("model", "untie_jumbo_ffn", "a Jumbo model", f"<{type(model).__name__}>")
    if model.variant != "v3":
        raise ValueError("The 'model' parameter of untie_jumbo_ffn must be a v3 Jumbo. "
                         f"Got variant {model.variant!r} instead.")
    m = copy.deepcopy(model)
    for b in m.blocks:
        b.jumbo_mlp_untied = copy.deepcopy(m.jumbo_mlp)
    return m


def count_params(model: nn.Module) -> int:
    """Σ numel over ``model.parameters()`` (shared modules counted once, as torch does)."""
    return int(sum(p.numel() for p in model.parameters()))


def count_flops(model: nn.Module, img: int | None = None, c: int | None = None, *,
                batch: int = 1, device=None) -> int:
    """FLOPs of one forward pass per image, by ``torch.utils.flop_counter.FlopCounterMode``.

    The model runs on a random batch of ``batch`` images of side ``img`` (default: the model's);
    the total is divided by ``batch``. Works on the ``meta`` device (no arithmetic). ``img`` and
    ``c`` (default: the model's input channels) must be the model's: its positional embedding
    and patch convolution fix them (any other value was torch's "Invalid channel dimensions"
    or a size mismatch). ``batch`` is an int in [1, 4096].
    """
    from torch.utils.flop_counter import FlopCounterMode

    p = next(model.parameters())
    device = p.device if device is None else device
    own_side = math.isqrt(model.N) * model.patch_embed.proj.kernel_size[0]
    own_c = model.patch_embed.proj.in_channels
    side = own_side if img is None else img
    c = own_c if c is None else c
    check_param("img", side, Options(own_side), "count_flops")
    check_param("c", c, Options(own_c), "count_flops")
    check_param("batch", batch, Interval(1, 4096, integer=True), "count_flops")
    x = torch.zeros(batch, c, side, side, device=device, dtype=p.dtype)
    counter = FlopCounterMode(display=False)
    with counter, torch.no_grad():
        model(x)
    return int(counter.get_total_flops()) // batch
