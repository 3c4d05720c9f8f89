"""The one gate for untrusted input: limits before parsing, schema checks before use.

Everything that comes from outside the program passes here before anything else looks
at it: a save file or a stored save, a shared game's link (:mod:`pygame_rules.share`), a
position or move list an author wrote, an embed attribute, a worker request, a URL parameter.

1. **Limits before parsing.** :func:`read_json` refuses text longer than its
   :class:`Limits`, nested deeper or holding more values, before :func:`json.loads` sees
   it. Deeply nested JSON makes the parser recurse, and in Pyodide that can kill the
   whole runtime; many small values cost far more than their text (``[{},{},…]`` in 4 MB
   makes 1.3 million objects: 90 MB and seconds). Depth and values are measured on the
   text's structure outside strings, in linear time and never a character at a time in
   Python (:func:`structure`, :func:`nesting_depth`). Parsing then costs at most about
   80 bytes and half a microsecond per value allowed, so each ``max_values`` is a price:
   :data:`MAX_VALUES` unless the limits name their own (a save's grows with the moves it
   may hold). The codec (:mod:`pygame_rules.codec`) reads no state or action of more
   values either, whoever parsed it. :func:`check_text` bounds plain text (a position, a
   move list, an attribute) by its length.
2. **Schema checks before use.** :class:`Fields` reads a JSON object one field at a time:
   known keys only, typed values, numbers in range, bounded text. :func:`name` admits
   text of bounded length without control characters; :func:`colour` a colour of the
   game's palette or a strict ``#rrggbb`` (nothing that could carry CSS of its own).
3. **One error type per layer.** Every check raises the error class its caller names
   (``SaveError`` for saves, ``RequestError`` for worker requests, ``InvalidState`` or
   ``IllegalAction`` in the engines), with a message of at most :data:`MAX_MESSAGE`
   characters that names the field; a value is quoted by :func:`describe`, never whole.
4. **Messages a player can read**, in the active language (:mod:`pygame_rules.i18n`): a
   damaged save or import file reaches the player through them. What a text is (``what``,
   ``field``, a :class:`Limits`' or :class:`Fields`' name, a field's label) is given in
   English marked with ``N_`` (a constant, translated here when a message is made) or
   already in the active language, which passes unchanged.

>>> from pygame_rules.errors import InvalidState
>>> read_json('{"a": [1, 2]}', Limits("the test document", 100, 2), InvalidState)
{'a': [1, 2]}
>>> read_json("[" * 50 + "]" * 50, Limits("the test document", 100, 2), InvalidState)
Traceback (most recent call last):
...
pygame_rules.errors.InvalidState: the test document is nested more than 2 levels deep
>>> colour("blue;background:url(x)", ("red", "blue"), "the colour", InvalidState)
Traceback (most recent call last):
...
pygame_rules.errors.InvalidState: the colour must be one of red, blue or a #rrggbb colour, not 'blue;background:url(x)'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, NoReturn, TypeVar

from .i18n import _, language, ngettext, number

#: The longest error message a person should have to read.
MAX_MESSAGE = 200
#: The largest whole number accepted anywhere: JavaScript holds integers exactly up to
#: 2**53, and every number read here may have come through a page.
MAX_INT = 2**53

E = TypeVar("E", bound=ValueError)

#: The most values a JSON document may hold (:attr:`Limits.max_values`, unless its limits
#: say otherwise), and a state or action the codec reads (:mod:`pygame_rules.codec`): over
#: ten times the largest state (a five-player Babel state: 700 as the gate counts its
#: text, under 500 to the codec), and at most 1 MB and a few milliseconds to read.
MAX_VALUES = 10_000

#: A JSON string, or an unterminated one to the end of the text (which ends the parser
#: too); possessive, so it never backtracks and a match, once begun, never fails.
_STRING = re.compile(r'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)
#: What the structure of a JSON text is made of: one character per list or object begun
#: or ended, per item after the first and per key.
_STRUCTURE = "[]{},:"
#: The structure's brackets kept, as ``[`` and ``]`` (its bytes: anything else outside
#: strings is a literal, a number or white space).
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
#: How a bracket (as a byte) changes the depth.
_STEP = {ord("["): 1, ord("]"): -1}
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
#: Characters no text from outside may hold: control characters (Unicode category Cc),
#: the line and paragraph separators, lone surrogates, and the directional formatting
#: characters, which could reorder the text around them.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff"
                      "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Limits:
    """How much of one kind of untrusted text is read at all."""

    #: What the text is, for messages: ``N_("the saved game")``, ``N_("the request")``.
    what: str
    max_chars: int
    #: The deepest nesting of lists and objects a JSON text may have (0 for plain text).
    max_depth: int = 0
    #: The most values a JSON text may hold, counted by :func:`structure`.
    max_values: int = MAX_VALUES


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis where cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe(value: object, limit: int = 40) -> str:
    """A short quotation of ``value`` for a message: scalars as Python writes them (cut
    to ``limit``), containers by their kind only, so nothing deep or huge is ever
    converted to text."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) <= MAX_INT else _("a huge number")
    if isinstance(value, float):
        return shorten(repr(value), limit)
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit - 6]) + "…"
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, (list, tuple)):
        return _("a list")
    return f"a {type(value).__name__}"  # i18n: internal (no JSON value: a caller's mistake)


def choices_text(choices: Iterable[object], limit: int = 80) -> str:
    """``a, b, c`` — as many of ``choices`` as fit in about ``limit`` characters, then how
    many more there are."""
    names = [str(c) for c in choices]
    shown: list[str] = []
    for name in names:
        if shown and len(", ".join([*shown, name])) > limit:
            more = len(names) - len(shown)
            return ngettext("{choices} (and {n} more)", "{choices} (and {n} more)", more).format(
                choices=", ".join(shown), n=more)
        shown.append(name)
    return ", ".join(shown)


def fail(error: type[E], message: str) -> NoReturn:
    """Raise ``error`` with ``message`` cut to :data:`MAX_MESSAGE` characters."""
    raise error(shorten(message))


def decimal(value: float) -> str:
    """``value`` as short as Python writes it (``0.1``, ``30``, ``60000``), with the active
    language's decimal mark and no grouping: the bounds of a range in a message."""
    text = f"{value:g}"
    return text if language() == "en" else text.replace(".", ",")


# ------------------------------------------------------------------ limits
def structure(text: str, most: int) -> tuple[str, int]:
    """The JSON ``text`` without its strings (an unterminated one cut off with the rest,
    as the parser stops there) and how many values it holds: one more than its brackets,
    commas and colons, i.e. about one per value and key and one more per list and object
    (a list of n numbers counts n + 2, an object of n keys 2n + 2). It stops removing
    strings after ``most + 1`` of them: a text with more counts more than ``most``.

    >>> structure('{"a": [1, "[,]"], "b": null}', 100)
    ('{: [1, ], : null}', 9)
    """
    outside, strings = _STRING.subn("", text, count=most + 1)
    return outside, max(strings, 1 + sum(map(outside.count, _STRUCTURE)))


def nesting_depth(text: str, stop_at: int) -> int:
    """How deeply the lists and objects of the JSON ``text`` nest, counting no further
    than ``stop_at + 1``. Brackets count outside strings only, and a string is skipped
    whole (to the first quote that no backslash escapes; an unterminated one ends the
    scan, as it ends the parser). Linear and without recursion: a few passes of the
    regular expression engine over the text, then one over its brackets alone (as
    :func:`structure` counts them, no more than a document's ``max_values``)."""
    outside = _STRING.sub("", text)
    brackets = outside.encode("ascii", "ignore").translate(_BRACKETS, _NOT_BRACKETS)
    deepest = max(accumulate(map(_STEP.__getitem__, brackets), initial=0))
    return min(deepest, stop_at + 1)


def data_depth(data: object, stop_at: int) -> int:
    """How deeply the lists and dicts of ``data`` nest (a value already parsed, from a
    caller that skipped :func:`read_json`), counting no further than ``stop_at + 1``;
    a walk with a stack of its own, never a recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list, tuple)):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > stop_at:
                break
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth) for item in items)
    return deepest


def check_text(text: object, limits: Limits, error: type[E], *, lines: bool = False) -> str:
    """``text`` if it is a string within ``limits`` and without control characters (tabs
    allowed, and line breaks if ``lines``); else ``error``."""
    what = _(limits.what)
    if not isinstance(text, str):
        fail(error, _("{what} must be text, not {value}").format(what=what, value=describe(text)))
    if len(text) > limits.max_chars:
        fail(error, ngettext("{what} is too long: {count} character, at most {n}",
                             "{what} is too long: {count} characters, at most {n}", len(text)).format(
            what=what, count=number(len(text)), n=number(limits.max_chars)))
    allowed = "\t\n\r" if lines else "\t"
    for found in _CONTROL.finditer(text):
        if found.group() not in allowed:
            fail(error, _("{what} holds a control character ({code})").format(
                what=what, code=f"U+{ord(found.group()):04X}"))
    return text


def read_json(text: object, limits: Limits, error: type[E]) -> Any:
    """The JSON document ``text``, read only if it keeps within ``limits``; ``error``
    with a plain message if it does not or is no JSON (NaN and Infinity included)."""
    what = _(limits.what)
    if not isinstance(text, str):
        fail(error, _("{what} must be JSON text, not {value}").format(what=what, value=describe(text)))
    if len(text) > limits.max_chars:
        fail(error, ngettext("{what} is too large: {count} character, at most {n}",
                             "{what} is too large: {count} characters, at most {n}", len(text)).format(
            what=what, count=number(len(text)), n=number(limits.max_chars)))
    _check_structure(text, limits, error)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except ValueError:  # JSONDecodeError, NaN, an integer of over 4,300 digits
        fail(error, _("{what} is not valid JSON (it may be truncated or of another kind)").format(what=what))


def _check_structure(text: str, limits: Limits, error: type[E]) -> None:
    """``error`` unless the JSON ``text`` keeps within the depth and the values of ``limits``
    (a function of its own, so that the text's structure is freed before it is parsed)."""
    outside, values = structure(text, limits.max_values)
    # the depth first (as far as the values allowed reach): a text too deep is refused as such
    reach = outside if values <= limits.max_values else outside[:limits.max_values]
    if nesting_depth(reach, limits.max_depth) > limits.max_depth:
        fail(error, nested_text(limits.what, limits.max_depth))
    if values > limits.max_values:
        fail(error, ngettext("{what} holds more than {n} value", "{what} holds more than {n} values",
                             limits.max_values).format(what=_(limits.what), n=number(limits.max_values)))


def nested_text(what: str, depth: int) -> str:
    """The message for a document (``what``) nested more than ``depth`` levels deep."""
    return ngettext("{what} is nested more than {n} level deep", "{what} is nested more than {n} levels deep",
                    depth).format(what=_(what), n=depth)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")  # i18n: internal (caught just above)


# ----------------------------------------------------------------- schemas
def name(value: object, field: str, max_chars: int, error: type[E]) -> str:
    """``value`` if it is a name a person can read: 1 to ``max_chars`` characters, not
    only spaces, without control characters; else ``error`` naming ``field``."""
    what = _(field)
    if not isinstance(value, str):
        fail(error, _("{what} must be text, not {value}").format(what=what, value=describe(value)))
    if not value.strip():
        fail(error, _("{what} is empty").format(what=what))
    if len(value) > max_chars:
        fail(error, ngettext("{what} is longer than {n} character: {value}",
                             "{what} is longer than {n} characters: {value}", max_chars).format(
            what=what, n=max_chars, value=describe(value)))
    if _CONTROL.search(value):
        fail(error, _("{what} holds a control character: {value}").format(what=what, value=describe(value)))
    return value


def colour(value: object, palette: Sequence[str], field: str, error: type[E]) -> str:
    """``value`` if it is a colour name of ``palette`` or a strict ``#rrggbb`` colour;
    else ``error`` naming ``field``. Nothing else passes: the value ends up in styles."""
    if isinstance(value, str) and (value in palette or _HEX_COLOUR.fullmatch(value)):
        return value
    fail(error, _("{what} must be one of {choices} or a #rrggbb colour, not {value}").format(
        what=_(field), choices=choices_text(palette), value=describe(value)))


_MISSING: Any = object()


class Fields:
    """A JSON object from outside, read one field at a time: each getter checks the
    field's type and range and raises ``error`` naming the field (as ``what``'s field,
    by its key or its entry in ``labels``, a label marked with ``N_``). Only ``known``
    keys may occur, if given.

    >>> from pygame_rules.errors import InvalidState
    >>> request = Fields({"budget_ms": -5}, "the request", InvalidState, known=("budget_ms", "seed"))
    >>> request.integer("seed", 0, 100, default=1)
    1
    >>> request.number("budget_ms", 0, 60_000)
    Traceback (most recent call last):
    ...
    pygame_rules.errors.InvalidState: the request's budget_ms must be a number from 0 to 60000, not -5
    """

    def __init__(self, data: object, what: str, error: type[ValueError], *,
                 known: Collection[str] | None = None, labels: Mapping[str, str] | None = None) -> None:
        what = _(what)
        if not isinstance(data, dict):
            fail(error, _("{what} must be a JSON object, not {value}").format(what=what, value=describe(data)))
        if any(not isinstance(key, str) for key in data):
            fail(error, _("{what} has a field whose name is not text").format(what=what))
        if known is not None:
            extra = [key for key in data if key not in known]
            if extra:
                fail(error, _("{what} has an unknown field {field} (known: {known})").format(
                    what=what, field=describe(extra[0]), known=choices_text(sorted(known))))
        self.data: dict[str, Any] = data
        #: What the object is, in the active language of when it was read.
        self.what = what
        self.error = error
        self.labels = dict(labels or {})

    def label(self, key: str) -> str:
        """The field ``key`` in words: its label (translated) if it has one, else its key."""
        return _(self.labels[key]) if key in self.labels else key

    def field(self, key: str) -> str:
        """How messages name the field ``key``: ``the save's seed``."""
        return _("{what}'s {field}").format(what=self.what, field=self.label(key))

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, default: Any = _MISSING) -> Any:
        """The raw value of ``key``; ``default`` if it is missing (an error without one)."""
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            fail(self.error, _("{what} has no {field}").format(what=self.what, field=self.label(key)))
        return default

    def integer(self, key: str, low: int, high: int, default: Any = _MISSING) -> int:
        """A whole number from ``low`` to ``high`` (true/false are no numbers)."""
        value = self.get(key, default)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        fail(self.error, _("{what} must be a whole number from {low} to {high}, not {value}").format(
            what=self.field(key), low=low, high=high, value=describe(value)))

    def number(self, key: str, low: float, high: float, default: Any = _MISSING) -> float:
        """A finite number from ``low`` to ``high``, as a float."""
        value = self.get(key, default)
        if isinstance(value, (int, float)) and not isinstance(value, bool) \
                and math.isfinite(value) and low <= value <= high:
            return float(value)
        fail(self.error, _("{what} must be a number from {low} to {high}, not {value}").format(
            what=self.field(key), low=decimal(low), high=decimal(high), value=describe(value)))

    def text(self, key: str, max_chars: int, default: Any = _MISSING) -> str:
        """A string of at most ``max_chars`` characters without control characters."""
        value = self.get(key, default)
        if not isinstance(value, str):
            fail(self.error, _("{what} must be text, not {value}").format(what=self.field(key), value=describe(value)))
        return check_text(value, Limits(self.field(key), max_chars), self.error)

    def choice(self, key: str, choices: Sequence[str], default: Any = _MISSING) -> str:
        """One of ``choices``."""
        value = self.get(key, default)
        if isinstance(value, str) and value in choices:
            return value
        fail(self.error, _("{what} must be one of {choices}, not {value}").format(
            what=self.field(key), choices=choices_text(choices), value=describe(value)))

    def object(self, key: str, default: Any = _MISSING) -> dict[str, Any]:
        """A JSON object (its own fields are the caller's to check)."""
        value = self.get(key, default)
        if isinstance(value, dict):
            return value
        fail(self.error, _("{what} must be an object, not {value}").format(what=self.field(key), value=describe(value)))

    def items(self, key: str, max_items: int, default: Any = _MISSING) -> list[Any]:
        """A JSON list of at most ``max_items`` items (each the caller's to check)."""
        value = self.get(key, default)
        if not isinstance(value, list):
            fail(self.error, _("{what} must be a list, not {value}").format(
                what=self.field(key), value=describe(value)))
        if len(value) > max_items:
            fail(self.error, ngettext("{what} has {count} item, at most {n}", "{what} has {count} items, at most {n}",
                                      len(value)).format(what=self.field(key), count=number(len(value)),
                                                         n=number(max_items)))
        return value
