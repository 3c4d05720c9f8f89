"""A mutable working copy of a frozen dataclass, for rules that change a state step by step.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pile:
...     cards: tuple[int, ...]
...     owner: int
>>> work = Thawed(Pile((1, 2), 0))
>>> work.cards.append(3)
>>> work.owner = 1
>>> work.freeze()
Pile(cards=(1, 2, 3), owner=1)
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar, get_args, get_type_hints

from .frozen import replace

D = TypeVar("D")

_FIELDS: dict[type, dict[str, bool]] = {}


def _fields(cls: type) -> dict[str, bool]:
    """The fields of the dataclass ``cls``, each with whether it is a tuple of dataclasses."""
    if cls not in _FIELDS:
        hints = get_type_hints(cls)
        _FIELDS[cls] = {f.name: any(is_dataclass(t) for t in get_args(hints[f.name]))
                        for f in fields(cls)}
    return _FIELDS[cls]


class Thawed(Generic[D]):
    """A mutable working copy of the frozen dataclass instance ``before``.

    A field is thawed when first read (a tuple becomes a list, the dataclasses in it
    ``Thawed`` copies) and may then be changed or set; :meth:`freeze` packs the copy again.
    """

    def __init__(self, before: D) -> None:
        self.before = before

    def __getattr__(self, name: str) -> Any:
        records = _fields(type(self.before)).get(name)
        if records is None:
            raise AttributeError(f"{type(self.before).__name__} has no field {name!r}")  # i18n: internal
        value = getattr(self.before, name)
        if isinstance(value, tuple):
            value = [Thawed(v) for v in value] if records else list(value)
        setattr(self, name, value)
        return value

    if TYPE_CHECKING:  # any field may be set
        def __setattr__(self, name: str, value: Any) -> None: ...

    def freeze(self) -> D:
        """``before`` with the fields read or set here."""
        changes = vars(self).copy()
        del changes["before"]
        if not changes:
            return self.before
        records = _fields(type(self.before))
        for name, value in changes.items():
            if isinstance(value, list):
                changes[name] = tuple([v.freeze() for v in value] if records[name] else value)
        return replace(self.before, **changes)
