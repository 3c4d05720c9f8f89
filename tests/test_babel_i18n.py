"""Der Turmbau zu Babel in Dutch, German and French: the status line, the reasons a move is
refused, the board and the game screen use the terms of ``docs/glossary/babel.md``, and the
English (the source language, which the digests fingerprint) stays as it was."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest
from test_babel_rulebook import BABEL, RED, YELLOW, ship_example

from pygame_rules import InvalidState
from pygame_rules.babel import GAME, Build, Offer
from pygame_rules.babel.data import counts_words, tile_words
from pygame_rules.babel.interaction import BabelInteraction
from pygame_rules.babel.render import status_text
from pygame_rules.examples import example
from pygame_rules.i18n import using

LANGS = ("nl", "de", "fr")


def texts_of(svg: str) -> str:
    """The words a person reads on the board: every <text>, <title> and <desc>."""
    return html.unescape(" ".join(re.findall(r"<(?:text|title|desc)\b[^>]*>([^<]*)<", svg)))


# ------------------------------------------------------------------ the status line
@pytest.mark.parametrize(("lang", "to_move", "won"), [
    ("en", "To move: Player 1", "Player 1 wins"),
    ("nl", "Aan de beurt: Speler 1", "Speler 1 wint"),
    ("de", "Am Zug: Spieler 1", "Spieler 1 gewinnt"),
    ("fr", "À jouer\u00a0: Joueur 1", "Joueur 1 gagne"),
])
def test_status_line(lang: str, to_move: str, won: str) -> None:
    start = example("babel", "offers").start()
    end = example("babel", "final-scoring").states()[-1]
    with using(lang):
        assert GAME.status_text(start) == to_move
        assert GAME.status_text(end) == won


def test_a_shared_win_names_everyone_in_the_language() -> None:
    end = example("babel", "final-scoring").states()[-1]
    # yellow becomes red's twin: the same cards, tiles and points, the same elements on every wonder
    tied = replace(end.with_player(YELLOW, end.players[RED]),
                   wonders=tuple(replace(w, elements=(w.elements[RED],) * 2 + w.elements[2:]) for w in end.wonders))
    assert status_text(tied, ["Ann", "Bob", "Cid", "Dee"]) == "Ann and Bob win"
    with using("de"):
        assert status_text(tied, ["Ann", "Bob", "Cid", "Dee"]) == "Ann und Bob gewinnen"


# ------------------------------------------------------------------ why a move is refused
@pytest.mark.parametrize(("lang", "lacks", "taken"), [
    ("en", "you hold only 2 ship cards, not 3", "the tile of space 1 of Pyramids of Giza is already taken"),
    ("nl", "je hebt maar 2 kaarten met een schip, niet 3",
     "de bouwfiche van bouwveld 1 van het wereldwonder Piramides van Gizeh is al uitgedeeld"),
    ("de", "du hast nur 2 Schiffskarten, nicht 3",
     "die Bauscheibe auf Feld 1 des Weltwunders Pyramiden von Gizeh ist schon vergeben"),
    ("fr", "vous n’avez que 2 cartes bateau, pas 3",
     "la tuile de l’emplacement 1 de la merveille Pyramides de Gizeh est déjà attribuée"),
])
def test_illegal_move_reasons(lang: str, lacks: str, taken: str) -> None:
    asked = GAME.apply(example("babel", "offers").start(), RED, Build(BABEL, 0))   # yellow holds 2 ships
    pyramids = example("babel", "wonder-scoring").start()                          # two tiles already gone
    with using(lang):
        assert GAME.why_illegal(asked, YELLOW, Offer((0, 0, 3, 0))) == lacks
        assert GAME.why_illegal(pyramids, RED, Build(0, 0)) == taken


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the tile asks for 5 cards"), ("nl", "de bouwfiche vraagt 5 kaarten"),
    ("de", "die Bauscheibe verlangt 5 Karten"), ("fr", "la tuile demande 5 cartes"),
])
def test_counts_take_the_plural_of_the_language(lang: str, words: str) -> None:
    asked = GAME.apply(example("babel", "offers").start(), RED, Build(BABEL, 0))
    with using(lang):
        assert GAME.why_illegal(asked, YELLOW, Offer((2, 0, 0, 4))).startswith(words)


def test_a_damaged_position_says_what_is_wrong_in_the_language() -> None:
    text = GAME.position_text(example("babel", "offers").start()).replace("deck=c", "deck=x")
    for lang, words in (("en", "deck: unknown card letter 'x'"), ("nl", "deck: onbekende kaartletter 'x'"),
                        ("de", "deck: unbekannter Kartenbuchstabe 'x'"),
                        ("fr", "deck\u00a0: lettre de carte inconnue 'x'")):
        with using(lang), pytest.raises(InvalidState) as caught:
            GAME.from_position_text(text)
        assert words in str(caught.value), lang


# ------------------------------------------------------------------ the board
@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Tower of Babel", "5 ships", "Your hand", "exchange card", "Scoring: 1st / 2nd / other",
            "2 ships + exchange")),
    ("nl", ("Toren van Babel", "5 schepen", "Je hand", "ruilkaart", "Waardering: 1e / 2e / overige",
            "2 schepen + ruil")),
    ("de", ("Turm zu Babel", "5 Schiffe", "Deine Hand", "Tauschkarte", "Wertung: 1. / 2. / übrige",
            "2 Schiffe + Tausch")),
    ("fr", ("Tour de Babel", "5 bateaux", "Votre main", "carte d’échange", "Décompte\u00a0: 1er / 2e / autres",
            "2 bateaux + échange")),
])
def test_board_labels(lang: str, words: tuple[str, ...]) -> None:
    state = ship_example()              # yellow still holds his exchange card; green offered his
    with using(lang):
        seen = texts_of(GAME.render_svg(state, viewer=YELLOW))
    for word in words:
        assert word in seen, (lang, word)


def test_the_english_board_is_the_same_before_and_after_another_language() -> None:
    state = ship_example()
    english = GAME.render_svg(state, viewer=0)
    with using("nl"):
        dutch = GAME.render_svg(state, viewer=0)
    assert GAME.render_svg(state, viewer=0) == english != dutch
    # only the words change (and where they wrap): the board keeps every clickable address
    assert re.findall(r'data-[a-z-]+="[^"]*"', dutch) == re.findall(r'data-[a-z-]+="[^"]*"', english)


def test_score_categories_and_card_words() -> None:
    end = example("babel", "final-scoring").states()[-1]
    assert [line.label for line in GAME.score_breakdown(end)[0]] == [
        "Wonders", "Rejected offers", "Set bonuses", "Action cards"]
    assert counts_words((1, 0, 2, 0)) == "1 camel + 2 ships" and tile_words((3, 2, 0, 0)) == "camel 3 + crane 2"
    with using("fr"):
        assert [line.label for line in GAME.score_breakdown(end)[0]] == [
            "Merveilles", "Offres refusées", "Bonus de tuiles", "Cartes action"]
        assert counts_words((1, 0, 2, 0)) == "1 chameau + 2 bateaux"
        assert tile_words((3, 2, 0, 0)) == "chameau 3 + grue 2"


def test_the_move_notation_stays_language_free() -> None:
    """The record and the position have no language; the words people read have (tests/test_words.py)."""
    state = ship_example()
    accept = GAME.legal_actions(state, RED)[0]
    english = GAME.record_text(state, RED, accept), GAME.position_text(state)
    with using("de"):
        assert (GAME.record_text(state, RED, accept), GAME.position_text(state)) == english


# ------------------------------------------------------------------ the game screen
def test_game_screen_prompt_and_buttons() -> None:
    asked = GAME.apply(example("babel", "offers").start(), RED, Build(BABEL, 0))
    ui = BabelInteraction(GAME)
    with using("nl"):
        assert "wil de bouwfiche schip 5 van het wereldwonder Toren van Babel bouwen" in ui.prompt(asked, YELLOW)
        labels = [b.label for b in ui.buttons(asked, YELLOW)]
        assert labels[0] == "Aanbod verdekt leggen: niets"
        assert all(label.startswith("Aanbod verdekt leggen: ") for label in labels)  # and the asked kind at once
    with using("de"):
        assert "Dein Angebot: nichts." in ui.prompt(asked, YELLOW)
    assert ui.buttons(asked, YELLOW)[0].label == "Seal offer: nothing"
