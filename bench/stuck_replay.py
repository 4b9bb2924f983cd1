"""The climb's what-if test (walk.stuck) alone, two trees compared on the same states (issue 31).

    nice -n 19 .venv/bin/python bench/stuck_replay.py --peer ../before [--size 25]
        [--seeds 1-12] [--rounds 3]

This tree's generator makes black-and-white expert puzzles for the seeds and keeps every
state its climb hands to walk.stuck (puzzle, rows, cols, goal, the engine's tick
allowance). Each round, one process per tree (which goes first alternates) replays them all
in order with its own walk.stuck, from empty line caches, and prints the CPU seconds
(process_time) of stuck alone and a digest of every call's end and counts: rows, cols,
trials, propagate.solved(), the engine's line_solves and tick allowance, the line-cache
misses. The digests must be equal (the same puzzles follow); the CPU is the minimum over
the rounds per tree.
"""
from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RECORD = r"""
import pickle, sys
sys.path.insert(0, sys.argv[1])
from pysolver.nonogram import climb, generate as gen
size, lo, hi = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
met, real = [], climb.stuck
def keep(eng, rows, cols, goal):
    if eng.ncol == 2:
        met.append((eng.puzzle, list(rows), list(cols), [list(r) for r in goal], eng.left))
    return real(eng, rows, cols, goal)
climb.stuck = keep
for seed in range(lo, hi + 1):
    gen.generate(size, size, 1, "expert", seed)
with open(sys.argv[5], "wb") as fh:
    pickle.dump(met, fh)
"""

REPLAY = r"""
import hashlib, pickle, sys, time
sys.path.insert(0, sys.argv[1])
from pysolver.nonogram import walk
from pysolver.nonogram.solver import line, propagate
from pysolver.nonogram.solver.propagate import Engine
with open(sys.argv[2], "rb") as fh:
    met = pickle.load(fh)
line.clear_caches()
digest, cpu, trials = hashlib.sha256(), 0.0, 0
for p, rows, cols, goal, left in met:
    eng = Engine(p)
    eng.left = left
    solved, budget = propagate.solved(), line._budget[0]
    t = time.process_time()
    r, c, n = walk.stuck(eng, list(rows), list(cols), goal)
    cpu += time.process_time() - t
    trials += n
    digest.update(repr((r, c, n, propagate.solved() - solved, eng.line_solves, eng.left,
                        budget - line._budget[0])).encode())
print(cpu, trials, digest.hexdigest()[:16])
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the other tree (e.g. a git archive of main)")
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-12", help="N or LO-HI")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    trees = {"this": HERE, "peer": os.path.abspath(args.peer)}
    with tempfile.TemporaryDirectory() as tmp:
        states = os.path.join(tmp, "states.pkl")
        subprocess.run([sys.executable, "-c", RECORD, HERE, str(args.size), lo, hi or lo, states],
                       check=True)
        with open(states, "rb") as fh:
            print(f"{args.size}x{args.size} expert seeds {args.seeds}: {len(pickle.load(fh))} states",
                  file=sys.stderr)
        best, seen = {}, {}
        for n in range(args.rounds):
            for name in (("this", "peer") if n % 2 == 0 else ("peer", "this")):
                out = subprocess.run([sys.executable, "-c", REPLAY, trees[name], states],
                                     check=True, capture_output=True, text=True).stdout.split()
                cpu = float(out[0])
                best[name] = min(best.get(name, cpu), cpu)
                seen.setdefault(name, set()).add((int(out[1]), out[2]))
                print(f"round {n + 1} {name}: stuck CPU {cpu:.2f} s, trials {out[1]}, digest {out[2]}",
                      file=sys.stderr)
    same = seen["this"] == seen["peer"] and len(seen["this"]) == 1
    print(f"stuck CPU (min of {args.rounds}): peer {best['peer']:.2f} s, this {best['this']:.2f} s "
          f"(ratio {best['this'] / best['peer']:.3f}); every end and count the same: {same}")


if __name__ == "__main__":
    main()
