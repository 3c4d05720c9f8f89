"""Saved games in ``localStorage``: one key per game, the open game's autosave before
its last, and a pointer to the open game.

The browser's storage is fallible and what it holds is untrusted. Every write is
read back: a write that failed (storage full or disabled, or text that reads back
otherwise) returns a message for the player, and nothing reports a success that did
not happen. The open game's previous autosave is kept (:data:`PREVIOUS`), so one bad
write can't lose the game. Reading never deletes anything and trusts no stored text:
each passes the save gate (:meth:`Session.salvage`). A damaged save is listed as
damaged, with its reason and, when its moves up to there replay, its last good
position; only the player's "Delete" removes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyscript import window

from pygame_rules.i18n import N_, _, language
from pygame_rules.session import SaveError, Session
from pygame_rules.steps import Steps

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


#: Entries already worked out, by save id: the stored text and the language they came from, and the entry.
_listed: dict[str, tuple[str, str, Entry]] = {}


def _store() -> Any:
    """The browser's ``localStorage``, or None where the browser refuses it."""
    try:
        store = window.localStorage
    except Exception:  # SecurityError: storage disabled for this page
        return None
    return store or None  # JS null arrives as a falsy JsNull


def _text(value: Any) -> str | None:
    """A stored string, or None for JS null (which arrives as a JsNull object)."""
    return value if isinstance(value, str) else None


def _is_quota(exc: Exception) -> bool:
    name = str(getattr(getattr(exc, "js_error", None), "name", "") or type(exc).__name__)
    return "quota" in name.lower() or "quota" in str(exc).lower()


def _message(exc: Exception) -> str:
    """What a failed write means for the player."""
    if _is_quota(exc):
        return _(FULL)
    name = str(getattr(getattr(exc, "js_error", None), "name", "") or type(exc).__name__)
    return _("This game can't be saved in this browser ({error}). Export it to keep it; you can keep playing.") \
        .format(error=name)


def _write(store: Any, key: str, text: str) -> None:
    """Store ``text`` under ``key`` and read it back; OSError if it reads back otherwise
    (the browser's own errors, such as a full storage, pass through)."""
    store.setItem(key, text)
    if _text(store.getItem(key)) != text:
        raise OSError("the browser's storage gave back something else than was written")  # i18n: internal


def save(session: Session) -> str | None:
    """Store ``session`` and mark it as the open game, keeping its autosave before this
    one; None if all of that was done, else a message for the player."""
    store = _store()
    if store is None:
        return _(NO_STORAGE)
    key, text = PREFIX + session.id, session.to_text()
    try:
        _keep_previous(store, session.id, _text(store.getItem(key)))
        try:
            _write(store, key, text)
        except Exception as exc:
            if not _is_quota(exc):
                raise
            store.removeItem(PREVIOUS + session.id)  # the spare copy must not cost the game its autosave
            _write(store, key, text)
        _write(store, CURRENT, session.id)
    except Exception as exc:  # QuotaExceededError, SecurityError, a write that reads back wrong
        return _message(exc)
    return None


def _keep_previous(store: Any, save_id: str, old: str | None) -> None:
    """Keep ``old`` as the previous autosave of ``save_id`` and drop any other game's.
    A copy that can't be written is dropped too: a stale one must not pass for it."""
    for key in _keys(store, PREVIOUS):
        if key != PREVIOUS + save_id:
            store.removeItem(key)
    if old is None:
        return
    try:
        _write(store, PREVIOUS + save_id, old)
    except Exception:
        store.removeItem(PREVIOUS + save_id)


def _keys(store: Any, prefix: str) -> list[str]:
    keys = [store.key(i) for i in range(store.length)]
    return [key for key in keys if isinstance(key, str) and key.startswith(prefix)]


def load_text(save_id: str) -> str | None:
    """The stored text of ``save_id`` (unchecked), or None."""
    store = _store()
    return None if store is None else _text(store.getItem(PREFIX + save_id))


def delete(save_id: str) -> str | None:
    """Remove the save ``save_id`` and its previous autosave; None if they are gone,
    else a message for the player."""
    store = _store()
    if store is None:
        return _(NO_STORAGE)
    _listed.pop(save_id, None)
    try:
        for key in (PREFIX + save_id, PREVIOUS + save_id):
            store.removeItem(key)
            if _text(store.getItem(key)) is not None:
                raise OSError(_("the browser's storage kept it"))
        if current_id() == save_id:
            store.removeItem(CURRENT)
    except Exception as exc:
        return _("The saved game could not be deleted ({error}).").format(error=exc)
    return None


def current_id() -> str | None:
    """The id of the game open at the last visit, if any."""
    store = _store()
    return None if store is None else _text(store.getItem(CURRENT))


def close_current() -> None:
    """No game is open any more. A pointer the browser fails to remove only reopens the
    game at the next start, so a failure here is not the player's business."""
    store = _store()
    if store is not None:
        try:
            store.removeItem(CURRENT)
        except Exception as exc:
            window.console.warn(f"pygame_rules: could not clear the open game ({exc})")  # i18n: internal


def unavailable() -> str | None:
    """Why this browser stores no games at all, or None if it does."""
    return _(NO_STORAGE) if _store() is None else None


def recover(save_id: str) -> Session | None:
    """The most of a damaged save that can be played on: its previous autosave if that
    loads and has at least as many moves, else the moves up to the first bad one; None
    if not even the setup reads. The game gets a new id, so storing it never replaces
    the damaged save (kept as it is, to export or delete)."""
    salvaged, _ = Session.salvage(load_text(save_id))
    best = _with_previous(save_id, salvaged)
    if best is not None:
        best.renew_id()
    return best


def _with_previous(save_id: str, salvaged: Session | None) -> Session | None:
    """``salvaged``, or the previous autosave of ``save_id`` if it loads and goes further."""
    store = _store()
    previous = None if store is None else _text(store.getItem(PREVIOUS + save_id))
    if previous is None:
        return salvaged
    try:
        earlier = Session.from_text(previous)
    except SaveError:
        return salvaged
    return earlier if salvaged is None or len(earlier.moves) >= len(salvaged.moves) else salvaged


def listing() -> Steps[list[Entry]]:
    """Every saved game, newest first; damaged ones with their problem. Each text is
    replayed once per visit and language (listing remembers what it found for an unchanged
    text), a step per move (:mod:`pygame_rules.steps`): a long game takes a browser tens of
    milliseconds to replay, and a player can have many."""
    store = _store()
    if store is None:
        return []
    found = []
    for key in _keys(store, PREFIX):
        save_id, text = key[len(PREFIX):], _text(store.getItem(key))
        if text is None:
            continue
        known = _listed.get(save_id)
        if known is None or known[:2] != (text, language()):
            entry = yield from _checked_entry(save_id, text)
            known = _listed[save_id] = (text, language(), entry)
        found.append(known[2])
    return sorted(found, key=lambda e: e.updated, reverse=True)


def _checked_entry(save_id: str, text: str) -> Steps[Entry]:
    """The entry of a stored text; a fault of ours in reading it (the gate raises nothing
    but SaveError) lists the save as damaged instead of stopping the home screen."""
    try:
        return (yield from _entry(save_id, text))
    except Exception as exc:
        what = f"{type(exc).__name__}: {exc}"
        window.console.error(f"pygame_rules: reading the saved game {save_id!r}: {what}")  # i18n: internal
        return Entry(save_id, _("Damaged save"), "", 0, 0, False,
                     problem=_("it can't be read ({error})").format(error=type(exc).__name__))


def _entry(save_id: str, text: str) -> Steps[Entry]:
    session, problem = yield from Session.salvaging(text)
    if session is None:
        recovered = _with_previous(save_id, None)
        return Entry(save_id, _("Damaged save"), "", 0, 0, False, problem=problem,
                     good_moves=None if recovered is None else len(recovered.moves))
    players = ", ".join(seat.name for seat in session.seats)
    if not problem:
        return Entry(save_id, session.game.title, players, len(session.moves), session.updated,
                     session.game.is_over(session.state))
    recovered = _with_previous(save_id, session)
    return Entry(save_id, _("{game} (damaged)").format(game=session.game.title), players, 0, session.updated, False,
                 problem=problem, good_moves=None if recovered is None else len(recovered.moves))
