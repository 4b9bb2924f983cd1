"""A hint walk: a puzzle played from the empty grid with the Hint engine alone.

Each step asks pysolver.nonogram.player.hint for the next hint (no known solution, so never a
reveal) and writes its cells; the walk ends when the puzzle is solved or the
engine has nothing more to give (``none``: the puzzle needs a guess from there,
or has more than one solution). The summary counts the steps of each kind
(``line``, ``probe``: a one-cell what-if, ``deep``: a deeper what-if) and the
longest what-if chain, which is what the generator's levels and the star
ratings (pysolver.nonogram.stars) are measured from. Pure Python, no I/O.
"""
from __future__ import annotations

from ..stars import LEVELS, LONG_CHAIN, few, level  # noqa: F401 (the levels' rule, shared)
from .player import hint as hint_mod, whatif
from .solver.line import positions, undecided
from .solver.probe import diff, invalidate, set_cell
from .solver.propagate import Engine

KINDS = ("line", "probe", "deep")


def level_of(summary, w, h):
    """The generator's level that a finished walk's steps show, or None: not finished
    (pysolver.stars.level, the rule of every genre: a one-cell what-if is a ``probe``,
    its chain counts line steps)."""
    return level(w, h, summary, "probe")


def apply(puzzle, rows, cols, h):
    """Copies of the line states (rows, cols) with the hint's cells written in."""
    index = puzzle.char_index()
    for c in h["cells"]:
        rows, cols = set_cell(rows, cols, c["row"] - 1, c["column"] - 1, index[c["value"]])
    return rows, cols


def walk(puzzle, keep_states=False, cells=None, stop=None):
    """Play ``puzzle`` (validated) by hints; returns the summary dict.

    Keys: ``finished`` (True: solved by hints alone), ``steps`` ({kind: count}
    for line, probe, deep), ``longest_chain`` (line steps in the longest
    one-cell what-if), ``deepest`` (search nodes of the largest deeper what-if),
    ``end`` (the last hint's kind: solved or none), ``state`` (the rows at the
    end). With ``keep_states``, ``before``: (kind, state rows) before each step
    that was not a line step, for the generator to edit the picture there.
    ``cells``: the known cells to start from (a puzzle's shown cells), else none.
    ``stop()``, asked between steps: True ends the walk with ``end`` "stopped" (a
    caller's time limit; its steps are a lower bound, pysolver.stars.at_least).
    """
    eng = Engine(puzzle)
    rows, cols = eng.initial(cells)
    trials = whatif.Trials()
    steps = dict.fromkeys(KINDS, 0)
    longest = deepest = chained = 0
    before = []
    # every step decides at least one cell, so this bounds the walk
    for _ in range(puzzle.width * puzzle.height + 1):
        if stop is not None and stop():
            kind = "stopped"
            break
        h = hint_mod.next_hint(puzzle, eng, rows, cols, trials=trials)
        kind = h["kind"]
        if kind not in KINDS:
            break
        steps[kind] += 1
        longest, chained, deepest = _tally(h, longest, chained, deepest)
        if keep_states and kind != "line":
            before.append((kind, eng.state(rows)))
        rows, cols = apply(puzzle, rows, cols, h)
    out = {"finished": kind == "solved", "steps": steps, "longest_chain": longest,
           "chain_steps": chained, "deepest": deepest, "end": kind, "state": eng.state(rows)}
    if keep_states:
        out["before"] = before
    return out


def _tally(h, longest, chained, deepest):
    """A what-if step's share of the walk's figures (a line step adds nothing)."""
    if h["kind"] == "probe":
        return max(longest, h["probe"]["steps"]), chained + h["probe"]["steps"], deepest
    if h["kind"] == "deep":
        return longest, chained, max(deepest, h["probe"]["nodes"])
    return longest, chained, deepest


def settle(eng, rows, cols, drows, dcols):
    """The walk's line steps to their end, in place, from the dirty lines: the
    cells every line hint taken in any order decides (line logic only ever adds
    decided cells, so the order does not change where it ends).

    Black and white: line logic's fixpoint. With colours the walk's grid holds
    decided cells only (a line that narrows a cell to two colours gives the
    player nothing to write), so each line solve here keeps only the cells it
    decides, as a hint does."""
    if eng.ncol == 2:
        eng.run(rows, cols, drows, dcols)  # clues read from a picture cannot contradict
        return
    dirty = [set(drows), set(dcols)]
    axes = ((rows, cols, eng.row_solve), (cols, rows, eng.col_solve))
    while dirty[0] or dirty[1]:
        for a in (0, 1):
            mine, other, solvers = axes[a]
            batch, dirty[a] = dirty[a], set()
            for i in sorted(batch):
                new = solvers[i](mine[i])
                gained = undecided(mine[i]) & ~undecided(new)
                if not gained:
                    continue
                left = undecided(new)
                mine[i] = tuple(m | left for m in new)
                bit = 1 << i
                for j in positions(gained):
                    colour = next(c for c, m in enumerate(new) if m >> j & 1)
                    other[j] = tuple((m | bit) if c == colour else (m & ~bit)
                                     for c, m in enumerate(other[j]))
                    dirty[1 - a].add(j)


def what_ifs(puzzle, keep_states=False):
    """The walk's steps beyond lines without its line steps: walk()'s summary
    (same ``finished``, ``steps`` for probe and deep, ``longest_chain``,
    ``chain_steps``, ``deepest``, ``end``, ``state``, ``before``) except that
    ``steps["line"]`` is None.

    The Hint engine asks for a what-if only where no line gives a cell, i.e.
    where settle() ends, and then from the same grid, so these are the walk's
    own what-ifs; settling costs a few line solves where the walk's line hints
    re-read every line per step. The generator measures its candidates with
    this (tests/test_nonogram_generate.py compares it with walk())."""
    eng = Engine(puzzle)
    rows, cols = eng.initial()
    settle(eng, rows, cols, set(range(eng.h)), set(range(eng.w)))
    steps = {"line": None, "probe": 0, "deep": 0}
    longest = deepest = chained = 0
    before = []
    kind = "none"
    trials = whatif.Trials()
    for _ in range(puzzle.width * puzzle.height + 1):
        if eng.complete(rows):
            kind = "solved"
            break
        h = hint_mod.beyond_lines(puzzle, eng, rows, cols, whatif.PROBE_WORK, None, 0, trials)
        kind = h["kind"]
        if kind not in KINDS:
            break
        steps[kind] += 1
        longest, chained, deepest = _tally(h, longest, chained, deepest)
        if keep_states:
            before.append((kind, eng.state(rows)))
        cell = h["cells"][0]
        y, x = cell["row"] - 1, cell["column"] - 1
        colour = next(c for c, col in enumerate(puzzle.colors) if col.char == cell["value"])
        rows, cols = set_cell(rows, cols, y, x, colour)
        settle(eng, rows, cols, {y}, {x})
    out = {"finished": kind == "solved", "steps": steps, "longest_chain": longest,
           "chain_steps": chained, "deepest": deepest, "end": kind, "state": eng.state(rows)}
    if keep_states:
        out["before"] = before
    return out


def stuck(eng, rows, cols, goal):
    """Where the walk's line steps and one-cell what-ifs end, with the solution
    known: (rows, cols, trials), rows and cols in place past the line steps.

    ``rows, cols``: a state settle() has ended (e.g. from the empty grid);
    ``goal``: the solution's colour index per cell (rows of ints). A one-cell
    what-if decides a cell when every other value it may take fails by line
    logic; the goal's value never fails, so only the others are tried, and a
    cell whose failing trial has not failed is tried again only once a line
    that trial changed has changed (pysolver.nonogram.solver.probe's memo: the
    trial from the narrower state is the old one plus the new facts). Those
    deductions only ever add cells, so their order does not change where they
    end: where the walk's what-ifs end (up to their PROBE_WORK budget). The
    generator's expert test: if cells are still open here, the walk needs a
    deeper what-if (or a guess)."""
    if eng.ncol == 2:
        return _stuck_bw(eng, rows, cols, goal)
    h, w, ncol = eng.h, eng.w, eng.ncol
    memo = {}  # cell -> (rows, columns) its last surviving trial changed
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                if y * w + x in memo or not undecided(rows[y]) >> x & 1:
                    continue  # memo: nothing new; or decided by a what-if in this pass
                right = goal[y][x]
                for c in range(ncol):
                    if c == right or not rows[y][c] >> x & 1:
                        continue
                    r2, c2 = set_cell(rows, cols, y, x, c)
                    trials += 1
                    if eng.run(r2, c2, {y}, {x}) >= 0:  # survives: not decided
                        memo[y * w + x] = (eng.chg_rows | 1 << y, eng.chg_cols | 1 << x)
                        break
                else:
                    r2, c2 = set_cell(rows, cols, y, x, right)
                    settle(eng, r2, c2, {y}, {x})
                    invalidate(memo, diff(rows, r2), diff(cols, c2))
                    rows[:], cols[:] = r2, c2
                    changed = True
    return rows, cols, trials


def _stuck_bw(eng, rows, cols, goal):
    """stuck() for black and white (the climb's hot loop): the same trials in
    the same order, each propagated from the same state, so the same end and
    counts (tests/test_stuck_same.py); without the general steps' calls: one
    wrong value a cell, set_cell and settle written out, and the lines a
    decision changed are its propagation's (no diff)."""
    h, w = eng.h, eng.w
    run = eng.run
    memo = {}  # cell -> lines (rows | columns << h) its last surviving trial changed
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            r = rows[y]
            todo = r[0] & r[1]  # open at the row's start, as stuck() scans
            base = y * w
            ybit = 1 << y
            ny = ~ybit
            while todo:
                low = todo & -todo
                todo ^= low
                k = base + low.bit_length() - 1
                if k in memo:
                    continue
                r = rows[y]
                if not r[0] & r[1] & low:
                    continue  # decided by a what-if in this pass
                x = k - base
                t = cols[x]
                r2 = rows[:]
                c2 = cols[:]
                filled = goal[y][x]
                if filled:  # the wrong value: empty
                    r2[y] = (r[0], r[1] & ~low)
                    c2[x] = (t[0], t[1] & ny)
                else:
                    r2[y] = (r[0] & ~low, r[1])
                    c2[x] = (t[0] & ny, t[1])
                trials += 1
                if run(r2, c2, {y}, {x}) >= 0:  # survives: not decided
                    memo[k] = eng.chg_rows | ybit | (eng.chg_cols | low) << h
                    continue
                r2 = rows[:]
                c2 = cols[:]
                if filled:
                    r2[y] = (r[0] & ~low, r[1])
                    c2[x] = (t[0] & ny, t[1])
                else:
                    r2[y] = (r[0], r[1] & ~low)
                    c2[x] = (t[0], t[1] & ny)
                run(r2, c2, {y}, {x})  # the goal's value: never a contradiction
                dead = eng.chg_rows | ybit | (eng.chg_cols | low) << h
                for j in [j for j, v in memo.items() if v & dead]:
                    del memo[j]
                rows[:] = r2
                cols[:] = c2
                changed = True
    return rows, cols, trials
