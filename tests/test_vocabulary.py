"""One vocabulary: every game package has the modules and the names that ``docs/code.md`` lists,
so the tables there can't drift from the code (nor the games from each other)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import typing
from pathlib import Path
from types import ModuleType

import pytest

from pygame_rules import quiet
from pygame_rules.options import declared
from pygame_rules.record import GameRecord
from pygame_rules.registry import RECORDS

ROOT = Path(__file__).resolve().parent.parent
CODE = (ROOT / "docs" / "code.md").read_text(encoding="utf-8")
GAMES = sorted(RECORDS)


def table(first: str) -> list[list[str]]:
    """The rows (cells stripped) of the table of ``docs/code.md`` whose header starts with ``first``."""
    lines = CODE.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def quoted(cell: str) -> list[str]:
    """The names written as code in a cell."""
    return re.findall(r"`([^`]+)`", cell)


def stem(game: str) -> str:
    """What ``{Game}`` stands for: the engine's class name."""
    return type(RECORDS[game].engine).__name__


def module(game: str, path: str) -> ModuleType:
    """The module at ``path`` (as the table writes it) of ``game``'s package, or outside it."""
    name = path.removesuffix(".py").replace("/", ".")
    if "<game>" in name:
        return importlib.import_module(f"pygame_rules.{name.replace('<game>', game)}")
    return importlib.import_module(f"pygame_rules.{game}" + ("" if name == "__init__" else f".{name}"))


MODULES = [(row[0], quoted(row[2])) for row in table("module")]
SOME = [(quoted(row[0])[0], quoted(row[1])[0], row[2].replace(" ", "").split(",")) for row in table("name")]


def is_type(value: object) -> bool:
    return inspect.isclass(value) or typing.get_origin(value) is typing.Union


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("path", "names"), MODULES, ids=[path for path, _names in MODULES])
def test_every_game_has_each_module_with_its_names(game: str, path: str, names: list[str]) -> None:
    mod = module(game, quoted(path)[0])
    for written in names:
        name = written.replace("{Game}", stem(game))
        assert hasattr(mod, name), f"{mod.__name__} lacks {name}"
        value = getattr(mod, name)
        if written[0].isupper() and not written.isupper():  # a type: the same name in every game
            assert is_type(value), f"{mod.__name__}.{name} is not a type"
        if not path.startswith("`__init__") and (inspect.isclass(value) or inspect.isfunction(value)):
            assert value.__module__ == mod.__name__, f"{name} is made in {value.__module__}, not {mod.__name__}"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_lists_every_module_of_a_package(game: str) -> None:
    listed = {quoted(path)[0] for path, _names in MODULES if "<game>" not in path}
    assert {p.name for p in (ROOT / "pygame_rules" / game).glob("*.py")} == listed


@pytest.mark.parametrize(("name", "path", "games"), SOME, ids=[name for name, _path, _games in SOME])
def test_names_some_games_lack(name: str, path: str, games: list[str]) -> None:
    assert set(games) <= set(GAMES)
    for game in GAMES:
        assert hasattr(module(game, path), name) == (game in games), (game, name)


def test_the_record_table_names_the_record() -> None:
    written = {quoted(row[0])[0] for row in table("field")}
    assert written == {f.name for f in dataclasses.fields(GameRecord)} | {"options"}
    assert isinstance(vars(GameRecord)["options"], property)


@pytest.mark.parametrize("game", GAMES)
def test_the_options_are_the_variants_the_quiet_end_and_the_readings(game: str) -> None:
    record = RECORDS[game]
    state = module(game, "state.py")
    assert record.options == record.engine.options == (
        *declared(state.Variants), *[o for o in record.options if o.name == quiet.NAME], *declared(state.Readings))
    assert [o.name for o in declared(state.Variants)] == [f.name for f in dataclasses.fields(state.Variants)]
    assert [o.name for o in declared(state.Readings)] == [f.name for f in dataclasses.fields(state.Readings)]
    assert all(o.is_reading for o in declared(state.Readings))
    assert not any(o.is_reading for o in declared(state.Variants))
