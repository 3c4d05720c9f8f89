"""The engine of Der Turmbau zu Babel: setup, views, consistency checks, the Game class.

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

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..errors import InvalidState
from ..protocol import Game, Option, OptionValue, ScoreLine
from ..rng import Rng
from . import notation, render, resolve, scoring, turn
from .actions import Accept, BabelAction
from .data import (ACTION_CARD_COUNTS, CARD_OF_KIND, CARDS_PER_KIND, COLOURS, KIND_OF_CARD, PLAYER_COLOURS,
                   MAX_PLAYERS, MIN_PLAYERS, NO_CARDS, SCORING_ROWS, SLOTS_PER_WONDER, START_HAND,
                   WONDERS, ActionCard, Card, tile_set)
from .state import BabelState, Options, Phase, Player, StoredOffer, Wonder, add, sort_actions

#: The random state shown in views: the real one would let a viewer predict reshuffles.
MASKED_RNG = "0" * 16


class Babel(Game[BabelState, BabelAction]):
    """Der Turmbau zu Babel (Reiner Knizia, Hans im Glück 2005), 3–5 players."""

    name = "babel"
    title = "Der Turmbau zu Babel"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = (
        Option("action_cards", True, "Action cards (off: the designer's variant without them)"),
        Option("two_colour_tiles", False, "Two-colour building tiles"),
    )
    state_type = BabelState
    action_type = BabelAction
    colours = PLAYER_COLOURS
    hidden_information = True
    #: 2: players' ``shown`` cards.
    rules_version = 2

    # ----------------------------------------------------------------- setup
    def setup(self, num_players: int, rng: Rng, options: dict[str, OptionValue]) -> BabelState:
        opts = Options(bool(options["action_cards"]), bool(options["two_colour_tiles"]))
        deck = list(rng.shuffled([card for card in CARD_OF_KIND for _ in range(CARDS_PER_KIND)]))
        players = []
        for _ in range(num_players):
            hand = [0, 0, 0, 0]
            for _ in range(START_HAND):
                hand[KIND_OF_CARD[deck.pop()]] += 1
            players.append(Player(tuple(hand)))  # type: ignore[arg-type]
        tiles = rng.shuffled(tile_set(opts.two_colour_tiles))
        wonders = tuple(Wonder(tuple(tiles[w * SLOTS_PER_WONDER:(w + 1) * SLOTS_PER_WONDER]),
                               (0,) * num_players) for w in range(len(WONDERS)))
        actions = [c for c, n in ACTION_CARD_COUNTS.items() for _ in range(n)]
        action_deck = rng.shuffled(actions) if opts.action_cards else ()
        return BabelState(opts, tuple(players), wonders, tuple(deck), NO_CARDS, action_deck, (),
                          rng.state)

    def num_players(self, state: BabelState) -> int:
        return state.num_players

    # ------------------------------------------------------------- the turn
    def to_move(self, state: BabelState) -> tuple[int, ...]:
        return turn.to_move(state)

    def legal_actions(self, state: BabelState, player: int) -> list[BabelAction]:
        return turn.legal_actions(state, player)

    def why_illegal(self, state: BabelState, player: int, action: BabelAction) -> str | None:
        return turn.why_illegal(state, player, action)

    def play(self, state: BabelState, player: int, action: BabelAction) -> BabelState:
        return resolve.play(state, player, action)

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
            return "it drew or discarded cards, which can't be taken back"
        if after.revealed and not before.revealed:
            return "it revealed the sealed offers, which can't be taken back"
        return super().undo_blocker(before, after, player)

    # ------------------------------------------------------------ consistency
    def check_state(self, state: BabelState) -> None:
        """Raise InvalidState unless cards, tiles and action cards are all conserved and the
        turn's bookkeeping fits its phase (views, with hidden placeholders, pass too)."""
        problem = _shape_problem(state) or _cards_problem(state) or _tiles_problem(state) \
            or _action_cards_problem(state) or _phase_problem(state)
        if problem:
            raise InvalidState(problem)

    # -------------------------------------------------------------- notation
    def action_text(self, state: BabelState, action: BabelAction,
                    names: Sequence[str] | None = None) -> str:
        return notation.action_text(state, action, names or COLOURS)

    def parse_action(self, state: BabelState, text: str) -> tuple[int, BabelAction]:
        return notation.parse_action(self, state, text)

    def position_text(self, state: BabelState) -> str:
        return notation.position_text(state)

    def parse_position(self, text: str) -> BabelState:
        return notation.from_position_text(text)

    def render_svg(self, state: BabelState, viewer: int | None = None, **highlights: Any) -> str:
        return render.render_svg(self, state, viewer, **highlights)


# ------------------------------------------------------------------ checks
def _shape_problem(state: BabelState) -> str | None:
    n = state.num_players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"a game has {MIN_PLAYERS}–{MAX_PLAYERS} players, not {n}"
    try:
        Rng(state.rng)
    except ValueError as exc:
        return str(exc)
    if len(state.wonders) != len(WONDERS):
        return f"there are {len(WONDERS)} wonders, not {len(state.wonders)}"
    if not 0 <= state.active < n:
        return f"active player {state.active} is not a seat"
    for p, pl in enumerate(state.players):
        if min(pl.hand) < 0 or pl.hidden < 0 or pl.wonder_vp < 0 or pl.offer_vp < 0:
            return f"player {p} has a negative count"
        if list(pl.tiles) != sorted(pl.tiles) or pl.actions != sort_actions(pl.actions):
            return f"player {p}'s tiles and action cards must be sorted"
        offer = state.offers[p] if state.offers else None
        held = add(pl.hand, offer.cards) if offer and not state.revealed else pl.hand
        if min(pl.shown) < 0 or sum(max(0, s - h) for s, h in zip(pl.shown, held)) > pl.hidden:
            return f"player {p} is said to have shown cards he does not hold"
    if state.offers and len(state.offers) != n:
        return f"offers must be listed for all {n} players"
    t = state.target
    if t is not None and not (0 <= t.wonder < len(WONDERS) and 0 <= t.slot < SLOTS_PER_WONDER):
        return f"the tile being built ({t.wonder}.{t.slot}) is not a tile space"
    if isinstance(state.decision, Accept) and any(not 0 <= p < n for p in state.decision.offers):
        return "the decision accepts a player who is not in the game"
    if state.marker > len(SCORING_ROWS):
        return f"the scoring marker is past the last row ({state.marker})"
    rows = []
    for w, wonder in enumerate(state.wonders):
        if len(wonder.slots) != SLOTS_PER_WONDER or len(wonder.elements) != n:
            return f"wonder {w} needs {SLOTS_PER_WONDER} tile spaces and {n} element counts"
        if min(wonder.elements) < 0:
            return f"wonder {w} has a negative element count"
        if wonder.complete != (wonder.scored_row is not None):
            return f"wonder {w} must have a scoring row exactly when all its tiles are gone"
        if wonder.complete:
            rows.append(wonder.scored_row)
            if any(wonder.elements):
                return f"completed wonder {w} still holds elements"
    if sorted(rows) != list(range(state.marker)):
        return f"completed wonders scored on rows {sorted(rows)}, but the marker is at {state.marker}"
    return None


def _cards_problem(state: BabelState) -> str | None:
    """100 building cards (25 a kind) across supply, discard, hands and offers; one exchange
    card per player, in his hand or in his offer. Hidden cards count as any kind."""
    known = Counter({k: n for k, n in enumerate(state.discard)})
    hidden = 0
    for card in state.deck:
        if card is Card.HIDDEN:
            hidden += 1
        else:
            known[KIND_OF_CARD[card]] += 1
    for p, pl in enumerate(state.players):
        hidden += pl.hidden
        cards = pl.hand
        offer = state.offers[p] if state.offers else None
        if offer is not None:
            cards = add(cards, offer.cards)
            if pl.exchange == offer.exchange:
                return f"player {p}'s exchange card must be either in his hand or in his offer"
        elif not pl.exchange:
            return f"player {p}'s exchange card is missing"
        known.update({k: n for k, n in enumerate(cards)})
    if min(state.discard) < 0:
        return "the discard pile has a negative count"
    for k in range(4):
        if known[k] > CARDS_PER_KIND:
            return f"there are {known[k]} {CARD_OF_KIND[k].value} cards; the game has {CARDS_PER_KIND}"
    total = sum(known.values()) + hidden
    if total != 4 * CARDS_PER_KIND:
        return f"there are {total} building cards; the game has {4 * CARDS_PER_KIND}"
    return None


def _tiles_problem(state: BabelState) -> str | None:
    placed = [t for w in state.wonders for t in w.slots if t is not None]
    owned = [t for pl in state.players for t in pl.tiles]
    if sorted(placed + owned) != list(tile_set(state.options.two_colour_tiles)):
        return "the tiles on the board and in front of the players are not the game's tile set"
    return None


def _action_cards_problem(state: BabelState) -> str | None:
    cards = state.action_deck + state.action_discard + tuple(
        c for pl in state.players for c in pl.actions)
    if not state.options.action_cards:
        return "action cards are switched off, yet some are in play" if cards else None
    have = Counter(cards)
    for card, n in ACTION_CARD_COUNTS.items():
        if have[card] > n:
            return f"there are {have[card]} '{card.value}' action cards; the game has {n}"
    if len(cards) != sum(ACTION_CARD_COUNTS.values()):
        return f"there are {len(cards)} action cards; the game has {sum(ACTION_CARD_COUNTS.values())}"
    if state.action_discard != sort_actions(state.action_discard):
        return "the action discard pile must be sorted"
    return None


def _phase_problem(state: BabelState) -> str | None:
    """The turn bookkeeping fits the phase."""
    phase, n = state.phase, state.num_players
    kinds_left = [any(t is not None and t[k] for w in state.wonders for t in w.slots)
                  for k in range(4)]
    if (phase is Phase.OVER) == all(kinds_left):
        return "the game is over exactly when a kind has no tile left on the board"
    if state.second_action and not state.double_turn:
        return "a second action needs a double turn"
    building = phase in (Phase.OFFER, Phase.DECIDE, Phase.BONUS)
    if building != (state.target is not None and state.tile is not None):
        return f"the {phase.value} step {'needs' if building else 'has no'} tile being built"
    if building != (len(state.offers) == n) or (not building and state.offers):
        return f"the {phase.value} step {'needs' if building else 'has no'} offers"
    if building and state.offers[state.active] is not None:
        return "the active player makes no offer"
    complete = building and all(o is not None for p, o in enumerate(state.offers)
                                if p != state.active)
    if state.revealed != (phase in (Phase.DECIDE, Phase.BONUS)) or (state.revealed and not complete):
        return "offers are revealed exactly once all are in, until the build is resolved"
    if (state.decision is not None) != (phase is Phase.BONUS) or (
            phase is not Phase.BONUS and (state.bonus_waiting or state.bonus_used)):
        return "a decision and third-bonus bookkeeping belong to the bonus step only"
    if phase is Phase.BONUS:
        return _bonus_problem(state)
    if state.revealed:
        tile = state.tile
        for p, o in enumerate(state.offers):
            if o is not None and any(o.cards[k] and not tile[k] for k in range(4)):  # type: ignore[index]
                return f"player {p}'s revealed offer still holds wrong-kind cards"
    return None


def _bonus_problem(state: BabelState) -> str | None:
    accepted = state.decision.offers if isinstance(state.decision, Accept) else ()
    rejected = {p for p, o in enumerate(state.offers) if o is not None and p not in accepted}
    if not state.bonus_waiting or not set(state.bonus_waiting + state.bonus_used) <= rejected:
        return "only rejected offerers take part in the third-bonus step"
    if set(state.bonus_waiting) & set(state.bonus_used):
        return "a player decides on his third bonus once"
    if list(state.bonus_waiting) != sorted(set(state.bonus_waiting)) \
            or list(state.bonus_used) != sorted(set(state.bonus_used)):
        return "third-bonus player lists must be sorted"
    return None


GAME = Babel()
