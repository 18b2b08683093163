"""Numerical engines for the tsne topic (torch modules are imported by name, not here)."""
