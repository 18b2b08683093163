"""Closed forms and checked claims for ICLR 2026 papers.

One subpackage per topic key (:data:`TOPICS`); each has ``claims*`` modules that registers its claims in :mod:`theory.claims`. This package imports numpy,
scipy, sympy, cvxpy and POT only, never torch, so ``pytest theory/`` stays light.
"""

import os

# POT imports torch as a backend whenever torch is installed (1-2 s and ~300 modules); the
# theory uses POT on numpy arrays only, so keep `pytest theory/` torch-free.
os.environ.setdefault("POT_BACKEND_DISABLE_PYTORCH", "1")

TOPICS = ("multisets", "tsne", "compression", "fairness", "icssl", "pnl_augment", "blae",
          "ef21_muon", "jarf", "hgdro", "cupid", "jumbo", "prism", "eknn", "dispersion",
          "token_distill", "eva", "hauwm")

PAPERS = {
    "multisets": "Nikolentzos & Skianis, Lipschitz continuity of set aggregation functions and "
    "neural networks for sets (arXiv 2505.24403, ICLR 2026)",
    "tsne": "Bergam, Snoeck & Verma, t-SNE exaggerates clusters, provably "
    "(arXiv 2510.07746, ICLR 2026)",
    "compression": "Nguyen, Nguyen & Bose, cross-domain lossy compression as rate- and "
    "classification-constrained optimal transport (ICLR 2026, OpenReview mUIGdUTtk2)",
    "fairness": "Liu, Chen, Huang, Ni & Imani, Cauchy-Schwarz fairness regularizer "
    "(arXiv 2512.09467, ICLR 2026)",
    "icssl": "Fan, Rosu, Wang, Li, Carin & Cheng, In-Context Semi-Supervised Learning "
    "(arXiv 2512.15934, ICLR 2026)",
    "pnl_augment": "Hu & Sugiyama, Pseudo-Non-Linear Data Augmentation via Energy Minimization "
    "(arXiv 2410.00718, ICLR 2026)",
    "blae": "Zhan, Zhou, Wang, Long & Shen, Bi-Lipschitz Autoencoder with Injectivity Guarantee "
    "(arXiv 2604.06701, ICLR 2026)",
    "ef21_muon": "Gruntkowska et al., Error Feedback for Muon and Friends "
    "(arXiv 2510.00643, ICLR 2026)",
    "jarf": "Rauniyar, Jacobian-Aligned Random Forests (arXiv 2512.08306, ICLR 2026)",
    "hgdro": "Jo, Kim & Chae, Hierarchical ambiguity sets for group DRO "
    "(arXiv 2510.02818, ICLR 2026)",
    "cupid": "Xu & Fan, CUPID: joint aleatoric and epistemic uncertainty with a single model "
    "(arXiv 2603.10745, ICLR 2026)",
    "jumbo": "Fuller et al., A Jumbo Token for Fast Plain Vision Transformers "
    "(arXiv 2502.15021, ICLR 2026)",
    "prism": "PRISM: partial-label relational inference with spatial and spectral cues "
    "(ICLR 2026, OpenReview m2MeiYOJED; method known only from its public summary: "
    "our reconstruction)",
    "eknn": "Explainable K-means Neural Networks for multi-view clustering "
    "(ICLR 2026, OpenReview ljM1HTSH9c; method known only from its public summary: "
    "our reconstruction)",
    "dispersion": "Li et al., On the Predictive Power of Representation Dispersion in Language "
    "Models (arXiv 2506.24106, ICLR 2026)",
    "token_distill": "Dobler, Elliott & de Melo, Token Distillation: Attention-aware Input "
    "Embeddings for New Tokens (arXiv 2505.20133, ICLR 2026)",
    "eva": "Hao, Zubić, He, Sui, Scaramuzza & Wang, Maximizing Asynchronicity in Event-based "
    "Neural Networks (arXiv 2505.11165, ICLR 2026; code not public: an RWKV-6-style reading)",
    "hauwm": "Wan, Gan & Zhan, Learning to Be Uncertain: Pre-Training World Models with "
    "Horizon-Calibrated Uncertainty (ICLR 2026, OpenReview pZuZWRuPyi; abstract only: candidate "
    "loss forms are ours or a third-party note's)",
}
