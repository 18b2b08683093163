"""Registers the topic ``cupid`` (entry point ``cupid`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="cupid",
    title=(
        'Xu & Fan, CUPID: joint aleatoric and epistemic uncertainty with a single model '
        '(arXiv 2603.10745, ICLR 2026)'),
    url="https://arxiv.org/abs/2603.10745",
    modules=("theory.cupid",),
    empirical_modules=("numerics.cupid",),
    order=11,
)
