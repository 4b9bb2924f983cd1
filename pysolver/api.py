"""The engine's public calls: plain dicts in, plain dicts out; the one surface the
command line (pysolver.app), the browser worker (web/py/bridge.py) and the tests use.

Every genre (pysolver.registry; ARCHITECTURE.md, "Genres"):
  genres() -> [{"name", "title", "rules", "tasks"}]
  read(text, filename=None, genres=None) -> {"genre", "format", "puzzles": [puzzle dict, ...]}
  task(genre, name, args, progress=None, defaults=None) -> {"result"} | {"session", "ask"}
  step(session, answer) -> {"result"} | {"session", "ask"}
  run(genre, name, args, progress=None, defaults=None) -> the task's result (native clingo)

The nonogram's services (pysolver.nonogram.service), which its tasks call. A
``puzzle`` is the puzzle JSON dict (ARCHITECTURE.md; what :func:`parse` returns),
its JSON text, or a :class:`~pysolver.nonogram.puzzle.Puzzle`; a ``state`` the
player's grid as row strings (``?`` unknown, ``.`` empty, ``#`` or a colour char
filled):
  parse(text, filename=None) -> {"format", "puzzles": [puzzle dict, ...]}
  solve(puzzle, max_solutions=2, timeout=None, engine="pysolver"|"clingo", state=None,
        progress=None, should_stop=None, work=None) -> solve result
  analyse(puzzle, timeout=None, progress=None, should_stop=None, count_cap=2, givens=None,
          work=None) -> uniqueness, count, classification, difficulty
  (Racing processes, engine "auto" and jobs > 1, is the command line's:
  pysolver.app.race.solve / .analyse take the same arguments and those two.)
  hint(puzzle, state, find_solutions=False) -> hint result
  check_marks(puzzle, state, mode="off", timeout=None, progress=None, work=None)
      -> the play view's check of the player's marks
  diagnose(puzzle) -> {"no_solution", "line", "notice", "explanation", "solutions", "unique"}
  convert(source, to, filename=None) -> text
  clues_from_grid(rows, colors=None, title="") -> puzzle dict
  fix(puzzle, max_suggestions=3, timeout=None, progress=None, should_stop=None,
      givens=None) -> {"suggestions": [...]}
  to_puzzle(puzzle) -> Puzzle
  generate(family="nonogram", width, height, colours=1, level="easy", seed=1)
      -> {"puzzle", "level", "stars", "walk", "recipe", ...} (ARCHITECTURE.md)
And clear_caches(), version(), clingo_available().

Every function raises PuzzleError (pysolver.errors) with a specific message on bad
input. ``progress`` callbacks get a dict (``known``, ``total``, ``nodes``,
``probes``, ``solutions``, ``time_s``) about every 0.25 s; ``should_stop()`` is
polled and cancels when it returns True (status "cancelled").
"""
from __future__ import annotations

from . import __version__, memo, registry
from .asp import run as asp_run
from .asp import tasks
from .errors import PuzzleError
from .nonogram import genre as nonogram_genre
from .nonogram.service import (COUNT_LINE_SOLVES, ENGINES, WRITE_FORMATS, analyse,  # noqa: F401
                               check_marks, clues_from_grid, convert, diagnose, fix, hint, parse,
                               solve, to_puzzle)


def version() -> str:
    """The engine's version (the worker compares it with its memory snapshot's)."""
    return __version__


def clear_caches():
    """Empty every cache the engine keeps: the registered memos and the line
    results (pysolver.memo.clear_all covers both)."""
    memo.clear_all()


def clingo_available() -> bool:
    """True when native clingo can be used (the command line; never in Pyodide)."""
    return asp_run.clingo_available()


# -- every genre (pysolver.registry) ------------------------------------------------

def genres() -> list:
    """[{name, title, rules, tasks}] of every registered genre, in registry order."""
    return [g.as_dict() for g in registry.GENRES.values()]


def read(text: str, filename: str | None = None, genres=None) -> dict:
    """The puzzles in a file's text (or a pasted text, or a link), of whichever genre
    recognises it: {"genre", "format", "puzzles": [puzzle dict, ...]}. ``genres``:
    only these (names); the first reads what none of them recognises (its error)."""
    if not isinstance(text, str):
        raise PuzzleError("the text to read must be a string")
    if genres is None:
        genre = registry.recognise(text, filename)
    else:
        among = [registry.get(name) for name in genres]
        genre = next((g for g in among if g.recognise(text, filename)), among[0])
    return dict(genre.read(text, filename), genre=genre.name)


def task(genre: str, name: str, args: dict, progress=None, defaults=None) -> dict:
    """Start the genre's task ``name`` with the JSON ``args``: {"result"} when it
    needs no clingo call, else {"session", "ask"}: the first clingo call, to answer
    with :func:`step` (the page answers with clingo-wasm). ``progress``: the
    progress callback of tasks that report it (a dict about every 0.25 s);
    ``defaults``: arguments for the tasks that take them, when ``args`` lacks them."""
    return tasks.open_session(registry.get(genre).start(name, args, progress, defaults))


def step(session, answer: dict) -> dict:
    """The answer to a session's last ask: {"session", "ask"} for the next, or {"result"}."""
    return tasks.continue_session(session, answer)


def run(genre: str, name: str, args: dict, progress=None, defaults=None):
    """The task's result, every clingo call answered by native clingo (the command
    line, tests; ClingoMissing without the module). Arguments as for :func:`task`."""
    return tasks.finish_native(registry.get(genre).start(name, args, progress, defaults))


def generate(family="nonogram", width=10, height=10, colours=1, level="easy", seed=1,
             progress=None) -> dict:
    """A generated puzzle the Hint engine finishes alone (pysolver.nonogram.generate).

    Returns {"puzzle": puzzle dict with its goal, "family", "level", "stars",
    "walk": the hint walk's summary (finished, steps per kind, longest_chain,
    chain_steps, deepest), "recipe": the arguments as one short string (the
    same recipe gives the same puzzle anywhere), "attempts", "walks",
    "rejected": {reason: pictures given up}, "style", "symmetry"}. Work
    budgets only, so the worker gets the same puzzle as the command line.
    Nikoli families are generated with clingo by their genre's task ``generate``.
    The nonogram genre's task ``generate`` is this, also from a ``recipe``.
    """
    if family != "nonogram":
        raise PuzzleError(f"generate() makes nonograms; {family!r} puzzles come from the "
                          "Nikoli generator (pysolver generate FAMILY, the genre's clingo task)")
    return nonogram_genre.generate(width=width, height=height, colours=colours, level=level,
                                   seed=seed, progress=progress)


METHODS = {"parse": parse, "solve": solve, "analyse": analyse, "hint": hint, "diagnose": diagnose,
           "convert": convert, "clues_from_grid": clues_from_grid, "fix": fix, "check_marks": check_marks}
