"""An author's mistakes in Create, and what the page says to them: checking, sharing or playing a
blank grid, a size beyond the limits, removing a colour the picture uses."""
import re

import pytest
from playwright.sync_api import expect

from helpers import click_cell, current_view, drag, editor_board, editor_picture
from test_editor import mark_of, new_puzzle, open_editor, run_check, set_picture, wait_clues

pytestmark = [pytest.mark.browser]


def test_checking_a_blank_grid_says_to_paint_first(page, site_server):
    """A blank grid was "Unique: exactly one solution", ✓, one star, "about 3 minutes": every
    clue 0 is unique, but no puzzle an author means to share."""
    open_editor(page, site_server)
    new_puzzle(page, 10, 10)
    page.click("#ed-check-run")
    result = page.locator("#ed-check-result")
    expect(result).to_have_text("The picture is empty: paint some cells, then check it.")
    expect(page.locator("#ed-verdict")).to_have_count(0)            # no ✓, no stars
    expect(page.locator("#ed-check-run")).to_be_enabled()
    click_cell(page, 4, 4)                                            # one cell: a real check again
    wait_clues(page)
    assert run_check(page) == "unique"
    assert mark_of(page, "#ed-verdict") == "✓"


def test_a_size_beyond_the_limits_is_said(page, site_server):
    """250 columns made a 200-column puzzle and 0 rows a 1-row one, the status only naming the
    size made: the author never learnt why or what the limits are."""
    open_editor(page, site_server)
    status = page.locator("#ed-status")
    page.fill("#ed-width", "250")
    page.fill("#ed-height", "3")
    page.click("#ed-new")
    editor_board(page, 200, 3)
    expect(status).to_have_text("New 200×3 Nonogram puzzle (Undo brings the old one back). Columns and rows go from 1 to 200.")
    page.fill("#ed-width", "4")
    page.fill("#ed-height", "0")
    page.click("#ed-resize")
    editor_board(page, 4, 1)
    expect(status).to_have_text("Columns and rows go from 1 to 200.")
    new_puzzle(page, 5, 5)                                            # within the limits: nothing more said
    expect(status).to_have_text("New 5×5 Nonogram puzzle (Undo brings the old one back).")


def test_a_blank_grid_is_not_shared_or_played(page, site_server):
    """Share link and Play this puzzle of a blank grid made a puzzle of 0 clues: a board with
    nothing to do, sent to a friend or opened in Play, that never says it is solved."""
    open_editor(page, site_server)
    new_puzzle(page, 5, 5)
    status = page.locator("#ed-status")
    page.click("#ed-share")
    expect(status).to_have_text("Share: the picture is empty: paint some cells first")
    assert page.input_value("#ed-share-url") == ""
    page.click("#ed-play")
    expect(status).to_have_text("Play: the picture is empty: paint some cells first")
    assert current_view(page) == "editor"
    click_cell(page, 2, 2)
    wait_clues(page)
    page.click("#ed-share")
    expect(page.locator("#ed-share-url")).to_have_value(re.compile(r"#p="))


def test_removing_a_colour_in_use_says_what_became_of_its_cells(page, site_server):
    """✕ on a colour the picture uses turned its cells to background with the status line silent:
    cells gone from the picture with no word of it or of Undo."""
    open_editor(page, site_server)
    set_picture(page, ["##..", "....", "...."])
    page.click("#ed-add-colour")                                      # the new colour is the one painted
    drag(page, 0, 1, 2, 1)
    wait_clues(page)
    assert editor_picture(page) == ["##..", "222.", "...."]
    status = page.locator("#ed-status")
    page.locator("#ed-palette .ed-remove").nth(1).click()
    expect(status).to_have_text(re.compile(r"^Removed .+: its 3 cells are background now \(Undo brings them back\)\.$"))
    wait_clues(page)
    assert editor_picture(page) == ["##..", "....", "...."]
    page.click("#ed-undo")
    wait_clues(page)
    assert editor_picture(page) == ["##..", "222.", "...."]


# the row clues' canvas, the band of row `row`: how many of its pixels are dark (all channels under 80)
DARK_INK = """async (row) => { await new Promise(requestAnimationFrame);
    const c = document.querySelector('#ed-grid canvas.row-clues'), ctx = c.getContext('2d');
    const rows = +document.querySelector('#ed-grid [role=grid]').getAttribute('aria-rowcount'), h = c.height / rows;
    const { data } = ctx.getImageData(0, Math.round(row * h), c.width, Math.round(h));
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 80 && data[i + 1] < 80 && data[i + 2] < 80) n++;
    return n; }"""


def test_a_bright_colour_gets_dark_clue_numbers(page, site_server):
    """A colour changed to pure green with its picker had its clue numbers in white on it (1.4:1),
    unreadable; teal, a colour Add colour offers, white at 3:1."""
    open_editor(page, site_server)
    set_picture(page, ["###.", "....", "#..."])
    page.click("#ed-add-colour")                                      # a second colour, painted in row 2
    drag(page, 0, 1, 2, 1)
    wait_clues(page)
    assert page.evaluate(DARK_INK, 1) == 0                            # its "3" in white on red
    picker = page.locator("#ed-palette input[type=color]").nth(1)
    picker.evaluate("""(e) => { e.value = '#00ff00';
        e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); }""")
    expect(page.locator("#ed-palette .ed-swatch[data-color='2']")).to_have_css("background-color", "rgb(0, 255, 0)")
    wait_clues(page)
    assert page.evaluate(DARK_INK, 1) > 0                             # now in black on the green
