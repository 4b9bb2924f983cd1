"""The worker's Python side: one call(kind, payload_json, progress) -> JSON string.

Every answer is {"result": ...} or {"error": {"kind", "message"}}; a PuzzleError
becomes kind "puzzle" with its message, KeyboardInterrupt (the page's interrupt
buffer) kind "cancelled". The puzzle logic itself lives in pysolver; this module
only adapts it to the page's messages (see web/README.md).
"""
import itertools
import json
import sys

import pysolver
from pysolver import api
from pysolver.memo import Memo
from pysolver.errors import PuzzleError
from pysolver.nonogram.puzzle import cells_from_state

# The worker's limits on the "against the solution" check's search for a solution
# (a puzzle without a goal picture): the worker answers requests in order, so
# hints and checks wait behind it. The budget in line solves decides (the same
# answer on every machine: on a 25x25 puzzle here about 2 s of CPython, 5 s in the browser); the
# seconds are the safety net. The page quotes them from the progress report,
# never copies of its own.
SOLUTION_WORK = 700_000
SOLUTION_TIME_S = 30.0


def info():
    return json.dumps({"python": sys.version.split()[0], "pysolver": pysolver.__version__})


def _reporter(progress):
    """The engine's progress dicts as JSON text for the worker (None: no reports)."""
    return (lambda d: progress(json.dumps(d))) if progress is not None else None


def do_parse(payload, progress):
    return api.parse(payload.get("text", ""), payload.get("filename") or None)


def do_hint(payload, progress):
    return api.hint(payload["puzzle"], payload["state"])


def do_diagnose(payload, progress):
    """Play's check on opening a puzzle: clues that cheap tests prove contradictory."""
    return api.diagnose(payload["puzzle"])


def do_check(payload, progress):
    return api.mark(payload["puzzle"], payload["state"], payload.get("mode", "off"),
                    timeout=SOLUTION_TIME_S, progress=_reporter(progress), work=SOLUTION_WORK)


def do_solve(payload, progress):
    """Two solutions asked (the default): api.check, which also classifies; else api.solve.
    ``work``: a budget of line solves (the editor's search for a missing picture)."""
    p = api.to_puzzle(payload["puzzle"])
    report = _reporter(progress)
    max_solutions = payload.get("max_solutions", 2)
    work = payload.get("work")
    if max_solutions != 2 or payload.get("state"):
        return api.solve(p, max_solutions=max_solutions, timeout=payload.get("timeout"),
                         state=payload.get("state"), progress=report, work=work)
    res = api.check(p, timeout=payload.get("timeout"), progress=report, work=work)
    res["engine"] = "pysolver"
    return res


def do_asp(payload, progress):
    """Encoding + facts for clingo-wasm (web/js/clingo-client.js); state rows = known cells."""
    p = api.to_puzzle(payload["puzzle"])
    known = cells_from_state(p, payload["state"]) if payload.get("state") else None
    from pysolver.nonogram import asp  # imported on first use: it is not needed to play
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
    return {"text": api.convert(payload["puzzle"], payload.get("format", "json"))}


def do_reset(payload, progress):
    """Forget every cache (line results, puzzles, solutions): memory back, and the
    benchmark's solves start equally cold on both sides."""
    api.clear_caches()
    return {}


def _nikoli_grid(text, name):
    from pysolver import limits
    from pysolver.nikoli import model
    limits.check_text_size(len(text.encode("utf-8", "surrogatepass")), name)
    return model.parse(text, name)


def do_nikoli_parse(payload, progress):
    """A Nurikabe, Heyawake, Masyu or Bag puzzle (puzz.link/pzv.jp URL or the family's
    text) as the play screen draws it: clues [[x, y, n]...] (n -2: "?"; Masyu 1 white,
    2 black), rooms (Heyawake), and its URL, which names it from then on."""
    from pysolver.nikoli import model, url
    grid = _nikoli_grid(payload.get("text", ""), payload.get("filename") or "puzzle")
    return {"format": "nikoli", "family": grid.family, "width": grid.width, "height": grid.height,
            "clues": model.clue_list(grid),
            "rooms": grid.rooms, "url": url.write_url(grid)}


def do_nikoli_check(payload, progress):
    """The rule checker (pysolver.nikoli.rules) on the player's rows: the broken rules
    with their cells; a complete grid with none is solved."""
    from pysolver.nikoli import rules
    grid = _nikoli_grid(payload["url"], "puzzle")
    return {"violations": rules.violations(grid, payload["rows"])}


# Nikoli tasks (pysolver.asp.tasks) run step by step: the page answers each
# ask with clingo-wasm (js/nikoli-asp.js). A session forgotten here (reset, or more
# than this many at once) must be started again.
_sessions = Memo("bridge.nikoli_sessions", 8)
_session_ids = itertools.count(1)


def _advance(session, task, answer):
    """The task's next ask ({session, ask}) or its end ({result})."""
    try:
        ask = task.send(answer)
    except StopIteration as stop:
        return {"result": stop.value}
    _sessions.put(session, task)
    return {"session": session, "ask": ask.as_dict()}


def do_nikoli_start(payload, progress):
    """{task, args} -> the first ask of a Nikoli task, or its result."""
    from pysolver.asp import tasks as asprun  # imported on first use: nonograms do not need it
    task = asprun.start(str(payload.get("task", "")), payload.get("args", {}))
    return _advance(next(_session_ids), task, None)


def do_nikoli_step(payload, progress):
    """{session, answer} -> the task's next ask, or its result."""
    session = payload.get("session")
    task = _sessions.get(session)
    if task is None:
        raise PuzzleError(f"Nikoli session {session!r} is unknown or over; start the task again")
    answer = payload.get("answer")
    if not isinstance(answer, dict) or "sat" not in answer:
        raise PuzzleError("nikoli_step: the answer must be an object with sat, models, ...")
    return _advance(session, task, answer)


HANDLERS = {"reset": do_reset, "parse": do_parse, "hint": do_hint, "diagnose": do_diagnose, "check": do_check,
            "solve": do_solve, "asp": do_asp, "check_goal": do_check_goal, "fix": do_fix, "convert": do_convert,
            "nikoli_parse": do_nikoli_parse, "nikoli_check": do_nikoli_check,
            "nikoli_start": do_nikoli_start, "nikoli_step": do_nikoli_step}


def call(kind, payload_json, progress=None):
    try:
        handler = HANDLERS.get(kind)
        if handler is None:
            raise PuzzleError(f"unknown request type {kind!r}")
        try:
            payload = json.loads(payload_json) if payload_json else {}
        except ValueError as e:
            raise PuzzleError(f"the request is not valid JSON ({e})") from None
        if not isinstance(payload, dict):
            raise PuzzleError("the request must be a JSON object")
        return json.dumps({"result": handler(payload, progress)})
    except PuzzleError as e:
        return json.dumps({"error": {"kind": "puzzle", "message": str(e)}})
    except KeyboardInterrupt:
        return json.dumps({"error": {"kind": "cancelled", "message": "cancelled"}})
    except Exception as e:  # report, never crash the worker
        return json.dumps({"error": {"kind": "internal", "message": f"{type(e).__name__}: {e}"}})
