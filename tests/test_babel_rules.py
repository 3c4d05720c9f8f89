"""Babel rules beyond the rulebook examples: the turn's phases, action cards, hidden
information, consistency checks and the reasons given for illegal moves."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_babel_rulebook import BABEL, BLUE, GREEN, RED, SHIP3, SHIP5, YELLOW, make_state, offers_made

from conformance import check_invalid, check_rejects
from pygame_rules import InvalidState
from pygame_rules.babel import (
    GAME,
    Accept,
    ActionCard,
    BabelState,
    Build,
    Card,
    CardExchange,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    Phase,
    ThirdBonus,
)
from pygame_rules.babel.data import NO_CARDS
from pygame_rules.bots import decide, knowledge_for
from pygame_rules.rng import Rng

NOBODY = {YELLOW: Offer(NO_CARDS), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)}


def test_phases_and_who_moves():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 1, 0)}, tiles={(BABEL, 0): SHIP5})
    assert GAME.to_move(state) == (RED,) and state.phase is Phase.CHOOSE
    state = GAME.apply(state, RED, Build(BABEL, 0))
    assert GAME.to_move(state) == (YELLOW, GREEN, BLUE)
    state = GAME.apply(state, GREEN, Offer(NO_CARDS))
    assert GAME.to_move(state) == (YELLOW, BLUE) and not state.revealed
    check_rejects(GAME, state, GREEN, Offer(NO_CARDS), "not player 3's turn")
    check_rejects(GAME, state, RED, Accept(()), "not player 1's turn")
    state = offers_made(state, {YELLOW: Offer((0, 0, 1, 0)), BLUE: Offer(NO_CARDS)})
    assert GAME.to_move(state) == (RED,) and state.phase is Phase.DECIDE


def test_illegal_moves_say_why():
    state = make_state({RED: (0, 0, 2, 0)}, tiles={(BABEL, 0): None, (BABEL, 1): SHIP3},
                       owned={BLUE: (SHIP5,)})
    check_rejects(GAME, state, RED, Build(BABEL, 0), "already taken")
    check_rejects(GAME, state, RED, Build(9, 0), "no wonder 9")
    check_rejects(GAME, state, RED, Build(0, 3), "tile spaces 0–2")
    check_rejects(GAME, state, RED, DoubleTurn(), "no double-turn card")
    check_rejects(GAME, state, RED, DrawThree(), "no draw-three card")
    check_rejects(GAME, state, RED, Offer(NO_CARDS), "belongs to the offer step")
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 1)), NOBODY)
    check_rejects(GAME, state, RED, Accept(()), "hold only 2 ship")
    check_rejects(GAME, state, RED, Accept((YELLOW,)), "no offer with a matching card")
    check_rejects(GAME, state, RED, Accept((), (0, 0, 2, 0)), "only 0 joker")
    check_rejects(GAME, state, RED, Accept((), (0, 0, -1, 0)), "four whole numbers 0–100")
    check_rejects(GAME, state, RED, Pass(), "belongs to the choose step")
    assert GAME.legal_actions(state, RED) == [Decline()]


def test_joker_counts_exactly_two_matching_cards():
    state = make_state({RED: (0, 0, 1, 0)}, tiles={(BABEL, 0): SHIP3},
                       actions={RED: (ActionCard.JOKER,)})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)), NOBODY)
    assert GAME.legal_actions(state, RED) == [Accept((), (0, 0, 2, 0)), Decline()]
    check_rejects(GAME, state, RED, Accept((), (0, 0, 1, 0)), "exactly two")
    check_rejects(GAME, state, RED, Accept((), (2, 0, 0, 0)), "exceed what the tile still needs")
    after = GAME.apply(state, RED, Accept((), (0, 0, 2, 0)))
    assert after.wonders[BABEL].elements == (3, 0, 0, 0)
    assert after.players[RED].actions == () and after.action_discard == (ActionCard.JOKER,)


def test_third_bonus_window_for_rejected_offerers():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 1, 0)},
                       tiles={(BABEL, 0): SHIP5},
                       actions={YELLOW: (ActionCard.THIRD_BONUS,), GREEN: (ActionCard.THIRD_BONUS,)})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer((0, 0, 1, 0)), BLUE: Offer(NO_CARDS)})
    state = GAME.apply(state, RED, Accept((GREEN,)))
    assert state.phase is Phase.BONUS and GAME.to_move(state) == (YELLOW,)   # green was accepted
    after = GAME.apply(state, YELLOW, ThirdBonus(True))
    assert after.players[YELLOW].offer_vp == 6 and after.players[YELLOW].actions == ()
    after = GAME.apply(state, YELLOW, ThirdBonus(False))
    assert after.players[YELLOW].offer_vp == 2
    assert after.players[YELLOW].actions == (ActionCard.THIRD_BONUS,)


def test_third_bonus_also_when_the_active_player_declines():
    state = make_state({YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 1, 0)}, tiles={(BABEL, 0): SHIP5},
                       actions={YELLOW: (ActionCard.THIRD_BONUS,), GREEN: (ActionCard.THIRD_BONUS,)})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer((0, 0, 1, 0)), BLUE: Offer(NO_CARDS)})
    state = GAME.apply(state, RED, Decline())
    assert GAME.to_move(state) == (YELLOW, GREEN)       # both decide, simultaneously
    state = GAME.apply(GAME.apply(state, GREEN, ThirdBonus(True)), YELLOW, ThirdBonus(True))
    assert [p.offer_vp for p in state.players] == [0, 6, 3, 0] and state.phase is Phase.CHOOSE


def test_double_turn_defers_the_common_draw():
    state = make_state({RED: (0, 0, 0, 0)}, actions={RED: (ActionCard.DOUBLE_TURN,)})
    state = GAME.apply(state, RED, DoubleTurn())
    check_rejects(GAME, state, RED, DoubleTurn(), "only one double turn")
    once = GAME.apply(state, RED, Pass())
    assert once.active == RED and once.second_action and [p.hand_size for p in once.players] == [1, 0, 0, 0]
    twice = GAME.apply(once, RED, Pass())
    assert twice.active == YELLOW and [p.hand_size for p in twice.players] == [3, 1, 1, 1]


def test_only_one_double_turn_per_turn():
    state = make_state({}, actions={RED: (ActionCard.DOUBLE_TURN, ActionCard.DOUBLE_TURN)})
    state = GAME.apply(state, RED, DoubleTurn())
    check_rejects(GAME, state, RED, DoubleTurn(), "only one double turn")
    assert DoubleTurn() not in GAME.legal_actions(state, RED)


def test_draw_three_and_card_exchange_whenever_one_is_to_move():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (3, 1, 0, 0)}, tiles={(BABEL, 0): SHIP5},
                       actions={YELLOW: (ActionCard.DRAW_THREE, ActionCard.CARD_EXCHANGE)})
    state = GAME.apply(state, RED, Build(BABEL, 0))
    drawn = GAME.apply(state, YELLOW, DrawThree())
    assert drawn.players[YELLOW].hand_size == 7 and GAME.to_move(drawn) == (YELLOW, GREEN, BLUE)
    check_rejects(GAME, state, YELLOW, CardExchange((0, 0, 0, 0)), "1 to 5 cards")
    check_rejects(GAME, state, YELLOW, CardExchange((0, 2, 0, 0)), "hold only 1 crane")
    swapped = GAME.apply(state, YELLOW, CardExchange((3, 0, 0, 0)))
    assert swapped.players[YELLOW].hand_size == 4 and swapped.discard == (3, 0, 0, 0)
    assert swapped.action_discard == (ActionCard.CARD_EXCHANGE,)
    assert not any(isinstance(a, (DrawThree, CardExchange)) for a in GAME.legal_actions(state, GREEN))


def test_empty_supply_reshuffles_the_discards():
    state = make_state({RED: (25, 25, 25, 23)})
    state = replace(state, deck=(), discard=(0, 0, 0, 2))
    after = GAME.apply(state, RED, Pass())
    assert after.players[RED].hand == (25, 25, 25, 25) and after.deck == () and after.discard == NO_CARDS
    assert after.rng != state.rng                      # the reshuffle used the generator
    assert [p.hand_size for p in after.players] == [100, 0, 0, 0]


def test_view_hides_hands_supply_sealed_offers_and_random_state():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0), GREEN: (1, 1, 1, 0)},
                       tiles={(BABEL, 0): SHIP5}, actions={GREEN: (ActionCard.JOKER,)})
    state = GAME.apply(GAME.apply(state, RED, Build(BABEL, 0)), YELLOW, Offer((0, 0, 2, 0), True))
    seen = GAME.view(state, GREEN)
    assert seen.players[GREEN] == state.players[GREEN]
    assert seen.players[YELLOW].hand == NO_CARDS and seen.players[YELLOW].hand_size == 2
    assert seen.players[YELLOW].exchange and seen.offers[YELLOW].cards == NO_CARDS
    assert set(seen.deck) == {Card.HIDDEN} and seen.rng != state.rng
    assert GAME.view(state, YELLOW).players[GREEN].actions == (ActionCard.HIDDEN,)
    GAME.check_state(seen)
    assert GAME.from_position_text(GAME.position_text(seen)) == seen
    # a state that differs only in what green cannot see gives the same view
    other = GAME.apply(GAME.apply(
        replace(make_state({RED: (0, 0, 5, 0), YELLOW: (2, 0, 0, 0), GREEN: (1, 1, 1, 0)},
                           tiles={(BABEL, 0): SHIP5}, actions={GREEN: (ActionCard.JOKER,)}),
                rng="fedcba9876543210"), RED, Build(BABEL, 0)), YELLOW, Offer((1, 0, 0, 0)))
    other = replace(other, deck=tuple(reversed(other.deck)))
    assert other != state and GAME.view(other, GREEN) == seen
    # after the reveal the offers are public
    state = offers_made(state, {GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    assert GAME.view(state, BLUE).offers[YELLOW] == state.offers[YELLOW]


def test_check_state_catches_broken_states():
    state = make_state({RED: (1, 0, 0, 0)})
    good = GAME.state_to_json(state)
    bad_hand = replace(state, players=(replace(state.players[RED], hand=(2, 0, 0, 0)),)
                       + state.players[1:])
    check_invalid(GAME, GAME.state_to_json(bad_hand), "26 camel cards")
    bad_tiles = state.with_wonder(0, replace(state.wonders[0], slots=(SHIP5,) * 3))
    check_invalid(GAME, GAME.state_to_json(bad_tiles), "tile set")
    check_invalid(GAME, {**good, "state": {**good["state"], "marker": 3}}, "marker")
    check_invalid(GAME, {**good, "state": {**good["state"], "phase": "offer"}}, "tile being built")
    no_x = replace(state, players=(replace(state.players[RED], exchange=False),) + state.players[1:])
    check_invalid(GAME, GAME.state_to_json(no_x), "exchange card")
    extra = replace(state, action_discard=(ActionCard.JOKER,))
    check_invalid(GAME, GAME.state_to_json(extra), "action cards")
    with pytest.raises(InvalidState):
        GAME.state_from_json({**good, "state": {**good["state"], "rng": "xyz"}})


def test_undo_is_blocked_by_draws_and_by_the_reveal():
    state = make_state({RED: (0, 0, 5, 0)}, tiles={(BABEL, 0): SHIP5})
    built = GAME.apply(state, RED, Build(BABEL, 0))
    assert GAME.undo_blocker(state, built, RED) is None
    one = GAME.apply(built, YELLOW, Offer(NO_CARDS))
    assert GAME.undo_blocker(built, one, YELLOW) is None
    two = GAME.apply(one, GREEN, Offer(NO_CARDS))
    three = GAME.apply(two, BLUE, Offer(NO_CARDS))
    assert "revealed" in GAME.undo_blocker(two, three, BLUE)
    assert "drew" in GAME.undo_blocker(state, GAME.apply(state, RED, Pass()), RED)


def test_joker_cards_may_split_over_a_two_colour_tile():
    state = make_state({RED: (2, 1, 0, 0)}, tiles={(0, 0): (3, 2, 0, 0)}, two_colour=True,
                       actions={RED: (ActionCard.JOKER,)})
    state = offers_made(GAME.apply(state, RED, Build(0, 0)), NOBODY)
    assert GAME.legal_actions(state, RED) == [Accept((), (1, 1, 0, 0)), Decline()]
    after = GAME.apply(state, RED, Accept((), (1, 1, 0, 0)))
    assert after.wonders[0].elements == (5, 0, 0, 0) and after.players[RED].tiles == ((3, 2, 0, 0),)


def test_everybody_remembers_the_cards_of_a_rejected_offer():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (1, 0, 2, 0), GREEN: (0, 0, 1, 0)},
                       tiles={(BABEL, 0): SHIP5})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((1, 0, 2, 0)), GREEN: Offer((0, 0, 1, 0)), BLUE: Offer(NO_CARDS)})
    assert state.players[YELLOW].shown == (1, 0, 0, 0)       # the bluffed camel came back
    state = GAME.apply(state, RED, Accept((GREEN,)))         # red adds 4 ships of his own
    assert [p.shown for p in state.players] == [NO_CARDS, (1, 0, 2, 0), NO_CARDS, NO_CARDS]
    seen = GAME.view(state, BLUE)
    assert seen.players[YELLOW].hand == NO_CARDS and seen.players[YELLOW].shown == (1, 0, 2, 0)
    assert GAME.from_position_text(GAME.position_text(seen)) == seen
    drawn = GAME.render_svg(seen, BLUE)
    assert "known in hand: 1 camel + 2 ships" in drawn and "(known: 1 camel + 2 ships)" in drawn
    k = knowledge_for(GAME)
    rng = Rng.from_seed(3)
    for _ in range(20):                                       # the bots count on them too
        world = k.determinize(seen, BLUE, rng)
        assert all(a >= b for a, b in zip(world.players[YELLOW].hand, (1, 0, 2, 0)))
    forgetful = state.with_player(YELLOW, replace(state.players[YELLOW], shown=(0, 3, 0, 0)))
    check_invalid(GAME, GAME.state_to_json(forgetful), "shown cards he does not hold")


def test_card_exchange_and_own_cards_in_a_build_are_forgotten():
    state = make_state({RED: (0, 0, 5, 0)}, tiles={(BABEL, 0): SHIP5},
                       actions={RED: (ActionCard.CARD_EXCHANGE,)})
    state = state.with_player(RED, replace(state.players[RED], shown=(0, 0, 3, 0)))
    after = GAME.apply(state, RED, CardExchange((0, 0, 2, 0)))
    assert after.players[RED].shown == (0, 0, 1, 0)
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)), NOBODY)
    assert GAME.apply(state, RED, Accept(())).players[RED].shown == NO_CARDS


# ------------------------------------------------------------------ who holds a third bonus
def turned_down(yellow_card: ActionCard, green_cards: tuple[ActionCard, ...] = (ActionCard.JOKER,)) -> BabelState:
    """Red builds alone, turning down yellow's 2 ships and green's ship; blue offered nothing.
    Yellow holds ``yellow_card``, green ``green_cards``."""
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 1, 0)},
                       tiles={(BABEL, 0): SHIP5},
                       actions={YELLOW: (yellow_card,), GREEN: green_cards})
    state = offers_made(GAME.apply(state, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer((0, 0, 1, 0)), BLUE: Offer(NO_CARDS)})
    return GAME.apply(state, RED, Accept(()))


def test_holding_a_third_bonus_shows_nowhere():
    holder, other = turned_down(ActionCard.THIRD_BONUS), turned_down(ActionCard.FIVE_POINTS)
    assert holder != other and holder.phase is other.phase is Phase.BONUS
    # every turned-down offerer holding any action card is asked, holder or not
    assert GAME.to_move(holder) == GAME.to_move(other) == (YELLOW, GREEN)
    for viewer in (None, RED, GREEN, BLUE):
        assert GAME.view(holder, viewer) == GAME.view(other, viewer)
        assert GAME.render_svg(holder, viewer) == GAME.render_svg(other, viewer)
        assert GAME.status_text(holder) == GAME.status_text(other)
    assert GAME.legal_actions(holder, YELLOW) == [ThirdBonus(True), ThirdBonus(False)]
    assert GAME.legal_actions(other, YELLOW) == [ThirdBonus(False)]
    check_rejects(GAME, other, YELLOW, ThirdBonus(True), "no third-bonus card")
    # declining looks the same in the log and on the board
    assert GAME.action_text(holder, ThirdBonus(False)) == GAME.action_text(other, ThirdBonus(False))
    holder, other = (GAME.apply(s, YELLOW, ThirdBonus(False)) for s in (holder, other))
    for viewer in (None, RED, GREEN, BLUE):
        assert GAME.view(holder, viewer) == GAME.view(other, viewer)
    assert GAME.to_move(holder) == GAME.to_move(other) == (GREEN,)
    holder, other = (GAME.apply(s, GREEN, ThirdBonus(False)) for s in (holder, other))
    assert holder.players[YELLOW].offer_vp == other.players[YELLOW].offer_vp == 2
    assert holder.phase is Phase.CHOOSE and holder.active == YELLOW


def test_bots_answer_the_third_bonus_at_once_whatever_they_hold():
    holder, other = turned_down(ActionCard.THIRD_BONUS), turned_down(ActionCard.FIVE_POINTS)
    for level in ("easy", "medium", "hard"):
        played = decide(GAME, holder, YELLOW, level, iterations=50)
        declined = decide(GAME, other, YELLOW, level, iterations=50)
        assert (played.action, declined.action) == (ThirdBonus(True), ThirdBonus(False))
        assert played.iterations == declined.iterations == 0  # no search: no telling delay


def test_who_is_asked_about_a_third_bonus():
    # an offerer holding no action card at all is known to hold no third bonus: not asked
    state = turned_down(ActionCard.THIRD_BONUS, green_cards=())
    assert GAME.to_move(state) == (YELLOW,)
    # nor is anybody once both third-bonus cards lie face up on the discard pile
    both = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0)}, tiles={(BABEL, 0): SHIP5},
                      actions={YELLOW: (ActionCard.FIVE_POINTS,)})
    both = replace(both, action_discard=(ActionCard.THIRD_BONUS,) * 2,
                   action_deck=tuple(c for c in both.action_deck if c is not ActionCard.THIRD_BONUS))
    both = offers_made(GAME.apply(both, RED, Build(BABEL, 0)),
                       {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    after = GAME.apply(both, RED, Accept(()))
    assert after.phase is Phase.CHOOSE and after.players[YELLOW].offer_vp == 2
    # and without action cards there is no such step at all
    plain = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0)}, tiles={(BABEL, 0): SHIP5},
                       action_cards=False)
    plain = offers_made(GAME.apply(plain, RED, Build(BABEL, 0)),
                        {YELLOW: Offer((0, 0, 2, 0)), GREEN: Offer(NO_CARDS), BLUE: Offer(NO_CARDS)})
    assert GAME.apply(plain, RED, Decline()).phase is Phase.CHOOSE


def test_the_third_bonus_step_asks_one_question_only():
    state = turned_down(ActionCard.THIRD_BONUS, green_cards=(ActionCard.DRAW_THREE,))
    assert GAME.legal_actions(state, GREEN) == [ThirdBonus(False)]
    check_rejects(GAME, state, GREEN, DrawThree(), "asks only whether you play a third bonus")
