"""Write tests/js/nikoli-asks.json: asks of the Nikoli tasks with native clingo's
answers, for tests/js/nikoli-ask.test.mjs (the same asks on clingo-wasm).

Run from the repository root: python tests/js/nikoli_asks.py
The file is self-contained (whole programs), so it stays a valid test when the
encodings change; regenerate it to test the new ones.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from pysolver.asp import tasks as asprun
from pysolver.nikoli import aspsolve, hints, url  # noqa: E402
from pysolver.asp.tasks import Ask  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402

CHOICE = "{ a; b; c }. :- a, b. #show a/0. #show b/0. #show c/0."
PIGEONS = ("p(1..8). h(1..7). 1 { in(P, H) : h(H) } 1 :- p(P). "
           ":- in(P, H), in(Q, H), P < Q.")
SMALL = [Ask(CHOICE, models=0), Ask(CHOICE, assume=(("a", True), ("b", True))),
         Ask(CHOICE, mode="brave"), Ask(CHOICE, mode="cautious", assume=(("a", True),)),
         Ask(CHOICE, mode="brave", assume=(("a", True), ("b", True))),
         Ask(CHOICE, assume=(("zzz(1)", False), ("c", True)), models=0),
         Ask(PIGEONS, limit=5), Ask(PIGEONS),
         Ask(CHOICE + ":~ not a. [1@0, 1] :~ c. [2@0, 2]", models=0),
         Ask(CHOICE + "#project a/0. #project b/0.", ("--project",), models=0)]  # hints' rule sets


def recorded(task, out):
    def solve(ask):
        out.append(ask)
        return asprun.solve_native(ask)
    return asprun.drive(task, solve)


def main():
    asks = list(SMALL)
    for family, link in sorted(EXAMPLES.items()):
        grid = url.read_url(link)
        empty = ["?" * grid.width] * grid.height
        recorded(hints.hint_task(grid, empty), asks)
        recorded(asprun.start("solve", {"puzzle": link, "max_solutions": 0}), asks)
    grid = url.read_url(EXAMPLES["masyu"])  # a mistake: the first loop cell left empty
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    x = next(i for i, ch in enumerate(solution[0]) if ch != ".")
    wrong = ["?" * x + "." + "?" * (grid.width - x - 1)] + ["?" * grid.width] * (grid.height - 1)
    recorded(hints.hint_task(grid, wrong), asks)
    programs, rows = [], []
    for ask in asks:
        d = ask.as_dict()
        if d["program"] not in programs:
            programs.append(d["program"])
        d["program"] = programs.index(d["program"])
        asprun._controls.clear()  # answered fresh, as clingo-wasm does
        d["answer"] = asprun.solve_native(ask)
        del d["answer"]["time_s"]
        rows.append(d)
    path = ROOT / "tests" / "js" / "nikoli-asks.json"
    path.write_text(json.dumps({"programs": programs, "asks": rows}, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    print(f"{path}: {len(rows)} asks, {len(programs)} programs")


if __name__ == "__main__":
    main()
