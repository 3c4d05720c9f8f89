"""Saba in Chromium: a whole first turn from the home screen, played on the board, with the
hands kept private behind pass-the-device screens; the rule readings in the setup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules.saba import GAME, Build, Card, Done, PlayCard, TakeHarbour
from site_helpers import READY_TIMEOUT_MS, log_texts, pass_to, start_game

pytestmark = pytest.mark.browser

SEED = 31
NAMES = ("Ann", "Bob")
#: Seed 31: H1 holds 2 alabaster and its draw is an ebony card; 5.1 is an arch costing
#: alabaster + ebony. Ann has no gold, so she places no figure.
MOVES = [TakeHarbour(1), PlayCard(Card.EBONY), Build(0), Done(), Done(), Done()]


def expected_log() -> list[str]:
    """The log lines of Ann's turn, as the engine writes them."""
    state = GAME.new_game(len(NAMES), seed=SEED)
    lines = []
    for action in MOVES:
        assert action in GAME.legal_actions(state, 0), action
        lines.append(f"Ann: {GAME.action_text(state, action, NAMES)}")
        state = GAME.apply(state, 0, action)
    assert GAME.to_move(state) == (1,)
    return lines


def button(page: Any, label: str) -> Any:
    return page.locator("#game-buttons button", has_text=label)


def prompt(page: Any) -> str:
    return page.locator("#prompt").inner_text()


def hand(page: Any) -> list[str]:
    return page.locator("#board [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def test_a_first_turn_by_clicking_the_board(app):
    start_game(app, "saba", 2, SEED, names=list(NAMES))

    pass_to(app, "Ann")
    assert "harbour field" in prompt(app)
    assert app.locator("#board .harbour-field.hl").evaluate_all(
        "els => els.map(e => e.dataset.harbour)") == ["1", "2"]
    assert app.locator('#board [data-harbour="1"]').get_attribute("tabindex") is not None  # focusable
    app.locator('#board [data-harbour="1"]').click()

    app.locator("#log li:not(.log-start)").first.wait_for()
    assert hand(app) == ["E"]  # H1 drew a card: Ann sees it, face up
    assert "can't build any open palace card" in prompt(app)  # no ebony yet
    assert app.locator("#board .build-field.hl").count() == 0
    app.locator('#board [data-card="E"]').click()
    app.locator('#board .build-field.hl[data-build-field="0"]').wait_for()
    assert "ringed palace card" in prompt(app)
    app.locator('#board [data-build-field="0"]').click()

    app.locator("#board .garden-field[data-garden='3'] .balcony").wait_for()
    assert "Your palace part stands: end building" in prompt(app)
    button(app, "End building").click()
    app.locator("#game-buttons button", has_text="No figure").wait_for()
    assert "place a figure" in prompt(app)
    button(app, "No figure").click()
    button(app, "End turn").click()

    pass_to(app, "Bob")
    log = log_texts(app)
    assert log == expected_log()
    assert hand(app) == []  # Bob holds no card; Ann's are face down
    assert "action cards: 1" in app.locator('#board .player-panel[data-player="0"]').text_content()
    assert app.locator("#board [data-garden='3'] .balcony.player-0").count() == 1
    assert "harbour field" in prompt(app)

    app.locator('#board [data-harbour="1"]').click()  # Bob draws a card with H1 ...
    button(app, "End building").click()  # ... and one at the end of his turn
    button(app, "End turn").click()

    pass_to(app, "Ann")
    assert hand(app) == ["A"]  # only her own card, never Bob's two
    assert "action cards: 2" in app.locator('#board .player-panel[data-player="1"]').text_content()
    assert log_texts(app)[-3:] == [
        "Bob: H1 (2 alabaster)", "Bob: end building", "Bob: end turn"]


def test_rule_readings_are_chosen_in_the_setup_and_saved(app):
    """The setup lists every reading, closed, with its Dutch sentence and translation; the
    readings chosen there reach the game and its save."""
    readings = [o for o in GAME.options if o.is_reading]
    app.click(".game-card[data-game='saba'] button")
    section = app.locator("#rule-readings")
    assert section.evaluate("e => e.tagName === 'DETAILS' && !e.open")
    assert section.locator("blockquote p[lang='nl']").all_text_contents() == [o.quote for o in readings]
    assert section.locator("blockquote p:not([lang])").all_text_contents() == [o.english for o in readings]
    section.locator("summary").click()
    chosen = {"serail_on_self": False, "shared_districts": True, "optional_vizier_swap": True}
    for name, value in chosen.items():
        app.locator(f"input[name='opt-{name}']").set_checked(value)
    app.fill("#seed", str(SEED))
    app.click("#start-game")
    app.wait_for_selector("#game, #pass-screen", timeout=READY_TIMEOUT_MS)
    save = json.loads(app.evaluate(
        "() => localStorage.getItem('pygame_rules.save.' + localStorage.getItem('pygame_rules.current'))"))
    expected = {**GAME.option_defaults, **chosen}
    assert save["options"] == expected
    assert save["state"]["state"]["readings"] == {o.name: expected[o.name] for o in readings}
