"""Move notation and the one-line position notation of Der Turmbau zu Babel.

Moves (players are named by colour: red, yellow, green, blue, purple)::

    pass
    build Babel tile 1 (ship 5)
    offer (sealed)                       # what the log shows while offers are sealed
    offer 2 camel + 1 ship +X            # the clear text (X = the exchange card), for parsing
    accept yellow, green; add 2 ship     # accepted offers and the active player's own cards
    accept none; add 3 ship; joker 2 ship
    decline
    third bonus / no third bonus
    play draw three / play card exchange 2 camel + 1 ship / play double turn

The offer that completes the offer step is logged with the reveal it causes:
``offer (sealed); reveal: yellow 1 ship +X, green 2 ship, blue nothing (1 crane back)``.
:func:`parse_action` accepts the clear text of an offer and an optional
``"<colour>: "`` prefix naming the mover when several players are to move.

Positions are ``key=value`` fields separated by spaces; card counts are written
like ``2c1s`` (c camel, k crane, s ship, m stonemason; ``0`` for none), tiles
the same way (``5s``, ``3c2k``), action cards by letters (see ``ACTION_LETTERS``)
and lists by ``.``, ``,`` and ``/`` (``-`` for empty/none). For example
``babel players=4 cards=1 two=0 phase=choose active=0 ...``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import IllegalAction, InvalidState
from .actions import Accept, BabelAction, Build, CardExchange, Decline, DoubleTurn, DrawThree, Offer, Pass, ThirdBonus
from .data import ACTION_LETTERS, COLOURS, KIND_LETTERS, NO_CARDS, WONDER_SHORT, Card, Counts, counts_text, tile_text
from .effects import submit_offer
from .legal import legal_actions, own_share, to_move
from .state import BabelState, Options, Phase, Player, StoredOffer, Target, Wonder

SEALED = "offer (sealed)"


# ------------------------------------------------------------------ moves
def offer_text(offer: Offer | StoredOffer) -> str:
    """The clear text of an offer: ``offer 2 camel + 1 ship +X``."""
    return f"offer {counts_text(offer.cards)}{' +X' if offer.exchange else ''}"


def reveal_text(state: BabelState, names: Sequence[str] = COLOURS) -> str:
    """The revealed offers, as logged with the last offer: ``yellow 1 ship +X, ...``."""
    parts = []
    for p, offer in enumerate(state.offers):
        if offer is None:
            continue
        text = f"{names[p]} {offer_text(offer)[len('offer '):]}"
        if any(offer.returned):
            text += f" ({counts_text(offer.returned)} back)"
        parts.append(text)
    return ", ".join(parts)


def full_text(state: BabelState, action: BabelAction, names: Sequence[str] = COLOURS) -> str:
    """The action in clear text (offers included); ``state`` is the one before it."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Build):
        text = f"build {WONDER_SHORT[action.wonder]} tile {action.slot + 1}"
        tile = state.wonders[action.wonder].slots[action.slot]
        return f"{text} ({tile_text(tile)})" if tile else text
    if isinstance(action, Offer):
        return offer_text(action)
    if isinstance(action, Accept):
        return accept_text(state, action, names)
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, ThirdBonus):
        return "third bonus" if action.use else "no third bonus"
    if isinstance(action, DrawThree):
        return "play draw three"
    if isinstance(action, CardExchange):
        return f"play card exchange {counts_text(action.cards)}"
    if isinstance(action, DoubleTurn):
        return "play double turn"
    raise TypeError(f"not a Babel action: {action!r}")


def accept_text(state: BabelState, action: Accept, names: Sequence[str] = COLOURS) -> str:
    """``accept yellow, green; add 2 ship``: the accepted offers and the active player's own share."""
    who = ", ".join(names[p] for p in action.offers) or "none"
    text = f"accept {who}; add {counts_text(own_share(state, action))}"
    return f"{text}; joker {counts_text(action.joker)}" if any(action.joker) else text


def action_text(state: BabelState, action: BabelAction, names: Sequence[str] = COLOURS) -> str:
    """The log text: an offer stays sealed; the last offer carries the reveal it causes."""
    if not isinstance(action, Offer):
        return full_text(state, action, names)
    waiting = [p for p, o in enumerate(state.offers) if o is None and p != state.active]
    if len(waiting) != 1:
        return SEALED
    after = submit_offer(state, waiting[0], action)  # the reveal the offer leads to
    return f"{SEALED}; reveal: {reveal_text(after, names)}"


def parse_action(state: BabelState, text: str) -> tuple[int, BabelAction]:
    """The (player, action) written ``text``: clear notation, optionally ``"<colour>: "`` first."""
    wanted = " ".join(text.split())
    movers = to_move(state)
    prefix, sep, rest = wanted.partition(": ")
    if sep and prefix in COLOURS:
        movers = tuple(p for p in movers if COLOURS.index(prefix) == p)
        wanted = rest
    for player in movers:
        for action in legal_actions(state, player):
            if full_text(state, action) == wanted:
                return player, action
    raise IllegalAction(f"{wanted!r} is not a legal move in this position")


# ------------------------------------------------------------------ positions
def counts_code(counts: Counts) -> str:
    """``(2, 0, 1, 0)`` → ``2c1s``; no cards → ``0``."""
    return "".join(f"{n}{KIND_LETTERS[k]}" for k, n in enumerate(counts) if n) or "0"


def parse_counts(code: str) -> Counts:
    if code == "0":
        return NO_CARDS
    parts = re.fullmatch(r"((\d+)[ckms])+", code) and re.findall(r"(\d+)([ckms])", code)
    if not parts:
        raise InvalidState(f"bad card counts {code!r} (write e.g. 2c1s, or 0)")
    out = [0, 0, 0, 0]
    for n, letter in parts:
        out[KIND_LETTERS.index(letter)] += int(n)
    return tuple(out)  # type: ignore[return-value]


_CARD_LETTER = {Card.CAMEL: "c", Card.CRANE: "k", Card.SHIP: "s", Card.STONEMASON: "m",
                Card.HIDDEN: "?"}
_LETTER_CARD = {v: k for k, v in _CARD_LETTER.items()}
_LETTER_ACTION = {v: k for k, v in ACTION_LETTERS.items()}


def _seq(items: list[str], sep: str) -> str:
    return sep.join(items) or "-"


def _unseq(code: str, sep: str) -> list[str]:
    return [] if code == "-" else code.split(sep)


def _ints(code: str) -> tuple[int, ...]:
    return tuple(_int(x) for x in _unseq(code, ","))


def _int(code: str) -> int:
    if not re.fullmatch(r"\d+", code):
        raise InvalidState(f"expected a number, got {code!r}")
    return int(code)


def _letters(code: str, table: dict[str, object], what: str) -> tuple:  # type: ignore[type-arg]
    if code == "-":
        return ()
    try:
        return tuple(table[c] for c in code)
    except KeyError as exc:
        raise InvalidState(f"unknown {what} letter {exc.args[0]!r}") from None


def _wonder_code(w: Wonder) -> str:
    slots = ".".join("-" if t is None else counts_code(t) for t in w.slots)
    row = "" if w.scored_row is None else f"@{w.scored_row}"
    return f"{slots}:{_seq([str(e) for e in w.elements], ',')}{row}"


def _parse_wonder(code: str) -> Wonder:
    slots, _, rest = code.partition(":")
    elements, _, row = rest.partition("@")
    return Wonder(tuple(None if s == "-" else parse_counts(s) for s in slots.split(".")),
                  _ints(elements), _int(row) if row else None)


def _player_code(pl: Player) -> str:
    actions = "".join(ACTION_LETTERS[a] for a in pl.actions)
    tiles = _seq([counts_code(t) for t in pl.tiles], ".")
    shown = f":{counts_code(pl.shown)}" if any(pl.shown) else ""
    return (f"{counts_code(pl.hand)}:{pl.hidden}:{'x' if pl.exchange else '-'}:{actions or '-'}:"
            f"{tiles}:{pl.wonder_vp}:{pl.offer_vp}{shown}")


def _parse_player(code: str) -> Player:
    fields = code.split(":")
    if len(fields) not in (7, 8):
        raise InvalidState(f"a player needs 7 or 8 ':'-separated fields, not {code!r}")
    hand, hidden, x, actions, tiles, wvp, ovp = fields[:7]
    return Player(parse_counts(hand), x == "x", _int(hidden),
                  _letters(actions, _LETTER_ACTION, "action card"),  # type: ignore[arg-type]
                  tuple(parse_counts(t) for t in _unseq(tiles, ".")), _int(wvp), _int(ovp),
                  parse_counts(fields[7]) if len(fields) == 8 else NO_CARDS)


def _offer_code(o: StoredOffer | None) -> str:
    if o is None:
        return "-"
    back = f"!{counts_code(o.returned)}" if any(o.returned) else ""
    return f"{counts_code(o.cards)}{'+x' if o.exchange else ''}{back}"


def _parse_offer(code: str) -> StoredOffer | None:
    if code == "-":
        return None
    head, _, back = code.partition("!")
    cards, plus, _ = head.partition("+x")
    return StoredOffer(parse_counts(cards), bool(plus), parse_counts(back) if back else NO_CARDS)


def _decision_code(d: Accept | Decline | None) -> str:
    if d is None:
        return "-"
    if isinstance(d, Decline):
        return "decline"
    return f"accept:{_seq([str(p) for p in d.offers], ',')}:{counts_code(d.joker)}"


def _parse_decision(code: str) -> Accept | Decline | None:
    if code in ("-", "decline"):
        return None if code == "-" else Decline()
    kind, _, rest = code.partition(":")
    offers, _, joker = rest.partition(":")
    if kind != "accept":
        raise InvalidState(f"bad decision {code!r}")
    return Accept(_ints(offers), parse_counts(joker))


def position_text(state: BabelState) -> str:
    """The whole state on one line (see the module docstring)."""
    target = "-" if state.target is None else f"{state.target.wonder}.{state.target.slot}"
    fields = {
        "players": str(state.num_players),
        "cards": str(int(state.options.action_cards)),
        "two": str(int(state.options.two_colour_tiles)),
        "phase": state.phase.value, "active": str(state.active), "marker": str(state.marker),
        "double": str(int(state.double_turn)), "second": str(int(state.second_action)),
        "target": target, "revealed": str(int(state.revealed)),
        "wonders": "/".join(_wonder_code(w) for w in state.wonders),
        "hands": "/".join(_player_code(p) for p in state.players),
        "deck": "".join(_CARD_LETTER[c] for c in state.deck) or "-",
        "discard": counts_code(state.discard),
        "actiondeck": "".join(ACTION_LETTERS[a] for a in state.action_deck) or "-",
        "actiondiscard": "".join(ACTION_LETTERS[a] for a in state.action_discard) or "-",
        "offers": _seq([_offer_code(o) for o in state.offers], "/"),
        "decision": _decision_code(state.decision),
        "waiting": _seq([str(p) for p in state.bonus_waiting], ","),
        "bonus": _seq([str(p) for p in state.bonus_used], ","),
        "rng": state.rng,
    }
    return "babel " + " ".join(f"{k}={v}" for k, v in fields.items())


def parse_position(text: str) -> BabelState:
    """Read :func:`position_text` output (the caller then checks consistency)."""
    words = text.split()
    if not words or words[0] != "babel":
        raise InvalidState("a Babel position starts with 'babel'")
    fields = dict(w.partition("=")[::2] for w in words[1:])
    keys = ["players", "cards", "two", "phase", "active", "marker", "double", "second", "target",
            "revealed", "wonders", "hands", "deck", "discard", "actiondeck", "actiondiscard", "offers",
            "decision", "waiting", "bonus", "rng"]
    missing = [k for k in keys if k not in fields]
    if missing or len(fields) != len(keys):
        raise InvalidState(f"a Babel position needs exactly the fields {', '.join(keys)}")
    f = fields
    try:
        phase = Phase(f["phase"])
    except ValueError:
        raise InvalidState(f"unknown phase {f['phase']!r}") from None
    target = None if f["target"] == "-" else Target(*(_int(x) for x in f["target"].split(".", 1)))
    offers = tuple(_parse_offer(o) for o in _unseq(f["offers"], "/"))
    state = BabelState(
        Options(f["cards"] == "1", f["two"] == "1"),
        tuple(_parse_player(p) for p in f["hands"].split("/")),
        tuple(_parse_wonder(w) for w in f["wonders"].split("/")),
        _letters(f["deck"], _LETTER_CARD, "card"),  # type: ignore[arg-type]
        parse_counts(f["discard"]),
        _letters(f["actiondeck"], _LETTER_ACTION, "action card"),  # type: ignore[arg-type]
        _letters(f["actiondiscard"], _LETTER_ACTION, "action card"),  # type: ignore[arg-type]
        f["rng"], _int(f["active"]), phase, _int(f["marker"]), target, offers,
        f["revealed"] == "1", _parse_decision(f["decision"]), _ints(f["waiting"]),
        _ints(f["bonus"]), f["double"] == "1", f["second"] == "1")
    if _int(f["players"]) != state.num_players:
        raise InvalidState(f"players={f['players']} but {state.num_players} hands are given")
    if position_text(state) != " ".join(words):
        raise InvalidState("the position is not written in its canonical form")
    return state

