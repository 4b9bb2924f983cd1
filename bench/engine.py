"""Benchmark the pure-Python engine over the shared puzzle corpus.

Usage (from the repository root):
  python3 bench/engine.py --set webpbn --set jwilk --timeout 20 --out /tmp/engine.md
  python3 bench/engine.py --set taai2011 --every 10 --timeout 20 --jobs 2
  python3 bench/engine.py --set taai2011 --max-solutions 1     # tournament mode
  python3 bench/engine.py --set taai2011 --only 291,310,315 --method learn

Per puzzle: CPU seconds (process time of the solving process), verdict, search
nodes, probes, and whether every solution satisfies the clues (and equals the
stored goal when the verdict is unique). The time limit is in CPU seconds.
Peak memory is the largest resident set of the worker processes (ru_maxrss).
When native clingo is installed (`pip install .[asp]`), the same process also
solves each puzzle with clingo and encodings/nonogram.lp right after pysolver
(same solution count asked, same limit), so the table carries per-puzzle
ratios measured in the same run, and both verdicts are cross-checked;
`--clingo off` skips it. Writes a markdown table (--out) and prints a summary.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.nonogram import formats  # noqa: E402
from pysolver.nonogram.puzzle import grid_from_rows, satisfies  # noqa: E402
from pysolver.nonogram.solver.search import ORDERS, solve  # noqa: E402

PUZZLES = Path(os.environ.get("PYSOLVER_SHARED", ROOT.parent / "shared")) / "puzzles"
SETS = {
    "webpbn": ("webpbn", "*.xml"),
    "jwilk": ("jwilk", "*.nin"),
    "nonogram-db": ("nonogram-db", "**/*.non"),
    "nonodataset": ("nonodataset", "**/*.non"),
    "taai2011": ("taai", "taai2011-question.txt"),
    "tcga2016": ("taai", "tcga2016-question.txt"),
    "icga2017": ("taai", "icga2017-question.txt"),
    "lalafrogkk": ("taai", "lalafrogkk-cannot-solve.txt"),
    "synthetic": (None, None),  # generated here: large random pictures
}


def synthetic():
    """Large random pictures (seeded): density 0.65-0.7 makes them line-solvable."""
    import random

    from pysolver.nonogram.puzzle import puzzle_from_grid
    out = []
    for size, dens, seed in ((100, 0.65, 2), (100, 0.7, 0), (200, 0.7, 0)):
        rng = random.Random(seed)
        grid = [[1 if rng.random() < dens else 0 for _ in range(size)] for _ in range(size)]
        out.append((f"random{size}x{size}-d{dens}-s{seed}", puzzle_from_grid(grid)))
    return out


def load(set_name):
    """[(label, puzzle)] of one set, in file order."""
    folder, pattern = SETS[set_name]
    if folder is None:
        return synthetic()
    out = []
    for path in sorted((PUZZLES / folder).glob(pattern)):
        text = path.read_text(encoding="utf-8")
        puzzles = formats.parse(text, path.name)
        for i, p in enumerate(puzzles):
            label = str(path.relative_to(PUZZLES))
            if len(puzzles) > 1:
                label += f"#{i + 1}"
            out.append((label, p))
    return out


DECIDED = ("unique", "multiple", "none", "solved")


def run_clingo(puzzle, max_solutions, timeout):
    """(status, CPU s) of native clingo on the puzzle; its solving thread counts too."""
    from pysolver.nonogram.asp import solve_native
    t0 = time.process_time()
    res = solve_native(puzzle, max_solutions=max_solutions, timeout=timeout)
    return res["status"], time.process_time() - t0


def run_one(args):
    label, puzzle, max_solutions, timeout, with_clingo, method, values = args
    t0 = time.process_time()
    run = solve
    if method == "learn" and len(puzzle.colors) == 2:  # the experiment is black-and-white only
        from experiments.learn import solve as run
    extra = {"values": values} if run is solve else {}
    res = run(puzzle, max_solutions=max_solutions, timeout=timeout, clock=time.process_time,
              **extra)
    cpu = time.process_time() - t0
    ok = all(satisfies(puzzle, s) for s in res.solutions)
    if ok and res.status == "unique" and puzzle.goal:
        ok = res.solutions[0] == grid_from_rows(puzzle, puzzle.goal)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # MB on Linux
    row = {"label": label, "size": f"{puzzle.width}x{puzzle.height}",
           "colors": len(puzzle.colors) - 1, "status": res.status, "cpu": cpu,
           "nodes": res.nodes, "probes": res.probes, "ok": ok, "rss": rss,
           "conflicts": getattr(res, "conflicts", 0)}
    if with_clingo:
        row["clingo_status"], row["clingo_cpu"] = run_clingo(puzzle, max_solutions, timeout)
        both = {res.status, row["clingo_status"]}
        if both <= set(DECIDED) and len(both) > 1 and both != {"solved", "multiple"} \
                and both != {"solved", "unique"}:
            row["ok"] = False  # the engines disagree on a verdict
    return row


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", choices=sorted(SETS), help="repeatable")
    ap.add_argument("--every", type=int, default=1, help="take every Nth puzzle of a set")
    ap.add_argument("--offset", type=int, default=0, help="start index for --every")
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles per set")
    ap.add_argument("--only", help="comma-separated 1-based puzzle indexes within each set "
                    "(or @file: whitespace-separated, '#' comments); --every/--offset then apply")
    ap.add_argument("--method", choices=("probe", "learn"), default="probe",
                    help="probe: pysolver.nonogram.solver.search; learn: bench/experiments/learn.py")
    ap.add_argument("--values", choices=ORDERS, default="likely",
                    help="the search's value order (pysolver.nonogram.solver.search ORDERS): "
                         "likely (the learned model, the default), shares (the order it "
                         "replaced), open")
    ap.add_argument("--timeout", type=float, default=20.0, help="CPU seconds per puzzle")
    ap.add_argument("--max-solutions", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="markdown file to write")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--clingo", choices=("auto", "on", "off"), default="auto",
                    help="also run native clingo per puzzle (auto: when installed)")
    a = ap.parse_args(argv)
    a.with_clingo = a.clingo == "on" or (a.clingo == "auto" and _have_clingo())
    if not PUZZLES.is_dir():
        print(f"puzzle corpus not found at {PUZZLES}", file=sys.stderr)
        return 2
    sets = a.set or ["webpbn", "jwilk", "nonogram-db"]
    tasks = []
    for s in sets:
        items = load(s)
        if a.only:
            items = [items[i - 1] for i in _indexes(a.only)]
        items = items[a.offset::a.every]
        if a.limit:
            items = items[:a.limit]
        tasks += [(f"{s}:{label}", p, a.max_solutions, a.timeout, a.with_clingo, a.method, a.values)
                  for label, p in items]
    rows = []
    wall = time.monotonic()
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            for r in ex.map(run_one, tasks, chunksize=1):
                rows.append(r)
                if not a.quiet:
                    _print(r)
    else:
        for t in tasks:
            r = run_one(t)
            rows.append(r)
            if not a.quiet:
                _print(r)
    wall = time.monotonic() - wall
    summary = summarize(rows, a, wall)
    print(summary)
    if a.out:
        Path(a.out).write_text(table(rows, a) + "\n" + summary + "\n", encoding="utf-8")
    return 0


def _indexes(spec):
    """1-based indexes from "3,17,40" or "@file"."""
    if spec.startswith("@"):
        text = Path(spec[1:]).read_text(encoding="utf-8")
        spec = " ".join(line.split("#")[0] for line in text.splitlines())
    return [int(t) for t in spec.replace(",", " ").split()]


def _have_clingo():
    try:
        import clingo  # noqa: F401
    except ImportError:
        return False
    return True


def _print(r):
    peer = (f" clingo={r['clingo_status']} {r['clingo_cpu']:.3f}s"
            if "clingo_cpu" in r else "")
    print(f"{r['label']:48} {r['size']:>7} {r['status']:9} {r['cpu']:8.3f}s "
          f"nodes={r['nodes']} probes={r['probes']}"
          f"{' conflicts=%d' % r['conflicts'] if r.get('conflicts') else ''} ok={r['ok']}{peer}",
          flush=True)


def table(rows, a):
    out = [f"max_solutions={a.max_solutions}, timeout={a.timeout:g} s CPU, "
           f"every={a.every}, offset={a.offset}, limit={a.limit or 'none'}, "
           f"only={a.only or 'all'}, method={a.method}, values={a.values}", "",
           "| puzzle | size | colours | verdict | CPU s | nodes | probes | checked "
           "| clingo verdict | clingo CPU s | ratio |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        peer = "| - | - | - |"
        if "clingo_cpu" in r:
            peer = (f"| {r['clingo_status']} | {r['clingo_cpu']:.3f} | "
                    f"{r['cpu'] / max(r['clingo_cpu'], 1e-3):.2f} |")
        out.append(f"| {r['label']} | {r['size']} | {r['colors']} | {r['status']} | "
                   f"{r['cpu']:.3f} | {r['nodes']} | {r['probes']} | "
                   f"{'ok' if r['ok'] else 'WRONG'} {peer}")
    return "\n".join(out)


def summarize(rows, a, wall):
    lines = []
    groups = {}
    for r in rows:
        groups.setdefault(r["label"].split(":")[0], []).append(r)
    for s, rs in groups.items():
        cpu = [r["cpu"] for r in rs]
        verdicts = {}
        for r in rs:
            verdicts[r["status"]] = verdicts.get(r["status"], 0) + 1
        decided = [r for r in rs if r["status"] in DECIDED]
        wrong = sum(not r["ok"] for r in rs)
        lines.append(
            f"{s}: {len(decided)}/{len(rs)} decided {verdicts}; CPU total {sum(cpu):.1f} s, "
            f"median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s "
            f"({max(rs, key=lambda r: r['cpu'])['label']}); wrong {wrong}; "
            f"peak RSS {max(r['rss'] for r in rs):.0f} MB")
        if any("clingo_cpu" in r for r in rs):
            ccpu = [r["clingo_cpu"] for r in rs]
            both = [r for r in rs if r["status"] in DECIDED and r["clingo_status"] in DECIDED]
            ratios = [r["cpu"] / max(r["clingo_cpu"], 1e-3) for r in both]
            lines.append(
                f"  clingo same run: {sum(r['clingo_status'] in DECIDED for r in rs)}/{len(rs)} "
                f"decided, CPU total {sum(ccpu):.1f} s, max {max(ccpu):.3f} s; "
                f"pysolver/clingo on the {len(both)} both decided: total "
                f"{sum(r['cpu'] for r in both):.1f} s / {sum(r['clingo_cpu'] for r in both):.1f} s, "
                f"median ratio {statistics.median(ratios) if ratios else float('nan'):.2f}")
    lines.append(f"wall {wall:.1f} s, jobs {a.jobs}, Python {sys.version.split()[0]}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
