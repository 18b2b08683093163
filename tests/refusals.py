"""The assertion every bad-input test makes: a refusal in the package's one message template
(:func:`theory.validation.invalid`: "The 'x' parameter of f must be ... Got ... instead.")."""

import pytest

from theory.validation import InvalidParameterError


def refused(name, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` raises a ValueError or TypeError naming parameter ``name``."""
    with pytest.raises((ValueError, TypeError), match=f"'{name}' parameter"):
        fn(*args, **kwargs)


def refused_saying(name, call, *, value=None, allowed=None) -> str:
    """``call()`` raises :class:`InvalidParameterError` in the full template, naming ``name``
    and, when given, the value received and the allowed range; the message is returned."""
    with pytest.raises(InvalidParameterError, match=f"The '{name}' parameter of") as e:
        call()
    msg = str(e.value)
    assert " must be " in msg and " Got " in msg
    if value is not None:
        assert value in msg, msg
    if allowed is not None:
        assert allowed in msg, msg
    return msg
