"""The Saba engine: the protocol's face, setup and hidden information; the rules
themselves are in :mod:`.legal`, :mod:`.effects` and :mod:`.scoring`.

>>> from pygame_rules.saba import GAME, TakeHarbour
>>> state = GAME.new_game(3, seed=1)
>>> state.phase.value, GAME.to_move(state), state.players[0].faces
('harbour', (0,), (1, 2))
>>> [p.total for p in state.players]          # start resources 0, 1, 2
[0, 1, 2]
>>> GAME.apply(state, 0, TakeHarbour(1)).phase.value
'build'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .. import quiet
from ..frozen import replace
from ..i18n import _
from ..options import chosen, declared
from ..protocol import Game, Look, OptionValue, ScoreLine
from ..rng import MASKED_RNG, Rng
from . import check, effects, legal, notation, render, scoring
from .actions import SabaAction
from .data import (
    BASIC_CARDS,
    DISPLAY_SIZE,
    FIGURES_PER_PLAYER,
    GARDEN_FIELDS,
    HARBOUR_CAPACITY,
    HIDDEN_CARD,
    MARKERS_PER_PLAYER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PALACE_CARDS,
    PLAYER_COLOURS,
    PRO_CARDS,
    RES_PER_KIND,
    RESOURCES,
    START_FACES,
    TITLE,
    VIZIER_START,
    Card,
    District,
    stack_palace_deck,
)
from .state import QUIET_END, Phase, Player, Readings, SabaState, Variants


class Saba(Game[SabaState, SabaAction]):
    """Saba – Palast der Königin (Fiore & Happel, Goldsieber 2007), basic and pro rules."""

    name = "saba"
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    #: The pro rules, the quiet end (:mod:`pygame_rules.quiet`), then the rule readings.
    options = (*declared(Variants), quiet.option(QUIET_END), *declared(Readings))
    #: 2: the state records every rule reading and the figures of each district by owner.
    #: 3: the quiet end, and the state counts the moves since the last build.
    rules_version = 3
    #: Versions 1 and 2 had no quiet end.
    options_before: ClassVar[Mapping[int, Mapping[str, OptionValue]]] = {
        version: {quiet.NAME: 0} for version in (1, 2)}
    highlight_names = render.HIGHLIGHTS
    state_type = SabaState
    action_type = SabaAction
    colours = PLAYER_COLOURS
    hidden_information = True
    score_unit = "figures"

    # ----------------------------------------------------------------- setup
    def setup(self, num_players: int, rng: Rng, options: dict[str, OptionValue]) -> SabaState:
        supply = [RES_PER_KIND] * 4
        res = [[0] * 4 for _ in range(num_players)]
        # The start player deals one random kind to each other player; 3rd and 4th get a second.
        for p, kind in zip(range(1, num_players), rng.shuffled(RESOURCES)):
            n = 1 if p == 1 else 2
            res[p][kind.index] += n
            supply[kind.index] -= n
        harbour = rng.shuffled(RESOURCES)
        for kind, cap in zip(harbour, HARBOUR_CAPACITY):
            supply[kind.index] -= cap
        deck = list(stack_palace_deck(range(PALACE_CARDS), rng))
        display = tuple(deck.pop() for _ in range(DISPLAY_SIZE))
        variants = chosen(Variants, options)
        actions = rng.shuffled(BASIC_CARDS + (PRO_CARDS if variants.pro else ()))
        players = tuple(Player(tuple(r), START_FACES, FIGURES_PER_PLAYER,  # type: ignore[arg-type]
                                    MARKERS_PER_PLAYER, ()) for r in res)
        return SabaState(
            pro=variants.pro, readings=chosen(Readings, options), current=0,
            phase=Phase.HARBOUR, players=players, supply=tuple(supply),  # type: ignore[arg-type]
            harbour_res=harbour, harbour_n=HARBOUR_CAPACITY, palace_deck=tuple(deck),
            display=display, gone=(), levels=(0,) * GARDEN_FIELDS,
            balcony=(None,) * GARDEN_FIELDS, stash=(None,) * GARDEN_FIELDS, treasury=(),
            serail=(), serail_figure=None, districts=((),) * len(District),
            vizier=VIZIER_START, uses=(0,) * 6, built_part=False, built_special=False,
            decider=None, after=Phase.BUILD, last_field=-1, action_deck=actions, discard=(),
            rng=rng.state, quiet_end=int(options[quiet.NAME]))

    def num_players(self, state: SabaState) -> int:
        return state.num_players

    # ------------------------------------------------------------- the turn
    def to_move(self, state: SabaState) -> tuple[int, ...]:
        return legal.to_move(state)

    def legal_actions(self, state: SabaState, player: int) -> list[SabaAction]:
        return legal.legal_actions(state, player)

    def why_illegal(self, state: SabaState, player: int, action: SabaAction) -> str | None:
        return legal.why_illegal(state, player, action)

    def play(self, state: SabaState, player: int, action: SabaAction) -> SabaState:
        return effects.play(state, player, action)

    # -------------------------------------------------------------- the end
    def is_over(self, state: SabaState) -> bool:
        return state.phase == Phase.OVER

    def score_breakdown(self, state: SabaState) -> tuple[tuple[ScoreLine, ...], ...]:
        return scoring.breakdown(state)

    def winners(self, state: SabaState) -> tuple[int, ...]:
        """Most figures on balconies and in the treasury (pro: and the serail figure);
        the serail rule breaks ties; players it cannot separate share the win."""
        return scoring.leaders(state) if self.is_over(state) else ()

    def describe_status(self, state: SabaState, names: Sequence[str] | None) -> str:
        """Whose turn it is, or once over the whole :meth:`result_text`: who won with how
        many figures, and why the game ended (how the serail rule broke a tie, too)."""
        if self.is_over(state):
            return self.result_text(state, names)
        return render.status_text(state, self.player_names(state, names))

    def end_reason(self, state: SabaState, names: Sequence[str]) -> str:
        """The end card, the last palace building card or the quiet end, and the serail rule on a tie."""
        return render.end_reason(state, names)

    def check_state(self, state: SabaState) -> None:
        check.check_state(state)

    def undo_blocker(self, before: SabaState, after: SabaState, player: int) -> str | None:
        """Drawing an action card or revealing a palace card can't be taken back."""
        if len(before.action_deck) != len(after.action_deck) or before.rng != after.rng:
            return _("an action card was drawn, which can't be taken back")
        if before.palace_deck != after.palace_deck:
            return _("a new palace card was revealed, which can't be taken back")
        return None

    # ------------------------------------------------------------ hidden info
    def view(self, state: SabaState, player: int | None) -> SabaState:
        """Others' hands become face-down cards, both decks lose their order and the
        random state is replaced, so nothing hidden can be read or predicted."""
        players = tuple(p if i == player else replace(p, hand=(Card.HIDDEN,) * len(p.hand))
                        for i, p in enumerate(state.players))
        return replace(state, players=players, action_deck=(Card.HIDDEN,) * len(state.action_deck),
                       palace_deck=(HIDDEN_CARD,) * len(state.palace_deck), rng=MASKED_RNG)

    # -------------------------------------------------------------- notation
    def describe_action(self, seen: SabaState, action: SabaAction, names: Sequence[str] | None, *,
                        own: bool) -> str:
        return notation.action_text(seen, action, names)

    def describe_words(self, seen: SabaState, action: SabaAction, names: Sequence[str] | None, *,
                       own: bool) -> str:
        return notation.action_words(seen, action, names)

    def position_text(self, state: SabaState) -> str:
        return notation.position_text(state)

    def read_position(self, text: str) -> SabaState:
        return notation.parse_position(text)

    def draw(self, seen: SabaState, viewer: int | None, look: Look,
             highlights: Mapping[str, Any]) -> str:
        """The board; highlights: ``harbour``, ``build_fields``, ``garden``, ``districts``,
        ``serail``, ``cards``, and ``portrait`` for a narrow screen (see :mod:`.render`).
        Once the game is over the board says how it ended: ``result``, :meth:`result_text`."""
        return render.render_svg(seen, viewer, look, {**highlights, "result": self.result_text(seen, look.names)})


GAME = Saba()
