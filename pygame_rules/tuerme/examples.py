"""The worked examples of the Spiel der Türme rulebook, as positions and moves.

Puzzle positions: only the stones that matter are on the board (the rules work
on any board; see :func:`pygame_rules.examples.read_position`). Red moves first.
Titles and captions are marked for translation; the gallery shows them translated.
"""

from __future__ import annotations

from ..examples import Example
from ..i18n import N_

#: Red holds b7, c7 and c6 of the district b6-c7; the D field b6 is still empty.
_DISTRICT = "14/1ArBgr{l7}/Dr1{c6}{l6}/14/10Db3/14/14/13Ag r - - 4 max5 - 0000000000000000"

EXAMPLES = (
    Example(
        "tuerme", "picture-1", N_("Picture 1: where a stone may go"),
        N_("Red's A stone on d4 may move to the free field c4, but not onto the green B stone on e4 "
           "(another symbol). It may jump over its own B stone on d5 and land on the A tower on d6: "
           "same symbol, so it covers the tower and red owns it now."),
        "6Bp6Db/14/3Agb10/3Br10/3ArBg9/14/14/13Cg r - - 4 max5 - 0000000000000000",
        ("d4xd6",),
        highlights={"selected": "d4", "targets": ["d1", "d2", "d3", "a4", "b4", "c4", "d6"]}),
    Example(
        "tuerme", "picture-2", N_("Picture 2: foreign stones block the way"),
        N_("Red's A stone on d4 can neither cover the blue B on e4 nor pass the blue stone on d5, "
           "whatever lies beyond it. Only the ringed fields remain."),
        "14/14/3Ag10/3Bb10/3ArBb9/14/14/14 r - - 4 max5 - 0000000000000000",
        highlights={"selected": "d4", "targets": ["d1", "d2", "d3", "a4", "b4", "c4"]}),
    Example(
        "tuerme", "picture-3", N_("Picture 3: symbol fields"),
        N_("Red's B stone on e5 may not enter the A field e6, but it may pass over it to the B field "
           "e7, and over the fields e3 and e2 down to the B tower on e1. Entering a symbol field "
           "earns a bonus move with another piece."),
        "14/14/14/4Br9/14/14/14/4Bgb9 r - - 4 max5 - 0000000000000000",
        ("e5-e7+",),
        highlights={"selected": "e5", "targets": ["e1", "e4", "a5", "b5", "c5", "d5", "f5", "g5",
                                                  "h5", "i5", "j5", "k5", "l5", "m5", "n5", "e7", "e8"]}),
    Example(
        "tuerme", "district-end", N_("A district of one colour ends the game"),
        N_("Red fills the last field of the district b6-c7 with his own pieces: the game ends at once, "
           "and that district scores twice for him (5 points, doubled)."),
        _DISTRICT.format(l7="8Dbb2", c6="Cr", l6="8Cb2"),
        ("a6-b6#",)),
    Example(
        "tuerme", "district-mixed", N_("A mixed district does not end it"),
        N_("Here blue tops c6, so filling b6 only earns red a bonus move; the game goes on."),
        _DISTRICT.format(l7="11", c6="Cb", l6="11"),
        ("a6-b6+",)),
    Example(
        "tuerme", "ender-loses", N_("Ending the game is no guarantee of winning"),
        N_("Red ends the game with his district, doubled to 10 points, but blue's towers on the "
           "symbol fields are worth 12."),
        _DISTRICT.format(l7="5Cggb2Dbb2", c6="Cr", l6="8CgggbbBbb1"),
        ("a6-b6#",)),
    Example(
        "tuerme", "alleys-empty", N_("No stone left on the alleys"),
        N_("Red moves the last stone off the alleys: the game ends early, nothing is doubled, "
           "and blue wins 2 to 1."),
        "14/Ar1Bb11/2Cb11/14/14/14/14/14 r - - 4 max5 - 0000000000000000",
        ("a7-b7#",)),
    Example(
        "tuerme", "stuck", N_("A player who can never move again"),
        N_("Purple covers red's last stone on the alleys. Red's only other piece stands on a symbol "
           "field, so he cannot move now or ever: the game ends."),
        "14/1Ar12/3Ap10/10Cg3/3Ar6Bb3/14/14/Dp13 p - - 4 max5 - 0000000000000000",
        ("d6xd4#",)),
)
