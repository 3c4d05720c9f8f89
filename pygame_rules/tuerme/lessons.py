"""The guided first game of Spiel der Türme, as lessons (see :mod:`pygame_rules.lessons`).

The learner plays red. Positions hold only the stones that matter, like the
rulebook's figures; several come from its worked examples (:mod:`.examples`).

>>> [lesson.id for lesson in LESSONS][:3]
['tuerme/moving', 'tuerme/towers', 'tuerme/neutral-stones']
"""

from __future__ import annotations

from ..examples import named
from ..i18n import N_
from ..lessons import Lesson, Step
from .examples import EXAMPLES

_TAIL = " r - - 2 max5,neutral_district_ends - 0000000000000000"  # i18n: internal

LESSONS = (
    Lesson("tuerme/moving", N_("Moving"), 4, (
        Step(N_("Each player moves his own stones along a row or a column, as far as he likes. "
                "A stone may pass over empty fields and over pieces of its own colour; any other "
                "colour blocks the way."),
             named(EXAMPLES, "picture-2").position,
             highlights={"selected": "d4"}),
        Step(N_("A stone may end on an empty field, or on a piece with the same symbol. Move your "
                "A stone from d4 over your own stone on d5 onto the A tower on d6."),
             named(EXAMPLES, "picture-1").position,
             highlights={"selected": "d4", "targets": ["d6"]},
             expect=("d4xd6",),
             hint=N_("Go up the d column: your own stone on d5 does not block you.")),
        Step(N_("You covered the tower: the top stone decides who owns a tower, so it is yours now. "
                "A tower always moves as a whole."),
             highlights={"selected": "d6", "last_move": ("d4", "d6")}),
    )),
    Lesson("tuerme/towers", N_("Covering and towers"), 2, (
        Step(N_("Cover blue's A tower on h4 with your A stone from d4. Only the same symbol may be "
                "covered; the tower grows to three stones and becomes yours."),
             "3Bb3Ab5Dr/14/14/14/Ar2Ar3Abb6/14/14/7Arr5Cb" + _TAIL,
             highlights={"selected": "d4", "targets": ["h4"]},
             expect=("d4xh4",), hint=N_("d8 holds a B stone; look along rank 4 instead."),
             replies=("h8xh4",)),
        Step(N_("Blue has covered it back: four stones now. A tower may be at most five stones "
                "high. Win it back with a move that keeps to that limit."),
             highlights={"last_move": ("h8", "h4")},
             expect=("a4xh4",),
             hint=N_("Your 2-tower on h1 would make six stones; a single stone makes five.")),
        Step(N_("A tower of five is full: nobody may cover it any more, so it is safe.")),
    )),
    Lesson("tuerme/neutral-stones", N_("Neutral stones"), 2, (
        Step(N_("With fewer than four players, the colours nobody plays are neutral. Anyone may move "
                "a neutral stone, but only to an empty field, never onto another piece. Move the "
                "green stone from g5 to g8."),
             "Dr13/14/14/6Cg7/14/14/14/Ab5Bp6Cb" + _TAIL,
             highlights={"selected": "g5", "targets": ["g8"]},
             expect=("Ng5-g8",), hint=N_("A neutral stone never covers; g1 is taken.")),
        Step(N_("The next player may not move the neutral stone you have just moved; he must leave "
                "it for a turn."),
             highlights={"selected": "g8", "last_move": ("g5", "g8")}),
    )),
    Lesson("tuerme/bonus-moves", N_("Symbol fields and bonus moves"), 2, (
        Step(N_("The blue fields are building plots, each with a symbol. A piece may enter only a "
                "field of its own symbol, but it may pass over other empty ones. Move your B stone "
                "from e5 over the A field e6 to the B field e7."),
             "Dr9Cb3/14/14/4Br9/14/14/14/2Ar10Db" + _TAIL,
             highlights={"selected": "e5", "targets": ["e7"]},
             expect=("e5-e7",), hint=N_("e6 is an A field; your stone is a B.")),
        Step(N_("Entering a symbol field earns a bonus move with another piece. Move your A stone "
                "from c1 onto the A field c2."),
             highlights={"selected": "c1", "targets": ["c2"], "last_move": ("e5", "e7")},
             expect=("c1-c2",),
             hint=N_("A piece on a symbol field never moves again; use another piece.")),
        Step(N_("That earns yet another bonus move. You may always decline one: say stop."),
             highlights={"last_move": ("c1", "c2")},
             expect=("stop",), hint=N_("Choose stop to end your turn.")),
        Step(N_("Pieces on symbol fields stay there for good. Only they score: each stone in a "
                "piece on a symbol field is a point for the owner of its top stone.")),
    )),
    Lesson("tuerme/the-end", N_("The end of the game"), 4, (
        Step(N_("The game ends at once when all four fields of one district hold pieces of one "
                "colour. Fill the D field b6 with your D stone from a6."),
             named(EXAMPLES, "district-end").position,
             highlights={"selected": "a6", "targets": ["b6"]},
             expect=("a6-b6",), hint=N_("Move along rank 6 to the D field b6.")),
        Step(N_("Done: the district b6-c7 is all red, so the game is over, and that district "
                "counts twice for you."),
             highlights={"last_move": ("a6", "b6")}),
        Step(N_("Here blue tops c6, so the same move only earns a bonus move; the game goes on."),
             named(EXAMPLES, "district-mixed").position,
             highlights={"selected": "c6"}),
        Step(N_("The game also ends when no stone is left on the alleys: move your last one onto "
                "the A field b7."),
             named(EXAMPLES, "alleys-empty").position,
             highlights={"selected": "a7", "targets": ["b7"]},
             expect=("a7-b7",), hint=N_("The A field b7 is right next to your stone.")),
        Step(N_("And it ends when a player can never move again, all his pieces standing on symbol "
                "fields or buried in others' towers. Purple now covers your last free stone."),
             named(EXAMPLES, "stuck").position,
             highlights={"selected": "d4"}, replies=("d6xd4",)),
    )),
    Lesson("tuerme/scoring", N_("Scoring"), 4, (
        Step(N_("At the end, each stone in a piece on a symbol field scores a point for the owner of "
                "the top stone; stones on the alleys score nothing. End the game with your district."),
             named(EXAMPLES, "ender-loses").position,
             highlights={"selected": "a6", "targets": ["b6"]},
             expect=("a6-b6",), hint=N_("The D field b6 completes your district.")),
        Step(N_("Your district scores 5, doubled to 10 because you ended the game with it. Blue's "
                "towers on symbol fields are worth 12, so blue wins: ending the game is no "
                "guarantee of winning.")),
    )),
    Lesson("tuerme/unlimited-height", N_("Variant: unlimited height"), 2, (
        Step(N_("In this variant towers may grow as high as you like, and no tower is ever safe. "
                "Cover blue's 4-tower on h4 with your 3-tower."),
             "Dr13/14/14/14/3Arrr3Abbbb6/14/14/13Cb r - - 2 nomax,neutral_district_ends - "
             "0000000000000000",
             highlights={"selected": "d4", "targets": ["h4"]},
             expect=("d4xh4",), hint=N_("Move your tower along rank 4.")),
        Step(N_("A tower of seven: in the basic game it could not exist."),
             highlights={"selected": "h4", "last_move": ("d4", "h4")}),
    ), options={"unlimited_height": True}),
)
