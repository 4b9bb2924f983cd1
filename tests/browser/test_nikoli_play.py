"""Playing Nurikabe, Heyawake, Masyu and Bag in the site as a person would: open a puzzle
by its URL, solve it by hand (mouse, keyboard) from the solution native clingo finds, see
the win the rule checker grants; the optional rule check outlines a broken rule."""
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from helpers import (cell_pixels, cell_words, click_cell, hold_next_read, hold_next_task, open_builtin, open_site, page_hook,
                     paste_puzzle, release_read, release_task, state, title_shown,
                     wait_engine, wait_until, wait_words)

from pysolver.nikoli import aspsolve, model, read

pytest.importorskip("clingo")

URLS = {  # 7x7 puzzles; the Heyawake is a built-in (web/puzzles/nikoli/index.json)
    "nurikabe": "https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m",
    "heyawake": "https://puzz.link/p?heyawake/7/7/73irtten807vs0vo00l0g0i2g11g",
    "masyu": "https://puzz.link/p?mashu/7/7/0004092220009030i",
    "bag": "https://puzz.link/p?cave/7/7/m24g354n5s5476h5l5",
}
NAMES = {"nurikabe": "Nurikabe", "heyawake": "Heyawake", "masyu": "Masyu", "bag": "Bag"}
STEP = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
ARROW = {"e": "ArrowRight", "w": "ArrowLeft", "s": "ArrowDown", "n": "ArrowUp"}


def solution(url):
    grid = read.parse(url, "url")
    res = aspsolve.solve(grid, 1)
    assert res["solutions"], res
    return grid, res["solutions"][0]


def open_url(page, url, family):
    paste_puzzle(page, url)
    page.wait_for_selector("#view-play:not([hidden])")
    # its title heads the view: "Nurikabe 7×7"
    page.locator("#view-play h2:visible", has_text=NAMES[family]).first.wait_for(timeout=30_000)


def start(page, server, family):
    """The site with its engine ready, the family's puzzle opened by its URL; its solution."""
    open_site(page, server)
    wait_engine(page)
    open_url(page, URLS[family], family)
    return solution(URLS[family])


def cell_px(page):
    """A cell's size on screen: the drawn cells' width over the columns the board's grid says."""
    return page.evaluate("""() => {
      const cols = +document.querySelector('#board [role=grid][aria-colcount]').getAttribute('aria-colcount');
      return document.querySelector('#board canvas.cells').getBoundingClientRect().width / cols; }""")


def centre(page, x, y):
    box = page.locator("#board canvas.cells").bounding_box()
    cs = cell_px(page)
    return box["x"] + (x + 0.5) * cs, box["y"] + (y + 0.5) * cs


def loop_path(rows):
    """The loop's cells in order from its first cell, and the directions between them."""
    dirs = {(x, y): set(model.DIRS[ch]) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "."}
    start = min(dirs, key=lambda c: (c[1], c[0]))
    path, moves, cell, came = [start], [], start, None
    while True:
        d = next(d for d in sorted(dirs[cell]) if d != came)
        moves.append(d)
        cell = (cell[0] + STEP[d][0], cell[1] + STEP[d][1])
        came = {"e": "w", "w": "e", "n": "s", "s": "n"}[d]
        if cell == start:
            return path, moves
        path.append(cell)


def go_to(page, x, y):
    page.keyboard.press("Home")
    for _ in range(10):
        page.keyboard.press("ArrowUp")
    for _ in range(x):
        page.keyboard.press("ArrowRight")
    for _ in range(y):
        page.keyboard.press("ArrowDown")


def nonogram_opened(page):
    """Play shows a nonogram: its title heads the view, no longer "Loading…"."""
    expect(page.locator("#puzzle-title")).not_to_have_text(re.compile(r"^(Loading…)?$"), timeout=30_000)


# The cells of the board on screen with at least a few pixels of the page's colour `var`
# (--error: the check's outline; --hint-mark: a hint's, and the cursor's frame while the board
# has the keyboard), as [x, y], 0-based: an outline as the player sees it.
_OUTLINED = """(name) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const probe = document.createElement('canvas').getContext('2d');
  probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  probe.fillRect(0, 0, 1, 1);
  const want = probe.getImageData(0, 0, 1, 1).data;
  const c = document.querySelector('#board canvas.cells'), r = c.getBoundingClientRect();
  const grid = document.querySelector('#board [role=grid]');
  const W = +grid.getAttribute('aria-colcount'), H = +grid.getAttribute('aria-rowcount');
  const d = c.width / r.width, cs = (r.width - 1) / W * d;
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, out = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    let n = 0;
    for (let py = Math.round(y * cs + 2 * d); py < Math.round((y + 1) * cs - d); py++)
      for (let px = Math.round(x * cs + 2 * d); px < Math.round((x + 1) * cs - d); px++) {
        const k = (py * c.width + px) * 4;
        if (Math.abs(data[k] - want[0]) + Math.abs(data[k + 1] - want[1]) + Math.abs(data[k + 2] - want[2]) < 60) n++;
      }
    if (n >= 4) out.push([x, y]);
  }
  done(out);
})))"""


def outlined(page, var):
    return {tuple(c) for c in page.evaluate(_OUTLINED, var)}


def won(page):
    page.wait_for_selector("#win-card:not([hidden])", timeout=30_000)
    assert "Solved" in page.text_content("#win-heading")


def test_shading_by_mouse_nurikabe_then_bag(page, site_server):
    # two shading genres in one page, one after the other: each won by mouse clicks
    start(page, site_server, "nurikabe")
    # the shell's "won" event (web/README.md, "Views and plug-ins") is what other parts hook
    page_hook(page, "(window.wins = [], app.addEventListener('won', (e) => wins.push([e.detail.genre, e.detail.bySolve])), true)")
    wins = []
    for family in ("nurikabe", "bag"):
        if family != "nurikabe":
            open_url(page, URLS[family], family)
        grid, rows = solution(URLS[family])
        shaded = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"]
        for x, y in shaded[:-1]:
            page.mouse.click(*centre(page, x, y))
        assert page.is_hidden("#win-card"), f"{family}: the win card shows before the last shaded cell"
        page.mouse.click(*centre(page, *shaded[-1]))
        won(page)
        wins.append([family, False])
        assert page.evaluate("wins") == wins, f"{family}: the shell's won event, once, not by Solve"
        # undo takes the win back; redo gives it again (the checker's verdict for that grid)
        page.click("#undo")
        expect(page.locator("#win-card"), f"{family}: Undo leaves the win card up").to_be_hidden()
        page.click("#redo")
        won(page)
        wins.append([family, False])
        assert page.evaluate("wins") == wins, f"{family}: Redo does not give the win again"


def test_heyawake_check_outlines_a_broken_rule_then_won_by_keyboard(page, site_server):
    grid, rows = start(page, site_server, "heyawake")
    # 1. the optional rule check outlines a broken rule
    page.locator("#check-panel").get_by_label("Check").select_option("Broken rules")
    page.mouse.click(*centre(page, 1, 0))
    page.mouse.click(*centre(page, 2, 0))
    # the one result display of every genre: the verdict, then the rules broken one a line
    expect(page.locator("#check-list li").first).to_be_visible()
    expect(page.locator("#check-text")).to_have_text("1 rule is broken")
    expect(page.locator("#check-list")).to_contain_text("shaded cells are side by side")
    assert outlined(page, "--error") >= {(1, 0), (2, 0)}, "the two shaded neighbours are not outlined"
    page.locator("#check-panel").get_by_label("Check").select_option("Off")
    expect(page.locator("#check-text")).to_be_empty()
    expect(page.locator("#check-list")).to_be_hidden()
    assert outlined(page, "--error") == set(), "the outline stays with the check off"
    page.click("#undo")                            # back to the empty board for the next step
    page.click("#undo")
    expect(page.locator("#undo")).to_be_disabled()
    # 2. solved with the keyboard alone
    page.focus("#board .aria-grid")
    for y, row in enumerate(rows):
        go_to(page, 0, y)
        for x, ch in enumerate(row):
            if ch == "#":
                page.keyboard.press(" ")
            elif x < 2:
                page.keyboard.press("x")  # a few dots too: they count as unshaded
            if x + 1 < len(row):
                page.keyboard.press("ArrowRight")
    won(page)


def test_a_heyawake_number_marked_unshaded_shows_its_dot(page, site_server):
    # a Heyawake number is the player's to shade or not: its dot was drawn nowhere, so a
    # right click on it changed nothing the player could see
    start(page, site_server, "heyawake")
    x, y = next((x, y) for y in range(7) for x in range(7) if ", number " in cell_words(page, x, y))
    page.mouse.click(*centre(page, x, y), button="right")
    assert ": marked unshaded, number " in cell_words(page, x, y)
    dotted = cell_pixels(page, x, y)
    page.mouse.click(*centre(page, x, y), button="right")   # the same again clears
    assert ": unknown, number " in cell_words(page, x, y)
    assert cell_pixels(page, x, y) != dotted, "the number marked unshaded looks the same as unmarked"


def test_each_shading_genre_says_what_its_own_dot_means(page, site_server):
    # one help for Nurikabe, Heyawake and Bag said "a dot (unshaded; Bag: inside)" to all three,
    # and a Nurikabe number refused with "stays unshaded (Bag: inside)"
    open_site(page, site_server)
    for puzzle, dot in (("nurikabe-7x7-1", "marks a dot (unshaded)"), ("bag-7x7-1", "marks a dot (inside the loop)")):
        open_builtin(page, puzzle)
        assert dot in page.text_content("#view-play p.help")
        page.click("#rules")
        page.wait_for_selector("#rules-dialog[open]")
        help_text = page.text_content(".rules-help")
        page.click(".rules-close")
        assert dot in help_text and "Bag:" not in help_text, help_text
        x, y = next((x, y) for y in range(7) for x in range(7) if ", number " in cell_words(page, x, y))
        page.mouse.click(*centre(page, x, y))                  # a number is given: the move is refused
        expect(page.locator("#status")).to_have_text(
            "A numbered cell stays inside the loop." if puzzle.startswith("bag") else "A numbered cell stays unshaded.")


def test_masyu_download_reopens_then_won_by_mouse_drag_and_by_keyboard(page, site_server):
    grid, rows = start(page, site_server, "masyu")
    path, moves = loop_path(rows)
    # 1. Download is the play frame's for every genre: a Nikoli puzzle's file is its URL on a line
    title = page.text_content("#puzzle-title")
    with page.expect_download() as dl:
        page.click("#export")
    text = open(dl.value.path(), encoding="utf-8").read()
    assert text.strip().startswith("https://puzz.link/p?mashu/7/7/") and dl.value.suggested_filename.endswith(".txt"), (
        "the downloaded file is not the puzzle's URL in a .txt", text, dl.value.suggested_filename)
    page.click("#nav-library")
    page.click("#open-toggle")
    page.set_input_files("#file-input", dl.value.path())
    page.wait_for_selector("#view-play:not([hidden])")
    wait_until(page, "document.getElementById('puzzle-meta').textContent.startsWith('Masyu · 7×7')")
    assert page.text_content("#puzzle-title") == title, "the downloaded file opens another puzzle"
    assert page.text_content("#status") == f"Opened {title}."
    # 2. the loop in one mouse drag
    page.mouse.move(*centre(page, *path[0]))
    page.mouse.down()
    for cell in path[1:] + [path[0]]:
        page.mouse.move(*centre(page, *cell), steps=2)
    page.mouse.up()
    won(page)
    page.click("#undo")                        # one drag, one move: one Undo takes the whole loop back
    expect(page.locator("#undo"), "one Undo does not take the dragged loop back").to_be_disabled()
    assert all(w.split(": ", 1)[1].startswith("no line") for w in (cell_words(page, *c) for c in path)), (
        "after Undo of the drag, a cell of the loop still has a line")
    # 3. a cross on an edge the loop does not use: a click near the middle of a cell's side
    empty = next((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row)
                 if ch == "." and x + 1 < len(row) and row[x + 1] == ".")
    cx, cy = centre(page, *empty)
    cs = cell_px(page)
    page.mouse.click(cx + cs * 0.45, cy)
    # the cell's words alone; the genre is said once, by the grid's name
    assert cell_words(page, *empty).endswith(": no line; crossed to the east."), cell_words(page, *empty)
    assert page.get_attribute("#board [role=grid]", "aria-label") == "Masyu grid, 7 columns by 7 rows"
    # 4. the loop with the keyboard
    page.focus("#board .aria-grid")
    go_to(page, *path[0])
    for d in moves:
        page.keyboard.press(f"Shift+{ARROW[d]}")
    won(page)


def test_bad_url_share_link_then_hint_stages(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    # 1. a bad link: one plain line
    paste_puzzle(page, "https://puzz.link/p?nurikabe/7/x/h4")
    page.wait_for_selector("#open-error:has-text('Could not open the puzzle')")
    assert "\n" not in page.text_content("#open-error").strip()
    # 2. a share link with progress opens the puzzle with the marks, as one undoable move
    open_url(page, URLS["nurikabe"], "nurikabe")
    page.mouse.click(*centre(page, 1, 0))  # (0, 0) holds a number: it stays unshaded
    page.check("#share-progress")
    page.click("#share")
    link = page.input_value("#share-url")
    assert "#n=" in link and "&s=12" in link
    page.click("#clear")
    page.goto(link)
    page.wait_for_selector("html[data-booted=true]")
    title_shown(page, "Nurikabe 7×7")
    wait_words(page, 1, 0, r": shaded\b")
    page.click("#undo")                          # the marks came as one move on top of the game
    wait_words(page, 1, 0, r": unknown\b")
    # New puzzle in the play frame's head, as for a nonogram: the card, with the genre in play chosen
    page.locator("#view-play").get_by_role("button", name="New puzzle").click()
    expect(page.locator("#view-library")).to_be_visible()
    expect(page.locator("#new-puzzle").get_by_label("Genre")).to_have_value("nurikabe")
    # 3. the hint's stages on that game, now empty again (the link's marks undone)
    open_url(page, URLS["nurikabe"], "nurikabe")
    grid, rows = solution(URLS["nurikabe"])
    assert "#" not in "".join(state(page)), ("the game reopened with shaded cells", state(page))
    assert page.text_content("#status") == "Progress restored."
    page.click("#hint")
    page.wait_for_selector("#hint-text:has-text('Look at row')", timeout=60_000)
    assert page.text_content("#status") == ""   # "Progress restored." (or "Opened …") is stale under a hint
    m = re.search(r"Look at row (\d+), column (\d+)", page.text_content("#hint-text"))
    assert (int(m[2]) - 1, int(m[1]) - 1) in outlined(page, "--hint-mark")   # the cell it names, outlined
    page.click("#hint")
    assert "would break" in page.text_content("#hint-text")   # what, and which rule
    before = state(page)
    page.click("#hint")                                        # applied: one undoable move
    expect(page.locator("#hint-text")).to_have_text("Hint applied (Undo takes it back).")
    after = state(page)
    changed = [(x, y) for y in range(7) for x in range(7) if before[y][x] != after[y][x]]
    assert changed and all(after[y][x] == rows[y][x] for x, y in changed)   # as the solution has them
    page.click("#undo")
    assert state(page) == before
    page.click("#redo")
    # a wrong mark is reported before anything else
    wrong = next((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row)
                 if ch == "." and (x, y) not in grid.clues and after[y][x] == "?")
    page.mouse.click(*centre(page, *wrong))
    page.keyboard.press("h")
    hint_text = page.locator("#hint-text")
    expect(hint_text).to_have_text("There is a mistake: some of your marks are wrong.", timeout=60_000)
    page.get_by_role("button", name="How many?").click()               # how many, when the player asks
    expect(hint_text).to_have_text("There is a mistake: 1 of your marks is wrong.")
    page.get_by_role("button", name="Hint: show where").click()
    expect(hint_text).to_contain_text(" is wrong: ")
    expect(hint_text).to_contain_text(". It is outlined on the board.")
    # why, in words: what each rule it names says, as How to play says it, never its code
    # ("(rules N4, N6)", then "N4: ...", said nothing to a player)
    words = hint_text.text_content()
    assert re.search(r"is wrong: it breaks (the rule: [a-z]|no rule yet, but )", words), words
    assert not re.search(r"\bN\d\b", words), words
    assert outlined(page, "--hint-mark") == {wrong}   # the button has the keyboard: no cursor frame
    page.get_by_role("button", name="Hint: clear the wrong mark", exact=True).click()
    expect(hint_text).to_have_text("Cleared 1 wrong mark (Undo brings it back).")
    assert cell_words(page, *wrong).split(": ", 1)[1].startswith("unknown")


def test_solve_and_cancel_then_reload_resumes_the_game_last_played_of_two_kinds(page, site_server):
    # 1. Solve shows the solution; a solve cancelled leaves the page usable
    start(page, site_server, "masyu")
    solve_panel = page.locator("#solve-panel")
    solve_panel.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-progress")).to_have_text("Result: one solution (unique).", timeout=90_000)
    expect(solve_panel.get_by_role("img")).to_have_count(1)               # its picture, by the board's plug-in
    solve_panel.get_by_role("button", name="Show in grid").click()
    won(page)
    # a long run, cancelled at once: the page answers, and Solve works again
    page.click("#nav-library")
    page.click("button.open-builtin[data-id='heyawake-7x7-1']")  # the solve held: the size is not the point
    expect(page.locator("#puzzle-meta")).to_contain_text("Heyawake · 7×7", timeout=30_000)
    hold_next_task(page, "solve")              # the solve still runs when Cancel is clicked
    page.click("#solve")
    page.click("#solve-cancel")
    page.wait_for_selector("#solve-progress:has-text('Cancelled')")
    release_task(page)                         # its late answer changes nothing
    expect(page.locator("#solve-progress")).to_have_text(re.compile("^Cancelled"))
    assert page.is_enabled("#solve")
    page.mouse.click(*centre(page, 3, 0))      # shaded in its solution: a right move, so the hint names a cell
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#hint")
    page.wait_for_selector("#hint-text:has-text('row')", timeout=90_000)
    # one Play route for every genre: back from Puzzles it shows the game in play, with the
    # Nikoli tools and none of the nonogram's
    page.click("#nav-library")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#puzzle-meta")).to_contain_text("Heyawake · 7×7")
    expect(page.get_by_label("with my progress")).to_be_visible()
    expect(page.get_by_role("button", name="Mode: fill")).to_be_hidden()
    # 2. a reload resumes the game last played, of two kinds (a Nurikabe, then a nonogram)
    open_url(page, URLS["nurikabe"], "nurikabe")
    page.mouse.click(*centre(page, 1, 0))
    page.click("#nav-library")                  # a nonogram, played after the Nikoli game
    page.click("button.open-builtin[data-id='welcome-heart']")
    nonogram_opened(page)
    # the one play frame swapped to the nonogram's tools: the Nikoli option and panels are gone
    expect(page.get_by_role("button", name="Mode: fill")).to_be_visible()
    expect(page.get_by_label("with my progress")).to_be_hidden()
    expect(page.locator("#check-mode option[value=rules]")).to_have_count(0)   # the nonogram's check modes
    click_cell(page, 2, 2)
    page.reload()                               # pagehide: only the game in sight is saved again
    page.wait_for_selector("html[data-booted=true]")
    nonogram_opened(page)
    assert page.is_visible("#view-play") and state(page)[2][2] == "#"
    # one route: the nav has one Play; the old Nikoli route opens a Nikoli game there
    assert page.locator("#views button").all_text_contents() == ["Play", "Puzzles", "Create"]
    page.evaluate("location.hash = '#/nikoli'")
    expect(page.locator("#puzzle-meta")).to_contain_text("Nurikabe · 7×7", timeout=30_000)
    page.wait_for_function("location.hash === '#/play'")
    expect(page.get_by_role("button", name="Mode: fill")).to_be_hidden()
    # a late open never replaces a newer one: the Heyawake pasted first is read by the engine
    # only after a nonogram opened meanwhile (its reply held until then); the nonogram stays
    hold_next_read(page)
    paste_puzzle(page, URLS["heyawake"])
    page.click("button.open-builtin[data-id='welcome-heart']")
    expect(page.locator("#puzzle-meta")).not_to_contain_text("Nurikabe", timeout=30_000)
    title = page.text_content("#puzzle-title")
    release_read(page)
    assert page.text_content("#puzzle-title") == title and "Heyawake" not in page.text_content("#puzzle-meta")
    assert page.is_visible("#view-play")
    paste_puzzle(page, URLS["heyawake"])         # the same paste, not overtaken, opens
    expect(page.locator("#puzzle-meta")).to_contain_text("Heyawake · 7×7", timeout=30_000)


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
def test_phone_sheet_is_one_row_of_the_panels_and_masyu_draws_by_touch(page, site_server):
    # the play frame of every genre (play/view.js): on a phone the panels fold to one row of
    # buttons, the board keeps the height; a button shows its panel alone, again folds it
    # 1. the sheet, on a Nurikabe
    start(page, site_server, "nurikabe")
    tabs = page.eval_on_selector_all("#view-play .sheet-tab:not([hidden])", "bs => bs.map(b => b.textContent)")
    assert tabs == ["Hint", "Check", "Solve"]   # the rules: the toolbar's ? button, as for every genre
    sheet = page.locator("#play-sheet").bounding_box()
    assert sheet["height"] < 0.12 * 844 and sheet["y"] + sheet["height"] <= 845
    # the board starts right under the toolbar: the room it does not need is below it, not above
    bar = page.get_by_role("toolbar", name="Play tools").bounding_box()
    assert 0 <= page.locator("#board canvas.cells").bounding_box()["y"] - (bar["y"] + bar["height"]) < 24
    assert not page.is_visible("#hint")
    page.click("#hint-panel-tab")
    assert page.is_visible("#hint") and not page.is_visible("#solve") and not page.is_visible("#check-panel")
    box = page.locator("#hint").bounding_box()
    assert box["y"] + box["height"] <= 844
    page.click("#check-panel-tab")                 # another panel in its place
    assert page.is_visible("#check-panel") and not page.is_visible("#hint")
    page.click("#check-panel-tab")
    assert not page.is_visible("#check-panel")
    assert page.is_hidden(".play-title .win")          # no second "Solved" line: the win card says it
    # 2. a Masyu on the same phone: one finger draws, two zoom
    from test_board_touch import Fingers

    open_url(page, URLS["masyu"], "masyu")
    fingers = Fingers(page)
    a, b = centre(page, 0, 0), centre(page, 2, 0)
    fingers.drag(a, b)  # one finger: two segments along the top row
    wait_words(page, 1, 0, ": line to the east and west")
    assert [cell_words(page, x, 0).split(": ", 1)[1].split(".")[0] for x in (0, 2, 3)] == [
        "line to the east", "line to the west", "no line"]
    before = cell_px(page)
    c, d = centre(page, 3, 3), centre(page, 4, 4)
    fingers.two(c, d, (c[0] - 30, c[1] - 30), (d[0] + 30, d[1] + 30))  # two fingers: zoom, no line
    wait_until(page, f"(() => {{ const cols = +document.querySelector('#board [role=grid][aria-colcount]').getAttribute('aria-colcount');"
               f" return document.querySelector('#board canvas.cells').getBoundingClientRect().width / cols > {before}; }})()")
    assert all(cell_words(page, x, y).split(": ", 1)[1].startswith("no line") for x, y in ((3, 3), (4, 4), (3, 4), (4, 3)))
    page.click("#undo")                                 # the drag was the only move
    expect(page.locator("#undo")).to_be_disabled()


def test_a_built_in_shared_or_pasted_opens_with_its_title_and_stars(page, site_server):
    """A share link or a pasted URL of a built-in opened as "Nurikabe 7×7", without the
    number and stars its card shows."""
    index = json.loads((Path(__file__).parents[2] / "web/puzzles/nikoli/index.json").read_text())["puzzles"]
    nuri, heya = (next(e for e in index if e["file"] == f) for f in ("nurikabe-7x7-1.txt", "heyawake-7x7-1.txt"))

    def stars(e):
        return "difficulty " + "★" * e["stars"] + "☆" * (5 - e["stars"])
    open_site(page, site_server, "#n=" + nuri["url"].split("?", 1)[1])
    title_shown(page, f"Nurikabe 7×7 #{nuri['seed']}", timeout=90_000)
    expect(page.locator("#puzzle-meta")).to_contain_text(stars(nuri))
    paste_puzzle(page, heya["url"])
    title_shown(page, f"Heyawake 7×7 #{heya['seed']}", timeout=90_000)
    expect(page.locator("#puzzle-meta")).to_contain_text(stars(heya))


def test_masyu_pearls_keep_their_colours_in_the_dark_theme(page, site_server):
    # the dark theme's ink is light: a white pearl was drawn as the dark ground in a light ring
    # and a black pearl as a light disc, so the pearls a player saw as white were the black ones
    grid = read.parse(URLS["masyu"], "url")
    white = next(c for c, k in grid.clues.items() if k == model.WHITE)
    black = next(c for c, k in grid.clues.items() if k == model.BLACK)
    open_site(page, site_server)
    open_url(page, URLS["masyu"], "masyu")

    def lightness(x, y):   # the pearl's middle on the board's canvas, 0 black to 1 white
        px = page.evaluate("""([x, y]) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
          const c = document.querySelector('#board canvas.cells'), r = c.getBoundingClientRect();
          const W = +document.querySelector('#board [role=grid]').getAttribute('aria-colcount');
          const d = c.width / r.width, cs = (r.width - 1) / W * d;
          const p = c.getContext('2d').getImageData(Math.round((x + 0.5) * cs), Math.round((y + 0.5) * cs), 1, 1).data;
          done((p[0] + p[1] + p[2]) / 765); })))""", [x, y])
        return px

    for theme in ("light", "dark"):
        if page.get_attribute("html", "data-theme") != theme:
            page.click("#theme-toggle")
            expect(page.locator("html")).to_have_attribute("data-theme", theme)
        w, b = lightness(*white), lightness(*black)
        assert w > 0.8 and b < 0.2, f"{theme} theme: the white pearl's middle is {w:.2f} light, the black one's {b:.2f}"
