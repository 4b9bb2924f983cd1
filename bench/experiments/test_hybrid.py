"""The hybrid mode (bench/experiments/hybrid.py): verdicts against brute-force enumeration."""
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests")]
from test_asp import grids, needs_clingo, verdict  # noqa: E402
from test_crosscheck import brute_count, random_puzzles  # noqa: E402

from pysolver.nonogram.puzzle import Puzzle  # noqa: E402

pytest.importorskip("clingo")
from experiments.hybrid import solve_hybrid  # noqa: E402


@needs_clingo
def test_hybrid_matches_enumeration():
    for p in random_puzzles(4100, 80):
        n = len(brute_count(p, 2))
        res = solve_hybrid(p, 2)
        assert res["status"] == verdict(n), p
        assert len(grids(p, res)) == min(n, 2)



def test_known_cells():
    p = Puzzle(rows=[((1, 1),), ((1, 1),)], cols=[((1, 1),), ((1, 1),)])
    assert solve_hybrid(p, known=[1, 3, 3, 3])["solutions"] == [[".#", "#."]]
