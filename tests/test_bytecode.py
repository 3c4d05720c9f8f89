"""The built site's Python comes with Pyodide's bytecode (``web/bytecode.py``), so that browsers
import without compiling: checked by installing the built archives into the built site's Pyodide
under Node the way the browser's workers do, and importing every module of ours."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from site_helpers import node_json

pytestmark = pytest.mark.browser  # needs the built site, as the browser tests do (not `make test-quick`)

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = re.compile(r'<script type="application/json" id="asset-manifest">(.*?)</script>')


def test_pyodide_imports_our_modules_and_its_standard_library_from_bytecode(site_dir: Path) -> None:
    found = node_json("bytecode_imports.mjs", str(site_dir))
    assert {"pygame_rules.tuerme.rules", "pygame_rules.service", "webui.markup", "webui.app"} <= set(found["imported"])
    assert found["compiled"] == []  # neither ours nor the standard library's modules they import


def test_a_build_from_the_same_sources_makes_the_same_archives(site_dir: Path, tmp_path: Path) -> None:
    """The snapshot's key hashes our archives: building again must not change it, nor them."""
    if site_dir.resolve() != (ROOT / "public").resolve():
        pytest.skip("compares a new build with public/, built from this checkout")
    subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "--out", str(tmp_path)], check=True,
                   capture_output=True, timeout=600)
    again = json.loads(MANIFEST.search((tmp_path / "index.html").read_text())[1])
    assert again == json.loads(MANIFEST.search((site_dir / "index.html").read_text())[1])
    for name in (f"wheels/{again['wheel']}", "app/webui.zip", "app/python_stdlib.zip"):
        assert (tmp_path / name).read_bytes() == (site_dir / name).read_bytes(), name
