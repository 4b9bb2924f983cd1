"""Generated nonograms in the browser worker against CPython, same seeds, same run (issue 31).

    .venv/bin/python bench/generate_browser.py [--sizes 10,15] [--levels easy,medium,hard] [--seeds 8]
        [--colours 1]

Needs a built site (`python build.py`) and Debian's chromium. For each size, level and
seed 1..N, interleaved so both sides see the same load: the page's engine worker makes the
recipe's puzzle (the genre task "generate", timed on the page's clock around the request:
wall time, the worker has no CPU clock; and the CPU seconds of every process this one
started, Chromium's and the Playwright driver's, read from /proc around the request: the
page's CPU, which a loaded machine does not inflate the way it does wall time), then this
process makes the same recipe (CPU seconds by process_time, and wall seconds). Checks the
two puzzles are identical. Prints p50 / p95 per size and level for the browser (CPU and
wall), CPython (CPU and wall), and the browser / CPython ratio of the CPU medians.

    .venv/bin/python bench/generate_browser.py --workers 1,2 --sizes 15 --levels expert --seeds 50

compares instead the page made on one engine worker (the one request, every lane in the
main engine) with the page's own way for the level (New puzzle's: an expert recipe on
the main engine and its helpers, web/js/endless/lanes.js), seed by seed, the order of the
two alternating, every engine's caches emptied before each; the page is cross-origin isolated (as under its service worker) so the
helpers run, and CPython is not run: every way's puzzle must be the first one's. Prints
p50 / p95 / max / sum of page wall and CPU per way, how many workers the page used, and the
CPU other processes took meanwhile (/proc/stat: the wall times mean something only when
that is near 0), and the CPU of the page's busiest thread (/proc/PID/task: an engine worker
is a thread of the renderer), the wall time with a core for each worker, which a loaded
machine does not lengthen.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pysolver import api  # noqa: E402
from tools.build.serve import make_server  # noqa: E402

SITE = ROOT / "site"
FLAGS = ["--no-sandbox", "--disable-gpu", "--proxy-server=http://127.0.0.1:9"]
MAKE = """async (recipe) => {
  const app = window.nonogramApp;
  const t = performance.now();
  const r = await app.engine.call("task", {genre: "nonogram", task: "generate", args: {recipe}});
  return {s: (performance.now() - t) / 1000, puzzle: JSON.stringify(r.result.puzzle)};
}"""
# one worker: the one request; more: New puzzle's own way (its helpers, once ready)
MAKE_ON = """async ([recipe, workers]) => {
  const app = window.nonogramApp, endless = app.endless;
  const t = performance.now();
  const r = workers > 1 ? await endless.generate(recipe).promise
    : (await app.engine.call("task", {genre: "nonogram", task: "generate", args: {recipe}})).result;
  return {s: (performance.now() - t) / 1000, puzzle: JSON.stringify(r.puzzle), workers: workers > 1 ? endless.workers : 1};
}"""
# every engine's caches emptied (outside the measure): the recipe made the other way must not help
RESET = """async () => {
  const app = window.nonogramApp;
  await Promise.all([app.engine, ...app.endless.helpers.list].filter((e) => e.status === "ready").map((e) => e.call("reset")));
}"""
HELPERS = """async (level) => {
  const helpers = window.nonogramApp.endless.helpers;
  await helpers.want(level);
  await helpers.settled();
  return helpers.engines(level).length;
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


def children_cpu():
    """CPU seconds (user + system) of every live process descended from this one (Linux /proc)."""
    kids, stats = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        kids.setdefault(int(fields[1]), []).append(int(d))
        stats[int(d)] = int(fields[11]) + int(fields[12])
    total, todo = 0, [os.getpid()]
    while todo:
        for k in kids.get(todo.pop(), ()):
            total += stats[k]
            todo.append(k)
    return total / os.sysconf("SC_CLK_TCK")


def threads_cpu():
    """{(pid, tid): CPU seconds} of every thread of every process descended from this one: a
    page's engine workers are threads of its renderer."""
    kids, out = {}, {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as fh:
                    kids.setdefault(int(fh.read().rsplit(")", 1)[1].split()[1]), []).append(int(d))
            except OSError:
                continue
    todo, tick = [os.getpid()], os.sysconf("SC_CLK_TCK")
    while todo:
        for k in kids.get(todo.pop(), ()):
            todo.append(k)
            try:
                tids = os.listdir(f"/proc/{k}/task")
            except OSError:
                continue
            for t in tids:
                try:
                    with open(f"/proc/{k}/task/{t}/stat") as fh:
                        f = fh.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                out[(k, int(t))] = (int(f[11]) + int(f[12])) / tick
    return out


def busiest_thread(before, after):
    """The most CPU seconds one thread took between two threads_cpu() readings: the wall time
    the request would take with a core per thread (the machine's load does not lengthen it)."""
    return max((v - before.get(k, 0.0) for k, v in after.items()), default=0.0)


def machine_cpu():
    """CPU seconds the whole machine has been busy (every core; /proc/stat): less this
    process tree's, what others ran meanwhile (a wall time is only worth a quiet machine)."""
    with open("/proc/stat") as fh:
        f = [int(v) for v in fh.readline().split()[1:]]
    return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def compare_workers(page, sizes, levels, seeds, colours, ways):
    """Each recipe made one way after the other (the order alternating by seed): page wall
    and CPU per way; the puzzles must be the same."""
    rows = []
    for size in sizes:
        for level in levels:
            engines = page.evaluate(HELPERS, level)
            got = {w: {"wall": [], "cpu": [], "others": [], "path": [], "used": set()} for w in ways}
            for seed in range(1, seeds + 1):
                recipe = f"nonogram:{size}x{size}:{colours}:{level}:{seed}"
                puzzles = {}
                for w in (ways if seed % 2 else ways[::-1]):
                    page.evaluate(RESET)
                    before, busy, threads = children_cpu(), machine_cpu(), threads_cpu()
                    try:
                        r = page.evaluate(MAKE_ON, [recipe, w])
                    except Exception as e:  # noqa: BLE001 - the seed makes no puzzle of this level
                        puzzles[w] = None
                        print(f"  {recipe}: {w} worker(s): none ({str(e).splitlines()[0][:80]})", file=sys.stderr)
                        continue
                    got[w]["path"].append(busiest_thread(threads, threads_cpu()))
                    got[w]["cpu"].append(children_cpu() - before)
                    got[w]["others"].append(max(0.0, machine_cpu() - busy - got[w]["cpu"][-1]))
                    got[w]["wall"].append(r["s"])
                    got[w]["used"].add(r["workers"])
                    puzzles[w] = r["puzzle"]
                assert len(set(puzzles.values())) == 1, f"{recipe}: the puzzle depends on the workers"
                print(f"  {recipe}: " + "; ".join(
                    f"{w}: {got[w]['wall'][-1]:.2f} s wall, {got[w]['cpu'][-1]:.2f} s CPU, busiest thread "
                    f"{got[w]['path'][-1]:.2f}, others {got[w]['others'][-1]:.2f}"
                    for w in ways if puzzles[w] is not None), file=sys.stderr, flush=True)
            for w in ways:
                wall, cpu = got[w]["wall"], got[w]["cpu"]
                row = {"size": size, "level": level, "ways": w, "workers": sorted(got[w]["used"]),
                       "engines_ready": engines, "made": len(wall),
                       "wall": [statistics.median(wall), pct(wall, 0.95), max(wall), sum(wall)] if wall else None,
                       "cpu": [statistics.median(cpu), pct(cpu, 0.95), max(cpu), sum(cpu)] if cpu else None,
                       "busiest_thread": [statistics.median(got[w]["path"]), pct(got[w]["path"], 0.95),
                                          max(got[w]["path"]), sum(got[w]["path"])] if cpu else None,
                       "others_cpu": sum(got[w]["others"])}
                rows.append(row)
                print(json.dumps(row), flush=True)
    print("| size, level | workers | made | page wall p50 / p95 / max / sum (s) | page CPU p50 / p95 / max / sum (s) "
          "| busiest thread's CPU p50 / p95 / max / sum (s) | others' CPU meanwhile (s) |")
    print("|---|---|---|---|---|---|---|")
    f = lambda v: " / ".join(f"{x:.2f}" for x in v) if v else "-"  # noqa: E731
    for r in rows:
        print(f"| {r['size']}×{r['size']} {r['level']} | {','.join(map(str, r['workers']))} | {r['made']}/{seeds} "
              f"| {f(r['wall'])} | {f(r['cpu'])} | {f(r['busiest_thread'])} | {r['others_cpu']:.1f} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,15")
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--colours", type=int, default=1)
    ap.add_argument("--workers", help="compare the page on one worker with its own way for the level, e.g. 1,2")
    ap.add_argument("--site", type=Path, default=SITE, help="the built site to serve (default site/)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    if args.workers:  # isolated, as under the service worker: the page's helpers can be interrupted
        httpd = make_server(0, isolate=True, directory=args.site)
    else:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(args.site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#engine-status[data-status=ready]", timeout=180_000)
        page.evaluate(MAKE, "nonogram:5x5:1:easy:1")  # warm: the generator's modules imported
        if args.workers:
            compare_workers(page, list(map(int, args.sizes.split(","))), args.levels.split(","), args.seeds,
                            args.colours, [int(w) for w in args.workers.split(",")])
            print(f"chromium {browser.version}, load {os.getloadavg()[0]:.1f}, page isolated "
                  f"{page.evaluate('crossOriginIsolated')}, cores {page.evaluate('navigator.hardwareConcurrency')}")
            browser.close()
            httpd.shutdown()
            return 0
        for size in map(int, args.sizes.split(",")):
            for level in args.levels.split(","):
                b, b_cpu, c_cpu, c_wall, failed = [], [], [], [], 0
                for seed in range(1, args.seeds + 1):
                    recipe = f"nonogram:{size}x{size}:{args.colours}:{level}:{seed}"
                    before = children_cpu()
                    try:
                        got = page.evaluate(MAKE, recipe)
                    except Exception:  # noqa: BLE001 - the seed makes no puzzle of this level
                        failed += 1
                        continue
                    b_cpu.append(children_cpu() - before)
                    t, w = time.process_time(), time.perf_counter()
                    ref = api.task("nonogram", "generate", {"recipe": recipe})["result"]["puzzle"]
                    c_cpu.append(time.process_time() - t)
                    c_wall.append(time.perf_counter() - w)
                    b.append(got["s"])
                    print(f"  {recipe}: browser {b_cpu[-1]:.2f} s CPU, {b[-1]:.2f} s wall; CPython "
                          f"{c_cpu[-1]:.2f} s CPU", file=sys.stderr, flush=True)  # a long run can be read as it goes
                    assert json.loads(got["puzzle"]) == ref, f"{recipe}: the worker's puzzle differs"
                row = {"size": size, "colours": args.colours, "level": level, "made": len(b), "failed": failed,
                       "browser_cpu": [statistics.median(b_cpu), pct(b_cpu, 0.95)] if b else None,
                       "browser_wall": [statistics.median(b), pct(b, 0.95)] if b else None,
                       "cpython_cpu": [statistics.median(c_cpu), pct(c_cpu, 0.95)] if b else None,
                       "cpython_wall": [statistics.median(c_wall), pct(c_wall, 0.95)] if b else None}
                rows.append(row)
                print(json.dumps(row), flush=True)
        out = {"chromium": browser.version, "load": os.getloadavg(), "rows": rows}
        browser.close()
    httpd.shutdown()
    print("| size, level | made | browser CPU p50 / p95 (s) | browser wall p50 / p95 | CPython CPU p50 / p95 "
          "| CPython wall p50 / p95 | browser / CPython CPU (p50) |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        if not r["made"]:
            print(f"| {r['size']}×{r['size']} {r['colours']}c {r['level']} | 0/{r['made'] + r['failed']} | - | - | - | - | - |")
            continue
        f = lambda v: f"{v[0]:.2f} / {v[1]:.2f}"  # noqa: E731
        ratio = r["browser_cpu"][0] / max(r["cpython_cpu"][0], 1e-9)
        print(f"| {r['size']}×{r['size']} {r['colours']}c {r['level']} | {r['made']}/{r['made'] + r['failed']} | "
              f"{f(r['browser_cpu'])} | {f(r['browser_wall'])} | "
              f"{f(r['cpython_cpu'])} | {f(r['cpython_wall'])} | {ratio:.1f}× |")
    print(f"chromium {out['chromium']}, load {out['load'][0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
