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
* a Nikoli puzzle, from its hint walk (pysolver.nikoli.walk: the Hint button's
  steps, one cell or join each): SECONDS_PER_CELL per cell as well, and per step
  NIKOLI_SECONDS: a rule seen at a glance, a count read off one number and the
  numbers on its lines (pysolver.nikoli.counts), a what-if trial plus per unit its
  refutation read, a step no short trial refutes ("deep"). A walk stopped by its
  work cap counts as a nonogram walk that needs a guess; one its caller stopped
  (a --timeout) counts what it played, a lower bound (:func:`at_least`).

The constants are a model, not a measurement of people: one cell read and
marked in about a second and a half, an obvious line in a few seconds, a
what-if in about a minute (trying a cell in the head and following its
consequences), a deeper one in several. They place a 5x5 line puzzle at 1
star, a 15x15 line puzzle at 2, a 25x25 at 3, anything from about 45x45 at 5
(a 60x60 line puzzle is about two hours), and add a star for enough what-ifs.
A Nikoli step decides one cell where a nonogram line step decides several, so it
is cheaper (3 s) and a Nikoli what-if shorter (30 s plus 3 s per unit read; a deep
step 45 s); with these the median generated 10x10 Nurikabe takes about 9 minutes and
a 13x13 Bag about twice as long per cell as a 10x11 Nurikabe, as the best times
published for such puzzles do (ARCHITECTURE.md, "Difficulty stars": the anchors and
the agreement).
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
# a Nikoli hint walk's steps (pysolver.nikoli.walk), seconds each: a rule seen at a
# glance; a count (a number's arms or reach added up); a what-if trial, plus per unit
# it sets; a step no short trial refutes
NIKOLI_SECONDS = {"rule": 3, "count": 10, "trial": 30, "chain": 3, "deep": 45}


# the generators' levels, by the reasoning a puzzle's hint walk needs, the same rule for
# every genre (:func:`level`); a what-if whose chain reads more than LONG_CHAIN units (a
# nonogram: line steps; a Nikoli puzzle: cells or joins) makes it a hard one
LEVELS = ("easy", "medium", "hard", "expert")
LONG_CHAIN = 8


def few(width: int, height: int) -> int:
    """How many what-ifs a medium puzzle may need: a few, more on a big grid."""
    return 1 + width * height // 100


def level(width: int, height: int, summary: dict, what_if: str):
    """The level a finished hint walk shows, or None (not finished): easy, no what-if
    (``what_if``: the walk's kind of one what-if, "probe" or "trial"); medium, at most
    few() what-ifs, none longer than LONG_CHAIN; hard, more or longer; expert, a
    deeper one (a "deep" step)."""
    if not summary["finished"]:
        return None
    steps = summary["steps"]
    if steps["deep"]:
        return "expert"
    if steps[what_if] > few(width, height) or summary["longest_chain"] > LONG_CHAIN:
        return "hard"
    return "medium" if steps[what_if] else "easy"


def from_minutes(minutes: float) -> int:
    """Stars (1-5) for an effort in minutes."""
    return 1 + sum(minutes > cut for cut in CUTS)


# the seconds of each step kind of a walk's summary, per genre ("chain": per unit a trial read)
NONOGRAM_SECONDS = {"line": SECONDS_PER_LINE, "probe": SECONDS_PER_PROBE, "chain": SECONDS_PER_CHAIN_STEP,
                    "deep": SECONDS_PER_DEEP}


def _minutes(width: int, height: int, summary: dict, prices: dict) -> float:
    """A person's effort from a hint walk's summary (``steps`` per kind, ``chain_steps``,
    ``finished``; without ``finished``, finished: the generator's always is), one model
    for every genre: the cells, then each step at its kind's price."""
    seconds = width * height * SECONDS_PER_CELL + summary["chain_steps"] * prices["chain"]
    seconds += sum(summary["steps"].get(kind, 0) * price for kind, price in prices.items() if kind != "chain")
    if _stuck(summary):
        seconds = max(seconds, width * height * SECONDS_PER_CELL) * SEARCH_FACTOR
    return seconds / 60


def _stuck(summary: dict) -> bool:
    """The walk ended before the solution because the hints could not go on (a
    guess, several solutions, its cap), not because its caller stopped it."""
    return not summary.get("finished", True) and not at_least(summary)


def at_least(summary: dict) -> bool:
    """True when the walk was stopped by its caller's budget (``end`` "stopped"):
    its minutes and stars count the steps it took and every cell, a lower bound."""
    return summary.get("end") == "stopped"


def _stars(minutes: float, summary: dict) -> int:
    """Stars for an effort; a walk that stops before the solution is at least 4."""
    stars = from_minutes(minutes)
    return max(stars, 4) if _stuck(summary) else stars


def nonogram_minutes(width: int, height: int, summary: dict) -> float:
    """A person's effort for a nonogram from its hint walk (pysolver.nonogram.walk)."""
    return _minutes(width, height, summary, NONOGRAM_SECONDS)


def nonogram(width: int, height: int, summary: dict) -> int:
    """Stars for a nonogram from its hint walk (see the module doc)."""
    return _stars(nonogram_minutes(width, height, summary), summary)


def nikoli_minutes(width: int, height: int, summary: dict) -> float:
    """A person's effort for a Nikoli puzzle from its hint walk (pysolver.nikoli.walk)."""
    return _minutes(width, height, summary, NIKOLI_SECONDS)


def nikoli(width: int, height: int, summary: dict) -> int:
    """Stars for a Nikoli puzzle from its hint walk (see the module doc)."""
    return _stars(nikoli_minutes(width, height, summary), summary)
