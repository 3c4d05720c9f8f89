"""Random play of Spiel der Türme: thousands of games over 2, 3 and 4 players and the variant.

* ``random_game`` with full checks (JSON and position round trips, which run check_state and
  so the 80-stone conservation check, at every step; every legal action applied now and then);
* ``random_game`` without the deep checks (apply keeps its input, stale actions get reasons);
* a lean loop over many more games checking cheap invariants at every step (20 stones of
  each colour, the bonus/stop/pass bookkeeping) and the full check_state at the end.
Together about 2,000 games.
"""

from __future__ import annotations

import pytest

from conformance import random_game
from pygame_rules.rng import Rng
from pygame_rules.tuerme import GAME, EndReason, EndTurn, Skip
from pygame_rules.tuerme.data import ALLEYS, DISTRICTS

VARIANT = {"unlimited_height": True}
MAX_PLIES = 30000  # 2-player games wander with neutral stones: a few reach ten thousand plies


def _finished(state) -> None:
    assert GAME.is_over(state) and state.end is not None and GAME.winners(state)
    GAME.check_state(state)
    if state.end is EndReason.DISTRICT:
        lines = GAME.score_breakdown(state)[state.ender]
        assert lines[-1].points == lines[state.end_district].points
        # Only a district of his own colour scores for the ender; one of a neutral colour nothing.
        assert (lines[-1].points > 0) == (state.board[DISTRICTS[state.end_district][0]][-1] == "rbgp"[state.ender])


@pytest.mark.parametrize("players, options, seeds", [
    (4, None, range(0, 110)),
    (4, VARIANT, range(110, 140)),
    (3, None, range(0, 10)),
    (3, VARIANT, range(10, 20)),
    (2, None, range(0, 3)),
    (2, VARIANT, range(3, 8)),
])
@pytest.mark.slow
def test_random_games_with_full_checks(players, options, seeds):
    for seed in seeds:
        _finished(random_game(GAME, players, seed, options, max_plies=MAX_PLIES,
                              apply_all_every=97 if seed % 4 == 0 else 0))


@pytest.mark.parametrize("players, options, seeds", [
    (4, None, range(1000, 1060)),
    (4, VARIANT, range(1060, 1100)),
    (3, None, range(1000, 1010)),
    (3, VARIANT, range(1010, 1020)),
    (2, None, range(1000, 1005)),
])
def test_random_games_light(players, options, seeds):
    for seed in seeds:
        _finished(random_game(GAME, players, seed, options, max_plies=MAX_PLIES, deep_checks=False))


def _lean_game(players: int, seed: int, options) -> tuple[object, int]:
    """Play one random game checking cheap invariants every ply; returns (end, plies)."""
    rng = Rng.from_seed(seed)
    state = GAME.new_game(players, seed=seed, options=options)
    plies = 0
    while not GAME.is_over(state):
        player = state.turn
        actions = GAME.legal_actions(state, player)
        assert actions and GAME.to_move(state) == (player,)
        assert (EndTurn() in actions) == state.bonus
        assert actions != [Skip()] or not state.bonus
        state = GAME.apply(state, player, rng.choice(actions))
        stones = "".join(state.board)
        assert all(stones.count(colour) == 20 for colour in "rbgp")  # no stone lost or made
        assert any(state.board[q] for q in ALLEYS) or GAME.is_over(state)
        plies += 1
        assert plies < MAX_PLIES
    GAME.check_state(state)
    return state, plies


@pytest.mark.parametrize("players, options, seeds", [
    (4, None, range(2000, 2500)),
    (4, None, range(2500, 3000)),
    (4, VARIANT, range(3000, 3250)),
    (3, None, range(2000, 2150)),
    (3, VARIANT, range(2150, 2250)),
    (2, None, range(2000, 2050)),
    (2, VARIANT, range(2050, 2120)),
])
@pytest.mark.slow
def test_many_lean_random_games(players, options, seeds):
    reasons = set()
    for seed in seeds:
        end, _ = _lean_game(players, seed, options)
        reasons.add(end.end)
    assert EndReason.DISTRICT in reasons
