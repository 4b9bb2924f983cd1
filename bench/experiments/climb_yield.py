"""Which move finds unique expert stalls per test and per CPU second? (issue 31)

    nice -n 19 .venv/bin/python bench/experiments/climb_yield.py --size 15 --seeds 1-30 \
        [--moves repair,slide,pair] [--wins 3] [--log FILE.jsonl]

A copy of pysolver.nonogram.climb's loop as it was at main 2705b01 (8 tests a step,
no rise; helper expert5 then changed the climb from these logs), making the same
draws (so the same path as that generate's expert climb up to its first success), every what-if test
logged (step, rank, cells line logic leaves open, trials, outcome, CPU), and at
each step, side measurements from the same parent picture with their own random
generator (the climb's path is not changed by them):

- ``repair``: a stall the search shows ambiguous (not a swap: those get their
  corners tried already) gives its second solution; up to REPAIRS cells where the
  two differ are each flipped (with the picture's symmetry) and tested.
- ``slide``: a run of a row or column moved by one cell (its line keeps its clue,
  two columns or rows change), CLIMB_TRIES drawn, the ones leaving most open tested
  (as the step does with edge flips).
- ``pair``: two edge flips at once (a bigger move), drawn and tested as ``slide``.

The climb goes on past its first success until ``--wins`` successes (more data
per seed; a success does not change the parent). Outcomes: finished (the what-ifs
decide every cell), swap / search (ambiguous), unique (not expert), expert
(unique and the hint walk needs a deeper what-if: what ends a climb), budget.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.nonogram import climb, edit, generate as gen, picture as pic  # noqa: E402
from pysolver.nonogram.puzzle import BACKGROUND, puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver import search  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402

# the expert lanes made the climb a generator (pysolver.nonogram.lanes): this copy of its
# loop measures the climb of main 2705b01, so it runs from a checkout of that commit
if __import__("inspect").isgeneratorfunction(climb.climb):
    sys.exit("climb_yield.py measures the climb before the expert lanes: run it from a "
             "checkout of main 2705b01 (git worktree add /tmp/climb-2705b01 2705b01)")
from pysolver.nonogram.walk import level_of, walk  # noqa: E402

REPAIRS = 4
PROBES = 8  # climb.CLIMB_PROBES when this was measured (main 2705b01: no rise, 8 a step)
cpu = time.process_time


def test(g, colors, q=None, eng=None, rows=None, cols=None):
    """One climb test of picture ``g``: (outcome, info dict)."""
    t0 = cpu()
    if q is None:
        q = puzzle_from_grid(g, colors)
        eng = Engine(q)
        rows, cols = edit.lines(eng)
    opened = eng.unknown(rows)
    t1 = cpu()
    rows, trials = climb._stall(eng, rows, cols, g)
    t2 = cpu()
    info = {"opened": opened, "trials": trials, "t_line": t1 - t0, "t_test": t2 - t1}
    if eng.complete(rows):
        info["t_check"] = 0.0
        return "finished", info, None
    info["left"] = eng.unknown(rows)
    second = None
    corners = climb.swap(eng, rows, g)
    if corners:
        out = "swap"
        second = corners
    else:
        res = search.solve(q, max_solutions=2, cells=eng.cells(rows), work=climb.SEARCH_WORK)
        if res.status == "unique":
            q.validate()
            t3 = cpu()
            s = walk(q)
            info["t_walk"] = cpu() - t3
            out = "expert" if level_of(s, q.width, q.height) == "expert" else "unique"
        elif res.status == "multiple":
            out = "search"
            second = next((s for s in res.solutions if s != g), None)
        else:
            out = "budget"
    info["t_check"] = cpu() - t2 - info.get("t_walk", 0.0)
    return out, info, second


def slides(rng, grid, n, symmetry):
    """Up to n pictures, each with one run of a row or column moved by a cell."""
    h, w = len(grid), len(grid[0])
    out = []
    for _ in range(n * 4):
        if len(out) == n:
            break
        if rng.random() < 0.5:
            y = rng.randrange(h)
            line = grid[y]
            at = lambda i, y=y: (y, i)  # noqa: E731
        else:
            x = rng.randrange(w)
            line = [r[x] for r in grid]
            at = lambda i, x=x: (i, x)  # noqa: E731
        runs, i, m = [], 0, len(line)
        while i < m:
            if line[i]:
                j = i
                while j < m and line[j]:
                    j += 1
                runs.append((i, j - 1))
                i = j
            else:
                i += 1
        if not runs:
            continue
        a, b = runs[rng.randrange(len(runs))]
        d = rng.choice((-1, 1))
        new, old = (b + 1, a) if d == 1 else (a - 1, b)
        far = new + d
        if not 0 <= new < m or (0 <= far < m and line[far]):
            continue
        g = [r[:] for r in grid]
        for cell, v in ((at(new), 1), (at(old), 0)):
            for yy, xx in pic._mirror(cell[0], cell[1], w, h, symmetry):
                g[yy][xx] = v
        out.append(g)
    return out


def pairs(rng, grid, n, symmetry):
    edges = edit.edge_cells(grid)
    out = []
    for _ in range(n):
        (y1, x1), (y2, x2) = rng.sample(edges, 2)
        g = edit.change(grid, y1, x1, symmetry, 2)
        out.append(edit.change(g, y2, x2, symmetry, 2))
    return out


def ranked_tests(kind, grids, colors, step, log):
    """The step's selection (most cells open first, up to PROBES, past them
    only... here simply the top PROBES) on other moves; logged."""
    t0 = cpu()
    cands = climb.screen(grids, colors)
    t_draw = cpu() - t0
    for k, (opened, g, q, eng, rows, cols) in enumerate(cands[:PROBES]):
        out, info, _ = test(g, colors, q, eng, rows, cols)
        log(kind=kind, step=step, rank=k, out=out, t_draw=t_draw / max(1, len(grids)) * len(grids)
            if k == 0 else 0.0, **info)


def run_climb(rng, side, p, colors, symmetry, moves, wins, log):
    grid = edit.grid_of(p, colors)
    found = 0
    for step in range(climb.CLIMB_STEPS):
        best = None
        t0 = cpu()
        edges = edit.edge_cells(grid)
        cands = climb.screen([edit.change(grid, y, x, symmetry, len(colors))
                              for y, x in rng.sample(edges, min(climb.CLIMB_TRIES, len(edges)))], colors)
        log(kind="draw", step=step, t_draw=cpu() - t0, n=len(cands),
            top=cands and cands[0][0])
        for k, (opened, g, q, eng, rows, cols) in enumerate(cands):
            if k == PROBES or (best is not None and opened < cands[0][0]):
                break
            out, info, second = test(g, colors, q, eng, rows, cols)
            log(kind="step", step=step, rank=k, out=out, **info)
            if out == "finished":
                score = info["trials"] + climb.CLIMB_OPEN * opened
                if best is None or score > best[0]:
                    best = (score, g)
                continue
            if out == "swap":
                for y, x in second:
                    g2 = edit.change(g, y, x, symmetry, len(colors))
                    o2, i2, _ = test(g2, colors)
                    log(kind="corner", step=step, rank=k, out=o2, **i2)
                    if o2 in ("unique", "expert"):
                        out = o2
                        break
            if out == "search" and "repair" in moves and second is not None:
                diff = [(y, x) for y in range(len(g)) for x in range(len(g[0]))
                        if g[y][x] != second[y][x]]
                log(kind="diff", step=step, n=len(diff))
                side.shuffle(diff)
                for y, x in diff[:REPAIRS]:
                    g2 = edit.change(g, y, x, symmetry, len(colors))
                    o2, i2, _ = test(g2, colors)
                    log(kind="repair", step=step, rank=k, out=o2, ndiff=len(diff), **i2)
            if out == "expert":
                found += 1
                if found >= wins:
                    return found
        if "slide" in moves:
            ranked_tests("slide", slides(side, grid, climb.CLIMB_TRIES, symmetry), colors, step, log)
        if "pair" in moves:
            ranked_tests("pair", pairs(side, grid, climb.CLIMB_TRIES, symmetry), colors, step, log)
        if best is not None:
            grid = best[1]
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--moves", default="repair,slide,pair")
    ap.add_argument("--wins", type=int, default=3)
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    moves = set(args.moves.split(","))
    out = open(args.log, "w") if args.log else sys.stdout
    w = h = args.size
    for seed in range(int(lo), int(hi or lo) + 1):
        rng = random.Random(f"nonogram {w}x{h} 1 expert {seed}")
        side = random.Random(f"side {w}x{h} {seed}")
        colors = [BACKGROUND] + gen.PALETTE[:1]

        def log(**kw):
            out.write(json.dumps({"seed": seed, **kw}) + "\n")
        for attempt in range(1, gen.ATTEMPTS + 1):
            density = rng.uniform(*gen.DENSITY["expert"])
            grid, _, symmetry = pic.picture(rng, w, h, density, 1, grain=gen.GRAIN["expert"])
            start = climb.start(rng, grid, colors, symmetry)
            if start and run_climb(rng, side, start, colors, symmetry, moves, args.wins, log):
                break
        out.flush()


if __name__ == "__main__":
    main()
