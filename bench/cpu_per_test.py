"""Per-test CPU of a pytest run, Chromium's processes included: a pytest plug-in.

    PYTHONPATH=bench python -m pytest -p cpu_per_test -n 2 --dist loadgroup tests
    (TEST_CPU_OUT=file, default test-artifacts/test-cpu.jsonl; one JSON line per test)

Each line: {"id", "cpu", "wall"} in seconds, for the test's call phase. "cpu" is the
growth of user+system time over the xdist worker and every process under it (the
Playwright driver, Chromium and its renderers) between the start of the test and the
end of its call, read from /proc, plus the CPU of the worker's children that ended and
were waited for during the call (getrusage: a CLI subprocess, a process pool's workers). On a shared machine wall times inflate with the load;
CPU seconds much less, so compare runs by CPU (PERF.md "Tests").

TEST_CPU_SPLIT=1 adds "split": the same CPU by process type (pytest, the Playwright
driver, Chromium's browser, gpu, utility and zygote processes, other subprocesses)
and, in renderers, by thread (the main thread, the engine's Web Worker, the thread
pool, the compositor, ...): /proc/<pid>/cmdline's --type= and /proc/<pid>/task/*/comm.
A thread that ended in the test counts under "renderer ended" (its CPU stays in the
process total): mostly the last page's engine worker, ended by the next navigation.
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


SPLIT = os.environ.get("TEST_CPU_SPLIT") == "1"


def _kind(pid, me):
    """The process type of a pid under this worker."""
    if pid == me:
        return "pytest"
    try:
        exe = os.path.basename(os.readlink(f"/proc/{pid}/exe"))
        with open(f"/proc/{pid}/cmdline", "rb") as fh:  # Chromium rewrites it: one string
            argv = fh.read().replace(b"\0", b" ").split()
    except OSError:
        return "other"
    if exe == "node":
        return "driver"
    if "chrom" not in exe:
        return "other"
    for arg in argv:
        if arg.startswith(b"--type="):
            kind = arg[7:].decode()
            if kind == "utility":
                sub = [a for a in argv if a.startswith(b"--utility-sub-type=")]
                return "utility " + (sub[0].decode().rsplit(".", 1)[-1] if sub else "?")
            return kind
    return "browser"


_THREADS = (("DedicatedWorker", "worker"), ("ThreadPool", "pool"),
            ("Compositor", "compositor"), ("Chrome_ChildIOT", "io"), ("V8", "v8"))


def _threads(pid):
    """{thread group: cpu seconds} of the live threads of a renderer."""
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        name = stat[stat.find("(") + 1:stat.rfind(")")]
        group = "main" if tid == str(pid) else next(  # the main thread is named as the process
            (g for prefix, g in _THREADS if name.startswith(prefix)), "other")
        fields = stat[stat.rfind(")") + 2:].split()
        out[tid, group] = (int(fields[11]) + int(fields[12])) / TICK
    return out


def _split_snapshot(tree, me):
    snap = {}
    for pid, cpu in tree.items():
        kind = _kind(pid, me)
        snap[pid] = (kind, cpu, _threads(pid) if kind == "renderer" else {})
    return snap


def _split(before, now):
    """{category: cpu seconds} of the growth between two _split_snapshot()s."""
    out = {}

    def add(key, v):
        out[key] = round(out.get(key, 0.0) + v, 3)

    for pid, (kind, cpu, threads) in now.items():
        old = before.get(pid)
        grew = cpu - (old[1] if old else 0.0)
        if kind != "renderer":
            add(kind, grew)
            continue
        old_threads = old[2] if old else {}
        seen = 0.0
        for key, v in threads.items():
            d = v - old_threads.get(key, 0.0)
            add("renderer " + key[1], d)
            seen += d
        add("renderer ended", grew - seen)
    return out


_started = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    tree = _tree_cpu(os.getpid())
    _started[item.nodeid] = (tree, _reaped_cpu(), time.monotonic(),
                             _split_snapshot(tree, os.getpid()) if SPLIT else None)
    yield
    _started.pop(item.nodeid, None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield
    before, reaped, t0, split_before = _started[item.nodeid]
    now = _tree_cpu(os.getpid())
    line = {}
    if SPLIT:
        line["split"] = _split(split_before, _split_snapshot(now, os.getpid()))
        line["split"]["reaped"] = round(_reaped_cpu() - reaped, 3)
    # a process that ended in the call is missing from `now`: the reaped ones come
    # back whole through getrusage (their CPU before the call, if any, counted again)
    cpu = sum(v - before.get(pid, 0.0) for pid, v in now.items()) + _reaped_cpu() - reaped
    os.makedirs(os.path.dirname(OUT) or ".", exist_ok=True)
    with open(OUT, "a") as fh:  # one short line per write: workers can share the file
        fh.write(json.dumps({"id": item.nodeid, "cpu": round(cpu, 2),
                             "wall": round(time.monotonic() - t0, 2), **line}) + "\n")
