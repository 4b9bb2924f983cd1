"""Benchmark the races (pysolver.app.race) against each engine alone, in one run.

Usage (from the repository root):
  nice python3 bench/race.py --set webpbn --timeout 20 --out /tmp/race-webpbn.md
  nice python3 bench/race.py --set taai2011 --every 10 --timeout 20 --out /tmp/race-taai.md
  nice python3 bench/race.py --set taai2011 --slowest 30 --timeout 20 --out /tmp/race-tail.md

Per puzzle, one after another in this process (caches emptied before each):
pysolver alone, native clingo alone, auto (pysolver against clingo) and the
portfolio with 2 processes (``--jobs 2``): verdict, wall seconds and CPU seconds
(this process plus its reaped children), who answered. ``--ways member0,member1``:
each portfolio member alone (pysolver.app.race.member_options) under a CPU-time limit,
and what a portfolio of them would decide on idle cores (the first to decide),
which a loaded machine cannot show in wall time. ``--slowest N``: the N
puzzles of the set slowest for pysolver in bench/reference/taai2011-two-solutions.md.
The limit is wall-clock time (the races' children are separate processes): on a
loaded machine read the CPU columns and the ratios. Verdicts are cross-checked
(decided ones must agree, every solution must satisfy the clues).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

from engine import DECIDED, PUZZLES, ROOT, load  # bench/engine.py: the corpus sets

from pysolver import api
from pysolver.app import race
from pysolver.nonogram.solver import search
from pysolver.nonogram.puzzle import grid_from_rows, rows_text, satisfies

WAYS = {"pysolver": {}, "clingo": {"engine": "clingo"}, "auto": {"engine": "auto"},
        "portfolio": {"jobs": 2}, "member0": 0, "member1": 1, "member2": 2}
REFERENCE = ROOT / "bench" / "reference" / "taai2011-two-solutions.md"


def cpu_now():
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def run(p, kwargs, timeout):
    api.clear_caches()
    w0, c0 = time.monotonic(), cpu_now()
    if isinstance(kwargs, int):  # one portfolio member alone, limited in CPU time
        r = member(p, kwargs, timeout)
    else:
        r = race.solve(p, timeout=timeout, **kwargs)
    wall, cpu = time.monotonic() - w0, cpu_now() - c0
    ok = all(satisfies(p, grid_from_rows(p, s)) for s in r["solutions"])
    who = r["engine"] + (f"#{r['stats']['member']}" if "member" in r["stats"] else "")
    return {"status": r["status"], "wall": wall, "cpu": cpu, "who": who, "ok": ok}


def member(p, k, timeout):
    res = search.solve(p, timeout=timeout, clock=time.process_time, **race.member_options(k))
    return {"status": res.status, "solutions": [rows_text(p, g) for g in res.solutions],
            "engine": "pysolver", "stats": {"member": k}}


def slowest(n):
    """1-based TAAI indexes of the n puzzles slowest for pysolver in the reference table."""
    rows = []
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 6 and "#" in cells[1]:
            rows.append((float(cells[5]), int(cells[1].rsplit("#", 1)[1])))
    return sorted(i for _, i in sorted(rows, reverse=True)[:n])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", required=True, choices=("webpbn", "taai2011"))
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--slowest", type=int, default=0)
    ap.add_argument("--only", help="comma-separated 1-based indexes")
    ap.add_argument("--part", default="1/1", help="i/n: every n-th puzzle from the i-th (parallel runs)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per puzzle and way: wall, CPU for the member ways")
    ap.add_argument("--ways", default="pysolver,clingo,auto,portfolio",
                    help=f"comma-separated, of {', '.join(WAYS)}")
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    if not PUZZLES.is_dir():
        print(f"puzzle corpus not found at {PUZZLES}", file=sys.stderr)
        return 2
    items = load(a.set)
    if a.slowest:
        items = [items[i - 1] for i in slowest(a.slowest)]
    elif a.only:
        items = [items[int(i) - 1] for i in a.only.split(",")]
    i, n = map(int, a.part.split("/"))
    items = items[::a.every][i - 1::n]
    ways = a.ways.split(",")
    rows = []
    start, load0 = time.monotonic(), os.getloadavg()[0]
    for label, p in items:
        row = {"label": label, **{w: run(p, WAYS[w], a.timeout) for w in ways}}
        rows.append(row)
        print(f"{label:40} " + "  ".join(f"{w} {row[w]['status']} {row[w]['wall']:.2f}w "
                                         f"{row[w]['cpu']:.2f}c {row[w]['who']}" for w in ways),
              flush=True)
        if a.out:
            Path(a.out).write_text(report(rows, ways, a, start, load0), encoding="utf-8")
    print(summary(rows, ways, a))
    return 0


def report(rows, ways, a, start, load0):
    head = (f"set {a.set}, every {a.every}, slowest {a.slowest or '-'}, limit {a.timeout:g} s wall; "
            f"load average {load0:.1f} at the start, {os.getloadavg()[0]:.1f} now; "
            f"{time.monotonic() - start:.0f} s so far\n\n")
    out = ["| puzzle | " + " | ".join(f"{w} verdict | wall | CPU" for w in ways) + " | auto by |",
           "|---" * (1 + 3 * len(ways) + 1) + "|"]
    for r in rows:
        cells = " | ".join(f"{r[w]['status']}{'' if r[w]['ok'] else ' WRONG'} | {r[w]['wall']:.2f} | "
                           f"{r[w]['cpu']:.2f}" for w in ways)
        out.append(f"| {r['label']} | {cells} | {r.get('auto', {}).get('who', '-')} |")
    return head + "\n".join(out) + "\n\n" + summary(rows, ways, a) + "\n"


def summary(rows, ways, a):
    lines = []
    for w in ways:
        decided = [r for r in rows if r[w]["status"] in DECIDED]
        who = {}
        for r in rows:
            who[r[w]["who"]] = who.get(r[w]["who"], 0) + 1
        lines.append(f"{w}: {len(decided)}/{len(rows)} decided; wall {sum(r[w]['wall'] for r in rows):.1f} s, "
                     f"CPU {sum(r[w]['cpu'] for r in rows):.1f} s, max wall "
                     f"{max(r[w]['wall'] for r in rows):.2f} s; answered by {who}")
    bad = [r["label"] for r in rows if len({r[w]["status"] for w in ways} & set(DECIDED) - {"solved"}) > 1
           or not all(r[w]["ok"] for w in ways)]
    lines.append(f"disagreements or invalid solutions: {bad or 'none'}")
    if {"pysolver", "clingo", "auto"} <= set(ways):
        slow = [r["label"] for r in rows
                if r["auto"]["wall"] > 1.2 * min(r["pysolver"]["wall"], r["clingo"]["wall"]) + 0.3]
        ratio = [r["auto"]["cpu"] / max(1e-3, min(r["pysolver"]["cpu"], r["clingo"]["cpu"])) for r in rows]
        lines.append(f"auto wall > 1.2 x the faster engine + 0.3 s on {len(slow)}/{len(rows)}: {slow}; "
                     f"auto CPU / the faster engine's CPU: median {statistics.median(ratio):.2f}, "
                     f"max {max(ratio):.2f}")
    if {"pysolver", "portfolio"} <= set(ways):
        long = [r for r in rows if r["pysolver"]["wall"] > 1.0]
        speed = [r["pysolver"]["wall"] / r["portfolio"]["wall"] for r in long]
        lines.append(f"portfolio on the {len(long)} puzzles pysolver needs > 1 s for: decided "
                     f"{sum(r['portfolio']['status'] in DECIDED for r in long)} (pysolver "
                     f"{sum(r['pysolver']['status'] in DECIDED for r in long)}); wall speed-up "
                     f"median {statistics.median(speed) if speed else float('nan'):.2f}, "
                     f"> 2 (superlinear) on {sum(s > 2 for s in speed)}, "
                     f"sum of walls {sum(r['pysolver']['wall'] for r in long):.1f} s -> "
                     f"{sum(r['portfolio']['wall'] for r in long):.1f} s")
    members = sorted(w for w in ways if w.startswith("member"))
    if len(members) > 1:  # a portfolio of those members on idle cores: the first to decide
        first = [min((r[w] for w in members), key=lambda m: (m["status"] not in DECIDED, m["cpu"]))
                 for r in rows]
        lines.append(f"{'+'.join(members)} as a portfolio ({len(members)} idle cores): "
                     f"{sum(f['status'] in DECIDED for f in first)}/{len(rows)} decided within "
                     f"{a.timeout:g} s CPU each; slowest decided {max((f['cpu'] for f in first if f['status'] in DECIDED), default=0):.2f} s; "
                     f"CPU of the first to decide, summed: {sum(f['cpu'] for f in first):.1f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
