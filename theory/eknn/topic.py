"""Registers the topic ``eknn`` (entry point ``eknn`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="eknn",
    title=(
        'Explainable K-means Neural Networks for multi-view clustering (ICLR 2026, '
        'OpenReview ljM1HTSH9c; method known only from its public summary: our '
        'reconstruction)'),
    url="https://openreview.net/forum?id=ljM1HTSH9c",
    modules=("theory.eknn",),
    empirical_modules=("numerics.eknn",),
    order=14,
)
