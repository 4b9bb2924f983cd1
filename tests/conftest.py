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
