"""Does the B/W expert climb's yield depend on the picture it climbs from? (issue 31)

    nice -n 19 .venv/bin/python bench/experiments/picture_yield.py --size 25 --seeds 1-40 \
        [--attempts 3] [--density 0.30,0.60] [--grains 0.4,0.7,1.0] [--styles ...] \
        [--symmetries ...] --log FILE.jsonl
    .venv/bin/python bench/experiments/picture_yield.py --report FILE.jsonl [FILE.jsonl ...]

Each attempt is one attempt of the expert search's lane 0 (generate._lane_zero: a
picture, climb.start, climb.climb to its end, no branch), its picture's factors drawn
by a random generator of its own, independently and uniformly: style from the given
styles, symmetry from the given symmetries, density in the given range (wider than
generate.DENSITY["expert"] so that a trend shows), grain from the given values. Logged
per attempt: the factors, whether the start was reached, success (an expert puzzle),
CPU seconds, what-if tests (climb._stall calls) and line solves. The report gives
successes per CPU second (and per attempt, and tests per success) by each factor, with
counts: one log measures every factor at once (a factor's rows average over the others).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver.nonogram import climb, edit, generate as gen, picture as pic  # noqa: E402
from pysolver.nonogram.puzzle import BACKGROUND  # noqa: E402
from pysolver.nonogram.solver import propagate  # noqa: E402

cpu = time.process_time
TESTS = [0]
_stall = climb._stall


def _counted_stall(*a):
    TESTS[0] += 1
    return _stall(*a)


climb._stall = _counted_stall  # the climb's step finds it by module name


def drive(g):
    """A lane generator run to its end: its return value."""
    while True:
        try:
            next(g)
        except StopIteration as done:
            return done.value


def attempt(w, seed, k, factors):
    """One lane-0 attempt with forced picture factors: the log row."""
    style, symmetry, density, grain = factors
    rng = random.Random(f"picture_yield {w}x{w} expert {seed} {k}")
    colors = [BACKGROUND] + gen.PALETTE[:1]
    TESTS[0] = 0
    s0, t0 = propagate.solved(), cpu()
    grid, _, _ = pic.picture(rng, w, w, density, 1, style=style, symmetry=symmetry, grain=grain)
    start = drive(climb.start(rng, grid, colors, symmetry))
    found, why = None, "too hard"
    if start is not None:
        found, why, _ = drive(climb.climb(rng, edit.grid_of(start, colors), colors, symmetry))
    return {"size": w, "seed": seed, "k": k, "style": style, "symmetry": symmetry,
            "density": round(density, 4), "grain": grain, "started": start is not None,
            "success": bool(found), "why": why, "cpu": round(cpu() - t0, 4),
            "tests": TESTS[0], "solves": propagate.solved() - s0}


def run(args):
    lo, hi = map(float, args.density.split(","))
    grains = [float(g) for g in args.grains.split(",")]
    styles, syms = args.styles.split(","), args.symmetries.split(",")
    a, b = map(int, args.seeds.split("-"))
    with open(args.log, "a") as log:
        for seed in range(a, b + 1):
            for k in range(args.attempts):
                draw = random.Random(f"picture_yield factors {args.size} {seed} {k}")
                factors = (draw.choice(styles), draw.choice(syms), draw.uniform(lo, hi),
                           draw.choice(grains))
                row = attempt(args.size, seed, k, factors)
                log.write(json.dumps(row) + "\n")
                log.flush()
                print(json.dumps(row), flush=True)


def _bucket(row, key):
    v = row.get("density" if key == "band" else key)
    if key == "density":
        return f"{math.floor(v * 20) / 20:.2f}-{math.floor(v * 20) / 20 + 0.05:.2f}"
    if key == "band":  # generate.DENSITY["expert"] cut in two, and what lies outside it
        return "<0.38" if v < 0.38 else "0.38-0.45" if v < 0.45 else "0.45-0.52" if v < 0.52 \
            else ">0.52"
    if key == "symclass":
        return {"none": "none", "mirror-x": "mirror", "mirror-y": "mirror", "both": "both",
                "turn": "turn"}[row["symmetry"]]
    return str(v)


def report(paths):
    rows = [json.loads(line) for p in paths for line in open(p) if line.strip()]
    for size in sorted({r["size"] for r in rows}):
        mine = [r for r in rows if r["size"] == size]
        print(f"\n## {size}x{size}: {len(mine)} attempts, {sum(r['success'] for r in mine)} "
              f"successes, {sum(r['cpu'] for r in mine):.0f} CPU s")
        for key in ("style", "symmetry", "symclass", "density", "grain"):
            print(f"\n| {key} | attempts | started | successes | CPU s | succ/CPU s | ±1σ "
                  f"| succ/attempt | CPU s/attempt | tests/succ |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for v in sorted({_bucket(r, key) for r in mine}):
                sel = [r for r in mine if _bucket(r, key) == v]
                n, s = len(sel), sum(r["success"] for r in sel)
                c, t = sum(r["cpu"] for r in sel), sum(r["tests"] for r in sel)
                st = sum(r["started"] for r in sel)
                err = math.sqrt(s) / c if s else 0.0  # Poisson on the successes alone
                print(f"| {v} | {n} | {st} | {s} | {c:.0f} | {s / c:.3f} | {err:.3f} "
                      f"| {s / n:.2f} | {c / n:.2f} | {t / s if s else float('nan'):.0f} |")
        for a, b in (("style", "symclass"), ("symclass", "band"), ("style", "band")):
            _cross(mine, a, b)


def _cross(rows, a, b):
    """successes per CPU second (successes) by two factors at once."""
    cols = sorted({_bucket(r, b) for r in rows})
    print(f"\n| {a} \\ {b} | " + " | ".join(cols) + " |")
    print("|---|" + "---:|" * len(cols))
    for v in sorted({_bucket(r, a) for r in rows}):
        cells = []
        for c in cols:
            sel = [r for r in rows if _bucket(r, a) == v and _bucket(r, b) == c]
            s, t = sum(r["success"] for r in sel), sum(r["cpu"] for r in sel)
            cells.append(f"{s / t:.2f} ({s})" if t else "-")
        print(f"| {v} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--attempts", type=int, default=3, help="attempts (pictures) per seed")
    ap.add_argument("--density", default="0.30,0.60", help="low,high of the uniform draw")
    ap.add_argument("--grains", default="0.4,0.7,1.0")
    ap.add_argument("--styles", default=",".join(pic.STYLES))
    ap.add_argument("--symmetries", default=",".join(pic.SYMMETRIES))
    ap.add_argument("--log")
    ap.add_argument("--report", nargs="+", metavar="LOG")
    args = ap.parse_args()
    if args.report:
        report(args.report)
    elif not args.log:
        ap.error("--log FILE.jsonl (or --report LOG...)")
    else:
        run(args)


if __name__ == "__main__":
    main()
