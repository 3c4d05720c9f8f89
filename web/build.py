"""Assemble the deployable static site in ``public/``.

Sources: ``web/static`` (page shell, styles, the page's scripts, the app's worker), ``web/webui``
(the app's Python, zipped), our ``pygame_rules`` wheel (both with Pyodide's bytecode beside the
sources: ``web/bytecode.py``), and the Pyodide and PyScript runtimes from ``node_modules``
(installed from the pinned package-lock), copied exactly as their packages publish them.
Everything the page loads ends up under ``public/``: no request leaves the host. The start
screen is drawn here, by the app's own Python, in every language (readable before Python has
arrived in the browser), and each large file gets compressed copies beside it for servers that
send them (``web/serve.py`` does).

Usage: ``python web/build.py [--out public]``
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from catalogs import compile_all as compile_catalogs
from catalogs import page_texts
from embed.pages import OUTPUTS as EMBED_OUTPUTS
from embed.pages import build_embed
from offline import OUTPUTS as OFFLINE_OUTPUTS
from offline import build_offline

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE = ROOT / "node_modules"

#: The files of Pyodide's package that ``loadPyodide`` fetches or imports.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Generated folders of public/; everything else there comes from web/static.
GENERATED = ("pyodide", "pyscript", "wheels", "app", "examples", "index.html", "editor.html", "diagram.html",
             *EMBED_OUTPUTS, *OFFLINE_OUTPUTS)
#: The app's pages, each the page ``web/static/index.html`` with another first screen (``App.start``)
#: and title: the start screen, and the position editor.
APP_PAGES = {"index.html": ("home", ""), "editor.html": ("editor", "Position editor")}
#: Files at least this large get compressed copies (``.gz``; smaller ones gain little).
COMPRESS_FROM = 4096
#: The kinds of file worth compressing (the wheels and archives are zips already).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".webmanifest", ".py")


def _copy_pyodide(out: Path) -> list[Path]:
    """Pyodide's files as its package has them; the ones the page's worker fetches (for the
    manifest's count of what a first visit downloads)."""
    dst = out / "pyodide"
    dst.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, dst / name)
    return [dst / name for name in PYODIDE_FILES]


def _copy_pyscript(out: Path) -> None:
    """PyScript's distribution as its package has it, for pages that write their own Python
    with the engines (README: "Using the engines")."""
    dst = out / "pyscript"
    dst.mkdir(parents=True)
    for path in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, dst / path.name)


def _copy_examples(out: Path, wheel: Path) -> None:
    """The example pages of ``web/static/examples`` (pages of one's own that load the engines
    through PyScript, README: "Using the engines from Python"), with the wheel's file name."""
    dst = out / "examples"
    dst.mkdir(parents=True)
    for path in sorted((WEB / "static" / "examples").glob("*.html")):
        (dst / path.name).write_text(path.read_text().replace("@WHEEL@", wheel.name))


def _build_wheel(out: Path) -> Path:
    dst = out / "wheels"
    dst.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(dst), str(ROOT)], check=True)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    shutil.rmtree(ROOT / "build" / "bdist.linux-x86_64", ignore_errors=True)
    (wheel,) = dst.glob("pygame_rules-*.whl")
    return wheel


def _zip_webui(out: Path) -> Path:
    """The app's Python (the package ``webui``), for the worker's working folder."""
    target = out / "app" / "webui.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((WEB / "webui").rglob("*.py")):
            zf.write(path, path.relative_to(WEB).as_posix())
    return target


# ------------------------------------------------------------ Content-Security-Policy
#: What a page whose worker runs Python needs beyond files of its own origin: compiling
#: WebAssembly (Pyodide), for browsers that give a worker its page's policy.
RUNTIME_SCRIPTS = {"index.html": ("'wasm-unsafe-eval'",), "editor.html": ("'wasm-unsafe-eval'",),
                   "embed/frame.html": ("'wasm-unsafe-eval'",),
                   # PyScript compiles its hooks with ``Function`` (core.js's onBeforeRunAsync),
                   # Pyodide compiles WebAssembly, both on the page itself: no strict page of the app
                   "examples/pyscript.html": ("'unsafe-eval'", "'wasm-unsafe-eval'")}
#: Inline scripts, and the ``type`` of one that is data, not code (JSON, Python).
_INLINE_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)
_OTHER_TYPE = re.compile(r"""\btype\s*=\s*["']?(?!module\b|text/javascript\b)""", re.IGNORECASE)
_STYLE_ELEMENT = re.compile(r"<style\b[^>]*>(.*?)</style>", re.DOTALL)
_STYLE_ATTRIBUTE = re.compile(r'\sstyle="([^"]*)"')
_EMBED_STYLE = re.compile(r"const STYLE = `(.*?)`;", re.DOTALL)


def add_content_security_policy(out: Path) -> None:
    """Give every page of the site ``out`` a strict Content-Security-Policy meta tag (static
    hosts can't be trusted to send the header): nothing from another origin, no plugin, no
    inline script but the page's own, which the policy names by hash; inline styles only
    those our board renderers and embed.js write, also by hash (a style from anywhere else,
    say a colour smuggled into a save, is refused). A meta tag can't set ``frame-ancestors``
    (browsers ignore it there), so every page stays embeddable, as the embed's frame must."""
    styles = " ".join(sorted({_csp_hash(text) for text in _inline_styles()}))
    for page in sorted(out.rglob("*.html")):
        name = page.relative_to(out).as_posix()
        if name.startswith(("pyodide/", "pyscript/")):
            continue
        html_text = page.read_text()
        scripts = [_csp_hash(body) for attrs, body in _INLINE_SCRIPT.findall(html_text)
                   if "src=" not in attrs and not _OTHER_TYPE.search(attrs)]
        policy = "; ".join([
            "default-src 'none'",
            " ".join(["script-src 'self'", *scripts, *RUNTIME_SCRIPTS.get(name, ())]),
            f"style-src 'self' 'unsafe-hashes' {styles}",
            "img-src 'self' data:", "font-src 'self'", "connect-src 'self'", "worker-src 'self'",
            "frame-src 'self'", "manifest-src 'self'", "base-uri 'none'", "form-action 'none'",
        ])
        charset = '<meta charset="utf-8">'
        if charset not in html_text:
            raise SystemExit(f"{name}: no {charset} to put the Content-Security-Policy after")
        page.write_text(html_text.replace(
            charset, f'{charset}\n  <meta http-equiv="Content-Security-Policy" content="{policy}">', 1))


def _import_checkout() -> None:
    """Let ``import pygame_rules`` find this checkout's package (build.py runs from a
    checkout, not an installed package)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _inline_styles() -> set[str]:
    """Every inline style the site writes: embed.js's style sheet, and the ``<style>``
    elements and ``style`` attributes of the boards, as the renderers draw each game's
    rulebook examples (the same code draws every board of the app)."""
    _import_checkout()
    from pygame_rules import get_game
    from pygame_rules.examples import examples

    found = set(_EMBED_STYLE.findall((WEB / "embed" / "embed.js").read_text()))
    if not found:
        raise SystemExit("embed.js has no `const STYLE = `...`;` for the policy to allow")
    for ex in examples():
        svg = get_game(ex.game).render_svg(ex.start(), ex.viewer, **ex.highlights)
        found.update(html.unescape(text) for text in _STYLE_ELEMENT.findall(svg))
        found.update(html.unescape(text) for text in _STYLE_ATTRIBUTE.findall(svg))
    return found


def _csp_hash(text: str) -> str:
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return f"'sha256-{digest}'"


def _texts_json() -> str:
    """The page's texts in every language and the languages' own names, for ``app/i18n.js``
    (JSON that can sit in a ``<script>`` element)."""
    _import_checkout()
    from pygame_rules.i18n import NATIVE_NAMES

    data = {"names": NATIVE_NAMES, "texts": page_texts()}
    return json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def _start_screens(screen: str) -> dict[str, str]:
    """The first screen ``screen`` (see :data:`APP_PAGES`) in each language, as the app's Python
    draws it (with no saved game: the worker draws the live one over it, listing the saved games)."""
    _import_checkout()
    from pygame_rules.i18n import LANGUAGES, use
    from webui.app import App
    from webui.page import Page

    screens = {}
    for lang in LANGUAGES:
        page = Page()
        App(page, {}, lang=lang).start(screen)
        (screen,) = [args[1] for name, *args in page.flush() if name == "html" and args[0] == "app"]
        screens[lang] = screen
    use("en")
    return screens


def _app_page(manifest: dict[str, Any], screen: str, title: str) -> str:
    """An app's page: its manifest and texts, and its first screen ``screen`` in English in place
    and in every language as a template (``app/i18n.js`` shows the reader's); ``title``, if any,
    before the site's in the page's title (the page's own script translates it)."""
    screens = _start_screens(screen)
    templates = "\n  ".join(f'<template id="start-{lang}">{shown}</template>' for lang, shown in screens.items())
    page = (WEB / "static" / "index.html").read_text()
    if title:
        page = re.sub(r"<title>(.*?)</title>", lambda m: f"<title>{html.escape(title)} · {m[1]}</title>", page, count=1)
    return (page.replace("@MANIFEST@", json.dumps(manifest)).replace("@TEXTS@", _texts_json())
            .replace("@SCREEN@", screen).replace("@START@", screens["en"]).replace("@START_TEMPLATES@", templates))


def _diagram_page() -> str:
    """The page that shows a position as a live diagram (``app/diagram.js`` reads it from the
    page's address): ``web/static/diagram.html`` with the page's texts."""
    return (WEB / "static" / "diagram.html").read_text().replace("@TEXTS@", _texts_json())


def compress(out: Path) -> int:
    """A ``.gz`` copy beside every large file of the site that compresses (what a static host's
    precompression does; ``web/serve.py`` sends them to browsers that accept them); the bytes
    they save."""
    saved = 0
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= COMPRESS_FROM:
            data = path.read_bytes()
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) < len(data) * 0.9:
                path.with_name(path.name + ".gz").write_bytes(packed)
                saved += len(data) - len(packed)
    return saved


def build(out: Path) -> dict[str, Any]:
    for name in GENERATED:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    for stale in out.glob("*.gz"):
        stale.unlink()
    out.mkdir(exist_ok=True)
    if not (NODE / "pyodide").is_dir():
        raise SystemExit("node_modules is missing: run `npm ci` first (or `make build`)")
    runtime = _copy_pyodide(out)
    _copy_pyscript(out)
    shutil.copytree(WEB / "static" / "app", out / "app")
    compile_catalogs()  # .mo files into the package, before the wheel
    wheel = _build_wheel(out)
    webui = _zip_webui(out)
    _copy_examples(out, wheel)
    # Pyodide under Node compiles these and a copy of its standard library to its bytecode
    # (web/bytecode.py), before anything hashes them or counts their bytes; the worker loads that
    # copy (loadPyodide's stdLibURL), Pyodide's own folder stays as released
    stdlib = out / "app" / "python_stdlib.zip"
    shutil.copy2(out / "pyodide" / "python_stdlib.zip", stdlib)
    subprocess.run(["node", str(WEB / "bytecode.mjs"), str(wheel), str(webui), str(stdlib)], check=True)
    _import_checkout()
    from webui.app import MAX_FILE

    manifest = {
        "wheel": wheel.name,
        # what the worker fetches: Pyodide's files but its standard library, ours, our code
        "runtime_bytes": sum(p.stat().st_size for p in (*runtime, stdlib, wheel, webui) if p.parent.name != "pyodide"
                             or p.name != "python_stdlib.zip"),
        # the largest file an import reads at all (webui/app.py)
        "max_file": MAX_FILE,
    }
    for name, (screen, title) in APP_PAGES.items():
        (out / name).write_text(_app_page(manifest, screen, title))
    (out / "diagram.html").write_text(_diagram_page())
    build_embed(out, manifest)  # embed runtime, gallery.html and rules/ (see web/embed/pages.py)
    add_content_security_policy(out)  # before the service worker hashes the pages
    build_offline(out)  # icons, web-app manifest, service worker over all of the above (web/offline.py)
    compress(out)
    return manifest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "public")
    args = parser.parse_args()
    manifest = build(args.out.resolve())
    total = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(f"built {args.out} ({total / 1e6:.1f} MB on disk; the page downloads "
          f"{manifest['runtime_bytes'] / 1e6:.1f} MB of runtime and code)")


if __name__ == "__main__":
    main()
