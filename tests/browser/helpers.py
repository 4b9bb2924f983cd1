"""Playing the site as a person would: click cells, press keys, read the board.

The board is read the way a screen reader hears it: its ARIA grid (board/aria.js) says the
cell under the keyboard cursor in words ("Row 2, column 3: filled. Row clue ..."), so
`cells` walks the cursor over the grid with the arrow keys (keydown events at the grid,
as its keyboard handler takes them), reads each cell's words, and puts the cursor and the
scroll back. No test reads the page's JavaScript objects: what the page shows (text,
roles, attributes, the board's words and pixels) is what a test asserts.

Tests that drive the engine itself (a task, a crash, its statistics) import the page's
own engine module (`ENGINE`): the one documented hook, the engine a player's page runs."""
import re
import time

from conftest import ENGINE_TIMEOUT

# the page's engine (web/js/engine/boot.js), in an async page function: `${ENGINE}.call(...)`
ENGINE = "(await import(new URL('js/engine/boot.js', document.baseURI))).engine"


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


def title_shown(page, title, timeout=30_000):
    """Wait until the puzzle `title` is the heading of the view on screen."""
    page.locator("h2:visible", has_text=re.compile(f"^{re.escape(title)}$")).first.wait_for(timeout=timeout)


def open_builtin(page, puzzle_id):
    """Puzzles, then the built-in puzzle's card: its title heads the play view."""
    page.click("#nav-library")
    button = page.locator(f"#library-cards button.open-builtin[data-id='{puzzle_id}']")
    title = button.text_content()
    button.click()
    title_shown(page, title)


# The board's grid on screen: walk its keyboard cursor and read each cell's words.
_BOARD = """async ([want, only]) => {
  await new Promise(requestAnimationFrame);  // a move's paint and words are up to date
  const grids = [...document.querySelectorAll('[role=grid][aria-colcount]')].filter((g) => g.getClientRects().length);
  if (grids.length !== 1) throw new Error(`${grids.length} boards on screen`);
  const grid = grids[0], W = +grid.getAttribute('aria-colcount'), H = +grid.getAttribute('aria-rowcount');
  const active = () => document.getElementById(grid.getAttribute('aria-activedescendant'));
  const at = () => [+active().getAttribute('aria-colindex') - 1, +active().parentElement.getAttribute('aria-rowindex') - 1];
  const key = (k) => grid.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  const go = ([x, y]) => {
    for (let [cx, cy] = at(), n = 0; (cx !== x || cy !== y) && n < 4 * (W + H); n++, [cx, cy] = at())
      key(cx < x ? 'ArrowRight' : cx > x ? 'ArrowLeft' : cy < y ? 'ArrowDown' : 'ArrowUp');
  };
  if (want) {  // move there and say where the cell is on the page
    go(want);
    const r = active().getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, size: r.width, width: W, height: H };
  }
  const box = grid.closest('.board') || grid, scroll = [box.scrollLeft, box.scrollTop], home = at();
  const rows = [];
  for (let y = 0; y < H; y++) {
    const row = new Array(W).fill(null);
    // a row right to left after one left to right: one move a cell (each move lays the page out)
    for (let i = 0; i < W; i++) {
      const x = y % 2 ? W - 1 - i : i;
      if (only && !(only[1] === y && (only[0] === x))) continue;
      go([x, y]);
      row[x] = active().textContent;
    }
    rows.push(row);
  }
  go(home);
  [box.scrollLeft, box.scrollTop] = scroll;
  return rows;
}"""

# a cell's words -> its state in the usual text form: ? unknown, . crossed (or marked), # filled
_STATE = re.compile(r"^Row \d+, column \d+(?:, [^:]*)?: ([^.(,;]*)")
_CHARS = {"unknown": "?", "crossed": ".", "filled": "#", "shaded": "#", "shaded (outside)": "#",
          "marked unshaded": ".", "marked inside": "."}


def cells(page):
    """The board on screen as rows of each cell's words (what a screen reader says)."""
    return page.evaluate(_BOARD, [None, None])


def cell_words(page, x, y):
    """The words of cell (x, y), 0-based."""
    return page.evaluate(_BOARD, [None, [x, y]])[y][x]


def cell_state(words, colours=None):
    """'?', '.', '#' for a cell's words; a colour puzzle's 'filled <name>' gives colours[name],
    by default the name's first letter (as the built-in colour puzzles write their colours)."""
    m = _STATE.match(words)
    assert m, f"not a cell's words: {words!r}"
    s = m.group(1).strip()
    if s.startswith("filled "):  # a colour puzzle's cell: "filled red"
        name = s[len("filled "):]
        return colours[name] if colours else name[0]
    return _CHARS.get(s, s)


def state(page, colours=None):
    """The board on screen as text rows: '?' unknown, '.' crossed, '#' filled (a colour
    puzzle's 'filled <name>' through `colours`, see cell_state)."""
    return ["".join(cell_state(w, colours) for w in row) for row in cells(page)]


def board_size(page):
    """(width, height) of the board on screen, as its grid says."""
    c = page.evaluate(_BOARD, [[0, 0], None])  # noqa: the cursor goes to the corner
    return c["width"], c["height"]


def move_cursor(page, x, y):
    """Move the board's keyboard cursor to cell (x, y) with the arrow keys."""
    page.evaluate(_BOARD, [[x, y], None])


def cell_center(page, x, y):
    """Page coordinates of cell (x, y), 0-based: the keyboard cursor goes there (the board
    scrolls it into view) and the grid's cell says where it is."""
    c = page.evaluate(_BOARD, [[x, y], None])
    return c["x"], c["y"]


def cell_size(page):
    """A cell's size on screen, in CSS pixels (where the cursor is)."""
    return page.evaluate("""() => { const g = [...document.querySelectorAll('[role=grid][aria-colcount]')]
        .find((e) => e.getClientRects().length);
        return document.getElementById(g.getAttribute('aria-activedescendant')).getBoundingClientRect().width - 1; }""")


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


def puzzle(page):
    """The open puzzle's dict (an internal read, kept for the tests not converted yet)."""
    return page.evaluate("window.nonogramApp.getGame().puzzle.dict")


def solved(page):
    """The page says the puzzle is solved: its win line or win card shows."""
    return page.evaluate("() => [...document.querySelectorAll('.win, .win-card')].some((e) => !e.hidden && e.getClientRects().length > 0)")


def fill_rows(page, rows):
    """Paint the grid as a player would: each run of '#' in a row one stroke, each run of
    '.' one right-button stroke (cells left '?' untouched)."""
    for y, row in enumerate(rows):
        for m in re.finditer(r"#+|\.+", row):
            x0, x1 = m.start(), m.end() - 1
            button = "left" if m.group()[0] == "#" else "right"
            if x0 == x1:
                click_cell(page, x0, y, button=button)
            else:
                drag(page, x0, y, x1, y, button=button)


def builtin(puzzle_id):
    """A built-in puzzle's file as the site serves it (site/puzzles/catalogue.json names it)."""
    import json
    from conftest import SITE
    catalogue = json.loads((SITE / "puzzles" / "catalogue.json").read_text())
    entry = next(p for p in catalogue["puzzles"] if p["id"] == puzzle_id)
    return json.loads((SITE / "puzzles" / entry.get("json", entry["file"])).read_text())


def state_at(page, x, y, colours=None):
    """The state of one cell (x, y) as `state` gives it, without reading the whole board."""
    return cell_state(cell_words(page, x, y), colours)


def wait_words(page, x, y, pattern, timeout=30.0):
    """Wait until the words of cell (x, y) match the regular expression `pattern`; they are returned."""
    end = time.monotonic() + timeout
    while True:
        words = cell_words(page, x, y)
        if re.search(pattern, words):
            return words
        if time.monotonic() > end:
            raise AssertionError(f"cell ({x}, {y}) says {words!r}, not /{pattern}/")
        page.wait_for_timeout(100)
