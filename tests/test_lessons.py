"""Every lesson replays through the engine, draws its highlights, and answers a wrong move."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_rules import i18n
from pygame_rules.lesson_checks import check_highlights
from pygame_rules.lessons import (
    Lesson,
    LessonError,
    LessonRun,
    Outcome,
    Step,
    check_answer,
    expected,
    following,
    lesson,
    lessons,
    replay,
)
from pygame_rules.registry import get_game

ALL = [ls for name in ("tuerme", "babel", "saba") for ls in lessons(name)]


def ids(value: Any) -> str:
    return value.id if isinstance(value, Lesson) else str(value)


def test_every_game_has_a_guided_first_game() -> None:
    for name in ("tuerme", "babel", "saba"):
        found = lessons(name)
        assert 4 <= len(found) <= 8, name
        assert all(ls.game == name and 2 <= len(ls.steps) <= 8 for ls in found)
        assert len({ls.id for ls in found}) == len(found)
        assert lesson(found[0].id) is found[0]


@pytest.mark.parametrize("ls", ALL, ids=ids)
def test_lesson_replays(ls: Lesson) -> None:
    states = replay(ls)
    assert len(states) == len(ls.steps) + 1
    assert any(step.asks for step in ls.steps)
    game = get_game(ls.game)
    for key, value in ls.options.items():
        assert game.resolve_options({key: value})[key] == value


@pytest.mark.parametrize("ls", ALL, ids=ids)
def test_highlights_are_drawn(ls: Lesson) -> None:
    """Each highlight key changes the board the learner sees (so the game's render_svg reads it)."""
    check_highlights(ls, replay(ls))


def wrong_actions(game: Any, state: Any, step: Step, player: int) -> tuple[Any, Any]:
    """A legal action that is not the lesson's (or None), and an illegal one: an action
    legal somewhere else in the game's lessons."""
    right = {game.parse_action(state, text)[1] for text in step.expect}
    other = next((a for a in game.legal_actions(state, player) if a not in right), None)
    for ls in lessons(game.name):
        for elsewhere in replay(ls)[:-1]:
            for mover in game.to_move(elsewhere):
                for action in game.legal_actions(elsewhere, mover):
                    if game.why_illegal(state, player, action) is not None:
                        return other, action
    raise AssertionError("no illegal action found")


@pytest.mark.parametrize("ls", ALL, ids=ids)
def test_wrong_move_on_first_do_step_gets_a_reason(ls: Lesson) -> None:
    game = get_game(ls.game)
    index, step = next((i, s) for i, s in enumerate(ls.steps) if s.asks)
    state = replay(ls)[index]
    player = ls.learner
    right = game.parse_action(state, step.expect[0])[1]
    assert check_answer(step, state, right, player).correct
    other, illegal = wrong_actions(game, state, step, player)
    verdict = check_answer(step, state, illegal, player)
    assert verdict.outcome is Outcome.ILLEGAL and verdict.reason and verdict.hint
    if other is not None:
        verdict = check_answer(step, state, other, player)
        assert verdict.outcome is Outcome.OTHER and verdict.reason and verdict.hint


#: Per game, the kinds of action a learner makes somewhere in its lessons: every rule that has a
#: move of its own is played, not only read about.
PLAYED = {
    "babel": {"Build", "Offer", "Accept", "Pass", "DoubleTurn", "DrawThree", "CardExchange", "ThirdBonus"},
    "saba": {"TakeHarbour", "MoveVizier", "UseDistrict", "Build", "PlaceFigure", "SerailChoice", "PlayCard",
             "Stash", "PlayOverseer", "PlayRobber", "PlayHarbourmaster", "PlayCaravan", "PlayMerchant",
             "PlayGuard", "Done"},
}


def asked_actions(game_name: str) -> list[tuple[Lesson, Any, Any]]:
    """(lesson, state, action) of every move the lessons of a game ask the learner for."""
    found = []
    for ls in lessons(game_name):
        for step, state in zip(ls.steps, replay(ls)):
            found += [(ls, state, action) for _who, action in expected(step, state)]
    return found


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_the_learner_makes_every_kind_of_move(name: str) -> None:
    assert {type(action).__name__ for _ls, _state, action in asked_actions(name)} >= PLAYED[name]


def test_the_action_card_lessons_end_as_their_texts_say() -> None:
    """Yellow's third bonus scores 12 for four ships, green 2 for two; blue's treasury card puts
    his figure in the treasury; the overseer's new district is used in the same turn."""
    end = replay(lesson("babel/more-action-cards"))[-1]
    assert [p.offer_vp for p in end.players] == [0, 12, 2, 0]
    assert replay(lesson("saba/treasury"))[-1].treasury == (0,)
    saba = get_game("saba")
    assert any(saba.record_text(state, state.current, action) == "build 5.1 treasury 1"
               for _ls, state, action in asked_actions("saba"))
    end = replay(lesson("saba/person-cards"))[-1]
    assert end.players[0].res == (1, 0, 1, 4) and end.stash[6] is not None and end.districts[3] == (0,)
    assert any(getattr(action, "waive", None) is not None for _ls, _state, action in asked_actions("saba"))


def test_the_guard_gives_the_learner_the_serail_figure() -> None:
    """saba/pro-rules: the guard makes blue the serail leader; his figure replaces red's there."""
    states = replay(lesson("saba/pro-rules"))
    before, end = states[-3], states[-1]
    assert before.serail_figure == 1 and end.serail_figure == 0
    assert [p.figures for p in end.players] == [before.players[0].figures - 1, before.players[1].figures + 1,
                                                before.players[2].figures]


def test_a_wrong_tuerme_move_names_the_engine_reason() -> None:
    ls = lesson("tuerme/bonus-moves")
    state = replay(ls)[0]
    _, action = get_game("tuerme").parse_action(state, "e5-e7")
    bad = type(action)(action.src, action.src + 14)  # e5-e6: the A field
    verdict = check_answer(ls.steps[0], state, bad)
    assert verdict.outcome is Outcome.ILLEGAL
    assert "symbol field for A" in verdict.reason
    with i18n.using("de"):
        assert check_answer(ls.steps[0], state, bad).hint != verdict.hint


def test_replay_names_the_broken_step() -> None:
    ls = lesson("tuerme/moving")
    broken = Lesson(ls.id, ls.title, ls.players, (ls.steps[0], Step("x", ls.steps[1].position, expect=("d4-e4",))))
    with pytest.raises(LessonError, match="tuerme/moving step 2"):
        replay(broken)
    with pytest.raises(ValueError, match="no lesson"):
        lesson("tuerme/nothing")


@pytest.mark.parametrize("ls", ALL, ids=ids)
def test_a_run_following_the_script_passes_the_replayed_states(ls: Lesson) -> None:
    """A learner making each step's first expected move sees the states ``replay`` gives."""
    game, states = get_game(ls.game), replay(ls)
    run = LessonRun(ls)
    for index, step in enumerate(ls.steps):
        assert (run.index, run.text) == (index, step.text)
        assert game.position_text(run.state) == game.position_text(states[index])
        if step.asks:
            with pytest.raises(ValueError):
                run.next()
            assert run.answer(game.parse_action(run.state, step.expect[0])[1]).correct
            action = expected(step, states[index])[0][1]
            after = game.apply(states[index], ls.learner, action)
            assert run.played[0] == (ls.learner, game.move_text(states[index], ls.learner, action, after,
                                                                viewer=ls.learner))
        else:
            run.next()
        assert len(run.played) == int(step.asks) + len(step.replies)
    assert run.done and run.step is None and run.text == ""
    assert game.position_text(run.state) == game.position_text(states[-1])


def test_a_run_stays_on_its_step_after_a_wrong_move_and_may_start_later() -> None:
    ls = lesson("tuerme/bonus-moves")
    run = LessonRun(ls, 1)
    assert run.asks and run.highlights["selected"] == "c1"
    _, move = get_game("tuerme").parse_action(run.state, "c1-c2")
    wrong = type(move)(move.src, move.src + 1)  # c1-d1
    verdict = run.answer(wrong)
    assert not verdict.correct and verdict.hint == ls.steps[1].hint and run.index == 1
    with i18n.using("fr"):
        assert run.title != ls.title and run.text != ls.steps[1].text
    assert following(ls) == lesson("tuerme/the-end") and following(lessons("tuerme")[-1]) is None
    with pytest.raises(ValueError, match="steps 0-3, not 4"):
        LessonRun(ls, 4)
