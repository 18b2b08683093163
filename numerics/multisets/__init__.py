"""Numerical engines for the multisets topic (torch modules are imported by name, not here)."""
