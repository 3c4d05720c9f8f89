"""The worked examples of the Babel rulebooks, as positions and moves.

Seats: red 0, yellow 1, green 2, blue 3. The diagrams show red's view, so the
other players' offers stay face down until all of them are in. Titles and captions
are marked with ``N_`` (the gallery shows them translated); the moves are notation.
"""

from __future__ import annotations

from ..examples import Example
from ..i18n import N_

_RANDOM = "rng=0123456789abcdef"
_HEAD = "babel players=4 cards=1 two=0 phase=choose active=0 marker=0 double=0 second=0 target=- revealed=0"
_ACTIONS = "actiondeck=EEDDDTTJJBBFFPP actiondiscard=- offers=- decision=- waiting=- bonus=-"
#: Red may build the 5-ship tile of the Tower of Babel; yellow holds 2 ships, green 3,
#: blue a camel and a ship.
_SHIP_TILE = " ".join((
    _HEAD,
    "wonders=6c.5c.4c:0,0,0,0/4c.3c.3c:0,0,0,0/6k.5k.4k:0,0,0,0/4k.3k.3k:0,0,0,0/6s.4s.4s:0,0,0,0/"
    "3s.3s.6m:0,0,0,0/5m.4m.4m:0,0,0,0/5s.3m.3m:0,0,0,0",
    "hands=5s:0:x:-:-:0:0/2s:0:x:-:-:0:0/3s:0:x:-:-:0:0/1c1s:0:x:-:-:0:0",
    "deck=" + "c" * 24 + "k" * 25 + "s" * 14 + "m" * 25, "discard=0", _ACTIONS, _RANDOM))
_SHIP_OFFERS = ("build Babel tile 1 (ship 5)", "yellow: offer 1 ship",  # i18n: internal (notation)
                "green: offer 2 ship +X", "blue: offer 1 camel + 1 ship")

EXAMPLES = (
    Example(
        "babel", "offers", N_("Sealed offers and a bluff"),
        N_("Red starts building the ship tile of the Tower of Babel. Yellow offers one ship, green two "
           "ships plus his exchange card, blue a ship and a camel. All offers are opened together; "
           "blue's camel does not fit the tile and goes straight back to him."),
        _SHIP_TILE, _SHIP_OFFERS, viewer=0),
    Example(
        "babel", "accept-one", N_("Accepting one offer"),
        N_("Red takes yellow's ship and adds four of his own: yellow's ship is built into the tower, "
           "red keeps the tile. Green and blue were turned down and score a point per building card "
           "they offered."),
        _SHIP_TILE, _SHIP_OFFERS + ("accept yellow; add 4 ship",), viewer=0),
    Example(
        "babel", "exchange-card", N_("An offer with the exchange card"),
        N_("This time red also accepts green's offer, which carried the exchange card: red pays two "
           "ships in green's place and green receives the tile instead of red. Only blue was turned "
           "down."),
        _SHIP_TILE, _SHIP_OFFERS + ("accept yellow, green; add 2 ship",), viewer=0),
    Example(
        "babel", "wonder-scoring", N_("Completing a wonder"),
        N_("Red adds the last tile to the Pyramids and has the most elements there (6 against 4 and "
           "2): first place scores 8, second 4, and everyone else with an element 3. Red also draws "
           "an action card."),
        " ".join((
            _HEAD,
            "wonders=-.-.3s:3,4,2,0/6c.4c.4c:0,0,0,0/3c.3c.6k:0,0,0,0/5k.4k.4k:0,0,0,0/"
            "3k.6s.5s:0,0,0,0/4s.4s.3s:0,0,0,0/6m.5m.4m:0,0,0,0/4m.3m.3m:0,0,0,0",
            "hands=3s:0:x:-:-:0:0/0:0:x:-:3k.5c:0:0/0:0:x:-:-:0:0/0:0:x:-:-:0:0",
            "deck=" + "c" * 25 + "k" * 25 + "s" * 22 + "m" * 25, "discard=0", _ACTIONS, _RANDOM)),
        ("build Pyramids tile 3 (ship 3)", "yellow: offer nothing",  # i18n: internal (notation)
         "green: offer nothing", "blue: offer nothing", "accept none; add 3 ship"),  # i18n: internal (notation)
        viewer=0),
    Example(
        "babel", "final-scoring", N_("The last tile of a kind ends the game"),
        N_("Red takes the last camel tile off the board, so the game ends at once: unfinished wonders "
           "score, turned-down offers count, and the sets of tiles and the action cards add their "
           "bonuses."),
        " ".join((
            _HEAD,
            "wonders=5c.6k.5k:0,0,0,0/4k.4k.3k:2,1,0,0/3k.6s.5s:0,0,1,1/4s.4s.3s:0,0,0,0/"
            "3s.6m.5m:0,0,0,0/-.4m.4m:0,0,0,0/-.-.3m:0,0,0,0/-.-.3m:0,0,0,0",
            "hands=5c:0:x:-:3c.3c.4c:0:0/2c:0:x:-:-:0:0/0:0:x:-:-:0:0/0:0:x:FP:4c.6c:0:0",
            "deck=" + "c" * 18 + "k" * 25 + "s" * 25 + "m" * 25, "discard=0",
            _ACTIONS.replace("EEDDDTTJJBBFFPP", "EEDDDTTJJBBFP"), _RANDOM)),
        ("build Pyramids tile 1 (camel 5)", "yellow: offer 2 camel",  # i18n: internal (notation)
         "green: offer nothing", "blue: offer nothing", "accept none; add 5 camel"),  # i18n: internal (notation)
        viewer=0),
)
