"""Registers the topic ``dispersion`` (entry point ``dispersion`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="dispersion",
    title=(
        'Li et al., On the Predictive Power of Representation Dispersion in Language '
        'Models (arXiv 2506.24106, ICLR 2026)'),
    url="https://arxiv.org/abs/2506.24106",
    modules=("theory.dispersion",),
    empirical_modules=("numerics.dispersion",),
    order=15,
)
