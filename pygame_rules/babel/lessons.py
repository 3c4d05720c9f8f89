"""The guided first game of Der Turmbau zu Babel, as lessons (see :mod:`pygame_rules.lessons`).

Four players: red 0 (the learner, except when he learns to offer as yellow),
yellow 1, green 2, blue 3. Most positions are the rulebook's worked examples
(:mod:`.examples`); the others change one hand, the order of the supply or one option
of them.

>>> [lesson.id for lesson in LESSONS][:2]
['babel/building', 'babel/offering']
"""

from __future__ import annotations

from ..examples import named
from ..i18n import N_
from ..lessons import Lesson, Step
from .examples import EXAMPLES

_SHIP_TILE = named(EXAMPLES, "offers").position
_BUILD_SHIPS = "build Babel tile 1 (ship 5)"  # i18n: internal
_OFFERS = ("yellow: offer 1 ship", "green: offer 2 ship +X", "blue: offer 1 camel + 1 ship")  # i18n: internal
_NO_OFFERS = ("yellow: offer nothing", "green: offer nothing", "blue: offer nothing")  # i18n: internal
#: The ship tile once more, red holding three ships, a double turn and a joker instead of
#: five ships.
_DOUBLE_JOKER = (_SHIP_TILE.replace("hands=5s:0:x:-:-", "hands=3s:0:x:TJ:-")
                 .replace("s" * 14 + "m", "s" * 16 + "m").replace("EEDDDTTJJBBFFPP", "EEDDDTJBBFFPP"))
#: The ship tile with yellow holding two cranes, a ship, draw three, card exchange and third
#: bonus; the supply's top cards (the end of ``deck``) give ship, ship, stonemason, then ship, camel.
_YELLOW_CARDS = (_SHIP_TILE.replace("/2s:0:x:-:-:0:0/", "/2k1s:0:x:EDB:-:0:0/")
                 .replace("c" * 24 + "k" * 25 + "s" * 14 + "m" * 25,
                          "c" * 23 + "k" * 23 + "s" * 12 + "m" * 24 + "csmss")
                 .replace("EEDDDTTJJBBFFPP", "EDDTTJJBFFPP"))
#: A new game (seed 3) of the two-colour variant: Zeus's second tile asks for 3 camels and 2 cranes.
_TWO_COLOUR = " ".join((  # i18n: internal
    "babel players=4 cards=1 two=1 phase=choose active=0 marker=0 double=0 second=0 target=- revealed=0",
    "wonders=3c.3s2m.4s:0,0,0,0/6s.6c.4c:0,0,0,0/3k.3c2k.3m:0,0,0,0/6m.4s.3k:0,0,0,0/4m.3s.4c:0,0,0,0/"
    "4k.4m.2c3m:0,0,0,0/4k.3c.3m:0,0,0,0/3s.3k2s.6k:0,0,0,0",
    "hands=1c2s1m:0:x:-:-:0:0/1c2k1m:0:x:-:-:0:0/2c2m:0:x:-:-:0:0/2c1k1s:0:x:-:-:0:0",
    "deck=sscmccskckskkmssmkcmkmsmscmmsckmkmckmkkskskssscccmckmsmskckmmsckkskckmkcckscscmsmsmm discard=0",
    "actiondeck=DEETJTDBJBFFPDP actiondiscard=- offers=- decision=- waiting=- bonus=- rng=a616d06dc13449b5"))

LESSONS = (
    Lesson("babel/building", N_("Building with help"), 4, (
        Step(N_("Eight wonders wait to be built, each from three tiles. A tile asks for building "
                "cards of one kind: camels, cranes, ships or stonemasons. On your turn you build or "
                "pass."),
             _SHIP_TILE, highlights={"wonder": 7}),
        Step(N_("You hold five ships. Start building the first tile of the Tower of Babel, which asks "
                "for five ships."),
             highlights={"tile": (7, 0)},
             expect=(_BUILD_SHIPS,), hint=N_("Choose the ship tile of the Tower of Babel."),
             replies=_OFFERS),
        Step(N_("The others made sealed offers, opened together. Blue's camel does not fit and goes "
                "back. Accept yellow's ship and add four of your own."),
             highlights={"offers": [1]},
             expect=("accept yellow; add 4 ship",),
             hint=N_("Take only yellow's offer; your own ships make up the rest.")),
        Step(N_("Every card placed an element of its owner's colour on the wonder, and you took the "
                "tile. Green and blue were turned down: each scores a point per fitting card "
                "offered."),
             highlights={"wonder": 7}),
    )),
    Lesson("babel/offering", N_("Offering help"), 4, (
        Step(N_("Now you are yellow and red builds the ship tile. Everyone else offers in secret."),
             _SHIP_TILE, highlights={"tile": (7, 0)}, replies=(_BUILD_SHIPS,)),
        Step(N_("Offer your two ships. An accepted offer puts your elements on the wonder; a turned "
                "down one scores you a point per fitting card."),
             highlights={"cards": (0, 0, 2, 0)},
             expect=("yellow: offer 2 ship", "yellow: offer 1 ship"),
             hint=N_("Offer ships: the tile asks for ships only."),
             replies=_OFFERS[1:]),
        Step(N_("Red builds the tile alone and turns all offers down: your cards come back, and you "
                "score for them."),
             highlights={"offers": [1]}, replies=("accept none; add 5 ship",)),
    ), learner=1),
    Lesson("babel/exchange-card", N_("The exchange card"), 4, (
        Step(N_("Green added his exchange card to his offer. Build the ship tile again."),
             _SHIP_TILE, highlights={"tile": (7, 0)},
             expect=(_BUILD_SHIPS,), hint=N_("Choose the ship tile of the Tower of Babel."),
             replies=_OFFERS),
        Step(N_("Accept yellow's and green's offers and add two ships. Because of the exchange card, "
                "green takes the tile, and your elements go in his place."),
             highlights={"offers": [1, 2]},
             expect=("accept yellow, green; add 2 ship",),
             hint=N_("Accept both yellow and green; at most one accepted offer may hold an exchange "
                     "card.")),
        Step(N_("Green holds the tile now; only blue was turned down."), highlights={"wonder": 7}),
    )),
    Lesson("babel/wonders", N_("Completing a wonder"), 4, (
        Step(N_("The Pyramids lack one tile. Build it with your three ships."),
             named(EXAMPLES, "wonder-scoring").position, highlights={"tile": (0, 2)},
             expect=("build Pyramids tile 3 (ship 3)",),  # i18n: internal
             hint=N_("Choose the last tile of the Pyramids."),
             replies=_NO_OFFERS),
        Step(N_("Nobody offered anything: add your three ships."),
             expect=("accept none; add 3 ship",), hint=N_("Build it alone.")),
        Step(N_("The wonder is complete and scores: most elements 8 points, second place 4, everyone "
                "else on it 3. The values rise for the next wonder, and you draw an action card."),
             highlights={"wonder": 0}),
    )),
    Lesson("babel/the-end", N_("The end of the game"), 4, (
        Step(N_("The game ends at once when the last tile of one kind is taken. Take the last camel "
                "tile."),
             named(EXAMPLES, "final-scoring").position, highlights={"tile": (0, 0)},
             expect=("build Pyramids tile 1 (camel 5)",),  # i18n: internal
             hint=N_("Choose the camel tile of the Pyramids."),
             replies=("yellow: offer 2 camel", "green: offer nothing",  # i18n: internal
                      "blue: offer nothing")),  # i18n: internal
        Step(N_("Build it with your own five camels."),
             expect=("accept none; add 5 camel",), hint=N_("Build it alone.")),
        Step(N_("Game over. Unfinished wonders score on the light row, each kind of tiles you hold "
                "earns a set bonus, and action cards add their points.")),
    )),
    Lesson("babel/action-cards", N_("Variant: action cards"), 4, (
        Step(N_("Completing a wonder earns an action card; you hold two. Play the double turn "
                "first: this turn you may pass or build twice."),
             _DOUBLE_JOKER, expect=("play double turn",),
             hint=N_("Play the double-turn card before your first action.")),
        Step(N_("The joker counts as exactly two fitting cards when you build. Build the ship tile "
                "of the Tower of Babel."),
             highlights={"tile": (7, 0)},
             expect=(_BUILD_SHIPS,), hint=N_("Choose the ship tile of the Tower of Babel."),
             replies=_NO_OFFERS),
        Step(N_("Add your three ships and play the joker for the other two."),
             expect=("accept none; add 3 ship; joker 2 ship",),
             hint=N_("Three ships and the joker make five.")),
        Step(N_("Your second action: pass. You draw a building card, and only after this second "
                "action does every player draw one."),
             expect=("pass",), hint=N_("Choose pass.")),
        Step(N_("Two more cards score at the end: five points, and one point per tile you hold. The "
                "next lesson plays the others.")),
    ), options={"action_cards": True}),
    Lesson("babel/more-action-cards", N_("Variant: more action cards"), 4, (
        Step(N_("You are yellow and hold draw three, card exchange and third bonus. Red builds the "
                "ship tile of the Tower of Babel."),
             _YELLOW_CARDS, highlights={"tile": (7, 0)}, replies=(_BUILD_SHIPS,)),
        Step(N_("Every player may play draw three or card exchange whenever he is to move, also "
                "while offering. Play draw three: take three building cards."),
             expect=("yellow: play draw three",), hint=N_("Play the draw-three card.")),  # i18n: internal
        Step(N_("Card exchange: give up to five building cards away and draw as many new ones. "
                "Exchange your two cranes."),
             expect=("yellow: play card exchange 2 crane",),  # i18n: internal
             hint=N_("Play the card-exchange card and give your two cranes.")),
        Step(N_("Now offer your four ships."),
             highlights={"cards": (0, 0, 4, 0)},
             expect=("yellow: offer 4 ship",), hint=N_("Offer ships: the tile asks for ships only."),
             replies=("green: offer 2 ship", "blue: offer nothing",  # i18n: internal
                      "accept none; add 5 ship")),
        Step(N_("Red builds alone and turns all offers down. Play your third bonus: 3 points per "
                "fitting card instead of 1."),
             expect=("yellow: third bonus",), hint=N_("Use the third bonus.")),  # i18n: internal
        Step(N_("Your four ships score 12 points; green, without the card, scores 2 for his two.")),
    ), learner=1, options={"action_cards": True}),
    Lesson("babel/two-colour-tiles", N_("Variant: two-colour tiles"), 4, (
        Step(N_("With two-colour tiles, a tile may ask for two kinds. Build Zeus's tile of three "
                "camels and two cranes."),
             _TWO_COLOUR, highlights={"tile": (2, 1)},
             expect=("build Zeus tile 2 (camel 3 + crane 2)",),  # i18n: internal
             hint=N_("Choose the second tile of the Statue of Zeus."),
             replies=("yellow: offer 1 camel + 2 crane", "green: offer 2 camel",  # i18n: internal
                      "blue: offer nothing")),  # i18n: internal
        Step(N_("Yellow and green together fit the tile exactly: accept both."),
             highlights={"offers": [1, 2]},
             expect=("accept yellow, green; add nothing",), hint=N_("Accept yellow and green.")),
        Step(N_("At the end, a two-colour tile counts towards the set bonus of one of its kinds, "
                "whichever scores more.")),
    ), options={"two_colour_tiles": True}),
)
