"""Nurikabe, Heyawake, Masyu and Bag played on a phone (390x844, touch) as a player does:
a finger draws and taps, the sheet's buttons are tapped, and what the board and the
panels then say is what is asserted."""
import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT
from helpers import open_builtin, open_site, wait_engine, wait_words
from test_board_touch import Fingers
from test_nikoli_play import centre, outlined

from pysolver.nikoli import aspsolve, read

pytest.importorskip("clingo")

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True)


def outlines(page, timeout=30.0):
    """The cells outlined in the hint's colour, once the board shows any (it paints the hint
    a frame or more after its words)."""
    end = time.monotonic() + timeout
    while not (found := outlined(page, "--hint-mark")) and time.monotonic() < end:
        page.wait_for_timeout(100)
    return found


@PHONE
def test_a_masyu_hint_outlines_the_wrong_lines_drawn_and_no_empty_side(page, site_server):
    """A line drawn along the top row of the built-in 7x7 and turning down: its three
    segments along the row are wrong. The hint counted and outlined a fourth "mark", the
    empty side past the turn (row 1, columns 4 to 5), which the player never touched; on a
    20x20 it said "The 16 wrong marks" of a line of 7 segments."""
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "masyu-7x7-1")
    fingers = Fingers(page)
    fingers.drag(centre(page, 0, 0), centre(page, 3, 0))
    wait_words(page, 3, 0, ": line to the west")
    fingers.drag(centre(page, 3, 2), centre(page, 3, 0))       # from an empty cell: it draws
    wait_words(page, 3, 0, ": line to the south and west")
    page.click("#hint-panel-tab")
    page.click("#hint")
    hint_text = page.locator("#hint-text")
    expect(hint_text).to_have_text("There is a mistake: some of your marks are wrong.", timeout=ENGINE_TIMEOUT)
    page.get_by_role("button", name="Hint: show where").click()
    expect(hint_text).to_contain_text("These 3 marks ")
    expect(hint_text).to_contain_text(". They are outlined on the board.")
    assert outlines(page) == {(0, 0), (1, 0), (2, 0), (3, 0)}
    page.get_by_role("button", name="Hint: clear the wrong marks").click()
    expect(hint_text).to_have_text("Cleared 3 wrong marks (Undo brings them back).")
    wait_words(page, 3, 0, ": line to the south.")


# the cell under the keyboard cursor (where a hint puts it) on screen: inside the board's box,
# and clear of the fade at its right and bottom edges while there is more board past them
CURSOR_SHOWN = """() => {
  const g = [...document.querySelectorAll('[role=grid][aria-colcount]')].find((e) => e.getClientRects().length);
  const c = document.getElementById(g.getAttribute('aria-activedescendant')).getBoundingClientRect();
  const box = document.getElementById('board'), b = box.getBoundingClientRect(), fade = 28;
  const right = b.right - (box.classList.contains('more-right') ? fade : 0);
  const bottom = Math.min(b.bottom - (box.classList.contains('more-below') ? fade : 0),
                          document.getElementById('play-sheet').getBoundingClientRect().top);
  return c.left >= b.left && c.top >= b.top && c.right <= right + 1 && c.bottom <= bottom + 1; }"""


def solved_builtin(name):
    """(grid, the rows of its solution) of a built-in Nikoli puzzle, by clingo."""
    index = json.loads((Path(__file__).parents[2] / "web/puzzles/nikoli/index.json").read_text())["puzzles"]
    grid = read.parse(next(p["url"] for p in index if p["file"] == f"{name}.txt"), "url")
    return grid, aspsolve.solve(grid, 1)["solutions"][0]


@PHONE
def test_a_hint_shows_a_wrong_mark_in_a_corner_of_a_board_that_pans(page, site_server):
    """A 20x20 zoomed in on a phone pans, and the wrong mark near its bottom right corner the
    hint outlines was scrolled to the box's very edge, under the fade that says more board lies
    past it: a faint corner."""
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "nurikabe-20x20-1")
    grid, rows = solved_builtin("nurikabe-20x20-1")
    wrong = next((x, y) for y in range(19, -1, -1) for x in range(18, -1, -1)
                 if rows[y][x] == "." and (x, y) not in grid.clues)
    assert wrong[1] >= 18                      # the premise: a cell of the last rows, not the last column
    page.touchscreen.tap(*centre(page, *wrong))
    wait_words(page, *wrong, ": shaded")
    # the board pans: zoomed in from the menu (the hint's sheet, once its words were shorter,
    # left the 20x20 room to stay whole at 18 px)
    page.tap("#more")
    page.tap("#zoom-in")
    page.tap("#more")
    page.click("#hint-panel-tab")
    page.click("#hint")
    hint_text = page.locator("#hint-text")
    expect(hint_text).to_have_text("There is a mistake: some of your marks are wrong.", timeout=ENGINE_TIMEOUT)
    page.get_by_role("button", name="Hint: show where").click()
    expect(hint_text).to_contain_text(f"Your mark at row {wrong[1] + 1} column {wrong[0] + 1} is wrong")
    page.wait_for_function(CURSOR_SHOWN)
    assert page.evaluate("(() => { const b = document.getElementById('board'); return b.scrollWidth > b.clientWidth; })()")  # it pans


@PHONE
def test_check_and_hint_agree_on_a_wrong_mark_that_breaks_no_rule(page, site_server):
    """A cell of an island shaded on the 20x20: it breaks no rule yet. Check said "No rule is
    broken so far." and Hint, pressed next, called the mark wrong "under the rules:" and five
    more of them (all eight on some boards): a player read a contradiction, and the phone's hint
    sheet scrolled. Check now says a mark may keep the rules and still be wrong, and the hint
    that none is broken yet, in a sheet that does not scroll."""
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "nurikabe-20x20-1")
    grid, rows = solved_builtin("nurikabe-20x20-1")
    wrong = next((x, y) for y in range(20) for x in range(20) if rows[y][x] == "." and (x, y) not in grid.clues)
    page.click("#check-panel-tab")
    page.locator("#check-panel").get_by_label("Check").select_option("Broken rules")
    page.touchscreen.tap(*centre(page, *wrong))
    wait_words(page, *wrong, ": shaded")
    check_text = page.locator("#check-text")
    expect(check_text).to_have_text("No rule is broken so far. A mark can keep every rule and still be wrong: "
                                    "Hint says when one is.", timeout=ENGINE_TIMEOUT)
    page.click("#hint-panel-tab")
    page.click("#hint")
    hint_text = page.locator("#hint-text")
    expect(hint_text).to_have_text("There is a mistake: some of your marks are wrong.", timeout=ENGINE_TIMEOUT)
    page.get_by_role("button", name="Hint: show where").click()
    expect(hint_text).to_contain_text(f"Your mark at row {wrong[1] + 1} column {wrong[0] + 1} is wrong: "
                                      "it breaks no rule yet, but ")
    assert "rules:" not in hint_text.text_content()        # no list of rules: How to play has them
    assert page.evaluate("(() => { const p = document.querySelector('#play-sheet .sheet-panels');"
                         " return p.scrollHeight <= p.clientHeight; })()"), "the hint sheet scrolls"


@PHONE
def test_undo_after_a_win_takes_back_the_solved_line(page, site_server):
    """Won by taps, then Undo: the game goes on, but the status line kept saying "Solved in
    0:03! Every rule is kept." (after Solve's "Show in grid", "Solved by the solver.") while
    the player went on marking."""
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "heyawake-7x7-1")
    _, rows = solved_builtin("heyawake-7x7-1")
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                page.touchscreen.tap(*centre(page, x, y))
    page.locator("#win-card").wait_for(timeout=ENGINE_TIMEOUT)
    status = page.locator("#status")
    expect(status).to_contain_text("Every rule is kept.")
    page.click("#win-close")
    page.click("#undo")
    expect(status).to_have_text("")
    expect(page.locator("#win-card")).to_be_hidden()


# the pixels of the board's cells in a hint's colour (its outlines, the keyboard cursor's frame),
# counted in the frame after the next paint
HINT_PIXELS = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const probe = document.createElement('canvas').getContext('2d');
  probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--hint-mark').trim();
  probe.fillRect(0, 0, 1, 1);
  const want = probe.getImageData(0, 0, 1, 1).data, c = document.querySelector('#board canvas.cells');
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let k = 0; k < data.length; k += 4)
    if (Math.abs(data[k] - want[0]) + Math.abs(data[k + 1] - want[1]) + Math.abs(data[k + 2] - want[2]) < 60) n++;
  done(n);
})))"""


# the outline of the cell under the keyboard cursor (the board's focus ring on its ARIA cell)
CURSOR_OUTLINE = """() => { const g = document.querySelector('#board [role=grid][aria-colcount]');
  return getComputedStyle(document.getElementById(g.getAttribute('aria-activedescendant'))).outlineStyle; }"""


def frame_while(page, shown, timeout=30.0):
    """Wait until the cursor's frame shows (`shown`: the cursor cell's outline, and pixels of
    a hint's colour painted) or none does; [outline style, pixels]."""
    end = time.monotonic() + timeout
    while True:
        outline, pixels = page.evaluate(CURSOR_OUTLINE), page.evaluate(HINT_PIXELS)
        if (outline != "none", pixels > 0) == (shown, shown) or time.monotonic() > end:
            return [outline, pixels]
        page.wait_for_timeout(100)


@PHONE
def test_a_finger_leaves_no_cursor_frame_in_a_hints_colour(page, site_server):
    """The keyboard cursor's frame, orange as a hint's outline, sat on the cell opened on and
    followed every tap on a phone: a player without keys took it for a hint. Keys still bring
    it (a phone with a keyboard), and the next tap takes it away."""
    open_site(page, site_server)
    open_builtin(page, "nurikabe-7x7-1")
    page.touchscreen.tap(*centre(page, 1, 0))
    wait_words(page, 1, 0, ": shaded")
    assert frame_while(page, False) == ["none", 0]     # a finger: no frame
    page.keyboard.press("ArrowRight")                 # keys: the frame shows where they act
    outline, pixels = frame_while(page, True)
    assert outline != "none" and pixels > 0
    page.touchscreen.tap(*centre(page, 3, 0))
    wait_words(page, 3, 0, ": shaded")
    page.touchscreen.tap(*centre(page, 3, 0))         # the same again clears: no fill over a frame
    wait_words(page, 3, 0, ": unknown")
    assert frame_while(page, False) == ["none", 0]


@PHONE
def test_a_new_puzzles_long_title_is_shown_whole(page, site_server):
    """"Expert Heyawake 7×7 #876366276" headed the phone's board as "Expert Heyawake 7×7
    #87636…": the title did not wrap, and lost the number that tells the puzzle apart."""
    open_site(page, site_server)
    wait_engine(page)
    page.click("#nav-library")
    page.select_option("#np-genre", "heyawake")
    page.select_option("#np-size", "7")
    page.select_option("#np-level", "expert")
    page.click("#np-make")
    title = page.locator("#view-play h2:visible")
    expect(title).to_have_text(re.compile(r"^Expert Heyawake 7×7 #\d+$"), timeout=ENGINE_TIMEOUT)
    assert title.evaluate("(h) => h.scrollWidth <= h.clientWidth")
    box = title.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
