"""Move notation and the one-line position notation of Saba.

Moves, as in a log (the state before the move gives the numbers)::

    H3 (3 gold)                 vizier→bazaar              swap ebony→alabaster
    build 5.2 fountain on 4 (1 gold)        build 5.3 column on 7 (2 gold) craftsman -gold
    figure→goldsmiths (1 gold)  use stonemasons +alabaster  use bazaar ebony→sandstone
    card +gold   caravan +ebony   robber red gold   merchant red take gold give ebony
    serail marker   no serail marker   discard card gold   discard ebony   end turn

A position is ``saba`` followed by ``key=value`` fields in a fixed order, e.g.
``harbour=g2.a2.s3.e4`` (kind and count of H1..H4), ``res=0.0.0.0/1.0.0.0`` (a.s.e.g per
player), ``garden=21a,0--,...`` (per garden field: part level, balcony owner, resource
lying there), ``districts=-,0:1,...`` (owner:count), palace cards as codes (A3 = arch on 3,
T1, T2, X = end, ? = face down) and action cards as letters (see :class:`.data.Card`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..errors import InvalidState
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
from .data import CODE_TO_CARD, COLOUR_NAMES, DISTRICT_GAIN, SURCHARGE, Card, District, Res, card_code, card_label
from .state import Phase, PlayerState, SabaState, place_cost

T = TypeVar("T")
U = TypeVar("U")

DONE_TEXT = {Phase.BUILD: "end building", Phase.STASH: "no stash", Phase.PLACE: "no figure",
             Phase.END: "end turn"}


def _bundle(res: tuple[Res, ...]) -> str:
    return "+".join(r.label for r in res)


def action_text(s: SabaState, a: SabaAction, names: Sequence[str] = COLOUR_NAMES) -> str:
    """The log text of ``a`` in state ``s`` (before the move), players called by ``names``."""
    match a:
        case TakeHarbour(field=f):
            return f"H{f} ({s.harbour_n[f - 1]} {s.harbour_res[f - 1].label})"
        case Build():
            return _build_text(s, a)
        case UseDistrict(district=d, give=give, get=get):
            gain = DISTRICT_GAIN[District(d)]
            what = f"+{gain.label}" if gain is not None else _swap(give, get)
            return f"use {District(d).label} {what}"
        case RemoveCard(slot=slot):
            return f"remove 5.{slot + 1} {card_label(s.display[slot])}"
        case MoveVizier(district=d):
            return f"vizier→{District(d).label}"
        case Exchange(give=give, get=get):
            return f"swap {_swap(give, get)}"
        case Stash(res=r):
            return f"stash {r.label} on {s.last_field + 1}"
        case PlaceFigure(district=d):
            return f"figure→{District(d).label} ({place_cost(s, d)} gold)"
        case PlayCard(card=card):
            return f"card +{card.resource.label if card.resource else card.label}"
        case PlayOverseer(source=src, target=dst):
            return f"overseer {District(src).label}→{District(dst).label}"
        case PlayHarbourmaster(first=i, second=j):
            return f"harbourmaster H{i}↔H{j}"
        case PlayGuard(first=i, second=j):
            return f"guard {i}↔{j}"
        case PlayCaravan(res=r):
            return f"caravan +{r.label}"
        case PlayMerchant(opponent=o, take=take, give=give):
            return f"merchant {names[o]} take {_bundle(take)} give {_bundle(give)}"
        case PlayRobber(opponent=o, res=r):
            return f"robber {names[o]} {r.label}"
        case SerailChoice(place=place):
            return "serail marker" if place else "no serail marker"
        case Discard(card=card, res=r):
            return f"discard card {card.label}" if card is not None else f"discard {_label(r)}"
    return DONE_TEXT.get(s.phase, "done")


def _label(r: Res | None) -> str:
    return r.label if r is not None else "?"


def _swap(give: Res | None, get: Res | None) -> str:
    return f"{_label(give)}→{_label(get)}"


def _build_text(s: SabaState, a: Build) -> str:
    text = f"build 5.{a.slot + 1} {card_label(s.display[a.slot])}"
    if SURCHARGE[a.slot]:
        text += f" ({SURCHARGE[a.slot]} gold)"
    if a.waive is not None:
        text += f" craftsman -{a.waive.label}"
    if a.from_district is not None:
        text += f" figure from {District(a.from_district).label}"
    return text


# ------------------------------------------------------------------ positions
KEYS = ("n", "opt", "turn", "phase", "flags", "last", "decide", "harbour", "supply", "res",
        "faces", "figs", "marks", "hands", "adeck", "disc", "pdeck", "display", "gone", "garden",
        "treasury", "serail", "sfig", "districts", "vizier", "uses", "rng")


def _seq(items: list[str], sep: str) -> str:
    return sep.join(items) or "-"


def _digits(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def _opt(value: object) -> str:
    return "-" if value is None else str(value.value if isinstance(value, Res) else value)


def _cards(cards: tuple[Card, ...]) -> str:
    return "".join(c.value for c in cards) or "-"


def position_text(s: SabaState) -> str:
    """The whole state on one line (see the module docstring)."""
    flags = ("P" if s.built_part else "") + ("T" if s.built_special else "")
    garden = [f"{lv}{_opt(o)}{_opt(r)}" for lv, o, r in zip(s.levels, s.balcony, s.stash)]
    districts = ["-" if o is None else f"{o}:{c}" for o, c in zip(s.district_owner, s.district_count)]
    options = [name for name, on in (("pro", s.pro), ("self", s.serail_on_self)) if on]
    fields = {
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
        "districts": ",".join(districts), "vizier": str(s.vizier),
        "uses": _digits(s.uses), "rng": s.rng,
    }
    return "saba " + " ".join(f"{k}={fields[k]}" for k in KEYS)


def _parse(what: str, convert: Callable[[U], T], text: U) -> T:
    try:
        return convert(text)
    except (ValueError, KeyError, IndexError) as exc:
        raise InvalidState(f"position: bad {what} {text!r} ({exc})") from None


def _items(text: str, sep: str) -> list[str]:
    """Items of a ``sep``-separated field ("" : one character each; "-": none)."""
    if text == "-":
        return []
    return list(text) if sep == "" else text.split(sep)


def _maybe_int(text: str) -> int | None:
    return None if text == "-" else int(text)


def _maybe_res(text: str) -> Res | None:
    return None if text == "-" else Res(text)


def _vec(text: str) -> tuple[int, int, int, int]:
    a, s, e, g = (int(x) for x in text.split("."))
    return (a, s, e, g)


def _card_list(text: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in _items(text, ""))


def _palace_list(text: str) -> tuple[int, ...]:
    return tuple(CODE_TO_CARD[c] for c in _items(text, ","))


def _garden(text: str) -> tuple[tuple[int, ...], tuple[int | None, ...], tuple[Res | None, ...]]:
    cells = text.split(",")
    return (tuple(int(c[0]) for c in cells), tuple(_maybe_int(c[1]) for c in cells),
            tuple(_maybe_res(c[2:]) for c in cells))


def _districts(text: str) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    cells = [c.split(":") for c in text.split(",")]
    return (tuple(None if c == ["-"] else int(c[0]) for c in cells),
            tuple(0 if c == ["-"] else int(c[1]) for c in cells))


def _players(f: dict[str, str]) -> tuple[PlayerState, ...]:
    n = int(f["n"])
    columns = [f[k].split("/") for k in ("res", "faces", "figs", "marks", "hands")]
    if any(len(c) != n for c in columns):
        raise ValueError(f"every player field needs {n} entries")
    return tuple(PlayerState(_vec(r), (int(fc[0]), int(fc[1:])), int(fig), int(m), _card_list(h))
                 for r, fc, fig, m, h in zip(*columns))


def parse_position(text: str) -> SabaState:
    """The state of :func:`position_text` (consistency is checked by the caller)."""
    tokens = text.split()
    if not tokens or tokens[0] != "saba":
        raise InvalidState("position: a Saba position starts with 'saba'")
    pairs = [t.partition("=") for t in tokens[1:]]
    keys = tuple(k for k, _, _ in pairs)
    if keys != KEYS:
        raise InvalidState(f"position: expected the fields {', '.join(KEYS)} in this order")
    f = {k: v for k, _, v in pairs}
    options = _items(f["opt"], ",")
    if set(options) - {"pro", "self"}:
        raise InvalidState(f"position: unknown options {f['opt']!r}")
    if f["flags"] not in ("-", "P", "T", "PT"):
        raise InvalidState(f"position: bad flags {f['flags']!r}")
    decider, _, after = f["decide"].partition("/")
    levels, balcony, stash = _parse("garden", _garden, f["garden"])
    owners, counts = _parse("districts", _districts, f["districts"])
    return SabaState(
        pro="pro" in options, serail_on_self="self" in options,
        current=_parse("turn", int, f["turn"]), phase=_parse("phase", Phase, f["phase"]),
        players=_parse("players", _players, f), supply=_parse("supply", _vec, f["supply"]),
        harbour_res=_parse("harbour", lambda t: tuple(Res(c[0]) for c in t.split(".")), f["harbour"]),
        harbour_n=_parse("harbour", lambda t: tuple(int(c[1:]) for c in t.split(".")), f["harbour"]),
        palace_deck=_parse("palace deck", _palace_list, f["pdeck"]),
        display=_parse("display", _palace_list, f["display"]),
        gone=_parse("gone", _palace_list, f["gone"]),
        levels=levels, balcony=balcony, stash=stash,
        treasury=_parse("treasury", lambda t: tuple(int(c) for c in _items(t, "")), f["treasury"]),
        serail=_parse("serail", lambda t: tuple(int(c) for c in _items(t, "")), f["serail"]),
        serail_figure=_parse("serail figure", _maybe_int, f["sfig"]),
        district_owner=owners, district_count=counts,
        vizier=_parse("vizier", int, f["vizier"]),
        uses=_parse("uses", lambda t: tuple(int(c) for c in t), f["uses"]),
        built_part="P" in f["flags"], built_special="T" in f["flags"],
        decider=_parse("decider", _maybe_int, decider), after=_parse("phase", Phase, after),
        last_field=_parse("last", int, f["last"]) - 1,
        action_deck=_parse("action deck", _card_list, f["adeck"]),
        discard=_parse("discard", _card_list, f["disc"]), rng=f["rng"])
