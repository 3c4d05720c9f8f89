"""Every text a person reads is marked for translation and translated into Dutch, German and French.

The catalogs and the checker are ``web/catalogs.py``; the runtime is ``pygame_rules/i18n.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import catalogs

from pygame_rules import i18n


@pytest.mark.parametrize("area", tuple(catalogs.AREAS))
def test_every_text_is_marked(area: str) -> None:
    found = catalogs.unmarked(area)
    assert not found, "texts not marked for translation (mark with _/N_/t, or `# i18n: internal`):\n" + \
        "\n".join(found)


@pytest.mark.parametrize("area", tuple(catalogs.AREAS))
def test_every_text_is_translated(area: str) -> None:
    found = catalogs.problems([area])
    assert not found, "catalogs are incomplete:\n" + "\n".join(found)


@pytest.mark.parametrize("area", tuple(catalogs.AREAS))
def test_shared_texts_are_translated_alike(area: str) -> None:
    """A text two areas share has one translation per language: the build keeps only one of them."""
    found = catalogs.conflicts([area])
    assert not found, "texts translated differently in two areas:\n" + "\n".join(found)


def test_conflicting_translations_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two areas giving one text two translations is reported, once, naming both."""
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    for area, word in (("tuerme", "Stein"), ("pages", "Spielstein"), ("babel", "Stein")):
        po = tmp_path / "de" / f"{area}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        po.write_text(f'msgid ""\nmsgstr ""\n\nmsgid "stone"\nmsgstr "{word}"\n', encoding="utf-8")
    found = catalogs.conflicts(["pages"])
    assert found == ["de: 'stone' is translated differently: tuerme.po: 'Stein'; babel.po: 'Stein'; "
                     "pages.po: 'Spielstein'"]
    assert catalogs.conflicts(["saba"]) == []


def test_each_file_belongs_to_one_area() -> None:
    seen: dict[Path, str] = {}
    for area in catalogs.AREAS:
        for path in catalogs.sources(area):
            assert path not in seen, f"{path} is in {seen[path]} and {area}"
            seen[path] = area


def test_compiled_catalogs_translate() -> None:
    """The compiled catalogs are read by Python's gettext, and English stays the source."""
    with i18n.using("de"):
        assert i18n._("New game") == "Neue Partie"
    assert i18n._("New game") == "New game"


def test_unmarked_javascript_and_html_are_found(tmp_path: Path) -> None:
    """The checker finds prose outside t()/tn() and outside data-i18n, and honours the exemption."""
    script = tmp_path / "page.js"
    script.write_text('show(t("Marked text here"));\nshow(`Not marked ${x} here`);\n'
                      'log("internal words here");  // i18n: internal\nconst css = "board-host side";\n')
    assert catalogs.unmarked_js(script) == [(2, "Not marked … here")]
    page = tmp_path / "page.html"
    page.write_text('<p data-i18n>Marked <b>text</b> here</p>\n<p>Plain text here</p>\n'
                    '<progress aria-label="Loading the game"></progress>\n'
                    '<span>Der Turmbau zu Babel</span> <!-- i18n: internal -->\n'
                    '<button aria-label="Close this now" data-i18n-attrs="aria-label">x</button>\n')
    assert catalogs.unmarked_html(page) == [(2, "Plain text here"), (3, "Loading the game")]


def test_page_texts_carry_the_pages_translations() -> None:
    """What the build puts into the app's page for i18n.js: its HTML and JS texts, per language."""
    texts = catalogs.page_texts()
    assert set(texts) == set(catalogs.LANGUAGES)
    assert texts["de"]["Starting the game engine…"] == "Die Spiel-Engine startet…"  # index.html
    assert texts["de"]["Opening the saved game…"] == "Die gespeicherte Partie wird geöffnet…"  # shell.js
    assert "New game" not in texts["de"]  # a Python text: Python translates it itself
