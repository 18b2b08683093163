"""pytest configuration of the shipped theory tests (``pytest theory/`` or, from an installed
package, ``pytest --pyargs theory``): the ``seed`` and ``tol`` fixtures, the ``slow`` marker and a
result store private to the session, from :mod:`theory._pytest_plugin`."""

pytest_plugins = ("theory._pytest_plugin",)
