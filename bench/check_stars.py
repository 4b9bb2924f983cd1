"""What the difficulty stars would cost `pysolver check`: the check alone against the check
and the hint walk the batch rates a unique puzzle with (pysolver.nonogram.genre.analyse,
rate=True), per puzzle, on the same process and machine.

Usage (from the repository root):
  python3 bench/check_stars.py ../shared/puzzles/jwilk ../shared/puzzles/webpbn
  python3 bench/check_stars.py --timeout 10 --every 5 ../shared/puzzles/nonodataset

Each file's first puzzle; a unique one's check is remembered, so the second call's time is
the walk's (a puzzle that is not unique is not walked). Prints the six puzzles the walk costs most, then per folder the summed
and largest times, and how many puzzles of at most 30x30 pass 1 s (the check's target,
PERF.md "Create and check") with the stars and without.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver import api  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nonogram import formats, genre  # noqa: E402


def measure(path: Path, timeout: float):
    try:
        p = formats.parse(path.read_bytes(), str(path))[0]
    except PuzzleError:
        return None
    t = time.perf_counter()
    a = api.analyse(p, timeout=timeout)
    check = time.perf_counter() - t
    b, walk = {}, 0.0
    if a["status"] == "unique":  # the batch walks unique puzzles only
        t = time.perf_counter()
        b = genre.analyse(p, timeout=timeout, rate=True)
        walk = time.perf_counter() - t
    return {"name": path.name, "side": max(p.width, p.height), "status": a["status"], "check": check,
            "walk": walk, "stars": b.get("stars"), "at_least": b.get("stars_at_least")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds a puzzle (the batch's default)")
    ap.add_argument("--every", type=int, default=1, help="every Nth file of a folder")
    args = ap.parse_args()
    for folder in args.folders:
        files = sorted(f for f in folder.rglob("*") if f.is_file() and not f.name.startswith("."))
        rows = [r for f in files[::args.every] if (r := measure(f, args.timeout))]
        for r in sorted(rows, key=lambda r: r["walk"])[-6:]:
            print(f"  {r['name']:28} {r['side']:3} {r['status']:9} check {r['check']:.3f} s, walk "
                  f"{r['walk']:.3f} s, {r['stars']} stars{' at least' if r['at_least'] else ''}")
        small = [r for r in rows if r["side"] <= 30]
        print(f"{folder}: {len(rows)} puzzles, check {sum(r['check'] for r in rows):.2f} s (max "
              f"{max(r['check'] for r in rows):.2f} s), with the stars "
              f"{sum(r['check'] + r['walk'] for r in rows):.2f} s (max "
              f"{max(r['check'] + r['walk'] for r in rows):.2f} s); of {len(small)} up to 30x30, "
              f"{sum(r['check'] > 1 for r in small)} pass 1 s, with the stars "
              f"{sum(r['check'] + r['walk'] > 1 for r in small)}")


if __name__ == "__main__":
    main()
