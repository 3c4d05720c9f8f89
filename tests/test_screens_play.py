"""Playing, in CPython: the app as it runs in its worker, drawing into a model of the page
(``tests/page_model.py``) that sends events the way ``app/shell.js`` does. Undo, the move log and
its replay, "why not?", hints, the pass-the-device screens, whole turns of each game by clicks on
the board, rule readings in the setup, computer players from any seat, the end screen.

What needs a real browser (the clicks reaching the board's drawing, focus, layout, the "why not"
bubble going at the next click) is in ``tests/test_site_*.py``."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from page_model import Browser
from sessions import random_session

from pygame_rules import get_game
from pygame_rules.babel import Accept, Build, Offer
from pygame_rules.i18n import use
from pygame_rules.rng import Rng
from pygame_rules.saba import Build as SabaBuild
from pygame_rules.saba import Card, Done, PlayCard, TakeHarbour
from pygame_rules.session import Seat
from pygame_rules.tuerme import Move, square_name
from pygame_rules.tuerme.data import SYMBOL_FIELDS

TUERME = get_game("tuerme")
BABEL = get_game("babel")
SABA = get_game("saba")


def no_skipping(b: Browser) -> None:
    """The setting "Skip steps with only one possible action" off: every step is the person's."""
    b.app.store.items["pygame_rules.settings"] = json.dumps({"skip": False})


def click_move(b: Browser, move: Move) -> None:
    """A Türme move as a person makes it: the piece, then the field."""
    before = len(b.log())
    b.board(square=square_name(move.src))
    b.board(square=square_name(move.dst))
    assert len(b.log()) == before + 1


def play_moves(b: Browser, count: int, seed: int = 11, players: int = 2) -> list[str]:
    """Make ``count`` moves of a Türme game of ``seed`` by clicking (the first legal move each
    time), continuing from the moves in the log; their texts."""
    state = TUERME.new_game(players, seed=seed)
    for entry in b.log():
        state = TUERME.apply(state, *TUERME.parse_action(state, entry.split(": ", 1)[1]))
    texts = []
    for _ in range(count):
        player = TUERME.to_move(state)[0]
        move = next(a for a in TUERME.legal_actions(state, player) if isinstance(a, Move))
        texts.append(TUERME.action_text(state, move))
        click_move(b, move)
        state = TUERME.apply(state, player, move)
    return texts


def plain_move(state: Any, player: int) -> Move:
    """A Türme move that ends the turn (no bonus move follows)."""
    return next(m for m in TUERME.legal_actions(state, player)
                if isinstance(m, Move) and TUERME.to_move(TUERME.apply(state, player, m)) != (player,))


# ------------------------------------------------------------------- undo and the log
def test_undo_takes_back_only_your_own_moves(tab: Browser) -> None:
    """In a hotseat game a player may take back his own move while the turn is still his
    (a bonus move is pending), never the move of the person who played before him."""
    tab.start_game("tuerme", 2, 11)
    state = TUERME.new_game(2, seed=11)
    moves = [a for a in TUERME.legal_actions(state, 0) if isinstance(a, Move)]
    bonus = next(m for m in moves if tuple(TUERME.to_move(TUERME.apply(state, 0, m))) == (0,))
    click_move(tab, bonus)
    tab.click("#undo")
    assert tab.log() == [] and tab.toast() == "Move taken back."
    assert tab.page.find("#undo").attrs["aria-disabled"] == "true"
    tab.click("#undo")  # still clickable: it says why it can't undo
    assert "no move to take back" in tab.toast() and tab.page.toasts[-1][1] is True
    plain = next(m for m in moves if tuple(TUERME.to_move(TUERME.apply(state, 0, m))) == (1,))
    click_move(tab, plain)
    tab.click("#undo")
    assert "only your own" in tab.toast()
    assert [text.split(": ", 1)[1] for text in tab.log()] == [TUERME.action_text(state, plain)]
    assert len(tab.saved().moves) == 1  # the autosave followed every step


def test_the_log_replays_past_positions_read_only(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 11)
    play_moves(tab, 2)
    present = tab.page.find("#board").text, tab.page.boards[-1][2]
    assert tab.page.marked
    tab.click("#log li[data-ply=1] button")
    assert "Viewing the position after move 1 (read only)." in tab.page.find(".replay-banner").text
    assert len(tab.page.find_all("#board .last-move")) == 2  # the move that led to it
    assert tab.page.boards[-1][2] != present[1]
    assert tab.page.marked == []  # nothing to play while replaying
    assert not tab.page.find_all("#prompt") and not tab.page.find_all("#game-buttons")
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == "1"
    tab.click("#back-to-present")
    assert not tab.page.find_all(".replay-banner") and tab.page.marked
    assert tab.page.boards[-1][2] == present[1]


def test_the_turn_bar_holds_whose_turn_the_prompt_and_the_step_s_buttons(tab: Browser) -> None:
    """The turn bar (kept in view by the page's CSS) holds whose turn it is in the seats' colours,
    the prompt, the step's buttons and Hint; the other controls follow it. In a replay it holds
    the banner back to the present; at the end there is none (the final table stands alone)."""
    tab.start_game("babel", 3, 5)
    tab.click("#reveal")
    bar = tab.page.find("section#turn-bar")
    assert bar.attrs["aria-label"] == "Turn"
    palette = tab.app.screen.palette
    assert [s.attrs["data-swatch"] for s in bar.find_all("#status .swatch")] == [palette[0]]
    assert bar.find("#status").text == "To move: Player 1"
    assert bar.find_all("#prompt") and bar.find_all("#hint")
    assert [b.text for b in bar.find_all("#game-buttons button")] == ["Pass (draw a card)"]
    assert not bar.find_all("#undo, #menu, .seats")  # the other controls and the scores follow it
    assert tab.page.find_all("#undo") and tab.page.find_all("#menu")

    tab.start_game("tuerme", 2, 11)
    play_moves(tab, 2)
    assert tab.page.find("#turn-bar #status .swatch").attrs["data-swatch"] == tab.app.screen.palette[0]
    tab.click("#log li[data-ply=1] button")
    bar = tab.page.find("#turn-bar")
    assert bar.find_all(".replay-banner #back-to-present") and not bar.find_all("#prompt")
    assert bar.find("#status .swatch").attrs["data-swatch"] == tab.app.screen.palette[1]
    assert not bar.find_all(".score-chart") and tab.page.find_all(".score-chart")

    tab.click("#back-to-present")
    tab.click("#resign")
    tab.confirm()
    assert tab.page.find_all("#winner") and not tab.page.find_all("#turn-bar")


def log_changes(b: Browser, since: int) -> list[int]:
    """The indices of the log entries the commands since ``since`` wrote (``items`` commands)."""
    return [index for name, *args in b.page.applied[since:] if name == "items" and args[0] == "log"
            for index, _html in args[1]]


def test_a_render_writes_only_the_log_entries_it_changes(tab: Browser) -> None:
    """A click draws the board and the side panel again, but of the move log only the entries
    whose look changed (the one shown, the last turn's marks): a long game's log is not parsed,
    styled and laid out again each time (issue 25). The layout around it is not drawn again."""
    tab.start_game("tuerme", 2, 11)
    play_moves(tab, 4)  # 5 entries: the start and 4 moves
    since = len(tab.page.applied)
    tab.click("#log li[data-ply=2] button")
    assert len(log_changes(tab, since)) <= 2
    since = len(tab.page.applied)
    tab.click("#back-to-present")
    assert len(log_changes(tab, since)) <= 2
    since = len(tab.page.applied)
    play_moves(tab, 1)
    assert 5 in log_changes(tab, since) and len(log_changes(tab, since)) <= 3
    assert not [c for c in tab.page.applied[since:] if c[:2] == ["html", "app"]]  # the layout stays
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == "5"


@pytest.mark.parametrize("game, players, seed", [("tuerme", 2, 11), ("babel", 3, 5), ("saba", 2, 3)])
def test_a_click_on_the_board_sends_only_the_parts_that_changed(tab: Browser, game: str, players: int,
                                                                  seed: int) -> None:
    """After the first drawing, a board click or a step in the replay sends only the runs of the
    drawing's parts that changed (``board-parts``), and what the page then shows is exactly the
    drawing the game renders (the model applies the parts as the shell does and checks that the
    page had the drawing the app knew of)."""
    no_skipping(tab)
    tab.start_game(game, players, seed)
    screen = tab.app.screen
    sizes = []
    for _ in range(4):
        if tab.page.find_all("#pass-screen"):  # (a hotseat game with hidden cards)
            tab.click("#reveal")
        clickable = tab.page.marked
        if not clickable:
            break
        since = len(tab.page.applied)
        tab.board(**{key: str(value) for key, value in clickable[-1].items()})
        drawn = [c for c in tab.page.applied[since:] if c[0] in ("board", "board-parts")]
        assert [c[0] for c in drawn] in ([], ["board-parts"]), [c[0] for c in drawn]
        sizes += [len(json.dumps(c)) for c in drawn]
        if not tab.page.find_all("#pass-screen"):
            assert tab.page.boards[-1][2] == full_drawing(screen)
    assert sizes and max(sizes) < len(full_drawing(screen)) / 2, sizes
    since = len(tab.page.applied)
    tab.click("#log li.log-start button")
    assert [c[0] for c in tab.page.applied[since:] if c[0] in ("board", "board-parts")] == ["board-parts"]
    assert tab.page.boards[-1][2] == full_drawing(screen)


def full_drawing(screen: Any) -> str:
    """The board of the game screen as the game renders it now, whole."""
    board = screen.controller.board(screen.interaction)
    highlights = dict(board.highlights)
    options = getattr(screen.interaction, "board_options", None)
    if options is not None:
        highlights.update(options(screen.app.board_width))
    return str(screen.game.render_svg(board.state, board.viewer, palette=screen.palette, names=screen.names,
                                      **highlights))


def test_replay_by_keys_and_buttons(tab: Browser) -> None:
    """← → Home End step through the record anywhere but in a field, on the board or a dialog;
    the replay buttons are never drawn again (the page keeps the focus on them)."""
    tab.start_game("tuerme", 2, 11)
    state = TUERME.new_game(2, seed=11)
    for _ in range(3):
        player = TUERME.to_move(state)[0]
        move = plain_move(state, player)
        click_move(tab, move)
        state = TUERME.apply(state, player, move)
    present = tab.page.boards[-1][2]
    tab.key("ArrowLeft", place="field")  # typing in a field
    tab.key("ArrowLeft", place="board")  # the board's own arrow keys (app/boardkeys.js)
    assert not tab.page.find_all(".replay-banner")
    tab.key("ArrowLeft")
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == "2"
    assert len(tab.page.find_all("#board .last-move")) == 2
    tab.key("Home")
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == "0"
    assert "starting position" in tab.page.find(".replay-banner").text
    since = len(tab.page.applied)
    tab.click("#replay-next")
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == "1"
    assert not [c for c in tab.page.applied[since:] if c[0] == "html" and c[1] in ("app", "game")]
    tab.key("End")
    assert not tab.page.find_all(".replay-banner") and tab.page.boards[-1][2] == present
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == "3"
    tab.key("ArrowRight")  # at the present: nothing further
    assert not tab.page.find_all(".replay-banner")


def test_a_reload_resumes_the_game(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 11, names=("Ada", "Bo"))
    texts = play_moves(tab, 3)
    again = tab.reload()
    try:
        assert [t.split(": ", 1)[1] for t in again.log()] == texts
        assert again.log()[0].startswith("Ada: ")
        assert again.page.heading == TUERME.title  # the game screen's read-out heading
    finally:
        again.close()


# ---------------------------------------------------------------- help: why not, hints
def test_an_illegal_click_says_why(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 11)
    tab.board(square="b2")  # an empty field
    target, text = tab.page.explained[-1]
    assert target["square"] == "b2"
    assert text == "Not possible: there is no piece on b2 to move: pick one of your stones or towers"
    assert tab.log() == []


def test_hint_shows_a_move_and_its_reason(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 11)
    tab.click("#hint")
    tab.until(lambda: tab.page.find("#hint-text").text.startswith("Hint: "))
    assert "(" in tab.page.find("#hint-text").text
    assert tab.page.find_all("#board .last-move")  # the suggested move is drawn on the board
    play_moves(tab, 1)
    assert not tab.page.find_all("#hint-text")
    assert [node.text for node in tab.page.find_all("#log .log-hint")] == ["hint"]  # made after a hint


# ------------------------------------------------------------------- whole turns by clicks
def choose(state: Any, player: int, rng: Rng) -> Any:
    """A purposeful Türme player: prefer moves onto building plots, else any legal action."""
    actions = TUERME.legal_actions(state, player)
    plot_moves = [a for a in actions if isinstance(a, Move) and a.dst in set(SYMBOL_FIELDS)]
    return rng.choice(plot_moves or actions)


def short_game(players: int, limit: int) -> tuple[int, int]:
    """A seed whose game, played by :func:`choose`, ends within ``limit`` moves."""
    for seed in range(1, 500):
        state, rng, plies = TUERME.new_game(players, seed=seed), Rng.from_seed(seed), 0
        while not TUERME.is_over(state) and plies <= limit:
            player = TUERME.to_move(state)[0]
            state = TUERME.apply(state, player, choose(state, player, rng))
            plies += 1
        if TUERME.is_over(state):
            return seed, plies
    raise AssertionError("no short game found")


def test_a_whole_tuerme_game_of_four_by_clicking(tab: Browser) -> None:
    """Each move: the piece selected, its one target shown, the log's text the engine's; at the
    end the winner and the totals (every move clicked: the setting that plays an only possible
    move is off, see test_screens_autoplay.py)."""
    seed, plies = short_game(4, 90)
    no_skipping(tab)
    tab.start_game("tuerme", 4, seed)
    state, rng = TUERME.new_game(4, seed=seed), Rng.from_seed(seed)
    for ply in range(plies):
        player = TUERME.to_move(state)[0]
        action = choose(state, player, rng)
        expected = TUERME.action_text(state, action)
        if isinstance(action, Move):
            tab.board(square=square_name(action.src))
            assert tab.page.find_all("#board .selected")
            assert len(tab.page.find_all(f"#board .target[data-square={square_name(action.dst)}]")) == 1
            tab.board(square=square_name(action.dst))
        else:
            tab.click("#game-buttons button")
        state = TUERME.apply(state, player, action)
        assert len(tab.log()) == ply + 1 and tab.log()[-1].endswith(expected)
    assert TUERME.is_over(state)
    totals = [int(cell.text) for cell in tab.page.find_all("#final-scores tbody tr")[-1].find_all("th")[1:]]
    assert totals == list(TUERME.scores(state))
    assert all(f"Player {p + 1}" in tab.page.find("#winner").text for p in TUERME.winners(state))
    assert tab.page.sounds[-1] == "end" and tab.page.announced[-1].endswith(tab.page.find("#winner").text)


def button(b: Browser, label: str) -> None:
    b.click("#game-buttons button", label)


def test_a_babel_build_with_sealed_offers_through_pass_screens(tab: Browser) -> None:
    """Seed 8: the Statue of Zeus' first tile asks for 3 ships; Ann holds 2, Bob 1, Cid none. Ann
    builds it, Bob and Cid seal offers behind pass screens, Ann accepts Bob's."""
    names = ("Ann", "Bob", "Cid")
    moves = [(0, Build(2, 0)), (1, Offer((0, 0, 1, 0))), (2, Offer((1, 0, 0, 0))), (0, Accept((1,)))]
    tab.start_game("babel", 3, 8, names=names)
    hand = lambda: tab.page.find("#board .hand").attrs["data-player"]  # noqa: E731

    tab.pass_to("Ann")
    assert hand() == "0"
    tab.board(wonder="2", tile="0")
    assert len(tab.page.find_all("#board .tile.selected[data-wonder=2][data-tile=0]")) == 1
    assert "ship 3 on Statue of Zeus" in tab.page.find("#prompt").text
    button(tab, "Build this tile")

    tab.pass_to("Bob")
    assert hand() == "1" and "wants to build ship 3" in tab.page.find("#prompt").text
    for _ in range(3):
        tab.board(card="crane")
    tab.board(card="ship")
    assert "can't be sealed: the tile asks for 3 cards" in tab.page.find("#prompt").text
    assert not tab.page.find_all("#game-buttons button", "Seal offer")
    button(tab, "Clear offer")
    tab.board(card="ship")
    assert "Your offer: 1 ship." in tab.page.find("#prompt").text
    button(tab, "Seal offer: 1 ship")

    tab.pass_to("Cid")
    assert hand() == "2"
    assert len(tab.page.find_all("#board [data-offer-player=1][data-sealed=1]")) == 1
    assert "1 ship" not in tab.page.find("#board [data-offer-player=1]").text
    tab.board(card="camel")  # a bluff
    button(tab, "Seal offer: 1 camel")

    tab.pass_to("Ann")
    assert "1 ship" in tab.page.find("#board [data-offer-player=1]").text
    assert "back: 1 camel" in tab.page.find("#board [data-offer-player=2]").text
    tab.board(**{"offer-player": "1"})
    assert len(tab.page.find_all("#board .offer.selected[data-offer-player=1]")) == 1
    button(tab, "Build, adding 2 ships from your hand")

    tab.pass_to("Bob")  # Bob's turn begins
    state, expected = BABEL.new_game(3, seed=8), []
    for player, action in moves:
        after = BABEL.apply(state, player, action)
        expected.append(f"{names[player]}: {BABEL.move_text(state, player, action, after, list(names), viewer=1)}")
        state = after
    assert tab.log() == expected  # his own offer in clear, Cid's sealed until the reveal
    assert tab.log()[1] == "Bob: offer 1 ship"
    assert tab.log()[2].startswith("Cid: offer (sealed); reveal: Bob offers 1 ship")
    assert tab.page.find_all("#board [data-wonder=2][data-tile=0][data-taken=1]")
    assert "Pass" in tab.page.find("#game-buttons").text


def test_a_first_saba_turn_by_clicking_the_board(tab: Browser) -> None:
    """Seed 31: H1 holds 2 alabaster and its draw is an ebony card; 5.1 is an arch costing
    alabaster + ebony. Ann has no gold, so she places no figure. Hands stay private. Every step is
    clicked: the setting that skips steps with one possible action is off (on: test_screens_autoplay.py)."""
    no_skipping(tab)
    names = ("Ann", "Bob")
    moves = [TakeHarbour(1), PlayCard(Card.EBONY), SabaBuild(0), Done(), Done(), Done()]
    tab.start_game("saba", 2, 31, names=names)
    prompt = lambda: tab.page.find("#prompt").text  # noqa: E731
    hand = lambda: [n.attrs["data-card"] for n in tab.page.find_all("#board [data-card]")]  # noqa: E731

    tab.pass_to("Ann")
    assert "harbour field" in prompt()
    assert [n.attrs["data-harbour"] for n in tab.page.find_all("#board .harbour-field.hl")] == ["1", "2"]
    assert {"harbour": "1"} in tab.page.marked
    tab.board(harbour="1")
    assert hand() == ["E"]  # H1 drew a card: Ann sees it, face up
    assert "can't build any open palace card" in prompt()
    assert not tab.page.find_all("#board .build-field.hl")
    tab.board(card="E")
    assert tab.page.find_all("#board .build-field.hl[data-build-field=0]") and "ringed palace card" in prompt()
    tab.board(**{"build-field": "0"})
    assert tab.page.find_all("#board .garden-field[data-garden=3] .balcony")
    assert "Your palace part stands: end building" in prompt()
    button(tab, "End building")
    assert "place a figure" in prompt()
    button(tab, "No figure")
    button(tab, "End turn")

    tab.pass_to("Bob")
    state, expected = SABA.new_game(2, seed=31), []
    for action in moves:
        expected.append(f"Ann: {SABA.action_text(state, action, list(names))}")
        state = SABA.apply(state, 0, action)
    assert tab.log() == expected
    assert hand() == []  # Bob holds no card; Ann's are face down
    assert "action cards: 1" in tab.page.find("#board .player-panel[data-player=0]").text
    assert len(tab.page.find_all("#board [data-garden=3] .balcony.player-0")) == 1
    tab.board(harbour="1")  # Bob draws a card with H1 ...
    button(tab, "End building")  # ... and one at the end of his turn
    button(tab, "End turn")

    tab.pass_to("Ann")
    assert hand() == ["A"]  # only her own card, never Bob's two
    assert "action cards: 2" in tab.page.find("#board .player-panel[data-player=1]").text
    assert tab.log()[-3:] == ["Bob: take 2 alabaster from H1", "Bob: end building", "Bob: end the turn"]


# -------------------------------------------------------------------------- the setup
@pytest.mark.parametrize("game_name, chosen, players", [
    ("babel", {"late_double_turn": True, "last_build_action_card": False}, 3),
    ("saba", {"serail_on_self": False, "shared_districts": True, "optional_vizier_swap": True}, 2),
    ("tuerme", {"random_start": True, "early_end_at_once": True, "neutral_district_ends": False}, 4),
])
def test_rule_readings_are_offered_closed_with_their_quotes_and_reach_the_save(
        tab: Browser, game_name: str, chosen: dict[str, bool], players: int) -> None:
    game = get_game(game_name)
    readings = [o for o in game.options if o.is_reading]
    tab.click(f".game-card[data-game={game_name}] button")
    section = tab.page.find("#rule-readings")
    assert section.tag == "details" and "open" not in section.attrs
    assert [p.text for p in section.find_all("blockquote p[lang=nl]")] == [o.quote for o in readings]
    assert [p.text for p in section.find_all("blockquote p:not([lang])")] == [o.english for o in readings]
    tab.start_game(game_name, players, 3, **chosen)
    save = tab.game().to_json()  # (stored at the first move)
    assert save["options"] == {**game.option_defaults, **chosen}
    assert game.state_from_json(save["state"]) == game.new_game(players, seed=3, options=chosen)
    if game_name == "tuerme":  # seed 3 draws the second seat to begin
        assert tab.page.find("#status").text == "To move: Player 2"


def test_the_setup_checks_what_was_filled_in(tab: Browser) -> None:
    """Every wrong field gets its message and the form stays as filled in; names left blank are
    the seats' numbers; the thinking time and the seed reach the game."""
    tab.click(".game-card[data-game=tuerme] button")
    tab.fill("#player-count", "3")
    assert [n.attrs["value"] for n in tab.page.find_all(".seat input")] == ["Player 1", "Player 2", "Player 3"]
    tab.fill("[name=colour1]", tab.page.find("[name=colour0]").find("option[selected]").attrs["value"])
    tab.click("#start-game")
    assert tab.page.toasts[-1] == ("Each player needs a different colour.", True)
    tab.fill("#player-count", "2")  # the seats drawn again keep what was filled in, with free colours
    tab.fill("[name=colour1]", "blue")
    tab.fill("[name=colour0]", "red")
    for seed, message in (("-1", "The seed must be a whole number (0 or more)."),
                          ("1.5", "The seed must be a whole number (0 or more).")):
        tab.fill("#seed", seed)
        tab.click("#start-game")
        assert tab.page.toasts[-1] == (message, True)
    tab.fill("#seed", "12")
    for time in ("0", "31", "soon"):
        tab.fill("#bot-time", time)
        tab.click("#start-game")
        assert tab.page.toasts[-1][0].startswith("The thinking time must be ") and tab.page.toasts[-1][1]
    tab.fill("#bot-time", "2.5")
    tab.fill("[name=name1]", "Bo\u202e")  # a control character: the game refuses it, the app says so
    tab.click("#start-game")
    assert tab.page.toasts[-1][0].startswith("Something went wrong: ") and tab.page.find_all("#setup")
    tab.fill("[name=name1]", "Bo")
    tab.language("de")  # a language switch keeps the form as filled in
    assert tab.page.find("#setup h1").text.startswith("Neue Partie")
    tab.language("en")
    assert tab.page.find("[name=name1]").attrs["value"] == "Bo" and tab.page.find("#seed").attrs["value"] == "12"
    assert tab.page.find("#bot-time").attrs["value"] == "2.5"
    tab.fill("[name=name0]", "  ")
    tab.click("#start-game")
    session = tab.game()
    assert [(s.name, s.colour) for s in session.seats] == [("Player 1", "red"), ("Bo", "blue")]
    assert session.seed == 12 and session.bot_time == 2.5


def test_back_from_the_setup_and_a_new_game_from_the_end(tab: Browser) -> None:
    """The end screen offers the same table again (a new seed) and a new setup for it."""
    tab.click(".game-card[data-game=tuerme] button")
    tab.click("#setup button", "Back")
    assert tab.page.find_all("#home")
    session = random_session("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], 3)
    tab.choose_file("#import-file", "finished.json", session.to_text())
    assert tab.page.find("#winner").text == TUERME.result_text(session.state, ["Ada", "Bo"])
    assert "wins with" in tab.page.find("#winner").text or "share the win" in tab.page.find("#winner").text
    assert not tab.page.find_all(".seats")  # the scores' panel gives way to the final table
    tab.click("#play-again")
    again = tab.game()
    assert again.id != session.id and again.seats == session.seats and again.moves == []
    assert "pygame_rules.current" not in tab.page.storage  # stored at its first move
    tab.click("#menu")
    tab.choose_file("#import-file", "finished.json", session.to_text())
    tab.click(".final button", "New game")
    assert tab.page.find("#setup h1").text == "New game: " + TUERME.title
    assert [n.attrs["value"] for n in tab.page.find_all(".seat input")] == ["Ada", "Bo"]


def test_export_and_copy_the_position(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 11)
    play_moves(tab, 2)
    tab.click("#export")
    name, text = tab.page.downloads[-1]
    data = json.loads(text)
    assert name == f"tuerme-{data['seed']}.json" and data["format"] == "pygame_rules.save" and len(data["moves"]) == 2
    assert tab.page.find("#notice-export").text.startswith(f"Exported as {name}: ")
    tab.click("#copy-position")
    session = tab.saved()
    assert tab.page.copied == [TUERME.position_text(session.state)]


# --------------------------------------------------------------------- computer players
@pytest.mark.parametrize("game, kinds", [
    ("tuerme", ("easy", "medium", "hard")),
    ("babel", ("easy", "human", "medium")),
    ("saba", ("hard", "human")),
])
def test_computers_play_from_any_seat(tab: Browser, game: str, kinds: tuple[str, ...]) -> None:
    """Computer players take their turns (also the first one, and Babel's sealed offers) until a
    person must act; with one person there is no pass-the-device screen."""
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game(game, len(kinds), 9, kinds=kinds)
    if "human" not in kinds:
        tab.until(lambda: len(tab.log()) > 12)
        assert tab.page.find("#thinking") or tab.page.busy
        return
    tab.until(lambda: (not tab.page.busy and tab.page.marked) or tab.page.find_all("#game-buttons button"))
    assert not tab.page.find_all("#pass-screen")  # one person: no screen to pass
    human = kinds.index("human")
    assert tab.page.find("#status").text.endswith(f"Player {human + 1}") or game == "babel"
    assert tab.saved().seats[human].kind == "human"


def test_computer_turns_play_out_move_by_move(tab: Browser) -> None:
    """Two computer seats after the person: each of their moves stays on screen for the pace
    ("fast": 300 ms) before the next; then "your turn", the log marks the last turn, the seat to
    move is highlighted, every move was announced, and the marks pulse (animations on)."""
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "fast"})
    tab.start_game("tuerme", 3, 5, kinds=("human", "easy", "easy"))
    click_move(tab, plain_move(TUERME.new_game(3, seed=5), 0))
    since = len(tab.page.boards)
    tab.until(lambda: tab.page.find_all("#your-turn"))
    shown: dict[int, float] = {}
    for when, moves, _svg in tab.page.boards[since - 1:]:
        shown.setdefault(moves, when)
    times = [shown[moves] for moves in sorted(shown)]
    assert len(times) >= 3, shown  # the person's move, at least one of each computer
    assert min(b - a for a, b in itertools.pairwise(times)) >= 0.29, shown
    assert tab.page.find("#your-turn").text == "Your turn, Player 1"
    assert len(tab.page.find_all(".seats tr.seat-active")) == 1
    assert tab.page.find_all("#log li")[-1].attrs.get("class") == "log-turn"
    assert tab.page.announced[-1].endswith("Your turn, Player 1.")
    assert tab.page.sounds[-1] == "your-turn" and ["pulse"] in tab.page.other


def test_a_click_skips_ahead_to_the_present(tab: Browser) -> None:
    """At the slowest pace (1.2 s a move) a click or a key shows the computers' moves as they come."""
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "slow"})
    tab.start_game("tuerme", 2, 7, kinds=("easy", "easy"))
    tab.until(lambda: len(tab.log()) >= 1)
    import time

    started, before = time.monotonic(), len(tab.log())
    tab.pointer()
    tab.until(lambda: len(tab.log()) >= before + 5, seconds=10)
    assert time.monotonic() - started < 4 * 1.2


def test_a_quick_computer_answer_waits_for_its_thinking_time(tab: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    """An easy computer player chooses at once, but its move shows only once its thinking time
    (1 s) has passed since it was asked, even at the "instant" pace: how quickly it chose tells
    nothing about its position."""
    import time

    from webui import play

    asked: list[float] = []
    answered: list[float] = []
    ask = play._ask

    async def timed(method: str, payload: str) -> Any:
        asked.append(time.monotonic())
        result = await ask(method, payload)
        answered.append(time.monotonic())
        return result

    monkeypatch.setattr(play, "_ask", timed)
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant", "animate": False})
    tab.start_game("tuerme", 2, 5, kinds=("human", "easy"), bot_time="1")
    click_move(tab, plain_move(TUERME.new_game(2, seed=5), 0))
    tab.until(lambda: tab.page.find_all("#your-turn"))
    shown = next(when for when, moves, _svg in tab.page.boards if moves == 2)
    assert answered[0] - asked[0] < 1, "the easy answer was not quick: the test shows nothing"
    assert shown - asked[0] >= 1 - 0.005
    assert ["pulse"] not in tab.page.other  # no animation asked for


def test_computers_stop_when_the_game_is_left_and_a_bad_answer_is_told(tab: Browser,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from webui import play

    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 2, kinds=("easy", "easy"))
    tab.until(lambda: len(tab.log()) > 3)
    screen = tab.app.screen
    tab.click("#menu")
    assert not tab.page.busy and not screen._work
    moves = len(screen.session.moves)
    tab.settle(0.3)
    assert len(screen.session.moves) == moves

    async def failing(method: str, payload: str) -> Any:
        raise ValueError("the engine broke")

    monkeypatch.setattr(play, "_ask", failing)
    tab.click(".saved-game button", "Resume")
    tab.until(lambda: tab.page.toasts and "could not move" in tab.toast())
    assert tab.toast().endswith(" could not move: the engine broke") and tab.page.toasts[-1][1]


def test_the_board_is_drawn_upright_on_a_narrow_page_and_only_then_again(tab: Browser) -> None:
    """The page tells the board's width; the board is drawn again only when that changes how it
    is drawn (upright below its landscape width), not for every change of the window."""
    import re

    tab.start_game("tuerme", 2, 11)
    drawn = len(tab.page.boards)

    def upright() -> bool:
        _x, _y, width, height = map(float, re.search(r'viewBox="([^"]*)"', tab.page.boards[-1][2])[1].split())
        return height > width

    assert not upright()
    tab.send({"type": "resize", "width": 990})
    assert len(tab.page.boards) == drawn
    tab.send({"type": "resize", "width": 390})
    assert len(tab.page.boards) == drawn + 1 and upright()
    tab.send({"type": "resize", "width": 380})
    assert len(tab.page.boards) == drawn + 1


def test_an_undo_while_the_computer_thinks_stops_it(tab: Browser) -> None:
    """The person takes his move back while the computer is thinking about its answer: the search
    stops, nothing of it shows later, and the person plays on."""
    tab.start_game("tuerme", 2, 5, kinds=("human", "hard"), bot_time="1")
    click_move(tab, plain_move(TUERME.new_game(2, seed=5), 0))
    assert tab.page.busy and tab.page.find_all("#thinking")
    tab.click("#undo")
    assert tab.toast() == "Move taken back." and tab.log() == [] and not tab.page.busy
    tab.settle(1.5)
    assert tab.log() == [] and not tab.page.find_all("#thinking") and tab.page.marked
    assert tab.saved().moves == []


def test_a_computer_move_slides_and_a_failed_hint_is_told(tab: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Türme piece a computer moved slides to its field (when animations are on); a hint that
    can't be had is said so."""
    from webui import play

    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 5, kinds=("human", "easy"))
    click_move(tab, plain_move(TUERME.new_game(2, seed=5), 0))
    tab.until(lambda: tab.page.find_all("#your-turn"))
    slides = [c for c in tab.page.applied if c[0] == "slide"]
    session = tab.saved()
    computer = next(m.action for m in session.moves if m.player == 1)
    assert ["slide", {"square": square_name(computer.src)}, {"square": square_name(computer.dst)}, 320] in slides

    async def failing(method: str, payload: str) -> Any:
        raise ValueError("no time")

    monkeypatch.setattr(play, "_ask", failing)
    tab.click("#hint")
    tab.settle(1)
    assert tab.page.toasts[-1] == ("No hint: no time", True) and not tab.page.find_all("#hint-text")


def test_reduced_motion_turns_the_animations_off() -> None:
    """Where the system asks for reduced motion nothing is animated, whatever is stored, and the
    settings say why their box can't be ticked."""
    b = Browser({"pygame_rules.settings": json.dumps({"animate": True, "pace": "fast"})}, reduced_motion=True)
    try:
        assert b.page.settings == {"animate": False, "sound": False}
        b.send({"type": "settings"})
        box = b.page.find("#setting-animate")
        assert "disabled" in box.attrs and "checked" not in box.attrs
        assert "reduced motion" in b.page.find("#dialog-settings").text
        b.fill("#setting-sound", True)
        assert json.loads(b.page.storage["pygame_rules.settings"]) == {"sound": True, "animate": True, "pace": "fast",
                                                                      "skip": True}
        b.start_game("tuerme", 2, 5, kinds=("human", "easy"))
        click_move(b, plain_move(TUERME.new_game(2, seed=5), 0))
        b.until(lambda: b.page.find_all("#your-turn"))
        assert not [c for c in b.page.applied if c[0] in ("slide", "pulse")]
    finally:
        b.close()
        use("en")


def test_a_click_on_what_was_drawn_a_moment_ago_is_not_lost(tab: Browser) -> None:
    """Computers play at the "instant" pace: the side panel is drawn again after every move, and a
    click on "Menu" the page showed reaches the app after it drew the next one. The click counts;
    one on a screen that was left does not."""
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 9, kinds=("easy", "easy"))
    tab.until(lambda: len(tab.log()) >= 2)
    menu = tab.page.event(tab.page.find("#menu"), "click")
    undo = tab.page.event(tab.page.find("#undo"), "click")
    moves = len(tab.log())
    tab.until(lambda: len(tab.log()) > moves)  # the side panel drawn again meanwhile
    assert tab.page.find("#menu").attrs["data-on-click"] != menu["on"]
    tab.send(menu)
    assert tab.page.find_all("#home")
    tab.send(undo)  # from the game screen left: nothing happens
    assert tab.page.find_all("#home") and not tab.page.toasts


def test_a_click_several_drawings_behind_is_kept(tab: Browser) -> None:
    """The page may be several batches behind the app (computers at the instant pace on a busy
    machine): a click on Menu as the page showed it is still Menu, however often the side
    panel was drawn anew since."""
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 7, kinds=("easy", "easy"))
    tab.until(lambda: len(tab.log()) >= 1)
    click = tab.page.event(tab.page.find("#menu"), "click")  # made now, told to the app later
    moves = len(tab.log())
    tab.until(lambda: len(tab.log()) >= moves + 3)  # the side panel drawn anew three times
    assert click is not None and not tab.page.find_all("#home")
    tab.send(click)
    assert tab.page.find_all("#home")
