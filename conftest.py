"""pytest configuration of the repository: the shared fixtures and markers live in
:mod:`theory._pytest_plugin`, which ships with the package (``theory/conftest.py`` loads it for
``pytest --pyargs theory``)."""

pytest_plugins = ("theory._pytest_plugin",)
