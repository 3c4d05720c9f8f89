"""The rules engine of Spiel der Türme: the game object wiring the modules into the protocol.

>>> from pygame_rules.tuerme import GAME, Move
>>> s = GAME.new_game(4, seed=1)
>>> GAME.to_move(s), len(GAME.legal_actions(s, 0)) > 0
((0,), True)
>>> from pygame_rules.tuerme import build, parse_square as sq
>>> s = build(4, {"d2": "Ar"})
>>> GAME.why_illegal(s, 0, Move(sq("d2"), sq("e2")))
'd2-e2: e2 is a symbol field for C; only a C piece may enter it'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .. import quiet
from ..i18n import N_
from ..protocol import Game, Look, Option, OptionValue, ScoreLine
from ..rng import Rng
from . import check, effects, legal, notation, render, scoring
from .actions import Action
from .data import ALLEYS, COLOUR_FILLS, COLOUR_LETTERS, COLOUR_NAMES, NUM_SQUARES, STONES_PER_KIND, SYMBOLS, TITLE
from .state import LEGACY, QUIET_END, Readings, TuermeState

#: Early end 2 in the rulebook's words, quoted by the two readings of it (the quotes stay
#: Dutch in every language; their English renderings are translated where shown).
_EARLY_END_2 = ("als een speler geen geldige zet meer kan maken omdat zijn stenen respectievelijk zijn "
                "torens ofwel op symboolvelden staan ofwel zich in torens van andere spelers "
                "bevinden.")  # i18n: internal (the rulebook's words, never translated)
_EARLY_END_2_EN = N_("if a player can no longer make a valid move because his stones or towers either stand "
                     "on symbol fields or are inside other players' towers.")
_EARLY_END = f"Het spel moet voortijdig worden beëindigd: […] 2. {_EARLY_END_2}"  # i18n: internal (likewise)
_EARLY_END_EN = N_("The game must be ended early: […] 2. if a player can no longer make a valid move because his "
                   "stones or towers either stand on symbol fields or are inside other players' towers.")


class Tuerme(Game[TuermeState, Action]):
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
    min_players = 2
    max_players = 4
    #: The variant, the quiet end (:mod:`pygame_rules.quiet`), then the rule readings (the
    #: fields of :class:`.state.Readings`, whose defaults they take: the reading the
    #: rulebook's text supports best; the rules page ``web/static/rules/tuerme.html`` argues why).
    options = (
        Option("unlimited_height", False, N_("Variant: towers of any height (never safe)")),
        quiet.option(QUIET_END),
        Option("early_end_own_pieces", Readings.early_end_own_pieces,
               N_("Early end 2 counts only a player's own pieces (neutral stones he could still move don't)"),
               quote=_EARLY_END_2, quote_lang="nl", english=_EARLY_END_2_EN),
        Option("early_end_at_once", Readings.early_end_at_once,
               N_("Early end 2 ends the game at once, not only when the stuck player's turn comes"),
               quote=_EARLY_END, quote_lang="nl", english=_EARLY_END_EN),
        Option("neutral_district_ends", Readings.neutral_district_ends,
               N_("A district filled with one neutral colour ends the game too"),
               quote="Zodra precies één stadswijk op alle 4 verschillende stukken bouwgrond (symboolvelden) "
                     "met de overeenkomstige stenen respectievelijk torens van één kleur is bezet, "
                     "eindigt het spel onmiddellijk.",  # i18n: internal (the rulebook's words)
               quote_lang="nl",
               english=N_("As soon as exactly one district is occupied on all 4 different building plots "
                          "(symbol fields) by the matching stones or towers of one colour, the game ends "
                          "at once.")),
        Option("random_start", Readings.random_start,
               N_("The start player is drawn at random (from the seed), not the first seat"),
               quote="Een startspeler wordt gekozen.", quote_lang="nl",  # i18n: internal (the rulebook's)
               english=N_("A start player is chosen.")),
    )
    state_type = TuermeState
    action_type = Action
    colours = tuple(zip(COLOUR_NAMES, COLOUR_FILLS))

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
        readings = Readings.from_options(options)
        start = rng.randbelow(num_players) if readings.random_start else 0
        return TuermeState(num_players, tuple(board), start, False, None, None, None, None,
                           bool(options["unlimited_height"]), rng.state, readings, int(options[quiet.NAME]))

    def num_players(self, state: TuermeState) -> int:
        return state.players

    # ------------------------------------------------------------- the turn
    def to_move(self, state: TuermeState) -> tuple[int, ...]:
        return legal.to_move(state)

    def legal_actions(self, state: TuermeState, player: int) -> list[Action]:
        return legal.legal_actions(state, player)

    def why_illegal(self, state: TuermeState, player: int, action: Action) -> str | None:
        return legal.why_illegal(state, player, action)

    def play(self, state: TuermeState, player: int, action: Action) -> TuermeState:
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
    def describe_action(self, seen: TuermeState, action: Action, names: Sequence[str] | None, *,
                        own: bool) -> str:
        return notation.action_text(seen, action, names)

    def read_action(self, state: TuermeState, movers: tuple[int, ...], text: str) -> tuple[int, Action]:
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
        return render.render_svg(seen, viewer, look, **highlights)
