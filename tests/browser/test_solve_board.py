"""Solve on the board: the cells a running solve knows are drawn over the grid, the
player's own marks stay, and the game clock stops while the solve runs."""
import pytest

from helpers import click_cell, open_builtin, open_site, state, wait_engine, wait_until

pytestmark = [pytest.mark.browser]

SHOWN = "(() => { const v = window.nonogramApp.view; return v.preview ? v.preview.size : 0; })()"


def test_solve_draws_known_cells_and_cancel_keeps_the_players_marks(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-6574")               # Forever: seconds of search in the browser
    click_cell(page, 0, 0, button="right")
    click_cell(page, 24, 24)
    before = state(page)
    page.click("#solve")
    wait_until(page, f"{SHOWN} > 0", 60)             # progress reports: known cells on the board
    shown = page.evaluate(SHOWN)
    assert "solve-preview" in page.get_attribute("#board", "class")   # marked as the solver's view
    assert 0 < shown < 25 * 25
    assert state(page) == before                    # a display layer, not moves
    assert page.evaluate("window.nonogramApp.getGame().undoStack.length") == 2
    elapsed = page.evaluate("window.nonogramApp.getGame().elapsed")
    page.wait_for_timeout(1500)
    solving, now = page.evaluate("""[!document.getElementById('solve-cancel').disabled,
                                     window.nonogramApp.getGame().elapsed]""")
    if solving:                                     # still solving: the clock stood still
        assert now == elapsed
        # forced: the solve may end first, and a click on the disabled button does nothing
        page.click("#solve-cancel", force=True)
    wait_until(page, f"{SHOWN} === 0", 10)          # the layer goes with the solve
    assert "solve-preview" not in page.get_attribute("#board", "class")
    assert state(page) == before
