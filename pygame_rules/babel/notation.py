"""Move notation and the one-line position notation of Der Turmbau zu Babel.

Moves (players are named by colour: red, yellow, green, blue, purple)::

    pass
    build Babel tile 1 (ship 5)
    offer (sealed)                       # what the log shows while offers are sealed
    offer 2 camel + 1 ship +X            # the clear text (X = the exchange card), for parsing
    accept yellow, green; add 2 ship     # accepted offers and the active player's own cards
    accept none; add 3 ship; joker 2 ship
    accept green; add 3 ship; green places own elements   # rule reading optional_replacing
    decline
    third bonus / no third bonus
    play draw three / play card exchange 2 camel + 1 ship / play double turn
    continue                             # no (more) action cards in the card window

That is the record (:meth:`~pygame_rules.protocol.Game.record_text`), the same in every
language: it reads back the clear text of an offer, after ``"<colour>: "`` naming the mover
when several players are to move. People read the same in words of the active language
(:func:`action_words`, :func:`outcome_words`), with the plural forms of the catalogs: the
offer that completes the offer step is logged with the reveal it causes,
``offer (sealed); reveal: yellow offers 1 ship + exchange card, green offers 2 ships, blue
offers nothing (1 crane back to the hand)``.

Positions are ``key=value`` fields separated by spaces; card counts are written
like ``2c1s`` (c camel, k crane, s ship, m stonemason; ``0`` for none), tiles
the same way (``5s``, ``3c2k``), action cards by letters (see ``ACTION_LETTERS``)
and lists by ``.``, ``,`` and ``/`` (``-`` for empty/none). For example
``babel players=4 cards=1 two=0 phase=choose active=0 ...``. The rule readings that differ
from their defaults follow ``two=`` as ``readings=late_double_turn:1,...`` (a position
without the field uses the defaults), and the quiet end (:mod:`pygame_rules.quiet`) follows
them as ``quiet=12/60``, the moves since the last build and the limit (a position without
the field has no quiet end, as before it existed). An action that is not even well-formed
(:func:`~.legal.shape_problem`, e.g. no wonder 52) is written with the reason, so
:func:`action_text` answers for every action of the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import TypeVar

from ..errors import InvalidState
from ..i18n import N_, _, ngettext
from ..protocol import clauses, name_list
from .actions import (
    Accept,
    BabelAction,
    Build,
    CardExchange,
    Continue,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    ThirdBonus,
)
from .data import (
    ACTION_CARD_COUNTS,
    ACTION_LETTERS,
    CARDS_PER_KIND,
    COLOURS,
    KIND_LETTERS,
    MAX_PLAYERS,
    NO_CARDS,
    WONDER_SHORT,
    Card,
    Counts,
    counts_text,
    counts_words,
    tile_set,
    tile_text,
    tile_words,
)
from .legal import brief, own_share, shape_problem
from .state import BabelState, Options, Phase, Player, Readings, StoredOffer, Target, Wonder

T = TypeVar("T")
L = TypeVar("L")

SEALED = "offer (sealed)"
#: Words of each kind of action, for an action that is not well-formed.
_ACTION_WORDS = {Pass: "pass", Build: "build", Offer: "offer", Accept: "accept",
                 Decline: "decline", ThirdBonus: "third bonus", DrawThree: "play draw three",
                 CardExchange: "play card exchange", DoubleTurn: "play double turn",
                 Continue: "continue"}


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
    problem = shape_problem(state, action)
    if problem:
        return _("{action} (not well-formed: {problem})").format(
            action=_ACTION_WORDS.get(type(action), "action"), problem=problem)
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
        return "third bonus" if action.use else "no third bonus"  # i18n: internal (move notation)
    if isinstance(action, DrawThree):
        return "play draw three"
    if isinstance(action, CardExchange):
        return f"play card exchange {counts_text(action.cards)}"  # i18n: internal (move notation)
    if isinstance(action, DoubleTurn):
        return "play double turn"
    if isinstance(action, Continue):
        return "continue"
    raise TypeError(f"not a Babel action: {brief(action)}")  # i18n: internal


def accept_text(state: BabelState, action: Accept, names: Sequence[str] = COLOURS) -> str:
    """``accept yellow, green; add 2 ship``: the accepted offers and the active player's own
    share (and, where the table allows it, that the exchange-card helper places his own
    elements: ``; green places own elements``)."""
    who = ", ".join(names[p] for p in action.offers) or "none"
    text = f"accept {who}; add {counts_text(own_share(state, action))}"
    if any(action.joker):
        text += f"; joker {counts_text(action.joker)}"
    if not action.replace:
        helpers = [p for p in action.offers if (offer := state.offers[p]) and offer.exchange] \
            if state.offers else []
        text += f"; {names[helpers[0]] if helpers else 'the helper'} places own elements"  # i18n: internal (notation)
    return text


def action_text(seen: BabelState, action: BabelAction, names: Sequence[str] | None = None, *,
                own: bool) -> str:
    """The action as its reader knows it (``seen``: the state masked for him; players called
    by ``names``, by default their colours): an offer stays sealed but to its maker (``own``)."""
    names = names or COLOURS
    if isinstance(action, Offer) and not own and not shape_problem(seen, action):
        return SEALED
    return full_text(seen, action, names)


def outcome_text(seen_before: BabelState, seen_after: BabelState, names: Sequence[str] | None = None) -> str:
    """What a move made public: the reveal of the offers, when it caused it
    (``reveal: yellow 1 ship +X, ...``), else ""."""
    if seen_after.revealed and not seen_before.revealed:
        return f"reveal: {reveal_text(seen_after, names or COLOURS)}"
    return ""


# ------------------------------------------------------------------ words
#: The wonders as the words name them (short, like :data:`~.data.WONDER_SHORT`), in the order of
#: :data:`~.data.WONDERS`.
WONDER_WORDS: tuple[str, ...] = (N_("Pyramids"), N_("Colossus"), N_("Zeus"), N_("Gardens"), N_("Mausoleum"),
                                 N_("Lighthouse"), N_("Artemis"), N_("Babel"))
#: Each kind of action in words, for an action that is not well-formed.
_ACTION_NAMES = {Pass: N_("pass"), Build: N_("build"), Offer: N_("offer"), Accept: N_("accept"),
                 Decline: N_("decline"), ThirdBonus: N_("third bonus"), DrawThree: N_("draw three"),
                 CardExchange: N_("card exchange"), DoubleTurn: N_("double turn"), Continue: N_("go on")}


def offer_words(offer: Offer | StoredOffer) -> str:
    """An offer's cards in the active language: ``2 ships + exchange card``, ``nothing``."""
    if not offer.exchange:
        return counts_words(offer.cards)
    if not any(offer.cards):
        return _("the exchange card")
    return _("{cards} + exchange card").format(cards=counts_words(offer.cards))


def _word_names(names: Sequence[str] | None) -> Sequence[str]:
    """The players' names for words: ``names``, else the colours in the active language."""
    return names or tuple(_(colour) for colour in COLOURS)


def action_words(seen: BabelState, action: BabelAction, names: Sequence[str] | None = None, *,
                 own: bool) -> str:
    """:func:`action_text` in words of the active language, for people (``seen``, ``names``
    and ``own`` as there): ``build Pyramids tile 3 (camel 4)``, ``offer 2 ships``."""
    named = _word_names(names)
    problem = shape_problem(seen, action)
    if problem:
        return _("{action} (not well-formed: {problem})").format(
            action=_(_ACTION_NAMES.get(type(action), N_("action"))), problem=problem)
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Build):
        tile = seen.wonders[action.wonder].slots[action.slot]
        wonder, n = _(WONDER_WORDS[action.wonder]), action.slot + 1
        if tile:
            return _("build {wonder} tile {n} ({tile})").format(wonder=wonder, n=n, tile=tile_words(tile))
        return _("build {wonder} tile {n}").format(wonder=wonder, n=n)
    if isinstance(action, Offer):
        return _("offer {cards}").format(cards=offer_words(action)) if own else _("offer (sealed)")
    if isinstance(action, Accept):
        return accept_words(seen, action, named)
    if isinstance(action, Decline):
        return _("decline")
    if isinstance(action, ThirdBonus):
        return _("play “third bonus”") if action.use else _("no third bonus")
    if isinstance(action, DrawThree):
        return _("play “draw three”")
    if isinstance(action, CardExchange):
        return _("play “card exchange”: {cards}").format(cards=counts_words(action.cards))
    if isinstance(action, DoubleTurn):
        return _("play “double turn”")
    if isinstance(action, Continue):
        return _("go on")
    raise TypeError(f"not a Babel action: {brief(action)}")  # i18n: internal


def accept_words(state: BabelState, action: Accept, names: Sequence[str]) -> str:
    """:func:`accept_text` in words of the active language: ``accept yellow and green; add 2 ships``."""
    players = name_list([names[p] for p in action.offers])
    parts = [_("accept {players}").format(players=players) if players else _("accept no offer"),
             _("add {cards}").format(cards=counts_words(own_share(state, action)))]
    if any(action.joker):
        parts.append(_("joker for {cards}").format(cards=counts_words(action.joker)))
    if not action.replace:
        helpers = [p for p in action.offers if (offer := state.offers[p]) and offer.exchange] \
            if state.offers else []
        parts.append(_("{player} places his own elements").format(player=names[helpers[0]]) if helpers
                     else _("the helper places his own elements"))
    return clauses(parts)


def outcome_words(seen_before: BabelState, seen_after: BabelState, names: Sequence[str] | None = None) -> str:
    """:func:`outcome_text` in words of the active language: ``reveal: yellow offers 1 ship, …``."""
    if not seen_after.revealed or seen_before.revealed:
        return ""
    named, offers = _word_names(names), []
    for p, offer in enumerate(seen_after.offers):
        if offer is None:
            continue
        text = _("{player} offers {offer}").format(player=named[p], offer=offer_words(offer))
        if any(offer.returned):
            text = _("{offer} ({cards} back to the hand)").format(offer=text, cards=counts_words(offer.returned))
        offers.append(text)
    return _("reveal: {offers}").format(offers=", ".join(offers))


# ------------------------------------------------------------------ positions
#: The longest position text read (a real one has well under 1,000 characters).
MAX_POSITION = 4000
#: The most digits a number in a position may have.
MAX_DIGITS = 5
#: The fields of a position, in order; those of :data:`OPTIONAL` may be left out.
FIELDS = ("players", "cards", "two", "readings", "quiet", "phase", "active", "marker", "double", "second",
          "target", "revealed", "wonders", "hands", "deck", "discard", "actiondeck",
          "actiondiscard", "offers", "decision", "waiting", "bonus", "rng")
OPTIONAL = ("readings", "quiet")
#: The longest lists a position may hold: building cards, action cards, tiles of a player.
_MOST_CARDS = 4 * CARDS_PER_KIND
_MOST_ACTION_CARDS = sum(ACTION_CARD_COUNTS.values())
_MOST_TILES = len(tile_set(False))
#: The rule readings among the options.
READINGS = tuple(f.name for f in fields(Readings))
_DEFAULTS = Options()


def counts_code(counts: Counts) -> str:
    """``(2, 0, 1, 0)`` → ``2c1s``; no cards → ``0``."""
    return "".join(f"{n}{KIND_LETTERS[k]}" for k, n in enumerate(counts) if n) or "0"


def parse_counts(code: str) -> Counts:
    """``2c1s`` → ``(2, 0, 1, 0)``; ``0`` → no cards."""
    if code == "0":
        return NO_CARDS
    number = rf"[0-9]{{1,{MAX_DIGITS}}}"
    if not re.fullmatch(rf"({number}[ckms])+", code):
        raise InvalidState(_("bad card counts {value} (write e.g. 2c1s, or 0)").format(value=brief(code)))
    out = [0, 0, 0, 0]
    for n, letter in re.findall(rf"({number})([ckms])", code):
        out[KIND_LETTERS.index(letter)] += int(n)
    return tuple(out)  # type: ignore[return-value]


_CARD_LETTER = {Card.CAMEL: "c", Card.CRANE: "k", Card.SHIP: "s", Card.STONEMASON: "m",
                Card.HIDDEN: "?"}
_LETTER_CARD = {v: k for k, v in _CARD_LETTER.items()}
_LETTER_ACTION = {v: k for k, v in ACTION_LETTERS.items()}


def _seq(items: list[str], sep: str) -> str:
    return sep.join(items) or "-"


def _unseq(code: str, sep: str, most: int) -> list[str]:
    """The items of a list field (``-``: none), refused if more than ``most``."""
    items = [] if code == "-" else code.split(sep, most)
    if len(items) > most:
        raise InvalidState(ngettext("at most {n} item", "at most {n} items", most).format(n=most))
    return items


def _ints(code: str, most: int) -> tuple[int, ...]:
    return tuple(_int(x) for x in _unseq(code, ",", most))


def _int(code: str) -> int:
    if not re.fullmatch(rf"[0-9]{{1,{MAX_DIGITS}}}", code):
        raise InvalidState(_("expected a number of at most {n} digits, got {value}").format(
            n=MAX_DIGITS, value=brief(code)))
    return int(code)


def _flag(code: str) -> bool:
    if code not in ("0", "1"):
        raise InvalidState(_("expected 0 or 1, got {value}").format(value=brief(code)))
    return code == "1"


#: The messages of a list of building cards and of a list of action cards (too long, unknown letter).
_CARD_LETTERS = (N_("at most {most} cards, not {n}"), N_("unknown card letter {letter}"))
_ACTION_LETTERS = (N_("at most {most} action cards, not {n}"), N_("unknown action card letter {letter}"))


def _letters(code: str, table: Mapping[str, L], what: tuple[str, str], most: int) -> tuple[L, ...]:
    """The items of a list written one letter each; ``what``: :data:`_CARD_LETTERS` or
    :data:`_ACTION_LETTERS`."""
    if code == "-":
        return ()
    too_long, unknown = what
    if len(code) > most:
        raise InvalidState(_(too_long).format(most=most, n=len(code)))
    try:
        return tuple(table[c] for c in code)
    except KeyError as exc:
        raise InvalidState(_(unknown).format(letter=brief(exc.args[0]))) from None


def _wonder_code(w: Wonder) -> str:
    slots = ".".join("-" if t is None else counts_code(t) for t in w.slots)
    row = "" if w.scored_row is None else f"@{w.scored_row}"
    return f"{slots}:{_seq([str(e) for e in w.elements], ',')}{row}"


def _parse_wonder(code: str) -> Wonder:
    slots, _sep, rest = code.partition(":")
    elements, _at, row = rest.partition("@")
    return Wonder(tuple(None if s == "-" else parse_counts(s) for s in _unseq(slots, ".", 3)),
                  _ints(elements, MAX_PLAYERS), _int(row) if row else None)


def _player_code(pl: Player) -> str:
    actions = "".join(ACTION_LETTERS[a] for a in pl.actions)
    tiles = _seq([counts_code(t) for t in pl.tiles], ".")
    known = f":{counts_code(pl.shown)}" if any(pl.shown) else ""
    return (f"{counts_code(pl.hand)}:{pl.hidden}:{'x' if pl.exchange else '-'}:{actions or '-'}:"
            f"{tiles}:{pl.wonder_vp}:{pl.offer_vp}{known}")


def _parse_player(code: str) -> Player:
    parts = code.split(":", 8)
    if len(parts) not in (7, 8):
        raise InvalidState(_("a player needs 7 or 8 ':'-separated parts, not {value}").format(value=brief(code)))
    hand, hidden, x, actions, tiles, wvp, ovp = parts[:7]
    if x not in ("x", "-"):
        raise InvalidState(_("the exchange card is x (in hand) or - (not), not {value}").format(value=brief(x)))
    return Player(parse_counts(hand), x == "x", _int(hidden),
                  _letters(actions, _LETTER_ACTION, _ACTION_LETTERS, _MOST_ACTION_CARDS),
                  tuple(parse_counts(t) for t in _unseq(tiles, ".", _MOST_TILES)), _int(wvp), _int(ovp),
                  parse_counts(parts[7]) if len(parts) == 8 else NO_CARDS)


def _offer_code(o: StoredOffer | None) -> str:
    if o is None:
        return "-"
    back = f"!{counts_code(o.returned)}" if any(o.returned) else ""
    return f"{counts_code(o.cards)}{'+x' if o.exchange else ''}{back}"


def _parse_offer(code: str) -> StoredOffer | None:
    if code == "-":
        return None
    head, _bang, back = code.partition("!")
    cards, plus, _rest = head.partition("+x")
    return StoredOffer(parse_counts(cards), bool(plus), parse_counts(back) if back else NO_CARDS)


def decision_code(d: Accept | Decline | None) -> str:
    """The decision as a position writes it: ``-`` (none), ``decline``, ``accept:1,2:2s`` (the
    accepted players, the jokers' cards; ``:own`` if the helper places his own elements)."""
    if d is None:
        return "-"
    if isinstance(d, Decline):
        return "decline"
    own = "" if d.replace else ":own"
    return f"accept:{_seq([str(p) for p in d.offers], ',')}:{counts_code(d.joker)}{own}"


def parse_decision(code: str) -> Accept | Decline | None:
    """The decision :func:`decision_code` wrote."""
    if code in ("-", "decline"):
        return None if code == "-" else Decline()
    parts = code.split(":", 4)
    if parts[0] != "accept" or len(parts) not in (3, 4) or parts[3:] not in ([], ["own"]):
        raise InvalidState(_("bad decision {value} (write e.g. accept:1,2:0)").format(value=brief(code)))
    return Accept(_ints(parts[1], MAX_PLAYERS), parse_counts(parts[2]), len(parts) == 3)


def _target_code(target: Target | None) -> str:
    return "-" if target is None else f"{target.wonder}.{target.slot}"


def _parse_target(code: str) -> Target | None:
    if code == "-":
        return None
    found = re.fullmatch(r"([0-9])\.([0-9])", code)
    if not found:
        raise InvalidState(_("write the tile being built as wonder.space, e.g. 7.0, not {value}").format(
            value=brief(code)))
    return Target(int(found[1]), int(found[2]))


def _readings_code(options: Options) -> str:
    """The rule readings that differ from their defaults (empty if none)."""
    return ",".join(f"{name}:{int(getattr(options, name))}" for name in READINGS
                    if getattr(options, name) != getattr(_DEFAULTS, name))


def _parse_readings(code: str) -> dict[str, bool]:
    readings = {}
    for item in _unseq(code, ",", len(READINGS)):
        name, _colon, value = item.partition(":")
        if name not in READINGS:
            raise InvalidState(_("unknown rule reading {value}").format(value=brief(name)))
        readings[name] = _flag(value)
    return readings


def position_text(state: BabelState) -> str:
    """The whole state on one line (see the module docstring)."""
    waiting = state.window_waiting if state.phase is Phase.WINDOW else state.bonus_waiting
    fields = {
        "players": str(state.num_players),
        "cards": str(int(state.options.action_cards)),
        "two": str(int(state.options.two_colour_tiles)),
        "readings": _readings_code(state.options),
        "quiet": f"{state.quiet}/{state.quiet_end}" if state.quiet or state.quiet_end else "",
        "phase": state.phase.value, "active": str(state.active), "marker": str(state.marker),
        "double": str(int(state.double_turn)), "second": str(int(state.second_action)),
        "target": _target_code(state.target), "revealed": str(int(state.revealed)),
        "wonders": "/".join(_wonder_code(w) for w in state.wonders),
        "hands": "/".join(_player_code(p) for p in state.players),
        "deck": "".join(_CARD_LETTER[c] for c in state.deck) or "-",
        "discard": counts_code(state.discard),
        "actiondeck": "".join(ACTION_LETTERS[a] for a in state.action_deck) or "-",
        "actiondiscard": "".join(ACTION_LETTERS[a] for a in state.action_discard) or "-",
        "offers": _seq([_offer_code(o) for o in state.offers], "/"),
        "decision": decision_code(state.decision),
        "waiting": _seq([str(p) for p in waiting], ","),
        "bonus": _seq([str(p) for p in state.bonus_used], ","),
        "rng": state.rng,
    }
    return "babel " + " ".join(f"{k}={v}" for k, v in fields.items() if v)


def _names(keys: list[str]) -> str:
    """At most three of ``keys`` (those not of :data:`FIELDS` quoted), and how many more."""
    shown = ", ".join(k if k in FIELDS else brief(k) for k in keys[:3])
    more = len(keys) - 3
    if more <= 0:
        return shown
    return ngettext("{names} and {n} more", "{names} and {n} more", more).format(names=shown, n=more)


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` fields of a position, each known and given once."""
    if not isinstance(text, str):
        raise InvalidState(_("a Babel position is a line of text"))
    if len(text) > MAX_POSITION:
        raise InvalidState(_("a Babel position has at most {most} characters, not {n}").format(
            most=MAX_POSITION, n=len(text)))
    words = text.split()
    if not words or words[0] != "babel":
        raise InvalidState(_("a Babel position starts with 'babel'"))
    found: dict[str, str] = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise InvalidState(_("{word} is not a field (write key=value)").format(word=brief(word)))
        if key in found:
            raise InvalidState(_("the field {key} is given twice").format(key=brief(key)))
        found[key] = value
    unknown = [k for k in found if k not in FIELDS]
    missing = [k for k in FIELDS if k not in found and k not in OPTIONAL]
    if missing and unknown:
        raise InvalidState(_("the Babel position lacks the field(s) {missing} and has unknown field(s) "
                             "{unknown}").format(missing=_names(missing), unknown=_names(unknown)))
    if missing:
        raise InvalidState(_("the Babel position lacks the field(s) {missing}").format(missing=_names(missing)))
    if unknown:
        raise InvalidState(_("the Babel position has unknown field(s) {unknown}").format(unknown=_names(unknown)))
    return found


def parse_position(text: str) -> BabelState:
    """Read :func:`position_text` output (the caller then checks consistency); errors name
    the field."""
    f = _fields(text)

    def read(name: str, parse: Callable[[str], T]) -> T:
        try:
            return parse(f[name]) if name in f else parse("")
        except InvalidState as exc:
            raise InvalidState(_("{field}: {problem}").format(field=name, problem=exc)) from None

    players = read("players", _int)
    hands = read("hands", lambda c: tuple(_parse_player(p) for p in _unseq(c, "/", MAX_PLAYERS)))
    if players != len(hands):
        raise InvalidState(ngettext("players={players} but {n} hand is given",
                                    "players={players} but {n} hands are given", len(hands)).format(
            players=players, n=len(hands)))
    phase = read("phase", _phase)
    waiting = read("waiting", lambda c: _ints(c, MAX_PLAYERS))
    options = Options(action_cards=read("cards", _flag), two_colour_tiles=read("two", _flag),
                      **read("readings", lambda c: _parse_readings(c) if c else {}))
    state = BabelState(
        options=options, players=hands,
        wonders=read("wonders", lambda c: tuple(_parse_wonder(w) for w in _unseq(c, "/", len(WONDER_SHORT)))),
        deck=read("deck", lambda c: _letters(c, _LETTER_CARD, _CARD_LETTERS, _MOST_CARDS)),
        discard=read("discard", parse_counts),
        action_deck=read("actiondeck", lambda c: _letters(c, _LETTER_ACTION, _ACTION_LETTERS, _MOST_ACTION_CARDS)),
        action_discard=read("actiondiscard",
                            lambda c: _letters(c, _LETTER_ACTION, _ACTION_LETTERS, _MOST_ACTION_CARDS)),
        rng=f["rng"], active=read("active", _int), phase=phase, marker=read("marker", _int),
        target=read("target", _parse_target),
        offers=read("offers", lambda c: tuple(_parse_offer(o) for o in _unseq(c, "/", MAX_PLAYERS))),
        revealed=read("revealed", _flag), decision=read("decision", parse_decision),
        bonus_waiting=() if phase is Phase.WINDOW else waiting,
        bonus_used=read("bonus", lambda c: _ints(c, MAX_PLAYERS)),
        window_waiting=waiting if phase is Phase.WINDOW else (),
        double_turn=read("double", _flag), second_action=read("second", _flag),
        **read("quiet", _parse_quiet))
    if position_text(state) != " ".join(text.split()):
        raise InvalidState(_("the position is not written in its canonical form"))
    return state


def _parse_quiet(code: str) -> dict[str, int]:
    """``12/60``: the moves since the last build and the quiet end's limit (none: ``0/0``)."""
    if not code:
        return {"quiet": 0, "quiet_end": 0}
    parts = code.split("/")
    if len(parts) != 2:
        raise InvalidState(_("expected a move count and a limit such as 12/60, got {value}").format(
            value=brief(code)))
    return {"quiet": _int(parts[0]), "quiet_end": _int(parts[1])}


def _phase(code: str) -> Phase:
    try:
        return Phase(code)
    except ValueError:
        raise InvalidState(_("unknown phase {value}").format(value=brief(code))) from None
