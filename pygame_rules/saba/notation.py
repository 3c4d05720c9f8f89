"""Move notation and the one-line position notation of Saba.

Moves, as in a log (the state before the move gives the numbers)::

    H3 (3 gold)                 vizier→bazaar              swap ebony→alabaster   no swap
    build 5.2 fountain on 4 (1 gold)        build 5.3 column on 7 (2 gold) craftsman -gold
    figure→goldsmiths (1 gold)  use stonemasons +alabaster  use bazaar ebony→sandstone
    card +gold   caravan +ebony   robber red gold   merchant red take gold give ebony
    serail marker   no serail marker   discard card gold   discard ebony   end turn

:func:`action_text` is total: it writes any action, also one that is not legal in the
state (numbers out of range are written as they are), so a caller may log an action
before :func:`.legal.why_illegal` has judged it. The notation is the same in every
language (:meth:`~pygame_rules.protocol.Game.parse_action` reads it back), so its words
are English; the faults :func:`parse_position` names are in the active language. People read
:func:`action_words`: the same moves in words of the active language, with the board's labels
(``H3``, ``5.2``) beside them.

A position is ``saba`` followed by ``key=value`` fields in the fixed order of :data:`KEYS`,
e.g. ``opt=pro,self`` (the options that are on, see :data:`OPTION_TOKENS`),
``harbour=g2.a2.s3.e4`` (kind and count of H1..H4), ``res=0.0.0.0/1.0.0.0`` (a.s.e.g per
player), ``garden=21a,0--,...`` (per garden field: part level, balcony owner, resource
lying there), ``districts=-,0:1,0:1+2:2,...`` (per district ``owner:count``, several joined
by ``+`` when districts are shared), palace cards as codes (A3 = arch on 3, T1, T2, X = end,
? = face down) and action cards as letters (see :class:`.data.Card`).

:func:`parse_position` reads only the syntax, but all of it: every number within its
range, every list within its size and every seat below the player count, before
anything is built; a fault raises :class:`~pygame_rules.InvalidState` naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import TypeVar

from ..errors import InvalidState
from ..gate import describe
from ..i18n import N_, _, ngettext
from ..options import chosen
from ..protocol import clauses
from .actions import (
    Build,
    Discard,
    Exchange,
    MoveVizier,
    PlaceFigure,
    PlayCaravan,
    PlayCard,
    PlayGuard,
    PlayHarbourmaster,
    PlayMerchant,
    PlayOverseer,
    PlayRobber,
    RemoveCard,
    SabaAction,
    SerailChoice,
    Stash,
    TakeHarbour,
    UseDistrict,
)
from .data import (
    BASIC_CARDS,
    CODE_TO_CARD,
    COLOUR_NAMES,
    DISPLAY_SIZE,
    DISTRICT_GAIN,
    FIGURES_PER_PLAYER,
    GARDEN_FIELDS,
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    MARKERS_PER_PLAYER,
    MAX_PER_DISTRICT,
    PALACE_CARDS,
    PRO_CARDS,
    RES_PER_KIND,
    RESOURCES,
    SERAIL_FIELDS,
    SURCHARGE,
    Card,
    District,
    Res,
    Shape,
    amount,
    card_code,
    card_label,
    card_name,
    cost_text,
)
from .state import Phase, Player, Readings, SabaState, place_cost

T = TypeVar("T")

DONE_TEXT = {Phase.BUILD: "end building", Phase.STASH: "no stash",  # i18n: internal (notation)
             Phase.PLACE: "no figure", Phase.SWAP: "no swap", Phase.END: "end turn"}  # i18n: internal


def _bundle(res: tuple[Res, ...]) -> str:
    return "+".join(r.label for r in res)


def _name(names: Sequence[str], player: int) -> str:
    return names[player] if 0 <= player < len(names) else f"player {player}"


def action_text(s: SabaState, a: SabaAction, names: Sequence[str] | None = None) -> str:
    """The log text of ``a`` in state ``s`` (before the move), players called by ``names``
    (by default their colours)."""
    names = names or COLOUR_NAMES
    match a:
        case TakeHarbour(field=f):
            if not 1 <= f <= len(s.harbour_n):
                return f"H{f}"
            return f"H{f} ({s.harbour_n[f - 1]} {s.harbour_res[f - 1].label})"
        case Build():
            return _build_text(s, a)
        case UseDistrict(district=d, give=give, get=get):
            gain = DISTRICT_GAIN.get(District(d)) if _is_district(d) else None
            what = f"+{gain.label}" if gain is not None else _swap(give, get)
            return f"use {district_name(d)} {what}"
        case RemoveCard(slot=slot):
            return f"remove 5.{slot + 1} {_open_card(s, slot)}".rstrip()
        case MoveVizier(district=d):
            return f"vizier→{district_name(d)}"
        case Exchange(give=give, get=get):
            return f"swap {_swap(give, get)}"
        case Stash(res=r):
            return f"stash {r.label} on {s.last_field + 1}"
        case PlaceFigure(district=d):
            cost = f" ({place_cost(s, d, s.current)} gold)" if _is_district(d) else ""
            return f"figure→{district_name(d)}{cost}"
        case PlayCard(card=card):
            return f"card +{card.resource.label if card.resource else card.label}"
        case PlayOverseer(source=src, target=dst):
            return f"overseer {district_name(src)}→{district_name(dst)}"
        case PlayHarbourmaster(first=i, second=j):
            return f"harbourmaster H{i}↔H{j}"
        case PlayGuard(first=i, second=j):
            return f"guard {i}↔{j}"
        case PlayCaravan(res=r):
            return f"caravan +{r.label}"
        case PlayMerchant(opponent=o, take=take, give=give):
            return f"merchant {_name(names, o)} take {_bundle(take)} give {_bundle(give)}"
        case PlayRobber(opponent=o, res=r):
            return f"robber {_name(names, o)} {r.label}"
        case SerailChoice(place=place):
            return "serail marker" if place else "no serail marker"  # i18n: internal (notation)
        case Discard(card=card, res=r):
            return f"discard card {card.label}" if card is not None else f"discard {_label(r)}"  # i18n: internal
    return DONE_TEXT.get(s.phase, "done")


def _is_district(d: int) -> bool:
    return 0 <= d < len(District)


def district_name(d: int) -> str:
    """District ``d`` as the notation writes it (any number is written)."""
    return District(d).label if _is_district(d) else f"district {d}"


def _open_card(s: SabaState, slot: int) -> str:
    """The open palace card on build field 5.``slot+1`` ('' if there is none)."""
    return card_label(s.display[slot]) if 0 <= slot < len(s.display) else ""


def _label(r: Res | None) -> str:
    return r.label if r is not None else "?"


def _swap(give: Res | None, get: Res | None) -> str:
    return f"{_label(give)}→{_label(get)}"


def _build_text(s: SabaState, a: Build) -> str:
    text = f"build 5.{a.slot + 1} {_open_card(s, a.slot)}".rstrip()
    if 0 <= a.slot < len(SURCHARGE) and SURCHARGE[a.slot]:
        text += f" ({SURCHARGE[a.slot]} gold)"
    if a.waive is not None:
        text += f" craftsman -{a.waive.label}"
    if a.from_district is not None:
        text += f" figure from {district_name(a.from_district)}"  # i18n: internal (notation)
    return text


# ------------------------------------------------------------------ words
#: What ends each step without doing it, in words (:data:`DONE_TEXT` in the notation).
DONE_WORDS = {Phase.BUILD: N_("end building"), Phase.STASH: N_("no resource in the garden"),
              Phase.PLACE: N_("no figure"), Phase.SWAP: N_("no swap"), Phase.END: N_("end the turn")}


def _district_words(d: int) -> str:
    """District ``d``'s name in the active language (any number is written)."""
    return District(d).noun if _is_district(d) else _("district {number}").format(number=d)


def _resource_words(r: Res | None) -> str:
    return r.noun if r is not None else "?"


def _bundle_words(res: tuple[Res, ...]) -> str:
    """Resources in the active language, as amounts: ``2 gold + 1 ebony``."""
    return cost_text(tuple(res.count(r) for r in RESOURCES))  # type: ignore[arg-type]


def _player_words(names: Sequence[str], player: int) -> str:
    return names[player] if 0 <= player < len(names) else _("player {number}").format(number=player)


def action_words(s: SabaState, a: SabaAction, names: Sequence[str] | None = None) -> str:
    """:func:`action_text` in words of the active language, for people: the board's labels
    (``H3``, ``5.2``) stand beside the words, players are called by ``names`` (by default
    their colours in the active language).

    >>> from pygame_rules.i18n import using
    >>> from . import GAME
    >>> state = GAME.new_game(2, seed=1)
    >>> with using("fr"):
    ...     action_words(state, MoveVizier(3)), action_words(state, PlayCaravan(Res.EBONY))
    ('vizir au quartier des orfèvres', 'chef de caravane\xa0: +1 ébène')
    """
    names = names or tuple(_(colour) for colour in COLOUR_NAMES)
    match a:
        case TakeHarbour(field=f):
            if not 1 <= f <= len(s.harbour_n):
                return _("take from H{field}").format(field=f)
            if not s.harbour_n[f - 1]:
                return _("take nothing from H{field}").format(field=f)
            return _("take {amount} from H{field}").format(
                amount=amount(s.harbour_res[f - 1], s.harbour_n[f - 1]), field=f)
        case Build():
            return _build_words(s, a)
        case UseDistrict(district=d, give=give, get=get):
            gain = DISTRICT_GAIN.get(District(d)) if _is_district(d) else None
            if gain is not None:
                return _("use the {district}: +1 {resource}").format(district=_district_words(d), resource=gain.noun)
            return _("use the {district}: give 1 {give}, get 1 {get}").format(
                district=_district_words(d), give=_resource_words(give), get=_resource_words(get))
        case RemoveCard(slot=slot):
            if not 0 <= slot < len(s.display):
                return _("remove the card from 5.{slot}").format(slot=slot + 1)
            return _("remove {card} from 5.{slot}").format(card=card_name(s.display[slot]), slot=slot + 1)
        case MoveVizier(district=d):
            return _("vizier to the {district}").format(district=_district_words(d))
        case Exchange(give=give, get=get):
            return _("swap 1 {give} for 1 {get}").format(give=_resource_words(give), get=_resource_words(get))
        case Stash(res=r):
            return _("put 1 {resource} on garden field {field}").format(resource=r.noun, field=s.last_field + 1)
        case PlaceFigure(district=d):
            if not _is_district(d):
                return _("figure to the {district}").format(district=_district_words(d))
            n = place_cost(s, d, s.current)
            return ngettext("figure to the {district} ({n} gold)", "figure to the {district} ({n} gold)", n).format(
                district=_district_words(d), n=n)
        case PlayCard(card=card):
            if card.resource is not None:
                return _("play a card: +1 {resource}").format(resource=card.resource.noun)
            return _("play the {card} card").format(card=card.noun)
        case PlayOverseer(source=src, target=dst):
            return _("overseer: figure from the {source} to the {target}").format(
                source=_district_words(src), target=_district_words(dst))
        case PlayHarbourmaster(first=i, second=j):
            return _("harbourmaster: swap H{first} and H{second}").format(first=i, second=j)
        case PlayGuard(first=i, second=j):
            return _("guard: swap serail markers {first} and {second}").format(first=i, second=j)
        case PlayCaravan(res=r):
            return _("caravan: +1 {resource}").format(resource=r.noun)
        case PlayMerchant(opponent=o, take=take, give=give):
            return _("merchant with {player}: take {take}, give {give}").format(
                player=_player_words(names, o), take=_bundle_words(take), give=_bundle_words(give))
        case PlayRobber(opponent=o, res=r):
            return _("robber: steal 1 {resource} from {player}").format(resource=r.noun, player=_player_words(names, o))
        case SerailChoice(place=place):
            return _("place a serail marker") if place else _("no serail marker")
        case Discard(card=thrown, res=r):
            if thrown is not None:
                return _("discard the {card} card").format(card=thrown.noun)
            return _("discard 1 {resource}").format(resource=_resource_words(r))
    return _(DONE_WORDS.get(s.phase, N_("done")))


def _build_words(s: SabaState, a: Build) -> str:
    card = s.display[a.slot] if 0 <= a.slot < len(s.display) else None
    text = _("build {card} from 5.{slot}").format(card=card_name(card), slot=a.slot + 1) if card is not None \
        else _("build from 5.{slot}").format(slot=a.slot + 1)
    if 0 <= a.slot < len(SURCHARGE) and SURCHARGE[a.slot]:
        n = SURCHARGE[a.slot]
        text = ngettext("{build} (+{n} gold)", "{build} (+{n} gold)", n).format(build=text, n=n)
    parts = [text]
    if a.waive is not None:
        parts.append(_("the craftsman waives 1 {resource}").format(resource=a.waive.noun))
    if a.from_district is not None:
        parts.append(_("balcony figure from the {district}").format(district=_district_words(a.from_district)))
    return clauses(parts)


# ------------------------------------------------------------------ positions
KEYS = ("n", "opt", "quiet", "turn", "phase", "flags", "last", "decide", "harbour", "supply", "res",
        "faces", "figs", "marks", "hands", "adeck", "disc", "pdeck", "display", "gone", "garden",
        "treasury", "serail", "sfig", "districts", "vizier", "uses", "rng")
#: The keys a position may leave out: ``quiet`` (the quiet end, ``quiet=12/150``: the moves
#: since the last build and the limit) is written only where either is not 0, so a position
#: written before the quiet end existed reads as it was played.
OPTIONAL_KEYS = ("quiet",)
#: The word of each option in the ``opt`` field, written when the option is on: ``pro`` and
#: each rule reading of :class:`.state.Readings` (an old position without a word has it off,
#: which was the only behaviour before the reading became an option).
OPTION_TOKENS = {"pro": "pro", "serail_on_self": "self", "shared_districts": "shared",
                 "treasury_and_end": "both", "end_before_serail": "endfirst",
                 "optional_vizier_swap": "mayswap", "overseer_waits": "wait"}
#: The longest position text read at all (a full 4-player position has about 700 characters).
MAX_TEXT = 2000
#: The largest move count or quiet end a position may give (far beyond any game's).
MAX_QUIET = 99_999
#: Every action card there is, for the size of a card list.
ALL_ACTION_CARDS = len(BASIC_CARDS) + len(PRO_CARDS)


def _seq(items: list[str], sep: str) -> str:
    return sep.join(items) or "-"


def _digits(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def _opt(value: object) -> str:
    return "-" if value is None else str(value.value if isinstance(value, Res) else value)


def _cards(cards: tuple[Card, ...]) -> str:
    return "".join(c.value for c in cards) or "-"


def _district_text(figures: tuple[int, ...]) -> str:
    return "+".join(f"{o}:{figures.count(o)}" for o in sorted(set(figures))) or "-"


def position_text(s: SabaState) -> str:
    """The whole state on one line (see the module docstring)."""
    flags = ("P" if s.built_part else "") + ("T" if s.built_special else "")
    garden = [f"{lv}{_opt(o)}{_opt(r)}" for lv, o, r in zip(s.levels, s.balcony, s.stash)]
    on = {"pro": s.pro} | {f.name: getattr(s.readings, f.name) for f in fields(Readings)}
    options = [token for name, token in OPTION_TOKENS.items() if on[name]]
    values = {
        "n": str(s.num_players), "opt": _seq(options, ","), "turn": str(s.current),
        "phase": s.phase.value, "flags": flags or "-", "last": str(s.last_field + 1),
        "decide": f"{_opt(s.decider)}/{s.after.value}",
        "harbour": ".".join(f"{r.value}{n}" for r, n in zip(s.harbour_res, s.harbour_n)),
        "supply": ".".join(map(str, s.supply)),
        "res": "/".join(".".join(map(str, p.res)) for p in s.players),
        "faces": "/".join(f"{a}{b}" for a, b in (p.faces for p in s.players)),
        "figs": "/".join(str(p.figures) for p in s.players),
        "marks": "/".join(str(p.markers) for p in s.players),
        "hands": "/".join(_cards(p.hand) for p in s.players),
        "adeck": _cards(s.action_deck), "disc": _cards(s.discard),
        "pdeck": _seq([card_code(c) for c in s.palace_deck], ","),
        "display": _seq([card_code(c) for c in s.display], ","),
        "gone": _seq([card_code(c) for c in s.gone], ","),
        "garden": ",".join(garden), "treasury": _digits(s.treasury),
        "serail": _digits(s.serail), "sfig": _opt(s.serail_figure),
        "districts": ",".join(_district_text(d) for d in s.districts), "vizier": str(s.vizier),
        "uses": _digits(s.uses), "rng": s.rng,
    }
    if s.quiet or s.quiet_end:
        values["quiet"] = f"{s.quiet}/{s.quiet_end}"
    return "saba " + " ".join(f"{k}={values[k]}" for k in KEYS if k in values)


class _Bad(Exception):
    """A syntax fault inside one field; :func:`parse_position` adds the field's name."""


def _int(text: str, low: int, high: int, what: str = N_("a number")) -> int:
    """A decimal number from ``low`` to ``high``, read only if it has few enough digits
    (``what``, a marked text, names it in a fault)."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)) or not (
            low <= int(text) <= high):
        raise _Bad(_("{what} {text} is not a whole number from {low} to {high}").format(
            what=_(what), text=describe(text), low=low, high=high))
    return int(text)


def _choice(text: str, table: dict[str, T], what: str) -> T:
    if text not in table:
        if len(table) > 12:
            raise _Bad(_("{text} is no {what}").format(text=describe(text), what=_(what)))
        raise _Bad(_("{text} is no {what} ({known})").format(
            text=describe(text), what=_(what), known=", ".join(table)))
    return table[text]


def _items(text: str, sep: str, most: int, what: str) -> list[str]:
    """Items of a ``sep``-separated field ("": one character each; "-": none), at most ``most``."""
    if text == "-":
        return []
    count = len(text) if sep == "" else text.count(sep) + 1
    if count > most:
        raise _Bad(_("{count} {what}, more than the {most} there can be").format(
            count=count, what=_(what), most=most))
    return list(text) if sep == "" else text.split(sep)


def _exactly(text: str, sep: str, count: int, what: str) -> list[str]:
    items = text.split(sep)
    if len(items) != count:
        raise _Bad(_("needs {count} {what} separated by '{sep}', not {found}").format(
            count=count, what=_(what), sep=sep, found=len(items)))
    return items


class _Reader:
    """Reads the fields of one position; seats are checked against its player count."""

    def __init__(self, n: int) -> None:
        self.n = n

    def seat(self, text: str) -> int:
        return _int(text, 0, self.n - 1, N_("seat"))

    def maybe_seat(self, text: str) -> int | None:
        return None if text == "-" else self.seat(text)

    def seats(self, text: str, most: int) -> tuple[int, ...]:
        return tuple(self.seat(c) for c in _items(text, "", most, N_("figures or markers")))

    def per_player(self, text: str, read: Callable[[str], T]) -> list[T]:
        return [read(part) for part in _exactly(text, "/", self.n, N_("entries (one per player)"))]

    def districts(self, text: str) -> tuple[tuple[int, ...], ...]:
        out = []
        for cell in _exactly(text, ",", len(District), N_("districts")):
            figures: list[int] = []
            for entry in _items(cell, "+", self.n, N_("owners in a district")):
                owner, colon, count = entry.partition(":")
                if not colon:
                    raise _Bad(_("district entry {entry} is not owner:count").format(entry=describe(entry)))
                seat = self.seat(owner)
                if figures and seat <= figures[-1]:
                    raise _Bad(_("the owners of a district must be listed once each, lowest seat first"))
                figures += [seat] * _int(count, 1, MAX_PER_DISTRICT, N_("figure count"))
            out.append(tuple(figures))
        return tuple(out)

    def garden(self, text: str) -> tuple[tuple[int, ...], tuple[int | None, ...], tuple[Res | None, ...]]:
        levels, balcony, stash = [], [], []
        for cell in _exactly(text, ",", GARDEN_FIELDS, N_("garden fields")):
            if len(cell) != 3:
                raise _Bad(_("garden field {cell} is not level, owner, resource").format(cell=describe(cell)))
            levels.append(_int(cell[0], 0, max(Shape), N_("part level")))
            balcony.append(self.maybe_seat(cell[1]))
            stash.append(_maybe_res(cell[2]))
        return tuple(levels), tuple(balcony), tuple(stash)


_PHASES = {p.value: p for p in Phase}
_RESOURCES = {r.value: r for r in Res}
_CARDS = {c.value: c for c in Card}


def _maybe_res(text: str) -> Res | None:
    return None if text == "-" else _choice(text, _RESOURCES, N_("resource"))


def _vec(text: str) -> tuple[int, int, int, int]:
    a, s, e, g = (_int(x, 0, RES_PER_KIND) for x in _exactly(text, ".", 4, N_("resource counts")))
    return (a, s, e, g)


def _quiet(text: str) -> dict[str, int]:
    """``12/150``: the moves since the last build, then the quiet end's limit."""
    count, limit = (_int(x, 0, MAX_QUIET, N_("move count")) for x in _exactly(text, "/", 2, N_("quiet end")))
    return {"quiet": count, "quiet_end": limit}


def _faces(text: str) -> tuple[int, int]:
    if len(text) != len(HARBOUR_CARDS):
        raise _Bad(_("harbour faces {text} are not two digits").format(text=describe(text)))
    return (_int(text[0], 1, 4, N_("harbour face")), _int(text[1], 1, 4, N_("harbour face")))


def _card_list(text: str, most: int = ALL_ACTION_CARDS) -> tuple[Card, ...]:
    return tuple(_choice(c, _CARDS, N_("action card")) for c in _items(text, "", most, N_("action cards")))


def _palace_list(text: str, most: int) -> tuple[int, ...]:
    return tuple(_choice(c, CODE_TO_CARD, N_("palace card"))
                 for c in _items(text, ",", most, N_("palace cards")))


def _harbour(text: str) -> tuple[tuple[Res, ...], tuple[int, ...]]:
    cells = _exactly(text, ".", len(HARBOUR_CAPACITY), N_("harbour fields"))
    kinds = tuple(_choice(c[:1], _RESOURCES, N_("resource")) for c in cells)
    return kinds, tuple(_int(c[1:], 0, max(HARBOUR_CAPACITY)) for c in cells)


def _options(text: str) -> dict[str, bool]:
    words = _items(text, ",", len(OPTION_TOKENS), N_("options"))
    by_word = {token: name for name, token in OPTION_TOKENS.items()}
    if len(set(words)) != len(words):
        raise _Bad(_("an option is named twice"))
    on = {_choice(word, by_word, N_("option")) for word in words}
    return {name: name in on for name in OPTION_TOKENS}


def _flags(text: str) -> tuple[bool, bool]:
    if text not in ("-", "P", "T", "PT"):
        raise _Bad(_("the flags are -, P (a part built), T (a treasury or end card built) or PT"))
    return "P" in text, "T" in text


def _uses(text: str) -> tuple[int, ...]:
    if len(text) != len(District):
        raise _Bad(_("needs {n} digits, one per district").format(n=len(District)))
    return tuple(_int(c, 0, MAX_PER_DISTRICT, N_("use count")) for c in text)


def _rng(text: str) -> str:
    if re.fullmatch("[0-9a-f]{16}", text) is None:
        raise _Bad(_("the random state must be 16 lowercase hex digits"))
    return text


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` fields after ``saba``, each key once, in the order of :data:`KEYS`."""
    if len(text) > MAX_TEXT:
        raise InvalidState(_("position: {n} characters, more than a position has ({most})").format(
            n=len(text), most=MAX_TEXT))
    tokens = text.split()
    if not tokens or tokens[0] != "saba":
        raise InvalidState(_("position: a Saba position starts with 'saba'"))
    found: dict[str, str] = {}
    for token in tokens[1:]:
        key, equals, value = token.partition("=")
        if not equals:
            raise InvalidState(_("position: {token} is not a key=value field").format(token=describe(token)))
        if key not in KEYS:
            raise InvalidState(_("position: unknown field {field}").format(field=describe(key)))
        if key in found:
            raise InvalidState(_("position: the field {field} appears twice").format(field=repr(key)))
        if found and KEYS.index(key) < KEYS.index(list(found)[-1]):
            raise InvalidState(_("position: the field {field} must come before {other}").format(
                field=repr(key), other=repr(list(found)[-1])))
        found[key] = value
    missing = [k for k in KEYS if k not in found and k not in OPTIONAL_KEYS]
    if missing:
        raise InvalidState(_("position: the field {field} is missing").format(field=repr(missing[0])))
    return found


def parse_position(text: str) -> SabaState:
    """The state of :func:`position_text`; its consistency is checked by the caller
    (:meth:`~pygame_rules.protocol.Game.from_position_text`)."""
    f = _fields(text)

    def read(key: str, parse: Callable[[str], T]) -> T:
        try:
            return parse(f[key])
        except _Bad as exc:
            raise InvalidState(_("position: bad {field}: {fault}").format(field=key, fault=exc)) from None

    n = read("n", lambda t: _int(t, 2, 4, N_("player count")))
    r = _Reader(n)
    options = read("opt", _options)
    built_part, built_special = read("flags", _flags)
    decider, after = f["decide"].partition("/")[::2]
    levels, balcony, stash = read("garden", r.garden)
    harbour_res, harbour_n = read("harbour", _harbour)
    players = tuple(Player(res, faces, figs, marks, hand) for res, faces, figs, marks, hand in zip(
        read("res", lambda t: r.per_player(t, _vec)),
        read("faces", lambda t: r.per_player(t, _faces)),
        read("figs", lambda t: r.per_player(t, lambda x: _int(x, 0, FIGURES_PER_PLAYER))),
        read("marks", lambda t: r.per_player(t, lambda x: _int(x, 0, MARKERS_PER_PLAYER))),
        read("hands", lambda t: r.per_player(t, _card_list))))
    return SabaState(
        pro=options["pro"],
        readings=chosen(Readings, options),
        current=read("turn", r.seat), phase=read("phase", lambda t: _choice(t, _PHASES, N_("phase"))),
        players=players, supply=read("supply", _vec), harbour_res=harbour_res, harbour_n=harbour_n,
        palace_deck=read("pdeck", lambda t: _palace_list(t, PALACE_CARDS)),
        display=read("display", lambda t: _palace_list(t, DISPLAY_SIZE)),
        gone=read("gone", lambda t: _palace_list(t, PALACE_CARDS)),
        levels=levels, balcony=balcony, stash=stash,
        treasury=read("treasury", lambda t: r.seats(t, 2)),
        serail=read("serail", lambda t: r.seats(t, max(SERAIL_FIELDS.values()))),
        serail_figure=read("sfig", r.maybe_seat), districts=read("districts", r.districts),
        vizier=read("vizier", lambda t: _int(t, 0, len(District) - 1, N_("district"))),
        uses=read("uses", _uses),
        built_part=built_part, built_special=built_special,
        decider=read("decide", lambda _text: r.maybe_seat(decider)),
        after=read("decide", lambda _text: _choice(after, _PHASES, N_("phase"))),
        last_field=read("last", lambda t: _int(t, 0, GARDEN_FIELDS)) - 1,
        action_deck=read("adeck", _card_list), discard=read("disc", _card_list), rng=read("rng", _rng),
        **read("quiet", _quiet) if "quiet" in f else {})
