"""Registers the topic ``eva`` (entry point ``eva`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="eva",
    title=(
        'Hao, Zubić, He, Sui, Scaramuzza & Wang, Maximizing Asynchronicity in Event-based '
        'Neural Networks (arXiv 2505.11165, ICLR 2026; code not public: an RWKV-6-style '
        'reading)'),
    url="https://arxiv.org/abs/2505.11165",
    modules=("theory.eva",),
    empirical_modules=("numerics.eva",),
    order=18,
)
