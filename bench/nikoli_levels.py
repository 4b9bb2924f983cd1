"""The Nikoli generators' levels (pysolver.nikoli.generate, step 5): per family, size and
level, how often a seed makes none, the CPU per puzzle, the attempts, and what the
minimal puzzles come out at (no level asked).

Usage (from the repository root):
  python3 bench/nikoli_levels.py [--families nurikabe,bag] [--sizes 5,7,10] [--seeds 1-20]
  python3 bench/nikoli_levels.py --plain [--sizes ...] [--seeds 1-40]   (no level asked: the spread)
  python3 bench/nikoli_levels.py --page [--families ...] [--sizes 10] [--seeds 1-5]   (the page, and native beside it)

A row: ``generate.generate(FAMILY, N, N, SEED, level=L)`` for every seed (CPU seconds,
process time: read them against another run on the same machine; attempts are work, the
same anywhere). ``--page``: the same recipes in headless Chromium (a built site; the
generator as New puzzle runs it, Python in the engine worker and clingo-wasm, wall seconds
by the page's clock), each beside native in this process (CPU seconds): the ratio is the
page's cost on this machine. The page's New puzzle offers the levels made within a few seconds there
(web/js/endless/daily.js ``levelsOf``; PERF.md "Nikoli levels").
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_ab import pct, seeds_of  # noqa: E402
from pysolver import stars  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nikoli import generate  # noqa: E402

FAMILIES = ("nurikabe", "heyawake", "masyu", "bag")


def levels(family, size, seeds):
    for level in stars.LEVELS:
        cpu, attempts, fails = [], [], 0
        for seed in seeds:
            t = time.process_time()
            try:
                _, info = generate.generate(family, size, size, seed, level=level)
                assert info["level"] == level, (family, size, seed, info["level"])
                attempts.append(info["attempts"])
            except PuzzleError:
                fails += 1
            cpu.append(time.process_time() - t)
        print(f"| {family} {size}×{size} | {level} | {fails} of {len(cpu)} | {pct(cpu, .5):.2f} / "
              f"{pct(cpu, .95):.2f} / {max(cpu):.2f} | {sum(attempts) / max(1, len(attempts)):.1f} |",
              flush=True)


def plain(family, size, seeds):
    got = collections.Counter(generate.generate(family, size, size, s)[1]["level"] for s in seeds)
    print(f"| {family} {size}×{size} | " + " | ".join(str(got[lv]) for lv in stars.LEVELS) + " |", flush=True)


GENERATE = """async ([family, size, seed, level]) => {
  const m = await import("./js/genres/nikoli/asp.js");
  const t0 = performance.now();
  try {
    const info = await m.nikoliGenerate(window.nonogramApp.engine, family, size, size, seed, { level });
    return { s: (performance.now() - t0) / 1000, level: info.level };
  } catch (err) {  // a seed that makes none at the level
    return { s: (performance.now() - t0) / 1000, level: level, none: String(err.message || err) };
  }
}"""


def page(families, sizes, seeds, levels):
    from playwright.sync_api import sync_playwright
    from browser import FLAGS, serve  # bench/browser.py
    httpd, url = serve()
    print("| family, size | level | page wall p50 / max (s) | native CPU p50 / max (s) | page / native (sums) | "
          "seeds making none (page, native) |\n|---|---|---|---|---|---|")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        tab = browser.new_context().new_page()
        tab.goto(url)
        tab.wait_for_function("() => window.nonogramApp && window.nonogramApp.engine.status === 'ready'",
                              timeout=300_000)
        tab.evaluate(GENERATE, ["bag", 5, 1, "easy"])  # clingo-wasm started
        for family in families:
            for size in sizes:
                for level in levels:
                    walls, cpus, none = [], [], [0, 0]
                    for seed in seeds:
                        r = tab.evaluate(GENERATE, [family, size, seed, level])
                        assert r["level"] == level, (family, size, seed, r)
                        walls.append(r["s"])
                        none[0] += "none" in r
                        t = time.process_time()
                        try:
                            generate.generate(family, size, size, seed, level=level)
                        except PuzzleError:
                            none[1] += 1
                        cpus.append(time.process_time() - t)
                    print(f"| {family} {size}×{size} | {level} | {pct(walls, .5):.2f} / {max(walls):.2f} | "
                          f"{pct(cpus, .5):.2f} / {max(cpus):.2f} | {sum(walls) / sum(cpus):.1f} | "
                          f"{none[0]}, {none[1]} |", flush=True)
        browser.close()
    httpd.shutdown()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--sizes", default="5,7,10")
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--plain", action="store_true", help="no level asked: the levels minimal puzzles come out at")
    ap.add_argument("--page", action="store_true", help="in headless Chromium, native beside it")
    ap.add_argument("--levels", default=",".join(stars.LEVELS), help="--page: these levels")
    a = ap.parse_args(argv)
    seeds = seeds_of(a.seeds)
    if a.page:
        return page(a.families.split(","), [int(n) for n in a.sizes.split(",")], seeds, a.levels.split(","))
    if a.plain:
        print("| family, size | " + " | ".join(stars.LEVELS) + " |\n|---|---|---|---|---|")
    else:
        print("| family, size | level | seeds making none | CPU p50 / p95 / max (s) | attempts (mean) |\n"
              "|---|---|---|---|---|")
    for family in a.families.split(","):
        for size in map(int, a.sizes.split(",")):
            (plain if a.plain else levels)(family, size, seeds)


if __name__ == "__main__":
    main()
