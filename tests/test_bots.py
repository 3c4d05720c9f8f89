"""Bots: every level plays complete games of every game and player count, only legal moves."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_rules.bots import LEVELS, decide
from pygame_rules.registry import get_game

#: (game, players, options) for every game and player count (Saba also with the pro rules).
SETUPS = [("tuerme", n, {}) for n in (2, 3, 4)] + [("babel", n, {}) for n in (3, 4, 5)] + [
    ("saba", 2, {}), ("saba", 3, {"pro": True}), ("saba", 4, {}), ("saba", 2, {"pro": True})]
#: Search iterations of the hard seats: few, so that the games are quick (and reproducible).
ITERATIONS = 4
#: Türme games between weak bots can go on for a long time; past this the test stops.
MAX_PLIES = 2500


def play(name: str, players: int, options: dict[str, Any], seed: int) -> tuple[Any, int]:
    """A game with the levels seated in turn; ``apply`` rejects any illegal action."""
    game = get_game(name)
    state = game.new_game(players, seed=seed, options=options)
    seats = [LEVELS[(p + seed) % len(LEVELS)] for p in range(players)]
    plies = 0
    while not game.is_over(state) and plies < MAX_PLIES:
        player = game.to_move(state)[-1]
        decision = decide(game, state, player, seats[player], seed=plies, iterations=ITERATIONS)
        state = game.apply(state, player, decision.action)
        plies += 1
    return state, plies


@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
@pytest.mark.slow
def test_every_level_plays_complete_games(name: str, players: int, options: dict[str, Any]) -> None:
    game = get_game(name)
    state, _plies = play(name, players, options, seed=players)
    if name != "tuerme":  # the Türme may in principle go on and on; the others always end
        assert game.is_over(state)
    if game.is_over(state):
        assert game.winners(state)


def test_hard_respects_its_time_budget() -> None:
    import time

    game = get_game("saba")
    state = game.new_game(3, seed=2)
    start = time.perf_counter()
    decision = decide(game, state, 0, "hard", budget_s=0.1, seed=1)
    assert time.perf_counter() - start < 0.5
    assert decision.iterations > 0 and game.why_illegal(state, 0, decision.action) is None


def test_root_ranking_stops_at_the_deadline() -> None:
    from pygame_rules.bots import knowledge_for
    from pygame_rules.bots.levels import ranking
    from pygame_rules.rng import Rng
    from pygame_rules.steps import run

    game = get_game("tuerme")
    state = game.new_game(2, seed=4)
    k = knowledge_for(game)
    actions = k.moves(state, 0)
    assert len(run(ranking(k, state, 0, actions, Rng.from_seed(1)))) == len(actions) > 1
    late = run(ranking(k, state, 0, actions, Rng.from_seed(1), deadline=0.0))
    assert [action for _, action in late] == k.ordered(state, 0, actions, Rng.from_seed(1))[:1]


def test_unknown_level_and_wrong_player_are_refused() -> None:
    game = get_game("babel")
    state = game.new_game(3, seed=1)
    with pytest.raises(ValueError, match="level"):
        decide(game, state, 0, "grandmaster")
    with pytest.raises(ValueError, match="not to move"):
        decide(game, state, 1, "easy")


def test_search_takes_a_tuerme_bonus_chain_as_part_of_the_turn() -> None:
    from pygame_rules.bots import knowledge_for
    from pygame_rules.bots.mcts import _followed
    from pygame_rules.tuerme import Move, build, parse_square

    game = get_game("tuerme")
    k = knowledge_for(game)
    start = build(2, {"b4": "Ar", "c4": "Br", "a1": "Cb"})
    onto_field = game.play(start, 0, Move(parse_square("b4"), parse_square("b7")))
    assert onto_field.bonus and onto_field.turn == 0
    after = _followed(k, onto_field)
    assert after.board[parse_square("c7")] == "Br"  # the bonus move of best gain was taken
    assert (after.turn, after.bonus) == (1, False)  # and the turn passed: the next node is blue's
    assert _followed(k, start) == start  # nothing to follow up at the start of a turn
