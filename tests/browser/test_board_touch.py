"""A phone (390x844, touch): compact header and toolbar, 40 px tap targets, the panels as a
sheet that folds; one finger paints, a long press crosses, two fingers pan and pinch-zoom
without painting (touches sent through the DevTools protocol, as a touch screen sends them)."""
import time

import pytest

from conftest import ENGINE_TIMEOUT
from helpers import cell_center, open_builtin, open_site, state

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True)


class Fingers:
    """Touches with the times a touch screen gives them: each event carries when the finger
    moved, not when a busy page got to it (without it, a second finger sent right after the
    first reached a page still busy with the first 500 ms later, past SECOND_FINGER_MS, and
    the pinch kept the first finger's stroke: a painted cell)."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.at = 0.0  # the last event's time (seconds since the epoch)

    def send(self, kind, points, after=None):
        """`after`: seconds after the last event (else now, never before the last one)."""
        self.at = self.at + after if after is not None else max(time.time(), self.at + 0.001)
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "timestamp": self.at,
            "touchPoints": [{"x": x, "y": y, "id": k} for k, (x, y) in enumerate(points)]})

    def hold(self, x, y, ms):
        self.send("touchStart", [(x, y)])
        self.page.wait_for_timeout(ms)
        self.send("touchEnd", [])

    def drag(self, a0, a1, steps=8):
        self.send("touchStart", [a0])
        for k in range(1, steps + 1):
            t = k / steps
            self.send("touchMove", [(a0[0] + (a1[0] - a0[0]) * t, a0[1] + (a1[1] - a0[1]) * t)])
            self.page.wait_for_timeout(16)
        self.send("touchEnd", [])

    def two(self, a0, b0, a1, b1, steps=8):
        """Finger a lands, b lands a moment later, both move from (a0, b0) to (a1, b1), lift."""
        self.send("touchStart", [a0])
        self.send("touchStart", [a0, b0], after=0.016)
        for k in range(1, steps + 1):
            t = k / steps
            mid = lambda p, q: (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)  # noqa: E731
            self.send("touchMove", [mid(a0, a1), mid(b0, b1)])
            self.page.wait_for_timeout(16)
        self.send("touchEnd", [])


ZOOM = "document.getElementById('zoom-level').textContent"   # the cell size the page prints ("24px")


def cell_px(page):
    return int(page.evaluate(ZOOM).removesuffix("px"))


def board_box(page, expr):
    """`expr` of the board's scrolling box (`b`), e.g. its scroll position."""
    return page.evaluate(f"(() => {{ const b = document.getElementById('board'); return {expr}; }})()")


@PHONE
def test_phone_layout_then_two_fingers_pinch_and_pan_without_painting(page, site_server):
    # 1. the phone layout: compact toolbar, the panels as a sheet
    open_site(page, site_server)
    open_builtin(page, "webpbn-6")
    toolbar = page.locator("#view-play .toolbar").bounding_box()
    assert toolbar["y"] + toolbar["height"] < 0.25 * 844       # header and toolbar together
    for b in page.locator("#view-play .toolbar button:visible").all():
        box = b.bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40, b.get_attribute("id")
    # the panels are a sheet at the bottom, folded to one row of buttons: the board has the height
    sheet = page.locator("#play-sheet").bounding_box()
    assert sheet["y"] + sheet["height"] <= 844 + 1 and sheet["height"] < 0.12 * 844
    assert page.get_attribute("#sheet-toggle", "aria-expanded") == "false"
    assert not page.is_visible("#hint")
    board = page.locator("#board").bounding_box()
    assert board["y"] + board["height"] <= sheet["y"] + 1
    cell = cell_px(page)
    # a panel's button unfolds the sheet on that panel alone, in view above the fold
    page.click("#hint-panel-tab")
    assert page.get_attribute("#hint-panel-tab", "aria-pressed") == "true"
    hint = page.locator("#hint").bounding_box()
    assert 844 * 0.5 < hint["y"] and hint["y"] + hint["height"] <= 844
    assert not page.is_visible("#solve")
    assert page.locator("#board").bounding_box()["height"] < board["height"]
    page.click("#hint-panel-tab")                       # again: folded
    assert not page.is_visible("#hint")
    # the grip unfolds every panel, and folds them again
    page.click("#sheet-toggle")
    assert page.get_attribute("#sheet-toggle", "aria-expanded") == "true"
    assert page.is_visible("#hint") and page.is_visible("#solve")
    page.click("#sheet-toggle")
    assert not page.is_visible("#hint")
    assert abs(page.locator("#board").bounding_box()["height"] - board["height"]) <= 1
    page.wait_for_function(f"c => parseInt({ZOOM}) === c", arg=cell)   # the board back to its size
    # 2. two fingers pinch and pan without painting, on the same board
    fingers = Fingers(page)
    before = state(page)
    cell = cell_px(page)
    # pinch out over the cells: the board zooms in, no cell changes
    cx, cy = cell_center(page, 10, 10)
    fingers.two((cx - 30, cy), (cx + 30, cy), (cx - 90, cy), (cx + 90, cy))
    zoomed = cell_px(page)
    assert zoomed >= cell * 2
    assert state(page) == before
    # zoomed in, the board goes on past the screen: its right and bottom edges fade, a cue to pan
    cue = "[b.classList.contains('more-right'), b.classList.contains('more-below')]"
    assert board_box(page, cue) == [True, True]
    assert "linear-gradient" in board_box(page, "getComputedStyle(b).maskImage")
    page.wait_for_timeout(100)                            # nothing is painted afterwards either
    assert state(page) == before
    # two fingers moving together pan the board, again without painting
    box = page.locator("#board").bounding_box()
    mx, my = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    scroll = board_box(page, "[b.scrollLeft, b.scrollTop]")
    fingers.two((mx - 40, my), (mx + 40, my), (mx - 140, my - 100), (mx - 60, my - 100))
    after = board_box(page, "[b.scrollLeft, b.scrollTop]")
    assert after[0] > scroll[0] + 50 and after[1] > scroll[1] + 50
    assert cell_px(page) == zoomed
    assert state(page) == before
    # one finger on the row clues pans too, and paints none of the cells scrolled under them
    clues = page.locator("canvas.row-clues").bounding_box()
    scroll = board_box(page, "b.scrollTop = Math.round((b.scrollHeight - b.clientHeight) / 2)")
    assert scroll > 100
    x0, y0 = clues["x"] + 10, box["y"] + box["height"] * 0.7
    fingers.drag((x0, y0), (x0, y0 - 120))
    assert board_box(page, "b.scrollTop") > scroll + 60
    assert state(page) == before
    # panned to the end: no more to see there, no fade
    board_box(page, "b.scrollTo(b.scrollWidth, b.scrollHeight)")
    page.wait_for_function(f"() => {{ const b = document.getElementById('board'); return {cue}.join() === 'false,false'; }}")
    assert board_box(page, "getComputedStyle(b).maskImage") == "none"
    # pinch in: smaller again
    fingers.two((mx - 120, my), (mx + 120, my), (mx - 40, my), (mx + 40, my))
    assert cell_px(page) < zoomed
    assert state(page) == before
    # 3. a quick tap on a busy page: the long press's timer ran (the phone buzzed, the cross
    # shown) before the page got the lift, stamped 0.1 s after the touch: the touches' times
    # decide, so it is the tap it was and fills (a page timer would have made it a cross)
    page.evaluate("Object.defineProperty(navigator, 'vibrate', "
                  "{configurable: true, value: () => (window.buzzed = true)})")
    assert before[3][3] == "?"
    x, y = cell_center(page, 3, 3)
    fingers.send("touchStart", [(x, y)])
    page.wait_for_function("window.buzzed === true")
    fingers.send("touchEnd", [], after=0.1)
    assert state(page)[3][3] == "#", "a quick tap the page's late timer took for a long press fills"


@PHONE
@pytest.mark.fake_clock
def test_touch_paints_long_press_crosses(page, site_server):
    # the long press is a timer in the page: it runs on the test's clock, paused, so how long
    # a finger stays down is what the test says, not what a busy machine makes of it
    page.clock.install()
    open_site(page, site_server)
    fingers = Fingers(page)
    # the board is read through its words, which wait for a frame: read where the cells are
    # before the clock is paused, and what they show after it runs again
    at = {k: cell_center(page, k, k) for k in (2, 4, 5)}
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.touchscreen.tap(*at[2])
    fingers.send("touchStart", [at[4]])
    page.clock.run_for(800)                  # well past LONG_PRESS_MS (450): a long press crosses
    fingers.send("touchEnd", [])
    fingers.send("touchStart", [at[5]])
    page.clock.run_for(300)                  # under LONG_PRESS_MS: a short press still fills
    fingers.send("touchEnd", [])
    page.clock.resume()
    shown = state(page)
    assert (shown[2][2], shown[4][4], shown[5][5]) == ("#", ".", "#")


HEART = ["..........", ".###..###.", "#####.####", "##########", "##########",
         ".########.", "..######..", "...####...", "....##....", ".........."]


@PHONE
def test_the_tap_that_solves_leaves_the_win_card_up(page, site_server):
    """The last tap shows the win card over the board, under the finger; the browser's click
    for that same tap came after it and pressed the card's button there ("See the board"):
    the card vanished the moment the player won. The card stays, and a tap of its own works."""
    open_site(page, site_server)
    open_builtin(page, "welcome-heart")
    cells = [(x, y) for y in range(10) for x in range(10) if HEART[y][x] == "#"]
    last = cells.pop(cells.index((5, 8)))  # a cell the card's buttons cover once it shows
    for x, y in cells:
        page.touchscreen.tap(*cell_center(page, x, y))
    assert page.is_hidden("#win-card")
    at = cell_center(page, *last)
    page.evaluate("""() => { window.__won = new Promise((won) => document.addEventListener('win-shown', () =>
      window.addEventListener('click', () => won(), { once: true }), { once: true })); }""")
    page.touchscreen.tap(*at)
    page.evaluate("() => window.__won")  # the card showed and the tap's own click has been handled
    assert page.is_visible("#win-card") and page.text_content("#win-heading") == "Solved!"
    assert page.text_content("#puzzle-title") == "Welcome heart"
    # the premise: that click landed on one of the card's buttons
    assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#win-card button')", list(at))
    box = page.locator("#win-close").bounding_box()   # a tap on the card itself acts
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator("#win-card").wait_for(state="hidden")


# the controls on screen shorter than a finger (40 px, the toolbar's and the nav's): a library
# card's title is left out (its whole card is the target), the palette's squares too
SHORT = """() => [...document.querySelectorAll('main button, main select, main label:has(> input[type=checkbox]), '
  + 'main input[type=number], main input[type=text], main summary')]
  .filter((e) => e.getClientRects().length && !e.closest('.lib-info, #palette'))
  .map((e) => [e.id || e.textContent.trim().slice(0, 24), Math.round(e.getBoundingClientRect().height)])
  .filter(([, h]) => h < 40)"""


@PHONE
def test_phone_controls_are_finger_sized_in_play_its_panels_and_menu_and_puzzles(page, site_server):
    """The panels' buttons and selects (Hint, Check, Solve), Play's New puzzle, the Puzzles
    view's (the daily card, New puzzle's choices, the filters) and the share link's "with my
    progress" were 27 to 32 px tall, its checkbox 13 px, Create's fields 34 px, on a phone; a
    Nikoli puzzle's "Count solutions up to" field 21 px, the solve's "Details" 17 px."""
    open_site(page, site_server)
    page.click("#sheet-toggle")                        # every panel unfolded
    assert page.is_visible("#hint") and page.is_visible("#solve")
    assert page.evaluate(SHORT) == []
    page.click("#sheet-toggle")
    page.click("#nav-library")
    page.click("#open-toggle")
    assert page.is_visible("#np-make") and page.is_visible("#paste-open")
    assert page.evaluate(SHORT) == []
    page.click("button.open-builtin[data-id='nurikabe-7x7-1']")   # a Nikoli puzzle: its menu's checkbox
    page.wait_for_selector("#view-play:not([hidden])")
    page.click("#more")
    assert page.is_visible("#share-progress")
    assert page.evaluate(SHORT) == []
    box = page.locator("#share-progress").bounding_box()
    assert box["width"] >= 20 and box["height"] >= 20
    page.keyboard.press("Escape")
    page.click("#sheet-toggle")                        # its panels: the solve's count and its details
    page.click("#solve")
    page.locator("#view-play details.tech summary:visible").wait_for(timeout=ENGINE_TIMEOUT)
    assert page.is_visible("#solve-cap")
    assert page.evaluate(SHORT) == []
    page.click("#nav-editor")                          # Create's fields (they were 34 px)
    page.wait_for_selector("#view-editor:not([hidden])")
    assert page.is_visible("#ed-width") and page.is_visible("#ed-title")
    assert page.evaluate(SHORT) == []


@PHONE
def test_a_board_a_column_or_two_too_wide_is_fitted_not_panned(page, site_server):
    """A 20x20 Nikoli board was 401 px wide at the 20 px finger-sized floor in a 374 px box:
    its last column and a half sat under the edge's fade, to be panned to. A board that fits
    whole at 18 px is now fitted there; a wider one (a 20x20 nonogram with its clues, 487 px
    at 20 px) keeps finger-sized cells and pans."""
    open_site(page, site_server)
    for pid in ("masyu-20x20-1", "nurikabe-20x20-1"):
        open_builtin(page, pid)
        assert cell_px(page) == 18, pid
        assert board_box(page, "[b.scrollWidth, b.clientWidth]") == [board_box(page, "b.clientWidth")] * 2, pid
    open_builtin(page, "webpbn-6")
    assert cell_px(page) == 20
    width, box = board_box(page, "[b.scrollWidth, b.clientWidth]")
    assert width > box


@PHONE
def test_the_cursor_stays_in_view_when_the_sheet_unfolds_over_the_board(page, site_server):
    """A hint puts the cursor on its line; its explanation unfolds the sheet, and the line
    at the board's foot went under it (the board shrank and did not scroll)."""
    open_site(page, site_server)
    open_builtin(page, "webpbn-65")                      # 34x40: the board scrolls on a phone
    cursor = """() => { const g = [...document.querySelectorAll('[role=grid][aria-colcount]')].find((e) => e.getClientRects().length);
        const c = document.getElementById(g.getAttribute('aria-activedescendant')).getBoundingClientRect();
        const b = document.getElementById('board').getBoundingClientRect();
        return { shown: c.top >= b.top && (c.top + c.bottom) / 2 <= b.bottom, board: b.height }; }"""
    cell_center(page, 0, 39)                              # the last row: the board scrolls to it
    page.wait_for_function(f"({cursor})().shown")
    before = page.evaluate(cursor)
    page.click("#hint-panel-tab")                         # the sheet unfolds: the board is shorter
    page.wait_for_function(f"() => document.getElementById('board').getBoundingClientRect().height < {before['board']}")
    page.wait_for_function(f"({cursor})().shown")
    page.click("#hint-panel-tab")
    board_box(page, "b.scrollTop = 0")                    # a cursor panned out of view stays out
    page.click("#hint-panel-tab")
    page.wait_for_function(f"() => document.getElementById('board').getBoundingClientRect().height < {before['board']}")
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")  # a scroll's frame
    assert not page.evaluate(cursor)["shown"] and board_box(page, "b.scrollTop") == 0
