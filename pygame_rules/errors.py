"""The errors every game raises, shared so callers can catch them uniformly.

Each layer that reads input from outside has one error type, raised through the gate
(:mod:`pygame_rules.gate`) with a message of at most 200 characters: the engines raise
these two, the save loader :class:`~pygame_rules.session.SaveError`, and the worker's
request handler :class:`~pygame_rules.service.RequestError`.
"""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why.

    The state it was applied to is left unchanged (states are immutable).
    """


class InvalidState(ValueError):
    """Data that is not a valid state (or action) of the game; the message says where."""
