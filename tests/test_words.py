"""What people read about moves is in their language; the records stay the notation.

Along seeded random games of every game, in Dutch, German and French, the log entries
(:meth:`~pygame_rules.protocol.Game.move_text`, for a spectator and for the mover) and the
texts of the legal actions (:meth:`~pygame_rules.protocol.Game.action_text`: hints, buttons,
lists) hold none of the notation's English words, while the records
(:meth:`~pygame_rules.protocol.Game.record_text`) stay the same in every language and read
back. A few exact lines per language show the words of the glossaries (``docs/glossary/``).
Every message that puts a count before a noun is a plural entry (``ngettext``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from test_babel_rulebook import BABEL, BLUE, GREEN, RED, SHIP5, YELLOW, make_state, ship_example
from test_saba_helpers import RED as SABA_RED
from test_saba_helpers import A, E, G, S, full_harbour, make, palace

from pygame_rules.babel import GAME as BABEL_GAME
from pygame_rules.babel import actions as babel
from pygame_rules.i18n import using
from pygame_rules.registry import get_game
from pygame_rules.rng import Rng
from pygame_rules.saba import GAME as SABA_GAME
from pygame_rules.saba import actions as saba
from pygame_rules.saba.data import District
from pygame_rules.saba.state import Phase
from pygame_rules.tuerme import GAME as TUERME_GAME
from pygame_rules.tuerme.actions import EndTurn, Skip
from pygame_rules.tuerme.state import build as tuerme_position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import catalogs

LANGS = ("nl", "de", "fr")

#: The English words of each game's notation. Words that the other languages share
#: (Babel's "joker", Saba's "gold", "alabaster", "bazaar", the Dutch "vizier") are left out.
ENGLISH = {
    "babel": ("pass", "build", "tile", "offer", "sealed", "reveal", "accept", "add", "none", "decline",
              "third bonus", "draw three", "card exchange", "double turn", "continue", "nothing", "back",
              "camel", "crane", "ship", "stonemason", "places", "own elements", "helper", "play", "Pyramids",
              "Colossus", "Gardens", "Lighthouse", "red", "yellow", "green", "blue", "purple"),
    "saba": ("take", "from", "build", "use", "remove", "swap", "stash", "figure", "card", "play", "overseer",
             "harbourmaster", "guard", "caravan", "merchant", "robber", "serail marker", "discard",
             "end building", "no stash", "no figure", "no swap", "end turn", "done", "sandstone", "ebony", "arch",
             "fountain", "column", "treasury", "stonemasons", "carpenters", "masons", "goldsmiths", "exchange",
             "steal", "give", "get", "nothing", "player", "red", "blue", "yellow", "green"),
    "tuerme": ("pass", "stop", "skip", "turn"),
}
CASES = [("babel", 4, {}), ("babel", 5, {"two_colour_tiles": True, "optional_replacing": True}),
         ("saba", 3, {"pro": True}), ("saba", 4, {}), ("tuerme", 2, {}), ("tuerme", 4, {})]


def english_words(name: str, text: str) -> list[str]:
    """The notation's English words in ``text`` (whole words, any case)."""
    return [word for word in ENGLISH[name] if re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_log_and_action_texts_are_in_the_readers_language(name: str, players: int, options: dict[str, Any],
                                                           lang: str) -> None:
    game, rng = get_game(name), Rng.from_seed(players)
    read = 0
    for seed in range(2):
        state = game.new_game(players, seed=40_000 + seed, options=options)
        for _ply in range(150):
            if game.is_over(state):
                break
            player = rng.choice(game.to_move(state))
            actions = game.legal_actions(state, player)
            action = rng.choice(actions)
            after = game.apply(state, player, action)
            records = [game.record_text(state, player, a) for a in actions[:12]]
            with using(lang):
                texts = [game.action_text(state, a, viewer=player, mover=player) for a in actions[:12]]
                texts += [game.move_text(state, player, action, after), game.move_text(state, player, action, after,
                                                                                      viewer=player)]
                assert [game.record_text(state, player, a) for a in actions[:12]] == records
                for a, record in zip(actions[:3], records):
                    assert game.parse_action(state, record) == (player, a)
            for text in texts:
                assert not english_words(name, text), (lang, text)
            read += len(texts)
            state = after
    assert read > 200


# ------------------------------------------------------------------ worked examples
def _babel_texts() -> list[str]:
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0), GREEN: (0, 0, 3, 0), BLUE: (1, 0, 1, 0)},
                       tiles={(BABEL, 0): SHIP5})
    offers = BABEL_GAME.apply(state, RED, babel.Build(BABEL, 0))
    offered = BABEL_GAME.apply(BABEL_GAME.apply(offers, YELLOW, babel.Offer((0, 0, 1, 0))), GREEN,
                               babel.Offer((0, 0, 2, 0), True))
    last = babel.Offer((1, 0, 1, 0))
    decide = ship_example()
    return [BABEL_GAME.action_text(state, babel.Build(BABEL, 0)),
            BABEL_GAME.action_text(offered, last, viewer=BLUE, mover=BLUE),
            BABEL_GAME.move_text(offered, BLUE, last, BABEL_GAME.apply(offered, BLUE, last)),
            BABEL_GAME.action_text(decide, babel.Accept((YELLOW, GREEN))),
            BABEL_GAME.action_text(decide, babel.Accept((), (0, 0, 2, 0)))]


BABEL_LINES = {
    "en": ["build Babel tile 1 (ship 5)", "offer 1 camel + 1 ship",
           "offer (sealed); reveal: yellow offers 1 ship, green offers 2 ships + exchange card, "
           "blue offers 1 ship (1 camel back to the hand)",
           "accept yellow and green; add 2 ships", "accept no offer; add 3 ships; joker for 2 ships"],
    "nl": ["bouwen: Babel, bouwfiche 1 (schip 5)", "aanbod: 1 kameel + 1 schip",
           "aanbod (verdekt); omgedraaid: geel biedt 1 schip, groen biedt 2 schepen + ruilkaart, "
           "blauw biedt 1 schip (1 kameel terug naar de hand)",
           "aannemen: geel en groen; zelf toevoegen: 2 schepen",
           "geen aanbod aannemen; zelf toevoegen: 3 schepen; joker voor 2 schepen"],
    "de": ["bauen: Babel, Bauscheibe 1 (Schiff 5)", "Angebot: 1 Kamel + 1 Schiff",
           "Angebot (verdeckt); aufgedeckt: Gelb bietet 1 Schiff, Grün bietet 2 Schiffe + Tauschkarte, "
           "Blau bietet 1 Schiff (1 Kamel zurück auf die Hand)",
           "annehmen: Gelb und Grün; selbst dazulegen: 2 Schiffe",
           "kein Angebot annehmen; selbst dazulegen: 3 Schiffe; Joker für 2 Schiffe"],
    "fr": ["construire\u00a0: Babel, tuile 1 (bateau 5)", "offre\u00a0: 1 chameau + 1 bateau",
           "offre (face cachée)\u00a0; révélées\u00a0: jaune offre 1 bateau, vert offre 2 bateaux + carte d’échange, "
           "bleu offre 1 bateau (retour en main\u00a0: 1 chameau)",
           "accepter\u00a0: jaune et vert\u00a0; ajouter soi-même\u00a0: 2 bateaux",
           "n’accepter aucune offre\u00a0; ajouter soi-même\u00a0: 3 bateaux\u00a0; joker pour 2 bateaux"],
}


def _saba_texts() -> list[str]:
    state = make(harbour=full_harbour((A, S, G, E)), **palace("A5,F4,C7"), vizier=District.EXCHANGE)
    building = make(phase=Phase.BUILD, **palace("A5,F4,C7"))
    return [SABA_GAME.action_text(state, saba.TakeHarbour(3)),
            SABA_GAME.action_text(building, saba.Build(2, waive=G, from_district=5)),
            SABA_GAME.action_text(state, saba.PlayMerchant(SABA_RED, (G, G), (A, E))),
            SABA_GAME.action_text(state, saba.UseDistrict(5, E, S)),
            SABA_GAME.action_text(building, saba.Done())]


SABA_LINES = {
    "en": ["take 3 gold from H3",
           "build column on 7 from 5.3 (+2 gold); the craftsman waives 1 gold; balcony figure from the bazaar",
           "merchant with red: take 2 gold, give 1 alabaster + 1 ebony",
           "use the bazaar: give 1 ebony, get 1 sandstone", "end building"],
    "nl": ["3 goud nemen van H3",
           "zuil op 7 bouwen van 5.3 (+2 goud); de handwerker scheldt 1 goud kwijt; "
           "balkonfiguur uit de wijk der bazaar",
           "koopman met rood: neem 2 goud, geef 1 albast + 1 ebbenhout",
           "wijk der bazaar gebruiken: geef 1 ebbenhout, krijg 1 zandsteen", "bouwen beëindigen"],
    "de": ["3 Gold von H3 nehmen",
           "Säule auf 7 von 5.3 bauen (+2 Gold); der Handwerker erlässt 1 Gold; Balkonfigur aus dem Basarviertel",
           "Kaufmann mit Rot: 2 Gold nehmen, 1 Alabaster + 1 Ebenholz geben",
           "Basarviertel nutzen: 1 Ebenholz abgeben, 1 Sandstein erhalten", "Bauen beenden"],
    "fr": ["prendre 3 × or en H3",
           "construire colonne sur 7 depuis 5.3 (+2 × or)\u00a0; l’artisan retire 1 × or du prix\u00a0; "
           "figurine de balcon depuis le quartier des marchands",
           "négociant avec rouge\u00a0: prendre 2 × or, donner 1 × albâtre + 1 × ébène",
           "utiliser le quartier des marchands\u00a0: donner 1 × ébène, recevoir 1 × grès",
           "terminer la construction"],
}


def _tuerme_texts() -> list[str]:
    stuck = tuerme_position(4, {"a1": "Ar", "a2": "Bb", "b1": "Cg", "n8": "Dp"})
    state = tuerme_position(2, {"a7": "Ar", "k4": "Cb"})
    bonus = TUERME_GAME.apply(state, 0, TUERME_GAME.parse_action(state, "a7-b7")[1])
    return [TUERME_GAME.action_text(stuck, Skip()), TUERME_GAME.action_text(bonus, EndTurn()),
            TUERME_GAME.action_text(state, TUERME_GAME.parse_action(state, "a7-b7")[1])]


TUERME_LINES = {"en": ["skip the turn", "end the turn", "a7-b7+"],
                "nl": ["beurt overslaan", "beurt beëindigen", "a7-b7+"],
                "de": ["aussetzen", "Zug beenden", "a7-b7+"],
                "fr": ["passer son tour", "terminer le tour", "a7-b7+"]}


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_worked_examples_read_in_each_language(lang: str) -> None:
    with using(lang):
        assert _babel_texts() == BABEL_LINES[lang]
        assert _saba_texts() == SABA_LINES[lang]
        assert _tuerme_texts() == TUERME_LINES[lang]


def test_the_records_of_the_examples_stay_the_notation() -> None:
    state = make(harbour=full_harbour((A, S, G, E)), **palace("A5,F4,C7"), vizier=District.EXCHANGE)
    for lang in LANGS:
        with using(lang):
            assert SABA_GAME.record_text(state, state.current, saba.TakeHarbour(3)) == "H3 (3 gold)"
            assert BABEL_GAME.record_text(ship_example(), RED, babel.Accept((YELLOW, GREEN))) == (
                "accept yellow, green; add 2 ship")


# ------------------------------------------------------------------ plurals
#: Fields that hold a count, by the names the code gives them.
COUNTS = {"n", "count", "figures", "markers", "deck", "discarded", "built", "quiet", "total", "found", "most",
          "supply", "placed", "fields", "digits", "length", "limit", "height", "wanted", "spaces", "capacity",
          "size", "done", "files", "missing", "least", "low", "high", "points"}
#: Words after a count that do not agree with it.
NOT_NOUNS = {"to", "of", "in", "and", "or", "more", "than", "is", "are", "but", "at", "for", "the", "from",
             "instead", "there", "on", "mb", "name"}
#: Messages with a count before a noun that stay single entries: the count is a limit of the
#: game or of the app, never 1 (``at most {most} cards``), or a value in a unit that does not
#: agree. The board interactions' texts are another branch's to change.
SINGLE = {
    "the tower on {square} is {height} high (at most {limit})",
    "the game ended as quiet, but only {count} moves were made without building",
    "{move}: the tower would be {total} stones high; towers may be at most {limit} "
    "(the {limit}-tower on {square} is safe)",
    "{move}: the tower would be {total} stones high; towers may be at most {limit}",
    "a position is at most {limit} characters long, not {length}",
    "{text} is not a move count (a whole number of at most {digits} digits)",
    "the board needs {count} ranks separated by '/', not {found}",
    "a position has {count} fields separated by spaces ({names}), and a move count if it is not 0, not {found}",
    "rank {rank}: {text} is no count of empty fields that fits into its {count} fields",
    "rank {rank} describes more than {count} fields",
    "the serail has {fields} fields with {players} players",
    "players: a game has {least}–{most} players, not {n}",
    "wonders: there are {wanted} wonders, not {n}",
    "deck: the game has {n} building cards",
    "wonder {wonder} needs {spaces} tile spaces and {n} element counts",
    "a card exchange swaps 1 to {most} cards, not {n}",
    "expected a number of at most {n} digits, got {value}",
    "at most {most} cards, not {n}",
    "at most {most} action cards, not {n}",
    "a Babel position has at most {most} characters, not {n}",
    "{name} needs {size} entries, not {found}",
    "the {district} must list at most {n} figures per player, sorted by seat",
    "a player has more than {n} figures in the {district}",
    "{n} uses left in the {district}, more than the player to move has figures there",
    "harbour field H{field} holds {n} resources (capacity {capacity})",
    "the palace cards must be the {n} cards once each",
    "player {player} has {supply} figures in supply and {placed} placed, not {total} in all",
    "player {player} does not have {n} serail markers in all",
    "the action cards must be the {n} cards of the pro game",
    "the action cards must be the {n} cards of the basic game",
    "Place a figure here ({n} gold)",
    "you hold no more than {n} cards; nothing to discard",
    "you have no more than {n} resources; nothing to discard",
    "needs {n} digits, one per district",
    "position: {n} characters, more than a position has ({most})",
    "nobody has built for {count} moves, so the game should be over",
    "Nobody has built for {quiet} moves: unless somebody builds in this turn, the game ends with it.",
    "the computer thinking time must be between {low} and {high} seconds",
    "the game has reached {n} moves, the most a save can hold",
    "the save's computer thinking time is not between {low} and {high} seconds",
    "between {low} and {high} seconds",
    "Not ready for offline use: {missing} of {files} files are not stored ({size} MB are).",
    "{low}–{high} players.",
}
_COUNTED = re.compile(r"\{(\w+)\}(?:-\w+)? ([^\W\d_]+)")


def counted_singles(area: str) -> list[str]:
    """The single (non-plural) messages of ``area`` that put a count before a noun."""
    found = []
    for message in catalogs.extract(area):
        if isinstance(message.id, str) and message.id and message.id not in SINGLE and any(
                field in COUNTS and word.lower() not in NOT_NOUNS for field, word in _COUNTED.findall(message.id)):
            found.append(message.id)
    return found


@pytest.mark.parametrize("area", [area for area in catalogs.AREAS if area != "pages"])
def test_a_count_before_a_noun_takes_the_plural_forms(area: str) -> None:
    """``_("{n} figures")`` reads "1 figures" in English and "1 défaussées" in French: such a
    message is marked with ``ngettext`` (or argued into :data:`SINGLE`)."""
    assert counted_singles(area) == []


def test_the_plural_check_finds_a_count_before_a_noun(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "pygame_rules" / "x.py"
    source.parent.mkdir()
    source.write_text('_("{n} discarded")\n_("not {n}")\nngettext("{n} card", "{n} cards", n)\n')
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setitem(catalogs.AREAS, "core", ("pygame_rules/*.py",))
    assert counted_singles("core") == ["{n} discarded"]
