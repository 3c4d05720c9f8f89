"""Helpers for the CPython tests of the browser interactions (``web/webui/games``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from webui.games.base import Interaction


def labels(ui: Interaction, state: Any, player: int) -> list[str]:
    return [b.label for b in ui.buttons(state, player)]


def press(ui: Interaction, state: Any, player: int, label: str) -> Any:
    """The action of the button whose label starts with ``label`` (steps are carried out)."""
    for button in ui.buttons(state, player):
        if button.label.startswith(label):
            if button.step:
                ui.step(button.step)
                return None
            return button.action
    raise AssertionError(f"no button {label!r} in {labels(ui, state, player)}")


def on_board(ui: Interaction, state: Any, player: int, targets: list[dict[str, str]], **hl: Any) -> bool:
    """Each target is an element of the player's SVG (carrying all its data attributes)."""
    nodes = list(ET.fromstring(ui.game.render_svg(state, player, **hl)).iter())
    return all(any(all(node.get(f"data-{k}") == v for k, v in target.items()) for node in nodes)
               for target in targets)
