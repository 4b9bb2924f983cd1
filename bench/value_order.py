"""The search's value order on black-and-white puzzles: the learned model (values
"likely", the default) against the shares rule it replaced ("shares"), and the
portfolio member 1 of before issue 30 ("varied-open": vary 1, second "open"), per family.

Families (the hard tail: puzzles that need search, chosen by these fixed rules
before any result was seen; shared/puzzles/MANIFEST.tsv's notes):
  webpbn, jwilk, nonogram-db: every black-and-white puzzle not noted line-solvable;
  nonodataset: the same among its 15x15 puzzles, every --nonodataset-every-th;
  taai: every --taai-every-th puzzle of bench/reference/taai2011-tail.txt;
  random: pictures of 25, 30, 35 and 40 squared at densities RANDOM_DENSITIES,
  seeds RANDOM_SEEDS (fixed here; unique or several solutions as they come: the
  summary splits them by the verdict).
Each puzzle is solved in every configuration (two solutions asked, as `pysolver
solve`), the order rotating which runs first, each with a CPU limit of the larger
budget (search.solve's clock = process_time); "decided" at the smaller budget is
a decided run that took at most that CPU. Also shown: races of two of them (the
better per puzzle: what a two-member race decides on two cores; its CPU, both
members running till the winner decides, is twice the winner's).

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

CONFIGS = {"likely": {}, "shares": {"values": "shares"},
           "varied-open": {"vary": 1, "second": "open"},
           "shares-open": {"values": "shares", "second": "open"}}
ORDERS = tuple(CONFIGS)
RACES = (("likely", "shares"), ("likely", "varied-open"), ("likely", "shares-open"))
RANDOM_SEEDS = (1, 2)  # issue 30's broad run; seed 1 alone: the first run (PERF.md)
RANDOM_DENSITIES = (0.4, 0.45, 0.5, 0.55, 0.6)
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
            for dens in a.densities:
                for seed in a.seeds:
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


def run(p, config, budget):
    t0 = time.process_time()
    res = solve(p, max_solutions=2, timeout=budget, clock=time.process_time, **CONFIGS[config])
    return {"status": res.status, "cpu": time.process_time() - t0, "nodes": res.nodes}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", action="append", choices=FAMILIES)
    ap.add_argument("--budgets", default="2,10", help="CPU seconds: small,large")
    ap.add_argument("--taai-every", type=int, default=10)
    ap.add_argument("--nonodataset-every", type=int, default=6)
    ap.add_argument("--config", action="append", choices=ORDERS,
                    help="configurations to run (default: all)")
    ap.add_argument("--seeds", default=",".join(map(str, RANDOM_SEEDS)))
    ap.add_argument("--densities", default=",".join(map(str, RANDOM_DENSITIES)))
    ap.add_argument("--part", default="1/1", metavar="K/N",
                    help="only every N-th puzzle of each family, from its K-th (side-by-side runs)")
    ap.add_argument("--out", help="JSON lines file (appended; puzzles already in it are skipped)")
    ap.add_argument("--summary", metavar="JSONL", action="append",
                    help="only print the tables of finished runs (rows of one puzzle merged)")
    a = ap.parse_args()
    a.seeds = [int(x) for x in a.seeds.split(",")]
    a.densities = [float(x) for x in a.densities.split(",")]
    configs = a.config or list(ORDERS[:3])
    small, large = map(float, a.budgets.split(","))
    if a.summary:
        merged = {}
        for name in a.summary:
            for ln in open(name, encoding="utf-8"):
                if ln.strip():
                    row = json.loads(ln)
                    merged.setdefault((row["family"], row["label"]), {}).update(row)
        rows = list(merged.values())
        for family in dict.fromkeys(group(r) for r in rows):
            summary(family, [r for r in rows if group(r) == family], small, large)
        return
    for family in a.family or FAMILIES:
        rows = []
        part, parts = map(int, a.part.split("/"))
        done = set()
        if a.out and Path(a.out).exists():
            done = {json.loads(ln)["label"] for ln in open(a.out, encoding="utf-8") if ln.strip()}
        for k, (label, p) in enumerate(puzzles(family, a)):
            if k % parts != part - 1 or label in done:
                continue
            order = configs[k % len(configs):] + configs[:k % len(configs)]
            got = {o: run(p, o, large) for o in order}
            row = {"family": family, "label": label, "size": f"{p.width}x{p.height}", **got}
            rows.append(row)
            print(json.dumps(row), flush=True)
            if a.out:
                with open(a.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
        for g in dict.fromkeys(group(r) for r in rows):
            summary(g, [r for r in rows if group(r) == g], small, large)


def decided(r, budget):
    return r["status"] in DECIDED and r["cpu"] <= budget


def group(row) -> str:
    """The row's family; random pictures split by verdict (unique / several)."""
    if row["family"] != "random":
        return row["family"]
    verdicts = {row[o]["status"] for o in ORDERS if o in row} & set(DECIDED)
    return ("random, several" if "multiple" in verdicts else
            "random, unique" if verdicts else "random, undecided")


def summary(family, rows, small, large):
    """Decided / total at both budgets and CPU median / worst per configuration
    and per race (the first member to decide wins; CPU: both members till then)."""
    print(f"\n| {family} ({len(rows)}) | decided ≤{small:g} s | decided ≤{large:g} s | "
          "CPU s median / worst | nodes |")
    print("|---|---|---|---|---|")
    n = len(rows)
    for o in [o for o in ORDERS if all(o in r for r in rows)]:
        cpu = [r[o]["cpu"] for r in rows]
        print(f"| {o} | {sum(decided(r[o], small) for r in rows)}/{n} | "
              f"{sum(decided(r[o], large) for r in rows)}/{n} | "
              f"{statistics.median(cpu):.2f} / {max(cpu):.2f} | "
              f"{sum(r[o]['nodes'] for r in rows)} |")
    for pair in RACES:
        if not all(o in r for r in rows for o in pair):
            continue
        best = [min((r[o] for o in pair), key=lambda x: (not decided(x, large), x["cpu"]))
                for r in rows]
        won = [dict(b, cpu=b["cpu"] * 2) for b in best]  # CPU of both members
        print(f"| race {' + '.join(pair)} | {sum(decided(b, small) for b in best)}/{n} | "
              f"{sum(decided(b, large) for b in best)}/{n} | "
              f"{statistics.median(b['cpu'] for b in best):.2f} / "
              f"{max(b['cpu'] for b in best):.2f} (both members: "
              f"{statistics.median(w['cpu'] for w in won):.2f} / "
              f"{max(w['cpu'] for w in won):.2f}) | |", flush=True)


if __name__ == "__main__":
    main()
