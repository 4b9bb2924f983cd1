"""Per-test CPU of a pytest run, Chromium's processes included: a pytest plug-in.

    PYTHONPATH=bench python -m pytest -p cpu_per_test -n 2 --dist loadgroup tests
    (TEST_CPU_OUT=file, default test-artifacts/test-cpu.jsonl; one JSON line per test)

Each line: {"id", "cpu", "wall", "cpu_all"} in seconds. "cpu" is the growth of
user+system time over the xdist worker and every process under it (the Playwright
driver, Chromium and its renderers) between the start of the test and the end of its
call, read from /proc; processes that start and end inside the call (a CLI
subprocess, a closed tab's renderer) are not seen. "cpu_all" counts them too (the
children's time each process has reaped) and covers setup and teardown as well: the
work a page goes on with after the call (an engine start, a snapshot save) until its
context closes. "wall" is the call's. A test skipped in setup has no "cpu". On a shared machine wall times inflate with the load;
CPU seconds much less, so compare runs by CPU (PERF.md "Tests").
"""
import json
import os
import time

import pytest

TICK = os.sysconf("SC_CLK_TCK")
OUT = os.environ.get("TEST_CPU_OUT", "test-artifacts/test-cpu.jsonl")


def _tree_cpu(root, reaped=False):
    """{pid: cpu seconds} for root and its descendants (with the time of the children
    each has reaped)."""
    parent, cpu = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue  # ended while we looked
        fields = stat[stat.rfind(")") + 2:].split()
        pid = int(name)
        parent[pid] = int(fields[1])
        cpu[pid] = sum(int(v) for v in fields[11:15 if reaped else 13]) / TICK
    children = {}
    for pid, pp in parent.items():
        children.setdefault(pp, []).append(pid)
    out, todo = {}, [root]
    while todo:
        pid = todo.pop()
        if pid in cpu and pid not in out:
            out[pid] = cpu[pid]
            todo.extend(children.get(pid, ()))
    return out


_started = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _started[item.nodeid] = (_tree_cpu(os.getpid()), time.monotonic())
    before = _tree_cpu(os.getpid(), reaped=True)
    yield
    _started.pop(item.nodeid, None)
    now = _tree_cpu(os.getpid(), reaped=True)
    row = {"id": item.nodeid, **_calls.pop(item.nodeid, {}),
           "cpu_all": round(sum(v - before.get(pid, 0.0) for pid, v in now.items()), 2)}
    os.makedirs(os.path.dirname(OUT) or ".", exist_ok=True)
    with open(OUT, "a") as fh:  # one short line per write: workers can share the file
        fh.write(json.dumps(row) + "\n")


_calls = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield
    before, t0 = _started[item.nodeid]
    now = _tree_cpu(os.getpid())
    cpu = sum(v - before.get(pid, 0.0) for pid, v in now.items())
    _calls[item.nodeid] = {"cpu": round(cpu, 2), "wall": round(time.monotonic() - t0, 2)}
