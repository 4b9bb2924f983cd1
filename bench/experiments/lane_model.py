"""Each expert lane run alone, its counted work at success, and the lanes' tail modelled from it.

    nice -n 10 .venv/bin/python bench/experiments/lane_model.py record 25 1 100 [--branch B] [--lanes 0,1] > L.jsonl
    .venv/bin/python bench/experiments/lane_model.py model L.jsonl [L2.jsonl ...] [--lane0 L0.jsonl ...]
    nice -n 10 .venv/bin/python bench/experiments/lane_model.py record 25 1 300 --lanes 2 --count 4 > L2.jsonl
    .venv/bin/python bench/experiments/lane_model.py more L.jsonl L2.jsonl L3.jsonl [--lane0 L0.jsonl ...]
    nice -n 10 .venv/bin/python bench/experiments/lane_model.py attempts 25 1 100 > A.jsonl
    .venv/bin/python bench/experiments/lane_model.py caps A.jsonl [A2.jsonl ...]

``record``: per seed and lane k, ``generate(part=(k, count))`` with no bound and HOLD 0, so the
work is the lane's own (line solves, ``propagate.solved()``: the same on any machine), lane 0's
branch point (the trunk's work, or ``ended``: lane 0 finished before its climb reached the
branch, and is the only lane). ``--branch``: the trials a cell where lane 1 branches, in place
of generate.lanes_at's (lane 0's path does not depend on it, so ``--lanes 1`` with
``--lane0`` files of another run saves half the time).

``model``: what the two lanes would cost, in millions of line solves, from those counts:
two processes (one lane each: the wall is the least of lane 0's work and lane 1's key,
lane 1's key being at least (1 + hold) times the trunk) and one process (lane 0 alone up to
the hold, then both lanes advanced least work first), for holds 0 to 6; and one lane alone.
``--count N``: the lanes' number (generate.LANES, 2), for lanes 2 and up.
``more``: three and four lanes (lanes 0-3 each run alone, ``--count 4``) against two, on two
processes (process 0 runs lanes 0 and 2, process 1 lanes 1 and 3; a process's wall is its lanes'
work up to the winner's key, each lane k > 0 counting from its hold, lanes 2 and 3 with their own)
and on one. ``attempts``: lane 0's search as one process made it before the lanes (pictures, start,
climb, no branch), each attempt's work and outcome; ``caps``: what a cap on a climb's work
would cut (the failed climbs' work above it) and lose (the successes above it).
(issue 31; PERF.md "B/W expert 25x25: the lanes' branch and hold modelled")
"""
from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from generate_ab import pct as quantile  # noqa: E402


def record(size, first, last, branch, ks, count=2):
    from pysolver.nonogram import generate as gen, lanes
    from pysolver.nonogram.solver.propagate import solved
    own = gen.lanes_at
    # no hold (the model adds one), the branch given or the generator's own
    gen.LANES = count
    gen.lanes_at = lambda w, h, c: (own(w, h, c)[0] if branch is None else branch, 0)
    seen = {}
    trunk = lanes.trunk

    def counted(steps, report=None):
        out = trunk(steps, report)
        seen.update(trunk=out[0], ended=out[1])
        return out
    lanes.trunk = counted
    for seed in range(first, last + 1):
        row = {"seed": seed, "branch": gen.lanes_at(size, size, 1)[0]}
        for k in ks:
            seen.clear()
            t0, before = time.process_time(), solved()
            try:
                _, info = gen.generate(size, size, 1, "expert", seed, part=(k, count))
                row[f"w{k}"] = info["lane"]["work"]
            except gen.NoPuzzle:
                row[f"w{k}"] = None
            row[f"cpu{k}"] = round(time.process_time() - t0, 3)
            row[f"solves{k}"] = solved() - before
            row["trunk"], row["ended"] = seen.get("trunk"), seen.get("ended")
        print(json.dumps(row), flush=True)


def attempts(size, first, last):
    import random
    from pysolver.nonogram import climb, edit, generate as gen, lanes
    from pysolver.nonogram.solver.propagate import solved

    def drain(steps):  # neither yields a branch point: run to its end
        return lanes.trunk(steps)[2]
    colors = [gen.BACKGROUND] + gen.PALETTE[:1]
    for seed in range(first, last + 1):
        rng = random.Random(f"nonogram {size}x{size} 1 expert {seed}")  # lane 0's
        out = []
        for _ in range(gen.ATTEMPTS):
            before = solved()
            grid, _, symmetry = gen._expert_picture(rng, size, size, 1)
            start = drain(climb.start(rng, grid, colors, symmetry))
            found, why = None, "no start"
            if start is not None:
                found, why, _ = drain(climb.climb(rng, edit.grid_of(start, colors), colors, symmetry))
            out.append({"made": bool(found), "why": why, "work": solved() - before})
            if found:
                break
        print(json.dumps({"seed": seed, "attempts": out}), flush=True)


def caps(paths):
    made, failed = [], []
    for path in paths:
        with open(path) as fh:
            for line in fh:
                for a in json.loads(line)["attempts"]:
                    (made if a["made"] else failed).append(a["work"])
    print(f"{len(made)} climbs made a puzzle, work p50 / p95 / max {quantile(made, .5) / 1e6:.2f} / "
          f"{quantile(made, .95) / 1e6:.2f} / {max(made) / 1e6:.2f} M; {len(failed)} attempts failed")
    for cap in (2.5e6, 3e6, 4e6, 5e6):
        over = [w for w in failed if w > cap]
        lost = [w for w in made if w > cap]
        print(f"cap {cap / 1e6:.1f} M: {len(over)} failed climbs cut, {sum(w - cap for w in over) / 1e6:.1f} M "
              f"saved; {len(lost)} successes lost, {sum(cap for _ in lost) / 1e6:.1f} M spent on them")


def read(paths):
    rows = {}
    for path in paths:
        with open(path) as fh:
            for line in fh:
                r = json.loads(line)
                rows.setdefault(r["seed"], {}).update({k: v for k, v in r.items() if v is not None})
    return rows


def costs(r, hold):
    """(two processes' wall, one process's CPU) of a seed, in line solves."""
    never = float("inf")
    w0 = r.get("w0", never)
    if r.get("ended"):
        return w0, w0
    start = (1 + hold) * r["trunk"]
    best = min(w0, max(r.get("w1", never), start))
    # one process: lane 0 alone to the hold, then lane 1 from the trunk up to lane 0's work
    # (its key stays the hold until then), then both at the same work
    return best, best if best <= start else 2 * best - r["trunk"]


def model(rows):
    n = len(rows)
    print(f"{n} seeds; millions of line solves: p50 / p95 / max / sum")
    fmt = lambda v: " / ".join(f"{x / 1e6:.2f}" for x in (quantile(v, .5), quantile(v, .95), max(v))) + f" / {sum(v) / 1e6:.0f}"
    for hold in (0, 2, 4, 6):
        two, one = zip(*(costs(r, hold) for r in rows.values()))
        print(f"hold {hold}: two processes (wall) {fmt(two)}; one process {fmt(one)}")
    print(f"lane 0 alone: {fmt([r['w0'] for r in rows.values()])}")
    tail = sorted(((costs(r, 2)[0], s) for s, r in rows.items()), reverse=True)[:8]
    print("slowest (hold 2, two processes):", ", ".join(f"seed {s} {w / 1e6:.2f}" for w, s in tail))
    ended = sum(1 for r in rows.values() if r.get("ended"))
    print(f"lane 0 ended before the branch: {ended} of {n}")


def more_cost(r, parts, holds):
    """The wall of ``parts`` (lists of lanes, one per process) in line solves: each process's
    work up to the winner's key (the least (work, lane), a lane k > 0 counting as at least
    its hold (1 + holds[k]) times the trunk)."""
    never = float("inf")
    trunk = r["trunk"]
    w = {k: r.get(f"w{k}", never) for k in holds}
    hold = {k: 0 if k == 0 else (1 + holds[k]) * trunk for k in holds}
    best = min(max(w[k], hold[k]) for part in parts for k in part)
    walls = []
    for part in parts:
        work = trunk
        for k in part:
            if k == 0 or hold[k] <= best:
                work += max(0, min(w[k], best) - trunk)
        walls.append(work)
    return max(walls)


def more(rows):
    rows = {s: r for s, r in rows.items() if "w0" in r and "trunk" in r}
    fmt = lambda v: " / ".join(f"{x / 1e6:.2f}" for x in (quantile(v, .5), quantile(v, .95), max(v))) + f" / {sum(v) / 1e6:.0f}"
    print(f"{len(rows)} seeds; millions of line solves: p50 / p95 / max / sum")
    configs = [("2 lanes, hold 4 (main)", [[0], [1]], {0: 0, 1: 4})]
    for h in (0, 4, 12, 20):
        configs.append((f"3 lanes, lane 2 hold {h}", [[0, 2], [1]], {0: 0, 1: 4, 2: h}))
        configs.append((f"4 lanes, lanes 2-3 hold {h}", [[0, 2], [1, 3]], {0: 0, 1: 4, 2: h, 3: h}))
    for name, parts, holds in configs:
        two = [more_cost(r, parts, holds) for r in rows.values()]
        one = [more_cost(r, [sum(parts, [])], holds) for r in rows.values()]
        print(f"{name}: two processes {fmt(two)}; one process {fmt(one)}")


def main(argv):
    if argv[:1] == ["record"]:
        size, first, last = map(int, argv[1:4])
        opts = dict(zip(argv[4::2], argv[5::2]))
        branch = float(opts["--branch"]) if "--branch" in opts else None
        ks = [int(k) for k in opts.get("--lanes", "0,1").split(",")]
        record(size, first, last, branch, ks, int(opts.get("--count", 2)))
    elif argv[:1] == ["attempts"]:
        attempts(*map(int, argv[1:4]))
    elif argv[:1] == ["caps"]:
        caps(argv[1:])
    elif argv[:1] in (["model"], ["more"]):
        files, lane0 = [], []
        target = files
        for a in argv[1:]:
            if a == "--lane0":
                target = lane0
            else:
                target.append(a)
        rows = read(files)
        if lane0:  # lane 0 (and its trunk-free counts) from another run: the same path
            base = read(lane0)
            for s, r in rows.items():
                if s in base:
                    r["w0"] = base[s]["w0"]
            rows = {s: r for s, r in rows.items() if "w0" in r}
        (model if argv[0] == "model" else more)(rows)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
