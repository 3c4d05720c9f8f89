"""Command line: ``python -m pygame_rules COMMAND …`` (``--help`` lists the commands).

Each command lives in its own module, which provides ``HELP`` (one line),
``add_arguments(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Protocol

from . import render_cli
from .bots import arena


class Command(Protocol):
    """A command's module."""

    HELP: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


COMMANDS: dict[str, Command] = {
    "arena": arena,
    "render": render_cli,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygame_rules",
                                     description="Rule engines for Babel, Saba and Spiel der Türme.")  # i18n: internal
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module in COMMANDS.items():
        # argparse expands % in a help text (arena's says "95% CI")
        sub = commands.add_parser(name, help=module.HELP.replace("%", "%%"), description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
