"""The claim registry: the spine that ``pytest theory/``, the CLI, the report and the site read.

- :mod:`~iclr26_verify.registry.verdicts`: the declared facts (:class:`Source`,
  :class:`Setting`, :class:`Preregistered`) and :func:`derive_verdict`;
- :mod:`~iclr26_verify.registry.judge`: comparisons (:class:`Judge`), their power, and the
  :class:`Evidence` a check returns;
- :mod:`~iclr26_verify.registry.claims`: :class:`Claim`, :class:`Result`, the :func:`claim`
  decorator and :func:`discover` (topics through their entry points, :mod:`iclr26_verify.topics`).

``theory.claims`` is :mod:`iclr26_verify.registry.claims` under the name the topics import.
"""
