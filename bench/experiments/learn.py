"""Conflict-driven search with learned nogoods for black-and-white puzzles.

:mod:`experiments.nogood` holds the CDCL core (trail, line propagators with lazy,
minimized explanations, two-watched-literal nogoods, 1-UIP analysis). This
module adds the search:

* The root is the probing fixpoint of :class:`pysolver.nonogram.solver.probe.Prober`: its facts
  are level 0 (true in every solution, so they need no explanation). Below
  the root (``probing``, on by default) every node is probed: each unassigned
  cell is tried both ways as a temporary decision, and a failing trial is
  analysed like any conflict, so it teaches a nogood and may backjump. Cells
  whose trials taught nothing are not tried again until a line their trials
  changed narrows (the memo of :mod:`pysolver.nonogram.solver.probe`). With ``union``
  (default) the cells both trials fix alike are facts at the node; their
  reason is the node's decisions (sound, if weak for learning).
* Decisions (``branch="score"``, default) take the cell whose worse value
  fixes the most cells, the value fixing fewer first, as the probing search
  does; ``branch="activity"`` is VSIDS-like with phase saving. Luby restarts
  count the conflicts of decisions (not of probing trials).
* Solutions: a complete assignment is recorded, then blocked by the negation
  of its decisions, and the search goes on; a conflict at level 0 proves that
  there are no more, so the count is exact when the search ends.

``SolveResult.nodes`` counts decisions; ``conflicts`` counts conflicts
(failed probing trials included). Measured against the probing search of
:mod:`pysolver.nonogram.solver.search` in PERF.md ("Engine"): not faster on the TAAI puzzles,
so it stays here, out of the product (``bench/engine.py --method learn`` runs it).
"""
from __future__ import annotations

import heapq
import time

from pysolver.nonogram.solver import search as _search
from pysolver.nonogram.solver.probe import Prober, Stop
from pysolver.nonogram.solver.propagate import Engine
from pysolver.nonogram.solver.search import SolveResult, _luby

from .nogood import DEC, NONE, Core


class Learner(Core):
    """Core plus probing at the nodes, decisions, restarts and solutions."""

    def __init__(self, eng, check, minimize=True, restart_unit=100, decay=0.95,
                 probing=False, shrink=False, union=False, branch="activity"):
        super().__init__(eng, check, minimize, decay, shrink)
        self.restart_unit = restart_unit
        self.probing = probing
        self.union = union
        self.union_facts = 0
        self.probe_next = 0  # the probing pass resumes here after an event
        self.score = [0] * self.n  # fewest cells either value of a probed cell fixed
        self.branch = branch
        self.memo = {}  # cell -> lines its uninformative trials changed
        self.probes = self.probe_fails = 0

    # -- probing ---------------------------------------------------------------
    def probe(self):
        """Probing at the current node: each unassigned cell is tried both ways
        as a temporary decision. A trial that fails is analysed like any
        conflict (its learned clause asserts at or below this node); with
        ``union``, cells both trials fix alike are asserted at this node. Either
        event returns True (the pass resumes after that cell next time); False:
        a fixpoint, every unassigned cell's trials are uninformative."""
        memo = self.memo
        popped = self.popped
        if popped:
            dead = [v for v, lines in memo.items() if lines & popped]
            for v in dead:
                del memo[v]
            self.popped = 0
        trail, val, phase = self.trail, self.val, self.phase
        node = len(self.lim)
        n = self.n
        start = self.probe_next % n
        for i in range(start, start + n):
            v = i - n if i >= n else i
            if val[v] >= 0 or v in memo:
                continue
            self.probe_next = v + 1  # an event below resumes the pass after v
            lines = 0
            counts = []
            first = phase[v]
            for b in (first, 1 - first):
                self.probes += 1
                if not self.probes & 31:
                    self.check()
                t0 = len(trail)
                self.popped = 0
                self.lim.append(t0)
                self.assign(2 * v + b, NONE)
                confl = self.propagate()
                if confl is not None:
                    self.probe_fails += 1
                    self.conflicts += 1
                    learnt, bt = self.analyze(confl)
                    self.backjump(bt)
                    self.popped = 0  # the trial's lines did not narrow here
                    self.add_clause(learnt, True)
                    return True
                counts.append(len(trail) - t0)
                lines |= self.popped
                if self.union:
                    got = set(trail[t0 + 1:])
                    common = got if b == first else common & got
                self.backjump(node, False)
            self.popped = 0
            if self.union and common:
                # implied whichever value the cell takes: true at this node
                self.union_facts += len(common)
                r = DEC if node else NONE
                for lit in common:
                    self.assign(lit, r)
                return True
            memo[v] = lines
            self.score[v] = min(counts)
            if counts[1] < counts[0]:
                phase[v] = 1 - first  # the value that decides less first
        return False

    def pick_scored(self):
        """The unassigned cell with the best probing score (the most cells fixed
        by its worse value); activity breaks ties. None when all are assigned."""
        val, score, act = self.val, self.score, self.act
        best = None
        key = None
        for v in range(self.n):
            if val[v] < 0:
                k = (score[v], act[v])
                if best is None or k > key:
                    best, key = v, k
        return best

    # -- search --------------------------------------------------------------
    def search(self, on_solution):
        """Run to the end (True: every solution was reported) unless
        ``on_solution(grid)`` returns True (enough) or ``check`` raises Stop."""
        restart_i = 1
        limit = self.restart_unit * _luby(restart_i)
        since = 0
        ticks = 0
        while True:
            ticks += 1
            if not ticks & 15:
                self.check()
            confl = self.propagate()
            if confl is not None:
                self.conflicts += 1
                if not self.lim:
                    return True
                learnt, bt = self.analyze(confl)
                self.backjump(bt)
                self.add_clause(learnt, True)
                since += 1
                if len(self.learnts) >= self.max_learnts:
                    self.reduce_db()
                continue
            if since >= limit and self.lim:
                since = 0
                restart_i += 1
                limit = self.restart_unit * _luby(restart_i)
                self.backjump(0)
                continue
            if self.probing and self.probe():
                continue
            v = self.pick_scored() if self.branch == "score" else self.pick()
            if v is None:
                w = self.w
                val = self.val
                grid = [val[y * w:(y + 1) * w] for y in range(self.h)]
                if on_solution(grid):
                    return False
                dl = len(self.lim)
                if not dl:
                    return True
                block = [self.trail[self.lim[i]] ^ 1 for i in range(dl - 1, -1, -1)]
                self.backjump(dl - 1)
                self.add_clause(block, False)
                continue
            self.decisions += 1
            self.lim.append(len(self.trail))
            self.assign(2 * v + self.phase[v], NONE)


def solve(puzzle, max_solutions=2, cells=None, timeout=None, progress=None,
          should_stop=None, clock=time.monotonic, root_probe=True, minimize=True,
          restart_unit=100, probing=True, union=True, branch="score", shrink=False):
    """:func:`pysolver.nonogram.solver.search.solve` for black-and-white puzzles, by learning.

    Same contract and result; ``nodes`` counts decisions, ``conflicts`` the
    conflicts (failed probing trials included), ``probes`` the root's and the
    nodes' trials. ``root_probe``: start from the probing fixpoint (else from
    line propagation). ``probing``: failed-literal probing at every node.
    ``union``: probing facts from both trials. ``branch``: "score" or
    "activity" (see the module docstring).
    ``minimize``: minimize line explanations greedily. ``shrink``: drop the
    learned-clause literals implied by the others. ``restart_unit``: Luby
    restarts every ``restart_unit * luby(i)`` conflicts.
    Raises ValueError for multicolour puzzles (use the probing search).
    """
    start = clock()
    deadline = start + timeout if timeout is not None else None
    max_solutions = max(1, int(max_solutions))
    eng = Engine(puzzle)
    if eng.ncol != 2:
        raise ValueError("the learning search handles black-and-white puzzles only")
    res = SolveResult("none")
    found = {}
    total = eng.w * eng.h
    lrn = None
    check = _search.poller(clock, start, deadline, should_stop, progress, lambda now: {
        "known": len(lrn.trail) if lrn else 0, "total": total,
        "nodes": lrn.decisions if lrn else 0,
        "probes": prober.probes + (lrn.probes if lrn else 0),
        "solutions": len(found), "time_s": now - start})

    def add(grid):
        """Record a solution; True when enough are known."""
        key = tuple(map(tuple, grid))
        if key not in found and len(found) < max_solutions:
            found[key] = [list(r) for r in grid]
        return len(found) >= max_solutions

    def finish(status, exact=False):
        res.status = status
        res.solutions = list(found.values())
        res.count_exact = exact
        res.probes = prober.probes + (lrn.probes if lrn is not None else 0)
        res.probe_passes = prober.passes
        res.probe_productive = prober.productive_passes
        if lrn is not None:
            res.nodes = lrn.decisions
            res.conflicts = lrn.conflicts
            res.line_solves = eng.line_solves + lrn.line_solves + lrn.explain_solves
        else:
            res.line_solves = eng.line_solves
        res.time_s = clock() - start
        return res

    def verdict(exhausted):
        n = len(found)
        if n == 0:
            return finish("none", True)
        if n >= 2:
            return finish("multiple", exhausted)
        return finish("unique" if exhausted else "solved", exhausted)

    def on_probe_solution(rows):
        if add(eng.grid(rows)):
            raise Stop("enough")

    prober = Prober(eng, check, on_probe_solution)
    rows, cols = eng.initial(cells)
    if eng.run_all(rows, cols) < 0:
        res.failed = eng.failed
        res.classification_hint = "line"
        return finish("none", True)
    try:
        if eng.complete(rows):
            add(eng.grid(rows))
            res.classification_hint = "line"
            return verdict(True)
        if root_probe:
            out = prober.fixpoint(rows, cols)
            if out is None:
                res.classification_hint = "probe"
                return verdict(True)
            rows = out[0]
            if eng.complete(rows):
                add(eng.grid(rows))
                res.classification_hint = "probe"
                return verdict(True)
        res.classification_hint = "search"
        lrn = Learner(eng, check, minimize=minimize, restart_unit=restart_unit,
                      probing=probing, shrink=shrink, union=union, branch=branch)
        w = eng.w
        for y, (e, f) in enumerate(rows):
            for x in range(w):
                bit = 1 << x
                if not (e & bit) or not (f & bit):
                    lrn.assign(2 * (y * w + x) + (0 if e & bit else 1), NONE)
        lrn.dirty = (1 << (eng.w + eng.h)) - 1
        for v in range(lrn.n):
            if lrn.val[v] < 0:
                lrn.heap.append((0.0, v))
        heapq.heapify(lrn.heap)
        exhausted = lrn.search(add)
    except Stop as stop:
        if stop.reason != "enough":
            return finish(stop.reason)
        exhausted = False
    return verdict(exhausted)
