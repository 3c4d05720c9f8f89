"""Spiel der Türme in Dutch, German and French: the words of the glossary (``docs/glossary/tuerme.md``).

The texts come from ``pygame_rules/locale/<lang>/tuerme.po`` (compiled by the root ``conftest.py``);
the notation and the drawing stay the same in every language, and English stays as it was.
"""

from __future__ import annotations

import re

import pytest

from pygame_rules.errors import IllegalAction, InvalidState
from pygame_rules.examples import example, examples
from pygame_rules.i18n import _, using
from pygame_rules.tuerme import GAME, build

NAMES = ["Ann", "Bob", "Cy", "Di"]


def drawing(svg: str) -> str:
    """The board without its words for people: the description, the fields' names and the legend."""
    board = svg.replace(desc(svg), "")
    return re.sub(r' aria-label="[^"]*"', "", board[:board.index('<g class="legend">')])


def desc(svg: str) -> str:
    match = re.search(r"<desc>(.*?)</desc>", svg)
    assert match is not None
    return match.group(1)


@pytest.mark.parametrize(("lang", "to_move", "ended"), [
    ("en", "To move: Ann", "Ann wins with 10 points. The game ended because Ann filled a district, which counts "
                           "twice."),
    ("nl", "Aan zet: Ann", "Ann wint met 10 punten. Het spel is geëindigd omdat Ann een stadswijk volledig heeft "
                           "bezet; die telt dubbel."),
    ("de", "Am Zug: Ann", "Ann gewinnt mit 10 Punkten. Das Spiel endete, weil Ann ein Stadtviertel vollständig "
                          "besetzt hat; es zählt doppelt."),
    ("fr", "À jouer\u00a0: Ann", "Ann gagne avec 10 points. La partie s’est terminée parce que Ann a occupé tout un "
                            "quartier, qui compte double."),
])
def test_status_line(lang: str, to_move: str, ended: str) -> None:
    """Whose turn in a dealt game, and the end of the rulebook's example of a district of one colour."""
    start, end = example("tuerme", "district-end").states()
    with using(lang):
        assert GAME.status_text(GAME.new_game(4, seed=1), NAMES) == to_move
        assert GAME.status_text(start, NAMES) == to_move
        assert GAME.status_text(end, NAMES) == GAME.result_text(end, NAMES) == ended


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "d4-d6: the path is blocked by a blue stone on d5 (a piece may only pass over pieces of its own "
           "colour)"),
    ("nl", "d4-d6: de weg is versperd door een blauwe steen op d5 (een stuk mag alleen over stukken van de "
           "eigen kleur)"),
    ("de", "d4-d6: Der Weg ist versperrt, auf d5 steht ein blauer Stein (ein Stein/Turm darf nur über "
           "Steine/Türme der eigenen Farbe ziehen)"),
    ("fr", "d4-d6\u00a0: le chemin est bloqué par une pierre bleue en d5 (une pièce ne peut passer que par-dessus "
           "les pièces de sa couleur)"),
])
def test_why_a_move_is_illegal(lang: str, words: str) -> None:
    """Picture 2 of the rulebook: a foreign stone blocks the way, in the notation of every language."""
    state = example("tuerme", "picture-2").start()
    log = [GAME.action_text(state, action) for action in GAME.legal_actions(state, 0)]
    with using(lang):
        with pytest.raises(IllegalAction) as refused:
            GAME.parse_action(state, "d4-d6")
        assert str(refused.value) == words
        assert [GAME.action_text(state, action) for action in GAME.legal_actions(state, 0)] == log


@pytest.mark.parametrize(("lang", "words", "by_colour"), [
    ("en", ("3 players: Ann (red), Bob (blue), Cy (green); neutral: purple.", "Ann to move.",
            "Points on symbol fields: Ann 0", "80 pieces on the alleys."),
     "3 players: red, blue, green; neutral: purple. red to move."),
    ("nl", ("3 spelers: Ann (rood), Bob (blauw), Cy (groen); neutraal: paars.", "Ann is aan zet.",
            "Punten op symboolvelden: Ann 0", "80 stukken op de steegjes."),
     "3 spelers: rood, blauw, groen; neutraal: paars. rood is aan zet."),
    ("de", ("3 Spieler: Ann (Rot), Bob (Blau), Cy (Grün); neutral: Lila.", "Ann ist am Zug.",
            "Punkte auf Symbolfeldern: Ann 0", "80 Steine/Türme auf den Gassen."),
     "3 Spieler: Rot, Blau, Grün; neutral: Lila. Rot ist am Zug."),
    ("fr", ("3 joueurs\u00a0: Ann (rouge), Bob (bleu), Cy (vert)\u00a0; neutres\u00a0: violet.", "Au tour de Ann.",
            "Points sur les cases symboles\u00a0: Ann 0", "80 pièces dans les ruelles."),
     "3 joueurs\u00a0: rouge, bleu, vert\u00a0; neutres\u00a0: violet. Au tour de rouge."),
])
def test_board_description(lang: str, words: tuple[str, ...], by_colour: str) -> None:
    """The board's description of a dealt game, with players' names or seats called by their colour;
    apart from it and the words for people (the fields' names, the legend) the board is drawn the same
    in every language."""
    state = GAME.new_game(3, seed=4)
    english = GAME.render_svg(state, names=NAMES[:3])
    with using(lang):
        svg = GAME.render_svg(state, names=NAMES[:3])
        seats = desc(GAME.render_svg(state))
    assert all(part in desc(svg) for part in words), desc(svg)
    assert seats.startswith(by_colour), seats
    assert drawing(svg) == drawing(english)
    assert "<title>Spiel der Türme</title>" in svg


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "1 red A stone instead of 5", "3 red A stones instead of 5"),
    ("nl", "1 A-steen van de kleur rood in plaats van 5", "3 A-stenen van de kleur rood in plaats van 5"),
    ("de", "1 A-Stein der Farbe Rot statt 5", "3 A-Steine der Farbe Rot statt 5"),
    ("fr", "1 pierre A (rouge) au lieu de 5", "3 pierres A (rouge) au lieu de 5"),
])
def test_a_damaged_position_counts_in_the_right_plural(lang: str, one: str, many: str) -> None:
    with using(lang):
        with pytest.raises(InvalidState, match=re.escape(one)):
            GAME.check_state(build(2, {"d4": "Ar"}))
        with pytest.raises(InvalidState, match=re.escape(many)):
            GAME.check_state(build(2, {"d4": "Arrr"}))


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_options_and_examples_are_translated(lang: str) -> None:
    """Every option label, reading and gallery caption reads in the language; a reading's Dutch is the
    rulebook's own sentence."""
    texts = [o.label for o in GAME.options] + [o.english for o in GAME.options if o.is_reading]
    texts += [text for ex in examples("tuerme") for text in (ex.title, ex.caption)]
    with using(lang):
        assert all(_(text) != text for text in texts)
        if lang == "nl":
            assert all(_(o.english) == o.quote for o in GAME.options if o.is_reading)
