"""A game being played: seats, the move record, undo, replay and the save format.

Used by the browser front end (autosave, resume, import/export) and by the
tests; it has no browser imports.

A save is a JSON object with its own format tag and version. It stores the
setup (seed, options, seats) and every move, and the final state as a check:
loading replays every move through the rules, so a tampered or truncated
save is rejected with a clear message instead of producing a broken game.

Saves come from outside (a file, the browser's storage), so they pass the gate
(:mod:`pygame_rules.gate`) before anything reads them: :meth:`Session.from_text`,
:meth:`Session.from_json` and :meth:`Session.salvage` raise or report nothing but
:class:`SaveError`, with a message of at most 200 characters in the active language,
whatever the text holds. The limits a save must keep are those every session keeps while it is
played (names, colours, seed, thinking time, :data:`MAX_MOVES`), so a game this
module wrote can always be read back.

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
import re
import time
from collections.abc import Sequence
from typing import Any

from . import __version__
from .errors import IllegalAction, InvalidState
from .gate import (
    MAX_INT,
    MAX_VALUES,
    Fields,
    Limits,
    choices_text,
    colour,
    data_depth,
    decimal,
    describe,
    fail,
    name,
    nested_text,
    read_json,
    shorten,
)
from .i18n import N_, _, ngettext, number
from .protocol import Game
from .registry import GAMES, get_game
from .rng import random_seed
from .steps import Steps, run

SAVE_FORMAT = "pygame_rules.save"
#: The newest save format this app reads. Version 2 adds ``resigned`` (the seat of the person
#: who resigned, which ended the game after the save's last move), version 3 the moves' ``marks``
#: (:data:`MARKS`). A save is written in the oldest version that holds what it holds, so that
#: older apps read it where they can: a game without either is version 1.
SAVE_VERSION = 3
#: The first versions that may hold a resignation, and the moves' marks.
_RESIGNED_VERSION, _MARKED_VERSION = 2, 3
#: What the log and Undo know of how a move was made, beside the move itself (the game screen
#: sets them): ``hint``, made after its player asked for a hint; ``automatic``, played for a
#: person, his only possible action; ``joined``, played with the move before it (a quantity
#: chosen at once), which Undo takes back with it.
MARKS = ("hint", "automatic", "joined")
SEAT_KINDS = ("human", "easy", "medium", "hard")
#: The range of a computer player's thinking time per decision, in seconds: what the
#: setup form offers and what a save may hold.
BOT_TIME_MIN, BOT_TIME_MAX = 0.1, 30.0
#: The longest name a seat may have.
MAX_NAME = 40
#: The most moves a game may have, which bounds a save's replay. It lies above the longest
#: game the quiet end allows (:mod:`pygame_rules.quiet`; Saba 4,087 moves, Türme 3,320, Babel
#: 2,624), so only a game played without it can reach this limit.
MAX_MOVES = 4_500
#: The most values one move takes in a save's text, its comma included, as the gate counts
#: them (:func:`~pygame_rules.gate.structure`): Babel's acceptance of four offers with a joker,
#: with every mark.
MOVE_VALUES = 31
#: A save's text is read only within these limits (a long game's save is about 100 kB
#: and nests 7 levels deep); its values: :data:`MAX_MOVES` of the largest moves, and as
#: many as any document may hold for the rest (the setup and the position: under 1,000).
SAVE_LIMITS = Limits(N_("the saved game"), 4_000_000, 16, MAX_MOVES * MOVE_VALUES + MAX_VALUES)
#: A save's id: how the browser's storage knows it.
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_SAVE_FIELDS = ("format", "version", "app", "game", "rules", "id", "created", "updated", "seed",
                "options", "bot_time", "seats", "moves", "state", "resigned")
_SAVE_LABELS = {"app": N_("app version"), "created": N_("creation time"), "updated": N_("time of saving"),
                "resigned": N_("resignation")}


class SaveError(ValueError):
    """A save that can't be loaded; the message is meant for the player."""


@dataclasses.dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, a colour and whether a person or a bot (by level) plays it.

    The colour is one of the game's colour names, or a ``#rrggbb`` colour of a save made
    elsewhere; :class:`~pygame_rules.session.Session` admits no other."""

    name: str
    colour: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


def check_seats(game: Game[Any, Any], seats: Sequence[Seat], error: type[ValueError] = ValueError) -> None:
    """Raise ``error`` naming the seat unless every seat has a readable name of at most
    :data:`MAX_NAME` characters, a colour of ``game`` (or ``#rrggbb``) and a known kind."""
    palette = [colour_name for colour_name, _css in game.colours]
    for place, seat in enumerate(seats, 1):
        name(seat.name, _("seat {number}'s name").format(number=place), MAX_NAME, error)
        colour(seat.colour, palette, _("seat {number}'s colour").format(number=place), error)
        if seat.kind not in SEAT_KINDS:
            fail(error, _("seat {number} is played by {value}, not one of {choices}").format(
                number=place, value=describe(seat.kind), choices=choices_text(SEAT_KINDS)))


@dataclasses.dataclass(frozen=True)
class Move:
    """A move of the record: who took which action (its log text depends on who reads it:
    :meth:`Session.log_text`)."""

    player: int
    action: Any
    #: Which of :data:`MARKS` the move has.
    marks: frozenset[str] = frozenset()


class Session:
    """A game from its setup through every move; ``states[k]`` is the state after k moves."""

    def __init__(self, game: Game[Any, Any], seats: Sequence[Seat], seed: int,
                 options: dict[str, Any], *, id: str = "", created: int = 0, updated: int = 0,
                 bot_time: float = 1.0, start: Any = None) -> None:
        """A game set up from ``seed`` and ``options``, or one from the position ``start``
        on (see :meth:`from_position`). Seats, seed, id and thinking time outside what a
        save may hold raise ValueError (see :func:`check_seats`)."""
        check_seats(game, seats)
        if not (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_INT):
            raise ValueError(_("the seed must be a whole number from 0 to {high}, not {value}").format(
                high=MAX_INT, value=describe(seed)))
        if id and not _ID.fullmatch(id):
            raise ValueError(_("a game's id may hold only letters, digits, '.', '_' and '-', not {value}").format(
                value=describe(id)))
        if not is_bot_time(bot_time):
            raise ValueError(_("the computer thinking time must be between {low} and {high} seconds").format(
                low=decimal(BOT_TIME_MIN), high=decimal(BOT_TIME_MAX)))
        self.game = game
        self.seats = tuple(seats)
        self.seed = seed
        self.options = dict(options)
        #: Seconds a computer player may think per decision.
        self.bot_time = float(bot_time)
        self.id = id or _fresh_id(game, seed)
        self.created = created or int(time.time() * 1000)
        #: When the save this game was read from was written (ms since 1970; 0: never saved).
        self.updated = updated
        self.moves: list[Move] = []
        #: True if the game starts from a given position, which a save can't replay.
        self.given_start = start is not None
        self.states = [start if start is not None
                       else game.new_game(len(self.seats), seed=seed, options=options)]
        #: The seat of the person who resigned after the last move, ending the game; None.
        self.resigned: int | None = None

    @classmethod
    def new(cls, game_name: str, seats: Sequence[Seat], seed: int | None = None,
            options: dict[str, Any] | None = None, bot_time: float = 1.0) -> Session:
        """A new game of ``game_name``; a bad seat, seed, option or thinking time raises ValueError."""
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

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: by its rules, or because a person resigned."""
        return self.resigned is not None or self.game.is_over(self.state)

    def resign_blocker(self, player: int) -> str | None:
        """Why ``player`` can't resign now (a clause in the active language), or None: only
        a person may, and only while the game goes on."""
        if not (isinstance(player, int) and 0 <= player < len(self.seats)):
            return _("there is no seat {value}").format(value=describe(player))
        if self.seats[player].is_bot:
            return _("{name} is a computer player").format(name=self.seats[player].name)
        if self.resigned is not None:
            return _("{name} has resigned").format(name=self.seats[self.resigned].name)
        if self.game.is_over(self.state):
            return _("the game is over")
        return None

    def resign(self, player: int) -> None:
        """The person at seat ``player`` resigns: the game ends after the moves made so far
        (IllegalAction if :meth:`resign_blocker` says no). The save records who resigned."""
        reason = self.resign_blocker(player)
        if reason:
            raise IllegalAction(_("can't resign: {reason}").format(reason=reason))
        self.resigned = player

    def play(self, player: int, action: Any, *, after: int | None = None, marks: Sequence[str] = ()) -> Any:
        """Apply a move (IllegalAction if not allowed) and record it, with its ``marks``
        (:data:`MARKS`; another raises ValueError).

        It is played on the position after ``after`` moves (default: all of them); the
        moves recorded after that position give way to it (a reader trying another line).
        The rules judge the move before anything else looks at it.
        """
        if not set(marks) <= set(MARKS):
            raise ValueError(_("{what} must be one of {choices}, not {value}").format(
                what=_("marks"), choices=choices_text(MARKS), value=describe(tuple(marks))))
        ply = len(self.moves) if after is None else after
        if self.resigned is not None:
            raise IllegalAction(_("the game is over: {name} has resigned").format(
                name=self.seats[self.resigned].name))
        if ply >= MAX_MOVES:
            raise IllegalAction(_("the game has reached {n} moves, the most a save can hold").format(
                n=number(MAX_MOVES)))
        before = self.states[ply]
        new_state = self.game.apply(before, player, action)
        del self.moves[ply:], self.states[ply + 1:]
        self.moves.append(Move(player, action, frozenset(marks)))
        self.states.append(new_state)
        return new_state

    def log_text(self, ply: int, viewer: int | None = None) -> str:
        """The log's entry for move number ``ply`` (1-based) as ``viewer`` reads it (None:
        everybody), players named by their seats' names."""
        move = self.moves[ply - 1]
        return self.game.move_text(self.states[ply - 1], move.player, move.action, self.states[ply],
                                   [seat.name for seat in self.seats], viewer=viewer)

    def _undo_count(self, by: int | None) -> tuple[int, str | None]:
        """How many moves an undo by the person ``by`` takes back (the computer players'
        replies and his own last move, with the moves it was played with: ``joined``;
        ``by`` None: the last move of any person), or the reason it can't, in the active
        language. A move it was played with that can't be taken back stays."""
        if self.resigned is not None:
            return 0, _("{name} has resigned, which ended the game").format(name=self.seats[self.resigned].name)
        found = 0  # the moves taken back up to a person's joined move, which goes with the one before
        for back, move in enumerate(reversed(self.moves), 1):
            k = len(self.moves) - back
            person = not self.seats[move.player].is_bot
            refusal = None
            if person and by is not None and move.player != by:
                refusal = _("it would take back {name}'s move, and you may take back only your own").format(
                    name=self.seats[move.player].name)
            elif reason := self.game.undo_blocker(self.states[k], self.states[k + 1], move.player):
                template = _("that move: {reason}") if person else \
                    _("a computer player's move since yours: {reason}")
                refusal = template.format(reason=reason)
            if refusal:
                return (found, None) if found else (0, refusal)
            if person and "joined" not in move.marks:
                return back, None
            if person:
                found = back
        if found:
            return found, None
        if self.moves:
            return 0, _("only computer players have moved")
        return 0, _("there is no move to take back")

    def undo_blocker(self, by: int | None = None) -> str | None:
        """Why the person ``by`` can't take back his last move (None: any person's last
        move), or None if he can; the reason is a clause in the active language."""
        return self._undo_count(by)[1]

    def undo(self, by: int | None = None) -> list[Move]:
        """Take back the last move made by the person ``by`` (None: by any person), and the
        computer players' replies since; IllegalAction if :meth:`undo_blocker` says no.
        No move of another person is ever taken back with it."""
        count, reason = self._undo_count(by)
        if reason:
            raise IllegalAction(_("can't undo: {reason}").format(reason=reason))
        taken = self.moves[-count:]
        del self.moves[-count:]
        del self.states[-count:]
        return taken

    # ------------------------------------------------------------------ saves
    def renew_id(self) -> None:
        """Give the game a new :attr:`id`, so that it is stored beside the save it was
        read from instead of replacing it (an imported copy, a salvaged game)."""
        self.id = _fresh_id(self.game, self.seed)

    def to_json(self) -> dict[str, Any]:
        """The save; a game from a given position has none (ValueError)."""
        if self.given_start:
            raise ValueError(_("a game started from a given position can't be saved"))
        resigned = {} if self.resigned is None else {"resigned": self.resigned}
        version = _MARKED_VERSION if any(m.marks for m in self.moves) else \
            _RESIGNED_VERSION if self.resigned is not None else 1
        return {
            "format": SAVE_FORMAT, "version": version,
            "app": __version__,
            "game": self.game.name, "rules": self.game.rules_version,
            "id": self.id, "created": self.created, "updated": int(time.time() * 1000),
            "seed": self.seed, "options": self.options, "bot_time": self.bot_time,
            "seats": [dataclasses.asdict(s) for s in self.seats],
            "moves": [{"player": m.player, "action": self.game.action_to_json(m.action),
                       **({"marks": [mark for mark in MARKS if mark in m.marks]} if m.marks else {})}
                      for m in self.moves],
            "state": self.game.state_to_json(self.state),
            **resigned,
        }

    def to_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_text(cls, text: object) -> Session:
        """The game saved in ``text`` (a file's or a stored save's contents), replayed
        move by move; SaveError says why not, for anything ``text`` may hold."""
        return run(cls.reading(text))

    @classmethod
    def reading(cls, text: object) -> Steps[Session]:
        """:meth:`from_text` in steps (:mod:`pygame_rules.steps`), a step per move replayed:
        a long game takes a browser tens of milliseconds to replay."""
        return (yield from cls._checked(read_json(text, SAVE_LIMITS, SaveError)))

    @classmethod
    def from_json(cls, data: object) -> Session:
        """Validate a save and rebuild the game by replaying it; problems raise SaveError."""
        return run(cls._checked(data))

    @classmethod
    def _checked(cls, data: object) -> Steps[Session]:
        session, problem = yield from cls._replaying(data)
        if problem is not None:
            raise problem
        return session

    @classmethod
    def salvage(cls, text: object) -> tuple[Session | None, str]:
        """What start-up can make of a stored save: ``(session, "")`` for a good one;
        ``(session, reason)`` for a damaged one whose setup is good, the session holding
        the moves up to the first bad one (possibly none), i.e. the last good position;
        ``(None, reason)`` if not even the setup can be read. ``reason`` is the message
        :meth:`from_text` would raise. A salvaged session has a new :attr:`id`, so storing
        it never replaces the damaged save, which stays as it is (to export or delete).

        It replays the whole save, as loading does (:meth:`salvaging` in steps).
        """
        return run(cls.salvaging(text))

    @classmethod
    def salvaging(cls, text: object) -> Steps[tuple[Session | None, str]]:
        """:meth:`salvage` in steps, a step per move replayed."""
        try:
            session, problem = yield from cls._replaying(read_json(text, SAVE_LIMITS, SaveError))
        except SaveError as exc:
            return None, str(exc)
        if problem is None:
            return session, ""
        session.renew_id()
        return session, str(problem)

    @classmethod
    def _replaying(cls, data: object) -> Steps[tuple[Session, SaveError | None]]:
        """The save's game with as many of its moves as replay, and the problem that
        stopped it (None: the whole save is good); SaveError if its setup is bad. Yields
        after each move."""
        session, moves, stored, resigned = cls._setup(data)
        older = isinstance(data, dict) and data.get("rules", 0) < session.game.rules_version
        marked = isinstance(data, dict) and data.get("version") == _MARKED_VERSION  # (_setup read it)
        for count, move in enumerate(moves, 1):
            try:
                session._replay_move(move, older, marked)
            except (InvalidState, IllegalAction) as exc:
                return session, SaveError(shorten(_("move {number} of the save is invalid: {reason}").format(
                    number=count, reason=exc)))
            yield
        if stored is not None and stored != session.game.state_to_json(session.state):
            return session, SaveError(_("the save is inconsistent: its moves do not lead to its stored position"))
        if resigned is not None:
            reason = session.resign_blocker(resigned)
            if reason:
                return session, SaveError(shorten(_("the save's resignation is invalid: {reason}").format(
                    reason=reason)))
            session.resigned = resigned
        return session, None

    @classmethod
    def _setup(cls, data: object) -> tuple[Session, list[Any], Any, int | None]:
        """The game set up as the save says, its raw moves, the stored position to
        check them against (None when the save's rules are older than the game's) and the
        seat that resigned after them (None: nobody; only a version 2 save may say)."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(_("this is not a pygame_rules saved game"))
        if data_depth(data, SAVE_LIMITS.max_depth) > SAVE_LIMITS.max_depth:
            raise SaveError(nested_text(SAVE_LIMITS.what, SAVE_LIMITS.max_depth))
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
            raise SaveError(_("this save was made by a newer version of the app; update the app to open it"))
        save = Fields(data, N_("the save"), SaveError, known=_SAVE_FIELDS, labels=_SAVE_LABELS)
        version = save.integer("version", 1, SAVE_VERSION)
        save.text("app", 40, default="")
        game_name = save.text("game", 40)
        if game_name not in GAMES:
            fail(SaveError, _("this save is for a game this app does not have ({value}; it has {games})").format(
                value=describe(game_name), games=choices_text(sorted(GAMES))))
        game = GAMES[game_name]
        rules = save.integer("rules", 1, MAX_INT)
        if rules > game.rules_version:
            raise SaveError(_("this {game} save uses newer rules than this app knows").format(game=game.title))
        raw_seats = save.items("seats", game.max_players)
        if len(raw_seats) < game.min_players:
            raise SaveError(ngettext("the save must list {low}–{high} seat", "the save must list {low}–{high} seats",
                                     game.max_players).format(low=game.min_players, high=game.max_players))
        seats = [_seat(place, raw) for place, raw in enumerate(raw_seats, 1)]
        check_seats(game, seats, SaveError)
        bot_time = save.get("bot_time", 1.0)
        if not is_bot_time(bot_time):
            raise SaveError(_("the save's computer thinking time is not between {low} and {high} seconds").format(
                low=decimal(BOT_TIME_MIN), high=decimal(BOT_TIME_MAX)))
        save_id = save.text("id", 100, default="")
        if save_id and not _ID.fullmatch(save_id):
            raise SaveError(_("the save's id may hold only letters, digits, '.', '_' and '-'"))
        raw_options = save.object("options", default={})
        try:
            options = game.resolve_options(raw_options, rules)
        except ValueError as exc:
            fail(SaveError, _("the save's options are invalid: {reason}").format(reason=exc))
        session = cls(game, seats, save.integer("seed", 0, MAX_INT), options, id=save_id,
                      created=save.integer("created", 0, MAX_INT, default=0),
                      updated=save.integer("updated", 0, MAX_INT, default=0), bot_time=bot_time)
        moves = save.items("moves", MAX_MOVES)
        stored = save.get("state", None) if rules == game.rules_version else None
        resigned = None
        if save.has("resigned"):
            if version < _RESIGNED_VERSION:
                raise SaveError(_("a save of version 1 can't hold a resignation"))
            resigned = save.integer("resigned", 0, len(seats) - 1)
        return session, moves, stored, resigned

    def _replay_move(self, raw: object, older_rules: bool = False, marked: bool = False) -> None:
        """Play a move as a save holds it; InvalidState or IllegalAction say what is wrong.
        A save made under older rules first gets the moves those rules did not ask for
        (:meth:`_play_forced`). Only a ``marked`` save (version 3) may give a move marks."""
        move = Fields(raw, N_("the move"), InvalidState, known=("player", "action", "marks"),
                      labels={"marks": N_("marks")})
        player = move.integer("player", 0, len(self.seats) - 1)
        action = self.game.action_from_json(move.get("action"))
        marks = move.items("marks", len(MARKS), default=[])
        if marks and not marked:
            raise InvalidState(_("only a save of version 3 can hold the marks of its moves"))
        for mark in marks:
            if mark not in MARKS:
                fail(InvalidState, _("{what} must be one of {choices}, not {value}").format(
                    what=move.field("marks"), choices=choices_text(MARKS), value=describe(mark)))
        if older_rules:
            self._play_forced(player, action)
        self.play(player, action, marks=marks)

    def _play_forced(self, player: int, action: Any) -> None:
        """While ``action`` can't be played yet and every player to move has exactly one
        legal action, play those: the answers newer rules ask for that an older save does
        not hold (Babel's rules 3 ask every turned-down offerer who holds action cards
        about a third bonus, not only the holders; the others can only say no)."""
        game = self.game
        while True:
            movers = game.to_move(self.state)
            if player in movers and game.action_problem(action) is None \
                    and game.why_illegal(self.state, player, action) is None:
                return
            forced = [(p, game.legal_actions(self.state, p)) for p in movers]
            if not forced or any(len(actions) != 1 for _player, actions in forced):
                return
            for p, actions in forced:
                self.play(p, actions[0])


def _seat(place: int, raw: object) -> Seat:
    """Seat number ``place`` of a save, as it is written (:func:`check_seats` judges its values)."""
    seat = Fields(raw, _("seat {number}").format(number=place), SaveError, known=("name", "colour", "kind"))
    return Seat(seat.get("name"), seat.get("colour"), seat.get("kind", "human"))


def _fresh_id(game: Game[Any, Any], seed: int) -> str:
    return f"{game.name}-{seed}-{time.time_ns() // 1000}"


def is_bot_time(value: object) -> bool:
    """Whether ``value`` is a thinking time in seconds a computer player may be given."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and BOT_TIME_MIN <= value <= BOT_TIME_MAX


def bot_time_range() -> str:
    """The allowed thinking times, in words of the active language: ``between 0.1 and 30 seconds``."""
    return _("between {low} and {high} seconds").format(low=decimal(BOT_TIME_MIN), high=decimal(BOT_TIME_MAX))
