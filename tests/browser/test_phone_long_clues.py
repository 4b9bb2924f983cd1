"""An 80x80 nonogram whose rows hold up to 22 numbers (two digits among them) on a phone: its
row clues took the whole width of the board, and no cell showed to tap. A clue margin now keeps
at most MARGIN_SHARE (board/fit.js) of the box in view while the board pans, its part nearest
the grid; the rest shows at the board's edge, where a fade says it goes on."""
import random

import pytest

from helpers import cell_words, open_site, paste_puzzle, title_shown, wait_words
from pysolver.nonogram.formats import dump
from pysolver.nonogram.puzzle import puzzle_from_grid
from test_board_touch import Fingers

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True)


def long_rows(size=80, most=22):
    """Rows of `most` runs every fourth row (two of them of 10 cells or more), fewer between."""
    rng, rows = random.Random(7), []
    for y in range(size):
        runs = [rng.randint(1, 2) for _ in range(most if y % 4 == 0 else rng.randint(6, most))]
        if y % 4 == 0:
            runs[3], runs[11] = 10, 12
        gaps = [1] * (len(runs) - 1)
        for _ in range(size - sum(runs) - len(gaps)):
            gaps[rng.randrange(len(gaps))] += rng.random() < 0.5
        cells = []
        for run, gap in zip(runs, gaps + [0]):
            cells += [1] * run + [0] * gap
        rows.append((cells + [0] * size)[:size])
    return rows


# the board's box, the cells' canvas and the row clues' canvas on screen, the box's cue classes
PARTS = """() => { const r = (s) => { const b = document.querySelector(s).getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width}; };
  const box = document.getElementById('board');
  return {box: r('#board'), cells: r('#board canvas.cells'), rows: r('#board canvas.row-clues'),
          cols: r('#board canvas.col-clues'), cell: parseInt(document.getElementById('zoom-level').textContent),
          cue: [...box.classList].filter((c) => c.startsWith('more-')).sort()}; }"""


@PHONE
def test_a_board_with_long_row_clues_shows_cells_to_tap_and_its_clues_at_the_edge(page, site_server):
    rows = long_rows()
    assert max(sum(1 for k, c in enumerate(r) if c and (k == 0 or not r[k - 1])) for r in rows) == 22
    open_site(page, site_server)
    paste_puzzle(page, dump(puzzle_from_grid(rows, title="Long rows"), "non"))
    title_shown(page, "Long rows")
    m = page.evaluate(PARTS)
    # cells in view: the margins' parts that stay leave more than half the box each way
    shown_left, shown_top = max(m["rows"]["right"], m["box"]["left"]), max(m["cols"]["bottom"], m["box"]["top"])
    assert m["box"]["right"] - shown_left > m["box"]["width"] / 2, m
    assert m["cells"]["left"] < m["box"]["right"] - 8 * m["cell"], m        # at least 8 columns of cells
    # a tap on a cell in view fills that cell
    px, py = shown_left + 2.5 * m["cell"], shown_top + 2.5 * m["cell"]
    x, y = int((px - m["cells"]["left"]) // m["cell"]), int((py - m["cells"]["top"]) // m["cell"])
    assert cell_words(page, x, y).split(": ", 1)[1].startswith("unknown")
    page.touchscreen.tap(px, py)
    wait_words(page, x, y, r": filled\b")
    # the row clues go on past the box's left edge (faded there); a finger on them pans the board
    # to its edge, where every number of the rows shows
    assert "more-left" in m["cue"] and m["rows"]["left"] < m["box"]["left"], m
    Fingers(page).drag((m["box"]["left"] + 40, py), (m["box"]["right"] - 10, py))
    page.wait_for_function("document.getElementById('board').scrollLeft === 0")
    edge = page.evaluate(PARTS)
    assert edge["rows"]["left"] >= edge["box"]["left"] and "more-left" not in edge["cue"], edge
