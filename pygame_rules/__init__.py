"""Exact rule engines for three classic German board games, for CPython and Pyodide.

>>> import pygame_rules
>>> sorted(pygame_rules.GAMES) == sorted(g.name for g in pygame_rules.GAMES.values())
True
"""

from .errors import IllegalAction, InvalidState
from .protocol import Game, Option, ScoreLine
from .registry import GAMES, get_game

__all__ = ["GAMES", "Game", "IllegalAction", "InvalidState", "Option", "ScoreLine", "get_game"]
__version__ = "0.1.0"
