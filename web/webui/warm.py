"""The code paths of a game screen, run once by the first visit's worker (``app/worker.js``) so
that the page's first game does not wait for the browser to compile them.

The browser compiles Pyodide's WebAssembly a function at a time, when the function first runs,
and the page runs the very module the worker compiled (it is handed over with the snapshot): what
the worker ran, the page finds compiled. On a first visit, the first board the page drew took
66–76 ms, against 17–24 ms on any later visit, whose module comes compiled from the browser's
cache (docs/benchmarks.md). Nothing here is kept: only the compiled code stays.

>>> warm_up()
"""

from __future__ import annotations

from pygame_rules import GAMES, get_game
from pygame_rules.registry import interaction_for
from pygame_rules.rng import Rng

from .markup import h, written

#: Random moves played in each game before its board is drawn: enough for moves of every kind.
MOVES = 12


def warm_up() -> None:
    """Play a few random moves of each game, with what the game screen does for each: the
    legal moves, the board's controls, a move's text in the log, the status line and the board."""
    for name in sorted(GAMES):
        game = get_game(name)
        names = [f"P{seat + 1}" for seat in range(game.max_players)]
        interaction = interaction_for(game)
        interaction.names = names
        state = game.new_game(game.max_players, seed=1)
        rng = Rng.from_seed(1)
        for _ply in range(MOVES):
            if game.is_over(state):
                break
            player = game.to_move(state)[0]
            interaction.clickable(state, player)
            action = rng.choice(game.legal_actions(state, player))
            text = game.action_text(state, action, names, viewer=player, mover=player)
            written(h("li", h("button", text), data_ply="1"))
            state = game.apply(state, player, action)
        written(h("p", game.status_text(state, names)))
        game.render_svg(state, game.to_move(state)[0] if not game.is_over(state) else None, names=names)
