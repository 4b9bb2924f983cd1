"""The project against noqx (github.com/T0nyX1ang/noqx) on the public Nikoli set, in one run.

Per instance of bench/nikoli-instances/noqx-set.txt (bench/noqx_set.py makes it), two child
processes, each niced and capped by RLIMIT_CPU (--limit, CPU seconds):
- project: the solve the command line runs (`pysolver solve URL`: pysolver.nikoli.aspsolve.solve,
  two solutions asked, so a unique answer is proved);
- noqx: noqx's own program builder (solver/<name>.py, its default parameters) and its clingo
  settings (noqx/clingo.py: trans_ext=dynamic, eq=1, one thread), two solutions asked.
noqx is not copied into the repository: --noqx names a checkout of it (made from the
session's mirror with `git archive` when absent) and the child imports it from there.
CPU is the child's own (process time of every thread plus its children), from reading the
puzzle to the answer, so interpreter start-up and imports are left out of both sides; a child
killed by the CPU cap counts as undecided at the cap. The project's answers are checked by
the rule checker; both sides' statuses must agree where both decided.

Reports per genre and size: decided / total for each side, median and worst CPU, and the
per-instance ratio project/noqx (median and worst; an instance one side does not decide gives
its ratio at the cap).

Usage (repository root):
  nice -n 19 .venv/bin/python bench/noqx_compare.py --limit 60 [--only heyawake] [--match 24x14]
  ... --json out.json  (every instance's row)
  ... --skip out.json --json more.json  (resume: the instances out.json does not hold)
  ... --part 0/2 --json a.json & ... --part 1/2 --json b.json  (side by side; --report a.json b.json)
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "bench" / "nikoli-instances" / "noqx-set.txt"
MIRROR = Path("/work/.mirror/T0nyX1ang+noqx/repo")
NOQX_NAME = {"nurikabe": "nurikabe", "heyawake": "heyawake", "masyu": "masyu", "bag": "cave"}


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def noqx_puzzle(grid, name):
    """The grid as noqx's Puzzle object (what its penpa decoder would give): (row, col)
    points, numbers as text, pearls as circle symbols, rooms as left/top edges."""
    from noqx.puzzle import Direction, Point, Puzzle
    p = Puzzle(name, "")
    p.row, p.col = grid.height, grid.width
    if grid.family == "masyu":
        from pysolver.nikoli.model import WHITE
        for (x, y), v in grid.clues.items():
            p.symbol[Point(y, x)] = "circle_L__1" if v == WHITE else "circle_L__2"
    else:
        for (x, y), n in grid.clues.items():
            p.text[Point(y, x, Direction.CENTER, "normal")] = n if n >= 0 else "?"
    if grid.rooms:
        w = grid.width
        for y in range(grid.height):
            for x in range(grid.width):
                if x and grid.rooms[y * w + x] != grid.rooms[y * w + x - 1]:
                    p.edge[Point(y, x, Direction.LEFT)] = True
                if y and grid.rooms[y * w + x] != grid.rooms[(y - 1) * w + x]:
                    p.edge[Point(y, x, Direction.TOP)] = True
    return p


def run_noqx(link: str, noqx_dir: str) -> dict:
    sys.path.insert(0, noqx_dir)
    from clingo.control import Control
    from noqx.manager import generate_program, load_solver, modules
    from pysolver.nikoli import url
    url.check_work = lambda grid, where="": 0  # noqx has no grounding cap
    t0 = _cpu()
    grid = url.read_url(link)
    name = NOQX_NAME[grid.family]
    load_solver("solver", name)
    p = noqx_puzzle(grid, name)
    p.param = {k: v["default"] for k, v in getattr(modules[name], "parameters", {}).items()}
    ctl = Control(logger=lambda code, msg: None)
    ctl.configuration.asp.trans_ext = "dynamic"
    ctl.configuration.asp.eq = 1
    ctl.configuration.solve.parallel_mode = 1
    ctl.configuration.solve.models = 2
    ctl.add("base", [], generate_program(p))
    ctl.ground([("base", [])])
    models = []
    res = ctl.solve(on_model=lambda m: models.append(1))
    n = len(models)
    status = "multiple" if n >= 2 else ("unique" if n == 1 else "none") if res.exhausted else "unknown"
    return {"status": status, "cpu": _cpu() - t0}


def run_project(link: str) -> dict:
    from pysolver.errors import PuzzleError
    import clingo  # noqa: F401  (imported before the clock on both sides)
    from pysolver.nikoli import aspsolve, rules, url
    t0 = _cpu()
    try:
        grid = url.read_url(link)
    except PuzzleError as e:  # over the project's caps: refused, undecided
        return {"status": "refused", "cpu": _cpu() - t0, "error": str(e)[:120]}
    r = aspsolve.solve(grid, 2)
    used = _cpu() - t0
    bad = [v for s in r["solutions"] for v in rules.violations(grid, s)]
    return {"status": r["status"], "cpu": used, "wrong": len(bad)}


def child(side: str, link: str, limit: float, noqx_dir: str) -> dict:
    """One side on one instance in a niced child capped at ``limit`` CPU seconds."""
    def cap():
        os.nice(19)
        resource.setrlimit(resource.RLIMIT_CPU, (int(limit) + 1, int(limit) + 2))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([sys.executable, __file__, "--worker", side, "--noqx", noqx_dir, link],
                       capture_output=True, text=True, preexec_fn=cap, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        out = json.loads(p.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return {"status": "timeout" if p.returncode in (-24, -9) else "crash",
                "cpu": used, "error": p.stderr.strip()[-200:]}
    if out["cpu"] > limit and out["status"] in ("unique", "multiple", "none"):
        out["status"] = "timeout"
    return out


def ensure_noqx(path: Path) -> str:
    if not (path / "noqx" / "manager.py").exists():
        path.mkdir(parents=True, exist_ok=True)
        arch = subprocess.run(["git", "--git-dir", str(MIRROR), "archive", "HEAD"],
                              capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(path)], input=arch, check=True)
    return str(path)


def noqx_commit() -> str:
    try:
        return subprocess.run(["git", "--git-dir", str(MIRROR), "rev-parse", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


DECIDED = ("unique", "multiple", "none")


def report(rows: list, limit: float):
    def cpu(r, side):
        return r[side]["cpu"] if r[side]["status"] in DECIDED else limit
    groups = {}
    for r in rows:
        groups.setdefault((r["genre"], r["size"]), []).append(r)
    print(f"\n{'genre':9} {'size':>7} {'n':>3} | {'project dec':>11} {'median':>7} {'worst':>7} | "
          f"{'noqx dec':>8} {'median':>7} {'worst':>7} | {'ratio med':>9} {'worst':>7}")
    for genre in sorted({g for g, _ in groups}):
        sizes = sorted((s for g, s in groups if g == genre),
                       key=lambda s: eval(s.replace("x", "*")))
        for size in sizes + ["all"]:
            rs = [r for r in rows if r["genre"] == genre and (size == "all" or r["size"] == size)]
            line = [f"{genre:9} {size:>7} {len(rs):>3} |"]
            for side in ("project", "noqx"):
                c = [cpu(r, side) for r in rs]
                dec = sum(r[side]["status"] in DECIDED for r in rs)
                line.append(f"{f'{dec}/{len(rs)}':>{11 if side == 'project' else 8}} "
                            f"{statistics.median(c):7.2f} {max(c):7.2f} |")
            ratios = [max(cpu(r, "project"), 0.01) / max(cpu(r, "noqx"), 0.01) for r in rs]
            line.append(f"{statistics.median(ratios):9.2f} {max(ratios):7.2f}")
            print(" ".join(line))
    worst = sorted(rows, key=lambda r: -max(cpu(r, "project"), 0.01) / max(cpu(r, "noqx"), 0.01))
    print("\nworst per-instance ratios project/noqx (CPU s):")
    for r in worst[:12]:
        print(f"  {max(cpu(r, 'project'), 0.01) / max(cpu(r, 'noqx'), 0.01):6.2f}  "
              f"{r['genre']} {r['size']} project {r['project']['status']} {cpu(r, 'project'):.2f}"
              f"  noqx {r['noqx']['status']} {cpu(r, 'noqx'):.2f}  {r['source']}")
    bad = [r for r in rows if r["project"]["status"] in DECIDED and r["noqx"]["status"] in DECIDED
           and r["project"]["status"] != r["noqx"]["status"]]
    wrong = [r for r in rows if r["project"].get("wrong")]
    print(f"\nstatus disagreements: {len(bad)}; project answers breaking a rule: {len(wrong)}")
    for r in bad + wrong:
        print("  ", r["url"], r["project"]["status"], r["noqx"]["status"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=float, default=60, help="CPU seconds per side and instance")
    ap.add_argument("--only", help="genres, comma-separated")
    ap.add_argument("--match", help="only URLs or sources containing this text")
    ap.add_argument("--min-cells", type=int, default=0, help="only grids this large")
    ap.add_argument("--part", default="0/1", metavar="I/N",
                    help="only every N-th instance from the I-th (N processes side by side)")
    ap.add_argument("--sides", default="project,noqx")
    ap.add_argument("--noqx", default="/tmp/noqx-checkout")
    ap.add_argument("--json", help="write every row here (after each instance)")
    ap.add_argument("--skip", nargs="+", metavar="JSON", default=(),
                    help="leave out the instances whose rows these saved runs hold (resume a run)")
    ap.add_argument("--report", nargs="+", metavar="JSON",
                    help="only print the tables of rows saved by --json (several runs joined)")
    ap.add_argument("--worker", choices=("project", "noqx"), help=argparse.SUPPRESS)
    ap.add_argument("link", nargs="?", help=argparse.SUPPRESS)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.worker:
        out = run_project(args.link) if args.worker == "project" else run_noqx(args.link, args.noqx)
        print(json.dumps(out))
        return
    if args.report:
        rows = [r for path in args.report for r in json.loads(Path(path).read_text())]
        report(rows, args.limit)
        return
    import clingo
    from pysolver.nikoli import url
    url.check_work = lambda grid, where="": 0  # the set holds puzzles over the caps
    noqx_dir = ensure_noqx(Path(args.noqx))
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}, "
          f"clingo {clingo.__version__}, noqx {noqx_commit()[:12]}, limit {args.limit:g} s CPU")
    done = {r["url"] for path in args.skip for r in json.loads(Path(path).read_text())}
    part, parts = (int(v) for v in args.part.split("/"))
    rows = []
    for i, ln in enumerate(SET.read_text().splitlines()):
        if i % parts != part:
            continue
        link, source = ln.split(" ", 1)
        if link in done:
            continue
        grid = url.read_url(link)
        if args.only and grid.family not in args.only.split(","):
            continue
        if grid.width * grid.height < args.min_cells:
            continue
        if args.match and args.match not in ln:
            continue
        row = {"url": link, "source": source, "genre": grid.family,
               "size": f"{grid.width}x{grid.height}"}
        for side in ("project", "noqx"):
            row[side] = (child(side, link, args.limit, noqx_dir) if side in args.sides
                         else {"status": "skipped", "cpu": args.limit})
        rows.append(row)
        print(f"{row['genre']:9} {row['size']:>7} project {row['project']['status']:8} "
              f"{row['project']['cpu']:6.2f}  noqx {row['noqx']['status']:8} "
              f"{row['noqx']['cpu']:6.2f}  {source[:60]}", flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1))
    report(rows, args.limit)


if __name__ == "__main__":
    main()
