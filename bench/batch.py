"""Benchmark `pysolver batch` on a whole collection: local processes, Dask, one process.

    python3 bench/batch.py [--corpus ../shared/puzzles ...] [--timeout 2] [--modes one,jobs2,dask]
                           [--nodes 16 --cores 8 --collection 100000]

Each mode checks the collection into a fresh database (a subprocess, niced, as a
user would run it), then runs again on the finished database (the cost of a
re-run: scanning, hashing, skipping). It prints wall times, puzzles per second,
the solver's own time summed over puzzles (the verdicts' time_s), the overhead
against one process, and a projection for a large collection on a cluster
computed from these figures (reasoning printed with it).
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = {"one": ["--jobs", "1"], "jobs2": ["--jobs", "2"], "dask": ["--dask", "local"]}
WORKERS = {"one": 1, "jobs2": 2, "dask": 2}
SCHEDULER_TASKS_S = 1000  # "each task suffers about 1ms of overhead" (distributed.dask.org)


def batch(corpus, db, timeout, extra) -> float:
    cmd = ["nice", "-n", "10", sys.executable, "-m", "pysolver", "batch", *corpus, "--db", db,
           "--timeout", str(timeout), *extra]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {out.stderr.strip()}")
    print("   ", out.stdout.strip(), flush=True)
    return wall


def figures(db) -> dict:
    con = sqlite3.connect(db)
    n, solver, longest = con.execute("SELECT COUNT(*), SUM(time_s), MAX(time_s) FROM verdicts").fetchone()
    counts = dict(con.execute("SELECT status, COUNT(*) FROM verdicts GROUP BY status"))
    entries = con.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    con.close()
    return {"puzzles": n, "entries": entries, "solver_s": solver or 0.0, "longest_s": longest or 0.0,
            "counts": counts}


def commit_rate(tmp) -> float:
    """Verdicts per second the single writer can store (one commit each)."""
    sys.path.insert(0, str(ROOT))
    from pysolver.app.batch_db import Store
    store = Store(os.path.join(tmp, "commits.sqlite"))
    verdict = {"status": "multiple", "classification": "multiple", "difficulty": 3.0, "time_s": 0.1,
               "engine": "pysolver", "nodes": 3, "solutions": [["#" * 25] * 25] * 2}
    t0 = time.perf_counter()
    for k in range(2000):
        store.save(f"k{k}", verdict, 2.0)
    rate = 2000 / (time.perf_counter() - t0)
    store.close()
    return rate


def parse_cpu(corpus) -> tuple:
    """(CPU seconds to find, read and parse every file and hash its puzzles, entries):
    the parent's share of a first run."""
    sys.path.insert(0, str(ROOT))
    from pysolver.nonogram import formats
    from pysolver.app.batch import discover
    from pysolver.app.batch_db import clue_hash
    t0, n = time.process_time(), 0
    for file in discover(corpus):
        with open(file, "rb") as fh:
            for item in formats.parse_each(fh.read(), file):
                n += 1
                if not isinstance(item, Exception):
                    clue_hash(item)
    return time.process_time() - t0, n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", default=[str(ROOT.parent / "shared" / "puzzles")],
                    help="files and folders")
    ap.add_argument("--timeout", type=float, default=2.0, help="seconds per puzzle")
    ap.add_argument("--modes", default="one,jobs2,dask")
    ap.add_argument("--nodes", type=int, default=16)
    ap.add_argument("--cores", type=int, default=8, help="worker processes per node")
    ap.add_argument("--collection", type=int, default=100_000)
    args = ap.parse_args()
    modes = args.modes.split(",")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in modes:
            db = os.path.join(tmp, f"{mode}.sqlite")
            print(f"{mode}: {' '.join(MODES[mode])}", flush=True)
            wall = batch(args.corpus, db, args.timeout, MODES[mode])
            rerun = batch(args.corpus, db, args.timeout, MODES[mode])
            results[mode] = dict(figures(db), wall=wall, rerun=rerun)
            print(f"    {mode}: {results[mode]}", flush=True)
        writes = commit_rate(tmp)
    parse_s, parsed = parse_cpu(args.corpus)

    print(f"\ncorpus {' '.join(args.corpus)}, --timeout {args.timeout:g}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())},"
          f" load average at the end {os.getloadavg()[0]:.1f}")
    print("| mode | wall s | puzzles (distinct) | puzzles/s | solver s (sum) | overhead vs solver time "
          "| speed-up vs one | re-run s | statuses |")
    print("|---|---|---|---|---|---|---|---|---|")
    base = results.get("one")
    for mode, r in results.items():
        w = WORKERS[mode]
        overhead = (r["wall"] * w - r["solver_s"]) / r["solver_s"] if r["solver_s"] else 0
        speedup = f"{base['wall'] / r['wall']:.2f}x" if base else "-"
        statuses = ", ".join(f"{n} {s}" for s, n in sorted(r["counts"].items()))
        print(f"| {mode} ({w} worker{'s' if w > 1 else ''}) | {r['wall']:.1f} | {r['puzzles']} ({r['entries']} entries) "
              f"| {r['puzzles'] / r['wall']:.2f} | {r['solver_s']:.1f} | {overhead:+.0%} | {speedup} "
              f"| {r['rerun']:.1f} | {statuses} |")
    print(f"single-writer SQLite: {writes:.0f} verdicts/s (one commit each); reading, parsing and hashing "
          f"{parsed} entries: {parse_s:.2f} s CPU")

    ref = results.get("dask") or next(iter(results.values()))
    per_puzzle = ref["solver_s"] / ref["puzzles"]
    tail = ref["longest_s"]
    workers = args.nodes * args.cores
    n = args.collection
    compute = n * per_puzzle / workers
    scan = parse_s / max(parsed, 1) * n  # find, read, parse, hash: in the one parent process
    print(f"\nProjection, {n:,} puzzles on {args.nodes} nodes x {args.cores} workers = {workers} workers "
          f"(Dask, this corpus's mix, --timeout {args.timeout:g}):")
    print(f"- solver work: {n:,} x {per_puzzle:.3f} s mean = {n * per_puzzle / 3600:.1f} CPU hours; "
          f"over {workers} workers {compute / 60:.1f} min, plus the slowest puzzle ({tail:.1f} s) as a tail")
    print(f"- the parent's first scan (read, parse, hash) at this corpus's rate: {scan / 60:.1f} min CPU "
          f"(a re-run skips unchanged files)")
    need = n / max(compute, 1e-9)
    sched = SCHEDULER_TASKS_S
    bound = max((compute, "the solving"), (n / writes, "the one SQLite writer"), (n / sched, "Dask's scheduler"))
    print(f"- the one writer stores {writes:.0f} verdicts/s, one commit each: {n / writes / 60:.1f} min, "
          f"overlapped with the solving (which yields {need:.0f} verdicts/s on average)")
    print(f"- Dask's scheduler: about {sched} tasks/s (distributed.dask.org: about 1 ms per task): {n / sched / 60:.1f} min, "
          f"overlapped too")
    print(f"- so about {(bound[0] + scan + tail) / 60:.0f} min in all, bounded by {bound[1]}; a collection of "
          f"harder puzzles scales with its own mean time per puzzle")


if __name__ == "__main__":
    main()
