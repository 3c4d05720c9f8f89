"""``python -m pygame_rules render``: a board as an SVG file, or as an embed snippet.

Examples::

    python -m pygame_rules render babel --players 4 --seed 7 > start.svg
    python -m pygame_rules render tuerme --position "14/14/3Ag10/… r - - 4 max5 - 0000000000000000" > board.svg
    python -m pygame_rules render tuerme --example picture-1 --moves "d4xd6" > after.svg
    python -m pygame_rules render saba --example harbour --highlight harbour=3
    python -m pygame_rules render tuerme --example picture-2 --embed > snippet.html

Without ``--position`` or ``--example`` it draws the start of a new game for
``--players`` players (default: the fewest the game allows), dealt from ``--seed``
(default 1): the same arguments always draw the same board.

``--moves`` are played from the position (separated by ``;`` or new lines) and the
final position is drawn (with ``--embed`` they become the diagram's steps and the
starting position is drawn). An example's own highlights mark its starting position.
``--highlight key=value`` passes a highlight to the game's renderer: a value with
commas becomes a list (a list of one ends with a comma: ``targets=d1,``), whole
numbers become ints (``targets=d1,d2``, ``tile=7,0``, ``harbour=3``); JSON works too
(``offers=[1,2]``).

``--embed`` prints the HTML element of the web embed with this SVG inside, so a page
shows the board before any script has run, and the moves its list offers at the start
(``data-choices``, in the language of ``--lang``), so the list is full before Python runs.
Bad input exits with status 2 and a message.

``--lang`` (``en``, ``nl``, ``de`` or ``fr``; default ``en``) is the language of the
board's words (labels, the SVG's title and description) and of the messages; the
notations have none::

    python -m pygame_rules render babel --example offers --lang de > angebote.svg
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from .diagram import first_choices
from .errors import IllegalAction, InvalidState
from .examples import example, read_moves, read_position, read_viewer, split_moves
from .gate import Limits, read_json
from .i18n import LANGUAGES, _, using
from .protocol import Game
from .registry import GAMES, get_game

HELP = "draw a position as SVG (or as an embed snippet for a web page)"  # i18n: internal
#: The seed of the start position drawn when no seed is given.
DEFAULT_SEED = 1
#: A highlight's value is read as JSON only within these limits, else as text: it may come
#: from a page (an embed's attribute), and no renderer takes one nested more than 2 deep.
HIGHLIGHT_LIMITS = Limits("a highlight", 20_000, 4)  # i18n: internal (its messages are never shown)


class RenderError(Exception):
    """Input the renderer cannot use; the message (in the active language) is shown to the user as is."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # The help is for developers, in English (i18n: internal on each line).
    parser.add_argument("game", help=f"the game: {', '.join(sorted(GAMES))}")  # i18n: internal
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--position", help="the position in the game's one-line notation "  # i18n: internal
                        "(default: the start of a new game)")
    source.add_argument("--example", metavar="NAME",
                        help="a rulebook example (its position and moves)")  # i18n: internal
    parser.add_argument("--players", type=int, metavar="N",
                        help="players of the new game drawn without --position or --example "  # i18n: internal
                        "(default: the game's minimum)")
    parser.add_argument("--seed", type=int, help="seed of that new game's deal "  # i18n: internal
                        f"(default: {DEFAULT_SEED})")
    parser.add_argument("--moves", help="moves to play first, separated by ';' or new lines "
                        "(with --example: instead of the example's own)")
    parser.add_argument("--viewer", help="whose view to draw: a seat number from 0 or a colour "  # i18n: internal
                        "(default: a spectator, who sees no hidden cards)")
    parser.add_argument("--highlight", action="append", default=[], metavar="KEY=VALUE",
                        help="a highlight for the renderer (repeatable)")  # i18n: internal
    parser.add_argument("--embed", action="store_true",
                        help="print the web embed's <div> with the SVG inside instead of the bare SVG")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the language of the board's words and of the messages")  # i18n: internal
    parser.add_argument("--output", "-o", help="write to this file instead of standard output")  # i18n: internal


def run(args: argparse.Namespace) -> int:
    with using(args.lang):
        try:
            text = render(args)
        except RenderError as exc:
            print(_("render: error: {message}").format(message=exc), file=sys.stderr)
            return 2
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    else:
        sys.stdout.write(text + "\n")
    return 0


def render(args: argparse.Namespace) -> str:
    """The SVG (or the embed snippet) the arguments ask for, in the active language;
    RenderError says what is wrong."""
    try:
        game = get_game(args.game)
    except ValueError as exc:
        raise RenderError(str(exc)) from None
    position, moves, viewer_text, highlights = args.position, [], args.viewer, {}
    if position is None and args.example is None:
        position = start_position(game, args.players, args.seed)
    elif args.players is not None or args.seed is not None:
        raise RenderError(_("--players and --seed choose a new game; they cannot be used with --position or "
                            "--example"))
    if args.example is not None:
        try:
            chosen = example(game.name, args.example)
        except ValueError as exc:
            raise RenderError(str(exc)) from None
        position, moves = chosen.position, list(chosen.moves)
        highlights = dict(chosen.highlights)
        if viewer_text is None and chosen.viewer is not None:
            viewer_text = str(chosen.viewer)
    if args.moves is not None:
        moves = split_moves(args.moves)
    if moves and not args.embed:
        highlights = {}  # they belong to the starting position, which is not drawn
    try:
        state = read_position(game, position)
    except InvalidState as exc:
        raise RenderError(_("bad {game} position: {reason}").format(game=game.name, reason=exc)) from None
    try:
        final = read_moves(game, state, moves)[-1][2] if moves else state
    except IllegalAction as exc:
        raise RenderError(str(exc)) from None
    try:
        viewer = read_viewer(game, state, viewer_text)
    except ValueError as exc:
        raise RenderError(str(exc)) from None
    highlights.update(parse_highlights(args.highlight))
    try:
        svg = game.render_svg(state if args.embed else final, viewer, **highlights)
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        raise RenderError(_("bad highlight for {game}: {reason}").format(game=game.name, reason=exc)) from None
    if not args.embed:
        return svg
    return embed_snippet(game.name, position, moves, viewer_text, svg, highlight=highlights,
                         choices=first_choices(game, state, viewer))


def start_position(game: Game[Any, Any], players: int | None, seed: int | None) -> str:
    """The position notation of a new game: ``players`` (default: the game's minimum)
    dealt from ``seed`` (default: :data:`DEFAULT_SEED`)."""
    try:
        state = game.new_game(game.min_players if players is None else players,
                              seed=DEFAULT_SEED if seed is None else seed)
    except ValueError as exc:
        raise RenderError(str(exc)) from None
    return game.position_text(state)


def parse_highlights(items: list[str]) -> dict[str, Any]:
    """``["selected=d4", "targets=d1,d2"]`` → ``{"selected": "d4", "targets": ("d1", "d2")}``."""
    found: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip().isidentifier():
            raise RenderError(_("a highlight is written key=value, not {value}").format(value=repr(item)))
        found[key.strip()] = _value(value.strip())
    return found


def highlight_text(highlights: Mapping[str, Any]) -> str:
    """Highlights written back as :func:`parse_highlights` reads them (``selected=d4 targets=d1,d2``)."""
    items = []
    for key, value in highlights.items():
        flat = isinstance(value, (list, tuple)) and all(isinstance(v, (int, str)) for v in value)
        if flat and len(value) > 1 and not any("," in str(v) for v in value):
            text = ",".join(str(v) for v in value)
        elif isinstance(value, (int, str)) and value != "" and " " not in str(value) and "," not in str(value):
            text = str(value)
        else:
            text = json.dumps(value, separators=(",", ":"))
        items.append(f"{key}={text}")
    return " ".join(items)


def _value(text: str) -> Any:
    try:
        return as_tuples(read_json(text, HIGHLIGHT_LIMITS, ValueError))
    except ValueError:
        pass
    if "," in text:
        return tuple(_value(part.strip()) for part in text.split(",") if part.strip())
    return text


def as_tuples(value: Any) -> Any:
    """JSON lists as tuples (renderers compare highlights like ``tile`` with tuples)."""
    return tuple(as_tuples(v) for v in value) if isinstance(value, list) else value


def embed_snippet(game: str, position: str, moves: list[str], viewer: str | None, svg: str,
                  highlight: Mapping[str, Any] | None = None, choices: Sequence[str] | None = None) -> str:
    """The web embed's element for this position, with ``svg`` as its static first picture and
    ``choices`` (if given) as the moves its list offers before Python has started."""
    attrs = [("data-pygame-rules", game), ("data-position", position)]
    if moves:
        attrs.append(("data-moves", "\n".join(moves)))
    if viewer is not None:
        attrs.append(("data-viewer", viewer))
    if highlight:
        attrs.append(("data-highlight", highlight_text(highlight)))
    attrs.append(("data-interactive", ""))
    if choices is not None:
        attrs.append(("data-choices", "\n".join(choices)))
    text = " ".join(f'{name}="{html.escape(value, quote=True)}"' for name, value in attrs)
    return f"<div {text}>\n{svg}\n</div>"
