"""The app's Python in its worker: the page's messages in, commands for the page out.

``app/worker.js`` starts Python, imports this module and hands every message of the page to
:meth:`Host.receive` as JSON text; what the app asks of the page goes back through ``post``
(JSON text too), after every message and whenever work in the background changed something.
Messages pass the gate first (:mod:`pygame_rules.gate`): a message that is not what the page
sends is refused with a line on the console, and the app goes on.

>>> sent = []
>>> host = Host(sent.append)
>>> host.receive('{"type": "boot", "lang": "en", "storage": {}}')
>>> [command[0] for command in json.loads(sent[-1])][-1]
'ready'
>>> host.receive('{"type": "boot"')  # not JSON: refused, nothing breaks  # doctest: +ELLIPSIS
pygame_rules: a message of the page was refused: the page's message is not valid JSON ...
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pygame_rules.gate import Fields, Limits, read_json
from pygame_rules.i18n import N_
from pygame_rules.service import replying

from . import working
from .app import MAX_FILE, App
from .page import Command, Event, Page

#: A message is read only within these limits: its largest is the start's, with every saved game
#: in it, or an imported file's text.
MESSAGE_LIMITS = Limits(N_("the page's message"), MAX_FILE + 1_000_000, 8)
#: The kinds of message and the fields each may have.
FIELDS = {
    "boot": ("lang", "storage", "width", "reduced_motion", "link", "base", "screen"),
    "event": ("on", "event", "data", "name", "value", "checked", "form", "key", "file", "seen"),
    "key": ("key", "place", "mods"),
    "pointer": (), "settings": (),
    "language": ("lang",),
    "link": ("link",),
    "resize": ("width",),
    "written": ("tag", "error", "quota", "held"),
    "call": ("id", "method", "payload"),
}


class MessageError(ValueError):
    """A message from the page that is not one the page sends."""


class Host:
    """The app and its page, for the worker: one per worker."""

    def __init__(self, post: Callable[[str], None]) -> None:
        self._post = post
        self.page = Page(self._send)
        self.app: App | None = None

    def _send(self, commands: list[Command]) -> None:
        self._post(json.dumps(commands, ensure_ascii=False))

    def receive(self, text: str) -> None:
        """Handle one message of the page (JSON text), then send what it changed."""
        try:
            message = read_json(text, MESSAGE_LIMITS, MessageError)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind not in FIELDS:
                raise MessageError(f"unknown message type {kind!r}")  # i18n: internal (the console)
            self._handle(kind, Fields({k: v for k, v in message.items() if k != "type"}, MESSAGE_LIMITS.what,
                                      MessageError, known=FIELDS[kind]), message)
        except MessageError as exc:
            print(f"pygame_rules: a message of the page was refused: {exc}")  # i18n: internal (the console)
        self.page.push()

    def _handle(self, kind: str, fields: Fields, message: dict[str, Any]) -> None:
        if kind == "boot":
            storage = message.get("storage")
            self.app = App(self.page, {k: v for k, v in storage.items() if isinstance(v, str)}
                           if isinstance(storage, dict) else None,
                           lang=fields.text("lang", 40, default="en"),
                           board_width=fields.number("width", 0, 100_000, default=0),
                           reduced_motion=message.get("reduced_motion") is True,
                           link=fields.text("link", MESSAGE_LIMITS.max_chars, default=""),
                           base=fields.text("base", 2_000, default=""))
            self.app.start(fields.text("screen", 20, default="home"))
            return
        if kind == "call":
            self.page.spawn(self._call(fields.integer("id", 0, 2**31), fields.text("method", 40),
                                       fields.text("payload", MESSAGE_LIMITS.max_chars)))
            return
        app = self.app
        if app is None:
            raise MessageError("the app has not started")  # i18n: internal (the console)
        if kind == "event":
            self.page.dispatch(Event.from_message(message))
        elif kind == "key":
            app.on_key(fields.text("key", 40), fields.text("place", 20, default=""), message.get("mods") is True)
        elif kind == "pointer":
            app.on_pointer()
        elif kind == "settings":
            app.show_settings()
        elif kind == "language":
            app.change_language(fields.text("lang", 40))
        elif kind == "link":
            app.open_link(fields.text("link", MESSAGE_LIMITS.max_chars))
        elif kind == "resize":
            app.resized(fields.number("width", 0, 100_000))
        elif kind == "written":
            held = message.get("held")
            app.written(fields.text("tag", 200), fields.text("error", 200, default=""), message.get("quota") is True,
                        {str(k): v if isinstance(v, str) else None for k, v in held.items()}
                        if isinstance(held, dict) else {})

    async def _call(self, call_id: int, method: str, payload: str) -> None:
        """The engines' service (:mod:`pygame_rules.service`) for the page's scripts, the
        tests and the benchmarks: ``{"reply": id, ...}`` with its answer (JSON text)."""
        answer = await working.finish(replying(method, payload))
        self.page.send("reply", call_id, answer)
