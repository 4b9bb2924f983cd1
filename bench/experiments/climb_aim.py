"""Aimed edge flips against the climb's random ones, from the same parents (issue 31).

    nice -n 19 .venv/bin/python bench/experiments/climb_aim.py --size 15 --seeds 1-30 \
        [--variants ctl,open,near,fail,last] [--log FILE.jsonl]

The path is the generator's own (lane 0 of pysolver.nonogram.generate: its pictures,
climb.start, climb.climb) up to its first success: climb._step is wrapped, and
before each step runs, side draws are made from the step's parent (the kept
picture) with their own random generators, so the path is main's. Each variant draws
CLIMB_TRIES edge flips from its own set of cells and tests them as the step does
(climb.screen; the step's rule: up to CLIMB_PROBES or RISE_PROBES tests, past the
first finished one only ties for the most open; while rising, the first finished
is kept and stalls are passed over; a stall is asked climb._expert, a swap's
corners tested), logging tests, outcomes and CPU (the candidates' line fixpoints,
the tests, the uniqueness checks; the hint walk of a unique stall apart), and the
trials of the flip it would keep.

Variants (cells drawn from; each falls back to all edge cells when its set has
fewer than CLIMB_TRIES):
- ``ctl``: every edge cell (what the climb draws today);
- ``in``: edge cells that line logic leaves open in the parent;
- ``open``: edge cells in or next to (8 neighbours) a cell line logic leaves open;
- ``lines``: edge cells in a row or column with a cell line logic leaves open;
- ``fail``: edge cells in or next to a cell a what-if decided itself (its wrong
  value failed), not by the line logic after one;
- ``last``: edge cells in or next to the last third of the open cells in the order
  the parent's what-ifs decided them;
- ``deep``: edge cells in or next to the last third of the cells the what-ifs
  decided themselves (``fail``), in their order;
- ``hard``: edge cells in or next to the open cells whose wrong value survived the
  most what-if trials before it failed (the top third).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.nonogram import climb, edit, generate as gen  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402
from pysolver.nonogram.walk import level_of, settle, walk  # noqa: E402

cpu = time.process_time
VARIANTS = ("ctl", "in", "open", "lines", "fail", "last", "deep", "hard")


def parent_facts(grid, colors):
    """What the parent's line logic and what-ifs did: {open: cells line logic leaves
    open, fail: cells decided by their own failing trial, order: open cell -> index of
    the what-if decision that decided it, tries: open cell -> surviving trials}."""
    q = puzzle_from_grid(grid, colors)
    eng = Engine(q)
    rows, cols = edit.lines(eng)
    h, w = eng.h, eng.w
    opened = {(y, x) for y in range(h) for x in range(w) if (rows[y][0] & rows[y][1]) >> x & 1}
    fail, order, tries, passes = set(), {}, {}, {}
    memo = {}
    n = npass = trials = 0
    changed = True
    while changed:  # walk.stuck (the general loop, B/W), recording who decided what
        changed = False
        npass += 1
        for y in range(h):
            for x in range(w):
                r = rows[y]
                if not (r[0] & r[1]) >> x & 1 or (y, x) in memo:
                    continue
                wrong = 1 - grid[y][x]
                r2, c2 = _set(rows, cols, y, x, wrong)
                trials += 1
                if eng.run(r2, c2, {y}, {x}) >= 0:
                    memo[(y, x)] = (eng.chg_rows | 1 << y, eng.chg_cols | 1 << x)
                    tries[(y, x)] = tries.get((y, x), 0) + 1
                    continue
                r2, c2 = _set(rows, cols, y, x, grid[y][x])
                settle(eng, r2, c2, {y}, {x})
                fail.add((y, x))
                for yy in range(h):
                    newly = (rows[yy][0] & rows[yy][1]) & ~(r2[yy][0] & r2[yy][1])
                    for xx in range(w):
                        if newly >> xx & 1:
                            order[(yy, xx)] = n
                            passes[(yy, xx)] = npass
                n += 1
                dr = sum(1 << i for i in range(h) if rows[i] != r2[i])
                dc = sum(1 << i for i in range(w) if cols[i] != c2[i])
                for k in [k for k, (a, b) in memo.items() if a & dr or b & dc]:
                    del memo[k]
                rows[:], cols[:] = r2, c2
                changed = True
    return {"open": opened, "fail": fail, "order": order, "tries": tries, "passes": passes,
            "trials": trials}


def _set(rows, cols, y, x, v):
    r2, c2 = rows[:], cols[:]
    bit, ybit = 1 << x, 1 << y
    r, c = r2[y], c2[x]
    if v:  # filled: not empty
        r2[y], c2[x] = (r[0] & ~bit, r[1]), (c[0] & ~ybit, c[1])
    else:
        r2[y], c2[x] = (r[0], r[1] & ~bit), (c[0], c[1] & ~ybit)
    return r2, c2


def _near(cells, h, w):
    return {(yy, xx) for y, x in cells for yy in range(y - 1, y + 2)
            for xx in range(x - 1, x + 2) if 0 <= yy < h and 0 <= xx < w}


def aimed(variant, edges, facts, h, w):
    """The edge cells ``variant`` draws from."""
    if variant == "ctl":
        return edges
    op = facts["open"]
    if variant == "in":
        keep = op
    elif variant == "open":
        keep = _near(op, h, w)
    elif variant == "lines":
        ys, xs = {y for y, _ in op}, {x for _, x in op}
        return [(y, x) for y, x in edges if y in ys or x in xs]
    elif variant == "fail":
        keep = _near(facts["fail"], h, w)
    elif variant == "last":
        order = sorted(facts["order"], key=facts["order"].get)
        keep = _near(order[len(order) * 2 // 3:], h, w)
    elif variant == "deep":  # the last third of the what-ifs' own decisions
        order = sorted(facts["fail"], key=facts["order"].get)
        keep = _near(order[len(order) * 2 // 3:], h, w)
    elif variant == "hard":
        tries = sorted(op, key=lambda c: -facts["tries"].get(c, 0))
        keep = _near(tries[:max(1, len(tries) // 3)], h, w)
    else:
        raise SystemExit(f"no variant {variant!r}")
    return [c for c in edges if c in keep]


def side_step(rng, grid, colors, symmetry, rising, cells, log, **kw):
    """A step's draws from ``cells`` and its tests by the step's rule, logged."""
    t0 = cpu()
    edges = edit.edge_cells(grid)
    pool = cells if len(cells) >= climb.CLIMB_TRIES else edges
    cands = climb.screen([edit.change(grid, y, x, symmetry, len(colors))
                          for y, x in rng.sample(pool, min(climb.CLIMB_TRIES, len(pool)))], colors)
    t_draw = cpu() - t0
    probes = climb.CLIMB_PROBES if rising or not climb._big(grid, colors) else climb.RISE_PROBES
    best = None
    outs, t_test, t_walk, expert = [], 0.0, 0.0, False
    for k, (opened, g, q, eng, rows, cols) in enumerate(cands):
        if k == probes or (best is not None and (rising or opened < cands[0][0])):
            break
        t1 = cpu()
        rows, trials = climb._stall(eng, rows, cols, g)
        if eng.complete(rows):
            outs.append("finished")
            t_test += cpu() - t1
            if best is None or trials + climb.CLIMB_OPEN * opened > best[0]:
                best = (trials + climb.CLIMB_OPEN * opened, trials)
            continue
        if rising:
            outs.append("stall")
            t_test += cpu() - t1
            continue
        out, tw = _verdict(q, eng, rows, g)
        t_test += cpu() - t1 - tw
        t_walk += tw
        outs.append(out)
        if out.endswith("expert"):
            expert = True
            break
    log(pool=len(pool), aimed=len(cells), n=len(cands), outs=outs, t_draw=t_draw, rising=bool(rising),
        t_test=t_test, t_walk=t_walk, kept=best and best[1], expert=expert, **kw)


def _verdict(q, eng, rows, g):
    """climb._step's handling of a stall: (outcome, walk CPU). Outcomes: ambiguous,
    unique, expert; after a swap, "swap" then one "c" per corner tested and ":" the
    corner's outcome when one stalled and stayed unique."""
    corners = climb.swap(eng, rows, g)
    if not corners:
        return _unique(q, eng, rows)
    symmetry, colors = _ctx["symmetry"], _ctx["colors"]
    out = "swap"
    for y, x in corners:
        g2 = edit.change(g, y, x, symmetry, len(colors))
        q2 = puzzle_from_grid(g2, colors)
        eng2 = Engine(q2)
        rows2, cols2 = edit.lines(eng2)
        rows2, _ = climb._stall(eng2, rows2, cols2, g2)
        out += "c"
        if not eng2.complete(rows2) and not climb.swap(eng2, rows2, g2):
            verdict, tw = _unique(q2, eng2, rows2)
            if verdict != "ambiguous":
                return out + ":" + verdict, tw
    return out, 0.0


def _unique(q, eng, rows):
    res = climb.search.solve(q, max_solutions=2, cells=eng.cells(rows), work=climb.SEARCH_WORK)
    if res.status != "unique":
        return "ambiguous", 0.0
    q.validate()
    t = cpu()
    s = walk(q)
    return ("expert" if level_of(s, q.width, q.height) == "expert" else "unique"), cpu() - t


_ctx = {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--log", default=None)
    ap.add_argument("--reps", type=int, default=1, help="side draws per variant and step")
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    variants = args.variants.split(",")
    out = open(args.log, "a") if args.log else sys.stdout
    s = args.size
    real = climb._step
    for seed in range(int(lo), int(hi or lo) + 1):
        state = {"step": 0, "climb": 0, "done": False}
        sides = {v: random.Random(f"aim {v} {s} {seed}") for v in variants}

        def log(**kw):
            out.write(json.dumps({"size": s, "seed": seed, "climb": state["climb"],
                                  "step": state["step"], **kw}) + "\n")

        def step(rng, grid, colors, symmetry, rising):
            _ctx.update(colors=colors, symmetry=symmetry)
            h, w = len(grid), len(grid[0])
            facts = parent_facts(grid, colors)
            edges = edit.edge_cells(grid)
            ntr = facts["trials"]
            for v in [v for v in variants for _ in range(args.reps)]:
                side_step(sides[v], grid, colors, symmetry, rising,
                          aimed(v, edges, facts, h, w), log, kind=v,
                          popen=len(facts["open"]), ptries=ntr, edges=len(edges))
            found, best, walked = yield from real(rng, grid, colors, symmetry, rising)
            log(kind="path", rising=bool(rising), kept=best and best[2], found=bool(found))
            state["step"] += 1
            return found, best, walked

        climb._step = step
        tried = {"attempts": 0, "walks": 0, "rejected": {}}
        lane = gen._lane_zero(s, s, 1, seed, tried)
        orig_climb = climb.climb

        def counted(*a, **k):
            state["climb"] += 1
            state["step"] = 0
            return (yield from orig_climb(*a, **k))
        climb.climb = counted
        t0 = cpu()
        try:
            while True:
                next(lane)
        except StopIteration as stop:
            made = stop.value
        climb.climb = orig_climb
        log(kind="end", made=made is not None, cpu=cpu() - t0, attempts=tried["attempts"])
        out.flush()
        climb._step = real


if __name__ == "__main__":
    main()
