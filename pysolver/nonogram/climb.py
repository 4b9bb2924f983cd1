"""Expert nonograms by a climb (pysolver.nonogram.generate's expert level).

``start`` edits a picture until line logic alone cannot finish its puzzle and
the walk's one-cell what-ifs can (so it is unique); ``climb`` then edits it
towards a puzzle those what-ifs cannot finish while it stays unique: the walk
needs a deeper what-if. Every bound counts work (steps, flips, tests), the
only randomness is the generator's seeded ``random.Random``. Both are generators
that yield after each edit or test (a lane of pysolver.nonogram.lanes advances by
one) and return their result. Pure Python, no I/O.
"""
from __future__ import annotations

from .solver import search
from .solver.probe import reduce
from .solver.line import positions, undecided
from .solver.propagate import Engine
from .puzzle import puzzle_from_grid
from . import edit
from .walk import level_of, stuck, walk

SEARCH_WORK = 20_000  # line solves a search for a second solution may spend
CLIMB_STEPS, CLIMB_TRIES = 60, 16  # edits of its start, flips drawn per edit
CLIMB_PROBES = 8  # what-if tests (_stall) per edit at most
CLIMB_OPEN = 20  # a cell line logic leaves open weighs this many what-if trials
# Black and white from RISE_CELLS cells on: while its parent's what-ifs make fewer
# than CLIMB_RISE trials a cell, a step only climbs (its first finished flip is
# kept, a stall is not asked for uniqueness: almost no unique stall is met there);
# past that, a step tests RISE_PROBES flips at most (the flip leaving the most
# open yields most). Smaller boards meet unique stalls at every level (PERF.md).
RISE_CELLS, CLIMB_RISE, RISE_PROBES = 200, 0.25, 3
# Black and white from SLIP_CELLS cells on: a swap at a stall that leaves fewer than
# SLIP_OPEN of the cells open (a slip the one-cell what-ifs have cornered) has its corners
# passed over: their flips almost never end the climb there (PERF.md "seventh round").
SLIP_CELLS, SLIP_OPEN = 625, 0.08


def start(rng, grid, colors, symmetry):
    """(A generator) The climb's start: the picture edited (as generate's levels edit it) until line logic
    leaves cells open and the walk's one-cell what-ifs finish it (so it is
    unique); None when ``flips`` edits do not get there. No walk: the climb
    goes far beyond."""
    h, w = len(grid), len(grid[0])
    for n in range(edit.flips(w, h)):
        if n:
            yield  # one edit per advance
        p = puzzle_from_grid(grid, colors)
        eng = Engine(p)
        rows, cols = edit.lines(eng)
        if eng.complete(rows):
            grid = edit.harden(rng, grid, colors, symmetry, 1)[0]
            continue
        rows, cols, _ = stuck(eng, rows, cols, grid)
        if eng.complete(rows):
            return p
        grid = edit.flip(rng, grid, edit.open_cells(eng.cells(rows), w), symmetry, len(colors))
    return None


def climb(rng, grid, colors, symmetry, steps=CLIMB_STEPS, rising=None, branch=None):
    """(A generator) Expert from the picture ``grid`` of a unique puzzle (start):
    ((puzzle, summary), None, walks) or (None, reason, walks) within ``steps``.
    ``branch`` (trials a cell): the first time the kept puzzle's what-ifs make that
    many, the climb yields (grid, steps left, rising, walks) before it goes on: where
    the expert search's other lanes climb on with their own draws
    (pysolver.nonogram.generate); ``rising`` then starts theirs.

    Unique puzzles that one-cell what-ifs cannot finish are a sliver between the
    what-if-solvable and the ambiguous ones: random pictures, and edits of
    ambiguous ones, almost never land there (PERF.md). A climb from a unique
    puzzle does. Each step draws CLIMB_TRIES edge flips and counts the cells
    line logic leaves open in each (cheap). Where the walk's one-cell what-ifs
    end (walk.stuck: the picture is the solution, so only wrong values are
    tried) is asked only of the flips tied for the most cells open (up to
    CLIMB_PROBES; past them only until one is finished, to have a step): the
    stalls that stay unique are met mostly where line logic decides next to
    nothing (PERF.md). The step keeps the flip whose puzzle the what-ifs finish
    with the most work (their trials plus CLIMB_OPEN per cell line logic
    leaves open), until a flip's what-ifs stall while the puzzle stays unique
    (_expert). Black and white on a board of RISE_CELLS cells or more, while
    the kept puzzle's what-ifs make fewer than CLIMB_RISE trials a cell, a step only
    climbs: its first finished flip is kept and stalls are passed over (unique
    stalls are met next to puzzles whose what-ifs work hard, below that nearly
    never); past that, a step tests up to RISE_PROBES flips (the one leaving the
    most open yields most: PERF.md); from SLIP_CELLS cells a swap's corners are tried
    only at a stall that leaves SLIP_OPEN of the cells open or more."""
    cells = len(grid) * len(grid[0])
    big = _big(grid, colors)
    rising = big if rising is None else rising  # a start's what-ifs are few
    walks = 0
    for n in range(steps):
        found, best, walked = yield from _step(rng, grid, colors, symmetry, rising)
        walks += walked
        if found:
            return found, None, walks
        if best is not None:
            grid = best[1]
            rising = big and best[2] < CLIMB_RISE * cells
            if branch is not None and best[2] >= branch * cells:
                yield grid, steps - n - 1, rising, walks
                branch = None
    return None, "too easy", walks


def _big(grid, colors):
    return len(colors) == 2 and len(grid) * len(grid[0]) >= RISE_CELLS  # measured: B/W


def _step(rng, grid, colors, symmetry, rising):
    """(A generator) One climb step from ``grid``: (the expert (puzzle, summary) found or
    None, the flip kept (score, grid, trials) or None, walks)."""
    best, walks = None, 0
    big, cells = _big(grid, colors), len(grid) * len(grid[0])
    probes = CLIMB_PROBES if rising or not big else RISE_PROBES
    slips = big and cells >= SLIP_CELLS
    edges = edit.edge_cells(grid)
    cands = screen([edit.change(grid, y, x, symmetry, len(colors))
                    for y, x in rng.sample(edges, min(CLIMB_TRIES, len(edges)))], colors)
    yield
    for k, (opened, g, q, eng, rows, cols) in enumerate(cands):
        if k == probes or (best is not None and (rising or opened < cands[0][0])):
            break
        if k:
            yield  # one what-if test per advance
        rows, trials = _stall(eng, rows, cols, g)
        if eng.complete(rows):
            score = trials + CLIMB_OPEN * opened
            if best is None or score > best[0]:
                best = (score, g, trials)
            continue
        if rising:  # a stall here is nearly always ambiguous: not worth its search
            continue
        slip = slips and eng.unknown(rows) < SLIP_OPEN * cells
        summary, corners = _expert(q, eng, rows, g)
        # a second solution by a swap: one of its corners changed may keep the
        # stall and lose the second solution
        for y, x in (() if slip else corners or ()):
            g2 = edit.change(g, y, x, symmetry, len(colors))
            q2 = puzzle_from_grid(g2, colors)
            eng2 = Engine(q2)
            rows2, cols2 = edit.lines(eng2)
            rows2, _ = _stall(eng2, rows2, cols2, g2)
            if not eng2.complete(rows2):
                summary, _ = _expert(q2, eng2, rows2, g2)
                if summary is not None:
                    q = q2
                    break
        walks += summary is not None
        if summary and level_of(summary, q.width, q.height) == "expert":
            return (q, summary), best, walks
    return None, best, walks


def screen(grids, colors):
    """The cheap screen of a climb step's candidate pictures: [(cells line logic leaves open,
    grid, puzzle, engine, rows, cols)] of those line logic does not finish, most open first
    (stable: the draw's order among equals)."""
    cands = []
    for g in grids:
        q = puzzle_from_grid(g, colors)
        eng = Engine(q)
        rows, cols = edit.lines(eng)
        opened = eng.unknown(rows)
        if opened:
            cands.append((opened, g, q, eng, rows, cols))
    cands.sort(key=lambda c: -c[0])
    return cands


def _stall(eng, rows, cols, g):
    """(rows where the what-ifs of the climb end, their trials) from the state
    line logic left (``rows, cols``). Black and white: the walk's own one-cell
    what-ifs (walk.stuck). With colours, the probing fixpoint (probe.reduce),
    which also narrows cells to fewer colours: the walk's what-ifs there stall
    mostly on ambiguous puzzles, so a climb steered by them wanders (PERF.md).
    The fixpoint starts from the line state: the same fixpoint and trials as from
    the empty grid, without solving every line again."""
    if eng.ncol == 2:
        rows, _, trials = stuck(eng, rows, cols, g)
        return rows, trials
    red = reduce(eng.puzzle, cells=eng.cells(rows), engine=eng)
    return eng.initial(red["cells"])[0], red["probes"]


def _expert(q, eng, rows, g):
    """(the hint walk of ``q``, None) when its what-ifs, stalled at ``rows``,
    leave one solution only (a bounded search from there); else (None, the
    corners of a swap giving a second solution, or None). Nearly every such
    puzzle walks as expert: no what_ifs first. The walk of a unique puzzle never
    asks the Hint engine's memos (only a contradiction does), so its line solves
    are the same in any process, as a lane's work must be."""
    corners = swap(eng, rows, g)
    if corners:
        return None, corners
    res = search.solve(q, max_solutions=2, cells=eng.cells(rows), work=SEARCH_WORK)
    if res.status != "unique":
        return None, None
    q.validate()
    return walk(q), None


def swap(eng, rows, g):
    """A second solution by the commonest way a nonogram has one: four open
    cells at the corners of a rectangle whose two values swap across it and
    leave all four lines' clues as they are (cheap, where a search for it costs
    tens of probing fixpoints): the four cells, the first in row-pair then
    column-pair order, or None. Each line's swap is judged once."""
    h = eng.h
    opened = [undecided(r) for r in rows]
    ys = [y for y in range(h) if opened[y]]
    cols = {}
    keeps = {}  # (axis, line, i, j) -> does the swap keep that line's clue
    def kept(axis, k, line, i, j):
        key = (axis, k, i, j)
        ok = keeps.get(key)
        if ok is None:
            ok = keeps[key] = _same_runs(line, i, j)
        return ok
    for n, y1 in enumerate(ys):
        r1 = g[y1]
        for y2 in ys[n + 1:]:
            r2 = g[y2]
            both = positions(opened[y1] & opened[y2])
            xs = [x for x in both if r1[x] != r2[x]]
            for m, x1 in enumerate(xs):
                for x2 in xs[m + 1:]:
                    if r1[x1] == r1[x2] or r1[x1] != r2[x2] or r1[x2] != r2[x1]:
                        continue
                    if not (kept(0, y1, r1, x1, x2) and kept(0, y2, r2, x1, x2)):
                        continue
                    c1 = cols.get(x1) or cols.setdefault(x1, [row[x1] for row in g])
                    c2 = cols.get(x2) or cols.setdefault(x2, [row[x2] for row in g])
                    if kept(1, x1, c1, y1, y2) and kept(1, x2, c2, y1, y2):
                        return [(y1, x1), (y1, x2), (y2, x1), (y2, x2)]
    return None


def _same_runs(line, i, j):
    """Does ``line`` with the values at i < j swapped have the same clue? Only the
    window from i - 1 to j + 1 is read: its end cells are unchanged, so the runs
    outside it join the window's alike in both lines."""
    lo, hi = max(i - 1, 0), j + 2
    window = line[lo:hi]
    other = list(window)
    other[i - lo], other[j - lo] = other[j - lo], other[i - lo]
    return _runs(window) == _runs(other)


def _runs(line):
    out, prev = [], 0
    for v in line:
        if v and v == prev:
            out[-1][1] += 1
        elif v:
            out.append([v, 1])
        prev = v
    return out
