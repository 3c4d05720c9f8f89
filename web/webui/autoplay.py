"""Steps with only one possible action, played for the person (the setting "Skip steps with only
one possible action", on by default), as Board Game Arena does: Saba's "End building" when nothing
can be built, "No figure", "End turn"; Babel's "Go on" and "No third bonus" for a player who can
play no card; Türme's last possible move. The log marks such a move "automatic".

Whether a step has only one action is a function of the acting person's view
(``legal_actions(view(state, player), player)``, the same as of the whole state:
``tests/test_fair_play.py``), so skipping it tells him nothing he could not see.

A step is never skipped:

- in a replay (a past position), a diagram or a lesson (they have no game screen: a lesson's
  steps are the learner's to make), nor once the game is over;
- while the device must be passed to the person (the pass screen), nor as the first move after
  he took it in a hotseat game with hidden information: the move would be made, and the next pass
  screen shown, before he saw anything; and made before the pass screen, the person at the device
  would learn that the other's hidden hand allows him nothing else;
- when the move before it, another player's, made something public (Babel's sealed offers turned
  face up): the person sees it before his only move carries on;
- when the only action makes something public itself (Babel's last sealed offer reveals them
  all), or ends the game: the person makes such a move himself, and sees what follows.

>>> from pygame_rules.session import Seat, Session
>>> from pygame_rules.controller import Controller
>>> from pygame_rules.saba import RemoveCard, TakeHarbour
>>> session = Session.new("saba", [Seat("Ann", "red"), Seat("Bob", "blue", "easy")], seed=3)
>>> forced_move(Controller(session)) is None          # H1 or H2: a choice
True
>>> _ = session.play(0, TakeHarbour(2)), session.play(0, RemoveCard(0))
>>> forced_move(Controller(session))                  # nothing to build, no card, no figure
(0, Done())
"""

from __future__ import annotations

from typing import Any

from pygame_rules.controller import Controller
from pygame_rules.protocol import Game


def only_action(game: Game[Any, Any], state: Any, player: int) -> Any | None:
    """``player``'s one legal action in ``state``, judged from his view; None if he has none
    or several."""
    actions = game.legal_actions(game.view(state, player), player)
    return actions[0] if len(actions) == 1 else None


def only_move(game: Game[Any, Any], state: Any, player: int) -> Any | None:
    """``player``'s one legal action in ``state`` (:func:`only_action`) if it may be played for
    him: it neither ends the game nor makes anything public; else None."""
    action = only_action(game, state, player)
    if action is None:
        return None
    after = game.apply(state, player, action)
    if game.is_over(after) or made_public(game, state, action, after, player):
        return None
    return action


def made_public(game: Game[Any, Any], before: Any, action: Any, after: Any, reader: int) -> bool:
    """Whether ``action`` from ``before`` to ``after`` made something public, as ``reader`` reads it."""
    return bool(game.describe_outcome(game.view(before, reader), action, game.view(after, reader), None))


def forced_move(controller: Controller) -> tuple[int, Any] | None:
    """The person and his only action, if the game screen of ``controller`` plays it for him
    now (see the module's rules); else None."""
    session, game = controller.session, controller.game
    player = controller.acting_player()
    if controller.reading is not None or controller.viewing is not None or controller.is_over \
            or player is None or controller.pass_to() is not None:
        return None
    moves, state = session.moves, session.state
    handed = controller.only_person is None and game.hidden_information
    if handed and (not moves or moves[-1].player != player):
        return None
    if moves and moves[-1].player != player \
            and made_public(game, session.states[-2], moves[-1].action, state, player):
        return None
    action = only_move(game, state, player)
    return None if action is None else (player, action)
