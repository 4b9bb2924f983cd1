"""Yield per variant from climb_aim.py's log: tests, expert stalls per test and per CPU s.

    .venv/bin/python bench/experiments/climb_aim_report.py LOG.jsonl [...]

Every row is before its seed's first success (the path stops there). Tests: the
flips tested plus a swap's corners tested; CPU: the candidates' line fixpoints,
the tests and uniqueness checks, without the hint walk of a unique stall (the
same for every variant; "+walk" with it). Past the rise only (while rising, a
step passes stalls over: no expert there), and by the parent's what-if trials a
cell; while rising, the trials of the flip a step would keep (how fast it climbs).
"""
from __future__ import annotations

import collections
import json
import sys


def tests(d):
    return len(d["outs"]) + sum(o.count("c") for o in d["outs"])


def main():
    rows = [json.loads(line) for path in sys.argv[1:] for line in open(path)]
    kinds = [k for k in dict.fromkeys(d["kind"] for d in rows) if k not in ("path", "end")]
    for size in sorted({d["size"] for d in rows}):
        mine = [d for d in rows if d["size"] == size]
        cells = size * size
        seeds = {d["seed"] for d in mine}
        print(f"{size}x{size}, {len(seeds)} seeds, past the rise:")
        print(f"{'variant':8} {'steps':>6} {'tests':>6} {'expert':>6} {'per test %':>10} {'ms/test':>8}"
              f" {'exp/CPU s':>9} {'+walk':>6} {'pool/edges':>10}")
        for k in kinds:
            part = [d for d in mine if d["kind"] == k and not d["rising"]]
            if not part:
                continue
            n = sum(tests(d) for d in part)
            e = sum(d["expert"] for d in part)
            t = sum(d["t_draw"] + d["t_test"] for d in part)
            tw = t + sum(d["t_walk"] for d in part)
            pool = sum(d["aimed"] for d in part) / sum(d["edges"] for d in part)
            print(f"{k:8} {len(part):6} {n:6} {e:6} {100 * e / max(n, 1):10.2f} {1000 * t / max(n, 1):8.2f}"
                  f" {e / t:9.2f} {e / tw:6.2f} {pool:10.2f}")
        bins = [0, 0.25, 0.5, 1.0, 2.0, 1e9]
        print("  by the parent's trials a cell: variant: steps, tests, experts, exp/CPU s")
        for i in range(len(bins) - 1):
            line = []
            for k in kinds:
                part = [d for d in mine if d["kind"] == k and not d["rising"]
                        and bins[i] <= d["ptries"] / cells < bins[i + 1]]
                if not part:
                    continue
                n = sum(tests(d) for d in part)
                e = sum(d["expert"] for d in part)
                t = sum(d["t_draw"] + d["t_test"] for d in part)
                line.append(f"{k} {len(part)}/{n}/{e}/{e / t:.2f}")
            if line:
                print(f"  {bins[i]}-{bins[i + 1]}: " + "; ".join(line))
        print("  rising: variant: steps, mean trials of the flip kept (none kept: 0), ms a step")
        line = []
        for k in kinds:
            part = [d for d in mine if d["kind"] == k and d["rising"]]
            if part:
                kept = sum(d["kept"] or 0 for d in part) / len(part)
                t = sum(d["t_draw"] + d["t_test"] for d in part) / len(part)
                line.append(f"{k} {len(part)}, {kept:.1f}, {1000 * t:.1f}")
        print("  " + "; ".join(line))
        print("  past the rise, mean trials of the flip kept (steps with none: 0):",
              "; ".join(f"{k} {sum(d['kept'] or 0 for d in p) / len(p):.0f}" for k in kinds
                        if (p := [d for d in mine if d['kind'] == k and not d['rising']])))


if __name__ == "__main__":
    main()
