"""Typed JSON codec for the frozen dataclasses that hold game states and actions.

States and actions are small immutable value objects (frozen dataclasses of
ints, strings, enums, tuples and other dataclasses). :func:`to_json` turns one
into plain JSON types; :func:`from_json` reads it back, checking every field
against the type hints and raising :class:`InvalidState` with the path of the
first problem. Game-specific consistency (pieces conserved and so on) is
checked by each game on top of this.

Data from outside reaches :func:`from_json` with any shape: it raises nothing but
:class:`InvalidState`, with a message of at most 200 characters in the active language
(long paths and values are cut, long lists of kinds shortened; the path stays as it is),
and it accepts no whole number beyond
±2**53 (:data:`~pygame_rules.gate.MAX_INT`) and no NaN or infinity. It recurses along
the type hints, never along the data, so no nesting of the data can exhaust the stack.
Nor can its size cost time: one reading takes at most
:data:`~pygame_rules.gate.MAX_VALUES` values in all, each list and object spending its
length before any of its items is read, so a deck of 400,000 cards is refused at once
and no shape of data costs more than reading that many values (milliseconds). The limit
is one for the whole value, not one per field: each game's ``check_state`` knows the
right length of every list and says it better; the codec makes sure that getting there
is cheap.

A union of several dataclasses is written with a ``"kind"`` tag, taken from
the class attribute ``KIND`` (or the class name).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int
>>> to_json(Point(1, 2))
{'x': 1, 'y': 2}
>>> from_json(Point, {'x': 1, 'y': 2})
Point(x=1, y=2)
>>> from_json(Point, {'x': 1})
Traceback (most recent call last):
...
pygame_rules.errors.InvalidState: $: missing field 'y'
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar, Union, get_args, get_origin

from .errors import InvalidState
from .gate import MAX_INT, MAX_VALUES, choices_text, describe, fail
from .i18n import N_, _, ngettext, number

T = TypeVar("T")
JSON = Any


def kind_of(cls: type) -> str:
    """The tag of a dataclass inside a tagged union."""
    return getattr(cls, "KIND", cls.__name__)


_HINTS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _hints(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """Each init field of the dataclass ``cls``: name, type hint, whether it has a default."""
    if cls not in _HINTS:
        _HINTS[cls] = _read_hints(cls)
    return _HINTS[cls]


def _read_hints(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, hints[f.name],
         f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
        for f in dataclasses.fields(cls)
        if f.init
    )


def to_json(value: Any) -> JSON:
    """Plain JSON data (dicts, lists, str, int, float, bool, None) for a value."""
    if isinstance(value, enum.Enum):  # first: a str or int enum is also a plain value
        return value.value
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {}
        if getattr(type(value), "_TAGGED", False):
            out["kind"] = kind_of(type(value))
        for name, _hint, _default in _hints(type(value)):
            out[name] = to_json(getattr(value, name))
        return out
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [to_json(v) for v in items]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    raise TypeError(f"cannot convert {type(value).__name__} to JSON")  # i18n: internal


def type_problem(hint: Any, value: Any, path: str = "$") -> str | None:
    """Why the Python ``value`` is not of type ``hint`` (None: it is), naming the path of
    the first mismatch: what the caller of a game hands in must be of the types its
    actions declare (``True`` is no int, a string is no enum member, a dict no tuple),
    with numbers within the range JSON data may hold (as :func:`from_json` reads it).

    >>> type_problem(tuple[int, ...], (1, True), "cards")
    'cards[1]: expected an integer, got True'
    >>> type_problem(int | None, None) is None
    True
    """
    origin = get_origin(hint)
    if hint is Any:
        return None
    if hint is type(None) or hint is None:
        return None if value is None else _mismatch(path, _("expected null, got {value}"), value)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        exact = [option for option in options if type(value) is option]
        if exact:  # (a game's union of action types: only the value's own class can fit)
            return type_problem(exact[0], value, path)
        if any(type_problem(option, value, path) is None for option in options):
            return None
        own = [option for option in options if isinstance(option, type) and isinstance(value, option)]
        return type_problem((own or options)[0], value, path) if own else \
            _mismatch(path, _("expected one of {kind}, got {value}"), value, None,
                      choices_text(getattr(option, "__name__", str(option)) for option in options))
    if hint is bool or hint is str or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return None if isinstance(value, hint) else _mismatch(path, _("expected {kind}, got {value}"), value, hint)
    if hint is int or hint is float:
        ok = isinstance(value, int if hint is int else (int, float)) and not isinstance(value, bool)
        if not ok:
            return _mismatch(path, _("expected {kind}, got {value}"), value, hint)
        return None if -MAX_INT <= value <= MAX_INT else f"{path}: " + _("the number is out of range")
    if origin is tuple or origin is frozenset:
        if not isinstance(value, origin):
            return _mismatch(path, _("expected {kind}, got {value}"), value, origin)
        args = get_args(hint)
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            items = [(args[0], item) for item in value]
        elif len(args) != len(value):
            return f"{path}: " + ngettext("expected {n} item, got {count}", "expected {n} items, got {count}",
                                          len(args)).format(n=len(args), count=len(value))
        else:
            items = list(zip(args, value))
        return next((problem for i, (item_hint, item) in enumerate(items)
                     if (problem := type_problem(item_hint, item, f"{path}[{i}]"))), None)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, hint):
            return _mismatch(path, _("expected {kind}, got {value}"), value, hint)
        return next((problem for name, field_hint, _default in _hints(hint)
                     if (problem := type_problem(field_hint, getattr(value, name), f"{path}.{name}"))), None)
    raise TypeError(f"codec does not check the type {hint!r}")  # i18n: internal


#: How messages name the types a value may lack.
_KINDS: dict[Any, str] = {bool: N_("true/false"), int: N_("an integer"), float: N_("a number"),
                          str: N_("a string"), tuple: N_("a list"), frozenset: N_("a set")}


def _mismatch(path: str, template: str, value: Any, hint: Any = None, kind: str = "") -> str:
    kind = kind or (_(_KINDS[hint]) if hint in _KINDS else getattr(hint, "__name__", ""))
    return f"{path}: " + template.format(kind=kind, value=describe(value))


def from_json(hint: Any, data: JSON, path: str = "$") -> Any:
    """Read ``data`` as a value of type ``hint``; raise :class:`InvalidState` on mismatch,
    or if it holds more than :data:`~pygame_rules.gate.MAX_VALUES` values."""
    return _read(hint, data, path, _Budget())


class _Budget:
    """The values one reading may still take (see the module docstring)."""

    def __init__(self) -> None:
        self.left = MAX_VALUES

    def spend(self, items: list[Any] | dict[str, Any], path: str) -> None:
        """Take the items of the list or object at ``path``, before any of them is read."""
        if len(items) > self.left:
            _invalid(path, ngettext("too many values (a state or action holds at most {n} value)",
                                    "too many values (a state or action holds at most {n} values)",
                                    MAX_VALUES).format(n=number(MAX_VALUES)))
        self.left -= len(items)


def _read(hint: Any, data: JSON, path: str, budget: _Budget) -> Any:
    origin = get_origin(hint)
    if hint is Any:
        return data
    if hint is type(None) or hint is None:
        if data is not None:
            _invalid(path, _("expected null, got {value}").format(value=describe(data)))
        return None
    if origin in (Union, types.UnionType):
        return _from_union(get_args(hint), data, path, budget)
    if hint is bool:
        if not isinstance(data, bool):
            _invalid(path, _("expected true/false, got {value}").format(value=describe(data)))
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool):
            _invalid(path, _("expected an integer, got {value}").format(value=describe(data)))
        if not -MAX_INT <= data <= MAX_INT:
            _invalid(path, _("the number is out of range"))
        return data
    if hint is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool) or not math.isfinite(data) \
                or not -MAX_INT <= data <= MAX_INT:
            _invalid(path, _("expected a number, got {value}").format(value=describe(data)))
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            _invalid(path, _("expected a string, got {value}").format(value=describe(data)))
        return data
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        # a plain value only: the enum's own error would quote a list or object whole
        if isinstance(data, (str, int, float)) and data in {m.value for m in hint}:
            return hint(data)
        _invalid(path, _("{value} is not one of {choices}").format(
            value=describe(data), choices=choices_text(repr(m.value) for m in hint)))
    if origin is tuple:
        return _from_tuple(get_args(hint), data, path, budget)
    if origin is frozenset:
        (item,) = get_args(hint)
        return frozenset(_from_list(item, data, path, budget))
    if origin in (dict, Mapping, typing.Mapping):
        key_t, val_t = get_args(hint)
        _expect_object(data, path, budget)
        return {_read(key_t, k, f"{path}.{k}", budget) if key_t is not str else k:
                _read(val_t, v, f"{path}.{k}", budget) for k, v in data.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _from_dataclass(hint, data, path, budget)
    raise TypeError(f"codec does not support the type {hint!r}")  # i18n: internal


def _invalid(path: str, problem: str) -> typing.NoReturn:
    """Raise InvalidState for ``problem`` at ``path`` (a long path keeps its end)."""
    if len(path) > 60:
        path = "…" + path[-59:]
    fail(InvalidState, f"{path}: {problem}")


def _expect_object(data: JSON, path: str, budget: _Budget) -> None:
    """InvalidState unless ``data`` is a JSON object (its keys text, as JSON's are) that
    ``budget`` can pay for."""
    if not isinstance(data, dict):
        _invalid(path, _("expected an object, got {value}").format(value=describe(data)))
    budget.spend(data, path)
    if any(not isinstance(key, str) for key in data):
        _invalid(path, _("an object's field names must be text"))


def _from_union(options: tuple[Any, ...], data: JSON, path: str, budget: _Budget) -> Any:
    if data is None and type(None) in options:
        return None
    rest = [o for o in options if o is not type(None)]
    if len(rest) == 1:
        return _read(rest[0], data, path, budget)
    by_kind = _tagged_union(options)
    if by_kind is not None:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            _invalid(path, _("expected an object with a 'kind' field"))
        cls = by_kind.get(data["kind"])
        if cls is None:
            _invalid(path, _("unknown kind {kind}; expected one of {choices}").format(
                kind=describe(data["kind"]), choices=choices_text(sorted(by_kind))))
        return _from_dataclass(cls, data, path, budget, tagged=True)
    errors = []
    for option in rest:
        try:
            return _read(option, data, path, budget)
        except InvalidState as exc:
            errors.append(str(exc))
    _invalid(path, _("matches none of the allowed types ({errors})").format(errors="; ".join(errors)))


_UNIONS: dict[tuple[Any, ...], dict[str, type] | None] = {}


def _tagged_union(options: tuple[Any, ...]) -> dict[str, type] | None:
    """The dataclasses of a union of them by their tags, or None for another union (worked out once
    per union: every move a save holds is read through its game's union of actions)."""
    if options not in _UNIONS:
        rest = [o for o in options if o is not type(None)]
        _UNIONS[options] = {kind_of(o): o for o in rest} \
            if all(isinstance(o, type) and dataclasses.is_dataclass(o) for o in rest) else None
    return _UNIONS[options]


def _from_tuple(args: tuple[Any, ...], data: JSON, path: str, budget: _Budget) -> tuple[Any, ...]:
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_from_list(args[0], data, path, budget))
    if not isinstance(data, list):
        _invalid(path, _("expected a list, got {value}").format(value=describe(data)))
    budget.spend(data, path)
    if len(data) != len(args):
        _invalid(path, ngettext("expected {n} item, got {count}", "expected {n} items, got {count}",
                                len(args)).format(n=len(args), count=len(data)))
    return tuple(_read(a, d, f"{path}[{i}]", budget) for i, (a, d) in enumerate(zip(args, data)))


def _from_list(item: Any, data: JSON, path: str, budget: _Budget) -> list[Any]:
    if not isinstance(data, list):
        _invalid(path, _("expected a list, got {value}").format(value=describe(data)))
    budget.spend(data, path)
    return [_read(item, d, f"{path}[{i}]", budget) for i, d in enumerate(data)]


def _from_dataclass(cls: type[T], data: JSON, path: str, budget: _Budget, tagged: bool = False) -> T:
    _expect_object(data, path, budget)
    fields = _hints(cls)
    is_tagged = tagged or getattr(cls, "_TAGGED", False)
    if is_tagged and data.get("kind") != kind_of(cls):
        _invalid(path, _("unknown kind {kind}; expected {expected}").format(
            kind=describe(data.get("kind")), expected=repr(kind_of(cls))))
    known = {name for name, _hint, _default in fields} | ({"kind"} if is_tagged else set())
    extra = sorted(set(data) - known)
    if extra:
        _invalid(path, _("unexpected field {field}").format(field=describe(extra[0])))
    kwargs = {}
    for name, hint, has_default in fields:
        if name not in data:
            if has_default:
                continue
            _invalid(path, _("missing field {field}").format(field=repr(name)))
        kwargs[name] = _read(hint, data[name], f"{path}.{name}", budget)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        _invalid(path, str(exc))


def tagged(cls: type[T]) -> type[T]:
    """Class decorator: always write this dataclass with its ``"kind"`` tag.

    Use it on every action class of a game, so that a single action and a
    union of actions have the same JSON form.
    """
    cls._TAGGED = True  # type: ignore[attr-defined]
    return cls
