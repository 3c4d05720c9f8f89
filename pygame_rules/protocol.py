"""The engine protocol every game implements, and the helpers it shares.

A game is a stateless object (one instance per game, see :mod:`.registry`)
that works on immutable states::

    game = get_game("tuerme")
    state = game.new_game(num_players=3, seed=7)
    while not game.is_over(state):
        player = game.to_move(state)[0]
        action = game.legal_actions(state, player)[0]
        state = game.apply(state, player, action)
    game.scores(state), game.winners(state)

Legality has one source per game, :meth:`Game.why_illegal`; :meth:`Game.apply`
calls it and raises :class:`IllegalAction` with its reason, so an illegal
action never reaches :meth:`Game.play` and never changes a state.
Several players may be asked to act at once (sealed simultaneous offers):
:meth:`Game.to_move` then returns all of them and each applies his own action.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, get_args

from . import codec
from .errors import IllegalAction, InvalidState
from .gate import Limits, check_text, choices_text, describe
from .rng import Rng, random_seed

S = TypeVar("S")
A = TypeVar("A")
OptionValue = bool | int | str

#: Format version of :meth:`Game.state_to_json` documents.
STATE_FORMAT = 1
#: A position text is read only within these limits (Babel's longest is about 600 characters).
POSITION_LIMITS = Limits("the position", 10_000)


@dataclasses.dataclass(frozen=True)
class Option:
    """A game option (variant or rule switch) with its default and a label for menus.

    A *rule reading* is an option for a sentence of the rulebook that can be read two
    ways: ``quote`` holds that sentence in the rulebook's own language (``quote_lang``,
    a BCP 47 tag such as ``"nl"``), ``english`` its translation, and the default is the
    reading the text supports best (the game's rules page argues why). Menus list
    readings apart from the variants.
    """

    name: str
    default: OptionValue
    label: str
    choices: tuple[OptionValue, ...] = ()
    quote: str = ""
    quote_lang: str = ""
    english: str = ""

    @property
    def is_reading(self) -> bool:
        return bool(self.quote)

    def check(self, value: object) -> OptionValue:
        if type(value) is not type(self.default):
            raise ValueError(
                f"option {self.name!r} takes a {type(self.default).__name__}, not {describe(value)}")
        if self.choices and value not in self.choices:
            allowed = choices_text(map(repr, self.choices))
            raise ValueError(f"option {self.name!r} must be one of {allowed}, not {describe(value)}")
        return value


@dataclasses.dataclass(frozen=True)
class Look:
    """How the seats appear on a board: a CSS fill and a label per seat, in seat order."""

    fills: tuple[str, ...]
    names: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class ScoreLine:
    """One category of a player's final score, for the end-of-game table."""

    label: str
    points: int


class Game(ABC, Generic[S, A]):
    """Base class of every game engine. Subclasses fill in the class attributes and
    the abstract methods; everything else is shared."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: Bumped whenever a rule change makes old saves replay differently or the state gains
    #: bookkeeping (a save of an older version is then trusted to its moves alone).
    rules_version: ClassVar[int] = 1
    #: Per older rules version, how it played the options added since (``{1: {"x": False}}``):
    #: a save of that version lacks them, and replays with these values, not the defaults.
    options_before: ClassVar[Mapping[int, Mapping[str, OptionValue]]] = {}
    state_type: ClassVar[type]
    #: An action dataclass, or a ``Union`` of several (each decorated with :func:`codec.tagged`).
    action_type: ClassVar[Any]
    #: The player colours a seat may take, as (name, CSS colour); seat order by default.
    colours: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: True if some players may not see everything (hands, sealed offers): the
    #: hotseat UI then hides the screen between players.
    hidden_information: ClassVar[bool] = False

    # ----------------------------------------------------------------- setup
    @property
    def option_defaults(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def resolve_options(self, options: Mapping[str, object] | None,
                        rules: int | None = None) -> dict[str, OptionValue]:
        """Defaults updated with ``options``; anything but a mapping of known names to
        values of their type raises ValueError. For a save of the older rules version
        ``rules``, an option it lacks takes the value that version played by
        (:attr:`options_before`)."""
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(f"options must map option names to values, not {describe(options)}")
        by_name = {o.name: o for o in self.options}
        resolved = self.option_defaults
        if rules is not None and rules < self.rules_version:
            resolved.update(self.options_before.get(rules, {}))
        for key, value in (options or {}).items():
            if key not in by_name:
                known = choices_text(sorted(by_name)) or "none"
                raise ValueError(f"{self.title} has no option {describe(key)} (options: {known})")
            resolved[key] = by_name[key].check(value)
        return resolved

    def new_game(self, num_players: int, seed: int | None = None,
                 options: Mapping[str, object] | None = None) -> S:
        """A new game; the same seed and options always give the same game."""
        if not isinstance(num_players, int) or isinstance(num_players, bool) or not (
                self.min_players <= num_players <= self.max_players):
            raise ValueError(f"{self.title} is for {self.min_players}–{self.max_players} players, "
                             f"not {describe(num_players)}")
        rng = Rng.from_seed(random_seed() if seed is None else seed)
        return self.setup(num_players, rng, self.resolve_options(options))

    @abstractmethod
    def setup(self, num_players: int, rng: Rng, options: dict[str, OptionValue]) -> S:
        """The initial state (arguments already validated)."""

    @abstractmethod
    def num_players(self, state: S) -> int: ...

    # ------------------------------------------------------------- the turn
    @abstractmethod
    def to_move(self, state: S) -> tuple[int, ...]:
        """Players who must act now (several during simultaneous steps); () once over."""

    @abstractmethod
    def legal_actions(self, state: S, player: int) -> list[A]:
        """Every action ``player`` may take now; [] if he has nothing to do."""

    @abstractmethod
    def why_illegal(self, state: S, player: int, action: A) -> str | None:
        """None if ``player`` may take ``action`` now, else the reason he may not."""

    @abstractmethod
    def play(self, state: S, player: int, action: A) -> S:
        """The next state, for an action that :meth:`why_illegal` accepted."""

    def apply(self, state: S, player: int, action: A) -> S:
        """The state after ``player`` takes ``action``; ``state`` itself never changes.

        Raises :class:`IllegalAction` (a ValueError) saying why, if not allowed.
        """
        if self.is_over(state):
            raise IllegalAction("the game is over")
        if player not in self.to_move(state):
            waiting = ", ".join(str(p) for p in self.to_move(state))
            raise IllegalAction(f"it is not player {player}'s turn (waiting for {waiting})")
        if not self.is_action(action):
            raise IllegalAction(f"{action!r} is not an action of {self.title}")
        reason = self.why_illegal(state, player, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self.play(state, player, action)

    def undo_blocker(self, before: S, after: S, player: int) -> str | None:
        """Why ``player`` may not take back the move from ``before`` to ``after`` (None: he may).

        A move that drew from a shuffled pile (the generator state changed) can't be
        taken back; games with other reveals (sealed offers opened) add theirs.
        """
        if getattr(before, "rng", None) != getattr(after, "rng", None):
            return "it drew something hidden (a card or tile), which can't be taken back"
        return None

    def is_action(self, value: object) -> bool:
        classes = get_args(self.action_type) or (self.action_type,)
        return isinstance(value, classes)

    # -------------------------------------------------------------- the end
    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def score_breakdown(self, state: S) -> tuple[tuple[ScoreLine, ...], ...]:
        """Per player, the categories his score is made of (valid at any time)."""

    def scores(self, state: S) -> tuple[int, ...]:
        return tuple(sum(line.points for line in lines) for lines in self.score_breakdown(state))

    def winners(self, state: S) -> tuple[int, ...]:
        """Players with the best score once the game is over (ties share); () before."""
        if not self.is_over(state):
            return ()
        scores = self.scores(state)
        best = max(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    # ------------------------------------------------------------------ JSON
    def state_to_json(self, state: S) -> dict[str, Any]:
        return {"game": self.name, "format": STATE_FORMAT, "rules": self.rules_version,
                "state": codec.to_json(state)}

    def state_from_json(self, data: object) -> S:
        """A state from :meth:`state_to_json` output; anything else raises InvalidState."""
        if not isinstance(data, dict):
            raise InvalidState("a saved state must be a JSON object")
        if data.get("game") != self.name:
            raise InvalidState(f"this is not a {self.title} state (game: {describe(data.get('game'))})")
        if data.get("format") != STATE_FORMAT:
            raise InvalidState(f"unsupported state format {describe(data.get('format'))}")
        rules = data.get("rules")
        if not isinstance(rules, int) or rules > self.rules_version:
            raise InvalidState(f"the state was made by a newer rules version ({describe(rules)})")
        state: S = codec.from_json(self.state_type, data.get("state"), "state")
        self.check_state(state)
        return state

    def check_state(self, state: S) -> None:
        """Raise InvalidState if ``state`` is not consistent (pieces conserved and so on)."""

    def action_to_json(self, action: A) -> dict[str, Any]:
        data: dict[str, Any] = codec.to_json(action)
        return data

    def action_from_json(self, data: object) -> A:
        action: A = codec.from_json(self.action_type, data, "action")
        return action

    # -------------------------------------------------------------- notation
    @abstractmethod
    def action_text(self, state: S, action: A, names: Sequence[str] | None = None) -> str:
        """The action in the game's move notation, as in a move log (``state`` is before it).

        Where the notation names players, it uses their colours, or ``names`` if given
        (a log for people who chose their own names; such text is not parsed back)."""

    def record_text(self, state: S, action: A) -> str:
        """The action's notation in the form :meth:`parse_action` accepts back (a log may
        show less, e.g. a sealed offer); the default is :meth:`action_text`."""
        return self.action_text(state, action)

    def parse_action(self, state: S, text: str) -> tuple[int, A]:
        """The (player, action) whose notation is ``text`` among those legal now."""
        wanted = " ".join(text.split())
        for player in self.to_move(state):
            for action in self.legal_actions(state, player):
                if self.action_text(state, action) == wanted:
                    return player, action
        raise IllegalAction(f"{describe(wanted)} is not a legal move in this position")

    @abstractmethod
    def position_text(self, state: S) -> str:
        """A one-line notation of the whole state (like FEN); see :meth:`from_position_text`."""

    @abstractmethod
    def parse_position(self, text: str) -> S:
        """The state written in position notation, checking only its syntax."""

    def from_position_text(self, text: str) -> S:
        """The state written by :meth:`position_text`, checked like a loaded save;
        bad text (too long for :data:`POSITION_LIMITS` included) or an inconsistent
        position raises InvalidState."""
        state = self.parse_position(check_text(text, POSITION_LIMITS, InvalidState, lines=True))
        self.check_state(state)
        return state

    def from_diagram_text(self, text: str) -> S:
        """A position for a diagram or puzzle. Games whose diagrams may leave pieces out
        (a rulebook figure shows only the stones that matter) accept such incomplete
        positions here; everything else is checked as by :meth:`from_position_text`."""
        return self.from_position_text(text)

    # ------------------------------------------------------- hidden info, UI
    def view(self, state: S, player: int | None) -> S:
        """``state`` as ``player`` may see it (None: a spectator). Games with hidden
        information mask it; the default is for games with none."""
        return state

    def render_svg(self, state: S, viewer: int | None = None, *,
                   palette: Sequence[str] | None = None, names: Sequence[str] | None = None,
                   **highlights: Any) -> str:
        """SVG of the board as ``viewer`` may see it (None: a spectator).

        The state is masked here, once, with :meth:`view`, so no game's drawing code can
        show what the viewer may not see. ``palette`` (a CSS fill per colour, in the
        order of :attr:`colours`) and ``names`` (a label per player) restyle the seats;
        every other keyword is a highlight that the game's ``render`` module documents.
        """
        return self.draw(self.view(state, viewer), viewer, self.look(palette, names), highlights)

    @abstractmethod
    def draw(self, seen: S, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
        """SVG of ``seen``, a state already masked for ``viewer`` (see :meth:`render_svg`)."""

    def look(self, palette: Sequence[str] | None = None,
             names: Sequence[str] | None = None) -> Look:
        """How the seats appear: ``palette``/``names`` where given, else the game's colours."""
        return Look(self.fills(palette), self.seat_names(names))

    def seat_names(self, names: Sequence[str] | None = None) -> tuple[str, ...]:
        """A label per seat: ``names`` where given, else the colour names."""
        defaults = tuple(name for name, _ in self.colours)
        given = tuple(names or ())
        return given + defaults[len(given):]

    def fills(self, palette: Sequence[str] | None) -> tuple[str, ...]:
        """The fill of each colour: ``palette`` where given, else the default colours."""
        defaults = tuple(css for _, css in self.colours)
        given = tuple(palette or ())
        return given + defaults[len(given):]

    def status_text(self, state: S, names: Sequence[str] | None = None) -> str:
        """A short line for the UI: whose turn it is, or who won."""
        names = names or [f"Player {p + 1}" for p in range(self.num_players(state))]
        if self.is_over(state):
            won = [names[p] for p in self.winners(state)]
            return f"{' and '.join(won)} {'win' if len(won) > 1 else 'wins'}"
        return "To move: " + ", ".join(names[p] for p in self.to_move(state))
