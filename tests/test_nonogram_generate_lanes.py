"""The expert level's lanes (pysolver.nonogram.lanes; generate's part and bound; the
genre task's part; ``generate --jobs``): the puzzle is the success of the lane with the
least (work, lane), the same whether the lanes run in one process or are split into
parts; easy, medium and hard are what they were before the lanes. Work is counted
(line solves), never timed."""
import hashlib
import json
import os
import random
import signal
import sys
from pathlib import Path

import pytest

from pysolver import api
from pysolver.app import cli, lanes as app_lanes, pool, race
from pysolver.errors import PuzzleError
from pysolver.nonogram import climb, generate as gen, lanes
from pysolver.nonogram.solver import propagate, search

from processes import gone, started

ROOT = Path(__file__).resolve().parent.parent


# -- the scheduler, with scripted lanes --------------------------------------------------

def scripted(counter, works, value):
    """A lane that adds works[i] line solves to ``counter`` per advance, then returns value."""
    for w in works:
        counter[0] += w
        yield
    return value


def truth(scripts, start, hold):
    """The least (work at success, lane) of the scripts, or None; lanes but 0 count as
    having done at least ``hold``."""
    made = [(max(start + sum(works), hold if k else 0), k)
            for k, (works, value) in scripts.items() if value is not None]
    return min(made, default=None)


def test_the_least_success_whatever_the_parts(monkeypatch):
    counter = [0]
    monkeypatch.setattr(lanes, "solved", lambda: counter[0])
    rng = random.Random(1)
    for _ in range(300):
        count = rng.randint(1, 6)
        scripts = {k: ([rng.randint(0, 50) for _ in range(rng.randint(1, 12))],
                       f"lane {k}" if rng.random() < 0.6 else None) for k in range(count)}
        start, hold = rng.choice([(0, 0), (20, 20), (20, 150)])
        want = truth(scripts, start, hold)
        for n in (1, 2, 3):
            got, outside = [], None  # the parts one after another, each bounded by those before
            for i in range(n):
                mine = lanes.part_of((i, n), count)
                best = lanes.run({k: scripted(counter, *scripts[k]) for k in mine},
                                 bound=lambda: outside, start=start, hold=hold)
                if best is not None:
                    got.append(best[:2])
                    assert best[2] == scripts[best[1]][1]
                    outside = min(got)
            assert min(got, default=None) == want, (scripts, n, start, hold)


def test_a_part_stops_once_its_floor_passes_the_best(monkeypatch):
    counter = [0]
    monkeypatch.setattr(lanes, "solved", lambda: counter[0])
    advanced, seen = [], []

    def lane(k, works, value):
        for w in works:
            advanced.append(k)
            counter[0] += w
            yield
        return value
    best = lanes.run({0: lane(0, [10, 10, 10], "a"), 1: lane(1, [5] * 100, "b"),
                      2: lane(2, [1000], None)}, report=lambda floor, best: seen.append((floor, best)))
    assert best == (30, 0, "a")
    assert advanced.count(1) == 6  # up to the best's work, no further
    assert advanced.count(2) == 1
    floors = [f for f, _ in seen]
    assert floors == sorted(floors) and floors[-1] == (30, 1) and seen[-1][1] == (30, 0)
    # an outside best below every lane here: nothing is advanced
    advanced.clear()
    assert lanes.run({1: lane(1, [1], "a")}, bound=lambda: [0, 0]) is None and advanced == []


# -- the generator -----------------------------------------------------------------------

def parts(w, seed, n):
    """The least result of the parts (i, n) run one by one (none bounded by another)."""
    made = []
    for i in range(n):
        try:
            made.append(gen.generate(w, w, 1, "expert", seed, part=(i, n)))
        except gen.NoPuzzle:
            pass
    return min(made, key=lambda m: (m[1]["lane"]["work"], m[1]["lane"]["lane"]))


@pytest.mark.parametrize("w,seed", [(10, 1), (10, 3), (15, 3), (25, 3)])  # 25: composed
def test_the_same_puzzle_in_one_part_or_two(w, seed):
    p, info = gen.generate(w, w, 1, "expert", seed)
    assert info["lane"]["lanes"] == gen.LANES == gen.lane_count("expert")
    assert 0 <= info["lane"]["lane"] < gen.LANES and info["lane"]["work"] > 0
    for q, other in (gen.generate(w, w, 1, "expert", seed, part=(0, 1)), parts(w, seed, 2)):
        assert (q.goal, other) == (p.goal, info)
    assert info["walk"]["steps"]["deep"] >= 1 and info["walk"]["finished"]


def test_big_black_and_white_boards_branch_at_the_rise_end(monkeypatch):
    assert gen.lanes_at(25, 25, 1) == (gen.BIG_BRANCH, gen.BIG_HOLD)
    assert gen.BIG_BRANCH == climb.CLIMB_RISE < gen.BRANCH and gen.BIG_HOLD > gen.HOLD
    for w, h, colours in ((24, 26, 1), (25, 25, 2), (20, 20, 1)):  # 624 cells, colour, smaller
        assert gen.lanes_at(w, h, colours) == (gen.BRANCH, gen.HOLD)
    # the earlier branch on a board cheap enough to make here: lane 1, parting sooner, wins
    # with less work than lane 0's success, in one part or two
    later = gen.generate(10, 10, 1, "expert", 3)[1]["lane"]
    monkeypatch.setattr(gen, "BIG_CELLS", 100)
    p, info = gen.generate(10, 10, 1, "expert", 3)
    assert later["lane"] == 0 and info["lane"]["lane"] == 1 and info["lane"]["work"] < later["work"]
    q, other = parts(10, 3, 2)
    assert (q.goal, other) == (p.goal, info)


def test_a_part_beyond_the_bound_gives_way():
    # seed 3: lane 1 branches off lane 0's climb, lane 0 makes the puzzle; an outside
    # best below both lanes' successes stops either part as soon as its floor passes it
    p, info = gen.generate(10, 10, 1, "expert", 3)
    outside = [info["lane"]["work"] // 2, 0]
    for i in (0, 1):
        seen = []
        with pytest.raises(gen.NoPuzzle, match=r"no expert 10x10 puzzle .* for seed 3 in \d+ attempts"):
            gen.generate(10, 10, 1, "expert", 3, progress=seen.append, part=(i, 2),
                         bound=lambda: outside)
        assert seen[-1]["floor"] > outside and seen[-1]["best"] is None


def test_expert_progress_reports_floor_and_best():
    seen = []
    p, info = gen.generate(10, 10, 1, "expert", 3, progress=seen.append)
    assert len(seen) > 10
    for d in seen:
        assert set(d) == {"attempt", "attempts", "walks", "floor", "best", "lanes"}
        assert d["attempts"] == gen.ATTEMPTS and d["lanes"] == gen.LANES
    floors = [d["floor"] for d in seen if d["floor"] is not None]
    assert floors == sorted(floors)
    assert seen[-1]["best"] == [info["lane"]["work"], info["lane"]["lane"]]
    assert all(d["best"] is None or d["best"] >= seen[-1]["best"] for d in seen)


def test_a_budgeted_search_stops_at_the_same_point_whatever_the_cache_holds(monkeypatch):
    """A lane's work counts the climb's budgeted uniqueness searches: where one stops
    must not depend on the line cache (the engine's tick comes after so many cells
    solved afresh, so it does not read the budget)."""
    p = api.to_puzzle(api.generate("nonogram", 20, 20, 1, "hard", 1)["puzzle"])
    monkeypatch.setattr(propagate, "CHECK_CELLS", 1)  # a tick after every line solved afresh
    api.clear_caches()
    cold = search.solve(p, max_solutions=2, work=300)
    warm = search.solve(p, max_solutions=2, work=300)  # every line a cache hit: no tick
    assert cold.status == warm.status == "budget"
    assert (cold.line_solves, cold.nodes) == (warm.line_solves, warm.nodes)


# results of main before the lanes (sha1 of the api.generate dict as sorted JSON): the
# levels below expert must not change (the daily puzzle's recipes, shared links)
BEFORE = {(10, 10, 1, "easy", 1): "f7136c1b4c3273de", (15, 15, 1, "medium", 3): "7eb9d5d2781c0fa8",
          (10, 10, 1, "hard", 3): "f7df9d6c4c7bde39", (10, 8, 2, "medium", 5): "248f4de9d2e665ec",
          (12, 12, 3, "hard", 2): "3c3ca9b7df9f0484"}


@pytest.mark.parametrize("recipe", BEFORE)
def test_levels_below_expert_are_unchanged(recipe):
    d = api.generate("nonogram", *recipe)
    assert hashlib.sha1(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16] == BEFORE[recipe]
    assert "lane" not in d and gen.lane_count(recipe[3]) == 1


def test_the_genre_task_takes_a_part():
    whole = api.generate("nonogram", 10, 10, 1, "expert", 3)
    k = whole["lane"]["lane"]
    r = api.task("nonogram", "generate", {"recipe": "nonogram:10x10:1:expert:3", "part": [k, 2]})
    assert r["result"] == whole
    easy = api.task("nonogram", "generate", {"recipe": "nonogram:10x10:1:easy:1", "part": [0, 3]})
    assert easy["result"] == api.generate("nonogram", 10, 10, 1, "easy", 1)


@pytest.mark.parametrize("part,message", [
    ([2, 2], "part 2 of 2 does not exist: parts are numbered from 0 to 1"),
    ([-1, 2], "part -1 of 2 does not exist"),
    ([0, 0], "a search is split into 1 to 64 parts, not 0"),
    ([0, 65], "a search is split into 1 to 64 parts, not 65"),
    ([0, 1.5], r"a part is two whole numbers \[i, n\] \(part i of n\), not \[0, 1.5\]"),
    ([True, 2], "a part is two whole numbers"),
    ([0, 2, 3], "a part is two whole numbers"),
    ("x" * 5000, r"not 'xxxxxxxxx"),
    ({"i": 0}, "a part is two whole numbers"),
])
def test_bad_parts_say_what_is_wrong(part, message):
    with pytest.raises(PuzzleError, match=message) as e:
        api.task("nonogram", "generate", {"recipe": "nonogram:10x10:1:expert:1", "part": part})
    assert len(str(e.value)) < 120


def test_a_part_without_a_lane_says_so():
    with pytest.raises(PuzzleError, match="part 1 of 2 has no lane: the medium level's search has 1"):
        api.task("nonogram", "generate", {"recipe": "nonogram:10x10:1:medium:1", "part": [1, 2]})


# -- the command line over processes -----------------------------------------------------

def test_processes_make_the_same_puzzle():
    assert app_lanes.generate(10, 10, 1, "expert", 2, 2) == gen.generate(10, 10, 1, "expert", 2)
    # no part makes one: the same words as one process, the attempts added up
    with pytest.raises(gen.NoPuzzle) as one:
        gen.generate(5, 5, 1, "expert", 1)
    with pytest.raises(gen.NoPuzzle) as two:
        app_lanes.generate(5, 5, 1, "expert", 1, 2)
    assert str(two.value) == str(one.value) and "in 40 attempts" in str(one.value)


def test_command_line_jobs_prints_the_same(capsys):
    """The same puzzle for --jobs 1, 2 and the default (every core, forked parts where they may be)."""
    out = {}
    for jobs in (["--jobs", "1"], ["--jobs", "2"], []):
        assert cli.main(["generate", "nonogram", "--size", "10x10", "--level", "expert",
                         "--seed", "2", "--json", *jobs]) == 0
        out[len(jobs) and jobs[1]] = capsys.readouterr().out
    assert out["1"] == out["2"] == out[0]
    assert json.loads(out["1"])["generated"]["lane"]["lanes"] == gen.LANES
    assert cli.build_parser().parse_args(["generate", "nonogram", "--size", "9x9"]).jobs == pool.cores()
    method = "fork" if race.can_fork() else "spawn"  # asked before the pool's threads start
    with app_lanes.Parts(2) as parts:
        assert parts.pool._ctx.get_start_method() == method


@pytest.fixture
def long_generation():
    """``generate --jobs 2`` of a 40x40 expert in two colours: both parts stay busy for a
    while (climbs: black and white is composed there, and may end soon)."""
    if pool.cores() < 2:
        pytest.skip("one core: --jobs 2 runs in one process")

    def start():
        return started([sys.executable, "-m", "pysolver", "generate", "nonogram", "--size", "40x40",
                        "--colours", "2", "--level", "expert", "--seed", "1", "--jobs", "2"], ROOT, wait_for=2)
    return start


@pytest.mark.parametrize("send, code, message", [
    (lambda proc: proc.send_signal(signal.SIGTERM), 143, "pysolver: terminated\n"),
    (lambda proc: os.killpg(proc.pid, signal.SIGINT), 130, "pysolver: interrupted\n"),
    # (multiprocessing's resource tracker, left behind, may warn of the pool's semaphores)
    (lambda proc: proc.kill(), -signal.SIGKILL, None),
], ids=["sigterm", "ctrl-c", "sigkill"])
def test_a_stopped_generation_ends_its_processes(long_generation, send, code, message):
    proc, kids = long_generation()
    send(proc)
    assert proc.wait(timeout=30) == code
    assert gone(kids, within=15) == []
    err = proc.stderr.read()
    assert message is None or err == message, err


def test_a_part_without_a_puzzle_speaks_for_the_whole_search():
    # 5x5: no climb reaches the branch, lane 0 is the only lane and makes nothing
    with pytest.raises(gen.NoPuzzle) as whole:
        gen.generate(5, 5, 1, "expert", 1)
    with pytest.raises(gen.NoPuzzle) as other:
        gen.generate(5, 5, 1, "expert", 1, part=(1, 2))
    assert str(other.value) == str(whole.value)
    assert (other.value.attempts, other.value.rejected) == (0, {})  # lane 0 is part 0's
