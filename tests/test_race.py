"""Races (pysolver.app.race): auto (pysolver against native clingo) and the pysolver
portfolio give the verdicts of each engine alone, and leave no process behind."""
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pysolver import api
from pysolver.nonogram import formats
from pysolver.app import race
from pysolver.nonogram.solver import search
from pysolver.nonogram.puzzle import Puzzle, clues_from_grid, grid_from_rows, satisfies

import pictures
from processes import alive, children
from test_crosscheck import COLOURS, random_puzzles

ROOT = Path(__file__).resolve().parent.parent
clingo = pytest.importorskip("clingo")

# small enough for every engine within seconds, also on a loaded machine
# (webpbn/6574, where pysolver searches for a second and clingo answers at once, left
# out: 2.6 of the test's 6 CPU s. Each engine alone on it: test_corpus.py::test_solve_sample;
# the race answered by clingo: test_clingo_answers_where_pysolver_is_slow; check auto on it:
# test_cli_check_auto_names_the_engine; the portfolio's search: the TAAI puzzles below)
CORPUS = ["webpbn/1.xml", "webpbn/6.xml", "webpbn/16.xml", "webpbn/436.xml",
          "jwilk/data000.nin", "jwilk/data050.nin", "jwilk/data100.nin", "jwilk/data150.nin"]
TAAI = [1, 101, 301]  # 1-based in taai2011-question.txt
SLOW_TAAI = [431, 601]  # slower ones, behind -m slow: #431 about 3 CPU s for pysolver alone,
# #601 over 20 s since the learned value order


def verdicts(p, **kw):
    """status and solutions of each way to solve p, all checked against the clues."""
    out = {"pysolver": api.solve(p, **kw), "clingo": api.solve(p, engine="clingo", **kw),
           "auto": race.solve(p, engine="auto", **kw), "portfolio": race.solve(p, jobs=2, **kw),
           "check auto": race.analyse(p, engine="auto", timeout=kw["timeout"],
                                   count_cap=kw.get("max_solutions", 2))}
    for how, r in out.items():
        assert r["status"] in race.DECIDED, (how, r["status"])
        grids = [grid_from_rows(p, s) for s in r["solutions"]]
        assert all(satisfies(p, g) for g in grids), how
        assert len(set(map(str, grids))) == len(grids), how
    statuses = {how: r["status"] for how, r in out.items()}
    assert len(set(statuses.values())) == 1, statuses
    first = out["pysolver"]
    if first["status"] == "unique":
        assert all(r["solutions"] == first["solutions"] for r in out.values())
    if first["status"] == "multiple":
        assert all(len(r["solutions"]) == kw.get("max_solutions", 2) for r in out.values())
        # the portfolio reports its pair in sorted order, whichever member found it
        assert out["portfolio"]["solutions"] == sorted(out["portfolio"]["solutions"])
    assert out["auto"]["engine"] in ("pysolver", "clingo")
    return first["status"]


def corpus_items(puzzles_dir):
    items = []
    for name in CORPUS:
        path = puzzles_dir / name
        if path.exists():
            items.append(formats.parse_one(path.read_text(encoding="utf-8"), name))
    return items + [taai_puzzle(puzzles_dir, i) for i in TAAI]


def taai_puzzle(puzzles_dir, number):
    return formats.parse((puzzles_dir / "taai" / "taai2011-question.txt").read_text(), "taai")[number - 1]


def test_corpus_sample_same_verdicts(puzzles_dir):
    seen = {verdicts(p, timeout=120) for p in corpus_items(puzzles_dir)}
    assert {"unique", "multiple"} <= seen


@pytest.mark.slow
@pytest.mark.parametrize("number", SLOW_TAAI)
def test_a_slower_taai_puzzle_same_verdicts(puzzles_dir, number):
    assert verdicts(taai_puzzle(puzzles_dir, number), timeout=120) in race.DECIDED


def random_bw(seed, count, size):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        dens = 0.3 if i % 3 == 1 else 0.55  # sparse pictures: several solutions
        grid = [[int(rng.random() < dens) for _ in range(size)] for _ in range(size)]
        rows, cols = clues_from_grid(grid)
        if i % 3 == 2:  # column clues of a shuffled grid: usually no solution
            flat = [c for r in grid for c in r]
            rng.shuffle(flat)
            cols = clues_from_grid([flat[y * size:(y + 1) * size] for y in range(size)])[1]
        out.append(Puzzle(rows=list(rows), cols=list(cols), colors=COLOURS[:2]))
    return out


def test_random_puzzles_one_several_and_no_solution():
    kinds = {}
    for p in random_bw(7, 9, 12) + random_puzzles(11, 6):
        status = verdicts(p, timeout=60)
        kinds[status] = kinds.get(status, 0) + 1
    assert {"unique", "multiple", "none"} <= set(kinds), kinds


def test_counting_up_to_a_cap_keeps_working():
    perm = formats.parse_one("6 6\n" + "1\n" * 12, "perm.nin")  # every 6x6 permutation matrix
    assert verdicts(perm, max_solutions=7, timeout=60) == "multiple"
    r = race.solve(perm, engine="auto", max_solutions=7)
    assert len(r["solutions"]) == 7


def test_one_job_is_the_default_search_and_members_differ():
    assert race.member_options(0) == {}
    options = [race.member_options(k) for k in range(1, 4)]
    assert len({json.dumps(o, sort_keys=True) for o in options}) == 3
    for p in random_bw(3, 3, 15):  # dense, sparse, shuffled: one, several, no solution
        base = search.solve(p)
        for o in options:  # the varied searches are complete too
            assert search.solve(p, **o).status == base.status


def test_two_jobs_race_the_learned_and_the_shares_value_orders():
    # neither order wins every family (PERF.md, "Value order per family"): with two
    # jobs the child searches in the shares order, the default here in the learned one
    rng = random.Random(2)  # a 15x15 picture the two orders search differently
    p = Puzzle(*clues_from_grid([[int(rng.random() < 0.4) for _ in range(15)]
                                 for _ in range(15)]), colors=COLOURS[:2])
    learned, shares = search.solve(p), search.solve(p, values="shares")
    assert learned.nodes != shares.nodes
    child = race.answer(p, race.request("pysolver", 2, None, None, member=1))
    assert child["stats"]["member"] == 1 and child["stats"]["nodes"] == shares.nodes
    assert child["status"] == shares.status == learned.status
    assert len(child["solutions"]) == 2
    assert all(satisfies(p, grid_from_rows(p, rows)) for rows in child["solutions"])


def test_the_winner_is_named_and_the_other_stopped(puzzles_dir):
    knotty = formats.parse_one((puzzles_dir / "webpbn" / "knotty.xml").read_text(), "knotty")
    # neither engine decides Knotty in a second: the race ends with the time limit, children gone
    before = set(children(os.getpid()))  # e.g. the browser tests' Playwright driver
    r = race.solve(knotty, engine="auto", timeout=1.0)
    assert r["status"] == "timeout"  # the limit ended it (no wall bound: a loaded machine stretches it)
    assert set(children(os.getpid())) <= before
    r = race.solve(pictures.bw(pictures.DANCER), engine="auto")
    assert r["engine"] == "pysolver" and r["status"] == "unique"  # line logic beats clingo's start


def test_cancel_stops_the_race():
    perm = formats.parse_one("20 20\n" + "1\n" * 40, "perm.nin")
    before = set(children(os.getpid()))  # e.g. the browser tests' Playwright driver
    t0 = time.monotonic()
    r = race.solve(perm, max_solutions=10 ** 9, jobs=2, should_stop=lambda: time.monotonic() - t0 > 1)
    assert r["status"] == "cancelled"
    assert set(children(os.getpid())) <= before


def _kill_parent_and_wait(proc):
    """SIGKILL ``proc`` once its race children run; they must end (waited for up to 60 s: a loaded machine).
    Returns their command lines (read while they ran)."""
    deadline = time.monotonic() + 60
    while not (kids := children(proc.pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert kids, "no race child started"
    time.sleep(1.0)
    lines = [Path(f"/proc/{k}/cmdline").read_bytes().split(b"\0") for k in kids]
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 60
    while any(alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(k) for k in kids)
    return lines


PERM30 = "30 30\n" + "1\n" * 60  # 30! solutions: nobody finishes counting them


@pytest.mark.parametrize("option", [["--engine", "auto"], ["--jobs", "2"]])
def test_killing_the_parent_leaves_no_worker(tmp_path, option):
    path = tmp_path / "perm.nin"
    path.write_text(PERM30)
    proc = subprocess.Popen([sys.executable, "-m", "pysolver", "solve", str(path), *option,
                             "--max-solutions", "100000000"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for line in _kill_parent_and_wait(proc):  # the command line's children are forks of it
        assert b"solve" in line and b"pysolver.app.race" not in line, line


def test_killing_a_racing_batch_leaves_no_worker_nor_race_child(tmp_path):
    paths = []
    for name in ("a", "b"):
        paths.append(tmp_path / f"{name}.nin")
        paths[-1].write_text(PERM30)
    proc = subprocess.Popen([sys.executable, "-m", "pysolver", "solve", *map(str, paths),
                             "--engine", "auto", "--jobs", "2", "--max-solutions", "100000000",
                             "--timeout", "600"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    forks = []  # the pool workers fork their race children
    while not forks and time.monotonic() < deadline:
        time.sleep(0.1)
        forks = [k for w in children(proc.pid) for k in children(w)]
    assert forks, "no race child started in the pool's workers"
    workers = children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 10
    while any(alive(k) for k in workers + forks) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(k) for k in workers + forks)


def test_a_threaded_caller_spawns_children_that_end_with_it():
    # a process running another thread may not fork (that thread's locks would
    # stay held in the child): its race children are fresh interpreters
    code = ("import threading, time\n"
            "threading.Thread(target=time.sleep, args=(600,), daemon=True).start()\n"
            "from pysolver.app import race\nfrom pysolver.nonogram import formats\n"
            f"p = formats.parse_one({PERM30!r}, 'perm.nin')\n"
            "race.solve(p, engine='auto', max_solutions=10 ** 8)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for line in _kill_parent_and_wait(proc):
        assert b"pysolver.app.race" in line, line


def test_both_ways_to_start_a_child_answer_alike(puzzles_dir):
    # webpbn/803 (50x45, 0.2 CPU s for pysolver), not 6574 (a second of search): each
    # child solves it in full, and how it was started is what differs (1.6 CPU s less)
    p = formats.parse_one((puzzles_dir / "webpbn" / "803.xml").read_text(), "803.xml")
    want = api.solve(p)
    for engine in ("clingo", "pysolver"):
        req = race.request(engine, 2, 120, None, member=1)
        forked = race.Child(p, req) if race.can_fork() else None
        stop = threading.Event()
        threading.Thread(target=stop.wait, daemon=True).start()
        try:
            assert not race.can_fork()
            spawned = race.Child(p, req)
        finally:
            stop.set()
        assert spawned.proc is not None
        for child in [c for c in (forked, spawned) if c is not None]:
            try:
                assert child.ready(wait=120)
            finally:
                child.stop()
            assert child.result["status"] == "unique"
            assert child.result["solutions"] == want["solutions"]


def test_cli_json_names_the_engine(tmp_path, puzzles_dir):
    out = subprocess.run([sys.executable, "-m", "pysolver", "solve",
                          str(puzzles_dir / "webpbn" / "6574.xml"), "--engine", "auto", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    assert r["status"] == "unique" and r["engine"] in ("pysolver", "clingo")
    assert set(r) == {"file", "title", "status", "solutions", "classification", "difficulty",
                      "time_s", "stats", "engine"}


def test_clingo_answers_where_pysolver_is_slow(puzzles_dir):
    taai = formats.parse((puzzles_dir / "taai" / "taai2011-question.txt").read_text(), "taai")
    r = race.solve(taai[554], engine="auto", timeout=120)  # #555: pysolver past 20 s, clingo < 1 s
    assert r["status"] == "multiple" and r["engine"] == "clingo"


def test_cli_check_auto_names_the_engine(puzzles_dir):
    out = subprocess.run([sys.executable, "-m", "pysolver", "check",
                          str(puzzles_dir / "webpbn" / "6574.xml"), "--engine", "auto", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    assert r["status"] == "unique" and r["unique"] is True and r["engine"] in ("pysolver", "clingo")
    if r["engine"] == "clingo":  # clingo cannot tell line / probe / search apart
        assert r["classification"] == "unknown" and r["difficulty"] is None
