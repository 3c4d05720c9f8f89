"""Every worked example of the Babel rulebooks (Dutch 000, German 002, French 003) as a
position and its expected outcome. Seats: red 0, yellow 1, green 2, blue 3."""

from __future__ import annotations

import pytest

from conformance import check_rejects
from pygame_rules.babel import GAME, Accept, ActionCard, BabelState, Build, Decline, Offer, Pass, Phase, Player
from pygame_rules.babel.data import (
    ACTION_CARD_COUNTS,
    CARD_OF_KIND,
    CARDS_PER_KIND,
    NO_CARDS,
    SLOTS_PER_WONDER,
    WONDERS,
    tile_set,
)
from pygame_rules.babel.scoring import set_bonus, wonder_points
from pygame_rules.babel.state import Options, Wonder, sort_actions
from pygame_rules.examples import example

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
CAMEL5, SHIP5, SHIP3, CRANE3 = (5, 0, 0, 0), (0, 0, 5, 0), (0, 0, 3, 0), (0, 3, 0, 0)
BABEL = 7


def make_state(hands: dict[int, tuple[int, int, int, int]], *, n: int = 4,
               tiles: dict[tuple[int, int], tuple[int, int, int, int] | None] | None = None,
               elements: dict[int, tuple[int, ...]] | None = None,
               owned: dict[int, tuple[tuple[int, int, int, int], ...]] | None = None,
               actions: dict[int, tuple[ActionCard, ...]] | None = None,
               two_colour: bool = False, action_cards: bool = True, active: int = 0,
               marker: int = 0) -> BabelState:
    """A consistent position: the given hands, tiles on given spaces (None = taken; the
    taken tiles must be listed in ``owned``), elements, owned tiles and action cards; every
    other tile fills the free spaces in order and the rest of the cards form the supply."""
    tiles, elements, owned, actions = tiles or {}, elements or {}, owned or {}, actions or {}
    pool = list(tile_set(two_colour))
    for tile in list(tiles.values()) + [t for ts in owned.values() for t in ts]:
        if tile is not None:
            pool.remove(tile)
    wonders = []
    for w in range(len(WONDERS)):
        slots = tuple(tiles[(w, s)] if (w, s) in tiles else pool.pop()
                      for s in range(SLOTS_PER_WONDER))
        wonders.append(Wonder(slots, elements.get(w, (0,) * n)))
    assert not pool, "every tile must be placed or owned"
    players = tuple(Player(hands.get(p, NO_CARDS), tiles=tuple(sorted(owned.get(p, ()))),
                           actions=sort_actions(actions.get(p, ()))) for p in range(n))
    deck = tuple(card for k, card in enumerate(CARD_OF_KIND)
                 for _ in range(CARDS_PER_KIND - sum(pl.hand[k] for pl in players)))
    action_deck: tuple[ActionCard, ...] = ()
    if action_cards:
        held = [c for cs in actions.values() for c in cs]
        action_deck = tuple(c for c, k in ACTION_CARD_COUNTS.items() for _ in range(k))
        for card in held:
            action_deck = tuple(action_deck[:action_deck.index(card)]
                                + action_deck[action_deck.index(card) + 1:])
    state = BabelState(Options(action_cards, two_colour), players, tuple(wonders), deck, NO_CARDS,
                       action_deck, (), "0123456789abcdef", active=active, marker=marker)
    GAME.check_state(state)
    return state


def offers_made(state: BabelState, offers: dict[int, Offer]) -> BabelState:
    for p, offer in offers.items():
        state = GAME.apply(state, p, offer)
    return state


def ship_example() -> BabelState:
    """Red builds the 5-ship tile of the Tower of Babel; yellow offers 1 ship, green 2 ships
    with his exchange card, blue 1 ship (and a camel as a bluff)."""
    state = example("babel", "offers").start()
    state = GAME.apply(state, RED, Build(BABEL, 0))
    assert GAME.to_move(state) == (YELLOW, GREEN, BLUE)
    return offers_made(state, {YELLOW: Offer((0, 0, 1, 0)), GREEN: Offer((0, 0, 2, 0), True),
                               BLUE: Offer((1, 0, 1, 0))})


def test_offers_are_revealed_together_and_bluffs_return():
    state = ship_example()
    assert state.phase is Phase.DECIDE and state.revealed
    assert state.offers[BLUE].cards == (0, 0, 1, 0) and state.offers[BLUE].returned == (1, 0, 0, 0)
    assert state.players[BLUE].hand == (1, 0, 0, 0)      # the camel went straight back


def test_example_red_accepts_yellow_and_adds_four_ships():
    state = ship_example()
    after = GAME.apply(state, RED, Accept((YELLOW,)))
    babel = after.wonders[BABEL]
    assert babel.elements == (4, 1, 0, 0)
    assert babel.slots[0] is None and after.players[RED].tiles == (SHIP5,)
    assert after.players[RED].hand_size == 1 + 1 and after.discard == (0, 0, 5, 0)
    # rejected: green 2 ships (nothing for his exchange card), blue 1 ship
    assert [p.offer_vp for p in after.players] == [0, 0, 2, 1]
    assert all(p.exchange for p in after.players)
    assert after.active == YELLOW and after.phase is Phase.CHOOSE


def test_example_red_accepts_yellow_and_green_with_exchange_card():
    state = ship_example()
    after = GAME.apply(state, RED, Accept((YELLOW, GREEN)))
    # yellow 1 element, red 2 of his own + 2 in place of green's; green receives the tile
    assert after.wonders[BABEL].elements == (4, 1, 0, 0)
    assert after.players[GREEN].tiles == (SHIP5,) and after.players[RED].tiles == ()
    assert after.players[GREEN].exchange
    assert [p.offer_vp for p in after.players] == [0, 0, 0, 1]   # blue: 1 VP, takes his ship back
    assert after.discard == (0, 0, 5, 0)


def test_only_one_exchange_offer_and_never_more_than_the_tile():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 3, 0), GREEN: (0, 0, 3, 0),
                        BLUE: (0, 0, 4, 0)}, tiles={(BABEL, 0): SHIP5})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((0, 0, 1, 0), True), GREEN: Offer((0, 0, 2, 0), True),
                         BLUE: Offer((0, 0, 4, 0))})
    check_rejects(GAME, state, RED, Accept((YELLOW, GREEN)), "at most one accepted offer")
    check_rejects(GAME, state, RED, Accept((GREEN, BLUE)), "more than the tile asks")
    assert Accept((YELLOW, BLUE)) in GAME.legal_actions(state, RED)


def test_offer_may_not_hold_more_cards_than_the_tile_bluffs_included():
    state = GAME.apply(make_state({RED: (0, 0, 5, 0), YELLOW: (3, 0, 3, 0)},
                                  tiles={(BABEL, 0): SHIP3}), RED, Build(BABEL, 0))
    check_rejects(GAME, state, YELLOW, Offer((1, 0, 3, 0)), "asks for 3 cards")
    check_rejects(GAME, state, YELLOW, Offer((0, 1, 0, 0)), "hold only 0 crane")
    assert GAME.why_illegal(state, YELLOW, Offer((2, 0, 1, 0), True)) is None


def test_two_colour_tile_limits_per_kind():
    """French example: on the camel 2 / stonemason 3 tile nobody offers more than 2 camels
    or 3 stonemasons; the Dutch one asks for exactly 3 camels and 2 cranes."""
    tile = (2, 0, 0, 3)
    state = make_state({RED: (2, 0, 0, 3), YELLOW: (3, 0, 0, 3), GREEN: (0, 2, 0, 4)},
                       tiles={(0, 0): tile}, two_colour=True)
    state = GAME.apply(state, RED, Build(0, 0))
    check_rejects(GAME, state, YELLOW, Offer((3, 0, 0, 0)), "asks for 2 camel")
    check_rejects(GAME, state, GREEN, Offer((0, 0, 0, 4)), "asks for 3 stonemason")
    check_rejects(GAME, state, YELLOW, Offer((2, 1, 0, 3)),
                  "asks for 5 cards")
    state = offers_made(state, {YELLOW: Offer((2, 0, 0, 1)), GREEN: Offer((0, 0, 0, 3)),
                                BLUE: Offer(NO_CARDS)})
    check_rejects(GAME, state, RED, Accept((YELLOW, GREEN)), "more than the tile asks")
    after = GAME.apply(state, RED, Accept((YELLOW,)))       # red adds 2 stonemasons
    assert after.wonders[0].elements == (2, 3, 0, 0) and after.players[RED].tiles == (tile,)
    dutch = (3, 2, 0, 0)
    state = GAME.apply(make_state({RED: (3, 2, 0, 0)}, tiles={(1, 0): dutch}, two_colour=True),
                       RED, Build(1, 0))
    state = offers_made(state, {p: Offer(NO_CARDS) for p in (YELLOW, GREEN, BLUE)})
    assert GAME.legal_actions(state, RED) == [Accept(()), Decline()]


def test_declining_returns_the_tile_and_pays_every_offerer():
    state = ship_example()
    after = GAME.apply(state, RED, Decline())
    assert after.wonders[BABEL].slots[0] == SHIP5 and not any(after.wonders[BABEL].elements)
    assert [p.offer_vp for p in after.players] == [0, 1, 2, 1]
    assert after.players[RED].hand_size == 5 + 1 and after.players[YELLOW].hand_size == 3


@pytest.mark.parametrize("elements, expected", [
    ((6, 4, 2, 0), (8, 4, 3, 0)),     # Dutch/French example 1: blue is not involved
    ((5, 5, 2, 1), (4, 4, 3, 3)),     # example 2: red and yellow tie for the most
    ((6, 4, 4, 0), (8, 3, 3, 0)),     # one leader, two seconds: everyone else gets 3
    ((0, 0, 7, 0), (0, 0, 8, 0)),     # alone: first place
    ((3, 3, 3, 0), (4, 4, 4, 0)),     # all tied: all second value
])
def test_wonder_scoring_ties(elements, expected):
    assert wonder_points(elements, (8, 4)) == expected


def test_completing_a_wonder_scores_moves_marker_and_gives_an_action_card():
    """Example 1 played out: red completes a wonder with 6 elements against 4 and 2."""
    state = example("babel", "wonder-scoring").start()
    state = offers_made(GAME.apply(state, RED, Build(0, 2)),
                        {p: Offer(NO_CARDS) for p in (YELLOW, GREEN, BLUE)})
    after = GAME.apply(state, RED, Accept(()))
    assert [p.wonder_vp for p in after.players] == [8, 4, 3, 0]
    assert after.marker == 1 and after.wonders[0].scored_row == 0
    assert after.wonders[0].elements == (0, 0, 0, 0)
    assert len(after.players[RED].actions) == 1 and len(after.action_deck) == 14


def test_no_action_card_without_the_option():
    state = make_state({RED: (0, 0, 3, 0)}, tiles={(0, 0): None, (0, 1): None, (0, 2): SHIP3},
                       owned={YELLOW: (CAMEL5, CRANE3)}, action_cards=False, marker=0)
    state = offers_made(GAME.apply(state, RED, Build(0, 2)),
                        {p: Offer(NO_CARDS) for p in (YELLOW, GREEN, BLUE)})
    after = GAME.apply(state, RED, Accept(()))
    assert after.players[RED].actions == () and after.players[RED].wonder_vp == 8


def test_final_set_bonus_example_25_points():
    """Four camel tiles (one of them the camel/stonemason tile), two ships, one crane."""
    tiles = ((3, 0, 0, 0), (4, 0, 0, 0), (6, 0, 0, 0), (2, 0, 0, 3), (0, 0, 3, 0), (0, 0, 4, 0),
             (0, 6, 0, 0))
    assert set_bonus(tiles) == 20 + 5 + 0


def test_two_colour_tile_goes_to_the_best_kind():
    assert set_bonus(((3, 2, 0, 0), (0, 4, 0, 0))) == 5            # to the cranes: pair
    assert set_bonus(((3, 2, 0, 0), (4, 0, 0, 0), (0, 3, 0, 0))) == 5
    assert set_bonus(((3, 2, 0, 0), (0, 3, 2, 0), (0, 4, 0, 0))) == 10   # both to cranes: 3


def test_game_ends_when_the_last_tile_of_a_kind_is_handed_out():
    """The last camel tile leaves the board: the game ends at once (no draws), rejected
    offers still score, unfinished wonders score 10/5/3 and the final bonuses count."""
    state = example("babel", "final-scoring").start()
    state = offers_made(GAME.apply(state, RED, Build(0, 0)),
                        {YELLOW: Offer((2, 0, 0, 0)), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    deck = len(state.deck)
    end = GAME.apply(state, RED, Accept(()))
    assert GAME.is_over(end) and GAME.to_move(end) == () and len(end.deck) == deck
    lines = {p: {line.label: line.points for line in GAME.score_breakdown(end)[p]} for p in range(4)}
    # wonder 0: red 5 alone → 10; wonder 1: red 2, yellow 1 → 10, 5; wonder 2: tie → 5, 5
    assert [lines[p]["Wonders"] for p in range(4)] == [20, 5, 5, 5]
    assert lines[YELLOW]["Rejected offers"] == 2
    assert lines[RED]["Set bonuses"] == 20 and lines[BLUE]["Set bonuses"] == 5
    assert lines[BLUE]["Action cards"] == 5 + 2
    assert GAME.winners(end) == (RED,)


def test_rejected_exchange_offer_scores_only_its_building_cards():
    state = ship_example()
    after = GAME.apply(state, RED, Accept((BLUE,)))
    assert after.players[GREEN].offer_vp == 2 and after.players[GREEN].exchange
    assert after.players[RED].tiles == (SHIP5,)


def test_pass_draws_one_then_everyone_draws_one():
    state = make_state({RED: (1, 0, 0, 0)})
    after = GAME.apply(state, RED, Pass())
    assert [p.hand_size for p in after.players] == [3, 1, 1, 1]
    assert after.active == YELLOW


def test_initial_setup():
    state = GAME.new_game(5, seed=4)
    assert all(p.hand_size == 4 and p.exchange for p in state.players)
    assert len(state.deck) == 100 - 20 and len(state.action_deck) == 15
    assert state.marker == 0 and state.active == 0
    two = GAME.new_game(3, seed=4, options={"two_colour_tiles": True, "action_cards": False})
    tiles = [t for w in two.wonders for t in w.slots]
    assert sum(1 for t in tiles if sum(1 for n in t if n) == 2) == 4 and two.action_deck == ()
