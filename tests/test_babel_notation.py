"""Babel move notation (sealed offers in the log, the reveal, parsing) and positions."""

from __future__ import annotations

from typing import Any

import pytest
from test_babel_rulebook import BABEL, BLUE, GREEN, RED, SHIP5, YELLOW, make_state, ship_example

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.babel import (
    GAME,
    Accept,
    ActionCard,
    Build,
    CardExchange,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    ThirdBonus,
)
from pygame_rules.babel.data import COLOURS, NO_CARDS
from pygame_rules.babel.notation import full_text
from pygame_rules.rng import Rng


def notation(state: Any, action: Any, names: Any = None) -> str:
    """The notation of ``action`` as its mover writes it (what a record holds, before the colour)."""
    return GAME.describe_action(state, action, names, own=True)


def test_move_texts():
    """The notation, the same in every language (what a record holds; people read words, see
    tests/test_words.py)."""
    state = make_state({RED: (0, 0, 5, 0)}, tiles={(BABEL, 0): SHIP5},
                       actions={RED: (ActionCard.DOUBLE_TURN, ActionCard.CARD_EXCHANGE)})
    assert notation(state, Pass()) == "pass"
    assert notation(state, Build(BABEL, 0)) == "build Babel tile 1 (ship 5)"
    assert notation(state, DoubleTurn()) == "play double turn"
    assert notation(state, DrawThree()) == "play draw three"
    assert notation(state, CardExchange((2, 0, 1, 0))) == "play card exchange 2 camel + 1 ship"
    assert notation(state, ThirdBonus(False)) == "no third bonus"
    decide = ship_example()
    assert notation(decide, Accept((YELLOW,))) == "accept yellow; add 4 ship"
    assert notation(decide, Accept((YELLOW, GREEN))) == "accept yellow, green; add 2 ship"
    names = ["Ann", "Bob", "Cid", "Dee"]  # a log for seats with their own names
    assert notation(decide, Accept((YELLOW, GREEN)), names) == "accept Bob, Cid; add 2 ship"
    assert notation(decide, Accept((), (0, 0, 2, 0))) == "accept none; add 3 ship; joker 2 ship"
    assert notation(decide, Decline()) == "decline"


def test_sealed_offers_do_not_leak_into_the_log_and_the_last_one_logs_the_reveal():
    state = GAME.apply(make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 3, 0),
                                   BLUE: (1, 0, 1, 0)}, tiles={(BABEL, 0): SHIP5}),
                       RED, Build(BABEL, 0))
    assert GAME.action_text(state, Offer((0, 0, 1, 0))) == "offer (sealed)"
    assert full_text(state, Offer((0, 0, 2, 0), True)) == "offer 2 ship +X"
    assert full_text(state, Offer(NO_CARDS)) == "offer nothing"
    state = GAME.apply(GAME.apply(state, YELLOW, Offer((0, 0, 1, 0))), GREEN, Offer((0, 0, 2, 0), True))
    last = Offer((1, 0, 1, 0))
    assert GAME.action_text(state, last, viewer=BLUE, mover=BLUE) == "offer 1 camel + 1 ship"
    assert GAME.record_text(state, BLUE, last) == "offer 1 camel + 1 ship"  # blue is the last to offer
    assert GAME.move_text(state, BLUE, last, GAME.apply(state, BLUE, last)) == (
        "offer (sealed); reveal: yellow offers 1 ship, green offers 2 ships + exchange card, "
        "blue offers 1 ship (1 camel back to the hand)")


def test_parse_clear_text_with_optional_mover():
    state = GAME.apply(make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 3, 0)},
                                  tiles={(BABEL, 0): SHIP5}), RED, Build(BABEL, 0))
    assert GAME.parse_action(state, "offer  2 ship +X") == (YELLOW, Offer((0, 0, 2, 0), True))
    assert GAME.parse_action(state, "blue: offer nothing") == (BLUE, Offer(NO_CARDS))
    assert GAME.parse_action(state, "green: offer 3 ship") == (GREEN, Offer((0, 0, 3, 0)))
    with pytest.raises(IllegalAction, match="not a legal move"):
        GAME.parse_action(state, "blue: offer 1 ship")
    decide = ship_example()
    assert GAME.parse_action(decide, "accept yellow, green; add 2 ship") == (RED, Accept((YELLOW, GREEN)))


def test_every_legal_move_parses_back_along_random_games():
    rng = Rng.from_seed(5)
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        state = GAME.new_game(players, seed=seed, options={"two_colour_tiles": seed == 2})
        for _ in range(120):
            if GAME.is_over(state):
                break
            for mover in GAME.to_move(state)[:1]:
                actions = GAME.legal_actions(state, mover)
                for action in actions[:40]:
                    text = f"{COLOURS[mover]}: {full_text(state, action)}"
                    assert GAME.parse_action(state, text) == (mover, action)
            mover = rng.choice(GAME.to_move(state))
            state = GAME.apply(state, mover, rng.choice(GAME.legal_actions(state, mover)))


def test_position_round_trip_and_errors():
    state = ship_example()
    text = GAME.position_text(state)
    assert "\n" not in text and text.startswith("babel players=4 ")
    assert GAME.from_position_text(text) == state
    assert "offers=-/1s/2s+x/1s!1c" in text
    with pytest.raises(InvalidState, match="starts with 'babel'"):
        GAME.from_position_text("chess " + text[6:])
    with pytest.raises(InvalidState, match=r"lacks the field\(s\) revealed$"):
        GAME.from_position_text(text.replace(" revealed=1", ""))
    with pytest.raises(InvalidState, match="bad card counts"):
        GAME.from_position_text(text.replace("discard=0", "discard=2x"))
    with pytest.raises(InvalidState, match="ship cards"):
        GAME.from_position_text(text.replace("offers=-/1s/", "offers=-/9s/"))
