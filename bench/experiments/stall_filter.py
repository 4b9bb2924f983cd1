"""Would a look at the walk's deeper what-if from the climb's stall save the hint walks
of unique stalls that do not finish? (issue 31; PERF.md "Expert: no full walk for a
stall the hints cannot finish")

    nice -n 19 .venv/bin/python bench/experiments/stall_filter.py --size 25 --seeds 1-40 \
        [--log FILE.jsonl]

The look (``deep_at_stall``; stall_look.diff puts it before the climb's walk): from
where walk.stuck ended, the Hint engine's deeper what-if (whatif.deep_hint) told the
solution, so only each cell's wrong value is searched (its right one is never
refuted): the walk's own cell there, or none, and then the walk ends there unfinished.

Each seed is generated (expert, one process, every lane) with climb._expert replaced by
main's (the climb's path and the lanes' race as main's) that also makes the look, its
line solves taken off the lanes' count again. Per unique stall: the full walk's verdict
(finished), the look's (a cell found: the walk would be played), whether the walk's
deeper what-if starts from the stall (else its one-cell what-ifs stopped short of it on
their PROBE_WORK budget and a cut could lose an expert), CPU seconds of each
(process_time). At the end: the stalls, the cuts, those of a walk that finishes (an
expert lost), the unfinished walks not cut (they fail at a later deeper what-if), and
what the cut walks cost against what the look costs.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)

from pysolver.nonogram import climb, generate  # noqa: E402
from pysolver.nonogram.player import whatif  # noqa: E402
from pysolver.nonogram.solver import propagate, search  # noqa: E402
from pysolver.nonogram.walk import walk  # noqa: E402


def columns(rows, w):
    """The column line states of black-and-white ``rows`` (the same cells)."""
    return [tuple(sum((r[c] >> x & 1) << y for y, r in enumerate(rows)) for c in range(2))
            for x in range(w)]


def deep_at_stall(puzzle, eng, rows, goal):
    """Does the walk's deeper what-if give a cell where walk.stuck ended (``rows``, black
    and white; ``goal`` the solution's colour index per cell)?"""
    solution = ["".join(puzzle.colors[v].char for v in row) for row in goal]
    return whatif.deep_hint(puzzle, eng, rows, columns(rows, eng.w), solution) is not None


def seeds(text):
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def watch(log, seed):
    """climb._expert as main's, the look measured beside it: one row per unique stall."""

    def expert(q, eng, rows, g):
        corners = climb.swap(eng, rows, g)
        if corners:
            return None, corners
        res = search.solve(q, max_solutions=2, cells=eng.cells(rows), work=climb.SEARCH_WORK)
        if res.status != "unique":
            return None, None
        q.validate()
        before = propagate._solved[0]
        t0 = time.process_time()
        verdict = deep_at_stall(q, eng, rows, g)
        t1 = time.process_time()
        look_solves = propagate._solved[0] - before
        propagate._solved[0] = before  # main's race
        summary = walk(q, keep_states=True)
        t2 = time.process_time()
        deeps = [s for k, s in summary.pop("before") if k == "deep"]
        # where the walk's first deeper what-if starts (or, with none, where it ended)
        start = deeps[0] if deeps else summary["state"] if summary["end"] == "none" else None
        log.append({"seed": seed[0], "walk": summary["finished"], "look": verdict,
                    "from_stall": start == eng.state(rows), "walk_s": t2 - t1,
                    "look_s": t1 - t0, "look_solves": look_solves, "end": summary["end"],
                    "deep": summary["steps"]["deep"], "puzzle": q, "stall": eng.state(rows)})
        return summary, None
    return expert


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--log")
    args = ap.parse_args()
    log, seed = [], [0]
    climb._expert = watch(log, seed)
    for s in seeds(args.seeds):
        seed[0] = s
        generate.generate(args.size, args.size, 1, "expert", s)
        print(s, [(r["walk"], r["look"], r["from_stall"]) for r in log if r["seed"] == s],
              flush=True)
    for r in log:
        del r["puzzle"], r["stall"]
    if args.log:
        with open(args.log, "w") as f:
            for r in log:
                f.write(json.dumps(r) + "\n")
    cut = [r for r in log if not r["look"]]
    kept = [r for r in log if r["look"]]
    print(f"{args.size}x{args.size} seeds {args.seeds}: {len(log)} unique stalls, walks "
          f"finished {sum(r['walk'] for r in log)}; cut {len(cut)}, of a finishing walk "
          f"{sum(r['walk'] for r in cut)}; unfinished walks not cut "
          f"{sum(not r['walk'] for r in kept)}; the walk's deeper what-if not from the "
          f"stall: {sum(not r['from_stall'] for r in log)}")
    print(f"CPU s: all walks {sum(r['walk_s'] for r in log):.2f}, walks cut "
          f"{sum(r['walk_s'] for r in cut):.2f}; look {sum(r['look_s'] for r in log):.2f} "
          f"(on cut stalls {sum(r['look_s'] for r in cut):.2f}); the looks' line solves "
          f"{sum(r['look_solves'] for r in log)}")


if __name__ == "__main__":
    main()
