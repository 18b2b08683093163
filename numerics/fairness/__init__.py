"""Numerical engines for the fairness topic (torch modules are imported by name, not here)."""
