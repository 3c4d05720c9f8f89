"""Protocol checks shared by every game's tests: random play with invariants at every step."""

from __future__ import annotations

import json
from typing import Any

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.protocol import Game
from pygame_rules.rng import Rng


def check_state_roundtrips(game: Game[Any, Any], state: Any) -> None:
    """JSON (through a real string) and position notation give back an equal state."""
    data = json.loads(json.dumps(game.state_to_json(state)))
    assert game.state_from_json(data) == state
    assert game.from_position_text(game.position_text(state)) == state


def random_game(game: Game[Any, Any], num_players: int, seed: int, options: dict[str, Any] | None = None,
                *, max_plies: int = 5000, apply_all_every: int = 0, deep_checks: bool = True) -> Any:
    """Play one game with uniformly random legal actions, checking the protocol at every step.

    At every step: the state round-trips through JSON and position notation (which also
    runs the game's own consistency check), every mover has a legal action, the chosen
    action round-trips through JSON and its notation, ``apply`` leaves its input equal
    to a copy taken before (without deep checks: the state is hashable, i.e. immutable
    all the way down), and an action legal earlier but not now is rejected with a reason.
    Every ``apply_all_every`` plies all legal actions of all movers are applied.
    The game must end within ``max_plies``. Returns the final state.
    """
    rng = Rng.from_seed(seed)
    state = game.new_game(num_players, seed=seed, options=options)
    stale: list[tuple[int, Any]] = []
    for ply in range(max_plies):
        if deep_checks:
            check_state_roundtrips(game, state)
        if game.is_over(state):
            assert game.to_move(state) == ()
            assert game.winners(state)
            assert len(game.scores(state)) == num_players
            return state
        movers = game.to_move(state)
        assert movers, "a game that is not over must have someone to move"
        player = rng.choice(movers)
        actions = game.legal_actions(state, player)
        assert actions, f"player {player} is to move but has no legal action"
        if apply_all_every and ply % apply_all_every == 0:
            for p in movers:
                for a in game.legal_actions(state, p):
                    assert game.why_illegal(state, p, a) is None
                    game.apply(state, p, a)
        for p, a in stale:
            if p in movers and a not in game.legal_actions(state, p):
                reason = game.why_illegal(state, p, a)
                assert isinstance(reason, str) and reason
        action = rng.choice(actions)
        if deep_checks:
            assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action
            text = game.action_text(state, action)
            assert isinstance(text, str) and text
            assert game.parse_action(state, game.record_text(state, player, action)) == (player, action)
        hash(state)  # frozen all the way down, so no apply can change it in place
        before = game.state_to_json(state) if deep_checks else None
        new_state = game.apply(state, player, action)
        if deep_checks:
            assert game.state_to_json(state) == before, "apply changed its input state"
        stale = [(player, a) for a in actions[:8]]
        state = new_state
    raise AssertionError(f"game did not end within {max_plies} plies")


def check_rejects(game: Game[Any, Any], state: Any, player: int, action: Any, fragment: str) -> None:
    """``action`` is illegal for ``player``, the reason mentions ``fragment``, state is untouched."""
    before = game.state_to_json(state)
    try:
        game.apply(state, player, action)
    except IllegalAction as exc:
        assert fragment.lower() in str(exc).lower(), f"reason {str(exc)!r} lacks {fragment!r}"
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert game.state_to_json(state) == before


def check_invalid(game: Game[Any, Any], data: Any, fragment: str) -> None:
    try:
        game.state_from_json(data)
    except InvalidState as exc:
        assert fragment.lower() in str(exc).lower(), f"message {str(exc)!r} lacks {fragment!r}"
    else:
        raise AssertionError("invalid data was accepted")
