"""Saved games in ``localStorage``: one key per game, plus a pointer to the open one.

Writes can fail (storage full, disabled); they return an error message and
the game goes on. Reading never deletes anything: a damaged entry is listed
as damaged, and only the player's explicit "delete" removes it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pyscript import window

from pygame_rules.session import Session

PREFIX = "pygame_rules.save."
CURRENT = "pygame_rules.current"


@dataclass(frozen=True)
class Entry:
    """A saved game as listed on the home screen (read without replaying it)."""

    id: str
    game: str
    title: str
    players: str
    moves: int
    updated: int
    finished: bool
    problem: str = ""


def _store() -> Any:
    return window.localStorage


def save(session: Session) -> str | None:
    """Store the session and mark it as the open game; returns an error message or None."""
    try:
        _store().setItem(PREFIX + session.id, session.to_text())
        _store().setItem(CURRENT, session.id)
    except Exception as exc:  # QuotaExceededError, SecurityError (storage disabled)
        name = str(getattr(getattr(exc, "js_error", None), "name", "") or type(exc).__name__)
        if "Quota" in name or "quota" in str(exc).lower():
            return ("Browser storage is full, so this game is not being saved. Export it or "
                    "delete old saved games; you can keep playing.")
        return f"This game can't be saved in this browser ({name}); you can keep playing."
    return None


def _text(value: Any) -> str | None:
    """A stored string, or None for JS null (which arrives as a JsNull object)."""
    return value if isinstance(value, str) else None


def load_text(save_id: str) -> str | None:
    return _text(_store().getItem(PREFIX + save_id))


def exists(save_id: str) -> bool:
    return load_text(save_id) is not None


def delete(save_id: str) -> None:
    _store().removeItem(PREFIX + save_id)
    if _store().getItem(CURRENT) == save_id:
        _store().removeItem(CURRENT)


def current_id() -> str | None:
    return _text(_store().getItem(CURRENT))


def close_current() -> None:
    _store().removeItem(CURRENT)


def entries() -> list[Entry]:
    """Every saved game, newest first; damaged ones are listed with their problem."""
    from pygame_rules import GAMES

    store = _store()
    keys = [store.key(i) for i in range(store.length)]
    out = []
    for key in keys:
        if not isinstance(key, str) or not key.startswith(PREFIX):
            continue
        save_id = key[len(PREFIX):]
        try:
            data = json.loads(store.getItem(key))
            game = GAMES[data["game"]]
            players = ", ".join(seat["name"] for seat in data["seats"])
            finished = bool(game.is_over(game.state_from_json(data["state"])))
            out.append(Entry(save_id, game.name, game.title, players, len(data["moves"]),
                             int(data.get("updated", 0)), finished))
        except Exception as exc:  # anything wrong with it: list it as damaged
            out.append(Entry(save_id, "", "Damaged save", "", 0, 0, False,
                             problem=f"can't be read ({type(exc).__name__})"))
    return sorted(out, key=lambda e: e.updated, reverse=True)
