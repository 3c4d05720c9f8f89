"""Spiel der Türme notation: move texts (with markers), lenient parsing, one-line positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.rng import Rng
from pygame_rules.tuerme import GAME, EndReason, EndTurn, Move, Skip, build, parse_square, square_name

OTHERS = {"n8": "Db", "n1": "Cg", "g8": "Bp"}


def sq(name: str) -> int:
    return parse_square(name)


def test_square_names_like_chess():
    assert [square_name(q) for q in (0, 13, 14, 111)] == ["a1", "n1", "a2", "n8"]
    assert all(parse_square(square_name(q)) == q for q in range(112))
    for bad in ("o1", "a9", "a0", "", "a", "a10", "A1"):
        with pytest.raises(ValueError, match="not a square"):
            parse_square(bad)


@pytest.mark.parametrize("pieces, move, text", [
    ({"d4": "Ar"}, "d4-d5", "d4-d5"),
    ({"d4": "Ar", "d6": "Ab"}, "d4-d6", "d4xd6"),
    ({"d4": "Ar", "d6": "Ar"}, "d4-d6", "d4=d6"),
    ({"a7": "Ar"}, "a7-b7", "a7-b7+"),
])
def test_move_texts(pieces, move, text):
    s = build(4, {**pieces, **OTHERS})
    src, dst = move.split("-")
    assert GAME.action_text(s, Move(sq(src), sq(dst))) == text
    assert GAME.parse_action(s, text) == (0, Move(sq(src), sq(dst)))


def test_neutral_pass_stop_and_end_markers():
    s = build(2, {"d4": "Ag", "a7": "Ar", "k4": "Cb"})
    assert GAME.action_text(s, Move(sq("d4"), sq("d5"))) == "Nd4-d5"
    bonus = GAME.apply(s, 0, Move(sq("a7"), sq("b7")))
    assert GAME.record_text(bonus, 0, EndTurn()) == "stop" and GAME.action_text(bonus, EndTurn()) == "end the turn"
    assert GAME.parse_action(bonus, "stop") == (0, EndTurn())
    assert GAME.record_text(s, 0, Skip()) == "pass" and GAME.action_text(s, Skip()) == "skip the turn"
    blocked = build(4, {"a1": "Ar", "a2": "Bb", "b1": "Cg", "n8": "Dp"})
    assert GAME.parse_action(blocked, "pass") == (0, Skip()) == GAME.parse_action(blocked, "--")


def test_parsing_is_lenient_about_markers_but_says_why_a_move_is_illegal():
    s = build(2, {"d4": "Ag", "d6": "Ab", "a4": "Ar", "k4": "Cb"})
    for text in ("Nd4-d5", "d4d5", "d4 - d5", "nd4-d5+"):
        assert GAME.parse_action(s, text) == (0, Move(sq("d4"), sq("d5")))
    with pytest.raises(IllegalAction, match="neutral stone may only move to an empty field"):
        GAME.parse_action(s, "d4xd6")
    with pytest.raises(IllegalAction, match="is not a move"):
        GAME.parse_action(s, "castle")
    with pytest.raises(IllegalAction, match="you can still move"):
        GAME.parse_action(s, "pass")


def test_n_file_is_not_taken_for_the_neutral_marker():
    s = build(4, {"n4": "Ar", **{k: v for k, v in OTHERS.items() if k != "n8"}, "a8": "Db"})
    assert GAME.parse_action(s, "n4n6") == (0, Move(sq("n4"), sq("n6")))
    assert GAME.parse_action(s, "n4-n6") == (0, Move(sq("n4"), sq("n6")))


def test_position_text_of_a_new_game():
    s = GAME.new_game(3, seed=5, options={"unlimited_height": True})
    text = GAME.position_text(s)
    board, *rest = text.split()
    assert rest == ["r", "-", "-", "3", "nomax,neutral_district_ends,quiet40", "-", s.rng]
    assert board.count("/") == 7 and "2" in board
    assert GAME.from_position_text(text) == s


def _played(players: int, seed: int, plies: int, unlimited: bool = False):
    rng = Rng.from_seed(seed)
    s = GAME.new_game(players, seed=seed, options={"unlimited_height": unlimited})
    states = [s]
    for _ in range(plies):
        if GAME.is_over(s):
            break
        s = GAME.apply(s, s.turn, rng.choice(GAME.legal_actions(s, s.turn)))
        states.append(s)
    return states


@pytest.mark.parametrize("players, unlimited", [(2, False), (3, False), (4, False), (2, True)])
def test_positions_round_trip_exactly_through_play(players, unlimited):
    seen_bonus = seen_lock = False
    for s in _played(players, 100 + players, 3000, unlimited):
        text = GAME.position_text(s)
        back = GAME.from_position_text(text)
        assert back == s and GAME.position_text(back) == text
        seen_bonus |= s.bonus
        seen_lock |= s.lock is not None
    assert seen_bonus and (seen_lock or players == 4)
    assert GAME.is_over(s) and GAME.position_text(s).split()[6] != "-"


def test_end_fields():
    s = build(4, {"b7": "Ar", "c7": "Br", "c6": "Cr", "a6": "Dr", "k4": "Bb"})
    end = GAME.apply(s, 0, Move(sq("a6"), sq("b6")))
    assert GAME.position_text(end).split()[6] == "district:b6-c7:r"
    stuck = replace(end, end=EndReason.STUCK, ender=1, end_district=None)
    assert GAME.position_text(stuck).split()[6] == "stuck:b"


@pytest.mark.parametrize("change, fragment", [
    (lambda f: f[:7], "8 fields"),
    (lambda f: ["/".join(f[0].split("/")[:7])] + f[1:], "8 ranks"),
    (lambda f: [f[0].replace("/", "/1", 1)] + f[1:], "rank 7 describes more than 14 fields"),
    (lambda f: [f[0].rsplit("/", 1)[0] + "/13"] + f[1:], "rank 1 describes 13 fields instead of 14"),
    (lambda f: [f[0].replace("A", "E", 1)] + f[1:], "rank"),
    (lambda f: [f[0], "x"] + f[2:], "colour letter"),
    (lambda f: f[:2] + ["?"] + f[3:], "bonus field"),
    (lambda f: f[:3] + ["z9"] + f[4:], "not a square"),
    (lambda f: f[:4] + ["5"] + f[5:], "2, 3 or 4"),
    (lambda f: f[:5] + ["max6"] + f[6:], "options field must start with 'max5' or 'nomax'"),
    (lambda f: f[:5] + ["max5,early_end"] + f[6:], "options field names no rule reading 'early_end'"),
    (lambda f: f[:5] + ["max5,random_start,random_start"] + f[6:], "names a rule reading twice"),
    (lambda f: f[:6] + ["won:r"] + f[7:], "unknown end"),
    (lambda f: f[:6] + ["district:z1-z2:r"] + f[7:], "no district"),
    (lambda f: f[:6] + ["alleys:q"] + f[7:], "colour letter"),
    (lambda f: f[:7] + ["123"], "random state"),
    (lambda f: [f[0].replace("Ar", "Arr", 1)] + f[1:], "not conserved"),
    (lambda f: f[:3] + ["a1"] + f[4:], "no loose neutral stone"),
    (lambda f: f + ["x"], "'x' is not a move count"),
    (lambda f: f + ["1", "2"], "not 10"),
    (lambda f: f[:5] + ["max5,quiet7"] + f[6:], "quiet end must be one of 0, 20, 40 moves, not 7"),
    (lambda f: f[:5] + ["max5,quiet20"] + f[6:] + ["20"], "nobody has built for 20 moves"),
    (lambda f: f[:1] + ["r", "+"] + f[3:] + ["3"], "count of moves without building must be 0"),
])
def test_bad_position_texts_are_rejected(change, fragment):
    fields = GAME.position_text(GAME.new_game(4, seed=8)).split()
    with pytest.raises(InvalidState, match=fragment):
        GAME.from_position_text(" ".join(change(fields)))


def test_diagram_positions_may_leave_stones_out_but_never_add_any():
    partial = "14/14/3ArAg9/14/14/14/14/14 r - - 4 max5 - 0000000000000000"
    assert GAME.from_diagram_text(partial).board.count("Ag") == 1
    with pytest.raises(InvalidState, match="not conserved"):
        GAME.from_position_text(partial)
    six = "ArAgAgAgAgAgAg7/14/14/14/14/14/14/14 r - - 4 max5 - 0000000000000000"
    with pytest.raises(InvalidState, match="6 green A stones"):
        GAME.from_diagram_text(six)
