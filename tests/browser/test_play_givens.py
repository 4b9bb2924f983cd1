"""Given cells in Play (shown with the puzzle, fixed): drawn apart from the player's
own marks of the same value, announced to assistive tech, and a move that tries to
change one says why it did not; all of it after a reload too."""
import base64
import json
import time
import zlib

import pytest

from pictures import DANCER, bw, colour
from pysolver.nonogram.formats import jsonfmt

from helpers import (cell_center, cell_pixels, click_cell, drag, move_cursor, open_site, paste_puzzle, state,
                     title_shown, wait_engine, wait_until)

pytestmark = [pytest.mark.browser]

STATUS = "document.getElementById('status').textContent"


def share_url(server, dict_):
    """The share link of a puzzle dict, as js/shell/share.js writes it (deflate-raw, base64url)."""
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = z.compress(json.dumps(dict_).encode()) + z.flush()
    return server.url + "#p=" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def open_link(page, server, dict_):
    open_site(page, server, share_url(server, dict_)[len(server.url):])
    wait_engine(page)
    wait_until(page, "location.hash === '#/play'", 90)
    title_shown(page, dict_["title"], timeout=90_000)


def pixels(page, x, y):
    """The inside of cell (x, y) on the board's canvas (grid lines left out), once drawn."""
    return cell_pixels(page, x, y)


def park_cursor(page, x, y):
    """Move the cursor (and its row/column tint) away from the cells compared."""
    move_cursor(page, x, y)


# The board as drawn the moment the page says a move was refused: the outline is drawn in the
# frame after the refusal (and taken away 900 ms later), so it is caught in that frame.
CATCH_REFUSAL = """([x, y]) => new Promise((done) => {
  const status = document.getElementById('status');
  const seen = new MutationObserver(() => {
    if (!/was given with the puzzle/.test(status.textContent)) return;
    seen.disconnect();
    requestAnimationFrame(() => {  // after the board's own frame, which draws the outline
      const c = document.querySelector('#board canvas.cells'), r = c.getBoundingClientRect();
      const W = +document.querySelector('#board [role=grid]').getAttribute('aria-colcount');
      const cs = (r.width - 1) / W, d = c.width / r.width;
      done(Array.from(c.getContext('2d').getImageData(Math.round(x * cs * d), Math.round(y * cs * d),
        Math.round((cs + 1) * d), Math.round((cs + 1) * d)).data).join(','));
    });
  });
  seen.observe(status, { childList: true, characterData: true, subtree: true });
})"""


def aria(page, x, y):
    park_cursor(page, x, y)
    return page.text_content(".aria-cell"), page.get_attribute(".aria-cell", "aria-readonly")


def test_given_colour_cells_look_given_then_given_cells_look_given_and_stay_fixed(page, site_server):
    # 1. a colour puzzle's given cell (its link opened with the page)
    d = jsonfmt.to_dict(colour(["rrb", "r.b", "bb."], title="Colours with a given"))
    d["givens"] = [{"row": 1, "column": 1, "value": "r"}]
    open_link(page, site_server, d)
    assert state(page)[0] == "r??"
    page.click("#palette button[data-color='1']")   # red
    click_cell(page, 1, 0)
    click_cell(page, 0, 1)
    assert state(page)[:2] == ["rr?", "r??"]
    park_cursor(page, 2, 2)
    assert pixels(page, 1, 0) == pixels(page, 0, 1)
    assert pixels(page, 0, 0) != pixels(page, 1, 0), "a given red cell looks like a red one"
    # the given cell still reads as red: most of it is the colour
    red = page.evaluate("""() => new Promise((done) => requestAnimationFrame(() => {
        const c = document.querySelector('#board canvas.cells'), r = c.getBoundingClientRect();
        const W = +document.querySelector('#board [role=grid]').getAttribute('aria-colcount');
        const cs = (r.width - 1) / W, d = c.width / r.width;
        done(Array.from(c.getContext('2d').getImageData(Math.round(cs * 0.7 * d), Math.round(cs * 0.7 * d), 1, 1).data));
    }))""")
    assert red[:3] == [255, 0, 0]
    x, y = cell_center(page, 0, 0)
    page.mouse.click(x, y)
    wait_until(page, f"{STATUS} === 'Row 1, column 1 was given with the puzzle: it stays as it is.'", 10)
    assert state(page)[0] == "rr?"
    # 2. a black-and-white puzzle's given cells (its link opened in the same tab), after a reload too
    d = jsonfmt.to_dict(bw(DANCER, title="Dancer with givens"))
    # row 1 of the dancer is ".##..": column 1 given empty, column 2 given filled
    d["givens"] = [{"row": 1, "column": 1, "value": "."}, {"row": 1, "column": 2, "value": "#"}]
    open_link(page, site_server, d)
    assert state(page)[0][:2] == ".#"
    # the player's own marks of the same values: row 2 is ".##.#"
    click_cell(page, 0, 1, "right")
    click_cell(page, 1, 1)
    click_cell(page, 2, 1)
    click_cell(page, 3, 1, "right")
    assert state(page)[1][:4] == ".##."

    def compare():
        park_cursor(page, 4, 9)
        # two cells the player filled look alike (the comparison sees the value, not the place) ...
        assert pixels(page, 1, 1) == pixels(page, 2, 1)
        assert pixels(page, 0, 1) == pixels(page, 3, 1)
        # ... and a given cell looks different from a player's cell of the same value
        assert pixels(page, 1, 0) != pixels(page, 1, 1), "a given filled cell looks like a filled one"
        assert pixels(page, 0, 0) != pixels(page, 0, 1), "a given empty cell looks like a crossed one"
        text, readonly = aria(page, 1, 0)
        assert text.startswith("Row 1, column 2: filled (given with the puzzle: fixed).") and readonly == "true"
        text, readonly = aria(page, 0, 0)
        assert text.startswith("Row 1, column 1: crossed (given with the puzzle: fixed).") and readonly == "true"
        text, readonly = aria(page, 1, 1)
        assert text.startswith("Row 2, column 2: filled.") and readonly == "false"

    compare()
    # a click on a given cell changes nothing and says why, and the cell is outlined a moment
    park_cursor(page, 1, 0)                        # where the click leaves it
    calm = cell_pixels(page, 1, 0, inset=0)
    page.evaluate("(a) => { window.__caught = (%s)(a); }" % CATCH_REFUSAL, [1, 0])
    click_cell(page, 1, 0)
    outlined = page.evaluate("window.__caught")
    assert state(page)[0][:2] == ".#"
    wait_until(page, f"{STATUS} === 'Row 1, column 2 was given with the puzzle: it stays as it is.'", 10)
    assert outlined != calm, "the refused cell is not outlined"
    assert page.is_disabled("#undo") is False  # the player's marks are still undoable
    # the keyboard too
    page.focus(".aria-grid")
    park_cursor(page, 0, 0)
    page.keyboard.press("Space")
    assert state(page)[0][:2] == ".#"
    wait_until(page, f"{STATUS} === 'Row 1, column 1 was given with the puzzle: it stays as it is.'", 10)
    # a drag that clears crosses clears the player's, and leaves the given one
    click_cell(page, 3, 0, "right")
    click_cell(page, 4, 0, "right")
    drag(page, 0, 0, 4, 0, "right")
    assert state(page)[0] == ".#???"
    # the outline of a refused cell goes away by itself
    park_cursor(page, 1, 0)
    end = time.monotonic() + 10
    while cell_pixels(page, 1, 0, inset=0) != calm:
        assert time.monotonic() < end, "the outline stays"
        page.wait_for_timeout(100)

    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    title_shown(page, "Dancer with givens")
    assert state(page)[0][:2] == ".#" and state(page)[1][:4] == ".##."
    compare()


def test_a_file_whose_given_cell_does_not_fit_is_refused_saying_where(page, site_server):
    # the page read the givens itself and dropped what did not fit: the puzzle opened without
    # its shown cell, another puzzle (this one has two solutions without it)
    open_site(page, site_server)
    wait_engine(page)
    text = 'title "Two ways"\nwidth 2\nheight 2\ngoal "1001"\ngivens [{"row": 3, "column": 1}]\n'
    paste_puzzle(page, text)
    page.wait_for_function("document.getElementById('open-error').textContent.length > 0", timeout=90_000)
    assert ("line 5: givens[0]: row 3, column 1 is outside the 2x2 grid"
            in page.text_content("#open-error"))
    paste_puzzle(page, text.replace('"row": 3', '"row": 2'))   # the engine's read gives it to Play
    title_shown(page, "Two ways", timeout=90_000)
    assert state(page) == ["??", ".?"]   # row 2 of the goal is ".#"


def test_the_help_under_the_panels_speaks_of_given_cells_only_when_there_are_some(page, site_server):
    """The help said "Cells with a notch in their corner were given with the puzzle" under every
    nonogram, a new player looking for notches that were not there; and "1-9 pick a colour"
    under black and white ones."""
    help_text = "document.querySelector('#view-play p.help').textContent"
    d = jsonfmt.to_dict(bw(DANCER, title="Dancer"))
    open_link(page, site_server, d)
    words = page.evaluate(help_text)
    assert "undo and redo" in words and "notch" not in words, words
    assert "pick a colour" not in words   # black and white: no colour keys either
    d = jsonfmt.to_dict(bw(DANCER, title="Dancer with a given cell"))
    d["givens"] = [{"row": 1, "column": 1, "value": "."}]
    open_link(page, site_server, d)
    assert "Cells with a notch in their corner were given with the puzzle" in page.evaluate(help_text)
    open_link(page, site_server, jsonfmt.to_dict(colour(["rrb", "r.b", "bb."], title="Two colours")))
    assert "1–9 pick a colour" in page.evaluate(help_text)   # the colour keys, where there are colours
