"""The quiet end: a game in which nobody builds for too long ends, and is scored as it stands.

None of the three rulebooks makes sure its game ends: Türme players may shuffle stones to
and fro, Babel players may pass or turn every offer down, Saba players may take resources
and never build, for ever. The app keeps every move of a game, and a save replays them all,
so a game must end while its record is short. Like the fifty-move rule of chess, the option
``quiet_end`` (:func:`option`) ends a game once that many moves in a row (entries of the
move log, a sealed offer or a declined bonus move included) were made without building; the
game ends when the turn that reached the count is over, and is scored as the game's own
rules score a game that ended there. A value of 0 switches the rule off (saves from before
it existed replay that way); the app does not offer it (:func:`offered`).

Each game says which moves build and keeps the count in its state (``quiet``, see
:func:`counted`); its status line warns from half the count on (:func:`warning`), and
its end reason names the rule (:func:`ended`).

A building move uses up something of which the game has a fixed number (a Türme stack on
the alleys, a Babel building tile, a Saba palace card), so a game with at most ``builds``
building moves and turns of at most ``turn`` moves ends within :func:`longest_game` moves.

>>> counted(7, built=False), counted(7, built=True)
(8, 0)
>>> reached(40, 40), reached(39, 40), reached(1000, 0)
(True, False, False)
>>> warning(19, 40), warning(20, 40)
('', 'Nobody has built for 20 moves: unless somebody builds within the next 20 moves, the game ends.')
>>> ended(40)
'The game ended because nobody built for 40 moves in a row.'
"""

from __future__ import annotations

from .gate import describe
from .i18n import N_, _, ngettext
from .protocol import Option, OptionValue

#: The option's name in every game.
NAME = "quiet_end"


def choices(default: int) -> tuple[int, ...]:
    """The limits a game may be played with: ``default`` moves, half as many, or 0 (never).

    >>> choices(40)
    (0, 20, 40)
    """
    return 0, default // 2, default


def option(default: int) -> Option:
    """The game's option, of the :func:`choices` around ``default``."""
    return Option(NAME, default, N_("Moves in a row without building that end the game"),
                  choices=choices(default))


def offered(option: Option) -> tuple[OptionValue, ...]:
    """The values a table may choose for ``option`` in the app: all its choices but the quiet
    end's 0 (never), with which a game could run into the most moves a save holds, where the
    app would have to refuse a legal move. (The engines still play 0, as older saves did.)

    >>> offered(option(40)), offered(Option("x", 1, "x", choices=(0, 1)))
    ((20, 40), (0, 1))
    """
    return tuple(c for c in option.choices if option.name != NAME or c != 0)


def problem(quiet: int, limit: int, default: int, turn_starts: bool) -> str | None:
    """What is wrong with a state's count ``quiet`` and limit ``limit`` (a game whose default
    is ``default``), in the active language, or None; ``turn_starts`` if a turn starts in the
    state, which the quiet end would have ended the game before.

    >>> problem(3, 40, 40, True), problem(0, 30, 40, True)
    (None, 'the quiet end must be one of 0, 20, 40 moves, not 30')
    >>> problem(40, 40, 40, False), problem(40, 40, 40, True)
    (None, 'nobody has built for 40 moves, so the game should be over')
    """
    if limit not in choices(default):
        return _("the quiet end must be one of {choices} moves, not {value}").format(
            choices=", ".join(map(str, choices(default))), value=describe(limit))
    if quiet < 0:
        return _("the count of moves without building must be 0 or more, not {value}").format(value=describe(quiet))
    if turn_starts and reached(quiet, limit):
        return _("nobody has built for {count} moves, so the game should be over").format(count=quiet)
    return None


def counted(quiet: int, built: bool) -> int:
    """The count after a move: 0 if it built, else one more."""
    return 0 if built else quiet + 1


def reached(quiet: int, limit: int) -> bool:
    """Whether ``quiet`` moves without building end a game played with the limit ``limit``."""
    return 0 < limit <= quiet


def warning(quiet: int, limit: int) -> str:
    """What the players are told while the count is at least half the limit ("" before), in
    the active language: how many more moves without building end the game."""
    if not limit or quiet * 2 < limit:
        return ""
    left = limit - quiet
    if left <= 0:
        return _("Nobody has built for {quiet} moves: unless somebody builds in this turn, the game ends "
                 "with it.").format(quiet=quiet)
    return ngettext("Nobody has built for {quiet} moves: unless somebody builds within the next move, "
                    "the game ends.",
                    "Nobody has built for {quiet} moves: unless somebody builds within the next {left} moves, "
                    "the game ends.", left).format(quiet=quiet, left=left)


def ended(limit: int) -> str:
    """The end reason, a sentence in the active language."""
    return ngettext("The game ended because nobody built for {n} move in a row.",
                    "The game ended because nobody built for {n} moves in a row.", limit).format(n=limit)


def with_warning(line: str, quiet: int, limit: int) -> str:
    """A status ``line`` followed by the :func:`warning`, if there is one.

    >>> with_warning("To move: Ann", 30, 40)
    'To move: Ann. Nobody has built for 30 moves: unless somebody builds within the next 10 moves, the game ends.'
    """
    text = warning(quiet, limit)
    return f"{line}. {text}" if text else line


def longest_game(builds: int, limit: int, turn: int) -> int:
    """The most moves a game can last with the quiet end at ``limit``, if at most ``builds``
    moves can build and a turn has at most ``turn`` moves: before each building move and
    after the last, fewer than ``limit`` moves without building, plus the rest of the turn
    that reaches the limit.

    >>> longest_game(builds=80, limit=40, turn=1)
    3320
    """
    return builds + (builds + 1) * (limit - 1 + turn)
