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
from pygame_rules.tuerme import square_name


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

    def describe_action(self, seen, action, names, *, own):
        return f"bid {action.amount}"

    def position_text(self, state):
        return json.dumps([state.bids, state.totals, state.rounds])

    def read_position(self, text):
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


def test_hotseat_undo_takes_back_only_the_moves_of_who_is_at_the_device():
    """Two people and a computer: each may take back his own last move and the computer's
    replies since, never the other person's move (issue 27, item 6)."""
    seats = [Seat("P0", "red"), Seat("P1", "blue", "easy"), Seat("P2", "#00aa00")]
    c = Controller(Session.new("nim", seats, seed=4))
    c.play(0, Take(1))
    assert c.at_device() == 0 and c.undo_blocker() is None  # the computer thinks: P0 still holds it
    assert c.undo() == 1 and c.session.moves == []
    c.play(0, Take(1))
    c.play(1, Take(1))
    assert c.at_device() == 2
    assert c.undo_blocker() == "it would take back P0's move, and you may take back only your own"
    with pytest.raises(IllegalAction, match="can't undo: it would take back P0's move"):
        c.undo()
    c.play(2, Take(1))
    assert c.at_device() == 0
    assert c.undo_blocker() == "it would take back P2's move, and you may take back only your own"
    c.play(0, Take(1))
    assert c.at_device() == 0 and c.undo() == 1  # while the computer thinks
    assert [m.player for m in c.session.moves] == [0, 1, 2]


def test_hotseat_undo_with_hidden_information_never_takes_back_another_persons_bid():
    c = controller("bids", ("human", "easy", "human"))
    c.reveal(0)
    c.play(0, Bid(1))
    assert (c.pass_to(), c.at_device()) == (2, 2)  # the device goes to P2
    assert c.undo_blocker() == "it would take back P0's move, and you may take back only your own"
    c.reveal(2)
    c.play(2, Bid(2))
    assert (c.at_device(), c.viewer()) == (2, None)  # the computer thinks; P2 holds the device
    assert c.undo() == 1 and c.state.bids == (1, None, None) and c.pass_to() == 2
    c.reveal(2)
    c.play(2, Bid(2))
    request = c.next_bot_request()
    assert request is not None and c.bot_replied(request, reply(Bid(3)))
    assert (c.pass_to(), c.at_device()) == (0, 0)  # a new round: the device goes to P0
    assert c.undo_blocker() == "it would take back P2's move, and you may take back only your own"


def test_undo_among_people_only_takes_back_a_move_before_the_device_moves_on():
    c = controller("nim", ("human", "human"))
    c.play(0, Take(1))
    assert (c.at_device(), c.undo_blocker()) == (1, "it would take back P0's move, and you may take back only your own")
    while not c.game.is_over(c.state):
        c.play(c.game.to_move(c.state)[0], Take(1))
    last = c.session.moves[-1].player
    assert c.at_device() == last and c.undo() == 1  # the game is over: the last mover holds it
    assert c.acting_player() == last
    c = controller("bids", ("human", "human"))
    c.reveal(0)
    c.play(0, Bid(1))
    c.reveal(1)
    c.play(1, Bid(2))  # a new round, and person 1 holds the device: his own bid is his to take back
    assert c.undo() == 1
    assert (c.pass_to(), c.viewer(), c.acting_player(), c.state.bids) == (None, 1, 1, (1, None))
    assert c.undo_blocker() == "it would take back P0's move, and you may take back only your own"


def test_a_diagram_reader_may_take_back_any_move():
    start = NIM.new_game(2, seed=1)
    session = Session.from_position(NIM, start, [Seat("Red", "red"), Seat("Blue", "blue")])
    c = Controller(session, reading=Reading(viewer=None))
    c.play(0, Take(1))
    assert c.at_device() is None and c.undo() == 1


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


# ---------------------------------------------------------------- hints and turns
def test_hint_request_holds_only_the_players_view() -> None:
    """The service's hint request carries what the player sees, never hidden cards."""
    game = registry.get_game("babel")
    screen = Controller(Session.new("babel", [Seat("A", "red"), Seat("B", "blue"), Seat("C", "green")], seed=2))
    request = json.loads(screen.hint_request(0))
    assert request["player"] == 0 and request["game"] == "babel"
    assert request["state"] == game.state_to_json(game.view(screen.state, 0))
    assert request["state"] != game.state_to_json(screen.state)


def test_last_turn_covers_a_players_moves_in_a_row() -> None:
    game = registry.get_game("tuerme")
    screen = Controller(Session.new("tuerme", [Seat("A", "red"), Seat("B", "blue")], seed=11))
    state = screen.state
    bonus = next(m for m in game.legal_actions(state, 0) if game.to_move(game.play(state, 0, m)) == (0,))
    screen.play(0, bonus)
    screen.play(0, game.legal_actions(screen.state, 0)[0])
    assert list(screen.last_turn()) == [1, 2]
    screen.play(1, game.legal_actions(screen.state, 1)[0])
    assert list(screen.last_turn()) == [3] and list(screen.last_turn(2)) == [1, 2]
    screen.view_move(0)
    assert list(screen.last_turn()) == []


def test_the_board_shows_the_whole_last_turn_and_a_replay_step_its_move() -> None:
    game = registry.get_game("tuerme")
    screen = Controller(Session.new("tuerme", [Seat("A", "red"), Seat("B", "blue")], seed=11))
    state = screen.state
    bonus = next(m for m in game.legal_actions(state, 0) if game.to_move(game.play(state, 0, m)) == (0,))
    screen.play(0, bonus)
    second = game.legal_actions(screen.state, 0)[0]
    screen.play(0, second)
    ui = web_ui("tuerme")
    names = [(square_name(m.src), square_name(m.dst)) for m in (bonus, second)]
    assert screen.board(ui).highlights == {"last_turn": names}
    assert screen.board(FakeUi()).highlights == {"last": (0, second)}  # an ui without turns: the last move
    screen.view_move(1)
    assert screen.board(ui).highlights == {"last_turn": names[:1]}  # a replay step: its own move


def test_a_turn_is_what_the_ui_says_it_is() -> None:
    """Babel: the others' offers are part of the builder's turn."""
    screen = Controller(Session.new("babel", [Seat("A", "red"), Seat("B", "blue"), Seat("C", "green")], seed=2))
    game = screen.game
    ui = web_ui("babel")
    moves = 0
    while ui.turn_player(screen.state) == 0:
        player = game.to_move(screen.state)[0]
        screen.play(player, game.legal_actions(screen.state, player)[-1])
        moves += 1
    assert moves > 1 and {m.player for m in screen.session.moves} != {0}
    assert list(screen.last_turn(ui=ui)) == list(range(1, moves + 1))
    assert list(screen.last_turn()) != list(range(1, moves + 1))  # by movers alone, only the last ones
    highlights = screen.board(ui).highlights
    assert set(highlights) <= {"built", "helpers", "turned_down"}


def test_a_bot_request_carries_its_thinking_time() -> None:
    c = controller("bids", ("easy", "human"))
    request = c.next_bot_request()
    assert request is not None and request.budget_ms == 500
    assert json.loads(request.payload)["budget_ms"] == 500


def web_ui(game: str) -> Any:
    from pygame_rules.registry import interaction_for

    return interaction_for(registry.get_game(game))

