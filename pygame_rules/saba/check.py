"""Semantic consistency of a Saba state: everything conserved, every field in range.

Face-down placeholders (in a player's view) count as wildcards: they must only
make up the right number of cards. The messages are in the active language: they
are shown when a save or a position is damaged.
"""

from __future__ import annotations

from collections import Counter

from .. import quiet
from ..errors import InvalidState
from ..i18n import _
from ..rng import Rng
from .data import (
    BASIC_CARDS,
    DISPLAY_SIZE,
    FIGURES_PER_PLAYER,
    GARDEN_FIELDS,
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    HIDDEN_CARD,
    MARKERS_PER_PLAYER,
    MAX_PER_DISTRICT,
    PALACE_CARDS,
    PRO_CARDS,
    RES_PER_KIND,
    RESOURCES,
    Card,
    District,
    card_name,
    is_part,
)
from .state import QUIET_END, Phase, SabaState, buildable, serail_leader


def check_state(s: SabaState) -> None:
    """Raise :class:`InvalidState` naming the first inconsistency of ``s``."""
    for check in (_shape, _resources, _palace, _figures, _markers, _action_cards, _turn, _quiet):
        check(s)


def _fail(message: str) -> None:
    raise InvalidState(message)


def _shape(s: SabaState) -> None:
    n = s.num_players
    if not 2 <= n <= 4:
        _fail(_("Saba is for 2–4 players, not {n}").format(n=n))
    if not 0 <= s.current < n:
        _fail(_("no player {player} to move").format(player=s.current))
    lengths = {"levels": (s.levels, GARDEN_FIELDS), "balcony": (s.balcony, GARDEN_FIELDS),
               "stash": (s.stash, GARDEN_FIELDS), "harbour_res": (s.harbour_res, 4),
               "harbour_n": (s.harbour_n, 4), "districts": (s.districts, len(District)),
               "uses": (s.uses, len(District))}
    for name, (values, size) in lengths.items():
        if len(values) != size:
            _fail(_("{name} needs {size} entries, not {found}").format(name=name, size=size, found=len(values)))
    for p, player in enumerate(s.players):
        if any(f not in card for f, card in zip(player.faces, HARBOUR_CARDS)):
            _fail(_("player {player}'s harbour faces {faces} do not match the cards {cards}").format(
                player=p, faces=player.faces, cards=HARBOUR_CARDS))
    if not 0 <= s.vizier < len(District):
        _fail(_("the vizier stands on no district ({vizier})").format(vizier=s.vizier))
    for d in District:
        _district(s, d)
    try:
        Rng(s.rng)
    except ValueError:
        _fail(_("the random state must be 16 lowercase hex digits"))


def _district(s: SabaState, d: District) -> None:
    figures = s.districts[d]
    if len(figures) > MAX_PER_DISTRICT * s.num_players or list(figures) != sorted(figures):
        _fail(_("the {district} must list at most {n} figures per player, sorted by seat").format(
            district=d.noun, n=MAX_PER_DISTRICT))
    owners = set(figures)
    if any(not 0 <= o < s.num_players for o in owners):
        _fail(_("a figure in the {district} belongs to no player").format(district=d.noun))
    if any(figures.count(o) > MAX_PER_DISTRICT for o in owners):
        _fail(_("a player has more than {n} figures in the {district}").format(
            n=MAX_PER_DISTRICT, district=d.noun))
    if len(owners) > 1 and not s.readings.shared_districts:
        _fail(_("the {district} holds figures of several players, but districts are not shared").format(
            district=d.noun))
    if not 0 <= s.uses[d] <= figures.count(s.current):
        _fail(_("{n} uses left in the {district}, more than the player to move has figures there").format(
            n=s.uses[d], district=d.noun))


def _resources(s: SabaState) -> None:
    if sorted(s.harbour_res) != sorted(RESOURCES):
        _fail(_("the harbour must hold each resource kind on exactly one field"))
    for i, (n, cap) in enumerate(zip(s.harbour_n, HARBOUR_CAPACITY)):
        if not 0 <= n <= cap:
            _fail(_("harbour field H{field} holds {n} resources (capacity {capacity})").format(
                field=i + 1, n=n, capacity=cap))
    for r in RESOURCES:
        i = r.index
        held = [p.res[i] for p in s.players]
        if min(held + [s.supply[i]]) < 0:
            _fail(_("a negative amount of {resource}").format(resource=r.noun))
        total = (s.supply[i] + sum(held) + s.stash.count(r)
                 + sum(n for kind, n in zip(s.harbour_res, s.harbour_n) if kind == r))
        if total != RES_PER_KIND:
            _fail(_("{n} {resource} in the game instead of {total}").format(
                n=total, resource=r.noun, total=RES_PER_KIND))
    if not s.pro and any(s.stash):
        _fail(_("resources lie on garden fields only with the pro rules"))
    for f, (lying, level) in enumerate(zip(s.stash, s.levels)):
        if lying is not None and not level:
            _fail(_("a resource lies on garden field {field} with no part").format(field=f + 1))


def _palace(s: SabaState) -> None:
    cards = s.palace_deck + s.display + s.gone
    known = [c for c in cards if c != HIDDEN_CARD]
    if len(cards) != PALACE_CARDS or len(set(known)) != len(known) or not all(
            0 <= c < PALACE_CARDS for c in known):
        _fail(_("the palace cards must be the {n} cards once each").format(n=PALACE_CARDS))
    if HIDDEN_CARD in s.display + s.gone:
        _fail(_("open and removed palace cards are never face down"))
    if len(s.display) > DISPLAY_SIZE:
        _fail(_("only three build fields"))
    if s.phase != Phase.OVER:
        if s.palace_deck and len(s.display) < DISPLAY_SIZE:
            _fail(_("a build field is empty while the palace deck still has cards"))
        for c in s.display:
            if not buildable(c, s.levels):
                _fail(_("the open {card} card can no longer be built").format(card=card_name(c)))
        if not s.parts_left() and not (s.phase == Phase.SERAIL and s.after == Phase.OVER):
            _fail(_("every palace part card is gone but the game goes on"))
    for f, (level, owner) in enumerate(zip(s.levels, s.balcony)):
        if not 0 <= level <= 3 or (level == 0) != (owner is None):
            _fail(_("garden field {field}: part level {level} with balcony figure {owner}").format(
                field=f + 1, level=level, owner=owner))
        built = [c for c in s.gone if is_part(c) and c % GARDEN_FIELDS == f]
        if level and level * GARDEN_FIELDS - GARDEN_FIELDS + f not in built:
            _fail(_("garden field {field} shows a part whose card is not gone").format(field=f + 1))
    if len(s.treasury) > 2:
        _fail(_("the treasury holds at most one figure per treasury card"))


def _figures(s: SabaState) -> None:
    for p, player in enumerate(s.players):
        placed = (s.balcony.count(p) + s.treasury.count(p) + (s.serail_figure == p)
                  + sum(figures.count(p) for figures in s.districts))
        if player.figures < 0 or player.figures + placed != FIGURES_PER_PLAYER:
            _fail(_("player {player} has {supply} figures in supply and {placed} placed, not {total} in all").format(
                player=p, supply=player.figures, placed=placed, total=FIGURES_PER_PLAYER))
    if any(not 0 <= o < s.num_players for o in s.balcony + s.treasury if o is not None):
        _fail(_("a figure belongs to no player"))
    if s.serail_figure is not None and (
            not s.pro or s.serail_figure != serail_leader(s.num_players, s.serail)):
        _fail(_("only the serail leader's figure stands in the serail (pro rules)"))


def _markers(s: SabaState) -> None:
    if len(s.serail) > s.serail_size:
        _fail(_("the serail has {fields} fields with {players} players").format(
            fields=s.serail_size, players=s.num_players))
    for p, player in enumerate(s.players):
        if player.markers < 0 or player.markers + s.serail.count(p) != MARKERS_PER_PLAYER:
            _fail(_("player {player} does not have {n} serail markers in all").format(player=p, n=MARKERS_PER_PLAYER))
    if any(not 0 <= o < s.num_players for o in s.serail):
        _fail(_("a serail marker belongs to no player"))


def _action_cards(s: SabaState) -> None:
    full = Counter(BASIC_CARDS + (PRO_CARDS if s.pro else ()))
    cards = Counter(s.action_deck + s.discard)
    for player in s.players:
        cards.update(player.hand)
    hidden = cards.pop(Card.HIDDEN, 0)
    if sum(cards.values()) + hidden != sum(full.values()) or cards - full:
        wanted = (_("the action cards must be the {n} cards of the pro game") if s.pro
                  else _("the action cards must be the {n} cards of the basic game"))
        _fail(wanted.format(n=sum(full.values())))
    if Card.HIDDEN in s.discard:
        _fail(_("the discard pile is open"))


def _quiet(s: SabaState) -> None:
    """The quiet end and its count (:func:`pygame_rules.quiet.problem`; a turn starts with
    the harbour)."""
    problem = quiet.problem(s.quiet, s.quiet_end, QUIET_END, s.phase == Phase.HARBOUR)
    if problem:
        _fail(problem)


def _turn(s: SabaState) -> None:
    if (s.phase == Phase.SERAIL) != (s.decider is not None):
        _fail(_("a serail decider exactly while a serail marker is being decided"))
    if s.decider is not None and not (0 <= s.decider < s.num_players and s.players[s.decider].markers):
        _fail(_("the serail decider must be a player with a marker left"))
    if s.after in (Phase.SERAIL, Phase.HARBOUR):
        _fail(_("the step after a serail decision cannot be {step}").format(step=s.after.noun))
    needs_part = s.phase in (Phase.STASH, Phase.PLACE) or (
        s.phase == Phase.SERAIL and s.after == Phase.STASH)
    if needs_part and not s.built_part:
        _fail(_("the {step} step comes only after building a palace part").format(step=s.phase.noun))
    if not -1 <= s.last_field < GARDEN_FIELDS or (s.built_part != (s.last_field >= 0)):
        _fail(_("the last built garden field does not match the build flag"))
