"""The page side of the PyScript front end: screens built with :func:`markup.h` go onto the page
in one piece (:func:`replace`, :func:`mount`), and one delegated listener per event type on the
page's body dispatches to the handlers they name.

Text always goes in escaped (``markup``), and no style text is ever written: a colour goes
through the CSSOM, and only one that can't be anything but a colour (``markup.swatch``).
Event handlers are not bound per element: each element gets a ``data-on-EVENT`` key into
a handler table. The handlers belong to what was put on the page with them (a screen, a
notice, a dialog) and are dropped when it is replaced, so re-rendering keeps no JS proxies
and reads nothing back from the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pygame_rules.i18n import _

from .markup import EVENTS, Child, Element, Handler, Html, h, markup, register

#: How many changed entries :func:`update_list` writes one by one (more: the whole list at once).
REWRITE_FROM = 16

_handlers: dict[str, Handler] = {}
#: The handler keys of each owner: the id of the element whose content they came with, or
#: the name given to :func:`bind` and :func:`mount`.
_owned: dict[str, set[str]] = {}


def _drop(owner: str) -> None:
    for key in _owned.pop(owner, ()):
        _handlers.pop(key, None)


def _written(owner: str, children: tuple[Child, ...]) -> str:
    """The HTML of ``children``, whose handlers now replace those of ``owner``."""
    _drop(owner)
    table: dict[str, Handler] = {}
    text = markup(children, table)
    _handlers.update(table)
    _owned[owner] = set(table)
    return text


def replace(node: Any, *children: Child) -> None:
    """Make ``children`` the whole content of ``node`` (an element with an id), in one step; the
    handlers of its former content are dropped."""
    node.innerHTML = _written(str(node.id), children)
    _paint(node)


def update_list(node: Any, items: list[Html], shown: list[Html]) -> list[Html]:
    """Make the children of ``node`` the elements ``items`` (each one element's HTML, without
    handlers or swatches), knowing that they are ``shown`` now: only the entries that differ
    are written, and the ones beyond the new end removed. Returns ``items``, the new ``shown``."""
    if int(node.childElementCount) != len(shown):  # not what we wrote: write it all
        node.innerHTML = "".join(items)
        return items
    changed = [index for index, (item, before) in enumerate(zip(items, shown)) if item != before]
    if len(changed) > REWRITE_FROM:  # e.g. every entry in another language
        node.innerHTML = "".join(items)
        return items
    entries = node.children
    for index in changed:
        entries.item(index).outerHTML = items[index]
    for _surplus in range(len(items), len(shown)):
        node.lastElementChild.remove()
    if len(items) > len(shown):
        node.insertAdjacentHTML("beforeend", "".join(items[len(shown):]))
    return items


def mount(element: Element, owner: str = "") -> Any:
    """The page's element for ``element``, not yet placed; its handlers belong to ``owner``
    (their former ones dropped), which an element with handlers needs."""
    template = document.createElement("template")
    template.innerHTML = _written(owner, (element,)) if owner else markup([element])
    _paint(template.content)
    return template.content.firstElementChild


def _paint(root: Any) -> None:
    """Give the swatches under ``root`` their colours (checked by ``markup.swatch``), through the CSSOM."""
    for node in root.querySelectorAll("[data-swatch]"):
        node.style.backgroundColor = node.getAttribute("data-swatch")


def bind(node: Any, event: str, handler: Handler, owner: str) -> None:
    """Route ``event`` on ``node`` (or inside it) to ``handler`` as long as ``owner`` keeps its handlers."""
    key = register(_handlers, handler)
    _owned.setdefault(owner, set()).add(key)
    node.setAttribute(f"data-on-{event}", key)


def data_attributes(node: Any) -> dict[str, str]:
    """The ``data-*`` attributes of an element, by their names without ``data-``."""
    return {name[5:]: node.getAttribute(name) for name in node.getAttributeNames()
            if name.startswith("data-") and not name.startswith("data-on-")}


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def notice(key: str, message: str, *actions: tuple[str, Handler]) -> None:
    """A message that stays until the reader dismisses it (``role=alert``), with a button
    per action at hand; a later notice with the same ``key`` takes its place. Notices
    live outside the screens (``#notices``), so a re-render keeps them."""
    old = by_id(f"notice-{key}")
    node = mount(h("div", h("p", message),
                   h("div", [h("button", label, class_="secondary", on_click=handler) for label, handler in actions],
                     h("button", _("Dismiss"), class_="secondary", on_click=lambda e: dismiss(key)), class_="row"),
                   class_="notice", role="alert", id=f"notice-{key}", data_notice=key), f"notice-{key}")
    if old:
        old.replaceWith(node)
    else:
        by_id("notices").append(node)


def dismiss(key: str) -> None:
    """Take the notice ``key`` away, if it is shown."""
    _drop(f"notice-{key}")
    node = by_id(f"notice-{key}")
    if node:
        node.remove()


def download(name: str, text: str) -> None:
    """Offer ``text`` as a JSON file called ``name`` for the reader to save."""
    blob = window.Blob.new([text], to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = mount(h("a", href=url, download=name))
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def set_svg(host: Any, svg: str) -> None:
    """Show SVG markup made by our renderers (all text in it escaped by ``pygame_rules.svg``)."""
    host.innerHTML = svg


def next_frame(callback: Callable[[], None]) -> None:
    """Run ``callback`` just before the page is next drawn: what reads the layout (a scroll to an
    element) then lays out once, in the frame's task, not in the task that changed the page."""
    window.requestAnimationFrame(create_once_callable(lambda _time: callback()))


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
        box = mount(h("div", id="toast", role="status", aria_live="polite"))
        by_id("main").appendChild(box)  # inside the page's main region, like everything it says
    box.className = "toast error" if error else "toast"
    box.textContent = message
    if not _hide_toast:
        _hide_toast.append(create_proxy(lambda: setattr(by_id("toast"), "className", "toast hidden")))
    window.clearTimeout(_toast_timer[0])
    _toast_timer[0] = window.setTimeout(_hide_toast[0], 6000)


_hide_toast: list[Any] = []
_toast_timer = [0]
