"""PyScript's package ``pyscript`` imported a module at a time, with a pause for the page between
modules.

PyScript imports its package in the Python it runs before our ``main.py``. The package's
``__init__`` imports seven of its modules, and those import three more: on a returning visit
the ten took 40–60 ms, all in one task of the page's thread (issue 25). The build changes
that line of PyScript's to ``_pyscript = await import_in_tasks()`` (``web/build.py``,
``PYSCRIPT_IMPORT``), which PyScript runs with top-level ``await`` as it runs ``main.py``.

:func:`import_in_tasks` makes the package's module without running its ``__init__``, imports
the modules one by one with a pause after each, and then runs ``__init__``, which finds them
imported. None of them imports from the package itself while it is imported (only from its
modules), so each can come before ``__init__``. The build checks :data:`MODULES` against the
``__init__`` of the PyScript it bundles.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import sys
from collections.abc import Awaitable, Callable, Sequence
from types import ModuleType

#: PyScript's package, and its modules that ``__init__`` imports with those they import in turn,
#: each after the ones it imports.
PACKAGE = "pyscript"
MODULES = ("util", "ffi", "context", "display", "events", "fetch", "flatted", "storage", "websocket",
           "workers")


async def import_in_tasks(package: str = PACKAGE, modules: Sequence[str] = MODULES,
                          pause: Callable[[], Awaitable[None]] = lambda: asyncio.sleep(0)) -> ModuleType:
    """``import package``, its ``modules`` first, each followed by ``pause()`` (on the page,
    ``asyncio.sleep(0)`` ends the task). As an import does, this leaves no half-imported package
    behind when one of them fails.

    >>> steps = import_in_tasks("xmlrpc", ["client"])  # a coroutine: run it step by step
    >>> try:
    ...     while True:
    ...         steps.send(None)
    ... except StopIteration as done:
    ...     done.value.client.ServerProxy.__name__
    'ServerProxy'
    """
    if package in sys.modules:
        return sys.modules[package]
    spec = importlib.util.find_spec(package)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {package!r}", name=package)  # i18n: internal (as Python says it)
    module = importlib.util.module_from_spec(spec)
    sys.modules[package] = module
    try:
        for name in modules:
            importlib.import_module(f"{package}.{name}")
            await pause()
        spec.loader.exec_module(module)
    except BaseException:
        for name in [package, *(f"{package}.{name}" for name in modules)]:
            sys.modules.pop(name, None)
        raise
    return module
