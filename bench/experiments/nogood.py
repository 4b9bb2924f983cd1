"""Conflict-driven core for black-and-white puzzles: trail, nogoods, analysis.

A CDCL engine in the spirit of lazy clause generation, with the complete line
solver as the propagator of every row and column (used by :mod:`experiments.learn`,
which adds probing, decisions, restarts and the :func:`solve` entry point):

* Variables are cells (``v = y * width + x``); literal ``2 * v + 1`` means
  filled, ``2 * v`` empty, ``lit ^ 1`` is the negation. Assignments live on a
  trail with decision levels; the per-line (empty, filled) "cans" states of
  :mod:`pysolver.nonogram.solver.line` are kept in step with the trail (a line's state is the
  all-unknown line narrowed by its assigned cells), so line results come from
  the engine's shared caches (``Engine.row_cache``/``col_cache``).
* Propagation: clauses (two watched literals) first, then the queue of changed
  lines. A cell a line fixes gets that line as its reason; the explanation is
  computed lazily at conflict analysis from the line's state when it was
  solved, minimized greedily (a cell is dropped while the line solver still
  refutes the opposite value) and cached per (line, state, literal). A
  failing line's conflict is its known cells, minimized likewise. Level-0
  cells are facts and never appear in explanations.
* 1-UIP conflict analysis (optionally dropping literals implied by the
  others), VSIDS-like activities with decay, phase saving, deletion of
  learned clauses by LBD.
"""
from __future__ import annotations

import heapq

from pysolver.nonogram.solver.line import solve_cans, spend

_MISS = object()
NONE = -1  # reason of a decision or a level-0 fact
DEC = -(1 << 40)  # reason of a fact implied by all the decisions above it


class Core:
    """The trail, clauses and line states of one puzzle (black-and-white)."""

    def __init__(self, eng, check, minimize=True, decay=0.95, shrink=False):
        self.eng = eng
        self.check = check  # called regularly; may raise to stop
        self.minimize = minimize
        self.shrink = shrink
        self.decay = 1.0 / decay
        w, h = eng.w, eng.h
        self.w, self.h = w, h
        self.n = n = w * h
        self.val = [-1] * n
        self.level = [0] * n
        self.reason = [NONE] * n  # NONE, DEC, a clause index, or -2 - line
        self.rstate = [None] * n  # the state of the line that fixed the cell
        self.xcache = {}
        self.pos = [0] * n
        self.phase = [0] * n
        self.act = [0.0] * n
        self.inc = 1.0
        self.heap = []
        self.seen = bytearray(n)
        self.trail = []
        self.lim = []
        self.qhead = 0
        self.dirty = 0  # lines to solve, as a bit mask over line indexes
        self.popped = 0  # lines solved (narrowed) since the caller last reset it
        # line states: rows 0..h-1, then columns h..h+w-1
        self.lines = [((1 << w) - 1,) * 2 for _ in range(h)] + \
                     [((1 << h) - 1,) * 2 for _ in range(w)]
        self.caches = eng.row_cache + eng.col_cache
        self.clues = eng.row_clues + eng.col_clues
        # per line: (length, first cell, cell step, offset of the crossing lines,
        # the line's bit in a crossing line)
        self.geom = [(w, y * w, 1, h, 1 << y) for y in range(h)] + \
                    [(h, x, w, 0, 1 << x) for x in range(w)]
        self.clauses = []
        self.lbd = []
        self.learnts = []
        self.max_learnts = 2000
        self.watches = [[] for _ in range(2 * n)]
        self.decisions = self.conflicts = self.line_solves = self.explain_solves = 0

    # -- assignment ----------------------------------------------------------
    def assign(self, lit, reason):
        """Make ``lit`` true at the current level (the cell must be unassigned)."""
        v = lit >> 1
        b = lit & 1
        w = self.w
        y, x = divmod(v, w)
        self.val[v] = b
        self.level[v] = len(self.lim)
        self.reason[v] = reason
        self.pos[v] = len(self.trail)
        self.trail.append(lit)
        lines = self.lines
        r, c = lines[y], lines[self.h + x]
        if b:
            lines[y] = (r[0] & ~(1 << x), r[1])
            lines[self.h + x] = (c[0] & ~(1 << y), c[1])
        else:
            lines[y] = (r[0], r[1] & ~(1 << x))
            lines[self.h + x] = (c[0], c[1] & ~(1 << y))
        self.dirty |= (1 << y) | (1 << (self.h + x))

    def backjump(self, lvl, requeue=True):
        """Undo every assignment above decision level ``lvl``. ``requeue=False``
        (after a probing trial, which bumps nothing): the cells keep the
        decision-queue entries they had before it."""
        if len(self.lim) <= lvl:
            return
        stop = self.lim[lvl]
        trail, val, phase, lines = self.trail, self.val, self.phase, self.lines
        act, heap, w, h = self.act, self.heap, self.w, self.h
        push = heapq.heappush
        for i in range(len(trail) - 1, stop - 1, -1):
            lit = trail[i]
            v = lit >> 1
            val[v] = -1
            phase[v] = lit & 1
            y, x = divmod(v, w)
            bx, by = 1 << x, 1 << y
            r, c = lines[y], lines[h + x]
            lines[y] = (r[0] | bx, r[1] | bx)
            lines[h + x] = (c[0] | by, c[1] | by)
            if requeue:
                push(heap, (-act[v], v))
        del trail[stop:]
        del self.lim[lvl:]
        self.qhead = len(trail)
        self.dirty = 0

    # -- propagation -----------------------------------------------------------
    def propagate(self):
        """Clauses then lines to a fixpoint. Returns None, or the conflict as a
        list of false literals."""
        trail, val, level, reason, pos, rstate = (self.trail, self.val, self.level,
                                                  self.reason, self.pos, self.rstate)
        watches, clauses = self.watches, self.clauses
        lines, caches, clues, geom = self.lines, self.caches, self.clues, self.geom
        dl = len(self.lim)
        solves = 0
        while True:
            qhead = self.qhead
            while qhead < len(trail):
                false = trail[qhead] ^ 1
                qhead += 1
                ws = watches[false]
                i = j = 0
                nws = len(ws)
                while i < nws:
                    ci = ws[i]
                    i += 1
                    c = clauses[ci]
                    if c is None:
                        continue
                    if c[0] == false:
                        c[0] = c[1]
                        c[1] = false
                    first = c[0]
                    fv = val[first >> 1]
                    if fv == first & 1:
                        ws[j] = ci
                        j += 1
                        continue
                    for k in range(2, len(c)):
                        q = c[k]
                        if val[q >> 1] != (q & 1) ^ 1:
                            c[1] = q
                            c[k] = false
                            watches[q].append(ci)
                            break
                    else:
                        ws[j] = ci
                        j += 1
                        if fv < 0:
                            self.assign(first, ci)
                        else:
                            while i < nws:
                                ws[j] = ws[i]
                                j += 1
                                i += 1
                            del ws[j:]
                            self.qhead = qhead
                            self.line_solves += solves
                            return list(c)
                del ws[j:]
            self.qhead = qhead
            dirty = self.dirty
            if not dirty:
                self.line_solves += solves
                return None
            low = dirty & -dirty
            self.dirty = dirty ^ low
            self.popped |= low
            li = low.bit_length() - 1
            solves += 1
            old = lines[li]
            cache = caches[li]
            new = cache.get(old, _MISS)
            if new is _MISS:
                spend()
                new = cache[old] = solve_cans(clues[li], geom[li][0], old)
            if new is None:
                self.line_solves += solves
                self.dirty = 0
                return self.explain(li, None, old)
            if new == old:
                continue
            lines[li] = new
            _, base, step, cross, nb = geom[li]
            nb = ~nb
            r = -2 - li
            filled = old[0] & ~new[0]  # cells that lost "empty"
            empty = old[1] & ~new[1]
            for b, gone in ((1, filled), (0, empty)):
                while gone:
                    lowb = gone & -gone
                    gone ^= lowb
                    p = lowb.bit_length() - 1
                    v = base + p * step
                    val[v] = b
                    level[v] = dl
                    reason[v] = r
                    rstate[v] = old
                    pos[v] = len(trail)
                    trail.append(2 * v + b)
                    c = lines[cross + p]
                    lines[cross + p] = (c[0] & nb, c[1]) if b else (c[0], c[1] & nb)
            self.dirty |= (filled | empty) << cross

    # -- explanations --------------------------------------------------------
    def explain(self, li, target, state):
        """False literals whose truth made line ``li`` imply ``target`` (a
        literal, or None: the line failed) in line state ``state`` (the line's
        (empty, filled) masks when it was solved). Level-0 cells are left out
        (always true). Minimal explanations are cached per line state."""
        key = (li, state, target)
        kept = self.xcache.get(key)
        if kept is None:
            kept = self._minimal(li, state, target)
            if len(self.xcache) > 100_000:
                self.xcache.clear()
            self.xcache[key] = kept
        ke, kf = kept
        level = self.level
        out = []
        _, base, step, _, _ = self.geom[li]
        for b, m in ((1, ke), (0, kf)):
            while m:
                low = m & -m
                m ^= low
                v = base + (low.bit_length() - 1) * step
                if level[v]:
                    out.append(2 * v + 1 - b)
        return out

    def _minimal(self, li, state, target):
        """(filled, empty) masks of a subset of the known cells of ``state``
        that still implies ``target`` (refutes its negation) or still fails."""
        n, base, step, _, _ = self.geom[li]
        full = (1 << n) - 1
        e, f = state
        if target is not None:
            p = ((target >> 1) - base) // step  # the cell's position along the line
            if target & 1:  # refute "filled": the cell is empty
                f &= ~(1 << p)
            else:
                e &= ~(1 << p)
        filled, empty = full & ~e, full & ~f  # the known cells (and the refuted one)
        if target is not None:
            filled &= ~(1 << p)
            empty &= ~(1 << p)
        if not self.minimize or (filled | empty).bit_count() <= 1:
            return filled, empty
        cache, clue = self.caches[li], self.clues[li]
        level, pos = self.level, self.pos
        cand = []
        for m in (filled, empty):
            while m:
                low = m & -m
                m ^= low
                v = base + (low.bit_length() - 1) * step
                # level-0 cells are free: drop them first; then the latest
                cand.append((-1 if not level[v] else pos[v], low))
        cand.sort(reverse=True)
        cand.sort(key=lambda t: t[0] >= 0)
        for _, bit in cand:
            st = (e | bit, f | bit)
            r = cache.get(st, _MISS)
            if r is _MISS:
                spend()
                r = cache[st] = solve_cans(clue, n, st)
            self.explain_solves += 1
            if r is None:
                e, f = st  # still refuted without this cell
                filled &= ~bit
                empty &= ~bit
        return filled, empty

    def reason_lits(self, v):
        """False literals that imply the value of assigned cell ``v``."""
        r = self.reason[v]
        if r >= 0:
            return self.clauses[r][1:]
        if r == DEC:  # a probing union fact: the decisions above it imply it
            trail, lim = self.trail, self.lim
            return [trail[lim[i]] ^ 1 for i in range(self.level[v])]
        return self.explain(-2 - r, 2 * v + self.val[v], self.rstate[v])

    # -- conflict analysis ---------------------------------------------------
    def analyze(self, confl):
        """1-UIP learned clause (asserting literal first) and the backjump level."""
        seen, level, trail, act = self.seen, self.level, self.trail, self.act
        dl = len(self.lim)
        learnt = [0]
        clear = []
        counter = 0
        idx = len(trail) - 1
        lits = confl
        inc = self.inc
        while True:
            for q in lits:
                u = q >> 1
                if seen[u]:
                    continue
                lu = level[u]
                if not lu:
                    continue
                seen[u] = 1
                clear.append(u)
                act[u] += inc
                if lu == dl:
                    counter += 1
                else:
                    learnt.append(q)
            if not counter:
                raise RuntimeError("conflict without a current-level literal")
            while not seen[trail[idx] >> 1]:
                idx -= 1
            p = trail[idx]
            idx -= 1
            counter -= 1
            if not counter:
                break
            lits = self.reason_lits(p >> 1)
        learnt[0] = p ^ 1
        if self.shrink and len(learnt) > 2:
            # drop literals implied by the others (and level-0 facts)
            reason = self.reason
            out = [learnt[0]]
            for q in learnt[1:]:
                u = q >> 1
                if reason[u] == NONE:
                    out.append(q)
                    continue
                for r in self.reason_lits(u):
                    ru = r >> 1
                    if not seen[ru] and level[ru]:
                        out.append(q)
                        break
            learnt = out
        for u in clear:
            seen[u] = 0
        if inc > 1e100 or act[p >> 1] > 1e100:
            self._rescale()
        self.inc *= self.decay
        bt = 0
        if len(learnt) > 1:
            k = max(range(1, len(learnt)), key=lambda i: level[learnt[i] >> 1])
            learnt[1], learnt[k] = learnt[k], learnt[1]
            bt = level[learnt[1] >> 1]
        return learnt, bt

    def _rescale(self):
        act = self.act
        for v in range(self.n):
            act[v] *= 1e-100
        self.inc *= 1e-100
        self.heap = [(-act[v], v) for v in range(self.n) if self.val[v] < 0]
        heapq.heapify(self.heap)

    def add_clause(self, lits, learnt):
        """Store a clause whose first literal is unassigned and the rest false,
        and assert its first literal (a unit clause becomes a level-0 fact)."""
        if len(lits) == 1:
            self.assign(lits[0], NONE)
            return
        ci = len(self.clauses)
        self.clauses.append(lits)
        self.watches[lits[0]].append(ci)
        self.watches[lits[1]].append(ci)
        if learnt:
            self.learnts.append(ci)
            self.lbd.append(len({self.level[q >> 1] for q in lits}))
        else:
            self.lbd.append(0)
        self.assign(lits[0], ci)

    def reduce_db(self):
        """Forget the half of the learned clauses with the highest LBD."""
        clauses, lbd, reason, val = self.clauses, self.lbd, self.reason, self.val
        live = [ci for ci in self.learnts if clauses[ci] is not None]
        live.sort(key=lambda ci: (lbd[ci], -ci))
        keep = live[:len(live) // 2]
        for ci in live[len(live) // 2:]:
            v = clauses[ci][0] >> 1
            if lbd[ci] <= 2 or (val[v] >= 0 and reason[v] == ci):
                keep.append(ci)
            else:
                clauses[ci] = None
        self.learnts = keep
        self.max_learnts = int(self.max_learnts * 1.1)

    def pick(self):
        """The unassigned cell of highest activity (None when all are assigned)."""
        heap, val, act = self.heap, self.val, self.act
        pop = heapq.heappop
        while heap:
            a, v = pop(heap)
            if val[v] < 0 and -a == act[v]:
                return v
        for v in range(self.n):  # safety net: entries are pushed on every undo
            if val[v] < 0:
                return v
        return None
