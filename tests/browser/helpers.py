"""Playing the site as a person would: click cells, press keys, read the board.

The board is read the way a screen reader hears it: its ARIA grid (board/aria.js) says the
cell under the keyboard cursor in words ("Row 2, column 3: filled. Row clue ..."), so
`cells` walks the cursor over the grid with the arrow keys (keydown events at the grid,
as its keyboard handler takes them), reads each cell's words, and puts the cursor and the
scroll back. No test reads the page's JavaScript objects: what the page shows (text,
roles, attributes, the board's words and pixels) is what a test asserts.

Tests that drive the engine itself (a task, a crash, its statistics, a budget) go through
the hooks below ("THE TEST HOOKS": the page's own engine and clingo modules, and
`page_hook` for a setting no player can change); nothing else reads the page's
JavaScript objects."""
import re
import time

from conftest import ENGINE_TIMEOUT, PLAYER_STATE

# THE TEST HOOKS: the one place tests reach past what the page shows. Only for what a player
# cannot see or do: the engine's own requests and statistics (its snapshot, its caches, a crash),
# the clingo module's own API, a budget lowered so that counted work (not seconds) decides.
# The page's own modules (the instances the page runs: a module is loaded once per page), in
# an async page function: `${ENGINE}.call(...)`, `${CLINGO}.busy()`.
ENGINE = "(await import(new URL('js/engine/boot.js', document.baseURI))).engine"
CLINGO = "(await import(new URL('js/engine/clingo-client.js', document.baseURI)))"
SOLVERS = "(await import(new URL('js/engine/solvers.js', document.baseURI)))"


# A hook's promise is awaited at most this long (ms): Playwright's evaluate has no timeout of
# its own, so a promise that never settles would hold the test, and the whole run, for ever.
HOOK_TIMEOUT = 4 * ENGINE_TIMEOUT


def bounded(what, expr):
    """An async page function's body awaiting `expr`, failing with `what` named if it has not
    settled within HOOK_TIMEOUT."""
    return (f"let timer; try {{ return await Promise.race([({expr}), new Promise((_, fail) => {{ timer = setTimeout("
            f"() => fail(new Error({what!r} + ': no answer within {HOOK_TIMEOUT} ms')), {HOOK_TIMEOUT}); }})]); }}"
            " finally { clearTimeout(timer); }")


def page_hook(page, body, arg=None):
    """Run `body` (a JavaScript expression of `app`, the page's app/app.js object, and `arg`)
    on the page: the hook for a setting no player can change, e.g. the editor's picture budget
    (`app.editor.tool.pictureWork = 20000`). The only read of window.nonogramApp in tests/browser."""
    return page.evaluate(f"async (arg) => {{ const app = window.nonogramApp; {bounded('page_hook', body)} }}", arg)


def engine_call(page, op, args=None):
    """The page's engine answers `op` (a bridge request, web/py/bridge.py) with `args`: for the
    tests about the engine itself, not about what the player sees."""
    return page.evaluate(f"async ([op, args]) => {{ {bounded('engine ' + op, ENGINE + '.call(op, args)')} }}", [op, args or {}])


def crash_engine(page):
    """What the browser does to a worker that ran out of memory: it ends, with no error event
    and no answer (the page's engine must notice and restart)."""
    page.evaluate(f"async () => ({ENGINE}).worker.terminate()")


def hold_next_read(page):
    """The engine's next `read` (a puzzle's text, a link's) answers only when `release_read`
    lets it: an open that waits on the engine, made late by the engine's own event, not a clock."""
    page.evaluate(f"""async () => {{ const engine = {ENGINE}, read = engine.read; window.__heldRead = null;
      engine.read = function (...args) {{
        engine.read = read;  // one read held, the next ones answered as usual
        const answer = read.apply(this, args);
        return new Promise((resolve, reject) => {{
          window.__heldRead = () => {{ answer.then(resolve, reject); return answer.then(() => {{}}, () => {{}}); }}; }});
      }}; }}""")


def release_read(page):
    """Let the held `read` answer (once asked), and return after the page has handled it (a task later)."""
    wait_until(page, "window.__heldRead !== null")
    page.evaluate("async () => { await window.__heldRead(); await new Promise((r) => setTimeout(r, 0)); }")


def hold_next_task(page, task):
    """The engine's next `call("task", {task})` (a Nikoli solve, say) answers only when
    `release_task` lets it: a run still in progress when the test acts (Cancel), by the
    engine's own event, whatever the machine's speed."""
    page.evaluate(f"""async (task) => {{ const engine = {ENGINE}, call = engine.call; window.__heldTask = null;
      engine.call = function (type, payload, ...rest) {{
        const answer = call.call(this, type, payload, ...rest);
        if (type !== "task" || !payload || payload.task !== task) return answer;
        engine.call = call;  // one task held, the next ones answered as usual
        return new Promise((resolve, reject) => {{
          window.__heldTask = () => {{ answer.then(resolve, reject); return answer.then(() => {{}}, () => {{}}); }}; }});
      }}; }}""", task)


def release_task(page):
    """Let the held task answer (once asked), and return after the page has handled it (a task later)."""
    wait_until(page, "window.__heldTask !== null")
    page.evaluate("async () => { await window.__heldTask(); await new Promise((r) => setTimeout(r, 0)); }")


def hold_next_answer(page, task):
    """The worker's answer to the engine's next `request("task", {task})` is kept from the
    page (never delivered): the request stays the one running, so a Cancel clicked any time
    after it is asked meets a run in progress, however fast the machine made the answer."""
    page.evaluate(f"""async (task) => {{ const engine = {ENGINE}, request = engine.request, onMessage = engine.onMessage;
      let held = null;
      engine.request = function (type, payload, ...rest) {{
        const handle = request.call(this, type, payload, ...rest);
        if (type === "task" && payload && payload.task === task) {{ engine.request = request; held = handle.id; }}
        return handle;
      }};
      engine.onMessage = function (msg) {{
        if (held !== null && msg && msg.id === held && msg.type !== "progress") return;  // its answer, kept
        return onMessage.call(this, msg);
      }}; }}""", task)


def wait_engine_progress(page):
    """Return at the engine worker's next progress report (a search reports every 0.25 s of
    its own work): the request it answers is running in Python, whatever the machine's speed."""
    page.evaluate(f"""async () => {{ const w = ({ENGINE}).worker;
      await new Promise((resolve) => w.addEventListener("message", function seen(e) {{
        if (e.data && e.data.type === "progress") {{ w.removeEventListener("message", seen); resolve(); }} }})); }}""")


def engine_field(page, name):
    """A field of the page's engine (`info`: how it started; `snapshot`: its saved heap, once stored)."""
    return page.evaluate(f"async (name) => ({ENGINE})[name] ?? null", name)


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


def new_player(page):
    """The same browser as a player who never came (the `page` fixture's way between
    tests): the tab on about:blank, then the origin's storage cleared, not the browser's
    caches (a fresh context would cost a cold engine start, about 7 CPU s)."""
    origin = page.evaluate("location.origin")
    page.goto("about:blank")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": PLAYER_STATE})
    cdp.detach()

def open_site(page, server, path=""):
    page.goto(server.url + path)
    page.wait_for_selector("html[data-booted=true]", timeout=30_000)


def wait_engine(page):
    page.wait_for_selector("#engine-status[data-status=ready]", timeout=ENGINE_TIMEOUT)


def isolated_visit(page, server):
    """A cross-origin isolated load (COOP/COEP: the headers the service worker adds; for a
    test marked `isolated`, the tests' server sends them, see conftest), so Cancel
    interrupts Python instead of restarting the worker. test_first_visit checks that the
    service worker's pages are isolated."""
    open_site(page, server)
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


# The board's grid on screen: walk its keyboard cursor and read each cell's words. A move's
# words are there at once; the board scrolls the cursor into view in the next frame.
_BOARD = """async ([want, only]) => {
  const frame = () => new Promise(requestAnimationFrame);
  await frame();  // a move's paint and scroll are done
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
  if (only === 'margins') {  // the first column's and the first row's words: every clue
    const home = at(), say = (c) => { go(c); return active().textContent; };
    const out = { rows: [...Array(H).keys()].map((y) => say([0, y])), columns: [...Array(W).keys()].map((x) => say([x, 0])) };
    go(home);
    return out;
  }
  const box = grid.closest('.board') || grid;
  if (only === 'axes') {  // each column's x and each row's y on the page, if the whole board is in view
    const home = at(), mid = (c) => { go(c); const r = active().getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
    const first = mid([0, 0]);
    const out = { xs: [...Array(W).keys()].map((x) => mid([x, 0])[0]), ys: [...Array(H).keys()].map((y) => mid([0, y])[1]) };
    const again = mid([0, 0]);  // nothing moved while walking, and the board cannot scroll: the axes hold
    out.fits = first[0] === again[0] && first[1] === again[1] && box.scrollWidth <= box.clientWidth
      && box.scrollHeight <= box.clientHeight && out.xs.every((x) => x > 0 && x < innerWidth)
      && out.ys.every((y) => y > 0 && y < innerHeight);
    go(home);
    return out;
  }
  if (want) {  // move there and say where the cell is on the page
    go(want);
    await frame();  // scrolled into view
    const r = active().getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, size: r.width, width: W, height: H };
  }
  const scroll = [box.scrollLeft, box.scrollTop], home = at();
  const rows = [];
  for (let y = 0; y < H; y++) {
    const row = new Array(W).fill(null);
    // a row right to left after one left to right: one move a cell
    for (let i = 0; i < W; i++) {
      const x = y % 2 ? W - 1 - i : i;
      if (only && !(only[1] === y && (only[0] === x))) continue;
      go([x, y]);
      row[x] = active().textContent;
    }
    rows.push(row);
  }
  go(home);
  await frame();  // the board's scroll to the cursor, then the player's scroll as it was
  [box.scrollLeft, box.scrollTop] = scroll;
  return rows;
}"""

# a cell's words -> its state in the usual text form: ? unknown, . crossed (or marked), # filled
_STATE = re.compile(r"^Row \d+, column \d+(?:, [^:]*)?: ([^.(,;]*)")
_CHARS = {"unknown": "?", "crossed": ".", "empty": ".", "filled": "#", "shaded": "#", "shaded (outside)": "#",
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


def current_view(page):
    """The id of the view on screen: its nav button is the pressed one ("play", "library", "editor", ...)."""
    return page.evaluate("() => (document.querySelector('nav button[aria-current=page]') || {id: 'nav-'}).id.slice(4)")


def wait_view(page, view, timeout=90_000):
    """Wait until the view `view` shows (its nav button pressed, its section on screen)."""
    page.wait_for_selector(f"#nav-{view}[aria-current=page]", state="attached", timeout=timeout)


def wait_board(page, width, height=None, timeout=90_000):
    """Wait until a board `width` columns (by `height` rows) wide is on screen, as its grid says."""
    sel = f"[role=grid][aria-colcount='{width}']" + (f"[aria-rowcount='{height}']" if height else "")
    page.locator(sel).locator("visible=true").first.wait_for(timeout=timeout)


def clues(page):
    """(row clues, column clues) of the nonogram on screen, as its cells' words say them:
    ["1 1", "3", "0", ...] ("2 red 1 blue" in a colour puzzle; crossed-out numbers left out)."""
    words = page.evaluate(_BOARD, [None, "margins"])
    row = re.compile(r"Row clue ([^,(;.]*)")
    col = re.compile(r"column clue ([^,(;.]*)")
    return ([row.search(w).group(1).strip() for w in words["rows"]],
            [col.search(w).group(1).strip() for w in words["columns"]])


def clue_numbers(text):
    """"1 1" -> [1, 1]; "0" -> [] (a black-and-white clue as the puzzle's dict writes it)."""
    return [] if text == "0" else [int(n) for n in text.split()]


def solved(page):
    """The page says the puzzle is solved: its win line or win card shows."""
    return page.evaluate("() => [...document.querySelectorAll('.win, .win-card')].some((e) => !e.hidden && e.getClientRects().length > 0)")


def fill_rows(page, rows):
    """Paint the grid as a player would: each run of '#' in a row one stroke, each run of
    '.' one right-button stroke (cells left '?' untouched). When the whole board is in view
    the cells' places are read once (one walk of the first row and column) and each stroke
    is a press, one move to its last cell and a release (the board previews a line from
    its start to the pointer): 71 strokes of a 25x25 board cost about a third of
    `drag`'s two cursor walks and seven moves each (PERF.md "Tests", fifth round)."""
    axes = page.evaluate(_BOARD, [None, "axes"])
    if not axes["fits"]:
        return _fill_rows_scrolling(page, rows)
    xs, ys = axes["xs"], axes["ys"]
    for y, row in enumerate(rows):
        for m in re.finditer(r"#+|\.+", row):
            x0, x1 = m.start(), m.end() - 1
            button = "left" if m.group()[0] == "#" else "right"
            page.mouse.move(xs[x0], ys[y])
            page.mouse.down(button=button)
            if x1 != x0:
                page.mouse.move(xs[x1], ys[y])
            page.mouse.up(button=button)


def _fill_rows_scrolling(page, rows):
    """fill_rows on a board larger than the view: each stroke scrolls its cells into view."""
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


# The Create view's nonogram board: the shared board (its words say each cell: "empty",
# "filled" or "filled <colour name>", "(given: ...)"); the palette names the colours.

def editor_picture(page):
    """The editor's picture as rows: '.' background, '#' the first colour (black), '2'... the
    palette's later colours (the swatch numbers a cell is painted with)."""
    names = page.eval_on_selector_all("#ed-palette .ed-colour-name", "els => els.map((e) => e.value)")
    digit = {name: ("#" if k == 0 else str(k + 1)) for k, name in enumerate(names)}
    def char(words):
        s = cell_state(words)
        return "." if s == "." else "#" if s == "#" else digit[_STATE.match(words).group(1).strip()[len("filled "):]]
    return ["".join(char(w) for w in row) for row in cells(page)]


def editor_givens(page):
    """The editor's given cells (shown to the player at the start), as row-major indices."""
    rows = cells(page)
    return [y * len(row) + x for y, row in enumerate(rows) for x, w in enumerate(row) if "(given" in w]


def editor_cursor(page, x, y):
    """Move the editor's keyboard cursor to (x, y) with the arrow keys; the keyboard is on the board."""
    page.focus("#ed-grid [role=grid]")
    move_cursor(page, x, y)


def picture_file(rows, givens=(), title=None):
    """A puzzle file (our JSON) with the goal picture `rows` ('#'/'.') and given cells
    (row-major indices), as the editor's and Play's Download write it."""
    import json
    from pysolver.nonogram.formats import dump
    from pysolver.nonogram.puzzle import puzzle_from_grid
    grid = [[1 if c == "#" else 0 for c in r] for r in rows]
    d = json.loads(dump(puzzle_from_grid(grid, **({"title": title} if title else {})), "json"))
    w = len(rows[0])
    if givens:
        d["givens"] = [{"row": i // w + 1, "column": i % w + 1, "value": rows[i // w][i % w]} for i in givens]
    return json.dumps(d)


_opened = [0]


def editor_open(page, rows, givens=(), title=None):
    """Open a picture in the editor as a player opens a file there ("Open a puzzle file to edit"):
    one move (Undo takes it back). Returns when its cells and clues are on screen."""
    _opened[0] += 1
    name = f"picture-{_opened[0]}.json"  # a new name each time: its "Opened <name>." says this one is in
    page.set_input_files("#ed-open-file", files=[{"name": name, "mimeType": "application/json",
                                                  "buffer": picture_file(rows, givens, title).encode()}])
    page.wait_for_function("([w, h, name]) => document.querySelector('#ed-status').textContent.startsWith(`Opened ${name}`)",
                           arg=[len(rows[0]), len(rows), name], timeout=60_000)
    editor_board(page, len(rows[0]), len(rows))


def editor_board(page, width, height):
    """Wait until the editor's board is `width` by `height` cells with its clues worked out."""
    page.wait_for_selector(f"#ed-grid[aria-busy=false] [role=grid][aria-colcount='{width}'][aria-rowcount='{height}']",
                           timeout=30_000)


# The row clues' pixels (the canvas beside the board): per row of cells, the runs of columns
# with ink and the ink's height, in CSS pixels.
_CLUE_INK = """async (board) => {
  await new Promise(requestAnimationFrame);
  const c = document.querySelector(`${board} canvas.row-clues`), ctx = c.getContext('2d');
  const rows = +document.querySelector(`${board} [role=grid]`).getAttribute('aria-rowcount');
  const cs = c.height / rows, { data } = ctx.getImageData(0, 0, c.width, c.height);
  const px = c.width / c.getBoundingClientRect().width;  // canvas pixels per CSS pixel
  const lum = (x, y) => { const i = 4 * (y * c.width + x); return data[i] + data[i + 1] + data[i + 2]; };
  const out = [];
  for (let r = 0; r < rows; r++) {
    const y0 = Math.round(r * cs) + 2, y1 = Math.round((r + 1) * cs) - 2, ground = lum(1, y0 + 1);
    const ink = (x, y) => Math.abs(lum(x, y) - ground) > 200;
    const runs = [];
    let top = y1, bottom = y0;
    for (let x = 0; x < c.width; x++) {
      let any = false;
      for (let y = y0; y < y1; y++) if (ink(x, y)) { any = true; top = Math.min(top, y); bottom = Math.max(bottom, y); }
      if (!any) continue;
      if (runs.length && runs[runs.length - 1][1] === x - 1) runs[runs.length - 1][1] = x; else runs.push([x, x]);
    }
    out.push({ runs: runs.map(([a, b]) => [a / px, b / px]), height: bottom >= top ? (bottom - top + 1) / px : 0 });
  }
  return out;
}"""


def clue_ink(page, board="#board"):
    """The row clues as drawn: per row of cells {runs: [[x0, x1], ...] of inked columns,
    height: the ink's height}, in CSS pixels."""
    return page.evaluate(_CLUE_INK, board)


# A cell's pixels on the board's canvas: the cell size is the cells canvas's width over the
# grid's columns (a board is W cells and one grid line wide).
_CELL_PIXELS = """([x, y, inset, board]) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const c = document.querySelector(`${board} canvas.cells`), r = c.getBoundingClientRect();
  const W = +document.querySelector(`${board} [role=grid]`).getAttribute('aria-colcount');
  const cs = (r.width - 1) / W, d = c.width / r.width;
  const img = c.getContext('2d').getImageData(Math.round((x * cs + inset) * d), Math.round((y * cs + inset) * d),
      Math.round((cs + 1 - 2 * inset) * d), Math.round((cs + 1 - 2 * inset) * d));
  done(Array.from(img.data).join(','));
})))"""


def cell_pixels(page, x, y, inset=2, board="#board"):
    """The pixels of cell (x, y) on the board's canvas, `inset` pixels in from its grid lines
    (inset 0: the cell with its lines), once drawn, as one string to compare."""
    return page.evaluate(_CELL_PIXELS, [x, y, inset, board])


def board_pixels(page, board="#board"):
    """The board's cells canvas as drawn (a digest of its pixels), to compare two moments."""
    return page.evaluate("""(board) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(async () => {
        const c = document.querySelector(`${board} canvas.cells`);
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const hash = await crypto.subtle.digest('SHA-256', data);
        done(Array.from(new Uint8Array(hash)).join(','));
    })))""", board)


def cursor_at(page):
    """(x, y) of the board's keyboard cursor, 0-based, as its grid says (where a hint moved it)."""
    return tuple(page.evaluate("""() => { const g = [...document.querySelectorAll('[role=grid][aria-colcount]')]
        .find((e) => e.getClientRects().length), a = document.getElementById(g.getAttribute('aria-activedescendant'));
        return [+a.getAttribute('aria-colindex') - 1, +a.parentElement.getAttribute('aria-rowindex') - 1]; }"""))
