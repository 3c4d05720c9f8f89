"""Saba in Dutch, German and French: the words of the glossary (``docs/glossary/saba.md``).

The texts come from ``pygame_rules/locale/<lang>/saba.po`` (compiled by the root ``conftest.py``);
the notation stays the same in every language, and English stays as it was.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import pygame_rules.saba.interaction as saba_ui
from pygame_rules.errors import IllegalAction, InvalidState
from pygame_rules.examples import example
from pygame_rules.i18n import using
from pygame_rules.saba import GAME, Build, Phase, SabaState, TakeHarbour, UseDistrict
from pygame_rules.saba.data import END_CARD, District

NAMES = ["Ann", "Bob", "Cy"]
LANGS = ("en", "nl", "de", "fr")


def district_example() -> SabaState:
    """The rulebook's example of the districts: blue's figure stands with the carpenters, under the vizier."""
    state: SabaState = example("saba", "district").start()
    return state


def texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


@pytest.mark.parametrize(("lang", "status"), [
    ("en", "Ann to move: harbour step."),
    ("nl", "Ann is aan de beurt: stap ‘haven’."),
    ("de", "Ann ist am Zug: Schritt „Hafen“."),
    ("fr", "À Ann de jouer\u00a0: étape «\u00a0port\u00a0»."),
])
def test_status_line(lang: str, status: str) -> None:
    """The board's status line of the example position (a line of the drawing and its description)."""
    with using(lang):
        svg = GAME.render_svg(district_example(), None, names=NAMES)
    assert status in texts(svg)
    assert re.search(f"<desc>{re.escape(status)} ", svg)


@pytest.mark.parametrize(("lang", "blocked", "not_now"), [
    ("en", "the vizier blocks the carpenters",
     "building is not possible now (the turn is in its harbour step)"),
    ("nl", "de vizier blokkeert de wijk der timmerlieden",
     "bouwen kan nu niet (de beurt is in de stap ‘haven’)"),
    ("de", "der Wesir blockiert das Zimmermannsviertel",
     "Bauen ist jetzt nicht möglich (der Zug ist im Schritt „Hafen“)"),
    ("fr", "le vizir bloque le quartier des charpentiers",
     "construire n’est pas possible maintenant (le tour en est à l’étape «\u00a0port\u00a0»)"),
])
def test_why_an_action_is_illegal(lang: str, blocked: str, not_now: str) -> None:
    """The vizier blocks the district he stands on (001 l.222); building waits for the harbour."""
    state = district_example()
    with using(lang):
        assert GAME.why_illegal(state, 0, UseDistrict(District.CARPENTERS)) == blocked
        with pytest.raises(IllegalAction, match=re.escape(not_now)):
            GAME.apply(state, 0, Build(0))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Harbour", "Palace garden", "Treasury", "City districts", "carpenters", "+1 ebony", "vizier",
            "arch on 7"]),
    ("nl", ["Haven", "Paleistuin", "Schatkamer", "Stadswijken", "timmerlieden", "+1 ebbenhout", "vizier",
            "poortgewelf op 7"]),
    ("de", ["Hafen", "Palastgarten", "Schatzkammer", "Stadtviertel", "Zimmermannsviertel", "+1 Ebenholz",
            "Wesir", "Torbogen auf 7"]),
    ("fr", ["Port", "Jardin du palais", "Trésor", "Quartiers de la ville", "charpentiers", "+1 ébène", "vizir",
            "arche sur 7"]),
])
def test_board_labels(lang: str, words: list[str]) -> None:
    """The board of a real position names its parts with the glossary's words."""
    with using(lang):
        shown = " ".join(texts(GAME.render_svg(district_example(), 0)))  # a palace card's name takes two lines
    assert all(word in shown for word in words), [w for w in words if w not in shown]


def test_long_german_names_fit_their_boxes_whole() -> None:
    state = district_example()
    with using("de"):
        german = GAME.render_svg(state, 0)
    assert re.search(r'font-weight="bold"[^>]*>Zimmermannsviertel<', german)
    assert "textLength" not in german and "textLength" not in GAME.render_svg(state, 0)


def test_english_stays_as_before() -> None:
    """The English texts and the drawing do not depend on a language used before."""
    state = district_example()
    before = GAME.render_svg(state, 0), GAME.why_illegal(state, 0, TakeHarbour(4))
    for lang in LANGS:
        with using(lang):
            GAME.render_svg(state, 0)
    assert (GAME.render_svg(state, 0), GAME.why_illegal(state, 0, TakeHarbour(4))) == before
    assert before[1] == "H4 is not a visible face of your harbour cards (H3, H2)"
    assert "Vizier on the carpenters." in before[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_notation_has_no_language(lang: str) -> None:
    state = district_example()
    english = [GAME.record_text(state, 0, a) for a in GAME.legal_actions(state, 0)]
    with using(lang):
        assert [GAME.record_text(state, 0, a) for a in GAME.legal_actions(state, 0)] == english
        assert GAME.parse_action(state, "use stonemasons +alabaster")[1] == UseDistrict(District.STONEMASONS)


@pytest.mark.parametrize(("lang", "prompt", "category"), [
    ("en", "Click a harbour field your harbour cards show", "balconies"),
    ("nl", "Klik op een havenveld dat je havenkaarten tonen", "balkons"),
    ("de", "Klicke auf ein Hafenfeld, das deine Hafenkarten zeigen", "Balkone"),
    ("fr", "Cliquez sur une case du port montrée par vos cartes de port", "balcons"),
])
def test_game_screen_and_score_categories(lang: str, prompt: str, category: str) -> None:
    state = GAME.new_game(2, seed=3)
    with using(lang):
        assert saba_ui.SabaInteraction(GAME).prompt(state, 0).startswith(prompt)
        assert GAME.score_breakdown(state)[0][0].label == category


@pytest.mark.parametrize(("lang", "fault"), [
    ("en", "position: the field 'rng' is missing"),
    ("nl", "stelling: het veld 'rng' ontbreekt"),
    ("de", "Stellung: das Feld 'rng' fehlt"),
    ("fr", "position\u00a0: le champ 'rng' manque"),
])
def test_a_damaged_position_is_explained(lang: str, fault: str) -> None:
    text = GAME.position_text(district_example()).rsplit(" rng=", 1)[0]
    with using(lang), pytest.raises(InvalidState, match=re.escape(fault)):
        GAME.from_position_text(text)


@pytest.mark.parametrize(("lang", "result"), [
    ("en", "Bob wins the tie at 0 figures. The game ended when Ann built the end card. The serail rule "
           "broke the tie: Bob has the most markers in the serail."),
    ("de", "Die Serailregel entschied den Gleichstand: Bob hat die meisten Marker im Serail."),
    ("fr", "La partie s’est terminée quand Ann a construit la carte « fin »."),
])
def test_the_end_is_explained(lang: str, result: str) -> None:
    """The end card ended a game nobody scored in; Bob's serail marker breaks the tie."""
    start = GAME.new_game(2, seed=1)
    over = replace(start, phase=Phase.OVER, gone=(END_CARD,), serail=(1,))
    with using(lang):
        assert result in GAME.result_text(over, NAMES[:2])
