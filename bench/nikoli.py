"""Benchmark the Nikoli encodings: encodings/<family>.lp against the seed-style
baseline encodings/seed_<family>.lp, native clingo, on generated instances.

Usage (from the repository root):
  python3 bench/nikoli.py --sizes 10,15,20,30 --count 20 --timeout 60
  python3 bench/nikoli.py --families bag,masyu --sizes 10 --count 5 --baseline-timeout 30

Instances: pysolver.nikoli.generate with seeds 1..COUNT, without the clue-removal
pass (unique, quicker to make), cached as URLs in --cache so later runs skip the
generation. Each (instance, encoding) is one solve for two models (uniqueness),
wall clock including grounding, with a per-instance time limit (the baseline's
is --baseline-timeout). Every answer is checked by the rule checker (the
baseline's wrong answers, from the seed's weaker Bag B2, are counted). Reports per
family and size: decided count, median, worst, total, and the speed-up in total
over the instances both decided.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.nikoli import aspsolve, generate, rules, url  # noqa: E402
from pysolver.puzzle import PuzzleError  # noqa: E402


def instances(family, size, count, cache: Path):
    path = cache / f"{family}-{size}.json"
    have = json.loads(path.read_text()) if path.exists() else {}
    for seed in range(1, count + 1):
        if str(seed) not in have:
            try:
                grid, _ = generate.generate(family, size, size, seed, minimal=False)
                have[str(seed)] = url.write_url(grid)
            except PuzzleError:
                have[str(seed)] = None
            path.write_text(json.dumps(have))
        if have[str(seed)]:
            yield seed, url.read_url(have[str(seed)])


def run(grid, baseline, timeout):
    r = aspsolve.solve(grid, 2, timeout, baseline=baseline)
    decided = r["status"] in ("unique", "multiple", "none")
    wrong = any(rules.violations(grid, sol) for sol in r["solutions"])
    assert baseline or not wrong, url.write_url(grid)  # the seed's Bag B2 is too weak
    return decided, r["time_s"], wrong


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
    ap.add_argument("--cache", default="/tmp/nikoli-bench")
    args = ap.parse_args()
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    for fam in args.families.split(","):
        for size in map(int, args.sizes.split(",")):
            mine, base, both, wrong = [], [], [], 0
            for seed, grid in instances(fam, size, args.count, cache):
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
            sys.stdout.flush()


if __name__ == "__main__":
    main()
