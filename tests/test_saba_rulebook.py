"""Every worked example of the Saba rulebook, as a position and its expected outcome."""

from __future__ import annotations

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
from pygame_rules.examples import example
from pygame_rules.saba import (
    GAME,
    Build,
    District,
    Done,
    MoveVizier,
    Phase,
    RemoveCard,
    SerailChoice,
    TakeHarbour,
    UseDistrict,
)
from pygame_rules.saba.state import buildable, serail_decide, serail_leader

ALL_BUT_C8 = ",".join(f"{k}{f}" for k in "AFC" for f in range(1, 9) if f"{k}{f}" != "C8")


def test_harbour_refill_example_a_to_e():
    # Gold on H1, alabaster on H2, sandstone on H3, ebony on H4, all full.
    s = example("saba", "harbour").start()
    after = act(s, BLUE, TakeHarbour(3))
    # a) the player takes the 3 sandstone of H3
    assert after.players[BLUE].res[S.index] == s.players[BLUE].res[S.index] + 3
    # b) alabaster and gold move one field on, c) alabaster is topped up to 3,
    # d) the ebony on H4 stays, e) 2 sandstone (the kind taken) come onto H1
    assert after.harbour_res == (S, G, A, E)
    assert after.harbour_n == (2, 2, 3, 4)
    assert after.supply == (s.supply[0] - 1, s.supply[1] - 2, s.supply[2], s.supply[3])
    assert after.players[BLUE].faces == (1, 2)  # the card was turned over
    assert after.phase == Phase.VIZIER


def test_harbour_refill_when_the_supply_runs_short():
    s = make(harbour=full_harbour((G, A, S, E)), res=[vec(a=13, s=12), vec(), vec()])
    assert s.supply[A.index] == 0 and s.supply[S.index] == 0
    after = GAME.apply(with_faces(s, BLUE, (3, 2)), BLUE, TakeHarbour(3))
    assert after.harbour_res == (S, G, A, E)
    assert after.harbour_n == (0, 2, 2, 4)  # no sandstone for H1, no third alabaster


def test_harbour_h1_draws_a_card_and_h4_shifts_everything():
    s = make(harbour=full_harbour((G, A, S, E)))
    h1 = act(s, BLUE, TakeHarbour(1))
    assert (h1.harbour_res, h1.harbour_n) == ((G, A, S, E), (2, 2, 3, 4))
    assert len(h1.players[BLUE].hand) == 1 and h1.phase == Phase.BUILD
    assert h1.players[BLUE].faces == (3, 2)
    h4 = act(with_faces(s, BLUE, (1, 4)), BLUE, TakeHarbour(4))
    assert (h4.harbour_res, h4.harbour_n) == ((E, G, A, S), (2, 2, 3, 4))
    assert h4.players[BLUE].res[E.index] == 4 and h4.phase == Phase.BUILD
    check_rejects(GAME, s, BLUE, TakeHarbour(4), "not a visible face")


def test_serail_example_a_to_d():
    # 3 players, so 5 serail fields, holding Yellow, Red, Yellow, Red, Red.
    # Red builds a fountain on 3, where Blue's figure stands on the arch's balcony.
    s = example("saba", "serail").start()
    built = act(s, RED, Build(0))
    assert built.phase == Phase.SERAIL and GAME.to_move(built) == (BLUE,)
    assert built.players[BLUE].figures == s.players[BLUE].figures + 1
    # a) Blue puts a marker on field 1, b) the others move on and Red's last one drops out
    done = act(built, BLUE, SerailChoice(True))
    assert done.serail == (BLUE, YELLOW, RED, YELLOW, RED)
    assert done.players[RED].markers == s.players[RED].markers + 1
    assert done.players[BLUE].markers == s.players[BLUE].markers - 1
    # c) Yellow and Red have 2 markers each, d) Yellow lies nearest field 1 and leads
    assert serail_decide((YELLOW, RED), done.serail) == (YELLOW,)
    assert serail_leader(3, done.serail) == YELLOW
    assert done.phase == Phase.BUILD and GAME.to_move(done) == (RED,)
    # declining leaves the serail alone
    assert act(built, BLUE, SerailChoice(False)).serail == s.serail


def test_district_example_a_to_d():
    # Blue has a figure with the stonemasons and one with the carpenters; the vizier
    # blocks the carpenters; H3 holds 3 gold.
    s = example("saba", "district").start()
    check_rejects(GAME, s, BLUE, UseDistrict(District.CARPENTERS), "vizier blocks the carpenters")
    s = act(s, BLUE, UseDistrict(District.STONEMASONS))         # a) one alabaster
    assert s.players[BLUE].res == vec(a=1)
    s = act(s, BLUE, TakeHarbour(3))                             # b) three gold
    assert s.players[BLUE].res == vec(a=1, g=3)
    s = act(s, BLUE, MoveVizier(District.STONEMASONS))           # c) the vizier's alabaster
    assert s.players[BLUE].res == vec(a=2, g=3)
    check_rejects(GAME, s, BLUE, UseDistrict(District.STONEMASONS), "vizier blocks")
    s = act(s, BLUE, UseDistrict(District.CARPENTERS))           # d) free again: one ebony
    assert s.players[BLUE].res == vec(a=2, e=1, g=3)
    check_rejects(GAME, s, BLUE, UseDistrict(District.CARPENTERS), "used up")


def test_higher_part_displaces_the_balcony_figure():
    s = make(res=[price("F3"), vec(), vec()], phase=Phase.BUILD, **garden({3: RED}),
             **palace("F3,A5,A6", gone="A3", top="A4,F4"))
    after = act(s, BLUE, Build(0))
    assert after.balcony[2] == BLUE and after.levels[2] == 2
    assert after.players[RED].figures == s.players[RED].figures + 1
    assert after.players[BLUE].figures == s.players[BLUE].figures - 1
    assert after.players[BLUE].res == vec()
    # the other cards slide toward 5.1 and the deck's top card fills 5.3
    assert after.display == codes("A5,A6,F4")
    assert after.phase == Phase.SERAIL and after.decider == RED


def test_unbuildable_cards_are_removed_and_replaced():
    # A fountain stands on 2; the deck's next card is the arch for 2: removed at once.
    s = make(res=[price("A5"), vec(), vec()], phase=Phase.BUILD, **garden({2: RED}, 2),
             **palace("A5,A6,A7", gone="A1,F2", top="A4,A2"))
    after = act(s, BLUE, Build(0))
    assert after.display == codes("A6,A7,A4")
    assert codes("A2")[0] in after.gone
    assert after.levels[4] == 1 and after.balcony[4] == BLUE
    assert not buildable(codes("A1")[0], (2,) + (0,) * 7)
    assert buildable(codes("C1")[0], (2,) + (0,) * 7) and buildable(codes("T1")[0], (3,) * 8)


@pytest.mark.parametrize("on_self", [True, False])
def test_replacing_ones_own_figure(on_self):
    s = make(res=[price("F3"), vec(), vec()], phase=Phase.BUILD, options={"serail_on_self": on_self},
             **garden({3: BLUE}), **palace("F3,A5,A6", gone="A3"))
    after = act(s, BLUE, Build(0))
    assert after.balcony[2] == BLUE and after.players[BLUE].figures == s.players[BLUE].figures
    assert (after.phase == Phase.SERAIL) is on_self


TREASURY_BASE = dict(phase=Phase.BUILD, **palace("T1,F6,F7", gone="A1,A2,A3,A4,A5"))


@pytest.mark.parametrize("serail, expected", [((RED, BLUE), (RED,)), ((BLUE,), (BLUE,)), ((), ())])
def test_treasury_scoring_ties_go_to_the_serail(serail, expected):
    # Blue and Red have 2 balconies each, Yellow 1.
    s = make(res=[price("T1"), vec(), vec()], serail=serail, **TREASURY_BASE,
             **garden({1: BLUE, 2: BLUE, 3: RED, 4: RED, 5: YELLOW}))
    after = act(s, BLUE, Build(0))
    assert after.treasury == expected and after.built_special and after.phase == Phase.BUILD
    assert after.display == codes("F6,F7") + (after.display[2],)


def test_treasury_figure_counts_in_later_scorings():
    s = make(res=[price("T1"), vec(), vec()], **TREASURY_BASE,
             **garden({1: BLUE, 2: RED, 3: RED, 4: BLUE, 5: BLUE}), treasury=(RED,))
    assert act(s, BLUE, Build(0)).treasury == (RED,)  # 3 against 3 (one in the treasury): a tie
    s = make(res=[price("T1"), vec(), vec()], **TREASURY_BASE,
             **garden({1: BLUE, 2: RED, 3: RED, 4: BLUE, 5: YELLOW}), treasury=(RED,))
    after = act(s, BLUE, Build(0))
    assert after.treasury == (RED, RED)
    assert GAME.scores(after) == (2, 4, 1)


def test_treasury_on_53_costs_two_gold_and_allows_no_district_figure():
    s = make(res=[price("T1", vec(g=2)), vec(), vec()], phase=Phase.BUILD, **garden({1: BLUE}),
             **palace("F6,F7,T1", gone="A1,A2,A3,A4,A5,A6,A7,A8"))
    after = act(s, BLUE, Build(2))
    assert after.players[BLUE].res == vec() and after.treasury == (BLUE,)
    assert act(after, BLUE, Done()).phase == Phase.END  # no district figure


def test_end_card_ends_the_game_at_once():
    s = make(res=[price("X", vec(a=1)), vec(), vec()], phase=Phase.BUILD,
             **garden({1: BLUE, 2: RED}, 3), **palace("X,C3,C4", gone="A1,A2,F1,F2,C1,C2"))
    after = act(s, BLUE, Build(0))
    assert GAME.is_over(after) and GAME.to_move(after) == ()
    assert after.players[BLUE].res == vec(a=1) and after.players[BLUE].hand == ()
    assert GAME.winners(after) == (BLUE, RED)  # one figure each, nobody in the serail
    s = make(res=[price("X"), vec(), vec()], phase=Phase.BUILD, serail=(RED,),
             **garden({1: BLUE, 2: RED}, 3), **palace("X,C3,C4", gone="A1,A2,F1,F2,C1,C2"))
    assert GAME.winners(act(s, BLUE, Build(0))) == (RED,)


def test_game_ends_when_the_last_part_card_is_removed():
    s = make(phase=Phase.REMOVE, levels=(3,) * 7 + (2,),
             balcony=(BLUE, RED, YELLOW, BLUE, RED, YELLOW, BLUE, RED),
             **palace("C8,T2", gone=ALL_BUT_C8 + ",T1,X"))
    check_rejects(GAME, s, BLUE, RemoveCard(1), "only palace part cards")
    after = act(s, BLUE, RemoveCard(0))
    assert GAME.is_over(after) and GAME.winners(after) == (BLUE, RED)


def test_game_ends_after_the_serail_decision_on_the_last_build():
    s = make(phase=Phase.BUILD, res=[price("C8"), vec(), vec()], levels=(3,) * 7 + (2,),
             balcony=(BLUE, RED, YELLOW, BLUE, RED, YELLOW, BLUE, RED),
             **palace("C8,T2", gone=ALL_BUT_C8 + ",T1,X"))
    after = act(s, BLUE, Build(0))
    assert after.phase == Phase.SERAIL and after.after == Phase.OVER
    assert GAME.winners(after) == ()
    end = act(after, RED, SerailChoice(True))
    assert GAME.is_over(end) and GAME.winners(end) == (BLUE,)  # 3 against 2 and 2


def test_figure_comes_from_a_district_when_the_supply_is_empty():
    s = make(res=[price("F3"), vec(), vec()], phase=Phase.BUILD,
             levels=(1,) * 7 + (0,), balcony=(BLUE, BLUE, RED, BLUE, BLUE, BLUE, BLUE, None),
             districts=placed({District.STONEMASONS: (BLUE,), District.BAZAAR: (BLUE,)}),
             uses=(1, 0, 0, 0, 0, 1), **palace("F3,A8,F4", gone="A1,A2,A3,A4,A5,A6,A7"))
    assert s.players[BLUE].figures == 0
    check_rejects(GAME, s, BLUE, Build(0), "name the district")
    check_rejects(GAME, s, BLUE, Build(0, from_district=District.MASONS), "no figure in the masons")
    after = act(s, BLUE, Build(0, from_district=District.BAZAAR))
    assert after.districts[District.BAZAAR] == () and after.uses[District.BAZAAR] == 0
    assert after.balcony[2] == BLUE and after.players[RED].figures == s.players[RED].figures + 1
    # with no figure anywhere the build is not possible
    none_left = make(res=[price("F3"), vec(), vec()], phase=Phase.BUILD,
                     levels=(1,) * 8, balcony=(BLUE, BLUE, RED, BLUE, BLUE, BLUE, BLUE, BLUE),
                     treasury=(BLUE,), **palace("F3,F5,F4", gone="A1,A2,A3,A4,A5,A6,A7,A8"))
    check_rejects(GAME, none_left, BLUE, Build(0), "no figure left")
    own = make(res=[price("F2"), vec(), vec()], phase=Phase.BUILD,
               levels=(1,) * 8, balcony=(BLUE, BLUE, RED, BLUE, BLUE, BLUE, BLUE, BLUE),
               treasury=(BLUE,), **palace("F2,F5,F4", gone="A1,A2,A3,A4,A5,A6,A7,A8"))
    assert act(own, BLUE, Build(0)).balcony[1] == BLUE  # replacing his own figure works
