"""CPU per expert puzzle against the climb step's weight of open cells (issue 31).

    nice -n 19 .venv/bin/python bench/experiments/climb_open_scan.py --size 15 --seeds 1-30 \
        --values 20,5,1

climb.CLIMB_OPEN set in turn (in this process: a quick scan; an A/B of the
kept value goes through bench/generate_ab.py), the seeds interleaved so each value
sees the same load: CPU (process_time) of api.generate per seed, p50 / p95 / max / sum.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver import api  # noqa: E402
from pysolver.nonogram import climb  # noqa: E402


def pct(v, q):
    s = sorted(v)
    return s[min(len(s) - 1, int(q * len(s)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--values", default="20,5,1")
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    values = [float(v) for v in args.values.split(",")]
    cpu = {v: [] for v in values}
    for seed in range(int(lo), int(hi or lo) + 1):
        line = []
        for v in values:
            climb.CLIMB_OPEN = v
            t = time.process_time()
            r = api.generate(family="nonogram", width=args.size, height=args.size,
                             colours=1, level="expert", seed=seed)
            cpu[v].append(time.process_time() - t)
            line.append(f"{v:g}: {cpu[v][-1]:.2f} s ({r['attempts']} att)")
        print(seed, "  ".join(line), flush=True)
    for v in values:
        c = cpu[v]
        print(f"CLIMB_OPEN {v:g}: p50 {pct(c, .5):.2f} p95 {pct(c, .95):.2f} max {max(c):.2f} "
              f"sum {sum(c):.1f}", flush=True)


if __name__ == "__main__":
    main()
