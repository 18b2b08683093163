"""Registers the topic ``hauwm`` (entry point ``hauwm`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="hauwm",
    title=(
        'Wan, Gan & Zhan, Learning to Be Uncertain: Pre-Training World Models with '
        'Horizon-Calibrated Uncertainty (ICLR 2026, OpenReview pZuZWRuPyi; abstract only: '
           "candidate loss forms are ours or a third-party note's)"),
    url="https://openreview.net/forum?id=pZuZWRuPyi",
    modules=("theory.hauwm",),
    empirical_modules=("numerics.hauwm",),
    order=19,
)
