"""Nonograms that the Hint engine finishes alone, at a level measured by a hint walk.

``generate(width, height, colours, level, seed)`` returns (Puzzle, info):

1. A picture worth revealing (pysolver.nonogram.picture), denser for the easy
   level (line logic goes further in a dense picture).
2. The puzzle read from it is played from the empty grid by hints alone
   (pysolver.nonogram.walk). Where the walk gets stuck (a guess or a second
   solution), a cell still undecided there is flipped in the picture, with its
   symmetric images, preferring cells whose neighbours mostly disagree with
   them (so edits smooth the picture rather than speckle it).
3. The walk's steps give the level (LEVELS): easy, line steps only; medium, a
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
   (``_start``, no walk) and climbs towards one that one-cell what-ifs cannot
   finish while it stays unique (``_climb``; the test: walk.stuck, the walk's
   own what-ifs, in black and white, the probing fixpoint with colours).
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
from .solver.line import positions, undecided
from .solver.propagate import Engine
from ..errors import PuzzleError
from .puzzle import BACKGROUND, Color, puzzle_from_grid
from . import picture as pic
from .walk import settle, stuck, walk, what_ifs

LEVELS = ("easy", "medium", "hard", "expert")
MIN_SIZE, MAX_SIZE = 5, 60
MAX_COLOURS = 4
# pictures tried before giving up on a level; many pictures with few edits each
# beat few pictures with many (PERF.md: an attempt that has not reached its level
# within a few edits mostly never does, and used to spend the whole tail there)
ATTEMPTS = 40
HARDEN_TRIES = 12  # edge flips tried per hardening edit
SEARCH_WORK = 20_000  # line solves a search for a second solution may spend
LONG_CHAIN = 8  # line steps of a what-if that make it a hard one
CLIMB_STEPS, CLIMB_TRIES = 60, 16  # expert: edits of its start, flips drawn per edit
CLIMB_PROBES = 8  # what-if tests (_stall) per edit at most
CLIMB_OPEN = 20  # a cell line logic leaves open weighs this many what-if trials
PALETTE = [Color("black", "#", "000000"), Color("red", "r", "D7301F"),
           Color("blue", "b", "2B6CB0"), Color("green", "g", "2F8F3A"),
           Color("orange", "o", "F08A24"), Color("purple", "p", "7B3FA0")]
# the share of filled cells a picture starts from, per level (low, high)
DENSITY = {"easy": (0.52, 0.66), "medium": (0.45, 0.6), "hard": (0.4, 0.55), "expert": (0.38, 0.52)}
# fine detail mixed into the picture per level (pysolver.nonogram.picture): a little
# makes line logic stall sooner, so fewer edits reach the harder levels
GRAIN = {"easy": 0.0, "medium": 0.25, "hard": 0.5, "expert": 0.7}


def few(w, h):
    """How many one-cell what-ifs a medium puzzle may need: a few, more on a big grid."""
    return 1 + w * h // 100


def level_of(summary, w, h):
    """The level a finished walk's steps show (see the module doc), or None: not finished."""
    if not summary["finished"]:
        return None
    steps = summary["steps"]
    if steps["deep"]:
        return "expert"
    if steps["probe"] > few(w, h) or summary["longest_chain"] > LONG_CHAIN:
        return "hard"
    return "medium" if steps["probe"] else "easy"


def flips(w, h):
    """Cell edits an attempt may make: more on a bigger grid."""
    return 4 + (w + h) // 5


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
            start = _start(rng, grid, colors, symmetry)
            found, why, n = _climb(rng, start, colors, symmetry) if start else (None, "too hard", 0)
        else:
            found, why, n = _adjust(rng, grid, colors, level, symmetry)
        walks += n
        if found:
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
    for _ in range(flips(w, h)):
        p = puzzle_from_grid(grid, colors)
        summary, measured = measured, None
        if summary is None:
            eng = Engine(p)
            stalled = _line_open(eng)
            if stalled and target == 0:
                reason = "too hard"
                grid = _flip(rng, grid, stalled, symmetry, ncol)
                continue
            if not stalled and target:
                reason = "too easy"
                grid, measured, n = _harden(rng, grid, colors, symmetry, target)
                walks += n
                continue
            if stalled:
                red = reduce(p, engine=eng)
                if red["status"] != "solved":
                    reason = "too hard"
                    grid = _flip(rng, grid, _open_cells(red["cells"], w), symmetry, ncol)
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
            grid = _flip(rng, grid, _undecided(summary["state"]), symmetry, ncol)
        elif LEVELS.index(got) > target:
            reason = "too hard"
            grid = _flip(rng, grid, _undecided(_past(summary, level, w, h)), symmetry, ncol)
        else:
            reason = "too easy"
            grid, measured, n = _harden(rng, grid, colors, symmetry, target)
            walks += n
    return None, reason, walks


def _climb(rng, p, colors, symmetry):
    """Expert from a unique puzzle ``p`` (_start): ((puzzle, summary), None, walks) or
    (None, reason, walks).

    Unique puzzles that one-cell what-ifs cannot finish are a sliver between the
    what-if-solvable and the ambiguous ones: random pictures, and edits of
    ambiguous ones, almost never land there (PERF.md). A climb from a unique
    puzzle does. Each step draws CLIMB_TRIES edge flips and counts the cells
    line logic leaves open in each (cheap). Where the walk's one-cell what-ifs
    end (walk.stuck: the picture is the solution, so only wrong values are
    tried) is asked only of the flips tied for the most cells open (up to
    CLIMB_PROBES; past them only until one is finished, to have a step): the
    stalls that stay unique are met mostly where line logic decides next to
    nothing (PERF.md). The step keeps the flip whose puzzle the what-ifs finish
    with the most work (their trials plus CLIMB_OPEN per cell line logic
    leaves open), until a flip's what-ifs stall while the puzzle stays unique
    (_expert)."""
    grid = _grid(p, colors)
    walks = 0
    for _ in range(CLIMB_STEPS):
        best, cands = None, []
        edges = _edge_cells(grid)
        for y, x in rng.sample(edges, min(CLIMB_TRIES, len(edges))):
            g = _set(grid, y, x, symmetry, len(colors))
            q = puzzle_from_grid(g, colors)
            eng = Engine(q)
            rows, cols = _lines(eng)
            opened = eng.unknown(rows)
            if opened:
                cands.append((opened, g, q, eng, rows, cols))
        cands.sort(key=lambda c: -c[0])  # stable: the draw's order among equals
        for k, (opened, g, q, eng, rows, cols) in enumerate(cands):
            if k == CLIMB_PROBES or (best is not None and opened < cands[0][0]):
                break
            rows, trials = _stall(eng, rows, cols, g)
            if eng.complete(rows):
                score = trials + CLIMB_OPEN * opened
                if best is None or score > best[0]:
                    best = (score, g)
                continue
            summary, corners = _expert(q, eng, rows, g)
            # a second solution by a swap: one of its corners changed may keep the
            # stall and lose the second solution
            for y, x in corners or ():
                g2 = _set(g, y, x, symmetry, len(colors))
                q2 = puzzle_from_grid(g2, colors)
                eng2 = Engine(q2)
                rows2, cols2 = _lines(eng2)
                rows2, _ = _stall(eng2, rows2, cols2, g2)
                if not eng2.complete(rows2):
                    summary, _ = _expert(q2, eng2, rows2, g2)
                    if summary is not None:
                        q = q2
                        break
            walks += summary is not None
            if summary and level_of(summary, q.width, q.height) == "expert":
                return (q, summary), None, walks
        if best is not None:
            grid = best[1]
    return None, "too easy", walks


def _stall(eng, rows, cols, g):
    """(rows where the what-ifs of the climb end, their trials) from the state
    line logic left (``rows, cols``). Black and white: the walk's own one-cell
    what-ifs (walk.stuck). With colours, the probing fixpoint (probe.reduce),
    which also narrows cells to fewer colours: the walk's what-ifs there stall
    mostly on ambiguous puzzles, so a climb steered by them wanders (PERF.md)."""
    if eng.ncol == 2:
        rows, _, trials = stuck(eng, rows, cols, g)
        return rows, trials
    red = reduce(eng.puzzle, engine=eng)
    return eng.initial(red["cells"])[0], red["probes"]


def _expert(q, eng, rows, g):
    """(the hint walk of ``q``, None) when its what-ifs, stalled at ``rows``,
    leave one solution only (a bounded search from there); else (None, the
    corners of a swap giving a second solution, or None). Nearly every such
    puzzle walks as expert: no what_ifs first."""
    corners = _swap(eng, rows, g)
    if corners:
        return None, corners
    res = search.solve(q, max_solutions=2, cells=eng.cells(rows), work=SEARCH_WORK)
    if res.status != "unique":
        return None, None
    q.validate()
    return walk(q), None


def _start(rng, grid, colors, symmetry):
    """The climb's start: the picture edited (as _adjust does) until line logic
    leaves cells open and the walk's one-cell what-ifs finish it (so it is
    unique); None when ``flips`` edits do not get there. No walk: the climb
    goes far beyond."""
    h, w = len(grid), len(grid[0])
    for _ in range(flips(w, h)):
        p = puzzle_from_grid(grid, colors)
        eng = Engine(p)
        rows, cols = _lines(eng)
        if eng.complete(rows):
            grid = _harden(rng, grid, colors, symmetry, 1)[0]
            continue
        rows, cols, _ = stuck(eng, rows, cols, grid)
        if eng.complete(rows):
            return p
        grid = _flip(rng, grid, _open_cells(eng.cells(rows), w), symmetry, len(colors))
    return None


def _swap(eng, rows, g):
    """A second solution by the commonest way a nonogram has one: four open
    cells at the corners of a rectangle whose two values swap across it and
    leave all four lines' clues as they are. True when found (cheap, where a
    search for it costs tens of probing fixpoints). The four cells when found,
    else None."""
    h, w = eng.h, eng.w
    opened = [undecided(r) for r in rows]
    ys = [y for y in range(h) if opened[y]]
    for i, y1 in enumerate(ys):
        r1 = g[y1]
        for y2 in ys[i + 1:]:
            r2 = g[y2]
            both = positions(opened[y1] & opened[y2])
            xs = [x for x in both if r1[x] != r2[x]]
            for j, x1 in enumerate(xs):
                for x2 in xs[j + 1:]:
                    if r1[x1] == r1[x2] or r1[x1] != r2[x2] or r1[x2] != r2[x1]:
                        continue
                    if (_same_runs(r1, x1, x2) and _same_runs(r2, x1, x2)
                            and _same_runs([row[x1] for row in g], y1, y2)
                            and _same_runs([row[x2] for row in g], y1, y2)):
                        return [(y1, x1), (y1, x2), (y2, x1), (y2, x2)]
    return None


def _same_runs(line, i, j):
    """Does ``line`` with the values at i and j swapped have the same clue?"""
    other = list(line)
    other[i], other[j] = other[j], other[i]
    return _runs(line) == _runs(other)


def _runs(line):
    out, prev = [], 0
    for v in line:
        if v and v == prev:
            out[-1][1] += 1
        elif v:
            out.append([v, 1])
        prev = v
    return out


def _grid(p, colors):
    """The goal of ``p`` as colour indexes (rows of ints)."""
    chars = {c.char: k for k, c in enumerate(colors)}
    return [[chars[ch] for ch in row] for row in p.goal]


def _lines(eng):
    """(rows, cols) where the walk's line steps end from the empty grid."""
    rows, cols = eng.initial()
    settle(eng, rows, cols, set(range(eng.h)), set(range(eng.w)))
    return rows, cols


def _line_open(eng):
    """The cells (y, x) that the walk's line steps leave undecided from the empty grid."""
    rows, _ = _lines(eng)
    return [(y, x) for y in range(eng.h) for x in positions(undecided(rows[y]))]


def _open_cells(cells, w):
    return [divmod(k, w) for k, m in enumerate(cells) if m & (m - 1)]


def _harden(rng, grid, colors, symmetry, target):
    """(grid, its what-ifs or None, what-ifs measured): of up to HARDEN_TRIES edge flips, one whose
    puzzle line logic alone cannot finish but one-cell what-ifs can, the first
    for medium; for hard, the first whose
    what-ifs (walk.what_ifs) show hard, else the one needing the most (the
    hardest step towards hard); else the flip after which line logic leaves the
    most cells undecided."""
    edges = _edge_cells(grid)
    best = found = None
    h, w = len(grid), len(grid[0])
    walks = 0
    for _ in range(HARDEN_TRIES):
        g = _flip(rng, grid, edges, symmetry, len(colors))
        p = puzzle_from_grid(g, colors)
        eng = Engine(p)
        score = len(_line_open(eng))
        if score and reduce(p, engine=eng)["status"] == "solved":
            if target != 2:
                return g, None, walks
            p.validate()
            summary = what_ifs(p, keep_states=True)
            walks += 1
            if summary["finished"]:
                if level_of(summary, w, h) == "hard":
                    return g, summary, walks
                if found is None or _rank(summary) > found[0]:
                    found = (_rank(summary), g, summary)
        if best is None or score > best[0]:
            best = (score, g, None)
    return (found or best)[1:] + (walks,)


def _rank(summary):
    s = summary["steps"]
    return (s["deep"], s["probe"], summary["longest_chain"])


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


def _edge_cells(grid):
    """Cells with a 4-neighbour of another colour: flipping one reshapes an edge."""
    h, w = len(grid), len(grid[0])
    return [(y, x) for y in range(h) for x in range(w)
            if any(0 <= yy < h and 0 <= xx < w and grid[yy][xx] != grid[y][x]
                   for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)))]


def _flip(rng, grid, cells, symmetry, ncolors):
    """A copy of the grid with one of ``cells`` (and its symmetric images) changed:
    among a few random candidates, the one most unlike its neighbours, to the
    value most of its neighbours have (another colour when they all agree)."""
    if not cells:
        return [r[:] for r in grid]
    picks = [cells[rng.randrange(len(cells))] for _ in range(4)]
    y, x = max(picks, key=lambda c: sum(v != grid[c[0]][c[1]] for v in _near(grid, *c)))
    return _set(grid, y, x, symmetry, ncolors)


def _near(grid, y, x):
    """The values of the (up to 8) neighbours of (y, x)."""
    h, w = len(grid), len(grid[0])
    return [grid[yy][xx] for yy in range(y - 1, y + 2) for xx in range(x - 1, x + 2)
            if (yy, xx) != (y, x) and 0 <= yy < h and 0 <= xx < w]


def _set(grid, y, x, symmetry, ncolors):
    """A copy of the grid with (y, x) and its symmetric images changed to the value
    most of its neighbours have (another colour when they all agree)."""
    h, w = len(grid), len(grid[0])
    old = grid[y][x]
    counts = [0] * ncolors
    for v in _near(grid, y, x):
        counts[v] += 1
    counts[old] = -1
    new = max(range(ncolors), key=lambda c: (counts[c], -c))
    grid = [r[:] for r in grid]
    for yy, xx in pic._mirror(y, x, w, h, symmetry):
        grid[yy][xx] = new
    return grid
