"""Saba – Palast der Königin by pointing: harbour fields, build fields, districts and cards.

Every choice comes from ``game.legal_actions``: the class only groups the legal actions by
what was clicked, and offers a few buttons where one click can't say everything. Prompts
and buttons are in the active language (the tables below are marked and translated where
they are shown).

>>> from pygame_rules.saba import GAME
>>> ui = SabaInteraction(GAME)
>>> state = GAME.new_game(2, seed=3)
>>> ui.highlights(state, 0)
{'harbour': [1, 2]}
>>> ui.click(state, 0, {"harbour": "2"})
TakeHarbour(field=2)
>>> ui.board_options(390), ui.board_options(1000)
({'portrait': True}, {})
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..i18n import N_, _, ngettext
from ..interaction import Button, Interaction, Played
from .actions import (
    Build,
    Discard,
    Done,
    Exchange,
    MoveVizier,
    PlaceFigure,
    PlayCard,
    PlayGuard,
    PlayHarbourmaster,
    PlayMerchant,
    PlayOverseer,
    PlayRobber,
    RemoveCard,
    SerailChoice,
    Stash,
    TakeHarbour,
    UseDistrict,
)
from .data import DISTRICT_GAIN, RES_LIMIT, RESOURCES, Card, District, Res, card_field, card_name, cost_text, is_part
from .legal import PERSON_ACTIONS, candidates
from .render import PORTRAIT_BELOW
from .state import Phase, SabaState, build_cost, place_cost

#: UI steps (``Button.step`` keys); the prefixed ones carry a value after the colon.
CANCEL, PLAY, CLEAR = "cancel", "play", "clear"
WAIVE, OPPONENT, PICK = "waive:", "opponent:", "pick:"
#: The action class of each person card.
PERSON_CLASS: dict[Card, type] = {card: cls for cls, card in PERSON_ACTIONS.items()}
#: Person cards played by picking two things on the board, and which highlight shows them.
PAIR_HIGHLIGHT = {Card.OVERSEER: "districts", Card.HARBOURMASTER: "harbour", Card.GUARD: "serail"}
PAIR_TARGET = {Card.OVERSEER: "district", Card.HARBOURMASTER: "harbour", Card.GUARD: "serail"}
#: The prompts of the first and of the second pick (the second with the field ``chosen``).
PAIR_PROMPTS = {
    Card.OVERSEER: (N_("Overseer: click the district your figure leaves."),
                    N_("Overseer: click the free district it moves to (chosen: {chosen}).")),
    Card.HARBOURMASTER: (N_("Harbourmaster: click two harbour fields to swap their contents."),
                         N_("Harbourmaster: click the field to swap with (chosen: {chosen}).")),
    Card.GUARD: (N_("Guard: choose two serail markers of different players to swap."),
                 N_("Guard: choose the marker to swap with (chosen: {chosen}).")),
}
DONE_LABELS = {Phase.BUILD: N_("End building"), Phase.STASH: N_("Keep your resources"),
               Phase.PLACE: N_("No figure"), Phase.SWAP: N_("No swap"), Phase.END: N_("End turn")}
PHASE_PROMPTS = {
    Phase.HARBOUR: N_("Click a harbour field your harbour cards show to take its resources "
                      "(H1 also draws an action card, H2 removes a palace card, H3 moves the vizier)."),
    Phase.REMOVE: N_("H2: click an open palace part card on the build fields to remove it."),
    Phase.VIZIER: N_("H3: click a district to move the vizier there; its action is yours."),
    Phase.PLACE: N_("Click a ringed district to place a figure there, or place none."),
    Phase.SERAIL: N_("Your balcony figure was displaced: put a serail marker on field 1?"),
}


class SabaInteraction(Interaction):
    """One player's half-made choice: a build field, a district, or an action card in play."""

    choice_keys = ("cards",)

    #: Below this width the two-column board's text would be under 11 px, so it is drawn in one
    #: column (``portrait``), the players' panels and the legend below the board.
    portrait_below = PORTRAIT_BELOW

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.moment: tuple[int, SabaState] | None = None
        self.legal: list[Any] = []
        self.reset()

    def reset(self) -> None:
        self.slot: int | None = None
        self.waive_chosen = False
        self.waive: Res | None = None
        self.district: int | None = None
        self.card: Card | None = None
        self.composing = False
        self.first: int | None = None  # overseer, harbourmaster, guard: the first pick
        self.opponent: int | None = None
        self.take: tuple[Res, ...] = ()
        self.give: tuple[Res, ...] = ()
        self.discarding: Res | None = None  # over the limit: the resource whose amount is asked

    def _sync(self, state: SabaState, player: int) -> None:
        """New position or player: forget the selection and list the legal actions once."""
        if self.moment != (player, state):
            self.moment = (player, state)
            self.reset()
            self.legal = self.game.legal_actions(state, player)

    def _of(self, *kinds: type) -> list[Any]:
        return [a for a in self.legal if isinstance(a, kinds)]

    # ------------------------------------------------------------ groups
    def _builds(self) -> list[Build]:
        return [b for b in self._of(Build) if b.slot == self.slot
                and (not self.waive_chosen or b.waive == self.waive)]

    def _district_actions(self, district: int) -> list[Any]:
        return [a for a in self._of(MoveVizier, PlaceFigure, UseDistrict) if a.district == district]

    def _card_actions(self, card: Card) -> list[Any]:
        person = PERSON_CLASS.get(card)
        return [a for a in self.legal if (isinstance(a, (PlayCard, Discard)) and a.card == card)
                or (person is not None and isinstance(a, person))]

    def _person(self) -> list[Any]:
        person = PERSON_CLASS.get(self.card) if self.card else None
        return self._of(person) if person else []

    def _pairs(self) -> list[tuple[tuple[int, int], Any]]:
        """Overseer, harbourmaster, guard: (first pick, second pick) → action."""
        out: list[tuple[tuple[int, int], Any]] = []
        for a in self._person():
            if isinstance(a, PlayOverseer):
                out.append(((a.source, a.target), a))
            else:
                out += [((a.first, a.second), a), ((a.second, a.first), a)]
        return out

    def _pair_options(self) -> list[int]:
        """What can be picked next: a first thing, or a partner of the first pick."""
        if self.first is not None:
            return sorted({y for (x, y), _ in self._pairs() if x == self.first})
        return sorted({x for (x, _), _ in self._pairs()})

    def _opponents(self) -> list[int]:
        return sorted({a.opponent for a in self._person()})

    def _chosen_opponent(self) -> int | None:
        options = self._opponents()
        return self.opponent if self.opponent is not None else (
            options[0] if len(options) == 1 else None)

    # ------------------------------------------------------------ prompt
    def prompt(self, state: SabaState, player: int) -> str:
        self._sync(state, player)
        if self.card is not None:
            return self._card_prompt(state, player)
        if self.slot is not None:
            return self._build_prompt(state)
        if self.district is not None:
            return _("The {district}: choose what to do there.").format(district=District(self.district).noun)
        if self.discarding is not None:
            return _("Discard how much {resource}?").format(resource=self.discarding.noun)
        text = self._phase_prompt(state, player)
        if self._of(UseDistrict, PlayCard, *PERSON_CLASS.values()):
            text += " " + _("You may also use your districts and play action cards (click them).")
        return text

    def _phase_prompt(self, state: SabaState, player: int) -> str:
        if state.phase is Phase.BUILD:
            return self._build_phase_prompt(state)
        if state.phase is Phase.STASH:
            return _("You may put one of your resources on garden field {field} (its next builder pays "
                     "one more): click it, or keep your resources.").format(field=state.last_field + 1)
        if state.phase is Phase.SWAP:
            if Done() in self.legal:
                return _("The vizier's district swaps: choose what to give and what to get (or make none).")
            return _("The vizier's district swaps: choose what to give and what to get.")
        if state.phase is Phase.END:
            cards, res = state.over_limits(player)
            if cards or res:
                return _("Discard down to {cards} action cards and {resources} resources: click one of "
                         "your cards or resources.").format(cards=state.hand_limit, resources=RES_LIMIT)
            return _("End your turn.")
        return _(PHASE_PROMPTS[state.phase]) if state.phase in PHASE_PROMPTS else _("The game is over.")

    def _build_phase_prompt(self, state: SabaState) -> str:
        if self._of(Build):
            if state.built_part:
                return _("You may still build a treasury or end card, or end building to go on to "
                         "placing a figure.")
            return _("Click a ringed palace card to build it, or end building.")
        if state.built_part:
            return _("Your palace part stands: end building to go on to placing a figure.")
        return _("You can't build any open palace card now: end building.")

    def _build_prompt(self, state: SabaState) -> str:
        assert self.slot is not None
        card = card_name(state.display[self.slot])
        if any(b.from_district is not None for b in self._builds()):
            return _("Building the {card}: choose how to pay, and click the district your balcony "
                     "figure comes from.").format(card=card)
        return _("Building the {card}: choose how to pay.").format(card=card)

    def _card_prompt(self, state: SabaState, player: int) -> str:
        assert self.card is not None
        name = self.card.noun
        if not self.composing:
            return _("The {card} card: play it or discard it.").format(card=name)
        if self.card in PAIR_PROMPTS:
            first, second = PAIR_PROMPTS[self.card]
            if self.first is None:
                return _(first)
            return _(second).format(chosen=_pick_name(state, self.card, self.first, self.names))
        if self.card is Card.CARAVAN:
            return _("Caravan: take one resource of your choice from the supply.")
        if self._chosen_opponent() is None:
            return _("The {card}: choose an opponent.").format(card=name)
        if self.card is Card.ROBBER:
            return _("Robber: click a resource of {player} to steal it.").format(
                player=self.names[self._chosen_opponent() or 0])
        return self._merchant_prompt(state, player)

    def _merchant_prompt(self, state: SabaState, player: int) -> str:
        who = self.names[self._chosen_opponent() or 0]
        text = _("Merchant: click up to 2 resources of {player} to take and as many of yours to give. "
                 "Take: {take}; give: {give}.").format(player=who, take=_bundle(self.take),
                                                       give=_bundle(self.give))
        trade = self._trade()
        if trade is not None and self.take and len(self.take) == len(self.give):
            reason = self.game.why_illegal(state, player, trade)
            if reason:
                text += " " + _("Not possible: {reason}.").format(reason=reason)
        return text

    def _trade(self) -> PlayMerchant | None:
        who = self._chosen_opponent()
        return None if who is None else PlayMerchant(who, self.take, self.give)

    # -------------------------------------------------------- highlights
    def highlights(self, state: SabaState, player: int) -> dict[str, Any]:
        self._sync(state, player)
        if self.card is not None:
            out: dict[str, Any] = {"cards": [self.card.value]}
            if self.composing and self.card in PAIR_HIGHLIGHT:
                picked = {self.first} if self.first is not None else set()
                out[PAIR_HIGHLIGHT[self.card]] = sorted(picked | set(self._pair_options()))
            return out
        if self.slot is not None:
            sources = sorted({b.from_district for b in self._builds() if b.from_district is not None})
            return {"build_fields": [self.slot], "districts": sources}
        if self.district is not None:
            return {"districts": [self.district]}
        return self._phase_highlights(state)

    def _phase_highlights(self, state: SabaState) -> dict[str, Any]:
        if state.phase is Phase.HARBOUR:
            return {"harbour": [a.field for a in self._of(TakeHarbour)]}
        if state.phase in (Phase.REMOVE, Phase.BUILD):
            return {"build_fields": sorted({a.slot for a in self._of(RemoveCard, Build)})}
        if state.phase in (Phase.VIZIER, Phase.PLACE):
            return {"districts": [a.district for a in self._of(MoveVizier, PlaceFigure)]}
        if state.phase is Phase.STASH:
            return {"garden": [state.last_field + 1]}
        if state.phase is Phase.SERAIL:
            return {"serail": [1]}
        return {}

    def replay_highlights(self, state: SabaState, player: int, action: Any) -> dict[str, Any]:
        if isinstance(action, TakeHarbour):
            return {"harbour": [action.field]}
        if isinstance(action, Build) and is_part(state.display[action.slot]):
            return {"garden": [card_field(state.display[action.slot])]}
        if isinstance(action, (MoveVizier, PlaceFigure, UseDistrict)):
            return {"districts": [action.district]}
        if isinstance(action, PlayOverseer):
            return {"districts": [action.source, action.target]}
        if isinstance(action, PlayHarbourmaster):
            return {"harbour": [action.first, action.second]}
        if isinstance(action, PlayGuard):
            return {"serail": [action.first, action.second]}
        if isinstance(action, Stash):
            return {"garden": [state.last_field + 1]}
        return {}  # never the hand: it is private

    def turn_player(self, state: SabaState) -> int:
        return state.current  # a serail marker chosen by another player belongs to this turn

    def turn_highlights(self, turn: Sequence[Played]) -> dict[str, Any]:
        """What the turn used, ringed: the harbour field taken, the garden field built on,
        the districts used, ... (:meth:`replay_highlights` of each move, together).

        >>> from pygame_rules.saba import GAME, TakeHarbour, MoveVizier
        >>> state = GAME.new_game(2, seed=3)
        >>> SabaInteraction(GAME).turn_highlights([Played(state, 0, TakeHarbour(2)),
        ...                                        Played(state, 0, MoveVizier(4))])
        {'last_turn': {'harbour': [2], 'districts': [4]}}
        """
        used: dict[str, list[int]] = {}
        for played in turn:
            for name, numbers in self.replay_highlights(played.state, played.player, played.action).items():
                kept = used.setdefault(name, [])
                kept += [n for n in numbers if n not in kept]
        return {"last_turn": used} if used else {}

    # ------------------------------------------------------------ clicks
    def step(self, key: str) -> None:
        if key == CANCEL:
            self.reset()
        elif key == PLAY:
            self.composing = True
        elif key == CLEAR:
            self.take, self.give = (), ()
        elif key.startswith(WAIVE):
            self.waive_chosen, self.waive = True, _res(key[len(WAIVE):])
        elif key.startswith(OPPONENT):
            self.opponent, self.take, self.give = _int(key[len(OPPONENT):]), (), ()
        elif key.startswith(PICK):
            self.first = _int(key[len(PICK):])

    def click(self, state: SabaState, player: int, target: dict[str, str]) -> Any:
        self._sync(state, player)
        if "card" in target:
            return self._click_card(_card(target["card"]))
        if self.composing and self.card is not None:
            key = PAIR_TARGET.get(self.card, "resource")
            if key in target:
                return self._compose_click(player, target, key)
        if self.slot is not None and "district" in target:
            return self._pick_source(_int(target["district"]))
        return self._board_click(player, target)

    def _board_click(self, player: int, target: dict[str, str]) -> Any:
        """A click outside any selection's targets: a fresh start."""
        slot, district, discarding = self.slot, self.district, self.discarding
        self.reset()
        if "build-field" in target:
            return self._click_slot(_int(target["build-field"]), slot)
        if "district" in target:
            return self._click_district(_int(target["district"]), district)
        own = target.get("player") == str(player)
        field = target.get("harbour") or (target.get("harbour-face") if own else None)
        if field is not None:
            return _only(a for a in self._of(TakeHarbour) if a.field == _int(field))
        if "resource" in target and own:
            res = _res(target["resource"])
            found = _only(a for a in self._of(Stash, Discard) if a.res == res)
            if isinstance(found, Discard) and self._discards(found) > 1:  # how many: the buttons ask
                self.discarding = res if res != discarding else None
                return None
            return found
        if target.get("serail") == "1":  # the serail step: a marker on field 1
            return _only(a for a in self._of(SerailChoice) if a.place)
        return None

    def _click_slot(self, slot: int, was: int | None) -> Any:
        builds = [b for b in self._of(Build) if b.slot == slot]
        removes = [a for a in self._of(RemoveCard) if a.slot == slot]
        if removes or len(builds) == 1:
            return (removes or builds)[0]
        self.slot = slot if builds and slot != was else None
        return None

    def _pick_source(self, district: int) -> Any:
        return _only(b for b in self._builds() if b.from_district == district)

    def _click_district(self, district: int, was: int | None) -> Any:
        actions = self._district_actions(district)
        if len(actions) == 1:
            return actions[0]
        self.district = district if actions and district != was else None
        return None

    def _click_card(self, card: Card | None) -> Any:
        was = self.card
        self.reset()
        options = self._card_actions(card) if card is not None else []
        if card == was or not options:
            return None
        plain = [a for a in options if isinstance(a, (PlayCard, Discard))]
        if len(options) == 1 and plain and not (isinstance(plain[0], Discard) and self._discards(plain[0]) > 1):
            return plain[0]
        self.card, self.composing = card, not plain
        return None

    def _compose_click(self, player: int, target: dict[str, str], key: str) -> Any:
        if key != "resource":
            return self._pick(_int(target[key]))
        res, owner = _res(target[key]), target.get("player", "")
        if self.card is Card.CARAVAN:
            return _only(a for a in self._person() if a.res == res)
        if self.card is Card.ROBBER:
            return _only(a for a in self._person() if a.res == res and str(a.opponent) == owner)
        self._add_to_trade(player, owner, res)
        return None

    def _pick(self, n: int) -> Any:
        if self.first == n:
            self.first = None
            return None
        if self.first is not None:
            match = [a for (x, y), a in self._pairs() if (x, y) == (self.first, n)]
            if match:
                return match[0]
        self.first = n if any(x == n for (x, _), _ in self._pairs()) else None
        return None

    def _add_to_trade(self, player: int, owner: str, res: Res | None) -> None:
        """Merchant: an opponent's resource goes into the take, one's own into the give."""
        if res is None:
            return
        if owner == str(player):
            self.give = _add(self.give, res)
        elif owner.isdigit() and int(owner) in self._opponents():
            if int(owner) != self._chosen_opponent():
                self.opponent, self.take, self.give = int(owner), (), ()
            self.take = _add(self.take, res)

    # ----------------------------------------------------------- buttons
    def buttons(self, state: SabaState, player: int) -> list[Button]:
        self._sync(state, player)
        if self.card is not None:
            return self._card_buttons(state) + [_cancel()]
        if self.slot is not None:
            return self._build_buttons(state) + [_cancel()]
        if self.district is not None:
            return [Button(_district_label(state, a), a)
                    for a in self._district_actions(self.district)] + [_cancel()]
        if self.discarding is not None:
            res = self.discarding
            return [Button(ngettext("Discard {n} {resource}", "Discard {n} {resource}", n).format(
                n=n, resource=res.noun), a, then=(a,) * (n - 1), primary=n == 1)
                for n, a in self._amounts(Discard(res=res))] + [_cancel()]
        return self._phase_buttons(state)

    def _discards(self, discard: Discard) -> int:
        """How many of ``discard``'s card or resource may go, one after another (0: none)."""
        if discard not in self.legal or self.moment is None:
            return 0
        player, state = self.moment
        me = state.players[player]
        if discard.card is not None:
            return min(me.hand.count(discard.card), len(me.hand) - state.hand_limit)
        assert discard.res is not None
        return min(me.res[discard.res.index], me.total - RES_LIMIT)

    def _amounts(self, discard: Discard) -> list[tuple[int, Discard]]:
        """The amounts of ``discard`` the buttons offer: 1 up to :meth:`_discards`."""
        return [(n, discard) for n in range(1, self._discards(discard) + 1)]

    def _phase_buttons(self, state: SabaState) -> list[Button]:
        out = [Button(_("Put a serail marker on field 1") if a.place else _("No serail marker"), a,
                      primary=a.place) for a in self._of(SerailChoice)]
        out += [Button(_("Give 1 {give}, get 1 {get}").format(give=a.give.noun, get=a.get.noun), a)
                for a in self._of(Exchange)]
        out += [Button(_("Put 1 {resource} on garden field {field}").format(
            resource=a.res.noun, field=state.last_field + 1), a) for a in self._of(Stash)]
        if Done() in self.legal:
            out.append(Button(_(DONE_LABELS[state.phase]), Done(), primary=not out))
        return out

    def _build_buttons(self, state: SabaState) -> list[Button]:
        builds = self._builds()
        waives = list(dict.fromkeys(b.waive for b in builds))
        if not self.waive_chosen and 1 < len(waives) < len(builds):
            return [Button(_("Craftsman: waive 1 {resource}").format(resource=w.noun) if w
                           else _("Pay the full price"),
                           step=WAIVE + (w.value if w else "")) for w in waives]
        return [Button(_build_label(state, b), b, primary=len(builds) == 1) for b in builds]

    def _card_buttons(self, state: SabaState) -> list[Button]:
        assert self.card is not None
        if not self.composing:
            return self._plain_card_buttons()
        if self.card in PAIR_TARGET:
            return self._pair_buttons(state)
        if self.card is Card.CARAVAN:
            return [Button(_("Take 1 {resource}").format(resource=a.res.noun), a) for a in self._person()]
        who = self._chosen_opponent()
        if who is None:
            return [Button(_("Choose {player}").format(player=self.names[o]), step=f"{OPPONENT}{o}")
                    for o in self._opponents()]
        if self.card is Card.ROBBER:
            return [Button(_("Steal 1 {resource} from {player}").format(resource=a.res.noun, player=self.names[who]),
                           a) for a in self._person() if a.opponent == who]
        trade = self._trade()
        out = [Button(_("Trade: take {take}, give {give}").format(take=_bundle(self.take), give=_bundle(self.give)),
                      trade, primary=True)] if trade in self.legal else []
        return out + ([Button(_("Clear the trade"), step=CLEAR)] if self.take or self.give else [])

    def _plain_card_buttons(self) -> list[Button]:
        """A card that can be played or discarded (at the end of the turn, over the limit)."""
        assert self.card is not None
        out = []
        for a in self._card_actions(self.card):
            if isinstance(a, Discard):
                out += [Button(_("Discard it") if n == 1 else ngettext(
                    "Discard {n} {card} card", "Discard {n} {card} cards", n).format(n=n, card=self.card.noun),
                    a, then=(a,) * (n - 1)) for n, a in self._amounts(a)]
            elif isinstance(a, PlayCard):
                out.append(Button(_("Play it: +1 {card}").format(card=self.card.noun), a, primary=True))
        if self._person():
            out.append(Button(_("Play it…"), step=PLAY, primary=True))
        return out

    def _pair_buttons(self, state: SabaState) -> list[Button]:
        """Overseer, harbourmaster, guard: the same choices as on the board."""
        assert self.card is not None
        if self.first is None:
            return [Button(_pick_label(state, self.card, n, True, self.names), step=f"{PICK}{n}")
                    for n in self._pair_options()]
        return [Button(_pick_label(state, self.card, y, False, self.names), a)
                for (x, y), a in self._pairs() if x == self.first]

    # ---------------------------------------------------------- keyboard
    def guesses(self, state: SabaState, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> Iterator[Any]:
        """A harbour field: taking it; a build field: building there (or removing its card
        in the H2 step); a district: what the turn's step does with a district."""
        harbour = _int(target.get("harbour") or target.get("harbour-face"))
        slot, district = _int(target.get("build-field")), _int(target.get("district"))
        if harbour >= 0:
            yield TakeHarbour(harbour)
        if slot >= 0:
            yield RemoveCard(slot) if state.phase is Phase.REMOVE else Build(slot)
        if district >= 0:
            by_step = {Phase.PLACE: PlaceFigure, Phase.VIZIER: MoveVizier}
            yield by_step.get(state.phase, UseDistrict)(district)

    def adopt(self, state: SabaState, player: int, highlights: Mapping[str, Any]) -> None:
        """An action card in hand, picked (and its person's play begun); a build field."""
        self._sync(state, player)
        cards = highlights.get("cards")
        if cards and len(cards) == 1 and not self._card_actions_plain(_card(cards[0])):
            self.card = _card(cards[0])
            self.composing = self.card is not None and bool(self._person())
            if not self.composing:
                self.card = None

    def _card_actions_plain(self, card: Card | None) -> bool:
        return card is None or any(isinstance(a, (PlayCard, Discard)) for a in self._card_actions(card))

    def rings(self, highlights: Mapping[str, Any]) -> list[dict[str, str]]:
        """Harbour fields, build fields, districts and serail fields (the garden field and the
        card in hand are marks)."""
        keys = (("harbour", "harbour"), ("build_fields", "build-field"), ("districts", "district"),
                ("serail", "serail"))
        return [{attr: str(n)} for key, attr in keys for n in highlights.get(key, ())]

    def why_not(self, state: SabaState, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> str | None:
        """The thing clicked (a harbour field, build field, district, card, resource or serail
        field), then the rules' reason it can't act now.

        >>> from pygame_rules.saba import GAME
        >>> ui, state = SabaInteraction(GAME), GAME.new_game(2, seed=3)
        >>> print(ui.why_not(state, 0, {"district": "1"}, {}))
        you have no figure in the carpenters
        >>> print(ui.why_not(state, 0, {"build-field": "0"}, {}))
        build field 5.1: building is not possible now (the turn is in its harbour step)
        """
        if player not in self.game.to_move(state):
            return None
        found = self._refusal(state, player, target, highlights)
        if found is None:
            return None
        thing, reason = found
        if not reason or thing.lower() in reason.lower():  # the reason names it already
            return reason
        return _("{thing}: {reason}").format(thing=thing, reason=reason)

    def _refusal(self, state: SabaState, player: int, target: Mapping[str, str],
                 highlights: Mapping[str, Any]) -> tuple[str, str | None] | None:
        """What was clicked, in words, and the reason it can't act (None: it can)."""
        why = self.game.why_illegal
        harbour = _int(target.get("harbour") or target.get("harbour-face"))
        slot, district = _int(target.get("build-field")), _int(target.get("district"))
        if harbour >= 0:
            return f"H{harbour}", why(state, player, TakeHarbour(harbour))  # i18n: internal
        if slot >= 0:
            action = RemoveCard(slot) if state.phase is Phase.REMOVE else Build(slot)
            return _("build field 5.{n}").format(n=slot + 1), why(state, player, action)
        if 0 <= district < len(District):
            name = _("the {district}").format(district=District(district).noun)
            building = highlights.get("build_fields")  # with "districts": a build field picked
            if building and "districts" in highlights and state.phase is Phase.BUILD:
                return name, why(state, player, Build(building[0], None, district))
            by_step = {Phase.PLACE: PlaceFigure, Phase.VIZIER: MoveVizier}
            return name, why(state, player, by_step.get(state.phase, UseDistrict)(district))
        card = _card(target.get("card", ""))
        if card is not None:
            return _("the {card} card").format(card=card.noun), self._card_refusal(state, player, card)
        res, owner = _res(target.get("resource", "")), target.get("player", "")
        if res is not None and owner == str(player):
            mine: Discard | Stash = Discard(res=res) if state.phase is Phase.END else Stash(res)
            return _("your {resource}").format(resource=res.noun), why(state, player, mine)
        if res is not None and owner.isdigit() and int(owner) < len(self.names):
            return (_("{player}'s {resource}").format(player=self.names[int(owner)], resource=res.noun),
                    _("another player's goods are taken only with the robber or the merchant card"))
        serail = _int(target.get("serail"))
        if serail >= 1:
            reason = (why(state, player, SerailChoice(True)) if state.phase is Phase.SERAIL
                      else _("serail markers are swapped only with the guard card"))
            return _("serail field {n}").format(n=serail), reason
        return None

    def _card_refusal(self, state: SabaState, player: int, card: Card) -> str | None:
        """Why ``card`` can be neither played nor discarded now."""
        tried: list[Any] = [PlayCard(card)] if card.resource is not None else [
            a for a in candidates(state, player) if isinstance(a, PERSON_CLASS.get(card, ()))]
        if state.phase is Phase.END:
            tried.insert(0, Discard(card=card))
        reasons = [self.game.why_illegal(state, player, a) for a in tried]
        if any(r is None for r in reasons):
            return None
        return next((r for r in reasons if r), _("you hold no {card} card").format(card=card.noun))

    def clickable(self, state: SabaState, player: int) -> list[dict[str, str]]:
        self._sync(state, player)
        if self.composing:
            return self._compose_clickable(state, player)
        out = [{"harbour": str(a.field)} for a in self._of(TakeHarbour)]
        out += [{"build-field": str(s)} for s in sorted({a.slot for a in self._of(Build, RemoveCard)})]
        districts = {a.district for a in self._of(MoveVizier, PlaceFigure, UseDistrict)}
        if self.slot is not None:
            districts |= {b.from_district for b in self._builds() if b.from_district is not None}
        out += [{"district": str(d)} for d in sorted(districts)]
        hand = dict.fromkeys(state.players[player].hand)
        out += [{"card": c.value} for c in hand if self._card_actions(c)]
        mine = {a.res for a in self._of(Stash, Discard) if a.res is not None}
        out += [{"serail": "1"} for a in self._of(SerailChoice) if a.place]
        return out + _resources(player, mine)

    def _compose_clickable(self, state: SabaState, player: int) -> list[dict[str, str]]:
        cards = [{"card": c.value} for c in dict.fromkeys(state.players[player].hand)]
        if self.card in PAIR_TARGET:
            key = PAIR_TARGET[self.card]
            return cards + [{key: str(n)} for n in self._pair_options()]
        if self.card is Card.CARAVAN:
            return cards + _resources("supply", {a.res for a in self._person()})
        out = cards
        for a in self._person():
            if isinstance(a, PlayRobber):
                out += _resources(a.opponent, {a.res})
            elif isinstance(a, PlayMerchant):
                out += _resources(a.opponent, set(a.take)) + _resources(player, set(a.give))
        return list({tuple(sorted(t.items())): t for t in out}.values())


# ------------------------------------------------------------------ helpers
def _int(text: str | None) -> int:
    return int(text) if text is not None and text.isdigit() else -1


def _res(text: str) -> Res | None:
    return next((r for r in RESOURCES if r.value == text), None)


def _card(text: str) -> Card | None:
    return next((c for c in Card if c.value == text and c is not Card.HIDDEN), None)


def _only(actions: Iterable[Any]) -> Any:
    """The action if exactly one fits, else None."""
    found = list(actions)
    return found[0] if len(found) == 1 else None


def _add(bundle: tuple[Res, ...], res: Res) -> tuple[Res, ...]:
    """Up to two resources, in the a, s, e, g order the merchant's bundles use."""
    if len(bundle) >= 2:
        return bundle
    return tuple(sorted(bundle + (res,), key=lambda r: r.index))


def _cancel() -> Button:
    return Button(_("Cancel"), step=CANCEL)


def _bundle(bundle: tuple[Res, ...]) -> str:
    return " + ".join(r.noun for r in bundle) or _("nothing")


def _resources(owner: int | str, kinds: set[Res]) -> list[dict[str, str]]:
    return [{"resource": r.value, "player": str(owner)} for r in RESOURCES if r in kinds]


def _build_label(state: SabaState, build: Build) -> str:
    cost = cost_text(build_cost(state, build.slot, build.waive))
    waive = build.waive.noun if build.waive is not None else ""
    district = District(build.from_district).noun if build.from_district is not None else ""
    if waive and district:
        label = _("Pay {cost} (craftsman waives 1 {resource}), figure from the {district}")
    elif waive:
        label = _("Pay {cost} (craftsman waives 1 {resource})")
    elif district:
        label = _("Pay {cost}, figure from the {district}")
    else:
        label = _("Pay {cost}")
    return label.format(cost=cost, resource=waive, district=district)


def _district_label(state: SabaState, action: Any) -> str:
    gain = DISTRICT_GAIN[District(action.district)]
    if isinstance(action, MoveVizier):
        if gain is None:
            return _("Move the vizier here (then swap)")
        return _("Move the vizier here (+1 {resource})").format(resource=gain.noun)
    if isinstance(action, PlaceFigure):
        return _("Place a figure here ({n} gold)").format(n=place_cost(state, action.district, state.current))
    if gain is not None:
        return _("Use your figure: +1 {resource}").format(resource=gain.noun)
    return _("Use your figure: give 1 {give}, get 1 {get}").format(give=action.give.noun, get=action.get.noun)


def _harbour_field(state: SabaState, n: int) -> str:
    return f"H{n} ({state.harbour_n[n - 1]} {state.harbour_res[n - 1].noun})"


def _pick_name(state: SabaState, card: Card, n: int, names: Sequence[str]) -> str:
    """A district, harbour field or serail field as the person card's prompt names it."""
    if card is Card.OVERSEER:
        return _("the {district}").format(district=District(n).noun)
    if card is Card.HARBOURMASTER:
        return _harbour_field(state, n)
    return _("serail field {n} ({player})").format(n=n, player=names[state.serail[n - 1]])


def _pick_label(state: SabaState, card: Card, n: int, first: bool, names: Sequence[str]) -> str:
    """The button of a person card's pick (capitalised where :func:`_pick_name` is not)."""
    if card is Card.OVERSEER:
        where = _("From the {district}") if first else _("To the {district}")
        return where.format(district=District(n).noun)
    if card is Card.HARBOURMASTER:
        return _harbour_field(state, n)
    return _("Serail field {n} ({player})").format(n=n, player=names[state.serail[n - 1]])
