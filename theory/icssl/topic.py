"""Registers the topic ``icssl`` (entry point ``icssl`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="icssl",
    title=(
        'Fan, Rosu, Wang, Li, Carin & Cheng, In-Context Semi-Supervised Learning (arXiv '
        '2512.15934, ICLR 2026)'),
    url="https://arxiv.org/abs/2512.15934",
    modules=("theory.icssl",),
    empirical_modules=("numerics.icssl",),
    order=5,
)
