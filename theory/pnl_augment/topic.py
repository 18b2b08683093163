"""Registers the topic ``pnl_augment`` (entry point ``pnl_augment`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="pnl_augment",
    title=(
        'Hu & Sugiyama, Pseudo-Non-Linear Data Augmentation via Energy Minimization '
        '(arXiv 2410.00718, ICLR 2026)'),
    url="https://arxiv.org/abs/2410.00718",
    modules=("theory.pnl_augment",),
    empirical_modules=("numerics.pnl_augment",),
    order=6,
)
