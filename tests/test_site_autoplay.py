"""A step with only one possible action played for the person, and a discard chosen in one go,
in Chromium (the same in CPython, with more cases: ``tests/test_screens_autoplay.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_helpers import axe, describe, import_save
from test_screens_autoplay import kinds_session

from site_helpers import click_board, log_texts, settled

pytestmark = pytest.mark.browser


def test_a_saba_turn_skips_end_building_and_discards_at_once(app: Any, tmp_path: Path) -> None:
    """Saba, seed 1, after 87 random moves, Ann against a computer: she takes H4, which leaves her
    nothing to build: "End building" is played for her and marked in the log. She is 4 over the
    resource limit: a click on her alabaster asks how much, and "Discard 4 alabaster" discards
    four at once."""
    import_save(app, kinds_session("saba", ("human", "easy"), 1, 87).to_text(), tmp_path)
    before = len(app.evaluate("() => [...document.querySelectorAll('#log li[data-ply]')]"))
    click_board(app, app.locator("#board [data-harbour='4']").first)
    app.locator("#log .log-auto").first.wait_for()
    auto = app.locator("#log li[data-ply]:has(.log-auto) button").all_text_contents()
    assert auto == ["P1: end building"], auto
    assert "Discard down to" in app.locator("#prompt").inner_text()
    click_board(app, app.locator("#board [data-resource='a'][data-player='0']").first)
    settled(app)
    assert app.locator("#prompt").inner_text() == "Discard how much alabaster?"
    labels = app.locator("#game-buttons button").all_text_contents()
    assert labels == [f"Discard {n} alabaster" for n in range(1, 5)] + ["Cancel"], labels
    violations = axe(app)
    assert violations == [], describe(violations)
    app.locator("#game-buttons button", has_text="Discard 4 alabaster").click()
    settled(app)
    assert log_texts(app)[-4:] == ["P1: discard 1 alabaster"] * 4
    assert len(app.evaluate("() => [...document.querySelectorAll('#log li[data-ply]')]")) >= before + 5
    assert "End turn" in app.locator("#game-buttons button").all_text_contents()
