"""Hints: a legal action, decided from the player's view alone, with a translated reason."""

from __future__ import annotations

from typing import Any

import pytest
from test_bots_hidden import babel_twins, saba_twins

from pygame_rules import i18n
from pygame_rules.bots.hint import hint, hint_text
from pygame_rules.lessons import lessons, replay
from pygame_rules.registry import get_game


@pytest.mark.parametrize("twins", [babel_twins, saba_twins])
def test_same_view_same_hint(twins: Any) -> None:
    first, second, player = twins()
    game = get_game("saba" if twins is saba_twins else "babel")
    assert first != second and game.view(first, player) == game.view(second, player)
    assert hint(game, first, player) == hint(game, second, player)


def lesson_states() -> list[tuple[str, Any]]:
    out = []
    for name in ("tuerme", "babel", "saba"):
        for ls in lessons(name):
            out += [(name, s) for s in replay(ls)[:-1] if not get_game(name).is_over(s)]
    return out


@pytest.mark.parametrize(("name", "state"), lesson_states()[::3])
def test_hint_is_legal_and_explained(name: str, state: Any) -> None:
    game = get_game(name)
    player = game.to_move(state)[0]
    h = hint(game, state, player)
    assert game.why_illegal(state, player, h.action) is None
    english = hint_text(h)
    assert english
    for lang in ("nl", "de", "fr"):
        with i18n.using(lang):
            assert hint_text(h) != english or not h.reason


def test_reasons_are_translated() -> None:
    game = get_game("tuerme")
    state = replay(lessons("tuerme")[4])[0]  # the district that ends the game
    h = hint(game, state, 0)
    assert h.notation == "a6-b6#" and "win" in hint_text(h)
    seen = {hint_text(h)}
    for lang in ("nl", "de", "fr"):
        with i18n.using(lang):
            seen.add(hint_text(h))
    assert len(seen) == 4


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_hints(level: str) -> None:
    game = get_game("tuerme")
    state = game.new_game(2, seed=4)
    h = hint(game, state, 0, level)
    assert h == hint(game, state, 0, level) and game.why_illegal(state, 0, h.action) is None


@pytest.mark.parametrize(("lesson_id", "step", "reason"), [
    ("babel/wonders", 1, "completes the Pyramids of Giza"),
    ("saba/building", 0, "builds the arch on garden field 7, a balcony for your figure"),
    ("tuerme/moving", 1, "covers the piece on d6 and makes it yours"),
])
def test_a_hint_names_the_goal_it_reaches(lesson_id: str, step: int, reason: str) -> None:
    """Where the lesson's move reaches a goal (a wonder completed, a palace part built, a tower
    won), a hint for it says so, in every language, not only what it scores."""
    from pygame_rules.bots import knowledge_for
    from pygame_rules.bots.hint import Hint
    from pygame_rules.lessons import expected, lesson

    ls = lesson(lesson_id)
    state = replay(ls)[step]
    game = get_game(ls.game)
    player, action = expected(ls.steps[step], state)[0]
    goal = knowledge_for(game).goal(state, player, action, game.play(state, player, action))
    assert goal is not None
    text = hint_text(Hint(action, "", goal[0], goal[1]))
    assert text == reason
    for lang in ("nl", "de", "fr"):
        with i18n.using(lang):
            assert hint_text(Hint(action, "", goal[0], goal[1])) not in (text, "")


def test_the_hint_for_the_last_tile_of_a_wonder_names_the_wonder() -> None:
    """The hint itself (not only the knowledge): accepting to build the Pyramids' last tile."""
    game = get_game("babel")
    state = replay(lessons("babel")[3])[1]  # babel/wonders: nobody offered; add your three ships
    h = hint(game, state, 0)
    assert h.notation == "accept no offer; add 3 ships" and hint_text(h) == "completes the Pyramids of Giza"
