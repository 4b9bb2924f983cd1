"""Proof tests for the line solver against brute-force enumeration.

Default run: EVERY black-and-white line of length 1..8, in EVERY partial state
(3**n states: empty / filled / unknown per cell), against EVERY clue that fits
the length (including the empty clue) is compared with the union of all full
lines that match both the state and the clue (None when there is none). That
is about 0.3 million comparisons for length 8 (1.75 million for 9, 8.5 for 10).

The default run goes to length 8: every slot size the black-and-white solver
packs (8 bits for lengths 1-2, 16 for 3-10) occurs in it, and lines of 9 cells
caught no mutant of it that 1-8 and the random tests below missed (mutants of its
slot size, masks, end checks: tried 2026-11-27); length 10, the fullest 16-bit
slot, is in the slow run. Length 9 runs under the ``slow`` marker; 10..12 under
it *and* with ``PYSOLVER_EXHAUSTIVE=12`` (or 10, 11) set in the environment,
because length 12 alone is 531,441 states x 377 clues. The randomized tests
below cover longer and multicolour lines by sampling.
"""
import itertools
import os
import random

import pytest

from pysolver.nonogram.solver.line import (BW_MAX_BLOCKS, _bw_solver, _solve_colours,
    normalize_clue, solve_cans, solve_line)
from pysolver.nonogram.puzzle import clue_of
from pysolver.nonogram.solver.arrangements import extremes

from test_crosscheck import full_lines

EXHAUSTIVE_DEFAULT = 8


def brute(clue, cells, ncol):
    """Union of the full lines matching clue and cells, by enumeration."""
    out = [0] * len(cells)
    fits = full_lines(tuple(clue), len(cells), ncol, cells)
    for full in fits:
        for i, c in enumerate(full):
            out[i] |= 1 << c
    return tuple(out) if fits else None


def exhaustive_bw(n, solver=solve_cans):
    """Compare every (clue, state) pair of length n; return the number checked."""
    full = (1 << n) - 1
    by_clue = {}
    for bits in range(1 << n):
        line = [(bits >> i) & 1 for i in range(n)]
        by_clue.setdefault(clue_of(line), []).append(bits)
    clues = list(by_clue)
    checked = 0
    # state: filled-known mask fk, empty-known mask ek (disjoint)
    for state in itertools.product((0, 1, 2), repeat=n):
        fk = sum(1 << i for i, s in enumerate(state) if s == 2)
        ek = sum(1 << i for i, s in enumerate(state) if s == 1)
        cans = (full & ~fk, full & ~ek)
        for clue in clues:
            can_fill = can_empty = 0
            for bits in by_clue[clue]:
                if bits & ek or ~bits & fk:
                    continue
                can_fill |= bits
                can_empty |= full & ~bits
            want = (can_empty, can_fill) if (can_fill | can_empty) else None
            got = solver(clue, n, cans)
            assert got == want, (n, clue, state, got, want)
            checked += 1
    return checked


@pytest.mark.parametrize("n", range(1, EXHAUSTIVE_DEFAULT + 1))
def test_exhaustive_black_and_white(n):
    assert exhaustive_bw(n) > 0


@pytest.mark.parametrize("n", range(1, 8))
def test_exhaustive_black_and_white_general_path(n):
    # solve_cans sends black-and-white lines to the mirrored solver; the general
    # (multicolour) solver must be right on them too, as it is the reference below
    assert exhaustive_bw(n, _solve_colours) > 0


@pytest.mark.slow
@pytest.mark.parametrize("n", [9, 10, 11, 12])
def test_exhaustive_black_and_white_long(n):
    limit = int(os.environ.get("PYSOLVER_EXHAUSTIVE", "9"))
    if n > limit:
        pytest.skip(f"set PYSOLVER_EXHAUSTIVE={n} to run length {n} exhaustively")
    assert exhaustive_bw(n) > 0


def _random_case(rng, n, ncol, consistent=True):
    full = [rng.choice([0, 0] + list(range(1, ncol))) for _ in range(n)]
    clue = clue_of(full)
    if not consistent:
        clue = clue_of([rng.randrange(ncol) for _ in range(n)])
    allm = (1 << ncol) - 1
    cells = []
    for i in range(n):
        r = rng.random()
        if r < 0.5:
            cells.append(allm)
        elif r < 0.8:
            cells.append(1 << (full[i] if consistent and rng.random() < 0.8 else rng.randrange(ncol)))
        else:
            cells.append(rng.randint(1, allm))
    return clue, tuple(cells)


def test_random_multicolour_against_brute_force():
    rng = random.Random(2024)
    for _ in range(2500):
        n = rng.randint(1, 8)
        ncol = rng.randint(3, 4)
        clue, cells = _random_case(rng, n, ncol, consistent=rng.random() < 0.8)
        assert solve_line(clue, cells) == brute(clue, cells, ncol), (clue, cells)


def test_random_long_black_and_white_against_brute_force():
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(10, 15)
        clue, cells = _random_case(rng, n, 2, consistent=rng.random() < 0.85)
        assert solve_line(clue, cells) == brute(clue, cells, 2), (clue, cells)


def test_black_and_white_path_matches_general_path():
    # the mirrored black-and-white solver against the general one (both proven
    # above on every short line) on long lines with long blocks: every slot size
    rng = random.Random(5)
    for k in range(3300):
        # the last 300: lines with more blocks than the mirrored solver takes
        n = rng.randint(1, 140) if k < 3000 else rng.randint(2 * BW_MAX_BLOCKS, 400)
        dens = rng.random()
        full = [1 if rng.random() < dens else 0 for _ in range(n)]
        clue = list(normalize_clue(clue_of(full)))
        if clue and rng.random() < 0.2:
            j = rng.randrange(len(clue))
            clue[j] = (max(1, clue[j][0] + rng.choice((-1, 1))), 1)
        ek = fk = 0
        known = rng.random()
        for i, v in enumerate(full):
            if rng.random() < known:
                if (v == 1) == (rng.random() < 0.95):
                    fk |= 1 << i
                else:
                    ek |= 1 << i
        cans = (((1 << n) - 1) & ~fk, ((1 << n) - 1) & ~ek)
        if not clue:
            continue
        assert _bw_solver(tuple(clue), n)(cans) == _solve_colours(tuple(clue), n, cans), (clue, n, cans)
        assert solve_cans(tuple(clue), n, cans) == _solve_colours(tuple(clue), n, cans)


def test_colour_lines_with_empty_clue():
    # empty colour lines must be all background, not "unsolvable"
    assert solve_line((), (7, 7, 7)) == (1, 1, 1)
    assert solve_line((), (1, 3, 5)) == (1, 1, 1)
    assert solve_line((), (1, 6, 7)) is None
    assert solve_line((), ()) == ()


def test_different_colours_touch_same_colours_need_gap():
    assert solve_line(((2, 1), (1, 2)), (7, 7, 7)) == (2, 2, 4)
    assert solve_line(((2, 1), (1, 1)), (3, 3, 3)) is None
    assert solve_line(((1, 1), (1, 1)), (3, 3, 3)) == (2, 1, 2)


def test_long_line_matches_sampled_truth():
    # a 60-cell line: solver result must contain the generating line and be stable
    rng = random.Random(3)
    for _ in range(50):
        n = 60
        full = [1 if rng.random() < 0.55 else 0 for _ in range(n)]
        clue = clue_of(full)
        cells = tuple(1 << v if rng.random() < 0.3 else 3 for v in full)
        got = solve_line(clue, cells)
        assert got is not None
        assert all((g >> v) & 1 for g, v in zip(got, full))
        assert solve_line(clue, got) == got


def test_extremes_are_consistent_placements():
    rng = random.Random(11)
    for _ in range(600):
        n = rng.randint(1, 9)
        ncol = rng.choice([2, 2, 3])
        clue, cells = _random_case(rng, n, ncol)
        ex = extremes(clue, cells)
        truth = brute(clue, cells, ncol)
        if truth is None:
            assert ex is None
            continue
        # every consistent arrangement's starts, by enumeration
        arrangements = []
        for full in itertools.product(range(ncol), repeat=n):
            if any(not (cells[i] >> full[i]) & 1 for i in range(n)):
                continue
            if clue_of(full) == normalize_clue(clue):
                starts, prev = [], 0
                for i, c in enumerate(full):
                    if c and (i == 0 or full[i - 1] != c):
                        starts.append(i)
                arrangements.append(starts)
        left, right = ex
        assert left in arrangements and right in arrangements
        for j in range(len(clue)):
            assert left[j] == min(a[j] for a in arrangements)
            assert right[j] == max(a[j] for a in arrangements)


def test_int_blocks_mean_colour_one():
    assert solve_line([3], (3, 3, 3, 3)) == (3, 2, 2, 3)
