"""Helpers for the CPython tests of the board interactions (``pygame_rules/<game>/interaction.py``)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from pygame_rules.interaction import Interaction


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


def on_board(ui: Interaction, state: Any, player: int, elements: list[dict[str, str]],
             **hl: Any) -> bool:
    """Each of ``elements`` (data attributes) is an element of the player's SVG."""
    nodes = list(ET.fromstring(ui.game.render_svg(state, player, **hl)).iter())
    return all(any(all(node.get(f"data-{k}") == v for k, v in wanted.items()) for node in nodes)
               for wanted in elements)


def random_step(ui: Interaction, state: Any, player: int, rng: Any) -> Any:
    """What a random person does next: click a highlighted board element (6 times in 10)
    or press a button; returns the action that results, if any. The interaction must offer
    something, at most 8 buttons, and only elements that are on the player's board."""
    clicks, buttons = ui.clickable(state, player), ui.buttons(state, player)
    assert clicks or buttons
    assert len(buttons) <= 8, [b.label for b in buttons]
    assert on_board(ui, state, player, clicks, **ui.highlights(state, player)), clicks
    if clicks and (not buttons or rng.random() < 0.6):
        return ui.click(state, player, rng.choice(clicks))
    button = rng.choice(buttons)
    if button.step:
        ui.step(button.step)
    return button.action


def play_by_clicks(ui: Interaction, state: Any, seed: int, observe: Any = None,
                   max_steps: int = 40_000) -> Any:
    """A whole game through the interaction only; every action it yields must be legal.
    ``observe(state, player, action)`` sees each action before it is applied.
    Returns the final state."""
    rng = random.Random(seed)
    game = ui.game
    for _ in range(max_steps):
        if game.is_over(state):
            return state
        player = rng.choice(game.to_move(state))
        assert ui.prompt(state, player)
        action = random_step(ui, state, player, rng)
        if action is not None:
            assert action in game.legal_actions(state, player), action
            if observe:
                observe(state, player, action)
            state = game.apply(state, player, action)
            ui.reset()
    raise AssertionError("the game did not end")
