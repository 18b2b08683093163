"""Numerics of the PRISM topic (our reconstruction, ours): synthetic graph classes and
their spatial/spectral descriptors (numpy, :mod:`numerics.prism.data`), relational graphs
(:mod:`numerics.prism.relational`), the light PRISM and its partial-label head (torch, imported
by name from :mod:`numerics.prism.model`), and the noise sweep
(:mod:`numerics.prism.experiments`)."""
