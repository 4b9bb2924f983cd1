"""The expert pool: expert nonograms made offline by the generator, for the kinds the
page cannot make in seconds (B/W 25x25, colour), shipped in web/puzzles/pool/ so
the New puzzle form opens one at once (web/js/endless/) and makes new ones live only
once a player has played every pooled one.

``python3 -m tools.build.pool [--kinds 15x15:3,...] [--count N] [--jobs J]``: for
each kind, seeds 1, 2, 3, ... through ``pysolver.api.generate`` (a seed that makes no
puzzle is skipped) until the kind has its count, in J worker processes. An entry is
exactly generate's dict for its seed, so its recipe (a share link) gives the same
puzzle anywhere, pooled or made. Each kind's file is written as seeds finish, so an
interrupted run resumes where it stopped. A file records the engine's hash
(library.engine_hash) it was made with. Before a kind is resumed its cheapest
entries (``witnesses``) are made again: all the same, the entries are kept (under the
current hash), else the kind is made again. tests/test_pool.py holds the shipped pool
to the format and makes its witnesses again the same way.

index.json: {"about", "kinds": [{"size", "colours", "level", "count", "file"}]}, the
kinds that have entries; each kind's file: {"generator": hash, "made": [entry, ...]}
in seed order. Compact JSON."""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import re
import signal
import sys
import time
from pathlib import Path

from .common import WEB
from .library import engine_hash

POOL = WEB / "puzzles" / "pool"
# (size, colours): puzzles; the kinds the page makes too slowly (PERF.md "The expert
# pool"; 10x10 with 4 colours: 1 seed in 6 makes a puzzle, about 150 s of CPU each;
# black and white is made in the page at every size it offers, 25x25 composed)
KINDS = {(10, 2): 30, (10, 3): 30, (10, 4): 30, (15, 2): 30, (15, 3): 30, (15, 4): 30,
         (20, 2): 30, (20, 3): 30, (20, 4): 30, (25, 2): 30, (25, 3): 30, (25, 4): 30}
# a kind's witnesses: its cheapest entries by the winning lane's line solves, up to this
# much work in all (at least one); about 1 s of CPython a kind
WITNESS_WORK = 400_000
ABOUT = ("Expert nonograms made ahead of time by the site's own generator (each is what "
         "its recipe makes), for the kinds too slow to make while a player waits.")


def file_name(size: int, colours: int) -> str:
    return f"nonogram-{size}x{size}-{colours}-expert.json"


def recipe(size: int, colours: int, seed: int) -> str:
    return f"nonogram:{size}x{size}:{colours}:expert:{seed}"


def witnesses(made: list[dict], work: int = WITNESS_WORK) -> list[dict]:
    """The entries with the least recorded work (lane.work) whose work adds up to at
    most ``work``, at least one: what a check makes again, its cost known in advance;
    and the cheapest entry another lane than lane 0 made, when its work is at most twice
    ``work`` (a change after the lanes' branch moves only such entries)."""
    chosen, total = [], 0
    for entry in sorted(made, key=_by_work):
        total += entry["lane"]["work"]
        if chosen and total > work:
            break
        chosen.append(entry)
    other = min((e for e in made if e["lane"].get("lane")), key=_by_work, default=None)
    if other is not None and other not in chosen and other["lane"]["work"] <= 2 * work:
        chosen.append(other)
    return chosen


def _by_work(entry: dict) -> tuple:
    return entry["lane"]["work"], entry["recipe"]


def made_now(rec: str) -> dict | None:
    """What api.generate makes for the recipe ``rec`` as its JSON reads back (None: no
    puzzle), and so as the pool holds it."""
    from pysolver import api
    from pysolver.nonogram.generate import NoPuzzle, recipe_args

    try:
        return json.loads(json.dumps(api.generate(family="nonogram", **recipe_args(rec))))
    except NoPuzzle:
        return None


def _child(rec: str, results) -> None:
    # the parent says when to stop (it ends its workers on Ctrl-C or kill)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    start = time.process_time()
    try:
        made = made_now(rec)
    except BaseException as e:  # the parent says it and stops
        results.put((rec, "failed", f"{type(e).__name__}: {e}", time.process_time() - start))
        return
    results.put((rec, "made" if made else "skipped", made, time.process_time() - start))


def say(msg: str) -> None:
    print(f"pool: {msg}", flush=True)


def _write(path: Path, data: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(path)


def _read(path: Path) -> dict | None:
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data.get("generator"), str) and isinstance(data.get("made"), list):
            return data
    except (ValueError, AttributeError):
        pass
    say(f"{path.name} is not a pool file: made again")
    return None


def _kept(kind: str, data: dict | None, engine: str) -> list[dict]:
    """The entries of a kind's file to keep: all of them when its witnesses are made
    again the same, else none. Checked under the same hash too: the hash covers the
    modules that decide a puzzle's verdicts, not the generator's own (generate.py,
    climb.py, lanes.py), whose changes would otherwise go unseen here."""
    if data is None or not data["made"]:
        return []
    made, check = data["made"], witnesses(data["made"])
    start = time.process_time()
    same = all(made_now(e["recipe"]) == e for e in check)
    took = time.process_time() - start
    engines = ("" if data["generator"] == engine else
               f"made with engine {data['generator']}, now {engine}: ")
    if same:
        say(f"{kind}: {engines}its {len(check)} cheapest made again the same "
            f"({took:.1f} s CPU): the {len(made)} kept")
        return made
    say(f"{kind}: {engines}the generator now makes other puzzles ({len(check)} made again, "
        f"{took:.1f} s CPU): the kind is made again")
    return []


def _end(p) -> None:
    """A worker whose outcome has come: it ends by itself; one that has not ended a minute
    later is stopped (its outcome is in, so nothing is lost, and the run cannot hang on it)."""
    p.join(60)
    if p.exitcode is None:
        p.terminate()
        p.join()


def make_kind(folder: Path, size: int, colours: int, count: int, jobs: int, engine: str) -> int:
    """Make the kind's file hold its first ``count`` puzzles; the seeds generated."""
    name = file_name(size, colours)
    path = folder / name
    kind = f"{size}x{size}:{colours}"
    made = _kept(kind, _read(path), engine)[:count]
    _write(path, {"generator": engine, "made": made})
    if len(made) == count:
        say(f"{kind}: {count} of {count} made already")
        return 0
    seeds = int(made[-1]["recipe"].rsplit(":", 1)[1]) if made else 0
    say(f"{kind}: {len(made)} of {count} made, from seed {seeds + 1}, {jobs} at a time")
    # not a fork of this process: a fork of a process with threads (a test runner's worker)
    # can copy a lock another thread holds, and the child then waits on it for ever. The
    # fork server is a fresh process with the engine imported once, not once per seed (not
    # this module: run as __main__, a child runs it again as its own main).
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["pysolver.api"])
    results = ctx.Queue()
    running, done = {}, {}  # seed: process; seed: its outcome
    cpu_of = {"made": [], "skipped": []}
    try:
        while len(made) < count:
            ahead = sum(v is not None for v in done.values())
            while len(running) < jobs and len(made) + ahead < count:
                seeds += 1
                running[seeds] = ctx.Process(target=_child, args=(recipe(size, colours, seeds),
                                                                  results), daemon=True)
                running[seeds].start()
            try:
                rec, what, value, cpu = results.get(timeout=5)
            except queue.Empty:
                lost = [s for s, p in running.items() if p.exitcode not in (None, 0)]
                if lost:
                    raise RuntimeError(f"the worker of seed {lost[0]} ended with exit code "
                                       f"{running[lost[0]].exitcode}") from None
                continue
            seed = int(rec.rsplit(":", 1)[1])
            _end(running.pop(seed))
            if what == "failed":
                raise RuntimeError(f"{rec}: {value}")
            detail = f"stars {value['stars']}, work {value['lane']['work']}" if value else "no puzzle"
            say(f"{kind} seed {seed} {what} ({detail}), {cpu:.1f} s CPU")
            cpu_of[what].append(cpu)
            done[seed] = value
            # the file grows in seed order: the seeds below every running one are final
            first = min(running, default=seeds + 1)
            final = [done.pop(s) for s in sorted(done) if s < first]
            if any(final):
                made += [v for v in final if v is not None][:count - len(made)]
                _write(path, {"generator": engine, "made": made})
    finally:
        for p in running.values():
            p.terminate()
            p.join()
    mk, sk = sorted(cpu_of["made"]), cpu_of["skipped"]
    say(f"{kind}: {count} of {count} made; this run {len(mk)} seeds made a puzzle, CPU p50 "
        f"{mk[len(mk) // 2]:.1f} s, p95 {mk[int(0.95 * (len(mk) - 1) + 0.5)]:.1f} s, max "
        f"{mk[-1]:.1f} s; {len(sk)} made none ({sum(sk):.0f} s CPU); "
        f"{sum(mk) + sum(sk):.0f} s CPU in all")
    return len(mk) + len(sk)


def write_index(folder: Path) -> list[dict]:
    """index.json listing every kind's file in ``folder`` that has entries; its kinds."""
    kinds = []
    for path in folder.glob("nonogram-*-expert.json"):
        m = re.fullmatch(r"nonogram-(\d+)x\1-(\d)-expert\.json", path.name)
        data = _read(path) if m else None
        if data and data["made"]:
            kinds.append({"size": int(m[1]), "colours": int(m[2]), "level": "expert",
                          "count": len(data["made"]), "file": path.name})
    kinds.sort(key=lambda k: (k["size"], k["colours"]))
    _write(folder / "index.json", {"about": ABOUT, "kinds": kinds})
    return kinds


def _kinds(text: str) -> list[tuple[int, int]]:
    """--kinds: "15x15:3,25x25:1" as [(15, 3), (25, 1)]; a clear error for a bad item."""
    from pysolver.errors import PuzzleError
    from pysolver.nonogram.generate import check_args

    kinds = []
    for item in text.split(","):
        m = re.fullmatch(r"\s*(\d+)x(\d+):(\d+)\s*", item)
        if not m:
            raise argparse.ArgumentTypeError(
                f"{item.strip()!r} is not a kind: write SIZExSIZE:COLOURS, e.g. 15x15:3")
        w, h, k = map(int, m.groups())
        if w != h:
            raise argparse.ArgumentTypeError(f"{item.strip()!r}: the pool's puzzles are square, "
                                             f"not {w} wide and {h} high")
        try:
            check_args(w, h, k, "expert")
        except PuzzleError as e:
            raise argparse.ArgumentTypeError(f"{item.strip()!r}: {e}") from None
        if (w, k) in kinds:
            raise argparse.ArgumentTypeError(f"{item.strip()!r} is named twice")
        kinds.append((w, k))
    return kinds


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return int(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.build.pool", description=__doc__.split("\n\n")[0])
    ap.add_argument("--kinds", type=_kinds, default=list(KINDS),
                    help="SIZExSIZE:COLOURS,... (default: "
                         + ",".join(f"{s}x{s}:{k}" for s, k in KINDS) + ")")
    ap.add_argument("--count", type=_positive, help="puzzles of each kind (default: "
                    + ", ".join(f"{n} of {s}x{s}:{k}" for (s, k), n in KINDS.items()) + ")")
    ap.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                    help="worker processes (default: the cores)")
    ap.add_argument("--folder", type=Path, default=POOL, help=argparse.SUPPRESS)  # the tests'
    args = ap.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    engine = engine_hash()
    # kill PID stops a run as Ctrl-C does (a background job ignores SIGINT): the workers ended
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for size, colours in args.kinds:
            start = time.time()
            make_kind(args.folder, size, colours, args.count or KINDS.get((size, colours), 30),
                      args.jobs, engine)
            write_index(args.folder)
            say(f"{size}x{size}:{colours}: done in {time.time() - start:.0f} s")
    except KeyboardInterrupt:
        write_index(args.folder)
        say("interrupted: the files keep what was made; run again to go on")
        return 130
    except RuntimeError as e:
        write_index(args.folder)
        say(f"stopped: {e}")
        return 1
    kinds = write_index(args.folder)
    size = sum((args.folder / k["file"]).stat().st_size for k in kinds)
    say(f"{args.folder}: {len(kinds)} kinds, {sum(k['count'] for k in kinds)} puzzles, "
        f"{size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
