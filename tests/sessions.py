"""Seeded random games as sessions, for the tests of the app's screens.

>>> session = random_session("tuerme", seats_of("tuerme", 2), seed=0, moves=5)
>>> len(session.moves), [seat.name for seat in session.seats]
(5, ['Player 1', 'Player 2'])
"""

from __future__ import annotations

from pygame_rules import get_game
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session


def seats_of(name: str, players: int, prefix: str = "Player ", kinds: tuple[str, ...] = ()) -> list[Seat]:
    """``players`` seats in the game's first colours, named ``prefix`` and a number from 1,
    played by people or computers of ``kinds`` (default: people)."""
    game = get_game(name)
    kinds = kinds or ("human",) * players
    return [Seat(f"{prefix}{k + 1}", colour, kinds[k]) for k, (colour, _css) in enumerate(game.colours[:players])]


def random_session(name: str, seats: list[Seat], seed: int, moves: int | None = None,
                   bot_time: float = 1.0) -> Session:
    """A seeded random game between ``seats``, played to its end or until it has ``moves`` moves
    (the computers among them think ``bot_time`` seconds once the game is on a screen)."""
    game = get_game(name)
    session = Session.new(name, seats, seed, bot_time=bot_time)
    rng = Rng.from_seed(seed)
    while not game.is_over(session.state) and (moves is None or len(session.moves) < moves):
        player = rng.choice(game.to_move(session.state))
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    return session
