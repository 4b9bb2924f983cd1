"""Per-test CPU of a pytest run, Chromium's processes included: a pytest plug-in.

    PYTHONPATH=bench python -m pytest -p cpu_per_test -n 2 --dist loadgroup tests
    (TEST_CPU_OUT=file, default test-artifacts/test-cpu.jsonl; one JSON line per test)

Each line: {"id", "cpu", "wall"} in seconds, for the test's call phase. "cpu" is the
growth of user+system time over the xdist worker and every process under it (the
Playwright driver, Chromium and its renderers) between the start of the test and the
end of its call, read from /proc, plus the CPU of the worker's children that ended and
were waited for during the call (getrusage: a CLI subprocess, a process pool's workers). On a shared machine wall times inflate with the load;
CPU seconds much less, so compare runs by CPU (PERF.md "Tests").
"""
import json
import os
import resource
import time

import pytest

TICK = os.sysconf("SC_CLK_TCK")
OUT = os.environ.get("TEST_CPU_OUT", "test-artifacts/test-cpu.jsonl")


def _reaped_cpu():
    """CPU seconds of this process's children that have ended and been waited for."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _tree_cpu(root):
    """{pid: cpu seconds} for root and its descendants."""
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
        cpu[pid] = (int(fields[11]) + int(fields[12])) / TICK
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
    _started[item.nodeid] = (_tree_cpu(os.getpid()), _reaped_cpu(), time.monotonic())
    yield
    _started.pop(item.nodeid, None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield
    before, reaped, t0 = _started[item.nodeid]
    now = _tree_cpu(os.getpid())
    # a process that ended in the call is missing from `now`: the reaped ones come
    # back whole through getrusage (their CPU before the call, if any, counted again)
    cpu = sum(v - before.get(pid, 0.0) for pid, v in now.items()) + _reaped_cpu() - reaped
    os.makedirs(os.path.dirname(OUT) or ".", exist_ok=True)
    with open(OUT, "a") as fh:  # one short line per write: workers can share the file
        fh.write(json.dumps({"id": item.nodeid, "cpu": round(cpu, 2),
                             "wall": round(time.monotonic() - t0, 2)}) + "\n")
