"""A game on a screen, without the screen: who acts at the device, whose eyes the board is
drawn for, the position and highlights shown, undo, and the computer players' requests.

The browser's game screen (``web/webui/play.py``) and the embed's diagrams
(``web/embed/embed_service.py``) draw what a :class:`Controller` says and hand it the
players' moves; it has no browser imports, so it is tested in CPython.

Undo is fair in a hotseat game: it takes back only the moves of the person at the device
(:meth:`Controller.at_device`), his own last move and the computer players' replies
since, never another person's move.

>>> from pygame_rules.session import Seat
>>> seats = [Seat("Ann", "red"), Seat("Bob", "blue", "easy")]
>>> screen = Controller(Session.new("tuerme", seats, seed=3))
>>> screen.next_bot_request() is None          # Ann, a person, moves first
True
>>> screen.pass_to() is None                   # nothing hidden in this game: no privacy screen
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .gate import MAX_INT
from .i18n import _
from .interaction import Played
from .protocol import capitalized, winner_sentence
from .rng import random_seed
from .session import Seat, Session


class Highlighting(Protocol):
    """What the board interaction (:mod:`pygame_rules.interaction`) tells about highlights."""

    def highlights(self, state: Any, player: int) -> dict[str, Any]:
        """Highlights showing ``player``'s half-made choice in ``state``."""

    def replay_highlights(self, state: Any, player: int, action: Any) -> dict[str, Any]:
        """Highlights showing ``action``, played by ``player`` in ``state``."""


@runtime_checkable
class TurnHighlighting(Highlighting, Protocol):
    """A board interaction that also shows a whole turn (several moves, maybe of several
    players: a bonus move, the others' offers, the last steps of a turn)."""

    def turn_player(self, state: Any) -> int:
        """The player whose turn ``state`` is part of (a move made in it belongs to his turn)."""

    def turn_highlights(self, turn: Sequence[Played]) -> dict[str, Any]:
        """Highlights showing the moves of ``turn``, in order (the last one most)."""


@dataclasses.dataclass(frozen=True)
class Reading:
    """A diagram read on a page, not a game played at a device: the board is always drawn
    for ``viewer``, nobody passes a device round and, if ``interactive``, the reader moves
    for whoever must act, from any position of the record (the later moves give way)."""

    viewer: int | None = None
    interactive: bool = True


@dataclasses.dataclass(frozen=True)
class Board:
    """What to draw: a position (``render_svg`` masks it for ``viewer``) and its highlights."""

    state: Any
    viewer: int | None
    highlights: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class BotRequest:
    """A computer player's decision asked of the service, for one position only."""

    player: int
    #: The number of moves before the position asked about, and that position.
    ply: int
    position: Any
    #: The service's ``bot_move`` request (JSON text): the player's view, level and budget.
    payload: str
    #: The thinking time (ms): the answer is not shown before it has passed since the
    #: request, however quickly it came (how long a computer thinks must tell nothing).
    budget_ms: int = 0

    def is_current(self, session: Session) -> bool:
        """Whether the game is still at the position asked about (an answer for an
        older one, before an undo or another player's move, is dropped)."""
        return len(session.moves) == self.ply and session.state == self.position


@dataclasses.dataclass(frozen=True)
class ScoreTable:
    """The end-of-game table: per category its label (as the game gives it, marked with
    ``N_``) and points per player, the totals, the winners and the result in plain words
    (:meth:`~pygame_rules.protocol.Game.result_text`, in the active language)."""

    rows: tuple[tuple[str, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    result: str


class Controller:
    """A session as a screen shows it: the present, or a past position of the record."""

    def __init__(self, session: Session, *, reading: Reading | None = None) -> None:
        self.session = session
        self.game = session.game
        #: None for a game at a device (hotseat); how the diagram is read otherwise.
        self.reading = reading
        self.names = [seat.name for seat in session.seats]
        fills = dict(self.game.colours)
        #: The CSS fill of each seat's colour (a colour name of the game's, or a ``#rrggbb``
        #: colour as such: a session admits no other, see :func:`~pygame_rules.session.check_seats`).
        self.palette = [fills.get(seat.colour, seat.colour) for seat in session.seats]
        #: A past position (its number of moves) shown instead of the present, or None.
        self.viewing: int | None = None
        #: Hotseat with hidden information: the person whose private view is on screen.
        self.revealed_to: int | None = None
        #: The computer player's decision being worked out, if any.
        self.thinking: BotRequest | None = None
        people = [p for p, seat in enumerate(session.seats) if not seat.is_bot]
        #: With one person at the device there is nobody to hide his view from.
        self.only_person = people[0] if len(people) == 1 else None

    # ------------------------------------------------------------ positions
    @property
    def state(self) -> Any:
        """The present position."""
        return self.session.state

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (by its rules, or a person resigned)."""
        return self.session.is_over

    @property
    def ply(self) -> int:
        """The number of moves before the position shown."""
        return len(self.session.moves) if self.viewing is None else self.viewing

    @property
    def shown(self) -> Any:
        """The position shown."""
        return self.session.states[self.ply]

    def view_move(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (kept within the record); None: the present."""
        last = len(self.session.moves)
        ply = last if ply is None else max(0, min(ply, last))
        self.viewing = None if ply == last else ply

    # ------------------------------------------------------- people and eyes
    def _person_to_act(self, state: Any) -> int | None:
        """The person who moves next in ``state``: the one whose view is on screen if he
        must act, else the first person in seat order who must (None: only computers).
        A diagram read from one seat moves for that seat only: nobody else's choices are
        his to see."""
        if self.reading is None and self.session.resigned is not None:
            return None  # a resignation ended the game: nobody acts any more
        people = [p for p in self.game.to_move(state) if not self.session.seats[p].is_bot]
        on_screen = self.revealed_to if self.reading is None else self.reading.viewer
        if on_screen in people:
            return on_screen
        if self.reading is not None and on_screen is not None:
            return None
        return people[0] if people else None

    def acting_player(self) -> int | None:
        """The person who chooses a move on the board shown; None once the game is over,
        while only computer players must act, on a past position of a game (read only)
        and in a diagram that is only to be looked at."""
        if self.reading is not None:
            return self._person_to_act(self.shown) if self.reading.interactive else None
        return self._person_to_act(self.state) if self.viewing is None else None

    def viewer(self) -> int | None:
        """Whose eyes the board is drawn for: a diagram's viewer; in a game without hidden
        information the person to act; with hidden information the only person at the
        device, or the one who revealed his view (until then a spectator's view, None)."""
        if self.reading is not None:
            return self.reading.viewer
        if not self.game.hidden_information:
            return self._person_to_act(self.state)
        return self.only_person if self.only_person is not None else self.revealed_to

    def pass_to(self) -> int | None:
        """The person the device must be passed to before the board is shown (the privacy
        screen between the persons of a game with hidden information), or None."""
        if self.reading is not None or self.only_person is not None \
                or not self.game.hidden_information or self.viewing is not None:
            return None
        player = self._person_to_act(self.state)
        return None if player == self.revealed_to else player

    def reveal(self, player: int) -> None:
        """``player`` took the device: his view is shown until someone else must act."""
        self.revealed_to = player

    # ---------------------------------------------------------------- board
    def board(self, ui: Highlighting) -> Board:
        """The position shown, for :meth:`viewer`, highlighting the acting person's choice
        so far, else the turn that led to the present (:meth:`turn_highlights`) or, on a
        past position, the move that led to it."""
        player = self.acting_player()
        choosing = ui.highlights(self.shown, player) if player is not None else {}
        if choosing:
            return Board(self.shown, self.viewer(), choosing)
        moves = self.last_turn(ui=ui) if self.viewing is None else range(max(self.ply, 1), self.ply + 1)
        return Board(self.shown, self.viewer(), self.turn_highlights(moves, ui))

    def turn_highlights(self, moves: range, ui: Highlighting) -> dict[str, Any]:
        """Highlights showing the moves numbered ``moves`` (1-based, in a row): all of them
        if ``ui`` can show a turn (:class:`TurnHighlighting`), else the last one."""
        if not moves:
            return {}
        if not isinstance(ui, TurnHighlighting):
            return self.move_highlights(moves[-1], ui)
        return ui.turn_highlights([Played(self.session.states[k - 1], self.session.moves[k - 1].player,
                                          self.session.moves[k - 1].action) for k in moves])

    def move_highlights(self, ply: int, ui: Highlighting) -> dict[str, Any]:
        """Highlights showing move number ``ply`` (none before the first move)."""
        if ply == 0:
            return {}
        move = self.session.moves[ply - 1]
        return ui.replay_highlights(self.session.states[ply - 1], move.player, move.action)

    def last_turn(self, ply: int | None = None, ui: Highlighting | None = None) -> range:
        """The numbers (1-based) of the moves of the turn that led to the position after
        ``ply`` moves (None: the position shown): the last move and the moves before it
        in the same turn, as ``ui`` tells turns apart (:meth:`TurnHighlighting.turn_player`:
        in Babel the others' offers belong to the builder's turn), else the moves the same
        player made right before it (a bonus move, a second action); empty at the start.

        >>> from pygame_rules.session import Seat
        >>> screen = Controller(Session.new("tuerme", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3))
        >>> screen.last_turn()
        range(1, 1)
        """
        ply = self.ply if ply is None else ply
        if not ply:
            return range(1, 1)

        def whose(k: int) -> int:
            """Whose turn move ``k`` belongs to."""
            if isinstance(ui, TurnHighlighting):
                return ui.turn_player(self.session.states[k - 1])
            return int(self.session.moves[k - 1].player)

        first = ply
        while first > 1 and whose(first - 1) == whose(ply):
            first -= 1
        return range(first, ply + 1)

    def hint_request(self, player: int) -> str:
        """The service's ``hint`` request (JSON text) for ``player`` in the present position:
        his view only, never what he may not see."""
        return json.dumps({"game": self.game.name, "player": player,
                           "state": self.game.state_to_json(self.game.view(self.state, player))})

    # ---------------------------------------------------------------- moves
    def play(self, player: int, action: Any, marks: Sequence[str] = ()) -> None:
        """Play a move (IllegalAction if not allowed) with its ``marks`` (see
        :data:`~pygame_rules.session.MARKS`): in a game on the present position (a past one
        stays shown), in a diagram on the position shown, which becomes the last of the record."""
        branch = self.reading is not None and self.viewing is not None
        self.session.play(player, action, after=self.viewing if branch else None, marks=marks)
        if self.reading is not None:
            self.viewing = None
        self._settle()

    def _settle(self) -> None:
        """After a change: a private view stays on screen only for the one to act next."""
        if self._person_to_act(self.state) != self.revealed_to:
            self.revealed_to = None

    def at_device(self) -> int | None:
        """The person whose moves Undo may take back: in a game at a device, the person
        who acts next (the one to whom the device goes, with hidden information); while
        only computer players act, and once the game is over, the person who moved last
        (nobody took the device from him). None in a diagram, where the reader moves for
        everybody and may take back any move."""
        if self.reading is not None:
            return None
        person = self._person_to_act(self.state)
        if person is not None:
            return person
        return next((move.player for move in reversed(self.session.moves)
                     if not self.session.seats[move.player].is_bot), None)

    def resigner(self) -> int | None:
        """The person who may resign now: the one at the device (:meth:`at_device`) in a
        game at a device that goes on; None otherwise (a diagram, a game over, only
        computer players at the table)."""
        if self.reading is not None:
            return None
        person = self.at_device()
        return person if person is not None and self.session.resign_blocker(person) is None else None

    def resign(self, player: int) -> None:
        """``player`` resigns (IllegalAction if he may not, see :meth:`Session.resign_blocker`):
        the game ends on the present position, which is shown."""
        self.session.resign(player)
        self.viewing = None
        self.thinking = None
        self.revealed_to = None

    def undo_blocker(self) -> str | None:
        """Why the person at the device can't take back his last move, or None if he can
        (a clause in the active language, see :meth:`Session.undo_blocker`)."""
        return self.session.undo_blocker(self.at_device())

    def undo(self) -> int:
        """Take back the last move of the person at the device and the computer players'
        replies since (IllegalAction if :meth:`undo_blocker` says no) and show the present
        again. Returns how many moves were taken back."""
        taken = self.session.undo(self.at_device())
        self.viewing = None
        self._settle()
        return len(taken)

    # ------------------------------------------------------------------ bots
    def next_bot_request(self) -> BotRequest | None:
        """The decision to ask of the service if a computer player must act and none is
        thinking yet; he is thinking from now on."""
        if self.thinking is not None or self.session.resigned is not None:
            return None
        bots = [p for p in self.game.to_move(self.state) if self.session.seats[p].is_bot]
        if not bots:
            return None
        player, ply, budget_ms = bots[0], len(self.session.moves), int(self.session.bot_time * 1000)
        payload = json.dumps({
            "game": self.game.name, "player": player, "level": self.session.seats[player].kind,
            "state": self.game.state_to_json(self.game.view(self.state, player)),
            "budget_ms": budget_ms,
            "seed": (self.session.seed * 1009 + ply) % (MAX_INT + 1),
        })
        self.thinking = BotRequest(player, ply, self.state, payload, budget_ms)
        return self.thinking

    def bot_replied(self, request: BotRequest, reply: str) -> bool:
        """The service's answer (JSON text) to ``request``: its move is played if the game is
        still at the position asked about (True); else it is dropped (False) and the next
        :meth:`next_bot_request` asks again. A malformed answer raises ValueError; a move
        the rules refuse raises IllegalAction."""
        self.bot_done(request)
        answer = json.loads(reply)
        action = self.game.action_from_json(answer.get("action") if isinstance(answer, dict) else None)
        if not request.is_current(self.session):
            return False
        self.play(request.player, action)
        return True

    def bot_done(self, request: BotRequest) -> None:
        """``request`` is answered (or failed): nobody is thinking about it any more."""
        if self.thinking is request:
            self.thinking = None

    # ------------------------------------------------------------ the rest
    def score_table(self) -> ScoreTable:
        """The final scores by category (categories in order of first appearance). After a
        resignation: the scores at that moment, and the best of the others win.

        >>> from pygame_rules.session import Seat
        >>> screen = Controller(Session.new("tuerme", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3))
        >>> screen.resign(0)
        >>> screen.score_table().result
        'Ann resigned. Bob wins with 0 points.'
        """
        breakdown = self.game.score_breakdown(self.state)
        labels = list(dict.fromkeys(line.label for lines in breakdown for line in lines))
        rows = tuple((label, tuple(sum(line.points for line in lines if line.label == label)
                                   for lines in breakdown)) for label in labels)
        scores = self.game.scores(self.state)
        resigned = self.session.resigned
        if resigned is None:
            return ScoreTable(rows, scores, self.game.winners(self.state),
                              self.game.result_text(self.state, self.names))
        others = [p for p in range(len(scores)) if p != resigned]
        best = max(scores[p] for p in others)
        winners = tuple(p for p in others if scores[p] == best)
        won = winner_sentence(self.game.score_unit, [self.names[p] for p in winners], [best] * len(winners))
        result = _("{player} resigned.").format(player=self.names[resigned])
        return ScoreTable(rows, scores, winners, capitalized(f"{result} {won}"))

    def position_text(self) -> str:
        """The position shown in position notation, with only what everybody sees."""
        return self.game.position_text(self.game.view(self.shown, None))

    def export(self) -> tuple[str, str]:
        """The saved game as a file: its name and its JSON text."""
        return f"{self.game.name}-{self.session.seed}.json", self.session.to_text()

    def rematch(self) -> Session:
        """A new game with the same seats, options and thinking time, on a new seed."""
        return Session.new(self.game.name, self.session.seats, random_seed(),
                           self.session.options, self.session.bot_time)

    def setup_seats(self) -> list[Seat]:
        """The seats to offer on the setup form of a new game: the same people, each
        with a colour of the game's own (the form offers no other): his own if it is one
        and nobody before him keeps it, else the first colour nobody keeps (the first
        colour if every colour is kept: the form then asks for a change)."""
        names = [name for name, _ in self.game.colours]
        kept: list[str | None] = []
        for seat in self.session.seats:
            kept.append(seat.colour if seat.colour in names and seat.colour not in kept else None)
        free = iter([name for name in names if name not in kept])
        return [seat if colour is not None else dataclasses.replace(seat, colour=next(free, names[0]))
                for seat, colour in zip(self.session.seats, kept)]
