"""Numerical engines for the tsne topic: third-party cross-checks (`thirdparty`), figures; torch
modules (engine, experiments) are imported by name, never here."""
