"""The board fills the space the layout gives it (1280x800): measured from that space, never
from the board open before; clue numbers legible and apart; zoom, Fit and window resizes."""
import pytest

from helpers import builtin, open_builtin, open_site, state

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})

# what the page shows: the board's box, the board in it, the zoom level it prints
MEASURE = """() => {
  const r = document.getElementById('board').getBoundingClientRect();
  const g = document.querySelector('#board .board-grid').getBoundingClientRect();
  const grid = document.querySelector('#board [role=grid]');
  return {cell: parseInt(document.getElementById('zoom-level').textContent), boxW: r.width, boxH: r.height,
          gridW: g.width, gridH: g.height, cols: +grid.getAttribute('aria-colcount'), rows: +grid.getAttribute('aria-rowcount')};
}"""

# the row clues' pixels: per row of cells, the runs of columns with ink, and the ink's height
CLUE_INK = """async () => {
  await new Promise(requestAnimationFrame);
  const c = document.querySelector('#board canvas.row-clues'), ctx = c.getContext('2d');
  const rows = +document.querySelector('#board [role=grid]').getAttribute('aria-rowcount');
  const cs = c.height / rows, { data } = ctx.getImageData(0, 0, c.width, c.height);
  const lum = (x, y) => { const i = 4 * (y * c.width + x); return data[i] + data[i + 1] + data[i + 2]; };
  const out = [];
  for (let r = 0; r < rows; r++) {
    const y0 = Math.round(r * cs) + 2, y1 = Math.round((r + 1) * cs) - 2, ground = lum(1, y0 + 1);
    const ink = (x, y) => Math.abs(lum(x, y) - ground) > 200;
    const runs = [];
    let top = y1, bottom = y0;
    for (let x = 0; x < c.width; x++) {
      let any = false;
      for (let y = y0; y < y1; y++) if (ink(x, y)) { any = true; top = Math.min(top, y); bottom = Math.max(bottom, y); }
      if (!any) continue;
      if (runs.length && runs[runs.length - 1][1] === x - 1) runs[runs.length - 1][1] = x; else runs.push([x, x]);
    }
    out.push({ runs, height: bottom >= top ? bottom - top + 1 : 0 });
  }
  return out;
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


@DESKTOP
def test_fit_depends_on_the_space_not_the_previous_board(page, site_server):
    open_site(page, site_server)
    open_builtin(page, "webpbn-6")                # 20x20, opened first
    first = fills(page)
    assert first["cell"] >= 24                     # big, not 12 px with empty space beside it
    # clue digits at least 8 px tall (an 11 px font's)
    assert min(r["height"] for r in page.evaluate(CLUE_INK)) >= 8
    open_builtin(page, "webpbn-knotty")            # 40x40
    fills(page)
    open_builtin(page, "webpbn-6")
    assert fitted(page) == first
    open_builtin(page, "welcome-heart")            # 10x10: as large as is comfortable
    heart = fills(page)
    open_builtin(page, "webpbn-36459")             # 60x60
    open_builtin(page, "welcome-heart")
    assert fitted(page) == heart


@DESKTOP
def test_clue_numbers_stand_apart(page, site_server):
    open_site(page, site_server)
    open_builtin(page, "webpbn-6")                 # row clues such as "2 16"
    # the widest row-clue number, measured in the board's own font, leaves a gap to the next
    # (still the painter's own measure: a pixel reading of the clue canvas is not done yet)
    gap = page.evaluate("""() => {
      const v = window.nonogramApp.view, c = document.createElement('canvas').getContext('2d');
      c.font = `${v.weight} ${v.font}px system-ui, sans-serif`;
      const widest = Math.max(...v.game.puzzle.rows.flat().map(b => c.measureText(String(b.n)).width));
      return v.rowSlot - widest;
    }""")
    assert gap >= 4


@DESKTOP
def test_zoom_fit_and_window_resize(page, site_server):
    open_site(page, site_server)
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
