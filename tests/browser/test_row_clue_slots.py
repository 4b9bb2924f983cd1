"""Row clues squeezed to a tight gap on a phone (a 25x25 with a dozen numbers a row) still
read number by number: neighbouring numbers stand on grounds of their own, in both themes;
row clues with their usual gaps keep one ground."""
import pytest

from helpers import clue_ink, open_builtin, open_site, paste_puzzle, title_shown
from pysolver.nonogram.formats import dump
from pysolver.nonogram.puzzle import puzzle_from_grid

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True)

# runs of 1 to 3 cells with one-cell gaps: rows such as "1 2 2 1 3 1 1 2 1", single digits only
RUNS = [1, 2, 2, 1, 3, 1, 1, 2, 1, 1, 3, 2, 1, 1]


def row(y):
    cells, k = [0] * (y % 3), y
    while len(cells) < 25:
        cells += [1] * RUNS[k % len(RUNS)] + [0]
        k += 1
    return cells[:25]


# the ground under each number of each row: the row-clue canvas's colour at the middle of the
# number's ink, 2 px below the row's top line (above the digits)
GROUNDS = """async (runs) => {
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const c = document.querySelector('#board canvas.row-clues'), ctx = c.getContext('2d');
  const px = c.width / c.getBoundingClientRect().width, cs = c.height / runs.length;
  return runs.map((row, r) => row.map(([a, b]) => Array.from(ctx.getImageData(
    Math.round((a + b) / 2 * px), Math.round(r * cs + 2 * px), 1, 1).data).join(',')));
}"""


def grounds(page):
    runs = [r["runs"] for r in clue_ink(page)]
    return runs, page.evaluate(GROUNDS, runs)


@PHONE
def test_tight_row_clues_set_each_number_apart_in_both_themes(page, site_server):
    open_site(page, site_server)
    paste_puzzle(page, dump(puzzle_from_grid([row(y) for y in range(25)], title="Small runs"), "non"))
    title_shown(page, "Small runs")
    for theme in ("light", "dark"):
        if theme == "dark":
            page.click("#theme-toggle")
            page.wait_for_selector("html[data-theme=dark]")
        runs, ground = grounds(page)
        # squeezed: the row clues kept to a third of the board's width (with their usual
        # gaps they would take more)
        share = page.evaluate("""(() => { const w = (s) => document.querySelector(s).getBoundingClientRect().width;
            return [w('#board canvas.row-clues'), w('#board')]; })()""")
        assert share[0] <= share[1] / 3, share
        for r, g in zip(runs, ground):
            assert len(r) > 1 and all(x != y for x, y in zip(g, g[1:])), (theme, r, g)
    # a 20x20 whose row clues keep their usual gap: one ground a row (the cursor's row is tinted)
    open_builtin(page, "webpbn-6")
    _, ground = grounds(page)
    assert all(len(set(g)) == 1 for g in ground), ground
