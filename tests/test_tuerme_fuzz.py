"""Spiel der Türme fed bad input: only InvalidState or IllegalAction, short messages, nothing huge made.

Seeded fuzzing of positions, state documents and actions (:mod:`fuzzing`), then the inputs
that once broke it: a rank count of 10^8 (gigabytes allocated), 10^12 (MemoryError), 10^20
(OverflowError) or 5,000 digits (ValueError), and numbers too big to print in messages.
"""

from __future__ import annotations

import tracemalloc
from dataclasses import replace
from functools import partial

import pytest
from fuzzing import MAX_MESSAGE, expect_clean, fuzz_game

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.gate import MAX_INT
from pygame_rules.tuerme import GAME, EndReason, Move, build, parse_square
from pygame_rules.tuerme.check import check_state

START = GAME.new_game(3, seed=5)
POSITION = GAME.position_text(START)
HUGE = (10**5000, -(10**5000), 10**30, 2**63, -1, 112)
HUGE_IDS = ("10^5000", "-10^5000", "10^30", "2^63", "-1", "112")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fuzzed_positions_documents_and_actions(seed):
    fuzz_game(GAME, seed, cases=1000)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 20))
def test_fuzzed_positions_documents_and_actions_at_length(seed):
    fuzz_game(GAME, seed, cases=3000)


def _refused_small(call, fragment: str) -> None:
    """``call`` raises InvalidState naming ``fragment`` within a short message, having
    allocated well under a megabyte on the way."""
    tracemalloc.start()
    try:
        with pytest.raises(InvalidState) as caught:
            call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert fragment in str(caught.value) and len(str(caught.value)) <= MAX_MESSAGE
    assert peak < 1_000_000, f"{peak} bytes allocated before refusing"


@pytest.mark.parametrize("count", ["15", "99", "100000000", "1000000000000", "1" + "0" * 20, "0", "07", "0" * 50,
                                   "9" * 600], ids=lambda count: count[:14])
@pytest.mark.parametrize("read", [GAME.parse_position, GAME.from_position_text, GAME.from_diagram_text])
def test_counts_of_empty_fields_out_of_range_are_refused_before_anything_is_made(count, read):
    board, rest = POSITION.split(" ", 1)
    _refused_small(partial(read, f"{count}/{board.split('/', 1)[1]} {rest}"), "rank 8")
    if len(count) < 10:
        _refused_small(partial(read, f"{count * 1000}/{board.split('/', 1)[1]} {rest}"), "at most")


def test_an_overlong_position_is_refused_before_it_is_split():
    _refused_small(partial(GAME.parse_position, "14/" * 200_000), "is too long")
    _refused_small(partial(GAME.from_diagram_text, POSITION + " " * 2000), "characters")


@pytest.mark.parametrize("field, value", [("board", "7A" + "r" * 900 + "6/" + POSITION.split("/", 1)[1].split()[0]),
                                          ("lock", "a" + "1" * 900), ("turn", "r" * 900), ("options", "max5," * 150),
                                          ("end", "district:" + "x" * 900 + ":r"), ("rng", "f" * 900)])
def test_long_fields_are_quoted_short(field, value):
    fields = POSITION.split()
    index = ("board", "turn", "bonus", "lock", "players", "options", "end", "rng").index(field)
    text = " ".join(fields[:index] + [value] + fields[index + 1:])
    expect_clean((InvalidState,), partial(GAME.from_diagram_text, text), field)
    with pytest.raises(InvalidState):
        GAME.from_diagram_text(text)


@pytest.mark.parametrize("field", ["players", "turn", "lock", "ender", "end_district"])
@pytest.mark.parametrize("number", HUGE, ids=HUGE_IDS)
def test_numbers_out_of_range_in_a_state_are_refused_with_a_short_message(field, number):
    changed: dict[str, object] = {field: number}
    if field in ("ender", "end_district"):
        changed["end"] = EndReason.DISTRICT
    state = replace(START, **changed)
    expect_clean((InvalidState,), partial(check_state, state), field)
    with pytest.raises(InvalidState):
        check_state(state)


@pytest.mark.parametrize("number", HUGE, ids=HUGE_IDS)
def test_moves_with_squares_out_of_range_are_illegal_and_still_written(number):
    for move in (Move(number, 3), Move(parse_square("a1"), number)):
        beyond_json = abs(number) > MAX_INT  # no action read from data can hold it either
        with pytest.raises(IllegalAction, match="out of range" if beyond_json else "is not a square") as caught:
            GAME.apply(START, 0, move)
        assert len(str(caught.value)) <= MAX_MESSAGE
        assert len(GAME.action_text(START, move)) < 20
    reason = GAME.why_illegal(START, number, Move(0, 1))
    assert reason is not None and "is not player" in reason and len(reason) <= MAX_MESSAGE


def test_long_or_strange_move_texts_are_refused_short():
    s = build(4, {"d4": "Ar", "k4": "Bb", "n1": "Cg", "n8": "Dp"})
    for text in ("d4-" + "d5" * 50_000, "x" * 100_000, "d4-d٥", "d4-d²", "a" + "1" * 5000 + "-a2", "\x00"):
        expect_clean((IllegalAction,), partial(GAME.parse_action, s, text), repr(text[:20]))
        with pytest.raises(IllegalAction):
            GAME.parse_action(s, text)
