"""The page as the app's Python sees it: commands to the page, events from it.

The app's Python runs in a worker (or in CPython, in the tests); the page's thread runs none. So
nothing here touches a page: a :class:`Page` collects *commands* (plain JSON lists: put this HTML
into that element, store this text, play that sound), which :meth:`Page.flush` hands to whoever
applies them (``app/shell.js`` on the page, ``tests/page_model.py`` in the tests), and the page
sends back *events* (:class:`Event`): a click, a change, a key, each naming the handler key its
element carries.

Screens are element trees (:mod:`.markup`), written as HTML text with a ``data-on-EVENT`` key per
bound element; the handlers behind the keys live here, owned by the element whose content they
came with, and are dropped when that content is replaced, so a screen drawn anew leaves no stale
handler behind. Only the part of a screen drawn again while the screen stays (a side panel redrawn
after each computer move) keeps its earlier handlers for a click that was on its way: the page
shows the new part a moment after the app drew it, and what the reader clicked then (say "Menu")
must not be lost. The page tells with each event how many batches of commands it had applied
(``seen``), so a click is matched with the handlers of what it was made on, however many
drawings the app made since (on a busy machine the page may be several behind).

>>> page = Page()
>>> page.replace("app", h("button", "Go", on_click=lambda event: print("went", event.data)))
>>> page.flush()
[['html', 'app', '<button data-on-click="h1">Go</button>']]
>>> page.dispatch(Event("click", "h1", data={"x": "1"}))
went {'x': '1'}
True
>>> page.replace("app", "nothing")
>>> page.dispatch(Event("click", "h1")) is False      # its handler went with its content
True

A part of the screen drawn again keeps its earlier handlers for a click on its way:

>>> page.replace("app", h("div", id="side"))
>>> page.replace("side", h("button", "Menu", on_click=lambda event: print("menu")))
>>> page.replace("side", h("button", "Menu", on_click=lambda event: print("menu again")))
>>> page.flush()[-1]
['html', 'side', '<button data-on-click="h3">Menu</button>']
>>> page.dispatch(Event("click", "h2"))   # clicked on what the page showed a moment ago
menu
True

A click made once the page had applied the batch with the new part (its first) is matched
with the new part only:

>>> page.dispatch(Event("click", "h2", seen=1)), page.dispatch(Event("click", "h3", seen=1))
menu again
(False, True)
>>> page.replace("app", "another screen")
>>> page.dispatch(Event("click", "h2")), page.dispatch(Event("click", "h3"))
(False, False)
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from pygame_rules.svg import Drawing

from .markup import Child, Handler, Html, h, markup

Command = list[Any]
#: The page's element that holds the screens (``<div id="app">``).
SCREENS = "app"
#: How many earlier drawings of a part of the screen keep their handlers for a click on its way
#: (a page behind by more batches than that loses the click).
KEEP_DRAWINGS = 32
#: The element that holds a screen's board, and how HTML that makes a new one shows it.
BOARD = "board"
_NEW_BOARD = f' id="{BOARD}"'
#: A tag of the SVG our renderers write. Their texts and attribute values are escaped
#: (``pygame_rules/svg.py``), so a ``<`` or ``>`` is always part of a tag.
_TAG = re.compile(r"<(/?)[A-Za-z][^>]*?(/?)>")


def svg_parts(svg: str) -> tuple[str, list[str]] | None:
    """An SVG drawing as its opening tag and its top-level elements, or None where it is not
    exactly that (text between the elements, say). A drawing that knows its parts
    (:class:`~pygame_rules.svg.Drawing`) is not read again where each of its parts is one
    element (which is known of a part seen before: the renderers keep the parts that stay).

    >>> svg_parts('<svg viewBox="0 0 2 2"><title>A</title><g data-square="a1"><rect/></g><circle r="1"/></svg>')
    ('<svg viewBox="0 0 2 2">', ['<title>A</title>', '<g data-square="a1"><rect/></g>', '<circle r="1"/>'])
    >>> svg_parts('<svg><g/> <g/></svg>') is None
    True
    >>> from pygame_rules.svg import Drawing
    >>> svg_parts(Drawing("<svg>", ("<g/>", "<g/><g/>")))
    ('<svg>', ['<g/>', '<g/>', '<g/>'])
    """
    if isinstance(svg, Drawing) and all(_is_element(part) for part in svg.parts):
        return svg.opening, list(svg.parts)
    split = _split(svg)
    if split is None or split[0] + "".join(split[1]) + "</svg>" != svg:
        return None
    return split


def _split(svg: str) -> tuple[str, list[str]] | None:
    """The opening tag of the element that ``svg`` begins with and the elements in it, up to
    its end; None if it holds no element."""
    depth, start, opening, parts = 0, 0, "", []
    for tag in _TAG.finditer(svg):
        if tag.group(1):  # </…>
            depth -= 1
            if depth == 1:
                parts.append(svg[start:tag.end()])
            if depth == 0:
                break
        elif depth == 0:
            opening, depth = svg[:tag.end()], 1
        else:
            if depth == 1:
                start = tag.start()
            if not tag.group(2):
                depth += 1
            elif depth == 1:
                parts.append(svg[start:tag.end()])
    return (opening, parts) if opening else None


#: Whether each part of a drawing seen is exactly one element (see :func:`svg_parts`).
_ELEMENTS: dict[str, bool] = {}


def _is_element(part: str) -> bool:
    known = _ELEMENTS.get(part)
    if known is None:
        if len(_ELEMENTS) > 50_000:
            _ELEMENTS.clear()
        split = _split(f"<svg>{part}</svg>")
        known = _ELEMENTS[part] = split is not None and split[1] == [part]
    return known


@dataclass(frozen=True)
class Event:
    """What the page tells about one event on an element with a handler: its kind, the
    handler key, and what the handler may read of it. ``data``: the ``data-*`` values of the
    element acted on (on the board, the innermost element carrying any); ``value`` and
    ``checked`` of a form field; ``form``: the fields of the form it happened in (a checkbox
    only when checked, as the browser submits it); ``key``: a key's name;
    ``file``: a chosen file's ``name``, ``size`` and (when not too large) ``text``."""

    kind: str
    on: str = ""
    data: dict[str, str] = field(default_factory=dict)
    #: The ``name`` of the form field acted on ("" elsewhere).
    name: str = ""
    value: str = ""
    checked: bool = False
    form: dict[str, str] = field(default_factory=dict)
    key: str = ""
    file: dict[str, Any] = field(default_factory=dict)
    #: How many batches of the app's commands the page had applied when the event happened.
    seen: int = 0

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Event:
        """The event the page sent (its fields checked for their kinds; anything else is
        dropped, so a handler reads only plain text, numbers and flags)."""
        def texts(value: object) -> dict[str, str]:
            return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

        file = message.get("file")
        return cls(kind=str(message.get("event", "")), on=str(message.get("on", "")),
                   data=texts(message.get("data")), name=str(message.get("name") or ""),
                   value=str(message.get("value") or ""),
                   checked=message.get("checked") is True, form=texts(message.get("form")),
                   key=str(message.get("key") or ""),
                   file={k: file[k] for k in ("name", "size", "text") if k in file} if isinstance(file, dict) else {},
                   seen=seen if isinstance(seen := message.get("seen"), int) and not isinstance(seen, bool) else 0)


class Page:
    """The commands for the page since the last :meth:`flush`, and the handlers of what is on it.

    ``post``, where given, takes the commands to the page (:meth:`push`): the worker posts
    them, the tests apply them to their model of a page."""

    def __init__(self, post: Callable[[list[Command]], None] | None = None) -> None:
        self.post = post
        self.commands: list[Command] = []
        self.handlers: dict[str, Handler] = {}
        #: The handler keys of each owner: the id of the element whose content they came with.
        self._owned: dict[str, set[str]] = {}
        self._keys = itertools.count(1)
        #: Of each part of the screen drawn again, its earlier handlers (see above), each table with
        #: the number of the batch that replaced it on the page.
        self._retired: dict[str, list[tuple[int, dict[str, Handler]]]] = {}
        #: How many batches of commands went to the page (:meth:`push`).
        self.batches = 0
        #: Work started by handlers (coroutines), kept alive until done.
        self._running: set[asyncio.Future[None]] = set()
        #: Called with an exception a handler raised (the app shows it; the page keeps working).
        self.on_error: Callable[[Exception], None] = lambda exc: None
        #: Called once the commands queued now have gone to the page (:meth:`when_pushed`).
        self._then: list[Callable[[], None]] = []
        #: The board's drawing on the page, as :func:`svg_parts` splits it (None: none known).
        self._board: tuple[str, list[str]] | None = None

    # ------------------------------------------------------------- writing
    def written(self, owner: str, children: tuple[Child, ...], retire: bool = False) -> str:
        """The HTML of ``children``, whose handlers now replace those of ``owner`` (``retire``:
        which stay for a click already on its way, until ``owner`` is drawn again)."""
        self.drop(owner, retire)
        table: dict[str, Handler] = {}
        text = markup(children, table, self._keys)
        self.handlers.update(table)
        self._owned[owner] = set(table)
        return text

    def drop(self, owner: str, retire: bool = False) -> None:
        """Forget the handlers that came with ``owner``'s content (``retire``: keep them for a
        click already on its way, see :meth:`dispatch`)."""
        old = {key: self.handlers.pop(key) for key in self._owned.pop(owner, ()) if key in self.handlers}
        if retire:
            kept = self._retired.setdefault(owner, [])
            kept.append((self.batches + 1, old))  # the next batch replaces them on the page
            del kept[:-KEEP_DRAWINGS]
        else:
            self._retired.pop(owner, None)

    def replace(self, element_id: str, *children: Child) -> None:
        """Make ``children`` the whole content of the element ``element_id``. Replacing the
        screens' element (:data:`SCREENS`) drops the handlers of every part drawn into it
        since (notices and dialogs live beside it and keep theirs)."""
        if element_id == SCREENS:
            for owner in [o for o in {*self._owned, *self._retired}
                          if not o.startswith(("notice-", "dialog-", "confirm"))]:
                self.drop(owner)
        html = self.written(element_id, children, retire=element_id != SCREENS)
        if element_id == SCREENS or _NEW_BOARD in html:
            self._board = None  # a new, empty board element
        self.send("html", element_id, html)

    def update(self, element_id: str, *children: Child) -> None:
        """As :meth:`replace`, but the page keeps the elements that stay what they were and
        changes the others where their shape allows (``update``): the browser styles and lays
        out only what changed, the focus stays where it was, and a live region whose text
        changes is read out as a change."""
        html = self.written(element_id, children, retire=True)
        if _NEW_BOARD in html:
            self._board = None  # (an empty board element: it is drawn into afterwards)
        self.send("update", element_id, html)

    def mark_class(self, element_id: str, name: str, on: bool) -> None:
        """Give the element ``element_id`` the class ``name`` (``on``) or take it away (a page
        where it already is as asked changes nothing, so nothing is styled anew)."""
        self.send("class", element_id, name, on)

    def board(self, svg: str) -> None:
        """Make ``svg`` the drawing in the board's element (``#board``). Where the drawing on the
        page has the same opening tag, only the runs of top-level parts that differ are sent
        (``board-parts``: splices, each the index where it starts on the page, how many parts
        it replaces there, and the new parts): a click that chooses a stone redraws a few
        fields, not the 600 elements of the board, and the page keeps the rest as it is (the
        focus on it included).

        >>> page = Page()
        >>> page.replace("app", h("div", id="board"))
        >>> page.board('<svg><g data-square="a1"/><g data-square="a2"/></svg>')
        >>> page.board('<svg><g data-square="a1"/><circle/><g data-square="a2" class="selected"/></svg>')
        >>> page.flush()[1:]
        [['board', '<svg><g data-square="a1"/><g data-square="a2"/></svg>'], \
['board-parts', [[1, 1, ['<circle/>', '<g data-square="a2" class="selected"/>']]], 2]]
        >>> page.board('<svg><g data-square="a1"/><circle/><g data-square="a2" class="selected"/></svg>')
        >>> page.flush()  # the same drawing: nothing to do
        []
        """
        split, shown = svg_parts(svg), self._board
        if split is None or shown is None or split[0] != shown[0]:
            self.send("board", svg)
        else:
            old, new = shown[1], split[1]
            splices = [[i1, i2 - i1, new[j1:j2]] for tag, i1, i2, j1, j2
                       in SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if tag != "equal"]
            if splices:
                self.send("board-parts", splices, len(old))
        self._board = split

    def update_list(self, element_id: str, items: list[Html], shown: list[Html]) -> list[Html]:
        """Make the children of ``element_id`` the elements ``items`` (each one element's HTML,
        without handlers), knowing that ``shown`` are on the page now: only the entries that
        differ are sent. Returns ``items``, the new ``shown``."""
        changed = [[index, item] for index, item in enumerate(items)
                   if index >= len(shown) or item != shown[index]]
        if changed or len(items) != len(shown):
            self.send("items", element_id, changed, len(items))
        return items

    def send(self, *command: Any) -> None:
        """Queue one command for the page."""
        self.commands.append(list(command))

    def flush(self) -> list[Command]:
        """The commands queued since the last flush (and none queued any more)."""
        commands, self.commands = self.commands, []
        return commands

    def push(self) -> None:
        """Take the queued commands to the page now (after an event, and whenever work in the
        background changed what is shown)."""
        if self.commands and self.post is not None:
            self.post(self.flush())
            self.batches += 1
            then, self._then = self._then, []
            for call in then:
                call()

    def when_pushed(self, call: Callable[[], None]) -> None:
        """Call ``call`` once the commands queued so far have gone to the page (at once if none
        are queued): the moment the page is given what was drawn, which for a long screen or a
        busy machine comes a while after it was drawn.

        >>> page = Page(post=lambda commands: print("posted", commands))
        >>> page.send("sound", "move")
        >>> page.when_pushed(lambda: print("on the page"))
        >>> page.push()
        posted [['sound', 'move']]
        on the page
        """
        if self.commands:
            self._then.append(call)
        else:
            call()

    # -------------------------------------------------------------- events
    def dispatch(self, event: Event) -> bool:
        """Run the handler ``event`` names (False: none such, e.g. its content was replaced
        before the page showed what the event was made on); a coroutine it returns goes on in the
        background (:meth:`spawn`)."""
        for tables in self._retired.values():  # what the page has replaced will get no more events
            tables[:] = [(replaced, table) for replaced, table in tables if replaced > event.seen]
        handler = self.handlers.get(event.on) or next(
            (table[event.on] for tables in self._retired.values() for _, table in tables if event.on in table), None)
        if handler is None:
            return False
        try:
            result = handler(event)
            if asyncio.iscoroutine(result):
                self.spawn(result)
        except Exception as exc:  # show, don't swallow: the page must keep working
            self.on_error(exc)
        return True

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` in the background, reporting its errors; keep it alive until done."""
        task = asyncio.ensure_future(self._guarded(work))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _guarded(self, work: Awaitable[Any]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.on_error(exc)
        finally:
            self.push()

    # ------------------------------------------------------- page services
    def notice(self, key: str, message: str, *actions: tuple[str, Handler], dismiss: str) -> None:
        """A message that stays until the reader dismisses it (``role=alert``), with a button
        per action at hand; a later notice with the same ``key`` takes its place. Notices live
        outside the screens (``#notices``), so a re-render keeps them. ``dismiss``: the
        dismiss button's label, in the active language."""
        owner = f"notice-{key}"
        html = self.written(owner, (h(
            "div", h("p", message),
            h("div", [h("button", label, class_="secondary", on_click=handler) for label, handler in actions],
              h("button", dismiss, class_="secondary", on_click=lambda event: self.dismiss(key)), class_="row"),
            class_="notice", role="alert", id=owner, data_notice=key),))
        self.send("notice", key, html)

    def dismiss(self, key: str) -> None:
        """Take the notice ``key`` away, if it is shown."""
        self.drop(f"notice-{key}")
        self.send("dismiss", key)

    def toast(self, message: str, error: bool = False) -> None:
        """A short message at the bottom of the screen (``role=status``)."""
        self.send("toast", message, error)

    def confirm(self, question: str, yes: Handler) -> None:
        """Ask ``question`` (the browser's own yes-or-no dialog); ``yes`` runs if the reader agrees."""
        owner = "confirm"
        self.drop(owner)
        key = f"h{next(self._keys)}"
        self.handlers[key] = yes
        self._owned[owner] = {key}
        self.send("confirm", question, key)

    def dialog(self, element_id: str, *children: Child) -> None:
        """Show a modal dialog (a ``<dialog id=element_id>`` among ``children``), replacing one
        with that id; the reader leaves it with Escape or by :meth:`close_dialog`."""
        self.send("dialog", element_id, self.written(element_id, children))

    def close_dialog(self, element_id: str) -> None:
        self.drop(element_id)
        self.send("close-dialog", element_id)
