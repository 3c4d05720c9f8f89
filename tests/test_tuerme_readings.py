"""Spiel der Türme: the early-end bugs, the stale lock, and every rule reading in both ways.

Board used here (see pygame_rules/tuerme/data.py): files a, d, g, h, k, n and ranks 1, 4,
5, 8 are alleys; symbol fields b7 A, c7 B, c6 C, b6 D, e7 B, e6 A.
"""

from __future__ import annotations

import ast
import html
import json
from dataclasses import replace
from pathlib import Path

import pytest

from pygame_rules import InvalidState
from pygame_rules.examples import example
from pygame_rules.options import chosen
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session
from pygame_rules.tuerme import GAME, LEGACY, EndReason, EndTurn, Move, Readings, Skip, build, parse_square
from pygame_rules.tuerme.check import check_state
from pygame_rules.tuerme.data import DISTRICTS

ROOT = Path(__file__).resolve().parents[1]
AT_ONCE = Readings(early_end_at_once=True)


def mv(text: str) -> Move:
    src, dst = text.split("-")
    return Move(parse_square(src), parse_square(dst))


def play(state, *moves: str):
    """``state`` after the moves (``pass``/``stop`` or squares), each by the player to move."""
    for text in moves:
        action = Skip() if text == "pass" else EndTurn() if text == "stop" else mv(text)
        state = GAME.apply(state, state.turn, action)
    return state


# ----------------------------------------------- bug: the one-turn lock is no early end
#: 3 players. Red's only piece stands on the A field b7; the neutral purple stone on d4 is
#: the only one left on the alleys; blue and green have a piece each. Green to move.
LOCKED = {"b7": "Ar", "d4": "Ap", "k4": "Cb", "n1": "Dg"}


@pytest.mark.parametrize("readings", [Readings(), LEGACY, AT_ONCE])
def test_a_player_locked_out_of_his_only_move_skips_instead_of_ending_the_game(readings):
    locked = play(build(3, LOCKED, turn=2, readings=readings), "d4-d5")  # green moves the neutral
    assert locked.end is None and locked.turn == 0 and locked.lock == parse_square("d5")
    assert GAME.legal_actions(locked, 0) == [Skip()]
    assert GAME.status_text(locked) == "To move: Player 1 (must pass)"
    after = play(locked, "pass", "k4-k5", "n1-n2")                   # red passes, the others move
    assert after.turn == 0 and after.lock is None
    assert GAME.why_illegal(after, 0, mv("d5-d6")) is None             # the stone is his to move again


def test_a_neutral_stone_boxed_in_for_now_makes_him_skip_too():
    boxed = build(3, {"b7": "Ar", "a1": "Ap", "a2": "Bb", "b1": "Cg", "n8": "Dg"}, turn=2)
    waiting = play(boxed, "n8-n7")
    assert waiting.end is None and GAME.legal_actions(waiting, 0) == [Skip()]
    freed = play(waiting, "pass", "a2-a3", "b1-b4")                    # blue and green move away
    assert GAME.why_illegal(freed, 0, mv("a1-a2")) is None


def test_with_no_loose_neutral_stone_left_he_is_stuck_for_good():
    # The purple stone stands on the B field c7: red can never move again.
    s = build(3, {"b7": "Ar", "c7": "Bp", "k4": "Cb", "n1": "Dg"}, turn=2)
    end = play(s, "n1-n2")
    assert end.end is EndReason.STUCK and end.ender == 0 and end.turn == 0
    assert GAME.status_text(end) == ("Player 1 wins with 1 point. "
                                     "The game ended because Player 1 could not move any more.")


# -------------------------------- reading: early end 2 counts own pieces only, or every move
@pytest.mark.parametrize("own_only", [False, True])
def test_early_end_2_with_a_neutral_stone_left_to_move(own_only):
    # 2 players: red's own pieces are all fixed, but the neutral green stone on d4 is free.
    s = build(2, {"b7": "Ar", "d4": "Ag", "k4": "Cb"}, turn=1,
              readings=Readings(early_end_own_pieces=own_only))
    after = play(s, "k4-k5")
    if own_only:
        assert after.end is EndReason.STUCK and after.ender == 0
    else:
        assert after.end is None and GAME.why_illegal(after, 0, mv("d4-d5")) is None


# ------------------------------------- reading: early end 2 at once or when his turn comes
#: 4 players. Blue is about to bury red's last stone on the alleys (d4) under his A stone from
#: d6; green can still take the B field e7 before red's turn comes.
BURY = {"b7": "Ar", "d4": "Ar", "d6": "Ab", "a1": "Cb", "e5": "Bg", "n1": "Dg", "g8": "Bp"}


def test_early_end_2_waits_for_the_stuck_players_turn_by_default():
    buried = play(build(4, BURY, turn=1), "d6-d4")
    assert buried.end is None and buried.turn == 2                    # green and purple still move
    end = play(buried, "e5-e7", "stop", "g8-g7")
    assert end.end is EndReason.STUCK and end.ender == 0 and end.turn == 0
    assert GAME.scores(end) == (1, 0, 1, 0) and GAME.winners(end) == (0, 2)


def test_early_end_2_at_once_ends_the_game_with_the_burying_move():
    s = build(4, BURY, turn=1, readings=AT_ONCE)
    assert GAME.action_text(s, mv("d6-d4")) == "d6xd4#"
    end = play(s, "d6-d4")
    assert end.end is EndReason.STUCK and end.ender == 0 and end.turn == 1
    assert GAME.scores(end) == (1, 0, 0, 0) and GAME.winners(end) == (0,)
    assert GAME.status_text(end) == ("Player 1 wins with 1 point. "
                                     "The game ended because Player 1 could not move any more.")


def test_early_end_2_at_once_names_the_mover_first():
    # Red moves his last alley stone onto the B field c7: he himself is stuck, at once.
    s = build(4, {"b7": "Ar", "c4": "Br", "a1": "Cb", "n1": "Dg", "g8": "Bp"}, readings=AT_ONCE)
    end = play(s, "c4-c7")
    assert end.end is EndReason.STUCK and end.ender == 0 and not end.bonus


def test_both_timings_agree_when_the_stuck_player_moves_next():
    start = example("tuerme", "stuck").start()                        # purple buries red's last stone
    ends = [GAME.apply(replace(start, readings=readings), 3, mv("d6-d4")) for readings in (Readings(), AT_ONCE)]
    assert [(end.end, end.ender, end.turn) for end in ends] == [(EndReason.STUCK, 0, 0), (EndReason.STUCK, 0, 3)]
    assert GAME.scores(ends[0]) == GAME.scores(ends[1]) == (1, 0, 0, 0)


# -------------------------------------------------------- bug: no stale lock at the end
#: A two-player game two plies before its end (seed 1769, moves drawn by Python's
#: ``random.Random(1769)``; it ends like issue 23's seed-1782 game, ``Ni8-j8``, ``k8xj8#``),
#: written before the readings were recorded: red moves the neutral stone onto g1, and blue,
#: locked out of moving it, covers it with the game's last scoring chance. The lock used to
#: survive the end, and the finished game then failed its own check ("damaged save").
BEFORE_THE_END = ("14/1AbBg1BgCpbgb2CgppbDgrrb1DgAg1/1DrCbb1AppbbDprb2BpApr1CgBrb1/6Bpgbrb7/8Cp5/"
                  "1CgDprDpgbbbDgArgrb2ApBrbrr1BpCrrr1/1BgAg1CpBpgpb2DpCgrr1ApDp1/1Agrrb5Dg4Ag1 "
                  "r - - 2 max5 - 3353662ddfc4bee6")


def test_a_finished_game_keeps_no_lock_and_passes_its_own_check():
    start = GAME.from_position_text(BEFORE_THE_END)
    assert start.readings == LEGACY
    _, neutral = GAME.parse_action(start, "Nm1-g1")
    locked = GAME.apply(start, 0, neutral)
    assert locked.lock == parse_square("g1")
    assert GAME.action_text(locked, mv("b1-g1")) == "b1xg1#"
    end = GAME.apply(locked, 1, mv("b1-g1"))
    assert end.end is EndReason.SETTLED and end.lock is None
    GAME.check_state(end)
    assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(end)))) == end
    assert GAME.from_position_text(GAME.position_text(end)) == end


def test_check_state_still_refuses_a_lock_on_a_covered_stone():
    end = GAME.apply(GAME.apply(GAME.from_position_text(BEFORE_THE_END), 0, mv("m1-g1")), 1, mv("b1-g1"))
    with pytest.raises(InvalidState, match="the lock is on g1, which holds no loose neutral stone"):
        GAME.check_state(replace(end, lock=parse_square("g1")))


# -------------------------------------------------- reading: the start player at random
def test_start_player_is_the_first_seat_or_drawn_from_the_seed():
    assert {GAME.new_game(4, seed=seed).turn for seed in range(12)} == {0}
    drawn = [GAME.new_game(4, seed=seed, options={"random_start": True}) for seed in range(12)]
    assert {s.turn for s in drawn} == {0, 1, 2, 3}
    for seed, s in enumerate(drawn):
        assert s.board == GAME.new_game(4, seed=seed).board               # the same deal
        assert s == GAME.new_game(4, seed=seed, options={"random_start": True})
        assert GAME.to_move(s) == (s.turn,) and s.readings.random_start
        GAME.check_state(s)


# --------------------------------------------------- readings recorded everywhere
CHOSEN = {"early_end_own_pieces": True, "early_end_at_once": True, "neutral_district_ends": False,
          "random_start": True}


def test_readings_are_recorded_in_the_state_its_json_and_its_position():
    s = GAME.new_game(3, seed=4, options={**CHOSEN, "unlimited_height": True})
    assert s.readings == Readings(**CHOSEN) and s.unlimited_height
    assert GAME.state_to_json(s)["state"]["readings"] == CHOSEN
    options = GAME.position_text(s).split()[5]
    assert options == "nomax,early_end_own_pieces,early_end_at_once,random_start,quiet40"
    assert GAME.from_position_text(GAME.position_text(s)) == s
    assert GAME.state_from_json(GAME.state_to_json(s)) == s
    assert GAME.new_game(3, seed=4).readings == Readings()
    assert chosen(Readings, GAME.option_defaults) == Readings()


def test_positions_and_states_written_before_the_readings_read_as_they_were_played():
    old_position = "14/14/3Ag10/3Bb10/3ArBb9/14/14/14 r - - 4 max5 - 0000000000000000"
    assert GAME.from_diagram_text(old_position).readings == LEGACY
    data = GAME.state_to_json(GAME.new_game(2, seed=6))
    del data["state"]["readings"]
    old = GAME.state_from_json({**data, "rules": 1})
    assert old.readings == LEGACY == Readings(neutral_district_ends=False)


def test_every_reading_is_an_option_with_its_rulebook_sentence():
    readings = [o for o in GAME.options if o.is_reading]
    assert [o.name for o in readings] == list(Readings.names())
    for option in readings:
        assert option.quote_lang == "nl" and option.english and option.label
        assert option.default == getattr(Readings(), option.name)
    assert not next(o for o in GAME.options if o.name == "unlimited_height").is_reading


def test_the_rules_page_quotes_and_argues_every_reading():
    page = " ".join(html.unescape((ROOT / "web/static/rules/tuerme.html").read_text()).split())
    for option in (o for o in GAME.options if o.is_reading):
        default = "on" if option.default else "off"
        assert f"(<code>{option.name}</code>) · default: {default}</h3>" in page
        assert f'<p lang="nl">{option.quote}</p>' in page and f"<p data-i18n>{option.english}</p>" in page


def test_check_state_follows_the_readings():
    # A district of one neutral colour is an end only where the reading says so.
    s = GAME.new_game(2, seed=3)
    board = list(s.board)
    for symbol, square in zip("ABCD", ("b7", "c7", "c6", "b6")):
        taken = next(q for q, x in enumerate(board) if x == symbol + "g")
        board[taken], board[parse_square(square)] = "", symbol + "g"
    full = replace(s, board=tuple(board))
    with pytest.raises(InvalidState, match="district b6-c7 is full of one colour"):
        GAME.check_state(full)
    GAME.check_state(replace(full, readings=Readings(neutral_district_ends=False)))
    ended = replace(full, end=EndReason.DISTRICT, ender=1, end_district=0)
    GAME.check_state(ended)
    with pytest.raises(InvalidState, match="not full of blue pieces"):
        GAME.check_state(replace(ended, readings=LEGACY))


def test_check_state_knows_when_early_end_2_happens():
    end = play(build(4, BURY, turn=1, readings=AT_ONCE), "d6-d4")
    check_state(end, complete=False)
    with pytest.raises(InvalidState, match="was stuck for good when his turn came"):
        check_state(replace(end, readings=Readings()), complete=False)
    going = play(build(4, BURY, turn=1), "d6-d4")
    check_state(going, complete=False)                                 # red's turn has not come yet
    with pytest.raises(InvalidState, match="player 0 can never move again"):
        check_state(replace(going, readings=AT_ONCE), complete=False)
    with pytest.raises(InvalidState, match="player 0 can never move again"):
        check_state(replace(going, turn=0), complete=False)


# ------------------------------------------------------------ saves replay their readings
def test_a_save_with_readings_replays_identically():
    seats = [Seat(f"P{i}", colour) for i, (colour, _) in enumerate(GAME.colours[:3])]
    session = Session.new("tuerme", seats, seed=21, options=CHOSEN)
    rng = Rng.from_seed(21)
    while not GAME.is_over(session.state) and len(session.moves) < 400:
        player = GAME.to_move(session.state)[0]
        session.play(player, rng.choice(GAME.legal_actions(session.state, player)))
    loaded = Session.from_text(session.to_text())
    assert loaded.states == session.states and loaded.moves == session.moves
    assert loaded.state.readings == Readings(**CHOSEN) and loaded.options == session.options


def test_a_save_from_before_the_readings_replays_as_it_was_played():
    # A 3-player game in which a district fills up with neutral purple stones: under the old
    # rules the game went on, and so must its save (it lacks the new options).
    seats = [Seat(f"P{i}", colour) for i, (colour, _) in enumerate(GAME.colours[:3])]
    session = Session.new("tuerme", seats, seed=38, options={"neutral_district_ends": False})
    rng = Rng.from_seed(38)
    while not _neutral_district(session.state):
        player = GAME.to_move(session.state)[0]
        session.play(player, rng.choice(GAME.legal_actions(session.state, player)))
    session.play(GAME.to_move(session.state)[0], GAME.legal_actions(session.state, session.state.turn)[0])
    data = session.to_json()
    old = {**data, "rules": 1, "options": {"unlimited_height": False}}
    del old["state"]
    loaded = Session.from_json(old)
    assert [m.action for m in loaded.moves] == [m.action for m in session.moves]
    assert loaded.state.readings == LEGACY and not GAME.is_over(loaded.state)
    assert GAME.resolve_options({}, 1)["neutral_district_ends"] is False
    assert GAME.resolve_options({})["neutral_district_ends"] is True


def _neutral_district(state) -> bool:
    return any(len({state.board[q][-1:] for q in fields}) == 1 and state.board[fields[0]][-1:] == "p"
               for fields in DISTRICTS)


# ------------------------------------------------------------------ the module graph
def test_the_package_modules_import_each_other_without_a_circle():
    package = Path(GAME.__module__.replace(".", "/")).parent
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).glob("*.py")):
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):  # lazy imports inside functions too
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                imported.add(node.module.split(".")[0])
        graph[path.stem] = imported
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in done or module not in graph:
            return
        for other in graph[module]:
            visit(other, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert "notation" not in graph["legal"] and graph["legal"] <= {"actions", "data", "state"}
