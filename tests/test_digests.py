"""Behaviour fingerprints: seeded random games of every game, hashed move by move.

Each digest covers the notation of every action, the position after it, the player
to move, the scores and the board drawing at the end, for a fixed set of seeds, player
counts and options. A refactoring that changes no rule keeps every digest; a change
of the rules, the notation or the drawing changes one, and the commit that does it
records the new value here (with ``python tests/test_digests.py``) and says why.
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import pytest

import pygame_rules
from pygame_rules.rng import Rng

#: game -> (players, options, seeds) runs
RUNS: dict[str, tuple[tuple[int, dict[str, Any], tuple[int, ...]], ...]] = {
    "tuerme": ((2, {}, (1, 2, 3)), (3, {}, (4, 5, 6)), (4, {}, (7, 8, 9, 10)),
               (3, {"unlimited_height": True}, (11, 12)), (4, {"unlimited_height": True}, (13, 14))),
    "babel": ((3, {}, (1, 2, 3)), (4, {}, (4, 5)), (5, {}, (6, 7)),
              (4, {"two_colour_tiles": True}, (8, 9)), (5, {"action_cards": False}, (10,))),
    "saba": ((2, {}, (1, 2, 3)), (3, {}, (4, 5)), (4, {}, (6,)), (2, {"pro": True}, (7, 8)),
             (3, {"pro": True}, (9,)), (4, {"pro": True, "serail_on_self": False}, (10, 11))),
}

MAX_PLIES = 3000

DIGESTS = {
    "babel": "ef8e10793167296835087c51d2697db5196de28333f3906ce6ceea64fe5a03ca",
    "saba": "92580f389474a629003802cc2f1851fe8fcb567b7cb8779579bde70317378760",
    "tuerme": "32186b0b5d67c20eacace14a68fdff34e11c934d56dcce7e8a3a97a868d2ceb0",
}


def digest(name: str) -> str:
    """The fingerprint of the runs of game ``name``."""
    game = pygame_rules.get_game(name)
    sha = hashlib.sha256()
    for players, options, seeds in RUNS[name]:
        for seed in seeds:
            rng = Rng.from_seed(seed)
            state = game.new_game(players, seed=seed, options=options)
            for _ in range(MAX_PLIES):
                if game.is_over(state):
                    break
                player = rng.choice(game.to_move(state))
                action = rng.choice(game.legal_actions(state, player))
                sha.update(f"{player}:{game.action_text(state, action)}\n".encode())
                state = game.apply(state, player, action)
                sha.update(f"{game.position_text(state)}|{game.to_move(state)}\n".encode())
            sha.update(f"{game.scores(state)}|{game.winners(state)}\n".encode())
            for viewer in (None, 0):
                sha.update(game.render_svg(state, viewer).encode())
    return sha.hexdigest()


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_behaviour_is_unchanged(name: str) -> None:
    assert digest(name) == DIGESTS[name]


if __name__ == "__main__":
    for game_name in sys.argv[1:] or sorted(DIGESTS):
        print(f'    "{game_name}": "{digest(game_name)}",')
