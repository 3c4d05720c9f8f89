"""A game being played: seats, the move record, undo, replay and the save format.

Used by the browser front end (autosave, resume, import/export) and by the
tests; it has no browser imports.

A save is a JSON object with its own format tag and version. It stores the
setup (seed, options, seats) and every move, and the final state as a check:
loading replays every move through the rules, so a tampered or truncated
save is rejected with a clear message instead of producing a broken game.

>>> from pygame_rules.session import Session, Seat
>>> import pygame_rules
>>> if pygame_rules.GAMES:
...     game = next(iter(pygame_rules.GAMES.values()))
...     s = Session.new(game.name, [Seat(f"P{i}", name) for i, (name, _) in
...                     enumerate(game.colours[:game.min_players])], seed=3)
...     Session.from_json(s.to_json()).state == s.state
... else:
...     True
True
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Sequence
from typing import Any

from . import __version__
from .errors import IllegalAction, InvalidState
from .protocol import Game
from .registry import get_game
from .rng import random_seed

SAVE_FORMAT = "pygame_rules.save"
SAVE_VERSION = 1
SEAT_KINDS = ("human", "easy", "medium", "hard")
#: The range of a computer player's thinking time per decision, in seconds: what the
#: setup form offers and what a save may hold.
BOT_TIME_MIN, BOT_TIME_MAX = 0.1, 30.0


class SaveError(ValueError):
    """A save that can't be loaded; the message is meant for the player."""


@dataclasses.dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, a colour and whether a person or a bot (by level) plays it."""

    name: str
    colour: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


@dataclasses.dataclass(frozen=True)
class Move:
    player: int
    action: Any
    text: str


class Session:
    """A game from its setup through every move; ``states[k]`` is the state after k moves."""

    def __init__(self, game: Game[Any, Any], seats: Sequence[Seat], seed: int,
                 options: dict[str, Any], *, id: str = "", created: int = 0,
                 bot_time: float = 1.0, start: Any = None) -> None:
        """A game set up from ``seed`` and ``options``, or one from the position ``start``
        on (see :meth:`from_position`)."""
        self.game = game
        self.seats = tuple(seats)
        self.seed = seed
        self.options = dict(options)
        #: Seconds a computer player may think per decision.
        self.bot_time = bot_time
        self.id = id or f"{game.name}-{seed}-{int(time.time() * 1000)}"
        self.created = created or int(time.time() * 1000)
        self.moves: list[Move] = []
        #: True if the game starts from a given position, which a save can't replay.
        self.given_start = start is not None
        self.states = [start if start is not None
                       else game.new_game(len(self.seats), seed=seed, options=options)]

    @classmethod
    def new(cls, game_name: str, seats: Sequence[Seat], seed: int | None = None,
            options: dict[str, Any] | None = None, bot_time: float = 1.0) -> Session:
        game = get_game(game_name)
        seed = random_seed() if seed is None else seed
        return cls(game, seats, seed, game.resolve_options(options), bot_time=bot_time)

    @classmethod
    def from_position(cls, game: Game[Any, Any], start: Any, seats: Sequence[Seat]) -> Session:
        """A game from a given position on (a diagram's), with a seat per player of it.
        It has no seed that sets it up, so it can't be saved."""
        return cls(game, seats, 0, {}, start=start)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def play(self, player: int, action: Any, *, after: int | None = None) -> Any:
        """Apply a move (IllegalAction if not allowed) and record it with its log text.

        It is played on the position after ``after`` moves (default: all of them); the
        moves recorded after that position give way to it (a reader trying another line).
        """
        ply = len(self.moves) if after is None else after
        before = self.states[ply]
        text = self.game.action_text(before, action, [seat.name for seat in self.seats])
        new_state = self.game.apply(before, player, action)
        del self.moves[ply:], self.states[ply + 1:]
        self.moves.append(Move(player, action, text))
        self.states.append(new_state)
        return new_state

    def _undo_count(self) -> tuple[int, str | None]:
        """How many moves an undo takes back (the computer players' replies and the last
        move of a person), or the reason it can't."""
        for back, move in enumerate(reversed(self.moves), 1):
            k = len(self.moves) - back
            reason = self.game.undo_blocker(self.states[k], self.states[k + 1], move.player)
            if reason:
                who = "a computer player's move since yours" if self.seats[move.player].is_bot else "that move"
                return 0, f"{who}: {reason}"
            if not self.seats[move.player].is_bot:
                return back, None
        if self.moves:
            return 0, "only computer players have moved"
        return 0, "there is no move to take back"

    def undo_blocker(self) -> str | None:
        """Why the last person's move can't be taken back, or None if it can."""
        return self._undo_count()[1]

    def undo(self) -> list[Move]:
        """Take back the last move made by a person, and the computer players' replies since."""
        count, reason = self._undo_count()
        if reason:
            raise IllegalAction(f"can't undo: {reason}")
        taken = self.moves[-count:]
        del self.moves[-count:]
        del self.states[-count:]
        return taken

    # ------------------------------------------------------------------ saves
    def to_json(self) -> dict[str, Any]:
        """The save; a game from a given position has none (ValueError)."""
        if self.given_start:
            raise ValueError("a game started from a given position can't be saved")
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "app": __version__,
            "game": self.game.name, "rules": self.game.rules_version,
            "id": self.id, "created": self.created, "updated": int(time.time() * 1000),
            "seed": self.seed, "options": self.options, "bot_time": self.bot_time,
            "seats": [dataclasses.asdict(s) for s in self.seats],
            "moves": [{"player": m.player, "action": self.game.action_to_json(m.action)}
                      for m in self.moves],
            "state": self.game.state_to_json(self.state),
        }

    def to_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_text(cls, text: str) -> Session:
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            raise SaveError("this is not a saved game: the file is not valid JSON "
                            "(it may be truncated or of another kind)") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """Validate a save and rebuild the game by replaying it; problems raise SaveError."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a pygame_rules saved game")
        version = data.get("version")
        if not isinstance(version, int) or version > SAVE_VERSION:
            raise SaveError("this save was made by a newer version of the app; update the app to open it")
        try:
            game = get_game(str(data.get("game")))
        except ValueError as exc:
            raise SaveError(f"this save is for a game this app does not have ({exc})") from None
        rules = data.get("rules")
        if not isinstance(rules, int) or rules > game.rules_version:
            raise SaveError(f"this {game.title} save uses newer rules than this app knows")
        seats = _seats(data.get("seats"), game)
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SaveError("the save has no valid seed")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise SaveError("the save has no move list")
        try:
            session = cls(game, seats, seed, game.resolve_options(data.get("options")),
                          id=str(data.get("id") or ""), created=_int(data.get("created")),
                          bot_time=_bot_time(data.get("bot_time", 1.0)))
        except ValueError as exc:
            raise SaveError(f"the save's setup is invalid: {exc}") from None
        for number, move in enumerate(moves, 1):
            try:
                if not isinstance(move, dict) or not isinstance(move.get("player"), int):
                    raise InvalidState("not a move")
                session.play(move["player"], game.action_from_json(move.get("action")))
            except (InvalidState, IllegalAction) as exc:
                raise SaveError(f"move {number} of the save is invalid ({exc})") from None
        if "state" in data and rules == game.rules_version \
                and data["state"] != game.state_to_json(session.state):
            raise SaveError("the save is inconsistent: its moves do not lead to its stored position")
        return session


def _seats(raw: Any, game: Game[Any, Any]) -> list[Seat]:
    if not isinstance(raw, list) or not (game.min_players <= len(raw) <= game.max_players):
        raise SaveError(f"the save must list {game.min_players}–{game.max_players} seats")
    seats = []
    for item in raw:
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("name", "colour")):
            raise SaveError("a seat in the save has no name or colour")
        kind = item.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise SaveError(f"unknown player kind {kind!r} in the save")
        seats.append(Seat(item["name"][:40], item["colour"], kind))
    return seats


def is_bot_time(value: object) -> bool:
    """Whether ``value`` is a thinking time in seconds a computer player may be given."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and BOT_TIME_MIN <= value <= BOT_TIME_MAX


def bot_time_range() -> str:
    """The allowed thinking times, in words: ``between 0.1 and 30 seconds``."""
    return f"between {BOT_TIME_MIN:g} and {BOT_TIME_MAX:g} seconds"


def _bot_time(value: Any) -> float:
    if not is_bot_time(value):
        raise SaveError(f"the save's computer thinking time is not {bot_time_range()}")
    return float(value)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
