"""Hint walks of saved puzzles, two trees compared puzzle by puzzle: CPU and the same answers.

    .venv/bin/python bench/walk_ab.py --peer ../before SET.jsonl [SET.jsonl ...]
        [--runs 3] [--search]
    .venv/bin/python bench/walk_ab.py --save SET.jsonl --size 25 --level expert --seeds 1-20
        [--colours 1]

``--save`` makes a set once (this tree's generator; one JSON line a puzzle: its
colours and goal rows), so both trees walk the same puzzles whatever their
generators make. Then one worker process per tree (this one and ``--peer``)
plays ``walk.walk`` on each puzzle, in turn (which goes first alternates), the
line solver's caches emptied first, best CPU (process_time) of ``--runs``.
Per puzzle, on stderr: CPU each side, whether the walk summaries (everything
but the end state's rows, which are compared too) are equal, and the line solves
counted (propagate.solved(): the generator's lanes count the walk's). With
``--search``, also the expert check's bounded search (climb._expert's
``search.solve(max_solutions=2, work=SEARCH_WORK)``) from where line logic ends,
compared by status, nodes and line solves (from where the
climb's what-ifs stall: walk.stuck). With ``--hints``, a player's walk instead
(hint.hint on the state text, no memo between hints): the whole walk's CPU and
its slowest hints, the hints compared word for word (a digest).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from generate_ab import ask, pct, seeds_of  # bench/ is this script's directory

WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from pysolver.nonogram import walk, edit
from pysolver.nonogram.puzzle import Color, puzzle_from_grid
from pysolver.nonogram.solver import line, propagate, search
from pysolver.nonogram.solver.propagate import Engine
from pysolver.nonogram.climb import SEARCH_WORK
from pysolver.nonogram.player import hint


def players(q):
    # a player following the hints: hint.hint on the state text, each hint timed
    state, times, digest = ["?" * q.width] * q.height, [], hashlib.sha1()
    for _ in range(q.width * q.height + 1):
        t = time.process_time()
        h = hint.hint(q, state)
        times.append(time.process_time() - t)
        digest.update(json.dumps(h, sort_keys=True).encode())
        if h["kind"] not in walk.KINDS:
            break
        rows = [list(r) for r in state]
        for c in h["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]
    times.sort()
    return {"hints": len(times), "digest": digest.hexdigest()[:12],
            "p95": times[int(0.95 * len(times))], "max": times[-1]}


for text in sys.stdin:
    a = json.loads(text)
    colors = [Color(*c) for c in a["colors"]]
    index = {c.char: k for k, c in enumerate(colors)}
    q = puzzle_from_grid([[index[ch] for ch in r] for r in a["goal"]], colors).validate()
    best, out = None, None
    if a["search"]:  # from where the climb's what-ifs stall (climb._stall)
        eng = Engine(q)
        rows, cols = edit.lines(eng)
        goal = [[index[ch] for ch in r] for r in a["goal"]]
        rows = walk.stuck(eng, rows, cols, goal)[0]
    for _ in range(a["runs"]):
        line.clear_caches()
        before = propagate.solved()
        t = time.process_time()
        if a["hints"]:
            got = players(q)
        elif a["search"]:
            res = search.solve(q, max_solutions=2, cells=eng.cells(rows), work=SEARCH_WORK)
            got = {"status": res.status, "nodes": res.nodes}
        else:
            got = walk.walk(q)
        cpu = time.process_time() - t
        got["solved"] = propagate.solved() - before
        best = cpu if best is None else min(best, cpu)
        out = got
    print(json.dumps({"cpu": best, "result": out}), flush=True)
"""




def save(args):
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    sys.path.insert(0, here)
    from pysolver.nonogram import generate
    with open(args.save, "w", encoding="utf-8") as fh:
        for seed in seeds_of(args.seeds):
            p, info = generate.generate(args.size, args.size, args.colours, args.level, seed)
            fh.write(json.dumps({"name": p.source, "goal": p.goal, "walk": info["walk"],
                                 "colors": [[c.name, c.char, c.rgb] for c in p.colors]}) + "\n")
            print(p.source, info["walk"]["steps"], file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", help="puzzle sets (JSON lines) to walk")
    ap.add_argument("--peer", help="the other tree (its root directory)")
    ap.add_argument("--runs", type=int, default=3, help="best CPU of this many per puzzle")
    ap.add_argument("--search", action="store_true", help="the expert check's search instead")
    ap.add_argument("--hints", action="store_true",
                    help="a player's walk instead: hint.hint on the state text, each hint timed")
    ap.add_argument("--save", help="make a set: this file")
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--level", default="expert")
    ap.add_argument("--seeds", default="1-20", help="N or LO-HI")
    ap.add_argument("--colours", type=int, default=1)
    args = ap.parse_args()
    if args.save:
        return save(args)
    if not args.peer or not args.sets:
        ap.error("give --peer and the sets to walk (or --save)")
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    trees = {"peer": os.path.abspath(args.peer), "this": here}
    procs = {k: subprocess.Popen([sys.executable, "-c", WORKER, t], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True) for k, t in trees.items()}
    cpu = {k: [] for k in trees}
    differ = recount = 0
    n = 0
    for path in args.sets:
        with open(path, encoding="utf-8") as fh:
            puzzles = [json.loads(t) for t in fh if t.strip()]
        for a in puzzles:
            req = json.dumps({"colors": a["colors"], "goal": a["goal"], "runs": args.runs,
                              "search": args.search, "hints": args.hints}) + "\n"
            got = ask(procs, req, n)
            for k, g in got.items():
                cpu[k].append(g["cpu"])
            n += 1
            r, old = dict(got["this"]["result"]), dict(got["peer"]["result"])
            counts = r.pop("solved") == old.pop("solved")
            for timing in ("p95", "max"):  # a player's walk's slowest hints
                r.pop(timing, None), old.pop(timing, None)
            same = r == old
            differ += not same
            recount += not counts
            r = got["this"]["result"]
            theirs = got["peer"]["result"]
            what = (f"{r['hints']} hints {r['digest']}, one hint's CPU p95 {r['p95'] * 1000:.1f} "
                    f"ms (peer {theirs['p95'] * 1000:.1f}), max {r['max'] * 1000:.1f} "
                    f"ms (peer {theirs['max'] * 1000:.1f})" if args.hints else
                    f"{r['status']} nodes {r['nodes']}" if args.search else
                    f"steps {r['steps']} chain {r['longest_chain']} deepest {r['deepest']}")
            print(f"{a.get('name', n)}: CPU peer {got['peer']['cpu']:.3f} s, this "
                  f"{got['this']['cpu']:.3f} s; solves peer {got['peer']['result']['solved']} "
                  f"this {r['solved']}; {'same' if same else 'DIFFERENT'} {what}",
                  file=sys.stderr, flush=True)
    for p in procs.values():
        p.stdin.close()
        p.wait()
    kind = "player's walk" if args.hints else "search" if args.search else "walk"
    print(f"{n} puzzles ({' '.join(args.sets)}), {kind}, "
          f"best of {args.runs}: {differ} differ, {recount} count other line solves")
    for k in ("peer", "this"):
        v = cpu[k]
        print(f"  {k}: CPU p50 {pct(v, 0.5):.3f} / p95 {pct(v, 0.95):.3f} / max {max(v):.3f} s, "
              f"sum {sum(v):.2f} s")


if __name__ == "__main__":
    main()
