"""Building SVG from data: every attribute and text is escaped, nothing is raw HTML.

>>> el("circle", cx=1, cy=2, r=3, class_="stone red")
'<circle cx="1" cy="2" r="3" class="stone red"/>'
>>> el("text", "<b>", x=0)
'<text x="0">&lt;b&gt;</text>'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

Attr = str | int | float | bool | None


#: Attribute names as written, by keyword (``class_`` → ``class``, ``data_square`` → ``data-square``).
_NAMES: dict[str, str] = {}
#: What :func:`html.escape` changes in an attribute value.
_SPECIAL = re.compile("[&<>\"']")


def _attrs(attrs: dict[str, Attr]) -> str:
    """The attributes written out. A board has thousands of them, so a number is written as it
    is (its text has nothing to escape) and a text is escaped only if it holds something to
    escape.

    >>> _attrs({"x": 1.5, "y": 2.0, "class_": "a b", "data_square": "e4", "title": "<'&'>", "hidden": True})
    ' x="1.5" y="2" class="a b" data-square="e4" title="&lt;&#x27;&amp;&#x27;&gt;" hidden="True"'
    """
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if isinstance(value, str):
            text = escape(value, quote=True) if _SPECIAL.search(value) else value
        elif isinstance(value, float):
            text = f"{value:.2f}".rstrip("0").rstrip(".")
        else:  # an int or True: digits, a sign or a word
            text = str(value)
        out.append(f' {name}="{text}"')
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


def spaced(children: Iterable[str]) -> list[str]:
    """``children`` with a space between each: a control's texts then read as words ("H1",
    "2 ebony" → "H1 2 ebony", not "H12 ebony"), as its accessible name must begin with them
    (WCAG 2.5.3); a space between SVG elements draws nothing.

    >>> group(spaced([el("text", "H1"), el("text", "2 ebony")]))
    '<g><text>H1</text> <text>2 ebony</text></g>'
    """
    out: list[str] = []
    for child in children:
        out += [" ", child] if out else [child]
    return out


def join(parts: Iterable[str]) -> str:
    """Concatenate markup made by :func:`el` without it being escaped again
    (a plain ``"".join`` gives a ``str``, which :func:`el` would escape)."""
    return Markup("".join(p if isinstance(p, Markup) else escape(p, quote=False) for p in parts))


def document(width: float, height: float, title: str, description: str,
             children: Iterable[str], *, role: str = "img", **attrs: Attr) -> Drawing:
    """A complete ``<svg>`` with a title and description for screen readers.

    ``role`` is ``"img"`` for a picture; a board whose pieces and fields are
    controls of their own is a ``"group"`` (or ``"application"``).

    >>> drawing = document(10, 10, "T", "D", [el("circle", r=1)])
    >>> drawing.opening
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img">'
    >>> drawing.parts
    ('<title>T</title>', '<desc>D</desc>', '<circle r="1"/>')
    >>> drawing == el("svg", *drawing.parts, xmlns="http://www.w3.org/2000/svg", viewBox="0 0 10 10", role="img")
    True
    """
    parts = tuple(c if isinstance(c, Markup) else escape(c, quote=False)
                  for c in (el("title", title), el("desc", description), *children))
    root: dict[str, Attr] = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width:g} {height:g}",
                             "role": role}
    opening = f"<svg{_attrs(root | attrs)}>"
    return Drawing(opening, parts)


class Markup(str):
    """A string of SVG markup made here, which :func:`el` does not escape again."""


class Drawing(Markup):
    """A whole drawing (:func:`document`), which also knows its opening tag and the parts it
    was made of, in order (each an element, a text, or several elements joined): a page that
    has the drawing already can be sent only the parts that changed."""

    opening: str
    parts: tuple[str, ...]

    def __new__(cls, opening: str, parts: tuple[str, ...]) -> Drawing:
        drawing = super().__new__(cls, opening + "".join(parts) + "</svg>")
        drawing.opening, drawing.parts = opening, parts
        return drawing


# ------------------------------------------------------------ legible text
#: Advance widths in em of the characters sans-serif fonts set widest or narrowest (others:
#: 0.70 a capital, 0.56 the rest), with a margin for the fonts that stand in for Arial.
_NARROW = dict.fromkeys("ijl|!.,:;'", 0.24) | dict.fromkeys("ftI r()[]/", 0.34)
_WIDE = dict.fromkeys("mw", 0.84) | dict.fromkeys("MW%", 0.95) | dict.fromkeys("—…↔", 1.0)
_UPPER, _OTHER, _MARGIN, _BOLD = 0.70, 0.56, 1.08, 1.08


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of ``text``'s width in user units at font ``size``.

    >>> round(text_width("camel", 20)), round(text_width("camel", 20, bold=True))
    (60, 64)
    """
    ems = sum(_NARROW.get(c) or _WIDE.get(c) or (_UPPER if c.isupper() else _OTHER) for c in text)
    return ems * size * _MARGIN * (_BOLD if bold else 1)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` (a longer word keeps its line).

    >>> wrap("Lighthouse of Alexandria", 230, 19, bold=True)
    ['Lighthouse of', 'Alexandria']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rgb``/``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#000", "#fff"), 1), round(contrast("#767676", "#ffffff"), 2)
    (21.0, 4.54)
    """
    lighter, darker = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def ink(fill: str, dark: str = "#000") -> str:
    """``dark`` or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour).

    >>> ink("#1f63c6"), ink("#e6c300")
    ('#fff', '#000')
    """
    return dark if contrast(dark, fill) >= contrast("#ffffff", fill) else "#fff"


def _luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
