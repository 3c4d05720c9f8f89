"""Screens as values: :func:`h` builds an element tree in Python, and :func:`markup` writes a whole
tree as HTML text, so that the page applies a screen in one step (``dom.replace``) instead of an
element, attribute and text node at a time.

Escaping is by construction, as in ``pygame_rules.svg``: text and attribute values are always
escaped; tag and attribute names come from code and must be plain names; no style text is ever
written (a colour goes in as ``data-swatch`` through :func:`swatch`, which only a colour passes,
and ``dom`` sets it through the CSSOM). Event handlers are not written into the HTML: an element
gets a ``data-on-EVENT`` key into a handler table, filled while the tree is written.

>>> print(markup([h("p", "Fish & <chips>", class_="note", data_ply=3, hidden=True, title=None)]))
<p class="note" data-ply="3" hidden>Fish &amp; &lt;chips&gt;</p>
>>> table: dict[str, Handler] = {}
>>> markup([h("button", "Go", on_click=print)], table)
'<button data-on-click="h1">Go</button>'
>>> table["h1"] is print
True
>>> markup([h("input", value='say "hi"'), h("span", swatch("#12ab34"), "x")])
'<input value="say &quot;hi&quot;"><span><span class="swatch" aria-hidden="true" data-swatch="#12ab34"></span>x</span>'

A part written once can go into later trees as it is (:func:`written`), but only HTML that
:func:`markup` wrote: a plain ``str`` is always text.

>>> item = written(h("li", "a < b"))
>>> markup([h("ol", item, "<li>")])
'<ol><li>a &lt; b</li>&lt;li&gt;</ol>'
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any

Handler = Callable[[Any], object]  # may return a coroutine, which then runs in the background
Child = Any  # an Element, a str (text), Html, None (skipped) or a list or tuple of these

#: The events an element can bind with ``on_EVENT=``.
EVENTS = ("click", "change", "input", "submit", "keydown")
#: Elements without content or end tag.
VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
_NAME = re.compile(r"[a-z][a-z0-9-]*")
#: A colour that is nothing else: ``#rrggbb`` or a CSS colour keyword (letters only).
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}|[a-z]{3,24}")


class Html(str):
    """HTML text that :func:`written` made (so escaped by construction), to go into trees as it is."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Element:
    """An element to be: its tag, its attributes (text, True for a bare attribute, or an event
    handler under ``on-EVENT``) and its children (elements and text)."""

    tag: str
    attrs: tuple[tuple[str, str | bool | Handler], ...]
    children: tuple[Element | str, ...]  # a str is text unless it is Html


def h(tag: str, *children: Child, **attrs: Any) -> Element:
    """An element: ``class_`` → ``class``, ``data_x`` → ``data-x``, ``on_click=f`` binds ``f``;
    an attribute that is None or False is left out, True writes it bare, anything else as text."""
    if not _NAME.fullmatch(tag):
        raise ValueError(f"not a tag name: {tag!r}")  # i18n: internal
    pairs: list[tuple[str, str | bool | Handler]] = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if not _NAME.fullmatch(name):
            raise ValueError(f"not an attribute name: {name!r}")  # i18n: internal
        if name == "style":  # see the module docstring
            raise ValueError("h() writes no style text; a colour goes through swatch()")
        if name.startswith("on-"):
            if name[3:] not in EVENTS or not callable(value):
                raise ValueError(f"{key} needs a function, for one of {', '.join(EVENTS)}")  # i18n: internal
            pairs.append((name, value))
        else:
            pairs.append((name, True if value is True else str(value)))
    return Element(tag, tuple(pairs), tuple(_flat(children)))


def _flat(children: Iterable[Child]) -> Iterator[Element | str]:
    for child in children:
        if child is None:
            continue
        if isinstance(child, (Element, str)):
            yield child
        elif isinstance(child, (list, tuple)):
            yield from _flat(child)
        else:
            kind = type(child).__name__
            raise TypeError(f"an element's child is an Element, a str or None, not {kind}")  # i18n: internal


def swatch(colour: str) -> Element:
    """A round sample of ``colour`` (a seat's fill: the game's palette or a checked
    ``#rrggbb``), left blank for anything that is not plainly a colour.

    >>> markup([swatch("red; background: url(x)")])
    '<span class="swatch" aria-hidden="true"></span>'
    """
    return h("span", "", class_="swatch", aria_hidden="true",
             data_swatch=colour if _COLOUR.fullmatch(colour) else None)


def written(*children: Child) -> Html:
    """``children`` written once, to be put into later trees as they are (they can have no
    event handlers: those are keyed anew each time a tree is written)."""
    return Html(markup(children))


def markup(children: Iterable[Child], table: MutableMapping[str, Handler] | None = None,
           keys: Iterator[int] | None = None) -> str:
    """The HTML text of ``children``; their event handlers go into ``table`` (which the page's
    delegated listeners name), each under a key ``h<n>`` with ``n`` from ``keys`` (a count that
    never gives a number twice, so a key never comes back for another handler); a tree with
    handlers needs both."""
    out: list[str] = []
    counter = keys if keys is not None else itertools.count(1)
    for child in _flat(children):
        _write(child, out, table, counter)
    return "".join(out)


def _write(node: Element | str, out: list[str], table: MutableMapping[str, Handler] | None,
           keys: Iterator[int]) -> None:
    if isinstance(node, Html):
        out.append(node)
        return
    if isinstance(node, str):
        out.append(html.escape(node, quote=False))
        return
    out.append(f"<{node.tag}")
    for name, value in node.attrs:
        if name.startswith("on-"):
            if table is None:
                raise ValueError("an element with an event handler needs a handler table")  # i18n: internal
            key = f"h{next(keys)}"
            table[key] = value  # type: ignore[assignment]
            out.append(f' data-{name}="{key}"')
        elif value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{html.escape(value, quote=True)}"')  # type: ignore[arg-type]
    out.append(">")
    if node.tag in VOID:
        if node.children:
            raise ValueError(f"<{node.tag}> can have no content")
        return
    for child in node.children:
        _write(child, out, table, keys)
    out.append(f"</{node.tag}>")
