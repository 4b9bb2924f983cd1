#!/usr/bin/env python3
"""The Nikoli solve on clingo-wasm, with and without the options the solve asks for
(aspsolve.solve_args: the root lookahead on large Nurikabe), in one page (issue 30).

    python bench/nikoli_wasm_solve.py --match Nurikabe/0690 --match Nurikabe/1055 [--cap 900]

Per instance of bench/nikoli-instances/noqx-set.txt matching a --match: the built site's
engine worker gives the solve task's clingo call (its one ask: the strong program, two
models), then the page runs it on clingo-wasm (js/genres/nikoli/asp.js answerAsk) as
asked and with no options, alternating which goes first per instance; each run timed by
the page's clock and by the CPU its renderer processes used (/proc: the load inflates the
wall, hardly the CPU), capped at --cap wall seconds (then "cut"). The native peer: the same
ask on native clingo in a child process (CPU, capped by --native-cap), both ways. Needs a built site and Debian's
chromium; timings are reported, never asserted.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from browser import serve  # noqa: E402  (bench/browser.py)
from hint_latency import Page, engine_page, renderers  # noqa: E402

SET = ROOT / "bench" / "nikoli-instances" / "noqx-set.txt"
FIRST_ASK = """async (link) => {
  const reply = await window.nonogramApp.engine.call("nikoli_start",
    {task: "solve", args: {puzzle: link, max_solutions: 2}});
  return reply.ask;
}"""
ANSWER = """async ([ask, timeoutMs]) => {
  const m = await import("./js/genres/nikoli/asp.js");
  const t = performance.now();
  const a = await m.answerAsk(ask, {timeoutMs});
  return {ms: performance.now() - t, sat: a.sat, models: a.models.length,
          exhausted: a.exhausted, conflicts: a.conflicts};
}"""


def links(matches):
    for line in SET.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 2 and any(m in line for m in matches):
            yield parts[0], parts[1].split("=")[0].split(":")[-1]


def verdict(r):
    if r["sat"] is None:
        return "cut"
    return {0: "none", 1: "unique" if r["exhausted"] else "solved"}.get(r["models"], "multiple")


PEER = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_CPU, (int(sys.argv[1]), int(sys.argv[1]) + 5))
sys.path.insert(0, sys.argv[2])
from pysolver.asp import tasks
ask = tasks.Ask.from_dict(json.load(sys.stdin))
t = time.process_time()
a = tasks.solve_native(ask)
n = len(a["models"])
print(json.dumps({"cpu_s": round(time.process_time() - t, 3), "conflicts": a["conflicts"],
      "verdict": {0: "none", 1: "unique" if a["exhausted"] else "solved"}.get(n, "multiple")}))
"""


def native(ask, cap):
    """The same ask on native clingo in a child capped at ``cap`` CPU seconds."""
    r = subprocess.run([sys.executable, "-c", PEER, str(int(cap)), str(ROOT)], input=json.dumps(ask),
                       capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else {"cpu_s": cap, "verdict": "cut"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--match", action="append", required=True, help="text of the set's line")
    ap.add_argument("--cap", type=float, default=900, help="wall seconds per page run")
    ap.add_argument("--ways", default="asked,none", help="asked (the task's options), none")
    ap.add_argument("--no-native", action="store_true")
    ap.add_argument("--native-cap", type=float, default=60, help="CPU seconds of the native peer")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    rows = []
    httpd, url = serve()
    try:
        with sync_playwright() as pw:
            browser, page = engine_page(pw, url)
            pg = Page(page)
            for k, (link, name) in enumerate(links(a.match)):
                ask = page.evaluate(FIRST_ASK, link)
                plain = dict(ask, args=[])
                row = {"name": name, "args": ask["args"]}
                order = [(w, o) for w, o in (("asked", ask), ("none", plain))
                         if w in a.ways.split(",")]
                for label, one in order if k % 2 == 0 else order[::-1]:
                    pg.pids = renderers()  # clingo-wasm's worker may be new
                    r, cpu = pg.call(ANSWER, [one, int(a.cap * 1000)])
                    row[label] = {"wall_s": round(r["ms"] / 1000, 2), "page_cpu_s": round(cpu, 2),
                                  "conflicts": r["conflicts"], "verdict": verdict(r)}
                    print(name, label, "page", json.dumps(row[label]), flush=True)
                    if not a.no_native:
                        row[label]["native"] = native(one, a.native_cap)
                        print(name, label, "native", json.dumps(row[label]["native"]), flush=True)
                rows.append(row)
                if a.json:
                    a.json.write_text(json.dumps(rows, indent=1))
            browser.close()
    finally:
        httpd.shutdown()


if __name__ == "__main__":
    main()
