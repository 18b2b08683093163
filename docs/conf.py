"""Sphinx configuration of the iclr26-verify site (``make docs``; builds offline)."""

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("POT_BACKEND_DISABLE_PYTORCH", "1")

project = "iclr26-verify"
author = "iclr26-verify contributors"
copyright = "2026, iclr26-verify contributors"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_nb",
    "sphinx-mathjax-offline",  # MathJax from the build's _static, never a CDN
    "sphinx_gallery.gen_gallery",
    # the paper pages, from reports/claims.json (ships in the package)
    "iclr26_verify.outputs.sphinx",
]

# sphinx-gallery writes a notebook beside each example; myst_nb would read it as a second
# source of the same page, so only the generated .rst pages are sources
exclude_patterns = ["_build", "**.ipynb_checkpoints", "_generated/summary.md",
                    "performance_history.md",
                    "_generated/gallery/*.ipynb", "_generated/gallery/*.py"]
html_theme = "pydata_sphinx_theme"
html_static_path = ["_static"]
html_css_files = ["claims.css"]
html_js_files = ["claims.js"]
html_extra_path = ["_generated/extra"]
html_title = "iclr26-verify"
html_context = {"default_mode": "light"}
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 1,
    "icon_links": [],
}
html_show_sourcelink = False
html_copy_source = False

# the executed notebooks are rendered as committed, never re-executed here
nb_execution_mode = "off"
nb_ipywidgets_js = {}
myst_enable_extensions = ["dollarmath"]
suppress_warnings = ["myst.header"]  # notebooks start at any heading level

numpydoc_show_class_members = False
numpydoc_validation_checks = set()
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_mock_imports = []

# The gallery runs examples/plot_*.py (a few seconds each). ICLR26_DOCS_RUN_EXAMPLES=0 renders
# the pages without running them: tests/test_docs.py builds the site that way, since
# tests/test_examples.py already runs every script.
sphinx_gallery_conf = {
    "examples_dirs": str(ROOT / "examples"),
    "gallery_dirs": str(DOCS / "_generated" / "gallery"),
    "filename_pattern": r"/plot_",
    "plot_gallery": os.environ.get("ICLR26_DOCS_RUN_EXAMPLES", "1") != "0",
    "abort_on_example_error": True,
    "download_all_examples": False,
    "write_computation_times": False,
    "show_memory": False,
    "show_signature": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "reset_modules": ("matplotlib",),
    "image_scrapers": ("matplotlib",),
    "min_reported_time": 10**9,
}

# the generator fills this at builder-inited; Sphinx checks the path exists before that
(DOCS / "_generated" / "extra").mkdir(parents=True, exist_ok=True)
