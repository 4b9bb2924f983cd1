"""Calibrate the Nikoli difficulty: clingo conflicts of minimal generated puzzles at
every size, for aspsolve.DIFFICULTY.

Usage (from the repository root):
  python3 bench/nikoli_difficulty.py --sizes 7,10,15,20 --seeds 12 [--families nurikabe]
  python3 bench/nikoli_difficulty.py --families nurikabe --instances 30   (bench/nikoli-instances)
  python3 bench/nikoli_difficulty.py --report     (the table from the stored results)

Each (family, size, seed) is ``generate.generate(FAMILY, N, N, SEED)`` (a minimal
puzzle, as the built-ins are made), then ``aspsolve.check`` (the call that labels
puzzles) for its conflicts. Results are kept in bench/nikoli-difficulty.json (one
entry per puzzle, its URL too), so a run adds what is missing. The report gives per
family and size the conflicts per 100 cells and the measure ``aspsolve.difficulty``
reads (``aspsolve.score``), the labels each size gets with the current table, and
the medians and quartiles a new table would take (``aspsolve.DIFFICULTY``).
Conflicts are work, not seconds: the same clingo gives the same numbers on any machine.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.nikoli import aspsolve, generate, model, url  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402

STORE = ROOT / "bench" / "nikoli-difficulty.json"
INSTANCES = ROOT / "bench" / "nikoli-instances"


def load() -> dict:
    return json.loads(STORE.read_text()) if STORE.exists() else {}


def save(data):
    lines = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(data.items()))
    STORE.write_text("{\n" + lines + "\n}\n")


def measure(families, sizes, seeds):
    data = load()
    for fam in families:
        for n in sizes:
            for seed in range(1, seeds + 1):
                key = f"{fam} {n} {seed}"
                if key in data:
                    continue
                try:
                    grid, _ = generate.generate(fam, n, n, seed)
                except PuzzleError as e:
                    print(f"  {e}", flush=True)
                    data[key] = None
                    save(data)
                    continue
                r = aspsolve.check(grid)
                data[key] = {"conflicts": r["conflicts"], "url": url.write_url(grid)}
                save(data)
                print(f"{key}: {r['conflicts']} conflicts, {r['difficulty']}", flush=True)


def measure_instances(families, sizes):
    """bench/nikoli-instances at these sizes (no clue removal, so easier than minimal
    puzzles, except Nurikabe's: its generator has no removal pass): stored as
    ``FAMILY N sSEED`` and used to check the labels, only Nurikabe's in the fit."""
    data = load()
    for n in sizes:
        for p in sorted(INSTANCES.glob(f"*-{n}x{n}.txt")):
            fam = p.stem.split("-")[0]
            for ln in p.read_text().splitlines() if fam in families else ():
                seed, link = ln.split()
                key = f"{fam} {n} s{seed}"
                if key not in data:
                    r = aspsolve.check(url.read_url(link))
                    data[key] = {"conflicts": r["conflicts"], "url": link}
                    save(data)
                    print(f"{key}: {r['conflicts']} conflicts, {r['difficulty']}", flush=True)


def fitted(key) -> bool:
    """Whether a stored result takes part in the fit (module text)."""
    fam, _, seed = key.split()
    return not seed.startswith("s") or fam == "nurikabe"


def quartiles(values):
    return statistics.quantiles(values, n=4, method="inclusive")


def typical(by_size):
    """((cells, median of 1 + conflicts), ...) by size: the table's typical counts."""
    out, top = [], 0
    for n, cs in sorted(by_size.items()):  # never fewer on a larger grid
        top = max(top, round(statistics.median(1 + c for c in cs), 1))
        out.append((n * n, top))
    return tuple(out)


def report():
    data = load()
    by, check = {}, {}
    for key, v in data.items():
        if v is None:
            continue
        fam, n, _ = key.split()
        (by if fitted(key) else check).setdefault(fam, {}).setdefault(int(n), []).append(
            v["conflicts"])
    for fam in sorted(by):
        points = typical(by[fam])
        saved = aspsolve.DIFFICULTY.get(fam)
        aspsolve.DIFFICULTY[fam] = (points, (1, 1, 1))
        scores = [aspsolve.score(fam, n, n, c) for n, cs in by[fam].items() for c in cs]
        aspsolve.DIFFICULTY[fam] = saved
        cuts = tuple(round(q, 2) for q in quartiles(scores))
        print(f'{fam}: new table {json.dumps(fam)}: ({points}, {cuts})\n  (the table now: {saved})')
        rows = [(f"{n}x{n}", n, cs) for n, cs in sorted(by[fam].items())]
        rows += [(f"{n}x{n} instances (no clue removal)", n, cs)
                 for n, cs in sorted(check.get(fam, {}).items())]
        for name, n, confs in rows:
            rate = sorted(round(100 * c / (n * n)) for c in confs)
            score = sorted(round(aspsolve.score(fam, n, n, c), 2) for c in confs)
            labels = [aspsolve.difficulty(fam, n, n, c) for c in confs]
            spread = " ".join(f"{label} {labels.count(label)}" for label in aspsolve.LABELS)
            print(f"  {name} n={len(confs)}: conflicts per 100 cells {rate}\n"
                  f"    score {score}\n    labels: {spread}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--families", default=",".join(model.FAMILIES))
    ap.add_argument("--sizes", default="7,10,15,20")
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--instances", default="", help="sizes of bench/nikoli-instances to add")
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    if args.instances:
        measure_instances(args.families.split(","), [int(n) for n in args.instances.split(",")])
    elif not args.report:
        measure(args.families.split(","), [int(n) for n in args.sizes.split(",")], args.seeds)
    report()


if __name__ == "__main__":
    main()
