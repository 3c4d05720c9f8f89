"""Helpers for the layout and accessibility browser tests: saved games to open, a move made
by clicking, axe-core in the page, and measurements of what the reader sees and taps."""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from pygame_rules import get_game
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session
from site_helpers import click_board, settled

ROOT = Path(__file__).resolve().parent.parent
#: axe-core from npm (package.json pins it), run inside the pages.
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = ("tuerme", "babel", "saba")


def seats(game_name: str) -> list[Seat]:
    """The fewest people (no computer) the game takes, each in a colour of the game."""
    game = get_game(game_name)
    names = ("Ada", "Bo", "Cy", "Di", "Ed")
    return [Seat(names[i], colour) for i, (colour, _) in enumerate(game.colours[:game.min_players])]


def finished_save(game_name: str, seed: int = 3) -> str:
    """The save of a seeded random game played to its end."""
    game = get_game(game_name)
    session = Session.new(game_name, seats(game_name), seed=seed)
    rng = Rng.from_seed(seed)
    while not game.is_over(session.state):
        player = rng.choice(game.to_move(session.state))
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    return session.to_text()


#: What the game screen offers now.
SCREEN = """() => ({
    pass: !!document.getElementById('pass-screen'),
    moves: document.querySelectorAll('#log li[data-ply]:not(.log-start)').length,
    board: document.querySelectorAll('#board [tabindex]').length,
    buttons: document.querySelectorAll('#game-buttons button').length,
})"""


def make_a_move(page: Any, seed: int = 1, max_clicks: int = 200) -> None:
    """Click what the screen offers (seeded choices among the board's controls and the
    game's buttons, revealing pass screens) until one more move is in the log."""
    rng = Rng.from_seed(seed)
    page.wait_for_selector("#game, #pass-screen")
    before = page.evaluate(SCREEN)["moves"]
    for _ in range(max_clicks):
        screen = page.evaluate(SCREEN)
        if screen["moves"] > before:
            if screen["pass"]:
                page.click("#reveal")
            page.locator("#board svg").wait_for()
            return
        if screen["pass"]:
            page.click("#reveal")
        elif screen["board"] and (not screen["buttons"] or rng.randbelow(10) < 7):
            click_board(page, page.locator("#board [tabindex]").nth(rng.randbelow(screen["board"])))
        elif screen["buttons"]:
            page.locator("#game-buttons button").nth(rng.randbelow(screen["buttons"])).click()
        settled(page)
    raise AssertionError("no move was made")


def import_save(page: Any, text: str, tmp_path: Path, name: str = "game.json") -> None:
    """From any screen: back home, and import ``text`` as a game file (it opens)."""
    if page.locator("#menu").count():
        page.click("#menu")
    page.wait_for_selector("#import-file", state="attached")
    file = tmp_path / name
    file.write_text(text)
    page.set_input_files("#import-file", str(file))
    page.wait_for_selector("#game, #pass-screen")
    if page.locator("#pass-screen").count():
        page.click("#reveal")
    page.wait_for_selector("#board svg")


def axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (all its rules but the experimental
    ones), in every frame. The source goes in as an expression evaluated by the debugger
    protocol, which no Content-Security-Policy of the page blocks (an inline script would be)."""
    source = AXE.read_text()
    for frame in page.frames:
        if frame.evaluate("() => !window.axe"):
            frame.evaluate(source + "\n;0")
    return list(page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.flat().join(" "), summary: n.failureSummary })),
        }));
    }"""))


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violation: rule, how many nodes, the first few selectors."""
    return "; ".join(f"{v['id']} ({len(v['nodes'])}: {', '.join(n['target'] for n in v['nodes'][:4])})"
                     for v in violations)


#: How wide the page is, and what sticks out of it on the right.
SIDEWAYS = """() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")].filter((e) => {
        const box = e.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !e.closest("dialog:not([open])");
    }).map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.classList[0] ? "." + e.classList[0] : ""));
    return { scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8) };
}"""

#: The page's own controls (not the board's) smaller than 40×40 CSS px.
SMALL_CONTROLS = """() => {
    const controls = document.querySelectorAll(
        "button, a.button, .topbar a, select, input:not([type=checkbox]):not([type=radio]), "
        + "label:has(> input[type=checkbox])");
    return [...controls].filter((e) => !e.closest("#board, svg") && e.getClientRects().length).map((e) => {
        const box = e.getBoundingClientRect();
        return { what: e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " " + e.textContent.trim().slice(0, 24),
                 width: Math.round(box.width), height: Math.round(box.height) };
    }).filter((c) => c.width < 40 || c.height < 40);
}"""

#: The board's smallest text and tap targets, in CSS px as drawn.
BOARD_SIZES = """() => {
    const texts = [...document.querySelectorAll("#board svg text")].filter((t) => t.getClientRects().length)
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * Math.abs(t.getScreenCTM()?.a || 1));
    const targets = [...document.querySelectorAll("#board [tabindex]")].map((e) => e.getBoundingClientRect())
        .filter((b) => b.width > 0).map((b) => Math.min(b.width, b.height));
    return {
        minText: texts.length ? Math.min(...texts) : null, smallTexts: texts.filter((s) => s < 11).length,
        texts: texts.length, minTarget: targets.length ? Math.min(...targets) : null,
        smallTargets: targets.filter((s) => s < 40).length, targets: targets.length,
    };
}"""


def _words(text: str) -> list[str]:
    """Text as axe-core's ``label-content-name-mismatch`` compares it: lower case, without
    parentheses, cut into words at everything but letters and digits."""
    text = unicodedata.normalize("NFKD", text.lower())
    while (shorter := re.sub(r"\([^()]*\)", "", text)) != text:
        text = shorter
    return re.sub(r"[\W_]+", " ", text).split()


def label_in_name(control: ET.Element) -> bool:
    """Whether a control's accessible name (its ``aria-label``) holds the words it shows, in
    their order (WCAG 2.5.3 "label in name"): the SVG texts read as the browser joins them,
    with nothing between two elements.

    >>> label_in_name(ET.fromstring('<g aria-label="H1: 2 ebony, room for 3"><text>H1</text> <text>2 ebony</text></g>'))
    True
    >>> label_in_name(ET.fromstring('<g aria-label="H1: 2 ebony"><text>H1</text><text>2 ebony</text></g>'))
    False
    """
    shown, name = _words("".join(control.itertext())), _words(control.get("aria-label", ""))
    return any(name[i:i + len(shown)] == shown for i in range(len(name) - len(shown) + 1))


#: The turn bar's parts (whose turn with its colours, the prompt, the step's buttons and Hint)
#: that are not in the window or not what a tap at their centre would hit (something covers them).
OUT_OF_REACH = """() => {
    const parts = document.querySelectorAll("#turn-bar #status, #turn-bar #status .swatch, #turn-bar #prompt, "
        + "#turn-bar #game-buttons button, #turn-bar #hint");
    return [...parts].map((e) => {
        const box = e.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const inside = box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
            && box.right <= innerWidth;
        return inside && hit && e.contains(hit) ? null : {
            what: e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " " + e.textContent.trim().slice(0, 24),
            top: Math.round(box.top), bottom: Math.round(box.bottom), covered_by: hit && hit.outerHTML.slice(0, 60) };
    }).filter((p) => p);
}"""

#: The colours of the swatches of whose turn it is (the turn bar's) and of the score table's
#: active seats, and the prompt's text.
TURN = """() => ({
    bar: [...document.querySelectorAll("#turn-bar #status .swatch")].map((e) => getComputedStyle(e).backgroundColor),
    seats: [...document.querySelectorAll(".seats tr.seat-active .swatch")]
        .map((e) => getComputedStyle(e).backgroundColor),
    prompt: document.getElementById("prompt")?.textContent ?? "",
    buttons: [...document.querySelectorAll("#game-buttons button")].map((b) => b.textContent),
})"""

#: The gaps (CSS px) between the pass screen's buttons, one per pair: horizontal and vertical
#: (negative: they overlap that way; boxes touch when neither gap is positive).
PASS_BUTTON_GAPS = """() => {
    const [a, b] = [...document.querySelectorAll("#pass-screen button")].map((e) => e.getBoundingClientRect());
    return { across: Math.max(b.left - a.right, a.left - b.right),
             down: Math.max(b.top - a.bottom, a.top - b.bottom) };
}"""


def check_in_reach(page: Any, where: str) -> list[str]:
    """The turn bar's parts out of reach with the page scrolled to the top and to the bottom,
    each told with ``where``."""
    problems = []
    for end in ("top", "bottom"):
        page.evaluate(f"window.scrollTo(0, {0 if end == 'top' else 'document.documentElement.scrollHeight'})")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        problems += [f"{where}, scrolled to the {end}: {part}" for part in page.evaluate(OUT_OF_REACH)]
    return problems

#: The settings' sound checkbox and its text: whether every line of the text is beside the box
#: and inside the label (no line wrapped below the box, none out of the label).
SOUND_LABEL = """() => {
    const box = document.getElementById("setting-sound"), label = box.closest("label");
    const range = document.createRange();
    range.selectNodeContents(label.lastChild);
    const lines = [...range.getClientRects()], b = box.getBoundingClientRect(), l = label.getBoundingClientRect();
    return { lines: lines.length, beside: lines.every((r) => r.left >= b.right),
             inside: lines.every((r) => r.top >= l.top - .5 && r.bottom <= l.bottom + .5 && r.right <= l.right + .5) };
}"""

#: The log's newest entry: whether it is inside the window and inside the log's visible box
#: (and whether the log holds more than it shows).
NEWEST_LOG_ENTRY = """() => {
    const log = document.getElementById("log"), entries = log.querySelectorAll(":scope > li");
    const newest = entries[entries.length - 1], e = newest.getBoundingClientRect(), l = log.getBoundingClientRect();
    return { entries: entries.length, overflows: log.scrollHeight > log.clientHeight,
             text: newest.textContent.trim().slice(0, 40),
             window: e.top >= 0 && e.bottom <= innerHeight, log: e.top >= l.top - .5 && e.bottom <= l.bottom + .5 };
}"""

#: The board's lowest control, given the focus as the Tab key gives it (scrolled into view as
#: the browser does), from the page's top: whether a tap at its centre reaches it (nothing
#: covers it), and the turn bar's height.
LOWEST_CONTROL_FOCUSED = """() => {
    scrollTo(0, 0);
    const controls = [...document.querySelectorAll("#board [tabindex]")];
    const bottom = (e) => e.getBoundingClientRect().bottom;
    const lowest = controls.reduce((a, b) => bottom(b) > bottom(a) ? b : a);
    lowest.focus();
    const box = lowest.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { reached: !!hit && lowest.contains(hit), bar: document.getElementById("turn-bar").offsetHeight };
}"""
