"""A hint: what a computer player would do in the player's place, with a one-line reason.

The hint decides from ``game.view(state, player)`` only, seeded from that view, so
two states the player cannot tell apart give the same hint. The reason compares
the player's score breakdown before and after the action (played out to the end of
its step, as the medium level judges it, in a world dealt from the view), naming the goal
the action reaches where the game's knowledge sees one (``Knowledge.goal``: "completes the
Colossus of Rhodes", "builds the arch on garden field 7, a balcony for your figure", "covers the
piece on d6 and makes it yours"), and falls back on the bot's evaluation.

>>> from pygame_rules.tuerme import GAME, build
>>> state = build(2, {"b4": "Br", "n1": "Db", "a8": "Ar"})
>>> h = hint(GAME, state, 0)
>>> h.notation, hint_text(h)
('b4-b2+', 'enters a symbol field and earns a bonus move')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .. import codec
from ..i18n import N_, _
from ..protocol import Game
from ..rng import Rng
from ..steps import Steps, run
from . import deciding, knowledge_for
from .levels import settle

#: Iterations of the hard level for a hint (fixed, so a hint is the same on every machine).
HARD_ITERATIONS = 300

WINS = N_("ends the game, and you win with a score of {n}")
ENDS = N_("ends the game")
SCORES = N_("adds {n} to your score now ({category})")
BONUS = N_("enters a symbol field and earns a bonus move")
BEST = N_("the best choice by the computer player's estimate")
ONLY = N_("the only possible action")


@dataclass(frozen=True)
class Hint:
    """The suggested action, its notation, and the reason as a template with named fields.

    ``reason`` is English (marked for translation); :func:`hint_text` translates it
    and fills in the fields.
    """

    action: Any
    notation: str
    reason: str
    fields: tuple[tuple[str, str | int], ...] = ()


def view_seed(game: Game[Any, Any], view: Any) -> int:
    """A seed drawn from the view alone (the same view, the same seed)."""
    text = json.dumps(codec.to_json(view), sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(f"{game.name}:{text}".encode()).digest()[:4], "big")


def hint(game: Game[Any, Any], state: Any, player: int, level: str = "medium") -> Hint:
    """What the ``level`` computer player would do for ``player``, and why."""
    return run(hinting(game, state, player, level))


def hinting(game: Game[Any, Any], state: Any, player: int, level: str = "medium") -> Steps[Hint]:
    """:func:`hint` in steps (:mod:`pygame_rules.steps`)."""
    view = game.view(state, player)
    seed = view_seed(game, view)
    action = (yield from deciding(game, view, player, level, seed=seed, iterations=HARD_ITERATIONS)).action
    notation = game.action_text(view, action, viewer=player, mover=player)
    if len(game.legal_actions(view, player)) == 1:
        return Hint(action, notation, ONLY)
    return _reason(game, view, player, action, notation, Rng.from_seed(seed))


def _reason(game: Game[Any, Any], view: Any, player: int, action: Any, notation: str, rng: Rng) -> Hint:
    k = knowledge_for(game)
    world = k.determinize(view, player, rng)
    after = game.play(world, player, action)
    if getattr(after, "bonus", False) and not getattr(world, "bonus", False):
        return Hint(action, notation, BONUS)
    settled = settle(k, after, rng)
    if game.is_over(settled):
        if player in game.winners(settled):
            n = game.scores(settled)[player]
            return Hint(action, notation, WINS, (("n", n),))
        return Hint(action, notation, ENDS)
    goal = k.goal(world, player, action, settled)
    if goal is not None:  # the goal reached, rather than only a score
        return Hint(action, notation, goal[0], goal[1])
    before_lines = game.score_breakdown(world)[player]
    gains = [(line.points - old.points, line.label)
             for old, line in zip(before_lines, game.score_breakdown(settled)[player])]
    n, category = max(gains)
    if n > 0:
        return Hint(action, notation, SCORES, (("n", n), ("category", category)))
    return Hint(action, notation, BEST)


def hint_text(hint: Hint) -> str:
    """The reason in the active language (text fields translated too)."""
    fields = {name: _(value) if isinstance(value, str) else value for name, value in hint.fields}
    return _(hint.reason).format(**fields)
