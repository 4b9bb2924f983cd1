"""Would a size-aware ceiling on the climb's what-if trials pay? (issue 31)

    nice -n 19 .venv/bin/python bench/experiments/climb_ceiling.py --size 25 --seeds 1-20 \
        --variants main,fewest:0.6,fewest:1.2,stay:0.6 [--jobs 2] [--log FILE.jsonl]

helper expert5 (PERF.md, "B/W expert, fifth round") found that at 25×25 the yield per
CPU second of the climb's what-if tests peaks when the kept puzzle's what-ifs make
200-400 trials (a test costs 15-50 ms above). Here pysolver.nonogram.climb.climb is
replaced by a copy of it (main 25d643e) with a ceiling C (trials per cell):
once the kept puzzle's what-ifs make more than C × cells trials,

- ``fewest:C``: a step keeps the finished flip with the FEWEST trials among those at
  or above the rise threshold (CLIMB_RISE × cells); none there: the most, as main;
- ``stay:C``: the climb stops rising: the kept puzzle stays, each step draws and
  tests flips of it (up to RISE_PROBES) for unique stalls.

Below the ceiling every variant is main's climb with the same draws (same path).
``main`` is the unpatched climb. Every (variant, seed) runs in its own fresh
process (no warm caches shared), ``api.generate`` timed in CPU seconds
(process_time); at the end p50 / p95 / max / sum per variant and how many puzzles
differ from main's. Only black and white boards of RISE_CELLS cells or more are
changed (main's ``big``).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)

from pysolver.nonogram import climb as C, edit  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402

# the expert lanes made the climb a generator (pysolver.nonogram.lanes): this copy of its
# loop measures the climb of main 25d643e, so it runs from a checkout of that commit
if __import__("inspect").isgeneratorfunction(C.climb):
    sys.exit("climb_ceiling.py measures the climb before the expert lanes: run it from a "
             "checkout of main 25d643e (git worktree add /tmp/climb-25d643e 25d643e)")
from pysolver.nonogram.walk import level_of  # noqa: E402


def ceiling_climb(mode, ceil):
    """climb.climb (main 25d643e) with the ceiling ``ceil`` trials a cell, ``mode`` fewest/stay."""

    def climb(rng, p, colors, symmetry):
        grid = edit.grid_of(p, colors)
        walks = 0
        cells = len(grid) * len(grid[0])
        big = len(colors) == 2 and cells >= C.RISE_CELLS
        rising = big
        probes = C.RISE_PROBES if big else C.CLIMB_PROBES
        above = False  # the kept puzzle's trials past the ceiling (only when big)
        for _ in range(C.CLIMB_STEPS):
            best, done = None, []
            edges = edit.edge_cells(grid)
            cands = C.screen([edit.change(grid, y, x, symmetry, len(colors))
                              for y, x in rng.sample(edges, min(C.CLIMB_TRIES, len(edges)))], colors)
            for k, (opened, g, q, eng, rows, cols) in enumerate(cands):
                if k == (C.CLIMB_PROBES if rising else probes) or (
                        best is not None and (rising or opened < cands[0][0])):
                    break
                rows, trials = C._stall(eng, rows, cols, g)
                if eng.complete(rows):
                    score = trials + C.CLIMB_OPEN * opened
                    done.append((score, g, trials))
                    if best is None or score > best[0]:
                        best = (score, g, trials)
                    continue
                if rising:
                    continue
                summary, corners = C._expert(q, eng, rows, g)
                for y, x in corners or ():
                    g2 = edit.change(g, y, x, symmetry, len(colors))
                    q2 = puzzle_from_grid(g2, colors)
                    eng2 = Engine(q2)
                    rows2, cols2 = edit.lines(eng2)
                    rows2, _ = C._stall(eng2, rows2, cols2, g2)
                    if not eng2.complete(rows2):
                        summary, _ = C._expert(q2, eng2, rows2, g2)
                        if summary is not None:
                            q = q2
                            break
                walks += summary is not None
                if summary and level_of(summary, q.width, q.height) == "expert":
                    return (q, summary), None, walks
            if above and mode == "stay":
                continue  # the kept puzzle stays: its flips are tested again next step
            if above and mode == "fewest":
                risen = [d for d in done if d[2] >= C.CLIMB_RISE * cells]
                if risen:
                    best = min(risen, key=lambda d: d[2])  # first among equals: the draw's order
            if best is not None:
                grid = best[1]
                rising = big and best[2] < C.CLIMB_RISE * cells
                above = big and best[2] > ceil * cells
        return None, "too easy", walks

    return climb


WORKER = r"""
import hashlib, json, sys, time
sys.argv = [sys.argv[0]] + sys.argv[1:]
root, variant, size, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(0, root)
sys.path.insert(0, root + "/bench/experiments")
from pysolver import api
from pysolver.nonogram import climb
if variant != "main":
    import climb_ceiling
    mode, _, c = variant.partition(":")
    climb.climb = climb_ceiling.ceiling_climb(mode, float(c))
t = time.process_time()
r = api.generate(family="nonogram", width=size, height=size, colours=1, level="expert", seed=seed)
cpu = time.process_time() - t
key = hashlib.sha1(json.dumps([r["puzzle"]["goal"], r["walk"]]).encode()).hexdigest()[:12]
print(json.dumps({"cpu": cpu, "key": key, "attempts": r["attempts"]}))
"""


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def run(variant, size, seed):
    out = subprocess.run([sys.executable, "-c", WORKER, ROOT, variant, str(size), str(seed)],
                         capture_output=True, text=True, check=False)
    if out.returncode:
        return {"variant": variant, "seed": seed, "cpu": None, "key": "error: " + out.stderr[-200:]}
    return dict(json.loads(out.stdout), variant=variant, seed=seed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-20", help="LO-HI")
    ap.add_argument("--variants", default="main,fewest:0.6,stay:0.6")
    ap.add_argument("--jobs", type=int, default=2, help="processes at once")
    ap.add_argument("--log", help="append each result as a JSON line")
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    variants = args.variants.split(",")
    jobs = [(v, args.size, s) for s in seeds for v in variants]  # seeds interleaved
    res = {}
    with ThreadPoolExecutor(args.jobs) as ex:
        for r in ex.map(lambda a: run(*a), jobs):
            res[r["variant"], r["seed"]] = r
            print(f"{r['variant']} seed {r['seed']}: {r['cpu'] if r['cpu'] is None else round(r['cpu'], 2)} s "
                  f"attempts {r.get('attempts')} {r['key']}", file=sys.stderr, flush=True)
            if args.log:
                with open(args.log, "a") as f:
                    f.write(json.dumps(dict(r, size=args.size)) + "\n")
    print(f"{args.size}x{args.size} B/W expert, seeds {args.seeds}: CPU s p50 / p95 / max / sum")
    for v in variants:
        cpu = [res[v, s]["cpu"] for s in seeds if res[v, s]["cpu"] is not None]
        diff = sum(res[v, s]["key"] != res[variants[0], s]["key"] for s in seeds)
        print(f"{v:12} {pct(cpu, .5):6.2f} {pct(cpu, .95):6.2f} {max(cpu):6.2f} {sum(cpu):7.1f}"
              f"  errors {len(seeds) - len(cpu)}, differ from {variants[0]}: {diff}")


if __name__ == "__main__":
    main()
