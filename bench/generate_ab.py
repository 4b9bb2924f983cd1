"""Generated nonograms, two trees compared seed by seed (issue 31): CPU time and the puzzle made.

    .venv/bin/python bench/generate_ab.py --peer ../before [--size 15] [--level expert]
        [--seeds 1-50] [--colours 1]

One worker process per tree (this one and ``--peer``, e.g. a worktree of main
before a change), each importing its own tree's pysolver; every seed is made by
both, in turn (which goes first alternates), so both see the same load. Per
seed, on stderr: CPU seconds (process_time) each side and whether the puzzles
are the same (goal and walk summary); at the end, p50 / p95 / max / sum per
side and how many puzzles changed. CPU time, not wall: the machine is shared.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from pysolver import api
for line in sys.stdin:
    a = json.loads(line)
    t = time.process_time()
    try:
        r = api.generate(family="nonogram", width=a["size"], height=a["size"],
                         colours=a["colours"], level=a["level"], seed=a["seed"])
        key = hashlib.sha1(json.dumps([r["puzzle"]["goal"], r["walk"]]).encode()).hexdigest()[:12]
        out = {"cpu": time.process_time() - t, "key": key, "attempts": r["attempts"],
               "walk": r["walk"]}
    except Exception as e:  # noqa: BLE001 - a seed with no puzzle is a result too
        out = {"cpu": time.process_time() - t, "key": "error: " + str(e)[:60], "attempts": None}
    print(json.dumps(out), flush=True)
"""


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def seeds_of(text):
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the other tree (its root directory)")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--level", default="expert")
    ap.add_argument("--seeds", default="1-50", help="N or LO-HI")
    ap.add_argument("--colours", type=int, default=1)
    args = ap.parse_args()
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    trees = {"peer": os.path.abspath(args.peer), "this": here}
    procs = {k: subprocess.Popen([sys.executable, "-c", WORKER, t], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True) for k, t in trees.items()}
    cpu = {k: [] for k in trees}
    changed = 0
    for n, seed in enumerate(seeds_of(args.seeds)):
        req = json.dumps({"size": args.size, "level": args.level, "colours": args.colours,
                          "seed": seed}) + "\n"
        got = {}
        for k in (("peer", "this") if n % 2 == 0 else ("this", "peer")):
            procs[k].stdin.write(req)
            procs[k].stdin.flush()
            got[k] = json.loads(procs[k].stdout.readline())
            cpu[k].append(got[k]["cpu"])
        same = got["peer"]["key"] == got["this"]["key"]
        changed += not same
        print(f"seed {seed}: peer {got['peer']['cpu']:.2f} s, this {got['this']['cpu']:.2f} s, "
              f"attempts {got['this']['attempts']}, {'same' if same else 'CHANGED'} "
              f"{got['this']['key']}", file=sys.stderr, flush=True)
    for p in procs.values():
        p.stdin.close()
        p.wait()
    print(f"{args.size}x{args.size} {args.level} colours {args.colours}, seeds {args.seeds}: "
          f"{changed} of {len(cpu['this'])} puzzles changed")
    for k in ("peer", "this"):
        v = cpu[k]
        print(f"  {k}: CPU p50 {pct(v, 0.5):.2f} / p95 {pct(v, 0.95):.2f} / max {max(v):.2f} s, "
              f"sum {sum(v):.1f} s")


if __name__ == "__main__":
    main()
