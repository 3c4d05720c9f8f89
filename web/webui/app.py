"""The application shell: screens and navigation."""

from __future__ import annotations

from typing import Any

from pyscript import document, window

import pygame_rules

from . import dom
from .dom import h


class App:
    """Owns the ``#app`` element and switches between screens."""

    def __init__(self) -> None:
        self.root = dom.by_id("app")

    def start(self) -> None:
        dom.install(self.root)
        self.show_home()
        document.body.dataset.ready = "1"
        window.pygameRulesReadyAt = window.performance.now()

    def show(self, *children: Any) -> None:
        dom.reset_handlers()
        dom.replace(self.root, *children)

    def show_home(self) -> None:
        games = sorted(pygame_rules.GAMES.values(), key=lambda g: g.title)
        cards = [
            h("li", h("article", h("h2", game.title),
                      h("p", f"{game.min_players}–{game.max_players} players"),
                      class_="game-card", data_game=game.name))
            for game in games
        ]
        self.show(h("section",
                    h("h1", "Choose a game"),
                    h("ul", cards, class_="game-list") if cards else h("p", "No games are installed."),
                    id="home", class_="panel"))


def start() -> None:
    App().start()
