"""The library's difficulty stars per genre (issue 31: a spread a player can trust).

    nice -n 19 .venv/bin/python bench/stars.py [--cache FILE] [--list] [--instances K]

Plays the hint walk of every built-in nonogram (web/puzzles/catalogue.json; minutes
for the big ones: ``--cache FILE`` keeps the walks as JSON and reuses them) and of
every Nikoli built-in (web/puzzles/nikoli/index.json: pysolver.nikoli.walk from the
solve's solution), then prints the number of puzzles per star (pysolver.stars, as
it is now) for each genre; ``--list`` adds one line per puzzle (stars, modelled
minutes, size, walk). ``--instances K`` also walks the first K puzzles of each
bench/nikoli-instances file (family and size) and prints per file the walk's CPU
seconds (process time), checker calls, steps by kind, minutes and stars.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)

from pysolver import stars  # noqa: E402
from pysolver.nikoli import aspsolve, read  # noqa: E402
from pysolver.nikoli import walk as nikoli_walk  # noqa: E402
from pysolver.nonogram import formats  # noqa: E402
from pysolver.nonogram.walk import walk  # noqa: E402

PUZZLES = os.path.join(ROOT, "web", "puzzles")
INSTANCES = os.path.join(ROOT, "bench", "nikoli-instances")


def load(cache):
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8") as fh:
            return json.load(fh)
    return {}


def save(cache, known):
    if cache:
        with open(cache, "w", encoding="utf-8") as fh:
            json.dump(known, fh)


def nikoli_entry(grid) -> dict:
    """The walk of one Nikoli puzzle (solved by clingo first), with its CPU seconds."""
    sol = aspsolve.solve(grid, 2)
    if sol["status"] != "unique":
        return {"w": grid.width, "h": grid.height, "family": grid.family, "summary": None}
    t0 = time.process_time()
    s = nikoli_walk.walk(grid, sol["solutions"][0])
    return {"w": grid.width, "h": grid.height, "family": grid.family, "summary": s,
            "cpu_s": round(time.process_time() - t0, 3)}


def nikoli_walks(cache, known):
    """{file: entry} of the Nikoli built-ins."""
    with open(os.path.join(PUZZLES, "nikoli", "index.json"), encoding="utf-8") as fh:
        index = json.load(fh)["puzzles"]
    for p in index:
        key = "nikoli:" + p["file"]
        if key not in known:
            with open(os.path.join(PUZZLES, "nikoli", p["file"]), encoding="utf-8") as fh:
                known[key] = nikoli_entry(read.parse(fh.read(), p["file"]))
            save(cache, known)
    return {p["file"]: dict(known["nikoli:" + p["file"]], label=p["difficulty"]) for p in index}


def instance_walks(cache, known, k):
    """{name: [entry, ...]} for the first k puzzles of each bench/nikoli-instances file."""
    out = {}
    for name in sorted(os.listdir(INSTANCES)):
        if not name.endswith(".txt") or "x" not in name or name.startswith("noqx"):
            continue
        with open(os.path.join(INSTANCES, name), encoding="utf-8") as fh:
            urls = [ln.split()[-1] for ln in fh if ln.strip()][:k]
        for i, u in enumerate(urls, 1):
            key = f"inst:{name}#{i}"
            if key not in known:
                known[key] = nikoli_entry(read.parse(u, name))
                save(cache, known)
                print(key, json.dumps(known[key]), file=sys.stderr, flush=True)
            out.setdefault(name[:-4], []).append(known[key])
    return out


def walks(cache, known=None):
    known = load(cache) if known is None else known
    with open(os.path.join(PUZZLES, "catalogue.json"), encoding="utf-8") as fh:
        entries = json.load(fh)["puzzles"]
    for e in entries:
        if e["id"] in known:
            continue
        path = os.path.join(PUZZLES, e["file"])
        with open(path, "rb") as fh:
            p = formats.parse_one(fh.read().decode("utf-8-sig"), path)
        s = walk(p)
        s.pop("state", None)
        known[e["id"]] = {"w": p.width, "h": p.height, "summary": s}
        save(cache, known)
    return {e["id"]: known[e["id"]] for e in entries}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--instances", type=int, default=0)
    args = ap.parse_args()
    known = load(args.cache)
    hist = collections.defaultdict(collections.Counter)
    rows = []
    for pid, e in walks(args.cache, known).items():
        n = stars.nonogram(e["w"], e["h"], e["summary"])
        minutes = stars.nonogram_minutes(e["w"], e["h"], e["summary"])
        hist["nonogram"][n] += 1
        rows.append((n, minutes, pid, f"{e['w']}x{e['h']}", e["summary"]["steps"]))
    for name, e in nikoli_walks(args.cache, known).items():
        n = stars.nikoli(e["w"], e["h"], e["summary"])
        minutes = stars.nikoli_minutes(e["w"], e["h"], e["summary"])
        hist[e["family"]][n] += 1
        rows.append((n, minutes, name, f"{e['w']}x{e['h']}",
                     (e["label"], e["summary"]["steps"], e["summary"]["chain_steps"], e["cpu_s"])))
    print("genre      " + " ".join(f"{k}*" for k in range(1, 6)))
    for genre, c in hist.items():
        print(f"{genre:10} " + " ".join(f"{c.get(k, 0):2}" for k in range(1, 6)))
    if args.list:
        for n, minutes, name, size, what in sorted(rows, key=lambda r: r[:2]):
            print(n, f"{minutes:7.1f} min", name, size, what)
    if args.instances:
        print("\ninstances   n  cpu s p50/max  calls/unit  rule count trial chain deep (medians)  "
              "minutes p50  stars")
        for name, entries in instance_walks(args.cache, known, args.instances).items():
            ok = [e for e in entries if e["summary"]]
            if not ok:
                continue
            med = lambda f: statistics.median(f(e) for e in ok)  # noqa: E731
            st = collections.Counter(stars.nikoli(e["w"], e["h"], e["summary"]) for e in ok)
            print(f"{name:17} {len(ok):2} {med(lambda e: e['cpu_s']):6.2f} "
                  f"{max(e['cpu_s'] for e in ok):6.2f}  "
                  f"{med(lambda e: e['summary']['work'] / e['summary']['units']):6.1f}  "
                  + " ".join(f"{med(lambda e: e['summary']['steps'].get(k, 0)):5.0f}"
                             for k in ("rule", "count", "trial"))
                  + f" {med(lambda e: e['summary']['chain_steps']):5.0f}"
                  + f" {med(lambda e: e['summary']['steps']['deep']):5.0f}"
                  + f"  {med(lambda e: stars.nikoli_minutes(e['w'], e['h'], e['summary'])):7.1f}  "
                  + " ".join(f"{k}*{st[k]}" for k in sorted(st))
                  + ("" if all(e["summary"]["finished"] for e in ok) else "  (some capped)"))


if __name__ == "__main__":
    main()
