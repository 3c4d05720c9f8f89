"""The Spiel der Türme board interaction, in CPython: whole games by clicks only."""

from __future__ import annotations

import pytest

from interaction_helpers import play_by_clicks
from pygame_rules.tuerme import GAME, EndTurn, Move, Skip
from pygame_rules.tuerme.interaction import TuermeInteraction


@pytest.mark.slow
def test_whole_games_by_clicks():
    """Random clicking makes long games: a few 4-player ones and one with a neutral colour."""
    played: set[type] = set()
    for seed, players in enumerate([4, 4, 4, 3]):
        end = play_by_clicks(TuermeInteraction(GAME), GAME.new_game(players, seed=seed), seed,
                             lambda state, player, action: played.add(type(action)))
        assert GAME.is_over(end)
    assert Move in played and EndTurn in played
    assert played <= {Move, EndTurn, Skip}


def test_selection_shows_targets_and_a_second_click_deselects():
    ui = TuermeInteraction(GAME)
    state = GAME.new_game(4, seed=2)
    move = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Move))
    src = {"square": f"{'abcdefghijklmn'[move.src % 14]}{move.src // 14 + 1}"}
    assert ui.click(state, 0, src) is None
    assert ui.highlights(state, 0)["selected"] == src["square"]
    assert {"square": ui.highlights(state, 0)["targets"][0]} in ui.clickable(state, 0)
    assert ui.click(state, 0, src) is None and ui.highlights(state, 0) == {}
    assert ui.click(state, 0, {"wonder": "1"}) is None  # not a square: ignored
