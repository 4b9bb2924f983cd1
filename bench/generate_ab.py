"""Generated nonograms, two trees compared seed by seed (issue 31): CPU time and the puzzle made.

    .venv/bin/python bench/generate_ab.py --peer ../before [--size 15] [--level expert]
        [--seeds 1-50] [--colours 1] [--jobs 1]

One worker process per tree (this one and ``--peer``, e.g. a worktree of main
before a change), each importing its own tree's pysolver; every seed is made by
both, in turn (which goes first alternates), so both see the same load. Per
seed, on stderr: CPU seconds (process_time) each side and whether the puzzles
are the same (goal and walk summary); at the end, p50 / p95 / max / sum per
side and how many puzzles changed. CPU time, not wall: the machine is shared.

``--jobs J`` (J > 1): a tree with the expert lanes (pysolver.app.lanes) makes each
puzzle over J processes started once (pysolver.app.lanes.Parts, as the page's
workers are: ``pysolver generate --jobs J`` starts them per puzzle, about 0.3 s
more); its CPU is then its own and its processes' (from /proc), and the wall
time (perf_counter) is what to read, on a machine with J idle cores (say the
load). A tree without lanes makes it in its one process. The lanes' work (line
solves at success) and lane are shown per seed.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

WORKER = r"""
import hashlib, json, os, sys, time
sys.path.insert(0, sys.argv[1])
from pysolver import api
try:
    from pysolver.app import lanes
    from pysolver.nonogram import genre
except ImportError:  # a tree before the lanes
    lanes = None
jobs = int(sys.argv[2])
parts = lanes.Parts(jobs) if lanes is not None and jobs > 1 else None
TICK = os.sysconf("SC_CLK_TCK")


def cpu():
    # this process's CPU seconds and its parts' (user + system, from /proc)
    out = time.process_time()
    for proc in (parts.pool._pool if parts else ()):
        with open(f"/proc/{proc.pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        out += (int(fields[11]) + int(fields[12])) / TICK
    return out


for line in sys.stdin:
    a = json.loads(line)
    t, w = cpu(), time.perf_counter()
    try:
        args = (a["size"], a["size"], a["colours"], a["level"], a["seed"])
        if parts is not None and a["level"] == "expert":
            r = genre.made(*parts.generate(*args))
        else:
            r = api.generate("nonogram", *args)
        key = hashlib.sha1(json.dumps([r["puzzle"]["goal"], r["walk"]]).encode()).hexdigest()[:12]
        out = {"cpu": cpu() - t, "wall": time.perf_counter() - w, "key": key,
               "attempts": r["attempts"], "walk": r["walk"], "lane": r.get("lane")}
    except Exception as e:  # noqa: BLE001 - a seed with no puzzle is a result too
        out = {"cpu": cpu() - t, "wall": time.perf_counter() - w,
               "key": "error: " + str(e)[:60], "attempts": None, "lane": None}
    print(json.dumps(out), flush=True)
"""


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def ask(procs, req, n):
    """Both trees' answers to ``req`` (one JSON line): which is asked first alternates
    with ``n``, so both see the same load."""
    got = {}
    for k in (("peer", "this") if n % 2 == 0 else ("this", "peer")):
        procs[k].stdin.write(req)
        procs[k].stdin.flush()
        got[k] = json.loads(procs[k].stdout.readline())
    return got


def seeds_of(text):
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def compare(procs, seeds, request, title):
    """Every seed made by both workers (``procs``: "peer" and "this"), ``request(seed)`` the
    request; per seed on stderr, then p50 / p95 / max / sum per side under ``title``."""
    cpu = {k: [] for k in procs}
    wall = {k: [] for k in procs}
    changed = 0
    for n, seed in enumerate(seeds):
        got = ask(procs, json.dumps(request(seed)) + "\n", n)
        for k, g in got.items():
            cpu[k].append(g["cpu"])
            wall[k].append(g["wall"])
        same = got["peer"]["key"] == got["this"]["key"]
        changed += not same
        lane = " ".join(f"{k} lane {g['lane']['lane']} work {g['lane']['work']}"
                        for k, g in got.items() if g.get("lane"))
        print(f"seed {seed}: CPU peer {got['peer']['cpu']:.2f} s, this {got['this']['cpu']:.2f} s; "
              f"wall peer {got['peer']['wall']:.2f} s, this {got['this']['wall']:.2f} s; "
              f"attempts peer {got['peer']['attempts']} this {got['this']['attempts']}, "
              f"{'same' if same else 'CHANGED'} {got['this']['key']} {lane}",
              file=sys.stderr, flush=True)
    for p in procs.values():
        p.stdin.close()
        p.wait()
    print(f"{title}: {changed} of {len(cpu['this'])} puzzles changed")
    for k in ("peer", "this"):
        for name, v in (("CPU", cpu[k]), ("wall", wall[k])):
            print(f"  {k}: {name} p50 {pct(v, 0.5):.2f} / p95 {pct(v, 0.95):.2f} / "
                  f"max {max(v):.2f} s, sum {sum(v):.1f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the other tree (its root directory)")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--level", default="expert")
    ap.add_argument("--seeds", default="1-50", help="N or LO-HI")
    ap.add_argument("--colours", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes per puzzle (expert lanes)")
    args = ap.parse_args()
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    trees = {"peer": os.path.abspath(args.peer), "this": here}
    procs = {k: subprocess.Popen([sys.executable, "-c", WORKER, t, str(args.jobs)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for k, t in trees.items()}
    compare(procs, seeds_of(args.seeds),
            lambda seed: {"size": args.size, "level": args.level, "colours": args.colours,
                          "seed": seed},
            f"{args.size}x{args.size} {args.level} colours {args.colours}, seeds {args.seeds}, "
            f"jobs {args.jobs}")


if __name__ == "__main__":
    main()
