"""The game screen's logic without the screen: hotseat eyes and privacy, undo, computer
players' requests and their staleness, highlights, diagrams; on Nim and a sealed-bid game."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import pytest
from test_protocol import NIM, Take

from pygame_rules import IllegalAction, ScoreLine, registry
from pygame_rules.codec import tagged
from pygame_rules.controller import Controller, Reading
from pygame_rules.gate import MAX_INT
from pygame_rules.protocol import Game
from pygame_rules.session import SaveError, Seat, Session


@tagged
@dataclass(frozen=True)
class Bid:
    amount: int


@dataclass(frozen=True)
class BidsState:
    """Rounds of sealed bids: everybody bids at once; the bids open when all are in."""

    bids: tuple[int | None, ...]
    totals: tuple[int, ...]
    rounds: int
    rng: str


class Bids(Game[BidsState, Bid]):
    name = "bids"
    title = "Bids"
    min_players = 2
    max_players = 3
    state_type = BidsState
    action_type = Bid
    colours = (("red", "#c00"), ("blue", "#00c"), ("green", "#0a0"))
    hidden_information = True

    def setup(self, num_players, rng, options):
        return BidsState((None,) * num_players, (0,) * num_players, 2, rng.state)

    def num_players(self, state):
        return len(state.bids)

    def to_move(self, state):
        return tuple(p for p, bid in enumerate(state.bids) if bid is None and state.rounds)

    def legal_actions(self, state, player):
        return [Bid(n) for n in (1, 2, 3)] if player in self.to_move(state) else []

    def why_illegal(self, state, player, action):
        return None if action.amount in (1, 2, 3) else "bid 1, 2 or 3"

    def play(self, state, player, action):
        bids = tuple(action.amount if p == player else bid for p, bid in enumerate(state.bids))
        if None in bids:
            return replace(state, bids=bids)
        return replace(state, bids=(None,) * len(bids), rounds=state.rounds - 1,
                       totals=tuple(t + b for t, b in zip(state.totals, bids)))

    def view(self, state, player):
        return replace(state, bids=tuple(b if b is None or p == player else 0
                                         for p, b in enumerate(state.bids)))

    def is_over(self, state):
        return state.rounds == 0

    def score_breakdown(self, state):
        return tuple((ScoreLine("bids", t), ScoreLine("bonus", int(t > 3))) for t in state.totals)

    def action_text(self, state, action, names=None):
        return f"bid {action.amount}"

    def position_text(self, state):
        return json.dumps([state.bids, state.totals, state.rounds])

    def parse_position(self, text):
        bids, totals, rounds = json.loads(text)
        return BidsState(tuple(bids), tuple(totals), rounds, "0" * 16)

    def draw(self, seen, viewer, look, highlights):
        return "<svg/>"


BIDS = Bids()


@pytest.fixture(autouse=True)
def games_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "nim", NIM)
    monkeypatch.setitem(registry.GAMES, "bids", BIDS)


def controller(game: str, kinds: tuple[str, ...]) -> Controller:
    seats = [Seat(f"P{i}", colour, kind) for i, (kind, (colour, _)) in
             enumerate(zip(kinds, BIDS.colours))]
    return Controller(Session.new(game, seats, seed=4, bot_time=0.5))


class FakeUi:
    """Highlights that name what they show."""

    def __init__(self, choosing: dict[str, Any] | None = None) -> None:
        self.choosing = choosing or {}

    def highlights(self, state, player):
        return self.choosing

    def replay_highlights(self, state, player, action):
        return {"last": (player, action)}


def reply(action: Any) -> str:
    return json.dumps({"action": BIDS.action_to_json(action)})


# ------------------------------------------------------------------ the hotseat
def test_without_hidden_information_the_board_shows_the_person_to_move():
    c = controller("nim", ("human", "human"))
    assert (c.viewer(), c.acting_player(), c.pass_to()) == (0, 0, None)
    c.play(0, Take(1))
    assert (c.viewer(), c.acting_player(), c.pass_to()) == (1, 1, None)


def test_hidden_information_needs_the_privacy_screen_between_people():
    c = controller("bids", ("human", "human", "human"))
    assert (c.pass_to(), c.viewer()) == (0, None)  # nothing private before the reveal
    c.reveal(0)
    assert (c.pass_to(), c.viewer(), c.acting_player()) == (None, 0, 0)
    c.play(0, Bid(2))
    assert (c.pass_to(), c.viewer()) == (1, None)  # his view left the screen with him
    c.reveal(1)
    c.play(1, Bid(1))
    c.reveal(2)
    c.play(2, Bid(3))  # the round is over, everybody bids again: the last one may go on
    assert (c.pass_to(), c.viewer(), c.acting_player()) == (None, 2, 2)
    c.view_move(1)  # a past position is read only: no privacy screen, still his eyes
    assert (c.pass_to(), c.acting_player(), c.viewer()) == (None, None, 2)


def test_one_person_with_computer_players_sees_his_own_view_throughout():
    c = controller("bids", ("easy", "human", "hard"))
    assert (c.pass_to(), c.viewer(), c.acting_player()) == (None, 1, 1)
    c.play(1, Bid(1))
    assert (c.pass_to(), c.viewer(), c.acting_player()) == (None, 1, None)


# --------------------------------------------------------------- computer players
def test_bots_are_asked_one_at_a_time_in_seat_order():
    c = controller("bids", ("easy", "human", "hard"))
    first = c.next_bot_request()
    assert first is not None and first.player == 0 and c.thinking is first
    assert c.next_bot_request() is None  # one decision at a time
    request = json.loads(first.payload)
    assert request == {"game": "bids", "player": 0, "level": "easy", "budget_ms": 500,
                       "seed": 4 * 1009, "state": BIDS.state_to_json(BIDS.view(c.state, 0))}
    assert c.bot_replied(first, reply(Bid(2))) and c.thinking is None
    second = c.next_bot_request()
    assert second is not None and (second.player, json.loads(second.payload)["level"]) == (2, "hard")
    assert json.loads(second.payload)["state"]["state"]["bids"] == [0, None, None]  # sealed
    assert c.bot_replied(second, reply(Bid(1)))
    assert c.next_bot_request() is None and c.acting_player() == 1  # the person's turn
    assert [(m.player, m.action) for m in c.session.moves] == [(0, Bid(2)), (2, Bid(1))]


def test_a_reply_for_an_old_position_is_dropped_and_asked_again():
    c = controller("bids", ("human", "easy"))
    old = c.next_bot_request()
    c.play(0, Bid(3))  # the person bids while the computer thinks
    assert old is not None and not old.is_current(c.session)
    assert c.bot_replied(old, reply(Bid(1))) is False
    assert len(c.session.moves) == 1 and c.thinking is None
    again = c.next_bot_request()
    assert again is not None and again.ply == 1 and c.bot_replied(again, reply(Bid(1)))
    assert c.state.totals == (3, 1)


def test_after_an_undo_only_a_reply_for_the_same_position_counts():
    c = controller("nim", ("human", "easy"))
    c.play(0, Take(1))
    request = c.next_bot_request()
    assert c.undo() == 1
    assert request is not None and not request.is_current(c.session)
    c.play(0, Take(1))  # the same move again: the same position, the answer is still good
    assert request.is_current(c.session)
    c.undo()
    c.play(0, Take(2))
    assert c.bot_replied(request, reply(Take(1))) is False


def test_a_malformed_reply_raises_and_frees_the_seat():
    c = controller("nim", ("easy", "human"))
    request = c.next_bot_request()
    assert request is not None
    for bad in ("not json", "[1]", '{"action": {"kind": "Jump"}}'):
        with pytest.raises(ValueError):
            c.bot_replied(request, bad)
        assert c.thinking is None
    with pytest.raises(IllegalAction):
        c.bot_replied(request, reply(Take(7)))
    assert c.session.moves == []


# ------------------------------------------------------------------------ undo
def test_undo_takes_back_the_persons_move_and_the_replies_and_shows_the_present():
    c = controller("nim", ("human", "easy"))
    assert c.undo_blocker() == "there is no move to take back"
    with pytest.raises(IllegalAction, match="no move to take back"):
        c.undo()
    c.play(0, Take(2))
    c.play(1, Take(1))
    c.view_move(1)
    assert c.undo() == 2
    assert c.viewing is None and c.session.moves == [] and c.acting_player() == 0


def test_undo_in_the_hotseat_keeps_a_view_only_for_who_acts_next():
    c = controller("nim", ("human", "human"))
    c.play(0, Take(1))
    c.undo()
    assert (c.acting_player(), c.viewer()) == (0, 0)
    c = controller("bids", ("human", "human"))
    c.reveal(0)
    c.play(0, Bid(1))
    c.reveal(1)
    c.undo()  # person 0's bid is taken back; person 1 holds the device and must bid too
    assert (c.pass_to(), c.viewer(), c.acting_player()) == (None, 1, 1)


def test_undo_is_refused_when_only_computer_players_moved():
    c = controller("nim", ("easy", "human"))
    request = c.next_bot_request()
    assert request is not None and c.bot_replied(request, reply(Take(1)))
    assert c.undo_blocker() == "only computer players have moved"


# ------------------------------------------------------------- what is shown
def test_board_shows_the_choice_else_the_move_that_led_there():
    c = controller("nim", ("human", "human"))
    assert c.board(FakeUi()).highlights == {}
    c.play(0, Take(2))
    c.play(1, Take(1))
    board = c.board(FakeUi())
    assert (board.state, board.viewer, board.highlights) == (c.state, 0, {"last": (1, Take(1))})
    assert c.board(FakeUi({"picked": 1})).highlights == {"picked": 1}
    c.view_move(1)
    past = c.board(FakeUi({"picked": 1}))  # read only: no choice, the move made there
    assert (past.state, past.highlights) == (c.session.states[1], {"last": (0, Take(2))})
    c.view_move(99)
    assert c.viewing is None
    c.view_move(-5)
    assert c.ply == 0 and c.shown == c.session.states[0]


def test_final_scores_position_export_and_rematch():
    c = controller("bids", ("human", "easy"))
    for amount in (3, 1, 2, 1):
        c.play(c.game.to_move(c.state)[0], Bid(amount))
    table = c.score_table()
    assert table.rows == (("bids", (5, 2)), ("bonus", (1, 0)))
    assert (table.totals, table.winners) == ((6, 2), (0,))
    c.view_move(1)
    assert c.position_text() == "[[0, null], [0, 0], 2]"  # the sealed bid stays sealed
    name, text = c.export()
    assert name == "bids-4.json" and Session.from_text(text).state == c.state
    again = c.rematch()
    assert (again.seats, again.bot_time, again.moves) == (c.session.seats, 0.5, [])


def finished_with_colours(*colours: str) -> Controller:
    """A finished game of Bids whose seats have these colours (as a save from elsewhere may)."""
    seats = [Seat(f"P{i}", colour) for i, colour in enumerate(colours)]
    c = Controller(Session.new("bids", seats, seed=4))
    while not c.game.is_over(c.state):
        for player in c.game.to_move(c.state):
            c.play(player, Bid(1))
    return c


def test_a_new_game_after_one_with_foreign_colours_offers_the_games_colours():
    """Issue 23, finding 7: "New game" after a game whose seat colour is not one of the
    game's gave "Something went wrong: 'navy'"; such a save is refused now, and a seat of
    a #rrggbb colour is offered a colour of the game's own on the setup form."""
    c = finished_with_colours("#000080", "red", "#123456")
    assert c.palette == ["#000080", "#c00", "#123456"]
    seats = c.setup_seats()
    assert [seat.colour for seat in seats] == ["blue", "red", "green"]
    assert [(seat.name, seat.kind) for seat in seats] == [(seat.name, seat.kind) for seat in c.session.seats]
    again = c.rematch()             # "Play again" keeps the seats as they are
    assert again.seats == c.session.seats and Controller(again).palette == c.palette
    text = c.session.to_text().replace('"#000080"', '"navy"')
    with pytest.raises(SaveError, match="seat 1's colour must be one of red, blue, green or a #rrggbb colour"):
        Session.from_text(text)


def test_setup_seats_keep_colours_of_the_game_and_part_shared_ones():
    c = finished_with_colours("green", "green")
    assert [seat.colour for seat in c.setup_seats()] == ["green", "red"]
    nim = Controller(Session.new("nim", [Seat("A", "#111111"), Seat("B", "red"), Seat("C", "blue")], seed=1))
    assert [seat.colour for seat in nim.setup_seats()] == ["red", "red", "blue"]  # more seats than colours


def test_the_bots_seed_stays_a_number_javascript_holds():
    seats = [Seat("P0", "red", "easy"), Seat("P1", "blue")]
    c = Controller(Session.new("bids", seats, seed=MAX_INT))
    request = c.next_bot_request()
    assert request is not None and 0 <= json.loads(request.payload)["seed"] <= MAX_INT


# ------------------------------------------------------------------- diagrams
def test_a_diagram_is_read_from_one_seat_and_branches_where_a_move_is_tried():
    start = BIDS.new_game(2, seed=1)
    session = Session.from_position(BIDS, start, [Seat("Red", "red"), Seat("Blue", "blue")])
    for player, amount in ((0, 1), (1, 1), (0, 2)):
        session.play(player, Bid(amount))
    c = Controller(session, reading=Reading(viewer=1))
    c.view_move(0)
    assert (c.pass_to(), c.viewer(), c.acting_player()) == (None, 1, 1)  # the viewer's move
    c.play(1, Bid(3))
    assert c.viewing is None and [m.action for m in session.moves] == [Bid(3)]
    look = Controller(session, reading=Reading(viewer=None, interactive=False))
    assert (look.acting_player(), look.viewer()) == (None, None)
