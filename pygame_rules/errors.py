"""The errors every game raises, shared so callers can catch them uniformly."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why.

    The state it was applied to is left unchanged (states are immutable).
    """


class InvalidState(ValueError):
    """Data that is not a valid state (or action) of the game; the message says where."""
