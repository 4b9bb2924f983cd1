"""Nikoli hint walks, two trees compared: CPU per family and size, and the same summaries.

    .venv/bin/python bench/nikoli_walk_ab.py --peer /tmp/before [--families nurikabe,masyu]
        [--runs 3] [--rounds 2]

The puzzles are those of tests/golden/nikoli-walks.json (generated ones of every family
at 5, 7 and 10, with their solutions: both trees walk the same puzzles). Each round runs
one worker process per tree (which goes first alternates); a worker plays
``walk.walk(grid, solution, trace=True)`` on each puzzle, best CPU (process_time) of
``--runs``, and returns the summaries, which must be equal between the trees. Prints
the CPU seconds per family and size, each tree's best round, and the ratio.
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


def run(tree, cases, runs):
    res = subprocess.run([sys.executable, "-c", WORKER, str(tree), str(runs)],
                         input=json.dumps(cases), capture_output=True, text=True, check=True)
    return json.loads(res.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the other tree (e.g. a git archive of main)")
    ap.add_argument("--families", default="nurikabe,heyawake,masyu,bag")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args(argv)
    wanted = a.families.split(",")
    cases = [c for c in json.loads(GOLDEN.read_text())["walks"]
             if read_url(c["url"]).family in wanted]
    trees = {"this": ROOT, "peer": Path(a.peer)}
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
