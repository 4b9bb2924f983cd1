"""Uniquely solvable puzzles: a random solution, clues read from it, clingo for uniqueness.

A task (asprun): it yields clingo asks and returns the puzzle, so the same code runs
natively (:func:`generate`) and in the browser (task ``generate``).

1. A random solution: pure Python for Nurikabe (carved islands), Masyu (the border
   of a branchy region of the faces between cell centres) and Bag (a region whose
   border is one loop); for Heyawake's shading in random rectangular rooms, clingo's
   own search steered by a ``#heuristic`` to shade a random share of cells first
   (random decisions took about 8x the conflicts at 30x30).
2. Every clue that solution allows is an option. One program per solution holds
   the encoding, the options (clue ``use(X,Y)`` is an assumption) and the solution
   itself with ``:- not differ.``: an answer is a *second* solution, so one solve
   says "unique" (unsatisfiable) or shows where another solution differs. The
   program is grounded once; every check is a solve with other assumptions.
3. Clues are added where the other solution differs (a batch anywhere when the check
   runs out of conflicts) until none is left (Bag); all
   of them are on from the start for Heyawake and Masyu (a Masyu loop that is not
   unique with every pearl walks to the other solution: its pearls include ours; a
   Heyawake layout that is not unique with every count has the rooms where the
   solutions differ cut into rectangles whose counts tell them apart).
   Nurikabe has one clue per island and moves clues or edits its solution instead,
   wherever a second solution differs (:mod:`generate_nurikabe`).
4. ``minimal``: each clue in random order is dropped while the puzzle stays unique
   (each check within ``generate_options.WORK_CAP`` conflicts: past it, the clue stays).
5. ``level`` (easy, medium, hard, expert: the reasoning the puzzle's hint walk needs,
   pysolver.stars.level, as a generated nonogram's): the clues ``minimal`` dropped
   are put back, the last dropped first, as far as the walk needs (a search over how
   many: the puzzle with fewer clues is mostly the harder); an attempt that does not
   come out at the level is given up for a new one. Nurikabe drops no clue: its
   attempts are drawn until one comes out at the level.
Each family's way (steps 1-4) is its hook module, listed once in HOOKS:
generate_nurikabe.py, and generate_heyawake.py, generate_masyu.py, generate_bag.py
on the clue options of generate_options.py. Every check counts clingo conflicts,
never seconds. The same family, size and seed
give the same puzzle on the same driver and clingo version (each generation grounds
its own programs: a reused Control would answer from what it learnt before).
"""
from __future__ import annotations

import itertools
import random

from .. import limits, stars
from ..errors import PuzzleError
from . import aspsolve, rules, walk
from . import generate_bag, generate_heyawake, generate_masyu, generate_nurikabe
from ..asp.tasks import Ask, run_native
from .model import Grid, NikoliError, check_size, family_name
from .url import read_url, write_url

ATTEMPTS = 30
# attempts with a level: most come out at another level (Nurikabe's at 5x5 about one in
# nine at its rarest; PERF.md "Nikoli levels")
LEVEL_ATTEMPTS = 60
# each family's generator: make(grid, rng, tag, minimal, dropped), a task returning True
# with grid.clues set (False: a new attempt), the clues minimal dropped appended to the
# list ``dropped`` in order; one line per family
HOOKS = {m.FAMILY: m.make for m in (generate_nurikabe, generate_heyawake, generate_masyu,
                                    generate_bag)}
_RUNS = itertools.count()  # a fresh Control per generation (see the module text)
# the sizes the generator makes, per side: at 40x40 Nurikabe ran past 200 s and Masyu gave
# up after 80 s (30 attempts, seed 1); below 4 there is no puzzle worth playing (a
# Masyu of one row has no loop at all) (PERF.md "Generator")
GEN_MIN, GEN_MAX = 4, 30


def generate(family: str, width: int, height: int, seed: int = 1, minimal: bool = True,
             level=None):
    """(Grid, info) of a uniquely solvable puzzle, natively; PuzzleError after
    ATTEMPTS tries. ``minimal=False`` skips the clue removal (quicker; benchmarks);
    ``level``: one of stars.LEVELS (step 5), or None: whatever the attempt gives."""
    result = run_native(generate_task(family, width, height, seed, minimal, level))
    grid = read_url(result["url"])
    grid.title = result["title"]
    return grid, result


def _whole(value, name) -> int:
    """A JSON argument as a whole number: an int, a float without a fraction (a
    JavaScript number) or decimal digits; NikoliError naming it otherwise."""
    if isinstance(value, str):
        return limits.number(value.strip(), f"the {name}", "whole number")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        shown = repr(value)[:20] if isinstance(value, float) else type(value).__name__
        raise NikoliError(f"the {name} must be a whole number, not {shown}")
    return value


def generate_task(family, width, height, seed=1, minimal=True, level=None):
    """The generator as a task: its result is ``info`` with the puzzle's ``url`` and
    its ``level`` (None: its walk did not finish)."""
    family = family_name(str(family))
    width, height, seed = (_whole(v, name) for v, name in ((width, "width"),
                                                           (height, "height"), (seed, "seed")))
    check_size(width, height)
    if not (GEN_MIN <= width <= GEN_MAX and GEN_MIN <= height <= GEN_MAX):
        why = ("a larger one takes minutes and mostly fails" if max(width, height) > GEN_MAX
               else "a smaller one holds no real puzzle")
        raise NikoliError(f"the generator makes {family} puzzles from {GEN_MIN}x{GEN_MIN} to "
                          f"{GEN_MAX}x{GEN_MAX}, not {width}x{height}: {why}")
    if level is not None and level not in stars.LEVELS:
        raise NikoliError(f"the level is one of {', '.join(stars.LEVELS)}, not {str(level)[:20]!r}")
    # a level draws its own attempts: an easy and a hard puzzle of one seed differ
    rng = random.Random(f"{family}/{width}x{height}/{seed}" + (f"/{level}" if level else ""))
    tag = f"% generate {family} {width}x{height} seed {seed} run {next(_RUNS)}\n"
    attempts = ATTEMPTS if level is None else LEVEL_ATTEMPTS
    for attempt in range(attempts):
        grid = Grid(family, width, height)
        dropped = []
        if not (yield from HOOKS[family](grid, rng, tag, minimal, dropped)):
            continue
        ans = yield Ask(tag + aspsolve.program(grid), models=2)
        sols = [aspsolve.rows_from_atoms(grid, m) for m in ans["models"]]
        assert len(sols) == 1 and ans["exhausted"] and not rules.violations(grid, sols[0])
        played = walk.walk(grid, sols[0], ceiling=level)
        if level is not None:
            played = _at_level(grid, sols[0], dropped, played, level)
            if played is None:
                continue
            ans = yield Ask(tag + aspsolve.program(grid), models=2)  # clues put back: unique still
            assert len(ans["models"]) == 1 and ans["exhausted"]
        grid.title = f"{family} {width}x{height} #{seed}"
        return {"family": family, "width": width, "height": height, "seed": seed,
                "attempts": attempt + 1, "clues": len(grid.clues),
                "level": walk.level_of(grid, played),
                "difficulty": aspsolve.difficulty(family, width, height, ans["conflicts"]),
                "stars": stars.nikoli(width, height, played),
                "minutes": round(stars.nikoli_minutes(width, height, played), 1),
                "conflicts": ans["conflicts"],
                "url": write_url(grid), "title": grid.title}
    at = f"{level} " if level else ""
    raise PuzzleError(f"no unique {at}{family} {width}x{height} found in {attempts} attempts "
                      f"(seed {seed}); try another seed" + (" or level" if level else ""))


def _at_level(grid, solution, dropped, played, level):
    """Step 5: the walk of ``grid`` with the clues put back that bring it to ``level``
    (``grid.clues`` set so), or None when no number of them does. With k of the dropped
    clues put back, the last dropped first, the puzzle is one that ``minimal`` passed
    through, so unique; fewer clues are mostly harder, so the search is over k."""
    rank = stars.LEVELS.index
    want = rank(level)

    def at(k):  # the walk with the k clues dropped last put back
        grid.clues = {**final, **dict(dropped[len(dropped) - k:])}
        return walk.walk(grid, solution, ceiling=level)

    def level_rank(summary):
        got = walk.level_of(grid, summary)
        return len(stars.LEVELS) if got is None else rank(got)  # unfinished: past expert
    final = dict(grid.clues)
    got = level_rank(played)
    if got <= want:
        return played if got == want else None
    if not dropped:
        return None
    easy, hard = len(dropped), 0  # k clues back: at most the level at ``easy``, past it at ``hard``
    top = at(easy)
    if level_rank(top) > want:
        return None
    while easy - hard > 1:
        mid = (easy + hard) // 2
        summary = at(mid)
        if level_rank(summary) <= want:
            easy, top = mid, summary
        else:
            hard = mid
    grid.clues = {**final, **dict(dropped[len(dropped) - easy:])}
    return top if level_rank(top) == want else None
