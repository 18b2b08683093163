"""Sphinx configuration of the iclr26-verify site (``make docs``; builds offline)."""

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))
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
    "iclr26_pages",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints", "_generated/summary.md"]
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

# the generator fills this at builder-inited; Sphinx checks the path exists before that
(DOCS / "_generated" / "extra").mkdir(parents=True, exist_ok=True)
