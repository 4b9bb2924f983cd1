"""The library's difficulty stars per genre (issue 31: a spread a player can trust).

    .venv/bin/python bench/stars.py [--cache FILE] [--list]

Plays the hint walk of every built-in nonogram (web/puzzles/catalogue.json; minutes
for the big ones: ``--cache FILE`` keeps the walks as JSON and reuses them) and reads
the Nikoli built-ins' labels (web/puzzles/nikoli/index.json), then prints the number
of puzzles per star (pysolver.stars, as it is now) for each genre; ``--list`` adds
one line per puzzle (stars, modelled minutes, size, walk).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)

from pysolver import stars  # noqa: E402
from pysolver.nonogram import formats  # noqa: E402
from pysolver.nonogram.walk import walk  # noqa: E402

PUZZLES = os.path.join(ROOT, "web", "puzzles")


def walks(cache):
    known = {}
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8") as fh:
            known = json.load(fh)
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
        if cache:
            with open(cache, "w", encoding="utf-8") as fh:
                json.dump(known, fh)
    return {e["id"]: known[e["id"]] for e in entries}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    hist = collections.defaultdict(collections.Counter)
    rows = []
    for pid, e in walks(args.cache).items():
        n = stars.nonogram(e["w"], e["h"], e["summary"])
        minutes = stars.nonogram_minutes(e["w"], e["h"], e["summary"])
        hist["nonogram"][n] += 1
        rows.append((n, minutes, pid, f"{e['w']}x{e['h']}", e["summary"]["steps"]))
    with open(os.path.join(PUZZLES, "nikoli", "index.json"), encoding="utf-8") as fh:
        for p in json.load(fh)["puzzles"]:
            n = stars.nikoli(p["width"], p["height"], p["difficulty"])
            hist[p["family"]][n] += 1
            minutes = p["width"] * p["height"] * stars.NIKOLI_SECONDS_PER_CELL[p["difficulty"]] / 60
            rows.append((n, minutes, p["file"], f"{p['width']}x{p['height']}", p["difficulty"]))
    print("genre      " + " ".join(f"{k}*" for k in range(1, 6)))
    for genre, c in hist.items():
        print(f"{genre:10} " + " ".join(f"{c.get(k, 0):2}" for k in range(1, 6)))
    if args.list:
        for n, minutes, name, size, what in sorted(rows, key=lambda r: r[:2]):
            print(n, f"{minutes:7.1f} min", name, size, what)


if __name__ == "__main__":
    main()
