"""Random play of Saba: every step keeps the protocol and the conservation laws.

``conformance.random_game`` round-trips every state through JSON and the position
notation, which runs ``check_state``: 60 resources, 8 figures and 5 markers per
player, 27 palace cards and every action card conserved. Deep games also apply
every legal action now and then; fast games only check that the game ends.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import pytest

from conformance import random_game
from pygame_rules.rng import Rng
from pygame_rules.saba import GAME, Card, Phase
from pygame_rules.saba.data import HIDDEN_CARD

#: Games per configuration in the fast test; raise it (SABA_RANDOM_GAMES=1000) for a long run.
FAST_GAMES = int(os.environ.get("SABA_RANDOM_GAMES", "180"))
#: Every rule reading turned the other way from its default.
OTHER_READINGS = {"serail_on_self": False, "shared_districts": True, "treasury_and_end": True,
                  "end_before_serail": True, "optional_vizier_swap": True, "overseer_waits": True}
OPTIONS = [{"pro": False}, {"pro": True}, {"pro": True, **OTHER_READINGS}]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["basic", "pro", "pro-other-readings"])
def test_deep_random_games(players, options):
    for seed in range(2):
        end = random_game(GAME, players, seed, options, max_plies=4000, apply_all_every=11)
        assert GAME.is_over(end) and GAME.winners(end)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pro", [False, True], ids=["basic", "pro"])
@pytest.mark.slow
def test_many_fast_random_games(players, pro):
    ends = Counter()
    for seed in range(100, 100 + FAST_GAMES):
        end = random_game(GAME, players, seed, {"pro": pro}, max_plies=6000, deep_checks=False)
        GAME.check_state(end)
        ends["end card" if 26 in end.gone else "cards gone"] += 1
    assert sum(ends.values()) == FAST_GAMES


def _other_secrets(state, viewer):
    """The same public position with different hidden things: the others' hands
    exchanged with deck cards, both decks reordered, another random state."""
    deck = list(reversed(state.action_deck))
    players = []
    for p, player in enumerate(state.players):
        if p != viewer and deck:
            pool = deck + list(player.hand)
            hand, deck = tuple(pool[:len(player.hand)]), pool[len(player.hand):]
            player = replace(player, hand=hand)
        players.append(player)
    return replace(state, players=tuple(players), action_deck=tuple(deck),
                   palace_deck=tuple(reversed(state.palace_deck)), rng="0123456789abcdef")


def _check_view(state, viewer):
    view = GAME.view(state, viewer)
    GAME.check_state(view)
    for p, (real, seen) in enumerate(zip(state.players, view.players)):
        if p == viewer:
            assert seen.hand == real.hand
        else:
            assert seen.hand == (Card.HIDDEN,) * len(real.hand)
    assert set(view.action_deck) <= {Card.HIDDEN} and set(view.palace_deck) <= {HIDDEN_CARD}
    assert view.rng != state.rng or not state.action_deck
    assert GAME.view(view, viewer) == view
    other = _other_secrets(state, viewer)
    GAME.check_state(other)
    assert GAME.view(other, viewer) == view
    assert GAME.render_svg(other, viewer) == GAME.render_svg(state, viewer)


@pytest.mark.parametrize("players", [2, 4])
def test_views_never_leak_during_play(players):
    rng = Rng.from_seed(players)
    state = GAME.new_game(players, seed=players, options={"pro": True})
    ply = 0
    while not GAME.is_over(state):
        if ply % 5 == 0:
            for viewer in (None, *range(players)):
                _check_view(state, viewer)
        mover = GAME.to_move(state)[0]
        state = GAME.apply(state, mover, rng.choice(GAME.legal_actions(state, mover)))
        ply += 1
    assert state.phase == Phase.OVER
