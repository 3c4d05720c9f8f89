"""Turns in a game's record: which moves make one turn, a line telling each turn, what a turn
made public, and what the symbols of the move notation mean.

A turn is the moves made while it is one player's turn (the game's board interaction tells
whose, :meth:`~pygame_rules.controller.TurnHighlighting.turn_player`: in Babel the others'
sealed offers belong to the builder's turn, in Türme the bonus moves to the mover's). Every
text here is written from one reader's view: the moves as :meth:`~pygame_rules.protocol.Game.move_text`
tells them to him and the scores of the positions he saw (:meth:`~pygame_rules.protocol.Game.seen`),
never from the whole state (``tests/test_fair_play.py``). Pure Python, no browser.

>>> group([0, 0, 1, 0, 0, 0])
[range(1, 3), range(3, 4), range(4, 7)]
>>> points_text(13), points_text(-1)
('+13 points', '-1 point')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import N_, _, ngettext
from .registry import interaction_for
from .session import Session

#: What the symbols of each game's move notation mean, in the order a reader meets them
#: (the notation is the same in every language; these words are translated).
LEGENDS: dict[str, tuple[tuple[str, str], ...]] = {
    "tuerme": (
        ("c3-c7", N_("a move to an empty field")),
        ("x", N_("covers a piece of another colour (c3xc7)")),
        ("=", N_("stacks onto an own piece (c3=c7)")),
        ("N", N_("a neutral stone was moved (Nd4-d6)")),
        ("+", N_("entered a symbol field: a bonus move follows")),
        ("#", N_("the game ended with this move")),
    ),
    "babel": (
        ("(sealed)", N_("an offer the others have not seen yet")),
        ("reveal", N_("the sealed offers are turned face up")),
        ("tile 3 (camel 3)", N_("the building tile's number, kind and value")),
        ("accept, add", N_("offers accepted, and the active player's own cards")),  # i18n: internal (notation)
    ),
    "saba": (
        ("H1–H4", N_("a harbour field taken, with its resources")),
        ("→", N_("moved to, or exchanged for")),
        ("5.2", N_("the second of the five open palace cards")),
        ("on 4", N_("the garden field built on")),
        ("+gold", N_("a resource gained")),
        ("-gold", N_("a resource paid")),
    ),
}


def legend(game_name: str) -> tuple[tuple[str, str], ...]:
    """The symbols of ``game_name``'s notation and their meaning in the active language.

    >>> legend("tuerme")[4]
    ('+', 'entered a symbol field: a bonus move follows')
    """
    return tuple((symbol, _(meaning)) for symbol, meaning in LEGENDS.get(game_name, ()))


def owners(session: Session) -> list[int]:
    """Whose turn each move of the record (in order) was made in."""
    ui = interaction_for(session.game)
    turn_player = getattr(ui, "turn_player", None)
    if turn_player is None:
        return [move.player for move in session.moves]
    return [int(turn_player(state)) for state in session.states[:len(session.moves)]]


def group(owned: Sequence[int]) -> list[range]:
    """The turns of moves whose turns' players are ``owned`` (in order): the numbers
    (1-based) of each run of moves in one player's turn."""
    found: list[range] = []
    first = 1
    for k in range(2, len(owned) + 2):
        if k > len(owned) or owned[k - 1] != owned[k - 2]:
            found.append(range(first, k))
            first = k
    return found


def turns(session: Session) -> list[range]:
    """The turns of ``session``'s record, each the numbers (1-based) of its moves."""
    return group(owners(session))


def points_text(diff: int) -> str:
    """A change of score: ``+13 points``, ``-1 point``."""
    return ngettext("{points} point", "{points} points", abs(diff)).format(points=f"{diff:+d}")


def score_change(session: Session, turn: range, viewer: int | None) -> list[tuple[int, int]]:
    """Who scored how much in ``turn`` (players whose score changed, seat order), from the
    positions ``viewer`` saw before and after it."""
    game = session.game
    before = game.scores(game.seen(session.states[turn.start - 1], viewer))
    after = game.scores(game.seen(session.states[turn.stop - 1], viewer))
    return [(p, a - b) for p, (b, a) in enumerate(zip(before, after)) if a != b]


def points_line(session: Session, turn: range, viewer: int | None, owner: int) -> str:
    """The turn's changes of score, the owner's first and without his name; "no points"."""
    names = [seat.name for seat in session.seats]
    changes = sorted(score_change(session, turn, viewer), key=lambda change: change[0] != owner)
    if not changes:
        return _("no points")
    return ", ".join(points_text(diff) if p == owner else
                     _("{name} {points}").format(name=names[p], points=points_text(diff))
                     for p, diff in changes)


def _what(session: Session, turn: range, viewer: int | None, owner: int) -> str:
    """What the turn's player did, in short."""
    game = session.game
    moves = [session.moves[k - 1] for k in turn]
    if game.name == "tuerme":
        from .tuerme import Move

        seen = [game.seen(session.states[k - 1], viewer) for k in turn]
        count = sum(isinstance(move.action, Move) for move in moves)
        bonus = sum(isinstance(move.action, Move) and before.bonus for move, before in zip(moves, seen))
        if not count:  # a pass
            return ", ".join(session.log_text(k, viewer) for k in turn)
        text = ngettext("{n} move", "{n} moves", count).format(n=count)
        if bonus:
            text += " " + ngettext("({n} bonus move)", "({n} bonus moves)", bonus).format(n=bonus)
        return text
    own = [session.log_text(k, viewer) for k in turn if session.moves[k - 1].player == owner]
    if len(own) <= 3:
        return ", ".join(own)
    return ngettext("{n} move", "{n} moves", len(own)).format(n=len(own)) + f": {own[0]} … {own[-1]}"


def summary(session: Session, turn: range, viewer: int | None = None) -> str:
    """One line telling ``turn`` as ``viewer`` may read it (None: a spectator): whose turn,
    what he did, who scored what."""
    owner = owner_of(session, turn)
    name = session.seats[owner].name
    return _("{name}: {moves}, {points}").format(name=name, moves=_what(session, turn, viewer, owner),
                                                  points=points_line(session, turn, viewer, owner))


def owner_of(session: Session, turn: range) -> int:
    """Whose turn ``turn`` is."""
    ui = interaction_for(session.game)
    turn_player = getattr(ui, "turn_player", None)
    state = session.states[turn.start - 1]
    return int(turn_player(state)) if turn_player is not None else int(session.moves[turn.start - 1].player)


def is_over(session: Session, turn: range) -> bool:
    """Whether ``turn`` is over: it is the record's last and the game is over or somebody
    else's turn began, or a later turn followed it."""
    if turn.stop <= len(session.moves):
        return True
    game = session.game
    if game.is_over(session.state):
        return True
    turn_player = getattr(interaction_for(game), "turn_player", None)
    now = int(turn_player(session.state)) if turn_player is not None else None
    return now is not None and now != owner_of(session, turn)


@dataclass(frozen=True)
class Moment:
    """A turn in which something hidden was made public (Babel's sealed offers turned face
    up), told as a reader may read it once the turn is over: what came to light, what the
    turn's player chose then, who scored what."""

    #: The turn's moves (1-based) and whose turn it was.
    turn: range
    owner: int
    #: What the turn made public, move by move (``describe_outcome`` as the reader reads it).
    revealed: tuple[str, ...]
    #: The turn's player's moves after it came to light.
    choice: tuple[str, ...]
    #: Who scored what in the turn.
    points: str


def moment(session: Session, turn: range, viewer: int | None = None) -> Moment | None:
    """The :class:`Moment` of ``turn``, or None if it made nothing public."""
    game = session.game
    names = [seat.name for seat in session.seats]
    owner = owner_of(session, turn)
    revealed: list[str] = []
    choice: list[str] = []
    for k in turn:
        move = session.moves[k - 1]
        before = game.seen(session.states[k - 1], viewer)
        after = game.seen(session.states[k], viewer)
        outcome = game.describe_outcome(before, move.action, after, names)
        if outcome:
            revealed.append(outcome)
        elif revealed and move.player == owner:
            choice.append(session.log_text(k, viewer))
    if not revealed:
        return None
    return Moment(turn, owner, tuple(revealed), tuple(choice), points_line(session, turn, viewer, owner))
