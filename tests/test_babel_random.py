"""Random play of Babel for 3, 4 and 5 players with every option combination.

Deep games go through the shared conformance harness (JSON and position round trips,
which run the conservation checks, at every step; rejected stale actions; untouched
inputs). Further games check, at every step, that each player's view hides what it must
and that states differing only in hidden things look the same. ``BABEL_GAMES`` (env)
scales the number of fast games (default 600)."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import pytest

from conformance import random_game
from pygame_rules.babel import (
    GAME,
    Accept,
    ActionCard,
    BabelAction,
    BabelState,
    Card,
    CardExchange,
    DoubleTurn,
    DrawThree,
    Phase,
    ThirdBonus,
)
from pygame_rules.babel.data import NO_CARDS
from pygame_rules.rng import MASKED_RNG, Rng

#: Every rule reading switched away from its default.
READINGS = {"late_double_turn": True, "cards_out_of_turn": True, "optional_replacing": True,
            "last_build_action_card": False, "last_build_offers_score": False}
OPTIONS = [{}, {"action_cards": False}, {"two_colour_tiles": True},
           {"action_cards": False, "two_colour_tiles": True}, READINGS]
FAST_GAMES = int(os.environ.get("BABEL_GAMES", "1000"))


def pick(rng: Rng, actions: list[BabelAction]) -> BabelAction:
    """A random action, biased towards action-card plays so that they all get exercised."""
    special = [a for a in actions if isinstance(a, (DrawThree, CardExchange, DoubleTurn))
               or a == ThirdBonus(True) or (isinstance(a, Accept) and any(a.joker))]
    return rng.choice(special if special and rng.randbelow(3) == 0 else actions)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=["default", "no-actions", "two-colour", "both", "readings"])
@pytest.mark.slow
def test_conformance(players, options):
    for seed in range(6):
        end = random_game(GAME, players, seed, options, apply_all_every=97)
        assert GAME.is_over(end) and end.phase is Phase.OVER


def assert_view_hides(state: BabelState, viewer: int | None) -> None:
    seen = GAME.view(state, viewer)
    GAME.check_state(seen)
    assert seen.rng == MASKED_RNG and all(c is Card.HIDDEN for c in seen.deck)
    assert all(c is ActionCard.HIDDEN for c in seen.action_deck)
    for p, (real, shown) in enumerate(zip(state.players, seen.players)):
        if p == viewer:
            assert shown == real
            continue
        assert shown.hand == NO_CARDS
        offer = state.offers[p] if state.offers else None
        sealed = offer is not None and not state.revealed
        assert shown.hand_size == real.hand_size + (sum(offer.cards) if sealed else 0)
        if state.phase is not Phase.OVER:
            assert all(a is ActionCard.HIDDEN for a in shown.actions)
        if sealed:
            assert seen.offers[p].cards == NO_CARDS and not seen.offers[p].exchange


def twin(state: BabelState, rng: Rng) -> BabelState:
    """The same position with a different supply order and random state."""
    return replace(state, deck=rng.shuffled(state.deck), rng=f"{rng.next32():016x}")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_leak_nothing(players):
    rng = Rng.from_seed(players)
    for seed in range(len(OPTIONS)):
        state = GAME.new_game(players, seed=seed, options=OPTIONS[seed])
        while not GAME.is_over(state):
            other = twin(state, rng)
            for viewer in (*range(players), None):
                assert_view_hides(state, viewer)
                assert GAME.view(other, viewer) == GAME.view(state, viewer)
            mover = rng.choice(GAME.to_move(state))
            state = GAME.apply(state, mover, pick(rng, GAME.legal_actions(state, mover)))
        assert_view_hides(state, 0)


@pytest.mark.slow
def test_many_fast_games_end_and_conserve():
    rng = Rng.from_seed(99)
    lengths = []
    played: Counter[str] = Counter()
    for seed in range(FAST_GAMES):
        players = 3 + seed % 3
        state = GAME.new_game(players, seed=seed, options=OPTIONS[seed // 3 % len(OPTIONS)])
        plies = 0
        while not GAME.is_over(state):
            mover = rng.choice(GAME.to_move(state))
            action = pick(rng, GAME.legal_actions(state, mover))
            played[type(action).__name__] += 1
            state = GAME.play(state, mover, action)
            plies += 1
            assert plies < 3000
        GAME.check_state(state)
        lengths.append(plies)
        assert len(GAME.winners(state)) >= 1
    assert max(lengths) < 3000
    every = {"Pass", "Build", "Offer", "Accept", "Decline", "ThirdBonus", "DrawThree",
             "CardExchange", "DoubleTurn", "Continue"}
    assert set(played) == every
