"""Compile the translation catalogs once before any test runs (the build does the same)."""

from __future__ import annotations

import sys
from pathlib import Path


def pytest_configure() -> None:
    sys.path.insert(0, str(Path(__file__).parent / "web"))
    try:
        import catalogs
    finally:
        sys.path.pop(0)
    catalogs.compile_all()
