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
   unique (pysolver.nonogram.climb); in black and white from 25 cells a side,
   such a climb at about 15x15 makes a core, set in a bigger picture with a
   background gutter around it, and the whole is checked
   (pysolver.nonogram.compose). The edits both share are in
   pysolver.nonogram.edit. Expert's attempts run in LANES lanes, each with its
   own seeded ``random.Random`` and share of the attempts; the puzzle is the
   success of the lane with the least work (line solves) at success, so the
   lanes can run on several cores and give the same puzzle
   (pysolver.nonogram.lanes).
4. The full walk of the puzzle that matched is the measurement returned
   (``info["walk"]``), and below expert uniqueness is proved once more by the
   solver's search (solver/search.py); expert's climb proved it already (a
   bounded search from its stall, before the walk).

Every bound counts work (attempts, flips, hint walks), never seconds, and the
only randomness is ``random.Random`` seeded from the arguments: the same
arguments give the same puzzle natively and in the browser. A level that no
attempt reaches raises PuzzleError. Pure Python, no I/O.
"""
from __future__ import annotations

import random
import re

from .solver import search
from ..errors import PuzzleError
from .puzzle import BACKGROUND, Color
from . import climb, compose, edit, lanes, picture as pic
from .walk import LEVELS, walk

MIN_SIZE, MAX_SIZE = 5, 60
MAX_COLOURS = 4
# pictures tried before giving up on a level; many pictures with few edits each
# beat few pictures with many (PERF.md: an attempt that has not reached its level
# within a few edits mostly never does, and used to spend the whole tail there)
ATTEMPTS = 40
# expert below this side: no puzzle for any of seeds 1-20 at 5x5 and 6x6, 2 at 7x7 (PERF.md)
EXPERT_FROM = 8
# the expert level's search runs in this many lanes (pysolver.nonogram.lanes: the
# same puzzle on any number of cores; PERF.md "B/W expert on every core")
LANES = 2
# the other lanes branch off lane 0's climb once its kept puzzle's what-ifs make this
# many trials a cell: the climb's yield per test grows with them (PERF.md)
BRANCH = 1.0
# and their successes count as made with at least (1 + HOLD) times the work of lane 0
# up to there: lane 0 goes on alone until then, so a seed it makes early costs one lane
HOLD = 2.0
# black and white from BIG_CELLS cells on: the branch at the rise's end and a longer hold,
# lanes that part sooner cut two cores' tail, the hold keeps one core's CPU (PERF.md "B/W
# expert 25x25: the lanes' branch and hold modelled")
BIG_CELLS, BIG_BRANCH, BIG_HOLD = 625, climb.CLIMB_RISE, 4.0
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
# ASCII digits only: another script's (Arabic-Indic, full-width) would name the same puzzle
RECIPE = re.compile(r"nonogram:(\d{1,9})x(\d{1,9}):(\d{1,9}):([a-z]{1,10}):(\d{1,9})", re.ASCII)


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


def lane_count(level) -> int:
    """The lanes a level's search is split into: LANES for expert, else 1."""
    return LANES if level == "expert" else 1


def generate(width, height, colours=1, level="easy", seed=1, progress=None, part=None,
             bound=None):
    """A puzzle (validated Puzzle with its goal) and info; see the module doc.

    info: ``level``, ``walk`` (the hint walk's summary: steps per kind, longest
    chain...), ``attempts``, ``walks`` (hint walks played), ``rejected``
    ({reason: attempts}), ``style`` and ``symmetry`` of the picture; for expert
    ``lane`` ({"lane", "work", "lanes"}: the lane that made it, its work in line
    solves; pysolver.nonogram.lanes), the attempts, walks and rejections being that lane's.
    ``progress``: called with {"attempt", "attempts", "walks", "floor", "best",
    "lanes"} as each picture is tried, for expert after each advance of a lane
    (floor, best: [work, lane] or None; the page's words while it waits).
    ``part`` (i, n): only the lanes k with k % n == i (another process or worker
    runs the others); ``bound()``: the best [work, lane] found elsewhere, or None.
    A part that makes no puzzle raises NoPuzzle (a PuzzleError).
    """
    check_args(width, height, colours, level)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PuzzleError(f"the seed must be a whole number, not {seed!r}")
    mine = lanes.part_of(part, lane_count(level))
    if not mine:
        raise PuzzleError(f"part {part[0]} of {part[1]} has no lane: the {level} level's "
                          f"search has {lane_count(level)}")
    if level == "expert":
        return _expert(width, height, colours, seed, mine, progress, bound)
    # a string seed is hashed the same way by every CPython (and Pyodide)
    rng = random.Random(f"nonogram {width}x{height} {colours} {level} {seed}")
    colors = [BACKGROUND] + (PALETTE[:1] if colours == 1 else rng.sample(PALETTE, colours))
    rejected, walks = {}, 0
    for attempt in range(1, ATTEMPTS + 1):
        if progress is not None:
            progress({"attempt": attempt, "attempts": ATTEMPTS, "walks": walks, "floor": None,
                      "best": None, "lanes": 1})
        density = rng.uniform(*DENSITY[level])
        grid, style, symmetry = pic.picture(rng, width, height, density, colours,
                                            grain=GRAIN[level])
        found, why, n = edit.adjust(rng, grid, colors, level, symmetry)
        walks += n
        if found and not _every_colour(found[0]):
            why = "a colour painted out"  # the edits can remove one: K colours asked, K shown
        elif found:
            p = found[0]
            summary = walk(p)
            res = search.solve(p, max_solutions=2, probing=True)
            if res.status == "unique":
                return _made(p, level, seed, summary, {
                    "attempts": attempt, "walks": walks, "rejected": rejected, "style": style,
                    "symmetry": symmetry})
            why = "not unique"  # cannot happen: a finished walk forces every cell
        rejected[why] = rejected.get(why, 0) + 1
    raise NoPuzzle(width, height, colours, level, seed, ATTEMPTS, rejected)


class NoPuzzle(PuzzleError):
    """No puzzle within the attempts, in the player's words; ``attempts`` and
    ``rejected`` ({reason: pictures}) are what was tried (a part's, to add up)."""

    def __init__(self, width, height, colours, level, seed, attempts, rejected):
        reasons = ", ".join(f"{k}: {v}" for k, v in sorted(rejected.items()))
        advice = (f"try a larger size or another level: a board smaller than {EXPERT_FROM}x"
                  f"{EXPERT_FROM} almost never has a unique puzzle that one-cell what-ifs "
                  "cannot finish"
                  if level == "expert" and width * height < EXPERT_FROM ** 2
                  else "try another seed, size or level")
        super().__init__(f"no {level} {width}x{height} puzzle with {colours} colour"
                         f"{'s' if colours > 1 else ''} found for seed {seed} in {attempts} "
                         f"attempts ({reasons}); {advice}")
        self.attempts, self.rejected = attempts, rejected


def _made(p, level, seed, summary, info):
    """The puzzle named by its recipe, and its info."""
    p.title = f"{level.capitalize()} {p.width}\u00d7{p.height} #{seed}"
    p.source = f"generated:nonogram:{p.width}x{p.height}:{len(p.colors) - 1}:{level}:{seed}"
    return p, {"level": level, "walk": _public(summary), **info}


def _expert(width, height, colours, seed, mine, progress, bound):
    """generate's expert level in lanes (pysolver.nonogram.lanes). Composed boards
    (pysolver.nonogram.compose): every lane its own cores from the start. Else lane 0 is the level's
    search as one process made it before the lanes (the seed's rng: pictures,
    climb.start, climb.climb). The first time its climb keeps a puzzle whose what-ifs
    make the branch's trials a cell (lanes_at), every other lane climbs on from there with
    its own rng (then draws its own pictures, as many as lane 0 has left). Every part makes
    lane 0 up to that branch (its work counted in every lane's); part 0 goes on with it."""
    tried = {k: {"attempts": 0, "walks": 0, "rejected": {}} for k in mine}
    zero = tried.get(0) or {"attempts": 0, "walks": 0, "rejected": {}}
    shown = [zero] + [tried[k] for k in mine if k]  # lane 0's pictures, then the others'
    report = None
    if progress is not None:
        def report(floor, best):
            progress({"attempt": sum(t["attempts"] for t in shown), "attempts": ATTEMPTS,
                      "walks": sum(t["walks"] for t in shown),
                      "floor": list(floor) if floor else None,
                      "best": list(best) if best else None, "lanes": LANES})
    if compose.composes(width, height, colours):  # no trunk: every lane its own cores
        colors = [BACKGROUND] + PALETTE[:1]
        run = {k: compose.lane(width, height, seed, k, tried[k], ATTEMPTS, colors,
                               DENSITY["expert"], GRAIN["expert"]) for k in mine}
        best, alone, before = lanes.run(run, bound, report), False, None
    else:
        best, alone, before = _climbed(width, height, colours, seed, mine, tried, zero,
                                       report, bound)
    if best is None:
        # the words: every lane here, or lane 0's when it was the only lane (every part
        # then says what one process would); ``attempts``, ``rejected``: this part's own
        none = NoPuzzle(width, height, colours, "expert", seed,
                        *_total([zero] if alone else tried.values()))
        none.attempts, none.rejected = _total(tried.values())
        raise none
    work, k, (p, summary, style, symmetry) = best
    mine = tried[k]
    if k and before:  # lane 0's pictures and rejections up to the branch, then the lane's own
        mine = {"attempts": before["attempts"] + mine["attempts"] - 1,
                "walks": before["walks"] + mine["walks"],
                "rejected": _added(before["rejected"], mine["rejected"])}
    return _made(p, "expert", seed, summary, dict(
        mine, style=style, symmetry=symmetry, lane={"lane": k, "work": work, "lanes": LANES}))


def _climbed(width, height, colours, seed, mine, tried, zero, report, bound):
    """The expert search by climbs: lane 0 to its branch point, then every lane
    (generate's _expert). (best, whether lane 0 ended before the branch, so was the
    only lane, lane 0's counts at the branch or None)."""
    branch, hold = lanes_at(width, height, colours)
    trunk = _lane_zero(width, height, colours, seed, zero, branch)
    work, ended, point = lanes.trunk(
        trunk, None if report is None else (lambda w: report((w, mine[0]), None)))
    if ended:  # lane 0 ended before its climb reached the branch: the only lane
        best = (work, 0, point) if point is not None and 0 in mine else None
    else:
        before = dict(zero, rejected=dict(zero["rejected"]), walks=zero["walks"] + point[3][3])
        run = {k: _lane(width, height, colours, seed, k, tried[k], point,
                        ATTEMPTS - zero["attempts"] + 1) for k in mine if k}
        if 0 in mine:
            run[0] = trunk
        else:
            trunk.close()
        best = lanes.run(run, bound, report, start=work, hold=int(work * (1 + hold)))
    return best, ended, None if ended else before


def _total(counts):
    """(attempts, rejected) of lanes' counts added up."""
    rejected = {}
    for t in counts:
        rejected = _added(rejected, t["rejected"])
    return sum(t["attempts"] for t in counts), rejected


def _added(a, b):
    return {k: a.get(k, 0) + b.get(k, 0) for k in sorted(a.keys() | b.keys())}


def _lane_zero(width, height, colours, seed, tried, branch):
    """(A generator: pysolver.nonogram.lanes) Lane 0, counted in ``tried``: it yields
    (colors, style, symmetry, climb.climb's branch point) once, at the first kept puzzle
    whose what-ifs make ``branch`` trials a cell, and returns as _lane does."""
    rng = random.Random(f"nonogram {width}x{height} {colours} expert {seed}")
    colors = [BACKGROUND] + (PALETTE[:1] if colours == 1 else rng.sample(PALETTE, colours))
    for _ in range(ATTEMPTS):
        tried["attempts"] += 1
        grid, style, symmetry = _expert_picture(rng, width, height, colours)
        start = yield from climb.start(rng, grid, colors, symmetry)
        if start is None:
            found, why = None, "too hard"
        else:
            climbing = climb.climb(rng, edit.grid_of(start, colors), colors, symmetry,
                                   branch=branch)
            while True:  # ``yield from``, seeing the branch point go by
                try:
                    point = next(climbing)
                except StopIteration as done:
                    found, why, walks = done.value
                    break
                if point is not None:
                    branch = None  # once
                    point = colors, style, symmetry, point
                yield point
            tried["walks"] += walks
        made = _checked(found, why, style, symmetry, tried)
        if made is not None:
            return made
        yield
    return None


def _lane(width, height, colours, seed, k, tried, point, attempts):
    """(A generator: pysolver.nonogram.lanes) Lane k > 0: lane 0's climb from its branch
    ``point`` (colors, style, symmetry, (grid, steps left, rising, walks)) climbed on
    with lane k's own rng, then pictures of its own, ``attempts`` in all, counted in
    ``tried``; returns (puzzle, its hint walk, style, symmetry) or None."""
    rng = random.Random(f"nonogram {width}x{height} {colours} expert {seed} lane {k}")
    colors, style, symmetry, (grid, steps, rising, _) = point
    for n in range(attempts):
        tried["attempts"] += 1
        if n:
            grid, style, symmetry = _expert_picture(rng, width, height, colours)
            start = yield from climb.start(rng, grid, colors, symmetry)
            grid, steps, rising = start and edit.grid_of(start, colors), climb.CLIMB_STEPS, None
        found, why = None, "too hard"
        if grid is not None:
            found, why, walks = yield from climb.climb(rng, grid, colors, symmetry, steps, rising)
            tried["walks"] += walks
        made = _checked(found, why, style, symmetry, tried)
        if made is not None:
            return made
        yield
    return None


def lanes_at(width, height, colours):
    """(branch, hold) of the expert search: the trials a cell at which its other lanes
    branch off lane 0, and their hold."""
    if colours == 1 and width * height >= BIG_CELLS:
        return BIG_BRANCH, BIG_HOLD
    return BRANCH, HOLD


def _expert_picture(rng, width, height, colours):
    """An expert attempt's picture; in black and white from RISE_CELLS on never without
    a symmetry: its climbs yield about half a symmetric picture's puzzles per CPU second
    (PERF.md "where the climb's yield is"; 10x10 and colours were not measured)."""
    density = rng.uniform(*DENSITY["expert"])
    bw = colours == 1 and width * height >= climb.RISE_CELLS
    return pic.picture(rng, width, height, density, colours, grain=GRAIN["expert"],
                       symmetries=pic.SYMMETRIES[1:] if bw else pic.SYMMETRIES)


def _checked(found, why, style, symmetry, tried):
    """(puzzle, its hint walk, style, symmetry) of a climb's expert ``found`` that shows
    every colour, else None with the reason counted in ``tried``. Unique without a search
    from the empty grid: the climb's bounded search proved it from the stall, and the
    walk finished (every hint a forced step); that search cost 2-5 % of expert's CPU."""
    if found and not _every_colour(found[0]):
        why = "a colour painted out"  # the climb can remove one: K asked, K shown
    elif found:
        return (*found, style, symmetry)  # the climb's summary is a full walk
    tried["rejected"][why] = tried["rejected"].get(why, 0) + 1
    return None


def _every_colour(p) -> bool:
    """Whether the picture shows every colour of its palette."""
    shown = {ch for row in p.goal for ch in row}
    return all(c.char in shown for c in p.colors[1:])


def _public(summary):
    return {k: summary[k] for k in ("finished", "steps", "longest_chain", "chain_steps", "deepest")}
