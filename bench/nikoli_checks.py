"""The cost of issue 29's checks on the Nikoli benchmark: reading a URL with the
size policy (nikoli.model.check_work) and grounding through asp.ground (on a helper
thread waited for in slices, unless the estimated work is under asp.QUICK_WORK),
against the same solve without them ("old": the checks skipped, Control.ground
called directly), alternating per instance in one process.

Usage (from the repository root):
  python3 bench/nikoli_checks.py --sizes 10,15,20 --rounds 3

Reports CPU seconds (process_time: the grounding thread's time included) per way,
summed over every stored instance (bench/nikoli-instances) of the sizes, and the
relative cost of the checks.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.asp import run as asp  # noqa: E402
from pysolver.nikoli import aspsolve, url  # noqa: E402

INSTANCES = ROOT / "bench" / "nikoli-instances"


def _direct(ctl, *args):
    ctl.ground([("base", [])])
    return True


def _none(grid, where=""):
    return 0


def one(text: str, checks: bool) -> float:
    """CPU seconds to read the URL and solve it for two models."""
    saved = asp.ground, url.check_work, aspsolve.check_work
    if not checks:
        asp.ground, url.check_work, aspsolve.check_work = _direct, _none, _none
    try:
        t0 = time.process_time()
        grid = url.read_url(text)
        r = aspsolve.solve(grid, 2, timeout=600)
        spent = time.process_time() - t0
    finally:
        asp.ground, url.check_work, aspsolve.check_work = saved
    assert r["status"] == "unique", (text[:60], r["status"])
    return spent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--families", default="nurikabe,heyawake,masyu,bag")
    ap.add_argument("--sizes", default="10,15,20")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    urls = []
    for fam in args.families.split(","):
        for n in args.sizes.split(","):
            path = INSTANCES / f"{fam}-{n}x{n}.txt"
            urls += [ln.split()[-1] for ln in path.read_text().splitlines() if ln.strip()]
    total = {True: 0.0, False: 0.0}
    for k in range(args.rounds):
        for i, text in enumerate(urls):
            order = (True, False) if (i + k) % 2 == 0 else (False, True)  # alternate who starts
            for checks in order:
                total[checks] += one(text, checks)
    new, old = total[True], total[False]
    print(f"{len(urls)} instances x {args.rounds} rounds: with the checks {new:.2f} s CPU, "
          f"without {old:.2f} s; cost {100 * (new - old) / old:+.1f} %")


if __name__ == "__main__":
    main()
