"""Nikoli hint latency, bounded (hints.CAUTIOUS_CONFLICTS) against unbounded, native.

For each puzzle that ``solve`` decides (two solutions asked; its CPU is shown), the
hint from the empty grid and from ``--states`` random partial states (a share of the
solution's cells, 30 % and 60 %, seeded) is asked twice with cold caches (grounding
included, the worst case): with the cautious run bounded (the engine as it is) and
unbounded (``CAUTIOUS_CONFLICTS = None``, the engine before issue 30), in alternating
order, as the peer in the same run. CPU time (process_time: clingo's threads are in
this process), never wall time: the machine is shared.

    python bench/nikoli_hints.py FILE... [--states N] [--seed S] [--only NAME,...]

FILE: lines "name URL" (bench/nikoli-instances/*.txt), or a puzzlekit-dataset JSON
({"data": {name: {"problem", "solution"}}}, the janko.at puzzles gathered by
SmilingWayne/puzzlekit-dataset: Heyawake and Nurikabe; not in this repository: fetch
it and pass the file). Prints one line per hint pair and a markdown table per family.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

from browser import pct  # noqa: E402
from pysolver.asp import tasks  # noqa: E402
from pysolver.nikoli import aspsolve, hints, model, url  # noqa: E402


def puzzlekit(path: Path, family: str):
    """(name, Grid) of a puzzlekit-dataset JSON file (rows x columns, '-' empty)."""
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    for name, entry in data.items():
        lines = [ln.split() for ln in entry["problem"].strip().split("\n")]
        h, w = map(int, lines[0])
        clues = {(x, y): int(t) for y, row in enumerate(lines[1:1 + h])
                 for x, t in enumerate(row) if t.isdigit()}
        rooms = None
        if family == "heyawake":
            labels = [t for row in lines[1 + h:1 + 2 * h] for t in row]
            if len(labels) != w * h:
                continue
            rooms = model.relabel_rooms(labels, w)
        yield name, model.Grid(family, w, h, clues, rooms)


def load(path: Path):
    if path.suffix == ".json":
        family = "heyawake" if "heyawake" in path.name.lower() else "nurikabe"
        yield from puzzlekit(path, family)
        return
    for ln in path.read_text(encoding="utf-8").splitlines():
        if ln.strip():
            name, link = ln.split()
            yield f"{path.stem}#{name}", url.read_url(link)


def cold_hint(grid, state, bounded):
    hints._consequences.clear()
    tasks._controls.clear()
    asks = []

    def answer(ask):
        ans = tasks.solve_native(ask)
        asks.append(ans["conflicts"])
        return ans
    saved = hints.CAUTIOUS_CONFLICTS
    hints.CAUTIOUS_CONFLICTS = saved if bounded else None
    try:
        t0 = time.process_time()
        r = tasks.drive(hints.hint_task(grid, state), answer)
        return time.process_time() - t0, r["kind"], sum(asks), len(asks)
    finally:
        hints.CAUTIOUS_CONFLICTS = saved


def states(solution, rng, count):
    yield "empty", ["?" * len(solution[0])] * len(solution)
    for k in range(count):
        share = (0.3, 0.6)[k % 2]
        yield f"{share:.0%}", ["".join(ch if rng.random() < share else "?" for ch in row)
                               for row in solution]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--states", type=int, default=2, help="random partial states per puzzle")
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--only", default="", help="comma-separated puzzle names")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    rng = random.Random(args.seed)
    rows = {}
    for path in args.files:
        for name, grid in load(path):
            if only and name not in only:
                continue
            t0 = time.process_time()
            res = aspsolve.solve(grid, 2)
            solve_s = time.process_time() - t0
            if res["status"] not in ("unique", "multiple"):
                print(f"{name}: solve {res['status']} ({solve_s:.2f} s): skipped", flush=True)
                continue
            for k, (kind, state) in enumerate(states(res["solutions"][0], rng, args.states)):
                order = (True, False) if k % 2 == 0 else (False, True)
                got = {b: cold_hint(grid, state, b) for b in order}
                rows.setdefault(grid.family, []).append((name, kind, solve_s, got))
                print(f"{name} {grid.width}x{grid.height} {kind}: solve {solve_s:.2f} s; "
                      f"bounded {got[True][0]:.2f} s {got[True][1]} ({got[True][2]} conflicts, "
                      f"{got[True][3]} asks); unbounded {got[False][0]:.2f} s {got[False][1]} "
                      f"({got[False][2]} conflicts)", flush=True)
    print("\n| family | hints (puzzles) | bounded p50 / p95 / max CPU s | unbounded p50 / p95 / "
          "max | worst puzzle: bounded / unbounded | bounded kinds |")
    print("|---|---|---|---|---|---|")
    for family, rs in sorted(rows.items()):
        b = [g[True][0] for *_, g in rs]
        u = [g[False][0] for *_, g in rs]
        worst = max(rs, key=lambda r: r[3][False][0])
        kinds = {}
        for *_, g in rs:
            kinds[g[True][1]] = kinds.get(g[True][1], 0) + 1
        print(f"| {family} | {len(rs)} ({len({r[0] for r in rs})}) | {pct(b, .5):.2f} / "
              f"{pct(b, .95):.2f} / {max(b):.2f} | {pct(u, .5):.2f} / {pct(u, .95):.2f} / "
              f"{max(u):.2f} | {worst[0]} {worst[1]}: {worst[3][True][0]:.2f} / "
              f"{worst[3][False][0]:.2f} | {', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))} |")
    print(f"\nmedian solve CPU {statistics.median([r[2] for rs in rows.values() for r in rs]):.2f} s"
          if rows else "no puzzle decided")


if __name__ == "__main__":
    main()
