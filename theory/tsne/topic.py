"""Registers the topic ``tsne`` (entry point ``tsne`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="tsne",
    title=(
        'Bergam, Snoeck & Verma, t-SNE exaggerates clusters, provably (arXiv 2510.07746, '
        'ICLR 2026)'),
    url="https://arxiv.org/abs/2510.07746",
    modules=("theory.tsne",),
    empirical_modules=("numerics.tsne",),
    order=2,
)
