"""Registers the topic ``jumbo`` (entry point ``jumbo`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="jumbo",
    title=(
        'Fuller et al., A Jumbo Token for Fast Plain Vision Transformers (arXiv '
        '2502.15021, ICLR 2026)'),
    url="https://arxiv.org/abs/2502.15021",
    modules=("theory.jumbo",),
    empirical_modules=("numerics.jumbo",),
    order=12,
)
