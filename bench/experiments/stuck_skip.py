"""Fewer what-if trials in the climb's test (walk.stuck)? Three sound cuts measured (issue 31).

    nice -n 19 .venv/bin/python bench/experiments/stuck_skip.py --size 15 --seeds 1-50

walk.stuck (the expert climb's test, about half of the expert search) tries each
open cell's wrong value(s) and propagates; a failing trial decides the cell, a
surviving one is memoised with the lines it changed. Two cuts that keep where it
ends (and are checked to, on every state met):

- ``dominance``: a surviving trial's fixpoint S has no contradiction, so every
  open cell S sets to a wrong value would survive its own trial (propagation is
  monotone with one fixpoint: that trial's fixpoint contains S); such a cell is
  memoised with S's changed lines (a superset of its own: invalidation stays
  sound) instead of tried. Counted as one trial when the scan reaches it, so the
  climb's score (trials) keeps its meaning; the count still moves a little (those
  memos are forgotten more often than their own would be), so the path can change.
- ``warm``: a cell tried again (its memo forgotten) starts from the meet of where
  its last trial ended and the narrower state, solving only the lines of the meet
  that are neither's (each of those is a line fixpoint): the same fixpoint, the
  same outcome and the same memo, so the same trial count; only line solves drop
  (the lanes' work, so a lane's win can change).
- ``shortcut``: warm's cheap cases only: a cell tried again whose meet leaves a cell
  no value fails, and one whose meet is every line either its last end's or the
  state's ends there, both without solving a line; any other is tried as before
  (from the state: no line state the caches have not met). Same trial count.

The climb runs as the generator runs it (main's stuck decides its path and its
count of line solves, the lanes' work); every
state its test meets is given to main's stuck and to each cut, each on its own
copy of the engine's line caches (which copy is run first rotates), and per
variant this prints CPU (process_time), line solves, line-cache misses and trials,
and the states where the end or (for warm) the trial count differed (must be 0).
It also splits main's CPU between first and repeated trials, surviving and
failing, and the settles after a decision.
"""
from __future__ import annotations

import argparse
import copy
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.nonogram import climb, generate as gen  # noqa: E402
from pysolver.nonogram.solver import line as line_mod, propagate  # noqa: E402
from pysolver.nonogram.solver.line import positions, undecided  # noqa: E402
from pysolver.nonogram.solver.probe import diff, invalidate, set_cell  # noqa: E402
from pysolver.nonogram.walk import settle  # noqa: E402

clock = time.process_time


def stuck_main(eng, rows, cols, goal, split=None):
    """walk.stuck as at main db0e762; ``split`` (a dict) gets CPU and counts per kind
    of step: first / again (a cell tried before) x survive / fail, and settle."""
    h, w, ncol = eng.h, eng.w, eng.ncol
    memo = {}
    tried = set()
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                if y * w + x in memo or not undecided(rows[y]) >> x & 1:
                    continue
                right = goal[y][x]
                for c in range(ncol):
                    if c == right or not rows[y][c] >> x & 1:
                        continue
                    r2, c2 = set_cell(rows, cols, y, x, c)
                    trials += 1
                    t = clock()
                    ok = eng.run(r2, c2, {y}, {x}) >= 0
                    if split is not None:
                        kind = ("again " if (y, x, c) in tried else "first ") + ("survive" if ok else "fail")
                        _add(split, kind, clock() - t)
                        tried.add((y, x, c))
                    if ok:
                        memo[y * w + x] = (eng.chg_rows | 1 << y, eng.chg_cols | 1 << x)
                        break
                else:
                    t = clock()
                    r2, c2 = set_cell(rows, cols, y, x, right)
                    settle(eng, r2, c2, {y}, {x})
                    invalidate(memo, diff(rows, r2), diff(cols, c2))
                    rows[:], cols[:] = r2, c2
                    changed = True
                    if split is not None:
                        _add(split, "settle", clock() - t)
    return rows, cols, trials


def _add(split, kind, t):
    n, s = split.get(kind, (0, 0.0))
    split[kind] = (n + 1, s + t)


def stuck_dominance(eng, rows, cols, goal):
    """walk.stuck with the dominance rule: a cell a surviving trial sets to a wrong
    value is memoised (flagged: counted as a trial when the scan reaches it)."""
    h, w, ncol = eng.h, eng.w, eng.ncol
    goals = [[sum(1 << x for x, v in enumerate(row) if v == c) for c in range(ncol)]
             for row in goal]
    memo = {}  # cell -> (rows, columns, stood for and not yet counted)
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                k = y * w + x
                seen = memo.get(k)
                if seen is not None:
                    if seen[2]:
                        trials += 1
                        memo[k] = (seen[0], seen[1], False)
                    continue
                if not undecided(rows[y]) >> x & 1:
                    continue
                right = goal[y][x]
                for c in range(ncol):
                    if c == right or not rows[y][c] >> x & 1:
                        continue
                    r2, c2 = set_cell(rows, cols, y, x, c)
                    trials += 1
                    if eng.run(r2, c2, {y}, {x}) >= 0:
                        memo[k] = (eng.chg_rows | 1 << y, eng.chg_cols | 1 << x, False)
                        _dominated(memo, rows, r2, goals,
                                   (eng.chg_rows | 1 << y, eng.chg_cols | 1 << x, True), w)
                        break
                else:
                    r2, c2 = set_cell(rows, cols, y, x, right)
                    settle(eng, r2, c2, {y}, {x})
                    invalidate(memo, diff(rows, r2), diff(cols, c2))
                    rows[:], cols[:] = r2, c2
                    changed = True
    return rows, cols, trials


def _dominated(memo, rows, r2, goals, stood, w):
    """Memoise every open cell the surviving trial's end ``r2`` sets to a wrong value."""
    lines = stood[0]
    while lines:
        low = lines & -lines
        lines ^= low
        y = low.bit_length() - 1
        old, new = rows[y], r2[y]
        if len(new) == 2:  # decided now, and not as the goal
            wrong = old[0] & old[1] & ~(new[0] & new[1]) & (new[1] ^ goals[y][1])
        else:
            fits = 0
            for m, g in zip(new, goals[y]):
                fits |= m & g
            wrong = undecided(old) & ~undecided(new) & ~fits
        base = y * w
        while wrong:
            bit = wrong & -wrong
            wrong ^= bit
            memo.setdefault(base + bit.bit_length() - 1, stood)


def stuck_warm(eng, rows, cols, goal):
    """walk.stuck where a black-and-white cell tried again starts from the meet of
    its last trial's end and the state (_again)."""
    h, w, ncol = eng.h, eng.w, eng.ncol
    memo = {}
    last = {}  # cell -> (rows, cols, lines) where its last surviving trial ended
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                k = y * w + x
                if k in memo or not undecided(rows[y]) >> x & 1:
                    continue
                right = goal[y][x]
                for c in range(ncol):
                    if c == right or not rows[y][c] >> x & 1:
                        continue
                    trials += 1
                    seen = last.get(k) if ncol == 2 else None
                    if seen is None:
                        r2, c2 = set_cell(rows, cols, y, x, c)
                        ok = eng.run(r2, c2, {y}, {x}) >= 0
                        lines = (eng.chg_rows, eng.chg_cols)
                    else:
                        r2, c2, lines = _again(eng, rows, cols, seen)
                        ok = lines is not None
                    if ok:
                        memo[k] = lines = (lines[0] | 1 << y, lines[1] | 1 << x)
                        last[k] = (r2, c2, lines)
                        break
                else:
                    r2, c2 = set_cell(rows, cols, y, x, right)
                    settle(eng, r2, c2, {y}, {x})
                    invalidate(memo, diff(rows, r2), diff(cols, c2))
                    rows[:], cols[:] = r2, c2
                    changed = True
    return rows, cols, trials


def _again(eng, rows, cols, seen):
    """The trial again from the narrower state: propagation from the meet of its
    last end and the state (both line fixpoints, so only lines that are neither's
    are solved); (rows, cols, lines where its end differs from the state or None
    when it fails)."""
    r0, c0, (lr, lc) = seen
    r2, c2 = list(rows), list(cols)
    dirty = (set(), set())
    differ = [0, 0]
    for a, (new, old, now, mask) in enumerate(((r2, r0, rows, lr), (c2, c0, cols, lc))):
        while mask:
            low = mask & -mask
            mask ^= low
            i = low.bit_length() - 1
            s, n = old[i], now[i]
            if s is n:
                continue
            m = (s[0] & n[0], s[1] & n[1])
            if m == n:
                continue
            differ[a] |= low
            new[i] = s if m == s else m
            if m != s:
                dirty[a].add(i)
    if eng.run(r2, c2, dirty[0], dirty[1]) < 0:
        return r2, c2, None
    return r2, c2, (differ[0] | eng.chg_rows, differ[1] | eng.chg_cols)


def stuck_shortcut(eng, rows, cols, goal):
    """walk.stuck where a black-and-white cell tried again is decided without line
    solves when the meet of its last trial's end and the state needs none (_shortcut),
    else tried as before (no new line states: the caches serve as before)."""
    h, w, ncol = eng.h, eng.w, eng.ncol
    memo = {}
    last = {}
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                k = y * w + x
                if k in memo or not undecided(rows[y]) >> x & 1:
                    continue
                right = goal[y][x]
                for c in range(ncol):
                    if c == right or not rows[y][c] >> x & 1:
                        continue
                    trials += 1
                    seen = last.get(k) if ncol == 2 else None
                    out = None if seen is None else _shortcut(rows, cols, seen, w, h)
                    if out is None:
                        r2, c2 = set_cell(rows, cols, y, x, c)
                        ok = eng.run(r2, c2, {y}, {x}) >= 0
                        lines = (eng.chg_rows, eng.chg_cols)
                    else:
                        r2, c2, lines = out
                        ok = lines is not False
                    if ok:
                        memo[k] = lines = (lines[0] | 1 << y, lines[1] | 1 << x)
                        last[k] = (r2, c2, lines)
                        break
                else:
                    r2, c2 = set_cell(rows, cols, y, x, right)
                    settle(eng, r2, c2, {y}, {x})
                    invalidate(memo, diff(rows, r2), diff(cols, c2))
                    rows[:], cols[:] = r2, c2
                    changed = True
    return rows, cols, trials


def _shortcut(rows, cols, seen, w, h):
    """The trial again without solving a line, or None (solve it): (rows, cols, False)
    when the meet of its last end and the state leaves a cell no value (it fails);
    (rows, cols, lines) when every line of the meet is the last end's or the state's
    (a fixpoint: the trial ends there)."""
    r0, c0, (lr, lc) = seen
    r2, c2 = list(rows), list(cols)
    differ = [0, 0]
    for a, (new, old, now, mask, full) in enumerate(((r2, r0, rows, lr, (1 << w) - 1),
                                                     (c2, c0, cols, lc, (1 << h) - 1))):
        while mask:
            low = mask & -mask
            mask ^= low
            i = low.bit_length() - 1
            s, n = old[i], now[i]
            if s is n:
                continue
            m0, m1 = s[0] & n[0], s[1] & n[1]
            if m0 | m1 != full:
                return r2, c2, False
            if m0 == n[0] and m1 == n[1]:
                continue
            if m0 != s[0] or m1 != s[1]:
                return None
            differ[a] |= low
            new[i] = s
    return r2, c2, tuple(differ)


VARIANTS = {"main": stuck_main, "dominance": stuck_dominance, "warm": stuck_warm,
            "shortcut": stuck_shortcut}


def _clone(eng):
    e = copy.copy(eng)
    e.row_cache = [dict(d) for d in eng.row_cache]
    e.col_cache = [dict(d) for d in eng.col_cache]
    return e


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seeds", default="1-10", help="N or LO-HI")
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    names = list(VARIANTS)
    tot = {k: [0.0, 0, 0, 0] for k in names}  # CPU, line solves, misses, trials
    bad = {k: 0 for k in names}
    split = {}
    calls = [0]
    main_stuck = climb.stuck

    def measured(eng, rows, cols, goal):
        if eng.ncol != 2:
            return main_stuck(eng, rows, cols, goal)
        n = calls[0]
        calls[0] += 1
        order = names[n % len(names):] + names[:n % len(names)]
        out, engs = {}, {}
        counted = propagate._solved[0]  # the lanes' work: main's solves only (its path)
        for k in order:
            e = engs[k] = _clone(eng)
            r, c = list(rows), list(cols)
            solves, budget, t = e.line_solves, line_mod._budget[0], clock()
            out[k] = VARIANTS[k](e, r, c, goal)
            tot[k][0] += clock() - t
            tot[k][1] += e.line_solves - solves
            tot[k][2] += max(0, budget - line_mod._budget[0])
            tot[k][3] += out[k][2]
        propagate._solved[0] = counted + engs["main"].line_solves - eng.line_solves
        for k in names:
            same = out[k][:2] == out["main"][:2]
            bad[k] += not same or (k in ("warm", "shortcut") and out[k][2] != out["main"][2])
        # the path: main's, split once more with main's caches
        r, c = list(rows), list(cols)
        counted = propagate._solved[0]
        stuck_main(_clone(eng), r, c, goal, split)
        propagate._solved[0] = counted
        for own, theirs in ((eng.row_cache, engs["main"].row_cache),
                            (eng.col_cache, engs["main"].col_cache)):
            for d, e in zip(own, theirs):
                d.update(e)
        rows[:], cols[:] = out["main"][0], out["main"][1]
        return rows, cols, out["main"][2]

    climb.stuck = measured
    for seed in range(int(lo), int(hi or lo) + 1):
        gen.generate(args.size, args.size, 1, "expert", seed)
        print(f"seed {seed}: " + ", ".join(f"{k} {v[0]:.2f} s" for k, v in tot.items()),
              file=sys.stderr, flush=True)
    print(f"{args.size}x{args.size} expert seeds {args.seeds}: {calls[0]} states")
    for k in names:
        cpu, solves, misses, trials = tot[k]
        print(f"  {k}: CPU {cpu:.2f} s, line solves {solves}, cache misses {misses}, "
              f"trials {trials}, states that differ {bad[k]}")
    print("  main's CPU by step: " + ", ".join(
        f"{k} {n} x {s / max(n, 1) * 1e6:.0f} us = {s:.2f} s" for k, (n, s) in sorted(split.items())))


if __name__ == "__main__":
    main()
