"""Yield per move from climb_yield.py's log: tests, outcomes, expert stalls per test and per CPU s.

    .venv/bin/python bench/experiments/climb_yield_report.py LOG.jsonl [...]

CPU per move kind: its tests (line fixpoint, what-ifs, the uniqueness check; not
the final hint walk, the same for every kind) plus, for drawn moves (step, slide,
pair), the line fixpoints of every candidate drawn.
"""
from __future__ import annotations

import collections
import json
import sys


def main():
    rows = [json.loads(line) for path in sys.argv[1:] for line in open(path)]
    # phase: the climb's successes so far in its seed (0: before its first, what a
    # generate call pays for; later steps start next to an expert puzzle)
    wins, keep = collections.Counter(), []
    for d in rows:
        key = (d.get("size"), d["seed"])
        d["phase"] = min(wins[key], 1)
        if d["kind"] in ("step", "corner") and d.get("out") == "expert":
            wins[key] += 1
    for phase in (0, 1):
        print(f"phase {phase} ({'before the first success' if phase == 0 else 'after it'}):")
        table([d for d in rows if d["phase"] == phase])
    by_parent(rows, 0.25)


def table(rows):
    by = collections.defaultdict(collections.Counter)
    cost = collections.Counter()
    for d in rows:
        k = d["kind"]
        if k == "draw":
            cost["step"] += d["t_draw"]
            continue
        if k == "diff":
            by["diff"]["n"] += 1
            by["diff"]["cells"] += d["n"]
            continue
        by[k][d["out"]] += 1
        cost[k] += d.get("t_line", 0) * (k in ("corner", "repair")) + d["t_test"] + d["t_check"]
        cost[k] += d.get("t_draw", 0)
    print(f"{'move':8} {'tests':>6} {'fin%':>5} {'swap':>5} {'search':>6} {'uniq':>5} {'expert':>6}"
          f" {'exp/test %':>10} {'ms/test':>8} {'exp/CPU s':>9}")
    for k in ("step", "corner", "repair", "slide", "pair"):
        c = by.get(k)
        if not c:
            continue
        n = sum(c.values())
        print(f"{k:8} {n:6} {100 * c['finished'] / n:5.1f} {c['swap']:5} {c['search']:6} "
              f"{c['unique']:5} {c['expert']:6} {100 * c['expert'] / n:10.2f} "
              f"{1000 * cost[k] / n:8.2f} {c['expert'] / cost[k]:9.2f}")
    if by.get("diff"):
        print("search-ambiguous stalls:", by["diff"]["n"], "mean cells differing:",
              round(by["diff"]["cells"] / by["diff"]["n"], 1))


def by_parent(rows, per_cell):
    """Before each seed's first success: the step's and corners' tests by the what-if
    trials of the step's parent (the previous step's kept flip), and the step's tests
    by rank (order of cells open) where the parent is past ``per_cell`` trials a cell."""
    wins, best, prev, att = collections.Counter(), {}, None, 0
    bins = [0, 10, 25, 50, 100, 200, 400, 800, 10 ** 9]
    agg = collections.defaultdict(lambda: [0, 0, 0.0])
    rank = collections.defaultdict(lambda: [0, 0])
    for d in rows:
        s = d["seed"]
        att = 0 if not prev or prev["seed"] != s else att + (d["step"] < prev["step"])
        prev = d
        if wins[s]:
            continue
        key = (s, att, d["step"])
        if d["kind"] in ("step", "corner") and d.get("out") == "expert":
            wins[s] += 1
        if d["kind"] == "step" and d["out"] == "finished":
            score = d["trials"] + 20 * d["opened"]
            if key not in best or score > best[key][0]:
                best[key] = (score, d["trials"])
        if d["kind"] not in ("step", "corner"):
            continue
        tr = best.get((s, att, d["step"] - 1), (0, -1))[1]
        b = next(i for i in range(len(bins) - 1) if tr < bins[i + 1])
        a = agg[b]
        a[0] += 1
        a[1] += d["out"] == "expert"
        a[2] += d["t_test"] + d["t_check"]
        if d["kind"] == "step" and tr >= per_cell * cells(rows):
            r = rank[min(d["rank"], 5)]
            r[0] += 1
            r[1] += d["out"] == "expert"
    total = sum(a[0] for a in agg.values())
    print("parent's trials: tests (share), experts (per test), ms a test")
    for b in sorted(agg):
        n, e, t = agg[b]
        print(f"  {bins[b]}-{bins[b + 1]}: {n} ({100 * n / total:.0f} %), {e} ({100 * e / n:.2f} %), "
              f"{1000 * t / n:.1f}")
    print(f"step tests by rank, parent past {per_cell} trials a cell: tests, experts (per test)")
    for r in sorted(rank):
        n, e = rank[r]
        print(f"  rank {r}{'+' if r == 5 else ''}: {n}, {e} ({100 * e / n:.2f} %)")


def cells(rows):
    opened = max((d.get("opened", 0) for d in rows if d["kind"] == "step"), default=0)
    side = 5
    while side * side < opened:
        side += 1
    return side * side


if __name__ == "__main__":
    main()
