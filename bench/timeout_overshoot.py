"""How late a time limit is met: overshoot of ``timeout`` on large random puzzles.

Usage (from the repository root):
  python3 bench/timeout_overshoot.py                       # 200², 500², 1000² x d 0.5-0.8
  python3 bench/timeout_overshoot.py --sizes 500 --densities 0.7 --timeout 2 --seeds 3

Per puzzle (random picture, seeded, clues from it): ``pysolver.api.solve`` and
``pysolver.api.check`` (the worker's default solve) with ``--timeout`` seconds,
wall time from the call to its answer; overshoot = that time minus the limit
when the answer is "timeout" (an answer before the limit has none). Also the
longest stretch between two of the engine's checks (``should_stop`` calls),
which bounds the overshoot, and the time to the first check (reading and
checking the puzzle, setting up the engine: before the deadline). Prints one row per run and the max and median
overshoot per size. Puzzle generation is not timed.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver import api  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402


def random_puzzle(n, density, seed):
    rng = random.Random(seed * 1_000_003 + n * 101 + int(density * 100))
    return puzzle_from_grid([[int(rng.random() < density) for _ in range(n)] for _ in range(n)])


def run(method, puzzle, timeout):
    """(status, wall seconds, seconds to the first check, longest stretch
    between two checks or the last check and the answer, and the same two in
    CPU seconds: on a loaded machine the wall-clock stretches are the CPU ones
    times the load)."""
    stamps, cpu = [], []

    def should_stop():
        stamps.append(time.perf_counter())
        cpu.append(time.process_time())
        return False
    api.clear_caches()
    c0 = time.process_time()
    t0 = time.perf_counter()
    if method == "solve":
        res = api.solve(puzzle, timeout=timeout, should_stop=should_stop)
    else:
        res = api.check(puzzle, timeout=timeout, should_stop=should_stop)
    t1, c1 = time.perf_counter(), time.process_time()
    points = (stamps or [t1]) + [t1]
    cpoints = (cpu or [c1]) + [c1]
    return (res["status"], t1 - t0, points[0] - t0,
            max(b - a for a, b in zip(points, points[1:])), cpoints[0] - c0,
            max(b - a for a, b in zip(cpoints, cpoints[1:])))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="200,500,1000")
    ap.add_argument("--densities", default="0.5,0.6,0.7,0.8")
    ap.add_argument("--seeds", type=int, default=1, help="puzzles per size and density")
    ap.add_argument("--timeout", type=float, default=2.0, help="the limit, seconds")
    ap.add_argument("--methods", default="solve,check")
    a = ap.parse_args(argv)
    sizes = [int(s) for s in a.sizes.split(",")]
    densities = [float(d) for d in a.densities.split(",")]
    methods = a.methods.split(",")
    print(f"limit {a.timeout:g} s; Python {sys.version.split()[0]}")
    print(f"{'puzzle':<18} {'method':<6} {'status':<9} {'wall s':>7} {'over s':>7} {'first ms':>9} "
          f"{'max gap ms':>10} {'CPU first':>9} {'CPU gap ms':>10}")
    over = {n: [] for n in sizes}
    gaps = {n: [] for n in sizes}
    cgaps = {n: [] for n in sizes}
    for n in sizes:
        for d in densities:
            for seed in range(a.seeds):
                p = random_puzzle(n, d, seed)
                for m in methods:
                    status, wall, first, gap, cfirst, cgap = run(m, p, a.timeout)
                    late = max(0.0, wall - a.timeout) if status == "timeout" else 0.0
                    over[n].append(late)
                    gaps[n].append(gap)
                    cgaps[n].append(cgap)
                    print(f"{f'{n}x{n} d{d} s{seed}':<18} {m:<6} {status:<9} {wall:7.2f} {late:7.3f} "
                          f"{first * 1000:9.1f} {gap * 1000:10.1f} {cfirst * 1000:9.1f} {cgap * 1000:10.1f}",
                          flush=True)
    print()
    print(f"{'size':<10} {'runs':>4} {'overshoot max s':>16} {'median s':>9} {'max gap ms':>10} "
          f"{'CPU gap ms':>10}")
    for n in sizes:
        print(f"{f'{n}x{n}':<10} {len(over[n]):4d} {max(over[n]):16.3f} {statistics.median(over[n]):9.3f} "
              f"{max(gaps[n]) * 1000:10.1f} {max(cgaps[n]) * 1000:10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
