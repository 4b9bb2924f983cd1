"""Arrangement shares (pysolver.nonogram.solver.density) against brute-force enumeration."""
import random

import pytest

from pysolver.nonogram.solver.density import shares
from pysolver.nonogram.puzzle import clue_of

from test_crosscheck import full_lines


def _brute(clue, cells, ncol):
    n = len(cells)
    fits = full_lines(clue, n, ncol, cells)
    if not fits:
        return None
    return [[sum(1 for line in fits if line[i] == c) / len(fits) for i in range(n)]
            for c in range(ncol)]


def test_shares_match_enumeration_black_white_and_colour():
    rng = random.Random(7)
    checked = 0
    for _ in range(1500):
        ncol = rng.choice([2, 2, 3, 4])
        n = rng.randint(1, 8)
        picture = [rng.randrange(ncol) if rng.random() < 0.6 else 0 for _ in range(n)]
        clue = tuple((length, c) for length, c in clue_of(picture))
        cells = []
        for i in range(n):
            m = (1 << ncol) - 1
            if rng.random() < 0.3:  # a known cell, sometimes a wrong one
                m = 1 << (picture[i] if rng.random() < 0.8 else rng.randrange(ncol))
            cells.append(m)
        cans = tuple(sum(1 << i for i in range(n) if (cells[i] >> c) & 1) for c in range(ncol))
        want = _brute(clue, cells, ncol)
        got = shares(clue, n, cans)
        if want is None:
            assert got is None
            continue
        checked += 1
        for c in range(ncol):
            assert got[c] == pytest.approx(want[c], abs=1e-9), (clue, cells, c)
    assert checked > 1000


def test_empty_clue_and_no_arrangement():
    assert shares((), 3, (0b111, 0b111)) == [[1.0] * 3, [0.0] * 3]
    assert shares((), 3, (0b101, 0b111)) is None
    assert shares(((2, 1),), 3, (0b111, 0b101)) is None  # no two adjacent cells may be filled
