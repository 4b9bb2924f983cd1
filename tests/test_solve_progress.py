"""The solver's progress reports carry the grid as it knows it (`state`): the site draws
it on the board while a solve runs."""
import pysolver.nonogram.solver.search as search
from pysolver.nonogram.puzzle import Puzzle


def test_progress_state_matches_the_known_count():
    calls = []
    p = Puzzle(rows=[((1, 1),)] * 6, cols=[((1, 1),)] * 6)   # 720 solutions: a real search
    old = search.PROGRESS_INTERVAL
    search.PROGRESS_INTERVAL = 0.0
    try:
        search.solve(p, max_solutions=30, progress=calls.append)
    finally:
        search.PROGRESS_INTERVAL = old
    assert calls
    for c in calls:
        rows = c["state"]
        assert len(rows) == 6 and all(len(r) == 6 and set(r) <= set("?.#") for r in rows)
        assert sum(ch != "?" for r in rows for ch in r) == c["known"]
    assert any(c["known"] > 0 for c in calls)
