"""Nonograms that the Hint engine finishes alone, at a level measured by a hint walk.

``generate(width, height, colours, level, seed)`` returns (Puzzle, info):

1. A picture worth revealing (pysolver.nonogram.picture), denser for the easy
   level (line logic goes further in a dense picture).
2. The puzzle read from it is played from the empty grid by hints alone
   (pysolver.nonogram.walk). Where the walk gets stuck (a guess or a second
   solution), a cell still undecided there is flipped in the picture, with its
   symmetric images, preferring cells whose neighbours mostly disagree with
   them (so edits smooth the picture rather than speckle it).
3. The walk's steps give the level (walk.level_of): easy, line steps only; medium, a
   few one-cell what-ifs (``probe`` hints, at most ``few(w, h)``, each with a
   chain of at most LONG_CHAIN line steps); hard, more what-ifs or a longer
   chain; expert, at least one deeper what-if (``deep``). Too hard: a cell
   undecided where the walk first went past the level is flipped. Too easy: a
   cell on a shape's edge is flipped (with its images), the best of a few
   tries (for hard: the one whose what-ifs come closest to hard).
   Candidates are measured by the walk's what-ifs alone (walk.what_ifs: the
   same what-ifs, without replaying every line step); a picture that has not
   reached its level within ``flips(w, h)`` edits is dropped for a new one.
   Expert starts from a unique puzzle that line logic alone cannot finish
   and climbs towards one that one-cell what-ifs cannot finish while it stays
   unique (pysolver.nonogram.climb). The edits both share are in
   pysolver.nonogram.edit.
4. The full walk of the puzzle that matched is the measurement returned
   (``info["walk"]``), and uniqueness is proved once more by the solver's
   search (solver/search.py).

Every bound counts work (attempts, flips, hint walks), never seconds, and the
only randomness is ``random.Random`` seeded from the arguments: the same
arguments give the same puzzle natively and in the browser. A level that no
attempt reaches raises PuzzleError. Pure Python, no I/O.
"""
from __future__ import annotations

import random
import re

from .solver import search
from .solver.probe import reduce
from .solver.propagate import Engine
from ..errors import PuzzleError
from .puzzle import BACKGROUND, Color, puzzle_from_grid
from . import climb, edit, picture as pic
from .walk import LEVELS, few, level_of, walk, what_ifs

MIN_SIZE, MAX_SIZE = 5, 60
MAX_COLOURS = 4
# pictures tried before giving up on a level; many pictures with few edits each
# beat few pictures with many (PERF.md: an attempt that has not reached its level
# within a few edits mostly never does, and used to spend the whole tail there)
ATTEMPTS = 40
PALETTE = [Color("black", "#", "000000"), Color("red", "r", "D7301F"),
           Color("blue", "b", "2B6CB0"), Color("green", "g", "2F8F3A"),
           Color("orange", "o", "F08A24"), Color("purple", "p", "7B3FA0")]
# the share of filled cells a picture starts from, per level (low, high)
DENSITY = {"easy": (0.52, 0.66), "medium": (0.45, 0.6), "hard": (0.4, 0.55), "expert": (0.38, 0.52)}
# fine detail mixed into the picture per level (pysolver.nonogram.picture): a little
# makes line logic stall sooner, so fewer edits reach the harder levels
GRAIN = {"easy": 0.0, "medium": 0.25, "hard": 0.5, "expert": 0.7}


def check_args(width, height, colours, level):
    for name, v in (("width", width), ("height", height)):
        if not isinstance(v, int) or isinstance(v, bool) or not MIN_SIZE <= v <= MAX_SIZE:
            raise PuzzleError(f"the {name} must be a whole number from {MIN_SIZE} to {MAX_SIZE}, "
                              f"not {v!r}")
    if not isinstance(colours, int) or isinstance(colours, bool) or not 1 <= colours <= MAX_COLOURS:
        raise PuzzleError(f"colours must be a whole number from 1 (black and white) to "
                          f"{MAX_COLOURS}, not {colours!r}")
    if level not in LEVELS:
        raise PuzzleError(f"the level must be one of {', '.join(LEVELS)}, not {level!r}")


# a recipe: the arguments as one short string, "nonogram:WxH:COLOURS:LEVEL:SEED"
RECIPE = re.compile(r"nonogram:(\d{1,9})x(\d{1,9}):(\d{1,9}):([a-z]{1,10}):(\d{1,9})")


def recipe_args(text) -> dict:
    """{width, height, colours, level, seed} of a recipe; PuzzleError saying what
    is wrong with a malformed one or one past the generator's limits (a recipe
    comes from a link anyone can write)."""
    if not isinstance(text, str):
        raise PuzzleError(f"a puzzle recipe is text, not {type(text).__name__}")
    if len(text) > 40 or not RECIPE.fullmatch(text):
        shown = text[:40] + ("…" if len(text) > 40 else "")
        raise PuzzleError(f"{shown!r} is not a puzzle recipe (it should look like "
                          f"nonogram:10x10:1:medium:7: size, colours, level, number)")
    w, h, colours, level, seed = RECIPE.fullmatch(text).groups()
    args = {"width": int(w), "height": int(h), "colours": int(colours), "level": level,
            "seed": int(seed)}
    check_args(args["width"], args["height"], args["colours"], level)
    return args


def generate(width, height, colours=1, level="easy", seed=1, progress=None):
    """A puzzle (validated Puzzle with its goal) and info; see the module doc.

    info: ``level``, ``walk`` (the hint walk's summary: steps per kind, longest
    chain...), ``attempts``, ``walks`` (hint walks played), ``rejected``
    ({reason: attempts}), ``style`` and ``symmetry`` of the picture.
    ``progress``: called with {"attempt", "attempts", "walks"} as each picture
    is tried (the page's words while it waits).
    """
    check_args(width, height, colours, level)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PuzzleError(f"the seed must be a whole number, not {seed!r}")
    # a string seed is hashed the same way by every CPython (and Pyodide)
    rng = random.Random(f"nonogram {width}x{height} {colours} {level} {seed}")
    colors = [BACKGROUND] + (PALETTE[:1] if colours == 1 else rng.sample(PALETTE, colours))
    rejected, walks = {}, 0
    for attempt in range(1, ATTEMPTS + 1):
        if progress is not None:
            progress({"attempt": attempt, "attempts": ATTEMPTS, "walks": walks})
        density = rng.uniform(*DENSITY[level])
        grid, style, symmetry = pic.picture(rng, width, height, density, colours,
                                            grain=GRAIN[level])
        if level == "expert":  # a climb from a unique puzzle that lines alone cannot finish
            start = climb.start(rng, grid, colors, symmetry)
            found, why, n = climb.climb(rng, start, colors, symmetry) if start else (None, "too hard", 0)
        else:
            found, why, n = _adjust(rng, grid, colors, level, symmetry)
        walks += n
        if found and not _every_colour(found[0]):
            why = "a colour painted out"  # the edits can remove one: K colours asked, K shown
        elif found:
            p, summary = found
            if level != "expert":  # the climb's summary is a full walk already
                summary = walk(p)
            res = search.solve(p, max_solutions=2, probing=True)
            if res.status == "unique":
                p.title = f"{level.capitalize()} {width}\u00d7{height} #{seed}"
                p.source = f"generated:nonogram:{width}x{height}:{colours}:{level}:{seed}"
                return p, {"level": level, "walk": _public(summary), "attempts": attempt,
                           "walks": walks, "rejected": rejected, "style": style,
                           "symmetry": symmetry}
            why = "not unique"  # cannot happen: a finished walk forces every cell
        rejected[why] = rejected.get(why, 0) + 1
    raise PuzzleError(f"no {level} {width}x{height} puzzle with {colours} colour"
                      f"{'s' if colours > 1 else ''} found for seed {seed} in {ATTEMPTS} "
                      f"attempts ({', '.join(f'{k}: {v}' for k, v in sorted(rejected.items()))}); "
                      f"try another seed, size or level")


def _every_colour(p) -> bool:
    """Whether the picture shows every colour of its palette."""
    shown = {ch for row in p.goal for ch in row}
    return all(c.char in shown for c in p.colors[1:])


def _public(summary):
    return {k: summary[k] for k in ("finished", "steps", "longest_chain", "chain_steps", "deepest")}


def _adjust(rng, grid, colors, level, symmetry):
    """Edit the picture cell by cell until its walk shows ``level`` (easy, medium or
    hard): ((puzzle, what-ifs summary), None, walks) or (None, reason, walks).

    Cheaper tests than a walk steer the edits (a walk is the measurement):
    line logic from the empty grid (it decides everything: easy), the probing
    fixpoint of solver/probe.py (at least as strong as the walk's one-cell
    what-ifs: where it stalls, only deeper what-ifs or a guess go on).
    """
    h, w = len(grid), len(grid[0])
    target = LEVELS.index(level)
    ncol = len(colors)
    reason, walks = "needs a guess", 0
    measured = None  # the what-ifs of ``grid`` when _harden measured them already
    for _ in range(edit.flips(w, h)):
        p = puzzle_from_grid(grid, colors)
        summary, measured = measured, None
        if summary is None:
            eng = Engine(p)
            stalled = edit.line_open(eng)
            if stalled and target == 0:
                reason = "too hard"
                grid = edit.flip(rng, grid, stalled, symmetry, ncol)
                continue
            if not stalled and target:
                reason = "too easy"
                grid, measured, n = edit.harden(rng, grid, colors, symmetry, target)
                walks += n
                continue
            if stalled:
                red = reduce(p, engine=eng)
                if red["status"] != "solved":
                    reason = "too hard"
                    grid = edit.flip(rng, grid, edit.open_cells(red["cells"], w), symmetry, ncol)
                    continue
            p.validate()
            summary = what_ifs(p, keep_states=True)
            walks += 1
        else:
            p.validate()
        got = level_of(summary, w, h)
        if got == level:
            return (p, summary), None, walks
        if got is None:
            reason = "needs a guess"
            grid = edit.flip(rng, grid, _undecided(summary["state"]), symmetry, ncol)
        elif LEVELS.index(got) > target:
            reason = "too hard"
            grid = edit.flip(rng, grid, _undecided(_past(summary, level, w, h)), symmetry, ncol)
        else:
            reason = "too easy"
            grid, measured, n = edit.harden(rng, grid, colors, symmetry, target)
            walks += n
    return None, reason, walks


def _past(summary, level, w, h):
    """The state where the walk first needed more than ``level`` allows."""
    probes = 0
    for kind, state in summary["before"]:
        if kind == "probe":
            probes += 1
        if (level == "easy" or kind == "deep"
                or (level == "medium" and probes > few(w, h))):
            return state
    return summary["before"][-1][1]


def _undecided(state):
    return [(y, x) for y, row in enumerate(state) for x, ch in enumerate(row) if ch == "?"]

