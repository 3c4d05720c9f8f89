"""The shared modules in four languages: save and gate messages, reasons, status lines,
the end of a game in plain words and the reasons Undo gives, in English, Dutch, German
and French (issue 26, and issue 27's result sentence and fair undo)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from test_protocol import NIM, Nim, Take

from pygame_rules import IllegalAction, InvalidState, registry
from pygame_rules.controller import Controller
from pygame_rules.gate import MAX_MESSAGE, Fields, Limits, read_json
from pygame_rules.i18n import using
from pygame_rules.protocol import name_list, winner_sentence
from pygame_rules.session import SaveError, Seat, Session, bot_time_range


@pytest.fixture(autouse=True)
def nim_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "nim", NIM)


def save_error(text: str, lang: str) -> str:
    with using(lang), pytest.raises(SaveError) as refused:
        Session.from_text(text)
    assert len(str(refused.value)) <= MAX_MESSAGE
    return str(refused.value)


def a_save(**changes: object) -> str:
    session = Session.new("nim", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    session.play(0, Take(1))
    return json.dumps({**session.to_json(), **changes})


# ---------------------------------------------------------------- damaged saves
@pytest.mark.parametrize("lang, words", [
    ("en", "the saved game is not valid JSON"),
    ("nl", "het opgeslagen spel is geen geldige JSON"),
    ("de", "die gespeicherte Partie ist kein gültiges JSON"),
    ("fr", "la partie enregistrée n’est pas du JSON valable"),
])
def test_a_damaged_file_is_refused_in_the_players_language(lang, words):
    assert save_error(a_save()[:40], lang).startswith(words)


@pytest.mark.parametrize("lang, words", [
    ("en", "the save's seed must be a whole number from 0 to"),
    ("nl", "seed van het opgeslagen spel moet een geheel getal van 0 tot"),
    ("de", "der Spielstand, Feld „seed“ muss eine ganze Zahl von 0 bis"),
    ("fr", "la sauvegarde, champ «\u00a0seed\u00a0» doit être un nombre entier de 0 à"),
])
def test_a_field_of_the_save_is_named_in_the_players_language(lang, words):
    assert save_error(a_save(seed=-1), lang).startswith(words)


@pytest.mark.parametrize("lang, words", [
    ("en", "the save's computer thinking time is not between 0.1 and 30 seconds"),
    ("nl", "de bedenktijd van de computer in het opgeslagen spel ligt niet tussen 0,1 en 30 seconden"),
    ("de", "die Bedenkzeit des Computers im Spielstand liegt nicht zwischen 0,1 und 30 Sekunden"),
    ("fr", "le temps de réflexion de l’ordinateur dans la sauvegarde n’est pas compris entre 0,1 et 30 secondes"),
])
def test_numbers_in_messages_use_the_languages_decimal_mark(lang, words):
    assert save_error(a_save(bot_time=99), lang) == words


def test_a_bad_move_of_a_save_says_where_and_why_in_one_language():
    bad = json.loads(a_save())
    bad["moves"][0]["action"]["count"] = 10**30
    assert save_error(json.dumps(bad), "de") == \
        "Zug 1 des Spielstands ist ungültig: action.count: die Zahl liegt außerhalb des Bereichs"
    assert save_error(json.dumps(bad), "fr") == \
        "le coup 1 de la sauvegarde n’est pas valable\u00a0: action.count: le nombre est hors limites"


@pytest.mark.parametrize("lang, words", [
    ("nl", "de kleur van speler 2 moet een van red, blue of een #rrggbb-kleur zijn, niet 'navy'"),
    ("de", "die Farbe von Spieler 2 muss eine von red, blue oder eine #rrggbb-Farbe sein, nicht 'navy'"),
    ("fr", "la couleur du joueur 2 doit être l’une des couleurs red, blue ou une couleur #rrggbb, et non 'navy'"),
])
def test_a_seat_is_named_in_the_players_language(lang, words):
    data = json.loads(a_save())
    data["seats"][1]["colour"] = "navy"
    assert save_error(json.dumps(data), lang) == words


def gate_error(lang: str, check) -> str:
    with using(lang), pytest.raises(InvalidState) as refused:
        check()
    return str(refused.value)


def test_gate_limits_and_counts_are_translated_and_plural_correct():
    limits = Limits("the saved game", 10, 2)
    assert gate_error("nl", lambda: read_json("[[[1]]]", limits, InvalidState)) == \
        "het opgeslagen spel is meer dan 2 niveaus diep genest"
    assert gate_error("de", lambda: read_json("[" * 11, limits, InvalidState)) == \
        "die gespeicherte Partie ist zu groß: 11 Zeichen, höchstens 10"
    one = gate_error("fr", lambda: Fields({"seats": [1]}, "the save", InvalidState).items("seats", 0))
    two = gate_error("fr", lambda: Fields({"seats": [1, 2]}, "the save", InvalidState).items("seats", 1))
    assert one.endswith("a 1 élément, au plus 0") and two.endswith("a 2 éléments, au plus 1")


def test_the_thinking_time_range_reads_in_each_language():
    assert bot_time_range() == "between 0.1 and 30 seconds"
    with using("de"):
        assert bot_time_range() == "zwischen 0,1 und 30 Sekunden"


# ------------------------------------------------------- reasons and status
@pytest.mark.parametrize("lang, over, option", [
    ("en", "the game is over", "option 'heap' takes a whole number, not 'big'"),
    ("nl", "het spel is afgelopen", "optie 'heap' verwacht een geheel getal, niet 'big'"),
    ("de", "das Spiel ist vorbei", "Option 'heap' erwartet eine ganze Zahl, nicht 'big'"),
    ("fr", "la partie est terminée", "l’option 'heap' attend un nombre entier, et non 'big'"),
])
def test_engine_reasons_follow_the_language(lang, over, option):
    end = replace(NIM.new_game(2, seed=1), heap=0)
    with using(lang):
        with pytest.raises(IllegalAction, match=f"^{over}$"):
            NIM.apply(end, 0, Take(1))
        with pytest.raises(ValueError, match=f"^{option}$"):
            NIM.new_game(2, options={"heap": "big"})


@pytest.mark.parametrize("lang, to_move, won, names", [
    ("en", "To move: Player 1", "Bob wins", "Ann, Bob and Cy"),
    ("nl", "Aan de beurt: Speler 1", "Bob wint", "Ann, Bob en Cy"),
    ("de", "Am Zug: Spieler 1", "Bob gewinnt", "Ann, Bob und Cy"),
    ("fr", "À jouer\u00a0: Joueur 1", "Bob gagne", "Ann, Bob et Cy"),
])
def test_status_lines_follow_the_language(lang, to_move, won, names):
    with using(lang):
        assert NIM.status_text(NIM.new_game(2, seed=1)) == to_move
        assert NIM.status_text(finished(NIM), ["Ann", "Bob"]) == won
        assert name_list(["Ann", "Bob", "Cy"]) == names


# ------------------------------------------------------- the end in plain words
class ExplainedNim(Nim):
    """Nim whose end is explained: whoever took the last stone."""

    def end_reason(self, state, names):
        return f"{names[state.last]} took the last stone."


def finished(game: Nim) -> object:
    return replace(game.new_game(2, seed=1), heap=0, last=1)


def test_the_result_says_who_won_with_what_and_why():
    assert NIM.result_text(NIM.new_game(2, seed=1)) == ""
    assert NIM.result_text(finished(NIM)) == "Player 2 wins with 1 point."
    assert NIM.result_text(finished(NIM), ["Red", "Blue"]) == "Blue wins with 1 point."
    assert ExplainedNim().result_text(finished(NIM), ["Red", "Blue"]) == \
        "Blue wins with 1 point. Blue took the last stone."


@pytest.mark.parametrize("lang, one, many, shared, tie", [
    ("en", "Red wins with 1 point.", "Red wins with 33 points.",
     "Red, Blue and Green share the win with 30 points each.", "Red wins the tie at 30 points."),
    ("nl", "Red wint met 1 punt.", "Red wint met 33 punten.",
     "Red, Blue en Green delen de overwinning met elk 30 punten.", "Red wint bij gelijke stand met 30 punten."),
    ("de", "Red gewinnt mit 1 Punkt.", "Red gewinnt mit 33 Punkten.",
     "Red, Blue und Green teilen sich den Sieg mit je 30 Punkten.", "Red gewinnt bei Gleichstand mit 30 Punkten."),
    ("fr", "Red gagne avec 1 point.", "Red gagne avec 33 points.",
     "Red, Blue et Green se partagent la victoire avec 30 points chacun.",
     "À égalité avec 30 points, Red l’emporte."),
])
def test_the_winner_sentence_is_whole_and_plural_correct(lang, one, many, shared, tie):
    with using(lang):
        assert winner_sentence("points", ["Red"], [1]) == one
        assert winner_sentence("points", ["Red"], [33]) == many
        assert winner_sentence("points", ["Red", "Blue", "Green"], [30] * 3) == shared
        assert winner_sentence("points", ["Red"], [30], tie_broken=True) == tie


def test_figures_are_counted_as_figures():
    assert winner_sentence("figures", ["Red"], [5]) == "Red wins with 5 figures."
    with using("de"):
        assert winner_sentence("figures", ["Rot", "Blau"], [4, 4]) == \
            "Rot und Blau teilen sich den Sieg mit je 4 Figuren."
    with using("nl"):
        assert winner_sentence("figures", ["Rood"], [1]) == "Rood wint met 1 spelfiguur."


def test_the_final_score_table_carries_the_result():
    session = Session.new("nim", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=1, options={"heap": 1})
    controller = Controller(session)
    while not NIM.is_over(controller.state):
        controller.play(NIM.to_move(controller.state)[0], Take(1))
    winner = session.seats[NIM.winners(controller.state)[0]].name
    assert controller.score_table().result == f"{winner} wins with 1 point."
    with using("fr"):
        assert controller.score_table().result == f"{winner} gagne avec 1 point."


# ------------------------------------------------------------------------ undo
@pytest.mark.parametrize("lang, refused", [
    ("en", "it would take back Ann's move, and you may take back only your own"),
    ("nl", "dan zou ook de zet van Ann worden teruggenomen, en je mag alleen je eigen zetten terugnemen"),
    ("de", "damit würde der Zug von Ann zurückgenommen, und du darfst nur deine eigenen Züge zurücknehmen"),
    ("fr", "cela annulerait le coup de Ann, et vous ne pouvez annuler que vos propres coups"),
])
def test_undo_says_why_not_in_the_language_of_the_screen(lang, refused):
    controller = Controller(Session.new("nim", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=1))
    controller.play(0, Take(1))
    with using(lang):
        assert controller.undo_blocker() == refused
        with pytest.raises(IllegalAction) as no:
            controller.undo()
    assert str(no.value).endswith(refused)


def test_english_stays_the_source_after_another_language():
    with using("de"):
        save_error("[", "de")
    assert save_error("[", "en") == "the saved game is not valid JSON (it may be truncated or of another kind)"
