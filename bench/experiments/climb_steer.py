"""The climb steered by its stalls' open cells, as variants (issue 31, eighth round).

    nice -n 19 .venv/bin/python bench/experiments/climb_steer.py --size 25 --seeds 1-100 \
        --variants base,VARIANT[,...] [--jobs 2] [--log FILE.jsonl]
    .venv/bin/python bench/experiments/climb_steer.py --report FILE.jsonl [...]

pysolver.nonogram.climb.climb and climb._step are replaced by copies of main 46f5121's
(``base``: the same draws, tests and verdicts, so the same puzzles; ``plain`` is the
package's own, unpatched) that log every what-if test (the climb it belongs to, its step,
rank, the cells line logic leaves open, the outcome, the cells open at the stall) and every
step's move, and carry the variants. A variant acts only where the kept corner rule does
(black and white from climb.SLIP_CELLS cells, past the rise). A stall's open cells (what the
one-cell what-ifs leave, not expert) sort it into BANDS: under 200, 200-399 (where the
unique stalls are at 25x25), 400 or more (mostly the search's budget: the climb overshooting):

- ``hold:N``: a step with a 200-399 stall keeps the climb at its parent (no move; a fresh
  draw of flips next step), at most N steps in a row;
- ``back``: a step with a stall of 400 or more returns the climb to its parent's parent
  (a history of the grids it moved from), instead of moving on; ``stay4``: it stays at the
  parent;
- ``hb:N``: hold:N and back together;
- ``low``: a step with a stall of 400 or more keeps, of its finished flips, the one with
  the least score (fewer open), and tests past such a stall the least open candidates;
- ``skip4``: a stall leaving 400 or more open is not searched for uniqueness (taken as not
  unique; its swap still looked for and its corners tried): a path change.

None was kept (PERF.md "B/W expert, eighth round"): ``back`` was built into climb.py
(bench/experiments/climb_back.diff, applies to 46f5121; its puzzles and counted work those of
this harness's ``back``, seeds 1-4 checked) and read 1.05 of main's CPU on 300 fresh seeds.

Every (variant, seed) runs ``generate.generate(S, S, 1, "expert", seed)`` in its own fresh
process; per variant CPU p50 / p95 / max / sum, the line solves counted in the process (one
process's work) and at the winning lane's success (two processes' work), puzzles changed
against ``base``'s, and per seed pairs the sum ratio with a bootstrap 90 % interval.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)

from pysolver.nonogram import climb as C, edit  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.line import undecided  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine, solved  # noqa: E402
from pysolver.nonogram.walk import level_of  # noqa: E402

EVENTS = []
VARIANT = {"name": "base", "arg": None}
LOW, HIGH = 200, 400  # the unique stalls' band of open cells (25x25)
CLIMBS = [0]


def _open(rows):
    return sum(bin(undecided(r)).count("1") for r in rows)


def _verdict(summary, corners, q):
    if corners:
        return "swap"
    if summary is None:
        return "multi"
    return "expert" if level_of(summary, q.width, q.height) == "expert" else "unique"


def climb(rng, grid, colors, symmetry, steps=C.CLIMB_STEPS, rising=None, branch=None):
    """climb.climb (main 46f5121) with the moves steered by the variants."""
    cells = len(grid) * len(grid[0])
    big = C._big(grid, colors)
    rising = big if rising is None else rising
    walks = 0
    CLIMBS[0] += 1
    cid = CLIMBS[0]
    name = VARIANT["name"]
    held, history = 0, []
    for n in range(steps):
        ctx = {"bands": [], "cid": cid, "n": n}
        found, best, walked = yield from step(rng, grid, colors, symmetry, rising, ctx)
        walks += walked
        if found:
            return found, None, walks
        steer = big and cells >= C.SLIP_CELLS and not rising
        mid = any(LOW <= b < HIGH for b in ctx["bands"])
        over = any(b >= HIGH for b in ctx["bands"])
        move = "best" if best is not None else "none"
        if steer and name in ("hold", "hb") and mid and held < VARIANT["arg"]:
            move = "hold"
        elif steer and name in ("back", "hb") and over and history:
            move = "back"
        elif steer and name == "stay4" and over:
            move = "hold"
        EVENTS.append({"kind": "move", "cid": cid, "n": n, "move": move,
                       "bands": ctx["bands"], "score": best and best[0],
                       "trials": best and best[2]})
        held = held + 1 if move == "hold" else 0
        if move == "back":
            grid = history.pop()
        elif move == "best":
            history.append(grid)
            grid = best[1]
            rising = big and best[2] < C.CLIMB_RISE * cells
            if branch is not None and best[2] >= branch * cells:
                yield grid, steps - n - 1, rising, walks
                branch = None
    return None, "too easy", walks


def step(rng, grid, colors, symmetry, rising, ctx):
    """climb._step (main 46f5121) with the log and the variants."""
    best, walks = None, 0
    big, cells = C._big(grid, colors), len(grid) * len(grid[0])
    probes = C.CLIMB_PROBES if rising or not big else C.RISE_PROBES
    slips = big and cells >= C.SLIP_CELLS
    steer = slips and not rising
    name = VARIANT["name"] if steer else "base"
    edges = edit.edge_cells(grid)
    cands = C.screen([edit.change(grid, y, x, symmetry, len(colors))
                      for y, x in rng.sample(edges, min(C.CLIMB_TRIES, len(edges)))], colors)
    yield
    low = False  # low: a stall of 400 or more met in this step
    top = cands[0][0] if cands else None
    tested = 0
    while cands:
        k = tested
        opened = cands[-1 if low else 0][0]
        if k == probes or (best is not None and (rising or low or opened < top)):
            break
        opened, g, q, eng, rows, cols = cands.pop(-1 if low else 0)
        tested += 1
        if k:
            yield
        log = {"kind": "step", "cid": ctx["cid"], "n": ctx["n"], "k": k, "opened": opened,
               "rising": rising, "variant": name}
        t = time.process_time()
        rows, trials = C._stall(eng, rows, cols, g)
        log["cpu"] = time.process_time() - t
        EVENTS.append(log)
        if eng.complete(rows):
            log["out"] = "done"
            score = trials + C.CLIMB_OPEN * opened
            if best is None or (score < best[0] if low else score > best[0]):
                best = (score, g, trials)
            continue
        stall = log["stall_open"] = _open(rows)
        if rising:
            log["out"] = "passed"
            continue
        slip = slips and eng.unknown(rows) < C.SLIP_OPEN * cells
        t = time.process_time()
        if name == "skip4" and stall >= HIGH:
            corners = C.swap(eng, rows, g)
            summary = None
        else:
            summary, corners = C._expert(q, eng, rows, g)
        log["xcpu"] = time.process_time() - t
        log["out"] = _verdict(summary, corners, q)
        for y, x in (() if slip else corners or ()):
            g2 = edit.change(g, y, x, symmetry, len(colors))
            q2 = puzzle_from_grid(g2, colors)
            eng2 = Engine(q2)
            rows2, cols2 = edit.lines(eng2)
            t = time.process_time()
            rows2, _ = C._stall(eng2, rows2, cols2, g2)
            clog = {"kind": "corner", "cid": ctx["cid"], "n": ctx["n"], "variant": name,
                    "cpu": time.process_time() - t, "rising": rising}
            EVENTS.append(clog)
            if not eng2.complete(rows2):
                clog["stall_open"] = _open(rows2)
                summary, more = C._expert(q2, eng2, rows2, g2)
                clog["out"] = _verdict(summary, more, q2)
                if summary is not None:
                    q = q2
                    break
            else:
                clog["out"] = "done"
        walks += summary is not None
        if summary and level_of(summary, q.width, q.height) == "expert":
            log["found"] = True
            return (q, summary), best, walks
        ctx["bands"].append(stall)
        if name == "low" and stall >= HIGH:
            low = True
    return None, best, walks


def one(size, seed, variant):
    """Make one seed's puzzle in this process with ``variant``: a JSON line."""
    VARIANT["name"] = variant.split(":")[0]
    VARIANT["arg"] = int(variant.split(":")[1]) if ":" in variant else None
    if variant != "plain":
        C.climb = climb
    from pysolver.nonogram import generate as G
    t = time.process_time()
    p, info = G.generate(size, size, 1, "expert", seed)
    cpu = time.process_time() - t
    goal = hashlib.sha1("\n".join(p.goal).encode()).hexdigest()[:12]
    return {"seed": seed, "variant": variant, "cpu": cpu, "goal": goal, "solves": solved(),
            "lane": info["lane"], "attempts": info["attempts"], "events": EVENTS}


def _seeds(text):
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def _boot(pairs, reps=2000):
    """The sum ratio's 90 % bootstrap interval over seed pairs (a, b)."""
    rnd = random.Random(1)
    out = []
    for _ in range(reps):
        s = [pairs[rnd.randrange(len(pairs))] for _ in pairs]
        out.append(sum(b for _, b in s) / sum(a for a, _ in s))
    out.sort()
    return out[int(0.05 * reps)], out[int(0.95 * reps)]


def report(rows):
    by = {}
    for r in rows:
        by.setdefault(r["variant"], {})[r["seed"]] = r
    base = by.get("base", {})
    print("variant | CPU p50 / p95 / max / sum (s) | ratio [90 %] | process work (M) ratio "
          "[90 %] | lane work ratio [90 %] | tests | changed")
    for v, rs in by.items():
        cpu = [r["cpu"] for r in rs.values()]
        tests = sum(1 for r in rs.values() for e in r["events"] if e["kind"] != "move")
        common = [s for s in rs if s in base]
        changed = sum(1 for s in common if base[s]["goal"] != rs[s]["goal"])
        cols = []
        for key in (lambda r: r["cpu"], lambda r: r["solves"], lambda r: r["lane"]["work"]):
            pairs = [(key(base[s]), key(rs[s])) for s in common]
            if pairs and v != "base":
                lo, hi = _boot(pairs)
                cols.append(f"{sum(b for _, b in pairs) / sum(a for a, _ in pairs):.3f} "
                            f"[{lo:.2f}-{hi:.2f}]")
            else:
                cols.append("-")
        work = sum(r["solves"] for r in rs.values()) / 1e6
        print(f"{v} | {statistics.median(cpu):.2f} / {_pct(cpu, .95):.2f} / {max(cpu):.2f} / "
              f"{sum(cpu):.1f} | {cols[0]} | {work:.0f} {cols[1]} | {cols[2]} | {tests} | "
              f"{changed} of {len(common)}")
    print("\nstalls past the rise by open cells (step and corner tests): outcomes")
    for v, rs in by.items():
        tally = {}
        for r in rs.values():
            for e in r["events"]:
                if e["kind"] == "move" or e.get("rising") or "stall_open" not in e:
                    continue
                so = e["stall_open"]
                b = "0-49" if so < 50 else "50-199" if so < LOW else \
                    f"{LOW}-{HIGH - 1}" if so < HIGH else f"{HIGH}+"
                t = tally.setdefault(b, {})
                t[e["out"]] = t.get(e["out"], 0) + 1
        moves = {}
        for r in rs.values():
            for e in r["events"]:
                if e["kind"] == "move":
                    moves[e["move"]] = moves.get(e["move"], 0) + 1
        print(f"  {v}: moves {moves}")
        for b in ("0-49", "50-199", f"{LOW}-{HIGH - 1}", f"{HIGH}+"):
            t = tally.get(b, {})
            n = sum(t.values())
            print(f"    {b}: {n} stalls, " + ", ".join(f"{k} {c}" for k, c in sorted(t.items()))
                  + (f"; expert {t.get('expert', 0) / n:.1%}" if n else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--variants", default="base")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--log")
    ap.add_argument("--one", nargs=2, metavar=("SEED", "VARIANT"))
    ap.add_argument("--report", nargs="+")
    a = ap.parse_args()
    if a.one:
        print(json.dumps(one(a.size, int(a.one[0]), a.one[1])))
        return
    if a.report:
        report([json.loads(line) for f in a.report for line in open(f)])
        return
    variants = a.variants.split(",")
    jobs = [(s, v) for s in _seeds(a.seeds) for v in variants]
    out = open(a.log, "a") if a.log else None

    def run(job):
        s, v = job
        res = subprocess.run([sys.executable, __file__, "--size", str(a.size), "--one",
                              str(s), v], capture_output=True, text=True, check=True)
        row = json.loads(res.stdout)
        print(f"seed {s} {v}: CPU {row['cpu']:.2f} s, lane {row['lane']['lane']} work "
              f"{row['lane']['work']}, solves {row['solves']}, goal {row['goal']}",
              file=sys.stderr, flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        return row

    with ThreadPoolExecutor(a.jobs) as pool:
        rows = list(pool.map(run, jobs))
    report(rows)


if __name__ == "__main__":
    main()
