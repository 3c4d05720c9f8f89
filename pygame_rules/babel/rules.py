"""The Game class of Der Turmbau zu Babel: setup, views, and the modules wired into the protocol.

>>> from pygame_rules.babel import GAME, Build
>>> state = GAME.new_game(4, seed=1)
>>> GAME.to_move(state)
(0,)
>>> state = GAME.apply(state, 0, Build(7, 0))
>>> GAME.to_move(state)              # the sealed offers are simultaneous
(1, 2, 3)
>>> GAME.view(state, 1).players[2].hand   # player 1 does not see player 2's cards
(0, 0, 0, 0)
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
from .actions import BabelAction
from .data import (
    ACTION_CARD_COUNTS,
    CARD_OF_KIND,
    CARDS_PER_KIND,
    KIND_OF_CARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_CARDS,
    PLAYER_COLOURS,
    SLOTS_PER_WONDER,
    START_HAND,
    TITLE,
    WONDERS,
    ActionCard,
    Card,
    tile_set,
)
from .state import QUIET_END, BabelState, Options, Phase, Player, Readings, StoredOffer, Variants, Wonder


class Babel(Game[BabelState, BabelAction]):
    """Der Turmbau zu Babel (Reiner Knizia, Hans im Glück 2005), 3–5 players."""

    name = "babel"
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    #: The variants, the quiet end (:mod:`pygame_rules.quiet`), then the rule readings.
    options = (*declared(Variants), quiet.option(QUIET_END), *declared(Readings))
    highlight_names = render.HIGHLIGHTS
    state_type = BabelState
    action_type = BabelAction
    colours = PLAYER_COLOURS
    hidden_information = True
    #: 2: players' ``shown`` cards. 3: every turned-down offerer who holds any action card is
    #: asked about a third bonus (a save of version 2 has no answers of those who hold none);
    #: the rule readings, the card window and ``Accept.replace``. 4: the quiet end, and the
    #: state counts the moves since the last build.
    rules_version = 4
    #: Versions 1–3 had no quiet end.
    options_before: ClassVar[Mapping[int, Mapping[str, OptionValue]]] = {
        version: {quiet.NAME: 0} for version in (1, 2, 3)}

    # ----------------------------------------------------------------- setup
    def setup(self, num_players: int, rng: Rng, options: dict[str, OptionValue]) -> BabelState:
        opts = chosen(Options, options)
        deck = list(rng.shuffled([card for card in CARD_OF_KIND for _ in range(CARDS_PER_KIND)]))
        players = []
        for _seat in range(num_players):
            hand = [0, 0, 0, 0]
            for _card in range(START_HAND):
                hand[KIND_OF_CARD[deck.pop()]] += 1
            players.append(Player(tuple(hand)))  # type: ignore[arg-type]
        tiles = rng.shuffled(tile_set(opts.two_colour_tiles))
        wonders = tuple(Wonder(tuple(tiles[w * SLOTS_PER_WONDER:(w + 1) * SLOTS_PER_WONDER]),
                               (0,) * num_players) for w in range(len(WONDERS)))
        actions = [c for c, n in ACTION_CARD_COUNTS.items() for _ in range(n)]
        action_deck = rng.shuffled(actions) if opts.action_cards else ()
        return BabelState(opts, tuple(players), wonders, tuple(deck), NO_CARDS, action_deck, (),
                          rng.state, quiet_end=int(options[quiet.NAME]))

    def num_players(self, state: BabelState) -> int:
        return state.num_players

    # ------------------------------------------------------------- the turn
    def to_move(self, state: BabelState) -> tuple[int, ...]:
        return legal.to_move(state)

    def legal_actions(self, state: BabelState, player: int) -> list[BabelAction]:
        return legal.legal_actions(state, player)

    def why_illegal(self, state: BabelState, player: int, action: BabelAction) -> str | None:
        return legal.why_illegal(state, player, action)

    def play(self, state: BabelState, player: int, action: BabelAction) -> BabelState:
        return effects.play(state, player, action)

    def is_over(self, state: BabelState) -> bool:
        return state.phase is Phase.OVER

    def score_breakdown(self, state: BabelState) -> tuple[tuple[ScoreLine, ...], ...]:
        return scoring.breakdown(state)

    # ------------------------------------------------------------ hidden info
    def view(self, state: BabelState, player: int | None) -> BabelState:
        """What ``player`` sees: his own hand and action cards; of the others how many cards
        they hold and which of them everybody saw (``shown``), and their action cards only
        once the game is over, for the final scoring; who has offered but not what until
        the reveal; never the supply order or the random state."""
        sealed = not state.revealed
        players = []
        for p, pl in enumerate(state.players):
            if p == player:
                players.append(pl)
                continue
            offer = state.offers[p] if state.offers else None
            held = pl.hand_size + (sum(offer.cards) if sealed and offer else 0)
            actions = pl.actions if state.phase is Phase.OVER else (ActionCard.HIDDEN,) * len(
                pl.actions)
            players.append(replace(pl, hand=NO_CARDS, hidden=held, actions=actions,
                                   exchange=pl.exchange or bool(sealed and offer and offer.exchange)))
        offers = tuple(o if o is None or not sealed or p == player else StoredOffer(NO_CARDS)
                       for p, o in enumerate(state.offers))
        return replace(state, players=tuple(players), offers=offers,
                       deck=(Card.HIDDEN,) * len(state.deck),
                       action_deck=(ActionCard.HIDDEN,) * len(state.action_deck), rng=MASKED_RNG)

    def undo_blocker(self, before: BabelState, after: BabelState, player: int) -> str | None:
        """Drawing from a face-down pile or opening the sealed offers can't be taken back."""
        if len(after.deck) < len(before.deck) or before.discard != after.discard \
                or len(after.action_deck) < len(before.action_deck):
            return _("it drew or discarded cards, which can't be taken back")
        if after.revealed and not before.revealed:
            return _("it revealed the sealed offers, which can't be taken back")
        return super().undo_blocker(before, after, player)

    # ------------------------------------------------------------ consistency
    def check_state(self, state: BabelState) -> None:
        check.check_state(state)

    # -------------------------------------------------------------- notation
    def describe_action(self, seen: BabelState, action: BabelAction, names: Sequence[str] | None, *,
                        own: bool) -> str:
        return notation.action_text(seen, action, names, own=own)

    def describe_words(self, seen: BabelState, action: BabelAction, names: Sequence[str] | None, *,
                       own: bool) -> str:
        return notation.action_words(seen, action, names, own=own)

    def describe_outcome(self, seen_before: BabelState, action: BabelAction, seen_after: BabelState,
                         names: Sequence[str] | None) -> str:
        """The last sealed offer tells the reveal it caused."""
        return notation.outcome_words(seen_before, seen_after, names)

    def position_text(self, state: BabelState) -> str:
        return notation.position_text(state)

    def read_position(self, text: str) -> BabelState:
        return notation.parse_position(text)

    # --------------------------------------------------------------- display
    def draw(self, seen: BabelState, viewer: int | None, look: Look,
             highlights: Mapping[str, Any]) -> str:
        return render.render_svg(seen, viewer, look, highlights)

    def describe_status(self, state: BabelState, names: Sequence[str] | None) -> str:
        """Whose turn it is, or once over who won (the end in words is :meth:`result_text`)."""
        return render.status_text(state, self.player_names(state, names))

    def end_reason(self, state: BabelState, names: Sequence[str]) -> str:
        """Who built the last tile of a kind, which ended the game, or the quiet end."""
        return render.end_reason(state, names)


GAME = Babel()
