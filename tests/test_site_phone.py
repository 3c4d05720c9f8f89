"""The app on a phone (390×844 CSS px, touch), in Chromium: no screen scrolls sideways, the
page's own controls are tap targets of at least 40×40 px, and the boards' text (≥ 11 px)
and tap targets (≥ 40 px) are measured and printed; on every step of a game played by taps,
whose turn it is, the prompt and the step's buttons are in reach wherever the page is scrolled
(the turn bar, ``#turn-bar``), also on a wide screen, where the log's newest entry is in view too.

The boards are drawn by the games' renderers (``pygame_rules/<game>/render.py``), upright
where the page asks for it (``board_options``).
"""

from __future__ import annotations

from typing import Any

import pytest
from layout_helpers import (
    BOARD_SIZES,
    GAMES,
    LOWEST_CONTROL_FOCUSED,
    NEWEST_LOG_ENTRY,
    PASS_BUTTON_GAPS,
    SIDEWAYS,
    SMALL_CONTROLS,
    SOUND_LABEL,
    TURN,
    axe,
    check_in_reach,
    describe,
    finished_save,
    import_save,
    make_a_move,
)

from pygame_rules import get_game
from pygame_rules.rng import Rng
from site_helpers import people, settled, start_game, wait_ready

pytestmark = pytest.mark.browser

def measure(page: Any, screen: str, problems: list[str]) -> None:
    """Sideways scrolling and small page controls on ``screen``, added to ``problems``."""
    sideways = page.evaluate(SIDEWAYS)
    if sideways["scroll"] > sideways["width"]:
        problems.append(f"{screen} scrolls sideways: {sideways}")
    small = page.evaluate(SMALL_CONTROLS)
    if small:
        problems.append(f"{screen}: controls under 40×40 px: {small}")


@pytest.mark.parametrize("game_name", GAMES)
def test_every_screen_fits_a_phone(phone_page, site_url, game_name, tmp_path):
    page = phone_page
    page.goto(site_url)
    wait_ready(page)
    problems: list[str] = []
    measure(page, "start", problems)
    page.locator(f".game-card[data-game='{game_name}'] button").tap()
    page.wait_for_selector("#setup")
    assert page.locator("#setup h1").is_visible()
    measure(page, "setup", problems)
    page.select_option("#player-count", str(get_game(game_name).min_players))
    page.wait_for_selector(f"#setup .seat:nth-of-type({get_game(game_name).min_players})")
    people(page, get_game(game_name).min_players)
    page.fill("#seed", "5")
    page.locator("#start-game").tap()
    page.wait_for_selector("#game, #pass-screen")
    if page.locator("#pass-screen").count():
        measure(page, "pass screen", problems)
    make_a_move(page)
    measure(page, "game", problems)
    assert page.evaluate("getComputedStyle(document.getElementById('board')).touchAction") == "manipulation"
    board = page.evaluate(BOARD_SIZES)
    page.locator("#settings-button").tap()
    page.wait_for_selector("#dialog-settings[open]")
    measure(page, "settings", problems)
    page.locator("#settings-close").tap()
    page.wait_for_selector("#dialog-settings", state="detached")
    import_save(page, finished_save(game_name), tmp_path)
    page.wait_for_selector("#winner")
    measure(page, "end", problems)
    end_board = page.evaluate(BOARD_SIZES)
    print(f"{game_name} at 390 px: game board {board}; end board {end_board}")
    assert problems == []
    small = [f"{what}: smallest text {b['minText']:.1f} px ({b['smallTexts']} of {b['texts']} under 11), "
             f"smallest tap target {b['minTarget']} px ({b['smallTargets']} of {b['targets']} under 40)"
             for what, b in (("game", board), ("end", end_board))
             if (b["minText"] or 99) < 11 or (b["minTarget"] or 99) < 40]
    assert small == []



#: Each game's play through on the phone: people, seed, taps at most, moves at least, and
#: the words of the prompts of the steps it must have shown.
PLAYS = {
    "tuerme": (2, 5, 40, 4, ("Pick a stone or tower", "Move the piece on")),
    "babel": (3, 5, 80, 3, ("Click a tile on a wonder", "You picked", "sealed offer", "offers")),
    "saba": (2, 5, 150, 3, ("harbour field", "H3: click a district", "end building", "End your turn")),
}

#: The board's controls now, each as its data-* values.
CONTROLS = """() => [...document.querySelectorAll("#board [tabindex]")].map((e) =>
    [...e.attributes].filter((a) => a.name.startsWith("data-")).map((a) => a.name + "=" + a.value).join(" "))"""


def tap_something(page: Any, rng: Rng, before: list[str]) -> list[str]:
    """Tap what the screen offers, as a player finding his way would: mostly a board control the
    last tap brought (the next step's choices), else a seeded choice among the board's controls
    and the step's buttons. Returns the board's controls it chose among."""
    controls = page.evaluate(CONTROLS)
    new = [i for i, control in enumerate(controls) if control not in before]
    buttons = page.locator("#turn-bar #game-buttons button").count()
    if new and len(new) < len(controls) and rng.randbelow(10) < 8:
        page.locator("#board [tabindex]").nth(new[rng.randbelow(len(new))]).tap()
    elif controls and (not buttons or rng.randbelow(10) < 7):
        page.locator("#board [tabindex]").nth(rng.randbelow(len(controls))).tap()
    elif buttons:
        page.locator("#turn-bar #game-buttons button").nth(rng.randbelow(buttons)).tap()
    settled(page)
    return controls


def apart(page: Any, where: str) -> list[str]:
    """The pass screen's two buttons, if their boxes touch."""
    gaps = page.evaluate(PASS_BUTTON_GAPS)
    return [] if max(gaps["across"], gaps["down"]) >= 8 else [f"{where}: the pass screen's buttons touch: {gaps}"]


@pytest.mark.parametrize("game_name", GAMES)
def test_whose_turn_the_prompt_and_the_buttons_stay_in_reach(phone_page, site_url, game_name):
    page = phone_page
    page.goto(site_url)
    wait_ready(page)
    players, seed, taps, moves, steps = PLAYS[game_name]
    start_game(page, game_name, players, seed)
    rng = Rng.from_seed(seed)
    problems: list[str] = []
    prompts: list[str] = []
    controls: list[str] = []
    for tap in range(taps):
        if page.locator("#pass-screen").count():
            problems += apart(page, f"tap {tap}")
            page.locator("#reveal").tap()
            page.locator("#board svg").wait_for()
            continue
        turn = page.evaluate(TURN)
        assert turn["bar"] and sorted(turn["bar"]) == sorted(turn["seats"]), turn  # whose turn, in the colours
        problems += check_in_reach(page, f"{game_name}, tap {tap}: {turn['prompt'][:40]}")
        if not prompts:
            violations = axe(page)
            assert violations == [], describe(violations)
            focused = page.evaluate(LOWEST_CONTROL_FOCUSED)  # (the page scrolls it above the bar)
            assert focused["reached"], focused
        if turn["prompt"] not in prompts:
            prompts.append(turn["prompt"])
        made = page.locator("#log li[data-ply]:not(.log-start)").count()
        if made >= moves and all(any(step in prompt for prompt in prompts) for step in steps):
            break
        controls = tap_something(page, rng, controls)
    print(f"{game_name}: {made} moves, {len(prompts)} steps checked: {[prompt[:50] for prompt in prompts]}")
    assert problems == []
    assert made >= moves and [step for step in steps if not any(step in prompt for prompt in prompts)] == []


def sound_label(page: Any) -> dict[str, Any]:
    """How the settings' sound text lies beside its box (the dialog opened and closed)."""
    page.locator("#settings-button").click()
    page.wait_for_selector("#dialog-settings[open]")
    lying = page.evaluate(SOUND_LABEL)
    page.locator("#settings-close").click()
    page.wait_for_selector("#dialog-settings", state="detached")
    return lying


def test_on_a_phone_the_settings_and_the_pass_screen_lie_well(phone_page, site_url):
    page = phone_page
    page.goto(site_url)
    wait_ready(page)
    assert sound_label(page) == {"lines": 2, "beside": True, "inside": True}  # (one line below the box before)
    start_game(page, "saba", 2, 5)
    assert apart(page, "phone") == []


def test_on_a_wide_screen_the_turn_bar_and_the_newest_move_are_in_view(app, tmp_path):
    """1280×900: after several moves the prompt, whose turn and the buttons are in reach
    wherever the page is scrolled, the log's newest entry in view; the pass screen's buttons
    apart, the settings' texts beside their boxes."""
    app.set_viewport_size({"width": 1280, "height": 900})
    lying = sound_label(app)
    assert lying["beside"] and lying["inside"], lying
    start_game(app, "saba", 2, 5)
    assert apart(app, "wide") == []
    app.locator("#menu" if app.locator("#menu").count() else "#pass-screen button.secondary").click()
    start_game(app, "tuerme", 2, 5)
    for seed in range(12):
        make_a_move(app, seed)
    app.evaluate("window.scrollTo(0, 0)")
    newest = app.evaluate(NEWEST_LOG_ENTRY)
    assert newest["entries"] > 6 and newest["overflows"] and newest["window"] and newest["log"], newest
    assert check_in_reach(app, "1280×900") == []
