"""Assemble the deployable static site in ``public/``.

Sources: ``web/static`` (page shell, styles, JS bootstrap, worker), ``web/webui``
(the PyScript front end, zipped), our ``pygame_rules`` wheel, and the Pyodide and
PyScript runtimes from ``node_modules`` (installed from the pinned package-lock).
Everything the page loads ends up under ``public/``: no request leaves the host.

Usage: ``python web/build.py [--out public]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from embed.pages import OUTPUTS as EMBED_OUTPUTS
from embed.pages import build_embed

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
CACHE = ROOT / "build" / "cache"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Generated folders of public/; everything else there comes from web/static.
GENERATED = ("pyodide", "pyscript", "wheels", "app", "index.html", "pyscript.json", *EMBED_OUTPUTS)


def _copy_pyodide(out: Path) -> list[Path]:
    src = NODE / "pyodide"
    dst = out / "pyodide"
    dst.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, dst / name)
    lock_path = dst / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    micropip = lock["packages"]["micropip"]
    wheel = _micropip_wheel(micropip["file_name"])
    shutil.copy2(wheel, dst / wheel.name)
    # Pyodide's own build of micropip is not byte-identical to PyPI's: point the lock at ours.
    micropip["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock))
    # The files Pyodide fetches (the .mjs files are imported, not fetched): the page's progress bar.
    return [dst / name for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")]


def _micropip_wheel(file_name: str) -> Path:
    wheel = CACHE / file_name
    if not wheel.exists():
        version = file_name.split("-")[1]
        CACHE.mkdir(parents=True, exist_ok=True)
        # micropip needs Python >= 3.13 (Pyodide's), so ask pip for a 3.14 wheel explicitly.
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        f"micropip=={version}", "--python-version", "3.14",
                        "--only-binary=:all:", "-d", str(CACHE)], check=True)
    return wheel


def _copy_pyscript(out: Path) -> None:
    dst = out / "pyscript"
    dst.mkdir(parents=True)
    for path in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, dst / path.name)


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
    target = out / "app" / "webui.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((WEB / "webui").rglob("*.py")):
            zf.write(path, path.relative_to(WEB).as_posix())
    return target


def build(out: Path) -> dict[str, Any]:
    for name in GENERATED:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    out.mkdir(exist_ok=True)
    if not (NODE / "pyodide").is_dir():
        raise SystemExit("node_modules is missing: run `npm ci` first (or `make build`)")
    runtime = _copy_pyodide(out)
    _copy_pyscript(out)
    shutil.copytree(WEB / "static" / "app", out / "app")
    wheel = _build_wheel(out)
    webui = _zip_webui(out)
    (out / "pyscript.json").write_text(json.dumps({
        "interpreter": "./pyodide/pyodide.mjs",
        "files": {f"./wheels/{wheel.name}": "./*", "./app/webui.zip": "./*"},
    }, indent=2))
    manifest = {
        "wheel": wheel.name,
        "runtime_bytes": sum(p.stat().st_size for p in (*runtime, wheel, webui)),
    }
    page = (WEB / "static" / "index.html").read_text()
    (out / "index.html").write_text(page.replace("@MANIFEST@", json.dumps(manifest)))
    build_embed(out, manifest)  # embed runtime, gallery.html and rules/ (see web/embed/pages.py)
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
