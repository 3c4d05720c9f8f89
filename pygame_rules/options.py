"""A game's options, each declared once: on the field of the dataclass that holds it.

Every game's ``state`` module has two frozen dataclasses of options: ``Variants``, the
table's choices of rules, whose fields are declared with :func:`variant`, and ``Readings``,
the rule readings, declared with :func:`reading` (the rulebook's sentence that can be read
two ways, quoted, and its English). A field's default is the option's default; its label
and quote live in the field's metadata. :func:`declared` lists the fields as the engine's
:attr:`~pygame_rules.protocol.Game.options`, and :func:`chosen` reads resolved options back
into such a dataclass. A state keeps the dataclass, or its fields, as the game always has, so
saves and positions do not change.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Variants:
...     giants: bool = variant(False, "Giants")
>>> [(o.name, o.default, o.label, o.is_reading) for o in declared(Variants)]
[('giants', False, 'Giants', False)]
>>> chosen(Variants, {"giants": True, "quiet_end": 40})
Variants(giants=True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from .protocol import Option, OptionValue

T = TypeVar("T")
V = TypeVar("V", bound=OptionValue)

#: The metadata key of an option's declaration.
_KEY = "pygame_rules.option"


def variant(default: V, label: str) -> V:
    """A field for a variant: its ``default`` and its ``label`` (English marked with ``N_``)."""
    return dataclasses.field(default=default, metadata={_KEY: Option("", default, label)})


def reading(default: bool, label: str, *, quote: str, quote_lang: str, english: str) -> bool:
    """A field for a rule reading: the reading the rulebook's text supports best (``default``),
    its ``label``, and the sentence read two ways: ``quote`` in the rulebook's language
    ``quote_lang``, ``english`` its translation (see :class:`~pygame_rules.protocol.Option`)."""
    declaration = Option("", default, label, quote=quote, quote_lang=quote_lang, english=english)
    return dataclasses.field(default=default, metadata={_KEY: declaration})


def declared(cls: type) -> tuple[Option, ...]:
    """The options declared by the fields of the dataclass ``cls``, in their order."""
    return tuple(dataclasses.replace(f.metadata[_KEY], name=f.name)
                 for f in dataclasses.fields(cls) if _KEY in f.metadata)


def chosen(cls: type[T], options: Mapping[str, Any]) -> T:
    """An instance of the options dataclass ``cls`` with the values of resolved ``options``
    (:meth:`~pygame_rules.protocol.Game.resolve_options`), which may hold others too."""
    return cls(**{f.name: options[f.name] for f in dataclasses.fields(cast(Any, cls))})
