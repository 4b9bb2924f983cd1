"""The board fills the space the layout gives it (1280x800): measured from that space, never
from the board open before; clue numbers legible and apart; zoom, Fit and window resizes."""
import pytest

from helpers import builtin, cell_center, clue_ink, clues, open_builtin, open_site, paste_puzzle, state, title_shown
from pysolver.nonogram.formats import dump
from pysolver.nonogram.puzzle import puzzle_from_grid

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})

# what the page shows: the board's box, the board in it, the zoom level it prints
MEASURE = """() => {
  const r = document.getElementById('board').getBoundingClientRect();
  const g = document.querySelector('#board .board-grid').getBoundingClientRect();
  const grid = document.querySelector('#board [role=grid]');
  return {cell: parseInt(document.getElementById('zoom-level').textContent), boxW: r.width, boxH: r.height,
          gridW: g.width, gridH: g.height, cols: +grid.getAttribute('aria-colcount'), rows: +grid.getAttribute('aria-rowcount')};
}"""

def numbers_seen(row, gap):
    """How many numbers a row of clues shows: its ink runs, those closer than `gap` pixels
    taken as one number (the digits of "16")."""
    n, last = 0, None
    for a, b in row["runs"]:
        if last is None or a - last > gap:
            n += 1
        last = b
    return n


def fitted(page):
    return page.evaluate(MEASURE)


def fills(page):
    """The board fits its box, and one pixel more per cell would not (it fills the width or the
    height as far as whole-pixel cells allow), unless it is at the comfortable maximum."""
    m = fitted(page)
    assert m["gridW"] <= m["boxW"] and m["gridH"] <= m["boxH"], m
    if m["cell"] < 40:
        while fitted(page)["cell"] <= m["cell"]:  # Zoom + one step (a step is at least a pixel)
            page.click("#zoom-in")
        bigger = fitted(page)
        assert bigger["gridW"] > bigger["boxW"] or bigger["gridH"] > bigger["boxH"], (m, bigger)
        page.click("#zoom-fit")
        assert fitted(page) == m
    return m


# rows whose clues are "20 20", "10 13 10", "2 16" and "1 1 1 1"
WIDE = ["#" * 20 + "." + "#" * 20 + "....",
        "#" * 10 + "." + "#" * 13 + "." + "#" * 10 + "." * 10,
        "##." + "#" * 16 + "." * 26,
        "#.#.#.#" + "." * 38]


def numbers_apart(page):
    """In the row clues' pixels, in every row, the gaps between its numbers' ink are at least
    4 px and wider than any gap between the digits of one number (the numbers read apart).
    Returns how many rows have several numbers."""
    rows, _ = clues(page)
    ink = clue_ink(page)
    assert len(ink) == len(rows)
    several = 0
    for y, (words, row) in enumerate(zip(rows, ink)):
        k = len(words.split())
        runs = sorted(row["runs"])
        gaps = sorted(b[0] - a[1] - 1 for a, b in zip(runs, runs[1:]))
        assert len(runs) >= k, (y, words, runs)
        if k > 1:
            several += 1
            between, within = gaps[len(gaps) - (k - 1):], gaps[:len(gaps) - (k - 1)]
            assert min(between) >= 4, (y, words, runs)
            assert not within or max(within) < min(between), (y, words, runs)
            assert numbers_seen(row, min(between) - 1) == k, (y, words, runs)
    return several


@DESKTOP
def test_fit_clue_numbers_apart_zoom_and_window_resize(page, site_server):
    # 1. the fit depends on the space, not the previous board
    open_site(page, site_server)
    open_builtin(page, "webpbn-6")                # 20x20, opened first
    first = fills(page)
    assert first["cell"] >= 24                     # big, not 12 px with empty space beside it
    # clue digits at least 8 px tall (an 11 px font's)
    assert min(r["height"] for r in clue_ink(page)) >= 8
    open_builtin(page, "webpbn-knotty")            # 40x40
    fills(page)
    open_builtin(page, "webpbn-6")
    assert fitted(page) == first
    open_builtin(page, "welcome-heart")            # 10x10: as large as is comfortable
    heart = fills(page)
    open_builtin(page, "webpbn-36459")             # 60x60
    open_builtin(page, "welcome-heart")
    assert fitted(page) == heart
    # 2. clue numbers stand apart
    open_builtin(page, "webpbn-6")                 # row clues such as "2 16"
    assert numbers_apart(page) >= 10               # most rows have several numbers
    # the tightest case: two of the widest numbers side by side ("20 20")
    paste_puzzle(page, dump(puzzle_from_grid([[1 if c == "#" else 0 for c in r] for r in WIDE],
                                             title="Wide numbers"), "non"))
    title_shown(page, "Wide numbers")
    assert numbers_apart(page) == 4
    # 3. zoom, Fit and a window resize
    open_builtin(page, "webpbn-6")
    fit = fitted(page)["cell"]
    page.click("#zoom-in")
    zoomed = fitted(page)["cell"]
    assert zoomed > fit and page.text_content("#zoom-level") == f"{zoomed}px"
    # scrolled down, the sticky column clues lie over cells: a click on them paints none
    assert page.evaluate("const r = document.getElementById('board'); r.scrollTop = r.scrollHeight; r.scrollTop") > 0
    before = state(page)
    clues = page.locator("canvas.col-clues").bounding_box()
    page.mouse.click(clues["x"] + clues["width"] / 2, clues["y"] + clues["height"] - 3)
    assert state(page) == before
    # another view and back: the player's zoom stays
    page.click("#nav-library")
    page.click("#nav-play")
    assert fitted(page)["cell"] == zoomed
    page.click("#zoom-out")
    page.click("#zoom-out")
    assert fitted(page)["cell"] < zoomed
    page.click("#zoom-fit")
    assert fitted(page)["cell"] == fit
    # a smaller window: the board fits again, then comes back to the same size
    page.set_viewport_size({"width": 1000, "height": 600})
    page.wait_for_function("c => parseInt(document.getElementById('zoom-level').textContent) < c", arg=fit)
    fills(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("c => parseInt(document.getElementById('zoom-level').textContent) === c", arg=fit)


@DESKTOP
def test_a_wide_board_with_two_digit_column_clues_keeps_them_readable(page, site_server):
    """75x50 with column clues such as "40": at the fit's smallest cells (10 px) a two-digit
    number was squeezed into its column until it could not be read. The fit stops where it
    reads, and the board scrolls sideways instead, its right edge fading."""
    grid = [[1 if (x % 3 == 0 and 5 <= y < 45) or (x + y) % 7 == 0 else 0 for x in range(75)] for y in range(50)]
    p = puzzle_from_grid(grid, title="Wide and tall")
    assert max(b[0] for c in p.cols for b in c) >= 10
    open_site(page, site_server)
    paste_puzzle(page, dump(p, "non"))
    title_shown(page, "Wide and tall")
    m = fitted(page)
    assert m["cell"] >= 12, m                                   # not the fit's 10 px floor
    assert m["gridW"] > m["boxW"], m                            # so it scrolls sideways
    assert page.evaluate("document.getElementById('board').classList.contains('more-right')")
    # a board of one-digit column clues still fits as small as before
    single = [[1 if x % 25 < y % 9 else 0 for x in range(75)] for y in range(50)]
    paste_puzzle(page, dump(puzzle_from_grid(single, title="Small numbers"), "non"))
    title_shown(page, "Small numbers")
    small = fitted(page)
    assert small["cell"] < m["cell"] and small["gridW"] <= small["boxW"], small


@DESKTOP
def test_a_mouse_stroke_held_past_the_edge_of_a_zoomed_board_scrolls_it(page, site_server):
    """Zoomed in, a 20x20 goes on past its box; a stroke dragged to the box's right edge
    stopped at the last cell shown. Now the board scrolls while the pointer is held there, and
    the stroke takes the cells that come under it: the whole row, to the last column."""
    open_site(page, site_server)
    open_builtin(page, "webpbn-6")
    for _ in range(3):
        page.click("#zoom-in")
    board = page.locator("#board")
    assert board.evaluate("b => b.scrollWidth > b.clientWidth + 100")
    x, y = cell_center(page, 0, 5)
    box = board.bounding_box()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] - 30, y, steps=5)
    page.mouse.move(box["x"] + box["width"] + 20, y, steps=2)   # held past the edge
    page.wait_for_function("""() => { const b = document.getElementById('board');
        return b.scrollLeft >= b.scrollWidth - b.clientWidth - 1; }""", timeout=20_000)
    page.mouse.up()
    assert state(page)[5] == "#" * 20
    assert set("".join(state(page)[:5] + state(page)[6:])) == {"?"}   # the stroke kept to its row
