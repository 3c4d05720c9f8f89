"""The built site's Python comes with Pyodide's bytecode (``web/bytecode.py``), so that browsers
import without compiling: checked by installing the built archives into the built site's Pyodide
under Node the way the browser does, and importing every module of ours; and on the page for
PyScript's own package (``web/pyscript_package.py``), which only the page imports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from site_helpers import node_json, wait_ready

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


#: Keeps the page's Python for the test, through PyScript's public hooks (the app exposes none).
KEEP_PYTHON = """
import("/pyscript/core.js").then(({ hooks }) => {
  hooks.main.onReady.add((wrap) => { window.pgrTestPython = wrap.interpreter; });
});
"""
#: For each module of PyScript's package that Python imported: whether the bytecode beside its
#: file is hash-checked and holds the hash of the text there (what PyScript wrote), so that
#: Python's importer took the bytecode and compiled nothing.
FROM_BYTECODE = """
import importlib.util, json, sys
found = {}
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""  # (pyscript.js_modules is no file)
    if (name == "pyscript" or name.startswith("pyscript.")) and path.endswith(".py"):
        source = open(path, "rb").read()
        try:
            pyc = open(importlib.util.cache_from_source(path), "rb").read()
        except OSError:
            pyc = b""
        found[name] = pyc[4:8] == b"\\x03\\x00\\x00\\x00" and pyc[8:16] == importlib.util.source_hash(source)
json.dumps(found)
"""


def test_the_page_imports_pyscripts_package_from_bytecode(page: Any, guard: Any, site_url: str) -> None:
    page.add_init_script(KEEP_PYTHON)
    page.goto(site_url)
    wait_ready(page)
    found = json.loads(page.evaluate("(code) => window.pgrTestPython.runPython(code)", FROM_BYTECODE))
    assert {"pyscript", "pyscript.context", "pyscript.display", "pyscript.events"} <= set(found)
    assert [name for name, valid in found.items() if not valid] == []
