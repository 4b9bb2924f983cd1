"""Edits of a generator's picture, shared by the levels (pysolver.nonogram.generate)
and the expert climb (pysolver.nonogram.climb): a cell changed with its
symmetric images to the value its neighbours mostly have (edits smooth the
picture rather than speckle it), where line logic stalls and where it hardens
the puzzle; and the easy, medium and hard levels' loop of such edits (adjust).
Pure Python, no I/O.
"""
from __future__ import annotations

from .solver.probe import reduce
from .solver.line import positions, undecided
from .solver.propagate import Engine
from .puzzle import puzzle_from_grid
from . import picture as pic
from .walk import LEVELS, few, level_of, settle, what_ifs

HARDEN_TRIES = 12  # edge flips tried per hardening edit


def flips(w, h):
    """Cell edits an attempt may make: more on a bigger grid."""
    return 4 + (w + h) // 5


def grid_of(p, colors):
    """The goal of ``p`` as colour indexes (rows of ints)."""
    chars = {c.char: k for k, c in enumerate(colors)}
    return [[chars[ch] for ch in row] for row in p.goal]


def lines(eng):
    """(rows, cols) where the walk's line steps end from the empty grid."""
    rows, cols = eng.initial()
    settle(eng, rows, cols, set(range(eng.h)), set(range(eng.w)))
    return rows, cols


def line_open(eng):
    """The cells (y, x) that the walk's line steps leave undecided from the empty grid."""
    rows, _ = lines(eng)
    return [(y, x) for y in range(eng.h) for x in positions(undecided(rows[y]))]


def open_cells(cells, w):
    return [divmod(k, w) for k, m in enumerate(cells) if m & (m - 1)]


def harden(rng, grid, colors, symmetry, target):
    """(grid, its what-ifs or None, what-ifs measured): of up to HARDEN_TRIES edge flips, one whose
    puzzle line logic alone cannot finish but one-cell what-ifs can, the first
    for medium; for hard, the first whose
    what-ifs (walk.what_ifs) show hard, else the one needing the most (the
    hardest step towards hard); else the flip after which line logic leaves the
    most cells undecided."""
    edges = edge_cells(grid)
    best = found = None
    h, w = len(grid), len(grid[0])
    walks = 0
    for _ in range(HARDEN_TRIES):
        g = flip(rng, grid, edges, symmetry, len(colors))
        p = puzzle_from_grid(g, colors)
        eng = Engine(p)
        score = len(line_open(eng))
        if score and reduce(p, engine=eng)["status"] == "solved":
            if target != 2:
                return g, None, walks
            p.validate()
            summary = what_ifs(p, keep_states=True)
            walks += 1
            if summary["finished"]:
                if level_of(summary, w, h) == "hard":
                    return g, summary, walks
                if found is None or _rank(summary) > found[0]:
                    found = (_rank(summary), g, summary)
        if best is None or score > best[0]:
            best = (score, g, None)
    return (found or best)[1:] + (walks,)


def _rank(summary):
    s = summary["steps"]
    return (s["deep"], s["probe"], summary["longest_chain"])


def edge_cells(grid):
    """Cells with a 4-neighbour of another colour: flipping one reshapes an edge."""
    h, w = len(grid), len(grid[0])
    out = []
    for y in range(h):
        row = grid[y]
        up = grid[y - 1] if y else row  # a missing neighbour: the row itself (no difference)
        down = grid[y + 1] if y + 1 < h else row
        for x in range(w):
            v = row[x]
            if (up[x] != v or down[x] != v or (x and row[x - 1] != v)
                    or (x + 1 < w and row[x + 1] != v)):
                out.append((y, x))
    return out


def flip(rng, grid, cells, symmetry, ncolors):
    """A copy of the grid with one of ``cells`` (and its symmetric images) changed:
    among a few random candidates, the one most unlike its neighbours, to the
    value most of its neighbours have (another colour when they all agree)."""
    if not cells:
        return [r[:] for r in grid]
    picks = [cells[rng.randrange(len(cells))] for _ in range(4)]
    y, x = max(picks, key=lambda c: sum(v != grid[c[0]][c[1]] for v in _near(grid, *c)))
    return change(grid, y, x, symmetry, ncolors)


def _near(grid, y, x):
    """The values of the (up to 8) neighbours of (y, x)."""
    h, w = len(grid), len(grid[0])
    return [grid[yy][xx] for yy in range(y - 1, y + 2) for xx in range(x - 1, x + 2)
            if (yy, xx) != (y, x) and 0 <= yy < h and 0 <= xx < w]


def change(grid, y, x, symmetry, ncolors):
    """A copy of the grid with (y, x) and its symmetric images changed to the value
    most of its neighbours have (another colour when they all agree)."""
    h, w = len(grid), len(grid[0])
    old = grid[y][x]
    counts = [0] * ncolors
    for v in _near(grid, y, x):
        counts[v] += 1
    counts[old] = -1
    new = max(range(ncolors), key=lambda c: (counts[c], -c))
    grid = [r[:] for r in grid]
    for yy, xx in pic._mirror(y, x, w, h, symmetry):
        grid[yy][xx] = new
    return grid


def adjust(rng, grid, colors, level, symmetry):
    """Edit the picture cell by cell until its walk shows ``level`` (easy, medium or
    hard): ((puzzle, what-ifs summary), None, walks) or (None, reason, walks).

    Cheaper tests than a walk steer the edits (a walk is the measurement):
    line logic from the empty grid (it decides everything: easy), the probing
    fixpoint of solver/probe.py (at least as strong as the walk's one-cell
    what-ifs: where it stalls, only deeper what-ifs or a guess go on).
    """
    h, w = len(grid), len(grid[0])
    target = LEVELS.index(level)
    ncol = len(colors)
    reason, walks = "needs a guess", 0
    measured = None  # the what-ifs of ``grid`` when _harden measured them already
    for _ in range(flips(w, h)):
        p = puzzle_from_grid(grid, colors)
        summary, measured = measured, None
        if summary is None:
            eng = Engine(p)
            stalled = line_open(eng)
            if stalled and target == 0:
                reason = "too hard"
                grid = flip(rng, grid, stalled, symmetry, ncol)
                continue
            if not stalled and target:
                reason = "too easy"
                grid, measured, n = harden(rng, grid, colors, symmetry, target)
                walks += n
                continue
            if stalled:
                red = reduce(p, engine=eng)
                if red["status"] != "solved":
                    reason = "too hard"
                    grid = flip(rng, grid, open_cells(red["cells"], w), symmetry, ncol)
                    continue
            p.validate()
            summary = what_ifs(p, keep_states=True)
            walks += 1
        else:
            p.validate()
        got = level_of(summary, w, h)
        if got == level:
            return (p, summary), None, walks
        if got is None:
            reason = "needs a guess"
            grid = flip(rng, grid, undecided_cells(summary["state"]), symmetry, ncol)
        elif LEVELS.index(got) > target:
            reason = "too hard"
            grid = flip(rng, grid, undecided_cells(past(summary, level, w, h)), symmetry, ncol)
        else:
            reason = "too easy"
            grid, measured, n = harden(rng, grid, colors, symmetry, target)
            walks += n
    return None, reason, walks


def past(summary, level, w, h):
    """The state where the walk first needed more than ``level`` allows."""
    probes = 0
    for kind, state in summary["before"]:
        if kind == "probe":
            probes += 1
        if (level == "easy" or kind == "deep"
                or (level == "medium" and probes > few(w, h))):
            return state
    return summary["before"][-1][1]


def undecided_cells(state):
    return [(y, x) for y, row in enumerate(state) for x, ch in enumerate(row) if ch == "?"]

