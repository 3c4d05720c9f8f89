"""Compile the translation catalogs once before any test runs (the build does the same), and
run the browser tests last."""

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
    """The tests without a browser first: the screens' tests run the app on an asyncio loop of
    their own (``tests/page_model.py``), which Python refuses to run in a thread where
    Playwright's loop already runs, as it does from the first browser test on."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
