"""The worker's Python side: one call(kind, payload_json, progress) -> JSON string.

Every answer is {"result": ...} or {"error": {"kind", "message"}}; a PuzzleError
becomes kind "puzzle" with its message, KeyboardInterrupt (the page's interrupt
buffer) kind "cancelled". The puzzle logic itself lives in pysolver, reached
through pysolver.api only; this module adapts it to the page's messages (see
web/README.md, "Engine worker protocol": read, task and step for every genre, and
the older per-genre kinds, kept as aliases of those).
"""
import json
import sys

from pysolver import api
# the lanes a nonogram level's search is split into, for the page's helper workers (the
# one engine constant the page needs that pysolver.api does not carry)
from pysolver.nonogram.generate import LEVELS, lane_count

# The worker's limits on the "against the solution" check's search for a solution
# (a puzzle without a goal picture): the worker answers requests in order, so
# hints and checks wait behind it. The budget in line solves decides (the same
# answer on every machine: on a 25x25 puzzle here about 2 s of CPython, 5 s in the browser); the
# seconds are the safety net. The page quotes them from the progress report,
# never copies of its own.
SOLUTION_WORK = 700_000
SOLUTION_TIME_S = 30.0
NIKOLI = ("nurikabe", "heyawake", "masyu", "bag")  # the genres the nikoli_* kinds serve


def info():
    """The load's answer: versions, and the lanes of each nonogram level (the page runs that
    many parts of a generation at once at most: js/engine/helpers.js)."""
    return json.dumps({"python": sys.version.split()[0], "pysolver": api.version(),
                       "lanes": {level: lane_count(level) for level in LEVELS}})


def _reporter(progress):
    """The engine's progress dicts as JSON text for the worker (None: no reports)."""
    return (lambda d: progress(json.dumps(d))) if progress is not None else None


def _task(genre, name, args, progress):
    # what a task gets when the page does not say: the worker's limits for the check
    # against the solution (only tasks that take these arguments get them)
    defaults = {"work": SOLUTION_WORK, "timeout": SOLUTION_TIME_S} if name == "check" else None
    return api.task(genre, name, args, _reporter(progress), defaults)


def _result(genre, name, args, progress):
    """A task that never asks clingo anything: its result."""
    return _task(genre, name, args, progress)["result"]


# -- the protocol: every genre --------------------------------------------------------

def do_genres(payload, progress):
    return {"genres": api.genres()}


def do_read(payload, progress):
    """{text, filename, genres?} -> {genre, format, puzzles} for whichever genre recognises
    it (among ``genres`` when given: the first of them reads what none recognises)."""
    genres = payload.get("genres")
    if genres is not None and not (isinstance(genres, list) and genres and all(isinstance(g, str) for g in genres)):
        raise api.PuzzleError("read: genres must be a non-empty list of genre names")
    return api.read(payload.get("text", ""), payload.get("filename") or None, genres)


def do_task(payload, progress):
    """{genre, task, args} -> {result} or {session, ask} (answer with step)."""
    return _task(payload.get("genre"), str(payload.get("task", "")), payload.get("args", {}), progress)


def do_step(payload, progress):
    """{session, answer} -> the task's next ask, or its result."""
    return api.step(payload.get("session"), payload.get("answer"))


def do_reset(payload, progress):
    """Forget every cache (line results, puzzles, solutions, sessions): memory back,
    and the benchmark's solves start equally cold on both sides."""
    api.clear_caches()
    return {}


# -- the older kinds (the page before read/task/step), each one of those: deprecated
# aliases the page no longer sends, kept for scripts, bench/ and the tests that pin them -

def do_parse(payload, progress):
    return api.parse(payload.get("text", ""), payload.get("filename") or None)


def do_hint(payload, progress):
    return _result("nonogram", "hint", {"puzzle": payload["puzzle"], "state": payload["state"]}, progress)


def do_diagnose(payload, progress):
    """Play's check on opening a puzzle: clues that cheap tests prove contradictory."""
    return _result("nonogram", "diagnose", {"puzzle": payload["puzzle"]}, progress)


def do_check(payload, progress):
    return _result("nonogram", "check", {"puzzle": payload["puzzle"], "state": payload["state"],
                                         "mode": payload.get("mode", "off")}, progress)


def do_solve(payload, progress):
    """Two solutions asked (the default): the analysis, which also classifies; else a solve.
    ``work``: a budget of line solves (the editor's search for a missing picture)."""
    args = {k: payload[k] for k in ("puzzle", "timeout", "work") if k in payload}
    max_solutions = payload.get("max_solutions", 2)
    if max_solutions != 2 or payload.get("state"):
        return _result("nonogram", "solve", dict(args, max_solutions=max_solutions,
                                                 state=payload.get("state")), progress)
    return dict(_result("nonogram", "analyse", args, progress), engine="pysolver")


def do_asp(payload, progress):
    """Encoding + facts for clingo-wasm (web/js/clingo-client.js); state rows = known cells."""
    args = {k: payload[k] for k in ("puzzle", "state", "encoding") if k in payload}
    return _result("nonogram", "asp", args, progress)


def do_check_goal(payload, progress):
    """The editor's check of a goal picture: the analysis, counting to 20."""
    args = {k: payload[k] for k in ("puzzle", "givens", "timeout") if k in payload}
    return _result("nonogram", "analyse", dict(args, count_cap=int(payload.get("count_cap", 20))), progress)


def do_fix(payload, progress):
    """The editor's fix assistant: verified suggestions."""
    args = {k: payload[k] for k in ("puzzle", "givens", "timeout") if k in payload}
    return _result("nonogram", "fix", dict(args, max_suggestions=int(payload.get("max_suggestions", 3))),
                   progress)


def do_convert(payload, progress):
    """A puzzle dict written as text: format non, xml, json (or nin)."""
    return _result("nonogram", "convert", {"puzzle": payload["puzzle"],
                                           "to": payload.get("format", "json")}, progress)


def do_nikoli_parse(payload, progress):
    """A Nikoli puzzle as the play screen draws it (read, for those genres only)."""
    text, name = payload.get("text", ""), payload.get("filename") or None
    out = api.read(text, name, NIKOLI)
    return dict(out["puzzles"][0], format=out["format"])


def do_nikoli_check(payload, progress):
    """The rule checker on the player's rows (the task check of the puzzle's genre)."""
    puzzle = payload["url"]
    return _result(api.read(puzzle, None, NIKOLI)["genre"], "check",
                   {"puzzle": puzzle, "state": payload["rows"]}, progress)


def do_nikoli_start(payload, progress):
    """{task, args} -> the first ask of a Nikoli task, or its result (the genre is the
    puzzle's, or generate's ``family``)."""
    name, args, genre = str(payload.get("task", "")), payload.get("args", {}), NIKOLI[0]
    known = {t for g in api.genres() if g["name"] in NIKOLI for t in g["tasks"]}
    if isinstance(args, dict) and name in known:  # else the first genre's error says what is wrong
        if "family" in args:
            args = dict(args)
            genre = args.pop("family")
        else:
            genre = api.read(str(args.get("puzzle", "")), None, NIKOLI)["genre"]
    return _task(genre, name, args, progress)


HANDLERS = {"genres": do_genres, "read": do_read, "task": do_task, "step": do_step, "reset": do_reset,
            "parse": do_parse, "hint": do_hint, "diagnose": do_diagnose, "check": do_check,
            "solve": do_solve, "asp": do_asp, "check_goal": do_check_goal, "fix": do_fix, "convert": do_convert,
            "nikoli_parse": do_nikoli_parse, "nikoli_check": do_nikoli_check,
            "nikoli_start": do_nikoli_start, "nikoli_step": do_step}


def call(kind, payload_json, progress=None):
    try:
        handler = HANDLERS.get(kind)
        if handler is None:
            raise api.PuzzleError(f"unknown request type {kind!r}")
        try:
            payload = json.loads(payload_json) if payload_json else {}
        except ValueError as e:
            raise api.PuzzleError(f"the request is not valid JSON ({e})") from None
        if not isinstance(payload, dict):
            raise api.PuzzleError("the request must be a JSON object")
        return json.dumps({"result": handler(payload, progress)})
    except api.PuzzleError as e:
        return json.dumps({"error": {"kind": "puzzle", "message": str(e)}})
    except KeyboardInterrupt:
        return json.dumps({"error": {"kind": "cancelled", "message": "cancelled"}})
    except Exception as e:  # report, never crash the worker
        return json.dumps({"error": {"kind": "internal", "message": f"{type(e).__name__}: {e}"}})
