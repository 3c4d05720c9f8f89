"""Nothing a player reads depends on what he may not see.

Along seeded random games of every game with hidden information, each player to move is
given a *twin*: a full state dealt from his view alone (the computer players' own
:meth:`~pygame_rules.bots.knowledge.Knowledge.determinize`), which he cannot tell from the
truth. Whatever he reads must be the same in both: his legal actions, their texts (hints,
buttons and lists show these), their records, the reason for refusing any action he might
try (another player's included), the status line, and whether a step of his is played for him
(his only possible action, ``web/webui/autoplay.py``). A text computed from the real state
that reads a hidden card, a sealed offer or the order of a pile differs between the twins.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_rules import IllegalAction
from pygame_rules.babel import GAME as BABEL
from pygame_rules.babel import Build, Offer
from pygame_rules.bots import knowledge_for
from pygame_rules.registry import get_game, interaction_for
from pygame_rules.rng import Rng
from webui import autoplay

CASES = [("babel", 3, {}), ("babel", 4, {"two_colour_tiles": True}),
         ("babel", 5, {"late_double_turn": True, "cards_out_of_turn": True, "optional_replacing": True}),
         ("saba", 2, {"pro": True}), ("saba", 3, {}), ("saba", 4, {"pro": True})]


def refusal(game: Any, state: Any, player: int, action: Any) -> str:
    """What ``player`` reads when he tries ``action`` (an empty text if it is legal)."""
    try:
        game.apply(state, player, action)
    except IllegalAction as exc:
        return str(exc)
    return ""


def readings(game: Any, state: Any, player: int, others: list[Any]) -> dict[str, Any]:
    """Everything ``player`` reads in ``state`` about his choices, and what he is told
    when he tries ``others`` (other players' legal actions): the engine's texts and the
    board interaction's prompt, buttons and clickable parts."""
    actions = game.legal_actions(state, player)
    ui = interaction_for(game)
    return {
        "prompt": ui.prompt(state, player),
        "buttons": [button.label for button in ui.buttons(state, player)],
        "clickable": ui.clickable(state, player),
        "legal": actions,
        "texts": [game.action_text(state, a, viewer=player, mover=player) for a in actions],
        "records": [game.record_text(state, player, a) for a in actions],
        "refusals": [refusal(game, state, player, a) for a in others],
        "why": [game.why_illegal(state, player, a) for a in others],
        "status": game.status_text(state),
        "played for him": autoplay.only_move(game, state, player),  # a step skipped (web/webui/autoplay.py)
    }


def check_twins(name: str, players: int, options: dict[str, Any], seeds: range, every: int) -> None:
    """Along random games of ``seeds``, every ``every``-th step (and every step where
    several players act at once), each player to move reads the same in his twin."""
    game, rng = get_game(name), Rng.from_seed(players)
    knowledge = knowledge_for(game)
    checked = 0
    for seed in seeds:
        state = game.new_game(players, seed=seed, options=options)
        for ply in range(400):
            if game.is_over(state):
                break
            movers = game.to_move(state)
            if ply % every == 0 or len(movers) > 1:
                for player in movers:
                    twin = knowledge.determinize(game.view(state, player), player, rng)
                    assert game.view(twin, player) == game.view(state, player)
                    others = [a for q in movers if q != player for a in game.legal_actions(state, q)[:6]]
                    assert readings(game, state, player, others) == readings(game, twin, player, others)
                    checked += 1
            player = rng.choice(movers)
            state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
    assert checked > 20 * len(seeds)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_a_player_reads_the_same_in_states_he_cannot_tell_apart(name: str, players: int,
                                                                 options: dict[str, Any]) -> None:
    check_twins(name, players, options, range(1), every=4)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_many_games_read_the_same_in_twins(name: str, players: int, options: dict[str, Any]) -> None:
    check_twins(name, players, options, range(1, 9), every=1)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_legality_is_a_function_of_the_view(name: str, players: int, options: dict[str, Any]) -> None:
    """A player's legal actions and the reasons he is given are the same whether his view
    or the whole state is judged: the rules ask nothing of him that he cannot see."""
    game, rng = get_game(name), Rng.from_seed(7)
    state = game.new_game(players, seed=11, options=options)
    for _ply in range(300):
        if game.is_over(state):
            break
        for player in range(players):
            view = game.view(state, player)
            assert game.legal_actions(view, player) == game.legal_actions(state, player)
            for q in game.to_move(state):
                for action in game.legal_actions(state, q)[:5]:
                    assert game.why_illegal(view, player, action) == game.why_illegal(state, player, action)
        player = rng.choice(game.to_move(state))
        state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))


def sealed_offers(players: int = 3) -> Any:
    """A Babel game in its offer step: the builder chose a tile, nobody has offered yet."""
    return BABEL.apply(BABEL.new_game(players, seed=4), 0, Build(7, 0))


def an_offer(state: Any, player: int) -> Offer:
    return next(a for a in BABEL.legal_actions(state, player) if isinstance(a, Offer) and any(a.cards))


def test_the_last_sealed_offer_names_only_its_own_cards() -> None:
    """The hint or button for the last offer names the player's own offer, never the others'
    sealed ones (it once described the whole reveal the offer was about to cause)."""
    state = sealed_offers()
    state = BABEL.apply(state, 2, an_offer(state, 2))
    mine = an_offer(state, 1)
    text = BABEL.action_text(state, mine, viewer=1, mover=1)
    assert text == BABEL.record_text(state, 1, mine) and "reveal" not in text
    assert text.startswith("offer ") and text != "offer (sealed)"
    assert BABEL.action_text(state, mine, viewer=2, mover=1) == "offer (sealed)"
    assert BABEL.action_text(state, mine) == "offer (sealed)"


def test_the_log_tells_the_reveal_once_it_is_public() -> None:
    state = sealed_offers()
    first = an_offer(state, 2)
    after_first = BABEL.apply(state, 2, first)
    last = an_offer(after_first, 1)
    after = BABEL.apply(after_first, 1, last)
    assert BABEL.move_text(state, 2, first, after_first) == "offer (sealed)"
    assert BABEL.move_text(state, 2, first, after_first, viewer=2) == BABEL.action_text(state, first, viewer=2, mover=2)
    public = BABEL.move_text(after_first, 1, last, after)
    assert public.startswith("offer (sealed); reveal: ") and "green" in public and "yellow" in public


# ------------------------------------------------------------------ records
@pytest.mark.parametrize(("name", "players", "options"), [
    ("babel", 3, {}), ("babel", 5, {"cards_out_of_turn": True}), ("saba", 3, {"pro": True}), ("tuerme", 2, {}),
    ("tuerme", 4, {})])
def test_every_record_reads_back_as_the_same_player_and_action(name: str, players: int,
                                                               options: dict[str, Any]) -> None:
    """A record names its mover where several act at once, so a move list read back
    gives each move to the player who made it (a sealed offer once went to the first
    player whose legal offers included the same cards)."""
    game, rng = get_game(name), Rng.from_seed(3)
    read = 0
    for seed in range(2):
        state = game.new_game(players, seed=30_000 + seed, options=options)
        for _ply in range(150):
            if game.is_over(state):
                break
            for player in game.to_move(state):
                for action in game.legal_actions(state, player)[:60]:
                    assert game.parse_action(state, game.record_text(state, player, action)) == (player, action)
                    read += 1
            player = rng.choice(game.to_move(state))
            state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
    assert read > 200
