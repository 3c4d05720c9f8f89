"""The Python package that PyScript writes on the page, read out of its bundle at build time.

At every start PyScript writes its package ``pyscript`` (14 modules, about 30,000 characters)
into Python's working folder and imports it, before our code runs. Python compiled it there each
time: 20–45 ms on a reload, up to 170 ms on a returning visitor's first start, all in one task
of the page's thread (issue 25). The build puts the same files into ``webui.zip``, which the page
unpacks into that folder before PyScript starts, and ``bytecode.py`` gives them hash-checked
bytecode like our own modules; Python imports them from the bytecode.

PyScript writes the files with Python code that holds their whole text, about 30,000
characters that Pyodide tokenizes, parses and compiles before running it: a task of 40–60 ms
on a returning visit. The build changes PyScript's bundle so that it leaves that code out
(``web/build.py``, ``PYSCRIPT_WRITES``): the files are there already, the same text.

PyScript keeps the package in one of its chunks as an object literal, ``{pyscript:{"NAME.py":
"TEXT",...}}``, with JavaScript's string escapes; :func:`sources` reads it from there (the
chunk: :func:`chunk`) and the build stops when it is not there once (another PyScript: check
this module against it).

>>> _js_string(r'if x:\\n\\treturn \\'a\\' + "\\u00e9"')
'if x:\\n\\treturn \\'a\\' + "é"'
"""

from __future__ import annotations

import re
from pathlib import Path

#: Where the package starts in PyScript's bundle: the folder ``pyscript`` of the files it writes.
START = '{pyscript:{"__init__.py":'
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_ENTRY = re.compile(_STRING + r":" + _STRING + r"([,}])")
_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)", re.DOTALL)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0",
           "\\": "\\", '"': '"', "'": "'"}


def _js_string(body: str) -> str:
    """The text of a JavaScript string literal written ``"body"``."""
    def one(match: re.Match[str]) -> str:
        code = match[1]
        if code[0] in "xu" and len(code) > 1:
            return chr(int(code[1:], 16))
        if code not in _SIMPLE:
            raise SystemExit(f"PyScript's package: an escape this build does not know: \\{code}")
        return _SIMPLE[code]
    return _ESCAPE.sub(one, body)


def chunk(bundle: Path) -> Path:
    """The chunk of PyScript's bundle (in the folder ``bundle``) that holds its package."""
    found = [path for path in sorted(bundle.glob("*.js")) if START in path.read_text(encoding="utf-8")]
    if len(found) != 1 or found[0].read_text(encoding="utf-8").count(START) != 1:
        raise SystemExit(f"{bundle}: PyScript's package is not there once; check web/pyscript_package.py "
                         "against this PyScript")
    return found[0]


def imported_by_init(files: dict[str, str]) -> set[str]:
    """The modules of PyScript's package (their names in it) that its ``__init__`` imports, in
    ``files`` (from :func:`sources`).

    >>> sorted(imported_by_init({"pyscript/__init__.py": "from pyscript.fetch import fetch\\n"
    ...                                                  "if A:from pyscript.workers import w"}))
    ['fetch', 'workers']
    """
    return set(re.findall(r"\bfrom pyscript\.(\w+) import\b", files["pyscript/__init__.py"]))


def sources(bundle: Path) -> dict[str, str]:
    """The files of PyScript's package (``pyscript/NAME.py``: their text), from the chunks of
    PyScript's bundle in the folder ``bundle``."""
    path = chunk(bundle)
    text = path.read_text(encoding="utf-8")
    files: dict[str, str] = {}
    at = text.index(START) + len("{pyscript:{")
    while True:
        entry = _ENTRY.match(text, at)
        if not entry:
            raise SystemExit(f"{path}: PyScript's package could not be read at character {at}")
        files[f"pyscript/{_js_string(entry[1])}"] = _js_string(entry[2])
        at = entry.end()
        if entry[3] == "}":
            return files
