"""Pyodide's restore of a Python snapshot, as the built site patches it (``web/restore_memory.js``):
the pages that are zero in the snapshot, about half of its 31 MB, are not written into the fresh
memory, so a restored page holds about as much memory as a fresh boot (issue 25: a returning
visitor's renderers 302 → 288 MB, 1.26 → 1.20 times the bare Pyodide page). Checked under Node
with the built site's Pyodide (``tests/restore_memory.mjs``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_helpers import node_json

pytestmark = pytest.mark.browser  # needs the built site, as the browser tests do (not `make test-quick`)


def test_a_restored_python_has_what_the_snapshot_held(site_dir: Path) -> None:
    found = node_json("restore_memory.mjs", str(site_dir))
    assert found["patched"]  # the site's Pyodide restores through web/restore_memory.js
    assert found["restored"] == found["expected"]
    assert found["cases"] == [True] * 4  # junk where the image is zero is cleared; odd images copied whole
