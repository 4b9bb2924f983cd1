"""The worker's Python side: one call(kind, payload_json, progress) -> JSON string.

Every answer is {"result": ...} or {"error": {"kind", "message"}}; a PuzzleError
becomes kind "puzzle" with its message, KeyboardInterrupt (the page's interrupt
buffer) kind "cancelled". The puzzle logic itself lives in pysolver; this module
only adapts it to the page's messages (see web/README.md).
"""
import json
import sys

import pysolver
from pysolver import api, formats, line
from pysolver.puzzle import PuzzleError, cells_from_state, satisfies

# The "against the solution" check of a puzzle without a goal picture must find a
# solution first. The worker answers requests in order, so that search is bounded
# (hints and checks wait behind it) and its outcome, found or not, is remembered.
SOLUTION_TIME_S = 5.0
_SOLUTIONS_KEPT = 8
# clues and colours -> ("found", row strings) | ("none", None) | ("timeout", None)
_solutions = {}


def info():
    return json.dumps({"python": sys.version.split()[0], "pysolver": pysolver.__version__})


def _reporter(progress):
    """The engine's progress dicts as JSON text for the worker (None: no reports)."""
    return (lambda d: progress(json.dumps(d))) if progress is not None else None


def _lines(p, cells):
    w = p.width
    for axis, i, clue, _ in p.lines():
        if axis == "row":
            idx = list(range(i * w, i * w + w))
        else:
            idx = list(range(i, len(cells), w))
        yield axis, i, clue, idx, tuple(cells[k] for k in idx)


def do_parse(payload, progress):
    return api.parse(payload.get("text", ""), payload.get("filename") or None)


def do_hint(payload, progress):
    p = api.to_puzzle(payload["puzzle"])
    return api.hint(p, payload["state"])


def do_diagnose(payload, progress):
    """Play's check on opening a puzzle: clues that cheap tests prove contradictory."""
    return api.diagnose(api.to_puzzle(payload["puzzle"]))


def _clue_marks(p, cells):
    """Per line, per block: True when line logic pins the block to a run the player filled."""
    marks = {"rows": [], "columns": []}
    for axis, i, clue, idx, line_cells in _lines(p, cells):
        done = [False] * len(clue)
        ext = line.extremes(clue, line_cells) if clue else None
        if ext is not None:
            left, right = ext
            for j, (n, c) in enumerate(clue):
                s = left[j]
                if s == right[j] and all(line_cells[k] == 1 << c for k in range(s, s + n)):
                    done[j] = True
        marks["rows" if axis == "row" else "columns"].append(done)
    return marks


def _complete_runs(line_cells, full):
    """Keep only filled runs closed on both sides (by a cross or the edge), with their crosses."""
    n = len(line_cells)
    out = [full] * n
    k = 0
    while k < n:
        if line_cells[k] != 1 and line_cells[k] != full:
            e = k
            while e < n and line_cells[e] not in (1, full):
                e += 1
            closed_left = k == 0 or line_cells[k - 1] == 1
            closed_right = e == n or line_cells[e] == 1
            if closed_left and closed_right:
                for t in range(max(0, k - 1), min(n, e + 1)):
                    out[t] = line_cells[t]
            k = e
        else:
            k += 1
    return tuple(out)


def _solution(p, progress):
    """(how, rows): the goal picture ("goal"), else a solution found within
    SOLUTION_TIME_S ("found"), or None with "none" (no solution) / "timeout".
    Before a search, ``progress`` gets {"searching": "solution", "limit_s"}: the
    page's "looking for one (at most N s)" quotes this limit, never its own."""
    if p.goal:
        return "goal", list(p.goal)
    # keyed by content: api.to_puzzle may hand back a new Puzzle for the same puzzle
    key = p.clue_key()
    hit = _solutions.get(key)
    if hit is None:
        if progress is not None:
            progress(json.dumps({"searching": "solution", "limit_s": SOLUTION_TIME_S}))
        res = api.solve(p, max_solutions=1, timeout=SOLUTION_TIME_S)
        sols = res["solutions"]
        hit = ("found", sols[0]) if sols else ("none" if res["status"] == "none" else "timeout", None)
        if len(_solutions) >= _SOLUTIONS_KEPT:
            _solutions.pop(next(iter(_solutions)))
        _solutions[key] = hit
    return hit


def do_check(payload, progress):
    p = api.to_puzzle(payload["puzzle"])
    cells = cells_from_state(p, payload["state"])
    mode = payload.get("mode", "off")
    out = {"mode": mode, "lines": [], "cells": [], "message": "",
           "clues": _clue_marks(p, cells)}
    if mode in ("runs", "lines"):
        for axis, i, clue, idx, line_cells in _lines(p, cells):
            test = _complete_runs(line_cells, p.full_mask) if mode == "runs" else line_cells
            if line.solve_line(clue, test) is None:
                out["lines"].append({"axis": axis, "index": i + 1})
        n = len(out["lines"])
        what = "complete runs" if mode == "runs" else "marks"
        out["message"] = (f"{n} line{'s' if n != 1 else ''} whose {what} contradict the clue"
                          if n else f"No line's {what} contradict its clue.")
    elif mode == "solution":
        how, sol = _solution(p, progress)
        if sol is None:
            out["message"] = (
                "This puzzle has no solution: its clues contradict each other, so there is "
                "nothing to check against." if how == "none" else
                f"This puzzle has no stored solution and none was found within "
                f"{SOLUTION_TIME_S:g} s, so the check against the solution is unavailable "
                "(the other check modes still work).")
            return out
        chars = p.char_index()
        # unknown cells count as empty, as in the page's win check
        w = p.width
        grid = [[0 if m == p.full_mask else m.bit_length() - 1 for m in cells[y * w:(y + 1) * w]]
                for y in range(p.height)]
        if satisfies(p, grid):
            # a grid that fits every clue is never wrong, even when the puzzle has
            # several solutions and this is not the one compared against
            same = grid == [[chars[ch] for ch in row] for row in sol]
            out["message"] = ("Every clue is satisfied: the grid is the solution." if same else
                              "Every clue is satisfied: the grid is a valid solution, different "
                              "from the stored one (this puzzle has more than one solution).")
            return out
        for y, row in enumerate(sol):
            for x, ch in enumerate(row):
                m = cells[y * p.width + x]
                if m != p.full_mask and not (m >> chars.get(ch, 1)) & 1:
                    out["cells"].append({"row": y + 1, "column": x + 1})
        n = len(out["cells"])
        out["message"] = (f"{n} cell{'s differ' if n != 1 else ' differs'} from the solution"
                          if n else "Every marked cell agrees with the solution.")
    return out


def do_solve(payload, progress):
    """Two solutions asked (the default): api.check, which also classifies; else api.solve."""
    p = api.to_puzzle(payload["puzzle"])
    report = _reporter(progress)
    max_solutions = payload.get("max_solutions", 2)
    if max_solutions != 2 or payload.get("state"):
        return api.solve(p, max_solutions=max_solutions, timeout=payload.get("timeout"),
                         state=payload.get("state"), progress=report)
    res = api.check(p, timeout=payload.get("timeout"), progress=report)
    res["engine"] = "pysolver"
    return res


def do_asp(payload, progress):
    """Encoding + facts for clingo-wasm (web/js/clingo-client.js); state rows = known cells."""
    p = api.to_puzzle(payload["puzzle"])
    known = cells_from_state(p, payload["state"]) if payload.get("state") else None
    from pysolver import asp  # imported on first use: it is not needed to play
    return {"program": asp.program(p, known, payload.get("encoding", "nonogram")),
            "chars": [c.char for c in p.colors] if p.is_color else [".", "#"]}


def do_check_goal(payload, progress):
    """The editor's check of a goal picture (pysolver.api.check with a solution count)."""
    p = api.to_puzzle(payload["puzzle"])
    report = _reporter(progress)
    return api.check(p, count_cap=int(payload.get("count_cap", 20)), givens=payload.get("givens"),
                     timeout=payload.get("timeout"), progress=report)


def do_fix(payload, progress):
    """The editor's fix assistant (pysolver.api.fix): verified suggestions."""
    p = api.to_puzzle(payload["puzzle"])
    report = _reporter(progress)
    return api.fix(p, max_suggestions=int(payload.get("max_suggestions", 3)),
                   timeout=payload.get("timeout"), progress=report, givens=payload.get("givens"))


def do_convert(payload, progress):
    """A puzzle dict written as text: format non, xml, json (or nin)."""
    p = api.to_puzzle(payload["puzzle"])
    return {"text": formats.dump(p, payload.get("format", "json"))}


def do_reset(payload, progress):
    """Forget every cache (line results, puzzles, solutions): memory back, and the
    benchmark's solves start equally cold on both sides."""
    api.clear_caches()
    _solutions.clear()
    return {}


HANDLERS = {"reset": do_reset, "parse": do_parse, "hint": do_hint, "diagnose": do_diagnose, "check": do_check,
            "solve": do_solve, "asp": do_asp, "check_goal": do_check_goal, "fix": do_fix, "convert": do_convert}


def call(kind, payload_json, progress=None):
    try:
        handler = HANDLERS.get(kind)
        if handler is None:
            raise PuzzleError(f"unknown request type {kind!r}")
        return json.dumps({"result": handler(json.loads(payload_json), progress)})
    except PuzzleError as e:
        return json.dumps({"error": {"kind": "puzzle", "message": str(e)}})
    except KeyboardInterrupt:
        return json.dumps({"error": {"kind": "cancelled", "message": "cancelled"}})
    except Exception as e:  # report, never crash the worker
        return json.dumps({"error": {"kind": "internal", "message": f"{type(e).__name__}: {e}"}})
