"""Saba rules beyond the rulebook's examples: setup, turn steps, districts, limits, pro rules."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from test_saba_helpers import (
    BLUE,
    RED,
    YELLOW,
    A,
    E,
    G,
    S,
    act,
    codes,
    full_harbour,
    garden,
    make,
    palace,
    placed,
    price,
    vec,
    with_faces,
)

from conformance import check_rejects
from pygame_rules.saba import (
    GAME,
    Build,
    Card,
    Discard,
    District,
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
    SerailChoice,
    Stash,
    TakeHarbour,
    UseDistrict,
)
from pygame_rules.saba.data import BASIC_CARDS, END_CARD, PRO_CARDS, TREASURY_1, TREASURY_2, Shape, card_shape


# ----------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    s = GAME.new_game(n, seed=n)
    totals = [p.total for p in s.players]
    assert totals == [0, 1, 2, 2][:n]
    kinds = [next(r for r in (A, S, E, G) if p.res[r.index]) for p in s.players[1:]]
    assert len(set(kinds)) == n - 1 and all(max(p.res) == p.total for p in s.players)
    assert sorted(s.harbour_res) == sorted((A, S, E, G)) and s.harbour_n == (2, 2, 3, 4)
    assert s.vizier == District.BAZAAR and s.serail_size == {2: 4, 3: 5, 4: 6}[n]
    assert all(p.faces == (1, 2) and p.figures == 8 and p.markers == 5 for p in s.players)
    assert Counter(s.action_deck) == Counter(BASIC_CARDS)
    assert Counter(GAME.new_game(n, seed=n, options={"pro": True}).action_deck) == Counter(
        BASIC_CARDS + PRO_CARDS)
    assert GAME.new_game(n, seed=5) == GAME.new_game(n, seed=5)


def test_palace_deck_order():
    for seed in range(20):
        s = GAME.new_game(2, seed=seed)
        deck = s.palace_deck + tuple(reversed(s.display))  # bottom first, top last
        assert len(deck) == 27
        assert END_CARD in deck[:4]
        assert [card_shape(c) for c in deck[:4] if c != END_CARD] == [Shape.COLUMN] * 3
        assert [card_shape(c) for c in deck[4:9]] == [Shape.COLUMN] * 5
        assert deck[9] == TREASURY_2
        assert {card_shape(c) for c in deck[10:18]} == {Shape.FOUNTAIN}
        assert deck[18] == TREASURY_1
        assert {card_shape(c) for c in deck[19:]} == {Shape.ARCH}
    assert len({GAME.new_game(2, seed=k).palace_deck[:4] for k in range(20)}) > 5


def test_a_whole_turn_in_steps():
    s = make(harbour=full_harbour((A, S, E, G)), res=[price("A5", vec(g=1)), vec(), vec()],
             **palace("A5,A6,A7", top="A4"))
    s = act(s, BLUE, TakeHarbour(2))
    assert s.phase == Phase.REMOVE and s.players[BLUE].res == price("A5", vec(s=2, g=1))
    check_rejects(GAME, s, BLUE, Build(0), "not possible now")
    s = act(s, BLUE, RemoveCard(1))
    assert s.display == codes("A5,A7,A4") and codes("A6")[0] in s.gone
    assert s.phase == Phase.BUILD
    s = act(s, BLUE, Build(0))
    assert s.phase == Phase.BUILD and s.built_part
    check_rejects(GAME, s, BLUE, Build(0), "already built a palace part")
    s = act(s, BLUE, Done())
    assert s.phase == Phase.PLACE
    s = act(s, BLUE, PlaceFigure(District.GOLDSMITHS))
    assert s.phase == Phase.END and len(s.players[BLUE].hand) == 1
    assert s.uses[District.GOLDSMITHS] == 0  # usable from the next turn on
    s = act(s, BLUE, Done())
    assert s.current == RED and s.phase == Phase.HARBOUR
    for _ in range(2):
        s = act(s, s.current, TakeHarbour(1))
        s = act(s, s.current, Done())
        s = act(s, s.current, Done())
    assert s.current == BLUE and s.uses[District.GOLDSMITHS] == 1


def test_vizier_must_move_and_swaps():
    s = with_faces(make(res=[vec(e=1), vec(), vec()], harbour=full_harbour((G, A, S, E))), BLUE, (3, 2))
    s = act(s, BLUE, TakeHarbour(3))
    check_rejects(GAME, s, BLUE, MoveVizier(District.BAZAAR), "already stands")
    bazaar = act(s, BLUE, MoveVizier(District.EXCHANGE))
    assert bazaar.phase == Phase.SWAP
    assert {a for a in GAME.legal_actions(bazaar, BLUE) if isinstance(a, Exchange)} == {
        Exchange(E, G), Exchange(S, G)}
    check_rejects(GAME, bazaar, BLUE, Done(), "cannot be skipped")
    swapped = act(bazaar, BLUE, Exchange(E, G))
    assert swapped.players[BLUE].res == vec(s=3, g=1) and swapped.phase == Phase.BUILD
    # nothing to give: the swap lapses
    poor = make(phase=Phase.VIZIER, vizier=District.EXCHANGE)
    assert act(poor, BLUE, MoveVizier(District.BAZAAR)).phase == Phase.BUILD


def test_placing_figures_in_districts():
    base = dict(phase=Phase.PLACE, built_part=True, last_field=0, **garden({1: BLUE}),
                **palace("A2,A3,A4", gone="A1"))
    s = make(res=[vec(g=3), vec(), vec()], districts=placed({0: (BLUE,), 1: (RED,)}), **base)
    check_rejects(GAME, s, BLUE, PlaceFigure(District.CARPENTERS), "occupied by player 2")
    second = act(s, BLUE, PlaceFigure(District.STONEMASONS))
    assert second.players[BLUE].res == vec(g=1) and second.districts[0] == (BLUE, BLUE)
    s = make(res=[vec(g=3), vec(), vec()], districts=placed({0: (BLUE, BLUE)}), **base)
    check_rejects(GAME, s, BLUE, PlaceFigure(District.STONEMASONS), "already have 2")
    poor = make(res=[vec(g=1), vec(), vec()], districts=placed({0: (BLUE,)}), **base)
    check_rejects(GAME, poor, BLUE, PlaceFigure(District.STONEMASONS), "costs 2 gold")
    vizier = act(poor, BLUE, PlaceFigure(District.BAZAAR))  # the vizier does not stop placement
    assert vizier.districts[District.BAZAAR] == (BLUE,)


def test_end_of_turn_limits():
    s = make(res=[vec(a=5, g=4), vec(), vec()], hands=[(Card.GOLD,) * 3, (), ()],
             phase=Phase.PLACE, built_part=True, last_field=0, **garden({1: BLUE}),
             **palace("A2,A3,A4", gone="A1"))
    s = act(s, BLUE, Done())  # draws a fourth card
    assert len(s.players[BLUE].hand) == 4 and s.phase == Phase.END
    check_rejects(GAME, s, BLUE, Done(), "discard down to 3 cards and 7 resources")
    s = act(s, BLUE, PlayCard(Card.GOLD))  # playing a card is allowed at the end too
    assert s.players[BLUE].total == 10 and len(s.players[BLUE].hand) == 3
    for _ in range(3):
        s = act(s, BLUE, Discard(res=A))
    check_rejects(GAME, s, BLUE, Discard(res=G), "nothing to discard")
    assert s.players[BLUE].total == 7
    s = act(s, BLUE, Done())
    assert s.current == RED


def test_action_cards_and_reshuffle():
    # Blue holds an ebony card, every other basic card lies on the discard pile.
    s = make(hands=[(Card.EBONY,), (), ()])
    s = replace(s, discard=s.action_deck, action_deck=())
    GAME.check_state(s)
    drawn = act(s, BLUE, TakeHarbour(1))
    assert len(drawn.players[BLUE].hand) == 2 and drawn.discard == ()
    assert len(drawn.action_deck) == 18 and drawn.rng != s.rng
    assert GAME.undo_blocker(s, drawn, BLUE)
    played = act(s, BLUE, PlayCard(Card.EBONY))
    assert played.players[BLUE].res == vec(e=1) and played.discard[-1] == Card.EBONY
    check_rejects(GAME, s, BLUE, PlayCard(Card.GOLD), "hold no gold card")
    empty = make(hands=[(Card.EBONY,), (), ()], res=[vec(e=15 - 4), vec(), vec()],
                 harbour=full_harbour((G, A, S, E)))
    check_rejects(GAME, empty, BLUE, PlayCard(Card.EBONY), "no ebony left")


def test_views_hide_hands_and_decks():
    s = make(hands=[(Card.EBONY, Card.GOLD), (Card.ALABASTER,), ()])
    v = GAME.view(s, BLUE)
    assert v.players[BLUE].hand == (Card.EBONY, Card.GOLD)
    assert v.players[RED].hand == (Card.HIDDEN,)
    assert set(v.action_deck) == {Card.HIDDEN} and len(v.action_deck) == len(s.action_deck)
    assert set(v.palace_deck) == {-1} and v.rng != s.rng
    GAME.check_state(v)
    spectator = GAME.view(s, None)
    assert all(set(p.hand) <= {Card.HIDDEN} for p in spectator.players)
    assert GAME.from_position_text(GAME.position_text(v)) == v


def test_illegal_actions_say_why():
    s = make()
    check_rejects(GAME, s, RED, TakeHarbour(1), "not player 2's turn")
    check_rejects(GAME, s, BLUE, Done(), "cannot be skipped")
    check_rejects(GAME, s, BLUE, UseDistrict(District.MASONS), "no figure in the masons")
    check_rejects(GAME, s, BLUE, PlaceFigure(0), "not possible now")
    check_rejects(GAME, s, BLUE, PlayCaravan(G), "hold no caravan")
    check_rejects(GAME, s, BLUE, SerailChoice(True), "not possible now")
    check_rejects(GAME, s, BLUE, Discard(res=G), "not possible now")


# ------------------------------------------------------------------- pro rules
def pro(**kw):
    return make(pro=True, **kw)


def test_pro_hand_limit_is_four():
    s = pro(hands=[(Card.GOLD,) * 4, (), ()], phase=Phase.END, res=[vec(), vec(), vec()])
    assert act(s, BLUE, Done()).current == RED
    basic = make(hands=[(Card.GOLD,) * 4, (), ()], phase=Phase.END)
    check_rejects(GAME, basic, BLUE, Done(), "discard down to 3")


def test_overseer_moves_a_figure_to_a_free_district():
    s = pro(hands=[(Card.OVERSEER,), (), ()], districts=placed({0: (BLUE,), 1: (RED,)}),
            uses=(1, 0, 0, 0, 0, 0))
    s = act(s, BLUE, UseDistrict(District.STONEMASONS))
    check_rejects(GAME, s, BLUE, PlayOverseer(0, 1), "not a free district")
    moved = act(s, BLUE, PlayOverseer(District.STONEMASONS, District.GOLDSMITHS))
    assert moved.districts[:4] == ((), (RED,), (), (BLUE,)) and moved.uses[3] == 1
    moved = act(moved, BLUE, UseDistrict(District.GOLDSMITHS))  # used at once
    assert moved.players[BLUE].res == vec(a=1, g=1) and moved.discard[-1] == Card.OVERSEER


def test_craftsman_waives_one_unit():
    s = pro(hands=[(Card.CRAFTSMAN,), (), ()], res=[price("F4", vec(g=1)), vec(), vec()],
            phase=Phase.BUILD, **garden({4: RED}), **palace("A5,F4,A6", gone="A4"))
    cost = price("F4", vec(g=1))
    waivable = {a.waive for a in GAME.legal_actions(s, BLUE) if isinstance(a, Build) and a.slot == 1}
    assert waivable == {None} | {r for r in (A, S, E, G) if cost[r.index]}
    after = act(s, BLUE, Build(1, waive=G))
    assert after.players[BLUE].res == vec(g=1) and after.players[BLUE].hand == ()
    check_rejects(GAME, s, BLUE, Build(0, waive=A), "contains no alabaster")  # A5 costs s + e
    t = pro(hands=[(Card.CRAFTSMAN,), (), ()], res=[price("T1"), vec(), vec()],
            phase=Phase.BUILD, **palace("T1,F1,F2", gone="A1,A2,A3,A4,A5,A6,A7,A8"),
            **garden({1: RED}))
    check_rejects(GAME, t, BLUE, Build(0, waive=A), "not help with treasury")


def test_harbourmaster_swaps_fields_and_adjusts():
    s = pro(hands=[(Card.HARBOURMASTER,), (), ()], harbour=full_harbour((G, A, S, E)))
    after = act(s, BLUE, PlayHarbourmaster(1, 4))
    assert after.harbour_res == (E, A, S, G) and after.harbour_n == (2, 2, 3, 4)
    assert after.supply[E.index] == s.supply[E.index] + 2
    assert after.supply[G.index] == s.supply[G.index] - 2


def test_guard_swaps_serail_markers_and_the_leader_figure_follows():
    s = pro(hands=[(Card.GUARD,), (), ()], serail=(RED, BLUE, YELLOW), serail_figure=RED)
    check_rejects(GAME, s, BLUE, PlayGuard(2, 2), "two different serail markers")
    after = act(s, BLUE, PlayGuard(1, 2))
    assert after.serail == (BLUE, RED, YELLOW) and after.serail_figure == BLUE
    assert after.players[RED].figures == s.players[RED].figures + 1
    assert after.players[BLUE].figures == s.players[BLUE].figures - 1
    assert GAME.scores(after)[BLUE] == 1


def test_caravan_robber_and_merchant():
    s = pro(hands=[(Card.CARAVAN, Card.ROBBER, Card.MERCHANT), (), ()],
            res=[vec(a=2), vec(g=2, e=1), vec()])
    assert act(s, BLUE, PlayCaravan(E)).players[BLUE].res == vec(a=2, e=1)
    robbed = act(s, BLUE, PlayRobber(RED, G))
    assert robbed.players[BLUE].res == vec(a=2, g=1) and robbed.players[RED].res == vec(e=1, g=1)
    check_rejects(GAME, s, BLUE, PlayRobber(YELLOW, G), "has no gold")
    check_rejects(GAME, s, BLUE, PlayRobber(BLUE, A), "not an opponent")
    traded = act(s, BLUE, PlayMerchant(RED, (E, G), (A, A)))
    assert traded.players[BLUE].res == vec(e=1, g=1) and traded.players[RED].res == vec(a=2, g=1)
    check_rejects(GAME, s, BLUE, PlayMerchant(RED, (G,), (G,)), "no trade")
    check_rejects(GAME, s, BLUE, PlayMerchant(RED, (G, G, E), (A, A, A)), "take 1 or 2")
    merchants = [a for a in GAME.legal_actions(s, BLUE) if isinstance(a, PlayMerchant)]
    assert PlayMerchant(RED, (G,), (A,)) in merchants and len(merchants) == 4


def test_stash_on_the_garden_field_and_its_extra_price():
    s = pro(res=[price("A3", vec(e=1)), vec(), vec()], phase=Phase.BUILD,
            **palace("A3,A5,A6", top="F3"))
    built = act(s, BLUE, Build(0))
    assert built.phase == Phase.STASH
    stashed = act(built, BLUE, Stash(E))
    assert stashed.stash[2] == E and stashed.players[BLUE].res == vec()
    assert stashed.phase == Phase.BUILD
    # Red must pay one ebony more to build the fountain on 3; the ebony then goes back
    r = pro(res=[vec(), price("F3"), vec()], current=RED, phase=Phase.BUILD,
            stash=(None, None, E) + (None,) * 5, **garden({3: BLUE}),
            **palace("F3,A5,A6", gone="A3"))
    check_rejects(GAME, r, RED, Build(0), "costs")
    r = pro(res=[vec(), price("F3", vec(e=1)), vec()], current=RED, phase=Phase.BUILD,
            stash=(None, None, E) + (None,) * 5, **garden({3: BLUE}),
            **palace("F3,A5,A6", gone="A3"))
    after = act(r, RED, Build(0))
    assert after.stash[2] is None and after.players[RED].res == vec()
    assert after.supply[E.index] == r.supply[E.index] + price("F3")[E.index] + 2


def test_serail_leader_figure_moves_with_the_leadership():
    s = pro(n=3, current=RED, phase=Phase.BUILD, res=[vec(), price("F3"), vec()],
            serail=(YELLOW, RED), serail_figure=YELLOW, **garden({3: BLUE}),
            **palace("F3,A5,A6", gone="A3"))
    built = act(s, RED, Build(0))
    assert built.serail_figure == YELLOW
    after = act(built, BLUE, SerailChoice(True))
    assert after.serail == (BLUE, YELLOW, RED) and after.serail_figure == BLUE
    assert after.players[YELLOW].figures == s.players[YELLOW].figures + 1
    assert GAME.scores(after) == (1, 1, 0)
