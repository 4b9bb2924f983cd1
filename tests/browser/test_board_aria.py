"""Keyboard and screen readers: opening a puzzle puts focus on the grid; the grid follows the
ARIA grid pattern with a distinct active cell per position; each move is announced with the
row, column, state, the clues (crossed-out numbers included) and whether they are satisfied."""
from helpers import open_builtin, open_site, wait_engine, wait_words

LIVE = "document.querySelector('.board-live').textContent"


def active(page):
    return page.evaluate("""() => {
      const g = document.querySelector('.aria-grid');
      const c = document.getElementById(g.getAttribute('aria-activedescendant'));
      return {id: c.id, role: c.getAttribute('role'), col: c.getAttribute('aria-colindex'),
              row: c.parentElement.getAttribute('aria-rowindex'), rowRole: c.parentElement.getAttribute('role'),
              label: c.textContent};
    }""")


def keys(page, *names):
    for name in names:
        page.keyboard.press(name)


def test_announcements_of_the_heart_then_focus_on_open_and_moves_announced(page, site_server):
    # 1. the focus on the grid when the site opens
    open_site(page, site_server)
    assert page.evaluate("document.activeElement.className") == "aria-grid"
    # 2. the announcement says crossed-out and satisfied clues (the heart the site opened)
    wait_engine(page)
    # the heart's row 2 is "3 3" in ".###..###.": fill its first run from the keyboard
    page.focus(".aria-grid")
    keys(page, "ArrowDown", "ArrowRight", "f", "Shift+ArrowRight", "Shift+ArrowRight")
    wait_words(page, 3, 1, r"Row clue 3 3 \(crossed out: 3\)")  # the engine pinned the run
    page.keyboard.press("ArrowLeft")
    said = page.evaluate(LIVE)
    assert said.startswith("Row 2, column 3: filled.")
    assert "Row clue 3 3 (crossed out: 3), not satisfied" in said
    keys(page, "ArrowRight", "ArrowRight", "ArrowRight", "f", "Shift+ArrowRight", "Shift+ArrowRight")
    assert "Row clue 3 3" in page.evaluate(LIVE) and "), satisfied;" in page.evaluate(LIVE)
    # 3. a puzzle opened from the library: the focus on its grid, its moves announced
    open_builtin(page, "webpbn-6")                # opened from the library: focus moves to the grid
    assert page.evaluate("document.activeElement.className") == "aria-grid"
    assert page.get_attribute(".aria-grid", "role") == "grid"
    first = active(page)
    assert first["role"] == "gridcell" and first["rowRole"] == "row" and (first["row"], first["col"]) == ("1", "1")
    page.keyboard.press("ArrowRight")
    moved = active(page)
    assert moved["id"] != first["id"] and (moved["row"], moved["col"]) == ("1", "2")
    assert page.evaluate(LIVE).startswith("Row 1, column 2: unknown.")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    said = page.evaluate(LIVE)
    assert said.startswith("Row 2, column 2: filled.") and "not satisfied" in said
    assert active(page)["label"] == said


def test_ctrl_home_and_ctrl_end_go_to_the_grids_corners(page, site_server):
    """The ARIA grid's keys: Home and End went along the row, but Ctrl+Home and Ctrl+End (the
    grid's first and last cell, as a screen reader user expects) did nothing."""
    open_site(page, site_server)
    open_builtin(page, "webpbn-6")                # 20x20
    keys(page, "ArrowDown", "ArrowRight", "Control+End")
    assert (active(page)["row"], active(page)["col"]) == ("20", "20")
    assert page.evaluate(LIVE).startswith("Row 20, column 20:")
    keys(page, "Home")
    assert (active(page)["row"], active(page)["col"]) == ("20", "1")
    keys(page, "End", "Control+Home")
    assert (active(page)["row"], active(page)["col"]) == ("1", "1")
