"""The Babel rule readings: each option's two readings played out, and the options kept in
states, positions and saves (older ones still read, with the readings the engine had then)."""

from __future__ import annotations

import html
import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from test_babel_rulebook import BABEL, BLUE, GREEN, RED, YELLOW, make_state, offers_made, ship_example

from conformance import check_rejects
from pygame_rules import InvalidState, quiet
from pygame_rules.babel import (
    GAME,
    Accept,
    ActionCard,
    BabelState,
    Build,
    Continue,
    DoubleTurn,
    DrawThree,
    Offer,
    Options,
    Pass,
    Phase,
    ThirdBonus,
)
from pygame_rules.babel.data import NO_CARDS
from pygame_rules.babel.notation import READINGS
from pygame_rules.rng import Rng
from pygame_rules.session import SaveError, Seat, Session

RULES_PAGE = Path(__file__).resolve().parent.parent / "web" / "static" / "rules" / "babel.html"
CAMEL5 = (5, 0, 0, 0)
OTHER_CAMELS = ((3, 0, 0, 0), (3, 0, 0, 0), (4, 0, 0, 0), (4, 0, 0, 0), (6, 0, 0, 0))


def reading(state: BabelState, **readings: bool) -> BabelState:
    """``state`` played with these rule readings."""
    return replace(state, options=replace(state.options, **readings))


def test_every_reading_is_an_option_with_its_quote_and_the_old_behaviour_as_default():
    options = {o.name: o for o in GAME.options if o.name != quiet.NAME}   # the quiet end is kept apart
    assert [f.name for f in fields(Options)] == list(options)
    assert set(READINGS) == {name for name, o in options.items() if o.is_reading}
    assert len(READINGS) == 5
    for name in READINGS:
        option = options[name]
        assert option.quote_lang == "nl" and option.english and option.label
        assert option.default == getattr(Options(), name)  # old states read as they were played


def test_the_rules_page_quotes_and_argues_every_reading():
    page = html.unescape(RULES_PAGE.read_text(encoding="utf-8"))
    for option in (o for o in GAME.options if o.is_reading):
        start = page.index(f'id="reading-{option.name}"')
        section = " ".join(page[start:page.index("</section>", start)].split())
        section = section.replace(" data-i18n", "")  # the page marks its texts for translation
        default = "yes" if option.default else "no"
        assert f"<code>{option.name}</code>, default: {default}</h3>" in section, option.name
        assert f'<p lang="nl">{option.quote}</p>' in section, option.name
        assert f"<p>{option.english}</p>" in section, option.name
        assert section.count("<p>") >= 2, option.name                # and a paragraph on why


# ------------------------------------------------------------------ the game-ending build
def last_camel_build(**readings: bool) -> BabelState:
    """Red builds the last camel tile on the board, completing the Pyramids (red 3 elements,
    yellow 2): the game ends. Yellow's offer of 2 camels was turned down; yellow holds a third
    bonus, and the top action card is a "tile points" card."""
    state = make_state({RED: (5, 0, 0, 0), YELLOW: (2, 0, 0, 0)},
                       tiles={(0, 0): None, (0, 1): None, (0, 2): CAMEL5, (1, 0): None,
                              (2, 0): None, (3, 0): None},
                       owned={BLUE: OTHER_CAMELS}, elements={0: (3, 2, 0, 0)},
                       actions={YELLOW: (ActionCard.THIRD_BONUS,)})
    state = offers_made(GAME.apply(reading(state, **readings), RED, Build(0, 2)),
                        {YELLOW: Offer((2, 0, 0, 0)), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    return GAME.apply(state, RED, Accept(()))


def test_last_build_action_card():
    state = last_camel_build()
    end = GAME.apply(state, YELLOW, ThirdBonus(False))
    assert end.phase is Phase.OVER and end.wonders[0].scored_row == 0
    assert end.players[RED].actions == (ActionCard.TILE_POINTS,)   # the default: dealt
    end = GAME.apply(last_camel_build(last_build_action_card=False), YELLOW, ThirdBonus(False))
    assert end.phase is Phase.OVER and end.wonders[0].scored_row == 0
    assert end.players[RED].actions == () and len(end.action_deck) == 14
    assert end.players[RED].wonder_vp == 8 and end.players[YELLOW].wonder_vp == 4


def test_last_build_offers_score():
    state = last_camel_build()
    assert state.phase is Phase.BONUS and GAME.to_move(state) == (YELLOW,)
    end = GAME.apply(state, YELLOW, ThirdBonus(True))
    assert end.phase is Phase.OVER and end.players[YELLOW].offer_vp == 6   # the default: paid
    end = last_camel_build(last_build_offers_score=False)
    assert end.phase is Phase.OVER                     # nothing to ask: the offers earn nothing
    assert end.players[YELLOW].offer_vp == 0 and end.players[YELLOW].hand == (2, 0, 0, 0)
    assert end.players[YELLOW].actions == (ActionCard.THIRD_BONUS,)


def test_declining_the_last_tile_ends_nothing_so_offers_score_under_both_readings():
    state = make_state({RED: (5, 0, 0, 0), YELLOW: (2, 0, 0, 0)},
                       tiles={(0, 0): None, (0, 1): None, (0, 2): CAMEL5, (1, 0): None,
                              (2, 0): None, (3, 0): None},
                       owned={BLUE: OTHER_CAMELS}, elements={0: (3, 2, 0, 0)})
    state = offers_made(GAME.apply(reading(state, last_build_offers_score=False), RED, Build(0, 2)),
                        {YELLOW: Offer((2, 0, 0, 0)), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    after = GAME.apply(state, RED, GAME.legal_actions(state, RED)[-1])   # decline
    assert after.phase is Phase.CHOOSE and after.players[YELLOW].offer_vp == 2


# ------------------------------------------------------------------ the double turn
def test_late_double_turn():
    state = make_state({}, actions={RED: (ActionCard.DOUBLE_TURN,)})
    after = GAME.apply(state, RED, Pass())                     # the default: no second chance
    assert after.active == YELLOW and after.phase is Phase.CHOOSE
    late = GAME.apply(reading(state, late_double_turn=True), RED, Pass())
    assert late.phase is Phase.WINDOW and GAME.to_move(late) == (RED,)
    assert GAME.legal_actions(late, RED) == [Continue(), DoubleTurn()]
    assert [p.hand_size for p in late.players] == [1, 0, 0, 0]   # the common draw waits
    second = GAME.apply(late, RED, DoubleTurn())
    assert second.phase is Phase.CHOOSE and second.active == RED and second.second_action
    assert DoubleTurn() not in GAME.legal_actions(second, RED)
    done = GAME.apply(second, RED, Pass())                     # no window after the second
    assert done.active == YELLOW and [p.hand_size for p in done.players] == [3, 1, 1, 1]
    on = GAME.apply(late, RED, Continue())
    assert on.active == YELLOW and [p.hand_size for p in on.players] == [2, 1, 1, 1]


def test_the_late_double_turn_window_does_not_tell_who_holds_one():
    holder = GAME.apply(reading(make_state({}, actions={RED: (ActionCard.DOUBLE_TURN,)}),
                                late_double_turn=True), RED, Pass())
    other = GAME.apply(reading(make_state({}, actions={RED: (ActionCard.FIVE_POINTS,)}),
                               late_double_turn=True), RED, Pass())
    assert GAME.to_move(holder) == GAME.to_move(other) == (RED,)
    assert GAME.legal_actions(other, RED) == [Continue()]
    for viewer in (None, YELLOW, GREEN, BLUE):
        assert GAME.view(holder, viewer) == GAME.view(other, viewer)
        assert GAME.render_svg(holder, viewer) == GAME.render_svg(other, viewer)
    bare = GAME.apply(reading(make_state({}), late_double_turn=True), RED, Pass())
    assert bare.active == YELLOW                              # no action card: known, not asked


def test_a_double_turn_played_first_still_works_with_the_late_reading():
    state = reading(make_state({}, actions={RED: (ActionCard.DOUBLE_TURN, ActionCard.FIVE_POINTS)}),
                    late_double_turn=True)
    state = GAME.apply(GAME.apply(state, RED, DoubleTurn()), RED, Pass())
    assert state.phase is Phase.CHOOSE and state.second_action      # no window: already played


# ------------------------------------------------------------------ any time, by all players
def test_cards_out_of_turn():
    state = make_state({YELLOW: (1, 0, 0, 0)}, actions={YELLOW: (ActionCard.DRAW_THREE,)})
    check_rejects(GAME, state, YELLOW, DrawThree(), "not player 2's turn")
    after = GAME.apply(state, RED, Pass())                     # the default: yellow waits his turn
    assert after.active == YELLOW and after.players[YELLOW].hand_size == 2
    window = GAME.apply(reading(state, cards_out_of_turn=True), RED, Pass())
    assert window.phase is Phase.WINDOW and GAME.to_move(window) == (YELLOW,)
    assert GAME.legal_actions(window, YELLOW) == [Continue(), DrawThree()]
    check_rejects(GAME, window, YELLOW, DoubleTurn(), "only the active player")
    drawn = GAME.apply(window, YELLOW, DrawThree())
    assert GAME.to_move(drawn) == (YELLOW,) and drawn.players[YELLOW].hand_size == 4
    on = GAME.apply(drawn, YELLOW, Continue())
    assert on.active == YELLOW and on.phase is Phase.CHOOSE and on.players[YELLOW].hand_size == 5


def test_without_the_late_reading_the_window_has_no_double_turn():
    state = reading(make_state({}, actions={RED: (ActionCard.DOUBLE_TURN,)}), cards_out_of_turn=True)
    window = GAME.apply(state, RED, Pass())
    assert GAME.to_move(window) == (RED,) and GAME.legal_actions(window, RED) == [Continue()]
    check_rejects(GAME, window, RED, DoubleTurn(), "before the first action")


def test_the_window_asks_everybody_who_holds_action_cards():
    state = reading(make_state({}, actions={RED: (ActionCard.JOKER,), GREEN: (ActionCard.FIVE_POINTS,),
                                            BLUE: (ActionCard.CARD_EXCHANGE,)}),
                    cards_out_of_turn=True)
    window = GAME.apply(state, RED, Pass())
    assert GAME.to_move(window) == (RED, GREEN, BLUE)
    for p in (RED, GREEN, BLUE):
        window = GAME.apply(window, p, Continue())
    assert window.active == YELLOW


# ------------------------------------------------------------------ replacing elements
def test_optional_replacing():
    state = ship_example()                      # green offered 2 ships with his exchange card
    mine = Accept((YELLOW, GREEN))
    keep = Accept((YELLOW, GREEN), replace=False)
    assert keep not in GAME.legal_actions(state, RED)           # the default: always replaced
    check_rejects(GAME, state, RED, keep, "always replaces")
    after = GAME.apply(state, RED, mine)
    assert after.wonders[BABEL].elements == (4, 1, 0, 0) and after.players[GREEN].tiles == ((0, 0, 5, 0),)
    state = reading(state, optional_replacing=True)
    assert {mine, keep} <= set(GAME.legal_actions(state, RED))
    check_rejects(GAME, state, RED, Accept((YELLOW,), replace=False), "no accepted offer holds")
    after = GAME.apply(state, RED, keep)
    assert after.wonders[BABEL].elements == (2, 1, 2, 0) and after.players[GREEN].tiles == ((0, 0, 5, 0),)
    assert GAME.action_text(state, keep) == "accept yellow and green; add 2 ships; green places his own elements"
    text = GAME.record_text(state, RED, keep)
    assert text == "accept yellow, green; add 2 ship; green places own elements"
    assert GAME.parse_action(state, text) == (RED, keep)


# ------------------------------------------------------------------ recorded everywhere
ALL_FLIPPED = {name: not getattr(Options(), name) for name in READINGS}


def test_readings_in_position_notation():
    state = reading(ship_example(), late_double_turn=True, optional_replacing=True)
    text = GAME.position_text(state)
    assert " two=0 readings=late_double_turn:1,optional_replacing:1 quiet=4/0 phase=" in text
    assert GAME.from_position_text(text) == state
    plain = GAME.position_text(ship_example())
    assert "readings=" not in plain                               # all defaults: as before
    assert GAME.from_position_text(plain).options == Options()
    with pytest.raises(InvalidState, match=r"^readings: unknown rule reading 'sometimes'$"):
        GAME.from_position_text(text.replace("late_double_turn", "sometimes"))
    with pytest.raises(InvalidState, match="canonical"):             # a default is not written
        GAME.from_position_text(plain.replace("two=0", "two=0 readings=late_double_turn:0"))


def test_a_state_document_without_readings_reads_with_the_old_behaviour():
    state = ship_example()
    data = json.loads(json.dumps(GAME.state_to_json(reading(state, **ALL_FLIPPED))))
    assert GAME.state_from_json(data).options == Options(**{**vars(Options()), **ALL_FLIPPED})
    old = GAME.state_to_json(state)
    old["rules"] = 2
    for name in READINGS:
        del old["state"]["options"][name]
    del old["state"]["window_waiting"]
    assert GAME.state_from_json(old) == state


def random_session(options: dict[str, Any], seed: int, moves: int) -> Session:
    seats = [Seat(f"P{i}", colour) for i, (colour, _) in enumerate(GAME.colours[:4])]
    session = Session.new("babel", seats, seed=seed, options=options)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        state = session.state
        if GAME.is_over(state):
            break
        player = rng.choice(GAME.to_move(state))
        session.play(player, rng.choice(GAME.legal_actions(state, player)))
    return session


def test_a_save_with_readings_replays_identically():
    session = random_session({**ALL_FLIPPED, "two_colour_tiles": True}, seed=5, moves=400)
    phases = {state.phase for state in session.states}
    assert Phase.WINDOW in phases
    loaded = Session.from_text(session.to_text())
    assert loaded.options == session.options and loaded.states == session.states
    assert loaded.moves == session.moves
    assert loaded.state.options.late_double_turn and not loaded.state.options.last_build_action_card


def test_a_save_of_rules_version_2_still_loads():
    """Version 2 asked only third-bonus holders: such a save lacks the others' "no" answers,
    and options and accepted builds lack the fields added since."""
    session = random_session({quiet.NAME: 0}, seed=5, moves=2000)   # as version 2 played: no quiet end
    forced = [k for k, move in enumerate(session.moves)
              if isinstance(move.action, ThirdBonus)
              and ActionCard.THIRD_BONUS not in session.states[k].players[move.player].actions]
    assert forced, "the game should have turned down an offerer without a third bonus"
    data = session.to_json()
    data["rules"] = 2
    data["moves"] = [move for k, move in enumerate(data["moves"]) if k not in forced]
    for move in data["moves"]:
        move["action"].pop("replace", None)
    data["options"] = {"action_cards": True, "two_colour_tiles": False}
    loaded = Session.from_json(json.loads(json.dumps(data)))
    assert loaded.state == session.state and len(loaded.moves) == len(session.moves)
    with pytest.raises(SaveError, match="invalid"):      # under today's rules they are missing
        Session.from_json({**data, "rules": GAME.rules_version, "state": None})
