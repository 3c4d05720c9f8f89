"""Der Turmbau zu Babel in Chromium: one build from the home screen to the updated board,
with the sealed offers collected one player at a time behind pass-the-device screens; the
rule readings in the setup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules.babel import GAME, Accept, Build, Offer
from site_helpers import READY_TIMEOUT_MS, log_texts, pass_to, start_game

pytestmark = pytest.mark.browser

SEED = 8
NAMES = ("Ann", "Bob", "Cid")
#: Seed 8: the Statue of Zeus' first tile asks for 3 ships; Ann holds 2, Bob 1, Cid none.
TILE = (2, 0)
MOVES = [(0, Build(*TILE)), (1, Offer((0, 0, 1, 0))), (2, Offer((1, 0, 0, 0))), (0, Accept((1,)))]


def expected_log(viewer: int) -> list[str]:
    """The log lines of MOVES, as the engine writes them for ``viewer``."""
    state = GAME.new_game(len(NAMES), seed=SEED)
    assert state.wonders[2].slots[0] == (0, 0, 3, 0)
    assert [p.hand[2] for p in state.players] == [2, 1, 0]
    lines = []
    for player, action in MOVES:
        after = GAME.apply(state, player, action)
        lines.append(f"{NAMES[player]}: {GAME.move_text(state, player, action, after, NAMES, viewer=viewer)}")
        state = after
    return lines


def hand_owner(page: Any) -> str:
    return page.locator("#board .hand").get_attribute("data-player")


def button(page: Any, label: str) -> Any:
    return page.locator("#game-buttons button", has_text=label)


def test_a_build_with_sealed_offers_through_pass_screens(app):
    start_game(app, "babel", 3, SEED, names=list(NAMES))

    pass_to(app, "Ann")
    assert hand_owner(app) == "0"
    app.locator('#board [data-wonder="2"][data-tile="0"]').click()
    assert app.locator('#board .tile.selected[data-wonder="2"][data-tile="0"]').count() == 1
    assert "ship 3 on Statue of Zeus" in app.locator("#prompt").inner_text()
    button(app, "Build this tile").click()

    pass_to(app, "Bob")
    assert hand_owner(app) == "1"
    assert "wants to build ship 3" in app.locator("#prompt").inner_text()
    for _ in range(3):
        app.locator('#board [data-card="crane"]').click()
    app.locator('#board [data-card="ship"]').click()
    assert "can't be sealed: the tile asks for 3 cards" in app.locator("#prompt").inner_text()
    assert button(app, "Seal offer").count() == 0
    button(app, "Clear offer").click()
    app.locator('#board [data-card="ship"]').click()
    assert "Your offer: 1 ship." in app.locator("#prompt").inner_text()
    button(app, "Seal offer: 1 ship").click()

    pass_to(app, "Cid")
    assert hand_owner(app) == "2"
    assert app.locator('#board [data-offer-player="1"][data-sealed="1"]').count() == 1
    assert "1 ship" not in app.locator('#board [data-offer-player="1"]').inner_html()
    app.locator('#board [data-card="camel"]').press("Enter")  # by keyboard; a bluff
    button(app, "Seal offer: 1 camel").click()

    pass_to(app, "Ann")
    bob_offer = app.locator('#board [data-offer-player="1"]')
    assert "1 ship" in bob_offer.inner_html()
    assert "back: 1 camel" in app.locator('#board [data-offer-player="2"]').inner_html()
    bob_offer.click()
    assert app.locator('#board .offer.selected[data-offer-player="1"]').count() == 1
    button(app, "Build, adding 2 ships from your hand").click()

    pass_to(app, "Bob")  # Bob's turn begins
    log = log_texts(app)
    assert log == expected_log(1)  # his own offer in clear, Cid's sealed until the reveal
    assert log[1] == "Bob: offer 1 ship" and log[2].startswith("Cid: offer (sealed); reveal: Bob 1 ship")
    assert app.locator('#board [data-wonder="2"][data-tile="0"][data-taken="1"]').count() == 1
    assert "Pass" in app.locator("#game-buttons").inner_text()


def test_rule_readings_are_offered_closed_with_their_quotes_and_reach_the_save(app):
    readings = [o for o in GAME.options if o.is_reading]
    app.click(".game-card[data-game='babel'] button")
    section = app.locator("#rule-readings")
    assert section.evaluate("e => e.tagName === 'DETAILS' && !e.open")
    assert section.locator("blockquote p[lang='nl']").all_text_contents() == [o.quote for o in readings]
    assert section.locator("blockquote p:not([lang])").all_text_contents() == [o.english for o in readings]
    section.locator("summary").click()
    chosen = {"late_double_turn": True, "last_build_action_card": False}
    for name, value in chosen.items():
        app.locator(f"input[name='opt-{name}']").set_checked(value)
    app.fill("#seed", str(SEED))
    app.click("#start-game")
    app.wait_for_selector("#game, #pass-screen", timeout=READY_TIMEOUT_MS)
    save = json.loads(app.evaluate(
        "() => localStorage.getItem('pygame_rules.save.' + localStorage.getItem('pygame_rules.current'))"))
    expected = {**GAME.option_defaults, **chosen}
    assert save["options"] == expected
    assert save["state"]["state"]["options"] == expected
