"""``python -m iclr26_verify``: the command line (:mod:`iclr26_verify.outputs.cli`)."""

from iclr26_verify.outputs.cli import main

raise SystemExit(main())
