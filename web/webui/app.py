"""The application: home (games, saved games, import), new-game setup, settings, navigation.

Pure Python without a page: it draws through a :class:`~webui.page.Page` (commands for the
page) and is told what happens there through events, so it runs in the worker and, for the
tests, in CPython. The game screen itself is :class:`~webui.play.GameScreen`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame_rules
from pygame_rules import i18n, quiet
from pygame_rules.controller import Controller
from pygame_rules.i18n import N_, _, ngettext
from pygame_rules.protocol import Game, Option
from pygame_rules.rng import random_seed
from pygame_rules.session import (
    BOT_TIME_MAX,
    BOT_TIME_MIN,
    SAVE_LIMITS,
    SaveError,
    Seat,
    Session,
    bot_time_range,
    is_bot_time,
)
from pygame_rules.share import PREFIX, Shared, ShareError
from pygame_rules.share import reading as reading_link
from pygame_rules.steps import Steps

from . import settings, working
from .ending import share_button
from .markup import h, swatch
from .page import Event, Page
from .play import GameScreen
from .settings import PACE_LABELS, PACES, Settings, Setup
from .share import ReplayScreen, share_dialog
from .storage import Entry, Saves, Store, write_failure

PLAYER_KINDS = (("human", N_("a person")), ("easy", N_("computer: easy")), ("medium", N_("computer: medium")),
                ("hard", N_("computer: hard")))

BLURBS = {
    "babel": N_("Offer cards in secret, build the Seven Wonders together, win the majorities."),
    "saba": N_("Take goods from the harbour, build the queen's palace, hold the balconies."),
    "tuerme": N_("Move stones like rooks, stack towers, claim the building plots."),
}
#: The largest file an import reads at all (bytes): a save's text is at most ``SAVE_LIMITS``
#: characters, of up to four bytes each.
MAX_FILE = 4 * SAVE_LIMITS.max_chars


def localised(page: str, lang: str) -> str:
    """The name of a static page of the site in ``lang`` (``learn.html``, ``learn.nl.html``;
    the pages are built in each language, English under the plain name)."""
    return page if lang == "en" else f"{page.removesuffix('.html')}.{lang}.html"


class App:
    """Owns the page's ``#app`` element and switches between screens."""

    def __init__(self, page: Page, storage: Mapping[str, str] | None, *, lang: str = "en",
                 board_width: float = 0.0, reduced_motion: bool = False, link: str = "", base: str = "") -> None:
        """The app on ``page``, whose ``localStorage`` holds ``storage`` (None: the browser
        refuses any); ``lang``: the language the page chose; ``board_width``: the width (CSS
        pixels) the board's element has; ``reduced_motion``: whether the system asks for it;
        ``link``: the page's fragment (a shared game's ``#game=…`` opens it); ``base``: the
        page's address without it (what a shared link starts with)."""
        self.page = page
        self.link, self.base = link, base
        page.on_error = self._fault
        self.store = Store(page, storage)
        self.saves = Saves(self.store)
        self.board_width = board_width
        self.reduced_motion = reduced_motion
        i18n.use(i18n.negotiate([lang]))
        self.screen: GameScreen | None = None
        #: The replay of a link on show, if any (:mod:`.share`).
        self.replay: ReplayScreen | None = None
        #: Whether the last autosave failed (a notice says so until a later one works).
        self.save_failed = False
        #: The autosaves the page has not said are stored yet, by save id: whether the game was
        #: just opened, and a toast for when it is stored.
        self._writing: dict[str, tuple[bool, str]] = {}
        #: Draws the screen now shown again, in the language now chosen (keeping its game or form).
        self.redraw: Callable[[], None] = self.show_home
        #: The replay going on in slices for the screen on show (the saved games' listing, or the
        #: game being opened); any other screen drops it (:meth:`show`).
        self._pending: Steps[Any] | None = None
        self._is_ready = False
        #: Whether a long game is being opened in slices (the page is ready once it is on show).
        self._opening = False
        #: The setup form's fields as last sent by the page (its draft survives a redraw).
        self.draft: dict[str, str] = {}
        #: Whether the notice that a game was exported is on show (it goes with its screen).
        self._export_notice = False

    @property
    def settings(self) -> Settings:
        return settings.load(self.store, self.reduced_motion)

    def start(self, screen: str = "home") -> None:
        """Draw the first screen: the position editor if the page is ``editor.html`` (``screen``),
        else the game open at the last visit, else home. Nothing a stored save holds can keep
        this from ending on a working screen."""
        settings.apply(self.page, self.settings)
        self._link_pages()
        try:
            save_id = self.saves.current_id()
            if screen == "editor":
                self.show_editor()
            elif self.link.startswith(PREFIX):
                self.open_link(self.link)
            elif not (save_id and self.resume(save_id)):
                self.show_home()
        except Exception as exc:  # a fault of ours, not of the save: still show the app
            self._failed(exc)
        problem = self.saves.unavailable()
        if problem:
            self.page.notice("storage", problem, dismiss=_("Dismiss"))
        if not self._opening:  # else once the open game is on show (_open_later); a long listing
            self._ready()  # of the saved games goes on in slices on a screen that works already

    def _ready(self) -> None:
        """The first screen a person asked for is on show (the open game, not the word that it
        is coming): the page's ready flag, set once."""
        if not self._is_ready:
            self._is_ready = True
            self.page.send("ready")

    def _fault(self, exc: Exception) -> None:
        """A handler failed: tell the reader (the console gets the details from the worker)."""
        print(f"pygame_rules: {type(exc).__name__}: {exc}")  # i18n: internal
        self.page.toast(_("Something went wrong: {error}").format(error=exc), error=True)

    def change_language(self, lang: str) -> None:
        """The reader chose another language: show the same screen in it (a game goes on
        where it was, a half-filled form keeps what was filled in)."""
        i18n.use(i18n.negotiate([lang]))
        self._link_pages()
        self.redraw()

    def _link_pages(self) -> None:
        """Point the top bar's links at the site's pages in the language now shown."""
        self.page.send("links", i18n.language())

    def _heading(self, text: str | None) -> None:
        """The screen's level-one heading, for screens that show none of their own (the
        game screen, where the board speaks for itself): read out, not shown."""
        self.page.send("heading", text)

    def show(self, *children: Any) -> None:
        if self.screen is not None:
            self.screen.leave()
        self.screen, self.replay = None, None
        self._pending = None
        if self._export_notice:
            self._export_notice = False
            self.page.dismiss("export")
        self._heading(None)
        self.page.replace("app", *children)
        self.page.send("scroll-top")

    def on_key(self, key: str, place: str, mods: bool) -> None:
        """A key pressed anywhere on the page (``place``: "board", "field" for a form field or
        dialog, else ""): the game screen's replay keys, or a link's replay's."""
        if self.screen is not None:
            self.screen.on_key(key, place, mods)
        elif self.replay is not None:
            self.replay.on_key(key, place, mods)

    def on_pointer(self) -> None:
        if self.screen is not None:
            self.screen.on_pointer()

    def resized(self, width: float) -> None:
        """The board's element is now ``width`` CSS pixels wide: the board is drawn again if
        that changes how (upright on a phone), not for every change of the window's width."""
        if abs(width - self.board_width) >= 1:
            before, self.board_width = self.board_width, width
            if self.screen is not None and self.screen.drawn_otherwise(before, width):
                self.screen.render()

    # ------------------------------------------------------------------ home
    def show_home(self, message: str = "") -> None:
        self.saves.close_current()
        self.redraw = lambda: self.show_home(message)
        games = sorted(pygame_rules.GAMES.values(), key=lambda g: g.title)
        cards = [
            h("li", h("article",
                      h("h2", game.title),
                      h("p", _(BLURBS[game.name]) if game.name in BLURBS else "", " ",
                        _("{low}–{high} players.").format(low=game.min_players, high=game.max_players)),
                      h("div",
                        h("button", _("New game"), on_click=lambda e, g=game: self.show_setup(g),
                          aria_label=_("New game of {game}").format(game=game.title)),
                        h("a", _("Learn to play"), class_="button secondary learn-link",
                          href=f"./{localised('learn.html', i18n.language())}#{game.name}",
                          aria_label=_("Learn to play {game}").format(game=game.title)),
                        class_="row"),
                      class_="game-card", data_game=game.name))
            for game in games
        ]
        listing = self.saves.listing()
        done, entries = working.first(listing)
        self.show(
            h("div",
              h("p", message, class_="error", role="alert", id="home-message") if message else None,
              h("section", h("h1", _("Choose a game")),
                h("ul", cards, class_="game-list") if cards else h("p", _("No games are installed.")),
                h("p", h("a", _("Set up a position in the editor"), href="./editor.html", id="editor-link")),
                id="home", class_="panel"),
              h("section", self._saved_games(entries), id="saved", class_="panel"),
              class_="stack"))
        if not done:  # many or long saved games: the rest of the listing in slices
            self._pending = listing
            self.page.spawn(self._list_later(listing))

    def show_editor(self) -> None:
        """The position editor (:mod:`.editor`), the screen of ``editor.html``."""
        from .editor import EditorScreen  # (it imports this module's option fields)

        EditorScreen(self).render()

    async def _list_later(self, listing: Steps[list[Entry]]) -> None:
        entries = await working.finish(listing)
        if self._pending is listing:  # the home screen that asked is still on show
            self._pending = None
            self.page.replace("saved", self._saved_games(entries))

    def _saved_games(self, entries: list[Entry] | None) -> list[Any]:
        """The saved games' section: its list (None: still being read) and the import."""
        rows = [self._saved_game(entry) for entry in entries or ()]
        return [h("h2", _("Saved games")),
                h("ul", rows, class_="stack saved-list") if rows
                else h("p", _("Reading the saved games…"), class_="muted", role="status", id="saved-reading")
                if entries is None else h("p", _("No saved games yet."), class_="muted"),
                h("label", _("Import a game file (.json): "),
                  h("input", type="file", accept=".json,application/json", id="import-file",
                    on_change=self.import_file))]

    def _saved_game(self, entry: Entry) -> Any:
        """A row of the saved games: open it, or for a damaged one what can be done with it."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated / 1000)) if entry.updated else ""
        delete = h("button", _("Delete"), class_="danger", on_click=lambda e: self.delete_save(entry.id),
                   aria_label=_("Delete {game} {players}").format(game=entry.title, players=entry.players))
        if entry.problem:
            recover = None if entry.good_moves is None else h(
                "button", ngettext("Open the last good position (after {n} move)",
                                   "Open the last good position (after {n} moves)", entry.good_moves)
                .format(n=entry.good_moves),
                class_="secondary", on_click=lambda e: self.recover(entry.id))
            return h("li", h("span", h("strong", entry.title), f" · {entry.players}" if entry.players else ""),
                     h("p", _("Can't be opened: {problem}").format(problem=entry.problem), class_="error"),
                     h("div", recover,
                       h("button", _("Export as it is"), class_="secondary",
                         on_click=lambda e: self.export_raw(entry.id)),
                       delete, class_="row"),
                     class_="saved-game damaged", data_save=entry.id)
        state = _("finished") if entry.finished else \
            ngettext("{n} move", "{n} moves", entry.moves).format(n=entry.moves)
        return h("li", h("span", h("strong", entry.title), f" · {entry.players} · {state} · {when}"), " ",
                 h("button", _("Resume") if not entry.finished else _("View"),
                   on_click=lambda e: self.resume(entry.id),
                   aria_label=_("Resume {game} with {players}").format(game=entry.title, players=entry.players)),
                 share_button(lambda e: self.share_saved(entry.id),
                              _("Share {game} with {players}").format(game=entry.title, players=entry.players)),
                 delete, class_="row saved-game", data_save=entry.id)

    def delete_save(self, save_id: str) -> None:
        def delete(event: Event) -> None:
            problem = self.saves.delete(save_id)
            self.show_home(problem or "")

        self.page.confirm(_("Delete this saved game? This cannot be undone."), delete)

    def export_raw(self, save_id: str) -> None:
        """Download a stored save exactly as it is (to report it, or repair it by hand)."""
        text = self.saves.load_text(save_id)
        if text is None:
            self.page.toast(_("That saved game is gone."), error=True)
            return
        name = f"damaged-{re.sub(r'[^A-Za-z0-9._-]', '_', save_id)[:80]}.json"
        self.page.send("download", name, text)
        self.exported(name)

    def exported(self, name: str) -> None:
        """A game went to the browser's downloads as the file ``name``: a notice says so (and how
        to open it again), until dismissed or the screen changes."""
        self.page.notice("export", _("Exported as {file}: your browser put it with your downloads. To play it "
                                     "again, choose it under “Import a game file” on the start screen.")
                         .format(file=name), dismiss=_("Dismiss"))
        self._export_notice = True

    def recover(self, save_id: str) -> None:
        """Play on from the last good position of a damaged save (stored beside it)."""
        session = self.saves.recover(save_id)
        if session is None:
            self.show_home(_("Nothing of that saved game can be replayed any more."))
            return
        self.open_session(session)
        self.page.toast(ngettext("Opened the last good position of {game}, after {n} move.",
                           "Opened the last good position of {game}, after {n} moves.", len(session.moves))
                  .format(game=session.game.title, n=len(session.moves)))

    async def import_file(self, event: Event) -> None:
        """A file chosen for import (the page sends its name, size and, unless larger than
        :data:`MAX_FILE` bytes, its text; choosing the same file again is a new import)."""
        name, size, text = str(event.file.get("name", "")), event.file.get("size"), event.file.get("text")
        if not name:
            return
        if not isinstance(size, int) or size > MAX_FILE or not isinstance(text, str):
            self.page.toast(_("Could not import {file}: the file is too large to be a saved game.")
                            .format(file=name), error=True)
            return
        try:
            session = await working.finish(Session.reading(text))
        except SaveError as exc:
            self.page.toast(_("Could not import {file}: {problem}").format(file=name, problem=exc), error=True)
            return
        stored = self.saves.load_text(session.id)
        if stored is not None:
            if _same_game(stored, session):  # already here: open it, don't store it twice
                self.resume(session.id)
                self.page.toast(_("{game} from {file} is already saved here; it is open now.")
                                .format(game=session.game.title, file=name))
                return
            session.renew_id()  # never overwrite a stored game: import it beside it
        self.open_session(session, stored=_("Imported {game}.").format(game=session.game.title))

    # ----------------------------------------------------------------- links
    def share(self, session: Session, seat: int | None) -> None:
        """Show the link of ``session``, shared by ``seat`` (:mod:`.share`)."""
        share_dialog(self.page, session, self.base, seat)

    def share_saved(self, save_id: str) -> None:
        """Show the link of the stored game ``save_id``. Nobody has taken the device here, so a
        game with hidden information that goes on is shared as its only person saw it, or, with
        several people at the device, as an onlooker sees it (the game screen shares the view
        on show: a person's after the pass screen)."""
        try:
            session = Session.from_text(self.saves.load_text(save_id))
        except SaveError as exc:
            self.page.toast(_("The saved game could not be opened: {problem}").format(problem=exc), error=True)
            return
        self.share(session, Controller(session).only_person)

    def open_link(self, fragment: str) -> None:
        """Show the game of a link (the page's fragment) as a replay; a bad link leaves the
        reader on the home screen, told why. No stored game is touched."""
        reading = reading_link(fragment)
        self.link = fragment
        try:
            done, shared = working.first(reading)
        except ShareError as exc:
            self.show_home(str(exc))
            return
        if done:
            ReplayScreen(self, shared).show()  # type: ignore[arg-type]  # (done: the game)
            return
        self._show_opening(reading, N_("Opening the shared game…"))
        self._opening = True
        self.page.spawn(self._open_link_later(reading))

    async def _open_link_later(self, reading: Steps[Shared]) -> None:
        try:
            shared = await working.finish(reading)
            if self._pending is reading:
                ReplayScreen(self, shared).show()
        except ShareError as exc:
            if self._pending is reading:
                self.show_home(str(exc))
        finally:
            self._ready()

    def forget_link(self) -> None:
        """The shared game is left: the page's address loses its fragment (a reload opens the app)."""
        if self.link:
            self.link = ""
            self.page.send("forget-link")

    def leave_link(self) -> None:
        self.forget_link()
        self.show_home()

    def resume(self, save_id: str) -> bool:
        """Open the stored game ``save_id``; False if there is none. A damaged one leaves
        the player on the home screen, told why, with the save listed as damaged."""
        text = self.saves.load_text(save_id)
        if text is None:
            return False
        reading = Session.reading(text)
        try:
            done, session = working.first(reading)
        except SaveError as exc:
            self._not_opened(exc)
            return True
        if done:
            self.open_session(session)  # type: ignore[arg-type]  # (done: the session)
        else:  # a long game: replayed in slices, under a word that it is coming
            self._show_opening(reading)
            self._opening = True
            self.page.spawn(self._open_later(reading))
        return True

    def _not_opened(self, problem: SaveError) -> None:
        self.show_home(_("The saved game could not be opened: {problem} It is kept as it was (see Saved games).")
                       .format(problem=problem))

    def _show_opening(self, reading: Steps[Any], what: str = N_("Opening the saved game…")) -> None:
        """The word that a game is coming (``what``), while ``reading`` reads it in slices."""
        self.show(h("section", h("p", _(what), role="status"), class_="panel", id="opening"))
        self._pending = reading
        self.redraw = lambda: self._show_opening(reading, what)

    async def _open_later(self, reading: Steps[Session]) -> None:
        """Replay the rest of a long game in slices, then show it; whatever goes wrong ends on a
        working screen, and the app says it is ready in any case."""
        try:
            session = await working.finish(reading)
        except SaveError as exc:
            if self._pending is reading:
                self._not_opened(exc)
        except Exception as exc:
            if self._pending is reading:
                self._failed(exc)
        else:
            if self._pending is reading:  # nothing else was chosen meanwhile
                try:
                    self.open_session(session)
                except Exception as exc:  # a fault of ours, not of the save: still show the app
                    self._failed(exc)
        finally:
            self._ready()

    def _failed(self, exc: Exception) -> None:
        """A fault of ours, not of the save, in opening the last game: still show the app."""
        print(f"pygame_rules start-up: {type(exc).__name__}: {exc}")  # i18n: internal
        self.saves.close_current()
        self.show_home(_("The last game could not be opened ({error}). It is kept as it was.")
                       .format(error=f"{type(exc).__name__}: {exc}"))

    def open_session(self, session: Session, stored: str = "") -> bool:
        """Show ``session`` and store it; False (and a notice that stays) if the browser stores
        nothing. ``stored``: a toast to show once the page has stored it. A new game (no move
        yet, never saved) is stored at its first move: a setup left at once leaves no game."""
        self.show()
        screen = self.screen = GameScreen(self, session)

        def redraw() -> None:
            self._heading(session.game.title)
            screen.render()

        self.redraw = redraw
        redraw()
        if not (session.moves or session.updated or stored):
            self.saves.close_current()  # (the game open before is not the open one any more)
            return True
        return self.autosave(session, opened=True, stored=stored)

    def autosave(self, session: Session, opened: bool = False, stored: str = "") -> bool:
        """Store ``session``; False (and a notice that stays) if the browser stores nothing.
        The page says later how its write went (:meth:`written`): ``opened`` (a game just
        opened: a failure always gets a notice) and ``stored`` (a toast for a success) wait
        for that."""
        problem = self.saves.save(session)
        if problem:
            self.save_failed = self._tell_failure(problem, opened)
            return False
        was_opened, was_stored = self._writing.get(session.id, (False, ""))
        self._writing[session.id] = (opened or was_opened, stored or was_stored)
        return True

    #: The save being stored again without its spare copy after a full storage, if any.
    _retrying: str | None = None

    def written(self, tag: str, error: str, quota: bool, held: Mapping[str, str | None]) -> None:
        """The page did a write it was asked for (``error``: "" or the browser's name for what
        went wrong; ``quota``: the storage is full; ``held``: what the page holds now under the
        keys it touched)."""
        if tag.startswith("save:"):
            self._save_written(tag[len("save:"):], error, quota, held)
            return
        if not error:
            return
        self.store.failed(held)
        if tag == "delete":
            self.page.toast(_("The saved game could not be deleted ({error}).").format(error=error), error=True)
        elif tag == "settings":
            self.page.toast(_("This browser does not keep settings: they last until you leave the page."),
                            error=True)

    def _save_written(self, save_id: str, error: str, quota: bool, held: Mapping[str, str | None]) -> None:
        """How the autosave of ``save_id`` went. Stored: the player hears that saving works
        again (if it had failed) and what was waiting for it ("Imported"). A full storage gets
        one more try without the game's spare copy; then the player is told, with the export
        at hand, once until saving works again."""
        opened, stored = self._writing.get(save_id, (False, ""))
        if not error:
            self._writing.pop(save_id, None)
            self._retrying = None
            if self.save_failed:
                self.save_failed = False
                self.page.notice("save", _("The game is being saved again."), dismiss=_("Dismiss"))
            if stored:
                self.page.toast(stored)
            return
        self.store.failed(held)
        if quota and self._retrying != save_id and self.screen is not None and self.screen.session.id == save_id:
            self._retrying = save_id
            self.saves.save(self.screen.session, spare=False)
            return
        self._retrying = None
        self._writing.pop(save_id, None)
        self.save_failed = self._tell_failure(write_failure(error, quota), opened)

    def _tell_failure(self, problem: str, opened: bool) -> bool:
        """A notice that the game is not being saved: for a game just ``opened`` (new,
        imported, resumed) always, for a later move only when saving starts failing."""
        if opened or not self.save_failed:
            self.page.notice("save", problem, (_("Export this game"), self.export), dismiss=_("Dismiss"))
        return True

    def export(self, event: Event) -> None:
        """Export the game on screen (from a notice, which outlives the screen it was made on)."""
        if self.screen is not None:
            self.screen.export(event)
        else:
            self.page.toast(_("Open a game to export it."), error=True)

    # -------------------------------------------------------------- settings
    def show_settings(self, event: Event | None = None) -> None:
        """The settings dialog (modal; Escape or Close leaves it): each change applies at once."""
        chosen, reduced = self.settings, self.reduced_motion
        self.page.dialog("dialog-settings", h(
            "dialog",
            h("form",
              h("h2", _("Settings"), id="settings-title"),
              h("label", h("input", type="checkbox", id="setting-sound", name="sound", checked=chosen.sound),
                _("Sound for moves, your turn and the end of the game")),
              h("label", h("input", type="checkbox", id="setting-animate", name="animate", checked=chosen.animate,
                           disabled=reduced),
                _("Animate moves")),
              h("p", _("Your device asks for reduced motion, so moves are not animated."),
                class_="muted") if reduced else None,
              h("label", _("Pace of the computer players"), " ",
                h("select", [h("option", _(PACE_LABELS[pace]), value=pace, selected=pace == chosen.pace)
                             for pace in PACES],
                  id="setting-pace", name="pace")),
              h("label", h("input", type="checkbox", id="setting-skip", name="skip", checked=chosen.skip),
                _("Skip steps with only one possible action")),
              h("div", h("button", _("Close"), type="button", id="settings-close",
                         on_click=lambda e: self.page.close_dialog("dialog-settings")), class_="row"),
              on_change=self.settings_changed),
            id="dialog-settings", class_="settings", aria_labelledby="settings-title"))

    def settings_changed(self, event: Event) -> None:
        before = self.settings
        stored = settings.load(self.store)  # (under reduced motion its box is disabled, so not sent)
        animate = stored.animate if self.reduced_motion else "animate" in event.form
        chosen = Settings(sound="sound" in event.form, animate=animate, pace=event.form.get("pace", before.pace),
                          skip="skip" in event.form)
        if not settings.save(self.store, chosen):
            self.page.toast(_("This browser does not keep settings: they last until you leave the page."), error=True)
        if chosen.sound and not before.sound:
            self.page.send("sound", "your-turn", True)  # a sample, and the browser's audio unlocked
        if self.screen is not None:
            self.screen.settings_changed()

    # ----------------------------------------------------------------- setup
    def show_setup(self, game: Game[Any, Any], players: int | None = None,
                   seats: list[Seat] | None = None, options: dict[str, Any] | None = None,
                   seed: str | None = None, bot_time: str | None = None) -> None:
        """The setup form of a new game of ``game``; what is not given comes from the last
        setup of the game (:func:`settings.load_setup`: by default you against computers)."""
        last = settings.load_setup(self.store, game)
        count = players or len(last.seats)
        seats = list(last.seats) if seats is None else seats
        seed = seed or str(random_seed())
        bot_time = f"{last.bot_time:g}" if bot_time is None else bot_time
        chosen = {**game.option_defaults, **last.options, **(options or {})}
        self.draft = {}

        def changed(event: Event) -> None:
            """A field changed: keep the draft (a redraw keeps what was filled in); a new number
            of players redraws the seats for it (only them: what is being filled in elsewhere
            stays as it is on the page)."""
            nonlocal count
            self.draft = dict(event.form)
            if event.name == "player-count" and event.value.isdigit():
                count = int(event.value)
                self.page.replace("seats", self._seat_rows(game, count, self._read(game, count)[0]))

        def redraw() -> None:
            self.show_setup(game, count, *self._read(game, count)) if self.draft else \
                self.show_setup(game, count, seats, chosen, seed, bot_time)

        self.show(h("form",
                    h("h1", _("New game: {game}").format(game=game.title)),
                    h("fieldset", h("legend", _("Players")),
                      h("label", _("Number of players "),
                        h("select", [h("option", str(n), value=str(n), selected=(n == count))
                                     for n in range(game.min_players, game.max_players + 1)],
                          id="player-count", name="player-count")),
                      h("div", self._seat_rows(game, count, seats or []), id="seats")),
                    h("fieldset", h("legend", _("Options")),
                      [option_input(o, chosen[o.name]) for o in game.options if not o.is_reading]
                      or h("p", _("This game has no options."))),
                    _readings(game, chosen),
                    h("fieldset", h("legend", _("Computer players")),
                      h("label", _("Thinking time per decision (seconds) "),
                        h("input", type="number", min=f"{BOT_TIME_MIN:g}", max=f"{BOT_TIME_MAX:g}",
                          step="0.1", value=bot_time, name="bot-time", id="bot-time"))),
                    h("fieldset", h("legend", _("Seed")),
                      h("label", _("Seed (the same seed gives the same setup) "),
                        h("input", type="number", min="0", value=seed, name="seed", id="seed"))),
                    h("div",
                      h("button", _("Start game"), type="submit", id="start-game"),
                      h("button", _("Back"), type="button", class_="secondary", on_click=lambda e: self.show_home()),
                      class_="row"),
                    class_="panel setup", id="setup", on_change=changed,
                    on_submit=lambda e: self.start_game(game, e.form)))
        self.redraw = redraw

    def _seat_rows(self, game: Game[Any, Any], count: int, seats: list[Seat]) -> list[Any]:
        """The setup form's rows of ``count`` seats: ``seats`` as filled in so far, then new ones
        named by number, each with the first colour nobody has yet, played by a computer
        (:func:`settings.default_seat`)."""
        fills = dict(game.colours)
        colours = list(fills)
        seats = seats[:count]
        while len(seats) < count:
            seats.append(settings.default_seat(game, len(seats), seats))
        return [h("div",
                  swatch(fills.get(seat.colour, seat.colour)),
                  h("label", _("Seat {n} name ").format(n=i + 1),
                    h("input", value=seat.name, maxlength="24", name=f"name{i}", required=True)),
                  h("label", _("colour "),
                    h("select", [h("option", _(c), value=c, selected=(c == seat.colour))
                                 for c in colours], name=f"colour{i}")),
                  h("label", _("played by "),
                    h("select", [h("option", _(label), value=kind, selected=(kind == seat.kind))
                                 for kind, label in PLAYER_KINDS], name=f"kind{i}")),
                  class_="seat")
                for i, seat in enumerate(seats)]

    def _read(self, game: Game[Any, Any], count: int,
              form: Mapping[str, str] | None = None) -> tuple[list[Seat], dict[str, Any], str, str]:
        """The seats, options, seed and thinking time filled in on the setup form (``form``;
        by default the draft the page last sent)."""
        fields = self.draft if form is None else form
        # (seats the form had not drawn yet when it was sent are left to _seat_rows: a free colour each)
        seats = [Seat(fields.get(f"name{i}", "").strip() or _("Player {n}").format(n=i + 1),
                      fields[f"colour{i}"], fields.get(f"kind{i}", "human"))
                 for i in range(count) if f"colour{i}" in fields]
        options: dict[str, Any] = {}
        for option in game.options:
            value = fields.get(f"opt-{option.name}")
            if isinstance(option.default, bool):
                options[option.name] = value is not None
            elif isinstance(option.default, int):
                options[option.name] = int(value) if value is not None and value.lstrip("-").isdigit() \
                    else option.default
            else:
                options[option.name] = option.default if value is None else value
        return seats, options, fields.get("seed", ""), fields.get("bot-time", "1")

    def start_game(self, game: Game[Any, Any], form: Mapping[str, str]) -> None:
        count_text = form.get("player-count", "")
        count = int(count_text) if count_text.isdigit() else game.min_players
        seats, options, seed_text, bot_text = self._read(game, count, form)
        if len({s.colour for s in seats}) < len(seats):
            self.page.toast(_("Each player needs a different colour."), error=True)
            return
        seed_text = seed_text.strip()
        if not seed_text.isdigit():
            self.page.toast(_("The seed must be a whole number (0 or more)."), error=True)
            return
        try:
            bot_time = float(bot_text)
        except ValueError:
            bot_time = 0.0
        if not is_bot_time(bot_time):
            self.page.toast(_("The thinking time must be {range}.").format(range=bot_time_range()), error=True)
            return
        session = Session.new(game.name, seats, int(seed_text), options, bot_time)
        settings.save_setup(self.store, game, Setup(tuple(seats), session.options, bot_time))
        self.open_session(session)


def _readings(game: Game[Any, Any], chosen: dict[str, Any]) -> Any:
    """The rule readings, collapsed: each with the rulebook sentence it rests on."""
    readings = [o for o in game.options if o.is_reading]
    if not readings:
        return None
    return h("details", h("summary", _("Rule readings")),
             h("p", _("Where the rulebook can be read two ways, the table may choose. "
                      "The defaults follow the text most closely; the rules page says why.")),
             [h("div", option_input(o, chosen[o.name]),
                h("blockquote", h("p", o.quote, lang=o.quote_lang), h("p", _(o.english))),
                class_="reading")
              for o in readings],
             class_="readings", id="rule-readings")


def option_input(option: Option, value: Any) -> Any:
    name = f"opt-{option.name}"
    if isinstance(option.default, bool):
        return h("label", h("input", type="checkbox", name=name, checked=bool(value)), _(option.label))
    if option.choices:
        return h("label", _(option.label), " ",
                 h("select", [h("option", str(c), value=str(c), selected=(c == value))
                              for c in quiet.offered(option)], name=name))
    return h("label", _(option.label), " ", h("input", type="number", name=name, value=str(value)))


def _same_game(stored: str, session: Session) -> bool:
    """Whether the stored text ``stored`` is the game ``session``: the same setup and moves."""
    try:
        other = Session.from_text(stored)
    except SaveError:
        return False
    return (other.game is session.game and other.seed == session.seed and other.options == session.options
            and other.seats == session.seats
            and [(m.player, m.action) for m in other.moves] == [(m.player, m.action) for m in session.moves])

