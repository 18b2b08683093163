"""The run machinery, the framework's middle floor: it computes what the registry declares.

- :mod:`~iclr26_verify.run.store`: experiments, cached on disk and keyed on the code that ran;
- :mod:`~iclr26_verify.run.cluster`: where work runs (this process or a Dask cluster);
- :mod:`~iclr26_verify.run.tasks`: the units of work (a claim, a figure, a notebook);
- :mod:`~iclr26_verify.run.figures`, :mod:`~iclr26_verify.run.notebooks`,
  :mod:`~iclr26_verify.run.renders`: figure and notebook builds, redone when their inputs change;
- :mod:`~iclr26_verify.run.seeds`, :mod:`~iclr26_verify.run.stability`,
  :mod:`~iclr26_verify.run.environment`, :mod:`~iclr26_verify.run.timing`: seed blocks, the
  same run across kernels and seeds, the machine a run saw, where its time went.

It imports the registry, never the outputs and never a topic.
"""
