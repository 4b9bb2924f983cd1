"""Nonogram hint CPU where every short step ends (issue 30), against the settings
before it, in the same run.

For each TAAI 2011 puzzle given (1-based indexes; default: the first four of
bench/reference/taai2011-tail.txt, solved by search in 5 s of CPU or more), Play's
opening (api.diagnose: its bounded search does not find these solutions) and then
the hint walk from the empty grid until a hint is neither a line nor a one-cell
what-if: that state, where the deeper what-ifs and the search for a solution to
reveal from run, is timed (process_time, caches emptied and diagnose again first)
with today's settings and with the old ones (the deeper what-ifs in the "likely"
value order, mistakes.STUCK_WORK 1,500), alternating which goes first.

    python bench/hint_stuck.py [INDEX ...] [--runs N]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

from engine import load  # noqa: E402
from pysolver import api  # noqa: E402
from pysolver.nonogram import service  # noqa: E402
from pysolver.nonogram.player import mistakes, whatif  # noqa: E402
from pysolver.nonogram.solver import search  # noqa: E402


def stuck_state(p):
    api.clear_caches()
    service.diagnose(p)
    state = ["?" * p.width] * p.height
    for _ in range(3000):
        h = service.hint(p, state)
        if h["kind"] not in ("line", "probe"):
            return state
        rows = [list(r) for r in state]
        for c in h["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]
    return state


def timed(p, state, old):
    saved = whatif.search.solve, mistakes.STUCK_WORK
    if old:
        whatif.search = _Likely
        mistakes.STUCK_WORK = 1_500
    try:
        api.clear_caches()
        service.diagnose(p)
        t0 = time.process_time()
        h = service.hint(p, state)
        return time.process_time() - t0, h["kind"]
    finally:
        whatif.search, mistakes.STUCK_WORK = search, saved[1]


class _Likely:
    """search with every solve in the default order (the deeper what-ifs' before)."""

    @staticmethod
    def solve(*args, **kw):
        kw.pop("values", None)
        return search.solve(*args, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("indexes", nargs="*", type=int, default=[291, 310, 315, 324])
    ap.add_argument("--runs", type=int, default=1)
    a = ap.parse_args()
    items = load("taai2011")
    print("| TAAI 2011 # | kind | now CPU s | before CPU s |\n|---|---|---|---|")
    for i in a.indexes:
        p = items[i - 1][1]
        state = stuck_state(p)
        now, before = [], []
        for k in range(a.runs):
            for old in ((False, True) if k % 2 == 0 else (True, False)):
                cpu, kind = timed(p, state, old)
                (before if old else now).append(cpu)
        print(f"| {i} | {kind} | {min(now):.2f} | {min(before):.2f} |", flush=True)


if __name__ == "__main__":
    main()
