"""The nonogram as a genre (pysolver.genre): files in any of the formats (formats/),
text grids and pictures; its tasks are the services (service.py), none of which
asks clingo anything (the page races clingo-wasm on its own: "asp")."""
from __future__ import annotations

import time

from .. import stars
from ..genre import Genre
from . import asp, generate as gen, service
from .formats import jsonfmt
from .puzzle import cells_from_state
from .walk import walk


def check(puzzle, state, mode="off", timeout=None, work=None, progress=None) -> dict:
    """The player's check (service.check_marks): mode off | runs | lines | solution."""
    return service.check_marks(puzzle, state, mode, timeout=timeout, progress=progress, work=work)


def solve(puzzle, max_solutions=2, timeout=None, state=None, work=None, progress=None) -> dict:
    return service.solve(puzzle, max_solutions=max_solutions, timeout=timeout, state=state,
                         progress=progress, work=work)


def analyse(puzzle, count_cap=2, givens=None, timeout=None, work=None, progress=None,
            rate=False) -> dict:
    """Uniqueness, classification, difficulty and a count up to ``count_cap`` (the
    editor's check of a goal picture counts to 20). With ``rate`` (the editor's check,
    not the Solve panel: seconds at 50x50), for a unique puzzle its stars and minutes
    from its hint walk (pysolver.stars, as the library and the play head rate it), from
    the cells it shows at the start: a puzzle unique only with them is walked with them.
    The walk honours ``timeout`` too: cut short, ``stars_at_least`` is True (the stars a
    lower bound), as a Nikoli puzzle's (pysolver.nikoli.aspsolve.analyse)."""
    t0 = time.monotonic()
    out = service.analyse(puzzle, count_cap=count_cap, givens=givens, timeout=timeout,
                          progress=progress, work=work)
    return rated(puzzle, out, givens, timeout, t0) if rate else out


def rated(puzzle, out, givens=None, timeout=None, t0=None) -> dict:
    """``out`` (the analysis of ``puzzle``) with, when unique, its stars, minutes and
    stars_at_least from its hint walk from the cells it shows at the start; the walk stops
    ``timeout`` seconds after ``t0`` (the analysis's start: one limit for both)."""
    if out.get("status") != "unique":
        return out
    p = service.to_puzzle(puzzle)
    t0 = time.monotonic() if t0 is None else t0
    stop = None if timeout is None else (lambda: time.monotonic() - t0 > timeout)
    played = walk(p, cells=service.shown_cells(p, givens), stop=stop)
    return dict(out, stars=stars.nonogram(p.width, p.height, played),
                minutes=round(stars.nonogram_minutes(p.width, p.height, played), 1),
                stars_at_least=stars.at_least(played))


def fix(puzzle, max_suggestions=3, givens=None, timeout=None, progress=None) -> dict:
    return service.fix(puzzle, max_suggestions=max_suggestions, timeout=timeout,
                       progress=progress, givens=givens)


def convert(puzzle, to="json") -> dict:
    """The puzzle as the text of a format: non, xml, json or nin."""
    return {"text": service.convert(puzzle, to)}


def program(puzzle, state=None, encoding="nonogram") -> dict:
    """Encoding + facts for clingo-wasm (web/js/clingo-client.js); state rows = known cells."""
    p = service.to_puzzle(puzzle)
    known = cells_from_state(p, state) if state else None
    return {"program": asp.program(p, known, encoding),
            "chars": [c.char for c in p.colors] if p.is_color else [".", "#"]}


def generate(recipe=None, width=10, height=10, colours=1, level="easy", seed=1, part=None,
             progress=None) -> dict:
    """A generated puzzle the Hint engine finishes alone (generate.py), from its
    arguments or their ``recipe`` ("nonogram:10x10:1:medium:7", which wins): the
    puzzle dict with its goal, its stars and recipe, and the generator's info.
    ``part`` [i, n]: only that part of the expert level's lanes (a worker of
    several: the result whose ``lane`` has the least [work, lane] is the puzzle)."""
    if recipe is not None:
        return generate(**gen.recipe_args(recipe), part=part, progress=progress)
    gen.check_args(width, height, colours, level)
    return made(*gen.generate(width, height, colours, level, seed, progress, part))


def made(p, info) -> dict:
    """The task's result for generate.generate's (puzzle, info)."""
    return dict(info, puzzle=jsonfmt.to_dict(p), family="nonogram",
                stars=stars.nonogram(p.width, p.height, info["walk"]),
                recipe=p.source.removeprefix("generated:"))


GENRE = Genre(
    "nonogram", "Nonogram",
    ("Fill cells so that each row and column shows its clue: the lengths of its runs of "
     "filled cells, in order.",
     "Runs of one colour are separated by at least one empty cell; in colour puzzles, "
     "runs of different colours may touch."),
    recognise=lambda text, filename=None: True,  # asked last: it reads what no other genre claims
    read=service.parse,
    tasks={"check": check, "hint": service.hint, "diagnose": service.diagnose, "solve": solve,
           "analyse": analyse, "fix": fix, "convert": convert, "asp": program, "generate": generate},
    examples=("web/puzzles/[!c]*.json", "web/puzzles/jwilk/data00[0-2].nin",
              "web/puzzles/nonogram-db/[4k]*.non", "web/puzzles/webpbn/[12].xml"))
