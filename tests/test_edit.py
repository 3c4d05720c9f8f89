"""The position editor's operations (``pygame_rules/<game>/edit.py``), in CPython: every edited
position is judged by the game's own check, the editor's verdict agrees with it, and what the
editor makes can be written and read back."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any

import pytest

from pygame_rules import InvalidState, get_game
from pygame_rules.edit import REMOVE
from pygame_rules.registry import RECORDS
from pygame_rules.rng import Rng
from pygame_rules.tuerme import square_name
from pygame_rules.tuerme.data import FIELDS_OF_SYMBOL

EDITED = sorted(name for name, record in RECORDS.items() if record.edit is not None)


#: What follows the kind of a setting in its name: the seat or field, the letter of a kind of card.
_AFTER_KIND = re.compile(r"(-([0-9]+|[a-z]))+$")


def stem(name: str) -> str:
    """The kind of a setting: its name without the seat, field or kind of card (``offered-c-2``:
    ``offered``, ``offer-points-1``: ``offer-points``)."""
    return _AFTER_KIND.sub("", name)


def checked(game: Any, state: Any, diagram: bool) -> str | None:
    """The game's own verdict on ``state`` (as a diagram: read back from its notation as a figure's is)."""
    try:
        if diagram:
            game.from_diagram_text(game.position_text(state))
        else:
            game.check_state(state)
    except InvalidState as exc:
        return str(exc)
    return None


def agrees(name: str, state: Any) -> None:
    """The editor's verdict on ``state`` is the check's, whole game or diagram, and the position
    reads back as it was written."""
    game, edit = get_game(name), RECORDS[name].edit
    assert edit is not None
    for setting in edit.settings(state):  # (the editor's list shows the value now)
        assert setting.value in dict(setting.choices), setting
    for diagram in (False, True):
        problem = edit.judge(state, diagram)
        assert (problem.reason if problem else None) == checked(game, state, diagram)
    assert game.parse_position(game.position_text(state)) == state


@pytest.mark.parametrize("name", EDITED)
def test_random_edits_are_judged_by_the_check(name: str) -> None:
    """Tools on random targets, settings and options at random, from a new game: each position
    made is judged as the game's check judges it; a refused edit says why and changes nothing; an
    edit that makes a consistent position inconsistent is taken back half the time (so the walk
    stays near positions of a game, where the settings of every step show). The walk goes on
    (2,000 edits at least, 6,000 at most) until every tool and every kind of setting it was offered
    with a choice made some edit (a setting of a step, such as an offer of a build in progress, is
    offered only there; the settings of each player, field or kind of card count as one kind,
    :func:`stem`)."""
    game, edit = get_game(name), RECORDS[name].edit
    assert edit is not None
    rng = Rng.from_seed(7)
    state = game.new_game(game.max_players, seed=3)
    agrees(name, state)
    refused = edits = 0
    used: set[str] = set()
    offered: set[str] = set()
    panels = [{"player": str(p)} for p in range(game.max_players)]  # (pointer targets too)
    while edits < 2000 or (used != offered and edits < 6000):
        edits += 1
        offered |= {t.key for t in edit.tools(state)}
        offered |= {stem(s.name) for s in edit.settings(state) if len(s.choices) > 1}
        kind, before = rng.randbelow(10), state
        try:
            if kind < 7:
                tool = rng.choice(edit.tools(state)).key
                state = edit.place(state, tool, rng.choice(panels + edit.targets(state)))
                used.add(tool)
            elif kind < 9:
                family = rng.choice(sorted({stem(s.name) for s in edit.settings(state)}))
                setting = rng.choice([s for s in edit.settings(state) if stem(s.name) == family])
                choice = rng.choice([v for v, _label in setting.choices if v != setting.value] or [setting.value])
                state = edit.with_setting(state, setting.name, choice)
                if choice != setting.value:
                    used.add(stem(setting.name))
            else:
                option = rng.choice([o for o in game.options if isinstance(o.default, bool)])
                state = edit.with_options(state, {option.name: not edit.options(state)[option.name]})
        except ValueError as exc:  # (EditError)
            refused += 1
            assert str(exc)
            continue
        agrees(name, state)
        if edit.judge(before, False) is None and edit.judge(state, False) is not None and rng.randbelow(2):
            state = before
    assert refused < edits * 3 // 4
    assert used == offered, offered - used


@pytest.mark.parametrize("name", EDITED)
def test_every_tool_and_setting_on_a_cleared_board(name: str) -> None:
    game, edit = get_game(name), RECORDS[name].edit
    assert edit is not None
    empty = edit.cleared(game.new_game(game.min_players, seed=1))
    agrees(name, empty)
    for tool in edit.tools(empty):
        for target in edit.targets(empty):
            try:
                agrees(name, edit.place(empty, tool.key, target))
            except ValueError as exc:  # (EditError)
                assert str(exc)  # a refused edit says why
    for setting in edit.settings(empty):
        for value, label in setting.choices:
            assert label
            agrees(name, edit.with_setting(empty, setting.name, value))
    with pytest.raises(ValueError):
        edit.with_setting(empty, edit.settings(empty)[0].name, "no such value")


def test_tuerme_a_game_edited_stays_a_game() -> None:
    """A stone moved by hand from an alley field onto an empty symbol field of its symbol keeps
    all 80: still a game;
    a stone too many (a sixth red A) is named, and so is a neutral stone on top of a tower."""
    game, edit = get_game("tuerme"), RECORDS["tuerme"].edit
    assert edit is not None
    state = game.new_game(2, seed=1)
    stone = state.board[0]
    plot = FIELDS_OF_SYMBOL[stone[0]][0]
    moved = edit.place(edit.place(state, REMOVE, {"square": "a1"}), stone, {"square": square_name(plot)})
    assert moved.board[0] == "" and moved.board[plot] == stone
    assert edit.judge(moved, diagram=False) is None
    extra = edit.place(moved, stone, {"square": "a1"})
    problem = edit.judge(extra, diagram=False)
    assert problem is not None and "not conserved" in problem.reason
    tower = edit.place(edit.cleared(state), "Ar", {"square": "d4"})
    tower = edit.place(tower, "Ag", {"square": "d4"})  # green is neutral with 2 players
    problem = edit.judge(tower, diagram=True)
    assert problem is not None and problem.marks == {"targets": ["d4"]}
    with pytest.raises(ValueError, match="only A stones"):
        edit.place(tower, "Cb", {"square": "b7"})


def test_tuerme_settings_and_options_reach_the_position() -> None:
    game, edit = get_game("tuerme"), RECORDS["tuerme"].edit
    assert edit is not None
    state = edit.with_setting(game.new_game(4, seed=2), "turn", "3")
    assert game.to_move(state) == (3,) and edit.judge(state, diagram=False) is None
    fewer = edit.with_setting(state, "players", "2")
    assert fewer.players == 2 and fewer.turn == 1
    varied = edit.with_options(fewer, {"unlimited_height": True, "early_end_at_once": True, "quiet_end": 20})
    assert varied.unlimited_height and varied.readings.early_end_at_once and varied.quiet_end == 20
    assert "nomax" in game.position_text(varied)
    with pytest.raises(ValueError):
        edit.with_options(varied, {"quiet_end": 7})


def played_to(name: str, state: Any, step: str, rng: Rng) -> Any:
    """``state`` of a game of ``name`` played on by random legal moves until it stands at ``step``
    (None if it ends first)."""
    game = get_game(name)
    while state.phase.value != step:
        if game.is_over(state):
            return None
        mover = rng.choice(game.to_move(state))
        state = game.apply(state, mover, rng.choice(game.legal_actions(state, mover)))
    return state


def dealt(state: Any) -> Any:
    """A new Babel game with two action cards dealt to each player by the editor (so that more of
    them are asked about a third bonus)."""
    edit = RECORDS["babel"].edit
    assert edit is not None
    for seat in range(state.num_players):
        state = edit.place(edit.place(state, "action", {"player": str(seat)}), "action", {"player": str(seat)})
    return state


#: The kinds of setting of a Babel build in progress (the step, the offers and their cards, the
#: decision, the third bonuses).
BUILD_SETTINGS = {"phase", "offer", "offered", "decision", "bonus"}


def test_babel_builds_in_progress_edited_at_random() -> None:
    """From games played until a third-bonus step (each player dealt two action cards first),
    random edits of the build in progress: a tile clicked to be built, the offers made and unmade,
    their cards and exchange cards, the step of the build, the builder's decision, the answers of
    the turned-down offerers, building and action cards dealt and put back. Each position is judged
    as the check judges it, reads back as it was written, and stays consistent (cards move between
    hands, offers and piles, never made), and every kind of setting of a build is used in each of
    its steps."""
    game, edit = get_game("babel"), RECORDS["babel"].edit
    assert edit is not None
    rng = Rng.from_seed(11)
    used: set[tuple[str, str]] = set()
    steps: Counter[str] = Counter()
    starts = [s for seed in range(16) if (s := played_to("babel", dealt(game.new_game(3 + seed % 3, seed=seed)),
                                                          "bonus", rng)) is not None]
    assert len(starts) >= 10
    for state in starts:
        for _ in range(40):
            kind = rng.randbelow(10)
            try:
                if kind == 0:
                    state = edit.place(state, "build", rng.choice([t for t in edit.targets(state) if "tile" in t]))
                elif kind == 1:
                    tool = rng.choice(["card", REMOVE, "action", "action-back"])
                    state = edit.place(state, tool, {"player": str(rng.randbelow(state.num_players))})
                else:
                    offered = [s for s in edit.settings(state) if stem(s.name) in BUILD_SETTINGS]
                    kinds = sorted({stem(s.name) for s in offered} - {"phase"})  # (the step: 1 in 5)
                    family = rng.choice(kinds) if kinds and rng.randbelow(5) else "phase"
                    setting = rng.choice([s for s in offered if stem(s.name) == family])
                    choice = rng.choice([v for v, _label in setting.choices if v != setting.value] or [setting.value])
                    step = state.phase.value
                    state = edit.with_setting(state, setting.name, choice)
                    if choice != setting.value:
                        used.add((step, stem(setting.name)))
            except ValueError as exc:  # (EditError)
                assert str(exc)
                continue
            agrees("babel", state)
            assert edit.judge(state, diagram=False) is None, game.position_text(state)
            steps[state.phase.value] += 1
    assert {"offer", "decide", "bonus"} <= set(steps)
    assert used >= {("offer", "phase"), ("offer", "offer"), ("offer", "offered"), ("decide", "phase"),
                    ("decide", "offer"), ("decide", "offered"), ("bonus", "phase"), ("bonus", "decision"),
                    ("bonus", "bonus")}, used


#: The kinds of setting of Saba's palace cards, figures and serail step.
PALACE_SETTINGS = {"field", "deck-top", "treasury", "sfig", "built", "special", "phase", "decider", "after"}


def test_saba_palace_cards_figures_and_serail_step_edited_at_random() -> None:
    """From games with the pro rules played some way at random, random edits of the palace cards
    (a card onto a build field or on top of the palace deck, one taken out of the game by a click),
    the figures in the treasury and on the serail (serail markers laid too), resources laid on
    garden fields and taken back, the serail step, its decider and the step after it, and what was
    built this turn. Each position is judged as the check judges it and reads back as it was
    written; the 27 palace cards, the figures and the resources stay conserved; every kind of edit
    is made."""
    from pygame_rules.saba.data import FIGURES_PER_PLAYER, PALACE_CARDS, RES_PER_KIND

    game, edit = get_game("saba"), RECORDS["saba"].edit
    assert edit is not None
    rng = Rng.from_seed(5)
    used: set[str] = set()
    for seed in range(10):
        state = game.new_game(2 + seed % 3, seed=seed, options={"pro": True})
        for _ply in range(20 + 15 * seed):
            if game.is_over(state):
                break
            mover = rng.choice(game.to_move(state))
            state = game.apply(state, mover, rng.choice(game.legal_actions(state, mover)))
        for _ in range(80):
            kind = rng.randbelow(10)
            try:
                if kind < 2:
                    state = edit.place(state, "out", {"build-field": str(rng.randbelow(3))})
                    used.add("out")
                elif kind < 4:
                    tool = rng.choice(["res:a", "res:s", "res:e", "res:g", REMOVE])
                    state = edit.place(state, tool, {"garden": str(1 + rng.randbelow(8))})
                    used.add("stash" if tool != REMOVE else "unstash")
                elif kind < 5:  # (a serail marker, so that the serail has a leader, his figure a place)
                    state = edit.place(state, f"marker:{rng.randbelow(state.num_players)}", {"serail": "1"})
                else:
                    offered = [s for s in edit.settings(state) if stem(s.name) in PALACE_SETTINGS]
                    serail = [s for s in offered if s.name in ("decider", "after")]  # (its step: half the time)
                    setting = rng.choice(serail if serail and rng.randbelow(2) else [
                        s for s in offered if stem(s.name) == rng.choice(sorted({stem(s.name) for s in offered}))])
                    choice = rng.choice([v for v, _label in setting.choices if v != setting.value] or [setting.value])
                    if setting.name == "phase" and "serail" in dict(setting.choices) and rng.randbelow(2):
                        choice = "serail"
                    state = edit.with_setting(state, setting.name, choice)
                    if choice != setting.value:
                        used.add(stem(setting.name))
            except ValueError as exc:  # (EditError)
                assert str(exc)
                continue
            agrees("saba", state)
            assert sorted(state.palace_deck + state.display + state.gone) == list(range(PALACE_CARDS))
            for p, player in enumerate(state.players):
                placed = (state.balcony.count(p) + state.treasury.count(p) + (state.serail_figure == p)
                          + sum(figures.count(p) for figures in state.districts))
                assert player.figures + placed == FIGURES_PER_PLAYER
            assert all(sum(p.res[r] for p in state.players) + state.supply[r] + sum(
                1 for lying in state.stash if lying is not None and lying.index == r) + sum(
                n for kind_, n in zip(state.harbour_res, state.harbour_n) if kind_.index == r) == RES_PER_KIND
                for r in range(4))
    assert used == PALACE_SETTINGS | {"out", "stash", "unstash"}, used


def test_saba_district_uses_left_this_turn_are_settings() -> None:
    """Each district's uses left this turn is a setting, from none up to the figures the player to
    move has there; taking one of his figures away takes its use too, and a new player to move
    starts his turn with a use per figure, as the game does. Each position is consistent."""
    game, edit = get_game("saba"), RECORDS["saba"].edit
    assert edit is not None
    state = game.new_game(2, seed=3)
    state = edit.place(edit.place(state, "figure:0", {"district": "1"}), "figure:0", {"district": "1"})
    state = edit.place(state, "figure:1", {"district": "4"})
    state = edit.with_setting(state, "uses-2", "2")
    uses = {s.name: s for s in edit.settings(state) if s.name.startswith("uses-")}
    assert sorted(uses) == [f"uses-{d}" for d in range(1, 7)]
    assert [v for v, _label in uses["uses-2"].choices] == ["0", "1", "2"] and uses["uses-2"].value == "2"
    assert [v for v, _label in uses["uses-5"].choices] == ["0"]  # (blue's figure: no use for red)
    assert "carpenters" in uses["uses-2"].label
    assert edit.with_setting(state, "uses-2", "1").uses[1] == 1
    fewer = edit.place(state, REMOVE, {"district": "1"})
    assert fewer.districts[1] == (0,) and fewer.uses[1] == 1
    blue = edit.with_setting(state, "current", "1")
    assert blue.uses == (0, 0, 0, 0, 1, 0)
    for each in (state, fewer, blue):
        agrees("saba", each)
        assert edit.judge(each, False) is None


def test_saba_harbour_fields_and_harbour_cards_are_settings() -> None:
    """Each harbour field's resource is a setting: another swaps places with it, each field keeping
    its load, the supply making up the difference (a swap it can't pay for is not offered); each
    player's harbour cards show one of their two faces each. Each position is consistent."""
    game, edit = get_game("saba"), RECORDS["saba"].edit
    assert edit is not None
    state = game.new_game(2, seed=3)  # H1 2 ebony, H2 2 gold, H3 3 sandstone, H4 4 alabaster
    harbour = {s.name: s for s in edit.settings(state) if s.name.startswith("harbour-")}
    assert [harbour[f"harbour-{f}"].value for f in range(1, 5)] == ["e", "g", "s", "a"]
    assert dict(harbour["harbour-1"].choices)["a"] == "alabaster"
    swapped = edit.with_setting(state, "harbour-1", "a")  # H1: 2 alabaster, H4: 4 ebony
    assert [r.value for r in swapped.harbour_res] == ["a", "g", "s", "e"] and swapped.harbour_n == state.harbour_n
    assert swapped.supply == (state.supply[0] + 2, state.supply[1], state.supply[2] - 2, state.supply[3])
    a, s_, e, g = state.supply  # all but one ebony of the supply in Red's hand:
    poor = dataclasses.replace(state, supply=(a, s_, 1, g), players=(
        dataclasses.replace(state.players[0], res=(0, 0, e - 1, 0)), state.players[1]))
    assert edit.judge(poor, False) is None
    offered = [v for v, _label in next(s for s in edit.settings(poor) if s.name == "harbour-1").choices]
    assert offered == ["s", "e", "g"]  # (alabaster's H4 would hold 4 ebony: 2 more than the supply's 1)
    faces = {s.name: s for s in edit.settings(state) if s.name.startswith("faces-")}
    assert sorted(faces) == ["faces-1", "faces-2"] and faces["faces-1"].value == "12"
    assert [v for v, _label in faces["faces-1"].choices] == ["12", "14", "32", "34"]
    turned = edit.with_setting(state, "faces-2", "34")
    assert turned.players[1].faces == (3, 4) and turned.players[0].faces == (1, 2)
    for each in (swapped, turned):
        agrees("saba", each)
        assert edit.judge(each, False) is None
