"""Build step that makes the site installable and usable offline (called last by ``web/build.py``).

* ``icons/``: our ``web/static/icon.svg`` and PNG renderings of it (resvg, at build time);
* ``manifest.webmanifest``: the web-app manifest (name, icons, colours, start URL);
* ``sw.js``: the service worker of ``web/static/sw.js`` with this release filled in: every file
  of the site with its SHA-256 and size, and a version hashing all of them.

The version changes with any byte of any file, so a rebuilt site is a new release that the
service worker installs beside the old one and swaps in whole (see ``web/static/sw.js``).
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import resvg_py

STATIC = Path(__file__).resolve().parent / "static"
#: What this step writes into the site (build.py clears them before a build).
OUTPUTS = ("icons", "manifest.webmanifest", "sw.js")
#: Files of the output folder that are not part of the site: the service worker itself (the
#: browser fetches it past every cache) and the folder's note for people.
NOT_CACHED = ("sw.js", "README.md")
PLACEHOLDER = '"@RELEASE@"'
PNG_SIZES = (192, 512)
#: The web-app manifest is one file in one language (English): browsers show its name and
#: description when the app is installed, before any page has chosen a language.
NAME = "pygame_rules: Babel, Saba, Spiel der Türme"  # i18n: internal (the games' names)
SHORT_NAME = "pygame_rules"
THEME_COLOUR = "#2b2118"  # the top bar (style.css --ink)
BACKGROUND_COLOUR = "#f6f1e7"  # the page (style.css --bg)


@dataclass(frozen=True)
class Asset:
    """One file of the site: its path from the site's root, its SHA-256 as a Subresource
    Integrity string, and its size in bytes."""

    path: str
    integrity: str
    size: int


@dataclass(frozen=True)
class Release:
    """The files the service worker stores, and the version that names their cache."""

    version: str
    assets: tuple[Asset, ...]

    @property
    def size(self) -> int:
        return sum(a.size for a in self.assets)


def build_offline(out: Path) -> Release:
    """Write the icons, the manifest and, over everything now in ``out``, the service worker."""
    icons = write_icons(out)
    write_manifest(out, icons)
    return write_service_worker(out)


def write_icons(out: Path) -> list[dict[str, str]]:
    """Copy the SVG icon and render its PNG sizes; return the manifest's ``icons`` entries.

    The SVG has a full-bleed background and keeps its drawing inside the maskable safe zone,
    so the largest PNG also serves as the maskable icon."""
    target = out / "icons"
    target.mkdir()
    svg = (STATIC / "icon.svg").read_text()
    (target / "icon.svg").write_text(svg)
    icons = [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    for size in PNG_SIZES:
        png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size, skip_system_fonts=True)
        (target / f"icon-{size}.png").write_bytes(png)
        icons.append({"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"})
    return [*icons, {**icons[-1], "purpose": "maskable"}]


def write_manifest(out: Path, icons: list[dict[str, str]]) -> None:
    """The web-app manifest; its URLs are relative to it, so the site works in any folder."""
    manifest = {
        "id": "./",
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": "Three German board games with exact rules, played offline in the browser.",  # i18n: internal
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2, ensure_ascii=False))


def release(out: Path, worker_source: str) -> Release:
    """Every file of the site in ``out`` (sorted by path) and the version over them and the
    service worker's own source, so that a changed worker is a new release too."""
    assets = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = path.relative_to(out).as_posix()
        if name in NOT_CACHED or name.endswith(".gz"):  # (a .gz is the host's copy of a listed file)
            continue
        data = path.read_bytes()
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        assets.append(Asset(name, f"sha256-{digest}", len(data)))
    version = hashlib.sha256(worker_source.encode())
    for asset in assets:
        version.update(f"{asset.path}\0{asset.integrity}\n".encode())
    return Release(version.hexdigest()[:16], tuple(assets))


def write_service_worker(out: Path) -> Release:
    """Write ``out/sw.js`` for the files now in ``out`` (call it after every other step)."""
    source = (STATIC / "sw.js").read_text()
    if source.count(PLACEHOLDER) != 1:
        raise SystemExit(f"web/static/sw.js must hold {PLACEHOLDER} exactly once")  # i18n: internal
    current = release(out, source)
    data = {"version": current.version, "assets": [[a.path, a.integrity, a.size] for a in current.assets]}
    (out / "sw.js").write_text(source.replace(PLACEHOLDER, json.dumps(data, separators=(",", ":"))))
    return current

