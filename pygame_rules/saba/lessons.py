"""The guided first game of Saba, as lessons (see :mod:`pygame_rules.lessons`).

Three players: blue 0 (the learner), red 1, yellow 2. The positions are the
rulebook's worked examples (:mod:`.examples`), one of them with the end card open,
and the districts example played on to blue's build step (with a treasury card open,
or with the professional rules and three person cards in blue's hand); the professional
rules' lessons also start from a new game, with four more person cards in blue's hand. Every
person card is played in some lesson, and the guard wins the learner the serail figure.

>>> [lesson.id for lesson in LESSONS][:2]
['saba/harbour', 'saba/building']
"""

from __future__ import annotations

from ..examples import named
from ..i18n import N_
from ..lessons import Lesson, Step
from .examples import EXAMPLES

_DISTRICT = named(EXAMPLES, "district")
#: Where the districts example ends: blue, in his build step, with goods to spend.
_BUILD = " ".join((  # i18n: internal
    "saba n=3 opt=self turn=0 phase=build flags=- last=0 decide=-/build harbour=g2.a2.s3.e4",
    "supply=11.11.8.10 res=2.0.1.3/0.1.0.0/0.0.2.0 faces=12/12/12 figs=6/8/8 marks=5/5/5 hands=-/-/-",
    "adeck=AEEGESGSAGSEEGSGAASA disc=-",
    "pdeck=X,C5,C8,C6,C7,C4,C1,C3,C2,T2,F2,F8,F6,F5,F1,F7,F3,F4,T1,A6,A3,A5,A4,A2 display=A7,A8,A1 gone=-",
    "garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=- sfig=- districts=0:1,0:1,-,-,-,- vizier=0",
    "uses=000000 rng=90e5fe249b97ee2c"))
#: Blue builds again: treasury 1 lies on 5.1, blue has two figures on balconies, red one.
_TREASURY = " ".join((  # i18n: internal
    "saba n=3 opt=self turn=0 phase=build flags=- last=0 decide=-/build harbour=g2.a2.s3.e4",
    "supply=12.10.8.11 res=1.1.1.2/0.1.0.0/0.0.2.0 faces=12/12/12 figs=4/7/8 marks=5/5/5 hands=-/-/-",
    "adeck=AEEGESGSAGSEEGSGAASA disc=-",
    "pdeck=X,C5,C8,C6,C7,C4,C1,C3,C2,T2,F2,F8,F6,F5,F1,F7,F3,F4,A7,A3,A5 display=T1,A8,A1 gone=A2,A4,A6",
    "garden=0--,10-,0--,10-,0--,11-,0--,0-- treasury=- serail=- sfig=- districts=0:1,0:1,-,-,-,- vizier=0",
    "uses=000000 rng=90e5fe249b97ee2c"))
#: Blue's build step once more, with the professional rules: the overseer, the craftsman and the
#: robber in hand.
_PERSONS = " ".join((  # i18n: internal
    "saba n=3 opt=pro,self turn=0 phase=build flags=- last=0 decide=-/build harbour=g2.a2.s3.e4",
    "supply=11.11.8.10 res=2.0.1.3/0.1.0.0/0.0.2.0 faces=12/12/12 figs=6/8/8 marks=5/5/5 hands=OCR/-/-",
    "adeck=EWGGSHWGESAEAOMEHAKKEGSSCRAOWAMHMCRKSG disc=-",
    "pdeck=X,C5,C8,C6,C7,C4,C1,C3,C2,T2,F2,F8,F6,F5,F1,F7,F3,F4,T1,A6,A3,A5,A4,A2 display=A7,A8,A1 gone=-",
    "garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=- sfig=- districts=0:1,0:1,-,-,-,- vizier=0",
    "uses=000000 rng=90e5fe249b97ee2c"))
#: The serail example with the end card open on 5.1 and red holding two goods of each kind.
_END = (named(EXAMPLES, "serail").position.replace("pdeck=X,T2", "pdeck=F3,T2")
        .replace("display=F3,A5,A6", "display=X,A5,A6").replace("res=0.0.0.0/0.2.1.0", "res=0.0.0.0/2.2.2.2")
        .replace("supply=13.9.12.12", "supply=11.9.11.10"))
#: A new game (seed 5) with the professional rules.
_PRO = " ".join((  # i18n: internal
    "saba n=3 opt=pro,self turn=0 phase=harbour flags=- last=0 decide=-/build harbour=s2.e2.g3.a4",
    "supply=9.12.13.12 res=0.0.0.0/0.1.0.0/2.0.0.0 faces=12/12/12 figs=8/8/8 marks=5/5/5 hands=-/-/-",
    "adeck=EWGCGSHWGESAEOAOMEHAKKEGSSRCRAOWAMHMCRKSG disc=-",
    "pdeck=C1,C7,X,C8,C5,C2,C3,C4,C6,T2,F8,F7,F3,F6,F4,F5,F2,F1,T1,A1,A6,A5,A2,A4 display=A8,A7,A3 gone=-",
    "garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=- sfig=- districts=-,-,-,-,-,- vizier=5",
    "uses=000000 rng=b79c34ad4464a0d0"))
#: That new game once more, blue holding the harbourmaster, the caravan, the merchant and the
#: guard; one serail marker each, red's on field 1, so red leads and his figure stands on the serail.
_MORE_PERSONS = " ".join((  # i18n: internal
    "saba n=3 opt=pro,self turn=0 phase=harbour flags=- last=0 decide=-/build harbour=s2.e2.g3.a4",
    "supply=9.12.13.12 res=0.0.0.0/0.1.0.0/2.0.0.0 faces=12/12/12 figs=8/7/8 marks=4/4/4 hands=HKMW/-/-",
    "adeck=EGCGSWGESAEOAOEHAKEGSSRCRAOWAMHMCRKSG disc=-",
    "pdeck=C1,C7,X,C8,C5,C2,C3,C4,C6,T2,F8,F7,F3,F6,F4,F5,F2,F1,T1,A1,A6,A5,A2,A4 display=A8,A7,A3 gone=-",
    "garden=0--,0--,0--,0--,0--,0--,0--,0-- treasury=- serail=102 sfig=1 districts=-,-,-,-,-,- vizier=5",
    "uses=000000 rng=b79c34ad4464a0d0"))

LESSONS = (
    Lesson("saba/harbour", N_("The harbour"), 3, (
        Step(N_("Each turn begins in the harbour. Of your two harbour cards, you use one of the faces "
                "showing and turn that card over. Take the three sandstone of H3."),
             named(EXAMPLES, "harbour").position, highlights={"harbour": [3]},
             expect=("H3 (3 sandstone)",), hint=N_("Your harbour cards show 3 and 2: choose H3.")),
        Step(N_("The goods in front of H3 moved on and were topped up; sandstone arrived on H1. H3 "
                "also moves the vizier, and the district he moves to acts at once. Send him to the "
                "stonemasons for an alabaster."),
             highlights={"districts": [0]},
             expect=("vizier→stonemasons",), hint=N_("The stonemasons give alabaster.")),
    )),
    Lesson("saba/building", N_("Building the palace"), 3, (
        Step(N_("Three palace cards lie open on 5.1 to 5.3; the cards on 5.2 and 5.3 cost one and two "
                "gold more. Build the arch of 5.1 on garden field 7."),
             _BUILD, highlights={"build_fields": [0], "garden": [7]},
             expect=("build 5.1 arch on 7",), hint=N_("Choose the card on 5.1.")),  # i18n: internal
        Step(N_("Your figure stands on that field's balcony. A higher part (fountain, then column) "
                "may later replace it. Nothing else fits your goods: end building."),
             highlights={"garden": [7]},
             expect=("end building",), hint=N_("End building to go on.")),
        Step(N_("After building you may place a figure in a town district: one gold for your first "
                "figure there, two for a second. Place one with the masons."),
             highlights={"districts": [2]},
             expect=("figure→masons (1 gold)",), hint=N_("The masons cost you one gold.")),
        Step(N_("End your turn. You draw an action card, and keep at most three cards and seven "
                "goods."),
             expect=("end turn",), hint=N_("Choose end turn.")),
    )),
    Lesson("saba/districts", N_("Districts and the vizier"), 3, (
        Step(N_("Each figure in a district gives you its good once per turn, from the turn after it "
                "arrived; the district with the vizier gives nothing. Take an alabaster from the "
                "stonemasons."),
             _DISTRICT.position, highlights={"districts": [0]},
             expect=("use stonemasons +alabaster",),  # i18n: internal
             hint=N_("The carpenters are blocked by the vizier; use the stonemasons.")),
        Step(N_("Now take the three gold of H3."), highlights={"harbour": [3]},
             expect=("H3 (3 gold)",), hint=N_("Choose H3.")),
        Step(N_("Move the vizier to the stonemasons: that pays another alabaster, and frees the "
                "carpenters."),
             highlights={"districts": [0]},
             expect=("vizier→stonemasons",), hint=N_("Send the vizier to the stonemasons.")),
        Step(N_("Take an ebony from the carpenters."), highlights={"districts": [1]},
             expect=("use carpenters +ebony",), hint=N_("The carpenters give ebony.")),  # i18n: internal
    )),
    Lesson("saba/serail", N_("The serail"), 3, (
        Step(N_("Red builds a fountain on garden field 3, where your figure stood on an arch."),
             named(EXAMPLES, "serail").position, highlights={"garden": [3]},
             replies=("build 5.1 fountain on 3",)),  # i18n: internal
        Step(N_("Your figure comes back, and you may put a serail marker on field 1. Take it."),
             highlights={"serail": [1]},
             expect=("serail marker",), hint=N_("Take the marker: it breaks ties.")),
        Step(N_("The other markers moved on and the last dropped out. Every tie is broken by the "
                "serail: most markers first, then the marker nearest field 1.")),
    )),
    Lesson("saba/treasury", N_("The treasury"), 3, (
        Step(N_("A treasury card lies open on 5.1. Instead of a palace part, or as well as one, you "
                "may build one treasury card for its goods: alabaster, sandstone and ebony. Build "
                "it."),
             _TREASURY, highlights={"build_fields": [0]},
             expect=("build 5.1 treasury 1",), hint=N_("The treasury card lies on 5.1.")),
        Step(N_("The figures on balconies and in the treasury are counted at once. You have two, red "
                "one: one of your figures goes into the treasury. Only a palace part lets you place "
                "a figure in a district: end building."),
             highlights={"garden": [2, 4, 6]},
             expect=("end building",), hint=N_("End building to go on.")),
        Step(N_("A tie is broken by the serail; if it stays tied, no figure enters. At the end, "
                "figures in the treasury count like those on balconies.")),
    )),
    Lesson("saba/the-end", N_("The end of the game"), 3, (
        Step(N_("You play red now. The game ends at once when the last palace card is built or "
                "removed, or when a player carries out the end card. Carry it out."),
             _END, highlights={"build_fields": [0]},
             expect=("build 5.1 end",), hint=N_("The end card lies on 5.1.")),
        Step(N_("The most figures on balconies and in the treasury win, the serail breaking ties: "
                "blue's figure on the balcony wins this game."),
             highlights={"garden": [3]}),
    ), learner=1),
    Lesson("saba/pro-rules", N_("Professional rules"), 3, (
        Step(N_("The professional rules add 21 person cards, a serail figure for the serail leader "
                "and goods laid under palace parts. Take the two sandstone of H1, which also draws an "
                "action card."),
             _PRO, highlights={"harbour": [1]},
             expect=("H1 (2 sandstone)",), hint=N_("Choose H1.")),
        Step(N_("Any action card may be played in your turn for the good it shows. Play yours for a "
                "gold."),
             expect=("card +gold",), hint=N_("Play the card for gold.")),
        Step(N_("Person cards act in other ways. The harbourmaster swaps what lies on two harbour "
                "fields. Your harbour cards show H1 and H2: swap H1 with H4 to bring its alabaster "
                "within reach."),
             _MORE_PERSONS, highlights={"cards": ["H"], "harbour": [1, 4]},
             expect=("harbourmaster H1↔H4",), hint=N_("Play the harbourmaster on H1 and H4.")),
        Step(N_("Now take H1: the two alabaster, and H1 draws an action card."),
             highlights={"harbour": [1]},
             expect=("H1 (2 alabaster)",), hint=N_("Choose H1.")),
        Step(N_("The caravan brings one good of your choice from the supply: take a gold."),
             highlights={"cards": ["K"]},
             expect=("caravan +gold",), hint=N_("Play the caravan and take a gold.")),
        Step(N_("The merchant trades one or two goods with another player, who may not refuse. Give "
                "red an alabaster for his sandstone."),
             highlights={"cards": ["M"]},
             expect=("merchant red take sandstone give alabaster",),  # i18n: internal
             hint=N_("Play the merchant: take red's sandstone and give an alabaster.")),
        Step(N_("The guard swaps two serail markers of different players. Red leads the serail with "
                "his marker on field 1, so his figure stands on the serail. Swap fields 1 and 2: you "
                "lead, and your figure takes its place."),
             highlights={"cards": ["W"], "serail": [1, 2]},
             expect=("guard 1↔2",), hint=N_("Play the guard on serail fields 1 and 2.")),
        Step(N_("Red's figure went back to his supply, and the serail figure is yours. At the end it "
                "counts like a figure on a balcony; if another player takes the lead, it comes back "
                "to you.")),
    ), options={"pro": True}),
    Lesson("saba/person-cards", N_("Person cards and goods under parts"), 3, (
        Step(N_("You hold three person cards, played in your turn. The robber steals a good of your "
                "choice from another player: take red's sandstone."),
             _PERSONS, highlights={"cards": ["R"]},
             expect=("robber red sandstone",), hint=N_("Red has only a sandstone.")),
        Step(N_("The craftsman waives one good of a palace part's price. Build the arch of 5.1 on "
                "garden field 7, and let the craftsman waive its alabaster."),
             highlights={"build_fields": [0], "garden": [7]},
             expect=("build 5.1 arch on 7 craftsman -alabaster",),  # i18n: internal
             hint=N_("Choose the card on 5.1, then the craftsman's waiver of the alabaster.")),
        Step(N_("You may lay one good of your own on the field just built. A higher part may then "
                "replace yours only if its builder gives an extra good of that kind. Lay the "
                "sandstone."),
             highlights={"garden": [7]},
             expect=("stash sandstone on 7",), hint=N_("Lay the sandstone on field 7.")),
        Step(N_("The overseer moves one of your figures from a district to another free one. The "
                "vizier blocks the stonemasons: move your figure from there to the goldsmiths."),
             highlights={"cards": ["O"], "districts": [0, 3]},
             expect=("overseer stonemasons→goldsmiths",),  # i18n: internal
             hint=N_("Play the overseer from the stonemasons to the goldsmiths.")),
        Step(N_("The district the overseer moved you to may be used at once: take a gold from the "
                "goldsmiths."),
             highlights={"districts": [3]},
             expect=("use goldsmiths +gold",), hint=N_("The goldsmiths give gold.")),  # i18n: internal
    ), options={"pro": True}),
)
