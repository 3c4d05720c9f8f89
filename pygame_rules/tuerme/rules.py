"""The rules engine of Spiel der Türme: the game object wiring the modules into the protocol.

>>> from pygame_rules.tuerme import GAME, Move
>>> s = GAME.new_game(4, seed=1)
>>> GAME.to_move(s), len(GAME.legal_actions(s, 0)) > 0
((0,), True)
>>> from pygame_rules.tuerme import build, parse_square as sq
>>> s = build(4, {"d2": "Ar"})
>>> GAME.why_illegal(s, 0, Move(sq("d2"), sq("e2")))
'd2-e2: e2 is a symbol field for C; only a piece with the symbol C may enter it'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .. import quiet
from ..options import chosen, declared
from ..protocol import Game, Look, OptionValue, ScoreLine
from ..rng import Rng
from . import check, effects, legal, notation, render, scoring
from .actions import TuermeAction
from .data import (
    ALLEYS,
    COLOUR_LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_SQUARES,
    PLAYER_COLOURS,
    STONES_PER_KIND,
    SYMBOLS,
    TITLE,
)
from .state import LEGACY, QUIET_END, Readings, TuermeState, Variants


class Tuerme(Game[TuermeState, TuermeAction]):
    """Spiel der Türme (Rudi Hoffmann, Schmidt Spiele 1993) for 2–4 players."""

    name = "tuerme"
    title = TITLE
    #: 2: the rule readings became options, recorded in the state; a player whose only move
    #: is a locked neutral stone skips instead of ending the game, and a finished game keeps
    #: no lock (older saves replay from their moves). 3: the quiet end, and the state counts
    #: the moves since the last that built.
    rules_version = 3
    #: Rules version 1 played every reading as :data:`.state.LEGACY` has it; versions 1 and 2
    #: had no quiet end.
    options_before: ClassVar[Mapping[int, Mapping[str, OptionValue]]] = {
        1: {**{name: getattr(LEGACY, name) for name in Readings.names()}, quiet.NAME: 0},
        2: {quiet.NAME: 0}}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    #: The variant, the quiet end (:mod:`pygame_rules.quiet`), then the rule readings.
    options = (*declared(Variants), quiet.option(QUIET_END), *declared(Readings))
    highlight_names = render.HIGHLIGHTS
    state_type = TuermeState
    action_type = TuermeAction
    colours = PLAYER_COLOURS

    # ----------------------------------------------------------------- setup
    def setup(self, num_players: int, rng: Rng, options: dict[str, OptionValue]) -> TuermeState:
        """Shuffle the 80 stones and deal one onto each alley field, rank by rank from a1;
        then, if the reading says so, draw the start player (else the first seat starts)."""
        stones = [symbol + colour for colour in COLOUR_LETTERS for symbol in SYMBOLS
                  for _ in range(STONES_PER_KIND)]
        rng.shuffle(stones)
        board = [""] * NUM_SQUARES
        for square, dealt in zip(ALLEYS, stones, strict=True):
            board[square] = dealt
        readings = chosen(Readings, options)
        start = rng.randbelow(num_players) if readings.random_start else 0
        return TuermeState(num_players, tuple(board), start, False, None, None, None, None,
                           chosen(Variants, options).unlimited_height, rng.state, readings, int(options[quiet.NAME]))

    def num_players(self, state: TuermeState) -> int:
        return state.players

    # ------------------------------------------------------------- the turn
    def to_move(self, state: TuermeState) -> tuple[int, ...]:
        return legal.to_move(state)

    def legal_actions(self, state: TuermeState, player: int) -> list[TuermeAction]:
        return legal.legal_actions(state, player)

    def why_illegal(self, state: TuermeState, player: int, action: TuermeAction) -> str | None:
        return legal.why_illegal(state, player, action)

    def play(self, state: TuermeState, player: int, action: TuermeAction) -> TuermeState:
        return effects.play(state, player, action)

    # -------------------------------------------------------------- the end
    def is_over(self, state: TuermeState) -> bool:
        return state.over

    def score_breakdown(self, state: TuermeState) -> tuple[tuple[ScoreLine, ...], ...]:
        return scoring.breakdown(state)

    def check_state(self, state: TuermeState) -> None:
        """Raise InvalidState unless the 80 stones, the stacks, the turn and the end agree."""
        check.check_state(state)

    def from_diagram_text(self, text: object) -> TuermeState:
        """Like :meth:`from_position_text`, but the board may hold fewer than the 80 stones
        (at most 5 of each colour and symbol), as in the rulebook's figures."""
        state = self.parse_position(text)
        check.check_state(state, complete=False)
        return state

    # -------------------------------------------------------------- notation
    def describe_action(self, seen: TuermeState, action: TuermeAction, names: Sequence[str] | None, *,
                        own: bool) -> str:
        return notation.action_text(seen, action, names)

    def describe_words(self, seen: TuermeState, action: TuermeAction, names: Sequence[str] | None, *,
                       own: bool) -> str:
        return notation.action_words(seen, action, names)

    def read_action(self, state: TuermeState, movers: tuple[int, ...], text: str) -> tuple[int, TuermeAction]:
        """Like the base, but lenient about markers (``c3c7`` = ``c3xc7+``) and saying why
        a move is illegal."""
        return notation.parse_action(state, text)

    def position_text(self, state: TuermeState) -> str:
        return notation.position_text(state)

    def read_position(self, text: str) -> TuermeState:
        return notation.parse_position(text)

    # -------------------------------------------------------------------- UI
    def describe_status(self, state: TuermeState, names: Sequence[str] | None) -> str:
        """Whose turn (noting a bonus move or a forced pass), or once over the whole
        :meth:`result_text`: who won with how many points, and why the game ended."""
        if state.over:
            return self.result_text(state, names)
        return render.status_text(state, self.player_names(state, names))

    def end_reason(self, state: TuermeState, names: Sequence[str]) -> str:
        """Why the game ended: a district filled, no stones on the alleys, a player stuck, …

        >>> from pygame_rules.examples import example
        >>> from pygame_rules.tuerme import GAME
        >>> GAME.result_text(example("tuerme", "district-end").states()[1], ["Red", "Blue", "Green", "Purple"])
        'Red wins with 10 points. The game ended because Red filled a district, which counts twice.'
        """
        return render.end_reason(state, names)

    def draw(self, seen: TuermeState, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
        """The board; highlights: ``selected``, ``targets``, ``last_move``, ``portrait`` (see :mod:`.render`)."""
        return render.render_svg(seen, viewer, look, highlights)


GAME = Tuerme()
