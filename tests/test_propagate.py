"""Propagation: fixpoint, queue of changed lines, step records, failing line."""
from pysolver.nonogram.solver.propagate import Engine, propagate
from pysolver.nonogram.puzzle import Puzzle, puzzle_from_grid
from pysolver.nonogram.solver.line import solve_line


def bw(rows, cols):
    return Puzzle(rows=[tuple((n, 1) for n in r) for r in rows],
                  cols=[tuple((n, 1) for n in c) for c in cols])


def test_line_solvable_puzzle_is_solved_with_steps():
    grid = [[1, 1, 0], [0, 1, 1], [1, 1, 1]]
    p = puzzle_from_grid(grid)
    res = propagate(p, record=True)
    assert res.ok and res.failed is None
    assert res.cells == [1 << v for r in grid for v in r]
    assert res.steps
    known = [3] * 9
    for st in res.steps:  # replaying the steps reproduces the result
        for pos, val in zip(st["cells"], st["values"]):
            i = st["index"] * 3 + pos if st["axis"] == "row" else pos * 3 + st["index"]
            assert val & known[i] == val and val != known[i]
            known[i] = val
        assert st["reason"]["rule"] == "line"
    assert known == res.cells


def test_fixpoint_every_line_stable():
    p = bw([[2], [1], [1, 1]], [[1, 1], [2], [1]])
    res = propagate(p)
    for y in range(3):
        row = tuple(res.cells[y * 3:(y + 1) * 3])
        assert solve_line(p.rows[y], row) == row
    for x in range(3):
        col = tuple(res.cells[x::3])
        assert solve_line(p.cols[x], col) == col


def test_contradiction_names_failing_line():
    p = bw([[3], [0], [0]], [[1], [1], [1]])
    p.rows[1] = ()
    p.rows[2] = ()
    # columns claim a filled cell each, rows only in row 1: consistent; now break it
    cells = [3] * 9
    cells[0] = 1  # row 1 column 1 crossed: row 1 (clue 3) cannot fit
    res = propagate(p, cells)
    assert not res.ok
    assert res.failed in (("row", 0), ("column", 0))


def test_only_queued_lines_are_solved():
    grid = [[1, 0], [0, 1]]
    p = puzzle_from_grid(grid)
    eng = Engine(p)
    rows, cols = eng.initial()
    assert eng.run(rows, cols, set(), set()) == 0
    assert eng.line_solves == 0
    assert eng.run(rows, cols, {0}, set()) == 0  # row "1 ." alone: "1" in 2 cells, nothing
    assert eng.line_solves == 1


def test_colour_propagation_with_empty_lines():
    from pysolver.nonogram.puzzle import BACKGROUND, BLACK, Color
    colours = [BACKGROUND, BLACK, Color("red", "r", "FF0000")]
    grid = [[0, 0, 0], [1, 2, 2], [0, 0, 0]]
    p = puzzle_from_grid(grid, colours)
    res = propagate(p)
    assert res.ok
    assert res.cells == [1 << v for r in grid for v in r]
