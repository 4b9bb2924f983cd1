"""Playing by hand: first visit, mouse, keyboard, undo/redo, autosave, zoom, ARIA."""
import re

import pytest

from helpers import cell_center, cell_words, click_cell, drag, open_builtin, move_cursor, open_site, state, state_at, wait_words

pytestmark = [pytest.mark.browser]


def test_first_visit_mouse_keyboard_undo_redo_then_clues_crossed_out_only_when_pinned(page, site_server, artifacts):
    # 1. the first visit: mouse, keyboard, undo and redo, Clear
    open_site(page, site_server)
    # the first visit opens straight onto a playable puzzle
    assert page.text_content("#puzzle-title") == "Welcome heart"
    assert state(page) == ["?" * 10] * 10

    click_cell(page, 1, 1)                      # left click fills
    click_cell(page, 0, 0, button="right")      # right click crosses
    assert state(page)[1][1] == "#" and state(page)[0][0] == "."
    click_cell(page, 1, 1)                      # clicking a filled cell again clears it
    assert state(page)[1][1] == "?"

    # a drag paints along the line it started in, even when the mouse wanders off it
    drag(page, 0, 3, 6, 4)
    rows = state(page)
    assert rows[3][:7] == "#######" and rows[4] == "?" * 10
    page.click("#undo")
    assert state(page)[3] == "?" * 10            # the whole stroke was one move
    page.click("#redo")
    assert state(page)[3][:7] == "#######"

    # keyboard only: focus the grid, move, fill, cross, clear, paint with Shift
    page.focus(".aria-grid")
    move_cursor(page, 0, 5)
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("x")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("f")
    page.keyboard.press("Backspace")
    assert state(page)[5][:3] == "#.?"
    page.keyboard.press("f")
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert state(page)[5][:5] == "#.###"
    page.keyboard.press("Control+z")
    assert state(page)[5][:5] == "#.##?"
    page.keyboard.press("Control+y")
    assert state(page)[5][:5] == "#.###"

    # Clear is one undoable move
    before = state(page)
    page.click("#clear")
    assert state(page) == ["?" * 10] * 10
    page.click("#undo")
    assert state(page) == before
    page.focus(".aria-grid")
    # the focused cell is announced with its position, state and clues
    label = page.text_content(".aria-cell")
    assert label.startswith("Row 6, column 5: filled.") and "Row clue 8" in label
    assert page.get_attribute(".aria-grid", "role") == "grid"
    assert page.get_attribute(".aria-grid", "aria-rowcount") == "10"
    page.screenshot(path=str(artifacts / "play.png"))
    # 2. clue numbers crossed out only when pinned, on the same heart cleared
    page.click("#clear")
    assert state(page) == ["?" * 10] * 10, "Clear left marks on the board"
    page.wait_for_selector("#engine-status[data-status=ready]", timeout=90_000)
    # row 2 of the heart is "3 3" in ".###..###.": fill the first run only
    for x in (1, 2, 3):
        click_cell(page, x, 1)
    # the board's words for a cell of that row name the clue numbers crossed out
    wait_words(page, 1, 1, r"Row clue 3 3 \(crossed out: 3\)")
    # a run that could be either block is not crossed out: row 4 is "10"; column 1 is "3"
    click_cell(page, 0, 3)
    wait_words(page, 0, 3, r": filled\.")
    page.wait_for_timeout(400)
    assert re.search(r"column clue 3, not satisfied\.$", cell_words(page, 0, 3))  # no "(crossed out: 3)"


def test_library_zoom_and_clues_in_view_then_reload_restores_progress_and_undo_history(page, site_server, artifacts):
    # 1. the library, a 60x60 zoomed in with its clues in view, the dark theme
    open_site(page, site_server)
    page.click("#nav-library")
    cards = page.locator("#library-cards .lib-card")
    assert cards.count() >= 30
    assert "Jan Wolter" in page.text_content("#library-cards")
    page.screenshot(path=str(artifacts / "library.png"), full_page=True)
    open_builtin(page, "webpbn-36459")           # 60x60
    page.click("#zoom-in")
    page.click("#zoom-in")
    # scroll to the bottom right: the clues stay in view (sticky)
    page.evaluate("const b = document.getElementById('board'); b.scrollTop = b.scrollHeight; b.scrollLeft = b.scrollWidth;")
    board = page.locator("#board").bounding_box()
    cols = page.locator("canvas.col-clues").bounding_box()
    rowc = page.locator("canvas.row-clues").bounding_box()
    assert abs(cols["y"] - board["y"]) < 3 and abs(rowc["x"] - board["x"]) < 3
    click_cell(page, 59, 59)
    assert state_at(page, 59, 59) == "#"
    page.click("#theme-toggle")
    assert page.get_attribute("html", "data-theme") == "dark"
    page.screenshot(path=str(artifacts / "large-dark.png"))
    # 2. a colour puzzle's progress and undo history survive a reload
    open_builtin(page, "tulip")
    # multicolour: pick a colour from the palette, then paint
    page.click("#palette button[data-color='3']")
    click_cell(page, 3, 4)
    page.keyboard.press("2")                     # keys 1-9 choose colours too
    click_cell(page, 3, 0, button="left")
    click_cell(page, 0, 0, button="right")
    before = state(page)
    assert before[4][3] == "g" and before[0][3] == "y" and before[0][0] == "."
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    assert page.text_content("#puzzle-title") == "Tulip in a pot"
    assert state(page) == before
    page.click("#undo")                          # the history survived the reload
    assert state(page)[0][0] == "?"
    page.click("#undo")
    assert state(page)[0][3] == "?"
    assert not page.is_disabled("#redo")


@pytest.mark.browser_context_args(viewport={"width": 900, "height": 900}, has_touch=True, is_mobile=True)
def test_touch_toggle_fills_and_crosses(page, site_server):
    # a page of the touch warm context (conftest), not a context of its own (a cold engine start)
    open_site(page, site_server)
    cx, cy = cell_center(page, 2, 2)
    page.touchscreen.tap(cx, cy)
    assert state(page)[2][2] == "#", "a tap in fill mode did not fill"
    page.click("#touch-mode")
    assert page.text_content("#touch-mode") == "Mode: cross"
    cx, cy = cell_center(page, 4, 4)
    page.touchscreen.tap(cx, cy)
    assert state(page)[4][4] == ".", "a tap in cross mode did not cross"
