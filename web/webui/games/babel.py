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

from collections.abc import Sequence
from typing import Any

from pygame_rules.babel import (
    Accept,
    BabelState,
    Build,
    CardExchange,
    Continue,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    Phase,
    ThirdBonus,
)
from pygame_rules.babel.data import KINDS, NO_CARDS, WONDERS, Counts, counts_text, tile_text
from pygame_rules.babel.legal import own_share
from pygame_rules.babel.state import add

from .base import Button, Interaction

#: UI steps (``Button.step`` keys).
CLEAR, SWAP, CANCEL = "clear", "swap", "cancel"


class BabelInteraction(Interaction):
    """Selections of one player at one moment of the turn; they reset when the moment passes."""

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
        return "The game is over."

    def _bonus_prompt(self, state: BabelState, player: int) -> str:
        head = "Your offer was turned down."
        if ThirdBonus(True) in self._legal(state, player):
            return f"{head} Play your third-bonus card to score 3 VP per card instead of 1?"
        return (f"{head} You hold no third-bonus card, so: no third bonus. (Everyone turned "
                "down who holds action cards is asked, so nobody learns who holds one.)")

    def _window_prompt(self, state: BabelState, player: int) -> str:
        legal = self._legal(state, player)
        offers = []
        if DoubleTurn() in legal:
            offers.append("play “double turn” for a second action")
        if DrawThree() in legal or any(isinstance(a, CardExchange) for a in legal):
            offers.append("play “draw three” or “card exchange”")
        if not offers:
            return ("Before the cards are drawn, players holding action cards may play some. "
                    "You have none to play now: go on.")
        return f"Before the cards are drawn you may {' or '.join(offers)}, or go on."

    def _choose_prompt(self, state: BabelState) -> str:
        again = "Second action of your double turn: " if state.second_action else ""
        if self.tile is None:
            return again + "Click a tile on a wonder to ask the others for help building it, or pass."
        w, s = self.tile
        return (f"{again}You picked {tile_text(_tile(state, w, s))} on {WONDERS[w]}: press "
                "“Build this tile” (or click it again), or pick another tile.")

    def _offer_prompt(self, state: BabelState, player: int) -> str:
        assert state.tile is not None and state.target is not None
        ask = (f"{self.names[state.active]} wants to build {tile_text(state.tile)} on "
               f"{WONDERS[state.target.wonder]}. Click your cards to put them in your sealed "
               "offer (other kinds are a bluff and come back); the exchange card goes in and out.")
        offer = Offer(self.cards, self.exchange)
        text = f"{ask} Your offer: {_offer_text(offer)}."
        reason = self.game.why_illegal(state, player, offer)
        return f"{text} It can't be sealed: {reason}." if reason else text

    def _decide_prompt(self, state: BabelState) -> str:
        assert state.tile is not None
        if not self._accepts(state):
            return f"No combination of offers and your cards makes {tile_text(state.tile)}: decline."
        head = f"Click the offers you accept to build {tile_text(state.tile)}."
        if not self.accepted:
            return f"{head} None accepted yet: you would add every card yourself."
        got = NO_CARDS
        for p in self.accepted:
            got = add(got, state.offers[p].cards)  # type: ignore[union-attr]
        who = ", ".join(self.names[p] for p in self.accepted)
        text = f"{head} Accepted: {who} ({counts_text(got)})."
        if not self._builds(state):
            reason = self.game.why_illegal(state, state.active, Accept(self.accepted))
            return f"{text} You can't build with just these: {reason}."
        return text

    def _swap_prompt(self, state: BabelState, player: int) -> str:
        text = (f"Card exchange: click the cards (1–5) to discard and draw again. Chosen: "
                f"{counts_text(self.cards)}.")
        reason = self.game.why_illegal(state, player, CardExchange(self.cards))
        return f"{text} Not possible yet: {reason}." if reason and any(self.cards) else text

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

    # ---------------------------------------------------------------- clicks
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
            out.append(Button("Build this tile", Build(*self.tile), primary=True))
        out.append(Button("Pass (draw a card)", Pass(), primary=self.tile is None))
        if DoubleTurn() in legal:
            out.append(Button("Play “double turn”", DoubleTurn()))
        return out

    def _offer_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        offer = Offer(self.cards, self.exchange)
        out = []
        if offer in legal:
            out.append(Button(f"Seal offer: {_offer_text(offer)}", offer, primary=True))
        if any(self.cards) or self.exchange:
            out.append(Button("Clear offer", step=CLEAR))
        return out

    def _decide_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = [Button(_build_label(state, a, self.names), a, primary=True) for a in self._builds(state)]
        if self.accepted:
            out.append(Button("Clear selection", step=CLEAR))
        return out + [Button("Decline (don't build)", Decline())]

    def _accepts(self, state: BabelState) -> list[Accept]:
        """Every legal way to build now."""
        return [a for a in self._legal(state, state.active) if isinstance(a, Accept)]

    def _builds(self, state: BabelState) -> list[Accept]:
        """The legal ways to build with exactly the accepted offers (one per joker use)."""
        return [a for a in self._accepts(state) if a.offers == self.accepted]

    def _bonus_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = []
        if ThirdBonus(True) in legal:
            out.append(Button("Use third bonus (3 VP per card)", ThirdBonus(True), primary=True))
        return out + [Button("No third bonus", ThirdBonus(False), primary=not out)]

    def _window_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = [Button("Go on", Continue(), primary=True)]
        if DoubleTurn() in legal:
            out.append(Button("Play “double turn”", DoubleTurn()))
        return out

    def _action_card_buttons(self, state: BabelState, legal: list[Any]) -> list[Button]:
        out = []
        if DrawThree() in legal:
            out.append(Button("Play “draw three”", DrawThree()))
        if any(isinstance(a, CardExchange) for a in legal):
            out.append(Button("Play “card exchange”…", step=SWAP))
        return out

    def _swap_buttons(self, state: BabelState, player: int) -> list[Button]:
        swap = CardExchange(self.cards)
        out = []
        if swap in self._legal(state, player):
            out.append(Button(f"Exchange {counts_text(self.cards)}", swap, primary=True))
        return out + [Button("Cancel card exchange", step=CANCEL)]

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
    if offer.exchange:
        return "exchange card" if not any(offer.cards) else f"{counts_text(offer.cards)} + exchange card"
    return counts_text(offer.cards)


def _build_label(state: BabelState, accept: Accept, names: Sequence[str]) -> str:
    """What building this way costs: the cards from one's own hand and the jokers."""
    label = f"Build, adding {counts_text(own_share(state, accept))} from your hand"
    if any(accept.joker):
        jokers = sum(accept.joker) // 2
        label += f" and {jokers} joker{'s' if jokers > 1 else ''} ({counts_text(accept.joker)})"
    giver = [p for p in accept.offers if state.offers[p].exchange]  # type: ignore[union-attr]
    if not giver:
        return label
    label += f"; the tile goes to {names[giver[0]]}"
    if not accept.replace:
        return label + ", who places his own elements"
    if state.options.optional_replacing:
        return label + ", and you place the elements for his cards"
    return label
