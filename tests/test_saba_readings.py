"""Saba's rule readings: each disputed sentence of the rulebook is an option, and both of its
readings are played here; the options travel with the state, its position and a save.

Also the legality gap of issue 22: a card that can no longer be built is refused by
``why_illegal`` itself, on a position that was only parsed.
"""

from __future__ import annotations

import html
from dataclasses import fields
from pathlib import Path

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
from pygame_rules import IllegalAction, InvalidState
from pygame_rules.rng import Rng
from pygame_rules.saba import (
    GAME,
    Build,
    Card,
    District,
    Done,
    Exchange,
    MoveVizier,
    Phase,
    PlaceFigure,
    PlayOverseer,
    SerailChoice,
    TakeHarbour,
    UseDistrict,
)
from pygame_rules.saba.data import PALACE_CARDS, card_code
from pygame_rules.saba.state import Readings
from pygame_rules.session import Seat, Session

RULES_PAGE = Path(__file__).parent.parent / "web" / "static" / "rules" / "saba.html"
READINGS = tuple(f.name for f in fields(Readings))
ALL_ON = {name: True for name in READINGS}


def test_every_reading_is_an_option_with_its_quote():
    readings = [o for o in GAME.options if o.is_reading]
    assert tuple(o.name for o in readings) == READINGS
    for option in readings:
        assert option.quote_lang == "nl" and option.english and option.label
        assert isinstance(option.default, bool)
    assert not next(o for o in GAME.options if o.name == "pro").is_reading
    defaults = GAME.new_game(2, seed=1).readings
    assert defaults == Readings(**{o.name: o.default for o in readings})
    assert defaults.serail_on_self and not any(
        getattr(defaults, name) for name in READINGS if name != "serail_on_self")


def test_the_rules_page_quotes_every_reading():
    page = html.unescape(RULES_PAGE.read_text(encoding="utf-8"))
    for option in (o for o in GAME.options if o.is_reading):
        start = page.index(f'id="reading-{option.name}"')
        section = " ".join(page[start:page.index("</section>", start)].split())
        section = section.replace(" data-i18n", "")  # the page marks its texts for translation
        default = "yes" if option.default else "no"
        assert f"<code>{option.name}</code>, default: {default}</h3>" in section, option.name
        assert f'<p lang="{option.quote_lang}">{option.quote}</p>' in section, option.name
        assert f"<p>{option.english}</p>" in section, option.name


# ------------------------------------------------------------ shared districts
PLACING = dict(phase=Phase.PLACE, built_part=True, last_field=0, **garden({1: BLUE}),
               **palace("A2,A3,A4", gone="A1"))


def test_a_district_is_one_players_by_default():
    s = make(res=[vec(g=3), vec(), vec()], districts=placed({District.MASONS: (RED,)}), **PLACING)
    check_rejects(GAME, s, BLUE, PlaceFigure(District.MASONS), "occupied by player 2")
    assert PlaceFigure(District.MASONS) not in GAME.legal_actions(s, BLUE)


def test_shared_districts_hold_figures_of_several_players():
    shared = {"shared_districts": True}
    s = make(res=[vec(g=3), vec(), vec()], districts=placed({District.MASONS: (RED,)}),
             options=shared, **PLACING)
    assert GAME.record_text(s, s.current, PlaceFigure(District.MASONS)) == "figure→masons (1 gold)"
    after = act(s, BLUE, PlaceFigure(District.MASONS))  # his first figure there: 1 gold
    assert after.districts[District.MASONS] == (BLUE, RED)
    assert after.players[BLUE].res == vec(g=2)
    assert " districts=-,-,0:1+1:1,-,-,- " in GAME.position_text(after)
    assert GAME.from_position_text(GAME.position_text(after)) == after
    svg = GAME.render_svg(after)
    district = svg[svg.index('data-district="2"'):svg.index('data-district="3"')]
    assert "player-0" in district and "player-1" in district
    # his second one there costs 2 gold, a third is refused
    two = make(res=[vec(g=3), vec(), vec()], districts=placed({District.MASONS: (BLUE, RED)}),
               options=shared, **PLACING)
    assert act(two, BLUE, PlaceFigure(District.MASONS)).players[BLUE].res == vec(g=1)
    full = make(res=[vec(g=3), vec(), vec()], districts=placed({District.MASONS: (BLUE, BLUE, RED)}),
                options=shared, **PLACING)
    check_rejects(GAME, full, BLUE, PlaceFigure(District.MASONS), "already have 2")


def test_in_a_shared_district_each_player_uses_his_own_figures():
    s = make(res=[vec(), vec(), vec()], districts=placed({District.MASONS: (BLUE, RED, RED)}),
             uses=(0, 0, 1, 0, 0, 0), phase=Phase.BUILD, options={"shared_districts": True})
    s = act(s, BLUE, UseDistrict(District.MASONS))
    check_rejects(GAME, s, BLUE, UseDistrict(District.MASONS), "used up")
    s = act(act(s, BLUE, Done()), BLUE, Done())
    assert s.current == RED and s.uses[District.MASONS] == 2
    s = act(act(s, RED, UseDistrict(District.MASONS)), RED, UseDistrict(District.MASONS))
    assert s.players[RED].res == vec(s=2) and s.players[BLUE].res[S.index] == 1


def test_the_overseer_needs_an_empty_district_in_both_readings():
    for shared in (False, True):
        s = make(pro=True, hands=[(Card.OVERSEER,), (), ()], phase=Phase.BUILD,
                 districts=placed({0: (BLUE,), 1: (RED,)}), uses=(1, 0, 0, 0, 0, 0),
                 options={"shared_districts": shared})
        check_rejects(GAME, s, BLUE, PlayOverseer(0, 1), "not a free district")


def test_a_shared_district_is_refused_unless_the_game_shares_them():
    s = make(districts=placed({District.MASONS: (BLUE, RED)}), options={"shared_districts": True})
    text = GAME.position_text(s).replace("opt=self,shared", "opt=self")
    with pytest.raises(InvalidState, match="districts are not shared"):
        GAME.from_position_text(text)


# ---------------------------------------------------- a treasury and the end
def treasury_then_end(options: dict[str, bool]):
    s = make(res=[vec(a=6, s=6, e=6, g=6), vec(), vec()], phase=Phase.BUILD, options=options,
             **garden({1: BLUE, 2: BLUE, 3: RED}, 3), **palace("T2,X,C4", gone="A1,A2,A3,F1,F2,F3,C1,C2,C3,T1"))
    return act(s, BLUE, Build(0))  # treasury 2: blue leads and puts a figure in the treasury


def test_only_one_of_treasury_and_end_card_per_turn_by_default():
    s = treasury_then_end({})
    assert s.treasury == (BLUE,) and s.display[0] == codes("X")[0]
    check_rejects(GAME, s, BLUE, Build(0), "already built a treasury or end card")


def test_the_end_card_may_follow_a_treasury_card():
    s = treasury_then_end({"treasury_and_end": True})
    after = act(s, BLUE, Build(0))
    assert GAME.is_over(after) and GAME.winners(after) == (BLUE,)


def test_two_treasury_cards_are_never_built_in_one_turn():
    s = make(res=[vec(a=6, s=6, e=6, g=6), vec(), vec()], phase=Phase.BUILD,
             options={"treasury_and_end": True}, **garden({1: BLUE}),
             **palace("T1,T2,A2", gone="A1"))
    s = act(s, BLUE, Build(0))
    check_rejects(GAME, s, BLUE, Build(0), "already built a treasury or end card")


# -------------------------------------------- the last part and the serail
ALL_BUT_C8 = ",".join(card_code(c) for c in range(24) if card_code(c) != "C8")


def last_part(options: dict[str, bool]):
    """Blue builds the last palace part over red's fountain: 3 figures each then, with
    nobody in the serail; a marker red takes for his figure would break the tie."""
    s = make(phase=Phase.BUILD, res=[price("C8"), vec(), vec()], levels=(3,) * 7 + (2,),
             balcony=(BLUE, RED, RED, RED, YELLOW, YELLOW, BLUE, RED), options=options,
             **palace("C8,T2", gone=ALL_BUT_C8 + ",T1,X"))
    return act(s, BLUE, Build(0))


def test_the_displaced_player_takes_his_marker_before_the_end_by_default():
    after = last_part({})
    assert after.phase == Phase.SERAIL and after.decider == RED and GAME.winners(after) == ()
    end = act(after, RED, SerailChoice(True))
    assert GAME.is_over(end) and GAME.winners(end) == (RED,)


def test_the_game_may_end_before_the_serail_marker():
    end = last_part({"end_before_serail": True})
    assert GAME.is_over(end) and end.serail == () and GAME.winners(end) == (BLUE, RED)


# ---------------------------------------------------------- the vizier's swap
def vizier_on_exchange(options: dict[str, bool]):
    s = with_faces(make(res=[vec(e=1), vec(), vec()], harbour=full_harbour((G, A, S, E)),
                        options=options), BLUE, (3, 2))
    return act(act(s, BLUE, TakeHarbour(3)), BLUE, MoveVizier(District.EXCHANGE))


def test_the_vizier_swap_is_carried_out_by_default():
    s = vizier_on_exchange({})
    assert s.phase == Phase.SWAP and Done() not in GAME.legal_actions(s, BLUE)
    check_rejects(GAME, s, BLUE, Done(), "cannot be skipped")


def test_the_vizier_swap_may_be_declined():
    s = vizier_on_exchange({"optional_vizier_swap": True})
    assert s.phase == Phase.SWAP and {Done(), Exchange(E, G), Exchange(S, G)} <= set(
        GAME.legal_actions(s, BLUE))
    assert GAME.record_text(s, s.current, Done()) == "no swap"
    declined = act(s, BLUE, Done())
    assert declined.phase == Phase.BUILD and declined.players[BLUE].res == s.players[BLUE].res


# --------------------------------------------------------------- the overseer
def overseer(options: dict[str, bool]):
    s = make(pro=True, hands=[(Card.OVERSEER,), (), ()], phase=Phase.BUILD,
             districts=placed({District.STONEMASONS: (BLUE,)}), uses=(1, 0, 0, 0, 0, 0),
             options=options)
    s = act(s, BLUE, UseDistrict(District.STONEMASONS))
    return act(s, BLUE, PlayOverseer(District.STONEMASONS, District.GOLDSMITHS))


def test_a_figure_moved_by_the_overseer_works_at_once_by_default():
    moved = overseer({})
    assert moved.uses[District.GOLDSMITHS] == 1
    assert act(moved, BLUE, UseDistrict(District.GOLDSMITHS)).players[BLUE].res == vec(a=1, g=1)


def test_a_figure_moved_by_the_overseer_may_wait_for_the_next_turn():
    moved = overseer({"overseer_waits": True})
    assert moved.uses[District.GOLDSMITHS] == 0
    check_rejects(GAME, moved, BLUE, UseDistrict(District.GOLDSMITHS), "arrived this turn")
    s = act(act(moved, BLUE, Done()), BLUE, Done())
    for _ in range(2):
        s = act(act(act(s, s.current, TakeHarbour(1)), s.current, Done()),
                s.current, Done())
    assert s.current == BLUE and s.uses[District.GOLDSMITHS] == 1


# ------------------------------------------ options in states, positions, saves
def test_readings_travel_with_the_state():
    state = GAME.new_game(4, seed=5, options=ALL_ON)
    assert state.readings == Readings(**ALL_ON)
    assert GAME.state_from_json(GAME.state_to_json(state)) == state
    assert GAME.from_position_text(GAME.position_text(state)) == state


def random_session(options: dict[str, bool], moves: int, seed: int) -> Session:
    seats = [Seat("Ann", "blue"), Seat("Bob", "red"), Seat("Cy", "yellow")]
    session = Session.new("saba", seats, seed=seed, options=options)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if GAME.is_over(session.state):
            break
        player = GAME.to_move(session.state)[0]
        session.play(player, rng.choice(GAME.legal_actions(session.state, player)))
    return session


def test_a_save_with_readings_replays_identically():
    session = random_session({"pro": True, **ALL_ON}, 400, seed=8)
    again = Session.from_json(session.to_json())
    assert again.options == session.options and again.states == session.states
    assert again.state.readings == Readings(**ALL_ON)


def test_an_old_save_replays_with_the_readings_of_its_time():
    """A save of rules version 1 names only the options of its time; the readings added
    since take their defaults, which are what version 1 played, and it has no quiet end."""
    session = random_session({"quiet_end": 0}, 300, seed=9)
    old = session.to_json()
    old["rules"] = 1
    old["options"] = {"pro": False, "serail_on_self": True}
    old["state"] = {"stored": "in the old format, not compared"}
    again = Session.from_json(old)
    assert again.states == session.states


# ------------------------------------------------------- the legality gap
def test_why_illegal_refuses_a_card_that_can_no_longer_be_built():
    """A position that was only parsed (not checked) shows the arch for field 1 although a
    fountain stands there: the rules refuse to build it, not the loader alone."""
    good = make(res=[vec(a=5, s=5, e=5, g=5), vec(), vec()], phase=Phase.BUILD,
                **garden({1: RED}, 2), **palace("A2,A3,A4", gone="A1,F1"))
    text = GAME.position_text(good).replace("display=A2,A3,A4", "display=A1,A3,A4").replace(
        "gone=A1,F1", "gone=A2,F1")
    state = GAME.parse_position(text)
    assert state.display[0] == codes("A1")[0] and state.levels[0] == 2
    reason = GAME.why_illegal(state, BLUE, Build(0))
    assert reason and "can no longer be built" in reason
    assert Build(0) not in GAME.legal_actions(state, BLUE)
    with pytest.raises(IllegalAction, match="can no longer be built"):
        GAME.apply(state, BLUE, Build(0))
    assert GAME.why_illegal(state, BLUE, Build(1)) is None
    assert sorted(state.palace_deck + state.display + state.gone) == list(range(PALACE_CARDS))
