"""Saved games in the page's ``localStorage``: one key per game, the open game's autosave
before its last, and a pointer to the open game.

The app's Python runs in a worker, which can't reach the page's storage: the page sends what
it holds at the start (:class:`Store` keeps a copy) and performs every write the app asks for
(a ``write`` command), reading each back, and says how it went (an event). A write that fails
there (storage full or disabled, or text that reads back otherwise): the copy is set to what the
page really holds, and the app tells the player (:meth:`App.written`); nothing reports a success
that did not happen. The open game's previous autosave is kept (:data:`PREVIOUS`), so one bad
write can't lose the game. Reading never deletes anything and trusts no stored text: each
passes the save gate (:meth:`Session.salvage`). A damaged save is listed as damaged, with its
reason and, when its moves up to there replay, its last good position; only the player's
"Delete" removes it.

>>> from webui.page import Page
>>> page = Page()
>>> store = Store(page, {"pygame_rules.current": "x"})
>>> Saves(store).current_id()
'x'
>>> Saves(store).close_current(); page.flush()
[['write', [['pygame_rules.current', None]], 'close']]
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass

from pygame_rules.i18n import N_, _, language
from pygame_rules.session import SaveError, Session
from pygame_rules.steps import Steps

from .page import Page

PREFIX = "pygame_rules.save."
CURRENT = "pygame_rules.current"
#: Followed by a game's id: its autosave before the last (only the open game has one).
PREVIOUS = "pygame_rules.previous."

FULL = N_("Browser storage is full, so this game is not being saved. Export it, or delete old "
         "saved games; you can keep playing.")
NO_STORAGE = N_("This browser does not let the app store anything, so games are not saved. "
                "Export a game to keep it.")


@dataclass(frozen=True)
class Entry:
    """A saved game as the home screen lists it."""

    id: str
    title: str
    players: str
    moves: int
    #: When it was saved (ms since 1970; 0 if unknown).
    updated: int
    finished: bool
    #: Why the save can't be opened ("" if it can).
    problem: str = ""
    #: For a damaged save, the moves of the game :func:`recover` rebuilds (None: none).
    good_moves: int | None = None


class Store:
    """The page's ``localStorage`` as the page sent it (None: the browser refuses any), and
    every write asked of it since (``write`` commands, a list of (key, text or None to
    remove) done in order, with a ``tag`` that a failure report names)."""

    def __init__(self, page: Page, items: Mapping[str, str] | None) -> None:
        self.page = page
        self.available = items is not None
        self.items = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def keys(self, prefix: str) -> list[str]:
        return [key for key in self.items if key.startswith(prefix)]

    def write(self, changes: list[tuple[str, str | None]], tag: str) -> None:
        for key, text in changes:
            if text is None:
                self.items.pop(key, None)
            else:
                self.items[key] = text
        self.page.send("write", [list(change) for change in changes], tag)

    def failed(self, held: Mapping[str, str | None]) -> None:
        """A write failed on the page, which holds ``held`` under the keys it touched."""
        for key, text in held.items():
            if text is None:
                self.items.pop(key, None)
            else:
                self.items[key] = text


def write_failure(error: str, quota: bool) -> str:
    """What a failed write means for the player (``error``: the browser's name for it)."""
    if quota:
        return _(FULL)
    return _("This game can't be saved in this browser ({error}). Export it to keep it; you can keep playing.") \
        .format(error=error)


class Saves:
    """The saved games in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Entries already worked out, by save id: the stored text and the language they came
        #: from, and the entry.
        self._listed: dict[str, tuple[str, str, Entry]] = {}

    def save(self, session: Session, *, spare: bool = True) -> str | None:
        """Store ``session`` and mark it as the open game, keeping its autosave before this
        one (unless not ``spare``: the retry after a full storage, which must not cost the
        game its autosave); a message for the player if the browser can't store anything,
        else None (the page says how the write went, tagged ``save:<id>``)."""
        if not self.store.available:
            return _(NO_STORAGE)
        key, text = PREFIX + session.id, session.to_text()
        changes: list[tuple[str, str | None]] = [
            (other, None) for other in self.store.keys(PREVIOUS) if other != PREVIOUS + session.id]
        old = self.store.get(key)
        changes.append((PREVIOUS + session.id, old if spare else None))
        changes += [(key, text), (CURRENT, session.id)]
        self.store.write(changes, f"save:{session.id}")
        return None

    def load_text(self, save_id: str) -> str | None:
        """The stored text of ``save_id`` (unchecked), or None."""
        return self.store.get(PREFIX + save_id)

    def delete(self, save_id: str) -> str | None:
        """Remove the save ``save_id`` and its previous autosave; a message for the player
        if the browser stores nothing, else None (a failure comes back tagged ``delete``)."""
        if not self.store.available:
            return _(NO_STORAGE)
        self._listed.pop(save_id, None)
        changes: list[tuple[str, str | None]] = [(PREFIX + save_id, None), (PREVIOUS + save_id, None)]
        if self.current_id() == save_id:
            changes.append((CURRENT, None))
        self.store.write(changes, "delete")
        return None

    def current_id(self) -> str | None:
        """The id of the game open at the last visit, if any."""
        return self.store.get(CURRENT)

    def close_current(self) -> None:
        """No game is open any more (a pointer the browser fails to remove only reopens the
        game at the next start, so a failure here is not the player's business)."""
        if self.store.get(CURRENT) is not None:
            self.store.write([(CURRENT, None)], "close")

    def unavailable(self) -> str | None:
        """Why this browser stores no games at all, or None if it does."""
        return None if self.store.available else _(NO_STORAGE)

    def recover(self, save_id: str) -> Session | None:
        """The most of a damaged save that can be played on: its previous autosave if that
        loads and has at least as many moves, else the moves up to the first bad one; None
        if not even the setup reads. The game gets a new id, so storing it never replaces
        the damaged save (kept as it is, to export or delete)."""
        salvaged, _problem = Session.salvage(self.load_text(save_id))
        best = self._with_previous(save_id, salvaged)
        if best is not None:
            best.renew_id()
        return best

    def _with_previous(self, save_id: str, salvaged: Session | None) -> Session | None:
        """``salvaged``, or the previous autosave of ``save_id`` if it loads and goes further."""
        previous = self.store.get(PREVIOUS + save_id)
        if previous is None:
            return salvaged
        try:
            earlier = Session.from_text(previous)
        except SaveError:
            return salvaged
        return earlier if salvaged is None or len(earlier.moves) >= len(salvaged.moves) else salvaged

    def listing(self) -> Steps[list[Entry]]:
        """Every saved game, newest first; damaged ones with their problem. Each text is
        replayed once per visit and language (a listing remembers what it found for an
        unchanged text), a step per move (:mod:`pygame_rules.steps`): a long game takes a
        browser tens of milliseconds to replay, and a player can have many."""
        found = []
        for key in self.store.keys(PREFIX):
            save_id, text = key[len(PREFIX):], self.store.get(key)
            if text is None:
                continue
            known = self._listed.get(save_id)
            if known is None or known[:2] != (text, language()):
                entry = yield from self._checked_entry(save_id, text)
                known = self._listed[save_id] = (text, language(), entry)
            found.append(known[2])
        return sorted(found, key=lambda e: e.updated, reverse=True)

    def _checked_entry(self, save_id: str, text: str) -> Steps[Entry]:
        """The entry of a stored text; a fault of ours in reading it (the gate raises nothing
        but SaveError) lists the save as damaged instead of stopping the home screen."""
        try:
            return (yield from self._entry(save_id, text))
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
            print(f"pygame_rules: reading the saved game {save_id!r}: {problem}", file=sys.stderr)  # i18n: internal
            return Entry(save_id, _("Damaged save"), "", 0, 0, False,
                         problem=_("it can't be read ({error})").format(error=type(exc).__name__))

    def _entry(self, save_id: str, text: str) -> Steps[Entry]:
        session, problem = yield from Session.salvaging(text)
        if session is None:
            recovered = self._with_previous(save_id, None)
            return Entry(save_id, _("Damaged save"), "", 0, 0, False, problem=problem,
                         good_moves=None if recovered is None else len(recovered.moves))
        players = ", ".join(seat.name for seat in session.seats)
        if not problem:
            return Entry(save_id, session.game.title, players, len(session.moves), session.updated,
                         session.is_over)
        recovered = self._with_previous(save_id, session)
        return Entry(save_id, _("{game} (damaged)").format(game=session.game.title), players, 0, session.updated,
                     False, problem=problem, good_moves=None if recovered is None else len(recovered.moves))
