"""Behaviour fingerprints: seeded random games of every game, hashed move by move.

Each digest covers the record of every action (its notation, the same in every
language; the words people read are not hashed, so a new wording keeps it), the position
after it, the player to move, the scores and the board drawing at the end, for a fixed set of seeds, player
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
               (3, {"unlimited_height": True}, (11, 12)), (4, {"unlimited_height": True}, (13, 14)),
               (3, {"early_end_own_pieces": True, "early_end_at_once": True, "random_start": True,
                    "quiet_end": 0}, (15, 16)),
               (2, {"neutral_district_ends": False, "early_end_at_once": True, "quiet_end": 0}, (17,)),
               (4, {"early_end_at_once": True, "random_start": True, "quiet_end": 20}, (18, 19))),
    "babel": ((3, {}, (1, 2, 3)), (4, {}, (4, 5)), (5, {}, (6, 7)),
              (4, {"two_colour_tiles": True}, (8, 9)), (5, {"action_cards": False}, (10,)),
              (4, {"late_double_turn": True, "cards_out_of_turn": True, "optional_replacing": True}, (11, 12)),
              (3, {"last_build_action_card": False, "last_build_offers_score": False, "quiet_end": 0}, (13,)),
              (3, {"quiet_end": 30}, (14,))),
    "saba": ((2, {}, (1, 2, 3)), (3, {}, (4, 5)), (4, {}, (6,)), (2, {"pro": True}, (7, 8)),
             (3, {"pro": True}, (9,)), (4, {"pro": True, "serail_on_self": False}, (10, 11)),
             (3, {"shared_districts": True, "treasury_and_end": True, "end_before_serail": True,
                  "optional_vizier_swap": True, "overseer_waits": True}, (12,)),
             (4, {"pro": True, "shared_districts": True, "optional_vizier_swap": True,
                  "overseer_waits": True, "quiet_end": 0}, (13, 14)),
             (2, {"quiet_end": 50}, (15,))),
}

MAX_PLIES = 3000

DIGESTS = {
    "babel": "389926390e99753bdd7b0766c01101d6e23d38b39441b3b32402a6a01d1ffaac",
    "saba": "7604c078b0b92a69a4db404924f6669a78dd4d4cb3119822094fe4b80df4559a",
    "tuerme": "432627d6a5e1d77e4ee2c1e5a4f7a91ba2f63c0c56699c820928b094084e66c0",
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
                after = game.apply(state, player, action)
                sha.update(f"{player}:{game.record_text(state, player, action)}\n".encode())
                state = after
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
