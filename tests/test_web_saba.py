"""The Saba interaction of the web front end, in CPython: whole games played only through
clicks (``data-*`` dicts) and buttons, every legal action reachable, and each step on its own."""

from __future__ import annotations

import copy
import doctest
import random
from dataclasses import replace
from typing import Any

import pytest
from test_saba_helpers import placed

import pygame_rules.saba.interaction as saba_ui
from interaction_helpers import labels, play_by_clicks, press
from pygame_rules.registry import interaction_for
from pygame_rules.saba import (
    GAME,
    Build,
    Card,
    Discard,
    Done,
    Exchange,
    MoveVizier,
    Phase,
    PlaceFigure,
    PlayCaravan,
    PlayCard,
    PlayGuard,
    PlayHarbourmaster,
    PlayMerchant,
    PlayOverseer,
    PlayRobber,
    RemoveCard,
    Res,
    SabaState,
    SerailChoice,
    Stash,
    TakeHarbour,
    UseDistrict,
)
from pygame_rules.saba.interaction import SabaInteraction

BLUE, RED, YELLOW = 0, 1, 2


def mover(state: SabaState) -> int:
    return GAME.to_move(state)[0]


def test_doctests_and_registration():
    assert doctest.testmod(saba_ui).failed == 0
    assert isinstance(interaction_for(GAME), SabaInteraction)


def make(pro: bool = False, players: int = 2, **changes: Any) -> SabaState:
    state = GAME.new_game(players, seed=3, options={"pro": pro})
    return replace(state, **changes)


def with_player(state: SabaState, p: int, **changes: Any) -> SabaState:
    ps = list(state.players)
    ps[p] = replace(ps[p], **changes)
    return replace(state, players=tuple(ps))


# ------------------------------------------------------------------ whole games
def play_randomly(seed: int, players: int, pro: bool) -> tuple[set[Phase], set[type]]:
    """A whole game by random clicks and buttons; every action played must be legal."""
    phases: set[Phase] = set()
    played: set[type] = set()

    def observe(state: SabaState, player: int, action: Any) -> None:
        phases.add(state.phase)
        played.add(type(action))

    play_by_clicks(SabaInteraction(GAME), GAME.new_game(players, seed=seed, options={"pro": pro}),
                   seed, observe)
    return phases, played


@pytest.mark.parametrize("pro", [False, True], ids=["basic", "pro"])
@pytest.mark.slow
def test_whole_games_through_clicks_and_buttons_reach_every_step(pro):
    phases: set[Phase] = set()
    played: set[type] = set()
    for seed, players in enumerate([2, 3, 4, 2, 3, 4]):
        p, a = play_randomly(seed, players, pro)
        phases |= p
        played |= a
    assert phases == set(Phase) - {Phase.OVER} - (set() if pro else {Phase.STASH})
    basic = {TakeHarbour, RemoveCard, MoveVizier, Exchange, Build, PlaceFigure, UseDistrict,
             PlayCard, SerailChoice, Discard, Done}
    person = {Stash, PlayOverseer, PlayHarbourmaster, PlayGuard, PlayCaravan, PlayMerchant,
              PlayRobber}
    assert played == (basic | person if pro else basic)


# ------------------------------------------------------------------ reachability
#: Interaction attributes that are not part of the selection.
SHARED = ("legal", "game", "moment")


def reachable(ui: SabaInteraction, state: SabaState, player: int, depth: int = 7) -> set[Any]:
    """Every action some sequence of clicks (on clickable elements) and buttons leads to."""
    found: set[Any] = set()
    seen: set[tuple[Any, ...]] = set()
    frontier = [ui]
    for _ in range(depth):
        nxt = []
        for u in frontier:
            for move in [("click", t) for t in u.clickable(state, player)] + [
                    ("button", b) for b in u.buttons(state, player)]:
                v = copy.copy(u)
                if move[0] == "click":
                    action = v.click(state, player, move[1])
                elif move[1].step:
                    v.step(move[1].step)
                    action = None
                else:
                    action = move[1].action
                if action is not None:
                    found.add(action)
                    continue
                key = tuple(sorted((k, repr(x)) for k, x in vars(v).items() if k not in SHARED))
                if key not in seen:
                    seen.add(key)
                    nxt.append(v)
        frontier = nxt
    return found


def sample_states(seed: int, players: int, pro: bool, every: int) -> list[SabaState]:
    """Positions along a random game (random legal actions), every ``every`` plies."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed=seed, options={"pro": pro})
    out = []
    for ply in range(3000):
        if GAME.is_over(state):
            break
        if ply % every == 0:
            out.append(state)
        player = mover(state)
        state = GAME.apply(state, player, rng.choice(GAME.legal_actions(state, player)))
    return out


@pytest.mark.parametrize("players,pro", [(2, False), (3, True), (4, True)])
def test_every_legal_action_is_reachable(players, pro):
    for state in sample_states(players, players, pro, every=7):
        player = mover(state)
        ui = SabaInteraction(GAME)
        legal = set(GAME.legal_actions(state, player))
        assert reachable(ui, state, player) == legal, state.phase


def test_every_person_card_choice_is_reachable():
    """A full hand of person cards with resources all round: overseer, merchant and co."""
    persons = (Card.OVERSEER, Card.CRAFTSMAN, Card.HARBOURMASTER, Card.GUARD, Card.CARAVAN,
               Card.MERCHANT, Card.ROBBER, Card.GOLD)
    for state in sample_states(5, 3, True, every=20):
        if state.phase is Phase.SERAIL:
            continue
        player = mover(state)
        for p in range(3):
            state = with_player(state, p, res=(2, 1, 1, 2))
        state = with_player(state, player, hand=persons)
        legal = set(GAME.legal_actions(state, player))
        assert reachable(SabaInteraction(GAME), state, player) == legal, state.phase


# ------------------------------------------------------------------ steps
def test_harbour_fields_and_faces():
    state = make()
    ui = SabaInteraction(GAME)
    assert ui.clickable(state, BLUE)[:2] == [{"harbour": "1"}, {"harbour": "2"}]
    assert ui.click(state, BLUE, {"harbour": "3"}) is None
    assert ui.click(state, BLUE, {"harbour-face": "1", "player": "0"}) == TakeHarbour(1)
    assert ui.click(state, BLUE, {"harbour-face": "1", "player": "1"}) is None
    assert "harbour field" in ui.prompt(state, BLUE)
    assert ui.buttons(state, BLUE) == []


def test_h2_removes_the_clicked_card_and_h3_moves_the_vizier():
    state = GAME.apply(make(), BLUE, TakeHarbour(2))
    ui = SabaInteraction(GAME)
    assert state.phase is Phase.REMOVE and "remove" in ui.prompt(state, BLUE)
    assert ui.highlights(state, BLUE) == {"build_fields": [0, 1, 2]}
    assert ui.click(state, BLUE, {"build-field": "1"}) == RemoveCard(1)
    state = make(phase=Phase.VIZIER)
    assert ui.click(state, BLUE, {"district": "0"}) == MoveVizier(0)
    assert ui.click(state, BLUE, {"district": "5"}) is None  # the vizier stands there


def test_vizier_on_the_exchange_then_swap_buttons():
    state = with_player(make(phase=Phase.VIZIER), BLUE, res=(1, 0, 0, 1))
    state = GAME.apply(state, BLUE, MoveVizier(4))
    ui = SabaInteraction(GAME)
    assert state.phase is Phase.SWAP
    assert labels(ui, state, BLUE) == [f"Give 1 {g}, get 1 {t}" for g, t in [
        ("gold", "alabaster"), ("gold", "sandstone"), ("gold", "ebony"), ("alabaster", "gold")]]
    assert press(ui, state, BLUE, "Give 1 alabaster") == Exchange(Res.ALABASTER, Res.GOLD)
    assert "or make none" not in ui.prompt(state, BLUE)


def test_an_optional_vizier_swap_offers_no_swap():
    state = with_player(make(phase=Phase.VIZIER), BLUE, res=(1, 0, 0, 1))
    state = replace(state, readings=replace(state.readings, optional_vizier_swap=True))
    state = GAME.apply(state, BLUE, MoveVizier(4))
    ui = SabaInteraction(GAME)
    assert ui.prompt(state, BLUE).endswith("choose what to give and what to get (or make none).")
    assert labels(ui, state, BLUE)[-1] == "No swap"
    assert press(ui, state, BLUE, "No swap") == Done()


def test_build_one_click_or_craftsman_choices():
    state = with_player(make(pro=True, phase=Phase.BUILD), BLUE, res=(5, 5, 5, 5))
    ui = SabaInteraction(GAME)
    assert ui.highlights(state, BLUE) == {"build_fields": [0, 1, 2]}
    assert ui.click(state, BLUE, {"build-field": "0"}) == Build(0)
    state = with_player(state, BLUE, hand=(Card.CRAFTSMAN,))
    assert ui.click(state, BLUE, {"build-field": "0"}) is None
    assert ui.highlights(state, BLUE) == {"build_fields": [0], "districts": []}
    assert "choose how to pay" in ui.prompt(state, BLUE)
    options = labels(ui, state, BLUE)
    assert options[0].startswith("Pay ") and "craftsman waives" in options[1] and options[-1] == "Cancel"
    assert all(a in GAME.legal_actions(state, BLUE) for a in (b.action for b in ui.buttons(state, BLUE))
               if a is not None)
    assert ui.click(state, BLUE, {"build-field": "0"}) is None  # again: deselect
    assert ui.highlights(state, BLUE) == {"build_fields": [0, 1, 2]}
    assert labels(ui, state, BLUE) == ["End building"]


def test_build_with_the_figure_from_a_district():
    state = make(phase=Phase.BUILD, districts=placed({0: (BLUE,), 2: (BLUE,)}))
    state = with_player(state, BLUE, res=(5, 5, 5, 5), figures=0)
    ui = SabaInteraction(GAME)
    assert ui.click(state, BLUE, {"build-field": "0"}) is None
    assert ui.highlights(state, BLUE)["districts"] == [0, 2]
    assert "district your balcony figure comes from" in ui.prompt(state, BLUE)
    assert {"district": "2"} in ui.clickable(state, BLUE)
    assert ui.click(state, BLUE, {"district": "2"}) == Build(0, None, 2)


def test_build_with_craftsman_and_district_asks_the_waiver_first():
    state = make(pro=True, phase=Phase.BUILD, districts=placed({0: (BLUE,), 2: (BLUE,)}))
    state = with_player(state, BLUE, res=(5, 5, 5, 5), figures=0, hand=(Card.CRAFTSMAN,))
    ui = SabaInteraction(GAME)
    ui.click(state, BLUE, {"build-field": "2"})
    assert labels(ui, state, BLUE)[0] == "Pay the full price"
    assert ui.click(state, BLUE, {"district": "0"}) is None  # not yet: which price?
    press(ui, state, BLUE, "Craftsman: waive 1 gold")
    assert len(labels(ui, state, BLUE)) == 3  # two districts and Cancel
    assert ui.click(state, BLUE, {"district": "0"}) == Build(2, Res.GOLD, 0)


def test_serail_choice_is_two_buttons():
    state = make(phase=Phase.SERAIL, decider=RED)
    ui = SabaInteraction(GAME)
    assert labels(ui, state, RED) == ["Put a serail marker on field 1", "No serail marker"]
    assert press(ui, state, RED, "No serail") == SerailChoice(False)
    assert "serail marker" in ui.prompt(state, RED)


def test_stash_by_clicking_a_resource():
    state = with_player(make(pro=True, phase=Phase.STASH, last_field=4), BLUE, res=(1, 0, 0, 2))
    ui = SabaInteraction(GAME)
    assert ui.highlights(state, BLUE) == {"garden": [5]}
    assert {"resource": "g", "player": "0"} in ui.clickable(state, BLUE)
    assert ui.click(state, BLUE, {"resource": "g", "player": "0"}) == Stash(Res.GOLD)
    assert ui.click(state, BLUE, {"resource": "e", "player": "0"}) is None
    assert labels(ui, state, BLUE)[-1] == "Keep your resources"


def test_place_a_figure_or_none():
    state = with_player(make(phase=Phase.PLACE), BLUE, res=(0, 0, 0, 2))
    ui = SabaInteraction(GAME)
    assert ui.click(state, BLUE, {"district": "3"}) == PlaceFigure(3)
    assert press(ui, state, BLUE, "No figure") == Done()


def test_a_district_with_two_uses_offers_buttons():
    state = make(phase=Phase.PLACE, districts=placed({5: (BLUE,)}), uses=(0,) * 5 + (1,), vizier=0)
    state = with_player(state, BLUE, res=(1, 0, 0, 3))
    ui = SabaInteraction(GAME)
    assert ui.click(state, BLUE, {"district": "5"}) is None
    assert ui.highlights(state, BLUE) == {"districts": [5]}
    assert labels(ui, state, BLUE) == ["Place a figure here (2 gold)",
                                       "Use your figure: give 1 alabaster, get 1 sandstone",
                                       "Use your figure: give 1 alabaster, get 1 ebony", "Cancel"]
    assert press(ui, state, BLUE, "Use your figure: give 1 alabaster, get 1 ebony") == \
        UseDistrict(5, Res.ALABASTER, Res.EBONY)
    press(ui, state, BLUE, "Cancel")
    assert labels(ui, state, BLUE) == ["No figure"]
    assert "use your districts" in ui.prompt(state, BLUE)


def test_resource_cards_play_at_once_and_discards_at_the_end():
    state = with_player(make(phase=Phase.BUILD), BLUE, hand=(Card.GOLD, Card.EBONY))
    ui = SabaInteraction(GAME)
    assert ui.click(state, BLUE, {"card": "G"}) == PlayCard(Card.GOLD)
    state = with_player(make(phase=Phase.END), BLUE, hand=(Card.GOLD,) * 4, res=(8, 0, 0, 0))
    assert "Discard down to 3" in ui.prompt(state, BLUE)
    assert ui.click(state, BLUE, {"resource": "a", "player": "0"}) == Discard(res=Res.ALABASTER)
    assert ui.click(state, BLUE, {"card": "G"}) is None
    assert ui.highlights(state, BLUE) == {"cards": ["G"]}
    assert labels(ui, state, BLUE) == ["Discard it", "Play it: +1 gold", "Cancel"]
    assert press(ui, state, BLUE, "Discard it") == Discard(card=Card.GOLD)
    state = with_player(make(phase=Phase.END), BLUE, hand=(Card.GOLD,))
    assert labels(ui, state, BLUE) == ["End turn"]


def test_overseer_picks_two_districts():
    state = make(pro=True, phase=Phase.BUILD, districts=placed({0: (BLUE,)}))
    state = with_player(state, BLUE, hand=(Card.OVERSEER,))
    ui = SabaInteraction(GAME)
    assert ui.click(state, BLUE, {"card": "O"}) is None
    assert "district your figure leaves" in ui.prompt(state, BLUE)
    assert ui.highlights(state, BLUE) == {"cards": ["O"], "districts": [0]}
    assert ui.click(state, BLUE, {"district": "0"}) is None
    assert ui.highlights(state, BLUE)["districts"] == [0, 1, 2, 3, 4, 5]
    assert "(chosen: the stonemasons)" in ui.prompt(state, BLUE)
    assert ui.click(state, BLUE, {"district": "4"}) == PlayOverseer(0, 4)
    assert press(ui, state, BLUE, "To the bazaar") == PlayOverseer(0, 5)


def test_a_person_card_over_the_limit_is_played_or_discarded():
    state = with_player(make(pro=True, phase=Phase.END), BLUE, res=(0, 0, 0, 1),
                        hand=(Card.CARAVAN,) * 5)
    ui = SabaInteraction(GAME)
    ui.click(state, BLUE, {"card": "K"})
    assert labels(ui, state, BLUE) == ["Discard it", "Play it…", "Cancel"]
    press(ui, state, BLUE, "Play it…")
    assert "Caravan: take one resource" in ui.prompt(state, BLUE)
    assert press(ui, state, BLUE, "Take 1 gold") == PlayCaravan(Res.GOLD)


def test_harbourmaster_and_guard():
    state = with_player(make(pro=True, phase=Phase.BUILD, serail=(BLUE, RED, BLUE)), BLUE,
                        hand=(Card.HARBOURMASTER, Card.GUARD))
    ui = SabaInteraction(GAME)
    ui.click(state, BLUE, {"card": "H"})
    assert ui.click(state, BLUE, {"harbour": "4"}) is None
    assert ui.click(state, BLUE, {"harbour": "2"}) == PlayHarbourmaster(2, 4)
    ui.click(state, BLUE, {"card": "W"})
    assert labels(ui, state, BLUE) == ["Serail field 1 (blue)", "Serail field 2 (red)",
                                       "Serail field 3 (blue)", "Cancel"]
    press(ui, state, BLUE, "Serail field 3")
    assert labels(ui, state, BLUE) == ["Serail field 2 (red)", "Cancel"]
    assert ui.click(state, BLUE, {"serail": "2"}) == PlayGuard(2, 3)


def test_caravan_and_robber():
    state = with_player(make(pro=True, players=3, phase=Phase.BUILD), BLUE,
                        hand=(Card.CARAVAN, Card.ROBBER))
    state = with_player(state, RED, res=(0, 1, 0, 0))
    state = with_player(state, YELLOW, res=(0, 0, 0, 2))
    ui = SabaInteraction(GAME)
    ui.click(state, BLUE, {"card": "K"})
    assert len(labels(ui, state, BLUE)) == 5
    assert ui.click(state, BLUE, {"resource": "e", "player": "supply"}) == PlayCaravan(Res.EBONY)
    ui.click(state, BLUE, {"card": "R"})
    assert labels(ui, state, BLUE) == ["Choose red", "Choose yellow", "Cancel"]
    assert ui.click(state, BLUE, {"resource": "g", "player": "2"}) == PlayRobber(YELLOW, Res.GOLD)
    press(ui, state, BLUE, "Choose red")
    assert labels(ui, state, BLUE) == ["Steal 1 sandstone from red", "Cancel"]


def test_merchant_trade_by_clicking_resources():
    state = with_player(make(pro=True, phase=Phase.BUILD), BLUE, hand=(Card.MERCHANT,),
                        res=(2, 0, 0, 0))
    state = with_player(state, RED, res=(0, 0, 1, 1))
    ui = SabaInteraction(GAME)
    ui.click(state, BLUE, {"card": "M"})
    ui.click(state, BLUE, {"resource": "g", "player": "1"})
    ui.click(state, BLUE, {"resource": "a", "player": "0"})
    assert "Take: gold; give: alabaster." in ui.prompt(state, BLUE)
    assert press(ui, state, BLUE, "Trade: take gold, give alabaster") == \
        PlayMerchant(RED, (Res.GOLD,), (Res.ALABASTER,))
    ui.click(state, BLUE, {"resource": "e", "player": "1"})
    ui.click(state, BLUE, {"resource": "a", "player": "0"})
    assert labels(ui, state, BLUE) == ["Trade: take ebony + gold, give alabaster + alabaster",
                                       "Clear the trade", "Cancel"]
    press(ui, state, BLUE, "Clear")
    ui.click(state, BLUE, {"resource": "g", "player": "1"})
    ui.click(state, BLUE, {"resource": "g", "player": "1"})
    ui.click(state, BLUE, {"resource": "a", "player": "0"})
    ui.click(state, BLUE, {"resource": "a", "player": "0"})
    assert "Not possible: player 2 does not have gold + gold" in ui.prompt(state, BLUE)


def test_selection_is_forgotten_on_a_new_position_or_another_click():
    state = with_player(make(pro=True, phase=Phase.BUILD), BLUE, res=(5, 5, 5, 5),
                        hand=(Card.CRAFTSMAN, Card.CARAVAN))
    ui = SabaInteraction(GAME)
    ui.click(state, BLUE, {"build-field": "0"})
    assert ui.click(state, BLUE, {"build-field": "1"}) is None
    assert ui.highlights(state, BLUE)["build_fields"] == [1]
    ui.click(state, BLUE, {"card": "K"})
    assert ui.highlights(state, BLUE) == {"cards": ["K"]}
    assert ui.click(state, BLUE, {"card": "K"}) is None  # again: put it back
    assert "cards" not in ui.highlights(state, BLUE)
    ui.click(state, BLUE, {"card": "K"})
    assert "cards" not in ui.highlights(GAME.apply(state, BLUE, Done()), BLUE)
    assert ui.click(state, BLUE, {"card": "Z"}) is None
    assert ui.click(state, BLUE, {"nothing": "1"}) is None


def test_replay_highlights_show_the_move_never_a_hand():
    state = make(phase=Phase.BUILD)
    ui = SabaInteraction(GAME)
    card = state.display[0]
    assert ui.replay_highlights(state, BLUE, Build(0)) == {"garden": [card % 8 + 1]}
    assert ui.replay_highlights(state, BLUE, TakeHarbour(3)) == {"harbour": [3]}
    assert ui.replay_highlights(state, BLUE, PlayOverseer(1, 2)) == {"districts": [1, 2]}
    assert ui.replay_highlights(state, BLUE, PlayCard(Card.GOLD)) == {}


# ------------------------------------------------------------ quantities at once
def amounts(ui: SabaInteraction, state: SabaState, player: int, target: dict[str, str]) -> list[int]:
    """The amounts the buttons offer after a click on ``target`` (a click that discards at once: [1]),
    each checked: its actions are legal one after another."""
    ui.reset()
    clicked = ui.click(state, player, target)
    if clicked is not None:
        return [1]
    if "card" in target:
        found = [b for b in ui.buttons(state, player) if isinstance(b.action, Discard)]
    else:
        found = [b for b in ui.buttons(state, player) if b.action is not None]
    for button in found:
        after = state
        for action in button.actions:
            after = GAME.apply(after, player, action)
    return [len(b.actions) for b in found]


def most(state: SabaState, player: int, discard: Discard) -> int:
    """How many ``discard`` the rules take one after another."""
    n = 0
    while GAME.why_illegal(state, player, discard) is None:
        state, n = GAME.apply(state, player, discard), n + 1
    return n


@pytest.mark.parametrize(("res", "hand"), [((8, 0, 0, 1), ()), ((3, 3, 3, 0), ()), ((0, 2, 5, 4), ()),
                                           ((1, 0, 0, 0), (Card.GOLD,) * 4 + (Card.EBONY,) * 2),
                                           ((9, 0, 0, 0), (Card.GOLD, Card.EBONY) * 2)])
def test_a_discard_offers_exactly_the_amounts_the_rules_allow(res: tuple[int, ...], hand: tuple[Card, ...]):
    """Over the limits, a resource or card of which several may go is discarded in the amount
    chosen at once, the engine's discards one after another: the buttons offer 1 up to the most
    the rules take, each amount once, and a kind of which one may go goes with its click."""
    state = with_player(make(phase=Phase.END), BLUE, res=res, hand=hand)
    ui = SabaInteraction(GAME)
    for r in Res:
        if res[r.index]:
            assert amounts(ui, state, BLUE, {"resource": r.value, "player": "0"}) == \
                list(range(1, most(state, BLUE, Discard(res=r)) + 1)), r
    for card in set(hand):
        assert amounts(ui, state, BLUE, {"card": card.value}) == \
            list(range(1, most(state, BLUE, Discard(card=card)) + 1)), card


def test_the_amount_asked_names_the_resource_and_cancels():
    state = with_player(make(phase=Phase.END), BLUE, res=(8, 0, 0, 2))
    ui = SabaInteraction(GAME)
    assert ui.click(state, BLUE, {"resource": "a", "player": "0"}) is None
    assert ui.prompt(state, BLUE) == "Discard how much alabaster?"
    assert labels(ui, state, BLUE) == ["Discard 1 alabaster", "Discard 2 alabaster", "Discard 3 alabaster", "Cancel"]
    assert ui.click(state, BLUE, {"resource": "a", "player": "0"}) is None  # clicked again: put down
    assert "Discard down to" in ui.prompt(state, BLUE)
    ui.click(state, BLUE, {"resource": "g", "player": "0"})
    press(ui, state, BLUE, "Cancel")
    assert labels(ui, state, BLUE) == []
