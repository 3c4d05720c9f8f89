"""Games as links (pygame_rules.share): a full record replays exactly, a game with hidden
information shared while it goes on holds only what the sharer saw, and a link from outside
passes the gate (bounded before it is decoded and while it is inflated, checked before use)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from pygame_rules import get_game
from pygame_rules.bots import knowledge_for
from pygame_rules.gate import MAX_MESSAGE
from pygame_rules.i18n import LANGUAGES, use, using
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session
from pygame_rules.share import (
    MAX_LINK,
    MAX_TEXT,
    PREFIX,
    SEEN_FORMAT,
    ShareError,
    link_fragment,
    reading,
    record,
    recording,
)
from pygame_rules.steps import advance, run


def played(name: str, seed: int, moves: int, players: int = 3, kinds: tuple[str, ...] = ()) -> Session:
    """A seeded random game, ``moves`` moves long at most."""
    game = get_game(name)
    players = min(players, game.max_players)
    seats = [Seat(f"Player {k + 1}", colour, kinds[k] if k < len(kinds) else "human")
             for k, (colour, _css) in enumerate(game.colours[:players])]
    session = Session.new(name, seats, seed)
    rng = Rng.from_seed(seed)
    while not session.is_over and len(session.moves) < moves:
        player = rng.choice(game.to_move(session.state))
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    return session


def packed(text: str | bytes) -> str:
    """A fragment holding ``text`` as a link packs it."""
    data = text.encode() if isinstance(text, str) else text
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


def contents(fragment: str) -> Any:
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(fragment[len(PREFIX):] + "==")))


def refused(fragment: object) -> str:
    with pytest.raises(ShareError) as caught:
        run(reading(fragment))
    message = str(caught.value)
    assert 0 < len(message) <= MAX_MESSAGE
    return message


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("name", ["babel", "saba", "tuerme"])
def test_a_finished_game_s_link_holds_its_full_record_which_replays_exactly(name: str) -> None:
    session = played(name, 5, 5_000)
    assert session.is_over
    fragment = link_fragment(record(session, 1))
    assert contents(fragment)["format"] == "pygame_rules.save"
    shared = run(reading(fragment))
    assert shared.session is not None and shared.viewer is None
    assert [(m.player, m.action) for m in shared.session.moves] == [(m.player, m.action) for m in session.moves]
    assert shared.states == tuple(session.states)
    assert shared.result()
    with using("de"):
        assert shared.log_text(3, "de") == session.log_text(3)


def test_a_game_without_hidden_information_is_shared_whole_while_it_goes_on() -> None:
    session = played("tuerme", 2, 30)
    shared = run(reading(link_fragment(record(session, 0))))
    assert shared.session is not None and shared.states == tuple(session.states)
    assert shared.result() == ""


@pytest.mark.parametrize("name", ["babel", "saba"])
def test_a_hidden_game_mid_way_is_shared_as_its_sharer_saw_it(name: str) -> None:
    session = played(name, 4, 60)
    game, seat = session.game, 1
    fragment = link_fragment(record(session, seat))
    data = contents(fragment)
    assert data["format"] == SEEN_FORMAT and data["seat"] == seat
    assert "seed" not in data and all("action" not in move for move in data["moves"])
    shared = run(reading(fragment))
    assert shared.session is None and shared.viewer == seat
    assert shared.states == tuple(game.view(state, seat) for state in session.states)
    assert shared.movers == tuple(move.player for move in session.moves)
    for lang in LANGUAGES:
        with using(lang):
            assert shared.log_text(7, lang) == session.log_text(7, seat)


def twin_sessions(name: str, players: int, seat: int, seed: int) -> tuple[Session, Session]:
    """Two games ``seat`` can't tell apart: from the real position mid-way and a twin dealt from
    his view alone (as in test_fair_play), played on with the same moves for as long as his
    views stay the same (a card he draws may differ in the twin; the game stops before it): each
    mover takes an action legal in both (the sharer's own are: legality is a function of his view)."""
    real = played(name, seed, 25, players)
    game, rng = real.game, Rng.from_seed(seed)
    twin = knowledge_for(game).determinize(game.view(real.state, seat), seat, rng)
    assert game.view(twin, seat) == game.view(real.state, seat) and twin != real.state
    seats = list(real.seats)
    one, other = Session.from_position(game, real.state, seats), Session.from_position(game, twin, seats)
    for _ply in range(40):
        if one.is_over or game.to_move(one.state) != game.to_move(other.state):
            break
        player = rng.choice(game.to_move(one.state))
        both = [a for a in game.legal_actions(one.state, player) if a in game.legal_actions(other.state, player)]
        rng.shuffle(both)
        action = next((a for a in both if game.view(game.apply(one.state, player, a), seat)
                       == game.view(game.apply(other.state, player, a), seat)), None)
        if action is None:
            break
        one.play(player, action)
        other.play(player, action)
    assert any(move.player != seat for move in one.moves)  # (another player chose something)
    return one, other


@pytest.mark.parametrize(("name", "players", "seat", "seed"), [("babel", 3, 0, 1), ("babel", 4, 2, 2),
                                                              ("saba", 3, 1, 3), ("saba", 2, 1, 4)])
def test_a_link_reveals_nothing_its_sharer_could_not_see(name: str, players: int, seat: int, seed: int) -> None:
    """From twin games (the whole states differ, the sharer's views don't) the links are the same."""
    one, other = twin_sessions(name, players, seat, seed)
    assert one.states != other.states
    assert link_fragment(record(one, seat)) == link_fragment(record(other, seat))


def test_a_link_is_of_the_game_as_it_was_when_asked() -> None:
    """The link is made in steps: a move made meanwhile is not in it (nor half in it)."""
    session = played("babel", 9, 30)
    steps = recording(session, 0)
    advance(steps, lambda: True)
    player = session.game.to_move(session.state)[0]
    session.play(player, session.game.legal_actions(session.state, player)[0])
    data = run(steps)
    assert len(data["views"]) == 31 and len(data["moves"]) == 30


def test_an_onlooker_s_link_holds_what_everybody_saw() -> None:
    session = played("saba", 6, 12)
    data = contents(link_fragment(record(session, None)))
    assert data["seat"] is None
    assert data["views"][-1] == session.game.state_to_json(session.game.view(session.state, None))


# ------------------------------------------------------------------ the gate
def test_a_link_too_long_is_refused_before_it_is_decoded() -> None:
    assert "too long" in refused(PREFIX + "A" * (MAX_LINK + 1))


def test_a_link_that_unpacks_to_too_much_is_refused_while_it_unpacks() -> None:
    bomb = zlib.compress(b" " * (4 * MAX_TEXT + 1000), 9)
    fragment = PREFIX + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(fragment) < MAX_LINK  # (small to send, huge to unpack)
    assert "unpacks to more" in refused(fragment)


@pytest.mark.parametrize("fragment", [
    "", "#game=", "#other=abc", "#game=ab$c", "#game=A", packed("not json"), packed("[" * 100 + "]" * 100),
    packed(b"\xff\xfe"), packed('{"format": "something else"}'), 42, None,
])
def test_a_bad_link_is_refused_with_a_plain_message(fragment: object) -> None:
    refused(fragment)


def test_a_damaged_link_is_refused() -> None:
    fragment = link_fragment(record(played("saba", 1, 40), 0))
    assert "damaged" in refused(fragment[: len(fragment) // 2])
    assert "damaged" in refused(fragment + "AAAA")


def test_a_tampered_full_record_goes_through_the_save_loader() -> None:
    data = played("tuerme", 3, 20).to_json()
    data["moves"][4]["player"] = 1 - data["moves"][4]["player"]
    assert "move 5" in refused(packed(json.dumps(data)))


@pytest.mark.parametrize("tamper", [
    lambda d: d["views"].pop(),
    lambda d: d["moves"][0]["text"].pop("fr"),
    lambda d: d["moves"][0]["text"].update(en="x" * 5_000),
    lambda d: d["moves"][0].update(player=9),
    lambda d: d["views"][3]["state"].update(players=[]),
    lambda d: d["views"].__setitem__(2, get_game("saba").state_to_json(get_game("saba").new_game(4, seed=1))),
    lambda d: d.update(seat=7),
    lambda d: d.update(game="chess"),
    lambda d: d.update(version=99),
    lambda d: d["seats"][0].update(colour="red;background:url(x)"),
    lambda d: d.update(extra=1),
])
def test_a_tampered_seen_record_is_refused(tamper: Any) -> None:
    data = record(played("saba", 2, 20), 0)
    tamper(data)
    refused(packed(json.dumps(data)))


def test_a_bad_link_s_message_is_in_the_reader_s_language() -> None:
    use("nl")
    try:
        message = refused("#game=A")
    finally:
        use("en")
    assert message != refused("#game=A")
