"""Time limits that hold (issue 15): a deadline or a cancel is noticed inside
propagation and probing, not only between search nodes, so a big puzzle answers
"timeout" or "cancelled" soon after its limit, in the API, the command line and
the worker. The answer's cost is read in CPU seconds (this process and its reaped
children), which a loaded machine does not inflate as it does the wall clock: a
deadline that is not noticed keeps the engine working, so the CPU grows past the
bound on any machine; the real overshoot is measured by bench/timeout_overshoot.py."""
import json
import random
import resource
import sys
import threading
import time
from pathlib import Path

import pytest

from pysolver import api
from pysolver.app import cli
from pysolver.nonogram import formats
from pysolver.nonogram.solver import search
from pysolver.nonogram.puzzle import puzzle_from_grid

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))
import bridge  # noqa: E402  (the worker's Python side)

LIMIT = 1.0
BOUND = LIMIT + 3.0  # CPU seconds from the call to the answer
ANSWERS = ("timeout", "unique", "multiple", "none")


def random_puzzle(n, density, seed=0):
    rng = random.Random(seed)
    return puzzle_from_grid([[int(rng.random() < density) for _ in range(n)] for _ in range(n)])


@pytest.fixture(scope="module")
def big():
    return random_puzzle(400, 0.6)


def cpu():
    """CPU seconds of this process (every thread) and of its children that ended."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn, *args, **kwargs):
    api.clear_caches()  # cold, as a first solve
    c0 = cpu()
    out = fn(*args, **kwargs)
    return out, cpu() - c0


def test_the_first_propagation_checks_the_stop_flag():
    """Stopped at its first check: inside the first propagation, before every
    line was solved once (no timing involved)."""
    p = random_puzzle(300, 0.6)
    res = search.solve(p, should_stop=lambda: True)
    assert res.status == "cancelled" and res.line_solves < p.width + p.height


@pytest.mark.parametrize("fn", [api.solve, api.analyse])
def test_a_time_limit_holds_on_a_big_puzzle(big, fn):
    out, took = timed(fn, big, timeout=LIMIT)
    assert out["status"] in ANSWERS and took < BOUND, (out["status"], took)


def test_cancel_holds_on_a_big_puzzle(big):
    t0 = time.monotonic()
    out, took = timed(api.solve, big, should_stop=lambda: time.monotonic() - t0 > LIMIT)
    assert out["status"] == "cancelled" and took < BOUND, took


def test_the_command_line_timeout_holds(big, tmp_path, capsys):
    path = tmp_path / "big.non"
    path.write_text(formats.dump(big, "non"))
    api.clear_caches()
    c0 = cpu()
    code = cli.main(["solve", str(path), "--timeout", str(LIMIT), "--json"])
    took = cpu() - c0
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["status"] in ANSWERS and took < BOUND + 1, took  # + reading the file


def test_the_worker_limit_holds(big):
    payload = json.dumps({"puzzle": api.parse(formats.dump(big, "non"))["puzzles"][0],
                          "timeout": LIMIT})
    answers = []
    api.clear_caches()
    c0 = cpu()
    worker = threading.Thread(target=lambda: answers.append(bridge.call("solve", payload)), daemon=True)
    worker.start()
    worker.join(600)  # a safety net only: the bound below is on CPU
    took = cpu() - c0
    assert answers and json.loads(answers[0])["result"]["status"] in ANSWERS
    assert took < BOUND + 1, took  # + reading the puzzle's JSON
