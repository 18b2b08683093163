"""Numerics of the IC-SSL topic: task sampler (numpy), the light IC-SSL transformer and its
baselines (torch, imported by name from :mod:`numerics.icssl.models`), training, experiments."""
