"""The seed's NonoDataset timings (seeds/003) next to our engine's, by board size.

Usage (repository root): python3 -m bench.experiments.neural.seed_compare

Solves every NonoDataset board in ../shared/puzzles/nonodataset (benchmark
use only: its licence is unknown) with pysolver.nonogram.solver.search.solve (uniqueness
asked, max_solutions=2), CPU time per board, and prints the summary statistics
and percentiles the seed reports, with the seed's figures transcribed from its
Tables 3, 5 and 7 (table and column named on each line). The seed's 10x10
figures are over its whole 10x10 test set (12 runs each), its 15x15 figures
over 50 test boards; ours over the boards stored here (200 + 63 10x10,
100 + 100 15x15).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from pysolver.nonogram import formats
from pysolver.nonogram.puzzle import satisfies
from pysolver.nonogram.solver.search import solve

from .data import SHARED

# Table 3 (10x10, seconds): algorithm -> (mean, std, median)
SEED_T3 = {"H": (1.2003, 3.4236, 0.2042), "NeHI": (1.0428, 3.1065, 0.1526),
           "Ne8HI": (0.9811, 3.0475, 0.1003), "NeHPF": (0.7936, 2.5936, 0.0858),
           "Ne8HPF": (0.7630, 2.6768, 0.0520), "NeHPFI": (0.7891, 2.6290, 0.0904),
           "Ne8HPFI": (0.7254, 2.5853, 0.0519)}
# Table 5 (10x10 percentiles 0.0, 0.1, ..., 1.0, seconds): columns H and Ne8HPFI (best)
SEED_T5 = {"H": (0.0001, 0.0284, 0.0533, 0.0843, 0.1299, 0.2042, 0.3298, 0.5895,
                 1.1843, 2.9784, 145.0626),
           "Ne8HPFI": (0.0060, 0.0070, 0.0072, 0.0074, 0.0137, 0.0519, 0.1123,
                       0.2492, 0.5529, 1.6834, 64.3024)}
# Table 7 (15x15, 50 test boards, seconds): algorithm -> (mean, std, median)
SEED_T7 = {"H": (1313.6846, 6535.3968, 5.4766), "NeHI": (1669.1414, 7212.9861, 5.4736),
           "NeHPFI": (1147.2674, 5955.4429, 2.8779), "NeHPF": (532.4148, 1733.1702, 3.0873)}

SETS = ("10x10-test", "10x10-backtracking", "15x15-test", "15x15-backtracking")


def percentiles(values, steps=10):
    """Nearest-rank percentiles 0, 1/steps, ..., 1 (0 = min, 1 = max)."""
    s = sorted(values)
    return [s[round(i / steps * (len(s) - 1))] for i in range(steps + 1)]


def run_set(name):
    """(times, verdicts) of every board of one NonoDataset folder."""
    times, verdicts = [], {}
    for path in sorted((SHARED / "puzzles" / "nonodataset" / name).glob("*.non")):
        p = formats.parse_one(path.read_text(), path.name)
        t0 = time.process_time()
        r = solve(p, max_solutions=2)
        times.append(time.process_time() - t0)
        assert all(satisfies(p, g) for g in r.solutions), path.name
        verdicts[r.status] = verdicts.get(r.status, 0) + 1
    return times, verdicts


def fmt(x):
    return f"{x:.4f}"


def main(argv=None):
    ours = {name: run_set(name) for name in SETS}
    print("| set (ours) | boards | verdicts | total s | mean | std | median | max |")
    print("|---|---|---|---|---|---|---|---|")
    for name, (t, v) in ours.items():
        print(f"| {name} | {len(t)} | {v} | {sum(t):.3f} | {fmt(statistics.mean(t))} | "
              f"{fmt(statistics.pstdev(t))} | {fmt(statistics.median(t))} | {fmt(max(t))} |")
    print("\n| 10x10 | mean | std | median |\n|---|---|---|---|")
    for alg, (m, s, med) in SEED_T3.items():
        print(f"| seed Table 3, {alg} | {m} | {s} | {med} |")
    t10 = ours["10x10-test"][0] + ours["10x10-backtracking"][0]
    print(f"| ours, all 263 10x10 | {fmt(statistics.mean(t10))} | "
          f"{fmt(statistics.pstdev(t10))} | {fmt(statistics.median(t10))} |")
    print("\n| 10x10 percentile | " + " | ".join(f"{i / 10:.1f}" for i in range(11)) + " |")
    print("|---" * 12 + "|")
    for alg, row in SEED_T5.items():
        print(f"| seed Table 5, {alg} | " + " | ".join(map(str, row)) + " |")
    print("| ours, all 263 10x10 | " + " | ".join(map(fmt, percentiles(t10))) + " |")
    print("\n| 15x15 | mean | std | median |\n|---|---|---|---|")
    for alg, (m, s, med) in SEED_T7.items():
        print(f"| seed Table 7, {alg} | {m} | {s} | {med} |")
    for names, label in ((("15x15-test",), "ours, 100 15x15 test"),
                         (("15x15-test", "15x15-backtracking"), "ours, all 200 15x15")):
        t = [x for n in names for x in ours[n][0]]
        print(f"| {label} | {fmt(statistics.mean(t))} | {fmt(statistics.pstdev(t))} | "
              f"{fmt(statistics.median(t))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
