"""The nonogram's answer-set route: puzzle → facts for encodings/nonogram.lp.

The generic clingo layer (encodings, the native runner) is pysolver.asp.run. The browser gets the program text from :func:`program` in the Pyodide worker
and runs it with clingo-wasm (web/js/clingo-client.js).

Native solving needs the optional ``clingo`` module (``pip install 'pysolver[asp]'``);
everything else here is pure Python and imports without it.
"""
from __future__ import annotations

import re

from ..asp.run import encoding_file, run_program
from ..errors import PuzzleError
from .puzzle import Puzzle, rows_text
from .solver.arrangements import extremes

ENCODINGS = ("nonogram", "baseline_seed")
_PAINT = re.compile(r"paint\((\d+),(\d+),(\d+)\)")


def encoding(name: str = "nonogram") -> str:
    """The text of encodings/<name>.lp."""
    if name not in ENCODINGS:
        raise PuzzleError(f"unknown ASP encoding {name!r}; choose one of {', '.join(ENCODINGS)}")
    return encoding_file(name)


def clue_ranges(clue, length) -> list:
    """(earliest, latest) start of each block from the clue alone (the seed's P and Q)."""
    gaps = [int(a[1] == b[1]) for a, b in zip(clue, clue[1:])] + [0]
    lo, pos = [], 0
    for (n, _), g in zip(clue, gaps):
        lo.append(pos)
        pos += n + g
    hi, end = [0] * len(clue), length
    for i in range(len(clue) - 1, -1, -1):
        n = clue[i][0]
        end -= gaps[i]
        hi[i] = end - n
        end = hi[i]
    return list(zip(lo, hi))


def _line_cells(puzzle, known, axis, i):
    w = puzzle.width
    if axis == "row":
        return tuple(known[i * w:(i + 1) * w])
    return tuple(known[y * w + i] for y in range(puzzle.height))


def _ranges(puzzle, known, axis, i, clue, length):
    """Start ranges; with known cells, those of the leftmost/rightmost arrangements."""
    if known is not None and clue:
        ext = extremes(clue, _line_cells(puzzle, known, axis, i))
        if ext is not None:
            return list(zip(*ext))
    return clue_ranges(clue, length)


def facts(puzzle: Puzzle, known=None) -> str:
    """The instance as ASP facts (format documented in encodings/nonogram.lp).

    ``known`` is an optional solver grid (flat, row-major list of colour masks);
    every colour a cell's mask excludes becomes a ``no(X, Y, K)`` fact, and the
    block ranges shrink to what the known cells allow.
    """
    full = puzzle.full_mask
    if known is not None and len(known) != puzzle.width * puzzle.height:
        raise PuzzleError(
            f"known cells: expected {puzzle.width * puzzle.height} masks, got {len(known)}")
    title = " ".join((puzzle.title or "puzzle").split())  # one comment line, whatever it holds
    out = [f"% {title}: {puzzle.width}x{puzzle.height}, "
           f"{len(puzzle.colors) - 1} colour(s)"]
    for axis, i, clue, length in puzzle.lines():
        name = f"r({i})" if axis == "row" else f"c({i})"
        ranges = _ranges(puzzle, known, axis, i, clue, length)
        parts = []
        for b, ((n, k), (lo, hi)) in enumerate(zip(clue, ranges), start=1):
            parts.append(f"clue({name},{b},{n},{k}). range({name},{b},{lo},{hi}).")
            if b < len(clue) and clue[b][1] == k:
                parts.append(f"gap({name},{b}).")
        if parts:
            out.append(" ".join(parts))
    if known is not None:
        w = puzzle.width
        for idx, m in enumerate(known):
            if m != full:
                y, x = divmod(idx, w)
                out.append(" ".join(f"no({x},{y},{k})." for k in range(len(puzzle.colors))
                                    if not m >> k & 1))
    return "\n".join(out) + "\n"


def program(puzzle: Puzzle, known=None, encoding_name: str = "nonogram") -> str:
    """Encoding text plus instance facts: one self-contained program (clingo-wasm)."""
    return encoding(encoding_name) + "\n" + facts(puzzle, known)


def decode(model_symbols, puzzle: Puzzle) -> list:
    """Colour-index grid from a model's paint/3 atoms (clingo Symbols or their text)."""
    grid = [[0] * puzzle.width for _ in range(puzzle.height)]
    for sym in model_symbols:
        m = _PAINT.fullmatch(str(sym).replace(" ", ""))
        if m:
            x, y, k = map(int, m.groups())
            grid[y][x] = k
    return grid


def solve_native(puzzle: Puzzle, max_solutions=2, timeout=None, known=None,
                 encoding_name: str = "nonogram") -> dict:
    """Solve with native clingo; the api solve-result dict (engine "clingo").

    ``max_solutions``: 2 decides uniqueness, 1 finds one solution, N counts up to N,
    0 or None enumerates all. ``timeout`` in seconds covers grounding and solving
    (pysolver.asp.run.ground waits for the grounder with the deadline).
    """
    run = run_program(program(puzzle, known, encoding_name), lambda syms: decode(syms, puzzle),
                      max_solutions, timeout)
    run["stats"]["encoding"] = encoding_name
    run["solutions"] = [rows_text(puzzle, g) for g in run["solutions"]]
    return run
