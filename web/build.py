"""Assemble the deployable static site in ``public/``.

Sources: ``web/static`` (page shell, styles, JS bootstrap, worker), ``web/webui``
(the PyScript front end, zipped), our ``pygame_rules`` wheel (both with Pyodide's bytecode
beside the sources: ``web/bytecode.py``), and the Pyodide and
PyScript runtimes from ``node_modules`` (installed from the pinned package-lock).
Everything the page loads ends up under ``public/``: no request leaves the host.

Usage: ``python web/build.py [--out public]``
"""

from __future__ import annotations

import argparse
import base64
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

import pyscript_package
from catalogs import compile_all as compile_catalogs
from catalogs import page_texts
from embed.pages import OUTPUTS as EMBED_OUTPUTS
from embed.pages import build_embed
from offline import OUTPUTS as OFFLINE_OUTPUTS
from offline import build_offline

from webui import pyscript_import

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE = ROOT / "node_modules"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Generated folders of public/; everything else there comes from web/static.
GENERATED = ("pyodide", "pyscript", "wheels", "app", "index.html", "pyscript.json", *EMBED_OUTPUTS,
             *OFFLINE_OUTPUTS)


def _copy_pyodide(out: Path) -> list[Path]:
    src = NODE / "pyodide"
    dst = out / "pyodide"
    dst.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, dst / name)
    _patch(dst / "pyodide.asm.mjs", [*EAGER, RESTORE, *FACTORY, SLEEP, RECEIVE, ASSIGN, LINK, UNDEFINED, *FINALIZE],
           ["restore_memory.js", "module_in_tasks.js"])
    _patch(dst / "pyodide.mjs", [BOOTSTRAP], ["bootstrap_in_tasks.js"])
    # The files Pyodide fetches (the .mjs files are imported, not fetched): the page's progress bar.
    return [dst / name for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")]


# The pieces of the pinned Pyodide that the build changes, each (what is there, what takes its
# place); most call functions that files in web/ add to it:
#: Its module factory, one function holding nearly all of its 1.2 MB, written as a function
#: expression in parentheses: V8 then compiles it eagerly with the module, off the page's thread,
#: instead of when it is first called (a return visit's longest task: 101 → 73 ms, median of 5).
EAGER = [("async function _createPyodideModule(moduleArg={}){",
          "var _createPyodideModule=(async function(moduleArg={}){"),
         ("return moduleRtn}export default _createPyodideModule;",
          "return moduleRtn});export default _createPyodideModule;")]
#: Where its snapshot restore writes Python's whole memory image (web/restore_memory.js).
RESTORE = ("return Module.HEAP8.set(t),l}", "return pygameRulesRestoreMemory(Module.HEAP8,t),l}")
#: Two places in its module factory, before its WebAssembly is instantiated, where it pauses
#: (web/module_in_tasks.js): before it sets up its file system, and before it sets up the
#: JavaScript side of Python's objects (the factory ran as one task of 55–100 ms).
FACTORY = [("FS.preloadFile=FS_preloadFile;FS.staticInit();",
            "FS.preloadFile=FS_preloadFile;await pygameRulesPause();FS.staticInit();"),
           ("return word}pyodide_js_init();", "return word}await pygameRulesPause();pyodide_js_init();")]
#: A shared WebAssembly memory that Pyodide's JavaScript side makes as it is set up, for its sleep
#: between retries of a read that would block (Atomics.wait, which a page's thread may not call
#: anyway): made when first needed instead. Making it was 44–108 ms of that set-up's task on
#: returning visits (performance marks between its statements), nearly all of the task.
SLEEP = ("var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
         "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}",
         "var io;function so(t){try{io??=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1})"
         ".buffer);return Atomics.wait(io,0,0,t),!0}catch{return!1}}")
#: Where it takes in the exports of its WebAssembly once instantiated, in tasks of their own (web/
#: module_in_tasks.js): it enters them among the symbols it links a slice at a time (200 a
#: call), converts some signatures, then gives each a variable (one task of 50–75 ms before).
RECEIVE = ('function receiveInstance(instance,module){wasmExports=instance.exports;var origExports=wasmExports;'
           'mergeLibSymbols(wasmExports,"main");var metadata=getDylinkMetadata(module);',
           'async function receiveInstance(instance,module){wasmExports=instance.exports;var origExports='
           'wasmExports;await pygameRulesObjectInSlices(wasmExports,(exports)=>mergeLibSymbols(exports,"main"));'
           'await pygameRulesPause();var metadata=getDylinkMetadata(module);')
ASSIGN = ("wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);",
          "wasmExports=applySignatureConversions(wasmExports);await pygameRulesPause();assignWasmExports(wasmExports);")
#: Where it links its WebAssembly once instantiated: maps the table's functions (the first
#: getFunctionAddress), places its exports (updateGOT) and links its imports, each in a task of
#: its own (web/module_in_tasks.js); the exports and the imports a slice of tasks at a time
#: (pygameRulesInSlices: 25–80 ms each in one task on a first visit; each JavaScript function
#: among the imports gets a small WebAssembly module of its own), unless there are dynamic
#: libraries to load first (loadDylibs, as before).
LINK = ("updateGOT(origExports);LDSO.init();loadDylibs();",
        "pygameRulesInTasks(addRunDependency,removeRunDependency,()=>getFunctionAddress(pygameRulesInTasks),"
        "()=>pygameRulesObjectInSlices(origExports,updateGOT),"
        "()=>{LDSO.init();return dynamicLibraries.length?loadDylibs():"
        "pygameRulesInSlices(Object.entries(GOT),reportUndefinedSymbols)});")
#: Its link of the imports, for some of them (by default all, as before).
UNDEFINED = ("var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){",
             "var reportUndefinedSymbols=(entries=Object.entries(GOT))=>{for(var[symName,entry]of entries){")
#: Python's own start-up code, one task of 45–95 ms, in four (web/module_in_tasks.js): it pauses
#: after the JavaScript side is set up (about 11 ms), after Pyodide's core module is imported
#: (14 ms) and after its first evaluation of Python code (17 ms). loadPyodide awaits it.
FINALIZE = [("API.finalizeBootstrap=function(t,e){t&&Wr();let[r,n]=API.rawRun(",
             "API.finalizeBootstrap=async function(t,e){t&&Wr();await pygameRulesPause();let[r,n]=API.rawRun("),
            ("r&&API.fatal_loading_error(`Failed to import _pyodide_core\\n`,n),API.runPythonInternal_dict=",
             "r&&API.fatal_loading_error(`Failed to import _pyodide_core\\n`,n);await pygameRulesPause();"
             "API.runPythonInternal_dict="),
            (',API.importlib=API.runPythonInternal("import importlib; importlib");',
             ';await pygameRulesPause();API.importlib=API.runPythonInternal("import importlib; importlib");')]
#: Where loadPyodide restores the snapshot and starts Python's own code, in the task that
#: received the compiled WebAssembly (web/bootstrap_in_tasks.js).
BOOTSTRAP = ("Fe(r,t);let a=Ae(r,s,t);", "Fe(r,t);let a=await pygameRulesBootstrap(r.API,s,t._snapshotDeserializer);")


def _patch(module: Path, changes: list[tuple[str, str]], appendices: list[str]) -> None:
    """Make ``changes`` to ``module`` of the pinned Pyodide or PyScript and add the files
    ``appendices`` (in web/) to it, whose functions the changes call; stop the build when a
    piece to change is not there exactly once (another version: check the changes in
    web/build.py and those files against it)."""
    text = module.read_text()
    for old, new in changes:
        if text.count(old) != 1:
            raise SystemExit(f"{module}: the code to patch is not there once; check web/build.py's changes "
                             f"{' and web/'.join(['', *appendices])} against this version")
        text = text.replace(old, new)
    module.write_text(text + "".join((WEB / name).read_text() for name in appendices))


#: Where PyScript's bundle makes the Python code that writes its package's files on the page (for
#: each: its path, the folder made if missing, the text written): the build leaves it all out
#: (web/pyscript_package.py: the page has the files).
PYSCRIPT_WRITES = ("wo=(e,t)=>{for(const[n,r]of yo(t))if(go.path(", "wo=(e,t)=>{for(const[n,r]of[])if(go.path(")
#: Where that code then imports the package: the build makes it import the package a module at
#: a time (web/webui/pyscript_import.py, from webui.zip). The line uses top-level ``await``,
#: which PyScript allows in the scripts it runs asynchronously, as it does the app's (index.html).
PYSCRIPT_IMPORT = ('ho.push("import pyscript as _pyscript")',
                   'ho.push("from webui.pyscript_import import import_in_tasks as _import_in_tasks",'
                   '"_pyscript = await _import_in_tasks()","del _import_in_tasks")')


def _copy_pyscript(out: Path) -> None:
    dst = out / "pyscript"
    dst.mkdir(parents=True)
    for path in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, dst / path.name)
    _patch(pyscript_package.chunk(dst), [PYSCRIPT_WRITES, PYSCRIPT_IMPORT], [])
    files = pyscript_package.sources(dst)
    unknown = pyscript_package.imported_by_init(files) - set(pyscript_import.MODULES)
    gone = {name for name in pyscript_import.MODULES if f"pyscript/{name}.py" not in files}
    if unknown or gone:
        raise SystemExit(f"PyScript's package: check web/webui/pyscript_import.py's MODULES against "
                         f"it (its __init__ imports {sorted(unknown)} besides them; {sorted(gone)} are "
                         "not in it)")


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
    """The front end's package ``webui``, and PyScript's package as PyScript writes it on the page
    (web/pyscript_package.py), for the page's working folder."""
    target = out / "app" / "webui.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((WEB / "webui").rglob("*.py")):
            zf.write(path, path.relative_to(WEB).as_posix())
        for name, text in pyscript_package.sources(out / "pyscript").items():
            zf.writestr(name, text.encode("utf-8"))
    return target


# ------------------------------------------------------------ Content-Security-Policy
#: What a page that runs Python needs beyond files of its own origin: compiling WebAssembly
#: (Pyodide), and on the app's page ``Function()``, with which PyScript composes its hooks
#: (``'unsafe-eval'``; the first visit's worker and the embed's frame load Pyodide without PyScript).
RUNTIME_SCRIPTS = {"index.html": ("'wasm-unsafe-eval'", "'unsafe-eval'"),
                   "embed/frame.html": ("'wasm-unsafe-eval'",)}
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
    compile_catalogs(out / "app" / "locale")  # .mo files into the package, before the wheel
    wheel = _build_wheel(out)
    webui = _zip_webui(out)
    # Pyodide under Node compiles these and its standard library to its bytecode (web/bytecode.py),
    # before anything hashes them or counts their bytes
    subprocess.run(["node", str(WEB / "bytecode.mjs"), str(wheel), str(webui),
                    str(out / "pyodide" / "python_stdlib.zip")], check=True)
    (out / "pyscript.json").write_text(json.dumps({
        # Pyodide, from a Python snapshot when there is one, with our wheel in site-packages and
        # webui.zip in the working folder (unpacked in slices there, not by PyScript's "files")
        "interpreter": "./app/pyodide-boot.mjs",
    }, indent=2))
    manifest = {
        "wheel": wheel.name,
        # names the Python snapshot of this code (app/snapshot.js)
        "code_sha256": hashlib.sha256(wheel.read_bytes() + webui.read_bytes()).hexdigest(),
        "runtime_bytes": sum(p.stat().st_size for p in (*runtime, wheel, webui)),
        # of those, Pyodide's WebAssembly: counted as in once a worker hands it compiled (app/loader.js)
        "wasm_bytes": (out / "pyodide" / "pyodide.asm.wasm").stat().st_size,
    }
    page = (WEB / "static" / "index.html").read_text()
    (out / "index.html").write_text(page.replace("@MANIFEST@", json.dumps(manifest))
                                    .replace("@TEXTS@", _texts_json()))
    build_embed(out, manifest)  # embed runtime, gallery.html and rules/ (see web/embed/pages.py)
    add_content_security_policy(out)  # before the service worker hashes the pages
    build_offline(out)  # icons, web-app manifest, service worker over all of the above (web/offline.py)
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
