"""The game screen: board, controls, move log with replay, undo, hotseat privacy, end of game.

Only the page work is here; what to show and what a click or a computer player's answer
does is decided by :class:`pygame_rules.controller.Controller`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window

from pygame_rules import IllegalAction
from pygame_rules.controller import BotRequest, Controller
from pygame_rules.session import Session

from . import dom, storage
from .dom import h
from .games import interaction_for

if TYPE_CHECKING:
    from .app import App


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
        if any(seat.is_bot for seat in session.seats):
            window.pygameRules.call("ping", "{}")  # start the worker's Python early

    @property
    def state(self) -> Any:
        return self.session.state

    # -------------------------------------------------------------- render
    def render(self) -> None:
        player = self.controller.acting_player()
        passing = self.controller.pass_to()
        if passing is not None:
            self._render_pass_screen(passing)
        else:
            dom.replace(self.app.root, h("div",
                                         h("div", id="board", class_="board-host", aria_label="Board"),
                                         h("aside", self._side_panel(player), class_="side"),
                                         class_="game-layout", id="game", data_game=self.game.name))
            self._render_board(player)
        dom.prune_handlers()
        self._start_bot()

    def _render_pass_screen(self, player: int) -> None:
        name = self.names[player]

        def reveal(_: Any) -> None:
            self.controller.reveal(player)
            self.render()

        dom.replace(self.app.root, h(
            "section",
            h("h1", f"Pass the device to {name}"),
            h("p", "The next screen shows private information. Only "
              f"{name} should look."),
            h("button", f"I am {name}: show my view", id="reveal", on_click=reveal, autofocus=True),
            h("button", "Menu", class_="secondary", on_click=lambda e: self.app.show_home()),
            class_="panel pass-screen", id="pass-screen"))
        dom.by_id("reveal").focus()

    def _render_board(self, player: int | None) -> None:
        host = dom.by_id("board")
        board = self.controller.board(self.interaction)
        svg = self.game.render_svg(board.state, board.viewer, palette=self.palette, names=self.names,
                                   **board.highlights)
        dom.set_svg(host, svg)
        dom.bind(host, "click", self._on_board_click)
        dom.bind(host, "keydown", self._on_board_key)
        if player is not None:
            for target in self.interaction.clickable(self.state, player):
                nodes = host.querySelectorAll(_selector(target))
                if nodes.length:  # one tab stop per thing: the topmost (last drawn) element
                    node = nodes.item(nodes.length - 1)
                    node.setAttribute("tabindex", "0")
                    node.setAttribute("role", "button")
                    node.classList.add("focusable")

    def _side_panel(self, player: int | None) -> Any:
        over = self.game.is_over(self.state)
        status = self.game.status_text(self.state, self.names)
        parts: list[Any] = [h("p", status, class_="status", id="status", aria_live="polite")]
        viewing, thinking = self.controller.viewing, self.controller.thinking
        if thinking is not None and not over:
            parts.append(self._thinking_line(thinking.player))
        if viewing is not None:
            parts.append(h("div",
                           h("p", f"Viewing the position after move {viewing} (read only)."
                             if viewing else "Viewing the starting position (read only)."),
                           h("button", "Back to the present", id="back-to-present",
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
        undo_reason = self.controller.undo_blocker()
        parts.append(h("div",
                       h("button", "Undo", id="undo", class_="secondary", on_click=self.undo,
                         title=f"Can't undo: {undo_reason}" if undo_reason else "Take back the last move",
                         aria_disabled="true" if undo_reason else None),
                       h("button", "Export", id="export", class_="secondary", on_click=self.export),
                       h("button", "Copy position", id="copy-position", class_="secondary",
                         on_click=self.copy_position),
                       h("button", "Menu", id="menu", class_="secondary", on_click=lambda e: self.app.show_home()),
                       class_="controls"))
        return [h("div", parts, class_="panel"), self._scores_panel() if not over else None, self._log_panel()]

    def _scores_panel(self) -> Any:
        scores = self.game.scores(self.state)
        rows = [h("tr", h("td", dom.swatch(self.palette[p]), " ", self.names[p]), h("td", str(scores[p])))
                for p in range(len(self.names))]
        return h("div", h("h2", "Score"), h("table", h("tbody", rows), class_="scores"), class_="panel")

    def _final_scores(self) -> Any:
        table = self.controller.score_table()
        head = h("tr", h("th", "Category"), [h("th", n, class_="winner" if p in table.winners else None)
                                             for p, n in enumerate(self.names)])
        body = [h("tr", h("td", label), [h("td", str(points)) for points in row]) for label, row in table.rows]
        total = h("tr", h("th", "Total"), [h("th", str(s)) for s in table.totals])
        won = " and ".join(self.names[p] for p in table.winners)
        return h("div",
                 h("h2", f"Game over: {won} {'win' if len(table.winners) > 1 else 'wins'}!", id="winner"),
                 h("table", h("thead", head), h("tbody", body, total), class_="scores", id="final-scores"),
                 h("div", h("button", "Play again", id="play-again", on_click=self.play_again),
                   h("button", "New game", class_="secondary",
                     on_click=lambda e: self.app.show_setup(self.game, len(self.names), self.controller.setup_seats())),
                   class_="controls"),
                 class_="final")

    def _log_panel(self) -> Any:
        viewing = self.controller.viewing
        items = [h("li", h("button", "Start", on_click=lambda e: self.view_move(0),
                           aria_current="true" if viewing == 0 else None), class_="log-start")]
        for k, move in enumerate(self.session.moves, 1):
            items.append(h("li", h("button", f"{self.names[move.player]}: {move.text}",
                                   on_click=lambda e, k=k: self.view_move(k),
                                   aria_current="true" if viewing == k else None)))
        return h("div", h("h2", "Moves"), h("ol", items, class_="log", id="log", start="0"), class_="panel")

    # ------------------------------------------------------------- actions
    def play(self, player: int, action: Any) -> None:
        try:
            self.controller.play(player, action)
        except IllegalAction as exc:
            dom.toast(f"Not allowed: {exc}", error=True)
            return
        self.after_change()

    def step(self, step: str) -> None:
        self.interaction.step(step)
        self.render()

    def after_change(self) -> None:
        """Save and show the game after a move or an undo (any half-made choice is gone)."""
        self.interaction.reset()
        self.app.saved(storage.save(self.session))
        self.render()

    def undo(self, _: Any) -> None:
        reason = self.controller.undo_blocker()
        if reason:
            dom.toast(f"Can't undo: {reason}.", error=True)
            return
        count = self.controller.undo()
        self.after_change()
        dom.toast("Move taken back." if count == 1 else f"{count} moves taken back.")

    def view_move(self, index: int | None) -> None:
        self.controller.view_move(index)
        self.interaction.reset()
        self.render()

    def play_again(self, _: Any) -> None:
        self.app.open_session(self.controller.rematch())

    # --------------------------------------------------------------- bots
    def _start_bot(self) -> None:
        """If a computer player must act and none is thinking yet, ask the worker."""
        request = self.controller.next_bot_request()
        if request is not None:
            dom.spawn(self._bot_move(request))
            self._show_thinking(request.player)

    def _thinking_line(self, player: int) -> Any:
        seat = self.session.seats[player]
        return h("p", h("span", class_="spinner", aria_hidden="true"),
                 f" {seat.name} ({seat.kind}) is thinking…", id="thinking", role="status")

    def _show_thinking(self, player: int) -> None:
        status = dom.by_id("status")
        if status and not dom.by_id("thinking"):
            status.after(self._thinking_line(player))

    async def _bot_move(self, request: BotRequest) -> None:
        """One decision of a computer player, worked out in the worker from its own view."""
        try:
            reply = str(await window.pygameRules.call("bot_move", request.payload))
            if self.app.screen is not self:
                return  # the player left this game meanwhile
            played = self.controller.bot_replied(request, reply)
        except Exception as exc:
            self.controller.bot_done(request)
            if self.app.screen is self:
                dom.toast(f"{self.names[request.player]} could not move: {exc}", error=True)
                self.render()
            return
        if played:
            self.after_change()
        else:  # the position changed while it thought (undo, a simultaneous move): think again
            self.render()

    def export(self, _: Any) -> None:
        dom.download(*self.controller.export())

    async def copy_position(self, _: Any) -> None:
        text = self.controller.position_text()
        try:
            await window.navigator.clipboard.writeText(text)
            dom.toast("Position copied.")
        except Exception:
            window.prompt("Copy this position:", text)

    # --------------------------------------------------------------- board
    def _on_board_click(self, event: Any) -> None:
        player = self.controller.acting_player()
        if player is None:
            return
        target = _clicked_thing(event)
        if not target:
            return
        action = self.interaction.click(self.state, player, target)
        if action is not None:
            self.play(player, action)
        else:
            self.render()
            _refocus(target)

    def _on_board_key(self, event: Any) -> None:
        if event.key in ("Enter", " "):
            event.preventDefault()
            self._on_board_click(event)


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
