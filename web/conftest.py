"""Doctests of the front end's pure modules run in CPython; the modules that drive the
page import PyScript's ``pyscript``, which exists only inside the browser, and are
checked there by the browser tests instead (as is ``static/app/main.py``, which starts
the app on import)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

HERE = Path(__file__).parent

collect_ignore = ["static/app/main.py"]
if not importlib.util.find_spec("pyscript"):
    collect_ignore += [
        str(path.relative_to(HERE)) for path in HERE.rglob("*.py")
        if "from pyscript" in path.read_text(encoding="utf-8")]
