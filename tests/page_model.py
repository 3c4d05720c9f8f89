"""A page in memory, for testing the app's screens in CPython.

The app (``webui.app.App``) draws through commands (``webui.page``); ``app/shell.js`` applies them
to the browser's page. :class:`PageModel` applies the same commands to a small tree of elements
parsed from the HTML they carry, and sends events the way the shell does: a click finds the
nearest element with a ``data-on-click`` key and sends the ``data-*`` values of the element
clicked, a form's fields, a file's text. So a test clicks "Start game" and reads the board's
SVG, the log and the toasts as a player would, without a browser.

>>> page = PageModel()
>>> page.apply([["html", "app", '<p id="x" class="a b">Hi <b>you</b></p>']])
>>> page.find("#x").text, page.find(".b").tag
('Hi you', 'p')
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(eq=False)
class Node:
    """An element (``tag``) or a text node (``tag`` "", its ``text`` given)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    parent: Node | None = None
    data: str = ""

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>" if self.tag else repr(self.data)

    @property
    def text(self) -> str:
        """The element's text, white space folded (as a reader sees it)."""
        text = "".join(node.data for node in self.walk() if not node.tag)
        return " ".join(part for part in re.split(r"[ \t\n\r\f]+", text) if part)  # (a no-break space stays)

    @property
    def dataset(self) -> dict[str, str]:
        return {k[5:]: v for k, v in self.attrs.items() if k.startswith("data-") and not k.startswith("data-on-")}

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.walk()

    def elements(self) -> Iterator[Node]:
        return (node for node in self.walk() if node.tag)

    def ancestors(self) -> Iterator[Node]:
        node: Node | None = self
        while node is not None:
            yield node
            node = node.parent

    def matches(self, selector: str) -> bool:
        """A simple selector: ``tag``, ``#id``, ``.class``, ``[attr]``, ``[attr=value]`` or
        ``:not(simple selector)``, combined."""
        for part in re.findall(r":not\([^)]*\)|[#.]?[\w-]+|\[[^\]]+\]", selector):
            if part.startswith(":not("):
                ok = not (self.tag and self.matches(part[5:-1]))
            elif part.startswith("#"):
                ok = self.attrs.get("id") == part[1:]
            elif part.startswith("."):
                ok = part[1:] in self.attrs.get("class", "").split()
            elif part.startswith("["):
                name, _, value = part[1:-1].partition("=")
                ok = name in self.attrs and (not value or self.attrs[name] == value.strip("'\""))
            else:
                ok = self.tag == part
            if not ok:
                return False
        return bool(self.tag)

    def find(self, selector: str, text: str | None = None) -> Node:
        """The one element below matching (AssertionError if none or several)."""
        found = self.find_all(selector, text)
        assert len(found) == 1, f"{len(found)} elements match {selector!r}" + (f" with {text!r}" if text else "")
        return found[0]

    def find_all(self, selector: str, text: str | None = None) -> list[Node]:
        """The elements below matching ``selector`` (a space means any descendant), and
        holding ``text`` if given."""
        if "," in selector:  # any of several selectors, in document order
            wanted = {id(n) for part in selector.split(",") for n in self.find_all(part.strip(), text)}
            return [node for node in self.elements() if id(node) in wanted]
        *outer, last = selector.split()
        found = [node for node in self.elements() if node is not self and node.matches(last)
                 and all(any(a.matches(s) for a in node.ancestors() if a is not node) for s in outer)]
        return [node for node in found if text is None or text in node.text]

    def set_html(self, html: str) -> None:
        for child in self.children:
            child.parent = None
        self.children = parse(html, self)


class _Builder(HTMLParser):
    def __init__(self, root: Node) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]
        self.top: list[Node] = []

    def _add(self, node: Node) -> None:
        parent = self.stack[-1]
        node.parent = parent
        if len(self.stack) == 1:
            self.top.append(node)
        else:
            parent.children.append(node)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs})
        self._add(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(Node(tag, {k: v if v is not None else "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        self._add(Node("", data=data))


def parse(html: str, parent: Node) -> list[Node]:
    builder = _Builder(parent)
    builder.feed(html)
    builder.close()
    return builder.top


class PageModel:
    """The page's elements the app draws into, and what else it was asked to do."""

    def __init__(self) -> None:
        self.root = Node("body")
        self.root.set_html('<div id="notices"></div><h1 id="screen-heading"></h1><div id="app"></div>'
                           '<div id="dialogs"></div>')
        self.toasts: list[tuple[str, bool]] = []
        self.announced: list[str] = []
        self.sounds: list[str] = []
        self.storage: dict[str, str] = {}
        self.downloads: list[tuple[str, str]] = []
        self.copied: list[str] = []
        #: The page's fragment (a shared game's link), as the address bar shows it.
        self.link = ""
        self.confirms: list[tuple[str, str]] = []
        self.marked: list[dict[str, str]] = []
        self.explained: list[tuple[dict[str, str], str]] = []
        self.replies: dict[int, str] = {}
        self.ready = False
        self.busy = False
        self.heading: str | None = None
        self.settings: dict[str, bool] = {}
        self.other: list[list[Any]] = []
        #: The selector or board element last given the focus.
        self.focused: Any = None
        #: When (``time.monotonic()``) each board was drawn, how many moves the log held then, its SVG.
        self.boards: list[tuple[float, int, str]] = []
        #: Every command applied, in order.
        self.applied: list[list[Any]] = []
        #: How many characters ``localStorage`` holds at most (keys and texts; None: no limit), and
        #: whether it refuses every access (a browser that stores nothing for this page).
        self.quota: int | None = None
        self.refused = False
        #: Messages for the app that the page's side made (a failed write), sent after each batch.
        self.outbox: list[dict[str, Any]] = []
        #: How many batches of commands were applied (each event tells it, as the shell's do).
        self.batches = 0

    # ------------------------------------------------------------- commands
    def apply(self, commands: list[list[Any]]) -> None:
        self.batches += 1
        self.applied.extend(commands)
        for name, *args in commands:
            getattr(self, "_" + name.replace("-", "_"), lambda *a, n=name: self.other.append([n, *a]))(*args)

    def _html(self, element_id: str, html: str) -> None:
        self.find(f"#{element_id}").set_html(html)

    def _update(self, element_id: str, html: str) -> None:
        self._html(element_id, html)  # (what the page shows is the same; the shell keeps what stays)

    def _board(self, svg: str) -> None:
        import time

        self._html("board", svg)
        self.boards.append((time.monotonic(), len(self.find_all("#log li[data-ply]:not(.log-start)")), svg))
        self.marked = []  # a new drawing: none of its elements is a control until marked

    def _board_parts(self, splices: list[list[Any]], before: int) -> None:
        """Runs of parts of the drawing on the board replaced, as the shell replaces them (each
        splice's index counted on the drawing as it was): the drawing on the page must be the
        one the app last drew (as many parts as it says)."""
        from webui.page import svg_parts

        assert self.find("#board").children, "parts of a board that is not drawn"
        split = svg_parts(self.boards[-1][2])
        assert split is not None and len(split[1]) == before, "parts of another drawing than the page's"
        opening, parts = split
        for index, count, new in reversed(splices):
            parts[index:index + count] = new
        self._board(opening + "".join(parts) + "</svg>")

    def _class(self, element_id: str, name: str, on: bool) -> None:
        node = self.find(f"#{element_id}")
        names = [n for n in node.attrs.get("class", "").split() if n != name] + [name] * on
        node.attrs["class"] = " ".join(names)

    def _items(self, element_id: str, changes: list[list[Any]], length: int) -> None:
        host = self.find(f"#{element_id}")
        items = [child for child in host.children if child.tag]
        for index, html in changes:
            node = parse(html, host)[0]
            if index < len(items):
                items[index] = node
            else:
                items.append(node)
        host.children = items[:length]

    def _prepend(self, element_id: str, html: str) -> None:
        host = self.find(f"#{element_id}")
        host.children[:0] = parse(html, host)

    def _after(self, sibling_id: str, element_id: str, html: str) -> None:
        sibling = self.find(f"#{sibling_id}")
        if sibling.parent is None or self.find_all(f"#{element_id}"):
            return
        siblings = sibling.parent.children
        siblings[siblings.index(sibling) + 1:siblings.index(sibling) + 1] = parse(html, sibling.parent)

    def _notice(self, key: str, html: str) -> None:
        self._dismiss(key)
        host = self.find("#notices")
        host.children += parse(html, host)

    def _dismiss(self, key: str) -> None:
        host = self.find("#notices")
        host.children = [c for c in host.children if c.attrs.get("data-notice") != key]

    def _dialog(self, element_id: str, html: str) -> None:
        self._close_dialog(element_id)
        host = self.find("#dialogs")
        host.children += parse(html, host)

    def _close_dialog(self, element_id: str) -> None:
        host = self.find("#dialogs")
        host.children = [c for c in host.children if c.attrs.get("id") != element_id]

    def _toast(self, text: str, error: bool) -> None:
        self.toasts.append((text, error))

    def _announce(self, text: str) -> None:
        self.announced.append(text)

    def _sound(self, name: str, sample: bool = False) -> None:
        self.sounds.append(name)

    def _write(self, changes: list[list[Any]], tag: str) -> None:
        """As ``app/shell.js`` writes: in order, the first failure stops them and is told, with
        what the storage holds under the keys they touch."""
        for key, text in changes:
            error = "SecurityError" if self.refused else ""
            if not error and text is not None and self.quota is not None:
                used = sum(len(k) + len(v) for k, v in self.storage.items() if k != key)
                if used + len(key) + len(text) > self.quota:
                    error = "QuotaExceededError"
            if error:
                self.outbox.append({"type": "written", "tag": tag, "error": error, "quota": "Quota" in error,
                                    "held": {k: self.storage.get(k) for k, _text in changes}})
                return
            if text is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = text
        self.outbox.append({"type": "written", "tag": tag, "error": ""})

    def _download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))

    def _copy(self, text: str, done: str, prompt: str, field: str = "") -> None:
        self.copied.append(text)
        self.toasts.append((done, False))

    def _select(self, selector: str) -> None:
        self.focused = selector

    def _forget_link(self) -> None:
        self.link = ""

    def _focus(self, selector: str) -> None:
        self.focused = selector

    def _focus_board(self, data: dict[str, str]) -> None:
        self.focused = data

    def _confirm(self, question: str, key: str) -> None:
        self.confirms.append((question, key))

    def _mark(self, clickable: list[dict[str, str]]) -> None:
        self.marked = clickable

    def _explain(self, target: dict[str, str], text: str) -> None:
        self.explained.append((target, text))

    def _reply(self, call_id: int, answer: str) -> None:
        self.replies[call_id] = answer

    def _ready(self) -> None:
        self.ready = True

    def _busy(self, busy: bool) -> None:
        self.busy = busy

    def _heading(self, text: str | None) -> None:
        self.heading = text

    def _settings(self, chosen: dict[str, bool]) -> None:
        self.settings = chosen

    # ----------------------------------------------------------------- reading
    def find(self, selector: str, text: str | None = None) -> Node:
        """The one element matching (AssertionError if none or several)."""
        found = self.find_all(selector, text)
        assert len(found) == 1, f"{len(found)} elements match {selector!r}" + (f" with {text!r}" if text else "")
        return found[0]

    def find_all(self, selector: str, text: str | None = None) -> list[Node]:
        return self.root.find_all(selector, text)

    # ------------------------------------------------------------------ events
    def event(self, node: Node, kind: str, **extra: Any) -> dict[str, Any] | None:
        """The message the shell sends for ``kind`` on ``node`` (None: no handler above it)."""
        bound = next((a for a in node.ancestors() if f"data-on-{kind}" in a.attrs), None)
        if bound is None:
            return None
        data_node = next((a for a in node.ancestors() if a.dataset), None)
        form = next((a for a in node.ancestors() if a.tag == "form"), None)
        message: dict[str, Any] = {"type": "event", "on": bound.attrs[f"data-on-{kind}"], "event": kind,
                                   "data": data_node.dataset if data_node is not None else {},
                                   "name": node.attrs.get("name", ""), "value": self.value(node),
                                   "checked": "checked" in node.attrs, "seen": self.batches}
        if form is not None:
            message["form"] = self.form(form)
        message.update(extra)
        return message

    def value(self, node: Node) -> str:
        if node.tag == "select":
            options = node.find_all("option")
            chosen = next((o for o in options if "selected" in o.attrs), options[0] if options else None)
            return "" if chosen is None else chosen.attrs.get("value", chosen.text)
        return node.attrs.get("value", "")

    def form(self, form: Node) -> dict[str, str]:
        """A form's fields as the browser submits them (a checkbox only when checked)."""
        fields = {}
        for node in form.elements():
            name = node.attrs.get("name")
            if not name or node.tag not in ("input", "select", "textarea") or "disabled" in node.attrs:
                continue
            if node.attrs.get("type") == "checkbox" and "checked" not in node.attrs:
                continue
            fields[name] = "on" if node.attrs.get("type") == "checkbox" and "value" not in node.attrs \
                else self.value(node)
        return fields

    def set_value(self, node: Node, value: str | bool) -> None:
        """Fill in a field as a reader would (a select: choose the option; a box: tick or not)."""
        if isinstance(value, bool):
            if value:
                node.attrs["checked"] = ""
            else:
                node.attrs.pop("checked", None)
        elif node.tag == "select":
            for option in node.find_all("option"):
                option.attrs.pop("selected", None)
                if option.attrs.get("value") == value:
                    option.attrs["selected"] = ""
        else:
            node.attrs["value"] = value


def as_json(message: dict[str, Any]) -> str:
    return json.dumps(message)


#: The address of the page a :class:`Browser` opens (without its fragment).
BASE = "https://example.org/pygame_rules/index.html"


class Browser:
    """The app in a worker and the page it draws, in one process: messages go to the app's
    :class:`~webui.worker.Host` as JSON text, its commands to a :class:`PageModel`. Work the
    app runs in the background (computer players, hints, long replays) runs on this object's
    event loop while a test waits (:meth:`settle`)."""

    def __init__(self, storage: dict[str, str] | None = None, lang: str = "en", width: float = 1000.0,
                 reduced_motion: bool = False, *, refused: bool = False, quota: int | None = None,
                 link: str = "", screen: str = "home") -> None:
        """A page opened with ``storage`` in its ``localStorage`` (``refused``: a browser that
        lets it store nothing; ``quota``: how many characters it stores at most), the reader's
        language ``lang``, the board's element ``width`` CSS pixels wide, ``link`` as its
        address's fragment (a shared game's ``#game=…``); ``screen``: the page's first screen
        (``editor`` for ``editor.html``)."""
        import asyncio

        from webui.worker import Host

        self.loop = asyncio.new_event_loop()
        self.page = PageModel()
        self.page.refused, self.page.quota, self.page.link = refused, quota, link
        if storage is not None:
            self.page.storage = dict(storage)
        self.lang, self.width, self.reduced_motion = lang, width, reduced_motion
        self.host = Host(lambda text: self.page.apply(json.loads(text)))
        self.send({"type": "boot", "lang": lang, "storage": None if refused else self.page.storage,
                   "width": width, "reduced_motion": reduced_motion, "link": link, "base": BASE,
                   "screen": screen})

    def reload(self) -> Browser:
        """The same page loaded again (this one closed): what its storage holds now, the
        language last chosen."""
        self.close()
        return Browser(self.page.storage, self.lang, self.width, self.reduced_motion,
                       refused=self.page.refused, quota=self.page.quota)

    def close(self) -> None:
        """Leave the page: whatever the app was working on stops (again: nothing happens)."""
        import asyncio

        if self.loop.is_closed():
            return
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()

    def send(self, message: dict[str, Any]) -> None:
        async def receive() -> None:
            self.host.receive(json.dumps(message))
            while self.page.outbox:  # what the page says back (a failed write), as the shell does
                self.host.receive(json.dumps(self.page.outbox.pop(0)))

        self.loop.run_until_complete(receive())
        self.settle(0)

    def settle(self, seconds: float = 5.0) -> None:
        """Run the app's background work until none is left, for at most ``seconds``."""
        import asyncio
        import time

        end = time.monotonic() + seconds
        while True:
            self.loop.run_until_complete(asyncio.sleep(0.001))
            while self.page.outbox:
                self.host.receive(json.dumps(self.page.outbox.pop(0)))
            busy = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
            if not busy or time.monotonic() > end:
                return

    def until(self, condition: Any, seconds: float = 30.0) -> None:
        """Run the app's background work until ``condition()`` holds (AssertionError after
        ``seconds``)."""
        import asyncio
        import time

        end = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < end, f"still waiting after {seconds} s"
            self.loop.run_until_complete(asyncio.sleep(0.005))
            while self.page.outbox:
                self.host.receive(json.dumps(self.page.outbox.pop(0)))

    # ------------------------------------------------------------ as a player
    def click(self, selector: str, text: str | None = None) -> None:
        node = self.page.find(selector, text)
        assert "disabled" not in node.attrs, f"{selector} is disabled"
        message = self.page.event(node, "click")
        if node.tag == "button" and node.attrs.get("type") == "submit":
            form = next(a for a in node.ancestors() if a.tag == "form")
            message = self.page.event(form, "submit")
        assert message is not None, f"nothing happens on a click on {selector}"
        self.send(message)

    def board(self, **data: str) -> None:
        """A click on the board element carrying these ``data-*`` values."""
        node = next((n for n in self.page.find("#board").elements()
                     if data.items() <= n.dataset.items()), None)
        assert node is not None, f"no board element with {data}"
        message = self.page.event(node, "click")
        assert message is not None
        message["data"] = node.dataset
        self.send(message)

    def fill(self, selector: str, value: str | bool) -> None:
        """Fill in a field and let the page tell the app (a change event)."""
        node = self.page.find(selector)
        self.page.set_value(node, value)
        message = self.page.event(node, "change")
        if message is not None:
            self.send(message)

    def choose_file(self, selector: str, name: str, text: str | None, size: int | None = None) -> None:
        """Choose a file as the page sends it: its name, size (of ``text`` in UTF-8 unless given)
        and text (None: the page did not read it, being larger than the manifest's ``max_file``)."""
        node = self.page.find(selector)
        file: dict[str, Any] = {"name": name, "size": len((text or "").encode()) if size is None else size}
        if text is not None:
            file["text"] = text
        message = self.page.event(node, "change", file=file)
        assert message is not None
        running = set(self.host.page._running)
        self.send(message)
        # Reading the file goes on in slices of time (a long game is replayed a slice at a time):
        # wait for that work, not for what it starts (a computer's thinking), as a reader waits
        # for the game to appear, however busy the machine is.
        started = set(self.host.page._running) - running
        self.until(lambda: all(task.done() for task in started))

    def confirm(self) -> None:
        """Say yes to the last question asked."""
        _question, key = self.page.confirms.pop()
        self.send({"type": "event", "on": key, "event": "click"})

    def key(self, key: str, place: str = "") -> None:
        self.send({"type": "key", "key": key, "place": place, "mods": False})

    def language(self, lang: str) -> None:
        """Choose ``lang`` in the top bar (``app/i18n.js`` keeps the choice for the next visit)."""
        self.lang = lang
        if not self.page.refused:
            self.page.storage["pygame_rules.lang"] = lang
        self.send({"type": "language", "lang": lang})

    def pointer(self) -> None:
        """A click or tap anywhere on the page (the shell tells the app only while computers play)."""
        if self.page.busy:
            self.send({"type": "pointer"})

    @property
    def app(self) -> Any:
        return self.host.app

    # ----------------------------------------------------- the screens' usual steps
    def start_game(self, game: str, players: int | None = None, seed: int = 7, *, names: tuple[str, ...] = (),
                   kinds: tuple[str, ...] = (), bot_time: str = "0.1", **options: bool) -> None:
        """From the home screen (or this game's setup), set up and start a game as a person fills
        in the form (a seat not in ``kinds`` is played by a person)."""
        from pygame_rules import get_game

        if not self.page.find_all("#setup h1", get_game(game).title):
            if self.page.find_all("#menu"):
                self.click("#menu")
            self.click(f".game-card[data-game={game}] button")
        if players is not None:
            self.fill("#player-count", str(players))
        for seat, name in enumerate(names):
            self.fill(f"[name=name{seat}]", name)
        for seat in range(len(self.page.find_all(".seat"))):  # seats not given: people (hotseat)
            self.fill(f"[name=kind{seat}]", kinds[seat] if seat < len(kinds) else "human")
        for name, value in options.items():
            self.fill(f"[name=opt-{name}]", value)
        self.fill("#seed", str(seed))
        self.fill("#bot-time", bot_time)
        self.click("#start-game")

    def log(self) -> list[str]:
        """The move log's entries after "Start", as their buttons read."""
        return [item.text for item in self.page.find_all("#log li:not(.log-start) button")]

    def pass_to(self, name: str) -> None:
        """The pass screen for ``name`` shows nothing private (no board, hand, card or offer);
        then ``name`` reveals his view."""
        screen = self.page.find("#pass-screen")
        assert f"Pass the device to {name}" in screen.text
        assert not self.page.find_all("#board") and not self.page.find_all("[data-card]")
        assert not self.page.find_all("[data-offer-player]") and not self.page.find_all(".hand")
        self.click("#reveal")
        assert self.page.find_all("#board svg")

    def game(self) -> Any:
        """The game on screen (a new one is stored from its first move on: :meth:`saved`)."""
        assert self.app.screen is not None, "no game on screen"
        return self.app.screen.session

    def saved(self) -> Any:
        """The open game as its autosave holds it."""
        from pygame_rules.session import Session

        current = self.page.storage["pygame_rules.current"]
        return Session.from_text(self.page.storage["pygame_rules.save." + current])

    def toast(self) -> str:
        """The last toast's text."""
        assert self.page.toasts, "no toast"
        return self.page.toasts[-1][0]
