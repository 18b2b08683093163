"""What a reader and an author meet, the framework's top floor: the report
(:mod:`~iclr26_verify.outputs.report`), the blueprint graphs
(:mod:`~iclr26_verify.outputs.blueprint_graph`), the site's Sphinx extension
(:mod:`~iclr26_verify.outputs.sphinx`), the skeleton of a new paper
(:mod:`~iclr26_verify.outputs.scaffold`) and the command line (:mod:`~iclr26_verify.outputs.cli`).

It reads the registry and drives the run machinery; nothing below imports it.
"""
