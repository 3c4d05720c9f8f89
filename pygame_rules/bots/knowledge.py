"""What a bot knows about one game beyond the protocol: the base class every game fills in.

The protocol (:class:`~pygame_rules.protocol.Game`) says what is legal; a
:class:`Knowledge` adds what a computer player needs to play it well:

* :meth:`~Knowledge.determinize` — a full state consistent with a player's view
  (hidden cards dealt at random among the cards he cannot see);
* :meth:`~Knowledge.evaluate` — how good a state looks for every player, in points;
* :meth:`~Knowledge.pending` — whether a state is halfway through a step that the
  medium level should play out before judging it;
* :meth:`~Knowledge.candidates` — the legal actions worth considering (bluffs and
  needless variants left out), and :meth:`~Knowledge.sensible` for the easy level;
* :meth:`~Knowledge.progress` — how far an action brings the game nearer its end, which
  every level prefers (so that bots never stall a game);
* :meth:`~Knowledge.ordered`, :meth:`~Knowledge.follow_up` and
  :meth:`~Knowledge.playout_action` — cheap guidance for the search: which actions to
  try first, which ones it takes without branching, and the policy of its playouts.

>>> from pygame_rules.bots import knowledge_for
>>> from pygame_rules.tuerme import GAME
>>> k = knowledge_for(GAME)
>>> state = GAME.new_game(2, seed=1)
>>> k.determinize(state, 0, Rng.from_seed(1)) == state     # nothing hidden in the Türme
True
>>> k.evaluate(state)[0] == k.evaluate(state)[1]           # an even start
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from ..protocol import Game
from ..rng import Rng

S = TypeVar("S")
A = TypeVar("A")


class Knowledge(Generic[S, A]):
    """The game-specific part of the bots; subclasses set :attr:`game` and :meth:`evaluate`."""

    game: ClassVar[Game[Any, Any]]
    #: An evaluation lead (in :meth:`evaluate` units) that makes a win likely: the search
    #: maps leads to win chances with a logistic curve of this width.
    scale: ClassVar[float] = 5.0
    #: Plies a search playout runs before the evaluation judges the position.
    playout_depth: ClassVar[int] = 20
    #: Determinizations the medium level averages over (1 when nothing is hidden).
    samples: ClassVar[int] = 1

    def determinize(self, view: S, player: int, rng: Rng) -> S:
        """A full state that ``player`` cannot tell from the truth, given his ``view``."""
        return view

    def evaluate(self, state: S) -> tuple[float, ...]:
        """Per player, how well he stands (the final score once the game is over)."""
        raise NotImplementedError

    def pending(self, state: S) -> bool:
        """True while the state sits in the middle of a step the evaluation cannot judge
        (say, sealed offers not yet settled): the medium level plays such steps out."""
        return False

    def candidates(self, state: S, player: int, actions: list[A]) -> list[A]:
        """The legal ``actions`` worth a bot's thought (never empty if ``actions`` is not)."""
        return actions

    def sensible(self, state: S, player: int, actions: list[A]) -> list[A]:
        """The candidates the easy level picks from: obvious blunders left out."""
        return actions

    def goal(self, before: S, player: int, action: A, after: S) -> tuple[str, tuple[tuple[str, str | int], ...]] | None:
        """The goal ``action`` of ``player`` reaches, from ``before`` to ``after`` (its step played
        out), for a hint's reason: an English template marked ``N_`` and its fields (texts among
        them English too, translated with it), e.g. ``("completes the {wonder}", (("wonder",
        "Colossus of Rhodes"),))``; None when it reaches none worth naming."""
        return None

    def progress(self, state: S, player: int, action: A) -> int:
        """How far ``action`` brings the game towards its end, as a grade: 0 not at all, and
        higher the further. The levels prefer progress (see :mod:`.levels` and
        :mod:`.mcts`), so that a game between bots never stalls; by default every action
        grades 0 (the game ends without the bots' help)."""
        return 0

    def ordered(self, state: S, player: int, actions: list[A], rng: Rng) -> list[A]:
        """``actions`` most promising first, cheaply (the search widens its tree in this
        order); by default in random order."""
        return list(rng.shuffled(actions))

    def follow_up(self, state: S, player: int) -> A | None:
        """An action the search takes for ``player`` without branching on it, as the
        rest of the move that led here (the rest of a Türme bonus chain), or None to let
        the search choose; by default None."""
        return None

    def playout_action(self, state: S, player: int, actions: list[A], rng: Rng) -> A:
        """The action a playout takes (uniformly random unless a game knows better)."""
        return actions[rng.randbelow(len(actions))]

    # ------------------------------------------------------------ shared helpers
    def moves(self, state: S, player: int) -> list[A]:
        """The candidate actions of ``player`` now (all legal ones if the filter leaves none)."""
        actions = self.game.legal_actions(state, player)
        return self.candidates(state, player, actions) or actions

    def rewards(self, state: S) -> tuple[float, ...]:
        """Per player a value in [0, 1]: his share of the win once the game is over, else
        the logistic win chance of his evaluation lead over the best opponent."""
        game = self.game
        if game.is_over(state):
            winners = game.winners(state)
            return tuple(1 / len(winners) if p in winners else 0.0
                         for p in range(game.num_players(state)))
        values = self.evaluate(state)
        return tuple(logistic(lead / self.scale) for lead in leads(values))


def leads(values: Sequence[float]) -> tuple[float, ...]:
    """Each player's value minus the best of the others.

    >>> leads((3.0, 5.0, 1.0))
    (-2.0, 2.0, -4.0)
    """
    out = []
    for p, v in enumerate(values):
        others = [w for q, w in enumerate(values) if q != p]
        out.append(v - max(others))
    return tuple(out)


def logistic(x: float) -> float:
    """1 / (1 + e^-x), safe for very negative x."""
    if x < -30:
        return 0.0
    return 1 / (1 + math.exp(-x))


def random_rng_state(rng: Rng) -> str:
    """A fresh 16-hex-digit generator state drawn from ``rng`` (for masked random states)."""
    return f"{rng.next32():08x}{rng.next32():08x}"
