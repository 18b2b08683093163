"""Independent reference implementations for the token_distill claims (numpy/scipy only).

Each computes the same quantity as :mod:`theory.token_distill` another way: the merge by
recursion on the remaining suffix with the mask rebuilt from cumulative span lengths, the loss by
an explicit loop over aligned pairs with ``math.fsum``, the KL with :func:`scipy.stats.entropy`,
AdamW by torch's documented update written out, the toy optimum by L-BFGS on the forward pass.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import optimize
from scipy import stats as sps


def merge_recursive(seq, phrases):
    """Greedy longest-prefix merge by recursion: returns (merged ids, span lengths). Depth is
    the merged length (sequences here are < 100 ids)."""
    seq = tuple(int(x) for x in seq)
    order = sorted(phrases, key=len, reverse=True)

    def go(rest):
        if not rest:
            return [], []
        for p in order:
            if rest[:len(p)] == p:
                m, L = go(rest[len(p):])
                return [phrases[p]] + m, [len(p)] + L
        m, L = go(rest[1:])
        return [rest[0]] + m, [1] + L

    return go(seq)


def mask_from_lengths(lengths, n: int) -> np.ndarray:
    """Mask = 1 at the last original position covered by each merged token."""
    m = np.zeros(n, dtype=np.int64)
    m[np.cumsum(lengths) - 1] = 1
    return m


def mse_loop(student, teacher, mask) -> float:
    """Aligned-pair loss by an explicit loop: k-th merged row against the k-th kept row."""
    kept = [q for q, v in enumerate(mask) if v == 1]
    d = len(teacher[0])
    terms = [(student[k][c] - teacher[q][c]) ** 2 for k, q in enumerate(kept) for c in range(d)]
    return math.fsum(terms) / (len(kept) * d)


def kl_scipy(student_logits, teacher_logits) -> float:
    """Mean over rows of KL(teacher ‖ student) with scipy.stats.entropy."""
    from scipy.special import softmax

    ps, pt = softmax(student_logits, axis=1), softmax(teacher_logits, axis=1)
    return float(np.mean([sps.entropy(pt[i], ps[i]) for i in range(len(ps))]))


def adamw_numpy(param, grads, lr, weight_decay, betas=(0.9, 0.999), eps=1e-8):
    """torch.optim.AdamW's update written out (decoupled decay, bias correction), float32 like
    torch's default parameters; ``grads`` is a list of gradients, one per step."""
    p = np.asarray(param, dtype=np.float32).copy()
    m = np.zeros_like(p)
    v = np.zeros_like(p)
    b1, b2 = np.float32(betas[0]), np.float32(betas[1])
    for t, g in enumerate(grads, start=1):
        g = np.asarray(g, dtype=np.float32)
        p = p * np.float32(1 - lr * weight_decay)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mhat = m / np.float32(1 - betas[0] ** t)
        vhat = v / np.float32(1 - betas[1] ** t)
        p = p - np.float32(lr) * mhat / (np.sqrt(vhat) + np.float32(eps))
    return p


def toy_lbfgs(E, W, snippets, phrase, x0):
    """Minimise the toy's forward-pass loss (no linearisation) with L-BFGS-B from ``x0``."""
    from theory.token_distill._toy import toy_loss_by_forward

    res = optimize.minimize(lambda e: toy_loss_by_forward(E, W, snippets, phrase, e), x0,
                            method="L-BFGS-B", options={"ftol": 1e-15, "gtol": 1e-12,
                                                        "maxiter": 10_000})
    return res.x, float(res.fun)
