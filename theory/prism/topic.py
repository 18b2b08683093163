"""Registers the topic ``prism`` (entry point ``prism`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="prism",
    title=(
        'PRISM: partial-label relational inference with spatial and spectral cues (ICLR '
        '2026, OpenReview m2MeiYOJED; method known only from its public summary: our '
        'reconstruction)'),
    url="https://openreview.net/forum?id=m2MeiYOJED",
    modules=("theory.prism",),
    empirical_modules=("numerics.prism",),
    order=13,
)
