"""site/learn.json: what the page teaches before the engine is ready (web/js/learn/).

One source for each genre's rules: the engine's genre data (pysolver.registry,
``Genre.rules`` and ``title``), written here so the page shows them at once. Each
genre's example is a built-in puzzle with its solution, solved at build time
(nonograms by the engine, the Nikoli genres by native clingo), which the rules
dialog draws. The guided first puzzle (TUTORIAL) ships with its steps: the Hint
engine's walk from the empty grid, each hint applied in turn, so the page can
guide the player while the engine still loads."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import ROOT, BuildError

# the guided first puzzle: small, solved line by line, every step explained by Hint
TUTORIAL = {
    "format": "pysolver", "version": 1, "title": "Tutorial: a heart",
    "author": "pysolver project", "license": "MIT", "width": 5, "height": 5,
    "colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"}, {"name": "black", "char": "#", "rgb": "000000"}],
    "rows": [[1, 1], [5], [5], [3], [1]], "columns": [[2], [4], [4], [4], [2]],
    "goal": [".#.#.", "#####", "#####", ".###.", "..#.."],
}
# the nonogram rules' picture: another one than the tutorial's, which it would give away
EXAMPLE_PICTURE = ["..#..", ".###.", "#####", ".#.#.", ".###."]


def clues_of(picture):
    """Rows and columns of a black-and-white picture as nonogram clues (run lengths)."""
    runs = lambda line: [len(r) for r in "".join(line).split(".") if r]  # noqa: E731
    return [runs(r) for r in picture], [runs(c) for c in zip(*picture)]


# the puzzle each Nikoli genre's rules are drawn with, solved: one not in the library (a
# built-in's picture gave its answer away)
NIKOLI_EXAMPLE = "tools/build/rules-examples/{name}.txt"
MAX_STEPS = 100


def hint_walk(api, puzzle: dict) -> list:
    """The Hint engine's steps from the empty grid to the solution: {line, cells, explanation}."""
    w, h = puzzle["width"], puzzle["height"]
    state = [["?"] * w for _ in range(h)]
    steps = []
    for _ in range(MAX_STEPS):
        hint = api.run("nonogram", "hint", {"puzzle": puzzle, "state": ["".join(r) for r in state]})
        if hint["kind"] == "solved":
            break
        if hint["kind"] != "line" or not hint["cells"]:
            raise BuildError(f"the tutorial puzzle needs more than line logic: hint {hint['kind']!r}")
        for c in hint["cells"]:
            state[c["row"] - 1][c["column"] - 1] = c["value"]
        steps.append({k: hint[k] for k in ("line", "cells", "explanation")})
    else:
        raise BuildError(f"the tutorial puzzle was not solved in {MAX_STEPS} hints")
    if ["".join(r).replace("?", ".") for r in state] != puzzle["goal"]:
        raise BuildError("the tutorial's hint walk does not end at its picture")
    # the puzzle is won once its last filled cell is: steps of crosses after it are never
    # shown, and counting them ended the guide at "Step 8 of 9"
    while not any(c["value"] != "." for c in steps[-1]["cells"]):
        steps.pop()
    return steps


def example(api, genre) -> dict | None:
    """A genre's example puzzle and its solution, for the rules picture."""
    if genre.name == "nonogram":
        rows, columns = clues_of(EXAMPLE_PICTURE)
        return {"puzzle": {"width": len(EXAMPLE_PICTURE[0]), "height": len(EXAMPLE_PICTURE),
                           "rows": rows, "columns": columns}, "solution": EXAMPLE_PICTURE}
    path = ROOT / NIKOLI_EXAMPLE.format(name=genre.name)
    if not path.is_file():
        return None
    puzzle = api.read(path.read_text(), path.name)["puzzles"][0]
    from pysolver.asp.run import ClingoMissing
    try:
        res = api.run(genre.name, "solve", {"puzzle": puzzle["url"], "max_solutions": 1})
    except ClingoMissing as e:  # an old .venv made before the build needed clingo
        raise BuildError(f"{e}; scripts/setup installs it") from None
    if not res.get("solutions"):
        raise BuildError(f"{path}: no solution found for the rules picture ({res.get('status')})")
    return {"puzzle": puzzle, "solution": res["solutions"][0]}


def write_learn(site: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from pysolver import api, registry
    genres = {g.name: {"title": g.title, "rules": list(g.rules), "example": example(api, g)}
              for g in registry.GENRES.values()}
    out = {"genres": genres, "tutorial": {"puzzle": TUTORIAL, "steps": hint_walk(api, TUTORIAL)}}
    (site / "learn.json").write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n")
