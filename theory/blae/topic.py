"""Registers the topic ``blae`` (entry point ``blae`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="blae",
    title=(
        'Zhan, Zhou, Wang, Long & Shen, Bi-Lipschitz Autoencoder with Injectivity '
        'Guarantee (arXiv 2604.06701, ICLR 2026)'),
    url="https://arxiv.org/abs/2604.06701",
    modules=("theory.blae",),
    empirical_modules=("numerics.blae",),
    order=7,
)
