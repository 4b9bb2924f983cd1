"""Solve on the board: the cells a running solve knows are drawn over the grid, the
player's own marks stay, and the game clock stops while the solve runs."""
import pytest

from helpers import board_pixels, click_cell, open_builtin, open_site, state, wait_engine, wait_until

pytestmark = [pytest.mark.browser]

# the Solve panel's progress: "Solving… 37% of the cells known (...)"
KNOWN = ("(() => { const m = /Solving… (\\d+)% of the cells known/.exec("
         "document.getElementById('solve-progress').textContent); return m ? +m[1] : 0; })()")


def test_solve_draws_known_cells_and_cancel_keeps_the_players_marks(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-6574")               # Forever: seconds of search in the browser
    click_cell(page, 0, 0, button="right")
    click_cell(page, 24, 24)
    before, drawn = state(page), board_pixels(page)
    # pysolver alone: its progress reports say which cells it knows; in the automatic race
    # clingo may answer first, and its reports carry models only (the race failed this once)
    page.wait_for_selector("#solve-engine option[value='pysolver']", state="attached")
    page.select_option("#solve-engine", "pysolver")
    page.click("#solve")
    wait_until(page, f"{KNOWN} > 0", 60)             # progress reports: known cells on the board
    shown = page.evaluate(KNOWN)
    assert "solve-preview" in page.get_attribute("#board", "class")   # marked as the solver's view
    assert 0 < shown < 100
    assert board_pixels(page) != drawn              # drawn over the grid ...
    assert state(page) == before                    # ... a display layer, not moves
    clock = page.text_content("#timer")
    page.wait_for_timeout(1500)
    solving, now = page.evaluate("""[!document.getElementById('solve-cancel').disabled,
                                     document.getElementById('timer').textContent]""")
    if solving:                                     # still solving: the clock stood still
        assert now == clock
        # forced: the solve may end first, and a click on the disabled button does nothing
        page.click("#solve-cancel", force=True)
    page.wait_for_function("() => !document.querySelector('#board').classList.contains('solve-preview')",
                           timeout=10_000)           # the layer goes with the solve
    assert board_pixels(page) == drawn
    assert state(page) == before
    # the player's two moves are the game's history, and only they
    page.click("#undo")
    page.click("#undo")
    assert set("".join(state(page))) == {"?"} and page.is_disabled("#undo")


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
def test_on_a_phone_the_sheet_folds_while_a_solve_runs(page, site_server):
    """The unfolded Solve sheet hid most of a 40×40 while the solver drew its known cells:
    it folds for the run (its status says how to cancel) and shows the verdict at the end."""
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-knotty")              # minutes of search: the run lasts
    page.click("#solve-panel-tab")
    page.wait_for_selector("#solve-engine option[value='pysolver']", state="attached")
    page.select_option("#solve-engine", "pysolver")
    page.click("#solve")
    wait_until(page, f"{KNOWN} > 0", 60)             # known cells on the board
    assert page.is_hidden("#solve") and "collapsed" in page.get_attribute("#play-sheet", "class")
    assert page.text_content("#view-play .side > .status") == "Solving… (open Solve to cancel)"
    sheet = page.locator("#play-sheet").bounding_box()
    assert sheet["height"] < 0.12 * 844                 # one row of buttons and the status line
    page.click("#solve-panel-tab")                   # its progress and Cancel, one tap away
    assert page.is_visible("#solve-cancel") and page.text_content("#solve-progress").startswith("Solving…")
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Cancelled")   # restarting where not isolated
    # a run that ends while folded unfolds on its verdict
    open_builtin(page, "welcome-heart")              # the sheet as the player left it: on Solve
    page.wait_for_selector("#solve:not([disabled])")
    page.click("#solve")
    page.wait_for_selector("#solve-result figure")
    assert page.is_visible("#solve-progress") and page.text_content("#solve-progress").startswith("Result")
    assert "collapsed" not in page.get_attribute("#play-sheet", "class")
