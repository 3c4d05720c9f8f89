"""Games as links: a game's record packed into a URL's fragment, and read back through the gate.

A link is the page's address with ``#game=`` and the record, as compact JSON compressed with
zlib and written in base64url (``-`` and ``_``, no padding). A fragment never goes to a server,
so the game stays between the people who pass the link on, and any static copy of the site (the
offline one too) opens it: the page reads its own fragment.

What a link holds depends on who may see what (:func:`record`):

* **the full record**, a save (:mod:`pygame_rules.session`'s format) that replays exactly, for a
  game without hidden information (Türme) and for any game that is over;
* **a seen record** (``pygame_rules.seen``) while a game with hidden information goes on: the
  game as one seat saw it, and nothing more (which seat is the app's choice: ``webui/share.py``).
  A record of actions can't be cut down to that: another player's action holds his hidden
  choice (the cards of a sealed offer), and the seed deals every hidden card. So a seen record
  holds no action and no seed, only what the seat read along the game: the position after each
  move as :meth:`Game.view` masks it for him, and each move's log entry as he read it, in every
  language of the app (the protocol makes the words from masked states, so they name nothing
  hidden). Such a link shows a replay; it can't be played on. A seen record is a function of
  the seat's views alone: twin games he can't tell apart give the same link
  (``tests/test_share.py``).

Reading a link (:func:`reading`) is the gate's work as for any save: the fragment's length is
bounded before anything is decoded (:data:`MAX_LINK`), the inflated text is bounded while it is
inflated (:data:`MAX_TEXT`: a small link can't unpack to gigabytes), the JSON is read within its
limits, and every field, seat and position is checked before use; a full record goes through
the save loader itself. Every problem raises :class:`ShareError` with a message for a person.

>>> from pygame_rules.session import Seat, Session
>>> from pygame_rules.steps import run
>>> game = Session.new("tuerme", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
>>> fragment = link_fragment(record(game, None))
>>> fragment.startswith("#game=")
True
>>> shared = run(reading(fragment))
>>> shared.session is not None, shared.names
(True, ('Ann', 'Bob'))
>>> run(reading("#game=AAAA"))
Traceback (most recent call last):
...
pygame_rules.share.ShareError: This link holds no game: it is damaged (perhaps cut short when it was copied).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from . import __version__
from .controller import Controller
from .errors import InvalidState
from .gate import MAX_INT, Fields, Limits, check_text, fail, read_json, shorten, structure
from .i18n import LANGUAGES, N_, _, using, with_lang
from .protocol import Game
from .registry import GAMES
from .session import MAX_MOVES, MAX_NAME, SAVE_FORMAT, SAVE_LIMITS, SaveError, Seat, Session, check_seats
from .steps import Steps, run

#: What starts a link's fragment; the record follows it.
PREFIX = "#game="
SEEN_FORMAT = "pygame_rules.seen"
SEEN_VERSION = 1
#: The longest fragment read at all (characters): over ten times the link of a long game's
#: seen record (a 231-move Babel game's is 15,000 characters; its full record 2,500).
MAX_LINK = 400_000
#: The longest text a link may inflate to (characters, and bytes of UTF-8 at most four times
#: that): a save's limit.
MAX_TEXT = SAVE_LIMITS.max_chars
#: A seen record is read within these limits: a position is about 500 values (a five-player Babel
#: game's view), a move's log entry a dozen, so it holds about 750 moves of the largest game.
SEEN_LIMITS = Limits(N_("the shared game"), MAX_TEXT, 16, 400_000)
#: The longest log entry a seen record may hold.
MAX_ENTRY = 1_000
_SEEN_FIELDS = ("format", "version", "app", "game", "rules", "seats", "seat", "views", "moves")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class ShareError(ValueError):
    """A link that holds no game this app can show; the message is meant for a person."""


@dataclass(frozen=True)
class Shared:
    """A game read from a link: its positions as ``viewer`` saw them (None: everybody's view,
    a full record) and its log. ``session`` is the full record (None for a seen record, which
    can't be played on)."""

    game: Game[Any, Any]
    seats: tuple[Seat, ...]
    viewer: int | None
    states: tuple[Any, ...]
    movers: tuple[int, ...]
    session: Session | None = None
    #: A seen record's log entries, each in every language of the app.
    entries: tuple[dict[str, str], ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def log_text(self, ply: int, lang: str) -> str:
        """The log's entry for move ``ply`` (1-based) in ``lang``, as :attr:`viewer` read it."""
        if self.session is not None:
            return with_lang(lang, self.session.log_text, ply, self.viewer)
        return self.entries[ply - 1][lang]

    def result(self) -> str:
        """How the game ended, in the active language ("" while it goes on)."""
        if self.session is not None:
            return Controller(self.session).score_table().result if self.session.is_over else ""
        return ""


# ------------------------------------------------------------------ making a link
def record(session: Session, seat: int | None) -> dict[str, Any]:
    """What a link of ``session`` shared by ``seat`` holds: the full record (the save) if
    nothing is hidden any more, else what ``seat`` saw (None: a spectator)."""
    return run(recording(session, seat))


def recording(session: Session, seat: int | None) -> Steps[dict[str, Any]]:
    """:func:`record` in steps, a step per position and move (a long game's seen record takes
    a browser a second or more). It records the game as it was when asked: a move made or taken
    back meanwhile changes nothing of it."""
    if session.is_over or not session.game.hidden_information:
        return session.to_json()
    game, names = session.game, [place.name for place in session.seats]
    states, moves = list(session.states), list(session.moves)
    views = []
    for state in states:
        views.append(game.state_to_json(game.view(state, seat)))
        yield
    entries = []
    for k, move in enumerate(moves, 1):
        texts = {}
        for lang in LANGUAGES:
            with using(lang):
                texts[lang] = game.move_text(states[k - 1], move.player, move.action, states[k], names, viewer=seat)
        entries.append({"player": move.player, "text": texts})
        yield
    return {"format": SEEN_FORMAT, "version": SEEN_VERSION, "app": __version__,
            "game": game.name, "rules": game.rules_version,
            "seats": [dataclasses.asdict(s) for s in session.seats], "seat": seat, "views": views, "moves": entries}


def link_fragment(data: dict[str, Any]) -> str:
    """The fragment (``#game=…``) of a link holding ``data``; ValueError (a message for a
    person) if the game is too long for a link to hold."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    limits = SAVE_LIMITS if data.get("format") == SAVE_FORMAT else SEEN_LIMITS
    fragment = PREFIX + base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    if len(text) > limits.max_chars or structure(text, limits.max_values)[1] > limits.max_values \
            or len(fragment) > MAX_LINK:
        raise ValueError(_("This game is too long for a link while it goes on; share it once it is over."))
    return fragment


# ------------------------------------------------------------------ reading a link
def reading(fragment: object) -> Steps[Shared]:
    """The game of a link's fragment (``#game=…``), checked as the gate checks a save, in
    steps (a position or a move at a time); ShareError says what is wrong."""
    text = unpack(fragment)
    data = read_json(text, SEEN_LIMITS, ShareError)
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        try:  # (read again within a save's own limits, by the save loader)
            session = yield from Session.reading(text)
        except SaveError as exc:
            fail(ShareError, _("This link holds no game that can be opened: {problem}").format(problem=exc))
        return Shared(session.game, session.seats, None, tuple(session.states),
                      tuple(m.player for m in session.moves), session=session)
    return (yield from _seen(data))


def unpack(fragment: object) -> str:
    """The JSON text a link's fragment holds, inflated within :data:`MAX_TEXT` (the length is
    checked before anything is decoded); ShareError if it is no such fragment."""
    text = check_text(fragment, Limits(N_("the link"), MAX_LINK + len(PREFIX)), ShareError)
    if not text.startswith(PREFIX):
        fail(ShareError, _("This link holds no game: it does not end in #game= and a game."))
    payload = text[len(PREFIX):]
    if not _BASE64URL.fullmatch(payload):
        fail(ShareError, _("This link holds no game: it has characters a game link never has."))
    damaged = _("This link holds no game: it is damaged (perhaps cut short when it was copied).")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, 4 * MAX_TEXT + 1)
    except (binascii.Error, zlib.error, ValueError):
        fail(ShareError, damaged)
    if len(raw) > 4 * MAX_TEXT or inflater.unconsumed_tail:
        fail(ShareError, _("This link holds no game: it unpacks to more than a game can be."))
    if not inflater.eof or inflater.unused_data:  # cut short, or something after the game
        fail(ShareError, damaged)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        fail(ShareError, damaged)


def _seen(data: object) -> Steps[Shared]:
    """A seen record, checked field by field and position by position."""
    if not isinstance(data, dict) or data.get("format") != SEEN_FORMAT:
        fail(ShareError, _("This link holds no game of this app."))
    seen = Fields(data, N_("the shared game"), ShareError, known=_SEEN_FIELDS)
    if seen.integer("version", 1, MAX_INT) > SEEN_VERSION:
        fail(ShareError, _("This link was made by a newer version of the app; update the app to open it."))
    seen.text("app", 40, default="")
    game_name = seen.text("game", 40)
    if game_name not in GAMES:
        fail(ShareError, _("This link holds a game this app does not have."))
    game = GAMES[game_name]
    if seen.integer("rules", 1, MAX_INT) > game.rules_version:
        fail(ShareError, _("This link's {game} game uses newer rules than this app knows.").format(game=game.title))
    raw_seats = seen.items("seats", game.max_players)
    seats = tuple(_seat(place, raw) for place, raw in enumerate(raw_seats, 1))
    if len(seats) < game.min_players:
        fail(ShareError, _("This link's game has too few seats."))
    check_seats(game, seats, ShareError)
    viewer = None if seen.get("seat") is None else seen.integer("seat", 0, len(seats) - 1)
    raw_views = seen.items("views", MAX_MOVES + 1)
    raw_moves = seen.items("moves", MAX_MOVES)
    if len(raw_views) != len(raw_moves) + 1:
        fail(ShareError, _("This link's game is inconsistent: it needs a position before and after each move."))
    states = []
    for number, raw in enumerate(raw_views):
        states.append(_position(game, raw, number, len(seats)))
        yield
    movers, entries = [], []
    for number, raw in enumerate(raw_moves, 1):
        move = Fields(raw, _("move {number} of the link").format(number=number), ShareError,
                      known=("player", "text"))
        movers.append(move.integer("player", 0, len(seats) - 1))
        text = Fields(move.object("text"), _("move {number} of the link").format(number=number), ShareError,
                      known=LANGUAGES)
        entries.append({lang: text.text(lang, MAX_ENTRY) for lang in LANGUAGES})
    return Shared(game, seats, viewer, tuple(states), tuple(movers), entries=tuple(entries))


def _position(game: Game[Any, Any], raw: object, number: int, players: int) -> Any:
    """Position ``number`` (after that many moves) of a seen record, checked by the game."""
    try:
        state = game.state_from_json(raw)
        if game.num_players(state) != players:
            raise InvalidState(_("it is for another number of players"))
    except InvalidState as exc:
        fail(ShareError, shorten(_("Position {number} of this link is invalid: {reason}").format(
            number=number, reason=exc)))
    return state


def _seat(place: int, raw: object) -> Seat:
    seat = Fields(raw, _("seat {number}").format(number=place), ShareError, known=("name", "colour", "kind"))
    return Seat(seat.text("name", MAX_NAME), seat.text("colour", 40), seat.text("kind", 20))

