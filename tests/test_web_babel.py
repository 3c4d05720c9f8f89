"""The Babel interaction of the web front end, in CPython: whole games played only through
clicks (``data-*`` dicts) and buttons, and each step of the turn on its own."""

from __future__ import annotations

import doctest
from dataclasses import replace

import pytest
from test_babel_rulebook import BABEL, BLUE, GREEN, RED, SHIP3, SHIP5, YELLOW, make_state, offers_made

import pygame_rules.babel.interaction as babel_ui
from interaction_helpers import labels, on_board, play_by_clicks, press
from pygame_rules.babel import (
    GAME,
    Accept,
    ActionCard,
    BabelState,
    Build,
    CardExchange,
    Continue,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    Phase,
    ThirdBonus,
)
from pygame_rules.babel.data import NO_CARDS
from pygame_rules.babel.interaction import BabelInteraction
from pygame_rules.babel.state import sort_actions
from pygame_rules.registry import interaction_for


def test_doctests_and_registration():
    assert doctest.testmod(babel_ui).failed == 0
    assert isinstance(interaction_for(GAME), BabelInteraction)


# ------------------------------------------------------------------ whole games
def deal_action_cards(state: BabelState) -> BabelState:
    """Every action card dealt out round the table at the start (so each one gets played)."""
    players = list(state.players)
    for i, card in enumerate(state.action_deck):
        p = i % len(players)
        players[p] = replace(players[p], actions=sort_actions(players[p].actions + (card,)))
    state = replace(state, players=tuple(players), action_deck=())
    GAME.check_state(state)
    return state


def play_randomly(seed: int, players: int, options: dict[str, bool],
                  deal: bool = False) -> tuple[set[Phase], set[object]]:
    """A whole game by random clicks and buttons; every action played must be legal."""
    state = GAME.new_game(players, seed=seed, options=options)
    state = deal_action_cards(state) if deal else state
    phases: set[Phase] = set()
    played: set[object] = set()

    def observe(state: BabelState, player: int, action: object) -> None:
        phases.add(state.phase)
        played.add(type(action))
        if isinstance(action, Accept) and any(action.joker):
            played.add("joker")

    play_by_clicks(BabelInteraction(GAME), state, seed, observe)
    return phases, played


@pytest.mark.slow
def test_whole_games_through_clicks_and_buttons_reach_every_step():
    phases: set[Phase] = set()
    played: set[object] = set()
    for seed, (players, two_colour) in enumerate([(3, False), (4, True), (5, False), (3, True)]):
        p, a = play_randomly(seed, players, {"two_colour_tiles": two_colour}, deal=seed % 2 == 0)
        phases |= p
        played |= a
    assert phases == {Phase.CHOOSE, Phase.OFFER, Phase.DECIDE, Phase.BONUS}
    assert played == {Pass, Build, Offer, Accept, Decline, ThirdBonus, DrawThree, CardExchange,
                      DoubleTurn, "joker"}


@pytest.mark.slow
def test_a_game_with_every_rule_reading_reaches_the_card_window():
    readings = {"late_double_turn": True, "cards_out_of_turn": True, "optional_replacing": True,
                "last_build_action_card": False, "last_build_offers_score": False}
    phases, played = play_randomly(5, 4, readings, deal=True)
    assert Phase.WINDOW in phases and Continue in played


@pytest.mark.slow
def test_a_game_without_action_cards():
    _, played = play_randomly(11, 4, {"action_cards": False})
    assert not played & {ThirdBonus, DrawThree, CardExchange, DoubleTurn}


# ------------------------------------------------------------------ choose
def test_choose_a_tile_then_build_it():
    state = GAME.new_game(3, seed=4)
    ui = BabelInteraction(GAME)
    assert labels(ui, state, RED) == ["Pass (draw a card)"]
    assert press(ui, state, RED, "Pass") == Pass()
    assert {"wonder": "2", "tile": "1"} in ui.clickable(state, RED)
    assert ui.click(state, RED, {"wonder": "2", "tile": "1"}) is None
    assert ui.highlights(state, RED) == {"tile": (2, 1), "wonder": 2}
    assert "on Statue of Zeus" in ui.prompt(state, RED)
    assert press(ui, state, RED, "Build this tile") == Build(2, 1)
    ui.click(state, RED, {"wonder": "5", "tile": "0"})
    assert ui.highlights(state, RED)["tile"] == (5, 0)
    assert ui.click(state, RED, {"wonder": "5", "tile": "0"}) == Build(5, 0)
    ui.click(state, RED, {"wonder": "5"})  # the frame, not a tile: nothing happens
    ui.click(state, RED, {"wonder": "9", "tile": "x"})  # nonsense deselects
    assert ui.highlights(state, RED) == {}


def test_taken_tile_is_not_clickable_and_double_turn_is_offered():
    state = make_state({RED: (0, 0, 2, 0)}, tiles={(BABEL, 0): None, (BABEL, 1): SHIP3},
                       owned={BLUE: (SHIP5,)}, actions={RED: (ActionCard.DOUBLE_TURN,)})
    ui = BabelInteraction(GAME)
    assert {"wonder": str(BABEL), "tile": "0"} not in ui.clickable(state, RED)
    assert ui.click(state, RED, {"wonder": str(BABEL), "tile": "0", "taken": "1"}) is None
    assert ui.highlights(state, RED) == {}
    assert press(ui, state, RED, "Play “double turn”") == DoubleTurn()
    state = GAME.apply(state, RED, DoubleTurn())
    assert "double turn" not in " ".join(labels(ui, state, RED))
    state = GAME.apply(state, RED, Pass())
    assert ui.prompt(state, RED).startswith("Second action")


# ------------------------------------------------------------------ offer
def offer_state() -> BabelState:
    """Red asks for 3 ships; yellow holds 2 ships and 2 camels."""
    state = make_state({RED: (0, 0, 1, 0), YELLOW: (2, 0, 2, 0), GREEN: (0, 0, 1, 0)},
                       tiles={(BABEL, 0): SHIP3})
    return GAME.apply(state, RED, Build(BABEL, 0))


def test_compose_and_seal_an_offer():
    state = offer_state()
    ui = BabelInteraction(GAME)
    assert ui.clickable(state, YELLOW) == [{"card": "camel"}, {"card": "ship"}, {"card": "exchange"}]
    assert labels(ui, state, YELLOW) == ["Seal offer: nothing", "Seal offer: 1 ship", "Seal offer: 2 ships"]
    for _ in range(3):  # the third ship is not in the hand: ignored
        ui.click(state, YELLOW, {"card": "ship", "count": "2"})
    assert ui.highlights(state, YELLOW) == {"cards": (0, 0, 2, 0)}
    ui.click(state, YELLOW, {"card": "exchange"})
    assert "Your offer: 2 ships + exchange card." in ui.prompt(state, YELLOW)
    offer = press(ui, state, YELLOW, "Seal offer: 2 ships + exchange card")
    assert offer == Offer((0, 0, 2, 0), True)
    assert on_board(ui, state, YELLOW, [{"card": "ship"}], **ui.highlights(state, YELLOW))


def test_an_offer_over_the_tile_is_explained_not_sealed():
    state = offer_state()
    ui = BabelInteraction(GAME)
    for card in ("ship", "ship", "camel", "camel"):
        ui.click(state, YELLOW, {"card": card})
    assert "can't be sealed: the tile asks for 3 cards" in ui.prompt(state, YELLOW)
    assert labels(ui, state, YELLOW) == ["Clear offer"]
    press(ui, state, YELLOW, "Clear offer")
    assert ui.highlights(state, YELLOW) == {} and labels(ui, state, YELLOW)[0] == "Seal offer: nothing"


@pytest.mark.parametrize("hands", [{YELLOW: (2, 0, 2, 0)}, {YELLOW: (0, 0, 5, 1)}, {YELLOW: (3, 3, 0, 3)},
                                   {YELLOW: (0, 0, 1, 0)}])
def test_an_offer_of_one_kind_is_one_click_in_exactly_the_legal_amounts(hands):
    """With nothing put in yet, each amount of the asked kind the hand holds, up to what the tile
    asks, is a button sealing it: exactly the legal offers of that kind, no more."""
    state = make_state({RED: (0, 0, 1, 0), GREEN: (0, 0, 1, 0), **hands}, tiles={(BABEL, 0): SHIP3})
    state = GAME.apply(state, RED, Build(BABEL, 0))
    ui = BabelInteraction(GAME)
    at_once = [b.action for b in ui.buttons(state, YELLOW)[1:] if isinstance(b.action, Offer)]
    ships = min(state.players[YELLOW].hand[2], 3)
    assert at_once == [Offer((0, 0, n, 0)) for n in range(1, ships + 1)]
    assert all(offer in GAME.legal_actions(state, YELLOW) for offer in at_once)
    assert GAME.why_illegal(state, YELLOW, Offer((0, 0, ships + 1, 0))) is not None


def test_offers_are_composed_per_player_and_never_replayed():
    state = offer_state()
    ui = BabelInteraction(GAME)
    ui.click(state, YELLOW, {"card": "ship"})
    assert ui.highlights(state, GREEN) == {}  # another player at the device: a fresh offer
    assert ui.replay_highlights(state, YELLOW, Offer((0, 0, 1, 0))) == {}
    assert ui.replay_highlights(state, RED, Build(1, 2)) == {"tile": (1, 2)}


# ------------------------------------------------------------------ decide
def decide_state(red_hand: tuple[int, int, int, int] = (0, 0, 1, 0),
                 actions: tuple[ActionCard, ...] = ()) -> BabelState:
    state = make_state({RED: red_hand, YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 1, 0),
                        BLUE: (1, 0, 0, 0)}, tiles={(BABEL, 0): SHIP3},
                       actions={RED: actions, GREEN: (ActionCard.THIRD_BONUS,)})
    state = GAME.apply(state, RED, Build(BABEL, 0))
    return offers_made(state, {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer((0, 0, 1, 0), True),
                               BLUE: Offer((1, 0, 0, 0))})


def test_accept_offers_by_clicking_them():
    state = decide_state()
    ui = BabelInteraction(GAME)
    assert ui.clickable(state, RED) == [{"offer-player": "1"}, {"offer-player": "2"}]
    assert labels(ui, state, RED) == ["Decline (don't build)"]  # 1 ship in hand: not enough
    assert "Click the offers you accept" in ui.prompt(state, RED)
    ui.click(state, RED, {"offer-player": str(YELLOW)})
    assert ui.highlights(state, RED) == {"offers": (YELLOW,)}
    assert labels(ui, state, RED)[0] == "Build, adding 1 ship from your hand"
    ui.click(state, RED, {"offer-player": str(GREEN)})
    build = press(ui, state, RED, "Build, adding nothing")
    assert build == Accept((YELLOW, GREEN))
    assert "the tile goes to green" in labels(ui, state, RED)[0]
    ui.click(state, RED, {"offer-player": str(YELLOW)})
    assert ui.highlights(state, RED) == {"offers": (GREEN,)}
    assert "can't build with just these: you hold only 1 ship" in ui.prompt(state, RED)
    assert ui.click(state, RED, {"offer-player": str(BLUE)}) is None  # wrong kind: empty offer
    assert ui.highlights(state, RED) == {"offers": (GREEN,)}
    assert press(ui, state, RED, "Decline") == Decline()


def test_joker_choices_are_separate_build_buttons():
    state = decide_state(red_hand=(0, 0, 3, 0), actions=(ActionCard.JOKER,))
    ui = BabelInteraction(GAME)
    assert labels(ui, state, RED)[:2] == [
        "Build, adding 3 ships from your hand",
        "Build, adding 1 ship from your hand and 1 joker (2 ships)"]
    assert press(ui, state, RED, "Build, adding 1 ship") == Accept((), (0, 0, 2, 0))


def test_nothing_to_build_with_says_decline():
    state = make_state({RED: NO_CARDS}, tiles={(BABEL, 0): SHIP5})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {p: Offer(NO_CARDS) for p in (YELLOW, GREEN, BLUE)})
    ui = BabelInteraction(GAME)
    assert ui.prompt(state, RED).endswith(": decline.")
    assert labels(ui, state, RED) == ["Decline (don't build)"] and ui.clickable(state, RED) == []


# ------------------------------------------------------------------ bonus, action cards
def test_third_bonus_question():
    state = GAME.apply(decide_state(), RED, Decline())
    assert state.phase is Phase.BONUS and GAME.to_move(state) == (GREEN,)
    ui = BabelInteraction(GAME)
    assert "third-bonus" in ui.prompt(state, GREEN)
    assert [b.action for b in ui.buttons(state, GREEN)] == [ThirdBonus(True), ThirdBonus(False)]
    assert labels(ui, state, GREEN) == ["Use third bonus (3 VP per card)", "No third bonus"]


def test_an_offerer_without_a_third_bonus_is_asked_too():
    state = make_state({RED: (0, 0, 1, 0), YELLOW: (0, 0, 2, 0)}, tiles={(BABEL, 0): SHIP3},
                       actions={YELLOW: (ActionCard.FIVE_POINTS,)})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    state = GAME.apply(state, RED, Decline())
    assert GAME.to_move(state) == (YELLOW,)
    ui = BabelInteraction(GAME)
    assert "You hold no third-bonus card" in ui.prompt(state, YELLOW)
    assert labels(ui, state, YELLOW) == ["No third bonus"]
    assert press(ui, state, YELLOW, "No third bonus") == ThirdBonus(False)


def test_the_card_window():
    state = make_state({RED: (1, 0, 0, 0)}, actions={RED: (ActionCard.DOUBLE_TURN, ActionCard.DRAW_THREE)})
    state = replace(state, options=replace(state.options, late_double_turn=True))
    window = GAME.apply(state, RED, Pass())
    ui = BabelInteraction(GAME)
    assert ui.prompt(window, RED).startswith("Before the cards are drawn you may play “double turn”")
    assert labels(ui, window, RED) == ["Go on", "Play “double turn”", "Play “draw three”"]
    assert press(ui, window, RED, "Go on") == Continue()
    assert press(ui, window, RED, "Play “double turn”") == DoubleTurn()
    bare = replace(make_state({}, actions={RED: (ActionCard.FIVE_POINTS,)}), options=state.options)
    bare = GAME.apply(bare, RED, Pass())
    assert "You have none to play now: go on." in ui.prompt(bare, RED)
    assert labels(ui, bare, RED) == ["Go on"]


def test_keeping_the_helpers_elements_is_a_build_button_of_its_own():
    state = decide_state(red_hand=(0, 0, 1, 0))
    state = replace(state, options=replace(state.options, optional_replacing=True))
    ui = BabelInteraction(GAME)
    ui.click(state, RED, {"offer-player": str(YELLOW)})
    ui.click(state, RED, {"offer-player": str(GREEN)})
    assert labels(ui, state, RED)[:2] == [
        "Build, adding nothing from your hand; the tile goes to green, and you place the "
        "elements for his cards",
        "Build, adding nothing from your hand; the tile goes to green, who places his own elements"]
    assert press(ui, state, RED, "Build, adding nothing from your hand; the tile goes to green, who") \
        == Accept((YELLOW, GREEN), replace=False)


def test_draw_three_and_card_exchange_buttons():
    state = make_state({RED: (2, 1, 0, 0)}, tiles={(BABEL, 0): SHIP3},
                       actions={RED: (ActionCard.CARD_EXCHANGE, ActionCard.DRAW_THREE)})
    ui = BabelInteraction(GAME)
    assert press(ui, state, RED, "Play “draw three”") == DrawThree()
    assert press(ui, state, RED, "Play “card exchange”") is None
    assert labels(ui, state, RED) == ["Cancel card exchange"]
    assert ui.clickable(state, RED) == [{"card": "camel"}, {"card": "crane"}]
    ui.click(state, RED, {"card": "camel"})
    ui.click(state, RED, {"card": "crane"})
    ui.click(state, RED, {"wonder": "0", "tile": "0"})  # tiles wait until the exchange is done
    assert ui.highlights(state, RED) == {"cards": (1, 1, 0, 0)}
    assert press(ui, state, RED, "Exchange 1 camel + 1 crane") == CardExchange((1, 1, 0, 0))
    press(ui, state, RED, "Cancel")
    assert labels(ui, state, RED)[0] == "Pass (draw a card)" and ui.highlights(state, RED) == {}

