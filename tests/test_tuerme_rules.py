"""Spiel der Türme engine: legality agrees with why_illegal, reasons, turn flow, state validation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conformance import check_invalid, check_rejects
from pygame_rules import InvalidState, get_game
from pygame_rules.rng import Rng
from pygame_rules.tuerme import GAME, EndReason, EndTurn, Move, Skip, build, parse_square
from pygame_rules.tuerme.data import ALLEYS, DISTRICTS, NUM_SQUARES, RAYS, SYMBOL_AT, path_between

ALL_ACTIONS = [Move(s, d) for s in range(NUM_SQUARES) for d in range(NUM_SQUARES)] + [Skip(), EndTurn()]


def _positions():
    """Positions from random play (all player counts, the variant, bonus moves, locks)."""
    out = []
    for players, unlimited in ((2, False), (3, False), (4, False), (2, True)):
        rng = Rng.from_seed(players)
        state = GAME.new_game(players, seed=players, options={"unlimited_height": unlimited})
        for ply in range(400):
            if GAME.is_over(state):
                break
            if ply % 40 == 0 or state.bonus or (state.lock is not None and ply % 5 == 0):
                out.append(state)
            state = GAME.apply(state, state.turn, rng.choice(GAME.legal_actions(state, state.turn)))
    return out


POSITIONS = _positions()


def test_registered_and_described():
    assert get_game("tuerme") is GAME
    assert GAME.colours[0] == ("red", "#d62728") and len(GAME.colours) == 4
    assert GAME.option_defaults == {"unlimited_height": False, "quiet_end": 40, "early_end_own_pieces": False,
                                    "early_end_at_once": False, "neutral_district_ends": True,
                                    "random_start": False}


def test_board_geometry_matches_the_reconstruction():
    assert len(ALLEYS) == 80 and sum(1 for s in SYMBOL_AT if s) == 32
    assert len(DISTRICTS) == 8 and all(sorted(SYMBOL_AT[q] for q in d) == list("ABCD") for d in DISTRICTS)
    assert all(sum(map(len, RAYS[q])) == 13 + 7 for q in range(NUM_SQUARES)) and len(RAYS[0]) == 2
    assert path_between(parse_square("a1"), parse_square("b2")) is None


def test_legal_actions_agree_exactly_with_why_illegal():
    assert len(POSITIONS) > 40 and any(p.bonus for p in POSITIONS) and any(p.lock is not None for p in POSITIONS)
    for state in POSITIONS:
        player = state.turn
        legal = GAME.legal_actions(state, player)
        accepted = [a for a in ALL_ACTIONS if GAME.why_illegal(state, player, a) is None]
        assert sorted(map(repr, legal)) == sorted(map(repr, accepted))
        assert len(set(legal)) == len(legal)
        for other in range(state.players):
            if other != player:
                assert GAME.legal_actions(state, other) == []
                assert "not player" in GAME.why_illegal(state, other, legal[0])


def test_every_rejection_has_a_reason_and_keeps_the_state():
    state = POSITIONS[5]
    rejected = [a for a in ALL_ACTIONS[::37] if GAME.why_illegal(state, state.turn, a) is not None]
    assert rejected
    for action in rejected:
        check_rejects(GAME, state, state.turn, action, GAME.why_illegal(state, state.turn, action))


@pytest.mark.parametrize("action, fragment", [
    (Move(-1, 3), "-1 is not a square"),
    (Move(3, 112), "112 is not a square"),
    (Move(parse_square("d4"), parse_square("d4")), "must leave its field"),
    (Move(parse_square("d4"), parse_square("e5")), "straight line"),
    (Move(parse_square("a1"), parse_square("a2")), "there is no piece on a1"),
    ("d4-d5", "not an action"),
])
def test_reasons_for_malformed_moves(action, fragment):
    s = build(4, {"d4": "Ar", "k4": "Bb"})
    check_rejects(GAME, s, 0, action, fragment)


def test_wrong_player_and_finished_game_are_rejected():
    s = build(4, {"d4": "Ar", "k4": "Bb"})
    check_rejects(GAME, s, 1, Move(parse_square("k4"), parse_square("k5")), "not player 2's turn")
    over = replace(s, end=EndReason.ALLEYS, ender=0)
    check_rejects(GAME, over, 0, Move(parse_square("d4"), parse_square("d5")), "game is over")
    assert GAME.legal_actions(over, 0) == [] and GAME.why_illegal(over, 0, Skip()) == "the game is over"


def test_same_seed_same_game_and_dealing_uses_the_seed():
    assert GAME.new_game(3, seed=9) == GAME.new_game(3, seed=9)
    assert GAME.new_game(3, seed=9).board != GAME.new_game(3, seed=10).board


def test_status_text_mentions_bonus_moves_and_the_winner():
    s = build(4, {"e5": "Br", "a1": "Cr", "n1": "Db"})
    bonus = GAME.apply(s, 0, Move(parse_square("e5"), parse_square("e7")))
    assert GAME.status_text(bonus, ["Ann", "Bob", "Cy", "Di"]) == "To move: Ann (bonus move)"
    assert GAME.status_text(s) == "To move: Player 1"


# --------------------------------------------------------------- validation
def _json(state=None):
    return GAME.state_to_json(state or GAME.new_game(4, seed=2))


def _with_board(data, **cells):
    board = list(data["state"]["board"])
    for name, text in cells.items():
        board[parse_square(name)] = text
    return {**data, "state": {**data["state"], "board": board}}


def test_json_round_trip_and_readable_board():
    data = _json()
    assert all(isinstance(c, str) for c in data["state"]["board"])
    assert GAME.state_from_json(data) == GAME.new_game(4, seed=2)


def test_check_state_rejects_broken_states():
    data = _json()
    stone = data["state"]["board"][0]  # a1 is an alley field
    check_invalid(GAME, _with_board(data, a1=""), "stones are not conserved")
    check_invalid(GAME, _with_board(data, a1=stone + stone[1]), "stones are not conserved")
    check_invalid(GAME, _with_board(data, a1="Xr"), "is not a stack")
    check_invalid(GAME, _with_board(data, a1="A"), "is not a stack")
    check_invalid(GAME, _with_board(data, b2="Ar"), "b2 is a symbol field for B but holds A")
    check_invalid(GAME, {**data, "state": {**data["state"], "turn": 4}}, "turn 4 is not a player")
    check_invalid(GAME, {**data, "state": {**data["state"], "players": 5}}, "2–4 players")
    check_invalid(GAME, {**data, "state": {**data["state"], "rng": "xyz"}}, "random state")
    check_invalid(GAME, {**data, "state": {**data["state"], "lock": 3}}, "no loose neutral stone")
    check_invalid(GAME, {**data, "state": {**data["state"], "board": data["state"]["board"][:-1]}}, "111 fields")
    check_invalid(GAME, {**data, "state": {**data["state"], "end": "alleys", "ender": 0}},
                  "stones are left on them")
    check_invalid(GAME, {**data, "state": {**data["state"], "ender": 1}}, "no ender")


def regroup(state, symbol: str, colours: str, target: str | None = None):
    """``state`` with single stones ``symbol+c`` (for c in colours) taken off the alleys and
    stacked in that order on ``target`` (default: where the first one lay): stones are conserved."""
    board = list(state.board)
    taken = []
    for colour in colours:
        square = next(q for q in ALLEYS if board[q] == symbol + colour and q not in taken)
        taken.append(square)
        board[square] = ""
    board[taken[0] if target is None else parse_square(target)] = symbol + colours
    return replace(state, board=tuple(board))


def test_check_state_rejects_towers_that_break_the_rules():
    s = GAME.new_game(2, seed=3)
    GAME.check_state(regroup(s, "A", "gbrrb"))                       # a legal 5-tower
    with pytest.raises(InvalidState, match="is 6 high"):
        GAME.check_state(regroup(s, "A", "gbrrbr"))
    GAME.check_state(regroup(replace(s, unlimited_height=True), "A", "gbrrbr"))  # fine in the variant
    with pytest.raises(InvalidState, match="neutral stone lies on top"):
        GAME.check_state(regroup(s, "A", "rg"))


def test_check_state_demands_a_finished_game_when_it_should_be():
    s = GAME.new_game(4, seed=3)
    full = s
    for symbol, square in zip("ABCD", ("b7", "c7", "c6", "b6")):
        full = regroup(full, symbol, "r", square)
    with pytest.raises(InvalidState, match="district b6-c7 is full of one colour"):
        GAME.check_state(full)
    GAME.check_state(regroup(s, "A", "r", "b7"))                     # one field taken is fine
