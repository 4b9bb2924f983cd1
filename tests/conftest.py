import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PYSOLVER_SHARED", ROOT.parent / "shared"))
PUZZLES = SHARED / "puzzles"


@pytest.fixture(scope="session")
def puzzles_dir():
    """The shared puzzle corpus; tests that need it skip cleanly when it is absent."""
    if not PUZZLES.is_dir():
        pytest.skip(f"puzzle corpus not found at {PUZZLES}")
    return PUZZLES


def pytest_collection_modifyitems(items):
    """Browser tests first (stable order otherwise): each takes seconds (a Pyodide start),
    so xdist hands them out while the queue is long and the many short Python tests fill
    the end of the run, instead of one worker finishing a browser test alone."""
    items.sort(key=lambda item: not item.nodeid.startswith("tests/browser/"))
