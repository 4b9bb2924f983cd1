"""The nonogram's services, as the api offers them (pysolver.api re-exports each:
call them through the api). Plain dicts in and out; see pysolver.api for the
arguments every function shares."""
from __future__ import annotations

import json
import time

from ..decode import SPACE, lines as text_lines
from ..errors import PuzzleError
from ..memo import Memo
from . import asp, engines, formats
from .formats import givens as given_mod, jsonfmt
from .player import fix as fix_mod
from .player import hint as hint_mod
from .player import marks, mistakes
from .puzzle import Puzzle, cells_from_state, grid_from_rows, rows_text
from .solver import classify, search

ENGINES = ("pysolver", "clingo")  # "auto" and jobs > 1 race processes: pysolver.app.race
# Work budgets, in line solves (pysolver.nonogram.solver.search.solve's ``work``): the same
# answer on every machine. About 500,000 line solves take a second here on
# small puzzles; big lines take longer each. Wall-clock limits (``timeout``)
# stay the caller's safety net only.
COUNT_LINE_SOLVES = 200_000  # analyse() counting solutions beyond two (keeps it quick)
WRITE_FORMATS = ("non", "xml", "json", "nin", "asp")


_puzzles = Memo("api.puzzles", 8)  # canonical JSON of a puzzle dict -> Puzzle (the worker resends it)


def to_puzzle(puzzle) -> Puzzle:
    """A validated Puzzle from a puzzle dict, its JSON text, or a Puzzle.

    Dicts are remembered (a few, by content): reading and validating a 60x60
    puzzle costs more than a hint, and the worker sends the same puzzle with
    every request. Treat the returned Puzzle as read-only.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle.validate()
    if isinstance(puzzle, str):
        try:
            puzzle = json.loads(puzzle)
        except ValueError as e:
            raise PuzzleError(f"the puzzle's text, {jsonfmt.problem(e)}") from None
        except RecursionError:
            raise PuzzleError("the puzzle's JSON is nested too deeply") from None
    try:
        key = json.dumps(puzzle, sort_keys=True)
    except (TypeError, ValueError, RecursionError):  # not remembered; from_dict says why
        key = None
    p = _puzzles.get(key) if key is not None else None
    if p is None:
        p = jsonfmt.from_dict(puzzle)
        if key is not None:
            _puzzles.put(key, p)
    return p


def parse(text: str, filename: str | None = None) -> dict:
    """Every puzzle of a file's text; the format is detected from the content."""
    puzzles = formats.parse(text, filename)
    return {"format": formats.detect(text.lstrip("\ufeff"), filename) if isinstance(text, str) else None,
            "puzzles": [jsonfmt.to_dict(p, shown=True) for p in puzzles]}


def whole_number(value, name, least):
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise PuzzleError(f"{name} must be a whole number of at least {least}, not {value!r}")


def check_timeout(timeout):
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not timeout > 0):  # NaN too
        raise PuzzleError(f"timeout must be a positive number of seconds, not {timeout!r}")


def time_left(timeout, start):
    """What is left of ``timeout`` seconds counted from ``start`` (reading and
    checking a big puzzle count too): never None when a limit was given."""
    return None if timeout is None else max(1e-3, timeout - (time.monotonic() - start))


def solve(puzzle, max_solutions=2, timeout=None, engine="pysolver", state=None,
          progress=None, should_stop=None, work=None) -> dict:
    """Solve: up to ``max_solutions`` solutions (2 decides uniqueness).

    ``engine``: "pysolver" (pure Python) or "clingo" (native clingo through
    ``pysolver.nonogram.engines.solve_clingo``). Racing processes (engine "auto",
    jobs > 1) is the command line's: pysolver.app.race.solve, which takes the same
    arguments. ``state``: optional known cells (state rows) to start from.
    ``work``: a budget of line solves for the pysolver search: status "budget" when
    spent, the same answer on every machine; ``timeout`` stays the safety net.
    Result: {"status": unique|multiple|solved|none|timeout|budget|cancelled,
    "solutions": [[row strings]...], "classification", "difficulty", "time_s",
    "stats", "engine"}.
    """
    start = time.monotonic()
    check_timeout(timeout)
    p = to_puzzle(puzzle)
    if engine not in ENGINES:
        raise PuzzleError(f"unknown engine {engine!r} (choose one of {', '.join(ENGINES)}; "
                          "racing them is the command line's --engine auto)")
    whole_number(max_solutions, "max_solutions", 1)
    if work is not None:
        whole_number(work, "work", 1)
        if engine != "pysolver":
            raise PuzzleError("a work budget applies to one pysolver search (engine pysolver, jobs 1)")
    cells = cells_from_state(p, state) if state is not None else shown_cells(p, None)
    timeout = time_left(timeout, start)
    if engine == "clingo":
        return engines.solve_clingo(p, max_solutions, timeout, cells)
    return engines.solve_pysolver(p, max_solutions, timeout, cells, progress, should_stop,
                                  None if work is None else {"work": work})


def _givens(p, givens) -> list:
    """(row, column) pairs, 0-based, of the goal cells a puzzle shows at the start.

    ``givens``: [{"row", "column"}] (1-based, as everywhere in these dicts), checked as a
    file's are (formats/givens.py).
    """
    if isinstance(givens, list) and givens and p.goal is None:
        raise PuzzleError("givens need the puzzle's goal image: shown cells take their colour from it")
    return [(g["row"] - 1, g["column"] - 1) for g in given_mod.check(p, givens)]


def shown_cells(p, givens):
    """The known cells (cells_from_state) of the goal cells shown at the start, or None.
    ``givens`` None: those its file showed (Puzzle.givens, read by formats/givens.py)."""
    if givens is not None:  # the API's: malformed ones refused, the goal's colours
        givens = [{"row": y + 1, "column": x + 1} for y, x in _givens(p, givens)]
    start = given_mod.state(p, p.givens if givens is None else givens)
    return cells_from_state(p, start) if start else None


def analyse(puzzle, timeout=None, progress=None, should_stop=None, count_cap=2, givens=None,
            work=None) -> dict:
    """Classification, uniqueness, difficulty and a solution count; an alternative when there are several.

    ``count_cap``: count solutions up to this many (2 only decides uniqueness);
    counting beyond two stops after COUNT_LINE_SOLVES line solves, the count is
    then a lower bound. ``givens``: goal cells shown at the start, [{"row", "column"}].
    Racing native clingo's count beside it (engine "auto") is the command line's:
    pysolver.app.race.analyse. ``work``: a budget of line solves for pysolver's
    search (status "budget", undecided, when spent: the same on every machine;
    ``timeout`` the safety net).
    Result: {"status", "classification" (line|probe|search|multiple|none|unknown),
    "difficulty", "unique" (True/False/None when undecided), "count" (solutions
    found), "count_exact", "solutions" (at most ``count_cap``), "alternative" (row
    strings of a solution differing from the goal, or from the first solution when
    there is no goal) | None, "differences" ([{"row", "column"}] where the
    alternative differs), "goal_unique" (True/False/None; None without a goal),
    "time_s", "stats": {"nodes", "probes"}}.
    """
    start = time.monotonic()
    p = to_puzzle(puzzle)
    whole_number(count_cap, "count_cap", 2)
    check_timeout(timeout)
    if work is not None:
        whole_number(work, "work", 1)
    return _check_pysolver(p, timeout, progress, should_stop, count_cap, shown_cells(p, givens),
                           start, work)


def _check_pysolver(p, timeout, progress, should_stop, count_cap, cells, start, work=None):
    info = classify.classify(p, timeout=time_left(timeout, start), should_stop=should_stop,
                             progress=progress, cells=cells, work=work)
    status, grids = info["status"], info["solutions"]
    exact = status in ("unique", "none")
    if status == "multiple" and count_cap > 2:
        left = time_left(timeout, start)
        if (left is None or left > 1e-3) and not (should_stop is not None and should_stop()):
            res = search.solve(p, max_solutions=count_cap, cells=cells, timeout=left,
                               should_stop=should_stop, work=COUNT_LINE_SOLVES)
            if len(res.solutions) >= len(grids):
                grids = res.solutions
                exact = res.status == "multiple" and res.count_exact
    return verdict(p, status, grids, exact, info["classification"], info["difficulty"],
                    {"nodes": info["nodes"], "probes": info["probes"]}, start)


def verdict(p, status, grids, exact, classification, difficulty, stats, start) -> dict:
    """The check result from a status and the solutions found (colour-index grids)."""
    unique = {"unique": True, "multiple": False, "none": False}.get(status)
    # only a verdict is compared with the goal (a million cells take a while)
    goal = grid_from_rows(p, p.goal) if p.goal is not None and unique is not None else None
    alternative, differences = None, []
    if status == "multiple":
        reference = goal or grids[0]
        alt = next((g for g in grids if g != reference), None)
        if alt is not None:
            alternative = rows_text(p, alt)
            differences = [{"row": y + 1, "column": x + 1}
                           for y, (a, b) in enumerate(zip(reference, alt))
                           for x in range(p.width) if a[x] != b[x]]
    goal_unique = None
    if goal is not None and unique is not None:
        goal_unique = bool(unique and grids and grids[0] == goal)
    return {"status": status, "classification": classification,
            "difficulty": difficulty, "unique": unique, "count": len(grids),
            "count_exact": exact, "solutions": [rows_text(p, g) for g in grids],
            "alternative": alternative, "differences": differences, "goal_unique": goal_unique,
            "time_s": round(time.monotonic() - start, 4), "stats": stats}


def hint(puzzle, state, find_solutions=False) -> dict:
    """The next hint for the player's grid (see pysolver.nonogram.player.hint for the result's keys).

    First that the puzzle has no solution (line logic from the empty grid shows
    it, or diagnose() did earlier: its cell tests are too slow to repeat for
    every hint), then the player's mistakes (``kind: mistake``,
    pysolver.nonogram.player.mistakes) against the puzzle's solutions when they are known (found
    by diagnose(), or here first with ``find_solutions``: the command line),
    then the next deduction; when none is left, a search from the player's grid
    (pysolver.nonogram.player.mistakes.STUCK_WORK, scaled to the puzzle's size) finds a
    solution to reveal a cell from.
    """
    # a Puzzle comes validated (to_puzzle, the file readers): validating a 60x60
    # again would cost more than the hint (the worker passes to_puzzle's)
    p = puzzle if isinstance(puzzle, Puzzle) else to_puzzle(puzzle)
    found = hint_mod.known_no_solution(p)
    if found:
        return found
    cans = hint_mod.state_cans(p, state)  # a bad state gets its one-line error first
    known = mistakes.find_solutions(p, mistakes.CLI_SOLVE_WORK) if find_solutions else mistakes.known(p)
    if known is not None and known.status == "none":
        return mistakes.NO_SOLUTION_HINT
    stuck = mistakes.scaled(mistakes.STUCK_WORK, p)
    return mistakes.check(p, state) or hint_mod.hint(p, state, known=known, stuck_work=stuck,
                                                     cans=cans)


def diagnose(puzzle) -> dict:
    """What Play asks when a puzzle opens. Whether cheap tests prove the clues
    contradictory (line logic from the empty grid, then one-cell tests for at most
    pysolver.nonogram.player.hint.DIAGNOSE_WORK line solves); ``no_solution`` false means none was
    found this way, not that one exists. Then the puzzle's solutions are searched
    for (pysolver.nonogram.player.mistakes.SOLVE_WORK units of work), so that hints can tell the
    player's mistakes; ``solutions``: how many are known, ``unique`` true / false /
    None (not settled). Both are remembered per puzzle: asking again is a look-up."""
    p = to_puzzle(puzzle)
    h = hint_mod.no_solution(p)
    out = {"no_solution": False, "line": None, "notice": None, "explanation": None}
    if h is not None:
        out = {"no_solution": True, "line": h["line"], "notice": h["notice"],
               "explanation": h["explanation"]}
        return {**out, "solutions": 0, "unique": False}
    known = mistakes.find_solutions(p)
    unique = {"unique": True, "multiple": False, "none": False}.get(known.status)
    if known.status == "none":
        h = mistakes.NO_SOLUTION_HINT
        out = {"no_solution": True, "line": None, "notice": h["notice"], "explanation": h["explanation"]}
    return {**out, "solutions": len(known.solutions), "unique": unique}


def convert(source, to: str, filename: str | None = None) -> str:
    """A file's puzzles (text, or one puzzle dict / Puzzle) written in format ``to``.

    ``to``: non (several puzzles become a ``====``-separated bundle), xml (one
    puzzleset), json (a list when there are several), nin, or asp (clingo facts).
    """
    if to not in WRITE_FORMATS:
        raise PuzzleError(f"cannot convert to {to!r} (choose one of {', '.join(WRITE_FORMATS)})")
    if isinstance(source, (str, bytes)):
        puzzles = formats.parse(source, filename)
    else:
        puzzles = [to_puzzle(source)]
    if to == "asp":  # the cells a puzzle shows at the start are facts too, as in its solve
        return "\n".join(asp.facts(p, shown_cells(p, None)) for p in puzzles)
    try:
        return formats.dump_all(puzzles, to)
    except PuzzleError as e:  # what the target format cannot hold: named with the file
        raise PuzzleError(f"{filename}: {e}" if filename else str(e)) from None


def clues_from_grid(rows, colors=None, title: str = "") -> dict:
    """A puzzle dict whose clues come from a finished picture.

    ``rows``: row strings. Without ``colors``: ``#``/``X``/``1`` filled and
    ``.``/``-``/``0`` empty. With ``colors`` (a list of {"name", "char", "rgb"},
    background first): the rows use those chars.
    """
    if isinstance(rows, str):
        rows = text_lines(rows)
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise PuzzleError("the picture must be a list of row strings")
    rows = [r.strip(SPACE) for r in rows if r.strip(SPACE)]
    if colors is None:
        (p,) = formats.parse("\n".join(rows), fmt="grid") if rows else (None,)
        if p is None:
            raise PuzzleError("the picture is empty")
        p.title = title
        return jsonfmt.to_dict(p)
    # the puzzle JSON reader already checks a palette and derives clues from a goal
    return jsonfmt.to_dict(jsonfmt.from_dict({"colors": colors, "goal": rows, "title": title}))


def fix(puzzle, max_suggestions=3, timeout=None, progress=None, should_stop=None,
        givens=None) -> dict:
    """Verified edits that make a multi-solution goal unique (pysolver.nonogram.player.fix.suggest).

    ``givens``: goal cells the puzzle already shows at the start, [{"row", "column"}].
    """
    p = to_puzzle(puzzle)
    whole_number(max_suggestions, "max_suggestions", 1)
    check_timeout(timeout)
    return {"suggestions": fix_mod.suggest(p, max_suggestions=max_suggestions, timeout=timeout,
                                           should_stop=should_stop, progress=progress,
                                           givens=_givens(p, givens) if givens is not None
                                           else given_mod.goal_cells(p))}


def check_marks(puzzle, state, mode="off", timeout=None, progress=None, work=None) -> dict:
    """The play view's check of the player's ``state`` (see :mod:`pysolver.nonogram.player.marks`).

    ``mode``: off | runs | lines | solution. ``work`` (line solves) and
    ``timeout`` (seconds, the safety net): the budget of the "solution" mode's
    search for a solution when the puzzle has no goal picture (before it,
    ``progress`` gets {"searching": "solution", "work": work, "limit_s": timeout}).
    Result: {"mode", "lines": [{"axis", "index"}], "cells": [{"row", "column"}],
    "message", "clues": {"rows": [[bool per block]], "columns": [...]}}.
    """
    p = to_puzzle(puzzle)
    check_timeout(timeout)
    if work is not None:
        whole_number(work, "work", 1)
    return marks.check_marks(p, state, mode, timeout, progress, solve, work)
