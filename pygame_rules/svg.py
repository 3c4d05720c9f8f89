"""Building SVG from data: every attribute and text is escaped, nothing is raw HTML.

>>> el("circle", cx=1, cy=2, r=3, class_="stone red")
'<circle cx="1" cy="2" r="3" class="stone red"/>'
>>> el("text", "<b>", x=0)
'<text x="0">&lt;b&gt;</text>'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

Attr = str | int | float | bool | None


def _attrs(attrs: dict[str, Attr]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def el(tag: str, *children: str, **attrs: Attr) -> str:
    """One element. ``children`` are escaped text unless made by :func:`el`/:func:`raw`.

    Attribute names: a trailing ``_`` is dropped (``class_``) and ``_`` becomes ``-``
    (``data_square`` → ``data-square``).
    """
    inner = "".join(c if isinstance(c, Markup) else escape(c, quote=False) for c in children)
    if not inner:
        return Markup(f"<{tag}{_attrs(attrs)}/>")
    return Markup(f"<{tag}{_attrs(attrs)}>{inner}</{tag}>")


def group(children: Iterable[str], **attrs: Attr) -> str:
    return el("g", *children, **attrs)


def join(parts: Iterable[str]) -> str:
    """Concatenate markup made by :func:`el` without it being escaped again
    (a plain ``"".join`` gives a ``str``, which :func:`el` would escape)."""
    return Markup("".join(p if isinstance(p, Markup) else escape(p, quote=False) for p in parts))


def document(width: float, height: float, title: str, description: str,
             children: Iterable[str], **attrs: Attr) -> str:
    """A complete ``<svg>`` with a title and description for screen readers."""
    return el("svg", el("title", title), el("desc", description), *children,
              xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width:g} {height:g}",
              role="img", **attrs)


class Markup(str):
    """A string of SVG markup made here, which :func:`el` does not escape again."""
