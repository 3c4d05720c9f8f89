"""The runtime ships exactly as released: every Pyodide and PyScript code file of the built site is
byte for byte the npm package's file, and the site's own scripts replace no browser global.

An upgrade of Pyodide or PyScript is then a version bump in ``package.json`` and a rebuild
(``docs/startup.md``). The site's standard library is a copy of Pyodide's compiled to its bytecode by
the build, with Pyodide itself under Node (``web/bytecode.py``), in ``app/``: Pyodide's own folder
has every file of the package as it is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser  # needs the built site, as the browser tests do (not `make test-quick`)

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
CODE = (".js", ".mjs", ".wasm", ".css", ".json")
#: Assignments that would replace (or patch) what the browser or a runtime provides.
REPLACED = re.compile(r"\b(?:globalThis|window|self)\.(?:fetch|WebAssembly|MutationObserver|Worker)\s*=|"
                      r"\bWebAssembly\.\w+\s*=(?!=)|\bfetch\s*=(?!=)")


def shipped(site: Path, folder: str, package: Path) -> list[tuple[Path, Path]]:
    pairs = [(path, package / path.name) for path in sorted((site / folder).iterdir()) if path.suffix in CODE]
    assert pairs, f"no code files in {folder}/"
    return pairs


def test_pyodide_and_pyscript_are_the_packages_files(site_dir: Path) -> None:
    stdlib = "python_stdlib.zip"
    assert (site_dir / "pyodide" / stdlib).read_bytes() == (NODE / "pyodide" / stdlib).read_bytes()
    pairs = shipped(site_dir, "pyodide", NODE / "pyodide") + \
        shipped(site_dir, "pyscript", NODE / "@pyscript" / "core" / "dist")
    different = [str(ours.relative_to(site_dir)) for ours, theirs in pairs
                 if not theirs.is_file() or ours.read_bytes() != theirs.read_bytes()]
    assert different == [], f"not as released: {different}"


def test_the_versions_shipped_are_the_pinned_ones(site_dir: Path) -> None:
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]
    for name, package in (("pyodide", NODE / "pyodide"), ("@pyscript/core", NODE / "@pyscript" / "core")):
        assert json.loads((package / "package.json").read_text())["version"] == pinned[name]
    assert f'"{pinned["pyodide"]}"' in (site_dir / "pyodide" / "pyodide.mjs").read_text()


def test_the_sites_own_scripts_replace_no_browser_global(site_dir: Path) -> None:
    ours = [path for folder in ("app", "embed") for path in (site_dir / folder).rglob("*.js")]
    ours.append(site_dir / "sw.js")
    found = [f"{path.relative_to(site_dir)}: {match.group()}" for path in ours
             for match in REPLACED.finditer(path.read_text())]
    assert found == []
