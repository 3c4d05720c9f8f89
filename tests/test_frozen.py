"""The engines' fast copy of a state (``pygame_rules/frozen.py``) gives what ``dataclasses.replace``
gives, for every class of value the games hold, along random games of all three."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pygame_rules import frozen, get_game
from pygame_rules.rng import Rng


def values(value: Any) -> list[Any]:
    """``value`` and every dataclass value inside it."""
    found = [value] if dataclasses.is_dataclass(value) and not isinstance(value, type) else []
    parts = [getattr(value, f.name) for f in dataclasses.fields(value)] if found else \
        list(value) if isinstance(value, tuple) else []
    for part in parts:
        found += values(part)
    return found


@pytest.mark.parametrize("name, players", [("babel", 4), ("saba", 3), ("tuerme", 3)])
def test_a_copy_with_changes_is_what_dataclasses_makes(name: str, players: int) -> None:
    game, rng = get_game(name), Rng.from_seed(2)
    state, checked = game.new_game(players, seed=2), set()
    for _ in range(120):
        for value in values(state):
            fields = dataclasses.fields(value)
            for field in fields:
                changed = {field.name: getattr(value, fields[rng.randbelow(len(fields))].name)}
                assert frozen.replace(value, **changed) == dataclasses.replace(value, **changed)
            assert frozen.replace(value) == value and frozen.replace(value) is not value
            checked.add(type(value))
        if game.is_over(state):
            break
        player = game.to_move(state)[0]
        state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
    assert checked


def test_other_classes_are_left_to_dataclasses() -> None:
    @dataclasses.dataclass
    class Open:
        x: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("negative")

    assert frozen.replace(Open(1), x=2) == Open(2)
    with pytest.raises(ValueError, match="negative"):
        frozen.replace(Checked(1), x=-1)
