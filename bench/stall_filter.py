"""Does walk.deep_at_stall (the walk's deeper what-if from the climb's stall, the
solution known) cut only walks that would not finish? (issue 31)

    nice -n 19 .venv/bin/python bench/stall_filter.py --size 25 --seeds 1-40 [--log FILE.jsonl]

Each seed is generated (expert, one process, every lane) with climb._expert replaced
by main's (swap, bounded search, the full walk: the climb's path and the lanes' race as
main's) that also asks walk.deep_at_stall at the stall, its line solves taken off the
lanes' count again. Per unique stall: the full walk's verdict (finished), the filter's
(a cell found: the walk is played), whether the walk's deeper what-if starts from the
stall (else the walk's one-cell what-ifs stopped short of it on their PROBE_WORK
budget), and the CPU seconds of each (process_time). At the end: the stalls, the cuts
(the filter finds no cell), those of a walk that finishes (an expert lost: must be 0),
the unfinished walks not cut (they fail at a later deeper what-if), and what the cut
walks cost against what the filter costs.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from pysolver.nonogram import climb, generate  # noqa: E402
from pysolver.nonogram.solver import propagate, search  # noqa: E402
from pysolver.nonogram.walk import deep_at_stall, walk  # noqa: E402


def seeds(text):
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--log")
    args = ap.parse_args()
    rows_out = []
    seed = [0]

    def expert(q, eng, rows, cols, g):  # main's climb._expert, the filter beside it
        corners = climb.swap(eng, rows, g)
        if corners:
            return None, corners
        res = search.solve(q, max_solutions=2, cells=eng.cells(rows), work=climb.SEARCH_WORK)
        if res.status != "unique":
            return None, None
        q.validate()
        before = propagate._solved[0]
        t0 = time.process_time()
        verdict = deep_at_stall(q, eng, rows, cols, g)
        t1 = time.process_time()
        filter_solves = propagate._solved[0] - before
        propagate._solved[0] = before  # main's race
        summary = walk(q, keep_states=True)
        t2 = time.process_time()
        deeps = [s for k, s in summary["before"] if k == "deep"]
        # where the walk's first deeper what-if starts (or, with none, where it ended)
        start = deeps[0] if deeps else summary["state"] if summary["end"] == "none" else None
        rows_out.append({"seed": seed[0], "walk": summary["finished"], "filter": verdict,
                         "from_stall": start == eng.state(rows), "walk_s": t2 - t1,
                         "filter_s": t1 - t0, "filter_solves": filter_solves,
                         "end": summary["end"], "deep": summary["steps"]["deep"]})
        del summary["before"]
        return summary, None

    climb._expert = expert
    for s in seeds(args.seeds):
        seed[0] = s
        generate.generate(args.size, args.size, 1, "expert", s)
        mine = [r for r in rows_out if r["seed"] == s]
        print(s, [(r["walk"], r["filter"], r["from_stall"]) for r in mine], flush=True)
    if args.log:
        with open(args.log, "w") as f:
            for r in rows_out:
                f.write(json.dumps(r) + "\n")
    n = len(rows_out)
    cut = [r for r in rows_out if not r["filter"]]
    kept = [r for r in rows_out if r["filter"]]
    print(f"{args.size}x{args.size} seeds {args.seeds}: {n} unique stalls, walks finished "
          f"{sum(r['walk'] for r in rows_out)}; cut {len(cut)}, of a finishing walk "
          f"{sum(r['walk'] for r in cut)}; unfinished walks not cut "
          f"{sum(not r['walk'] for r in kept)}; the walk's deeper what-if not from the "
          f"stall: {sum(not r['from_stall'] for r in rows_out)}")
    print(f"CPU s: all walks {sum(r['walk_s'] for r in rows_out):.2f}, walks cut "
          f"{sum(r['walk_s'] for r in cut):.2f}; filter {sum(r['filter_s'] for r in rows_out):.2f} "
          f"(on cut stalls {sum(r['filter_s'] for r in cut):.2f})")


if __name__ == "__main__":
    main()
