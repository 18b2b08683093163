"""The measuring helpers of the batching-ceiling benchmark and the runner's machine line."""

import json

import torch

from benchmarks import Row
from benchmarks import run as bench_run
from benchmarks.suite_batching import count_flops, kernel_profile


def test_flops_of_a_linear_layer_are_2mnk_forward_and_twice_that_backward():
    x = torch.randn(8, 4)
    lin = torch.nn.Linear(4, 3)
    assert count_flops(lambda: lin(x)) == 2 * 8 * 4 * 3
    # backward: the weight's gradient (x is a leaf without grad, so no input gradient)
    assert count_flops(lambda: lin(x).sum().backward()) == 2 * (2 * 8 * 4 * 3)
    xg = x.clone().requires_grad_()
    assert count_flops(lambda: lin(xg).sum().backward()) == 3 * (2 * 8 * 4 * 3)


def test_flops_are_counted_through_autograd_grad_where_flop_counter_mode_fails():
    # a gradient penalty, as the compression critic's: torch's own FlopCounterMode raises here
    lin = torch.nn.Linear(4, 1)
    x = torch.randn(8, 4, requires_grad=True)

    def penalty():
        (g,) = torch.autograd.grad(lin(x).sum(), x, create_graph=True)
        (g.square().sum()).backward()

    assert count_flops(penalty) >= 2 * 8 * 4


def test_kernel_time_is_part_of_the_call():
    a = torch.randn(256, 256)
    flops, seconds = kernel_profile(lambda: [a @ a for _ in range(20)])
    assert flops == 20 * 2 * 256 ** 3 and seconds > 0


def test_the_machine_line_is_read_before_the_benchmarks_change_threads(monkeypatch, tmp_path):
    before = torch.get_num_threads()
    torch.set_num_threads(2)  # so that the benchmark's 1 thread is a change on any machine

    def rude(quick):
        torch.set_num_threads(1)
        return [Row("tsne", "toy", "n", "ours", 1.0, "theirs", 2.0)]

    monkeypatch.setattr(bench_run, "discover_benchmarks", lambda topics: [(("tsne", "t"), rude)])
    try:
        bench_run.run(out_dir=tmp_path, quick=True)
    finally:
        torch.set_num_threads(before)
    doc = json.loads((tmp_path / "benchmarks.json").read_text())
    assert doc["machine"]["torch_threads"] == 2


def test_ceilings_run_from_k_members_with_no_kernel_time_to_none_with_all_of_it():
    from benchmarks.suite_batching import ceilings

    assert ceilings(2.0, 0.0, 1e9, 100.0, 8)[0] == 8  # pure overhead: K runs for one's cost
    assert ceilings(2.0, 2.0, 1e9, 100.0, 8)[0] == 1  # pure arithmetic: nothing to share
    assert ceilings(2.0, 0.5, 1e9, 100.0, 1)[0] == 1  # one member: nothing to batch
    at_kernels, at_peak = ceilings(2.0, 0.5, 1e11, 100.0, 4)
    assert at_kernels == 4 / (4 * 0.25 + 0.75) and at_kernels < 1 / 0.25
    assert at_peak == 2.0  # 1e11 FLOPs at 100 GFLOP/s take 1 s of the 2
