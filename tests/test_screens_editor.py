"""The position editor's screen (``editor.html``), in CPython: building a Türme position by
clicking, the check's verdict beside the board, the settings, playing moves and stepping back,
the starts (example, saved game, pasted text) and the exports."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator

import pytest
from page_model import Browser

from pygame_rules import get_game
from pygame_rules.examples import example, read_moves
from pygame_rules.i18n import use
from pygame_rules.lesson_file import lesson_document, read_lesson
from pygame_rules.session import Seat, Session
from pygame_rules.tuerme import Move, square_name

TUERME = get_game("tuerme")


@pytest.fixture
def tab() -> Iterator[Browser]:
    b = Browser(screen="editor")
    yield b
    b.close()
    use("en")


def verdict(b: Browser) -> str:
    return b.page.find("#editor-verdict").text


def test_the_editor_opens_on_a_new_game_and_is_linked_from_home() -> None:
    home = Browser()
    assert home.page.find("#editor-link").attrs["href"] == "./editor.html"
    home.close()
    b = Browser(screen="editor")
    assert b.page.find("#editor-screen h1").text == "Position editor" and b.page.ready
    assert verdict(b) == "The position is consistent."
    assert b.page.find("#export-position").text == TUERME.position_text(TUERME.new_game(2, seed=1))
    assert len(b.page.marked) == 112  # every field is a control for the keyboard
    b.close()
    phone = Browser(screen="editor", width=390)
    assert 'class="tuerme-board portrait"' in phone.page.boards[-1][2]  # upright, as the game screen's
    phone.close()


def test_building_a_position_by_clicking(tab: Browser) -> None:
    """Empty the board, put stones and a tower, take a stone away: each step judged; the
    reason names the field and the field is ringed; only a consistent position exports."""
    tab.click("#editor-clear")
    assert "0 red A stones instead of 5" in verdict(tab)
    assert "Only a consistent position" in tab.page.find("#editor-export").text
    tab.fill("#editor-diagram", True)
    assert "no stone is left on the alleys" in verdict(tab)
    for tool, square in (("Ar", "d4"), ("Ab", "d6"), ("Ar", "d6"), ("Bb", "e4")):
        tab.click(f"[data-tool={tool}]")
        tab.board(square=square)
    assert verdict(tab) == "The position is consistent."
    assert tab.page.find("#export-position").text.startswith("14/14/3Abr10/14/3ArBb9/14/14/14 r - - 2 ")
    tab.click("[data-tool=Ag]")
    tab.board(square="d6")  # a neutral stone on top of a tower
    assert "neutral stone lies on top of the tower on d6" in verdict(tab)
    assert 'class="square target' in tab.page.boards[-1][2] or "target" in tab.page.boards[-1][2]
    tab.click("[data-tool=remove]")
    tab.board(square="d6")
    assert verdict(tab) == "The position is consistent."
    tab.click("[data-tool=Cr]")
    tab.board(square="b7")  # an A field
    assert "only A stones go there" in tab.page.find("#editor-message").text
    assert tab.page.find("[data-tool=Cr]").attrs["aria-pressed"] == "true"


def test_settings_player_to_move_and_options(tab: Browser) -> None:
    tab.fill("#set-players", "4")
    tab.fill("#set-turn", "2")
    assert TUERME.parse_position(tab.page.find("#export-position").text).turn == 2
    tab.fill("#editor-settings [name=opt-unlimited_height]", True)
    assert " nomax," in tab.page.find("#export-position").text
    tab.fill("#set-bonus", "yes")
    assert verdict(tab) == "The position is consistent."
    assert "+" in tab.page.find("#export-position").text.split()[2]


def legal_move(state: object) -> Move:
    return next(a for a in TUERME.legal_actions(state, TUERME.to_move(state)[0]) if isinstance(a, Move))


def test_recording_moves_stepping_back_and_branching(tab: Browser) -> None:
    start = TUERME.new_game(2, seed=1)
    tab.click("#mode-play")
    first = legal_move(start)
    tab.board(square=square_name(first.src))
    tab.board(square=square_name(first.dst))
    after = TUERME.apply(start, 0, first)
    second = legal_move(after)
    tab.board(square=square_name(second.src))
    tab.board(square=square_name(second.dst))
    moves = tab.page.find("#export-moves").text
    assert moves.split() == [TUERME.record_text(start, 0, first), TUERME.record_text(after, 1, second)]
    assert [m for *_ignored, m in [(p, a) for p, a, _s in read_moves(TUERME, start, moves.split())]] \
        == [first, second]
    tab.click("#editor-previous")
    tab.click("#editor-previous")
    assert tab.page.find("[aria-current=step]").text == "Start position"
    other = next(a for a in TUERME.legal_actions(start, 0) if isinstance(a, Move) and a != first)
    tab.board(square=square_name(other.src))
    tab.board(square=square_name(other.dst))  # a new line from the start: the two moves go
    assert tab.page.find("#export-moves").text == TUERME.record_text(start, 0, other)
    assert not tab.page.find_all("#export-snippet")
    tab.click("#show-code")
    snippet = tab.page.find("#export-snippet").text
    assert snippet.startswith('<div data-pygame-rules="tuerme" data-position="') and "<svg" in snippet
    mover = TUERME.to_move(start)[0]  # the list of moves is full before the diagram wakes
    listed = html.unescape(re.search(r'data-choices="([^"]*)"', snippet).group(1)).split()  # (no spaces in a move)
    assert listed == [TUERME.action_text(start, a, viewer=mover, mover=mover)
                      for a in TUERME.legal_actions(start, mover)]
    assert "diagram.html#game=tuerme&position=" in tab.page.find("#editor-live").attrs["href"]
    tab.click("#mode-edit")
    tab.click("[data-tool=remove]")
    tab.board(square="a1")  # an edit of the position shown: it becomes the start, the moves go
    assert [li.text for li in tab.page.find_all("#editor-moves li")] == ["Start position"]
    assert tab.page.toasts[-1][0].startswith("The position was edited")


def test_starting_from_an_example_a_save_and_pasted_text(tab: Browser) -> None:
    tab.fill("#from-example", "picture-1")
    tab.click("#open-example")
    ex = example("tuerme", "picture-1")
    assert tab.page.find("#export-position").text == ex.position
    assert tab.page.find("#export-moves").text == "\n".join(ex.moves)
    assert tab.page.find("#editor-diagram").attrs.get("checked") is not None
    tab.fill("#paste-text", "not a position")
    tab.click("#read-paste")
    assert "Could not read it" in tab.page.find("#editor-message").text
    state = TUERME.new_game(3, seed=4)
    tab.fill("#paste-text", json.dumps(TUERME.state_to_json(state)))
    tab.click("#read-paste")
    assert tab.page.find("#export-position").text == TUERME.position_text(state)
    session = Session.new("tuerme", [Seat("Ann", "red", "human"), Seat("Bob", "blue", "human")], seed=5)
    session.play(0, legal_move(session.state))
    b = Browser({"pygame_rules.save." + session.id: session.to_text()}, screen="editor")
    b.fill("#from-save", session.id)
    b.click("#open-save")
    assert b.page.find("#export-moves").text == TUERME.record_text(session.states[0], 0, session.moves[0].action)
    assert b.page.find("[aria-current=step]").attrs["data-ply"] == "1"
    b.close()


def test_babel_positions_built_by_clicking(tab: Browser) -> None:
    """Babel: an element put on a wonder, a card dealt from the supply, the active player, a tile
    handed to a player; each position judged, then played on."""
    tab.fill("#editor-game", "babel")
    babel = get_game("babel")
    start = babel.new_game(babel.min_players, seed=1)
    assert verdict(tab) == "The position is consistent."
    assert not tab.page.find_all("#editor-diagram")  # Babel's positions are whole games
    tab.click("[data-tool='element:1']")
    tab.board(wonder="0")
    tab.click("[data-tool=card]")
    tab.board(player="2")
    tab.fill("#set-active", "2")
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.wonders[0].elements[1] == start.wonders[0].elements[1] + 1
    assert sum(state.players[2].hand) == sum(start.players[2].hand) + 1 and state.active == 2
    assert verdict(tab) == "The position is consistent."
    tab.click("[data-tool='tile:0']")
    tab.board(wonder="1", tile="2")  # the tile to yellow
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.wonders[1].slots[2] is None and state.players[0].tiles == (start.wonders[1].slots[2],)
    assert verdict(tab) == "The position is consistent."
    tab.click("#mode-play")
    assert tab.page.find_all("#game-buttons button")


def test_saba_positions_built_by_clicking(tab: Browser) -> None:
    """Saba: resources from the supply to a player, figures into a district (a third figure of a
    player in one district is refused with the reason), an action card dealt from the pile."""
    tab.fill("#editor-game", "saba")
    saba = get_game("saba")
    start = saba.new_game(saba.min_players, seed=1)
    tab.click("[data-tool='res:g']")
    tab.board(player="1", resource="g")
    tab.click("[data-tool='figure:0']")
    tab.board(district="3")
    tab.board(district="3")
    tab.board(district="3")
    assert "at most 2 figures" in tab.page.find("#editor-message").text
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.players[1].res[3] == start.players[1].res[3] + 1 and state.districts[3] == (0, 0)
    assert verdict(tab) == "The position is consistent."
    tab.click("[data-tool=card]")
    tab.board(player="0")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert len(state.players[0].hand) == len(start.players[0].hand) + 1
    assert len(state.action_deck) == len(start.action_deck) - 1


def test_saba_vizier_harbour_serail_garden_and_step_by_clicking(tab: Browser) -> None:
    """Saba: the vizier moved onto a district, a resource taken off a harbour field and put back,
    serail markers laid and one taken back, a palace part built on a garden field, its balcony
    figure changed and the part taken down again, the step of the turn chosen among those the check
    allows (no placing a figure before a palace part is built); each position judged."""
    tab.fill("#editor-game", "saba")
    saba = get_game("saba")
    start = saba.new_game(saba.min_players, seed=1)
    tab.click("[data-tool=vizier]")
    tab.board(district="4")
    tab.click("[data-tool=remove]")
    tab.board(harbour="4")
    state = saba.parse_position(tab.page.find("#export-position").text)
    kind = start.harbour_res[3]
    assert state.vizier == 4 and state.harbour_n[3] == start.harbour_n[3] - 1
    assert state.supply[kind.index] == start.supply[kind.index] + 1
    tab.click("[data-tool=cargo]")
    tab.board(harbour="4")
    tab.board(harbour="4")
    assert "holds at most 4" in tab.page.find("#editor-message").text
    tab.click("[data-tool='marker:1']")
    tab.board(serail="1")
    tab.click("[data-tool='marker:0']")
    tab.board(serail="2")
    tab.click("[data-tool=remove]")
    tab.board(serail="1")
    tab.click("[data-tool='part:1']")
    tab.board(garden="2")
    tab.click("[data-tool='figure:0']")
    tab.board(garden="2")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.levels[1] == 1 and state.balcony[1] == 0 and 1 in state.gone
    assert state.players[0].figures == start.players[0].figures - 1
    assert state.players[1].figures == start.players[1].figures
    tab.click("[data-tool=remove]")
    tab.board(garden="2")
    steps = [o.attrs["value"] for o in tab.page.find_all("#set-phase option")]
    assert "build" in steps and "place" not in steps and "serail" in steps  # (a serail step comes with a decider)
    tab.fill("#set-phase", "build")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.serail == (0,) and state.players[1].markers == start.players[1].markers
    assert state.harbour_n == start.harbour_n and state.phase.value == "build"
    assert state.levels == start.levels and state.players[0].figures == start.players[0].figures
    assert verdict(tab) == "The position is consistent."


def test_babel_action_cards_points_and_step(tab: Browser) -> None:
    """Babel: an action card dealt into a hand by clicking and one put back, a player's points
    for wonders and for turned-down offers set; the step of the turn offers only what the check
    allows (the game is not over while every kind has a tile left)."""
    tab.fill("#editor-game", "babel")
    babel = get_game("babel")
    start = babel.new_game(babel.min_players, seed=1)
    tab.click("[data-tool=action]")
    tab.board(player="1")
    tab.board(player="1")
    tab.click("[data-tool=action-back]")
    tab.board(player="1")
    tab.fill("#set-points-2", "14")
    tab.fill("#set-offer-points-2", "3")
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.players[1].actions == (start.action_deck[-1],)
    assert state.action_deck == start.action_deck[:-1]
    assert (state.players[2].wonder_vp, state.players[2].offer_vp) == (14, 3)
    assert verdict(tab) == "The position is consistent."
    assert [o.attrs["value"] for o in tab.page.find_all("#set-phase option")] == ["choose"]


def test_the_editor_in_german() -> None:
    b = Browser(lang="de", screen="editor")
    assert b.page.find("#editor-screen h1").text == "Stellungseditor"
    assert b.page.find("[data-tool=Ar]").attrs["aria-label"] == "Stein A, Rot"
    b.close()
    use("en")


def record_line(tab: Browser, plies: int) -> list[str]:
    """Play ``plies`` moves more on the line from the new Türme game by clicking the editor's board
    (each from a stone that moves, to its first target); the line's notations as the editor
    exports them."""
    start = TUERME.new_game(2, seed=1)
    tab.click("#mode-play")
    before = len(tab.page.find("#export-moves").text.split())
    for _ply in range(plies):
        recorded = tab.page.find("#export-moves").text.split()
        state = read_moves(TUERME, start, recorded)[-1][2] if recorded else start
        move = legal_move(state)
        tab.board(square=square_name(move.src))
        tab.board(square=square_name(move.dst))
    played = tab.page.find("#export-moves").text.split()
    assert len(played) == before + plies
    return played


def test_making_a_lesson_of_the_line_recorded(tab: Browser) -> None:
    """Record three moves, red's two (a bonus move) and blue's: two steps asking for red's; the texts written, checked
    beside the steps, then exported as the file (read back equal), a download and an
    inline embed snippet that a hostile text can't break out of."""
    assert not tab.page.find_all("#editor-lesson")  # nothing recorded yet
    played = record_line(tab, 3)
    assert [f.find("legend").text for f in tab.page.find_all("#lesson-form fieldset")] == \
        [f"Step 1: {played[0]}", f"Step 2: {played[1]}"]  # red's move earns a bonus move, then blue
    tab.fill("#lesson-title", "Türme: first moves")
    tab.fill("#lesson-text-1", "Move a stone.")
    tab.fill("#lesson-hint-1", "Any of your stones.")
    tab.click("#make-lesson")  # step 2 says nothing: marked beside it, nothing exported
    assert tab.page.find("#lesson-problem-2").text == "Write what this step says."
    assert not tab.page.find_all("#lesson-problem-1") and not tab.page.find_all("#export-lesson")
    tab.fill("#lesson-text-2", "Once more.")
    tab.fill("#lesson-wrong-2", "Legal, but not that one.")
    tab.fill("#lesson-hint-2", "bell\u0007")
    tab.click("#make-lesson")  # the same check as on load: a control character in step 2's hint
    assert tab.page.find("#lesson-problem-2").text == \
        "the lesson file's step 2's hint holds a control character (U+0007)"
    tab.fill("#lesson-hint-2", "")
    hostile = "</script><script>alert(1)</script>"
    tab.fill("#lesson-closing", hostile)
    tab.click("#make-lesson")
    assert tab.page.find("#lesson-made").text.startswith("The lesson is ready")
    text = tab.page.find("#export-lesson").text
    made = read_lesson(text)
    assert made.id == "tuerme/turme-first-moves" and made.title == "Türme: first moves" and made.learner == 0
    assert [(s.text, s.expect, s.replies, s.hint, s.wrong) for s in made.steps] == [
        ("Move a stone.", (played[0],), (), "Any of your stones.", ""),
        ("Once more.", (played[1],), (played[2],), "", "Legal, but not that one."), (hostile, (), (), "", "")]
    tab.click("#copy-lesson")
    tab.click("#download-lesson")
    name, file = tab.page.downloads[-1]
    assert name == "turme-first-moves.json" and file == tab.page.copied[-1] and read_lesson(file) == made
    assert json.loads(file) == json.loads(text) == lesson_document(made)  # the file is the lesson's document
    snippet = tab.page.find("#export-lesson-snippet").text
    assert snippet.startswith('<div data-lesson data-lang="en"><script type="application/json">{')
    assert snippet.endswith("}</script></div>") and snippet.count("<") == 4  # the hostile text's are escaped
    inline = snippet.split('<script type="application/json">', 1)[1].removesuffix("</script></div>")
    assert read_lesson(inline) == made and "\\u003c/script>" in inline
    link = tab.page.find("#try-lesson").attrs["href"]
    assert link.startswith("./diagram.html#lesson=%7B") and link.endswith("&lang=en")

    tab.click("#editor-first")  # stepping through the line keeps the lesson made of it
    assert tab.page.find_all("#export-lesson")
    tab.click("#editor-last")
    record_line(tab, 1)  # a fourth move: the lesson made is of another line now; the texts stay
    assert not tab.page.find_all("#export-lesson") and tab.page.find("#lesson-title").attrs["value"] == \
        "Türme: first moves"


def test_babel_a_build_in_progress_set_up_by_clicking(tab: Browser) -> None:
    """Babel: a tile space clicked with the build tool starts its build at the offer step; yellow's
    offer made (a crane as a bluff and the exchange card, taken from the hand), then the decide step
    chosen: the offers revealed (green's, not made yet, empty; yellow's crane back in the hand), the
    builder must decide; each position judged and exported; a click on the same space ends the
    build, the cards back in the hands."""
    tab.fill("#editor-game", "babel")
    babel = get_game("babel")
    start = babel.new_game(babel.min_players, seed=1)
    tab.click("[data-tool=build]")
    tab.board(wonder="2", tile="1")  # 4 ships
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.phase.value == "offer" and (state.target.wonder, state.target.slot) == (2, 1)
    assert verdict(tab) == "The position is consistent."
    assert "(sealed)" not in tab.page.boards[-1][2]  # no offer is made yet
    steps = [o.attrs["value"] for o in tab.page.find_all("#set-phase option")]
    assert steps == ["choose", "offer", "decide"]  # (no third bonus: nobody holds an action card)
    tab.fill("#set-offer-1", "exchange")
    tab.fill("#set-offered-k-1", "1")
    assert [o.text for o in tab.page.find_all("#set-offered-k-1 option")] == \
        ["0 crane cards", "1 crane card", "2 crane cards"]  # what yellow's hand holds
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.offers[1].cards == (0, 1, 0, 0) and state.offers[1].exchange and not state.players[1].exchange
    assert state.players[1].hand == (0, 1, 0, 2) and start.players[1].hand == (0, 2, 0, 2)
    assert "offer (sealed)" in tab.page.boards[-1][2] and verdict(tab) == "The position is consistent."
    assert [o.attrs["value"] for o in tab.page.find_all("#set-offer-2 option")] == ["none"]  # the last: revealed
    tab.fill("#set-phase", "decide")
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.phase.value == "decide" and state.revealed
    assert state.offers[1].cards == (0, 0, 0, 0) and state.offers[1].returned == (0, 1, 0, 0)
    assert state.offers[2].cards == (0, 0, 0, 0) and state.players[1].hand == start.players[1].hand
    assert verdict(tab) == "The position is consistent."
    assert babel.to_move(state) == (0,)  # the builder must now decide
    tab.fill("#set-offered-s-2", "1")  # green offers his ship
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.offers[2].cards == (0, 0, 1, 0) and state.players[2].hand[2] == start.players[2].hand[2] - 1
    assert [o.attrs["value"] for o in tab.page.find_all("#set-offer-2 option")] == ["made", "exchange"]
    tab.click("#mode-play")
    assert tab.page.find_all("#game-buttons button")  # the builder's decision, as in a game
    tab.click("#mode-edit")
    tab.click("[data-tool=build]")
    tab.board(wonder="2", tile="1")
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.phase.value == "choose" and state.target is None and not state.offers
    assert [p.hand for p in state.players] == [p.hand for p in start.players]
    assert verdict(tab) == "The position is consistent."


#: A Babel game of four at its third-bonus step (played at random from seed 2): red declined the
#: build; yellow and blue, turned down, are still to answer; blue holds a third bonus.
BABEL_BONUS = (
    "babel players=4 cards=1 two=0 quiet=6/60 phase=bonus active=0 marker=5 double=0 second=0 target=4.2 "
    "revealed=1 wonders=-.-.-:0,0,0,0@2/-.3m.6m:3,0,0,0/-.-.-:0,0,0,0@1/-.-.-:0,0,0,0@4/5s.-.6c:3,0,0,0/"
    "-.-.-:0,0,0,0@0/-.-.-:0,0,0,0@3/-.-.4k:0,0,4,5 hands=3c9k6s11m:0:x:-:3s.4s.4s.3c.3c:15:6:2c2k4s4m/"
    "6c6k8s4m:0:x:JF:3m.5m.3s.4k.5k.4c.5c:20:8:1c2k5s2m/8c5k8s1m:0:-:-:4m.6s.3k.6k:22:10:1c3k2s1m/"
    "5c5k3s9m:0:x:TB:4m.3k.4c:37:9:2c4k2s3m deck=- discard=0 actiondeck=TDPDEJEBPF actiondiscard=D "
    "offers=-/1c!1k2s/1c+x!1s1m/1c!4k1s decision=decline waiting=1,3 bonus=- rng=dcd9c56ae80cb911")


def test_babel_the_third_bonus_step_set_by_the_settings(tab: Browser) -> None:
    """Babel, a pasted third-bonus step: the answers of the turned-down offerers the game asks (not
    green's: he holds no action card), blue's third bonus played (onto the action discard pile)
    and yellow's answer given; the last answer can't be given too (the build would be resolved);
    back at the decide step the third bonus is in blue's hand again."""
    tab.fill("#editor-game", "babel")
    babel = get_game("babel")
    tab.fill("#paste-text", BABEL_BONUS)
    tab.click("#read-paste")
    assert verdict(tab) == "The position is consistent."
    names = [s.attrs["name"] for s in tab.page.find_all("#editor-settings select") if "name" in s.attrs]
    assert {"set-decision", "set-bonus-1", "set-bonus-3"} <= set(names) and "set-bonus-2" not in names
    assert [o.text for o in tab.page.find_all("#set-bonus-3 option")] == ["still to decide", "played", "not played"]
    tab.fill("#set-bonus-3", "used")
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.bonus_used == (3,) and state.bonus_waiting == (1,)
    assert [card.value for card in state.action_discard] == ["draw three", "third bonus"]
    assert [card.value for card in state.players[3].actions] == ["double turn"]
    assert verdict(tab) == "The position is consistent."
    assert [o.attrs["value"] for o in tab.page.find_all("#set-bonus-1 option")] == ["waiting"]  # the last to answer
    tab.fill("#set-phase", "decide")
    state = babel.parse_position(tab.page.find("#export-position").text)
    assert state.phase.value == "decide" and state.decision is None and not state.bonus_used
    assert state.players[3].actions == babel.parse_position(BABEL_BONUS).players[3].actions
    assert verdict(tab) == "The position is consistent."
    tab.fill("#set-phase", "bonus")  # the first decision that asks somebody: declining, as before
    assert tab.page.find("#export-position").text == BABEL_BONUS


def saba_codes(cards: tuple[int, ...]) -> list[str]:
    from pygame_rules.saba.data import card_code
    return [card_code(c) for c in cards]


def test_saba_palace_cards_set_by_clicking_and_settings(tab: Browser) -> None:
    """Saba: a card of the palace deck put on build field 5.2 (the card there goes into its place),
    a deeper one put on top of the deck, the card on 5.1 taken out of the game by a click (the fields
    slide up, the deck's top is revealed) and put back on top of the deck; each position judged and
    exported, the palace cards conserved."""
    tab.fill("#editor-game", "saba")
    saba = get_game("saba")
    start = saba.new_game(saba.min_players, seed=1)
    assert saba_codes(start.display) == ["A7", "A8", "A1"]
    labels = {o.attrs["value"]: o.text for o in tab.page.find_all("#set-field-2 option")}
    assert labels["A4"] == "arch on 4 (palace deck, place 2 from the top)"
    assert labels["A7"] == "arch on 7 (build field 5.1)" and "C3" in labels  # any card that can be built there
    tab.fill("#set-field-2", "A4")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert saba_codes(state.display) == ["A7", "A4", "A1"] and saba_codes(state.palace_deck[-2:]) == ["A8", "A2"]
    assert verdict(tab) == "The position is consistent."
    tab.fill("#set-deck-top", "X")  # the end card, from the bottom
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert saba_codes(state.palace_deck[-2:]) == ["A2", "X"] and saba_codes(state.palace_deck[:1]) == ["C5"]
    tab.click("[data-tool=out]")
    tab.board(**{"build-field": "0"})
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert saba_codes(state.display) == ["A4", "A1", "X"] and saba_codes(state.gone) == ["A7"]
    assert verdict(tab) == "The position is consistent."
    tops = [o.text for o in tab.page.find_all("#set-deck-top option")]
    assert "arch on 7 (out of the game: built or removed)" in tops
    tab.fill("#set-deck-top", "A7")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.gone == () and saba_codes(state.palace_deck[-1:]) == ["A7"]
    assert sorted(state.palace_deck + state.display) == sorted(start.palace_deck + start.display)
    assert verdict(tab) == "The position is consistent."


def test_saba_treasury_serail_figure_garden_resource_and_serail_decider(tab: Browser) -> None:
    """Saba with the pro rules (a new game's position pasted): figures put in the treasury (from
    their owners' supplies), a palace part built and a resource laid on its garden field by
    clicking, red made the serail leader and his figure put on the serail, then the serail step set
    up (red decides, before the step of putting a resource on the garden field): each position
    judged and exported; the removal on the garden field takes the resource off first."""
    tab.fill("#editor-game", "saba")
    saba = get_game("saba")
    start = saba.new_game(saba.min_players, seed=1, options={"pro": True})
    tab.fill("#paste-text", saba.position_text(start))
    tab.click("#read-paste")
    assert [o.attrs["value"] for o in tab.page.find_all("#set-sfig option")] == ["-"]  # nobody leads the serail
    tab.fill("#set-treasury", "01")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.treasury == (0, 1) and [p.figures for p in state.players] == [p.figures - 1 for p in start.players]
    tab.click("[data-tool='part:0']")
    tab.board(garden="3")
    tab.click("[data-tool='res:e']")
    tab.board(garden="3")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.stash[2] is not None and state.stash[2].value == "e"
    assert state.supply[2] == start.supply[2] - 1 and verdict(tab) == "The position is consistent."
    tab.click("[data-tool='marker:1']")
    tab.board(serail="1")
    tab.fill("#set-sfig", "1")
    tab.fill("#set-built", "3")
    tab.fill("#set-phase", "serail")
    assert tab.page.find("#set-decider").find("[selected]").attrs["value"] == "1"  # the next player with a marker
    tab.fill("#set-after", "stash")
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert (state.serail_figure, state.phase.value, state.decider, state.after.value) == (1, "serail", 1, "stash")
    assert state.built_part and state.last_field == 2 and state.players[1].figures == start.players[1].figures - 2
    assert verdict(tab) == "The position is consistent."
    assert saba.to_move(state) == (1,)
    tab.click("[data-tool=remove]")
    tab.board(garden="3")  # the resource lying there first
    state = saba.parse_position(tab.page.find("#export-position").text)
    assert state.stash[2] is None and state.levels[2] == 1
