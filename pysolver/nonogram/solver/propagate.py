"""Line logic to a fixpoint over a queue of changed lines.

The solver state is two lists of per-line "cans" tuples (see :mod:`pysolver.nonogram.solver.line`):
``rows[y][c]`` has bit x set when cell (y, x) may still have colour c, and
``cols[x][c]`` bit y likewise. Tuples are immutable, so copying a state for
probing or branching is two shallow list copies.

:class:`Engine` holds the per-puzzle line solvers (cached by clue and line state)
and runs propagation; :func:`propagate` is the public, flat-grid wrapper used by
the hint module and the API.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .line import from_cans, line_solver, normalize_clue, positions, spend, to_cans, undecided
from .observe import Steps

# Positions of the set bits of a line's mask (the cells a line solve decided),
# memoised: most masks have a few low cells and come back often.
_POS = {}
# Cells of line solving (cache misses) between two calls of Engine.tick: about
# 5-10 ms of work here, so a deadline or a cancel is noticed well within 50 ms.
CHECK_CELLS = 20_000
# Line solves made by every Engine in this process (cache hits too): the same count
# natively and in the browser, whatever the caches hold, so the generator's lanes
# (pysolver.nonogram.lanes) measure their work by it.
_solved = [0]


def _positions(mask):
    """The positions of the bits of ``mask`` as a tuple, kept in _POS."""
    if len(_POS) >= 10_000:  # memory bound (a bigger memo hardly hits more often)
        _POS.clear()
    at = _POS[mask] = tuple(positions(mask))
    return at


def _reached(batch, i):
    """How many lines of ``batch`` come before ``i`` in its order."""
    return list(batch).index(i)


def solved() -> int:
    """Line solves every Engine of this process has made so far."""
    return _solved[0]


class Engine:
    """Per-puzzle propagation machinery shared by propagate, probe and search."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        self.w = w = puzzle.width
        self.h = h = puzzle.height
        self.ncol = len(puzzle.colors)
        self.row_clues = [normalize_clue(c) for c in puzzle.rows]
        self.col_clues = [normalize_clue(c) for c in puzzle.cols]
        self.row_solve = [line_solver(c, w) for c in self.row_clues]
        self.col_solve = [line_solver(c, h) for c in self.col_clues]
        self.row_cache = [f.cache for f in self.row_solve]
        self.col_cache = [f.cache for f in self.col_solve]
        self.unset = [~(1 << i) for i in range(max(w, h))]  # a line's bit cleared in a crossing one
        self.failed = None  # (axis, index) of the last contradiction
        self.chg_rows = self.chg_cols = 0
        self.line_solves = 0
        # called every CHECK_CELLS cells of work (may raise probe.Stop): the
        # search's deadline, cancel, work budget and progress check
        self.tick = None
        self.left = CHECK_CELLS
        self.on_line = None  # the observer's line event (pysolver.nonogram.solver.observe)

    def observe(self, observer):
        """Send this engine's line events to ``observer`` (None: no events)."""
        self.on_line = getattr(observer, "line", None) if observer is not None else None

    def _checkpoint(self, solves):
        """Propagation's check: count the solves so far, run the tick, and
        return the next allowance of cells."""
        self.line_solves += solves
        _solved[0] += solves
        self.left = CHECK_CELLS
        if self.tick is not None:
            self.tick()
        return CHECK_CELLS

    def work(self, cells):
        """Count work done outside propagation (e.g. a pass over the grid's cells)."""
        self.left -= cells
        if self.left <= 0:
            self.left = CHECK_CELLS
            if self.tick is not None:
                self.tick()

    # -- state conversion -------------------------------------------------
    def initial(self, cells=None):
        """(rows, cols) from a flat list of cell masks, or all-unknown."""
        w, h, ncol = self.w, self.h, self.ncol
        if cells is None:
            rfull, cfull = (1 << w) - 1, (1 << h) - 1
            return [(rfull,) * ncol for _ in range(h)], [(cfull,) * ncol for _ in range(w)]
        cells = list(cells)
        if len(cells) != w * h:
            raise ValueError(f"cells has {len(cells)} entries, the puzzle has {w * h} cells")
        rows = [to_cans(cells[y * w:(y + 1) * w], ncol) for y in range(h)]
        cols = [to_cans(cells[x::w], ncol) for x in range(w)]
        return rows, cols

    def cells(self, rows):
        """Flat row-major list of cell masks from row states."""
        out = []
        for r in rows:
            out.extend(from_cans(r, self.w))
        return out

    def grid(self, rows):
        """Colour-index grid (list of lists) of a fully known state."""
        return [[m.bit_length() - 1 for m in from_cans(r, self.w)] for r in rows]

    def state(self, rows):
        """State text of (rows): row strings, a decided cell's colour char, else ``?``.

        Whole-line int and byte operations (no loop per cell): the solve
        progress sends this for grids of a million cells.
        """
        w = self.w
        zero = int.from_bytes(b"0" * w, "big")
        chars = {0: "?"} | {c + 1: col.char for c, col in enumerate(self.puzzle.colors)}
        out = []
        for r in rows:
            unknown = undecided(r)
            v = 0
            for c, m in enumerate(r):
                only = m & ~unknown
                if only:  # one byte per cell holding c + 1 where the cell is colour c
                    v += (c + 1) * (int.from_bytes(format(only, f"0{w}b").encode(), "big") - zero)
            out.append(v.to_bytes(w, "big")[::-1].decode("latin-1").translate(chars))
        return out

    def unknown(self, rows):
        """Number of cells with more than one colour still possible."""
        return sum(undecided(r).bit_count() for r in rows)

    def complete(self, rows):
        for r in rows:
            seen = 0
            for m in r:
                if seen & m:
                    return False
                seen |= m
        return True

    # -- propagation ------------------------------------------------------
    def run(self, rows, cols, drows, dcols, record=None):
        """Propagate in place from the dirty line sets ``drows``/``dcols``.

        Returns the number of cell narrowings made, or -1 on a contradiction
        (``self.failed`` then names the line). ``record``, when a list, gets one
        step dict per line that changed (:class:`pysolver.nonogram.solver.observe.Steps`).
        Afterwards ``self.chg_rows`` and ``self.chg_cols`` are bit masks of the
        lines whose state changed. ``self.tick`` is called every CHECK_CELLS
        cells of line solving; the line event goes to the observer.
        """
        on_line = self.on_line
        if record is not None:
            on_line = Steps(self, record).line
        elif self.ncol == 2 and on_line is None:
            return self._run_bw(rows, cols, drows, dcols)
        # One body for both axes: names are rebound per batch.
        axes = ((rows, cols, self.row_solve, "row", self.w), (cols, rows, self.col_solve, "column", self.h))
        dirty = [drows, dcols]
        changed = [0, 0]
        changes = 0
        solves = 0
        left = self.left
        while dirty[0] or dirty[1]:
            for a in (0, 1):
                batch = dirty[a]
                if not batch:
                    continue
                dirty[a] = set()
                across = dirty[1 - a]
                lines, cross, solve, axis, n = axes[a]
                for i in sorted(batch):
                    old = lines[i]
                    new = solve[i](old)
                    solves += 1
                    left -= n
                    if left <= 0:
                        left = self._checkpoint(solves)
                        solves = 0
                    if new is None:
                        self.failed = (axis, i)
                        self.line_solves += solves
                        _solved[0] += solves
                        self.left = left
                        return -1
                    if new == old:
                        continue
                    lines[i] = new
                    ib = ~(1 << i)
                    touched = 0
                    for c in range(len(old)):
                        gone = old[c] & ~new[c]
                        touched |= gone
                        while gone:
                            low = gone & -gone
                            j = low.bit_length() - 1
                            t = cross[j]
                            cross[j] = t[:c] + (t[c] & ib,) + t[c + 1:]
                            across.add(j)
                            gone ^= low
                    changes += touched.bit_count()
                    changed[a] |= 1 << i
                    changed[1 - a] |= touched
                    if on_line is not None:
                        on_line(axis, i, old, new, touched)
        self.line_solves += solves
        _solved[0] += solves
        self.left = left
        self.chg_rows, self.chg_cols = changed
        return changes

    def _run_bw(self, rows, cols, drows, dcols):
        """:meth:`run` for black-and-white puzzles: (empty, filled) pairs, inlined cache."""
        # The engine's hottest loop (most calls are a probe's few lines): no
        # call per line solved, a row batch and a column batch written out, and
        # a batch's solves counted when it starts (a tick or a contradiction
        # counts back what the batch has not reached: _reached).
        row_cache, col_cache = self.row_cache, self.col_cache
        row_solve, col_solve = self.row_solve, self.col_solve
        w, h = self.w, self.h
        pos, unset = _POS, self.unset
        chg_rows = chg_cols = changes = solves = 0
        left = self.left
        while drows or dcols:
            if drows:
                batch, drows = drows, set()
                solves += len(batch)
                for i in batch:
                    old = rows[i]
                    try:
                        new = row_cache[i][old]
                    except KeyError:
                        spend()
                        new = row_cache[i][old] = row_solve[i].bw(old)
                        left -= w
                        if left <= 0:
                            ahead = len(batch) - _reached(batch, i)
                            left = self._checkpoint(solves - ahead)
                            solves = ahead
                    if new == old:
                        continue
                    if new is None:
                        return self._fail("row", i, solves - len(batch) + _reached(batch, i) + 1, left)
                    rows[i] = new
                    ib = unset[i]
                    # cells that lost "empty" became filled, and the reverse; the
                    # crossing lines are queued in the order of their cells
                    o0, o1 = old
                    n0, n1 = new
                    e = o0 ^ n0
                    if e:
                        try:
                            at = pos[e]
                        except KeyError:
                            at = _positions(e)
                        dcols.update(at)
                        for j in at:
                            t0, t1 = cols[j]
                            cols[j] = (t0 & ib, t1)
                    f = o1 ^ n1
                    if f:
                        try:
                            at = pos[f]
                        except KeyError:
                            at = _positions(f)
                        dcols.update(at)
                        for j in at:
                            t0, t1 = cols[j]
                            cols[j] = (t0, t1 & ib)
                        e |= f
                    changes += e.bit_count()
                    chg_rows |= 1 << i
                    chg_cols |= e
            if dcols:  # the same for the columns
                batch, dcols = dcols, set()
                solves += len(batch)
                for i in batch:
                    old = cols[i]
                    try:
                        new = col_cache[i][old]
                    except KeyError:
                        spend()
                        new = col_cache[i][old] = col_solve[i].bw(old)
                        left -= h
                        if left <= 0:
                            ahead = len(batch) - _reached(batch, i)
                            left = self._checkpoint(solves - ahead)
                            solves = ahead
                    if new == old:
                        continue
                    if new is None:
                        return self._fail("column", i, solves - len(batch) + _reached(batch, i) + 1, left)
                    cols[i] = new
                    ib = unset[i]
                    o0, o1 = old
                    n0, n1 = new
                    e = o0 ^ n0
                    if e:
                        try:
                            at = pos[e]
                        except KeyError:
                            at = _positions(e)
                        drows.update(at)
                        for j in at:
                            t0, t1 = rows[j]
                            rows[j] = (t0 & ib, t1)
                    f = o1 ^ n1
                    if f:
                        try:
                            at = pos[f]
                        except KeyError:
                            at = _positions(f)
                        drows.update(at)
                        for j in at:
                            t0, t1 = rows[j]
                            rows[j] = (t0, t1 & ib)
                        e |= f
                    changes += e.bit_count()
                    chg_cols |= 1 << i
                    chg_rows |= e
        self.line_solves += solves
        _solved[0] += solves
        self.left = left
        self.chg_rows, self.chg_cols = chg_rows, chg_cols
        return changes

    def _fail(self, axis, i, solves, left):
        """_run_bw's end at a contradiction in line ``i`` of ``axis``."""
        self.failed = (axis, i)
        self.line_solves += solves
        _solved[0] += solves
        self.left = left
        return -1

    def run_all(self, rows, cols, record=None):
        """Propagate with every line queued."""
        return self.run(rows, cols, set(range(self.h)), set(range(self.w)), record)


@dataclass
class PropagationResult:
    """Outcome of :func:`propagate`.

    ``ok`` is False on a contradiction and ``failed`` then names the line as
    ``(axis, index)`` with axis "row"/"column" and a 0-based index. ``cells`` is
    the narrowed flat grid (the state reached when the contradiction was found,
    if any). ``steps`` lists the line steps in order when recording was asked:
    dicts with ``axis``, ``index``, ``cells`` (positions along the line),
    ``values`` (their new masks) and ``reason``.
    """
    ok: bool
    cells: list
    failed: tuple | None = None
    steps: list = field(default_factory=list)
    changes: int = 0


def propagate(puzzle, cells=None, lines=None, record=False, engine=None):
    """Apply line logic until nothing changes.

    ``cells``: flat row-major list of masks (None = all unknown). ``lines``: an
    iterable of ``(axis, index)`` to start from (default: every line); only
    lines whose cells change are solved again. ``record``: keep the steps.
    Returns a :class:`PropagationResult`.
    """
    eng = engine or Engine(puzzle)
    rows, cols = eng.initial(cells)
    if lines is None:
        drows, dcols = set(range(eng.h)), set(range(eng.w))
    else:
        drows, dcols = set(), set()
        for axis, i in lines:
            (drows if axis == "row" else dcols).add(i)
    steps = [] if record else None
    n = eng.run(rows, cols, drows, dcols, steps)
    if n < 0:
        return PropagationResult(False, eng.cells(rows), eng.failed, steps or [], 0)
    return PropagationResult(True, eng.cells(rows), None, steps or [], n)
