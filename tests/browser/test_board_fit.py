"""The board fills the space the layout gives it (1280x800): measured from that space, never
from the board open before; clue numbers legible and apart; zoom, Fit and window resizes."""
import pytest

from helpers import open_builtin, open_site, state

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})

MEASURE = """() => {
  const v = window.nonogramApp.view, r = v.root.getBoundingClientRect();
  const g = v.inner.getBoundingClientRect();
  return {cell: v.cell, font: v.font, rowSlot: v.rowSlot, boxW: r.width, boxH: r.height,
          gridW: g.width, gridH: g.height, cols: v.game.puzzle.width, rows: v.game.puzzle.height};
}"""


def fitted(page):
    return page.evaluate(MEASURE)


def fills(page):
    """The board fits its box, and one pixel more per cell would not (it fills the width or the
    height as far as whole-pixel cells allow), unless it is at the comfortable maximum."""
    m = fitted(page)
    assert m["gridW"] <= m["boxW"] and m["gridH"] <= m["boxH"], m
    if m["cell"] < 40:
        page.evaluate("c => window.nonogramApp.view.setZoom(c)", m["cell"] + 1)
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
    assert first["font"] >= 11
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
    assert page.evaluate("const r = window.nonogramApp.view.root; r.scrollTop = r.scrollHeight; r.scrollTop") > 0
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
    page.wait_for_function("c => window.nonogramApp.view.cell < c", arg=fit)
    fills(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("c => window.nonogramApp.view.cell === c", arg=fit)
