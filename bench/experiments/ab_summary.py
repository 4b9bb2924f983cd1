"""A bench/generate_ab.py run's per-seed lines (its stderr) summed, with how noisy the sums are.

    .venv/bin/python bench/experiments/ab_summary.py AB.err [AB2.err ...]

Per log: CPU, attempts and lane work (line solves at success) summed per side, this/peer,
and the standard error of that ratio from the seeds' differences (a sum over 100 seeds of
25x25 expert swings by about 13 %: a change that alters most puzzles needs far more than
100 seeds to show a gain under 25 %); the sums over each half of the seeds; the geometric
mean of the per-seed CPU ratios; the seeds each side made faster; both sides' p95 and
their slowest seeds.
"""
from __future__ import annotations

import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from generate_ab import pct  # noqa: E402

LINE = re.compile(r"seed (\d+): CPU peer ([\d.]+) s, this ([\d.]+) s.*"
                  r"attempts peer (\d+) this (\d+)")


def read(path):
    """[(seed, {side: (cpu, attempts, work)})] of a generate_ab log."""
    out = []
    with open(path) as fh:
        for line in fh:
            m = LINE.match(line)
            if not m:
                continue
            got = {}
            for i, side in enumerate(("peer", "this")):
                work = re.search(side + r" lane \d work (\d+)", line)
                got[side] = (float(m[2 + i]), int(m[4 + i]), int(work[1]) if work else 0)
            out.append((int(m[1]), got))
    return out


def summary(path):
    rows = read(path)
    n = len(rows)
    print(f"{path}: {n} seeds")
    for i, name in enumerate(("CPU s", "attempts", "lane work")):
        a = [r["peer"][i] for _, r in rows]
        b = [r["this"][i] for _, r in rows]
        se = statistics.pstdev([y - x for x, y in zip(a, b)]) * math.sqrt(n) / sum(a)
        print(f"  {name}: peer {sum(a):,.1f}, this {sum(b):,.1f}, "
              f"this/peer {sum(b) / sum(a):.3f} (se {se:.3f})")
    a = [r["peer"][0] for _, r in rows]
    b = [r["this"][0] for _, r in rows]
    half = n // 2
    for lo, hi in ((0, half), (half, n)):
        print(f"  seeds {rows[lo][0]}-{rows[hi - 1][0]}: CPU this/peer "
              f"{sum(b[lo:hi]) / sum(a[lo:hi]):.3f}")
    geo = math.exp(statistics.mean(math.log(y / x) for x, y in zip(a, b)))
    print(f"  per-seed CPU ratio, geometric mean {geo:.3f}; this faster on "
          f"{sum(y < x for x, y in zip(a, b))} of {n}")
    print(f"  p95 peer {pct(a, 0.95):.2f} s, this {pct(b, 0.95):.2f} s; slowest peer "
          f"{sorted(a)[-5:]}, this {sorted(b)[-5:]}")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        summary(arg)
