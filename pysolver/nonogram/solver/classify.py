"""Classification and difficulty of a puzzle.

Classes:
  ``line``     line logic alone solves it (the webpbn helper's standard);
  ``probe``    one-cell lookahead (probing) plus line logic solves it, no branching;
  ``search``   unique, but only branching (backtracking) finds the solution;
  ``multiple`` two or more solutions;
  ``none``     no solution;
  ``unknown``  the time limit ran out first.

Difficulty scale (a float, grows with the lookahead needed):
  0        no solution found by line logic alone (``none`` at once);
  1 .. 2   ``line``: 1 + the share of line solves per cell, capped, so big or
           many-pass puzzles sit higher (1.0 trivial, 2.0 very long chains);
  2 .. 3   ``probe``: 2 + probing passes that changed something / 10, capped;
  3 ..     ``search`` / ``multiple`` / ``none`` after search:
           3 + log10(search nodes), e.g. 3 for one branch, 5 for ~100 nodes.
"""
from __future__ import annotations

import math

from .search import solve


def classify(puzzle, timeout=None, should_stop=None, progress=None, cells=None, work=None):
    """Classify ``puzzle``; returns a dict.

    Keys: ``classification`` (see module doc), ``difficulty`` (float),
    ``status`` (the search status: unique/multiple/none/timeout/cancelled/budget),
    ``solutions`` (colour-index grids, at most two), ``nodes``, ``probes``,
    ``time_s``. ``cells``: optional starting grid (flat masks), e.g. the cells
    a puzzle shows at the start (the fix assistant's "given" suggestions).
    ``work``: a budget of line solves for the search (status "budget" when spent).
    """
    res = solve(puzzle, max_solutions=2, cells=cells, timeout=timeout, progress=progress,
                should_stop=should_stop, work=work)
    # the search's first step is line logic from the start: it tells these apart
    line_ok = res.failed is None
    line_solved = res.status == "unique" and res.classification_hint == "line"
    out = {"status": res.status, "solutions": res.solutions, "nodes": res.nodes,
           "probes": res.probes, "time_s": res.time_s}
    ncells = puzzle.width * puzzle.height
    if not line_ok:
        out.update(classification="none", difficulty=0.0)
    elif line_solved:
        share = res.line_solves / max(1, ncells)
        out.update(classification="line", difficulty=round(1 + min(1.0, share / 4), 3))
    elif res.status in ("timeout", "cancelled", "budget"):
        out.update(classification="unknown", difficulty=None)
    elif res.status == "unique" and res.classification_hint == "probe":
        passes = res.probe_productive
        out.update(classification="probe", difficulty=round(2 + min(1.0, passes / 10), 3))
    else:
        cls = {"unique": "search", "multiple": "multiple", "none": "none"}[res.status]
        out.update(classification=cls,
                   difficulty=round(3 + math.log10(max(1, res.nodes)), 3))
    return out
