"""Registers the topic ``jarf`` (entry point ``jarf`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="jarf",
    title=(
        'Rauniyar, Jacobian-Aligned Random Forests (arXiv 2512.08306, ICLR 2026)'),
    url="https://arxiv.org/abs/2512.08306",
    modules=("theory.jarf",),
    empirical_modules=("numerics.jarf",),
    order=9,
)
