"""The golden file of the Nikoli hint walk (tests/golden/nikoli-walks.json): generated
puzzles of every family at 5, 7 and 10, each with its solution, its walk's summary
(``trace``: every step played) and a digest of every answer trial.step gave on the
way (unit, value, rules, the marks read, depth, words: what a hint says); and a few
puzzles generated at a level (the generator's whole answer). A faster checker must
give all of it unchanged (tests/test_nikoli_walk_same.py).

    .venv/bin/python tests/nikoli_walk_golden.py --write     regenerate (needs clingo)
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver.nikoli import aspsolve, generate, trial, walk  # noqa: E402
from pysolver.nikoli.url import read_url  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "nikoli-walks.json"
FAMILIES = ("nurikabe", "heyawake", "masyu", "bag")
SIZES, SEEDS = (5, 7, 10), (1, 2)
LEVELLED = [("nurikabe", 10, 1, "easy"), ("masyu", 10, 1, "easy"), ("nurikabe", 7, 2, "medium"),
            ("masyu", 7, 2, "medium")]


def walked(grid, solution) -> dict:
    """The walk's summary with ``steps_digest``: every trial.step answer on the way."""
    digest, step = hashlib.sha1(), trial.step

    def recorded(*args, **kw):
        found = step(*args, **kw)
        digest.update(repr(found).encode())
        return found
    trial.step = recorded
    try:
        out = walk.walk(grid, solution, trace=True)
    finally:
        trial.step = step
    out["played"] = [[list(u), v, k] for u, v, k in out["played"]]
    out["steps_digest"] = digest.hexdigest()
    return out


def record() -> dict:
    walks = []
    for family in FAMILIES:
        for n in SIZES:
            for seed in SEEDS:
                url = generate.generate(family, n, n, seed)[1]["url"]
                grid = read_url(url)
                r = aspsolve.solve(grid, 2)
                assert r["status"] == "unique"
                solution = r["solutions"][0]
                walks.append({"url": url, "solution": solution, "walk": walked(grid, solution)})
    levelled = [{"args": [f, n, seed, level],
                 "result": generate.generate(f, n, n, seed, level=level)[1]}
                for f, n, seed, level in LEVELLED]
    return {"walks": walks, "levelled": levelled}


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {GOLDEN}")
