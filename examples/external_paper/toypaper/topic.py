"""The topic's registration: named by the entry point ``toypaper`` of ``iclr26_verify.topics``."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="toypaper",
    title="A. Author, A toy paper: a bound, an identity and a measured effect (example, 2026)",
    url="https://example.org/toypaper",
    modules=("toypaper",),  # its claims* and figures* submodules are found on disk
    authors="the iclr26-verify example",
    notebook="../notebooks/toypaper.py",  # from this folder; `iclr26-verify notebooks` runs it
)
