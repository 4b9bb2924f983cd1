"""Benchmark the Nikoli encodings: encodings/<family>.lp against the seed-style
baseline encodings/seed_<family>.lp, native clingo, on generated instances.

Usage (from the repository root):
  python3 bench/nikoli.py --sizes 10,15,20,30 --count 20 --timeout 60
  python3 bench/nikoli.py --families bag,masyu --sizes 10 --count 5 --baseline-timeout 30
  python3 bench/nikoli.py --sizes 10,15,20,30 --count 20 --only-make --max-seed 60

Instances: bench/nikoli-instances/<family>-<N>x<N>.txt, one "seed URL" per line,
made by pysolver.nikoli.generate (the same as `pysolver generate FAMILY --size NxN
--seed S --no-minimize`: no clue-removal pass; unique, quicker to make); --make adds the
missing ones (seeds from 1 up, a seed the generator gives up on is skipped),
--only-make makes them without timing. Each (instance, encoding) is one solve for
two models (uniqueness), CPU seconds including grounding (the machine is shared:
wall time is noisy), with a per-instance wall-clock limit (the baseline's is
--baseline-timeout). Every answer is checked by the rule checker (the
baseline's wrong answers, from the seed's weaker Bag B2, are counted). Reports per
family and size: decided count, median, worst, total, and the speed-up in total
over the instances both decided.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.nikoli import aspsolve, generate, rules, url  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402


INSTANCES = ROOT / "bench" / "nikoli-instances"


def instances(family, size, count, make=False, max_seed=None):
    """(seed, grid) of the first ``count`` stored instances; ``make``: generate the
    missing ones first (seeds after the last stored, up to ``max_seed``)."""
    path = INSTANCES / f"{family}-{size}x{size}.txt"
    have = {}
    if path.exists():
        for ln in path.read_text().splitlines():
            seed, link = ln.split()
            have[int(seed)] = link
    seed = max(have, default=0)
    while make and len(have) < count and seed < (max_seed or 10 * count):
        seed += 1
        try:
            t0 = time.process_time()
            grid, _ = generate.generate(family, size, size, seed, minimal=False)
        except PuzzleError as e:
            print(f"  {e}", flush=True)
            continue
        have[seed] = url.write_url(grid)
        print(f"  made {family} {size}x{size} seed {seed} in {time.process_time() - t0:.1f} s "
              "CPU", flush=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f"{k} {v}\n" for k, v in sorted(have.items())))
    for seed in sorted(have)[:count]:
        yield seed, url.read_url(have[seed])


def run(grid, baseline, timeout):
    """(decided, CPU seconds of this process (clingo's threads included), wrong)."""
    t0 = time.process_time()
    r = aspsolve.solve(grid, 2, timeout, baseline=baseline)
    cpu = time.process_time() - t0
    decided = r["status"] in ("unique", "multiple", "none")
    wrong = any(rules.violations(grid, sol) for sol in r["solutions"])
    assert baseline or not wrong, url.write_url(grid)  # the seed's Bag B2 is too weak
    return decided, cpu, wrong


def line(name, rows):
    times = [t for ok, t in rows if ok]
    if not times:
        return f"{name}: decided 0/{len(rows)}"
    return (f"{name}: decided {len(times)}/{len(rows)}, median {statistics.median(times):.3f} s, "
            f"worst {max(times):.3f} s, total {sum(times):.2f} s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--families", default="nurikabe,heyawake,masyu,bag")
    ap.add_argument("--sizes", default="10,15,20,30")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--baseline-timeout", type=float, default=30)
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--make", action="store_true", help="generate missing instances first")
    ap.add_argument("--max-seed", type=int, help="with --make: the last seed to try")
    ap.add_argument("--only-make", action="store_true", help="make instances, no timing")
    args = ap.parse_args()
    for fam in args.families.split(","):
        for size in map(int, args.sizes.split(",")):
            mine, base, both, wrong = [], [], [], 0
            made = list(instances(fam, size, args.count, args.make or args.only_make,
                                  args.max_seed))
            if args.only_make:
                print(f"{fam} {size}x{size}: {len(made)} instances")
                continue
            for seed, grid in made:
                a = run(grid, False, args.timeout)
                mine.append(a[:2])
                if not args.no_baseline:
                    b = run(grid, True, args.baseline_timeout)
                    base.append(b[:2])
                    wrong += b[2]
                    if a[0] and b[0]:
                        both.append((a[1], b[1]))
            print(f"{fam} {size}x{size} ({len(mine)} instances)")
            print("  " + line("project ", mine))
            if not args.no_baseline:
                print("  " + line("baseline", base)
                      + (f"; {wrong} answered with a grid that breaks the rules" if wrong else ""))
                if both:
                    ratio = sum(b for _, b in both) / max(1e-9, sum(a for a, _ in both))
                    print(f"  baseline/project total over {len(both)} decided by both: "
                          f"{ratio:.1f}x")
                if base:  # a baseline cut off by its limit counts its time so far: a bound
                    low = sum(t for _, t in base) / max(1e-9, sum(t for _, t in mine))
                    cut = sum(not ok for ok, _ in base)
                    print(f"  baseline/project total over all {len(base)}: "
                          f"{'at least ' if cut else ''}{low:.1f}x")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
