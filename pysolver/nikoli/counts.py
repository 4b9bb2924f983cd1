"""Count deductions: what a person reads off one clue's number before any what-if.

The rule checker (rules.py) says when the marks already break a rule; a person also
counts. A Bag number sees N cells, itself included, so its four arms (the inside
cells it sees in each direction, up to the first outside cell or the edge) give
N - 1 together. An arm of length l needs its first l cells inside and the next one
outside (or the edge), so the marks allow some lengths only; the lengths of the
four arms that add up to N - 1 are all the clue allows, and a pair of opposite
arms keeps only the lengths with which the other numbers on that row or column
still see a possible count. A cell inside in every remaining choice is inside, a
cell that ends the arm in every one is outside. The checker sees each number's
least and most only; the count sees, for instance, that an arm whose far cells are
inside cannot stop half way, or that a long arm would let another number in the
same row see too many.

A Nurikabe number's island has N cells, so a cell farther from every island, by
paths of cells that could join it, than its number allows is shaded (a person:
"no island can reach this cell").

:func:`find` returns the first (nearest) forced unit a count decides, with the
clue, the marks it read and the words of the hint; pure Python, no I/O; its work
is a few passes over the clues (counted as one checker call by the walk).
"""
from __future__ import annotations

import bisect

from ..memo import Memo
from .model import UNKNOWN

_bag_memo = Memo("nikoli.counts.bag", 4096)  # (grid, clue, the states of the lines it reads) -> its cells

# an arm of a Bag clue: its cells from the clue outwards, and how a person names it
ARMS = (((1, 0), "to its right"), ((-1, 0), "to its left"), ((0, 1), "below it"), ((0, -1), "above it"))


def find(grid, marks, forced):
    """(unit, value, [rule], [unit read], words) for the first of ``forced`` ((unit,
    value) pairs, nearest first) that a count decides with value, or None."""
    finder = FINDERS.get(grid.family)
    if finder is None:
        return None
    decided = finder(grid, marks)
    for unit, value in forced:
        hit = decided.get(unit)
        if hit is not None and hit[0] == value:
            return (unit, value) + hit[1:]
    return None


def _where(cell):
    return f"row {cell[1] + 1} column {cell[0] + 1}"


def _bag(grid, marks) -> dict:
    """{cell: (value, [rule], [cells read], words)} for every cell one Bag clue's count
    decides (memoised per clue on the states of the lines it reads: a walk changes one
    cell a step)."""
    out = {}
    w, h = grid.width, grid.height
    flat = {c: True for c in grid.clues}
    flat.update((c, v) for c, v in marks.items() if c not in flat)
    rows = [tuple(flat.get((u, v)) for u in range(w)) for v in range(h)]
    cols = [tuple(flat.get((u, v)) for v in range(h)) for u in range(w)]
    for clue, n in sorted(grid.clues.items(), key=lambda c: (c[0][1], c[0][0])):
        if n == UNKNOWN:
            continue
        x, y = clue
        # what _bag_clue reads: its row and column, and the other line of each number on them
        others = tuple((c, m, cols[c[0]] if c[1] == y else rows[c[1]])
                       for c, m in grid.clues.items() if c != clue and (c[1] == y or c[0] == x))
        key = (w, h, clue, n, rows[y], cols[x], others)
        found = _bag_memo.get(key)
        if found is None:
            found = _bag_memo.put(key, _bag_clue(grid, clue, n, flat))
        for cell, value, read, words in found:
            out.setdefault(cell, (value, ["B3"], read, words))
    return out


def _arm(grid, clue, step, flat):
    """(cells, states, lengths): an arm's cells from the clue out, their states, and
    the lengths the marks allow (its first l cells inside, the next one not)."""
    cells, (x, y) = [], clue
    while 0 <= x + step[0] < grid.width and 0 <= y + step[1] < grid.height:
        x, y = x + step[0], y + step[1]
        cells.append((x, y))
    states = [flat.get(c) for c in cells]
    lengths = []
    for k in range(len(cells) + 1):
        if k and states[k - 1] is False:
            break  # an arm cannot pass an outside cell
        if k == len(cells) or states[k] is not True:
            lengths.append(k)
    return cells, states, lengths


def _sees(grid, clue, flat) -> tuple:
    """(least, most) cells the clue sees, itself included, in ``flat`` (the checker's B3)."""
    least = most = 1
    for step, _ in ARMS:
        cells, states, _ = _arm(grid, clue, step, flat)
        sure = True
        for s in states:
            if s is False:
                break
            most += 1
            sure = sure and s is True
            least += sure
    return least, most


def _pairs(grid, clue, a, b, others, flat, need):
    """The (la, lb) lengths of two opposite arms that the clues ``others`` on the
    same line still allow (each arm's cells set by its length), and which of those
    clues ruled any out."""
    cells_a, _, lens_a = a
    cells_b, _, lens_b = b
    ok, blamed = [], set()
    for la in lens_a:
        for lb in lens_b:
            if la + lb > need:
                continue
            trial = dict(flat)
            for cells, length in ((cells_a, la), (cells_b, lb)):
                trial.update((c, True) for c in cells[:length])
                if length < len(cells):
                    trial[cells[length]] = False
            bad = [o for o in others if not (lambda lm: lm[0] <= grid.clues[o] <= lm[1])(_sees(grid, o, trial))]
            if bad:
                blamed.add(bad[0])
            else:
                ok.append((la, lb))
    return ok, blamed


def _bag_clue(grid, clue, n, flat) -> list:
    """[(cell, value, read, words)] one clue decides: its four arms give n - 1 cells
    together; each pair of opposite arms takes the lengths the other numbers on
    its line still allow."""
    need = n - 1
    arms = [_arm(grid, clue, step, flat) for step, _ in ARMS]
    x, y = clue
    on_row = [c for c, m in grid.clues.items() if c[1] == y and c != clue and m != UNKNOWN]
    on_col = [c for c, m in grid.clues.items() if c[0] == x and c != clue and m != UNKNOWN]
    across, blamed_a = _pairs(grid, clue, arms[0], arms[1], on_row, flat, need)
    down, blamed_d = _pairs(grid, clue, arms[2], arms[3], on_col, flat, need)
    sums_a = {la + lb for la, lb in across}
    sums_d = {la + lb for la, lb in down}
    across = [p for p in across if need - sum(p) in sums_d]
    down = [p for p in down if need - sum(p) in sums_a]
    if not across or not down:
        return []  # the marks break the count already: the checker's business
    read = [c for cells, states, _ in arms for c, s in zip(cells, states)
            if s is not None and c not in grid.clues]
    blamed = (sorted(blamed_a), sorted(blamed_d, key=lambda c: c[1]))
    out = []
    for i, (cells, states, _) in enumerate(arms):
        ok = [p[i % 2] for p in (across if i < 2 else down)]
        least, most = min(ok), max(ok)
        name = ARMS[i][1]
        for k in range(least):  # inside in every count that fits
            if states[k] is None:
                out.append((cells[k], True, read, _bag_words(grid, clue, n, need - least, least, name, True, blamed)))
        if least == most and least < len(cells) and states[least] is None:
            out.append((cells[least], False, read, _bag_words(grid, clue, n, need - least, least, name, False, blamed)))
    return out


def _bag_words(grid, clue, n, others, least, name, inside, blamed) -> str:
    """A count hint in a player's words."""
    head = f"The {n} at {_where(clue)} sees {n - 1} cell{'s' * (n != 2)} besides itself"
    named = [f"the {grid.clues[c]} at {_where(c)} in its {line}"
             for line, cs in zip(("row", "column"), blamed) for c in cs]
    also = f" (else {' or '.join(named)} would see too many or too few)" if named else ""
    if inside:
        return (f"{head}; the other directions can give at most {others}{also}, so it sees "
                f"at least {least} {name}")
    return (f"{head}; counting what each direction can give{also}, it sees exactly {least} "
            f"{name}, and no more")


def _nurikabe(grid, marks) -> dict:
    """{cell: (True, [rule], [cells read], words)} for the cells no island can reach:
    a cell joins an island only by a path of cells that are not shaded and touch no
    other island, and each such cell adds one to the island."""
    w, h = grid.width, grid.height
    # True: unshaded (a mark True is shaded)
    state = {c: True if c in grid.clues else None if c not in marks else not marks[c] for c in grid.cells()}

    def nbrs(c):
        x, y = c
        return [(u, v) for u, v in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if 0 <= u < w and 0 <= v < h]

    islands = {}  # clue -> its cells (the unshaded cells joined to it)
    owner = {}
    for clue in grid.clues:
        seen, todo = {clue}, [clue]
        while todo:
            for m in nbrs(todo.pop()):
                if state[m] is True and m not in seen:
                    seen.add(m)
                    todo.append(m)
        islands[clue] = seen
        for c in seen:
            owner.setdefault(c, set()).add(clue)
    if any(n == UNKNOWN for n in grid.clues.values()):
        return {}  # a "?" island may be any size
    reach, reach_of = set(), {}
    for clue, cells in islands.items():
        left = grid.clues[clue] - len(cells)
        if left < 0:
            return {}  # broken already: the checker's business
        other = {c for k, cs in islands.items() if k != clue for c in cs}
        dist = _room(cells, left, state, other, nbrs)
        reach |= set(dist)
        reach_of[clue] = dist
    words = ("No island can reach it: every number is too far away for its size, or "
             "walled off by shaded cells and other islands")
    out = {c: (True, ["N2", "N4"], [], words) for c in grid.cells() if state[c] is None and c not in reach}
    for c, hit in _between(grid, state, reach_of, nbrs).items():
        out.setdefault(c, hit)
    for clue, cells in islands.items():
        for c, hit in _needed(grid, clue, cells, reach_of[clue], state, islands, nbrs).items():
            out.setdefault(c, hit)
    for c, hit in _few_shaded(grid, state).items():
        out.setdefault(c, hit)
    return out


def _room(cells, left, state, other, nbrs, without=None) -> dict:
    """{cell: steps} the island of ``cells`` can still take, ``left`` cells more at most:
    by paths of cells not shaded, not ``without``, in no other island and touching
    none (``other``: their cells)."""
    dist = {c: 0 for c in cells}
    todo = list(cells)
    for c in todo:
        if dist[c] >= left:
            continue
        for m in nbrs(c):
            if m in dist or m == without or state[m] is False or m in other or \
                    any(n in other for n in nbrs(m)):
                continue
            dist[m] = dist[c] + 1
            todo.append(m)
    return dist


# an island's room is searched again once per cell of it (the cells it must take): up to
# this many cells (the usual islands; not janko 1030's 994)
NEEDED_ROOM = 120


def _needed(grid, clue, cells, room, state, islands, nbrs) -> dict:
    """{cell: (False, [rule], [cells read], words)} for the undecided cells an
    incomplete island must take: without the cell, the room it can still reach holds
    fewer cells than its number (a person: "the 5 can only grow through here")."""
    n = grid.clues[clue]
    left = n - len(cells)
    if left <= 0 or len(room) < n or len(room) > NEEDED_ROOM:
        return {}
    other = {c for k, cs in islands.items() if k != clue for c in cs}
    # the cells no farther than c stay reachable without it (their shortest paths pass
    # nearer cells only): a cell with n of those besides it is never needed
    by_steps = sorted(room.values())
    out = {}
    for c in room:
        if state[c] is not None or bisect.bisect_right(by_steps, room[c]) - 1 >= n:
            continue
        smaller = len(_room(cells, left, state, other, nbrs, without=c))
        if smaller < n:
            out[c] = (False, ["N4", "N5"], sorted(cells - {clue}), (
                f"The {n} at {_where(clue)} needs {n} cells; without this one its island "
                f"can reach only {smaller}"))
    return out


def _between(grid, state, reach_of, nbrs) -> dict:
    """{cell: (True, [rule], [cells read], words)} for the cells between two unshaded
    cells that only different numbers can reach (``reach_of``: clue -> the cells its
    island can still take): unshaded, the cell would join two islands."""
    can = {}  # unshaded cell -> the clues that can reach it
    for clue, cells in reach_of.items():
        for c in cells:
            if state[c] is True:
                can.setdefault(c, []).append(clue)
    only = {c: clues[0] for c, clues in can.items() if len(clues) == 1}
    out = {}
    for c in grid.cells():
        if state[c] is not None:
            continue
        seen = [(m, only[m]) for m in nbrs(c) if m in only]
        for (a, ca), (b, cb) in ((p, q) for i, p in enumerate(seen) for q in seen[i + 1:]):
            if ca != cb:
                out[c] = (True, ["N4", "N6"], [a, b], (
                    f"Unshaded, it would join two islands: the unshaded cell at {_where(a)} can "
                    f"only belong to the {grid.clues[ca]} at {_where(ca)}, the one at {_where(b)} "
                    f"only to the {grid.clues[cb]} at {_where(cb)} (no other number can reach them)"))
                break
    return out


def _few_shaded(grid, state) -> dict:
    """{cell: (False, [rule], [cells read], words)} for the cells too far from the
    shaded ones: the K shaded cells (the cells less the numbers' sum) are joined, so
    no two lie K steps apart or more; a shaded cell the player marked, or the wall of
    an island of N (a shaded cell beside it lies at most N steps from its number: the
    island is not the whole grid), anchors them all within K - 1 steps more. Only a
    grid with a handful of shaded cells has such far cells (janko 1030: 10 of 1,024)."""
    w, h = grid.width, grid.height
    total = sum(grid.clues.values())
    k = w * h - total
    if not 0 < k <= w + h - 2:
        return {}
    head = (f"Only {k} cell{'s are' if k > 1 else ' is'} shaded (the grid's {w * h} cells "
            f"less the numbers' {total}), all joined, so no two lie {k} steps apart or more")
    # (reach, anchor, is a mark): the mark anchors first, then the numbers nearest their bound
    anchors = [(k - 1, c, True) for c in sorted(state, key=lambda c: (c[1], c[0])) if state[c] is False]
    anchors += sorted(((n + k - 1, c, False) for c, n in grid.clues.items() if n + k - 1 < w + h - 2),
                      key=lambda a: (a[0], a[1][1], a[1][0]))
    out = {}
    for c in grid.cells():
        if state[c] is not None:
            continue
        for reach, (x, y), mark in anchors:
            d = abs(c[0] - x) + abs(c[1] - y)
            if d <= reach:
                continue
            if mark:
                why = f"; none lies {k} steps or more from your shaded cell at {_where((x, y))}"
            else:
                n = grid.clues[(x, y)]
                why = (f"; the {n}'s island at {_where((x, y))} is walled off by shaded cells, one "
                       f"of them at most {n} step{'s' * (n != 1)} from the {n}, so every shaded cell "
                       f"lies within {reach} steps of it")
            out[c] = (False, ["N4", "N7"], [(x, y)] if mark else [],
                      f"{head}{why}, and this cell is {d} steps away")
            break
    return out


FINDERS = {"bag": _bag, "nurikabe": _nurikabe}
