"""The reader's settings for the table: sound, animations, the computers' pace and whether a step
with only one possible action is played for the person; and the last
setup of each game (:class:`Setup`), which its next new game starts from.

They live in ``localStorage["pygame_rules.settings"]`` (the setups in ``"pygame_rules.setups"``) as
JSON; the page's scripts learn them from a ``settings`` command (``app/sound.js`` plays nothing
unless ``sound`` is on). Stored text is untrusted: whatever does not read as a setting falls back to
its default. Animations are off whenever the system asks for reduced motion (``prefers-reduced-motion``).

>>> Settings.from_text('{"sound": true, "pace": "fast"}')
Settings(sound=True, animate=True, pace='fast', skip=True)
>>> Settings.from_text('{"pace": "warp", "animate": "yes"}')  # nonsense keeps the defaults
Settings(sound=False, animate=True, pace='normal', skip=True)
>>> Settings.from_text(None, reduced_motion=True).animate
False
>>> Settings(pace="slow").pace_ms
1200
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from pygame_rules import quiet
from pygame_rules.gate import Limits, read_json
from pygame_rules.i18n import N_, _
from pygame_rules.protocol import Game
from pygame_rules.session import MAX_NAME, Seat, check_seats, is_bot_time

if TYPE_CHECKING:
    from .page import Page
    from .storage import Store

KEY = "pygame_rules.settings"
#: The last setup of each game, by game name.
SETUPS = "pygame_rules.setups"
#: How much stored setup text is read at all (five games' setups of five long names fit many times over).
SETUP_LIMITS = Limits(N_("the stored setups"), 20_000, 6)
#: How many players a new game has unless the reader chose otherwise: the game's usual table.
USUAL_PLAYERS = {"babel": 3, "saba": 2, "tuerme": 2}
#: The level of a computer player the setup offers first.
DEFAULT_LEVEL = "medium"
#: The least time (ms) each computer move stays on screen before the next one is shown.
PACES = {"slow": 1200, "normal": 700, "fast": 300, "instant": 0}
PACE_LABELS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}
#: The media query under which nothing moves that need not.
REDUCED_MOTION = "(prefers-reduced-motion: reduce)"


@dataclass(frozen=True)
class Settings:
    """What the reader chose; the defaults are a silent, animated table at a normal pace, where
    a step with only one possible action is played for the person (``skip``, :mod:`.autoplay`)."""

    sound: bool = False
    animate: bool = True
    pace: str = "normal"
    skip: bool = True

    @property
    def pace_ms(self) -> int:
        """How long (ms) each computer move stays on screen at least."""
        return PACES[self.pace]

    def to_text(self) -> str:
        """The stored JSON.

        >>> Settings().to_text()
        '{"sound": false, "animate": true, "pace": "normal", "skip": true}'
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
        sound, animate, pace, skip = (stored.get(key) for key in ("sound", "animate", "pace", "skip"))
        return cls(sound=sound if isinstance(sound, bool) else default.sound,
                   animate=(animate if isinstance(animate, bool) else default.animate) and not reduced_motion,
                   pace=pace if isinstance(pace, str) and pace in PACES else default.pace,
                   skip=skip if isinstance(skip, bool) else default.skip)


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


@dataclass(frozen=True)
class Setup:
    """A game's setup as the form fills it in: the seats (their number is the number of
    players), the options and the computers' thinking time per decision (seconds)."""

    seats: tuple[Seat, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    bot_time: float = 1.0

    @classmethod
    def default(cls, game: Game[Any, Any]) -> Setup:
        """You against computer players of medium strength, at the game's usual table.

        >>> from pygame_rules import get_game
        >>> [(s.colour, s.kind) for s in Setup.default(get_game("babel")).seats]
        [('red', 'human'), ('yellow', 'medium'), ('green', 'medium')]
        """
        count = max(game.min_players, min(USUAL_PLAYERS.get(game.name, game.min_players), game.max_players))
        seats: list[Seat] = []
        for place in range(count):
            seats.append(default_seat(game, place, seats))
        return cls(tuple(seats), game.option_defaults)

    def to_json(self) -> dict[str, Any]:
        return {"seats": [asdict(seat) for seat in self.seats], "options": dict(self.options),
                "bot_time": self.bot_time}

    @classmethod
    def from_json(cls, game: Game[Any, Any], data: object) -> Setup:
        """The setup stored as ``data`` for ``game``, each part checked as a save's would be
        and as the form offers it: a part that is not (seats, thinking time, any option) is
        the default's.

        >>> from pygame_rules import get_game
        >>> game = get_game("tuerme")
        >>> setup = Setup.from_json(game, {"seats": [{"name": "Ann", "colour": "blue", "kind": "hard"},
        ...                                           {"name": "Bob", "colour": "blue"}], "bot_time": 99})
        >>> [seat.name for seat in setup.seats], setup.bot_time     # two blue seats: the default's
        (['Player 1', 'Player 2'], 1.0)
        """
        default = cls.default(game)
        stored = data if isinstance(data, dict) else {}
        return cls(_seats(game, stored.get("seats")) or default.seats, _options(game, stored.get("options")),
                   stored["bot_time"] if is_bot_time(stored.get("bot_time")) else default.bot_time)


def default_seat(game: Game[Any, Any], place: int, seats: tuple[Seat, ...] | list[Seat]) -> Seat:
    """The seat number ``place`` (from 0) a setup adds to ``seats``: named by its number, in
    the first colour none of them has; the first seat is a person, the others computers."""
    colours = [name for name, _css in game.colours]
    used = {seat.colour for seat in seats}
    free = [c for c in colours if c not in used] or colours
    return Seat(_("Player {n}").format(n=place + 1), free[0], "human" if place == 0 else DEFAULT_LEVEL)


def _seats(game: Game[Any, Any], raw: object) -> tuple[Seat, ...] | None:
    """Stored seats, if they are as the form could have sent them: a count of the game's, each
    a name, a colour of the game's (no two alike) and a kind; else None."""
    if not isinstance(raw, list) or not game.min_players <= len(raw) <= game.max_players:
        return None
    seats = []
    for item in raw:
        if not isinstance(item, dict) or set(item) - {"name", "colour", "kind"}:
            return None
        seats.append(Seat(item.get("name"), item.get("colour"), item.get("kind", "human")))  # type: ignore[arg-type]
    palette = {name for name, _css in game.colours}
    if any(seat.colour not in palette for seat in seats) or len({seat.colour for seat in seats}) < len(seats):
        return None
    try:
        check_seats(game, seats)
    except ValueError:
        return None
    return tuple(seats) if all(len(seat.name) <= MAX_NAME for seat in seats) else None


def _options(game: Game[Any, Any], raw: object) -> dict[str, Any]:
    """Stored options: each one the form offers keeps its stored value, any other its default."""
    chosen = game.option_defaults
    if not isinstance(raw, dict):
        return chosen
    for option in game.options:
        if option.name not in raw:
            continue
        try:
            value = game.resolve_options({option.name: raw[option.name]})[option.name]
        except ValueError:
            continue
        if not option.choices or value in quiet.offered(option):
            chosen[option.name] = value
    return chosen


def load_setup(store: Store, game: Game[Any, Any]) -> Setup:
    """The last setup of ``game`` (the default where nothing usable is stored)."""
    return Setup.from_json(game, _setups(store).get(game.name))


def _setups(store: Store) -> dict[str, Any]:
    try:
        stored = read_json(store.get(SETUPS), SETUP_LIMITS, ValueError)
    except ValueError:
        return {}
    return stored if isinstance(stored, dict) else {}


def save_setup(store: Store, game: Game[Any, Any], setup: Setup) -> None:
    """Remember ``setup`` as the last of ``game`` (kept for this visit at least; a browser that
    stores nothing, or fails to, costs only this convenience, so it is not told)."""
    setups = {name: value for name, value in _setups(store).items() if isinstance(name, str)}
    setups[game.name] = setup.to_json()
    text = json.dumps(setups, ensure_ascii=False)
    if store.available:
        store.write([(SETUPS, text)], "setup")
    else:
        store.items[SETUPS] = text
