"""Playing the site as a person would: click cells, press keys, read the grid."""
import time

from conftest import ENGINE_TIMEOUT


def wait_until(page, expression, timeout=60.0):
    """Poll an expression that may return a Promise (wait_for_function takes a Promise as
    truthy at once) until its value is truthy."""
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for: {expression}")
        page.wait_for_timeout(200)


def open_site(page, server, path=""):
    page.goto(server.url + path)
    page.wait_for_selector("html[data-booted=true]", timeout=30_000)


def wait_engine(page):
    page.wait_for_selector("#engine-status[data-status=ready]", timeout=ENGINE_TIMEOUT)


def isolated_visit(page, server):
    """A load controlled by the service worker (which adds COOP/COEP): cross-origin
    isolated, so Cancel interrupts Python instead of restarting the worker. After a first
    visit that is the second load; a page of the isolated warm context (conftest) is
    controlled at once."""
    open_site(page, server)
    if not page.evaluate("window.crossOriginIsolated"):
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_selector("html[data-booted=true]")
    assert page.evaluate("window.crossOriginIsolated") is True
    wait_engine(page)


def paste_puzzle(page, text):
    """Open puzzle text the way a player pastes it: Puzzles, "Open a file or paste", Open."""
    page.click("#nav-library")
    if page.is_hidden("#open-panel"):
        page.click("#open-toggle")
    page.fill("#paste-text", text)
    page.click("#paste-open")


def open_builtin(page, puzzle_id):
    page.click("#nav-library")
    page.click(f"button.open-builtin[data-id='{puzzle_id}']")
    page.wait_for_function(
        "id => window.nonogramApp.getGame() && window.nonogramApp.getGame().key === 'builtin:' + id",
        arg=puzzle_id)


def cell_center(page, x, y):
    """Page coordinates of cell (x, y), 0-based, scrolled into view."""
    page.evaluate("([x, y]) => { const v = window.nonogramApp.view; v.moveCursor(x, y); }", [x, y])
    box = page.locator("#board canvas.cells").bounding_box()
    cs = page.evaluate("window.nonogramApp.view.cell")
    return box["x"] + x * cs + cs / 2, box["y"] + y * cs + cs / 2


def click_cell(page, x, y, button="left"):
    cx, cy = cell_center(page, x, y)
    page.mouse.click(cx, cy, button=button)


def drag(page, x0, y0, x1, y1, button="left"):
    ax, ay = cell_center(page, x0, y0)
    bx, by = cell_center(page, x1, y1)
    page.mouse.move(ax, ay)
    page.mouse.down(button=button)
    page.mouse.move((ax + bx) / 2, (ay + by) / 2, steps=3)
    page.mouse.move(bx, by, steps=3)
    page.mouse.up(button=button)


def state(page):
    return page.evaluate("window.nonogramApp.getGame().stateRows()")


def puzzle(page):
    return page.evaluate("window.nonogramApp.getGame().puzzle.dict")


def solved(page):
    return page.evaluate("window.nonogramApp.getGame().solved")


def fill_rows(page, rows):
    """Set the whole grid as one move (the way 'Show in grid' or a paste would)."""
    page.evaluate("""rows => {
        const g = window.nonogramApp.getGame(), w = g.puzzle.width, ch = [];
        rows.forEach((r, y) => [...r].forEach((c, x) => ch.push([y * w + x, g.charValue(c)])));
        g.apply(ch, 'test');
    }""", rows)
