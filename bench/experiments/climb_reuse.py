"""Would a climb's what-if test pay to start from its parent's deductions? (issue 31)

    .venv/bin/python bench/experiments/climb_reuse.py --size 15 [--seeds 4]

The "sound incremental test" (PERF.md, Generated nonograms): keep, per cell the
parent puzzle's test decided, the lines its deduction read (transitively), and
start a flip's test from the cells that read none of the lines the flip changes.
This measures how many cells that would keep. The parent: a flip of an expert
puzzle that line logic and one-cell what-ifs finish (as the climb's parents are);
the children: five edge flips of it (edit.change, with the picture's symmetry).
A cell's support: a line solve's new cells read the line and the supports of the
line's decided cells; a what-if's cell read every line its failing trial changed
or crossed (their solves were asked), the line that failed, and those lines'
decided cells' supports.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.nonogram import edit, generate as gen  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.line import positions, undecided  # noqa: E402
from pysolver.nonogram.solver.probe import set_cell  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402


def decided_support(sup, rows, line_bits, h, w):
    """The union of the supports of the decided cells of the lines in ``line_bits``
    (bits 0..h-1 rows, h.. columns)."""
    s = line_bits
    for y in range(h):
        for x in range(w):
            if not undecided(rows[y]) >> x & 1 and (line_bits >> y & 1 or line_bits >> (h + x) & 1):
                s |= sup[y][x]
    return s


def lines_then_what_ifs(p, goal):
    """Line logic from the empty grid, then the climb's one-cell what-ifs (the goal
    known: only wrong values tried), with each decided cell's support."""
    eng = Engine(p)
    h, w = eng.h, eng.w
    rows, cols = eng.initial()
    sup = [[0] * w for _ in range(h)]

    def settle(rows, cols, dirty):
        while dirty[0] or dirty[1]:
            for a in (0, 1):
                batch, dirty[a] = dirty[a], set()
                for i in sorted(batch):
                    old = rows[i] if a == 0 else cols[i]
                    new = (eng.row_solve if a == 0 else eng.col_solve)[i](old)
                    gained = undecided(old) & ~undecided(new)
                    if not gained:
                        continue
                    bit = 1 << (i if a == 0 else h + i)
                    s = decided_support(sup, rows, bit, h, w)
                    for j in positions(gained):
                        y, x = (i, j) if a == 0 else (j, i)
                        rows, cols = set_cell(rows, cols, y, x, 0 if new[0] >> j & 1 else 1)
                        sup[y][x] = s
                        dirty[1 - a].add(j)
        return rows, cols

    rows, cols = settle(rows, cols, [set(range(h)), set(range(w))])
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                if not undecided(rows[y]) >> x & 1:
                    continue
                r2, c2 = set_cell(rows, cols, y, x, 1 - goal[y][x])
                steps = []
                if eng.run(r2, c2, {y}, {x}, steps) >= 0:
                    continue
                read = 1 << y | 1 << (h + x)
                for st in steps:
                    i, cells = st["index"], sum(1 << q for q in st["cells"])
                    read |= (1 << i | cells << h) if st["axis"] == "row" else (1 << (h + i) | cells)
                axis, i = eng.failed
                read |= 1 << (i if axis == "row" else h + i)
                s = decided_support(sup, rows, read, h, w)
                rows, cols = set_cell(rows, cols, y, x, goal[y][x])
                sup[y][x] = s
                rows, cols = settle(rows, cols, [{y}, {x}])
                changed = True
    return rows, sup


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seeds", type=int, default=4)
    args = ap.parse_args()
    n = args.size
    rng = random.Random(5)
    cells = kept = parents = 0
    for seed in range(1, args.seeds + 1):
        p, info = gen.generate(n, n, 1, "expert", seed)
        grid = edit.grid_of(p, p.colors)
        for y, x in rng.sample(edit.edge_cells(grid), 30):
            g = edit.change(grid, y, x, info["symmetry"], 2)
            rows, sup = lines_then_what_ifs(puzzle_from_grid(g, p.colors), g)
            if any(undecided(r) for r in rows):
                continue  # the what-ifs stall: not a parent the climb keeps
            parents += 1
            for y2, x2 in rng.sample(edit.edge_cells(g), 5):
                g2 = edit.change(g, y2, x2, info["symmetry"], 2)
                flipped = 0
                for yy in range(n):
                    for xx in range(n):
                        if g2[yy][xx] != g[yy][xx]:
                            flipped |= 1 << yy | 1 << (n + xx)
                cells += n * n
                kept += sum(1 for yy in range(n) for xx in range(n) if not sup[yy][xx] & flipped)
            break
    print(f"{n}x{n}: {parents} parents, {cells} cells of their flips, {kept} "
          f"({100 * kept / max(1, cells):.0f} %) kept by the incremental test")


if __name__ == "__main__":
    main()
