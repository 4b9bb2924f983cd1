"""CPU of one warm page load of the built site, the way the browser tests load it
(tests/browser/conftest.py), by how the tab is had: PERF.md "Tests".

    python bench/page_load_cpu.py [--rounds 8] [MODE ...]

Modes (each in a warm context of its own, the service worker blocked, the player's
state cleared before each load; loads taken in turns so the machine's load falls
on all alike):
    new      a new tab per load (closed after it)
    reused   one tab per context, sent to about:blank between loads
    routed   a new tab, every request routed through Playwright (route.continue_)
    no-engine  a new tab whose engine worker script is refused (the page alone)
One load: from the navigation to the engine ready (the page alone: 1 s after the
page booted), 0.3 s more; CPU is the growth over this process and every process
under it (Chromium's), a process that started in between counted whole.

--flags="A B" --flags="C" ...: the `reused` load in browsers launched with the tests'
flags plus each set (one browser each, loads in turns), to price a Chromium flag
("exe=PATH" among them: another Chromium binary, e.g. without Debian's wrapper).
--split: the median CPU by process type and renderer thread (bench/cpu_per_test.py).
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "browser"), str(ROOT)]
from conftest import CHROMIUM, CHROMIUM_FLAGS, PLAYER_STATE, SiteServer  # noqa: E402
from cpu_per_test import _split, _split_snapshot, _tree_cpu  # noqa: E402

MODES = ("new", "reused", "routed", "no-engine")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modes", nargs="*", help=" ".join(MODES))
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--flags", action="append", default=[], help="extra Chromium flags (a browser each)")
    ap.add_argument("--split", action="store_true")
    args = ap.parse_args()
    if args.flags:
        args.modes = [f"reused {f}".strip() for f in args.flags]
    args.modes = args.modes or ["new", "reused"]
    if not set(m.split()[0] for m in args.modes) <= set(MODES):
        ap.error(f"modes: {' '.join(MODES)}")
    from playwright.sync_api import sync_playwright

    server = SiteServer().start()
    me = os.getpid()
    cpu = {m: [] for m in args.modes}
    splits = {m: [] for m in args.modes}
    with sync_playwright() as pw:
        browsers = {}
        contexts, tabs = {}, {}
        for m in args.modes:
            extra = m.split()[1:]
            if tuple(extra) not in browsers:  # "exe=PATH": another Chromium binary
                exe = next((f[4:] for f in extra if f.startswith("exe=")), CHROMIUM)
                flags = [f for f in extra if not f.startswith("exe=")]
                browsers[tuple(extra)] = pw.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS + flags)
            ctx = contexts[m] = browsers[tuple(extra)].new_context(viewport={"width": 1280, "height": 900},
                                                                   service_workers="block")
            if m == "routed":
                ctx.route("**/*", lambda route: route.continue_())

        def load(m):
            ctx = contexts[m]
            if m.startswith("reused"):
                page = tabs.get(m) or ctx.new_page()
                tabs[m] = page
                page.goto("about:blank")
            else:
                page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            cdp.send("Storage.clearDataForOrigin", {"origin": server.url[:-1],
                                                    "storageTypes": PLAYER_STATE + ",service_workers"})
            cdp.detach()
            if m == "no-engine":
                page.route("**/engine-worker.js", lambda route: route.abort())
            before = _tree_cpu(me)
            split_before = _split_snapshot(before, me) if args.split else None
            page.goto(server.url)
            page.wait_for_selector("html[data-booted=true]")
            if m == "no-engine":
                page.wait_for_timeout(1000)
            else:
                page.wait_for_selector("#engine-status[data-status=ready]", timeout=90_000)
            page.wait_for_timeout(300)
            after = _tree_cpu(me)
            if args.split:
                splits[m].append(_split(split_before, _split_snapshot(after, me)))
            if not m.startswith("reused"):
                page.close()
            time.sleep(0.5)
            return sum(v - before.get(pid, 0.0) for pid, v in after.items())

        for m in args.modes:  # the first loads: a cold start, then the snapshot's first restore
            load(m)
            load(m)
        for _ in range(args.rounds):
            for m in args.modes:
                cpu[m].append(load(m))
        for browser in browsers.values():
            browser.close()
    server.stop()
    for m in args.modes:
        if args.split:
            keys = sorted({k for d in splits[m] for k in d})
            med = {k: statistics.median(d.get(k, 0.0) for d in splits[m]) for k in keys}
            print("   " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(med.items(), key=lambda kv: -kv[1]) if v >= 0.01))
        print(f"{m:10s} median {statistics.median(cpu[m]):.2f} CPU s  "
              f"({', '.join(f'{c:.2f}' for c in cpu[m])})")


if __name__ == "__main__":
    main()
