"""The reader's settings for the table: sound, animations and the computers' pace.

They live in ``localStorage["pygame_rules.settings"]`` as JSON; the page's scripts learn
them from a ``settings`` command (``app/sound.js`` plays nothing unless ``sound`` is on). Stored
text is untrusted: whatever does not read as a setting falls back to its default. Animations
are off whenever the system asks for reduced motion (``prefers-reduced-motion``).

>>> Settings.from_text('{"sound": true, "pace": "fast"}')
Settings(sound=True, animate=True, pace='fast')
>>> Settings.from_text('{"pace": "warp", "animate": "yes"}')  # nonsense keeps the defaults
Settings(sound=False, animate=True, pace='normal')
>>> Settings.from_text(None, reduced_motion=True).animate
False
>>> Settings(pace="slow").pace_ms
1200
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from pygame_rules.i18n import N_

if TYPE_CHECKING:
    from .page import Page
    from .storage import Store

KEY = "pygame_rules.settings"
#: The least time (ms) each computer move stays on screen before the next one is shown.
PACES = {"slow": 1200, "normal": 700, "fast": 300, "instant": 0}
PACE_LABELS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}
#: The media query under which nothing moves that need not.
REDUCED_MOTION = "(prefers-reduced-motion: reduce)"


@dataclass(frozen=True)
class Settings:
    """What the reader chose; the defaults are a silent, animated table at a normal pace."""

    sound: bool = False
    animate: bool = True
    pace: str = "normal"

    @property
    def pace_ms(self) -> int:
        """How long (ms) each computer move stays on screen at least."""
        return PACES[self.pace]

    def to_text(self) -> str:
        """The stored JSON.

        >>> Settings().to_text()
        '{"sound": false, "animate": true, "pace": "normal"}'
        """
        return json.dumps(asdict(self))

    @classmethod
    def from_text(cls, text: str | None, reduced_motion: bool = False) -> Settings:
        """The settings stored as ``text`` (None: nothing stored); each value that is
        missing or not of its kind keeps its default."""
        try:
            stored = json.loads(text) if text else {}
        except ValueError:
            stored = {}
        if not isinstance(stored, dict):
            stored = {}
        default = cls()
        sound, animate, pace = stored.get("sound"), stored.get("animate"), stored.get("pace")
        return cls(sound=sound if isinstance(sound, bool) else default.sound,
                   animate=(animate if isinstance(animate, bool) else default.animate) and not reduced_motion,
                   pace=pace if isinstance(pace, str) and pace in PACES else default.pace)


def load(store: Store, reduced_motion: bool = False) -> Settings:
    """The reader's settings (the defaults where nothing usable is stored)."""
    return Settings.from_text(store.get(KEY), reduced_motion)


def save(store: Store, settings: Settings) -> bool:
    """Store ``settings`` and apply them to the page; False if the browser keeps nothing
    (they then last until the page is left)."""
    apply(store.page, settings)
    store.items[KEY] = settings.to_text()  # kept for this visit, stored or not
    if not store.available:
        return False
    store.write([(KEY, settings.to_text())], "settings")
    return True


def apply(page: Page, settings: Settings) -> None:
    """Tell the page's CSS and scripts: ``<html data-animate data-sound>``."""
    page.send("settings", {"animate": settings.animate, "sound": settings.sound})
