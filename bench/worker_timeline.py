"""When each xdist worker ran what: a pytest plug-in for the default run's schedule.

    PYTHONPATH=$PWD/bench PYTEST_ADDOPTS="-p worker_timeline" CI=true bash .ci/run
    (TIMELINE_OUT=file, default test-artifacts/timeline.jsonl)

Each worker appends a line per test ({"w", "id", "s", "e"}: wall-clock start and end of
the test's setup to its teardown) and one when it has collected; at the end the
controller prints, per worker, when it collected, ran its first test and ended its last,
and the tail: how long the other worker ran on alone after a worker's last test (wall
time lost outright on a CPU-bound 2-worker run: one core idle). PERF.md "Tests"."""
import json
import os
import time

OUT = os.environ.get("TIMELINE_OUT", "test-artifacts/timeline.jsonl")
WORKER = os.environ.get("PYTEST_XDIST_WORKER")
_start = {}


def _write(rec):
    os.makedirs(os.path.dirname(OUT) or ".", exist_ok=True)
    with open(OUT, "a") as fh:
        fh.write(json.dumps(rec) + "\n")


def pytest_configure(config):
    if WORKER is None and os.path.exists(OUT):
        os.remove(OUT)  # the controller starts before its workers: one run a file
    config._timeline_t0 = time.time()


def pytest_collection_finish(session):
    if WORKER:
        _write({"w": WORKER, "collected": time.time(), "cpu": time.process_time()})


def pytest_runtest_logstart(nodeid, location):
    _start[nodeid] = time.time()


def pytest_runtest_logfinish(nodeid, location):
    if WORKER:
        _write({"w": WORKER, "id": nodeid, "s": _start.pop(nodeid, None), "e": time.time()})


def pytest_terminal_summary(terminalreporter, config):
    if WORKER or not os.path.exists(OUT):
        return
    t0 = config._timeline_t0
    workers = {}
    with open(OUT) as fh:
        for line in fh:
            rec = json.loads(line)
            workers.setdefault(rec["w"], []).append(rec)
    ends = {}
    say = terminalreporter.write_line
    say(f"worker timeline ({OUT}), seconds since pytest started:")
    for w, recs in sorted(workers.items()):
        tests = sorted((r for r in recs if "id" in r), key=lambda r: r["s"])
        collected = [r for r in recs if "collected" in r]
        if not tests:
            continue
        ends[w] = tests[-1]["e"]
        longest = max(tests, key=lambda r: r["e"] - r["s"])
        say(f"  {w}: collected at {collected[0]['collected'] - t0:.1f} ({collected[0]['cpu']:.1f} CPU s), "
            f"first test at {tests[0]['s'] - t0:.1f}, last ended at {tests[-1]['e'] - t0:.1f}, "
            f"{len(tests)} tests; its longest {longest['e'] - longest['s']:.1f} s ({longest['id']})")
    if len(ends) > 1:
        last = max(ends.values())
        for w, end in sorted(ends.items()):
            if end < last:
                say(f"  {w} idle for the last {last - end:.1f} s")
