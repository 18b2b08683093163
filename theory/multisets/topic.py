"""Registers the topic ``multisets`` (entry point ``multisets`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="multisets",
    title=(
        'Nikolentzos & Skianis, Lipschitz continuity of set aggregation functions and '
        'neural networks for sets (arXiv 2505.24403, ICLR 2026)'),
    url="https://arxiv.org/abs/2505.24403",
    modules=("theory.multisets",),
    empirical_modules=("numerics.multisets",),
    order=1,
)
