"""The colourings of bench/experiments/colour_from_bw.py: two colours never touch in a line,
every colour is used, symmetric images share a colour."""
import random
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]
from experiments.colour_from_bw import candidates, colouring, components, paint  # noqa: E402

from pysolver.nonogram import picture as pic  # noqa: E402


def test_colourings_keep_colours_apart_and_use_each():
    rng = random.Random(7)
    for n in range(60):
        size, k = rng.choice((10, 15)), rng.choice((2, 3))
        grid, _, symmetry = pic.picture(rng, size, size, rng.uniform(0.38, 0.52), 1, grain=0.7)
        groups = components(grid, symmetry)
        assert sorted(c for g in groups for c in g) == sorted(
            (y, x) for y in range(size) for x in range(size) if grid[y][x])
        drawn = [colouring(rng, groups, k, s) for s in ("balanced", "random")]
        drawn += candidates(rng, groups, k, size, draws=20)[:3]
        for cols in drawn:
            if len(groups) < k:
                assert cols is None
                continue
            cg = paint(groups, cols, size)
            assert {v for row in cg for v in row} - {0} == set(range(1, k + 1))
            for y in range(size):
                for x in range(size):
                    v = cg[y][x]
                    for yy, xx in ((y + 1, x), (y, x + 1)):
                        if yy < size and xx < size and v and cg[yy][xx]:
                            assert cg[yy][xx] == v
                    if v:  # (an image may be background: cleaning can break the symmetry)
                        assert {cg[yy][xx] for yy, xx in pic._mirror(y, x, size, size,
                                                                     symmetry)} - {0} == {v}
