"""The application shell: home (games, saved games, import), new-game setup, navigation."""

from __future__ import annotations

import re
import time
from typing import Any

from pyscript import document, window

import pygame_rules
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

from . import dom, storage
from .dom import h
from .play import GameScreen

PLAYER_KINDS = (("human", "a person"), ("easy", "computer: easy"), ("medium", "computer: medium"),
                ("hard", "computer: hard"))

BLURBS = {
    "babel": "Offer cards in secret, build the Seven Wonders together, win the majorities.",
    "saba": "Take goods from the harbour, build the queen's palace, hold the balconies.",
    "tuerme": "Move stones like rooks, stack towers, claim the building plots.",
}


class App:
    """Owns the ``#app`` element and switches between screens."""

    def __init__(self) -> None:
        self.root = dom.by_id("app")
        self.screen: GameScreen | None = None
        #: Whether the last autosave failed (a notice says so until a later one works).
        self.save_failed = False

    def start(self) -> None:
        """Draw the first screen: the game open at the last visit, else home. Nothing a
        stored save holds can keep this from ending on a working screen."""
        dom.install(document.body)
        try:
            save_id = storage.current_id()
            if not (save_id and self.resume(save_id)):
                self.show_home()
        except Exception as exc:  # a fault of ours, not of the save: still show the app
            window.console.error(f"pygame_rules start-up: {type(exc).__name__}: {exc}")
            storage.close_current()
            self.show_home(f"The last game could not be opened ({type(exc).__name__}: {exc}). "
                           "It is kept as it was.")
        problem = storage.unavailable()
        if problem:
            dom.notice("storage", problem)
        document.body.dataset.ready = "1"
        window.pygameRulesReadyAt = window.performance.now()

    def show(self, *children: Any) -> None:
        self.screen = None
        dom.replace(self.root, *children)
        dom.prune_handlers()
        window.scrollTo(0, 0)

    # ------------------------------------------------------------------ home
    def show_home(self, message: str = "") -> None:
        storage.close_current()
        games = sorted(pygame_rules.GAMES.values(), key=lambda g: g.title)
        cards = [
            h("li", h("article",
                      h("h2", game.title),
                      h("p", BLURBS.get(game.name, ""), " ",
                        f"{game.min_players}–{game.max_players} players."),
                      h("button", "New game", on_click=lambda e, g=game: self.show_setup(g),
                        aria_label=f"New game of {game.title}"),
                      class_="game-card", data_game=game.name))
            for game in games
        ]
        self.show(
            h("div",
              h("p", message, class_="error", role="alert", id="home-message") if message else None,
              h("section", h("h1", "Choose a game"),
                h("ul", cards, class_="game-list") if cards else h("p", "No games are installed."),
                id="home", class_="panel"),
              self._saved_games(),
              class_="stack"))

    def _saved_games(self) -> Any:
        rows = [self._saved_game(entry) for entry in storage.entries()]
        return h("section",
                 h("h2", "Saved games"),
                 h("ul", rows, class_="stack saved-list") if rows else h("p", "No saved games yet.", class_="muted"),
                 h("label", "Import a game file (.json): ",
                   h("input", type="file", accept=".json,application/json", id="import-file",
                     on_change=self.import_file)),
                 id="saved", class_="panel")

    def _saved_game(self, entry: storage.Entry) -> Any:
        """A row of the saved games: open it, or for a damaged one what can be done with it."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated / 1000)) if entry.updated else ""
        delete = h("button", "Delete", class_="danger", on_click=lambda e: self.delete_save(entry.id),
                   aria_label=f"Delete {entry.title} {entry.players}")
        if entry.problem:
            recover = None if entry.good_moves is None else h(
                "button", f"Open the last good position (after {entry.good_moves} moves)",
                class_="secondary", on_click=lambda e: self.recover(entry.id))
            return h("li", h("span", h("strong", entry.title), f" · {entry.players}" if entry.players else ""),
                     h("p", f"Can't be opened: {entry.problem}", class_="error"),
                     h("div", recover,
                       h("button", "Export as it is", class_="secondary", on_click=lambda e: self.export_raw(entry.id)),
                       delete, class_="row"),
                     class_="saved-game damaged", data_save=entry.id)
        state = "finished" if entry.finished else f"{entry.moves} moves"
        return h("li", h("span", h("strong", entry.title), f" · {entry.players} · {state} · {when}"), " ",
                 h("button", "Resume" if not entry.finished else "View",
                   on_click=lambda e: self.resume(entry.id),
                   aria_label=f"Resume {entry.title} with {entry.players}"),
                 delete, class_="row saved-game", data_save=entry.id)

    def delete_save(self, save_id: str) -> None:
        if window.confirm("Delete this saved game? This cannot be undone."):
            problem = storage.delete(save_id)
            self.show_home(problem or "")

    def export_raw(self, save_id: str) -> None:
        """Download a stored save exactly as it is (to report it, or repair it by hand)."""
        text = storage.load_text(save_id)
        if text is None:
            dom.toast("That saved game is gone.", error=True)
            return
        dom.download(f"damaged-{re.sub(r'[^A-Za-z0-9._-]', '_', save_id)[:80]}.json", text)

    def recover(self, save_id: str) -> None:
        """Play on from the last good position of a damaged save (stored beside it)."""
        session = storage.recover(save_id)
        if session is None:
            self.show_home("Nothing of that saved game can be replayed any more.")
            return
        self.open_session(session)
        dom.toast(f"Opened the last good position of {session.game.title}, after {len(session.moves)} moves.")

    async def import_file(self, event: Any) -> None:
        files = event.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        event.target.value = ""  # choosing the same file again is a new import
        if file.size > 4 * SAVE_LIMITS.max_chars:  # bytes: refused before reading it at all
            dom.toast(f"Could not import {file.name}: the file is too large to be a saved game.", error=True)
            return
        try:
            session = Session.from_text(await file.text())
        except SaveError as exc:
            dom.toast(f"Could not import {file.name}: {exc}", error=True)
            return
        stored = storage.load_text(session.id)
        if stored is not None:
            if _same_game(stored, session):  # already here: open it, don't store it twice
                self.resume(session.id)
                dom.toast(f"{session.game.title} from {file.name} is already saved here; it is open now.")
                return
            session.renew_id()  # never overwrite a stored game: import it beside it
        if self.open_session(session):
            dom.toast(f"Imported {session.game.title}.")

    def resume(self, save_id: str) -> bool:
        """Open the stored game ``save_id``; False if there is none. A damaged one leaves
        the player on the home screen, told why, with the save listed as damaged."""
        text = storage.load_text(save_id)
        if text is None:
            return False
        try:
            session = Session.from_text(text)
        except SaveError as exc:
            self.show_home(f"The saved game could not be opened: {exc} It is kept as it was (see Saved games).")
            return True
        self.open_session(session)
        return True

    def open_session(self, session: Session) -> bool:
        """Show ``session`` and store it; False (and a notice that stays) if storing failed."""
        self.show()
        self.screen = GameScreen(self, session)
        self.screen.render()
        return self.saved(storage.save(session), opened=True)

    def saved(self, problem: str | None, opened: bool = False) -> bool:
        """Tell the player how an autosave went: a failure in a notice that stays until
        dismissed, with the export at hand, and the first success after failures. A game
        just ``opened`` (new, imported, resumed) always gets its own notice if it could not
        be stored; later moves only when saving starts or stops failing."""
        if problem:
            if opened or not self.save_failed:
                dom.notice("save", problem, ("Export this game", self.export))
            self.save_failed = True
            return False
        if self.save_failed:
            self.save_failed = False
            dom.notice("save", "The game is being saved again.")
        return True

    def export(self, event: Any) -> None:
        """Export the game on screen (from a notice, which outlives the screen it was made on)."""
        if self.screen is not None:
            self.screen.export(event)
        else:
            dom.toast("Open a game to export it.", error=True)

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
            seats.append(Seat(f"Player {len(seats) + 1}", free[0]))

        def seat_row(i: int, seat: Seat) -> Any:
            return h("div",
                     dom.swatch(fills[seat.colour]),
                     h("label", f"Seat {i + 1} name ",
                       h("input", value=seat.name, maxlength="24", name=f"name{i}", required=True)),
                     h("label", "colour ",
                       h("select", [h("option", c, value=c, selected=(c == seat.colour))
                                    for c in colours], name=f"colour{i}")),
                     h("label", "played by ",
                       h("select", [h("option", label, value=kind, selected=(kind == seat.kind))
                                    for kind, label in PLAYER_KINDS], name=f"kind{i}")),
                     class_="seat")

        def change_count(event: Any) -> None:
            self.show_setup(game, int(event.target.value), self._read_seats(count),
                            self._read_options(game), str(dom.by_id("seed").value),
                            str(dom.by_id("bot-time").value))

        chosen = {**game.option_defaults, **(options or {})}

        self.show(h("form",
                    h("h1", f"New game: {game.title}"),
                    h("fieldset", h("legend", "Players"),
                      h("label", "Number of players ",
                        h("select", [h("option", str(n), value=str(n), selected=(n == count))
                                     for n in range(game.min_players, game.max_players + 1)],
                          id="player-count", on_change=change_count)),
                      [seat_row(i, s) for i, s in enumerate(seats)]),
                    h("fieldset", h("legend", "Options"),
                      [_option_input(o, chosen[o.name]) for o in game.options if not o.is_reading]
                      or h("p", "This game has no options.")),
                    _readings(game, chosen),
                    h("fieldset", h("legend", "Computer players"),
                      h("label", "Thinking time per decision (seconds) ",
                        h("input", type="number", min=f"{BOT_TIME_MIN:g}", max=f"{BOT_TIME_MAX:g}",
                          step="0.1", value=bot_time, name="bot-time", id="bot-time"))),
                    h("fieldset", h("legend", "Seed"),
                      h("label", "Seed (the same seed gives the same setup) ",
                        h("input", type="number", min="0", value=seed or str(random_seed()), name="seed",
                          id="seed"))),
                    h("div",
                      h("button", "Start game", type="submit", id="start-game"),
                      h("button", "Back", type="button", class_="secondary", on_click=lambda e: self.show_home()),
                      class_="row"),
                    class_="panel setup", id="setup", on_submit=lambda e: self.start_game(game)))

    def _read_seats(self, count: int) -> list[Seat]:
        form = dom.by_id("setup")
        return [Seat(form.elements.namedItem(f"name{i}").value.strip() or f"Player {i + 1}",
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
            dom.toast("Each player needs a different colour.", error=True)
            return
        options = self._read_options(game)
        seed_text = str(dom.by_id("seed").value).strip()
        if not seed_text.isdigit():
            dom.toast("The seed must be a whole number (0 or more).", error=True)
            return
        try:
            bot_time = float(dom.by_id("bot-time").value)
        except ValueError:
            bot_time = 0.0
        if not is_bot_time(bot_time):
            dom.toast(f"The thinking time must be {bot_time_range()}.", error=True)
            return
        self.open_session(Session.new(game.name, seats, int(seed_text), options, bot_time))


def _readings(game: Game[Any, Any], chosen: dict[str, Any]) -> Any:
    """The rule readings, collapsed: each with the rulebook sentence it rests on."""
    readings = [o for o in game.options if o.is_reading]
    if not readings:
        return None
    return h("details", h("summary", "Rule readings"),
             h("p", "Where the rulebook can be read two ways, the table may choose. "
                    "The defaults follow the text most closely; the rules page says why."),
             [h("div", _option_input(o, chosen[o.name]),
                h("blockquote", h("p", o.quote, lang=o.quote_lang), h("p", o.english)),
                class_="reading")
              for o in readings],
             class_="readings", id="rule-readings")


def _option_input(option: Option, value: Any) -> Any:
    name = f"opt-{option.name}"
    if isinstance(option.default, bool):
        return h("label", h("input", type="checkbox", name=name, checked=bool(value)), option.label)
    if option.choices:
        return h("label", option.label, " ",
                 h("select", [h("option", str(c), value=str(c), selected=(c == value))
                              for c in option.choices], name=name))
    return h("label", option.label, " ", h("input", type="number", name=name, value=str(value)))


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
