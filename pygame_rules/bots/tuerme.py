"""Bot knowledge of Spiel der Türme: nothing is hidden, so only the evaluation is needed.

A player's standing is his score (stones under his top stones on symbol fields)
plus a share of the stones he controls on the alleys, which he may still carry
onto a field. Towers on fields below the height limit count a little less: an
opponent may still cover them.

>>> from pygame_rules.tuerme import GAME, build
>>> s = build(2, {"b7": "Arb", "a1": "Abb"})        # blue: a 2-tower on b7, another on the alley a1
>>> KNOWLEDGE.evaluate(s)
(0.0, 3.0)
"""

from __future__ import annotations

from typing import ClassVar

from ..frozen import replace
from ..i18n import N_
from ..rng import Rng
from ..tuerme import GAME
from ..tuerme.actions import EndTurn, Move, TuermeAction
from ..tuerme.data import ALLEYS, SYMBOL_AT, SYMBOL_FIELDS, square_name
from ..tuerme.legal import END_TURN, legal_moves, piece_moves
from ..tuerme.state import COLOUR_INDEX, TuermeState, height, owner
from .knowledge import Knowledge

#: Worth of a controlled stone on the alleys, against 1 for a stone on a symbol field: a
#: reserve still to be placed (a player who spends all his stones early is covered later).
ALLEY_STONE = 0.6
#: Worth of a stone in a tower on a symbol field that can still be covered.
OPEN_TOWER_STONE = 0.9
#: Chance that a playout move is the one of the best :func:`gain` (else a random one).
PLAYOUT_GREEDY = 0.7
#: What parking a neutral stone on a symbol field seems worth (a bonus move, a field denied).
NEUTRAL_PARKED = 0.5
#: Grades of :meth:`TuermeKnowledge.progress`: a move that builds, one that gets a piece ready to.
BUILDS, PREPARES = 2, 1


#: A hint's reason when the move covers another player's piece (or a neutral one).
COVERS = N_("covers the piece on {square} and makes it yours")


class TuermeKnowledge(Knowledge[TuermeState, TuermeAction]):
    game = GAME
    #: Scores run to 30–50, so a lead of a few points must still move the search's rewards.
    scale: ClassVar[float] = 10.0
    #: The tree already spans whole turns (see :meth:`follow_up`); longer playouts were weaker.
    playout_depth: ClassVar[int] = 2

    def goal(self, before: TuermeState, player: int, action: TuermeAction,
             after: TuermeState) -> tuple[str, tuple[tuple[str, str | int], ...]] | None:
        """Another player's piece covered and won.

        >>> from pygame_rules.tuerme import Move, build, parse_square as sq
        >>> state = build(2, {"d4": "Ar", "d6": "Abb"})
        >>> KNOWLEDGE.goal(state, 0, Move(sq("d4"), sq("d6")), state)
        ('covers the piece on {square} and makes it yours', (('square', 'd6'),))
        """
        if isinstance(action, Move) and before.board[action.dst] and owner(before.board[action.dst]) != player:
            return COVERS, (("square", square_name(action.dst)),)
        return None

    def evaluate(self, state: TuermeState) -> tuple[float, ...]:
        if state.end is not None:
            return tuple(float(s) for s in GAME.scores(state))
        values = [0.0] * state.players
        board, players, top = state.board, state.players, state.max_height
        for square in SYMBOL_FIELDS:  # owner() and height() inlined: this is the search's hot loop
            stack = board[square]
            if stack and (who := COLOUR_INDEX[stack[-1]]) < players:
                h = len(stack) - 1
                values[who] += h if h >= top else OPEN_TOWER_STONE * h
        for square in ALLEYS:
            stack = board[square]
            if stack and (who := COLOUR_INDEX[stack[-1]]) < players:
                values[who] += ALLEY_STONE * (len(stack) - 1)
        return tuple(values)

    def pending(self, state: TuermeState) -> bool:
        """A pending bonus move belongs to the move that earned it."""
        return state.bonus

    def sensible(self, state: TuermeState, player: int, actions: list[TuermeAction]) -> list[TuermeAction]:
        """Never decline a bonus move."""
        return [a for a in actions if not isinstance(a, EndTurn)]

    def progress(self, state: TuermeState, player: int, action: TuermeAction) -> int:
        """:data:`BUILDS` for a move that :func:`builds`; :data:`PREPARES` for a move onto an
        empty alley field from which the piece could build next (get in line with a plot
        or a tower it fits); else 0.

        Most legal moves slide a piece to an empty alley field and change nothing for good:
        a player who picks among all moves at random spends thousands of moves before the
        game ends. Late in a game, often no piece can build in one move, and then only a
        move that gets one ready leads anywhere.

        >>> from pygame_rules.tuerme import build, parse_square as sq
        >>> s = build(2, {"b4": "Ar", "c4": "Ab", "h4": "Dr", "n1": "Cg"})
        >>> moves = [("b4", "c4"), ("b4", "b7"), ("h4", "f4"), ("h4", "g4")]  # cover, enter, get ready, slide
        >>> [KNOWLEDGE.progress(s, 0, Move(sq(src), sq(dst))) for src, dst in moves]
        [2, 2, 1, 0]
        """
        if not isinstance(action, Move):
            return 0
        if builds(state.board, action):
            return BUILDS
        cells = list(state.board)
        cells[action.dst], cells[action.src] = cells[action.src], ""
        after = replace(state, board=tuple(cells))
        return PREPARES if any(builds(after.board, m) for m in piece_moves(after, action.dst)) else 0

    def follow_up(self, state: TuermeState, player: int) -> TuermeAction | None:
        """In the search, a bonus move is the one of the best :func:`gain` (the first of
        equals), or the end of the turn if no move gains anything: the tree branches on
        whole turns, not on every move of a long bonus chain.

        >>> from pygame_rules.tuerme import build, parse_square as sq
        >>> s = GAME.play(build(2, {"b4": "Ar", "c4": "Br", "a1": "Cb"}), 0, Move(sq("b4"), sq("b7")))
        >>> GAME.action_text(s, KNOWLEDGE.follow_up(s, 0))         # onto the B field c7
        'c4-c7+'
        >>> KNOWLEDGE.follow_up(GAME.play(s, 0, Move(sq("c4"), sq("c7"))), 0)
        EndTurn()
        """
        if not state.bonus:
            return None
        board = state.board
        best: TuermeAction = END_TURN
        most = 0.0
        for move in legal_moves(state, player):
            value = gain(board, player, move)
            if value > most:
                best, most = move, value
        return best

    def ordered(self, state: TuermeState, player: int, actions: list[TuermeAction],
                rng: Rng) -> list[TuermeAction]:
        """Best :func:`gain` first, equal gains in random order."""
        board = state.board
        keyed = [(-gain(board, player, a), rng.next32(), i) for i, a in enumerate(actions)]
        return [actions[i] for _, _, i in sorted(keyed)]

    def playout_action(self, state: TuermeState, player: int, actions: list[TuermeAction],
                       rng: Rng) -> TuermeAction:
        """Mostly a move of the best :func:`gain` (so a tower left open gets covered),
        sometimes any move."""
        if rng.randbelow(100) < PLAYOUT_GREEDY * 100:
            board = state.board
            best: list[TuermeAction] = []
            most = 0.0
            for action in actions:
                value = gain(board, player, action)
                if value > most:
                    best, most = [action], value
                elif value == most and best:
                    best.append(action)
            if best:
                return best[rng.randbelow(len(best))]
        return actions[rng.randbelow(len(actions))]


def builds(board: tuple[str, ...], move: Move) -> bool:
    """Whether ``move`` builds, in the words of the quiet end: it puts a piece onto a symbol
    field or onto another piece, which leaves one stack fewer on the alleys for good."""
    return bool(SYMBOL_AT[move.dst] or board[move.dst])


def gain(board: tuple[str, ...], player: int, action: TuermeAction) -> float:
    """A cheap guess at what ``action`` is worth to ``player``: on a symbol field, the height
    of the tower he makes there plus what another player loses by it; a little for a
    neutral stone parked on a field (it earns a bonus move) or for covering another colour
    on the alleys.

    >>> from pygame_rules.tuerme import build, parse_square as sq
    >>> s = build(2, {"b7": "Ab", "b4": "Arr", "c4": "Abg"})
    >>> gain(s.board, 0, Move(sq("b4"), sq("b7"))), gain(s.board, 0, Move(sq("b4"), sq("c4")))
    (4.0, 1.2)
    """
    if not isinstance(action, Move):
        return 0.0
    stack, there = board[action.src], board[action.dst]
    covered = height(there) if there and owner(there) != player else 0
    if not SYMBOL_AT[action.dst]:
        return ALLEY_STONE * covered
    if owner(stack) != player:
        return NEUTRAL_PARKED
    return float(height(stack) + (height(there) + covered if there else 0))


KNOWLEDGE = TuermeKnowledge()
