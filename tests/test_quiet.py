"""The quiet end (``pygame_rules/quiet.py``): every game ends, whoever plays it, within what
the app's record holds; and the computer players make progress by themselves."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pygame_rules import quiet
from pygame_rules.babel import Accept
from pygame_rules.babel.state import LONGEST_GAME as BABEL_LONGEST
from pygame_rules.bots import knowledge_for
from pygame_rules.bots.arena import play_game
from pygame_rules.bots.levels import easy, medium
from pygame_rules.bots.tuerme import TuermeKnowledge, builds
from pygame_rules.registry import get_game
from pygame_rules.rng import Rng
from pygame_rules.saba import Build
from pygame_rules.saba.state import LONGEST_GAME as SABA_LONGEST
from pygame_rules.session import MAX_MOVES, Seat, Session
from pygame_rules.steps import run
from pygame_rules.tuerme import GAME as TUERME
from pygame_rules.tuerme import EndReason, Move, build, parse_square
from pygame_rules.tuerme.state import LONGEST_GAME as TUERME_LONGEST

#: Per game: whether an action builds, in the sense of its quiet end.
BUILDS: dict[str, Callable[[Any, Any], bool]] = {
    "tuerme": lambda state, action: isinstance(action, Move) and builds(state.board, action),
    "babel": lambda state, action: isinstance(action, Accept),
    "saba": lambda state, action: isinstance(action, Build),
}


def mv(text: str) -> Move:
    src, dst = text.split("-")
    return Move(parse_square(src), parse_square(dst))


def persons(name: str, players: int) -> list[Seat]:
    return [Seat(f"P{i}", colour) for i, (colour, _) in enumerate(get_game(name).colours[:players])]


# ------------------------------------------------------------------ the rule
def shuffling() -> Any:
    """Red and blue move a stone each to and fro along the alleys; red has 2 points on b7,
    blue 1 on c2, and each could still enter a plot (blue's stone on m4 at once)."""
    return build(2, {"b7": "Arr", "c2": "Ab", "a4": "Ar", "n4": "Bb", "m4": "Bb"})


def test_the_quiet_end_ends_a_shuffling_game_and_scores_it_as_it_stands():
    state = shuffling()
    to_and_fro = {0: ("a4-a5", "a5-a4"), 1: ("n4-n5", "n5-n4")}
    for k in range(40):
        assert not TUERME.is_over(state)
        state = TUERME.apply(state, state.turn, mv(to_and_fro[state.turn][k // 2 % 2]))
        if k == 18:
            assert TUERME.status_text(state, ["Ann", "Bob"]) == "To move: Bob"
        if k == 19:
            assert TUERME.status_text(state, ["Ann", "Bob"]) == (
                "To move: Ann. Nobody has built for 20 moves: unless somebody builds within the next 20 moves, "
                "the game ends.")
    assert state.end is EndReason.QUIET and state.quiet == 40 and TUERME.scores(state) == (2, 1)
    assert TUERME.result_text(state, ["Ann", "Bob"]) == (
        "Ann wins with 2 points. The game ended because nobody built for 40 moves in a row.")
    assert TUERME.parse_position(TUERME.position_text(state)) == state


def test_a_move_that_builds_starts_the_count_again():
    state = shuffling()
    for text in ("a4-a5", "n4-n5", "a5-a4"):
        state = TUERME.apply(state, state.turn, mv(text))
    assert state.quiet == 3
    covered = TUERME.apply(state, 1, mv("m4-m6"))          # onto the B plot m6: a bonus move follows
    assert covered.quiet == 0 and covered.bonus
    declined = TUERME.apply(covered, 1, TUERME.legal_actions(covered, 1)[-1])   # stop: a move without building
    assert declined.quiet == 1 and declined.turn == 0


def test_the_quiet_end_can_be_switched_off_and_older_positions_have_none():
    state = build(2, {"b7": "Arr", "c2": "Ab", "a4": "Ar", "n4": "Bb"}, quiet_end=0, quiet=500)
    assert not TUERME.is_over(TUERME.apply(state, 0, mv("a4-a5")))
    text = TUERME.position_text(shuffling())
    assert text.split()[5] == "max5,neutral_district_ends,quiet40"
    old = text.replace(",quiet40", "")
    assert TUERME.parse_position(old).quiet_end == 0
    counted = TUERME.position_text(TUERME.apply(shuffling(), 0, mv("a4-a5")))
    assert counted.split()[8] == "1" and TUERME.parse_position(counted).quiet == 1


@pytest.mark.parametrize("name, players", [("tuerme", 2), ("tuerme", 4), ("babel", 3), ("babel", 5),
                                           ("saba", 2), ("saba", 4)])
def test_persons_who_never_build_are_stopped_by_the_quiet_end(name: str, players: int) -> None:
    """Whatever persons do, a move is never refused for the record's limit: players who build
    only when they must (a Türme board starts full) end the game by the quiet end, scored as
    the game's rules score an ended game."""
    game = get_game(name)
    session = Session.new(name, persons(name, players), seed=3)
    limit = session.state.quiet_end
    rng = Rng.from_seed(5)
    warned = 0
    while not game.is_over(session.state):
        state = session.state
        warning = quiet.warning(state.quiet, limit)
        assert bool(warning) == (2 * state.quiet >= limit) and warning in game.status_text(state)
        warned += bool(warning)
        player = rng.choice(game.to_move(state))
        actions = game.legal_actions(state, player)
        session.play(player, rng.choice([a for a in actions if not BUILDS[name](state, a)] or actions))
    assert warned >= limit // 2                                  # the players were told, well before
    state = session.state
    assert quiet.reached(state.quiet, limit) and limit <= len(session.moves) < MAX_MOVES
    assert game.end_reason(state, game.player_names(state)).startswith(quiet.ended(limit))
    assert game.winners(state) and Session.from_text(session.to_text()).state == state


def test_every_game_ends_before_the_record_is_full():
    """The longest game the quiet end allows, at its longest setting, fits into the record."""
    assert max(TUERME_LONGEST, BABEL_LONGEST, SABA_LONGEST) < MAX_MOVES
    for name in ("tuerme", "babel", "saba"):
        option = next(o for o in get_game(name).options if o.name == quiet.NAME)
        assert option.default == max(option.choices)


def test_the_longest_tuerme_stall_stays_within_its_bound():
    """Two persons who build only when the quiet end is one move away (2,601 moves)."""
    session = Session.new("tuerme", persons("tuerme", 2), seed=8)
    rng = Rng.from_seed(8)
    while not TUERME.is_over(session.state):
        state = session.state
        actions = TUERME.legal_actions(state, state.turn)
        building = [a for a in actions if BUILDS["tuerme"](state, a)]
        quiet_ones = [a for a in actions if not BUILDS["tuerme"](state, a)]
        late = state.quiet == state.quiet_end - 1 or not quiet_ones
        session.play(state.turn, rng.choice(building if building and late else quiet_ones or actions))
    assert 2000 < len(session.moves) <= TUERME_LONGEST


# -------------------------------------------------------------- older saves
def test_an_older_tuerme_save_without_the_count_replays_as_it_was_played():
    """A save of rules version 2 names no quiet end and its state holds no count: it replays
    without the quiet end, so a long stretch without building stays as it was played."""
    session = Session.new("tuerme", persons("tuerme", 2), seed=4, options={quiet.NAME: 0})
    rng = Rng.from_seed(4)
    for _ in range(120):
        state = session.state
        actions = [a for a in TUERME.legal_actions(state, state.turn) if not BUILDS["tuerme"](state, a)]
        session.play(state.turn, rng.choice(actions or TUERME.legal_actions(state, state.turn)))
    assert session.state.quiet > 40 and not TUERME.is_over(session.state)
    data = session.to_json()
    data["rules"] = 2
    del data["options"][quiet.NAME]
    for key in ("quiet", "quiet_end"):
        del data["state"]["state"][key]
    loaded = Session.from_json(json.loads(json.dumps(data)))
    assert loaded.state == session.state and loaded.options[quiet.NAME] == 0
    assert TUERME.state_from_json(data["state"]).quiet_end == 0


# ------------------------------------------------------------------- the bots
@pytest.mark.parametrize("seed", [143, 454, 529])
def test_easy_tuerme_players_make_progress(seed: int) -> None:
    """Two easy players on these seeds used to shuffle stones for over 30,000 moves (143)
    and 12,000 (454, 529); now they end the game by the rules within a few hundred, also
    without the quiet end."""
    for options in ({}, {quiet.NAME: 0}):
        result = play_game("tuerme", 2, ("easy", "easy"), seed, 0.0, options, max_plies=1500)
        assert not result.adjudicated and result.plies < 1500


class Flat(TuermeKnowledge):
    """The Türme bots' knowledge with every position judged even: only progress tells moves apart."""

    def evaluate(self, state: Any) -> tuple[float, ...]:
        return (0.0,) * state.players


def test_the_levels_prefer_progress_among_equally_good_moves():
    k, state = Flat(), build(2, {"a4": "Ar", "n4": "Bb", "b1": "Dr", "g8": "Cg"})
    grades = {a: k.progress(state, 0, a) for a in TUERME.legal_actions(state, 0)}
    assert set(grades.values()) == {0, 1, 2}
    assert grades[run(medium(k, state, 0, Rng.from_seed(1)))] == 2
    picks = [grades[easy(k, state, 0, Rng.from_seed(seed))] for seed in range(200)]
    assert picks.count(2) > 100 > picks.count(0)       # half of the time the most progress


def test_only_the_tuerme_bots_need_to_be_told_to_make_progress():
    for name in ("babel", "saba"):
        game = get_game(name)
        state = game.new_game(game.min_players, seed=1)
        assert {knowledge_for(game).progress(state, 0, a) for a in game.legal_actions(state, 0)} == {0}


@pytest.mark.slow
@pytest.mark.parametrize("name, players, levels", [
    ("tuerme", 2, ("easy",)), ("tuerme", 3, ("easy",)), ("tuerme", 4, ("easy",)), ("tuerme", 2, ("medium", "easy")),
    ("babel", 3, ("easy",)), ("babel", 5, ("easy",)), ("saba", 2, ("easy",)), ("saba", 4, ("easy",))])
def test_games_between_bots_end_by_the_rules_within_1500_plies(name: str, players: int,
                                                                levels: tuple[str, ...]) -> None:
    """A sample of what ``bench/bench_lengths.py`` measures (docs/bots.md), without the quiet end."""
    for seed in range(30):
        seats = tuple(levels[(s + seed) % len(levels)] for s in range(players))
        result = play_game(name, players, seats, seed, 0.0, {quiet.NAME: 0}, max_plies=1500)
        assert not result.adjudicated, seed
