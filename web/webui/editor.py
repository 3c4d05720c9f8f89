"""The position editor (``editor.html``): set up a position, judge it, record moves, export it.

Like every screen of the app, computed as data here and drawn by the page (:mod:`.page`). The
position starts from a new game, a rulebook example, a saved game or pasted text (position
notation or a state's JSON); the board is then edited by clicking it with a tool (the game's
``edit`` module, :mod:`pygame_rules.edit`, says what goes where) and the settings beside it
(the player to move, the phase, the options and readings). The game's own check judges each
position as it is built, its reason shown beside the board with the fields it names ringed;
only a consistent position can be exported or played on. In "play" the board takes moves as
the game screen does (the game's board interaction, legal moves only); the moves can be
stepped through, and a move played at an earlier one branches off there (the later ones go).

Export: the starting position's notation, the move list, the board drawn as SVG, and the
embed's element with the SVG inside (as ``python -m pygame_rules render --embed`` writes it);
"Open as a live diagram" opens ``diagram.html`` with the position and the moves. Once moves are
recorded, "Make a lesson" (:mod:`.editor_lesson`) turns the line into a lesson file.

"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import urlencode

from pygame_rules import GAMES, IllegalAction, InvalidState, get_game
from pygame_rules.diagram import first_choices
from pygame_rules.edit import EditError, Problem
from pygame_rules.examples import read_moves
from pygame_rules.gate import Limits, read_json
from pygame_rules.i18n import N_, _, language, ngettext
from pygame_rules.protocol import Game
from pygame_rules.registry import get_record, interaction_for
from pygame_rules.render_cli import embed_snippet
from pygame_rules.session import SaveError, Session

from . import working
from .app import option_input
from .editor_lesson import LessonMaker
from .markup import h, swatch
from .page import Event, Page
from .storage import PREFIX, Entry, Saves

#: A pasted state's JSON is read only within these limits (a state of any game is far smaller).
STATE_LIMITS = Limits(N_("the state"), 200_000, 16)
#: The game the editor opens with.
FIRST_GAME = "tuerme"
#: The seed of a new game set up in the editor when none is given.
SEED = 1
#: The page that shows a position and its moves as a live diagram (its address holds them).
DIAGRAM_PAGE = "diagram.html"


class EditorShell(Protocol):
    """What the editor needs of the app around it."""

    page: Page
    saves: Saves
    redraw: Callable[[], None]
    #: The width (CSS pixels) of the board's element on the page.
    board_width: float

    def show(self, *children: Any) -> None: ...


class EditorScreen:
    """One position being edited, its moves, and what the screen shows of them."""

    def __init__(self, app: EditorShell, game: str = FIRST_GAME) -> None:
        self.app = app
        self.page = app.page
        self.drawn = False
        #: Whether the SVG and the embed snippet are shown (asked for: they are long).
        self.show_code = False
        #: The saved games offered as a start (None: not read yet).
        self._saved: list[Entry] | None = None
        #: The "Make a lesson" part (its texts kept while the line is edited).
        self.lesson = LessonMaker(self.page, self.render)
        self.choose_game(game)

    # --------------------------------------------------------------- position
    def choose_game(self, name: str) -> None:
        """Start editing a new game of ``name`` (its fewest players)."""
        self.game: Game[Any, Any] = get_game(name)
        self.edit = get_record(name).edit
        self.interaction = interaction_for(self.game)
        start = self.game.new_game(self.game.min_players, seed=SEED)
        self.tool = self.edit.tools(start)[0].key
        self.begin(start, diagram=False)

    def begin(self, start: Any, moves: list[tuple[int, Any]] | None = None, at: int = 0,
              diagram: bool | None = None) -> None:
        """Edit from ``start`` on, with ``moves`` recorded after it (the one shown: after ``at``)."""
        self.states = [start]
        self.moves: list[tuple[int, Any]] = []
        for player, action in moves or ():
            self.states.append(self.game.apply(self.states[-1], player, action))
            self.moves.append((player, action))
        self.cursor = min(at, len(self.moves))
        if diagram is not None:
            self.diagram = diagram
        self.mode = "play" if self.moves else "edit"
        self.message = ""
        self.interaction.reset()

    @property
    def shown(self) -> Any:
        return self.states[self.cursor]

    @property
    def start(self) -> Any:
        return self.states[0]

    def problem(self, state: Any) -> Problem | None:
        """The game's check against ``state`` (a diagram may leave pieces out)."""
        return self.edit.judge(state, self.diagram and self.edit.DIAGRAMS)

    def edited(self, state: Any) -> None:
        """``state`` (an edit of the position shown) is the new start; the moves recorded go."""
        if self.moves:
            self.page.toast(_("The position was edited: the moves recorded were dropped."))
        self.states, self.moves, self.cursor, self.message = [state], [], 0, ""

    # ----------------------------------------------------------------- render
    def render(self) -> None:
        """Draw the whole editor (the first time as the app's screen)."""
        self.app.redraw = self.render
        if not self.drawn:
            self.drawn = True
            self.app.show(h("div", self._content(), id="editor-screen"))
        else:
            self.page.replace("editor-screen", self._content())
        self._board()

    def _board(self) -> None:
        """The board as it is edited (the check's marks on it) or played on (the half-made move's),
        upright on a narrow screen as on the game screen."""
        state, shape = self.shown, self.interaction.board_options(self.app.board_width)
        if self.mode == "play":
            player = self._mover()
            highlights = self.interaction.highlights(state, player) if player is not None else {}
            self.page.board(self.game.render_svg(state, player, **highlights, **shape))
            if player is not None:
                self.page.send("mark", self.interaction.clickable(state, player))
            return
        problem = self.problem(state)
        marks = problem.marks if problem else {}
        self.page.board(self.game.render_svg(state, None, **marks, **shape))
        self.page.send("mark", self.edit.targets(state))

    def _mover(self) -> int | None:
        movers = () if self.game.is_over(self.shown) else self.game.to_move(self.shown)
        return movers[0] if movers else None

    def _content(self) -> list[Any]:
        problem = self.problem(self.shown)
        return [
            h("h1", _("Position editor")),
            h("form", h("label", _("Game "),
                        h("select", [h("option", g.title, value=name, selected=name == self.game.name)
                                     for name, g in sorted(GAMES.items(), key=lambda item: item[1].title)],
                          name="game", id="editor-game")),
              on_change=self.on_game, class_="row"),
            h("div",
              h("div", id="board", class_="board-host", aria_label=_("Board"), on_click=self.on_board),
              h("aside", self._side(problem), class_="side editor-side", id="editor-side"),
              class_="game-layout editor-layout", data_game=self.game.name),
            self._sources(),
            self._export(problem),
            self.lesson.section(self.game.name, self.game.position_text(self.start), self.move_texts())
            if self.moves and self.problem(self.start) is None else None,
        ]

    def _side(self, problem: Problem | None) -> list[Any]:
        verdict = h("p", _("Not consistent: {reason}").format(reason=problem.reason), class_="error",
                    id="editor-verdict", role="status") if problem else \
            h("p", _("The position is consistent."), id="editor-verdict", class_="ok", role="status")
        parts: list[Any] = [verdict,
                            h("p", self.message, class_="error", id="editor-message", role="alert")
                            if self.message else None,
                            h("div", self._mode_button("edit", _("Place pieces")),
                              self._mode_button("play", _("Play moves")), class_="row", role="group",
                              aria_label=_("What a click on the board does"))]
        parts.append(self._tools() if self.mode == "edit" else self._play())
        parts.append(self._settings())
        parts.append(self._moves())
        return parts

    def _mode_button(self, mode: str, label: str) -> Any:
        return h("button", label, type="button", id=f"mode-{mode}", class_="" if self.mode == mode else "secondary",
                 aria_pressed="true" if self.mode == mode else "false",
                 on_click=lambda e: self.set_mode(mode))

    def _tools(self) -> Any:
        tools = self.edit.tools(self.shown)
        return h("div",
                 h("p", _("Choose what a click puts on the board:"), class_="muted"),
                 h("div", [h("button", swatch(t.fill) if t.fill else None, t.mark or t.label, type="button",
                             class_="tool" + ("" if t.key == self.tool else " secondary"),
                             aria_pressed="true" if t.key == self.tool else "false",
                             aria_label=t.label, title=t.label, data_tool=t.key,
                             on_click=lambda e, key=t.key: self.choose_tool(key))
                           for t in tools], class_="tools row"),
                 h("div", h("button", _("Empty the board"), type="button", class_="secondary", id="editor-clear",
                            on_click=self.clear), class_="row"),
                 id="editor-tools")

    def _play(self) -> Any:
        player = self._mover()
        if player is None:
            return h("p", _("The game is over: no move can follow."), class_="muted", id="editor-prompt")
        buttons = [h("button", b.label, type="button", class_="" if b.primary else "secondary",
                     on_click=lambda e, b=b: self.play(player, b.action) if b.action is not None else self.step(b.step))
                   for b in self.interaction.buttons(self.shown, player)]
        return h("div", h("p", self.game.status_text(self.shown), id="status"),
                 h("p", self.interaction.prompt(self.shown, player), class_="muted", id="editor-prompt"),
                 h("div", buttons, class_="controls", id="game-buttons"))

    def _settings(self) -> Any:
        state = self.shown
        chosen = self.edit.options(state)
        return h("form",
                 h("fieldset", h("legend", _("The position")),
                   [h("label", s.label, " ",
                      h("select", [h("option", label, value=value, selected=value == s.value)
                                   for value, label in s.choices], name=f"set-{s.name}", id=f"set-{s.name}"))
                    for s in self.edit.settings(state)],
                   h("label", h("input", type="checkbox", name="diagram", id="editor-diagram",
                                checked=self.diagram),
                     _("A diagram: pieces may be left out")) if self.edit.DIAGRAMS else None),
                 h("fieldset", h("legend", _("Options and rule readings")),
                   [option_input(o, chosen[o.name]) for o in self.game.options if o.name in chosen]),
                 id="editor-settings", class_="stack", on_change=self.on_settings)

    def _moves(self) -> Any:
        items = [h("li", h("button", _("Start position"), type="button", class_="link", data_ply="0",
                           aria_current="step" if self.cursor == 0 else None,
                           on_click=lambda e: self.go(0)))]
        for ply, (player, action) in enumerate(self.moves, 1):
            text = self.game.record_text(self.states[ply - 1], player, action)
            items.append(h("li", h("button", text, type="button", class_="link", data_ply=str(ply),
                                   aria_current="step" if self.cursor == ply else None,
                                   on_click=lambda e, ply=ply: self.go(ply))))
        steps = (("first", "|◀", _("First position"), 0), ("previous", "◀", _("Previous move"), self.cursor - 1),
                 ("next", "▶", _("Next move"), self.cursor + 1), ("last", "▶|", _("Last move"), len(self.moves)))
        return h("section",
                 h("h2", _("Moves")),
                 h("ol", items, class_="editor-moves", id="editor-moves"),
                 h("div", [h("button", mark, type="button", class_="secondary", aria_label=label, title=label,
                             id=f"editor-{key}", disabled=not 0 <= ply <= len(self.moves) or ply == self.cursor,
                             on_click=lambda e, ply=ply: self.go(ply))
                           for key, mark, label, ply in steps], class_="row"),
                 h("p", _("A move played at an earlier position starts a new line there: the later moves go."),
                   class_="muted"),
                 aria_label=_("Moves"))

    def _sources(self) -> Any:
        game = self.game
        examples = get_record(game.name).examples
        saved = self._saved_entries()
        return h("section",
                 h("h2", _("Start from")),
                 h("form", h("h3", _("A new game")),
                   h("label", _("Number of players "),
                     h("select", [h("option", str(n), value=str(n)) for n in range(game.min_players,
                                                                                 game.max_players + 1)],
                       name="players", id="new-players")),
                   h("label", _("Seed "), h("input", type="number", min="0", value=str(SEED), name="seed",
                                              id="new-seed")),
                   h("button", _("Set up"), type="submit", id="new-game"),
                   on_submit=self.on_new, class_="row"),
                 h("form", h("h3", _("A rulebook example")),
                   h("label", _("Example "), h("select", [h("option", _(ex.title), value=ex.name) for ex in examples],
                                                 name="example", id="from-example")),
                   h("button", _("Open"), type="submit", id="open-example"),
                   on_submit=self.on_example, class_="row") if examples else None,
                 h("form", h("h3", _("A saved game")),
                   h("label", _("Saved game "),
                     h("select", [h("option", f"{e.title} · {e.players} · " + ngettext("{n} move", "{n} moves", e.moves)
                                    .format(n=e.moves), value=e.id) for e in saved],
                       name="save", id="from-save")),
                   h("button", _("Open"), type="submit", id="open-save"),
                   on_submit=self.on_save, class_="row") if saved else None,
                 h("form", h("h3", _("Pasted text")),
                   h("label", _("A position in the game's notation, or a state's JSON"),
                     h("textarea", name="text", rows="3", id="paste-text", spellcheck="false")),
                   h("button", _("Read"), type="submit", id="read-paste"),
                   on_submit=self.on_paste, class_="stack"),
                 id="editor-sources", class_="panel stack")

    def _saved_entries(self) -> list[Entry]:
        """The saved games of this game that open, newest first (read once per editor)."""
        if self._saved is None:
            done, entries = working.first(self.app.saves.listing())
            if not done:
                self._saved = []
                self.page.spawn(self._list_later())
                return []
            self._saved = list(entries or ())
        return [e for e in self._saved if not e.problem and e.title == self.game.title]

    async def _list_later(self) -> None:
        self._saved = list(await working.finish(self.app.saves.listing()))
        self.render()

    def _export(self, problem: Problem | None) -> Any:
        """The exports: the position and the moves in view, the SVG and the embed snippet (large:
        drawn when asked for), each with a button that copies it."""
        if problem is not None:
            return h("section", h("h2", _("Export")),
                     h("p", _("Only a consistent position can be exported."), class_="muted"),
                     id="editor-export", class_="panel")
        texts = self.exports(code=self.show_code)
        names = {"position": _("Position"), "moves": _("Moves"), "svg": _("The board as SVG"),
                 "snippet": _("The embed snippet for a web page")}
        return h("section", h("h2", _("Export")),
                 [h("div", h("label", names[key], h("textarea", text, readonly=True, rows="3", id=f"export-{key}",
                                                   spellcheck="false")),
                     h("button", _("Copy"), type="button", class_="secondary", id=f"copy-{key}",
                       on_click=lambda e, text=text: self.page.send(
                           "copy", text, _("Copied."), _("Copy this text:"))),
                     class_="stack")
                  for key, text in texts.items()],
                 h("div",
                   None if self.show_code else h("button", _("Show the SVG and the embed snippet"), type="button",
                                                 class_="secondary", id="show-code", on_click=self.on_show_code),
                   h("a", _("Open as a live diagram"), href=self.diagram_link(), target="_blank", rel="noopener",
                     id="editor-live", class_="button"),
                   class_="row"),
                 id="editor-export", class_="panel stack")

    def on_show_code(self, event: Event) -> None:
        self.show_code = True
        self.render()

    def exports(self, code: bool = True) -> dict[str, str]:
        """The texts to export: the starting position, the moves and (``code``) the board shown
        as SVG and the embed's element, with the starting position's SVG inside."""
        position = self.game.position_text(self.start)
        moves = self.move_texts()
        texts = {"position": position, "moves": "\n".join(moves)}
        if code:
            texts["svg"] = self.game.render_svg(self.shown, None)
            texts["snippet"] = embed_snippet(self.game.name, position, moves, None,
                                             self.game.render_svg(self.start, None),
                                             choices=first_choices(self.game, self.start, None))
        return texts

    def move_texts(self) -> list[str]:
        return [self.game.record_text(self.states[ply], player, action)
                for ply, (player, action) in enumerate(self.moves)]

    def diagram_link(self) -> str:
        """``diagram.html`` with the position, the moves and the language in its address's fragment."""
        fields = {"game": self.game.name, "position": self.game.position_text(self.start),
                  "moves": "\n".join(self.move_texts()), "lang": language()}
        return f"./{DIAGRAM_PAGE}#{urlencode(fields)}"

    # ----------------------------------------------------------------- events
    def on_game(self, event: Event) -> None:
        if event.value in GAMES and event.value != self.game.name:
            self.choose_game(event.value)
            self.render()

    def set_mode(self, mode: str) -> None:
        if mode == "play":
            problem = self.problem(self.shown)
            if problem is not None:
                self.message = _("Make the position consistent before playing on: {reason}").format(
                    reason=problem.reason)
                self.render()
                return
        self.mode, self.message = mode, ""
        self.interaction.reset()
        self.render()

    def choose_tool(self, key: str) -> None:
        self.tool, self.message = key, ""
        self.render()

    def clear(self, event: Event) -> None:
        self.edited(self.edit.cleared(self.shown))
        self.render()

    def on_board(self, event: Event) -> None:
        if self.mode == "play":
            player = self._mover()
            if player is None:
                return
            action = self.interaction.click(self.shown, player, dict(event.data))
            if action is not None:
                self.play(player, action)
                return
            self._board()
            self.page.replace("editor-side", self._side(self.problem(self.shown)))
            return
        try:
            state = self.edit.place(self.shown, self.tool, event.data)
        except EditError as exc:
            self.message = str(exc)
        else:
            self.edited(state)
        self.render()

    def on_settings(self, event: Event) -> None:
        """A setting, an option or the diagram box changed: the form's fields, all at once."""
        form = event.form
        state = self.shown
        try:
            for setting in self.edit.settings(state):
                value = form.get(f"set-{setting.name}", setting.value)
                if value != setting.value:
                    state = self.edit.with_setting(state, setting.name, value)
            chosen = self.edit.options(state)
            values = {o.name: _option_value(o.default, form.get(f"opt-{o.name}")) for o in self.game.options
                      if o.name in chosen}
            if values != chosen:
                state = self.edit.with_options(state, values)
        except (EditError, ValueError) as exc:
            self.message = str(exc)
            self.render()
            return
        self.diagram = "diagram" in form
        if state != self.shown:
            self.edited(state)
        self.render()

    def play(self, player: int, action: Any) -> None:
        """Play ``action`` on the position shown (the moves after it give way)."""
        try:
            after = self.game.apply(self.shown, player, action)
        except IllegalAction as exc:
            self.message = str(exc)
        else:
            del self.moves[self.cursor:], self.states[self.cursor + 1:]
            self.moves.append((player, action))
            self.states.append(after)
            self.cursor += 1
            self.message = ""
        self.interaction.reset()
        self.render()

    def step(self, key: str) -> None:
        self.interaction.step(key)
        self.render()

    def go(self, ply: int) -> None:
        if 0 <= ply <= len(self.moves):
            self.cursor = ply
            self.interaction.reset()
            self.render()

    def on_new(self, event: Event) -> None:
        players, seed = event.form.get("players", ""), event.form.get("seed", "").strip()
        if not (players.isdigit() and seed.isdigit()):
            self.message = _("The seed must be a whole number (0 or more).")
        else:
            try:
                self.begin(self.game.new_game(int(players), seed=int(seed)), diagram=False)
            except ValueError as exc:
                self.message = str(exc)
        self.render()

    def on_example(self, event: Event) -> None:
        """Open a rulebook example: its position (a diagram), its moves recorded, shown at its start."""
        chosen = {ex.name: ex for ex in get_record(self.game.name).examples}.get(event.form.get("example", ""))
        if chosen is not None:
            start = chosen.start()
            moves = read_moves(self.game, start, chosen.moves)
            self.begin(start, [(player, action) for player, action, _after in moves], diagram=True)
        self.render()

    def on_save(self, event: Event) -> None:
        text = self.app.saves.store.get(PREFIX + event.form.get("save", ""))
        try:
            session = Session.from_text(text)
        except SaveError as exc:
            self.message = str(exc)
        else:
            if session.game is not self.game:
                self.choose_game(session.game.name)
            self.begin(session.states[0], [(m.player, m.action) for m in session.moves], len(session.moves),
                       diagram=session.given_start)
        self.render()

    def on_paste(self, event: Event) -> None:
        text = event.form.get("text", "").strip()
        try:
            if text.startswith("{"):
                state = self.game.state_from_json(read_json(text, STATE_LIMITS, InvalidState))
            else:
                state = self.game.parse_position(text)
        except InvalidState as exc:
            self.message = _("Could not read it: {reason}").format(reason=exc)
        else:
            self.begin(state, diagram=False)
            self.diagram = self.problem(state) is not None  # (a position with pieces left out: a diagram)
        self.render()


def _option_value(default: Any, value: str | None) -> Any:
    """An option's value as the form sends it (a box: there or not; a number: its digits)."""
    if isinstance(default, bool):
        return value is not None
    if isinstance(default, int):
        return int(value) if value is not None and value.lstrip("-").isdigit() else default
    return default if value is None else value

