"""Software tests run torch on one thread: the tensors are small, the CI machine has 2 cores,
and one thread is both faster here and reproducible."""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _torch_one_thread():
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)
