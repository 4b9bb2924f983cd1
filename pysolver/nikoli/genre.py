"""What the Nikoli genres share as Genres (pysolver.genre): a puzzle is a puzz.link /
pzv.jp URL or the family's text format, its tasks run clingo (native clingo on the
command line, clingo-wasm in the page), its check is the rule checker."""
from __future__ import annotations

import functools

from .. import limits, stars
from ..asp.run import status_of
from ..asp.tasks import Ask
from ..errors import PuzzleError
from ..genre import Genre
from . import aspsolve, families, generate, hints, hints_large, model, read, rules, walk
from .family import Family
from .url import write_url


def puzzle_dict(grid: model.Grid) -> dict:
    """The puzzle as the play screen draws it: clues [[x, y, n]...] (n -2: "?";
    Masyu 1 white, 2 black), rooms (Heyawake), and its URL, which names it from
    then on."""
    named = {k: v for k, v in (("title", grid.title), ("author", grid.author)) if v}  # a file's comments
    return {"family": grid.family, "width": grid.width, "height": grid.height,
            "clues": model.clue_list(grid), "rooms": grid.rooms, "url": write_url(grid), **named}


def grids_of(text: str, filename: str | None = None) -> list:
    """The grids in a file's text (or a link: one), within the size policy; the first
    puzzle that does not read raises its error."""
    name = filename or "puzzle"
    limits.check_text_size(len(text.encode("utf-8", "surrogatepass")), name)
    return read.grids(text, name)


def check(puzzle, state) -> dict:
    """The player's check of the state rows: the broken rules with their cells; a
    complete grid with none is solved."""
    return {"violations": rules.violations(aspsolve.as_grid(puzzle), state)}


def convert(puzzle, to: str = "url") -> dict:
    """The puzzle as a puzz.link URL or the family's text format, after its title and
    author (read.write)."""
    return {"text": read.write(aspsolve.as_grid(puzzle), to)}


# clingo's work for Play's question when a puzzle opens (diagnose): bounded, so a hint asked
# right away waits little; a contradiction past it goes unsaid, as the nonogram's deep ones do
DIAGNOSE_CONFLICTS = aspsolve.SETTLE_CONFLICTS
NO_SOLUTION = ("This puzzle has no solution: no way of marking it keeps every rule, "
               "so it cannot be won. A link cut short when it was copied can read like this: "
               "check it was copied whole.")
EMPTY_SOLVES = ("An empty board already keeps every rule, so there is nothing to solve. A link "
                "cut short when it was copied reads like this: copy the whole link and open it again.")


def diagnose(puzzle) -> dict:
    """What Play asks when a puzzle opens, as of a nonogram (pysolver.nonogram.service
    diagnose): ``no_solution`` true when clingo proves within DIAGNOSE_CONFLICTS that no
    grid keeps every rule (false: none was proved, not that one exists), with the
    ``notice`` Play shows; ``unique`` true / false / None (not settled). A unique
    solution is kept for the hints, as a solve's is. Large Nurikabe grids, whose hints
    do without clingo, are not asked. A board that keeps every rule with nothing marked
    (a Heyawake link cut inside its rooms: one room, no numbers) gets the notice
    EMPTY_SOLVES instead: Play would call it won before any move."""
    grid = aspsolve.as_grid(puzzle)
    if not rules.violations(grid, ["." * grid.width] * grid.height):
        return {"no_solution": False, "notice": EMPTY_SOLVES, "unique": None}
    if hints_large.beyond_clingo(grid):
        return {"no_solution": False, "notice": None, "unique": None}
    status, _ = yield from aspsolve.settle_task(grid, DIAGNOSE_CONFLICTS)
    if status == "none":
        return {"no_solution": True, "notice": NO_SOLUTION, "unique": False}
    return {"no_solution": False, "notice": None,
            "unique": {"unique": True, "multiple": False}.get(status)}


def analyse(puzzle) -> dict:
    """The editor's Check as a task: unique? (when not, two of its solutions as rows) and,
    when it is, how hard: the stars and minutes of its hint walk (pysolver.stars, what
    Create shows, as the library rates it) and clingo's label (its conflicts on the same
    program, finding the solution and proving it unique: aspsolve.difficulty)."""
    grid = aspsolve.as_grid(puzzle)
    ans = yield Ask(aspsolve.program(grid), models=2)
    found = len(ans["models"])
    out = {"status": status_of(found, ans["exhausted"], False), "count": found,
           "conflicts": ans["conflicts"], "time_s": ans["time_s"], "engine": "clingo"}
    if out["status"] == "multiple":  # two of them, as rows: Create draws the other one and where they differ
        out["solutions"] = [aspsolve.rows_from_atoms(grid, m) for m in ans["models"][:2]]
    if out["status"] == "unique":
        label = aspsolve.difficulty(grid.family, grid.width, grid.height, ans["conflicts"])
        played = walk.walk(grid, aspsolve.rows_from_atoms(grid, ans["models"][0]))
        out.update(difficulty=label, stars=stars.nikoli(grid.width, grid.height, played),
                   minutes=round(stars.nikoli_minutes(grid.width, grid.height, played), 1), walk=played)
    return out


def genre(family: Family) -> Genre:
    """The Genre of a family (families.py)."""
    name = family.name

    def recognise(text, filename=None):
        return read.family_of(text, filename or "puzzle") == name

    def read_puzzles(text, filename=None):
        # a file of URLs may mix the families (a player's list of links): each puzzle names its
        # own, whose genre plays it; a single puzzle of another family is not this genre's
        grids = grids_of(text, filename)
        if len(grids) == 1 and grids[0].family != name:
            raise PuzzleError(f"{filename or 'puzzle'}: a {grids[0].family} puzzle, not {name}")
        return {"format": "nikoli", "puzzles": [puzzle_dict(grid) for grid in grids]}

    tasks = {"check": check, "hint": hints.hint_task, "solve": aspsolve.solve_task, "analyse": analyse,
             "diagnose": diagnose,
             "generate": functools.partial(generate.generate_task, name), "convert": convert}
    return Genre(name, family.title, family.rules, recognise, read_puzzles, tasks,
                 examples=(f"web/puzzles/nikoli/{name}-7x7-*.txt",
                           f"web/puzzles/nikoli/{name}-10x10-*.txt"),
                 aliases=family.aliases)


GENRES = tuple(genre(f) for f in families.FAMILIES.values())
