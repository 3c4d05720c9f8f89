"""Compile the translation catalogs once before any test runs (the build does the same), and run
the browser tests last."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


def pytest_configure() -> None:
    sys.path.insert(0, str(Path(__file__).parent / "web"))
    try:
        import catalogs
    finally:
        sys.path.pop(0)
    catalogs.compile_all()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests go last, in their order. Playwright's synchronous API keeps an asyncio
    event loop running in the main thread from its first test to the end of the session, and
    the tests that run the app's Python on an event loop of their own (``tests/page_model.py``,
    ``asyncio.run`` in doctests) cannot start one meanwhile ("Cannot run the event loop while
    another loop is running"): in one ``pytest`` run of everything they all failed."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
