"""Counted work of the expert level, one tree: per seed the line solves made in all
(every lane, losing ones too), the unique stalls' hint walks played and their line
solves, the winning lane. Counted, so the same on any machine: two trees compare
exactly. (issue 31; PERF.md "Expert: no full walk for a stall the hints cannot finish")

    nice -n 19 .venv/bin/python bench/experiments/lane_work_count.py TREE 25 1 40

Measured with it (25x25 seeds 1-40, main 7781691: 73,836,327 line solves, 65 walks):
``stall_look.diff`` 72,976,460 (-1.2 %), 52 walks; the change of ``expert_yields.diff``
(the climb's search and walk at a unique stall each an advance of its own, so that a
lane the race has passed would make neither; the diff applies to main) on top of the
look: the same counts on every seed, it saves nothing.
"""
import hashlib
import json
import sys
import time

tree, size, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(0, tree)
from pysolver.nonogram import climb, generate  # noqa: E402
from pysolver.nonogram.solver import propagate  # noqa: E402

seen = {"walks": 0, "walk_solves": 0}
played = climb.walk


def walk(q):  # climb's walk, counted
    seen["walks"] += 1
    before = propagate.solved()
    out = played(q)
    seen["walk_solves"] += propagate.solved() - before
    return out


climb.walk = walk
total = {"solves": 0, "walks": 0, "walk_solves": 0, "cpu": 0.0}
for seed in range(first, last + 1):
    seen.update(walks=0, walk_solves=0)
    before, t0 = propagate.solved(), time.process_time()
    p, info = generate.generate(size, size, 1, "expert", seed)
    row = {"seed": seed, "solves": propagate.solved() - before, **seen,
           "cpu": round(time.process_time() - t0, 2), "lane": info["lane"]["lane"],
           "goal": hashlib.sha1("".join(p.goal).encode()).hexdigest()[:12]}
    for k in total:
        total[k] += row[k]
    print(json.dumps(row), flush=True)
print(json.dumps(total))
