"""The game screen: board, controls, move log with replay, undo, hotseat privacy, end of game."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from pyscript import window
from pyodide.ffi import create_once_callable
from pyscript.ffi import to_js

from pygame_rules import IllegalAction
from pygame_rules.rng import random_seed
from pygame_rules.session import Session

from . import dom, storage
from .dom import h
from .games import interaction_for

if TYPE_CHECKING:
    from .app import App


class GameScreen:
    """Plays one session; re-renders from the session after every change."""

    def __init__(self, app: App, session: Session) -> None:
        self.app = app
        self.session = session
        self.game = session.game
        self.names = [s.name for s in session.seats]
        self.interaction = interaction_for(self.game)
        self.interaction.names = self.names
        self.viewing: int | None = None  # a past position (number of moves) shown read-only
        self.revealed_to: int | None = None  # hotseat: whose private view is on screen
        self.thinking: int | None = None  # the computer player whose move is being worked out
        humans = [p for p, seat in enumerate(session.seats) if not seat.is_bot]
        #: With one person at the device there is nobody to hide his view from.
        self.only_human = humans[0] if len(humans) == 1 else None
        if len(humans) < len(session.seats):
            window.pygameRules.call("ping", "{}")  # start the worker's Python early
        fills = dict(self.game.colours)
        self.palette = [fills.get(s.colour, s.colour) for s in session.seats]

    # ------------------------------------------------------------- helpers
    @property
    def state(self) -> Any:
        return self.session.state

    def acting_player(self) -> int | None:
        """The human whose turn it is at this device (first in seat order when several)."""
        for player in self.game.to_move(self.state):
            if not self.session.seats[player].is_bot:
                return player
        return None

    def viewer(self) -> int | None:
        """Whose eyes the board is drawn for: the acting player, or a spectator view."""
        if not self.game.hidden_information:
            return self.acting_player()
        if self.only_human is not None:
            return self.only_human
        return self.revealed_to

    # -------------------------------------------------------------- render
    def render(self) -> None:
        player = self.acting_player()
        if (self.viewing is None and self.game.hidden_information and self.only_human is None
                and player is not None and player != self.revealed_to and not self.game.is_over(self.state)):
            self._render_pass_screen(player)
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
            self.revealed_to = player
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

    def _move_highlights(self, count: int) -> dict[str, Any]:
        """Highlights showing move number ``count`` (none before the first move)."""
        if count == 0:
            return {}
        move = self.session.moves[count - 1]
        return self.interaction.replay_highlights(self.session.states[count - 1], move.player, move.action)

    def _board_state(self) -> tuple[Any, dict[str, Any]]:
        """The position to draw and its highlights: a past one, or the current choice
        (the last move while nothing is being chosen)."""
        if self.viewing is not None:
            return self.session.states[self.viewing], self._move_highlights(self.viewing)
        player = self.acting_player()
        choosing = {} if player is None or self.game.is_over(self.state) else \
            self.interaction.highlights(self.state, player)
        return self.state, choosing or self._move_highlights(len(self.session.moves))

    def _render_board(self, player: int | None) -> None:
        host = dom.by_id("board")
        state, highlights = self._board_state()
        svg = self.game.render_svg(state, self.viewer(), palette=self.palette, names=self.names,
                                   **highlights)
        dom.set_svg(host, svg)
        dom.bind(host, "click", self._on_board_click)
        dom.bind(host, "keydown", self._on_board_key)
        if self.viewing is None and player is not None:
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
        if self.thinking is not None and not over:
            parts.append(self._thinking_line())
        if self.viewing is not None:
            parts.append(h("div",
                           h("p", f"Viewing the position after move {self.viewing} (read only)."
                             if self.viewing else "Viewing the starting position (read only)."),
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
        undo_reason = self.session.undo_blocker()
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
        rows = [h("tr", h("td", h("span", "", class_="swatch", style=f"background:{self.palette[p]}"),
                          " ", self.names[p]), h("td", str(scores[p])))
                for p in range(len(self.names))]
        return h("div", h("h2", "Score"), h("table", h("tbody", rows), class_="scores"), class_="panel")

    def _final_scores(self) -> Any:
        breakdown = self.game.score_breakdown(self.state)
        winners = set(self.game.winners(self.state))
        labels: list[str] = []
        for lines in breakdown:
            for line in lines:
                if line.label not in labels:
                    labels.append(line.label)
        head = h("tr", h("th", "Category"), [h("th", n, class_="winner" if p in winners else None)
                                             for p, n in enumerate(self.names)])
        body = [h("tr", h("td", label), [h("td", str(sum(l.points for l in lines if l.label == label)))
                                         for lines in breakdown]) for label in labels]
        total = h("tr", h("th", "Total"), [h("th", str(s)) for s in self.game.scores(self.state)])
        won = " and ".join(self.names[p] for p in sorted(winners))
        return h("div",
                 h("h2", f"Game over: {won} {'win' if len(winners) > 1 else 'wins'}!", id="winner"),
                 h("table", h("thead", head), h("tbody", body, total), class_="scores", id="final-scores"),
                 h("div", h("button", "Play again", id="play-again", on_click=self.play_again),
                   h("button", "New game", class_="secondary",
                     on_click=lambda e: self.app.show_setup(self.game, len(self.names), list(self.session.seats))),
                   class_="controls"),
                 class_="final")

    def _log_panel(self) -> Any:
        items = [h("li", h("button", "Start", on_click=lambda e: self.view_move(0),
                           aria_current="true" if self.viewing == 0 else None), class_="log-start")]
        for k, move in enumerate(self.session.moves, 1):
            items.append(h("li", h("button", f"{self.names[move.player]}: {move.text}",
                                   on_click=lambda e, k=k: self.view_move(k),
                                   aria_current="true" if self.viewing == k else None)))
        return h("div", h("h2", "Moves"), h("ol", items, class_="log", id="log", start="0"), class_="panel")

    # ------------------------------------------------------------- actions
    def play(self, player: int, action: Any) -> None:
        try:
            self.session.play(player, action)
        except IllegalAction as exc:
            dom.toast(f"Not allowed: {exc}", error=True)
            return
        self.interaction.reset()
        self.after_change()

    def step(self, step: str) -> None:
        self.interaction.step(step)  # type: ignore[attr-defined]
        self.render()

    def after_change(self) -> None:
        problem = storage.save(self.session)
        if problem:
            dom.toast(problem, error=True)
        if self.game.hidden_information and self.acting_player() != self.revealed_to:
            self.revealed_to = None
        self.render()

    def undo(self, _: Any) -> None:
        reason = self.session.undo_blocker()
        if reason:
            dom.toast(f"Can't undo: {reason}.", error=True)
            return
        taken = self.session.undo()
        self.interaction.reset()
        self.viewing = None
        self.after_change()
        dom.toast("Move taken back." if len(taken) == 1 else f"{len(taken)} moves taken back.")

    def view_move(self, index: int | None) -> None:
        self.viewing = None if index is None or index == len(self.session.moves) else index
        self.interaction.reset()
        self.render()

    def play_again(self, _: Any) -> None:
        self.app.open_session(Session.new(self.game.name, self.session.seats, random_seed(),
                                          self.session.options, self.session.bot_time))

    # --------------------------------------------------------------- bots
    def _start_bot(self) -> None:
        """If a computer player must act and none is thinking yet, ask the worker."""
        if self.thinking is not None or self.game.is_over(self.state):
            return
        bots = [p for p in self.game.to_move(self.state) if self.session.seats[p].is_bot]
        if bots:
            self.thinking = bots[0]
            asyncio.ensure_future(self._bot_move(bots[0]))
            self._show_thinking()

    def _thinking_line(self) -> Any:
        seat = self.session.seats[self.thinking]  # type: ignore[index]
        return h("p", h("span", class_="spinner", aria_hidden="true"),
                 f" {seat.name} ({seat.kind}) is thinking…", id="thinking", role="status")

    def _show_thinking(self) -> None:
        status = dom.by_id("status")
        if status and not dom.by_id("thinking"):
            status.after(self._thinking_line())

    async def _bot_move(self, player: int) -> None:
        """One decision of a computer player, worked out in the worker from its own view."""
        seat = self.session.seats[player]
        request = json.dumps({
            "game": self.game.name, "player": player, "level": seat.kind,
            "state": self.game.state_to_json(self.game.view(self.state, player)),
            "budget_ms": int(self.session.bot_time * 1000),
            "seed": self.session.seed * 1009 + len(self.session.moves),
        })
        try:
            reply = json.loads(await window.pygameRules.call("bot_move", request))
            action = self.game.action_from_json(reply["action"])
        except Exception as exc:
            self.thinking = None
            if self.app.screen is self:
                dom.toast(f"{seat.name} could not move: {exc}", error=True)
                self.render()
            return
        self.thinking = None
        if self.app.screen is not self:
            return  # the player left this game meanwhile
        if player in self.game.to_move(self.state) and self.game.why_illegal(self.state, player, action) is None:
            self.play(player, action)
        else:  # the position changed while it thought (undo, a simultaneous move): think again
            self.render()

    def export(self, _: Any) -> None:
        text = self.session.to_text()
        blob = window.Blob.new([text], to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = h("a", href=url, download=f"{self.game.name}-{self.session.seed}.json")
        window.document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    async def copy_position(self, _: Any) -> None:
        state = self.session.states[self.viewing] if self.viewing is not None else self.state
        text = self.game.position_text(state if not self.game.hidden_information else
                                       self.game.view(state, None))
        try:
            await window.navigator.clipboard.writeText(text)
            dom.toast("Position copied.")
        except Exception:
            window.prompt("Copy this position:", text)

    # --------------------------------------------------------------- board
    def _on_board_click(self, event: Any) -> None:
        if self.viewing is not None or self.game.is_over(self.state):
            return
        player = self.acting_player()
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
