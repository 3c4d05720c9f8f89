"""The game screen: board, controls, move log with replay, undo, hotseat privacy, end of game.

Only the page work is here; what to show and what a click or a computer player's answer
does is decided by :class:`pygame_rules.controller.Controller`.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from pygame_rules import IllegalAction
from pygame_rules.bots.hint import Hint, hint_text
from pygame_rules.controller import BotRequest, Controller
from pygame_rules.i18n import N_, _, language, ngettext
from pygame_rules.registry import interaction_for
from pygame_rules.session import Session
from pygame_rules.whynot import is_choice, why_not

from . import dom, settings, storage
from .markup import Element, Html, h, swatch, written
from .pace import SLIDE_MS, Pacer, hold, slide

if TYPE_CHECKING:
    from .app import App

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

    def __init__(self, app: App, session: Session) -> None:
        self.app = app
        self.session = session
        self.game = session.game
        self.controller = Controller(session)
        self.names = self.controller.names
        self.palette = self.controller.palette
        self.interaction = interaction_for(self.game)
        self.interaction.names = self.names
        #: The log's entries as written, by language, move and look (see _log_item).
        self._log_items: dict[tuple[str, int | None, int, bool, bool, bool, bool], Html] = {}
        #: When the computers' moves may be shown.
        self.pacer = Pacer()
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
        #: The moves (1-based) a person made after asking for a hint.
        self.hinted: set[int] = set()
        _keys.screen = self
        _keys.install()

    @property
    def state(self) -> Any:
        return self.session.state

    # -------------------------------------------------------------- render
    def render(self) -> None:
        player = self.controller.acting_player()
        passing = self.controller.pass_to()
        if passing is not None:
            self._render_pass_screen(passing)
            self._log_shown = None
        else:
            if self._log_shown is None or self._language != language() or not dom.by_id("game"):
                self._render_layout()
            dom.replace(dom.by_id("side-now"), self._side_panel(player))
            self._write_log()
            self._render_board(player)
            dom.next_frame(self._scroll_log)  # the replay's buttons, never drawn anew, keep the focus
        self._show_news(player, passing is not None)
        self._start_bot()

    def _render_layout(self) -> None:
        """The screen's frame, once per game screen and language: the board's host, the side
        panel's changing part (``#side-now``) and the log. Later renders write the board and
        ``#side-now`` and only the log entries that changed, so that a long game's log is not
        parsed, styled and laid out anew for every click."""
        dom.replace(self.app.root, h("div",
                                     h("div", id="board", class_="board-host", aria_label=_("Board"),
                                       on_click=self._on_board_click, on_keydown=self._on_board_key),
                                     h("aside", h("div", id="side-now", class_="side-now"), self._log_panel(),
                                       class_="side"),
                                     class_="game-layout", id="game", data_game=self.game.name))
        self._log_shown, self._language = [], language()

    def _render_pass_screen(self, player: int) -> None:
        name = self.names[player]

        def reveal(event: Any) -> None:
            self.controller.reveal(player)
            self.render()

        dom.replace(self.app.root, h(
            "section",
            h("h1", _("Pass the device to {name}").format(name=name)),
            h("p", _("The next screen shows private information. Only {name} should look.").format(name=name)),
            h("button", _("I am {name}: show my view").format(name=name), id="reveal", on_click=reveal,
              autofocus=True),
            h("button", _("Menu"), class_="secondary", on_click=lambda e: self.app.show_home()),
            class_="panel pass-screen", id="pass-screen"))
        dom.by_id("reveal").focus()

    def _render_board(self, player: int | None) -> None:
        host = dom.by_id("board")
        board = self.controller.board(self.interaction)
        highlights = dict(board.highlights)
        if self.hint is not None and player is not None and not self.interaction.highlights(self.state, player):
            highlights = self.interaction.replay_highlights(self.state, player, self.hint[2].action)
        options = getattr(self.interaction, "board_options", None)  # e.g. an upright board on a phone
        if options is not None:
            highlights.update(options(float(host.clientWidth)))
        svg = self.game.render_svg(board.state, board.viewer, palette=self.palette, names=self.names, **highlights)
        host.classList.remove("fresh")  # marks pulse only when news come (_pulse)
        dom.set_svg(host, svg)
        if player is not None:  # what can be chosen now becomes the board's controls (app/boardkeys.js)
            window.pygameRulesBoard.mark(json.dumps(self.interaction.clickable(self.state, player)))

    def _side_panel(self, player: int | None) -> Any:
        over = self.game.is_over(self.state)
        status = self.game.status_text(self.state, self.names)
        parts: list[Any] = [h("p", status, class_="status", id="status")]
        viewing, thinking = self.controller.viewing, self.controller.thinking
        if viewing is None and player is not None and self._turn_changed(player):
            parts.insert(0, h("p", _("Your turn, {name}").format(name=self.names[player]),
                              class_="your-turn", id="your-turn", role="status"))
        if thinking is not None and not over:
            parts.append(self._thinking_line(thinking.player))
        if viewing is not None:
            parts.append(h("div",
                           h("p", _("Viewing the position after move {n} (read only).").format(n=viewing)
                             if viewing else _("Viewing the starting position (read only).")),
                           h("button", _("Back to the present"), id="back-to-present",
                             on_click=lambda e: self.view_move(None)),
                           class_="replay-banner", role="status"))
        elif over:
            parts.append(self._final_scores())
        elif player is not None:
            parts.append(h("p", self.interaction.prompt(self.state, player), class_="muted", id="prompt"))
            buttons = [h("button", b.label, class_="" if b.primary else "secondary",
                         on_click=lambda e, b=b: self.play(player, b.action) if b.action is not None
                         else self.step(b.step))
                       for b in self.interaction.buttons(self.state, player)]
            parts.append(h("div", buttons, class_="controls", id="game-buttons"))
            parts.append(self._hint_line(player))
        undo_reason = self.controller.undo_blocker()
        parts.append(h("div",
                       h("button", _("Undo"), id="undo", class_="secondary", on_click=self.undo,
                         title=_("Can't undo: {reason}").format(reason=undo_reason) if undo_reason
                         else _("Take back the last move"),
                         aria_disabled="true" if undo_reason else None),
                       h("button", _("Export"), id="export", class_="secondary", on_click=self.export),
                       h("button", _("Copy position"), id="copy-position", class_="secondary",
                         on_click=self.copy_position),
                       h("button", _("Menu"), id="menu", class_="secondary", on_click=lambda e: self.app.show_home()),
                       class_="controls"))
        return [h("div", parts, class_="panel"), self._scores_panel() if not over else None]

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

    def _scores_panel(self) -> Any:
        scores = self.game.scores(self.state)
        acting = set(self.game.to_move(self.state))
        rows = [h("tr", h("td", swatch(self.palette[p]), " ", self.names[p]), h("td", str(scores[p])),
                  class_="seat-active" if p in acting else None, aria_current="true" if p in acting else None)
                for p in range(len(self.names))]
        return h("div", h("h2", _("Score")), h("table", h("tbody", rows), class_="scores seats"), class_="panel")

    def _final_scores(self) -> Any:
        table = self.controller.score_table()
        head = h("tr", h("th", _("Category")), [h("th", n, class_="winner" if p in table.winners else None)
                                             for p, n in enumerate(self.names)])
        body = [h("tr", h("td", label), [h("td", str(points)) for points in row]) for label, row in table.rows]
        total = h("tr", h("th", _("Total")), [h("th", str(s)) for s in table.totals])
        return h("div",
                 h("h2", table.result, id="winner"),
                 h("table", h("thead", head), h("tbody", body, total), class_="scores", id="final-scores"),
                 h("div", h("button", _("Play again"), id="play-again", on_click=self.play_again),
                   h("button", _("New game"), class_="secondary",
                     on_click=lambda e: self.app.show_setup(self.game, len(self.names), self.controller.setup_seats())),
                   class_="controls"),
                 class_="final")

    def _log_panel(self) -> Any:
        """The log's heading, replay buttons and list; its entries come from :meth:`_log_entries`."""
        nav = h("div", [h("button", symbol, id=f"replay-{step}", class_="secondary", aria_label=_(label),
                          title=_(label), on_click=lambda e, step=step: self.replay(step))
                        for step, symbol, label in REPLAY_BUTTONS],
                class_="replay-nav", role="group", aria_label=_("Step through the game"))
        return h("div", h("h2", _("Moves")), nav,
                 h("ol", class_="log", id="log", start="0", on_click=self._on_log_click),
                 class_="panel log-panel")

    def _log_entries(self, start: int, end: int) -> list[Html]:
        """The log's entries of the positions after moves ``start`` to ``end - 1``."""
        viewing, shown = self.controller.viewing, self.controller.ply
        turn = self.controller.last_turn(ui=self.interaction)
        return [self._log_item(k, viewing == k, shown == k, k in turn) for k in range(start, end)]

    def _write_log(self) -> None:
        """Bring the move log on the page up to date: the entries that changed are written now,
        and so are new ones at its end. A log that is not on the page yet gets its newest
        :data:`LOG_SLICE` entries now and the earlier ones in slices (:meth:`_write_earlier`)."""
        self._renders += 1
        count = len(self.session.moves) + 1
        shown = self._log_shown or []
        if not shown or self._log_first >= count:  # a new layout, or the moves on the page were taken back
            shown, self._log_first = [], max(0, count - LOG_SLICE)
        self._log_shown = dom.update_list(dom.by_id("log"), self._log_entries(self._log_first, count), shown)
        if self._log_first:
            dom.spawn(self._write_earlier(self._renders))

    async def _write_earlier(self, render: int) -> None:
        """Put the log's earlier entries before those on the page, :data:`LOG_SLICE` at a time, each
        slice in a task of its own, for as long as no other render came (which goes on from there)."""
        while self._log_first:
            await window.pygameRules.queuedTask()
            if render != self._renders or self._log_shown is None or self.app.screen is not self:
                return
            start = max(0, self._log_first - LOG_SLICE)
            earlier = self._log_entries(start, self._log_first)
            dom.by_id("log").insertAdjacentHTML("afterbegin", "".join(earlier))
            self._log_shown[:0] = earlier
            self._log_first = start
            self._scroll_log()

    def _log_item(self, k: int, current: bool, shown: bool, in_turn: bool) -> Html:
        """The log's entry of the position after move ``k`` (0: the start), written once per
        language, reader and look: a long game's log is not written anew for every click. Its button
        has no handler of its own; the log's handler finds which one was clicked."""
        key = (language(), self.controller.viewer(), k, current, shown, in_turn, k in self.hinted)
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
                          if k in self.hinted else None,
                          class_="log-turn" if in_turn else None, data_ply=str(k),
                          data_shown="true" if shown else None)
            self._log_items[key] = written(entry)
        return self._log_items[key]

    def _on_log_click(self, event: Any) -> None:
        """Show the position of the log entry whose button was clicked."""
        button = event.target.closest("#log button")  # i18n: internal (a selector)
        if button:  # JsNull is falsy
            self.view_move(int(button.parentElement.dataset.ply))

    def _log_text(self, k: int) -> str:
        """The text of move ``k`` as the eyes the board is drawn for read it, in the language
        now shown (the notation is the same in every language; the words around it follow
        the language)."""
        return self.session.log_text(k, self.controller.viewer())

    def _scroll_log(self) -> None:
        """Keep the entry of the position shown in view, inside the log only (the newest
        one while playing)."""
        log = dom.by_id("log")
        item = log.querySelector("[data-shown]") if log else None
        if item:
            log.scrollTop = max(0, item.offsetTop - log.offsetTop - log.clientHeight + item.offsetHeight + 8)

    def _show_news(self, player: int | None, passing: bool) -> None:
        """After a render: announce, sound and animate the moves made since the last one,
        and tell a person that it is his turn."""
        count = len(self.session.moves)
        drawn, self._drawn = self._drawn, count
        if drawn is None or count <= drawn:
            return
        now = float(window.performance.now())
        self.pacer.shown(now)
        if player is not None:
            self.pacer.person_acts()
        news = [_("{player}: {move}").format(player=self.names[m.player], move=self._log_text(k))
                for k, m in enumerate(self.session.moves[drawn:], drawn + 1)]
        turn = player is not None and self._turn_changed(player)
        if turn:
            news.append(_("Your turn, {name}.").format(name=self.names[player]))  # type: ignore[index]
        if self.game.is_over(self.state):
            news.append(self.controller.score_table().result)
        _announce(" ".join(news))
        _sound("end" if self.game.is_over(self.state) else "your-turn" if turn else "move")
        if not passing and self.controller.viewing is None:
            _pulse()
            if count == drawn + 1:
                self._slide(self.session.moves[-1].action)

    def _slide(self, action: Any) -> None:
        """The moved piece slides from its old field to its new one (if the reader wants
        animations and the game's moves carry a piece); clicks are never held up."""
        where = slide(self.game.name, action)
        if where is None or not settings.load().animate:
            return
        host = dom.by_id("board")
        start, end = (host.querySelector(_selector(a)) for a in where)
        pieces = host.querySelectorAll(_selector(where[1]))
        if not (start and end and pieces.length):
            return
        a, b = start.getBBox(), end.getBBox()
        frames = [{"transform": f"translate({a.x - b.x}px, {a.y - b.y}px)"}, {"transform": "translate(0px, 0px)"}]
        pieces.item(pieces.length - 1).animate(to_js(frames, dict_converter=window.Object.fromEntries),
                                              to_js({"duration": SLIDE_MS, "easing": "ease-out"},
                                                    dict_converter=window.Object.fromEntries))

    # ------------------------------------------------------------- actions
    def play(self, player: int, action: Any) -> None:
        ply = len(self.session.moves)
        try:
            self.controller.play(player, action)
        except IllegalAction as exc:
            dom.toast(_("Not allowed: {reason}").format(reason=exc), error=True)
            return
        if self.hint is not None and self.hint[:2] == (ply, player):
            self.hinted.add(ply + 1)
        self.after_change()

    def step(self, step: str) -> None:
        self.interaction.step(step)
        self.render()

    def after_change(self) -> None:
        """Save and show the game after a move or an undo (any half-made choice is gone)."""
        self.interaction.reset()
        self.hint, self._hint_asked = None, False
        self.app.saved(storage.save(self.session))
        self.render()

    def undo(self, event: Any) -> None:
        reason = self.controller.undo_blocker()
        if reason:
            dom.toast(_("Can't undo: {reason}.").format(reason=reason), error=True)
            return
        count = self.controller.undo()
        self.hinted = {k for k in self.hinted if k <= len(self.session.moves)}
        self._log_items = {key: item for key, item in self._log_items.items() if key[2] <= len(self.session.moves)}
        self._drawn = len(self.session.moves)
        self.after_change()
        dom.toast(ngettext("Move taken back.", "{n} moves taken back.", count).format(n=count))

    def view_move(self, index: int | None) -> None:
        self.controller.view_move(index)
        self.interaction.reset()
        self.render()
        _pulse()

    def replay(self, step: str) -> None:
        """A step through the record: to the start, one move back or on, or to the present."""
        ply, last = self.controller.ply, len(self.session.moves)
        target = {"first": 0, "previous": ply - 1, "next": ply + 1, "last": last}[step]
        self.view_move(None if target >= last else max(target, 0))

    def play_again(self, event: Any) -> None:
        self.app.open_session(self.controller.rematch())

    async def _hint(self, player: int) -> None:
        ply = len(self.session.moves)
        try:
            answer = json.loads(str(await window.pygameRules.call("hint", self.controller.hint_request(player))))
            found = Hint(self.game.action_from_json(answer["action"]), answer["text"], answer["reason"],
                         tuple((str(name), value) for name, value in answer["fields"]))
        except Exception as exc:
            found = None
            dom.toast(_("No hint: {error}").format(error=exc), error=True)
        self._hint_asked = False
        if self.app.screen is self and len(self.session.moves) == ply:
            self.hint = None if found is None else (ply, player, found)
            self.render()

    def ask_hint(self, player: int) -> None:
        """Ask the service what the medium computer player would do in ``player``'s view."""
        if self._hint_asked:
            return
        self._hint_asked = True
        self.render()
        dom.spawn(self._hint(player))

    # --------------------------------------------------------------- bots
    def _start_bot(self) -> None:
        """If a computer player must act and none is thinking yet, ask the service (in slices)."""
        request = self.controller.next_bot_request()
        if request is not None:
            dom.spawn(self._bot_move(request))
            self._show_thinking(request.player)

    def _thinking_line(self, player: int) -> Element:
        seat = self.session.seats[player]
        return h("p", h("span", class_="spinner", aria_hidden="true"),
                 " ", _("{name} ({level}) is thinking…").format(name=seat.name, level=_(LEVELS[seat.kind])),
                 id="thinking", role="status")

    def _show_thinking(self, player: int) -> None:
        status = dom.by_id("status")
        if status and not dom.by_id("thinking"):
            status.after(dom.mount(self._thinking_line(player)))

    async def _bot_move(self, request: BotRequest) -> None:
        """One decision of a computer player, worked out by the service (in slices) from its own view,
        held until its thinking time has passed since it was asked (however quickly it
        came: an easy choice must not show), then shown once the move before it has been
        on screen for the reader's pace (at once if a person must act meanwhile, as in
        Babel's sealed offers)."""
        asked = float(window.performance.now())
        try:
            reply = str(await window.pygameRules.call("bot_move", request.payload))
            await asyncio.sleep(hold(asked, float(window.performance.now()), request.budget_ms) / 1000)
            while self.app.screen is self and self.controller.acting_player() is None \
                    and (wait := self.pacer.wait(float(window.performance.now()), settings.load().pace_ms)):
                await asyncio.sleep(min(wait, 50) / 1000)  # a person who must act too is not kept waiting
            if self.app.screen is not self:
                return  # the player left this game meanwhile
            played = self.controller.bot_replied(request, reply)
        except Exception as exc:
            self.controller.bot_done(request)
            if self.app.screen is self:
                dom.toast(_("{name} could not move: {error}").format(name=self.names[request.player], error=exc),
                          error=True)
                self.render()
            return
        if played:
            self.after_change()
        else:  # the position changed while it thought (undo, a simultaneous move): think again
            self.render()

    def export(self, event: Any) -> None:
        dom.download(*self.controller.export())

    async def copy_position(self, event: Any) -> None:
        text = self.controller.position_text()
        try:
            await window.navigator.clipboard.writeText(text)
            dom.toast(_("Position copied."))
        except Exception:
            window.prompt(_("Copy this position:"), text)

    # --------------------------------------------------------------- board
    def _on_board_click(self, event: Any) -> None:
        player = self.controller.acting_player()
        if player is None:
            return
        target = _clicked_thing(event)
        if not target:
            return
        choosable = is_choice(target, self.interaction.clickable(self.state, player))
        before = self.interaction.highlights(self.state, player)
        action = self.interaction.click(self.state, player, target)
        if action is not None:
            self.play(player, action)
            return
        self.render()
        _refocus(target)
        reason = None if choosable else why_not(self.game, self.state, player, target, before)
        if reason:
            _explain(target, reason)

    def _on_board_key(self, event: Any) -> None:
        if event.key in ("Enter", " "):
            event.preventDefault()
            self._on_board_click(event)

    def on_key(self, event: Any) -> None:
        """A key anywhere on the page: while computers play, skip ahead to the present;
        else ← → Home End step through the record (not on the board, in a form or a dialog)."""
        if self.controller.thinking is not None:
            self.pacer.skip()
        step = REPLAY_KEYS.get(str(event.key))
        node = event.target
        if step is None or event.altKey or event.ctrlKey or event.metaKey or self.controller.pass_to() is not None:
            return
        if node and node.closest and node.closest("#board, input, select, textarea, dialog, [role=dialog]"):
            return
        event.preventDefault()
        self.replay(step)

    def on_pointer(self, event: Any) -> None:
        """A click or tap anywhere while computers play: show their moves as they come."""
        if self.controller.thinking is not None:
            self.pacer.skip()


class _Keys:
    """The page's own listeners for the game screen on show (installed once per page):
    keys and pointers, and the dismissal of a "why not?" bubble at the next action."""

    def __init__(self) -> None:
        self.screen: GameScreen | None = None
        self._installed = False

    def install(self) -> None:
        if self._installed:
            return
        self._installed = True
        window.addEventListener("keydown", create_proxy(self._key), True)
        window.addEventListener("pointerdown", create_proxy(self._pointer), True)

    def _live(self) -> GameScreen | None:
        screen = self.screen
        return screen if screen is not None and screen.app.screen is screen else None

    def _key(self, event: Any) -> None:
        _dismiss_why()
        screen = self._live()
        if screen is not None:
            screen.on_key(event)

    def _pointer(self, event: Any) -> None:
        _dismiss_why()
        screen = self._live()
        if screen is not None:
            screen.on_pointer(event)


_keys = _Keys()


def _announce(text: str) -> None:
    """Say ``text`` through the page's polite live region (outside the screens, so a
    re-render does not cut it off)."""
    region = dom.by_id("announcer")
    if not region:
        region = dom.mount(h("div", id="announcer", class_="announcer", aria_live="polite", role="status"))
        window.document.body.appendChild(region)
    region.textContent = text


def _pulse() -> None:
    """Let the marks of the move or turn just shown pulse once (``play.css``), if the
    reader wants animations."""
    host = dom.by_id("board")
    if host and settings.load().animate:
        host.classList.add("fresh")


def _sound(name: str) -> None:
    """Play a sound of ``app/sound.js`` (silent unless the reader turned sound on)."""
    player = getattr(window, "pygameRulesSound", None)
    if player:
        player.play(name)


def _explain(target: dict[str, str], reason: str) -> None:
    """Show why a click did nothing, next to the element clicked, until the next action."""
    nodes = window.document.querySelectorAll(f"#board {_selector(target)}")
    if not nodes.length:
        return
    box = nodes.item(nodes.length - 1).getBoundingClientRect()
    bubble = dom.mount(h("div", _("Not possible: {reason}").format(reason=reason), id="why-not", class_="why-not",
                         role="status"))
    window.document.body.appendChild(bubble)
    width = float(bubble.offsetWidth)
    left = min(float(box.left), float(window.innerWidth) - width - 8)
    bubble.style.left = f"{max(8.0, left) + float(window.scrollX)}px"
    bubble.style.top = f"{float(box.bottom) + float(window.scrollY) + 6}px"


def _dismiss_why() -> None:
    bubble = dom.by_id("why-not")
    if bubble:
        bubble.remove()


def _clicked_thing(event: Any) -> dict[str, str]:
    """The ``data-*`` attributes of the innermost board element carrying any (the renderers
    put them on every clickable thing), or {} for a click on the bare board."""
    node = event.target
    while node and node.id != "board":
        found = dom.data_attributes(node)
        if found:
            return found
        node = node.parentElement
    return {}


def _selector(target: dict[str, str]) -> str:
    """A CSS selector for the element with exactly these ``data-*`` values."""
    return "".join(f'[data-{k}="{window.CSS.escape(v)}"]' for k, v in target.items())


def _refocus(target: dict[str, str]) -> None:
    """Keep keyboard focus on the board element that was just activated."""
    node = window.document.querySelector(f"#board {_selector(target)}[tabindex]")
    if node:  # JsNull is falsy
        node.focus()
