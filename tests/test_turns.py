"""Turns told as turns (issue 44, finding 2): which moves of a record make one turn, the line
telling it, what it made public, and the legend of the notation (``pygame_rules/turns.py``).

Every text is written from its reader's view: along random Babel and Saba games, the summaries
and moments a player reads are the same when every position of the record is replaced by a
*twin* dealt from his view alone (as in ``tests/test_fair_play.py``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sessions import random_session, seats_of

from pygame_rules import get_game, turns
from pygame_rules.babel import Offer
from pygame_rules.bots import knowledge_for
from pygame_rules.i18n import using
from pygame_rules.rng import Rng
from pygame_rules.session import Session
from pygame_rules.tuerme import EndTurn, Move

TUERME = get_game("tuerme")
BABEL = get_game("babel")


def test_a_tuerme_turn_is_the_move_and_its_bonus_moves() -> None:
    """A turn is a player's moves until the next player's turn: the move, the bonus moves it
    earned, a "stop"; its line counts the moves and the bonus moves and tells the points the
    scores changed by."""
    session = random_session("tuerme", seats_of("tuerme", 2, "P"), 0, 200)
    found = turns.turns(session)
    assert [k for turn in found for k in turn] == list(range(1, len(session.moves) + 1))
    for turn in found:
        players = {session.moves[k - 1].player for k in turn}
        assert len(players) == 1
        assert all(TUERME.to_move(session.states[k])[0] == session.moves[k - 1].player for k in turn[:-1])
    chain = next(t for t in found if len(t) >= 3 and turns.score_change(session, t, None))
    owner = session.moves[chain[0] - 1].player
    moves = sum(isinstance(session.moves[k - 1].action, Move) for k in chain)
    before, after = TUERME.scores(session.states[chain.start - 1]), TUERME.scores(session.states[chain.stop - 1])
    text = turns.summary(session, chain)
    assert text.startswith(f"{session.seats[owner].name}: {moves} moves ({moves - 1} bonus moves), ")
    assert f"+{after[owner] - before[owner]} point" in text or after[owner] == before[owner]
    for p in range(2):
        if p != owner and after[p] != before[p]:
            assert f"{session.seats[p].name} {after[p] - before[p]:+d} point" in text


def test_a_stop_and_a_pass_are_told() -> None:
    session = random_session("tuerme", seats_of("tuerme", 3, "P"), 4, 300)
    found = turns.turns(session)
    stopped = next(t for t in found if isinstance(session.moves[t[-1] - 1].action, EndTurn))
    assert "bonus move" in turns.summary(session, stopped)
    assert turns.group([]) == [] and turns.group([2]) == [range(1, 2)]


def test_a_babel_turn_holds_the_others_offers_and_its_moment_the_reveal() -> None:
    """The builder's turn: his choice, the others' sealed offers, his decision. Once over, its
    moment tells the offers face up, the builder's choice and who scored what."""
    session = random_session("babel", seats_of("babel", 3, "P"), 2, 120)
    found = turns.turns(session)
    turn = next(t for t in found if len(t) >= 4 and turns.is_over(session, t))
    movers = {session.moves[k - 1].player for k in turn}
    assert len(movers) == 3  # the builder and both offerers
    offers = [k for k in turn if isinstance(session.moves[k - 1].action, Offer)]
    assert offers and all(session.log_text(k).startswith("offer (sealed)") for k in offers)
    moment = turns.moment(session, turn)
    assert moment is not None and moment.turn == turn and moment.owner == session.states[turn[0] - 1].active
    assert len(moment.revealed) == 1 and moment.revealed[0].startswith("reveal: ")
    assert moment.choice and moment.choice[0].split()[0] in ("accept", "decline")
    builder = session.seats[moment.owner].name
    assert turns.summary(session, turn).startswith(f"{builder}: build ")
    first = found[0]
    assert turns.is_over(session, first)


def test_a_turn_without_a_reveal_has_no_moment() -> None:
    session = random_session("tuerme", seats_of("tuerme", 2, "P"), 0, 40)
    assert all(turns.moment(session, t) is None for t in turns.turns(session))


def twin_session(session: Session, viewer: int, rng: Rng) -> Session:
    """``session`` with every position replaced by a whole state dealt from ``viewer``'s view
    of it: he cannot tell the two records apart."""
    game = session.game
    knowledge = knowledge_for(game)
    twin = Session(game, session.seats, session.seed, session.options, bot_time=session.bot_time)
    twin.states = [knowledge.determinize(game.view(state, viewer), viewer, rng) for state in session.states]
    twin.moves = list(session.moves)
    for real, dealt in zip(session.states, twin.states):
        assert game.view(real, viewer) == game.view(dealt, viewer)
    return twin


@pytest.mark.parametrize(("name", "players", "seed"), [("babel", 3, 5), ("babel", 4, 6), ("saba", 3, 7)])
def test_a_summary_is_read_from_the_readers_view(name: str, players: int, seed: int) -> None:
    """What a player reads of the turns (their lines and moments) is the same in his twin of the
    record: no hidden card, sealed offer or pile reaches it. A spectator reads no offer's cards
    before the reveal."""
    session = random_session(name, seats_of(name, players, "P"), seed, 80)
    rng = Rng.from_seed(seed)
    found = turns.turns(session)
    for viewer in range(players):
        twin = twin_session(session, viewer, rng)
        assert turns.turns(twin) == found
        for turn in found:
            assert turns.summary(twin, turn, viewer) == turns.summary(session, turn, viewer)
            assert turns.moment(twin, turn, viewer) == turns.moment(session, turn, viewer)
    if name == "babel":
        for turn in found:
            sealed = [k for k in turn if isinstance(session.moves[k - 1].action, Offer)][:-1]
            text = turns.summary(session, turn)
            for k in sealed:
                cards = BABEL.action_text(session.states[k - 1], session.moves[k - 1].action,
                                          viewer=session.moves[k - 1].player, mover=session.moves[k - 1].player)
                assert cards == "offer (sealed)" or cards not in text


#: The marks of each game's notation a log shows, which its legend must explain.
#: (The rest of the log is words in the reader's language: "end the turn", "offers nothing".)
MARKS = {"tuerme": {"-": r"[a-n][1-8]-", "x": r"x[a-n]", "=": r"=[a-n]", "N": r"\bN[a-n]", "+": r"\+$"},
         "babel": {"(sealed)": r"\(sealed\)", "reveal": r"reveal:"}}


@pytest.mark.parametrize(("name", "players", "seed"), [("tuerme", 3, 4), ("babel", 3, 2)])
def test_every_mark_of_the_log_is_in_the_legend(name: str, players: int, seed: int) -> None:
    """The marks the log shows ("(sealed)", "N", "+", ...) each have a line of the legend, in
    every language."""
    session = random_session(name, seats_of(name, players, "P"), seed, 300)
    texts = [session.log_text(k) for k in range(1, len(session.moves) + 1)]
    legend = turns.legend(name)
    shown = " ".join(symbol for symbol, _meaning in legend)
    for mark, pattern in MARKS[name].items():
        assert any(re.search(pattern, text) for text in texts), f"no {mark!r} in the game: the test shows nothing"
        assert mark in shown, f"{mark!r} is not explained"
    for lang in ("nl", "de", "fr"):
        with using(lang):
            translated = turns.legend(name)
        assert [s for s, _m in translated] == [s for s, _m in legend]
        assert all(t != m for (_s, t), (_s2, m) in zip(translated, legend)), lang


def test_the_lines_are_translated() -> None:
    session = random_session("tuerme", seats_of("tuerme", 2, "P"), 0, 200)
    chain = next(t for t in turns.turns(session) if len(t) >= 3 and turns.score_change(session, t, None))
    texts: dict[str, Any] = {}
    for lang in ("en", "nl", "de", "fr"):
        with using(lang):
            texts[lang] = turns.summary(session, chain)
    assert len(set(texts.values())) == 4, texts
    assert "extra zet" in texts["nl"] and "Extrazüge" in texts["de"] and "coup" in texts["fr"]
