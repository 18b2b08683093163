"""The multi-view (consensus) layer of EKNN and the partition measures, our reconstruction.

As summarised (the papernotes.org summary): :math:`f_{Mv} = \\lVert W^v \\hat U^v - H G^v \\rVert_F^2` with one
shared partition :math:`H \\in \\{0,1\\}^{n \\times k}` and free :math:`G^v \\in \\mathbb R^{k\\times k}`.
Minimising over G makes the layer k-means of the concatenated rows (our derivation, E5).
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import linear_sum_assignment

from theory.eknn._kernel import _labels, _pow2_exponent
from theory.validation import check_array, check_nonempty, check_same_length, invalid


def _indicator(labels, k):
    H = np.zeros((len(labels), k))
    H[np.arange(len(labels)), labels] = 1.0
    return H


def consensus_G(H, B) -> np.ndarray:
    """Least-squares :math:`G = (H^\\top H)^{+} H^\\top B` (the papernotes.org summary).

    .. math::
        G = \\arg\\min_G \\lVert B - H G \\rVert_F^2 \\quad (\\text{row } c = \\text{mean of }
        B\\text{'s rows in cluster } c).

    Parameters
    ----------
    H : int array, shape (n,), cluster labels (values in [0, k)), or a 0/1 array (n, k)
    B : array, shape (n, m)

    Returns
    -------
    G : array, shape (k, m); rows of empty clusters are 0.
    """
    caller = "consensus_G"
    B = check_array(B, "B", caller)
    Hm = _as_indicator(H, B.shape[0], caller)
    cnt = Hm.sum(axis=0)
    return (Hm.T @ B) / np.where(cnt > 0, cnt, 1.0)[:, None]


def _as_indicator(H, n, caller):
    H = np.asarray(H)
    if H.ndim == 1:
        if H.dtype.kind not in "iu":
            raise invalid("H", caller, f"an integer label array of shape ({n},) or a 0/1 "
                          f"({n}, k) array", f"<array of shape {H.shape}, dtype {H.dtype}>")
        lab = _labels(H, n, int(H.max()) + 1 if H.size else 1, caller, "H")
        return _indicator(lab, int(lab.max()) + 1)
    Hm = check_array(H, "H", caller)
    if Hm.shape[0] != n or not np.all((Hm == 0) | (Hm == 1)) or np.any(Hm.sum(axis=1) != 1):
        raise invalid("H", caller, f"a 0/1 partition matrix with {n} rows", "<array>")
    return Hm


def consensus_cost(Bs, H) -> float:
    """The consensus cost :math:`\\sum_v \\min_{G^v} \\lVert B^v - H G^v \\rVert_F^2` (E5).

    .. math::
        \\sum_v \\lVert B^v - H (H^\\top H)^{+} H^\\top B^v \\rVert_F^2

    Parameters
    ----------
    Bs : list of arrays, each shape (n, m_v) (e.g. :math:`W^v \\hat U^v`)
    H : int array (n,) or 0/1 array (n, k)

    Returns
    -------
    float
    """
    caller = "consensus_cost"
    check_nonempty(Bs, "Bs", caller)
    total = 0.0
    for B in Bs:
        B = check_array(B, "Bs", caller)
        Hm = _as_indicator(H, B.shape[0], caller)
        G = consensus_G(Hm, B)
        total += float(((B - Hm @ G) ** 2).sum())
    return total


def meet_partition(labels_list) -> np.ndarray:
    """The meet (common refinement) of partitions of the same n points (our derivation).

    .. math::
        i \\sim j \\iff c^v(i) = c^v(j) \\ \\forall v .

    Parameters
    ----------
    labels_list : list of int arrays, each shape (n,)

    Returns
    -------
    int array, shape (n,), labels 0..(#cells − 1) in order of first appearance.
    """
    caller = "meet_partition"
    if len(labels_list) == 0:
        raise invalid("labels_list", caller, "a non-empty list", "[]")
    arrs = [np.asarray(x) for x in labels_list]
    if any(a.ndim != 1 for a in arrs) or len({a.shape for a in arrs}) > 1:
        raise invalid("labels_list", caller, "1-D label arrays of one length",
                      f"<arrays of shapes {sorted({a.shape for a in arrs})}>")
    L = np.column_stack(arrs)
    if L.dtype.kind not in "iu":
        raise invalid("labels_list", caller, "integer label arrays", f"<dtype {L.dtype}>")
    _, first, inv = np.unique(L, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inv.ravel()].astype(np.int64)


def _label_pair(y, labels, caller):
    y, lab = np.asarray(y), np.asarray(labels)
    for name, a in (("y", y), ("labels", lab)):
        # any hashable labels are fine (ints, strings); complex or NaN ones are not labels
        if a.dtype.kind == "c" or (a.dtype.kind == "f" and not np.all(np.isfinite(a))):
            raise invalid(name, caller, "an array of labels (ints or strings; no NaN, no "
                          "complex)", f"<array of shape {a.shape}, dtype {a.dtype}>")
    if y.ndim != 1 or y.size == 0:
        raise invalid("y", caller, "a non-empty 1-D label array", f"<shape {y.shape}>")
    if y.shape != lab.shape:
        raise invalid("labels", caller, f"an array of the shape of y {y.shape}",
                      f"<shape {lab.shape}>")
    return y, lab


def purity(y, labels) -> float:
    """Purity of a partition against true classes.

    .. math::
        \\operatorname{purity} = \\frac1n \\sum_{c} \\max_{\\ell} |\\{i: c(i) = c, y_i = \\ell\\}|

    Parameters
    ----------
    y, labels : int arrays, shape (n,)

    Returns
    -------
    float in (0, 1]
    """
    y, lab = _label_pair(y, labels, "purity")
    _, yi = np.unique(y, return_inverse=True)
    _, li = np.unique(lab, return_inverse=True)
    M = np.zeros((li.max() + 1, yi.max() + 1))
    np.add.at(M, (li, yi), 1)
    return float(M.max(axis=1).sum() / y.size)


def clustering_acc(y, labels) -> float:
    """Clustering accuracy under the best one-to-one label matching (Hungarian).

    .. math::
        \\mathrm{ACC} = \\max_{\\pi \\text{ injective}} \\frac1n \\sum_i [y_i = \\pi(c(i))]

    Parameters
    ----------
    y, labels : int arrays, shape (n,)

    Returns
    -------
    float in [0, 1]
    """
    y, lab = _label_pair(y, labels, "clustering_acc")
    _, yi = np.unique(y, return_inverse=True)
    _, li = np.unique(lab, return_inverse=True)
    M = np.zeros((li.max() + 1, yi.max() + 1))
    np.add.at(M, (li, yi), 1)
    r, c = linear_sum_assignment(-M)
    return float(M[r, c].sum() / y.size)


def kmeans_cost(Z, labels) -> float:
    """Euclidean k-means cost of a fixed partition, :math:`\\sum_i \\lVert z_i - \\bar z_{c(i)}
    \\rVert^2` with cluster means (the reference of :func:`consensus_cost`, E5).

    Parameters
    ----------
    Z : array, shape (n, d)
    labels : int array, shape (n,)

    Returns
    -------
    float
    """
    caller = "kmeans_cost"
    Z = check_array(Z, "Z", caller)
    lab = np.asarray(labels)
    if lab.ndim != 1 or lab.dtype.kind == "c" or (lab.dtype.kind == "f"
                                                   and not np.all(np.isfinite(lab))):
        raise invalid("labels", caller, "a 1-D label array (no NaN, no complex)",
                      f"<array of shape {lab.shape}, dtype {lab.dtype}>")
    check_same_length(caller, Z=Z, labels=lab)
    # Z beyond 1e+-100 is scaled by a power of two (exact) so squares neither under- nor
    # overflow (the cost was 0.0 at 1e-300 and inf at 1e170); refused if no float64 holds it
    k = _pow2_exponent(Z)
    Zs = np.ldexp(Z, -k) if k else Z
    total = 0.0
    for c in np.unique(lab):
        P = Zs[lab == c]
        # centred per cluster, so a large common offset does not cancel
        total += float(((P - P.mean(axis=0)) ** 2).sum())
    if k == 0:
        return total
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(total, 2 * k))
    if total > 0 and not np.finfo(float).tiny <= out < np.inf:
        raise invalid("Z", caller, "points whose k-means cost (squared units) is a normal "
                      "float64 (~2.2e-308 to ~1.8e308)", f"<cost {total:.6g} * 2**{2 * k}>")
    return out
