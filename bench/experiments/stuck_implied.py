"""Would the expert climb's what-if test pay to skip trials another trial implies? (issue 31)

    .venv/bin/python bench/experiments/stuck_implied.py [--size 25] [--seeds 1,3,5] [--rounds 3]

walk._stuck_bw tries each open cell's wrong value and propagates it. When a trial of c
survives (no contradiction), every open cell d whose wrong value that propagation set
would survive too, from the same state: the propagation of d's wrong value lies within
c's (monotone line logic). ``stuck_implied`` skips those trials until the state next
changes (counted as trials; d's memo is c's lines, a superset of its own, so d may be
tried again sooner). Same fixpoints (checked on every state); this records the states the
package's climb tests on the given seeds and times both functions on them, in turn.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.nonogram import climb, edit, generate as gen, walk  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine, solved  # noqa: E402


def stuck_implied(eng, rows, cols, goal):
    h, w = eng.h, eng.w
    run = eng.run
    memo = {}
    trials = 0
    gm = [sum(1 << x for x, v in enumerate(row) if v) for row in goal]
    changed = True
    while changed:
        changed = False
        implied = {}  # cell -> memo of the surviving trial that implied its wrong value
        for y in range(h):
            r = rows[y]
            todo = r[0] & r[1]
            base = y * w
            ybit = 1 << y
            ny = ~ybit
            while todo:
                low = todo & -todo
                todo ^= low
                k = base + low.bit_length() - 1
                if k in memo:
                    continue
                r = rows[y]
                if not r[0] & r[1] & low:
                    continue
                m = implied.get(k)
                if m is not None:  # its trial's closure lies within a surviving one's
                    trials += 1
                    memo[k] = m
                    continue
                x = k - base
                t = cols[x]
                r2 = rows[:]
                c2 = cols[:]
                filled = goal[y][x]
                if filled:
                    r2[y] = (r[0], r[1] & ~low)
                    c2[x] = (t[0], t[1] & ny)
                else:
                    r2[y] = (r[0] & ~low, r[1])
                    c2[x] = (t[0] & ny, t[1])
                trials += 1
                if run(r2, c2, {y}, {x}) >= 0:
                    cr = eng.chg_rows
                    mk = memo[k] = cr | ybit | (eng.chg_cols | low) << h
                    while cr:
                        lb = cr & -cr
                        cr ^= lb
                        yy = lb.bit_length() - 1
                        o0, o1 = rows[yy]
                        n0, n1 = r2[yy]
                        g = gm[yy]
                        wrong = o0 & o1 & ((g & ~n1) | (~g & ~n0))
                        b2 = yy * w
                        while wrong:
                            lw = wrong & -wrong
                            wrong ^= lw
                            implied.setdefault(b2 + lw.bit_length() - 1, mk)
                    continue
                r2 = rows[:]
                c2 = cols[:]
                if filled:
                    r2[y] = (r[0] & ~low, r[1])
                    c2[x] = (t[0] & ny, t[1])
                else:
                    r2[y] = (r[0], r[1] & ~low)
                    c2[x] = (t[0], t[1] & ny)
                run(r2, c2, {y}, {x})
                dead = eng.chg_rows | ybit | (eng.chg_cols | low) << h
                for j in [j for j, v in memo.items() if v & dead]:
                    del memo[j]
                rows[:] = r2
                cols[:] = c2
                changed = True
                implied = {}
    return rows, cols, trials

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1,3,5")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    grids, orig = [], climb._stall

    def record(eng, rows, cols, g):
        grids.append(g)
        return orig(eng, rows, cols, g)
    climb._stall = record
    for s in a.seeds.split(","):
        gen.generate(a.size, a.size, 1, "expert", int(s))
    climb._stall = orig
    colors = [gen.BACKGROUND, gen.PALETTE[0]]
    print(f"{len(grids)} states the climb tested")
    ends = {}
    for name, f in (("package", walk._stuck_bw), ("implied", stuck_implied)) * a.rounds:
        t, s, trials, end = time.process_time(), solved(), 0, []
        for g in grids:
            eng = Engine(puzzle_from_grid(g, colors))
            rows, cols = edit.lines(eng)
            rows, cols, n = f(eng, rows, cols, g)
            trials += n
            end.append((rows, cols))
        assert ends.setdefault(name, end) == end and ends.get("package", end) == end
        print(f"{name}: CPU {time.process_time() - t:.2f} s, line solves {solved() - s}, trials {trials}")


if __name__ == "__main__":
    main()
