"""Registers the topic ``compression`` (entry point ``compression`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="compression",
    title=(
        'Nguyen, Nguyen & Bose, cross-domain lossy compression as rate- and '
        'classification-constrained optimal transport (ICLR 2026, OpenReview mUIGdUTtk2)'),
    url="https://openreview.net/forum?id=mUIGdUTtk2",
    modules=("theory.compression",),
    empirical_modules=("numerics.compression",),
    order=3,
)
