"""Every text a person reads, in English, Dutch, German or French.

The code is written with English texts marked for translation; the other languages
come from GNU gettext catalogs, read with Python's own :mod:`gettext` (so the same
code runs in CPython and in Pyodide). A text is marked in one of three ways:

- ``_("...")`` translates now, into the active language;
- ``ngettext("one ...", "{n} ...", n)`` translates with the language's plural rule;
- ``N_("...")`` only marks a text kept for later (a table, a constant); the place that
  shows it calls ``_(text)``.

Texts with values use named fields filled after translation, so a translator can
move them: ``_("{name} scores {points} points").format(name=..., points=...)``.

The active language is one per process (a page shows one language at a time)::

    >>> with using("de"):
    ...     language()
    'de'
    >>> language()
    'en'
    >>> negotiate(["fr-BE", "en-GB"])
    'fr'
    >>> negotiate(["pt-BR"])
    'en'
    >>> number(12.5, 1), with_lang("nl", number, 12.5, 1)
    ('12.5', '12,5')

The source catalogs are ``locale/<lang>/<area>.po`` in this package (one area per part
of the code, see ``web/catalogs.py``); the build compiles them into one
``locale/<lang>/LC_MESSAGES/pygame_rules.mo``. Without it (a checkout that was never
built) every language reads as English.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: The languages the catalogs cover, English (the source language) first.
LANGUAGES = ("en", "nl", "de", "fr")
#: Each language's name in itself, for the language switch.
NATIVE_NAMES = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "fr": "Français"}
DOMAIN = "pygame_rules"
LOCALE_DIR = Path(__file__).parent / "locale"

_active = "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, or no compiled catalog: the marked texts as they are)."""
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (see the module's text)."""
    return message


def _(message: str) -> str:
    """``message`` in the active language."""
    return translations(_active).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the active language (fill ``{n}`` after)."""
    return translations(_active).ngettext(singular, plural, n)


def language() -> str:
    """The active language's code."""
    return _active


def use(lang: str) -> None:
    """Make ``lang`` (one of :data:`LANGUAGES`) the active language."""
    global _active
    if lang not in LANGUAGES:
        raise ValueError(f"no such language: {lang!r}; there are {', '.join(LANGUAGES)}")  # i18n: internal
    _active = lang


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Run a block in ``lang`` and restore the language before."""
    before = _active
    use(lang)
    try:
        yield
    finally:
        use(before)


def with_lang(lang: str, func: Callable[..., T], *args: object) -> T:
    """``func(*args)`` with ``lang`` active."""
    with using(lang):
        return func(*args)


def negotiate(preferred: Iterable[str]) -> str:
    """The first of a browser's preferred languages (BCP 47 tags) that we have, else English."""
    for tag in preferred:
        base = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return "en"


def number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals, written with the active language's decimal mark."""
    text = f"{value:,.{digits}f}"
    if _active == "en":
        return text
    group = "\u202f" if _active == "fr" else "."
    return text.replace(",", "\x00").replace(".", ",").replace("\x00", group)
