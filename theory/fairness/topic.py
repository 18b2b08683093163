"""Registers the topic ``fairness`` (entry point ``fairness`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="fairness",
    title=(
        'Liu, Chen, Huang, Ni & Imani, Cauchy-Schwarz fairness regularizer (arXiv '
        '2512.09467, ICLR 2026)'),
    url="https://arxiv.org/abs/2512.09467",
    modules=("theory.fairness",),
    empirical_modules=("numerics.fairness",),
    order=4,
)
