"""PyScript's package imported a module at a time (``web/webui/pyscript_import.py``, issue 25),
checked on a package made for the test that is built like PyScript's: its ``__init__`` imports
its modules, which import each other. The coroutine is run by hand (:func:`run`): the browser
tests leave an event loop running in this thread, where ``asyncio.run`` refuses to start."""

from __future__ import annotations

import sys
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from webui.pyscript_import import import_in_tasks

PACKAGE = {
    "__init__.py": "from demo_pkg.context import window\nfrom demo_pkg.display import show\nLOG.append('init')\n",
    "util.py": "LOG.append('util')\n",
    "context.py": "import demo_pkg.util\nwindow = 'window'\nLOG.append('context')\n",
    "display.py": "from demo_pkg.context import window\ndef show(): return window\nLOG.append('display')\n",
}


T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of ``coroutine``, run to its end (each ``asyncio.sleep(0)`` in it just hands
    control back here)."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[list[str]]:
    """The package ``demo_pkg`` on the path; each of its modules appends its name to the list
    returned when it runs (``LOG``, a builtin for the test's sake)."""
    folder = tmp_path / "demo_pkg"
    folder.mkdir()
    for name, text in PACKAGE.items():
        (folder / name).write_text(text.replace("LOG", "__import__('builtins').demo_log"))
    log: list[str] = []
    sys.path.insert(0, str(tmp_path))
    import builtins
    builtins.demo_log = log  # type: ignore[attr-defined]
    try:
        yield log
    finally:
        sys.path.remove(str(tmp_path))
        del builtins.demo_log  # type: ignore[attr-defined]
        for name in [name for name in sys.modules if name.split(".")[0] == "demo_pkg"]:
            del sys.modules[name]


def test_each_module_is_imported_in_a_step_of_its_own_and_the_package_last(demo: list[str]) -> None:
    async def pause() -> None:
        demo.append("pause")

    package = run(import_in_tasks("demo_pkg", ["util", "context", "display"], pause))
    assert demo == ["util", "pause", "context", "pause", "display", "pause", "init"]
    assert package is sys.modules["demo_pkg"] and package.show() == "window"
    assert package.context is sys.modules["demo_pkg.context"]  # as a plain import leaves it


def test_a_module_missing_from_the_list_is_imported_with_the_one_that_needs_it(demo: list[str]) -> None:
    async def pause() -> None:
        demo.append("pause")

    run(import_in_tasks("demo_pkg", ["context", "display"], pause))
    assert demo == ["util", "context", "pause", "display", "pause", "init"]


def test_an_imported_package_is_returned_as_it_is(demo: list[str]) -> None:
    import demo_pkg  # type: ignore[import-not-found]

    assert run(import_in_tasks("demo_pkg", ["util"])) is demo_pkg
    assert demo == ["util", "context", "display", "init"]


def test_a_failing_module_leaves_no_half_imported_package(demo: list[str], tmp_path: Path) -> None:
    (tmp_path / "demo_pkg" / "display.py").write_text("raise ImportError('no display here')\n")
    with pytest.raises(ImportError, match="no display here"):
        run(import_in_tasks("demo_pkg", ["util", "context", "display"]))
    assert not [name for name in sys.modules if name.split(".")[0] == "demo_pkg"]


def test_a_package_that_is_not_there_is_not_found() -> None:
    with pytest.raises(ModuleNotFoundError, match="no_such_pkg"):
        run(import_in_tasks("no_such_pkg", []))
