"""Difficulty a player can trust: 1 to 5 stars, the same scale for every genre.

Stars estimate a person's effort in minutes and cut it at fixed points
(CUTS): up to 5 minutes 1 star, 15 minutes 2, 40 minutes 3, 100 minutes 4,
more 5. The effort grows with both the size (every cell must be read and
marked) and the reasoning, so a big grid is never "easiest":

* a nonogram, from its hint walk (pysolver.nonogram.walk): SECONDS_PER_CELL
  per cell, SECONDS_PER_LINE per line step, and per one-cell what-if
  SECONDS_PER_PROBE plus SECONDS_PER_CHAIN_STEP per line step of its chain,
  per deeper what-if SECONDS_PER_DEEP. A walk that ends before the solution
  (the puzzle needs a guess, or has several solutions) counts as
  SEARCH_FACTOR times its size's effort, and at least 4 stars;
* a Nikoli puzzle, from its size and the clingo difficulty label
  (pysolver.nikoli.aspsolve.difficulty, which is relative to the size):
  NIKOLI_SECONDS_PER_CELL[label] per cell.

The constants are a model, not a measurement of people: one cell read and
marked in about a second and a half, an obvious line in a few seconds, a
what-if in about a minute (trying a cell in the head and following its
consequences), a deeper one in several. They place a 5x5 line puzzle at 1
star, a 15x15 line puzzle at 2, a 25x25 at 3, anything from about 45x45 at 5
(a 60x60 line puzzle is about two hours), and add a star for enough what-ifs
(ARCHITECTURE.md, "Difficulty stars"). A Nikoli cell takes a person longer than
a nonogram cell (each is a small deduction from rules, not a mark read off a line
run): from 2 s (easy) to 8 s (expert), which puts a 20x20 expert at 4 stars (about
an hour), level with a 30x35 picture nonogram (35-45 minutes), and a 7x7 at 1-2.
Pure functions, no I/O.
"""
from __future__ import annotations

CUTS = (5, 15, 40, 100)  # minutes: the most effort for 1, 2, 3, 4 stars
SECONDS_PER_CELL = 1.5
SECONDS_PER_LINE = 4
SECONDS_PER_PROBE = 60
SECONDS_PER_CHAIN_STEP = 5
SECONDS_PER_DEEP = 300
SEARCH_FACTOR = 3
NIKOLI_SECONDS_PER_CELL = {"easy": 2, "medium": 3, "hard": 5, "expert": 8}


def from_minutes(minutes: float) -> int:
    """Stars (1-5) for an effort in minutes."""
    return 1 + sum(minutes > cut for cut in CUTS)


def nonogram_minutes(width: int, height: int, summary: dict) -> float:
    """A person's effort for a nonogram from its hint walk's summary (``finished``,
    ``steps`` per kind, ``chain_steps``); a summary without ``finished`` is taken
    as finished (the generator's, which always is)."""
    steps = summary["steps"]
    seconds = (width * height * SECONDS_PER_CELL + steps["line"] * SECONDS_PER_LINE
               + steps["probe"] * SECONDS_PER_PROBE + summary["chain_steps"] * SECONDS_PER_CHAIN_STEP
               + steps["deep"] * SECONDS_PER_DEEP)
    if not summary.get("finished", True):
        seconds = max(seconds, width * height * SECONDS_PER_CELL) * SEARCH_FACTOR
    return seconds / 60


def nonogram(width: int, height: int, summary: dict) -> int:
    """Stars for a nonogram from its hint walk (see the module doc)."""
    stars = from_minutes(nonogram_minutes(width, height, summary))
    return max(stars, 4) if not summary.get("finished", True) else stars


def nikoli(width: int, height: int, label: str) -> int:
    """Stars for a Nikoli puzzle from its size and clingo difficulty label."""
    if label not in NIKOLI_SECONDS_PER_CELL:
        raise ValueError(f"unknown difficulty label {label!r}")
    return from_minutes(width * height * NIKOLI_SECONDS_PER_CELL[label] / 60)
