"""Seeded fuzzing of the save loader: damaged saves of all three games get a SaveError and
nothing else, with a short message, and :meth:`Session.salvage` agrees with loading.

Real saves of seeded random games are damaged as text (cut, doubled, stray characters,
huge numbers) and as JSON (a node replaced by a wrong type, an out-of-range or huge
number, a deeply nested list, a key dropped); see ``fuzzing.py``.
"""

from __future__ import annotations

import json
from functools import partial

import pytest
from fuzzing import expect_clean, mutate_json_text, mutate_text

from pygame_rules.registry import GAMES
from pygame_rules.rng import Rng
from pygame_rules.session import SaveError, Seat, Session

#: Cases per game: 3,000 in all, about 10 seconds on one core.
CASES = 1000
#: Who plays each seat in the saves (the kind is part of what a save holds).
KINDS = ("human", "easy", "hard", "medium", "human")


def real_saves(name: str) -> list[str]:
    """Saves of seeded random games of ``name``: every player count, 12 or 48 moves."""
    game = GAMES[name]
    saves = []
    for players in range(game.min_players, game.max_players + 1):
        for length in (12, 48):
            seats = [Seat(f"Player {p + 1}", colour, KINDS[p]) for p, (colour, _) in
                     enumerate(game.colours[:players])]
            session = Session.new(name, seats, seed=players * 100 + length)
            rng = Rng.from_seed(length)
            while len(session.moves) < length and not game.is_over(session.state):
                player = rng.choice(game.to_move(session.state))
                session.play(player, rng.choice(game.legal_actions(session.state, player)))
            saves.append(session.to_text())
    return saves


@pytest.mark.parametrize("name", sorted(GAMES))
def test_damaged_saves_raise_only_short_save_errors(name: str) -> None:
    saves = real_saves(name)
    rng = Rng.from_seed(23)
    refused = 0
    for case in range(CASES):
        original = rng.choice(saves)
        text = mutate_text(original, rng) if case % 2 else mutate_json_text(original, rng)
        what = f"{name} case {case}: {text[:100]!r}"
        loaded = expect_clean((SaveError,), partial(Session.from_text, text), what)
        refused += loaded is None
        if case % 5 == 0:
            _check_salvage(text, loaded, what)
    assert refused > CASES // 2   # the damage is real: most mutants are refused


def _check_salvage(text: str, loaded: Session | None, what: str) -> None:
    """Salvage reports what loading reports, and keeps only moves that replay."""
    session, reason = expect_clean((), partial(Session.salvage, text), what)
    if loaded is not None:
        assert reason == "" and session is not None and session.state == loaded.state, what
        return
    with pytest.raises(SaveError) as refused:
        Session.from_text(text)
    assert reason == str(refused.value), what
    if session is not None:
        moves = json.loads(text)["moves"]
        assert len(session.moves) <= len(moves), what
        assert [session.game.action_to_json(m.action) for m in session.moves] == \
            [m["action"] for m in moves[:len(session.moves)]], what
