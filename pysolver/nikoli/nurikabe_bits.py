"""Nurikabe's rules on bit masks: the violation the hints' trials read, found fast.

The trials (trial.py) call the checker thousands of times a walk and read one
violation of each answer: the one with the fewest cells, the first of those in
rules.violations' order. :func:`first` finds that same violation from bit masks
of the shaded and unshaded cells (bit y * w + x for cell (x, y)) that trial.py
keeps up to date as it sets cells, with no rows to read and check and no sets of
cells: a flood on ints per island. tests/test_nikoli_walk_same.py holds it to
rules._nurikabe on random states and to the recorded walks.
"""
from __future__ import annotations

from .model import UNKNOWN
from .rules import _bit_masks, _flood, _result


def clue_masks(grid) -> tuple:
    """(bit mask of the numbered cells, {bit: its number})."""
    w = grid.width
    numbers = {1 << (y * w + x): n for (x, y), n in grid.clues.items()}
    return sum(numbers), numbers


def _cells(mask, w) -> list:
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append((i % w, i // w))
        mask ^= low
    return out


def _column_first(mask, w):
    """The sort key rules.components starts a group from: its least (x, y)."""
    return min(_cells(mask, w))


def first(grid, black, white, clues, numbers):
    """min(rules.violations(grid, rows), key=its cell count) for the rows whose
    shaded cells are ``black`` and unshaded ones ``white``, or None; ``clues``,
    ``numbers``: clue_masks(grid)."""
    w, h = grid.width, grid.height
    not_first, not_last, _ = _bit_masks(w, h)
    full = (1 << (w * h)) - 1

    def grow(m):  # the cells next to m, and m
        return (m | ((m << 1) & not_first) | ((m >> 1) & not_last) | (m << w) | (m >> w)) & full

    found = []  # (cell count, place in rules.violations' order, make the result)
    bad = black & clues
    if bad:
        found.append((bad.bit_count(), (0,), lambda: _result("N1", _cells(bad, w))))
    squares = not_last & black & (black >> 1) & (black >> w) & (black >> (w + 1))
    if squares:
        found.append((4, (1,), lambda: _n8(black, squares, w)))
    rest = white | clues
    while rest:
        comp = _flood(rest & -rest, rest, w, h)
        rest &= ~comp
        size, held = comp.bit_count(), comp & clues
        if found and size > min(f[0] for f in found):
            continue  # cannot have the fewest cells
        shut = not grow(comp) & ~comp & ~black
        rule = None
        if held & (held - 1):
            rule = "N6"
        elif not held and shut:
            rule = "N2"
        elif held and numbers[held] != UNKNOWN:
            if size > numbers[held] or (shut and size < numbers[held]):
                rule = "N4"
        if rule:
            found.append((size, (2, _column_first(comp, w)),
                          lambda r=rule, c=comp: _result(r, _cells(c, w))))
    if black and not (found and black.bit_count() >= min(f[0] for f in found)):
        group = _flood(black & -black, black, w, h)
        if group != black:  # more than one group: N7 when one of them cannot grow
            rest, shut = black, False
            while rest and not shut:
                group = _flood(rest & -rest, rest, w, h)
                rest &= ~group
                shut = not grow(group) & ~group & ~white
            if shut:
                found.append((black.bit_count(), (3,), lambda: _result("N7", _cells(black, w))))
    if not found:
        return None
    return min(found, key=lambda f: (f[0], f[1]))[2]()


def _n8(black, squares, w):
    """The first 2x2 shaded block in rules._nurikabe's order: its loop runs over a
    set of the shaded cells made in reading order (a set's order is fixed by what
    went in, in what order)."""
    shaded = {c for c in _cells(black, w)}  # noqa: C416 (added one by one, as there)
    for x, y in shaded:
        if squares >> (y * w + x) & 1:
            return _result("N8", {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)})
    raise AssertionError("no 2x2 block")
