"""A hint walk: a puzzle played from the empty grid with the Hint engine alone.

Each step asks pysolver.nonogram.player.hint for the next hint (no known solution, so never a
reveal) and writes its cells; the walk ends when the puzzle is solved or the
engine has nothing more to give (``none``: the puzzle needs a guess from there,
or has more than one solution). The summary counts the steps of each kind
(``line``, ``probe``: a one-cell what-if, ``deep``: a deeper what-if) and the
longest what-if chain, which is what the generator's levels and the star
ratings (pysolver.nonogram.stars) are measured from. Pure Python, no I/O.
"""
from __future__ import annotations

from .player import hint as hint_mod

KINDS = ("line", "probe", "deep")


def apply(state, h):
    """The state rows with the hint's cells written in."""
    rows = [list(r) for r in state]
    for c in h["cells"]:
        rows[c["row"] - 1][c["column"] - 1] = c["value"]
    return ["".join(r) for r in rows]


def walk(puzzle, keep_states=False):
    """Play ``puzzle`` (validated) by hints; returns the summary dict.

    Keys: ``finished`` (True: solved by hints alone), ``steps`` ({kind: count}
    for line, probe, deep), ``longest_chain`` (line steps in the longest
    one-cell what-if), ``deepest`` (search nodes of the largest deeper what-if),
    ``end`` (the last hint's kind: solved or none), ``state`` (the rows at the
    end). With ``keep_states``, ``before``: (kind, state rows) before each step
    that was not a line step, for the generator to edit the picture there.
    """
    state = ["?" * puzzle.width] * puzzle.height
    steps = dict.fromkeys(KINDS, 0)
    longest = deepest = chained = 0
    before = []
    # every step decides at least one cell, so this bounds the walk
    for _ in range(puzzle.width * puzzle.height + 1):
        h = hint_mod.hint(puzzle, state)
        kind = h["kind"]
        if kind not in KINDS:
            break
        steps[kind] += 1
        if kind == "probe":
            longest = max(longest, h["probe"]["steps"])
            chained += h["probe"]["steps"]
        elif kind == "deep":
            deepest = max(deepest, h["probe"]["nodes"])
        if keep_states and kind != "line":
            before.append((kind, state))
        state = apply(state, h)
    out = {"finished": kind == "solved", "steps": steps, "longest_chain": longest,
           "chain_steps": chained, "deepest": deepest, "end": kind, "state": state}
    if keep_states:
        out["before"] = before
    return out
