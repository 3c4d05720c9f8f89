"""The application shell: home (games, saved games, import), new-game setup, navigation."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

import pygame_rules
from pygame_rules import i18n
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
from pygame_rules.steps import Steps

from . import dom, settings, slices, storage
from .markup import h, swatch
from .play import GameScreen
from .settings import PACE_LABELS, PACES, Settings

PLAYER_KINDS = (("human", N_("a person")), ("easy", N_("computer: easy")), ("medium", N_("computer: medium")),
                ("hard", N_("computer: hard")))

BLURBS = {
    "babel": N_("Offer cards in secret, build the Seven Wonders together, win the majorities."),
    "saba": N_("Take goods from the harbour, build the queen's palace, hold the balconies."),
    "tuerme": N_("Move stones like rooks, stack towers, claim the building plots."),
}
#: The event the page's ``app/i18n.js`` sends when the reader switches the language.
LANGUAGE_CHANGED = "pygame-rules:language"


def localised(page: str, lang: str) -> str:
    """The name of a static page of the site in ``lang`` (``learn.html``, ``learn.nl.html``;
    the pages are built in each language, English under the plain name)."""
    return page if lang == "en" else f"{page.removesuffix('.html')}.{lang}.html"


class App:
    """Owns the ``#app`` element and switches between screens."""

    def __init__(self) -> None:
        self.root = dom.by_id("app")
        self.screen: GameScreen | None = None
        #: Whether the last autosave failed (a notice says so until a later one works).
        self.save_failed = False
        #: Draws the screen now shown again, in the language now chosen (keeping its game or form).
        self.redraw: Callable[[], None] = self.show_home
        #: The replay going on in slices for the screen on show (the saved games' listing, or the
        #: game being opened); any other screen drops it (:meth:`show`).
        self._pending: Steps[Any] | None = None
        self._is_ready = False

    def start(self) -> None:
        """Draw the first screen: the game open at the last visit, else home. Nothing a
        stored save holds can keep this from ending on a working screen. The language is
        the one ``app/i18n.js`` chose (``<html lang>``), and follows the reader's switch."""
        i18n.use(i18n.negotiate([str(document.documentElement.lang)]))
        window.addEventListener(LANGUAGE_CHANGED, create_proxy(self.change_language))
        dom.install(document.body)
        slices.install()
        settings.apply(settings.load())
        button = dom.by_id("settings-button")
        dom.bind(button, "click", self.show_settings, owner="topbar")
        button.hidden = False
        self._link_pages()
        try:
            save_id = storage.current_id()
            if not (save_id and self.resume(save_id)):
                self.show_home()
        except Exception as exc:  # a fault of ours, not of the save: still show the app
            self._failed(exc)
        problem = storage.unavailable()
        if problem:
            dom.notice("storage", problem)
        if not dom.by_id("opening"):  # else once the open game is on show (_open_later)
            self._ready()

    def _ready(self) -> None:
        """The first screen a person asked for is on show (the open game, not the word that it
        is coming): the flag the tests and benchmarks wait for, set once."""
        if not self._is_ready:
            self._is_ready = True
            document.body.dataset.ready = "1"
            window.pygameRulesReadyAt = window.performance.now()

    def change_language(self, event: Any) -> None:
        """The reader chose another language: show the same screen in it (a game goes on
        where it was, a half-filled form keeps what was filled in)."""
        i18n.use(i18n.negotiate([str(event.detail)]))
        self._link_pages()
        self.redraw()
        dialog = dom.by_id("settings-dialog")
        if dialog and dialog.open:
            self.show_settings(None)

    def _link_pages(self) -> None:
        """Point the top bar's links at the site's pages in the language now shown."""
        for link in document.querySelectorAll("#topnav a[data-page]"):
            link.setAttribute("href", "./" + localised(str(link.dataset.page), i18n.language()))

    def _heading(self, text: str | None) -> None:
        """The screen's level-one heading, for screens that show none of their own (the
        game screen, where the board speaks for itself): read out, not shown."""
        heading = dom.by_id("screen-heading")
        heading.textContent = text or ""
        heading.hidden = text is None

    def show(self, *children: Any) -> None:
        self.screen = None
        self._pending = None
        self._heading(None)
        dom.replace(self.root, *children)
        window.scrollTo(0, 0)

    # ------------------------------------------------------------------ home
    def show_home(self, message: str = "") -> None:
        storage.close_current()
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
        listing = storage.listing()
        done, entries = slices.first(listing)
        self.show(
            h("div",
              h("p", message, class_="error", role="alert", id="home-message") if message else None,
              h("section", h("h1", _("Choose a game")),
                h("ul", cards, class_="game-list") if cards else h("p", _("No games are installed.")),
                id="home", class_="panel"),
              h("section", self._saved_games(entries), id="saved", class_="panel"),
              class_="stack"))
        if not done:  # many or long saved games: the rest of the listing in slices
            self._pending = listing
            dom.spawn(self._list_later(listing))

    async def _list_later(self, listing: Steps[list[storage.Entry]]) -> None:
        entries = await slices.finish(listing)
        if self._pending is listing:  # the home screen that asked is still on show
            self._pending = None
            dom.replace(dom.by_id("saved"), self._saved_games(entries))

    def _saved_games(self, entries: list[storage.Entry] | None) -> list[Any]:
        """The saved games' section: its list (None: still being read) and the import."""
        rows = [self._saved_game(entry) for entry in entries or ()]
        return [h("h2", _("Saved games")),
                h("ul", rows, class_="stack saved-list") if rows
                else h("p", _("Reading the saved games…"), class_="muted", role="status", id="saved-reading")
                if entries is None else h("p", _("No saved games yet."), class_="muted"),
                h("label", _("Import a game file (.json): "),
                  h("input", type="file", accept=".json,application/json", id="import-file",
                    on_change=self.import_file))]

    def _saved_game(self, entry: storage.Entry) -> Any:
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
                 delete, class_="row saved-game", data_save=entry.id)

    def delete_save(self, save_id: str) -> None:
        if window.confirm(_("Delete this saved game? This cannot be undone.")):
            problem = storage.delete(save_id)
            self.show_home(problem or "")

    def export_raw(self, save_id: str) -> None:
        """Download a stored save exactly as it is (to report it, or repair it by hand)."""
        text = storage.load_text(save_id)
        if text is None:
            dom.toast(_("That saved game is gone."), error=True)
            return
        dom.download(f"damaged-{re.sub(r'[^A-Za-z0-9._-]', '_', save_id)[:80]}.json", text)

    def recover(self, save_id: str) -> None:
        """Play on from the last good position of a damaged save (stored beside it)."""
        session = storage.recover(save_id)
        if session is None:
            self.show_home(_("Nothing of that saved game can be replayed any more."))
            return
        self.open_session(session)
        dom.toast(ngettext("Opened the last good position of {game}, after {n} move.",
                           "Opened the last good position of {game}, after {n} moves.", len(session.moves))
                  .format(game=session.game.title, n=len(session.moves)))

    async def import_file(self, event: Any) -> None:
        files = event.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        event.target.value = ""  # choosing the same file again is a new import
        if file.size > 4 * SAVE_LIMITS.max_chars:  # bytes: refused before reading it at all
            dom.toast(_("Could not import {file}: the file is too large to be a saved game.")
                      .format(file=file.name), error=True)
            return
        try:
            session = await slices.finish(Session.reading(await file.text()))
        except SaveError as exc:
            dom.toast(_("Could not import {file}: {problem}").format(file=file.name, problem=exc), error=True)
            return
        await window.pygameRules.queuedTask()  # drawing a long game is a task of its own
        stored = storage.load_text(session.id)
        if stored is not None:
            if _same_game(stored, session):  # already here: open it, don't store it twice
                self.resume(session.id)
                dom.toast(_("{game} from {file} is already saved here; it is open now.")
                          .format(game=session.game.title, file=file.name))
                return
            session.renew_id()  # never overwrite a stored game: import it beside it
        if self.open_session(session):
            dom.toast(_("Imported {game}.").format(game=session.game.title))

    def resume(self, save_id: str) -> bool:
        """Open the stored game ``save_id``; False if there is none. A damaged one leaves
        the player on the home screen, told why, with the save listed as damaged."""
        text = storage.load_text(save_id)
        if text is None:
            return False
        reading = Session.reading(text)
        try:
            done, session = slices.first(reading)
        except SaveError as exc:
            self._not_opened(exc)
            return True
        if done:
            self.open_session(session)  # type: ignore[arg-type]  # (done: the session)
        else:  # a long game: replayed in slices, under a word that it is coming
            self._show_opening(reading)
            dom.spawn(self._open_later(reading))
        return True

    def _not_opened(self, problem: SaveError) -> None:
        self.show_home(_("The saved game could not be opened: {problem} It is kept as it was (see Saved games).")
                       .format(problem=problem))

    def _show_opening(self, reading: Steps[Session]) -> None:
        self.show(h("section", h("p", _("Opening the saved game…"), role="status"), class_="panel", id="opening"))
        self._pending = reading
        self.redraw = lambda: self._show_opening(reading)

    async def _open_later(self, reading: Steps[Session]) -> None:
        """Replay the rest of a long game in slices, then show it; whatever goes wrong ends on a
        working screen, and the app says it is ready in any case."""
        try:
            session = await slices.finish(reading)
            await window.pygameRules.queuedTask()  # drawing a long game is a task of its own
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
        window.console.error(f"pygame_rules start-up: {type(exc).__name__}: {exc}")  # i18n: internal
        storage.close_current()
        self.show_home(_("The last game could not be opened ({error}). It is kept as it was.")
                       .format(error=f"{type(exc).__name__}: {exc}"))

    def open_session(self, session: Session) -> bool:
        """Show ``session`` and store it; False (and a notice that stays) if storing failed."""
        self.show()
        screen = self.screen = GameScreen(self, session)

        def redraw() -> None:
            self._heading(session.game.title)
            screen.render()

        self.redraw = redraw
        redraw()
        return self.saved(storage.save(session), opened=True)

    def saved(self, problem: str | None, opened: bool = False) -> bool:
        """Tell the player how an autosave went: a failure in a notice that stays until
        dismissed, with the export at hand, and the first success after failures. A game
        just ``opened`` (new, imported, resumed) always gets its own notice if it could not
        be stored; later moves only when saving starts or stops failing."""
        if problem:
            if opened or not self.save_failed:
                dom.notice("save", problem, (_("Export this game"), self.export))
            self.save_failed = True
            return False
        if self.save_failed:
            self.save_failed = False
            dom.notice("save", _("The game is being saved again."))
        return True

    def export(self, event: Any) -> None:
        """Export the game on screen (from a notice, which outlives the screen it was made on)."""
        if self.screen is not None:
            self.screen.export(event)
        else:
            dom.toast(_("Open a game to export it."), error=True)

    # -------------------------------------------------------------- settings
    def show_settings(self, event: Any) -> None:
        """The settings dialog (modal; Escape or Close leaves it): each change applies at once."""
        chosen = settings.load()
        reduced = settings.reduced_motion()
        old = dom.by_id("settings-dialog")
        if old:
            old.remove()
        shown = h("dialog",
                  h("h2", _("Settings"), id="settings-title"),
                  h("label", h("input", type="checkbox", id="setting-sound", checked=chosen.sound,
                               on_change=self.settings_changed),
                    _("Sound for moves, your turn and the end of the game")),
                  h("label", h("input", type="checkbox", id="setting-animate", checked=chosen.animate,
                               disabled=reduced, on_change=self.settings_changed),
                    _("Animate moves")),
                  h("p", _("Your device asks for reduced motion, so moves are not animated."),
                    class_="muted") if reduced else None,
                  h("label", _("Pace of the computer players"), " ",
                    h("select", [h("option", _(PACE_LABELS[pace]), value=pace, selected=pace == chosen.pace)
                                 for pace in PACES],
                      id="setting-pace", on_change=self.settings_changed)),
                  h("div", h("button", _("Close"), type="button", id="settings-close",
                             on_click=lambda e: dom.by_id("settings-dialog").close()), class_="row"),
                  id="settings-dialog", class_="settings", aria_labelledby="settings-title")
        dialog = dom.mount(shown, "settings-dialog")
        dom.by_id("main").append(dialog)
        dialog.showModal()

    def settings_changed(self, event: Any) -> None:
        before = settings.load()
        chosen = Settings(sound=bool(dom.by_id("setting-sound").checked),
                          animate=bool(dom.by_id("setting-animate").checked),
                          pace=str(dom.by_id("setting-pace").value))
        if not settings.save(chosen):
            dom.toast(_("This browser does not keep settings: they last until you leave the page."), error=True)
        if chosen.sound and not before.sound and window.pygameRulesSound:
            window.pygameRulesSound.play("your-turn", True)  # a sample, and the browser's audio unlocked

    # ----------------------------------------------------------------- setup
    def show_setup(self, game: Game[Any, Any], players: int | None = None,
                   seats: list[Seat] | None = None, options: dict[str, Any] | None = None,
                   seed: str | None = None, bot_time: str = "1") -> None:
        count = players or max(game.min_players, min(3, game.max_players))
        fills = dict(game.colours)
        colours = list(fills)
        seats = (seats or [])[:count]
        while len(seats) < count:
            used = {s.colour for s in seats}
            free = [c for c in colours if c not in used] or colours
            seats.append(Seat(_("Player {n}").format(n=len(seats) + 1), free[0]))

        def seat_row(i: int, seat: Seat) -> Any:
            return h("div",
                     swatch(fills[seat.colour]),
                     h("label", _("Seat {n} name ").format(n=i + 1),
                       h("input", value=seat.name, maxlength="24", name=f"name{i}", required=True)),
                     h("label", _("colour "),
                       h("select", [h("option", _(c), value=c, selected=(c == seat.colour))
                                    for c in colours], name=f"colour{i}")),
                     h("label", _("played by "),
                       h("select", [h("option", _(label), value=kind, selected=(kind == seat.kind))
                                    for kind, label in PLAYER_KINDS], name=f"kind{i}")),
                     class_="seat")

        def change_count(event: Any) -> None:
            self.show_setup(game, int(event.target.value), self._read_seats(count),
                            self._read_options(game), str(dom.by_id("seed").value),
                            str(dom.by_id("bot-time").value))

        chosen = {**game.option_defaults, **(options or {})}

        def redraw() -> None:
            self.show_setup(game, count, self._read_seats(count), self._read_options(game),
                            str(dom.by_id("seed").value), str(dom.by_id("bot-time").value))

        self.show(h("form",
                    h("h1", _("New game: {game}").format(game=game.title)),
                    h("fieldset", h("legend", _("Players")),
                      h("label", _("Number of players "),
                        h("select", [h("option", str(n), value=str(n), selected=(n == count))
                                     for n in range(game.min_players, game.max_players + 1)],
                          id="player-count", on_change=change_count)),
                      [seat_row(i, s) for i, s in enumerate(seats)]),
                    h("fieldset", h("legend", _("Options")),
                      [_option_input(o, chosen[o.name]) for o in game.options if not o.is_reading]
                      or h("p", _("This game has no options."))),
                    _readings(game, chosen),
                    h("fieldset", h("legend", _("Computer players")),
                      h("label", _("Thinking time per decision (seconds) "),
                        h("input", type="number", min=f"{BOT_TIME_MIN:g}", max=f"{BOT_TIME_MAX:g}",
                          step="0.1", value=bot_time, name="bot-time", id="bot-time"))),
                    h("fieldset", h("legend", _("Seed")),
                      h("label", _("Seed (the same seed gives the same setup) "),
                        h("input", type="number", min="0", value=seed or str(random_seed()), name="seed",
                          id="seed"))),
                    h("div",
                      h("button", _("Start game"), type="submit", id="start-game"),
                      h("button", _("Back"), type="button", class_="secondary", on_click=lambda e: self.show_home()),
                      class_="row"),
                    class_="panel setup", id="setup", on_submit=lambda e: self.start_game(game)))
        self.redraw = redraw

    def _read_seats(self, count: int) -> list[Seat]:
        form = dom.by_id("setup")
        return [Seat(form.elements.namedItem(f"name{i}").value.strip() or _("Player {n}").format(n=i + 1),
                     form.elements.namedItem(f"colour{i}").value,
                     form.elements.namedItem(f"kind{i}").value) for i in range(count)]

    def _read_options(self, game: Game[Any, Any]) -> dict[str, Any]:
        form = dom.by_id("setup")
        options: dict[str, Any] = {}
        for option in game.options:
            field = form.elements.namedItem(f"opt-{option.name}")
            if isinstance(option.default, bool):
                options[option.name] = bool(field.checked)
            elif isinstance(option.default, int):
                options[option.name] = int(field.value)
            else:
                options[option.name] = str(field.value)
        return options

    def start_game(self, game: Game[Any, Any]) -> None:
        count = int(dom.by_id("player-count").value)
        seats = self._read_seats(count)
        if len({s.colour for s in seats}) < len(seats):
            dom.toast(_("Each player needs a different colour."), error=True)
            return
        options = self._read_options(game)
        seed_text = str(dom.by_id("seed").value).strip()
        if not seed_text.isdigit():
            dom.toast(_("The seed must be a whole number (0 or more)."), error=True)
            return
        try:
            bot_time = float(dom.by_id("bot-time").value)
        except ValueError:
            bot_time = 0.0
        if not is_bot_time(bot_time):
            dom.toast(_("The thinking time must be {range}.").format(range=bot_time_range()), error=True)
            return
        self.open_session(Session.new(game.name, seats, int(seed_text), options, bot_time))


def _readings(game: Game[Any, Any], chosen: dict[str, Any]) -> Any:
    """The rule readings, collapsed: each with the rulebook sentence it rests on."""
    readings = [o for o in game.options if o.is_reading]
    if not readings:
        return None
    return h("details", h("summary", _("Rule readings")),
             h("p", _("Where the rulebook can be read two ways, the table may choose. "
                      "The defaults follow the text most closely; the rules page says why.")),
             [h("div", _option_input(o, chosen[o.name]),
                h("blockquote", h("p", o.quote, lang=o.quote_lang), h("p", _(o.english))),
                class_="reading")
              for o in readings],
             class_="readings", id="rule-readings")


def _option_input(option: Option, value: Any) -> Any:
    name = f"opt-{option.name}"
    if isinstance(option.default, bool):
        return h("label", h("input", type="checkbox", name=name, checked=bool(value)), _(option.label))
    if option.choices:
        return h("label", _(option.label), " ",
                 h("select", [h("option", str(c), value=str(c), selected=(c == value))
                              for c in option.choices], name=name))
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


def start() -> None:
    App().start()
