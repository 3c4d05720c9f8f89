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

Every text a player reads comes in the active language (:mod:`.i18n`): reasons,
messages, status lines and the board's words are translated when they are made;
texts kept in tables and class attributes (option labels, score categories) are
marked with ``N_`` and translated where they are shown. So are the texts about moves
(:meth:`Game.action_text`, :meth:`Game.move_text`); the notations that are read back
(:meth:`Game.record_text`, :meth:`Game.position_text`) have no language.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, TypeVar

from . import codec
from .errors import IllegalAction, InvalidState
from .gate import Limits, check_text, choices_text, describe, fail
from .i18n import N_, _, ngettext
from .rng import Rng, random_seed

S = TypeVar("S")
A = TypeVar("A")
OptionValue = bool | int | str

#: Format version of :meth:`Game.state_to_json` documents.
STATE_FORMAT = 1
#: A position text is read only within these limits (Babel's longest is about 600 characters).
POSITION_LIMITS = Limits(N_("the position"), 10_000)
#: A move's text is read only within these limits (Babel's longest record is about 80 characters).
ACTION_LIMITS = Limits(N_("the move"), 500)
#: How messages name the kind of value an option takes.
_VALUE_KINDS = {bool: N_("true or false"), int: N_("a whole number"), str: N_("text")}


@dataclasses.dataclass(frozen=True)
class Option:
    """A game option (variant or rule switch) with its default and a label for menus.

    A *rule reading* is an option for a sentence of the rulebook that can be read two
    ways: ``quote`` holds that sentence in the rulebook's own language (``quote_lang``,
    a BCP 47 tag such as ``"nl"``), ``english`` its translation, and the default is the
    reading the text supports best (the game's rules page argues why). Menus list
    readings apart from the variants. ``label`` and ``english`` are English marked with
    ``N_``; menus show them translated (``_(option.label)``), ``quote`` as it is.
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
            raise ValueError(_("option {name} takes {kind}, not {value}").format(
                name=repr(self.name), kind=_(_VALUE_KINDS[type(self.default)]), value=describe(value)))
        if self.choices and value not in self.choices:
            raise ValueError(_("option {name} must be one of {choices}, not {value}").format(
                name=repr(self.name), choices=choices_text(map(repr, self.choices)), value=describe(value)))
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
    #: What a score counts, for :meth:`result_text`: points, or figures (Saba's).
    score_unit: ClassVar[Literal["points", "figures"]] = "points"
    #: The last state :meth:`seen` masked, for whom, and what he sees of it.
    _last_seen: tuple[S, int | None, S] | None = None
    #: The highlights the board draws (the game's ``render`` module documents them); None: any.
    highlight_names: ClassVar[frozenset[str] | None] = None

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
            raise ValueError(_("options must map option names to values, not {value}").format(
                value=describe(options)))
        by_name = {o.name: o for o in self.options}
        resolved = self.option_defaults
        if rules is not None and rules < self.rules_version:
            resolved.update(self.options_before.get(rules, {}))
        for key, value in (options or {}).items():
            if key not in by_name:
                known = choices_text(sorted(by_name)) or _("none")
                raise ValueError(_("{game} has no option {name} (options: {known})").format(
                    game=self.title, name=describe(key), known=known))
            resolved[key] = by_name[key].check(value)
        return resolved

    def new_game(self, num_players: int, seed: int | None = None,
                 options: Mapping[str, object] | None = None) -> S:
        """A new game; the same seed and options always give the same game."""
        if not isinstance(num_players, int) or isinstance(num_players, bool) or not (
                self.min_players <= num_players <= self.max_players):
            raise ValueError(ngettext("{game} is for {low}–{high} player, not {value}",
                                      "{game} is for {low}–{high} players, not {value}", self.max_players).format(
                game=self.title, low=self.min_players, high=self.max_players, value=describe(num_players)))
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

        Raises :class:`IllegalAction` (a ValueError) saying why, if not allowed: for a
        player who is not a seat number to move, for anything that is not exactly one of
        the game's actions (the types its fields declare: ``True`` is no number, ``1.0``
        no seat), and for an action the rules refuse. The reason is judged from the
        player's own view, so it tells him nothing he may not see.
        """
        if self.is_over(state):
            raise IllegalAction(_("the game is over"))
        movers = self.to_move(state)
        if type(player) is not int:
            fail(IllegalAction, _("a player is a seat number from 0 to {last}, not {value}").format(
                last=self.num_players(state) - 1, value=describe(player)))
        if player not in movers:
            waiting = ", ".join(str(p + 1) for p in movers)
            fail(IllegalAction, _("it is not player {player}'s turn (waiting for {waiting})").format(
                player=describe(player + 1), waiting=waiting))
        problem = self.action_problem(action)
        if problem is not None:
            fail(IllegalAction, _("{action} is not an action of {game} ({problem})").format(
                action=describe(action), game=self.title, problem=problem))
        if self.why_illegal(state, player, action) is not None:
            # Whether an action is legal depends only on what its player sees (tests/test_fair_play.py),
            # so only a refusal needs his view: its reason must tell him nothing more.
            raise IllegalAction(self.why_illegal(self.seen(state, player), player, action)
                                or _("the rules refuse this action now"))
        return self.play(state, player, action)

    def undo_blocker(self, before: S, after: S, player: int) -> str | None:
        """Why ``player`` may not take back the move from ``before`` to ``after`` (None: he may),
        in the active language, as a clause that follows "Can't undo: that move: ".

        A move that drew from a shuffled pile (the generator state changed) can't be
        taken back; games with other reveals (sealed offers opened) add theirs.
        """
        if getattr(before, "rng", None) != getattr(after, "rng", None):
            return _("it drew something hidden (a card or tile), which can't be taken back")
        return None

    def action_problem(self, value: object) -> str | None:
        """Why ``value`` is not one of the game's actions, naming the field (None: it
        is): an instance of one of its action types whose fields hold values of the
        types they declare."""
        return codec.type_problem(self.action_type, value, "action")

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
            raise InvalidState(_("a saved state must be a JSON object"))
        if data.get("game") != self.name:
            raise InvalidState(_("this is not a {game} state (game: {value})").format(
                game=self.title, value=describe(data.get("game"))))
        if data.get("format") != STATE_FORMAT:
            raise InvalidState(_("unsupported state format {value}").format(value=describe(data.get("format"))))
        rules = data.get("rules")
        if not isinstance(rules, int) or rules > self.rules_version:
            raise InvalidState(_("the state was made by a newer rules version ({value})").format(
                value=describe(rules)))
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
    # Every text about an action is computed here from a state masked for its reader
    # (:meth:`view`), so no game's notation or words can name what the reader may not see:
    # the games write them from ``seen`` states only (:meth:`describe_action`,
    # :meth:`describe_words`). A *record* is the notation, the same in every language and
    # read back by :meth:`parse_action`; what people read about a move is *words* in the
    # active language, with a language-free notation (a square, ``H3``) beside them at most.
    @abstractmethod
    def describe_action(self, seen: S, action: A, names: Sequence[str] | None, *, own: bool) -> str:
        """The notation of ``action`` in ``seen``, a state already masked for its reader
        (see :meth:`record_text`); ``own``: the reader is the one who takes it, and knows
        it whole (a sealed offer shows its cards to its maker only)."""

    def describe_words(self, seen: S, action: A, names: Sequence[str] | None, *, own: bool) -> str:
        """``action`` in words of the active language, for people (see :meth:`action_text`);
        ``seen`` and ``own`` as for :meth:`describe_action`. The default is the notation, for
        a game whose notation has no words."""
        return self.describe_action(seen, action, names, own=own)

    def describe_outcome(self, seen_before: S, action: A, seen_after: S, names: Sequence[str] | None) -> str:
        """What ``action`` made public, in words of the active language, as a move log adds
        it after the action (both states already masked for the log's reader); "" when
        nothing (the default)."""
        return ""

    def action_text(self, state: S, action: A, names: Sequence[str] | None = None, *,
                    viewer: int | None = None, mover: int | None = None) -> str:
        """The action in words of the active language as ``viewer`` may know it before it
        is taken (None: a spectator), taken by ``mover``: what hints, buttons and lists show.

        Computed from ``view(state, viewer)`` only. Where the words name players, they
        use their colours, or ``names`` if given. Never parsed back: the record is
        :meth:`record_text`."""
        own = mover is not None and mover == viewer
        return self.describe_words(self.seen(state, viewer), action, names, own=own)

    def move_text(self, before: S, player: int, action: A, after: S, names: Sequence[str] | None = None, *,
                  viewer: int | None = None) -> str:
        """A move log's entry for ``player``'s ``action`` from ``before`` to ``after``, as
        ``viewer`` reads it (None: a spectator), in words of the active language: the
        action as he knows it, and what it made public (a sealed offer stays sealed; the
        last one tells the reveal it caused)."""
        seen_before, seen_after = self.seen(before, viewer), self.seen(after, viewer)
        text = self.describe_words(seen_before, action, names, own=player == viewer)
        outcome = self.describe_outcome(seen_before, action, seen_after, names)
        return clauses((text, outcome))

    def record_text(self, state: S, player: int, action: A) -> str:
        """``player``'s ``action`` in the form :meth:`parse_action` reads back to the same
        (player, action): the notation as the mover knows it (a sealed offer shows its
        cards), after ``"<colour>: "`` when several players are to move.

        The record of a game: a save's or a shared game's, never shown to the others
        before it is public."""
        text = self.describe_action(self.seen(state, player), action, None, own=True)
        return f"{self.colours[player][0]}: {text}" if len(self.to_move(state)) > 1 else text

    def parse_action(self, state: S, text: object) -> tuple[int, A]:
        """The (player, action) whose record (:meth:`record_text`) is ``text``, among those
        legal now; the ``"<colour>: "`` before it may be left out (the first player to
        move who may take the action is meant). Anything else raises IllegalAction."""
        if self.is_over(state):
            raise IllegalAction(_("the game is over"))
        wanted = " ".join(check_text(text, ACTION_LIMITS, IllegalAction).split())
        movers = self.to_move(state)
        colour, sep, rest = wanted.partition(": ")
        names = [name for name, _css in self.colours[:self.num_players(state)]]
        if sep and colour in names:
            player = names.index(colour)
            if player not in movers:
                raise IllegalAction(_("{colour} is not to move now").format(colour=colour))
            movers, wanted = (player,), rest
        return self.read_action(state, movers, wanted)

    def read_action(self, state: S, movers: tuple[int, ...], text: str) -> tuple[int, A]:
        """The (player, action) of one of ``movers`` written ``text`` (space already
        normalised, the colour taken off): by default the first legal action whose
        record reads the same. Games may read more leniently and say why a move is
        illegal."""
        for player in movers:
            seen = self.seen(state, player)
            for action in self.legal_actions(state, player):
                if self.describe_action(seen, action, None, own=True) == text:
                    return player, action
        raise IllegalAction(_("{move} is not a legal move in this position").format(move=describe(text, 80)))

    @abstractmethod
    def position_text(self, state: S) -> str:
        """A one-line notation of the whole state (like FEN); see :meth:`from_position_text`."""

    def parse_position(self, text: object) -> S:
        """The state written in position notation, checking only its syntax; anything but
        such text within :data:`POSITION_LIMITS` raises InvalidState."""
        return self.read_position(check_text(text, POSITION_LIMITS, InvalidState, lines=True))

    @abstractmethod
    def read_position(self, text: str) -> S:
        """The state written in position notation (``text``: a string within the limits),
        checking only its syntax (InvalidState)."""

    def from_position_text(self, text: object) -> S:
        """The state written by :meth:`position_text`, checked like a loaded save;
        bad text (too long for :data:`POSITION_LIMITS` included) or an inconsistent
        position raises InvalidState."""
        state = self.parse_position(text)
        self.check_state(state)
        return state

    def from_diagram_text(self, text: object) -> S:
        """A position for a diagram or puzzle. Games whose diagrams may leave pieces out
        (a rulebook figure shows only the stones that matter) accept such incomplete
        positions here; everything else is checked as by :meth:`from_position_text`."""
        return self.from_position_text(text)

    # ------------------------------------------------------- hidden info, UI
    def view(self, state: S, player: int | None) -> S:
        """``state`` as ``player`` may see it (None: a spectator). Games with hidden
        information mask it; the default is for games with none."""
        return state

    def seen(self, state: S, viewer: int | None) -> S:
        """:meth:`view`, remembered for the last state asked about: the texts of a list of
        actions (buttons, a move list) mask the same state once, not once per action."""
        last = self._last_seen
        if last is not None and last[0] is state and last[1] == viewer:
            return last[2]
        seen = self.view(state, viewer)
        self._last_seen = (state, viewer, seen)
        return seen

    def render_svg(self, state: S, viewer: int | None = None, *,
                   palette: Sequence[str] | None = None, names: Sequence[str] | None = None,
                   **highlights: Any) -> str:
        """SVG of the board as ``viewer`` may see it (None: a spectator).

        The state is masked here, once, with :meth:`view`, so no game's drawing code can
        show what the viewer may not see. ``palette`` (a CSS fill per colour, in the
        order of :attr:`colours`) and ``names`` (a label per player) restyle the seats;
        every other keyword is a highlight that the game's ``render`` module documents;
        one the board does not draw (:attr:`highlight_names`) raises TypeError.
        """
        unknown = sorted(set(highlights) - self.highlight_names) if self.highlight_names is not None else []
        if unknown:
            raise TypeError(_("{game} draws no highlight {name} (highlights: {known})").format(
                game=self.title, name=repr(unknown[0]), known=choices_text(sorted(self.highlight_names or ()))))
        return self.draw(self.view(state, viewer), viewer, self.look(palette, names), highlights)

    @abstractmethod
    def draw(self, seen: S, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
        """SVG of ``seen``, a state already masked for ``viewer`` (see :meth:`render_svg`)."""

    def look(self, palette: Sequence[str] | None = None,
             names: Sequence[str] | None = None) -> Look:
        """How the seats appear: ``palette``/``names`` where given, else the game's colours."""
        return Look(self.fills(palette), self.seat_names(names))

    def seat_names(self, names: Sequence[str] | None = None) -> tuple[str, ...]:
        """A label per seat: ``names`` where given, else the colour names (in the active
        language: the games mark them with ``N_``)."""
        defaults = tuple(_(name) for name, _css in self.colours)
        given = tuple(names or ())
        return given + defaults[len(given):]

    def fills(self, palette: Sequence[str] | None) -> tuple[str, ...]:
        """The fill of each colour: ``palette`` where given, else the default colours."""
        defaults = tuple(css for _name, css in self.colours)
        given = tuple(palette or ())
        return given + defaults[len(given):]

    def player_names(self, state: S, names: Sequence[str] | None = None) -> tuple[str, ...]:
        """A label per player for texts: ``names`` where given, else "Player 1", "Player 2", …"""
        given = tuple(names or ())
        return given + tuple(_("Player {number}").format(number=p + 1)
                             for p in range(len(given), self.num_players(state)))

    def status_text(self, state: S, names: Sequence[str] | None = None) -> str:
        """A short line for the UI: whose turn it is, or who won (``names``: see
        :meth:`player_names`), told from what everybody sees (:meth:`describe_status`).

        The whole story of the end is :meth:`result_text`."""
        return self.describe_status(self.seen(state, None), names)

    def describe_status(self, seen: S, names: Sequence[str] | None) -> str:
        """:meth:`status_text` of ``seen``, a state masked for a spectator: by default
        whose turn it is, or who won."""
        labels = self.player_names(seen, names)
        if self.is_over(seen):
            won = self.winners(seen)
            return ngettext("{players} wins", "{players} win", len(won)).format(
                players=name_list([labels[p] for p in won]))
        return turn_line(labels, self.to_move(seen))

    def result_text(self, state: S, names: Sequence[str] | None = None) -> str:
        """The end of the game in plain words, in the active language: who won, with what,
        and why the game ended ("" before the end). ``names`` label the players (colour
        names or the names they chose; see :meth:`player_names`).

        The first sentence is the same for every game (see :func:`winner_sentence`); the
        rest is the game's own :meth:`end_reason`."""
        won = self.winners(state)
        if not won:
            return ""
        labels = self.player_names(state, names)
        scores = self.scores(state)
        tied = sum(1 for score in scores if score == scores[won[0]])
        sentence = winner_sentence(self.score_unit, [labels[p] for p in won], [scores[p] for p in won],
                                   tie_broken=len(won) == 1 and tied > 1)
        reason = self.end_reason(state, labels)
        return capitalized(f"{sentence} {reason}" if reason else sentence)

    def end_reason(self, state: S, names: Sequence[str]) -> str:
        """Why the game ended, as whole sentences in the active language, naming players
        by ``names`` (one label per player): "The game ended because Blue could no longer
        move." Where a rule broke a tie between the best scores, it says which, too
        (:meth:`result_text` then says only that the winner won the tie). A game whose
        end needs no explaining (it ends after a fixed number of rounds) leaves the
        default: "" (nothing to add)."""
        return ""


# ------------------------------------------------------------------ texts
def capitalized(text: str) -> str:
    """``text`` with a capital first letter (a sentence may begin with a colour: "red wins").

    >>> capitalized("red wins with 3 points.")
    'Red wins with 3 points.'
    """
    return text[:1].upper() + text[1:]


def turn_line(names: Sequence[str], movers: Iterable[int]) -> str:
    """Whose turn it is, in the active language: the ``names`` of the players ``movers``.

    >>> turn_line(["Ann", "Bob", "Cy"], (1, 2))
    'To move: Bob, Cy'
    """
    return _("To move: {players}").format(players=", ".join(names[p] for p in movers))


def clauses(parts: Iterable[str]) -> str:
    """The non-empty ``parts`` as one text of clauses in the active language: ``a; b; c``
    (French sets a no-break space before the semicolon).

    >>> clauses(["accept red", "", "add 2 ships"])
    'accept red; add 2 ships'
    """
    text = ""
    for part in parts:
        if part:
            text = _("{clauses}; {clause}").format(clauses=text, clause=part) if text else part
    return text


def name_list(names: Sequence[str]) -> str:
    """Names listed in the active language: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def winner_sentence(unit: str, winners: Sequence[str], scores: Sequence[int], *, tie_broken: bool = False) -> str:
    """Who won with what, in a whole sentence of the active language: ``winners`` (their
    names) with their ``scores`` counted in ``unit`` (see :attr:`Game.score_unit`);
    ``tie_broken`` if a rule made him the only winner among equal best scores.

    >>> winner_sentence("points", ["Red"], [33])
    'Red wins with 33 points.'
    >>> winner_sentence("figures", ["Red", "Blue"], [1, 1])
    'Red and Blue share the win with 1 figure each.'
    >>> winner_sentence("points", ["Red"], [30], tie_broken=True)
    'Red wins the tie at 30 points.'
    """
    n = scores[0]
    if len(winners) > 1:
        players = name_list(winners)
        if any(score != n for score in scores):
            return _("{players} share the win.").format(players=players)
        if unit == "figures":
            text = ngettext("{players} share the win with {n} figure each.",
                            "{players} share the win with {n} figures each.", n)
        else:
            text = ngettext("{players} share the win with {n} point each.",
                            "{players} share the win with {n} points each.", n)
        return text.format(players=players, n=n)
    if tie_broken:
        if unit == "figures":
            text = ngettext("{player} wins the tie at {n} figure.", "{player} wins the tie at {n} figures.", n)
        else:
            text = ngettext("{player} wins the tie at {n} point.", "{player} wins the tie at {n} points.", n)
    elif unit == "figures":
        text = ngettext("{player} wins with {n} figure.", "{player} wins with {n} figures.", n)
    else:
        text = ngettext("{player} wins with {n} point.", "{player} wins with {n} points.", n)
    return text.format(player=winners[0], n=n)
