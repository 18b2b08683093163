"""Registers the topic ``pcg`` (entry point ``pcg`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="pcg",
    title=(
        'Tao & Barkeshli, Learning Pseudorandom Numbers with Transformers: Permuted '
        'Congruential Generators, Curricula, and Interpretability (arXiv 2510.26792, ICLR '
        '2026)'),
    url="https://arxiv.org/abs/2510.26792",
    modules=("theory.pcg",),
    empirical_modules=("numerics.pcg",),
    order=16,
)
