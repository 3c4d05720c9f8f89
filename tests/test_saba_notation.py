"""Saba move notation and position notation."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_saba_helpers import BLUE, RED, A, E, G, S, full_harbour, garden, make, palace, placed, price, vec, with_faces

from conformance import check_invalid
from pygame_rules import IllegalAction, InvalidState
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
from pygame_rules.saba.state import Readings


def notation(state: Any, action: Any) -> str:
    """The notation of ``action``, the same in every language (what a record holds)."""
    return GAME.describe_action(state, action, None, own=True)


def test_move_texts():
    s = make(harbour=full_harbour((A, S, G, E)), **palace("A5,F4,C7"), vizier=District.EXCHANGE)
    build = make(phase=Phase.BUILD, **palace("A5,F4,C7"))
    assert notation(s, TakeHarbour(3)) == "H3 (3 gold)"
    assert notation(s, MoveVizier(District.BAZAAR)) == "vizier→bazaar"
    assert notation(s, Exchange(E, A)) == "swap ebony→alabaster"
    assert notation(s, RemoveCard(1)) == "remove 5.2 fountain on 4"
    assert notation(build, Build(1)) == "build 5.2 fountain on 4 (1 gold)"
    assert notation(build, Build(2, waive=G, from_district=5)) == (
        "build 5.3 column on 7 (2 gold) craftsman -gold figure from bazaar")
    assert notation(build, Build(0)) == "build 5.1 arch on 5"
    assert notation(build, Done()) == "end building"
    assert notation(s, UseDistrict(0)) == "use stonemasons +alabaster"
    assert notation(s, UseDistrict(5, E, S)) == "use bazaar ebony→sandstone"
    place = make(phase=Phase.PLACE, built_part=True, last_field=0, **garden({1: BLUE}),
                 districts=placed({District.GOLDSMITHS: (BLUE,)}),
                 **palace("A2,A3,A4", gone="A1"))
    assert notation(place, PlaceFigure(3)) == "figure→goldsmiths (2 gold)"
    assert notation(place, Done()) == "no figure"
    assert notation(s, PlayCard(Card.GOLD)) == "card +gold"
    assert notation(s, PlayCaravan(E)) == "caravan +ebony"
    assert notation(s, PlayRobber(RED, G)) == "robber red gold"
    assert notation(s, PlayMerchant(RED, (G, G), (A, E))) == (
        "merchant red take gold+gold give alabaster+ebony")
    assert notation(s, PlayOverseer(0, 3)) == "overseer stonemasons→goldsmiths"
    assert notation(s, PlayHarbourmaster(1, 4)) == "harbourmaster H1↔H4"
    assert notation(s, PlayGuard(1, 3)) == "guard 1↔3"
    assert notation(s, SerailChoice(True)) == "serail marker"
    assert notation(s, SerailChoice(False)) == "no serail marker"
    assert notation(s, Discard(card=Card.GOLD)) == "discard card gold"
    assert notation(s, Discard(res=E)) == "discard ebony"
    stash = make(pro=True, phase=Phase.STASH, built_part=True, last_field=0, **garden({1: BLUE}),
                 res=[vec(a=1), vec(), vec()], **palace("A2,A3,A4", gone="A1"))
    assert notation(stash, Stash(A)) == "stash alabaster on 1"
    assert notation(stash, Done()) == "no stash"


def test_texts_are_unique_and_parse_back():
    for seed in range(3):
        s = GAME.new_game(3, seed=seed, options={"pro": True})
        for _ in range(200):
            if GAME.is_over(s):
                break
            mover = GAME.to_move(s)[0]
            actions = GAME.legal_actions(s, mover)
            texts = [GAME.record_text(s, mover, a) for a in actions]
            assert len(set(texts)) == len(texts), texts
            words = [GAME.action_text(s, a, viewer=mover, mover=mover) for a in actions]
            assert len(set(words)) == len(words), words
            for a, t in zip(actions, texts):
                assert GAME.parse_action(s, t) == (mover, a)
            s = GAME.apply(s, mover, actions[(seed * 7 + len(s.gone)) % len(actions)])
    with pytest.raises(IllegalAction, match="not a legal move"):
        GAME.parse_action(GAME.new_game(2, seed=1), "H4 (4 gold)")


def test_position_round_trip_and_example():
    s = make(pro=True, res=[price("F3"), vec(g=2), vec()], current=RED, phase=Phase.SERAIL,
             decider=BLUE, after=Phase.STASH, built_part=True, last_field=2,
             stash=(E,) + (None,) * 7, serail=(RED, BLUE), serail_figure=RED, treasury=(RED,),
             districts=placed({District.CARPENTERS: (RED, RED)}),
             uses=(0, 1, 0, 0, 0, 0), hands=[(Card.GUARD,), (Card.GOLD, Card.CARAVAN), ()],
             **garden({1: BLUE, 3: RED}), **palace("A5,A6,F4", gone="A1,A3"))
    text = GAME.position_text(s)
    assert GAME.from_position_text(text) == s
    for field in ("opt=pro,self", "turn=1", "phase=serail", "flags=P", "last=3",
                  "decide=0/stash", "garden=10e,0--,11-,0--", "treasury=1", "serail=10", "sfig=1",
                  "districts=-,1:2,-,-,-,-", "uses=010000", "hands=W/GK/-", "display=A5,A6,F4"):
        assert f" {field}" in text, field
    assert " ".join(text.split()) == text and "\n" not in text


def test_bad_positions_are_rejected():
    text = GAME.position_text(GAME.new_game(2, seed=4))
    for bad, message in [
        ("chess", "starts with 'saba'"),
        (text.replace(" turn=0", ""), "the field 'turn' is missing"),
        (text.replace(" turn=0", " turn=0 turn=1"), "'turn' appears twice"),
        (text.replace(" turn=0", " colour=red turn=0"), "unknown field 'colour'"),
        (text.replace(" turn=0", " turn"), "'turn' is not a key=value field"),
        (text.replace(" n=2 opt=self", " opt=self n=2"), "the field 'n' must come before 'opt'"),
        (text.replace("phase=harbour", "phase=lunch"), "bad phase: 'lunch' is no phase"),
        (text.replace("vizier=5", "vizier=9"), "bad vizier: district '9' is not a whole number from 0 to 5"),
        (text.replace("vizier=5", "vizier=" + "9" * 500), "bad vizier: district '9999"),
        (text.replace("figs=8/8", "figs=7/8"), "figures"),
        (text.replace("figs=8/8", "figs=8/8/8"), "bad figs: needs 2 entries (one per player)"),
        (text.replace("marks=5/5", "marks=4/5"), "serail markers"),
        (text.replace("flags=-", "flags=Q"), "bad flags"),
        (text.replace("opt=self", "opt=cheat"), "bad opt: 'cheat' is no option"),
        (text.replace("opt=self", "opt=self,self"), "bad opt: an option is named twice"),
        (text.replace("rng=", "rng=x"), "random state"),
        (text.replace("districts=-,-", "districts=0:1:7,-"), "bad districts: figure count '1:7'"),
        (text.replace("districts=-,-", "districts=0:3,-"), "figure count '3' is not a whole number from 1 to 2"),
        (text.replace("districts=-,-", "districts=1:1+0:1,-"), "lowest seat first"),
        (text.replace("districts=-,-", "districts=2:1,-"), "seat '2' is not a whole number from 0 to 1"),
        (text.replace("districts=-,-", "districts=0:1+1:1,-"), "districts are not shared"),
        (text.replace("serail=-", "serail=0101010"), "bad serail: 7 figures or markers, more than the 6"),
        (text.replace("garden=0--", "garden=7--"), "bad garden: part level '7'"),
        (text.replace("hands=-/-", "hands=" + "A" * 50 + "/-"), "bad hands: 50 action cards, more than the 41"),
        (text + " x" * 1000, "more than a position has"),
    ]:
        with pytest.raises(InvalidState, match=re.escape(message)) as caught:
            GAME.from_position_text(bad)
        assert len(str(caught.value)) <= 200


def test_old_positions_read_with_the_readings_they_were_played_with():
    """A position written before the rule readings were options has none of their words:
    it reads with every new reading off, which is how the engine played then."""
    old = ("saba n=3 opt=self turn=0 phase=harbour flags=- last=0 decide=-/build "
           "harbour=a2.s2.g3.e4 supply=13.12.9.12 res=0.0.0.0/0.1.0.0/0.0.2.0 faces=32/12/12 "
           "figs=6/8/8 marks=5/5/5 hands=-/-/- adeck=AEEGESGSAGSEEGSGAASA disc=- "
           "pdeck=X,C5,C8,C6,C7,C4,C1,C3,C2,T2,F2,F8,F6,F5,F1,F7,F3,F4,T1,A6,A3,A5,A4,A2 "
           "display=A7,A8,A1 gone=- garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=- "
           "sfig=- districts=0:1,0:1,-,-,-,- vizier=1 uses=110000 rng=90e5fe249b97ee2c")
    state = GAME.from_position_text(old)
    assert GAME.position_text(state) == old
    assert state.readings == Readings(serail_on_self=True, shared_districts=False,
                                      treasury_and_end=False, end_before_serail=False,
                                      optional_vizier_swap=False, overseer_waits=False)
    everything = {o.name: True for o in GAME.options if isinstance(o.default, bool)}
    on = GAME.new_game(3, seed=1, options=everything)
    text = GAME.position_text(on)
    assert " opt=pro,self,shared,both,endfirst,mayswap,wait " in text
    assert GAME.from_position_text(text) == on


def test_json_validation():
    good = GAME.state_to_json(GAME.new_game(2, seed=4))
    state = good["state"]
    check_invalid(GAME, {**good, "state": {**state, "vizier": "x"}}, "expected an integer")
    check_invalid(GAME, {**good, "state": {**state, "supply": [15, 15, 15, 15]}}, "instead of 15")
    check_invalid(GAME, {**good, "state": {**state, "display": []}}, "palace cards")
    check_invalid(GAME, {**good, "state": {**state, "treasury": [0]}}, "figures")
    check_invalid(GAME, {**good, "state": {**state, "action_deck": state["action_deck"][1:]}},
                  "action cards")
    check_invalid(GAME, {**good, "state": {**state, "phase": "serail"}}, "serail decider")


def test_undo_is_blocked_only_by_reveals():
    s = with_faces(make(harbour=full_harbour((G, A, S, E))), BLUE, (1, 4))
    assert GAME.undo_blocker(s, GAME.apply(s, BLUE, TakeHarbour(4)), BLUE) is None
    assert "drawn" in GAME.undo_blocker(s, GAME.apply(s, BLUE, TakeHarbour(1)), BLUE)
    r = make(phase=Phase.REMOVE, **palace("A5,A6,A7"))
    assert "revealed" in GAME.undo_blocker(r, GAME.apply(r, BLUE, RemoveCard(0)), BLUE)
