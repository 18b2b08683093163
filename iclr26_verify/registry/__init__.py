"""The registry, the framework's bottom floor: what a paper declares and how it is judged. The
CLI, ``pytest theory/``, the report and the site read it; it imports numpy, scipy and the
standard library, never the floors above (:mod:`iclr26_verify.run`,
:mod:`iclr26_verify.outputs`) and never a topic.

- :mod:`~iclr26_verify.registry.topics`: :class:`Topic` and the discovery of topics through the
  entry points of the group ``iclr26_verify.topics``;
- :mod:`~iclr26_verify.registry.verdicts`: the declared facts (:class:`Source`,
  :class:`Setting`, :class:`Preregistered`) and :func:`derive_verdict`;
- :mod:`~iclr26_verify.registry.judge`: comparisons (:class:`Judge`), their power, and the
  :class:`Evidence` a check returns;
- :mod:`~iclr26_verify.registry.claims`: :class:`Claim`, :class:`Result`, the :func:`claim`
  decorator and :func:`discover`;
- :mod:`~iclr26_verify.registry.stats`: the pre-registered tests of empirical claims;
- :mod:`~iclr26_verify.registry.blueprint`: each paper's numbered results and the claims that
  check them.

``theory.claims`` is :mod:`iclr26_verify.registry.claims` under the name the topics import.
"""
