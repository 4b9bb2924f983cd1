"""Colour expert from a black-and-white expert puzzle (issue 31): measured.

    nice -n 19 .venv/bin/python bench/experiments/colour_from_bw.py --size 15 --colours 2 \
        --seeds 1-30 [--tries 16] [--scheme fewest] [--until 12] [--screen] [--share 0.2] \
        [--current] [--log FILE.jsonl]

Per seed: the black-and-white expert puzzle of the recipe (generate.generate, colours 1),
then up to ``--tries`` colourings of it in which two different colours never touch in a
row or column: each 4-connected component of filled cells (with its symmetric images)
takes one colour, every colour used at least once. Each colouring is checked: unique
(search.solve, two solutions asked: runs of different colours may touch in a colour
solution, so a colour puzzle can have solutions its black-and-white one has not) and
its hint walk's level (walk.walk, level_of). ``--current``: also the current colour
expert (generate.generate(W, H, K, "expert", seed)), CPU in the same process.
``--scheme fewest``: of 400 random colourings, those with the fewest lines showing two
colours first. ``--until N``: up to N black-and-white puzzles a seed (seed, seed + 100000,
...) until one has an expert colouring. ``--screen``: a colouring the probing fixpoint
solves is not expert (no search, no walk). ``--share``: each colour at least this share of
the filled cells. CPU seconds by time.process_time; PERF.md "Colour expert from black and
white" has what it measured (it does not pay).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nonogram import edit, generate as gen, picture as pic  # noqa: E402
from pysolver.nonogram.puzzle import BACKGROUND, puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver import search  # noqa: E402
from pysolver.nonogram.solver.probe import reduce  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402
from pysolver.nonogram.walk import level_of, stuck, walk  # noqa: E402


def components(grid, symmetry):
    """Groups of filled cells: 4-connected components joined with their symmetric
    images, in row-major order of their first cell."""
    h, w = len(grid), len(grid[0])
    label = [[-1] * w for _ in range(h)]
    comps = []
    for y in range(h):
        for x in range(w):
            if not grid[y][x] or label[y][x] >= 0:
                continue
            k, todo, part = len(comps), [(y, x)], []
            label[y][x] = k
            while todo:
                cy, cx = todo.pop()
                part.append((cy, cx))
                for yy, xx in ((cy - 1, cx), (cy + 1, cx), (cy, cx - 1), (cy, cx + 1)):
                    if 0 <= yy < h and 0 <= xx < w and grid[yy][xx] and label[yy][xx] < 0:
                        label[yy][xx] = k
                        todo.append((yy, xx))
            comps.append(part)
    parent = list(range(len(comps)))

    def root(a):
        while parent[a] != a:
            a = parent[a]
        return a
    for k, part in enumerate(comps):
        y, x = part[0]
        for yy, xx in pic._mirror(y, x, w, h, symmetry):
            a, b = root(k), root(label[yy][xx])
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups = {}
    for k, part in enumerate(comps):
        groups.setdefault(root(k), []).extend(part)
    return [sorted(g) for _, g in sorted(groups.items())]


def colouring(rng, groups, k, scheme):
    """A colour (1..k) per group, every colour used; None if fewer groups than k."""
    if len(groups) < k:
        return None
    order = list(range(len(groups)))
    rng.shuffle(order)
    out = [0] * len(groups)
    if scheme == "fewest":
        return None  # drawn by candidates()
    if scheme == "random":
        for i, g in enumerate(order):
            out[g] = i + 1 if i < k else rng.randrange(1, k + 1)
        return out
    # balanced: biggest groups first, each to the colour with the least area so far
    order.sort(key=lambda g: -len(groups[g]))  # stable: the shuffle breaks ties
    area = [0] * (k + 1)
    free = list(range(1, k + 1))
    rng.shuffle(free)
    for i, g in enumerate(order):
        left = len(order) - i
        pool = [c for c in free if area[c] == 0] if left <= sum(a == 0 for a in area[1:]) else free
        c = min(pool, key=lambda c: area[c])
        out[g] = c
        area[c] += len(groups[g])
    return out


def mixed(cg):
    """Lines (rows and columns) that show two colours or more."""
    lines = list(cg) + [list(c) for c in zip(*cg)]
    return sum(len(set(line) - {0}) > 1 for line in lines)


def paint(groups, cols, n):
    cg = [[0] * n for _ in range(n)]
    for g, c in zip(groups, cols):
        for y, x in g:
            cg[y][x] = c
    return cg


def candidates(rng, groups, k, n, draws=400):
    """Colourings (every colour used), the fewest lines of two colours first."""
    if len(groups) < k:
        return []
    seen, out = set(), []
    for _ in range(draws):
        cols = colouring(rng, groups, k, "random")
        key = tuple(cols.index(c) for c in cols)
        if key not in seen:
            seen.add(key)
            out.append((mixed(paint(groups, cols, n)), len(out), cols))
    out.sort()
    return [c for _, _, c in out]


def one(n, k, bw, a):
    """The black-and-white expert puzzle of seed ``bw`` and its colourings, as a row."""
    t0 = time.process_time()
    p, info = gen.generate(n, n, 1, "expert", bw)
    t_bw = time.process_time() - t0
    grid = edit.grid_of(p, p.colors)
    eng = Engine(p)
    left, _ = edit.lines(eng)
    bw_open = eng.unknown(stuck(eng, left, _, grid)[0])  # cells the deeper what-ifs decide
    groups = components(grid, info["symmetry"])
    rng = random.Random(f"colour {n}x{n} {k} {bw}")
    colors = [BACKGROUND] + rng.sample(gen.PALETTE, k)
    tries, seen = [], set()
    ranked = candidates(rng, groups, k, n) if a.scheme == "fewest" else None
    for t in range(len(ranked) if ranked is not None else 4 * a.tries):
        if len(tries) == a.tries:
            break
        t1 = time.process_time()
        if ranked is not None:
            cols = ranked[t] if t < len(ranked) else None
            if cols is None and ranked:
                break
        else:
            cols = colouring(rng, groups, k, a.scheme)
        if cols is None:
            tries.append({"why": "few groups"})
            break
        area = [sum(len(g) for g, c in zip(groups, cols) if c == j) for j in range(1, k + 1)]
        if min(area) < a.share * sum(area):
            continue  # a colour too small to show
        named = tuple(cols)  # the same colouring with its colours renamed
        key = tuple(named.index(c) for c in named)
        if key in seen:
            continue
        seen.add(key)
        cg = paint(groups, cols, n)
        q = puzzle_from_grid(cg, colors)
        q.validate()
        rec = {"mixed": mixed(cg)}
        if a.screen and reduce(q)["status"] == "solved":
            # the probing fixpoint decides every cell: unique, and the walk's
            # one-cell what-ifs finish it (never expert): no search, no walk
            rec.update(unique=True, level="not expert (screened)")
        else:
            res = search.solve(q, max_solutions=2, probing=True)
            rec["unique"] = res.status == "unique"
        if rec["unique"] and "level" not in rec:
            s = walk(q)
            rec["level"] = level_of(s, n, n)
            rec["steps"] = s["steps"]
        rec["cpu"] = round(time.process_time() - t1, 3)
        rec["area"] = area
        tries.append(rec)
        if rec.get("level") == "expert":
            break
    return {"seed": bw, "bw_cpu": round(t_bw, 3), "groups": len(groups),
            "bw_steps": info["walk"]["steps"], "bw_deepest": info["walk"]["deepest"],
            "bw_open": bw_open, "tries": tries,
            "ok": any(t.get("level") == "expert" for t in tries)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--colours", type=int, default=2)
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--tries", type=int, default=16, help="colourings per black-and-white puzzle")
    ap.add_argument("--until", type=int, default=1,
                    help="black-and-white puzzles per seed until one colours as expert")
    ap.add_argument("--scheme", default="fewest", choices=("balanced", "random", "fewest"))
    ap.add_argument("--screen", action="store_true",
                    help="skip search and walk when the probing fixpoint solves the colouring")
    ap.add_argument("--share", type=float, default=0.0,
                    help="the least share of the filled cells each colour must have")
    ap.add_argument("--current", action="store_true")
    ap.add_argument("--log")
    a = ap.parse_args()
    lo, hi = map(int, a.seeds.split("-"))
    n, k = a.size, a.colours
    log = open(a.log, "a") if a.log else None
    rows = []
    for seed in range(lo, hi + 1):
        t0 = time.process_time()
        for j in range(a.until):
            row = one(n, k, seed + 100_000 * j, a)
            if row["ok"]:
                break
        row.update(recipe=seed, bw_puzzles=j + 1, total_cpu=round(time.process_time() - t0, 3))
        row["current_cpu"] = None
        if a.current:
            t2 = time.process_time()
            try:
                gen.generate(n, n, k, "expert", seed)
                row["current_cpu"] = round(time.process_time() - t2, 3)
            except PuzzleError:
                row["current_cpu"] = -round(time.process_time() - t2, 3)
        rows.append(row)
        print(json.dumps(row), flush=True)
        if log:
            log.write(json.dumps(row) + "\n")
            log.flush()

    def q(v, f):
        v = sorted(v)
        return v[min(len(v) - 1, int(f * len(v)))] if v else None
    print(f"{n}x{n} {k} colours, seeds {a.seeds}, scheme {a.scheme}, tries {a.tries}, "
          f"until {a.until}")
    print(f"  expert: {sum(r['ok'] for r in rows)}/{len(rows)}; black-and-white puzzles made "
          f"{sum(r['bw_puzzles'] for r in rows)}")
    tot = [r["total_cpu"] for r in rows]
    print(f"  CPU per seed p50/p95/max {q(tot, .5)}/{q(tot, .95)}/{max(tot)}")
    if a.current:
        cur = [abs(r["current_cpu"]) for r in rows]
        print(f"  current colour expert CPU p50/p95/max {q(cur, .5)}/{q(cur, .95)}/{max(cur)}")


if __name__ == "__main__":
    main()
