"""A small DOM builder for the PyScript front end.

Text always goes in as text nodes, never as HTML, and no style text is ever
written: a colour goes through the CSSOM, and only one that can't be anything but a
colour (:func:`swatch`). Event handlers are not bound per element: each element
gets a ``data-on-EVENT`` key into a handler table, pruned after every render, and
one delegated listener per event type on the page's body dispatches to it, so
re-rendering never leaks JS proxies.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pygame_rules.i18n import _

Handler = Callable[[Any], object]  # may return a coroutine, which then runs in the background
Child = Any  # a DOM node, a str (becomes text), None (skipped) or an iterable of these

_handlers: dict[str, Handler] = {}
_counter = [0]
EVENTS = ("click", "change", "input", "submit", "keydown")


def h(tag: str, *children: Child, **attrs: Any) -> Any:
    """Create an element. ``class_`` → ``class``, ``data_x`` → ``data-x``, ``on_click=f`` binds f."""
    node = document.createElement(tag)
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        if key.startswith("on_"):
            bind(node, key[3:], value)
            continue
        name = key.rstrip("_").replace("_", "-")
        if name == "style":  # see the module docstring
            raise ValueError("h() writes no style text; a colour goes through swatch()")
        if name in ("value", "checked", "selected", "disabled") and not isinstance(value, str):
            setattr(node, name, value)
        else:
            node.setAttribute(name, "" if value is True else str(value))
    append(node, children)
    return node


def bind(node: Any, event: str, handler: Handler) -> None:
    """Route ``event`` on ``node`` (or inside it) to ``handler`` until the next screen."""
    _counter[0] += 1
    hid = f"h{_counter[0]}"
    _handlers[hid] = handler
    node.setAttribute(f"data-on-{event}", hid)


def data_attributes(node: Any) -> dict[str, str]:
    """The ``data-*`` attributes of an element, by their names without ``data-``."""
    return {name[5:]: node.getAttribute(name) for name in node.getAttributeNames()
            if name.startswith("data-") and not name.startswith("data-on-")}


def append(node: Any, children: Iterable[Child]) -> None:
    for child in children:
        if child is None:
            continue
        if isinstance(child, str):
            node.appendChild(document.createTextNode(child))
        elif isinstance(child, (list, tuple)):
            append(node, child)
        else:
            node.appendChild(child)


def replace(node: Any, *children: Child) -> None:
    node.replaceChildren()
    append(node, children)


def prune_handlers() -> None:
    """Forget the handlers whose elements have left the page (call after each render)."""
    live = {node.getAttribute(f"data-on-{event}")
            for event in EVENTS for node in document.querySelectorAll(f"[data-on-{event}]")}
    for hid in [hid for hid in _handlers if hid not in live]:
        del _handlers[hid]


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


#: A colour that is nothing else: ``#rrggbb`` or a CSS colour keyword (letters only).
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}|[a-z]{3,24}")


def swatch(colour: str) -> Any:
    """A round sample of ``colour`` (a seat's fill: the game's palette or a checked
    ``#rrggbb``). Set through the CSSOM, never as style text, and left blank for
    anything that is not plainly a colour."""
    node = h("span", "", class_="swatch", aria_hidden="true")
    if _COLOUR.fullmatch(colour):
        node.style.backgroundColor = colour
    return node


def notice(key: str, message: str, *actions: tuple[str, Handler]) -> None:
    """A message that stays until the reader dismisses it (``role=alert``), with a button
    per action at hand; a later notice with the same ``key`` takes its place. Notices
    live outside the screens (``#notices``), so a re-render keeps them."""
    node = h("div", h("p", message),
             h("div", [h("button", label, class_="secondary", on_click=handler) for label, handler in actions],
               h("button", _("Dismiss"), class_="secondary", on_click=lambda e: dismiss(key)), class_="row"),
             class_="notice", role="alert", id=f"notice-{key}", data_notice=key)
    old = by_id(f"notice-{key}")
    if old:
        old.replaceWith(node)
    else:
        by_id("notices").append(node)


def dismiss(key: str) -> None:
    """Take the notice ``key`` away, if it is shown."""
    node = by_id(f"notice-{key}")
    if node:
        node.remove()


def download(name: str, text: str) -> None:
    """Offer ``text`` as a JSON file called ``name`` for the reader to save."""
    blob = window.Blob.new([text], to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = h("a", href=url, download=name)
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def set_svg(host: Any, svg: str) -> None:
    """Show SVG markup made by our renderers (all text in it escaped by ``pygame_rules.svg``)."""
    host.innerHTML = svg


def install(root: Any) -> None:
    """Install the delegated listeners on ``root`` (once): the page's body, which holds
    the screens and the notices."""
    for event in EVENTS:
        root.addEventListener(event, create_proxy(_dispatcher(event)))


def _dispatcher(event_name: str) -> Callable[[Any], None]:
    attr = f"data-on-{event_name}"

    def dispatch(event: Any) -> None:
        target = event.target.closest(f"[{attr}]")
        if not target:  # JS null arrives as a falsy JsNull
            return
        handler = _handlers.get(target.getAttribute(attr))
        if handler is None:
            return
        if event_name == "submit":
            event.preventDefault()
        try:
            result = handler(event)
            if asyncio.iscoroutine(result):
                spawn(result)
        except Exception as exc:  # show, don't swallow: the page must keep working
            window.console.error(f"{type(exc).__name__}: {exc}")
            toast(_("Something went wrong: {error}").format(error=exc), error=True)

    return dispatch


_running: set[asyncio.Future[None]] = set()


def spawn(coroutine: Any) -> None:
    """Run ``coroutine`` in the background, reporting its errors; keep it alive until done."""
    task = asyncio.ensure_future(_guarded(coroutine))
    _running.add(task)
    task.add_done_callback(_running.discard)


async def _guarded(coroutine: Any) -> None:
    try:
        await coroutine
    except Exception as exc:
        window.console.error(f"{type(exc).__name__}: {exc}")
        toast(_("Something went wrong: {error}").format(error=exc), error=True)


def toast(message: str, error: bool = False) -> None:
    """A short message at the bottom of the screen (role=status for screen readers)."""
    box = by_id("toast")
    if not box:
        box = h("div", id="toast", role="status", aria_live="polite")
        by_id("main").appendChild(box)  # inside the page's main region, like everything it says
    box.className = "toast error" if error else "toast"
    box.textContent = message
    if not _hide_toast:
        _hide_toast.append(create_proxy(lambda: setattr(by_id("toast"), "className", "toast hidden")))
    window.clearTimeout(_toast_timer[0])
    _toast_timer[0] = window.setTimeout(_hide_toast[0], 6000)


_hide_toast: list[Any] = []
_toast_timer = [0]
