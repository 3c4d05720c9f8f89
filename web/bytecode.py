"""Python's archives with bytecode, so that browsers import without compiling (issue 25).

Pyodide ships its standard library as sources (``python_stdlib.zip``): each start of Python
compiled the modules it imports, about 1.5 s of a 2.1 s start (Pyodide under Node on the
``python`` machine kind: 2.1–2.6 s, then 0.6–0.8 s with bytecode). Our own modules were compiled
at each first visit in the worker (0.43 s, then 0.2 s) and on the page at every start.

Bytecode belongs to one Python: it must be made by the Python that runs in the browser,
Pyodide's. ``bytecode.mjs`` runs this module in Pyodide under Node, at build time
(``build.py``).

* Our wheel and ``webui.zip`` keep their sources, with a hash-checked ``.pyc`` beside each
  (PEP 552): Python compares it with the source's hash, not its date, so unpacking in the browser
  (which gives every file a new date) does not make it stale, and one that does not match its
  source is ignored, not used.
* The standard library's modules that Pyodide and we import (136 of its 559) get their bytecode
  instead of their sources (:func:`sourceless`): the archive grows by 0.7 MB (2 MB with all
  of them; 4.5 MB with sources and bytecode both). Their tracebacks show no source lines. The
  page's PyScript imports none besides (checked once with a list of the page's modules), and
  any other module still compiles when it is first imported.

Both are reproducible: the same sources give the same bytes, so the snapshot's key
(``code_sha256``) changes only with the code.

>>> import io, zipfile
>>> plain = io.BytesIO()
>>> with zipfile.ZipFile(plain, "w") as zf:
...     zf.writestr("pkg/__init__.py", "ANSWER = 42\\n")
...     zf.writestr("pkg/data.txt", "not Python")
>>> names = zipfile.ZipFile(io.BytesIO(with_bytecode(plain.getvalue()))).namelist()
>>> [n for n in names if n.endswith(".pyc")] == [importlib.util.cache_from_source("pkg/__init__.py")]
True
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import pkgutil
import py_compile
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Collection
from pathlib import Path

#: Every entry written gets this date, so that an archive's bytes depend on its content only.
EPOCH = (1980, 1, 1, 0, 0, 0)


def with_bytecode(archive: bytes) -> bytes:
    """``archive`` (a zip file, or a wheel) with a hash-checked ``.pyc`` added for each ``.py``
    in it; in a wheel, its ``RECORD`` also lists them (name, SHA-256 and size)."""
    source = zipfile.ZipFile(io.BytesIO(archive))
    sources = {name: source.read(name) for name in source.namelist() if name.endswith(".py")}
    compiled = {importlib.util.cache_from_source(name): pyc
                for name, pyc in _compile(sources, py_compile.PycInvalidationMode.CHECKED_HASH).items()}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = _record(data, compiled)
            zf.writestr(_entry(info.filename), data)
        for name, data in compiled.items():
            zf.writestr(_entry(name), data)
    return out.getvalue()


def sourceless(archive: bytes, mounted: str, only: Collection[str]) -> bytes:
    """``archive`` (a zip file on ``sys.path``, read by ``zipimport``) with each ``.py`` named
    in ``only`` replaced by its bytecode (``.pyc`` in the same folder), except any that does not
    compile. Tracebacks name a module's file as under ``mounted``, where Python finds the archive.

    >>> import io, zipfile
    >>> plain = io.BytesIO()
    >>> with zipfile.ZipFile(plain, "w") as zf:
    ...     zf.writestr("pkg/__init__.py", "ANSWER = 42\\n")
    ...     zf.writestr("broken.py", "def (")
    >>> changed = sourceless(plain.getvalue(), "/lib/stdlib.zip", {"pkg/__init__.py", "broken.py"})
    >>> zipfile.ZipFile(io.BytesIO(changed)).namelist()
    ['pkg/__init__.pyc', 'broken.py']
    """
    source = zipfile.ZipFile(io.BytesIO(archive))
    compiled = _compile({name: source.read(name) for name in source.namelist()
                         if name.endswith(".py") and name in only},
                        py_compile.PycInvalidationMode.UNCHECKED_HASH, mounted)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in source.infolist():
            if info.filename in compiled:
                zf.writestr(_entry(info.filename + "c"), compiled[info.filename])
            else:
                zf.writestr(info, source.read(info))
    return out.getvalue()


def _compile(sources: dict[str, bytes], mode: py_compile.PycInvalidationMode, mounted: str = "") -> dict[str, bytes]:
    """The bytecode of each of ``sources`` (by their paths in an archive, which Python finds as
    ``mounted``) that compiles."""
    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in sorted(sources.items()):
            path = Path(tmp, name)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text)
            target = Path(tmp, name + "c")
            try:
                py_compile.compile(str(path), cfile=str(target), dfile=f"{mounted}/{name}" if mounted else name,
                                   doraise=True, invalidation_mode=mode)
            except py_compile.PyCompileError:  # a test's example of bad syntax, say: left as it is
                continue
            out[name] = target.read_bytes()
    return out


def _record(record: bytes, added: dict[str, bytes]) -> bytes:
    """A wheel's RECORD with lines for the files ``added`` (before its own line, which is last)."""
    lines = record.decode().splitlines()
    own = [line for line in lines if line.split(",")[0].endswith(".dist-info/RECORD")]
    rest = [line for line in lines if line not in own]
    for name, data in added.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rest.append(f"{name},sha256={digest},{len(data)}")
    return ("\n".join(rest + own) + "\n").encode()


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def import_all(packages: list[str]) -> list[str]:
    """Import each of ``packages`` and every module in them; their names. A module that needs
    what only the page has (PyScript's ``pyscript``, or its ``polyscript`` where ``pyscript`` is
    among the files, as in ``webui.zip``; Pyodide's ``js``) stops at that import."""
    imported = []
    for top in packages:
        package = importlib.import_module(top)
        for name in [top, *(info.name for info in pkgutil.walk_packages(package.__path__, f"{top}."))]:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name not in ("pyscript", "polyscript", "js"):
                    raise
            imported.append(name)
    return imported


def imported_from(archive: str) -> set[str]:
    """The files in the zip file ``archive`` (on ``sys.path``) of the modules imported so far."""
    return {origin[len(archive) + 1:] for module in list(sys.modules.values())
            if (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(f"{archive}/")}


def build(wheel: Path, webui: Path, stdlib: Path) -> None:
    """Rewrite, in place, our wheel and ``webui.zip`` with their bytecode beside the sources;
    install them here as the browser does (the wheel into site-packages, ``webui`` into a folder
    on ``sys.path``) and import all of them; then rewrite ``stdlib``, the archive of this Python's
    standard library, with the bytecode of the modules imported by then instead of their sources."""
    for path in (wheel, webui):
        path.write_bytes(with_bytecode(path.read_bytes()))
    zipfile.ZipFile(wheel).extractall(sysconfig.get_path("purelib"))
    with tempfile.TemporaryDirectory() as folder:
        zipfile.ZipFile(webui).extractall(folder)
        sys.path.insert(0, folder)
        import_all(["pygame_rules", "webui"])
    mounted = next(entry for entry in sys.path if entry.endswith(".zip"))
    stdlib.write_bytes(sourceless(stdlib.read_bytes(), mounted, imported_from(mounted)))
