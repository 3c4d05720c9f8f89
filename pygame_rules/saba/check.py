"""Semantic consistency of a Saba state: everything conserved, every field in range.

Face-down placeholders (in a player's view) count as wildcards: they must only
make up the right number of cards.
"""

from __future__ import annotations

from collections import Counter

from ..errors import InvalidState
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
    card_label,
    is_part,
)
from .state import Phase, SabaState, buildable, serail_leader


def check_state(s: SabaState) -> None:
    """Raise :class:`InvalidState` naming the first inconsistency of ``s``."""
    for check in (_shape, _resources, _palace, _figures, _markers, _action_cards, _turn):
        check(s)


def _fail(message: str) -> None:
    raise InvalidState(message)


def _shape(s: SabaState) -> None:
    n = s.num_players
    if not 2 <= n <= 4:
        _fail(f"Saba is for 2–4 players, not {n}")
    if not 0 <= s.current < n:
        _fail(f"no player {s.current} to move")
    lengths = {"levels": (s.levels, GARDEN_FIELDS), "balcony": (s.balcony, GARDEN_FIELDS),
               "stash": (s.stash, GARDEN_FIELDS), "harbour_res": (s.harbour_res, 4),
               "harbour_n": (s.harbour_n, 4), "districts": (s.districts, len(District)),
               "uses": (s.uses, len(District))}
    for name, (values, size) in lengths.items():
        if len(values) != size:
            _fail(f"{name} needs {size} entries, not {len(values)}")
    for p, player in enumerate(s.players):
        if any(f not in card for f, card in zip(player.faces, HARBOUR_CARDS)):
            _fail(f"player {p}'s harbour faces {player.faces} do not match the cards {HARBOUR_CARDS}")
    if not 0 <= s.vizier < len(District):
        _fail(f"the vizier stands on no district ({s.vizier})")
    for d in District:
        _district(s, d)
    try:
        Rng(s.rng)
    except ValueError:
        _fail("the random state must be 16 lowercase hex digits")


def _district(s: SabaState, d: District) -> None:
    figures = s.districts[d]
    if len(figures) > MAX_PER_DISTRICT * s.num_players or list(figures) != sorted(figures):
        _fail(f"the {d.label} must list at most {MAX_PER_DISTRICT} figures per player, sorted by seat")
    owners = set(figures)
    if any(not 0 <= o < s.num_players for o in owners):
        _fail(f"a figure in the {d.label} belongs to no player")
    if any(figures.count(o) > MAX_PER_DISTRICT for o in owners):
        _fail(f"a player has more than {MAX_PER_DISTRICT} figures in the {d.label}")
    if len(owners) > 1 and not s.readings.shared_districts:
        _fail(f"the {d.label} holds figures of several players, but districts are not shared")
    if not 0 <= s.uses[d] <= figures.count(s.current):
        _fail(f"{s.uses[d]} uses left in the {d.label}, more than the player to move has figures there")


def _resources(s: SabaState) -> None:
    if sorted(s.harbour_res) != sorted(RESOURCES):
        _fail("the harbour must hold each resource kind on exactly one field")
    for i, (n, cap) in enumerate(zip(s.harbour_n, HARBOUR_CAPACITY)):
        if not 0 <= n <= cap:
            _fail(f"harbour field H{i + 1} holds {n} resources (capacity {cap})")
    for r in RESOURCES:
        i = r.index
        held = [p.res[i] for p in s.players]
        if min(held + [s.supply[i]]) < 0:
            _fail(f"a negative amount of {r.label}")
        total = (s.supply[i] + sum(held) + s.stash.count(r)
                 + sum(n for kind, n in zip(s.harbour_res, s.harbour_n) if kind == r))
        if total != RES_PER_KIND:
            _fail(f"{total} {r.label} in the game instead of {RES_PER_KIND}")
    if not s.pro and any(s.stash):
        _fail("resources lie on garden fields only with the pro rules")
    for f, (lying, level) in enumerate(zip(s.stash, s.levels)):
        if lying is not None and not level:
            _fail(f"a resource lies on garden field {f + 1} with no part")


def _palace(s: SabaState) -> None:
    cards = s.palace_deck + s.display + s.gone
    known = [c for c in cards if c != HIDDEN_CARD]
    if len(cards) != PALACE_CARDS or len(set(known)) != len(known) or not all(
            0 <= c < PALACE_CARDS for c in known):
        _fail(f"the palace cards must be the {PALACE_CARDS} cards once each")
    if HIDDEN_CARD in s.display + s.gone:
        _fail("open and removed palace cards are never face down")
    if len(s.display) > DISPLAY_SIZE:
        _fail("only three build fields")
    if s.phase != Phase.OVER:
        if s.palace_deck and len(s.display) < DISPLAY_SIZE:
            _fail("a build field is empty while the palace deck still has cards")
        for c in s.display:
            if not buildable(c, s.levels):
                _fail(f"the open {card_label(c)} card can no longer be built")
        if not s.parts_left() and not (s.phase == Phase.SERAIL and s.after == Phase.OVER):
            _fail("every palace part card is gone but the game goes on")
    for f, (level, owner) in enumerate(zip(s.levels, s.balcony)):
        if not 0 <= level <= 3 or (level == 0) != (owner is None):
            _fail(f"garden field {f + 1}: part level {level} with balcony figure {owner}")
        built = [c for c in s.gone if is_part(c) and c % GARDEN_FIELDS == f]
        if level and level * GARDEN_FIELDS - GARDEN_FIELDS + f not in built:
            _fail(f"garden field {f + 1} shows a part whose card is not gone")
    if len(s.treasury) > 2:
        _fail("the treasury holds at most one figure per treasury card")


def _figures(s: SabaState) -> None:
    for p, player in enumerate(s.players):
        placed = (s.balcony.count(p) + s.treasury.count(p) + (s.serail_figure == p)
                  + sum(figures.count(p) for figures in s.districts))
        if player.figures < 0 or player.figures + placed != FIGURES_PER_PLAYER:
            _fail(f"player {p} has {player.figures} figures in supply and {placed} placed, "
                  f"not {FIGURES_PER_PLAYER} in all")
    if any(not 0 <= o < s.num_players for o in s.balcony + s.treasury if o is not None):
        _fail("a figure belongs to no player")
    if s.serail_figure is not None and (
            not s.pro or s.serail_figure != serail_leader(s.num_players, s.serail)):
        _fail("only the serail leader's figure stands in the serail (pro rules)")


def _markers(s: SabaState) -> None:
    if len(s.serail) > s.serail_size:
        _fail(f"the serail has {s.serail_size} fields with {s.num_players} players")
    for p, player in enumerate(s.players):
        if player.markers < 0 or player.markers + s.serail.count(p) != MARKERS_PER_PLAYER:
            _fail(f"player {p} does not have {MARKERS_PER_PLAYER} serail markers in all")
    if any(not 0 <= o < s.num_players for o in s.serail):
        _fail("a serail marker belongs to no player")


def _action_cards(s: SabaState) -> None:
    full = Counter(BASIC_CARDS + (PRO_CARDS if s.pro else ()))
    cards = Counter(s.action_deck + s.discard)
    for player in s.players:
        cards.update(player.hand)
    hidden = cards.pop(Card.HIDDEN, 0)
    if sum(cards.values()) + hidden != sum(full.values()) or cards - full:
        _fail(f"the action cards must be the {sum(full.values())} cards of the "
              f"{'pro' if s.pro else 'basic'} game")
    if Card.HIDDEN in s.discard:
        _fail("the discard pile is open")


def _turn(s: SabaState) -> None:
    if (s.phase == Phase.SERAIL) != (s.decider is not None):
        _fail("a serail decider exactly while a serail marker is being decided")
    if s.decider is not None and not (0 <= s.decider < s.num_players and s.players[s.decider].markers):
        _fail("the serail decider must be a player with a marker left")
    if s.after in (Phase.SERAIL, Phase.HARBOUR):
        _fail(f"the step after a serail decision cannot be {s.after.value}")
    needs_part = s.phase in (Phase.STASH, Phase.PLACE) or (
        s.phase == Phase.SERAIL and s.after == Phase.STASH)
    if needs_part and not s.built_part:
        _fail(f"the {s.phase.value} step comes only after building a palace part")
    if not -1 <= s.last_field < GARDEN_FIELDS or (s.built_part != (s.last_field >= 0)):
        _fail("the last built garden field does not match the build flag")
