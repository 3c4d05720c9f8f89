"""Der Turmbau zu Babel by pointing: tiles to build, hand cards to offer, offers to accept.

Every choice is checked against ``game.legal_actions``; the class only composes them.

>>> from pygame_rules.babel import GAME, Build
>>> ui = BabelInteraction(GAME)
>>> state = GAME.new_game(3, seed=1)
>>> ui.click(state, 0, {"wonder": "0", "tile": "0"}), ui.highlights(state, 0)["tile"]
(None, (0, 0))
>>> ui.click(state, 0, {"wonder": "0", "tile": "0"})
Build(wonder=0, slot=0)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..i18n import N_, _, ngettext
from ..interaction import Button, Interaction, Played
from .actions import Accept, Build, CardExchange, Continue, Decline, DoubleTurn, DrawThree, Offer, Pass, ThirdBonus
from .data import KINDS, NO_CARDS, WONDERS, Counts, counts_words, tile_words
from .legal import own_share
from .render import PORTRAIT_BELOW
from .state import BabelState, Phase, add, fits

#: UI steps (``Button.step`` keys).
CLEAR, SWAP, CANCEL = "clear", "swap", "cancel"
#: What the turn's step asks for, said when a click belongs to another step.
NOW = {
    Phase.CHOOSE: N_("now a tile is chosen to build, or the turn is passed"),
    Phase.OFFER: N_("now the others make their sealed offers with the cards of their hands"),
    Phase.DECIDE: N_("now the builder decides which offers to accept"),
    Phase.BONUS: N_("now the players turned down decide on the third bonus"),
    Phase.WINDOW: N_("now action cards may be played before the cards are drawn"),
}


class BabelInteraction(Interaction):
    """Selections of one player at one moment of the turn; they reset when the moment passes.

    Below :data:`~.render.PORTRAIT_BELOW` CSS px the four wonders a row would show text under
    11 px, so two go a row and the hand, the players and the tables follow below them:

    >>> from pygame_rules.babel import GAME
    >>> BabelInteraction(GAME).board_options(390), BabelInteraction(GAME).board_options(1000)
    ({'portrait': True}, {})
    """

    portrait_below = PORTRAIT_BELOW
    choice_keys = ("tile", "offers", "cards")

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.moment: tuple[Any, ...] = ()
        self.reset()

    def reset(self) -> None:
        self.tile: tuple[int, int] | None = None
        self.cards: Counts = NO_CARDS
        self.exchange = False
        self.accepted: tuple[int, ...] = ()
        self.swapping = False

    def _sync(self, state: BabelState, player: int) -> None:
        """Forget selections made for another player or another step of the turn."""
        moment = (player, state.active, state.phase, state.target, state.second_action,
                  state.players[player].hand)
        if moment != self.moment:
            self.moment = moment
            self.reset()

    def _legal(self, state: BabelState, player: int) -> list[Any]:
        return self.game.legal_actions(state, player)

    # ---------------------------------------------------------------- prompt
    def prompt(self, state: BabelState, player: int) -> str:
        self._sync(state, player)
        if self.swapping:
            return self._swap_prompt(state, player)
        if state.phase is Phase.CHOOSE:
            return self._choose_prompt(state)
        if state.phase is Phase.OFFER:
            return self._offer_prompt(state, player)
        if state.phase is Phase.DECIDE:
            return self._decide_prompt(state)
        if state.phase is Phase.BONUS:
            return self._bonus_prompt(state, player)
        if state.phase is Phase.WINDOW:
            return self._window_prompt(state, player)
        return _("The game is over.")

    def _bonus_prompt(self, state: BabelState, player: int) -> str:
        if ThirdBonus(True) in self._legal(state, player):
            return _("Your offer was turned down. Play your third-bonus card to score 3 VP per card "
                     "instead of 1?")
        return _("Your offer was turned down. You hold no third-bonus card, so: no third bonus. "
                 "(Everyone turned down who holds action cards is asked, so nobody learns who holds one.)")

    def _window_prompt(self, state: BabelState, player: int) -> str:
        legal = self._legal(state, player)
        double = DoubleTurn() in legal
        draw = DrawThree() in legal or any(isinstance(a, CardExchange) for a in legal)
        if double and draw:
            return _("Before the cards are drawn you may play “double turn” for a second action or "
                     "play “draw three” or “card exchange”, or go on.")
        if double:
            return _("Before the cards are drawn you may play “double turn” for a second action, or go on.")
        if draw:
            return _("Before the cards are drawn you may play “draw three” or “card exchange”, or go on.")
        return _("Before the cards are drawn, players holding action cards may play some. "
                 "You have none to play now: go on.")

    def _choose_prompt(self, state: BabelState) -> str:
        if self.tile is None:
            if state.second_action:
                return _("Second action of your double turn: click a tile on a wonder to ask the others "
                         "for help building it, or pass.")
            return _("Click a tile on a wonder to ask the others for help building it, or pass.")
        w, s = self.tile
        fields = {"tile": tile_words(_tile(state, w, s)), "wonder": _(WONDERS[w])}
        if state.second_action:
            return _("Second action of your double turn: you picked {tile} on {wonder}: press “Build this "
                     "tile” (or click it again), or pick another tile.").format(**fields)
        return _("You picked {tile} on {wonder}: press “Build this tile” (or click it again), or pick "
                 "another tile.").format(**fields)

    def _offer_prompt(self, state: BabelState, player: int) -> str:
        assert state.tile is not None and state.target is not None
        offer = Offer(self.cards, self.exchange)
        text = _("{player} wants to build {tile} on {wonder}. Click your cards to put them in your sealed "
                 "offer (other kinds are a bluff and come back); the exchange card goes in and out. "
                 "Your offer: {offer}.").format(
            player=self.names[state.active], tile=tile_words(state.tile),
            wonder=_(WONDERS[state.target.wonder]), offer=_offer_text(offer))
        reason = self.game.why_illegal(state, player, offer)
        return _("{prompt} It can't be sealed: {reason}.").format(prompt=text, reason=reason) if reason else text

    def _decide_prompt(self, state: BabelState) -> str:
        assert state.tile is not None
        tile = tile_words(state.tile)
        if not self._accepts(state):
            return _("No combination of offers and your cards makes {tile}: decline.").format(tile=tile)
        if not self.accepted:
            return _("Click the offers you accept to build {tile}. None accepted yet: you would add every "
                     "card yourself.").format(tile=tile)
        got = NO_CARDS
        for p in self.accepted:
            got = add(got, state.offers[p].cards)  # type: ignore[union-attr]
        who = ", ".join(self.names[p] for p in self.accepted)
        text = _("Click the offers you accept to build {tile}. Accepted: {players} ({cards}).").format(
            tile=tile, players=who, cards=counts_words(got))
        if not self._builds(state):
            reason = self.game.why_illegal(state, state.active, Accept(self.accepted))
            return _("{prompt} You can't build with just these: {reason}.").format(prompt=text, reason=reason)
        return text

    def _swap_prompt(self, state: BabelState, player: int) -> str:
        text = _("Card exchange: click the cards (1–5) to discard and draw again. Chosen: {cards}.").format(
            cards=counts_words(self.cards))
        reason = self.game.why_illegal(state, player, CardExchange(self.cards))
        if reason and any(self.cards):
            return _("{prompt} Not possible yet: {reason}.").format(prompt=text, reason=reason)
        return text

    # ------------------------------------------------------------ highlights
    def highlights(self, state: BabelState, player: int) -> dict[str, Any]:
        self._sync(state, player)
        if self.swapping or state.phase is Phase.OFFER:
            return {"cards": self.cards} if any(self.cards) else {}
        if state.phase is Phase.CHOOSE and self.tile is not None:
            return {"tile": self.tile, "wonder": self.tile[0]}
        if state.phase is Phase.DECIDE and self.accepted:
            return {"offers": self.accepted}
        return {}

    def replay_highlights(self, state: BabelState, player: int, action: Any) -> dict[str, Any]:
        if isinstance(action, Build):
            return {"tile": (action.wonder, action.slot)}
        if isinstance(action, Accept) and action.offers:
            return {"offers": action.offers}
        return {}  # never an offer's cards: they are secret

    def turn_player(self, state: BabelState) -> int:
        return state.active  # the others' offers and bonus cards belong to the builder's turn

    def turn_highlights(self, turn: Sequence[Played]) -> dict[str, Any]:
        """The tile asked for and whose offers were accepted or turned down (never their cards).

        >>> from dataclasses import replace
        >>> from pygame_rules.babel import GAME
        >>> from pygame_rules.babel.state import StoredOffer
        >>> ui = BabelInteraction(GAME)
        >>> state = GAME.new_game(3, seed=1)
        >>> offered = replace(state, offers=(None, StoredOffer((1, 0, 0, 0)), StoredOffer((0, 1, 0, 0))))
        >>> ui.turn_highlights([Played(state, 0, Build(2, 1)), Played(offered, 0, Accept((2,)))])
        {'built': (2, 1), 'helpers': (2,), 'turned_down': (1,)}
        """
        shown: dict[str, Any] = {}
        for played in turn:
            action, offers = played.action, played.state.offers
            if isinstance(action, Build):
                shown["built"] = (action.wonder, action.slot)
            elif isinstance(action, (Accept, Decline)) and offers:
                accepted = action.offers if isinstance(action, Accept) else ()
                shown["helpers"] = accepted
                shown["turned_down"] = tuple(p for p, o in enumerate(offers) if o is not None and p not in accepted)
        return shown

    # ---------------------------------------------------------------- clicks
    def guesses(self, state: BabelState, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> Iterator[Any]:
        """A tile: building it; an offer: building with it; a card of the hand while offering:
        one card more in the offer being made."""
        wonder, slot, helper = _int(target.get("wonder")), _int(target.get("tile")), _int(target.get("offer-player"))
        if wonder >= 0 and slot >= 0:
            yield Build(wonder, slot)
        if helper >= 0:
            yield Accept((helper,))
        card = target.get("card", "")
        if card in KINDS and state.phase is Phase.OFFER:
            cards = highlights.get("cards") or NO_CARDS
            yield Offer(tuple(n + (k == KINDS.index(card)) for k, n in enumerate(cards)), False)

    def why_not(self, state: BabelState, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> str | None:
        """Why the tile, card or offer clicked can't be chosen now (in another step of the turn:
        what this step asks for instead).

        >>> from pygame_rules.babel import GAME
        >>> ui, state = BabelInteraction(GAME), GAME.new_game(3, seed=1)
        >>> print(ui.why_not(state, 0, {"card": "camel"}, {}))
        your cards can't be chosen now: now a tile is chosen to build, or the turn is passed
        """
        if player not in self.game.to_move(state):
            return None
        now = _(NOW[state.phase]) if state.phase in NOW else ""
        wonder, slot, helper = _int(target.get("wonder")), _int(target.get("tile")), _int(target.get("offer-player"))
        card = target.get("card", "")
        if wonder >= 0 and slot >= 0:
            return self._tile_problem(state, player, Build(wonder, slot), now)
        if helper >= 0 and helper < len(self.names):
            reason = (self.game.why_illegal(state, player, Accept((helper,))) if state.phase is Phase.DECIDE
                      else now)
            return _("{player}'s offer can't be chosen: {reason}").format(player=self.names[helper],
                                                                           reason=reason) if reason else None
        if card in KINDS or card == "exchange":
            if state.phase is not Phase.OFFER:
                return _("your cards can't be chosen now: {reason}").format(reason=now)
            cards = highlights.get("cards") or NO_CARDS
            offer = (Offer(cards, True) if card == "exchange" else
                     Offer(tuple(n + (k == KINDS.index(card)) for k, n in enumerate(cards)), False))
            reason = self.game.why_illegal(state, player, offer)
            return _("that card can't go into your offer: {reason}").format(reason=reason) if reason else None
        return None

    def _tile_problem(self, state: BabelState, player: int, build: Build, now: str) -> str | None:
        if not (0 <= build.wonder < len(state.wonders) and 0 <= build.slot < len(state.wonders[build.wonder].slots)):
            return None
        tile = state.wonders[build.wonder].slots[build.slot]
        reason = self.game.why_illegal(state, player, build)
        if tile is None or not reason:
            return reason
        if state.phase is not Phase.CHOOSE:
            reason = now
        return _("the tile {tile} on {wonder} can't be chosen: {reason}").format(
            tile=tile_words(tile), wonder=_(WONDERS[build.wonder]), reason=reason)

    def adopt(self, state: BabelState, player: int, highlights: Mapping[str, Any]) -> None:
        """The tile picked, the offers accepted or the cards put into the offer being made."""
        self._sync(state, player)
        tile, offers, cards = highlights.get("tile"), highlights.get("offers"), highlights.get("cards")
        if state.phase is Phase.CHOOSE and tile is not None and Build(*tile) in self._legal(state, player):
            self.tile = tuple(tile)
        elif state.phase is Phase.DECIDE and offers and player == state.active:
            if any(a.offers == tuple(offers) for a in self._accepts(state)):
                self.accepted = tuple(offers)
        elif state.phase is Phase.OFFER and cards is not None and all(
                n <= held for n, held in zip(cards, state.players[player].hand)):
            self.cards = tuple(cards)

    def step(self, key: str) -> None:
        if key == SWAP:
            self.reset()
            self.swapping = True
        elif key == CANCEL:
            self.reset()
        elif key == CLEAR:
            self.cards, self.exchange, self.accepted = NO_CARDS, False, ()

    def click(self, state: BabelState, player: int, target: dict[str, str]) -> Any:
        self._sync(state, player)
        if "card" in target and (self.swapping or state.phase is Phase.OFFER):
            self._add_card(state, player, target["card"])
        elif "tile" in target and state.phase is Phase.CHOOSE and not self.swapping:
            return self._pick_tile(state, player, target)
        elif "offer-player" in target and state.phase is Phase.DECIDE and not self.swapping:
            self._toggle_offer(state, target["offer-player"])
        return None

    def _add_card(self, state: BabelState, player: int, card: str) -> None:
        hand = state.players[player].hand
        if card == "exchange" and not self.swapping:
            self.exchange = not self.exchange
        elif card in KINDS:
            k = KINDS.index(card)
            if self.cards[k] < hand[k]:
                self.cards = add(self.cards, _one(k))

    def _pick_tile(self, state: BabelState, player: int, target: dict[str, str]) -> Any:
        build = Build(_int(target.get("wonder")), _int(target.get("tile")))
        if build not in self._legal(state, player):
            self.tile = None
        elif self.tile == (build.wonder, build.slot):
            return build
        else:
            self.tile = (build.wonder, build.slot)
        return None

    def _toggle_offer(self, state: BabelState, who: str) -> None:
        p = _int(who)
        selectable = {q for a in self._accepts(state) for q in a.offers}
        if p in self.accepted:
            self.accepted = tuple(q for q in self.accepted if q != p)
        elif p in selectable:
            self.accepted = tuple(sorted(self.accepted + (p,)))

    # --------------------------------------------------------------- buttons
    def buttons(self, state: BabelState, player: int) -> list[Button]:
        self._sync(state, player)
        if self.swapping:
            return self._swap_buttons(state, player)
        legal = self._legal(state, player)
        by_phase = {Phase.CHOOSE: self._choose_buttons, Phase.OFFER: self._offer_buttons,
                    Phase.DECIDE: self._decide_buttons, Phase.BONUS: self._bonus_buttons,
                    Phase.WINDOW: self._window_buttons}
        main = by_phase[state.phase](state, legal) if state.phase in by_phase else []
        return main + self._action_card_buttons(state, legal)

    def _choose_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = []
        if self.tile is not None:
            out.append(Button(_("Build this tile"), Build(*self.tile), primary=True))
        out.append(Button(_("Pass (draw a card)"), Pass(), primary=self.tile is None))
        if DoubleTurn() in legal:
            out.append(Button(_("Play “double turn”"), DoubleTurn()))
        return out

    def _offer_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        offer = Offer(self.cards, self.exchange)
        out = []
        if offer in legal:
            out.append(Button(_("Seal offer: {offer}").format(offer=_offer_text(offer)), offer, primary=True))
        if any(self.cards) or self.exchange:
            out.append(Button(_("Clear offer"), step=CLEAR))
            return out
        return out + self._offers_at_once(state, legal)

    def _offers_at_once(self, state: BabelState, legal: list[Any]) -> list[Button]:
        """With nothing put in yet, the help in one click: each legal offer of one kind the tile
        asks for, 1 up to as many cards as it asks (a mix or a bluff is clicked together)."""
        tile = state.tile
        assert tile is not None
        found = [a for a in legal if isinstance(a, Offer) and not a.exchange
                 and sum(1 for n in a.cards if n) == 1 and fits(a.cards, tile)]
        return [Button(_("Seal offer: {offer}").format(offer=_offer_text(a)), a)
                for a in sorted(found, key=lambda a: a.cards[::-1])]  # by kind, then amount

    def _decide_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = [Button(_build_label(state, a, self.names), a, primary=True) for a in self._builds(state)]
        if self.accepted:
            out.append(Button(_("Clear selection"), step=CLEAR))
        return out + [Button(_("Decline (don't build)"), Decline())]

    def _accepts(self, state: BabelState) -> list[Accept]:
        """Every legal way to build now."""
        return [a for a in self._legal(state, state.active) if isinstance(a, Accept)]

    def _builds(self, state: BabelState) -> list[Accept]:
        """The legal ways to build with exactly the accepted offers (one per joker use)."""
        return [a for a in self._accepts(state) if a.offers == self.accepted]

    def _bonus_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = []
        if ThirdBonus(True) in legal:
            out.append(Button(_("Use third bonus (3 VP per card)"), ThirdBonus(True), primary=True))
        return out + [Button(_("No third bonus"), ThirdBonus(False), primary=not out)]

    def _window_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = [Button(_("Go on"), Continue(), primary=True)]
        if DoubleTurn() in legal:
            out.append(Button(_("Play “double turn”"), DoubleTurn()))
        return out

    def _action_card_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = []
        if DrawThree() in legal:
            out.append(Button(_("Play “draw three”"), DrawThree()))
        if any(isinstance(a, CardExchange) for a in legal):
            out.append(Button(_("Play “card exchange”…"), step=SWAP))
        return out

    def _swap_buttons(self, state: BabelState, player: int) -> list[Button]:
        swap = CardExchange(self.cards)
        out = []
        if swap in self._legal(state, player):
            out.append(Button(_("Exchange {cards}").format(cards=counts_words(self.cards)), swap, primary=True))
        return out + [Button(_("Cancel card exchange"), step=CANCEL)]

    # ------------------------------------------------------------- keyboard
    def clickable(self, state: BabelState, player: int) -> list[dict[str, str]]:
        self._sync(state, player)
        if self.swapping or state.phase is Phase.OFFER:
            me = state.players[player]
            cards = [{"card": KINDS[k]} for k in range(4) if me.hand[k]]
            return cards + ([{"card": "exchange"}] if me.exchange and not self.swapping else [])
        if state.phase is Phase.CHOOSE:
            return [{"wonder": str(a.wonder), "tile": str(a.slot)}
                    for a in self._legal(state, player) if isinstance(a, Build)]
        if state.phase is Phase.DECIDE:
            players = sorted({p for a in self._accepts(state) for p in a.offers})
            return [{"offer-player": str(p)} for p in players]
        return []


# ------------------------------------------------------------------ helpers
def _int(text: str | None) -> int:
    return int(text) if text is not None and text.isdigit() else -1


def _one(kind: int) -> Counts:
    return tuple(1 if k == kind else 0 for k in range(4))  # type: ignore[return-value]


def _tile(state: BabelState, w: int, s: int) -> Counts:
    tile = state.wonders[w].slots[s]
    assert tile is not None
    return tile


def _offer_text(offer: Offer) -> str:
    if not offer.exchange:
        return counts_words(offer.cards)
    if not any(offer.cards):
        return _("exchange card")
    return _("{cards} + exchange card").format(cards=counts_words(offer.cards))


def _build_label(state: BabelState, accept: Accept, names: Sequence[str]) -> str:
    """What building this way costs: the cards from one's own hand and the jokers, and who
    gets the tile when an accepted offer holds the exchange card."""
    own = counts_words(own_share(state, accept))
    if any(accept.joker):
        jokers = sum(accept.joker) // 2
        label = ngettext("Build, adding {cards} from your hand and {n} joker ({joker_cards})",
                         "Build, adding {cards} from your hand and {n} jokers ({joker_cards})", jokers).format(
            cards=own, n=jokers, joker_cards=counts_words(accept.joker))
    else:
        label = _("Build, adding {cards} from your hand").format(cards=own)
    giver = [p for p in accept.offers if state.offers[p].exchange]  # type: ignore[union-attr]
    if not giver:
        return label
    if not accept.replace:
        tile_goes = _("{build}; the tile goes to {player}, who places his own elements")
    elif state.options.optional_replacing:
        tile_goes = _("{build}; the tile goes to {player}, and you place the elements for his cards")
    else:
        tile_goes = _("{build}; the tile goes to {player}")
    return tile_goes.format(build=label, player=names[giver[0]])
