"""The position editor's operations (``pygame_rules/<game>/edit.py``), in CPython: every edited
position is judged by the game's own check, the editor's verdict agrees with it, and what the
editor makes can be written and read back."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_rules import InvalidState, get_game
from pygame_rules.edit import REMOVE
from pygame_rules.registry import RECORDS
from pygame_rules.rng import Rng
from pygame_rules.tuerme import square_name
from pygame_rules.tuerme.data import FIELDS_OF_SYMBOL

EDITED = sorted(name for name, record in RECORDS.items() if record.edit is not None)


def checked(game: Any, state: Any, diagram: bool) -> str | None:
    """The game's own verdict on ``state`` (as a diagram: read back from its notation as a figure's is)."""
    try:
        if diagram:
            game.from_diagram_text(game.position_text(state))
        else:
            game.check_state(state)
    except InvalidState as exc:
        return str(exc)
    return None


def agrees(name: str, state: Any) -> None:
    """The editor's verdict on ``state`` is the check's, whole game or diagram, and the position
    reads back as it was written."""
    game, edit = get_game(name), RECORDS[name].edit
    assert edit is not None
    for diagram in (False, True):
        problem = edit.judge(state, diagram)
        assert (problem.reason if problem else None) == checked(game, state, diagram)
    assert game.parse_position(game.position_text(state)) == state


@pytest.mark.parametrize("name", EDITED)
def test_random_edits_are_judged_by_the_check(name: str) -> None:
    """Tools on random targets, settings and options at random, from a new game: each position
    made is judged as the game's check judges it; a refused edit says why and changes nothing;
    every tool and every setting made some edit."""
    game, edit = get_game(name), RECORDS[name].edit
    assert edit is not None
    rng = Rng.from_seed(7)
    state = game.new_game(game.max_players, seed=3)
    agrees(name, state)
    refused = 0
    used: set[str] = set()
    panels = [{"player": str(p)} for p in range(game.max_players)]  # (pointer targets too)
    for _ in range(2000):
        kind = rng.randbelow(10)
        try:
            if kind < 7:
                tool = rng.choice(edit.tools(state)).key
                state = edit.place(state, tool, rng.choice(panels + edit.targets(state)))
                used.add(tool)
            elif kind < 9:
                setting = rng.choice(edit.settings(state))
                state = edit.with_setting(state, setting.name, rng.choice(setting.choices)[0])
                used.add(setting.name)
            else:
                option = rng.choice([o for o in game.options if isinstance(o.default, bool)])
                state = edit.with_options(state, {option.name: not edit.options(state)[option.name]})
        except ValueError as exc:  # (EditError)
            refused += 1
            assert str(exc)
            continue
        agrees(name, state)
    assert refused < 1500
    assert used == {t.key for t in edit.tools(state)} | {s.name for s in edit.settings(state)}


@pytest.mark.parametrize("name", EDITED)
def test_every_tool_and_setting_on_a_cleared_board(name: str) -> None:
    game, edit = get_game(name), RECORDS[name].edit
    assert edit is not None
    empty = edit.cleared(game.new_game(game.min_players, seed=1))
    agrees(name, empty)
    for tool in edit.tools(empty):
        for target in edit.targets(empty):
            try:
                agrees(name, edit.place(empty, tool.key, target))
            except ValueError as exc:  # (EditError)
                assert str(exc)  # a refused edit says why
    for setting in edit.settings(empty):
        for value, label in setting.choices:
            assert label
            agrees(name, edit.with_setting(empty, setting.name, value))
    with pytest.raises(ValueError):
        edit.with_setting(empty, edit.settings(empty)[0].name, "no such value")


def test_tuerme_a_game_edited_stays_a_game() -> None:
    """A stone moved by hand from an alley field onto an empty symbol field of its symbol keeps
    all 80: still a game;
    a stone too many (a sixth red A) is named, and so is a neutral stone on top of a tower."""
    game, edit = get_game("tuerme"), RECORDS["tuerme"].edit
    assert edit is not None
    state = game.new_game(2, seed=1)
    stone = state.board[0]
    plot = FIELDS_OF_SYMBOL[stone[0]][0]
    moved = edit.place(edit.place(state, REMOVE, {"square": "a1"}), stone, {"square": square_name(plot)})
    assert moved.board[0] == "" and moved.board[plot] == stone
    assert edit.judge(moved, diagram=False) is None
    extra = edit.place(moved, stone, {"square": "a1"})
    problem = edit.judge(extra, diagram=False)
    assert problem is not None and "not conserved" in problem.reason
    tower = edit.place(edit.cleared(state), "Ar", {"square": "d4"})
    tower = edit.place(tower, "Ag", {"square": "d4"})  # green is neutral with 2 players
    problem = edit.judge(tower, diagram=True)
    assert problem is not None and problem.marks == {"targets": ["d4"]}
    with pytest.raises(ValueError, match="only A stones"):
        edit.place(tower, "Cb", {"square": "b7"})


def test_tuerme_settings_and_options_reach_the_position() -> None:
    game, edit = get_game("tuerme"), RECORDS["tuerme"].edit
    assert edit is not None
    state = edit.with_setting(game.new_game(4, seed=2), "turn", "3")
    assert game.to_move(state) == (3,) and edit.judge(state, diagram=False) is None
    fewer = edit.with_setting(state, "players", "2")
    assert fewer.players == 2 and fewer.turn == 1
    varied = edit.with_options(fewer, {"unlimited_height": True, "early_end_at_once": True, "quiet_end": 20})
    assert varied.unlimited_height and varied.readings.early_end_at_once and varied.quiet_end == 20
    assert "nomax" in game.position_text(varied)
    with pytest.raises(ValueError):
        edit.with_options(varied, {"quiet_end": 7})
