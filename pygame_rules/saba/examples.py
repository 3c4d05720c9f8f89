"""The worked examples of the Saba rulebook, as positions and moves (3 players:
blue 0, red 1, yellow 2). Titles and captions are marked for translation where the
gallery shows them; the moves are notation, the same in every language."""

from __future__ import annotations

from ..examples import Example
from ..i18n import N_

_DECKS = "hands=-/-/- adeck=AEEGESGSAGSEEGSGAASA disc=-"
_PALACE = ("pdeck=X,C5,C8,C6,C7,C4,C1,C3,C2,T2,F2,F8,F6,F5,F1,F7,F3,F4,T1,A6,A3,A5,A4,A2 "
           "display=A7,A8,A1 gone=-")
_RANDOM = "rng=90e5fe249b97ee2c"

EXAMPLES = (
    Example(
        "saba", "harbour", N_("Taking goods from the harbour"),
        N_("Blue turns his harbour card to 3 and takes the three sandstone of H3. The alabaster and "
           "gold in front of it move one field on and alabaster is topped up to three; the ebony on "
           "H4 stays; two sandstone, the kind just taken, arrive on H1."),
        " ".join((
            "saba n=3 opt=self turn=0 phase=harbour flags=- last=0 decide=-/build",
            "harbour=g2.a2.s3.e4 supply=13.11.9.13 res=0.0.0.0/0.1.0.0/0.0.2.0 faces=32/12/12",
            "figs=8/8/8 marks=5/5/5", _DECKS, _PALACE,
            "garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=- sfig=-",
            "districts=-,-,-,-,-,- vizier=5 uses=000000", _RANDOM)),
        ("H3 (3 sandstone)",), highlights={"harbour": [3]}),
    Example(
        "saba", "serail", N_("The serail"),
        N_("Red builds a fountain on garden field 3, where blue's figure stood on the balcony; blue "
           "takes his figure back and may put a marker on serail field 1. The other markers move on "
           "and red's last one drops out. Yellow and red now have two markers each, and yellow's lies "
           "nearer to field 1, so yellow leads the serail."),
        " ".join((
            "saba n=3 opt=self turn=1 phase=build flags=- last=0 decide=-/build",
            "harbour=e2.a2.g3.s4 supply=13.9.12.12 res=0.0.0.0/0.2.1.0/0.0.0.0 faces=12/12/12",
            "figs=7/8/8 marks=5/2/3", _DECKS,
            "pdeck=X,T2,T1,C8,C7,C6,C5,C4,C3,C2,C1,F8,F7,F6,F5,F4,F2,F1,A8,A7,A4,A2,A1",
            "display=F3,A5,A6 gone=A3",
            "garden=0--,0--,10-,0--,0--,0--,0--,0-- treasury=- serail=21211 sfig=-",
            "districts=-,-,-,-,-,- vizier=5 uses=000000", _RANDOM)),
        ("build 5.1 fountain on 3", "serail marker"),  # i18n: internal (notation)
        highlights={"build_fields": [0], "serail": [1]}),
    Example(
        "saba", "district", N_("The districts and the vizier"),
        N_("Blue has a figure with the stonemasons and one with the carpenters, where the vizier "
           "stands. He takes an alabaster from the stonemasons and three gold from H3, then moves the "
           "vizier to the stonemasons (which pays another alabaster) and, the carpenters being free "
           "now, takes an ebony there."),
        " ".join((
            "saba n=3 opt=self turn=0 phase=harbour flags=- last=0 decide=-/build",
            "harbour=a2.s2.g3.e4 supply=13.12.9.12 res=0.0.0.0/0.1.0.0/0.0.2.0 faces=32/12/12",
            "figs=6/8/8 marks=5/5/5", _DECKS, _PALACE,
            "garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=- sfig=-",
            "districts=0:1,0:1,-,-,-,- vizier=1 uses=110000", _RANDOM)),
        ("use stonemasons +alabaster", "H3 (3 gold)", "vizier→stonemasons",  # i18n: internal (notation)
         "use carpenters +ebony"),  # i18n: internal (notation)
        highlights={"districts": [0, 1]}),
)
