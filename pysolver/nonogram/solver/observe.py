"""The solver's event stream: what it deduces and tries, as it happens.

An observer is any object with some of these methods; the engine calls the ones
it has, and with no observer it calls nothing (and pays nothing):

  line(axis, index, old, new, touched)  propagation narrowed a line: ``old`` and
      ``new`` are its per-colour masks (pysolver.nonogram.solver.line), ``touched`` the bit mask
      of the cells that changed
  branch(depth, cell, value)  search enters a child: cell (y, x) set to colour
      ``value`` (already propagated), ``depth`` its depth
  backtrack(depth)  a search node at ``depth`` turned out to have no solution
  solution(rows)  a solution found (per-line masks, as the engine holds them)
  progress(info)  about every PROGRESS_INTERVAL seconds: {"known", "total",
      "nodes", "probes", "solutions", "time_s", "state"}

:class:`Steps` turns ``line`` events into the step dicts of
:func:`pysolver.nonogram.solver.propagate.propagate` (the hint module's explanations);
:class:`Trace` writes every event as a line of text (golden traces in tests).
"""
from __future__ import annotations

from .line import from_cans

EVENTS = ("line", "branch", "backtrack", "solution", "progress")


class Steps:
    """Collects line events as step dicts: ``axis``, ``index``, ``cells``
    (positions along the line), ``values`` (their new masks) and ``reason``."""

    def __init__(self, engine, out=None):
        self.eng = engine
        self.steps = [] if out is None else out

    def line(self, axis, index, old, new, touched):
        eng = self.eng
        n = eng.w if axis == "row" else eng.h
        masks = from_cans(new, n)
        positions = [i for i in range(n) if (touched >> i) & 1]
        clue = eng.row_clues[index] if axis == "row" else eng.col_clues[index]
        self.steps.append({"axis": axis, "index": index, "cells": positions,
                           "values": [masks[i] for i in positions],
                           "reason": {"rule": "line", "clue": clue}})


class Trace:
    """Events as lines of text, in order (``lines``): those named in ``events``
    (progress is left out by default: it depends on the clock)."""

    def __init__(self, puzzle, events=("line", "branch", "backtrack", "solution")):
        self.w, self.h = puzzle.width, puzzle.height
        self.lines = []
        for e in EVENTS:
            if e not in events:
                setattr(self, e, None)

    def line(self, axis, index, old, new, touched):
        n = self.w if axis == "row" else self.h
        cells = "".join("?" if m & (m - 1) else str(m.bit_length() - 1) for m in from_cans(new, n))
        self.lines.append(f"line {axis} {index} {touched:b} {cells}")

    def branch(self, depth, cell, value):
        self.lines.append(f"branch {depth} {cell[0]},{cell[1]}={value}")

    def backtrack(self, depth):
        self.lines.append(f"backtrack {depth}")

    def solution(self, rows):
        self.lines.append("solution " + "/".join(
            "".join(str(m.bit_length() - 1) for m in from_cans(r, self.w)) for r in rows))

    def progress(self, info):
        self.lines.append(f"progress known={info['known']} nodes={info['nodes']}")


def hooks(observer):
    """The observer's bound methods by event name (None for those it lacks)."""
    return {e: getattr(observer, e, None) if observer is not None else None for e in EVENTS}
