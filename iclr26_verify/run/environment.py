"""What a report ran on: package versions, the commit, the machine, the torch CPU kernels, the
seed block and the result store, recorded in ``reports/claims.json`` and ``REPORT.md`` so that
a verdict can be tied to the build it ran on (an upgrade of torch or cvxpy, or another CPU
kernel variant, can move a training's last bits; see :mod:`iclr26_verify.run.stability`)."""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path


def _git(*args: str, cwd: Path) -> str | None:
    try:
        out = subprocess.run(("git", *args), cwd=cwd, capture_output=True, text=True,
                             timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip()


def commit_state(root: Path) -> dict:
    """``{"commit": sha or None, "clean": bool or None}`` of the checkout at ``root``; both
    ``None`` for an installed package (no repository). Untracked files count as unclean."""
    if not (root / ".git").exists():
        return {"commit": None, "clean": None}
    sha = _git("rev-parse", "HEAD", cwd=root)
    status = _git("status", "--porcelain", cwd=root)
    return {"commit": sha, "clean": None if status is None else status == ""}


def cpu_model() -> str:
    """The processor's model name (``/proc/cpuinfo`` on Linux, else :func:`platform.processor`)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def kernel_variant() -> str:
    """The torch CPU kernel variant in use (``default``, ``AVX2``, ``AVX512``...), as torch
    reports it; ``absent`` without torch."""
    try:
        import torch
    except ImportError:
        return "absent"
    return str(torch.backends.cpu.get_cpu_capability())


def describe(mode: str) -> dict:
    """The environment of a run in ``mode`` (``"quick"`` or ``"full"``)."""
    from iclr26_verify.run import store

    packages = {}
    for item in store.environment():
        if "==" in item:
            name, version = item.split("==", 1)
            packages[name] = version
    location = store.cache_dir()
    return {
        "mode": mode,
        "python": platform.python_version(),
        "packages": packages,
        **commit_state(store.ROOT),
        "machine": {"cpu": cpu_model(), "cores": os.cpu_count(), "system": platform.system(),
                    "kernel": platform.release(), "arch": platform.machine()},
        "torch_cpu_kernels": kernel_variant(),
        "ATEN_CPU_CAPABILITY": os.environ.get("ATEN_CPU_CAPABILITY") or None,
        "seed_block": int(os.environ.get("ICLR26_SEED_BLOCK", "0") or 0),
        "store": "off" if location is None else ("checkout" if store.is_checkout()
                                                 and location == store.default_cache_dir()
                                                 else "elsewhere"),
    }


def line(env: dict) -> str:
    """One Markdown line for a report's head."""
    commit = env.get("commit")
    where = ("an installed package" if commit is None else
             f"commit `{commit[:12]}`" + ("" if env.get("clean") else " (uncommitted changes)"))
    pk = env.get("packages", {})
    versions = ", ".join(f"{k} {pk[k]}" for k in ("torch", "numpy", "scipy", "cvxpy",
                                                   "scikit-learn", "openTSNE") if k in pk)
    m = env.get("machine", {})
    return (f"Ran on {where}; Python {env.get('python')}, {versions}; {m.get('cpu')} "
            f"({m.get('cores')} cores, {m.get('system')} {m.get('kernel')}), torch CPU kernels "
            f"{env.get('torch_cpu_kernels')}; seed block {env.get('seed_block')}; {env.get('mode')} "
            "mode.")
