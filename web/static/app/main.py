"""PyScript entry point: start the app once the packages are unpacked.

The Python snapshot the page starts from holds the front end's modules that do without pyscript
(``app/snapshot.js``); the four that need it are imported here, each in a task of its own, so
that the page's thread is never busy for long at a time (issue 25). PyScript runs this file
with top-level ``await``.
"""

import asyncio
from importlib import import_module

for name in ("webui.dom", "webui.storage", "webui.play", "webui.app"):
    import_module(name)
    await asyncio.sleep(0)  # type: ignore[top-level-await]  # noqa: F704

import_module("webui.app").start()
