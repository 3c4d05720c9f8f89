"""A copy of a frozen dataclass value with some fields changed: :func:`dataclasses.replace`, fast.

The engines change their states by copying them (a state is a value: it round-trips through JSON
and is never changed in place), and Babel's moves copy the state and a player several times each.
:func:`dataclasses.replace` looks up the class's fields and goes through ``__init__`` at every
call, which made up almost half of a Babel search's time; here the names a class accepts are
looked up once, and the copy takes the original's attributes as they are. For the classes it
serves (frozen dataclasses whose fields all go through ``__init__``, with no ``__post_init__``
and no ``__slots__``) the result is the one :func:`dataclasses.replace` gives; any other value is
handed to it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
>>> replace(Point(1), z=3)
Traceback (most recent call last):
...
TypeError: Point has no field 'z'
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

#: Per class: the names of its fields (None: a class this module leaves to dataclasses).
_FIELDS: dict[type, frozenset[str] | None] = {}


def replace(value: T, /, **changes: Any) -> T:
    """``value`` with the fields named in ``changes`` set to their values (TypeError for a
    name that is not one of its fields)."""
    cls = type(value)
    try:
        names = _FIELDS[cls]
    except KeyError:
        names = _FIELDS[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(value, **changes)  # type: ignore[type-var]
    for name in changes:
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name!r}")  # i18n: internal (a programming error)
    copy = object.__new__(cls)
    attributes = copy.__dict__
    attributes.update(value.__dict__)
    attributes.update(changes)
    return copy


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a frozen dataclass that a copy of its attributes makes exactly (see
    the module's docstring), else None."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init or hasattr(cls, "__post_init__") \
            or "__slots__" in cls.__dict__:
        return None
    fields = dataclasses.fields(cls)
    if any(not field.init for field in fields):
        return None
    return frozenset(field.name for field in fields)
