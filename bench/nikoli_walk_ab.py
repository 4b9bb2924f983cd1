"""Nikoli hint walks, two trees compared: CPU per family and size, and the same summaries.

    .venv/bin/python bench/nikoli_walk_ab.py --peer /tmp/before [--families nurikabe,masyu]
        [--runs 3] [--rounds 2]
    .venv/bin/python bench/nikoli_walk_ab.py --peer /tmp/before --generate nurikabe,masyu
        --size 10 --level easy --seeds 1-10 [--rounds 2]

The puzzles are those of tests/golden/nikoli-walks.json (generated ones of every family
at 5, 7 and 10, with their solutions: both trees walk the same puzzles). Each round runs
one worker process per tree (which goes first alternates); a worker plays
``walk.walk(grid, solution, trace=True)`` on each puzzle, best CPU (process_time) of
``--runs``, and returns the summaries, which must be equal between the trees. Prints
the CPU seconds per family and size, each tree's best round, and the ratio.

``--generate``: instead, ``generate.generate(FAMILY, SIZE, SIZE, SEED, level=LEVEL)`` for
every seed, the CPU of the whole generation and of its walks (walk.walk timed where the
generator calls it), summed over the seeds; the puzzles (their info) must be equal.
"""
from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
GOLDEN = ROOT / "tests" / "golden" / "nikoli-walks.json"
from pysolver.nikoli.url import read_url  # noqa: E402

WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pysolver.nikoli import walk
from pysolver.nikoli.url import read_url
cases, runs = json.load(sys.stdin), int(sys.argv[2])
out = []
for case in cases:
    grid = read_url(case["url"])
    best = None
    for _ in range(runs):
        t = time.process_time()
        summary = walk.walk(grid, case["solution"], trace=True)
        best = min(best or 1e9, time.process_time() - t)
    out.append({"family": grid.family, "size": grid.width, "cpu": best,
                "summary": json.loads(json.dumps(summary))})
print(json.dumps(out))
"""

GENERATE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pysolver.nikoli import generate, walk
family, size, level, seeds = json.load(sys.stdin)
played, spent = walk.walk, [0.0]

def timed(*args, **kw):
    t = time.process_time()
    try:
        return played(*args, **kw)
    finally:
        spent[0] += time.process_time() - t

walk.walk = timed
out = []
for seed in seeds:
    spent[0], t = 0.0, time.process_time()
    info = generate.generate(family, size, size, seed, level=level)[1]
    out.append({"family": family, "size": size, "cpu": time.process_time() - t,
                "walk": spent[0], "summary": info})
print(json.dumps(out))
"""


def run(tree, cases, runs):
    res = subprocess.run([sys.executable, "-c", WORKER, str(tree), str(runs)],
                         input=json.dumps(cases), capture_output=True, text=True, check=True)
    return json.loads(res.stdout)


def generated(tree, job):
    res = subprocess.run([sys.executable, "-c", GENERATE, str(tree)], input=json.dumps(job),
                         capture_output=True, text=True, check=True)
    return json.loads(res.stdout)


def generate_ab(trees, a):
    first, _, last = a.seeds.partition("-")
    seeds = list(range(int(first), int(last or first) + 1))
    print("| family, size, level | seeds | this: all / walks (s) | peer: all / walks (s) "
          "| walks: peer / this |\n|---|---|---|---|---|")
    for family in a.generate.split(","):
        best = {name: [1e9, 1e9] for name in trees}
        for r in range(a.rounds):
            order = list(trees) if r % 2 == 0 else list(trees)[::-1]
            job = [family, a.size, a.level, seeds]
            results = {name: generated(trees[name], job) for name in order}
            if [x["summary"] for x in results["this"]] != [y["summary"] for y in results["peer"]]:
                sys.exit(f"the puzzles differ: {family}")
            for name, rows in results.items():
                best[name][0] = min(best[name][0], sum(row["cpu"] for row in rows))
                best[name][1] = min(best[name][1], sum(row["walk"] for row in rows))
        (this, this_walks), (peer, peer_walks) = best["this"], best["peer"]
        print(f"| {family} {a.size}×{a.size} {a.level} | {len(seeds)} "
              f"| {this:.2f} / {this_walks:.2f} | {peer:.2f} / {peer_walks:.2f} "
              f"| {peer_walks / this_walks:.2f} |")
    print("every puzzle (its url, level, stars, attempts) the same in both trees")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the other tree (e.g. a git archive of main)")
    ap.add_argument("--families", default="nurikabe,heyawake,masyu,bag")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--generate", help="families: time their generation instead")
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--seeds", default="1-10")
    a = ap.parse_args(argv)
    trees = {"this": ROOT, "peer": Path(a.peer)}
    if a.generate:
        return generate_ab(trees, a)
    wanted = a.families.split(",")
    cases = [c for c in json.loads(GOLDEN.read_text())["walks"]
             if read_url(c["url"]).family in wanted]
    best = {name: collections.defaultdict(lambda: 1e9) for name in trees}
    count = collections.Counter()
    for r in range(a.rounds):
        order = list(trees) if r % 2 == 0 else list(trees)[::-1]
        results = {name: run(trees[name], cases, a.runs) for name in order}
        for x, y in zip(results["this"], results["peer"]):
            if x["summary"] != y["summary"]:
                sys.exit(f"the walks differ: {x['family']} {x['size']}")
        count = collections.Counter((row["family"], row["size"]) for row in results["this"])
        for name, rows in results.items():
            cpu = collections.defaultdict(float)
            for row in rows:
                cpu[(row["family"], row["size"])] += row["cpu"]
            for key, s in cpu.items():
                best[name][key] = min(best[name][key], s)
    print("| family, size | walks | this (s) | peer (s) | peer / this |\n|---|---|---|---|---|")
    for key in sorted(best["this"]):
        this, peer = best["this"][key], best["peer"][key]
        print(f"| {key[0]} {key[1]}×{key[1]} | {count[key]} | {this:.3f} | {peer:.3f} "
              f"| {peer / this:.2f} |")
    print("every walk summary (steps, chains, work, the steps played) the same in both trees")


if __name__ == "__main__":
    main()
