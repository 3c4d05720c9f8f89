"""The command-line renderer: ``python -m pygame_rules render GAME …``."""

from __future__ import annotations

import html.parser
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from pygame_rules import get_game
from pygame_rules.__main__ import main
from pygame_rules.examples import example, examples
from pygame_rules.i18n import language, with_lang
from pygame_rules.render_cli import DEFAULT_SEED, embed_snippet, parse_highlights

PICTURE_2 = example("tuerme", "picture-2")


def render(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["render", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_position_to_svg(capsys):
    code, out, err = render(capsys, "tuerme", "--position", PICTURE_2.position)
    assert code == 0 and err == ""
    game = get_game("tuerme")
    assert out.strip() == game.render_svg(PICTURE_2.start())
    assert ET.fromstring(out).tag.endswith("svg")


@pytest.mark.parametrize("name", ["babel", "saba", "tuerme"])
def test_without_a_position_the_start_of_a_new_game_is_drawn(capsys, name):
    game = get_game(name)
    code, out, err = render(capsys, name)
    assert code == 0 and err == ""
    assert out.strip() == game.render_svg(game.new_game(game.min_players, seed=DEFAULT_SEED))


def test_players_and_seed_choose_the_new_game(capsys):
    game = get_game("babel")
    code, out, _ = render(capsys, "babel", "--players", "5", "--seed", "9")
    assert code == 0
    assert out.strip() == game.render_svg(game.new_game(5, seed=9))
    _, other_seed, _ = render(capsys, "babel", "--players", "5", "--seed", "10")
    _, again, _ = render(capsys, "babel", "--players", "5", "--seed", "9")
    assert again == out != other_seed


def test_the_start_of_a_new_game_as_an_embed(capsys):
    game = get_game("saba")
    start = game.new_game(3, seed=4)
    code, out, _ = render(capsys, "saba", "--players", "3", "--seed", "4", "--viewer", "1", "--embed")
    assert code == 0
    attrs = _root_attributes(out)
    assert attrs["data-position"] == game.position_text(start) and attrs["data-viewer"] == "1"
    assert game.render_svg(start, 1) in out


def test_moves_are_played_and_the_final_position_drawn(capsys):
    ex = example("tuerme", "picture-1")
    code, out, _ = render(capsys, "tuerme", "--position", ex.position, "--moves", "d4-d6")
    assert code == 0
    assert out.strip() == get_game("tuerme").render_svg(ex.states()[-1])


def test_highlights_are_parsed_into_renderer_arguments(capsys):
    assert parse_highlights(["selected=d4", "targets=d1,d2", "tile=7,0", "offers=[1,2]", "harbour=3"]) == {
        "selected": "d4", "targets": ("d1", "d2"), "tile": (7, 0), "offers": (1, 2), "harbour": 3}
    code, out, _ = render(capsys, "tuerme", "--position", PICTURE_2.position,
                          "--highlight", "selected=d4", "--highlight", "targets=c4,b4")
    assert code == 0 and out.count('class="square target"') == 2 and 'class="square selected"' in out


def test_viewer_decides_what_hidden_cards_show(capsys):
    ex = example("babel", "offers")
    _, spectator, _ = render(capsys, "babel", "--position", ex.position)
    _, red, _ = render(capsys, "babel", "--position", ex.position, "--viewer", "red")
    _, seat0, _ = render(capsys, "babel", "--position", ex.position, "--viewer", "0")
    assert red == seat0 != spectator
    assert 'data-card="ship"' in red and 'data-card="ship"' not in spectator


@pytest.mark.parametrize("ex", examples(), ids=lambda ex: f"{ex.game}-{ex.name}")
def test_every_example_renders(capsys, ex):
    code, out, err = render(capsys, ex.game, "--example", ex.name)
    assert code == 0 and err == ""
    highlights = {} if ex.moves else ex.highlights  # they mark the starting position
    assert out.strip() == get_game(ex.game).render_svg(ex.states()[-1], ex.viewer, **highlights)


def test_embed_snippet_carries_the_starting_position_and_its_svg(capsys):
    ex = example("babel", "accept-one")
    code, out, _ = render(capsys, "babel", "--example", ex.name, "--embed")
    assert code == 0
    attrs = _root_attributes(out)
    assert attrs["data-pygame-rules"] == "babel" and attrs["data-position"] == ex.position
    assert attrs["data-moves"].split("\n") == list(ex.moves) and attrs["data-viewer"] == "0"
    assert "data-interactive" in attrs
    assert get_game("babel").render_svg(ex.start(), 0) in out


def test_embed_snippet_escapes_its_attributes():
    out = embed_snippet("tuerme", 'a"b<c>&', ["x' y"], None, "<svg/>")
    attrs = _root_attributes(out)
    assert attrs["data-position"] == 'a"b<c>&' and attrs["data-moves"] == "x' y"
    assert "<c>" not in out


@pytest.mark.parametrize("argv, message", [
    (["chess", "--position", "x"], "unknown game 'chess'"),
    (["tuerme", "--position", "14/14"], "bad tuerme position: a position has 8 fields"),
    (["saba", "--position", "saba n=9"], "bad saba position"),
    (["tuerme", "--position", PICTURE_2.position, "--moves", "d4-c4; d4-e4"], "move 2 ('d4-e4')"),
    (["tuerme", "--position", PICTURE_2.position, "--moves", "d4-e4"], "may only cover the same symbol"),
    (["tuerme", "--example", "picture-9"], "no example 'picture-9'"),
    (["babel", "--example", "offers", "--viewer", "7"], "the viewer must be a seat"),
    (["tuerme", "--example", "picture-2", "--highlight", "selected=z9"], "bad highlight for tuerme"),
    (["tuerme", "--example", "picture-2", "--highlight", "nonsense"], "key=value"),
    (["babel", "--players", "2"], "is for 3–5 players, not 2"),
    (["tuerme", "--position", PICTURE_2.position, "--seed", "3"], "--players and --seed choose a new game"),
    (["saba", "--example", "harbour", "--players", "2"], "cannot be used with --position or --example"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, message):
    code, out, err = render(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("render: error: ") and message in err


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_lang_chooses_the_language_of_the_board_and_the_messages(capsys, lang):
    ex = example("babel", "offers")
    game = get_game("babel")
    code, out, err = render(capsys, "babel", "--example", ex.name, "--lang", lang)
    assert code == 0 and err == ""
    assert out.strip() == with_lang(lang, game.render_svg, ex.states()[-1], ex.viewer)
    code, out, err = render(capsys, "babel", "--players", "2", "--lang", lang)
    expected = {"nl": "render: fout: Der Turmbau zu Babel is voor 3–5 spelers, niet 2",
                "de": "render: Fehler: Der Turmbau zu Babel ist für 3–5 Spieler, nicht 2",
                "fr": "render\u00a0: erreur\u00a0: Der Turmbau zu Babel se joue à 3–5 joueurs, et non 2"}[lang]
    assert (code, out, err.strip()) == (2, "", expected)
    assert language() == "en"  # the language is the command's only


def test_an_unknown_language_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit):
        render(capsys, "tuerme", "--lang", "pt")
    assert "invalid choice: 'pt'" in capsys.readouterr().err


def test_command_line_writes_a_file(tmp_path):
    target = tmp_path / "board.svg"
    done = subprocess.run([sys.executable, "-m", "pygame_rules", "render", "saba", "--example", "harbour",
                           "-o", str(target)], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout == ""
    assert target.read_text().startswith("<svg")


def _root_attributes(text: str) -> dict[str, str]:
    """The attributes of the first element in an HTML fragment, unescaped by a real parser."""
    found: dict[str, str] = {}

    class Parser(html.parser.HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if not found:
                found.update({k: v or "" for k, v in attrs})
                found["<tag>"] = tag

    Parser().feed(text)
    return found
