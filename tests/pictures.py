"""Small pictures the tests share, and re-checking a fix suggestion from its dict alone."""
from pysolver.nonogram.puzzle import BACKGROUND, Color, puzzle_from_grid

RED = Color("red", "r", "FF0000")
BLUE = Color("blue", "b", "0000FF")
COLOURS3 = [BACKGROUND, RED, BLUE]  # white, red 'r', blue 'b'

# webpbn #1: line logic alone solves it.
DANCER = [".##..", ".##.#", "..#.#", ".###.", "#.#..",
          "#.#..", "..##.", ".#.#.", ".#.##", "##..."]
# The smallest ambiguity: either diagonal fits the clues.
DIAGONAL = ["#.", ".#"]
# A 2x2 checker inside a frame: the diagonal pair can flip to the other diagonal.
CHECKER = ["#######",
           "#.....#",
           "#.#...#",
           "#..#..#",
           "#.....#",
           "#######"]
# Two independent checkers: one given or one toggle can no longer be enough.
TWO_CHECKERS = ["#########",
                "#.......#",
                "#.#...#.#",
                "#..#.#..#",
                "#.......#",
                "#########"]
UNIQUE = ["#######",
          "#.....#",
          "#.###.#",
          "#.....#",
          "#######"]


def bw(rows, **meta):
    """A black-and-white puzzle whose clues and goal come from '#'/'.' rows."""
    return puzzle_from_grid([[1 if ch == "#" else 0 for ch in r] for r in rows], **meta)


def colour(rows, **meta):
    """A puzzle in white, red 'r' and blue 'b' from rows of those chars."""
    idx = {c.char: i for i, c in enumerate(COLOURS3)}
    return puzzle_from_grid([[idx[ch] for ch in r] for r in rows], COLOURS3, **meta)


def masks(puzzle, fixed):
    """Solver start cells with the (row, column) -> colour index cells of `fixed` known."""
    cells = [puzzle.full_mask] * (puzzle.width * puzzle.height)
    for (y, x), v in fixed.items():
        cells[y * puzzle.width + x] = 1 << v
    return cells


def apply_suggestion(puzzle, sugg):
    """(puzzle, fixed cells, goal grid) after a fix suggestion, built without fix.py's helpers."""
    chars = {"#": 1, ".": 0}
    chars.update({c.char: i for i, c in enumerate(puzzle.colors) if i})
    goal = [[puzzle.char_index().get(ch, 1) for ch in r] for r in puzzle.goal]
    if sugg["kind"] == "given":
        fixed = {(c["row"] - 1, c["column"] - 1): chars[c["value"]] for c in sugg["cells"]}
        for (y, x), v in fixed.items():
            assert goal[y][x] == v, "a given must show the goal's own colour"
        return puzzle, fixed, goal
    for c in sugg["cells"]:
        y, x = c["row"] - 1, c["column"] - 1
        assert goal[y][x] != chars[c["value"]], "a toggle must change the cell"
        goal[y][x] = chars[c["value"]]
    return puzzle_from_grid(goal, puzzle.colors), {}, goal
