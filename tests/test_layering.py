"""theory/ never imports torch, so `pytest theory/` stays light."""

import subprocess
import sys


def test_theory_claims_import_without_torch():
    code = ("import sys; from theory.claims import discover; discover(kinds=('theory',)); "
            "import theory.multisets, theory.tsne, theory.compression, theory.fairness; "
            "bad = [m for m in sys.modules if m == 'torch' or m.startswith('torch.')]; "
            "print(bad[:5]); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
