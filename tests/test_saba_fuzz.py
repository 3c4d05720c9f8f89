"""Bad input to Saba, seeded: only ``InvalidState`` / ``IllegalAction``, short messages, in time.

:func:`fuzzing.fuzz_game` mutates whole position texts, state documents and actions; the
tests here add what is particular to Saba: one field of a position damaged at a time (so
every field's reader is reached, not only the first one a cut breaks), the rules asked
about every action on positions that were only parsed (``why_illegal`` must not lean on
the consistency check), and the move notation written for actions that are not legal.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pytest
from fuzzing import expect_clean, fuzz_game, mutate_json, mutate_text, positions

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.rng import Rng
from pygame_rules.saba import GAME, SabaState
from pygame_rules.saba.legal import candidates
from pygame_rules.saba.notation import KEYS

#: The whole module should stay well under this many seconds.
BUDGET = 20.0


#: Every rule reading turned away from its default, with the pro rules.
OTHER_READINGS = {"pro": True, **{o.name: not o.default for o in GAME.options if o.is_reading}}


@pytest.fixture(scope="module")
def states() -> list[SabaState]:
    """States met along seeded random games, half of them with the other readings."""
    return positions(GAME, 22, games=6, every=9, options=({}, OTHER_READINGS), plies=3000)


@pytest.fixture(scope="module", autouse=True)
def within_budget():
    """Processor time, not the clock: a busy machine (or tests in parallel) makes a run wait."""
    start = time.process_time()
    yield
    assert time.process_time() - start < BUDGET


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_positions_documents_and_actions(seed):
    fuzz_game(GAME, seed, 1200)


def _damage_one_field(text: str, rng: Rng) -> str:
    tokens = text.split(" ")
    i = 1 + rng.randbelow(len(KEYS))
    key, _, value = tokens[i].partition("=")
    tokens[i] = f"{key}={mutate_text(value, rng)}"
    return " ".join(tokens)


def test_each_field_of_a_position_is_read_strictly(states):
    rng = Rng.from_seed(3)
    for _ in range(1500):
        text = _damage_one_field(GAME.position_text(rng.choice(states)), rng)
        expect_clean((InvalidState,), partial(GAME.from_position_text, text), f"position {text[:120]!r}")


def test_the_rules_judge_every_action_on_positions_only_parsed(states):
    """``parse_position`` checks the syntax only; whatever it lets through, the rules answer
    with a reason or a yes, and write every action, for every player."""
    rng = Rng.from_seed(4)
    asked = 0
    for _ in range(1500):
        text = _damage_one_field(GAME.position_text(rng.choice(states)), rng)
        try:
            state = GAME.parse_position(text)
        except InvalidState:
            continue
        for player in range(state.num_players):
            for action in list(candidates(state, player))[:40]:
                reason = GAME.why_illegal(state, player, action)
                assert reason is None or (isinstance(reason, str) and 0 < len(reason) <= 200)
                assert GAME.action_text(state, action)
                asked += 1
    assert asked > 3000


def test_any_action_is_written_and_judged(states):
    """The notation is total: an action ``apply`` refuses is still written, so a log may
    show it before the rules judge it."""
    rng = Rng.from_seed(5)
    playing = [s for s in states if not GAME.is_over(s)]
    legal: dict[int, list[Any]] = {}
    written = refused = 0
    for _ in range(2000):
        k = rng.randbelow(len(playing))
        state = playing[k]
        if k not in legal:
            legal[k] = GAME.legal_actions(state, GAME.to_move(state)[0])
        doc = mutate_json(GAME.action_to_json(rng.choice(legal[k])), rng)
        action = expect_clean((InvalidState,), partial(GAME.action_from_json, doc), "action document")
        if action is None:
            continue
        for someone in range(state.num_players):
            assert isinstance(GAME.action_text(state, action), str)
            written += 1
            if expect_clean((IllegalAction,), partial(GAME.apply, state, someone, action),
                            f"apply {action!r}"[:200]) is None:
                refused += 1
    assert written > 300 and refused > 150
