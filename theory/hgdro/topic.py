"""Registers the topic ``hgdro`` (entry point ``hgdro`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="hgdro",
    title=(
        'Jo, Kim & Chae, Hierarchical ambiguity sets for group DRO (arXiv 2510.02818, '
        'ICLR 2026)'),
    url="https://arxiv.org/abs/2510.02818",
    modules=("theory.hgdro",),
    empirical_modules=("numerics.hgdro",),
    order=10,
)
