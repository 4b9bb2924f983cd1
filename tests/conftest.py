import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PYSOLVER_SHARED", ROOT.parent / "shared"))
PUZZLES = SHARED / "puzzles"


def pytest_report_header(config):
    """Say at the start whether the shared corpus is there: without it its tests skip."""
    if PUZZLES.is_dir():
        return f"shared puzzle corpus: {PUZZLES}"
    return (f"shared puzzle corpus: not found at {PUZZLES} (PYSOLVER_SHARED names another "
            "folder): the tests that read it skip")


@pytest.fixture(scope="session")
def puzzles_dir():
    """The shared puzzle corpus; tests that need it skip cleanly when it is absent."""
    if not PUZZLES.is_dir():
        pytest.skip(f"puzzle corpus not found at {PUZZLES}")
    return PUZZLES


DURATIONS = Path(__file__).with_name("durations.txt")
UNKNOWN_S = {True: 3.0, False: 0.3}  # a browser test not in durations.txt; any other


def _durations():
    out = {}
    for line in DURATIONS.read_text().splitlines() if DURATIONS.is_file() else ():
        if line and not line.startswith("#"):
            seconds, nodeid = line.split(" ", 1)
            out[nodeid] = float(seconds)
    return out


def pytest_collection_modifyitems(items):
    """The longest work first, as xdist hands it out (--dist loadgroup: in this order, a
    group where its first test is): then the run ends on the many short tests and no
    worker finishes a long one alone while the other idles. A test's seconds come from
    tests/durations.txt (a recent --durations run; a parametrized test by its name), an
    unlisted browser test counts 3 s (a page load and more), any other 0.3 s; a group
    (tests/browser/conftest.py's warm contexts) counts the sum of its tests and keeps
    their order. Order only: a stale file costs balance, never a test."""
    known = _durations()

    def seconds(item):
        nodeid = item.nodeid.split("@", 1)[0]
        return known.get(nodeid, known.get(nodeid.split("[", 1)[0],
                                            UNKNOWN_S[nodeid.startswith("tests/browser/")]))

    def scope(item):
        mark = item.get_closest_marker("xdist_group")
        return ("group", mark.args[0] if mark and mark.args else mark.kwargs.get("name")) if mark else item.nodeid

    cost = {}
    for item in items:
        cost[scope(item)] = cost.get(scope(item), 0.0) + seconds(item)
    items.sort(key=lambda item: -cost[scope(item)])  # stable: a group's tests keep their order
