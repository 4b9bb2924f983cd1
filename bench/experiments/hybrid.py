"""The hybrid mode, measured and not adopted (PERF.md, "clingo"): pysolver's
propagation (and budgeted probing) first, then native clingo on the residual
puzzle. bench/asp.py runs it as engine "hybrid"."""
from __future__ import annotations

import time

from pysolver.nonogram.asp import solve_native
from pysolver.nonogram.solver.probe import Stop, reduce
from pysolver.nonogram.puzzle import Puzzle, rows_text

PROBE_BUDGET_PER_CELL = 50e-6  # seconds of probing per grid cell
PROBE_MIN_DECIDED = 1 / 3  # probe only when propagation decided this share of the cells


def solve_hybrid(puzzle: Puzzle, max_solutions=2, timeout=None, known=None,
                 probing=True) -> dict:
    """pysolver's propagation (and probing) first, then clingo on what is left.

    The cells the engine decides become ``no/3`` facts and narrow every block's
    start range (leftmost/rightmost arrangements), so clingo grounds and searches
    only the residual puzzle. Deductions are sound, so a grid the engine completes
    is the unique solution and a contradiction means there is none. Probing in
    Python costs far more per cell than clingo's propagation, so it gets a budget
    in proportion to the grid (about what clingo needs to ground it), and only runs
    when line propagation already decided a good part of the grid (when it barely
    starts, probing is slow and leaves most of the work to clingo anyway); past the
    budget the propagated grid goes to clingo as it is.
    """

    t0 = time.perf_counter()
    deadline = None if timeout is None else t0 + timeout
    red = reduce(puzzle, cells=known, probing=False)
    probed = False
    decided = (sum(1 for m in red["cells"] if not m & (m - 1)) if red["status"] == "open"
               else 0)
    if probing and red["status"] == "open" and decided >= PROBE_MIN_DECIDED * len(red["cells"]):
        budget = PROBE_BUDGET_PER_CELL * puzzle.width * puzzle.height
        stop_at = time.perf_counter() + budget
        if deadline is not None:
            stop_at = min(stop_at, deadline)
        try:
            red = reduce(puzzle, cells=red["cells"], probing=True,
                         should_stop=lambda: time.perf_counter() > stop_at)
            probed = True
        except Stop:
            pass
    t_reduce = time.perf_counter() - t0
    cells = red["cells"]
    unknown = sum(1 for m in cells if m & (m - 1)) if cells else None
    extra = {"reduce_s": round(t_reduce, 4), "probes": red.get("probes", 0), "probed": probed,
             "residual_unknown": unknown, "hybrid": True}
    if red["status"] in ("contradiction", "solved"):
        grids = []
        if red["status"] == "solved":
            w = puzzle.width
            grids = [[[m.bit_length() - 1 for m in cells[y * w:(y + 1) * w]]
                      for y in range(puzzle.height)]]
        status = "none" if not grids else ("solved" if max_solutions == 1 else "unique")
        return {"status": status, "solutions": [rows_text(puzzle, g) for g in grids],
                "time_s": round(t_reduce, 4),
                "stats": dict(extra, choices=0, conflicts=0, count=len(grids), exhausted=True),
                "engine": "clingo"}
    left = None if deadline is None else max(0.0, deadline - time.perf_counter())
    res = solve_native(puzzle, max_solutions, left, known=cells)
    res["stats"].update(extra)
    res["time_s"] = round(time.perf_counter() - t0, 4)
    return res
