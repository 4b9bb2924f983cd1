"""The search's value order on black-and-white puzzles: the learned model (values
"likely", the default) against the shares rule it replaced ("shares"), per family.

Families (the hard tail: puzzles that need search, chosen by these fixed rules
before any result was seen; shared/puzzles/MANIFEST.tsv's notes):
  webpbn, jwilk, nonogram-db: every black-and-white puzzle not noted line-solvable;
  nonodataset: the same among its 15x15 puzzles, every --nonodataset-every-th;
  taai: every --taai-every-th puzzle of bench/reference/taai2011-tail.txt;
  random: pictures of 25, 30, 35 and 40 squared at densities 0.4, 0.5 and 0.6,
  seeds RANDOM_SEEDS (fixed here; unique or several solutions as they come).
Each puzzle is solved in both orders (two solutions asked, as `pysolver solve`),
the order alternating which runs first, each with a CPU limit of the larger
budget (search.solve's clock = process_time); "decided" at the smaller budget is
a decided run that took at most that CPU. Also shown: the better of the two per
puzzle (what racing the two orders decides: about twice the CPU of the winner).

    python bench/value_order.py --family taai --budgets 2,10 [--out FILE]
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

from engine import DECIDED, PUZZLES, load  # noqa: E402
from pysolver.nonogram import formats  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.search import solve  # noqa: E402

ORDERS = ("likely", "shares")
RANDOM_SEEDS = (1,)
FAMILIES = ("webpbn", "jwilk", "nonogram-db", "nonodataset", "taai", "random")


def _manifest():
    with open(PUZZLES / "MANIFEST.tsv", encoding="utf-8") as f:
        return {row["path"]: row for row in csv.DictReader(f, delimiter="\t")}


def _needs_search(row) -> bool:
    note = row["note"]
    return row["colors"] == "1" and ("not line-solvable" in note or "line-solvable" not in note)


def puzzles(family, a):
    """[(label, puzzle)] of a family's hard tail (see the module doc)."""
    if family == "random":
        out = []
        for size in (25, 30, 35, 40):
            for dens in (0.4, 0.5, 0.6):
                for seed in RANDOM_SEEDS:
                    rng = random.Random(f"{size}-{dens}-{seed}")
                    grid = [[1 if rng.random() < dens else 0 for _ in range(size)]
                            for _ in range(size)]
                    out.append((f"random{size}-d{dens}-s{seed}", puzzle_from_grid(grid)))
        return out
    if family == "taai":
        tail = (ROOT / "bench" / "reference" / "taai2011-tail.txt").read_text().split("\n")
        idx = [int(t) for ln in tail if not ln.startswith("#") for t in ln.split()]
        items = load("taai2011")
        return [(f"taai2011#{i}", items[i - 1][1]) for i in idx[::a.taai_every]]
    rows = _manifest()
    out = []
    for path, row in sorted(rows.items()):
        if not path.startswith(family + "/") or not _needs_search(row):
            continue
        if family == "nonodataset" and int(row["width"]) * int(row["height"]) < 225:
            continue
        text = (PUZZLES / path).read_text(encoding="utf-8", errors="replace")
        for k, p in enumerate(formats.parse(text, path)):
            if len(p.colors) == 2:
                out.append((path if k == 0 else f"{path}#{k + 1}", p))
    if family == "nonodataset":
        out = out[::a.nonodataset_every]
    return out


def run(p, order, budget):
    t0 = time.process_time()
    res = solve(p, max_solutions=2, timeout=budget, clock=time.process_time, values=order)
    return {"status": res.status, "cpu": time.process_time() - t0, "nodes": res.nodes}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", action="append", choices=FAMILIES)
    ap.add_argument("--budgets", default="2,10", help="CPU seconds: small,large")
    ap.add_argument("--taai-every", type=int, default=10)
    ap.add_argument("--nonodataset-every", type=int, default=6)
    ap.add_argument("--out", help="JSON lines file (appended)")
    a = ap.parse_args()
    small, large = map(float, a.budgets.split(","))
    for family in a.family or FAMILIES:
        rows = []
        for k, (label, p) in enumerate(puzzles(family, a)):
            order = ORDERS if k % 2 == 0 else ORDERS[::-1]
            got = {o: run(p, o, large) for o in order}
            row = {"family": family, "label": label, "size": f"{p.width}x{p.height}", **got}
            rows.append(row)
            print(json.dumps(row), flush=True)
            if a.out:
                with open(a.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
        summary(family, rows, small, large)


def decided(r, budget):
    return r["status"] in DECIDED and r["cpu"] <= budget


def summary(family, rows, small, large):
    print(f"\n| {family} ({len(rows)}) | decided ≤{small:g} s | decided ≤{large:g} s | "
          "median CPU s | total nodes |")
    print("|---|---|---|---|---|")
    for o in ORDERS:
        print(f"| {o} | {sum(decided(r[o], small) for r in rows)} | "
              f"{sum(decided(r[o], large) for r in rows)} | "
              f"{statistics.median(r[o]['cpu'] for r in rows):.2f} | "
              f"{sum(r[o]['nodes'] for r in rows)} |")
    best = [min((r[o] for o in ORDERS), key=lambda x: (not decided(x, large), x["cpu"]))
            for r in rows]
    print(f"| better of the two | {sum(decided(b, small) for b in best)} | "
          f"{sum(decided(b, large) for b in best)} | "
          f"{statistics.median(b['cpu'] for b in best):.2f} | |", flush=True)


if __name__ == "__main__":
    main()
