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
from .rules import _bit_masks, _result


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

    def flood(open_):  # the group of open_'s first cell (rules._flood, inlined: hot)
        reach = open_ & -open_
        while True:
            grown = (reach | ((reach << 1) & not_first) | ((reach >> 1) & not_last)
                     | (reach << w) | (reach >> w)) & open_
            if grown == reach:
                return reach
            reach = grown

    found = []  # (cell count, place in rules.violations' order, make the result)
    best = w * h + 1  # the fewest cells found yet
    bad = black & clues
    if bad:
        best = bad.bit_count()
        found.append((best, (0,), lambda: _result("N1", _cells(bad, w))))
    squares = not_last & black & (black >> 1) & (black >> w) & (black >> (w + 1))
    if squares:
        best = min(best, 4)
        found.append((4, (1,), lambda: _n8(black, squares, w)))
    rest = white | clues
    while rest:
        comp = flood(rest)
        rest ^= comp
        size, held = comp.bit_count(), comp & clues
        if size > best:
            continue  # cannot have the fewest cells
        rule = None
        if held & (held - 1):
            rule = "N6"
        elif not held:  # N2 when walled in by shaded cells
            rule = None if grow(comp) & ~comp & ~black else "N2"
        elif numbers[held] != UNKNOWN:
            n = numbers[held]
            if size > n or (size < n and not grow(comp) & ~comp & ~black):
                rule = "N4"
        if rule:
            best = size
            found.append((size, (2, _column_first(comp, w)),
                          lambda r=rule, c=comp: _result(r, _cells(c, w))))
    if black and black.bit_count() < best:  # N7 comes last: a tie loses
        group = flood(black)
        if group != black:  # more than one group: N7 when one of them cannot grow
            rest, shut = black, False
            while rest and not shut:
                group = flood(rest)
                rest ^= group
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
