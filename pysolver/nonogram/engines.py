"""The nonogram's two engines, each as the api's solve-result dict: pysolver's own
search and native clingo. The api calls them, and so do the race's children
(pysolver.app.race), which must not reach into the api's insides."""
from __future__ import annotations

from . import asp
from .puzzle import rows_text
from .solver import search


def _stats(res) -> dict:
    return {"nodes": res.nodes, "probes": res.probes, "line_solves": res.line_solves,
            "depth": res.depth, "count_exact": res.count_exact}


def classification(status, hint=""):
    if status in ("multiple", "none"):
        return status
    if status == "unique":
        return hint or None  # clingo cannot tell line / probe / search apart
    return None


def solve_pysolver(p, max_solutions, timeout, cells, progress, should_stop, options=None):
    """The default engine (solver/search.py; ``options``: a portfolio member's)."""
    res = search.solve(p, max_solutions=max_solutions, cells=cells, timeout=timeout,
                       progress=progress, should_stop=should_stop, **(options or {}))
    out = {"status": res.status, "solutions": [rows_text(p, g) for g in res.solutions],
           "classification": classification(res.status, res.classification_hint),
           "difficulty": None, "time_s": round(res.time_s, 4), "stats": _stats(res),
           "engine": "pysolver"}
    if res.failed:
        out["failed"] = {"axis": res.failed[0], "index": res.failed[1] + 1}
    return out


def solve_clingo(p, max_solutions, timeout, cells):
    """Native clingo (asp.py and pysolver.asp.run): ClingoMissing without the module."""
    out = asp.solve_native(p, max_solutions=max_solutions, timeout=timeout, known=cells)
    out.setdefault("classification", classification(out["status"]))
    out.setdefault("difficulty", None)
    return out
