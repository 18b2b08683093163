"""Registers the topic ``ef21_muon`` (entry point ``ef21_muon`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="ef21_muon",
    title=(
        'Gruntkowska et al., Error Feedback for Muon and Friends (arXiv 2510.00643, ICLR '
        '2026)'),
    url="https://arxiv.org/abs/2510.00643",
    modules=("theory.ef21_muon",),
    empirical_modules=("numerics.ef21_muon",),
    order=8,
)
