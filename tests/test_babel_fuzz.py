"""Bad input to Babel, seeded: only ``InvalidState`` / ``IllegalAction``, short messages
naming the field, in time.

:func:`fuzzing.fuzz_game` mutates whole position texts, state documents and actions of
games with the default options; the tests here add what is particular to Babel: positions
and documents of games with every rule reading switched on, one field of a position
damaged at a time (so every field's reader is reached, not only the first one a cut
breaks), the move notation written for actions the rules refuse (``action_text`` is
total), and the inputs that once escaped as other errors.
"""

from __future__ import annotations

import reprlib
import time
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from fuzzing import MAX_MESSAGE, expect_clean, fuzz_game, mutate_json, mutate_text, positions

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.babel import GAME, Accept, BabelState, Build, CardExchange, Offer, ThirdBonus
from pygame_rules.babel.notation import READINGS
from pygame_rules.rng import Rng

#: The whole module should stay well under this many seconds.
BUDGET = 20.0
#: Every rule reading switched away from its default, and the two-colour tiles.
EVERY_READING = {**{name: not GAME.option_defaults[name] for name in READINGS}, "two_colour_tiles": True}


@pytest.fixture(scope="module")
def states() -> list[BabelState]:
    """States met along seeded random games, half of them with every reading switched on."""
    return positions(GAME, 41, games=6, every=5, options=({}, EVERY_READING), plies=600)


@pytest.fixture(scope="module", autouse=True)
def within_budget():
    """Processor time, not the clock: a busy machine (or tests in parallel) makes a run wait."""
    start = time.process_time()
    yield
    assert time.process_time() - start < BUDGET


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_positions_documents_and_actions(seed):
    fuzz_game(GAME, seed, 1200)


def test_positions_and_documents_with_rule_readings(states):
    rng = Rng.from_seed(7)
    for case in range(900):
        state = rng.choice(states)
        if case % 2:
            text = mutate_text(GAME.position_text(state), rng)
            expect_clean((InvalidState,), partial(GAME.from_position_text, text), f"position {text[:120]!r}")
        else:
            doc = mutate_json(GAME.state_to_json(state), rng)
            expect_clean((InvalidState,), partial(GAME.state_from_json, doc), "state document")


def test_each_field_of_a_position_is_read_strictly(states):
    rng = Rng.from_seed(3)
    for _ in range(1500):
        tokens = GAME.position_text(rng.choice(states)).split(" ")
        i = 1 + rng.randbelow(len(tokens) - 1)
        key, _, value = tokens[i].partition("=")
        tokens[i] = f"{key}={mutate_text(value, rng)}"
        text = " ".join(tokens)
        try:
            GAME.from_position_text(text)
        except InvalidState as exc:
            message = str(exc)
            assert len(message) <= MAX_MESSAGE, message
        except Exception as exc:  # anything else is a bug
            raise AssertionError(f"{key}: {type(exc).__name__}: {exc}") from exc


def test_every_action_refused_is_refused_cleanly_and_still_has_a_text(states):
    rng = Rng.from_seed(5)
    for _ in range(900):
        state = rng.choice(states)
        movers = GAME.to_move(state)
        if not movers:
            continue
        player = rng.choice(movers)
        legal = GAME.legal_actions(state, player)
        doc = mutate_json(GAME.action_to_json(rng.choice(legal)), rng)
        action = expect_clean((InvalidState,), partial(GAME.action_from_json, doc), f"action {reprlib.repr(doc)}")
        if action is None:
            continue
        what = reprlib.repr(action)
        expect_clean((IllegalAction,), partial(GAME.apply, state, player, action), f"apply {what}")
        text = expect_clean((), partial(GAME.action_text, state, action), f"text of {what}")
        assert isinstance(text, str) and text and len(text) <= 2 * MAX_MESSAGE


# ------------------------------------------------------------------ what once escaped
def good_text() -> str:
    state = GAME.new_game(4, seed=3)
    state = GAME.apply(state, 0, Build(7, 0))
    return GAME.position_text(state)


def refused(text: str, fragment: str) -> str:
    with pytest.raises(InvalidState) as caught:
        GAME.from_position_text(text)
    message = str(caught.value)
    assert fragment in message and len(message) <= MAX_MESSAGE, message
    return message


def test_the_inputs_that_escaped_before():
    text = good_text()
    refused(text.replace("target=7.0", "target=5"), "target: write the tile being built as wonder.space")
    refused(text.replace("target=7.0", "target=7.0.1"), "target:")
    refused(text.replace("offers=-/-/-/-", "offers=-/-/-"), "offers: offers must be listed for all 4")
    refused(text.replace("marker=0", "marker=" + "10" * 1000), "marker: expected a number of at most 5 digits")
    refused(text.replace("discard=0", "discard=" + "9" * 2000 + "c"), "discard: bad card counts")
    refused(text.replace("marker=0", "marker=" + "9" * 5000), "characters")  # too long to read
    missing = refused(" ".join(w for w in text.split() if not w.startswith(("revealed=", "wonders="))),
                      "lacks the field(s) revealed, wonders")
    assert "players" not in missing
    refused(text + " extra=1", "unknown field(s) 'extra'")
    refused(text.replace("players=4", "players=4 players=4"), "given twice")


def test_documents_that_escaped_before():
    data = GAME.state_to_json(GAME.apply(GAME.new_game(4, seed=3), 0, Build(7, 0)))

    def with_state(**changes: Any) -> dict[str, Any]:
        return {**data, "state": {**data["state"], **changes}}

    for doc, fragment in ((with_state(offers=[None, None, None]), "offers: offers must be listed for all 4"),
                          (with_state(marker=-1), "marker: the scoring marker is on a row 0–7, not -1"),
                          (with_state(marker=10**30), "marker"),
                          (with_state(deck=["camel"] * 101), "deck: the game has 100 building cards"),
                          (with_state(window_waiting=[0, 9]), "window: lists players")):
        with pytest.raises(InvalidState) as caught:
            GAME.state_from_json(doc)
        assert fragment in str(caught.value) and len(str(caught.value)) <= MAX_MESSAGE


def test_action_text_is_total():
    state = GAME.new_game(3, seed=1)
    for action, fragment in ((Build(52, 0), "no wonder 52"), (Build(0, 10**40), "a number out of range"),
                             (Offer((1, 2), False), "four whole numbers"),
                             (CardExchange((-1, 0, 0, 0)), "four whole numbers"),
                             (Accept((7,)), "accepted players"), (ThirdBonus("yes"), "true or false")):  # type: ignore[arg-type]
        text = GAME.action_text(state, action)
        assert fragment in text and len(text) <= MAX_MESSAGE
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, action)
    offer_step = GAME.apply(state, 0, Build(1, 0))
    assert GAME.action_text(offer_step, Accept((1,), replace=False)).startswith("accept yellow; add")
    assert GAME.action_text(replace(offer_step, offers=()), Offer((9, 0, 0, 0))) == "offer (sealed)"
