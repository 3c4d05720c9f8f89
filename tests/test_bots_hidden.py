"""Bots never use what their seat cannot see: determinizations are consistent with the view,
and two true states with the same view give the same decisions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pygame_rules.babel import GAME as BABEL
from pygame_rules.babel import Accept, ActionCard, Build, Offer, Phase, StoredOffer
from pygame_rules.bots import LEVELS, decide, knowledge_for
from pygame_rules.registry import get_game
from pygame_rules.rng import Rng
from pygame_rules.saba import GAME as SABA


def random_states(name: str, seed: int, players: int, every: int, options: dict[str, Any]) -> list[Any]:
    """Every ``every``-th state of a random game."""
    game = get_game(name)
    rng = Rng.from_seed(seed)
    state = game.new_game(players, seed=seed, options=options)
    out = []
    for ply in range(10_000):
        if game.is_over(state):
            break
        if ply % every == 0:
            out.append(state)
        player = rng.choice(game.to_move(state))
        state = game.play(state, player, rng.choice(game.legal_actions(state, player)))
    return out


@pytest.mark.parametrize(("name", "players", "options"), [
    ("babel", 3, {}), ("babel", 5, {"two_colour_tiles": True}),
    ("babel", 4, {"late_double_turn": True, "cards_out_of_turn": True, "optional_replacing": True}),
    ("saba", 2, {"pro": True}),
    ("saba", 4, {})])
def test_determinizations_are_full_states_with_the_same_view(name: str, players: int,
                                                             options: dict[str, Any]) -> None:
    game = get_game(name)
    k = knowledge_for(game)
    rng = Rng.from_seed(9)
    for state in random_states(name, players, players, 3, options):
        for p in range(players):
            view = game.view(state, p)
            world = k.determinize(view, p, rng)
            game.check_state(world)
            assert game.view(world, p) == view
            for mover in game.to_move(world):  # every action can be played out in it
                for action in game.legal_actions(world, mover)[:40]:
                    game.play(world, mover, action)


def babel_twins() -> tuple[Any, Any, int]:
    """Two Babel states during sealed offers that player 1 cannot tell apart: player 2's
    offer and the hands of players 2 and 3 differ, and so do the supply order and the rng."""
    state = BABEL.apply(BABEL.new_game(4, seed=11), 0, Build(7, 0))
    hand = state.players[2].hand
    offered = tuple(min(n, 1) for n in hand)
    first = BABEL.apply(state, 2, Offer(offered, True))  # type: ignore[arg-type]
    p2, p3 = state.players[2], state.players[3]
    second = replace(state, players=(state.players[0], state.players[1],
                                     replace(p2, hand=p3.hand, exchange=False),
                                     replace(p3, hand=p2.hand)),
                     offers=(None, None, StoredOffer((0, 0, 0, 0), True), None),
                     deck=state.deck[::-1], rng="0123456789abcdef", quiet=first.quiet)
    return first, second, 1


def babel_bonus_twins() -> tuple[Any, Any, int]:
    """Two Babel states in the third-bonus step that player 2 cannot tell apart: player 1,
    turned down like him, holds a third bonus in one and a five-points card in the other."""
    def turned_down(card: ActionCard) -> Any:
        state = BABEL.new_game(4, seed=11)
        players = list(state.players)
        players[1] = replace(players[1], actions=(card,))
        players[2] = replace(players[2], actions=(ActionCard.JOKER,))
        deck = list(state.action_deck)
        deck.remove(card)
        deck.remove(ActionCard.JOKER)
        state = replace(state, players=tuple(players), action_deck=tuple(deck))
        build = next(b for b in BABEL.legal_actions(state, 0) if isinstance(b, Build) and all(
            any(h and t for h, t in zip(state.players[p].hand, state.wonders[b.wonder].slots[b.slot]))
            for p in (1, 2)))  # a tile both can offer for
        state = BABEL.apply(state, 0, build)
        tile = state.tile
        for p in (1, 2, 3):
            hand = state.players[p].hand
            state = BABEL.apply(state, p, Offer(tuple(min(h, t) for h, t in zip(hand, tile))))
        return BABEL.apply(state, 0, next(a for a in BABEL.legal_actions(state, 0)
                                          if not isinstance(a, Accept)))
    first, second = turned_down(ActionCard.THIRD_BONUS), turned_down(ActionCard.FIVE_POINTS)
    assert first.phase is Phase.BONUS and BABEL.to_move(first) == BABEL.to_move(second) == (1, 2)
    return first, second, 2


def saba_twins() -> tuple[Any, Any, int]:
    """Two Saba states that player 0 cannot tell apart: an opponent's hand card, the order
    of both decks and the rng differ."""
    for state in random_states("saba", 5, 3, 7, {"pro": True}):
        if state.current == 0 and SABA.to_move(state) == (0,) and state.players[1].hand:
            swap = next((i for i, c in enumerate(state.action_deck) if c != state.players[1].hand[0]), None)
            if swap is None:
                continue
            hand = (state.action_deck[swap],) + state.players[1].hand[1:]
            deck = list(state.action_deck)
            deck[swap] = state.players[1].hand[0]
            p1 = replace(state.players[1], hand=hand)
            other = replace(state, players=(state.players[0], p1) + state.players[2:],
                            action_deck=tuple(deck[::-1]), palace_deck=state.palace_deck[::-1],
                            rng="0123456789abcdef")
            return state, other, 0
    raise AssertionError("no suitable Saba state")


@pytest.mark.parametrize("twins", [babel_twins, babel_bonus_twins, saba_twins])
@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_decisions(twins: Any, level: str) -> None:
    first, second, player = twins()
    game = get_game("saba" if twins is saba_twins else "babel")
    game.check_state(second)
    assert first != second and game.view(first, player) == game.view(second, player)
    for seed in range(4):
        one = decide(game, first, player, level, seed=seed, iterations=60)
        two = decide(game, second, player, level, seed=seed, iterations=60)
        assert one == two
