"""Hints for a player: the next deduction a person can make, and why.

``hint(puzzle, state)`` looks at the player's grid (state text rows: ``?``
unknown, ``.`` empty, ``#`` or a colour char filled), which may hold mistakes,
and returns the first of:

* ``contradiction``: the first line (rows, then columns) whose marks no
  arrangement of its clue fits, with the reason when a simple one exists; when
  line logic finds a contradiction from the empty grid as well, the clues
  themselves contradict each other and the hint says the puzzle has no solution
  (naming the line that fails) instead of blaming the marks;
* ``solved``: every cell is marked and every line fits its clue;
* ``line``: the line whose deduction is simplest for a person, judged by
  (1) the kind of reasoning (a full or empty line, or a line whose blocks are
  all placed; then overlap of the leftmost and rightmost arrangements and cells
  no block can reach; then anything else the complete line solver finds),
  (2) most cells gained, (3) fewest unknown cells. The result carries the
  cells, an explanation and the line's leftmost / rightmost arrangements as
  state strings so that the site can draw them;
* ``probe``, ``deep``, ``reveal`` (pysolver.nonogram.player.whatif): when no single line gives
  a cell, a one-cell what-if with its chain of line steps, then a deeper
  what-if (bounded search from a cell), then, with the solution known
  (``known``, a pysolver.nonogram.player.mistakes.Known), one cell revealed;
* ``none``: none of these (the solution is not known and the puzzle needs
  search here, or has several solutions).

The player's mistakes (``kind: mistake``) are pysolver.nonogram.player.mistakes' job, asked
first by pysolver.api.hint. Budgets count work (line solves, search nodes),
never seconds, so a hint is the same on every machine.

Only cells a player can write down (one colour) count as gained. All indices
in the result are 1-based. Pure Python, no I/O; see ``bench/hint.py`` for
timings.
"""
from __future__ import annotations

from . import hint_text as text
from ..solver import line as lines_mod
from ..solver.arrangements import extremes
from . import mistakes, whatif
from ..solver.line import positions, undecided
from ...memo import Memo
from ..solver.probe import set_cell
from ..solver.propagate import Engine
from ..puzzle import cells_from_state, min_length, state_lines

TOP_K = 12  # line candidates whose reasoning level is worked out
DIAGNOSE_WORK = 8_000  # line solves no_solution()'s one-cell tests may spend

# clues -> ("ok", rows, cols): the fixpoint of line logic on the empty grid, or
# ("fail", (axis, index)): the line where it found the clues contradictory
_from_empty_cache = Memo("hint.from_empty", 8)
# clues -> (the no-solution hint no_solution() found, or None: none found cheaply)
_diagnosed = Memo("hint.diagnosed", 8)


def hint(puzzle, state, probe_budget: int = whatif.PROBE_WORK, known=None, stuck_work=0,
         cans=None) -> dict:
    """The next hint for ``state`` (a list of row strings or one text); see the module doc.
    ``cans``: state_cans(puzzle, state) when the caller has it already."""
    rows, cols = cans or state_cans(puzzle, state)
    return next_hint(puzzle, Engine(puzzle), rows, cols, probe_budget, known, stuck_work)


def next_hint(puzzle, eng, rows, cols, probe_budget=whatif.PROBE_WORK, known=None, stuck_work=0,
              trials=None) -> dict:
    """hint() for the grid as line states (``rows, cols``: state_cans' or
    ``eng``'s), which it does not change: a walk keeps its engine and grid from
    step to step, and its what-ifs' memo (``trials``, a whatif.Trials)."""
    w, h = eng.w, eng.h

    # 1. Lines whose marks already contradict their clue.
    solved_rows = [eng.row_solve[y](rows[y]) for y in range(h)]
    for y in range(h):
        if solved_rows[y] is None:
            return (_clues_contradict(puzzle, eng)
                    or text.contradiction(puzzle, "row", y, lines_mod.from_cans(rows[y], w)))
    solved_cols = [eng.col_solve[x](cols[x]) for x in range(w)]
    for x in range(w):
        if solved_cols[x] is None:
            return (_clues_contradict(puzzle, eng)
                    or text.contradiction(puzzle, "column", x, lines_mod.from_cans(cols[x], h)))

    # 2. A complete grid that fits every line is solved.
    if eng.complete(rows):
        return {"kind": "solved", "line": None, "cells": [],
                "explanation": "The puzzle is solved: every row and column matches its clue.",
                "leftmost": None, "rightmost": None}

    # 3. The simplest single-line deduction.
    candidates = []
    for axis, states, solved, clues, n in (("row", rows, solved_rows, eng.row_clues, w),
                                           ("column", cols, solved_cols, eng.col_clues, h)):
        for i, (old, new) in enumerate(zip(states, solved)):
            gained = undecided(old) & ~undecided(new)
            if gained:
                unknown = undecided(old).bit_count()
                candidates.append((axis, i, clues[i], n, old, new, gained, unknown))
    if candidates:
        return _line_hint(puzzle, *_pick(candidates))

    # 4. A one-cell what-if, a deeper one, a reveal.
    return beyond_lines(puzzle, eng, rows, cols, probe_budget, known, stuck_work, trials)


def beyond_lines(puzzle, eng, rows, cols, probe_budget, known, stuck_work=0, trials=None):
    """The hint when no single line gives a cell (see pysolver.nonogram.player.whatif). With
    ``stuck_work``, a reveal needing a solution that no known one gives searches
    from the grid for one (that many units of pysolver.nonogram.player.mistakes' work)."""
    found = whatif.probe_hint(puzzle, eng, rows, cols, lambda e, cell: _clues_contradict(puzzle, e, cell),
                              probe_budget, trials)
    if found:
        return found
    fits = _fitting(known, eng, rows)
    solution = fits[0] if len(fits) == 1 else None
    found = whatif.deep_hint(puzzle, eng, rows, cols, solution)
    if found:
        return found
    if not fits and stuck_work and not (known and known.complete):
        if mistakes.solution_from(puzzle, eng.cells(rows), stuck_work):
            known = mistakes.known(puzzle)
            fits = _fitting(known, eng, rows)
            solution = fits[0] if len(fits) == 1 else None
    if solution is not None:
        return whatif.reveal_hint(puzzle, eng, rows, cols, solution, known.unique)
    several = len(fits) > 1
    why = ("No single line, no test of one cell and no deeper test from a cell gives a new "
           "cell here: " + ("the puzzle has more than one solution, and your marks fit more "
                            "than one of them." if several else
                            "the puzzle needs a longer search from this point, or has more "
                            "than one solution."))
    return {"kind": "none", "line": None, "cells": [], "explanation": why,
            "leftmost": None, "rightmost": None}


def _fitting(known, eng, rows):
    """The known solutions (row strings) the grid agrees with. A reveal needs
    exactly one: with two, the marks do not tell which cell values are right."""
    if known is None:
        return []
    chars = [c.char for c in eng.puzzle.colors]
    return [s for s in known.solutions if _fits(rows, s, chars)]


def _fits(rows, solution, chars):
    for r, line in zip(rows, solution):
        for x, ch in enumerate(line):
            if not r[chars.index(ch)] >> x & 1:
                return False
    return True


# -- helpers on per-colour line states ("cans") --------------------------------

def state_cans(puzzle, state):
    """Per-line colour masks (Engine's rows, cols) straight from state text.

    One str.translate and int() per line and colour instead of a Python loop per
    cell: this conversion dominated the hint's time on 60x60 grids. Bad text gets
    the exact error from cells_from_state.
    """
    rows = state_lines(state, puzzle)
    chars = [c.char for c in puzzle.colors]
    allowed = set(chars) | {"?"} | (set() if puzzle.is_color else {"X"})
    if (len(rows) != puzzle.height or any(len(r) != puzzle.width for r in rows)
            or not set("".join(rows)) <= allowed):
        cells_from_state(puzzle, rows)  # raises the specific PuzzleError
    if not puzzle.is_color:
        rows = [r.replace("X", "#") for r in rows]
    tables = []
    for c, ch in enumerate(chars):
        keep = {ch, "?"}
        tables.append(str.maketrans({k: ("1" if k in keep else "0") for k in allowed}))
    cols = ["".join(t) for t in zip(*rows)]

    def cans(lines):
        return [tuple(int(line[::-1].translate(t), 2) for t in tables) for line in lines]

    return cans(rows), cans(cols)


def _value_at(cans, i):
    """The colour index of a decided cell."""
    for c, m in enumerate(cans):
        if m >> i & 1:
            return c
    raise ValueError("undecided cell")


# -- contradictions in the clues themselves --------------------------------------

def _from_empty(puzzle, eng=None):
    """Line logic on the empty grid, once per puzzle (see _from_empty_cache);
    ``eng`` (built when not given) is only needed on the first call."""
    key = mistakes.puzzle_key(puzzle)
    hit = _from_empty_cache.get(key)
    if hit is None:
        eng = eng or Engine(puzzle)
        rows, cols = eng.initial()
        hit = ("fail", eng.failed) if eng.run_all(rows, cols) < 0 else ("ok", rows, cols)
        _from_empty_cache.put(key, hit)
    return hit


def no_solution(puzzle, budget: int = DIAGNOSE_WORK):
    """The hint that the puzzle has no solution, when cheap tests prove it, else None.

    Line logic from the empty grid, then one-cell tests from its fixpoint (a cell
    no value fits) until ``budget`` line solves are spent. A contradiction only
    deep search finds passes unnoticed. Remembered per puzzle, so asking before
    every hint costs a look-up.
    """
    key = mistakes.puzzle_key(puzzle)
    if key in _diagnosed:
        return _diagnosed.get(key)
    eng = Engine(puzzle)
    found = _clues_contradict(puzzle, eng)
    if found is None:
        _, rows, cols = _from_empty(puzzle, eng)
        limit = eng.line_solves + budget
        for y, x in whatif.probe_order(eng, rows):
            if eng.line_solves >= limit:
                break
            if all(eng.run(*set_cell(rows, cols, y, x, c), {y}, {x}) < 0
                   for c in range(eng.ncol) if rows[y][c] >> x & 1):
                found = _clues_contradict(puzzle, eng, (y, x))
                break
    return _diagnosed.put(key, found)


def known_no_solution(puzzle):
    """The no-solution hint at the cost of a hint: a diagnosis already made by
    :func:`no_solution` (Play asks for one on opening), else line logic from the
    empty grid (cached). Never the cell tests, which take up to their budget."""
    key = mistakes.puzzle_key(puzzle)
    if key in _diagnosed:
        return _diagnosed.get(key)
    return _clues_contradict(puzzle)  # no engine: a cache hit after the first hint


def _clues_contradict(puzzle, eng=None, cell=None):
    """The hint that the puzzle has no solution, when the contradiction just found
    does not depend on the marks, else None.

    Line logic on the empty grid fails (cached per puzzle, so every hint can ask),
    or, for ``cell`` (which no value fits given the marks; needs ``eng``), every
    value of that cell fails there too, so the player's mistakes are not blamed on
    the clues. Clues whose contradiction needs deeper search are not caught.
    """
    hit = _from_empty(puzzle, eng)
    if hit[0] == "fail":
        return text.no_solution(puzzle, *hit[1])
    if cell is None:
        return None
    _, rows, cols = hit
    y, x = cell
    failures = []
    for c in range(eng.ncol):
        if rows[y][c] >> x & 1:
            r2, c2 = set_cell(rows, cols, y, x, c)
            if eng.run(r2, c2, {y}, {x}) >= 0:
                return None
            failures.append((c, eng.failed))
    axis, i = failures[0][1]
    return text.no_solution(puzzle, axis, i, cell, failures)


# -- line hints ---------------------------------------------------------------

def _reasons(clue, n, old, new, gained):
    """Split the gained cells by reason: trivial / overlap / unreachable / other.

    Returns (level, parts, extremes) where parts maps a reason to positions.
    Overlap: block j covers [right_j, left_j + len_j) in every arrangement, because
    left_j and right_j are its smallest and largest possible starts. Unreachable:
    no block's range [left_j, right_j + len_j) includes the cell.
    """
    cells = lines_mod.from_cans(old, n)
    ext = extremes(clue, cells)
    pos = positions(gained)
    parts = {"overlap": {}, "unreachable": [], "other": []}
    if ext is None:  # cannot happen for a line that solved; keep the hint usable
        parts["other"] = pos
        return 2, parts, None
    left, right = ext
    covered = {}
    for j, (length, c) in enumerate(clue):
        for k in range(right[j], left[j] + length):
            covered[k] = j
    reach = 0
    for j, (length, _) in enumerate(clue):
        reach |= ((1 << (right[j] + length - left[j])) - 1) << left[j]
    for p in pos:
        value = _value_at(new, p)
        if value and p in covered and clue[covered[p]][1] == value:
            parts["overlap"].setdefault(covered[p], []).append(p)
        elif value == 0 and not reach >> p & 1:
            parts["unreachable"].append(p)
        else:
            parts["other"].append(p)
    if _trivial(clue, n, old):
        level = 0
    elif not parts["other"]:
        level = 1
    else:
        level = 2
    return level, parts, ext


def _trivial(clue, n, old):
    """Why the line is settled without arranging blocks, or None.

    "empty": no blocks; "exact": the blocks fill the line exactly; "counted": every
    coloured cell of the clue is already marked (so the rest is empty); "fill"
    (black and white): the open cells are exactly the filled cells still missing.
    """
    if not clue:
        return "empty"
    if min_length(clue) == n:
        return "exact"
    multi = undecided(old)
    done = True
    for c in range(1, len(old)):
        total = sum(length for length, k in clue if k == c)
        if (old[c] & ~multi).bit_count() != total:
            done = False
            break
    if done:
        return "counted"
    if len(old) == 2:
        missing = sum(length for length, _ in clue) - (old[1] & ~multi).bit_count()
        if missing == multi.bit_count():
            return "fill"
    return None


def _quick_key(candidate):
    """Cheap ordering: trivial lines first, then most cells gained, fewest unknown."""
    axis, i, clue, n, old, new, gained, unknown = candidate
    return (_trivial(clue, n, old) is None, -gained.bit_count(), unknown, axis != "row", i)


def _pick(candidates):
    """The simplest deduction: the reasoning level decides among the best few.

    Working out the level needs the line's extremes, which cost more than a line
    solve, so only the TOP_K best by the cheap key are examined. Returns the
    candidate with its _reasons appended (the hint's text uses them).
    """
    candidates.sort(key=_quick_key)
    top = candidates[:TOP_K]
    scored = []
    for k, c in enumerate(top):
        reasons = _reasons(c[2], c[3], c[4], c[5], c[6])
        scored.append((reasons[0], k, c, reasons))
        if reasons[0] <= 1:  # level 0 lines sort first, so nothing later beats this
            break
    _, _, c, reasons = min(scored, key=lambda t: (t[0], t[1]))
    return c + (reasons,)


def _line_hint(puzzle, axis, i, clue, n, old, new, gained, unknown, reasons):
    level, parts, ext = reasons  # _reasons' (the pick's)
    pos = positions(gained)
    values = {p: _value_at(new, p) for p in pos}
    trivial = _trivial(clue, n, old)
    explanation = text.line_explanation(puzzle, axis, i, clue, trivial, undecided(old).bit_count(),
                                        parts, ext, values)
    out_cells = []
    for p in pos:
        y, x = (i, p) if axis == "row" else (p, i)
        out_cells.append({"row": y + 1, "column": x + 1,
                          "value": puzzle.colors[values[p]].char})
    result = {"kind": "line", "line": {"axis": axis, "index": i + 1}, "cells": out_cells,
              "explanation": explanation, "leftmost": None, "rightmost": None,
              "level": level}
    if ext is not None:
        result["leftmost"] = text.arrangement(puzzle, clue, ext[0], n)
        result["rightmost"] = text.arrangement(puzzle, clue, ext[1], n)
    return result
