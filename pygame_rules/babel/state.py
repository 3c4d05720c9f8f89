"""The frozen state of a game of Der Turmbau zu Babel.

Hands are counts per kind (their order means nothing); the supply is an ordered
tuple of cards (the last one is on top). A view for a player replaces what he may
not see by placeholders: other hands become ``hidden`` counts, supply cards and
others' action cards become ``HIDDEN`` cards, sealed offers become empty offers.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .. import quiet
from ..frozen import replace
from ..i18n import N_
from ..options import reading, variant
from .actions import Decision
from .data import ACTION_CARD_COUNTS, MAX_PLAYERS, NO_CARDS, ActionCard, Card, Counts, Tile, tile_set


class Phase(enum.Enum):
    """The step of the turn, which decides who is to move."""

    CHOOSE = "choose"      # the active player passes, builds or plays a double turn
    OFFER = "offer"        # every other player makes a sealed offer (simultaneous)
    DECIDE = "decide"      # the active player accepts offers and builds, or declines
    BONUS = "bonus"        # turned-down offerers decide on a third bonus (simultaneous)
    WINDOW = "window"      # after an action, before the common draw: action cards (simultaneous)
    OVER = "over"


#: The name of each step in messages (``_(STEP_NAMES[phase])``); the values stay notation.
STEP_NAMES: dict[Phase, str] = {
    Phase.CHOOSE: N_("choose"), Phase.OFFER: N_("offer"), Phase.DECIDE: N_("decide"),
    Phase.BONUS: N_("third-bonus"), Phase.WINDOW: N_("window"), Phase.OVER: N_("game-over"),
}


#: The quiet end's default: moves in a row without a building tile handed out that end the
#: game (:mod:`pygame_rules.quiet`). A turn without a build is a pass (one move) or a build
#: turned down (the offers, the decision, a few answers); bots take at most about 35.
QUIET_END = 60
#: The most moves a game can last with the quiet end at its default (2,624): each build hands
#: out one of the 24 tiles, and a turn without one has at most two actions (a double turn),
#: each a pass or a build turned down, with four offers, the decision, four third-bonus answers
#: and five answers in the card window, 30 moves; 15 more for the action cards, each played once.
LONGEST_GAME = quiet.longest_game(builds=len(tile_set(False)), limit=QUIET_END,
                                  turn=2 * (1 + 2 * (MAX_PLAYERS - 1) + 1 + MAX_PLAYERS)
                                  + sum(ACTION_CARD_COUNTS.values()))


@dataclass(frozen=True)
class Variants:
    """The table's choices of rules."""

    action_cards: bool = variant(True, N_("Action cards (off: the designer's variant without them)"))
    two_colour_tiles: bool = variant(False, N_("Two-colour building tiles"))


@dataclass(frozen=True)
class Readings:
    """The rule readings: for each sentence of the rulebook that can be read two ways, the
    reading the game is played by (the rules page ``web/static/rules/babel.html`` argues each
    default). Every default is also the behaviour the engine had before the readings were
    options, so a state, position or save written before them keeps its meaning."""

    last_build_action_card: bool = reading(
        True, N_("The wonder completed by the game-ending build still deals an action card"),
        quote="Als de laatste bouwfiche van een soort wordt uitgedeeld en daarbij ook een "
              "wereldwonder werd afgewerkt, dan wordt dit wereldwonder nog normaal "
              "gewaardeerd. […] Er worden ook geen actiekaarten meer uitgedeeld.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("If the last tile of a kind is handed out and a wonder is completed "
                   "with it, that wonder is still scored normally. […] No more action "
                   "cards are dealt either."))
    last_build_offers_score: bool = reading(
        True, N_("Turned-down offers still score on the game-ending build"),
        quote="Het spel eindigt onmiddellijk zodra de laatste bouwfiche van een soort "
              "wordt uitgedeeld.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("The game ends immediately as soon as the last tile of a kind is "
                   "handed out."))
    late_double_turn: bool = reading(
        False, N_("The double turn may also be played after the first action"),
        quote="De actieve speler kan nog een tweede keer passeren of bouwen. Alle spelers "
              "trekken maar na het tweede passeren of bouwen een bouwkaart.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("The active player can pass or build a second time. All players draw "
                   "a building card only after the second pass or build."))
    cards_out_of_turn: bool = reading(
        False, N_("Draw three and card exchange may also be played out of turn"),
        quote="Deze kaart kan te allen tijde door alle spelers worden ingezet.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("This card can be played at any time by all players."))
    optional_replacing: bool = reading(
        False, N_("The builder may leave the exchange-card helper's elements in place"),
        quote="De actieve speler mag wel de bouwelementen van deze medespeler door "
              "bouwelementen van zijn eigen kleur vervangen.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("The active player may, however, replace this player's building "
                   "elements with elements of his own colour."))


@dataclass(frozen=True)
class Options(Readings, Variants):
    """The variants and the rule readings together, as a state keeps them (``state.options``:
    the variants' fields first, as states have always been written)."""


@dataclass(frozen=True)
class Player:
    """One seat: hand (known part + ``hidden`` count in views), exchange card in hand,
    action cards, won tiles (sorted), the victory points scored so far, and ``shown``:
    the cards of his hand everybody has seen (offers that came back to it and were not
    played since), which every player could remember, so views keep it."""

    hand: Counts
    exchange: bool = True
    hidden: int = 0
    actions: tuple[ActionCard, ...] = ()
    tiles: tuple[Tile, ...] = ()
    wonder_vp: int = 0
    offer_vp: int = 0
    shown: Counts = NO_CARDS

    @property
    def hand_size(self) -> int:
        return sum(self.hand) + self.hidden


@dataclass(frozen=True)
class Wonder:
    """A wonder: its three tile spaces (None once the tile is handed out), the element
    value each player has on it, and the scoring-table row it scored on once complete."""

    slots: tuple[Tile | None, ...]
    elements: tuple[int, ...]
    scored_row: int | None = None

    @property
    def complete(self) -> bool:
        return all(tile is None for tile in self.slots)


@dataclass(frozen=True)
class StoredOffer:
    """An offer lying in front of a player: the cards still in it and his exchange card.
    ``returned`` records the wrong-kind cards that went back to his hand at the reveal."""

    cards: Counts
    exchange: bool = False
    returned: Counts = NO_CARDS


@dataclass(frozen=True)
class Target:
    """The tile being built this turn."""

    wonder: int
    slot: int


@dataclass(frozen=True)
class BabelState:
    options: Options
    players: tuple[Player, ...]
    wonders: tuple[Wonder, ...]
    deck: tuple[Card, ...]
    discard: Counts
    action_deck: tuple[ActionCard, ...]
    action_discard: tuple[ActionCard, ...]
    rng: str
    active: int = 0
    phase: Phase = Phase.CHOOSE
    #: Wonders completed so far = the scoring-table row of the next one.
    marker: int = 0
    target: Target | None = None
    offers: tuple[StoredOffer | None, ...] = ()
    revealed: bool = False
    decision: Decision | None = None
    bonus_waiting: tuple[int, ...] = ()
    bonus_used: tuple[int, ...] = ()
    #: Players still to answer in the card window (:attr:`Phase.WINDOW`).
    window_waiting: tuple[int, ...] = ()
    double_turn: bool = False
    second_action: bool = False
    #: Moves in a row without building that end the game (the quiet end, see
    #: :mod:`pygame_rules.quiet`; 0: never, as states written before it existed were played).
    quiet_end: int = 0
    #: Moves since the last build that handed out a tile (a pass, an offer, a declined build…).
    quiet: int = 0

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def tile(self) -> Tile | None:
        """The tile being built, if any."""
        if self.target is None:
            return None
        return self.wonders[self.target.wonder].slots[self.target.slot]

    def with_player(self, p: int, player: Player) -> BabelState:
        return replace(self, players=self.players[:p] + (player,) + self.players[p + 1:])

    def with_wonder(self, w: int, wonder: Wonder) -> BabelState:
        return replace(self, wonders=self.wonders[:w] + (wonder,) + self.wonders[w + 1:])


def sort_actions(cards: tuple[ActionCard, ...]) -> tuple[ActionCard, ...]:
    """Action cards in their canonical (enum) order."""
    order = list(ActionCard)
    return tuple(sorted(cards, key=order.index))


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def forget(shown: Counts, gone: Counts) -> Counts:
    """What is still known of a hand after the cards ``gone`` left it (maybe unseen ones).

    >>> forget((2, 0, 1, 0), (1, 1, 3, 0))
    (1, 0, 0, 0)
    """
    return tuple(max(0, s - g) for s, g in zip(shown, gone))  # type: ignore[return-value]


def fits(a: Counts, b: Counts) -> bool:
    """Every count of ``a`` is at most that of ``b``."""
    return a[0] <= b[0] and a[1] <= b[1] and a[2] <= b[2] and a[3] <= b[3]


def matching(cards: Counts, tile: Tile) -> Counts:
    """The cards that fit the tile's kinds (the rest are wrong kinds, returned at the reveal)."""
    return tuple(n if tile[k] else 0 for k, n in enumerate(cards))  # type: ignore[return-value]
