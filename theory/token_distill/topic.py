"""Registers the topic ``token_distill`` (entry point ``token_distill`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="token_distill",
    title=(
        'Dobler, Elliott & de Melo, Token Distillation: Attention-aware Input Embeddings '
        'for New Tokens (arXiv 2505.20133, ICLR 2026)'),
    url="https://arxiv.org/abs/2505.20133",
    modules=("theory.token_distill",),
    empirical_modules=("numerics.token_distill",),
    order=17,
)
