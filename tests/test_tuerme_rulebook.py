"""Every figure and worked rule of the Spiel der Türme rulebook, as positions and expected outcomes.

The reconstructed board (see pygame_rules/tuerme/data.py): files a, d, g, h, k, n
and ranks 1, 4, 5, 8 are alleys; the districts are b6-c7, e6-f7, i6-j7, l6-m7
(ranks 6–7) and b2-c3, e2-f3, i2-j3, l2-m3 (ranks 2–3). Symbol fields used here:
b7 A, c7 B, b6 D, c6 C; e7 B, e6 A, e3 D, e2 C; f3 A.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from conformance import check_rejects
from pygame_rules.examples import example
from pygame_rules.tuerme import GAME, EndReason, EndTurn, Move, Readings, Skip, build, parse_square, square_name
from pygame_rules.tuerme.data import ALLEYS, SYMBOL_AT

#: A free stone for blue, green and purple far from the action, so that a test position
#: does not end just because those players have nothing left to move.
OTHERS = {"n8": "Db", "n1": "Cg", "g8": "Bp"}


def mv(text: str) -> Move:
    src, dst = text.split("-")
    return Move(parse_square(src), parse_square(dst))


def targets(state, square: str, player: int | None = None) -> list[str]:
    """Squares the piece on ``square`` may move to, for the player to move."""
    player = state.turn if player is None else player
    src = parse_square(square)
    return sorted((square_name(a.dst) for a in GAME.legal_actions(state, player)
                   if isinstance(a, Move) and a.src == src), key=parse_square)


def legal(state, text: str) -> bool:
    return GAME.why_illegal(state, state.turn, mv(text)) is None


# ------------------------------------------------------------- pictures 1–3
def test_picture_1_free_field_not_other_symbol_over_own_stone_onto_same_symbol():
    # Red A on d4; e4 holds a B stone, d5 an own B stone, d6 an A tower (blue on top).
    s = example("tuerme", "picture-1").start()
    assert legal(s, "d4-c4")                                      # 1. onto a free field
    check_rejects(GAME, s, 0, mv("d4-e4"), "a piece with the symbol A may only cover the same symbol")  # 2.
    after = GAME.apply(s, 0, mv("d4-d6"))                         # 3. over own B onto the A tower
    assert after.board[parse_square("d6")] == "Agbr" and after.board[parse_square("d4")] == ""
    assert GAME.action_text(s, mv("d4-d6")) == "d4xd6"


def test_picture_2_never_onto_or_over_foreign_stones():
    s = example("tuerme", "picture-2").start()
    check_rejects(GAME, s, 0, mv("d4-e4"), "may only cover the same symbol")  # 1. foreign, other symbol
    check_rejects(GAME, s, 0, mv("d4-d6"), "path is blocked by a blue stone on d5")  # 2. over onto a stone
    check_rejects(GAME, s, 0, mv("d4-d8"), "path is blocked by a blue stone on d5")  # 3. over onto free
    assert targets(s, "d4") == ["d1", "d2", "d3", "a4", "b4", "c4"]


def test_picture_3_symbol_fields_enter_only_matching_and_may_be_crossed():
    # A red B stone on e5; up the e file: e6 (A field), e7 (B field), e8; down: e4, e3 (D), e2 (C), e1.
    s = example("tuerme", "picture-3").start()
    check_rejects(GAME, s, 0, mv("e5-e6"), "e6 is a symbol field for A; only a piece with the symbol A may enter")  # 1.
    assert legal(s, "e5-e7")                                       # 2. onto the B field, over e6
    assert legal(s, "e5-e1")                                       # 3. over e3 and e2 onto a B tower
    dests = targets(s, "e5")
    assert {"e1", "e4", "e7", "e8"} <= set(dests) and not {"e2", "e3", "e6"} & set(dests)


def test_crossing_pieces_on_symbol_fields_only_own_colour():
    own = build(4, {"e5": "Br", "e6": "Ar"})
    assert legal(own, "e5-e7") and legal(own, "e5-e8")            # over own piece on a symbol field
    foreign = build(4, {"e5": "Br", "e6": "Ab"})
    check_rejects(GAME, foreign, 0, mv("e5-e7"), "blocked by a blue stone on e6")


# -------------------------------------------------------------------- towers
def test_tower_belongs_to_the_top_colour_and_moves_whole():
    s = build(4, {"d4": "Arb", "a1": "Cr"})
    check_rejects(GAME, s, 0, mv("d4-d5"), "is a blue tower of 2; you may only move your own pieces")
    blue = replace(s, turn=1)
    after = GAME.apply(blue, 1, mv("d4-d8"))
    assert after.board[parse_square("d8")] == "Arb" and after.board[parse_square("d4")] == ""


def test_stacking_on_own_stones_is_allowed():
    s = build(4, {"d4": "Ar", "d6": "Ar", **OTHERS})
    assert GAME.action_text(s, mv("d4-d6")) == "d4=d6"
    assert GAME.apply(s, 0, mv("d4-d6")).board[parse_square("d6")] == "Arr"


def test_height_limit_five_and_the_safe_five_tower():
    s = build(4, {"d4": "Agbr", "d6": "Apgb", "a4": "Arr", "a6": "Agbp", "k4": "Ar"})
    check_rejects(GAME, s, 0, mv("d4-d6"), "the tower would be 6 stones high; towers may be at most 5")
    assert legal(s, "a4-a6")                                       # 2 + 3 = 5 is allowed
    full = GAME.apply(s, 0, mv("a4-a6"))
    assert full.board[parse_square("a6")] == "Agbprr"
    lone = build(4, {"a6": "Agbbrr", "a4": "Ab"}, turn=1)
    check_rejects(GAME, lone, 1, mv("a4-a6"), "the 5-tower on a6 is safe")
    # A full tower still moves: onto free fields and its own empty symbol field.
    tall = build(4, {"a6": "Agbbrr", "a4": "Bb"})
    assert "b6" not in targets(tall, "a6") and {"a7", "a8", "a5"} <= set(targets(tall, "a6"))
    assert "b7" in targets(build(4, {"a7": "Agbbrr"}), "a7")


def test_variant_unlimited_height_towers_are_never_safe():
    s = build(4, {"d4": "Agbr", "d6": "Apgb", "a6": "Agbbrp", "a4": "Ab"}, unlimited_height=True)
    after = GAME.apply(s, 0, mv("d4-d6"))
    assert after.board[parse_square("d6")] == "Apgbgbr"            # six stones high
    blue = replace(s, turn=1)
    assert GAME.apply(blue, 1, mv("a4-a6")).board[parse_square("a6")] == "Agbbrpb"


def test_option_sets_the_variant():
    assert GAME.new_game(2, seed=1, options={"unlimited_height": True}).unlimited_height
    assert not GAME.new_game(2, seed=1).unlimited_height


# ------------------------------------------------------------- symbol fields
def test_a_piece_on_a_symbol_field_never_moves_again():
    s = build(4, {"b7": "Ar", "d4": "Br"})
    check_rejects(GAME, s, 0, mv("b7-b8"), "stands on a symbol field and may never move again")
    assert targets(s, "b7") == []


def test_entering_a_symbol_field_grants_an_optional_bonus_move_with_another_piece():
    s = build(4, {"e5": "Br", "a1": "Cr", "n1": "Db"})
    after = GAME.apply(s, 0, mv("e5-e7"))
    assert after.bonus and GAME.to_move(after) == (0,)
    assert GAME.action_text(s, mv("e5-e7")) == "e5-e7+"
    actions = GAME.legal_actions(after, 0)
    assert actions[-1] == EndTurn() and all(a.src == parse_square("a1") for a in actions[:-1])
    declined = GAME.apply(after, 0, EndTurn())
    assert GAME.to_move(declined) == (1,) and not declined.bonus
    played = GAME.apply(after, 0, mv("a1-a2"))
    assert GAME.to_move(played) == (1,) and not played.bonus


def test_bonus_moves_chain_and_capture_on_a_symbol_field_counts():
    s = build(4, {"e5": "Br", "f5": "Ar", "k4": "Cr", "n1": "Db"})
    first = GAME.apply(s, 0, mv("e5-e7"))
    second = GAME.apply(first, 0, mv("f5-f3"))                     # onto the empty A field f3
    assert second.bonus and second.turn == 0
    capture = build(4, {"e5": "Ar", "e6": "Ab", "k4": "Cr", "n1": "Db"})
    # Covering a blue A on the A field e6 is entering a symbol field too.
    after = GAME.apply(capture, 0, mv("e5-e6"))
    assert after.bonus and after.board[parse_square("e6")] == "Abr"
    assert GAME.action_text(capture, mv("e5-e6")) == "e5xe6+"


def test_bonus_without_another_movable_piece_only_allows_stop():
    s = build(4, {"e5": "Br", "n1": "Db"})
    after = GAME.apply(s, 0, mv("e5-e7"))
    assert GAME.legal_actions(after, 0) == [EndTurn()]
    check_rejects(GAME, after, 0, Skip(), "bonus move")


def test_stop_only_during_a_bonus_move():
    s = build(4, {"e5": "Br", "n1": "Db"})
    check_rejects(GAME, s, 0, EndTurn(), "no bonus move to decline")


# -------------------------------------------------------------- skipping
def test_a_player_without_a_legal_move_skips():
    # Red's only alley stone in the corner, boxed in by a blue B and a green C.
    s = build(4, {"a1": "Ar", "a2": "Bb", "b1": "Cg", "n8": "Dp"})
    assert GAME.legal_actions(s, 0) == [Skip()]
    assert GAME.record_text(s, s.turn, Skip()) == "pass"
    after = GAME.apply(s, 0, Skip())
    assert GAME.to_move(after) == (1,) and after.end is None
    check_rejects(GAME, after, 1, Skip(), "you can still move")


def test_turn_passes_to_a_blocked_player_who_must_skip():
    s = build(4, {"a1": "Ar", "a2": "Bb", "b1": "Cg", "n8": "Dp", "n5": "Db"}, turn=3)
    after = GAME.apply(s, 3, mv("n8-n7"))
    assert after.turn == 0 and after.end is None and GAME.legal_actions(after, 0) == [Skip()]
    assert GAME.status_text(after) == "To move: Player 1 (must pass)"


# -------------------------------------------------------------------- the end
def test_district_of_one_colour_ends_the_game_at_once_and_counts_double():
    s = example("tuerme", "district-end").start()
    assert GAME.action_text(s, mv("a6-b6")) == "a6-b6#"
    end = GAME.apply(s, 0, mv("a6-b6"))
    assert end.end is EndReason.DISTRICT and end.ender == 0 and end.end_district == 0
    assert GAME.is_over(end) and GAME.to_move(end) == () and not end.bonus
    lines = GAME.score_breakdown(end)
    assert lines[0][0].label == "District b6-c7" and lines[0][0].points == 5   # c7 is a 2-tower
    assert lines[0][-1].label == "Ending district counted twice" and lines[0][-1].points == 5
    assert GAME.scores(end) == (10, 3, 0, 0) and GAME.winners(end) == (0,)


def test_a_mixed_district_does_not_end_the_game():
    s = example("tuerme", "district-mixed").start()
    after = GAME.apply(s, 0, mv("a6-b6"))
    assert after.end is None and after.bonus


def test_the_ender_need_not_win():
    s = example("tuerme", "ender-loses").start()
    end = GAME.apply(s, 0, mv("a6-b6"))
    assert GAME.scores(end)[0] == 10 and GAME.scores(end)[1] == 12 and GAME.winners(end) == (1,)


def test_tied_scores_share_the_victory():
    end = GAME.apply(build(4, {"a7": "Ar", "e7": "Bb"}), 0, mv("a7-b7"))
    assert end.end is EndReason.ALLEYS and GAME.scores(end) == (1, 1, 0, 0)
    assert GAME.winners(end) == (0, 1)
    assert GAME.status_text(end) == ("Player 1 and Player 2 share the win with 1 point each. "
                                     "The game ended because no stones were left on the alleys.")


def test_early_end_when_no_stone_is_left_on_the_alleys():
    s = example("tuerme", "alleys-empty").start()
    end = GAME.apply(s, 0, mv("a7-b7"))
    assert end.end is EndReason.ALLEYS and end.ender == 0
    assert GAME.action_text(s, mv("a7-b7")) == "a7-b7#"
    assert GAME.scores(end) == (1, 2, 0, 0)                         # no doubling after an early end


def test_neutral_stones_on_the_alleys_keep_the_game_going():
    s = build(2, {"a7": "Ar", "c7": "Bb", "d4": "Ag", "k4": "Cb"})
    after = GAME.apply(s, 0, mv("a7-b7"))
    assert after.end is None and after.bonus                        # green d4 is still on the alleys


def test_early_end_when_a_player_is_stuck_with_all_pieces_fixed_or_buried():
    # Purple buries red's last alley stone; at red's turn he cannot move: the game ends.
    s = example("tuerme", "stuck").start()
    end = GAME.apply(s, 3, mv("d6-d4"))
    assert end.end is EndReason.STUCK and end.ender == 0 and end.turn == 0
    assert GAME.scores(end) == (1, 0, 0, 0) and GAME.winners(end) == (0,)
    assert GAME.action_text(s, mv("d6-d4")) == "d6xd4#"


def _packed(players: int = 4) -> dict[str, str]:
    """Alleys full of red/blue stones in a checkerboard (A/B alternating), every symbol field a
    safe green 5-tower: no piece can move at all."""
    pieces = {}
    for square in ALLEYS:
        odd = (square % 14 + square // 14) % 2
        pieces[square_name(square)] = ("B" if odd else "A") + ("b" if odd else "r")
    for square in range(112):
        if SYMBOL_AT[square]:
            pieces[square_name(square)] = SYMBOL_AT[square] + "ggggg"
    return pieces


def test_nobody_able_to_move_ends_the_game():
    s = build(4, _packed())
    assert GAME.legal_actions(s, 0) == [Skip()]
    end = GAME.apply(s, 0, Skip())                                  # blue cannot move either, nor anyone
    assert end.end is EndReason.BLOCKED and end.ender == 1 and GAME.to_move(end) == ()


def test_settled_when_no_player_piece_can_ever_reach_a_symbol_field():
    # 2 players. Every C field but e2 is taken; red's other alley piece is a full C tower, blue has
    # none on the alleys. Once red's C stone takes e2, no player's piece can ever score again.
    pieces = {"d2": "Cr", "d8": "Cbgggr", "a4": "Ag", "b7": "Ab",
              "c6": "Cg", "f7": "Cg", "i7": "Cg", "l6": "Cg", "b3": "Cg", "j2": "Cg", "m3": "Cp"}
    s = build(2, pieces)
    end = GAME.apply(s, 0, mv("d2-e2"))
    assert end.end is EndReason.SETTLED and end.ender == 0
    assert GAME.scores(end) == (1, 1)
    # Without the full tower (a red stone instead), red could still reach a C field later.
    going = GAME.apply(build(2, {**pieces, "d8": "Cr"}), 0, mv("d2-e2"))
    assert going.end is None and going.bonus


# ------------------------------------------------------- 2 and 3 players
def test_neutral_colours_depend_on_the_number_of_players():
    assert GAME.new_game(2, seed=1).neutral_colours == (2, 3)
    assert GAME.new_game(3, seed=1).neutral_colours == (3,)
    assert GAME.new_game(4, seed=1).neutral_colours == ()


def test_a_player_may_move_a_neutral_stone_but_only_to_an_empty_field():
    s = build(2, {"d4": "Ag", "d6": "Ab", "k4": "Br"})
    assert legal(s, "d4-d5") and GAME.action_text(s, mv("d4-d5")) == "Nd4-d5"
    check_rejects(GAME, s, 0, mv("d4-d6"), "a neutral stone may only move to an empty field")
    four = build(4, {"d4": "Ag", "k4": "Br"})
    check_rejects(GAME, four, 0, mv("d4-d5"), "you may only move your own pieces")


def test_own_pieces_never_pass_over_neutral_stones_but_may_cover_them():
    s = build(2, {"d4": "Ar", "d5": "Bg", "a4": "Ar", "b4": "Ap"})
    check_rejects(GAME, s, 0, mv("d4-d7"), "blocked by a neutral green stone on d5")
    after = GAME.apply(s, 0, mv("a4-b4"))
    assert after.board[parse_square("b4")] == "Apr"
    assert GAME.action_text(s, mv("a4-b4")) == "a4xb4"


def test_neutral_stones_pass_over_their_own_colour_only():
    s = build(2, {"d4": "Ag", "d5": "Bg", "a4": "Ag", "a5": "Bp", "k4": "Ar"})
    assert legal(s, "d4-d6")
    check_rejects(GAME, s, 0, mv("a4-a6"), "blocked by a neutral purple stone on a5")


def test_neutral_lock_binds_only_the_next_player():
    s = build(3, {"d4": "Ap", "k4": "Br", "k5": "Cb", "n1": "Dg"})
    moved = GAME.apply(s, 0, mv("d4-d5"))
    assert moved.lock == parse_square("d5") and moved.turn == 1
    assert GAME.position_text(moved).split()[3] == "d5"
    check_rejects(GAME, moved, 1, mv("d5-d6"), "the previous player just moved the neutral stone on d5")
    assert targets(moved, "d5") == []
    after_blue = GAME.apply(moved, 1, mv("k5-k6"))
    assert after_blue.lock is None and after_blue.turn == 2
    assert legal(after_blue, "d5-d6")                               # the third player may move it


def test_neutral_lock_lasts_through_bonus_moves_and_allows_covering():
    s = build(2, {"d4": "Ag", "e5": "Bb", "k4": "Cr", "a5": "Ab"}, turn=0)
    locked = GAME.apply(s, 0, mv("d4-d5"))
    bonus = GAME.apply(locked, 1, mv("e5-e7"))
    assert bonus.bonus and bonus.lock == parse_square("d5")
    check_rejects(GAME, bonus, 1, mv("d5-d6"), "just moved the neutral stone")
    covered = GAME.apply(bonus, 1, mv("a5-d5"))                      # blue covers the locked stone
    assert covered.board[parse_square("d5")] == "Agb" and covered.turn == 0


def test_neutral_stone_on_a_symbol_field_is_fixed_scores_nothing_and_grants_a_bonus():
    s = build(2, {"a7": "Ag", "k4": "Cr", "n1": "Db"})
    after = GAME.apply(s, 0, mv("a7-b7"))
    assert after.bonus and after.turn == 0 and after.lock is None
    assert GAME.action_text(s, mv("a7-b7")) == "Na7-b7+"
    assert GAME.scores(after) == (0, 0)
    blue = GAME.apply(after, 0, EndTurn())
    check_rejects(GAME, blue, 1, mv("b7-b8"), "stands on a symbol field")


@pytest.mark.parametrize("ends", [True, False])
def test_a_district_of_one_neutral_colour_ends_the_game_as_the_reading_says(ends):
    s = build(2, {"b7": "Ag", "c7": "Bg", "c6": "Cg", "a6": "Dg", "k4": "Cr", "n1": "Db"},
              readings=Readings(neutral_district_ends=ends))
    after = GAME.apply(s, 0, mv("a6-b6"))
    if ends:  # red ended it, but neutral stones score for nobody: nothing to double
        assert after.end is EndReason.DISTRICT and after.ender == 0 and after.end_district == 0
        assert GAME.action_text(s, mv("a6-b6")) == "Na6-b6#" and GAME.scores(after) == (0, 0)
        assert GAME.status_text(after) == ("Player 1 and Player 2 share the win with 0 points each. The game "
                                           "ended because Player 1 filled a district with neutral green stones.")
    else:
        assert after.end is None and after.bonus
    # A district of mixed neutral colours never ends it.
    mixed = GAME.apply(replace(s, board=tuple("Cp" if q == parse_square("c6") else x
                                              for q, x in enumerate(s.board))), 0, mv("a6-b6"))
    assert mixed.end is None


def test_a_player_without_own_alley_pieces_keeps_moving_neutral_stones():
    # Red's pieces are all on symbol fields, but he can still move the green stone: no early end.
    s = build(2, {"b7": "Ar", "d4": "Ag", "k4": "Cb"}, turn=1)
    after = GAME.apply(s, 1, mv("k4-k5"))
    assert after.end is None and after.turn == 0 and targets(after, "d4")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_all_80_stones_onto_the_alleys(players):
    s = GAME.new_game(players, seed=11)
    assert all(len(s.board[q]) == 2 for q in ALLEYS)
    assert all(s.board[q] == "" for q in range(112) if SYMBOL_AT[q])
    GAME.check_state(s)
