"""Big black-and-white expert puzzles composed of an expert core set in a frame
(pysolver.nonogram.compose): unique, expert by the hint walk; the core set where the
picture's symmetry keeps it, its gutter background."""
from __future__ import annotations

import random

import pytest

from pysolver import api
from pysolver.nonogram import compose, generate as gen, picture as pic
from pysolver.nonogram.solver import search

try:
    import clingo  # noqa: F401
    from pysolver.nonogram import asp
    HAVE_CLINGO = True
except ImportError:
    HAVE_CLINGO = False


def images(grid, symmetry):
    """Whether ``grid`` maps onto itself under ``symmetry``."""
    h, w = len(grid), len(grid[0])
    return all(grid[yy][xx] == grid[y][x] for y in range(h) for x in range(w)
               for yy, xx in pic._mirror(y, x, w, h, symmetry))


def symmetric(rng, w, h, symmetry, value):
    """A random grid of 0 and ``value`` mapped onto itself by ``symmetry``."""
    noise = [[rng.random() < 0.3 for _ in range(w)] for _ in range(h)]
    return [[value * any(noise[yy][xx] for yy, xx in pic._mirror(y, x, w, h, symmetry))
             for x in range(w)] for y in range(h)]


def test_only_big_black_and_white_boards_are_composed():
    assert compose.composes(25, 25, 1) and compose.composes(60, 30, 1)
    assert not compose.composes(25, 25, 2) and not compose.composes(24, 40, 1)
    assert compose.core_sides(25, 25) == (15, 15) and compose.core_sides(30, 25) == (14, 15)


@pytest.mark.parametrize("symmetry", pic.SYMMETRIES[1:])
@pytest.mark.parametrize("w,h", [(25, 25), (30, 26), (27, 40)])
def test_the_core_sits_where_the_symmetry_keeps_it_inside_a_background_gutter(symmetry, w, h):
    rng = random.Random(f"{symmetry} {w} {h}")
    cw, ch = compose.core_sides(w, h)
    frame = symmetric(rng, w, h, symmetry, 1)
    core = symmetric(rng, cw, ch, symmetry, 2)  # told apart from the frame's 1s
    grid = compose.place(rng, frame, core, symmetry)
    assert images(grid, symmetry)
    (y0, x0), = [(y, x) for y in range(h - ch + 1) for x in range(w - cw + 1)
                 if [row[x:x + cw] for row in grid[y:y + ch]] == core]
    if symmetry == "mirror-x":
        assert y0 in (0, h - ch) and x0 == (w - cw) // 2
    elif symmetry == "mirror-y":
        assert x0 in (0, w - cw) and y0 == (h - ch) // 2
    else:
        assert (x0, y0) == ((w - cw) // 2, (h - ch) // 2)
    gutter = [grid[y][x] for y in (y0 - 1, y0 + ch) if 0 <= y < h for x in range(x0, x0 + cw)]
    gutter += [grid[y][x] for x in (x0 - 1, x0 + cw) if 0 <= x < w for y in range(y0, y0 + ch)]
    assert gutter and not any(gutter)
    outside = {(y, x) for y in range(h) for x in range(w)} - {
        (y, x) for y in range(y0 - 1, y0 + ch + 1) for x in range(x0 - 1, x0 + cw + 1)}
    assert all(grid[y][x] == frame[y][x] for y, x in outside)  # the frame elsewhere


def test_a_composed_expert_is_unique_and_needs_a_deeper_what_if():
    r = api.generate("nonogram", 25, 25, 1, "expert", 1)
    p = api.to_puzzle(r["puzzle"])
    assert r["level"] == "expert" and r["walk"]["finished"] and r["walk"]["steps"]["deep"] >= 1
    assert search.solve(p, max_solutions=2).status == "unique"
    if HAVE_CLINGO:
        res = asp.solve_native(p, max_solutions=2)
        assert res["status"] == "unique" and res["solutions"] == [p.goal]


@pytest.mark.slow
@pytest.mark.parametrize("w,h,seeds", [(25, 25, range(2, 6)), (30, 30, (1, 2)), (25, 40, (1,))])
def test_composed_experts_every_seed(w, h, seeds):
    for seed in seeds:
        r = api.generate("nonogram", w, h, 1, "expert", seed)
        p = api.to_puzzle(r["puzzle"])
        assert r["level"] == "expert" and r["walk"]["steps"]["deep"] >= 1
        if HAVE_CLINGO:
            assert asp.solve_native(p, max_solutions=2)["status"] == "unique"
        assert gen.compose.composes(w, h, 1)
