"""The game screen: board, controls, move log with replay, undo, hotseat privacy, end of game.

What to show and what a click or a computer player's answer does is decided by
:class:`pygame_rules.controller.Controller`; this screen draws it through the app's page
(:class:`~webui.page.Page`) and runs the computer players and hints in slices
(:mod:`.working`). Pure Python: it runs in the worker and, for the tests, in CPython.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from pygame_rules import IllegalAction, turns
from pygame_rules.bots.hint import Hint, hint_text
from pygame_rules.controller import BotRequest, Controller
from pygame_rules.i18n import N_, _, language, ngettext
from pygame_rules.registry import interaction_for
from pygame_rules.service import replying
from pygame_rules.session import Session
from pygame_rules.whynot import is_choice, why_not

from . import autoplay, ending, working
from .chart import Scores
from .ending import share_button
from .markup import Element, Html, h, swatch, written
from .pace import SLIDE_MS, Pacer, hold, slide, waits_for_reader
from .page import Event

if TYPE_CHECKING:
    from .shell import Shell

#: How a computer player's strength is named while it thinks.
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
#: The replay's keys and buttons: a step of the record ("first", "previous", "next", "last").
REPLAY_KEYS = {"Home": "first", "ArrowLeft": "previous", "ArrowRight": "next", "End": "last"}
#: How many of the move log's entries a render writes at once. A longer log (a long game opened,
#: its language switched) is written this many at a time, the newest first, each in a task of its
#: own: a finished game's 450 entries took one task of about 100 ms.
LOG_SLICE = 60
REPLAY_BUTTONS = (("first", "|◀", N_("First position")), ("previous", "◀", N_("Previous move")),
                  ("next", "▶", N_("Next move")), ("last", "▶|", N_("Last move (the present)")))


class GameScreen:
    """Plays one session; re-renders from its controller after every change."""

    def __init__(self, app: Shell, session: Session) -> None:
        self.app = app
        #: Whether this screen is the one on show (it stops everything it started when left).
        self.on_show = True
        self.session = session
        self.game = session.game
        self.controller = Controller(session)
        self.names = self.controller.names
        self.palette = self.controller.palette
        self.interaction = interaction_for(self.game)
        self.interaction.names = self.names
        #: The log's entries as written, by language, move and look (see _log_item).
        self._log_items: dict[tuple[str, int | None, int, bool, bool, bool, bool, bool], Html] = {}
        #: The log's entries of turns of several moves as written, by look (see _log_group), and
        #: their lines, by language, reader and moves.
        self._log_groups: dict[tuple[Any, ...], Html] = {}
        self._summaries: dict[tuple[str, int | None, int, int], str] = {}
        #: The turns of the record (see pygame_rules.turns), as the log was last written.
        self._turns: list[range] = []
        #: The turns (by their first move) the reader opened (True) or closed (False) in the log.
        self._opened: dict[int, bool] = {}
        #: When the computers' moves may be shown.
        self.pacer = Pacer()
        #: The record's positions as scored for the chart (a replay draws it at every click).
        self.scores = Scores(self.game)
        #: The log's entries on the page (None: the game's layout is not, e.g. behind a pass screen),
        #: those from move ``_log_first`` on; the earlier ones are being written (see _write_log).
        self._log_shown: list[Html] | None = None
        self._log_first = 0
        #: Counts the renders: the slices of an earlier one's log stop once another came.
        self._renders = 0
        #: The language the layout was written in.
        self._language = ""
        #: How many moves of the record were on screen at the last render (None: none yet).
        self._drawn: int | None = None
        #: The hint on screen: the number of moves before it, the player and the hint.
        self.hint: tuple[int, int, Hint] | None = None
        self._hint_asked = False
        #: The turn just over that made something public, while the computers wait for the
        #: reader's "Continue" (see _find_moment), and the turns (first moves) continued from.
        self.moment: turns.Moment | None = None
        self._continued: set[int] = set()
        #: A click on the board of a past moment asked about (the banner asks: back to the present?).
        self._replay_asked = False
        #: The number of moves Undo went back to: an only possible move there waits for the
        #: person (else it would come straight back), until a move is made.
        self._undone: int | None = None
        #: The computer player's decision or the hint being worked out (cancelled on leaving).
        self._work: set[asyncio.Future[Any]] = set()
        self.page = app.page

    @property
    def state(self) -> Any:
        return self.session.state

    # -------------------------------------------------------------- render
    def render(self) -> None:
        if self._play_forced():
            return  # (drawn by the render after the move)
        player = self.controller.acting_player()
        passing = self.controller.pass_to()
        self._turns = turns.turns(self.session)
        self.moment = self._find_moment()
        if passing is not None:
            self._render_pass_screen(passing)
            self._log_shown = None
        else:
            if self._log_shown is None or self._language != language():
                self._render_layout()
            panel = self._side_panel(player)
            self.page.update("side-now", panel)
            self.page.mark_class("side", "with-turn-bar", panel[0] is not None)  # (its first part: the bar)
            self._write_log()
            self._render_board(player)
            self.page.send("scroll-log")  # the replay's buttons, never drawn anew, keep the focus
        self._show_news(player, passing is not None)
        self._start_bot()

    def _render_layout(self) -> None:
        """The screen's frame, once per game screen and language: the board's host, the side
        panel's changing part (``#side-now``) and the log. Later renders write the board and
        ``#side-now`` and only the log entries that changed, so that a long game's log is not
        parsed, styled and laid out anew for every click."""
        self.page.replace("app", h("div",
                                     h("div", id="board", class_="board-host", aria_label=_("Board"),
                                       on_click=self._on_board_click),
                                     h("aside", h("div", id="side-now", class_="side-now"), self._log_panel(),
                                       class_="side", id="side"),
                                     class_="game-layout", id="game", data_game=self.game.name))
        self._log_shown, self._language = [], language()

    def _render_pass_screen(self, player: int) -> None:
        name = self.names[player]

        def reveal(event: Event) -> None:
            self.controller.reveal(player)
            self.render()

        self.page.replace("app", h(
            "section",
            h("h1", _("Pass the device to {name}").format(name=name)),
            h("p", _("The next screen shows private information. Only {name} should look.").format(name=name)),
            h("button", _("I am {name}: show my view").format(name=name), id="reveal", on_click=reveal,
              autofocus=True),
            h("button", _("Menu"), class_="secondary", on_click=lambda e: self.app.show_home()),
            class_="panel pass-screen", id="pass-screen"))
        self.page.send("focus", "#reveal")

    def _render_board(self, player: int | None) -> None:
        board = self.controller.board(self.interaction)
        highlights = dict(board.highlights)
        if self.hint is not None and player is not None and not self.interaction.highlights(self.state, player):
            highlights = self.interaction.replay_highlights(self.state, player, self.hint[2].action)
        options = getattr(self.interaction, "board_options", None)  # e.g. an upright board on a phone
        if options is not None:
            highlights.update(options(self.app.board_width))
        svg = self.game.render_svg(board.state, board.viewer, palette=self.palette, names=self.names, **highlights)
        # (our renderers escape every text in it; marks pulse only when news come: _pulse)
        self.page.board(svg)
        if player is not None:  # what can be chosen now becomes the board's controls (app/boardkeys.js)
            self.page.send("mark", self.interaction.clickable(self.state, player))

    def drawn_otherwise(self, width: float, other: float) -> bool:
        """Whether the board is drawn otherwise ``other`` CSS pixels wide than ``width`` wide
        (upright below some width, :meth:`_render_board`)."""
        options = getattr(self.interaction, "board_options", None)
        return options is not None and bool(options(width) != options(other))

    def _side_panel(self, player: int | None) -> Any:
        """The status, the controls and the scores: of the position shown, so in a replay
        those of that moment, under a banner saying so. Whose turn it is (in the players'
        colours), the prompt and the step's buttons, or the replay's banner, or the moment the
        computers wait at, are the turn bar (``#turn-bar``), which stays in view wherever the
        page is scrolled (``style.css``); the other controls, a replay's chart or the end's
        table follow it."""
        shown = self.controller.shown
        over = self.controller.is_over if self.controller.viewing is None else self.game.is_over(shown)
        status = self.game.status_text(shown, self.names)
        colours = [] if over else [swatch(self.palette[p]) for p in self.game.to_move(shown)]
        parts: list[Any] = [h("p", colours, status, class_="status", id="status") if not over else None]  # (or #winner)
        viewing, thinking = self.controller.viewing, self.controller.thinking
        if viewing is None and player is not None and self._turn_changed(player):
            parts.insert(0, h("p", swatch(self.palette[player]), _("Your turn, {name}").format(name=self.names[player]),
                              class_="your-turn", id="your-turn", role="status"))
        if thinking is not None and not self.controller.is_over:
            parts.append(self._thinking_line(thinking.player))
        below: list[Any] = []  # (after the turn bar)
        if viewing is not None:
            parts.append(self._replay_banner(viewing))
            below.append(ending.chart(self, viewing))
        elif over:
            below.append(self._final_scores())
        elif player is not None:
            parts.append(h("p", self.interaction.prompt(self.state, player), class_="muted", id="prompt"))
            buttons = [h("button", b.label, class_="" if b.primary else "secondary",
                         on_click=lambda e, b=b: self.play(player, *b.actions) if b.action is not None
                         else self.step(b.step))
                       for b in self.interaction.buttons(self.state, player)]
            parts.append(h("div", buttons, class_="controls", id="game-buttons"))
            parts.append(self._hint_line(player))
        parts.append(self._moment_panel())
        undo_reason = self.controller.undo_blocker()
        below.append(h("div",
                       h("button", _("Undo"), id="undo", class_="secondary", on_click=self.undo,
                         title=_("Can't undo: {reason}").format(reason=undo_reason) if undo_reason
                         else _("Take back the last move"),
                         aria_disabled="true" if undo_reason else None),
                       h("button", _("Export"), id="export", class_="secondary", on_click=self.export),
                       share_button(self.share, id="share"),
                       h("button", _("Copy position"), id="copy-position", class_="secondary",
                         on_click=self.copy_position),
                       h("button", _("Menu"), id="menu", class_="secondary", on_click=lambda e: self.app.show_home()),
                       ending.resign_button(self),
                       class_="controls"))
        bar = [part for part in parts if part is not None]
        return [h("section", bar, class_="panel turn-bar", id="turn-bar", aria_label=_("Turn")) if bar else None,
                h("div", below, class_="panel"), self._scores_panel(shown) if viewing is not None or not over else None]

    def _replay_banner(self, viewing: int) -> Element:
        """What a replay says: which moment is shown, and the way back to the present; after a
        click on the board (read only here) it asks whether to go back."""
        if self._replay_asked:
            text = _("You are looking at move {n} — back to the present?").format(n=viewing) if viewing \
                else _("You are looking at the starting position — back to the present?")
        else:
            text = _("Viewing the position after move {n} (read only).").format(n=viewing) if viewing \
                else _("Viewing the starting position (read only).")
        return h("div", h("p", text, id="replay-says"),
                 h("button", _("Back to the present"), id="back-to-present", on_click=lambda e: self.view_move(None)),
                 class_="replay-banner replay-asked" if self._replay_asked else "replay-banner",
                 role="alert" if self._replay_asked else "status")

    def _find_moment(self) -> turns.Moment | None:
        """The last turn, if it is over, made something public (Babel's offers face up) and
        the reader has not continued from it, while only computers are to act next at a pace
        that waits for the reader (:func:`.pace.waits_for_reader`): the computers wait."""
        if not self._turns or self.controller.is_over or self.controller.acting_player() is not None \
                or not waits_for_reader(self.app.settings.pace) or self.pacer.skipping:
            return None
        last = self._turns[-1]
        if last.start in self._continued or not turns.is_over(self.session, last):
            return None
        return turns.moment(self.session, last, self.controller.viewer())

    def _waiting_for_reader(self) -> bool:
        """Whether the computers wait for the reader to continue from a moment (the pace
        may have been changed since it was shown, or the reader skipped ahead)."""
        return self.moment is not None and waits_for_reader(self.app.settings.pace) and not self.pacer.skipping

    def _moment_panel(self) -> Element | None:
        """The moment the computers wait at (:meth:`_find_moment`): what came to light, what
        the turn's player chose, who scored what, and "Continue"."""
        moment = self.moment
        if moment is None or self.controller.viewing is not None:
            return None
        name = self.names[moment.owner]
        return h("div",
                 h("h2", _("{name}'s turn is over").format(name=name)),
                 [h("p", text, class_="moment-revealed") for text in moment.revealed],
                 h("p", _("{name} chose: {moves}").format(name=name, moves=", ".join(moment.choice)))
                 if moment.choice else None,
                 h("p", _("Points: {points}").format(points=moment.points)),
                 h("button", _("Continue"), id="continue", on_click=self.continue_play),
                 class_="panel moment", id="moment", role="status")

    def continue_play(self, event: Event) -> None:
        """The reader read the moment: the computers play on."""
        if self.moment is not None:
            self._continued.add(self.moment.turn.start)
        self.render()

    def _turn_changed(self, player: int) -> bool:
        """Whether ``player`` must act after somebody else's move (not in the middle of his own turn)."""
        moves = self.session.moves
        return bool(moves) and moves[-1].player != player

    def _hint_line(self, player: int) -> Any:
        """The Hint button, and the hint once it came."""
        text = None
        if self.hint is not None:
            found = self.hint[2]
            text = h("p", _("Hint: {move} ({reason})").format(
                move=self.game.action_text(self.state, found.action, self.names, viewer=player, mover=player),
                reason=hint_text(found)),
                class_="hint-text", id="hint-text", role="status")
        elif self._hint_asked:
            text = h("p", _("Looking for a good move…"), class_="hint-text muted", id="hint-text", role="status")
        return h("div", h("button", _("Hint"), id="hint", class_="secondary", on_click=lambda e: self.ask_hint(player),
                          title=_("What would the computer do in your place?")),
                 text, class_="hint-line")

    def _scores_panel(self, state: Any) -> Any:
        """The scores in ``state`` (public in every game), the seats to move marked."""
        scores = self.game.scores(state)
        acting = set(self.game.to_move(state)) if not self.game.is_over(state) else set()
        rows = [h("tr", h("td", swatch(self.palette[p]), " ", self.names[p]), h("td", str(scores[p])),
                  class_="seat-active" if p in acting else None, aria_current="true" if p in acting else None)
                for p in range(len(self.names))]
        return h("div", h("h2", _("Score")), h("table", h("tbody", rows), class_="scores seats"), class_="panel")

    def _final_scores(self) -> Any:
        return ending.final_panel(self)

    def _log_panel(self) -> Any:
        """The log's heading, replay buttons and list; its entries come from :meth:`_log_entries`."""
        nav = h("div", [h("button", symbol, id=f"replay-{step}", class_="secondary", aria_label=_(label),
                          title=_(label), on_click=lambda e, step=step: self.replay(step))
                        for step, symbol, label in REPLAY_BUTTONS],
                class_="replay-nav", role="group", aria_label=_("Step through the game"))
        return h("div", h("h2", _("Moves")), nav,
                 h("ol", class_="log", id="log", start="0", on_click=self._on_log_click),
                 self._legend(), class_="panel log-panel")

    def _legend(self) -> Element | None:
        """What the symbols of the game's notation mean (:data:`pygame_rules.turns.LEGENDS`),
        under a line that opens it."""
        rows = turns.legend(self.game.name)
        if not rows:
            return None
        return h("details", h("summary", _("What the notation means")),
                 h("dl", [(h("dt", h("code", symbol)), h("dd", meaning)) for symbol, meaning in rows]),
                 class_="log-legend", id="log-legend")

    def _log_entries(self, start: int, end: int) -> list[Html]:
        """The log's entries ``start`` to ``end - 1``: the start, then one per turn
        (:attr:`_turns`)."""
        viewing, shown = self.controller.viewing, self.controller.ply
        turn = self.controller.last_turn(ui=self.interaction)
        entries = []
        for index in range(start, end):
            if index == 0:
                entries.append(self._log_item(0, viewing == 0, shown == 0, False))
                continue
            moves = self._turns[index - 1]
            if len(moves) == 1:
                k = moves[0]
                entries.append(self._log_item(k, viewing == k, shown == k, k in turn))
            else:
                entries.append(self._log_group(moves, viewing, shown, bool(turn) and moves[-1] >= turn[0]))
        return entries

    def _log_group(self, moves: range, viewing: int | None, shown: int, in_turn: bool) -> Html:
        """The log's entry of a turn of several moves: one line telling the turn
        (:func:`pygame_rules.turns.summary`, as the board's reader may read it), which opens
        to its moves. It is open while a move of it is viewed, unless the reader closed it;
        the reader opens and closes it (:meth:`_toggle_turn`)."""
        open_ = self._opened.get(moves.start, viewing in moves)
        holds = shown in moves
        viewer = self.controller.viewer()
        key = (language(), viewer, moves.start, moves.stop, viewing if viewing in moves else None,
               shown if holds else None, in_turn, open_, tuple(self.session.moves[k - 1].marks for k in moves))
        if key not in self._log_groups:
            items = [self._log_item(k, viewing == k, shown == k and open_, False) for k in moves]
            told = self._summaries.get((language(), viewer, moves.start, moves.stop))
            if told is None:
                told = self._summaries[(language(), viewer, moves.start, moves.stop)] = \
                    turns.summary(self.session, moves, viewer)
            automatic = (" ", _automatic_mark()) if any(self._marked(k, "automatic") for k in moves) else ()
            entry = h("li",
                      h("details",
                        h("summary", h("span", f"{moves.start}–{moves[-1]}.", class_="log-no"), " ",
                          h("span", told, *automatic, class_="log-summary")),
                        h("ol", items, class_="log-moves"),
                        open=open_ or None),
                      class_="log-group log-turn" if in_turn else "log-group", data_turn=str(moves.start),
                      data_shown="true" if holds and not open_ else None)
            self._log_groups[key] = written(entry)
        return self._log_groups[key]

    def _toggle_turn(self, first: int) -> None:
        """The reader opened or closed the log's entry of the turn from move ``first`` on (the
        page did it at once: the entry is written again as it now is, its line keeps the focus)."""
        moves = next((t for t in self._turns if t.start == first), None)
        if moves is None:
            return
        viewing = self.controller.viewing
        self._opened[first] = not self._opened.get(first, viewing in moves)
        self._write_log()
        self.page.send("focus", f"#log li[data-turn='{first}'] summary")

    def _write_log(self) -> None:
        """Bring the move log on the page up to date: the entries that changed are written now,
        and so are new ones at its end. A log that is not on the page yet gets its newest
        :data:`LOG_SLICE` entries now and the earlier ones in slices (:meth:`_write_earlier`)."""
        self._renders += 1
        count = len(self._turns) + 1
        shown = self._log_shown or []
        if not shown or self._log_first >= count:  # a new layout, or the moves on the page were taken back
            shown, self._log_first = [], max(0, count - LOG_SLICE)
        self._log_shown = self.page.update_list("log", self._log_entries(self._log_first, count), shown)
        if self._log_first:
            self.page.spawn(self._write_earlier(self._renders))

    async def _write_earlier(self, render: int) -> None:
        """Put the log's earlier entries before those on the page, :data:`LOG_SLICE` at a time, each
        slice in a task of its own, for as long as no other render came (which goes on from there)."""
        while self._log_first:
            await asyncio.sleep(0)
            if render != self._renders or self._log_shown is None or not self.on_show:
                return
            start = max(0, self._log_first - LOG_SLICE)
            earlier = self._log_entries(start, self._log_first)
            self.page.send("prepend", "log", "".join(earlier))
            self._log_shown[:0] = earlier
            self._log_first = start
            self.page.send("scroll-log")
            self.page.push()

    def _log_item(self, k: int, current: bool, shown: bool, in_turn: bool) -> Html:
        """The log's entry of the position after move ``k`` (0: the start), written once per
        language, reader and look: a long game's log is not written anew for every click. Its button
        has no handler of its own; the log's handler finds which one was clicked."""
        key = (language(), self.controller.viewer(), k, current, shown, in_turn, self._marked(k, "hint"),
               self._marked(k, "automatic"))
        if key not in self._log_items:
            if k == 0:
                entry = h("li", h("span", "", class_="log-no"),
                          h("button", _("Start"), aria_current="true" if current else None),
                          class_="log-start", data_ply="0", data_shown="true" if shown else None)
            else:
                player = self.session.moves[k - 1].player
                entry = h("li",
                          h("span", f"{k}.", class_="log-no"),
                          h("button", _("{player}: {move}").format(player=self.names[player], move=self._log_text(k)),
                            aria_current="true" if current else None),
                          h("span", _("hint"), class_="log-hint", title=_("A hint was shown for this move"))
                          if self._marked(k, "hint") else None,
                          _automatic_mark() if self._marked(k, "automatic") else None,
                          class_="log-turn" if in_turn else None, data_ply=str(k),
                          data_shown="true" if shown else None)
            self._log_items[key] = written(entry)
        return self._log_items[key]

    def _on_log_click(self, event: Event) -> None:
        """Show the position of the log entry whose button was clicked (the page sends the
        ``data-ply`` of the entry around it), or open or close the turn whose line was
        clicked (``data-turn``)."""
        ply, first = event.data.get("ply", ""), event.data.get("turn", "")
        if ply.isdigit():
            self.view_move(int(ply))
        elif first.isdigit():
            self._toggle_turn(int(first))

    def _marked(self, k: int, mark: str) -> bool:
        """Whether move ``k`` (1-based; 0: the start, which has none) has ``mark``
        (:data:`pygame_rules.session.MARKS`: the save keeps them)."""
        return k > 0 and mark in self.session.moves[k - 1].marks

    def _log_text(self, k: int) -> str:
        """The text of move ``k`` as the eyes the board is drawn for read it, in the language
        now shown (the notation is the same in every language; the words around it follow
        the language)."""
        return self.session.log_text(k, self.controller.viewer())

    def _show_news(self, player: int | None, passing: bool) -> None:
        """After a render: announce, sound and animate the moves made since the last one,
        and tell a person that it is his turn."""
        count = len(self.session.moves)
        drawn, self._drawn = self._drawn, count
        if drawn is None or count <= drawn:
            return
        # (the move is on screen once the page has it: the pace counts from then, not from the
        # drawing, which the rest of this render and a busy machine may keep from the page a while)
        self.page.when_pushed(lambda: self.pacer.shown(working.now_ms()))
        if player is not None:
            self.pacer.person_acts()
        news = [_("{player}: {move}").format(player=self.names[m.player], move=self._log_text(k))
                + (" " + _("(played automatically: the only possible move)") if "automatic" in m.marks else "")
                for k, m in enumerate(self.session.moves[drawn:], drawn + 1)]
        turn = player is not None and self._turn_changed(player)
        if turn:
            news.append(_("Your turn, {name}.").format(name=self.names[player]))  # type: ignore[index]
        if self.controller.is_over:
            news.append(self.controller.score_table().result)
        self.page.send("announce", " ".join(news))
        self.page.send("sound", "end" if self.controller.is_over else "your-turn" if turn else "move")
        if not passing and self.controller.viewing is None:
            self._pulse()
            where = slide(self.game.name, self.session.moves[-1].action) if count == drawn + 1 else None
            if where is not None and self.app.settings.animate:
                self.page.send("slide", *where, SLIDE_MS)  # the moved piece slides to its new field

    def _pulse(self) -> None:
        """Let the marks of the move or turn just shown pulse once (``play.css``), if the
        reader wants animations."""
        if self.app.settings.animate:
            self.page.send("pulse")

    # ------------------------------------------------------------- actions
    def play(self, player: int, action: Any, *more: Any, automatic: bool = False) -> None:
        """``player`` plays ``action``, then each of ``more`` (a quantity chosen at once: each
        checked by the rules in its turn, marked ``joined``: Undo takes them back together).
        The first is marked ``hint`` if it follows a hint shown for it, ``automatic`` if it is
        played for the person (:data:`pygame_rules.session.MARKS`)."""
        ply = len(self.session.moves)
        hinted = self.hint is not None and self.hint[:2] == (ply, player)
        first = tuple(mark for mark, on in (("hint", hinted), ("automatic", automatic)) if on)
        for k, each in enumerate((action, *more)):
            try:
                self.controller.play(player, each, ("joined",) if k else first)
            except IllegalAction as exc:
                self.page.toast(_("Not allowed: {reason}").format(reason=exc), error=True)
                break
        if len(self.session.moves) == ply:
            return
        self.after_change()

    def _play_forced(self) -> bool:
        """Play the person's only possible action for him, if he wants that and the step may be
        skipped (:mod:`.autoplay`); True if it was played (and the game drawn anew)."""
        ply = len(self.session.moves)
        forced = autoplay.forced_move(self.controller) if self.app.settings.skip and ply != self._undone else None
        if forced is None:
            return False
        self.play(*forced, automatic=True)
        return len(self.session.moves) > ply

    def step(self, step: str) -> None:
        self.interaction.step(step)
        self.render()

    def after_change(self) -> None:
        """Save and show the game after a move or an undo (any half-made choice is gone)."""
        self.interaction.reset()
        self.hint, self._hint_asked = None, False
        self.app.autosave(self.session)
        self.render()

    def resigned(self) -> None:
        """A person resigned (:mod:`.ending`): nothing goes on, the end is saved, shown and told."""
        self._stop_work()
        self.after_change()
        self.page.send("announce", self.controller.score_table().result)
        self.page.send("sound", "end")

    def undo(self, event: Event) -> None:
        reason = self.controller.undo_blocker()
        if reason:
            self.page.toast(_("Can't undo: {reason}.").format(reason=reason), error=True)
            return
        self._stop_work()
        count = self.controller.undo()  # (a move played with the one before it goes with it: Session.undo)
        left = self._undone = len(self.session.moves)
        self._log_items = {key: item for key, item in self._log_items.items() if key[2] <= left}
        self._log_groups = {key: item for key, item in self._log_groups.items() if key[3] <= left + 1}
        self._summaries = {key: text for key, text in self._summaries.items() if key[3] <= left + 1}
        self._opened = {first: opened for first, opened in self._opened.items() if first <= left}
        self._drawn = len(self.session.moves)
        self.after_change()
        self.page.toast(ngettext("Move taken back.", "{n} moves taken back.", count).format(n=count))

    def view_move(self, index: int | None) -> None:
        self._replay_asked = False
        self.controller.view_move(index)
        self.interaction.reset()
        self.render()
        self._pulse()

    def replay(self, step: str) -> None:
        """A step through the record: to the start, one move back or on, or to the present."""
        ply, last = self.controller.ply, len(self.session.moves)
        target = {"first": 0, "previous": ply - 1, "next": ply + 1, "last": last}[step]
        self.view_move(None if target >= last else max(target, 0))

    def play_again(self, event: Event) -> None:
        self.app.open_session(self.controller.rematch())

    async def _hint(self, player: int) -> None:
        ply = len(self.session.moves)
        try:
            answer = await _ask("hint", self.controller.hint_request(player))
            found = Hint(self.game.action_from_json(answer["action"]), answer["text"], answer["reason"],
                         tuple((str(name), value) for name, value in answer["fields"]))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            found = None
            self.page.toast(_("No hint: {error}").format(error=exc), error=True)
        self._hint_asked = False
        if self.on_show and len(self.session.moves) == ply:
            self.hint = None if found is None else (ply, player, found)
            self.render()

    def ask_hint(self, player: int) -> None:
        """Ask the service what the medium computer player would do in ``player``'s view."""
        if self._hint_asked:
            return
        self._hint_asked = True
        self.render()
        self._run(self._hint(player))

    # --------------------------------------------------------------- bots
    def _start_bot(self) -> None:
        """If a computer player must act and none is thinking yet, ask the service (in slices)."""
        request = self.controller.next_bot_request()
        if request is not None:
            self._run(self._bot_move(request))
            self._show_thinking(request.player)
        self.page.send("busy", self.controller.thinking is not None)

    def _run(self, work: Any) -> None:
        """Work this screen waits for (a decision, a hint), in the background: stopped when
        the screen is left or the position taken back."""
        task = asyncio.ensure_future(work)
        self._work.add(task)
        task.add_done_callback(self._work.discard)
        task.add_done_callback(self._report)

    def _report(self, task: asyncio.Future[Any]) -> None:
        """Work in the background ended: what it drew goes to the page now (a hint's answer
        came with no event of the page's), and an error of its is shown."""
        if not task.cancelled() and task.exception() is not None:
            self.app.page.on_error(task.exception())  # type: ignore[arg-type]
        self.page.push()

    def _stop_work(self) -> None:
        """Stop every computation this screen started (a computer player's search, a hint)."""
        for task in list(self._work):
            task.cancel()
        if self.controller.thinking is not None:
            self.controller.bot_done(self.controller.thinking)

    def leave(self) -> None:
        """The screen goes: nothing it started goes on."""
        self.on_show = False
        self._stop_work()
        self.page.send("busy", False)

    def settings_changed(self) -> None:
        """The reader changed the settings (the pace applies to the next move; a moment is
        shown or goes with it)."""
        if self.on_show and self.controller.pass_to() is None:
            self.render()

    def _thinking_line(self, player: int) -> Element:
        seat = self.session.seats[player]
        return h("p", h("span", class_="spinner", aria_hidden="true"),
                 " ", _("{name} ({level}) is thinking…").format(name=seat.name, level=_(LEVELS[seat.kind])),
                 id="thinking", role="status")

    def _show_thinking(self, player: int) -> None:
        """The computer player's spinner, after the status line (the side panel is not drawn anew)."""
        self.page.send("after", "status", "thinking", self.page.written("thinking", (self._thinking_line(player),)))

    async def _bot_move(self, request: BotRequest) -> None:
        """One decision of a computer player, worked out by the service (in slices) from its own view,
        held until its thinking time has passed since it was asked (however quickly it
        came: an easy choice must not show), then shown once the move before it has been
        on screen for the reader's pace (at once if a person must act meanwhile, as in
        Babel's sealed offers)."""
        asked = working.now_ms()
        try:
            reply = json.dumps(await _ask("bot_move", request.payload))
            await asyncio.sleep(hold(asked, working.now_ms(), request.budget_ms) / 1000)
            while self.on_show and self.controller.acting_player() is None \
                    and (wait := 50.0 if self._waiting_for_reader()
                         else self.pacer.wait(working.now_ms(), self.app.settings.pace_ms)):
                await asyncio.sleep(min(wait, 50) / 1000)  # a person who must act too is not kept waiting
            if not self.on_show:
                return  # the player left this game meanwhile
            played = self.controller.bot_replied(request, reply)
        except asyncio.CancelledError:
            self.controller.bot_done(request)
            raise
        except Exception as exc:
            self.controller.bot_done(request)
            if self.on_show:
                self.page.toast(_("{name} could not move: {error}").format(name=self.names[request.player], error=exc),
                                error=True)
                self.render()
                self.page.push()
            return
        if played:
            self.after_change()
        else:  # the position changed while it thought (undo, a simultaneous move): think again
            self.render()
        self.page.push()

    def export(self, event: Event) -> None:
        name, text = self.controller.export()
        self.page.send("download", name, text)
        self.app.exported(name)

    def share(self, event: Event) -> None:
        """Show the game's link, shared by the eyes the board is drawn for (while a game with
        hidden information goes on, the link holds only what they saw)."""
        self.app.share(self.session, self.controller.viewer())

    def copy_position(self, event: Event) -> None:
        self.page.send("copy", self.controller.position_text(), _("Position copied."), _("Copy this position:"))

    # --------------------------------------------------------------- board
    def _on_board_click(self, event: Event) -> None:
        """A click (or Enter or Space) on the board: ``event.data`` holds the ``data-*`` values
        of the innermost board element carrying any (the renderers put them on every
        clickable thing), empty on the bare board."""
        player = self.controller.acting_player()
        target = event.data
        if self.controller.viewing is not None:  # a past moment: read only, but say so
            self._replay_asked = True
            self.render()
            return
        if player is None or not target:
            return
        choosable = is_choice(target, self.interaction.clickable(self.state, player))
        before = self.interaction.highlights(self.state, player)
        action = self.interaction.click(self.state, player, target)
        if action is not None:
            self.play(player, action)
            return
        self.render()
        self.page.send("focus-board", target)  # keyboard focus stays on the element just activated
        reason = None if choosable else why_not(self.game, self.state, player, target, before)
        if reason:
            self.page.send("explain", target, _("Not possible: {reason}").format(reason=reason))

    def on_key(self, key: str, place: str, mods: bool) -> None:
        """A key anywhere on the page: while computers play, skip ahead to the present;
        else ← → Home End step through the record (not on the board, in a form field or a
        dialog: ``place``)."""
        if self.controller.thinking is not None and not self._waiting_for_reader():
            self.pacer.skip()
        step = REPLAY_KEYS.get(key)
        if step is None or mods or place or self.controller.pass_to() is not None:
            return
        self.replay(step)

    def on_pointer(self) -> None:
        """A click or tap anywhere while computers play: show their moves as they come (but
        a moment waits for its "Continue")."""
        if self.controller.thinking is not None and not self._waiting_for_reader():
            self.pacer.skip()


def _automatic_mark() -> Element:
    """The log's mark of a move played for a person, his only possible action."""
    return h("span", _("automatic"), class_="log-auto", title=_("The only possible move: played for you"))


async def _ask(method: str, payload: str) -> Any:
    """The engines' service's result for ``method`` (computed in slices), or ValueError with
    its message."""
    answer = json.loads(await working.finish(replying(method, payload)))
    if "error" in answer:
        raise ValueError(answer["error"])
    return answer["result"]
