"""The Nikoli families in the Create frame (create/editor.js + genres/nikoli/editor.js): the
genre choice (remembered), numbers, rooms and pearls on the shared board, every edit an
undoable move (Undo / Redo, Ctrl+Z / Ctrl+Y), New and a file opened undoable moves too, the
draft per genre with its history across a reload, Check (unique? how hard?), Download, Share link,
Play, Generate, and a refused puzzle's reason. The puzzle is read back as a player would: its
share link and its downloaded file."""
import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from helpers import open_site, title_shown, wait_engine
from pysolver.nikoli import aspsolve, read
from pysolver.nikoli.url import write_url

pytestmark = [pytest.mark.browser]
pytest.importorskip("clingo")

NURIKABE = "https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m"


def url_of(text):
    """The puzz.link URL the engine writes for a family text."""
    return write_url(read.parse(text, "test"))


def ed(page):
    """The Create view."""
    return page.locator("#view-editor")


def open_create(page, server, genre=None):
    open_site(page, server)
    wait_engine(page)
    page.get_by_role("button", name="Create", exact=True).click()
    if genre:
        choose(page, genre)


def choose(page, genre):
    kind = ed(page).get_by_label("Puzzle type")
    kind.select_option(genre)
    # the choice is off while the genre's editor loads (the board shown may still be the last
    # genre's): on again, the chosen editor is the one shown
    expect(kind).to_be_enabled()
    expect(ed(page).get_by_role("button", name="New", exact=True)).to_be_enabled()
    page.locator("#ed-board canvas.cells").wait_for()


def new_grid(page, w, h):
    ed(page).get_by_role("spinbutton", name="Columns", exact=True).fill(str(w))
    ed(page).get_by_role("spinbutton", name="Rows", exact=True).fill(str(h))
    ed(page).get_by_role("button", name="New", exact=True).click()
    expect(page.locator("#ed-board [role=grid]")).to_have_attribute("aria-colcount", str(w))


def centre(page, x, y):
    box = page.locator("#ed-board canvas.cells").bounding_box()
    cols = int(page.get_attribute("#ed-board [role=grid][aria-colcount]", "aria-colcount"))
    cs = box["width"] / cols
    return box["x"] + (x + 0.5) * cs, box["y"] + (y + 0.5) * cs, cs


def click(page, x, y, dx=0.0, dy=0.0):
    cx, cy, cs = centre(page, x, y)
    page.mouse.click(cx + dx * cs, cy + dy * cs)


def finger(page, points):
    """A finger on the board through `points` (in cells from its top left corner), as a touch
    screen's pointer events (pointerType "touch"): down, a move to each point, up."""
    board = page.locator("#ed-board canvas.cells")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    cs = box["width"] / int(page.get_attribute("#ed-board [role=grid][aria-colcount]", "aria-colcount"))
    at = [[box["x"] + x * cs, box["y"] + y * cs] for x, y in points]
    board.evaluate("""(c, at) => {
      const send = (type, [x, y]) => c.dispatchEvent(new PointerEvent(type, { pointerId: 41, pointerType: "touch",
        isPrimary: true, bubbles: true, cancelable: true, clientX: x, clientY: y, button: type === "pointermove" ? -1 : 0,
        buttons: type === "pointerup" ? 0 : 1 }));
      send("pointerdown", at[0]);
      for (const p of at.slice(1)) send("pointermove", p);
      send("pointerup", at[at.length - 1]);
    }""", at)


def darkness(page, x, y):
    """How dark the board is at the point (x, y) in cells (0 the ground, 1 black): the darkest
    pixel within 2 px of it, as the player sees the canvas."""
    return page.locator("#ed-board canvas.cells").evaluate("""(c, [x, y]) => {
      const cols = Number(document.querySelector("#ed-board [role=grid]").getAttribute("aria-colcount"));
      const k = c.width / c.getBoundingClientRect().width, cs = c.width / cols;
      const d = c.getContext("2d").getImageData(Math.round(x * cs - 2 * k), Math.round(y * cs - 2 * k), Math.ceil(5 * k), Math.ceil(5 * k)).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) dark = Math.max(dark, 1 - (d[i] + d[i + 1] + d[i + 2]) / 765);
      return dark;
    }""", [x, y])


def shared(page):
    """The puzzle's puzz.link URL, read from the Share link the frame makes (#n=<pid/W/H/body>);
    None for a blank grid, which is not shared (the status line says so)."""
    box = ed(page).get_by_label("Share link", exact=True)
    box.evaluate("e => { e.value = ''; }")
    page.locator("#ed-status").evaluate("e => { e.textContent = ''; }")
    ed(page).get_by_role("button", name="Share link").click()
    page.wait_for_function("() => document.querySelector('#ed-share-url').value"
                           " || document.querySelector('#ed-status').textContent.startsWith('Share: the grid is empty')")
    link = box.input_value()
    return "https://puzz.link/p?" + unquote(re.search(r"#n=([^&]+)", link).group(1)) if link else None


def test_edits_undo_redo_and_the_draft_survives_a_reload(page, site_server):
    open_create(page, site_server, "nurikabe")
    undo, redo = ed(page).get_by_role("button", name="Undo"), ed(page).get_by_role("button", name="Redo")
    resume = ed(page).get_by_role("button", name="Continue the draft")
    expect(resume).to_be_hidden()                       # no draft yet
    new_grid(page, 5, 5)
    expect(undo).to_be_enabled()                        # New is a move: Undo brings the 7×7 back
    expect(redo).to_be_disabled()
    click(page, 0, 0)
    page.keyboard.type("3")
    one = shared(page)
    assert one == url_of("nurikabe 5x5\n3 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n")
    click(page, 4, 4)                                   # the number buttons (a phone's way) do the same
    ed(page).get_by_role("group", name="Number in the cell").get_by_role("button", name="2", exact=True).click()
    two = shared(page)
    assert two == url_of("nurikabe 5x5\n3 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . 2\n")
    undo.click()                                        # the 2 goes
    assert shared(page) == one
    expect(redo).to_be_enabled()
    page.locator("#ed-board [role=grid]").focus()
    page.keyboard.press("Control+y")                    # and comes back
    assert shared(page) == two
    page.keyboard.press("Control+z")
    assert shared(page) == one
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    wait_engine(page)
    page.get_by_role("button", name="Create", exact=True).click()
    expect(ed(page).get_by_label("Puzzle type")).to_have_value("nurikabe")   # the genre chosen last
    expect(page.locator("#ed-status")).to_contain_text("draft is back")
    expect(ed(page).get_by_role("spinbutton", name="Columns", exact=True)).to_have_value("5")
    assert shared(page) == one
    expect(undo).to_be_enabled()                        # the history comes back with the draft
    expect(redo).to_be_enabled()
    redo.click()
    assert shared(page) == two
    new_grid(page, 6, 6)                                # a mis-click on New loses nothing:
    expect(page.locator("#ed-status")).to_contain_text("Undo brings the old one back")
    expect(resume).to_be_hidden()                       # the draft is the board (saved after New)
    undo.click()
    expect(ed(page).get_by_role("spinbutton", name="Columns", exact=True)).to_have_value("5")
    # the status line follows: New's words go with it
    expect(page.locator("#ed-status")).to_have_text("Undone: New. The 5×5 puzzle before it is back (Redo does it again).")
    assert shared(page) == two
    undo.click()
    undo.click()
    undo.click()
    expect(undo).to_be_disabled()                       # back to the first blank 7×7 grid
    expect(ed(page).get_by_role("spinbutton", name="Columns", exact=True)).to_have_value("7")
    redo.click()                                        # the 5×5 again
    # another genre has its own draft; the Nurikabe one waits
    choose(page, "masyu")
    expect(ed(page).get_by_role("spinbutton", name="Columns", exact=True)).to_have_value("7")
    choose(page, "nurikabe")
    expect(ed(page).get_by_role("spinbutton", name="Columns", exact=True)).to_have_value("5")
    # Check, in the one display of every genre: not unique, two solutions drawn, where they
    # differ a row a line and outlined on the board; an edit makes the answer stale
    new_grid(page, 3, 3)
    check = ed(page).get_by_role("button", name="Check", exact=True)
    check.click()                                       # no number: no solution, and why
    expect(page.locator("#ed-verdict")).to_have_text("No solution: the clues contradict each other.", timeout=60_000)
    expect(page.locator("#ed-howfix")).to_have_text("How to fix: Add numbers: with none every cell is shaded, and no 2×2 square may be.")
    click(page, 0, 0)
    page.keyboard.type("4")                             # one 4 in a corner: many islands fit
    check.click()
    expect(page.locator("#ed-verdict")).to_have_text("Not unique: at least 2 solutions.", timeout=60_000)
    assert page.eval_on_selector("#ed-verdict", "e => getComputedStyle(e, '::before').content") == '"✗ "'
    expect(page.get_by_role("img", name="solution 2 of the clues")).to_be_visible()
    expect(page.locator("#ed-alt figcaption")).to_contain_text(re.compile(r"^Two of its solutions: they differ in \d+ cells?"))
    assert re.fullmatch(r"Row \d+, columns? [\d, and]+", page.locator("#ed-check-list li").first.inner_text())
    # how to fix it, in the family's words (a Nurikabe number cannot keep either solution)
    expect(page.locator("#ed-howfix")).to_have_text(
        "How to fix: Add a number that starts another island near the outlined cells, or change a number; then Check again.")
    expect(check).to_be_enabled()
    # Ctrl+Z from anywhere on the page (a click beside the board leaves the focus on the
    # page's body) undoes the last edit, not the typing in a size field
    ed(page).get_by_role("heading", name="Create a puzzle").click()
    page.keyboard.press("Control+z")
    expect(page.locator("#ed-status")).to_have_text("Undone: Number.")
    expect(ed(page).get_by_role("spinbutton", name="Columns", exact=True)).to_have_value("3")
    assert shared(page) is None                         # blank again: nothing to share
    page.keyboard.press("Control+y")
    click(page, 2, 2)
    page.keyboard.type("1")
    expect(page.locator("#ed-verdict")).to_have_count(0)


def test_create_numbers_rooms_pearls_check_download_play(page, site_server, tmp_path):
    grid = read.parse(NURIKABE, "url")
    open_create(page, site_server, "nurikabe")
    new_grid(page, 7, 7)
    for (x, y), n in grid.clues.items():               # the built-in's numbers, typed in
        click(page, x, y)
        page.keyboard.type(str(n))
    assert shared(page) == NURIKABE
    ed(page).get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#ed-check")).to_contain_text("Unique: exactly one solution.", timeout=60_000)
    assert page.eval_on_selector("#ed-verdict", "e => getComputedStyle(e, '::before').content") == '"✓ "'
    rated = aspsolve.analyse(grid)                      # the hint walk's, as the library and play head show
    expect(page.locator("#ed-check")).to_contain_text(
        f"How hard: {'★' * rated['stars']}{'☆' * (5 - rated['stars'])} (about {max(1, int(rated['minutes'] + 0.5))} minute{'' if int(rated['minutes'] + 0.5) <= 1 else 's'}).")
    ed(page).get_by_label("Format", exact=True).select_option("url")
    with page.expect_download() as dl:
        ed(page).get_by_role("button", name="Download").click()
    path = tmp_path / "nurikabe.txt"
    dl.value.save_as(path)
    assert path.read_text().strip() == NURIKABE         # the file opens here and on puzz.link
    ed(page).get_by_role("button", name="Play this puzzle").click()
    title_shown(page, "My Nurikabe 7×7")
    # Heyawake: borders make rooms; two numbers in one room are refused, with the reason
    page.get_by_role("button", name="Create", exact=True).click()
    choose(page, "heyawake")
    new_grid(page, 2, 2)
    click(page, 0, 0, dx=0.45)                         # the side between (0, 0) and (1, 0)
    click(page, 1, 0, dy=0.45)                         # the side between (1, 0) and (1, 1)
    assert shared(page) == url_of("heyawake 2x2\nr0 r1\nr0 r0\n")
    click(page, 0, 0)
    page.keyboard.type("1")
    click(page, 0, 1)
    page.keyboard.type("2")
    ed(page).get_by_role("button", name="Share link").click()
    expect(page.locator("#ed-status.error")).to_contain_text("Share:")
    expect(page.locator("#ed-status.error")).to_contain_text("room")
    ed(page).get_by_role("button", name="Download").click()           # the button's name, not "Export"
    expect(page.locator("#ed-status.error")).to_contain_text(re.compile(r"^Download: .*room"))
    # on a phone, by finger: a drag along the grid lines draws every border it passes (the board
    # shows the rooms they make), one move that Undo takes back whole; a drag that starts along a
    # drawn border erases; a tap near a side toggles it, in a finger's wider zone
    page.set_viewport_size({"width": 390, "height": 844})
    new_grid(page, 4, 4)
    expect(page.locator("#ed-help")).to_contain_text("Drag along the grid lines to draw room borders")
    blank = shared(page)
    finger(page, [(0, 2), (0.6, 2.1), (1.02, 1.96), (2.1, 2), (3, 2.05), (4, 2)])   # across, between rows 2 and 3
    halves = url_of("heyawake 4x4\nr0 r0 r0 r0\nr0 r0 r0 r0\nr1 r1 r1 r1\nr1 r1 r1 r1\n")
    assert shared(page) == halves
    assert darkness(page, 1.5, 2) > 0.6 and darkness(page, 1.5, 1) < 0.4          # drawn thick, where no thin line was
    ed(page).get_by_role("button", name="Undo").click()                           # the whole stroke, one move
    expect(page.locator("#ed-status")).to_have_text("Undone: Borders.")
    assert shared(page) == blank
    ed(page).get_by_role("button", name="Redo").click()
    assert shared(page) == halves
    finger(page, [(2, 2), (2, 3), (2, 4)])                                        # down from it: the lower half splits
    quarters = url_of("heyawake 4x4\nr0 r0 r0 r0\nr0 r0 r0 r0\nr1 r1 r2 r2\nr1 r1 r2 r2\n")
    assert shared(page) == quarters
    finger(page, [(4, 2), (3, 2), (2.03, 1.97)])                                  # along drawn borders: erased
    assert shared(page) == url_of("heyawake 4x4\nr0 r0 r0 r0\nr0 r0 r0 r0\nr1 r1 r0 r0\nr1 r1 r0 r0\n")
    ed(page).get_by_role("button", name="Undo").click()
    expect(page.locator("#ed-status")).to_have_text("Undone: Borders erased.")
    assert shared(page) == quarters
    click(page, 1, 2, dx=0.25)                       # a mouse 0.25 cell from a side: the cell only
    assert shared(page) == quarters
    finger(page, [(1.75, 2.5)])                      # a finger there: the side between (1, 2) and (2, 2) goes
    assert shared(page) == halves
    page.set_viewport_size({"width": 1280, "height": 900})
    # Masyu: a click cycles the pearls
    choose(page, "masyu")
    expect(page.locator("#ed-status")).to_have_text("")    # Heyawake's error is not Masyu's
    new_grid(page, 3, 3)
    click(page, 1, 2)
    assert shared(page) == url_of("masyu 3x3\n. . .\n. . .\n. w .\n")
    click(page, 1, 2)
    click(page, 1, 2)
    assert shared(page) is None                         # no pearl: nothing to share
    # not unique: how to fix it, a pearl one of the two loops breaks; Apply adds it (a move) and checks again
    new_grid(page, 4, 4)
    click(page, 1, 1)
    click(page, 2, 2)
    before = shared(page)
    ed(page).get_by_role("button", name="Check", exact=True).click()
    fix = page.locator("#ed-howfix")
    pearl = r"Put a (white|black) pearl at row \d, column \d"
    expect(fix).to_have_text(re.compile(rf"^How to fix: {pearl}: solution [12] does not pass it as that pearl demands\. Apply$"), timeout=60_000)
    fix.get_by_role("button", name="Apply").click()
    expect(page.locator("#ed-status")).to_have_text(re.compile(rf"^Applied: {pearl} \(Undo takes it back\.\)$"))
    page.locator("#ed-verdict").wait_for(timeout=60_000)           # checked again
    after = read.parse(shared(page), "url")
    assert len(after.clues) == 3 and set(read.parse(before, "url").clues.items()) < set(after.clues.items())
    # a file opens to edit in the editor of its family, chosen for it (Heyawake's rooms come back as borders)
    notes = tmp_path / "notes.txt"
    notes.write_text("garbage here\n")
    ed(page).get_by_label("Open a puzzle file to edit").set_input_files(str(notes))
    # the file named once, then where and what is wrong (it said "notes.txt: notes.txt: notes.txt:1: ...")
    expect(page.locator("#ed-status.error")).to_have_text("notes.txt:1: expected 'FAMILY WxH', got 'garbage here'")
    hey = tmp_path / "rooms.txt"
    hey.write_text("heyawake 3x2\nr0:1 r0 r1\nr2 r2 r1\n")
    ed(page).get_by_label("Open a puzzle file to edit").set_input_files(str(hey))
    expect(page.locator("#ed-status")).to_have_text("Opened rooms.txt to edit.")
    expect(ed(page).get_by_label("Puzzle type")).to_have_value("heyawake")
    assert shared(page) == url_of("heyawake 3x2\nr0:1 r0 r1\nr2 r2 r1\n")
    ed(page).get_by_role("button", name="Undo").click()                          # opening was a move:
    expect(page.locator("#ed-board [role=grid]")).to_have_attribute("aria-colcount", "4")  # the 4×4 is back
    expect(page.locator("#ed-status")).to_have_text("Undone: Open rooms.txt. The 4×4 puzzle before it is back (Redo does it again).")
    ed(page).get_by_role("button", name="Redo").click()
    expect(page.locator("#ed-status")).to_have_text("Redone: Open rooms.txt.")
    assert shared(page) == url_of("heyawake 3x2\nr0:1 r0 r1\nr2 r2 r1\n")
    # Generate: the genre's generator in the page (clingo-wasm for its checks) opens a new
    # puzzle of the size to play
    choose(page, "bag")
    # below the generator's range: its reason, in the engine's words, and nothing opened
    ed(page).get_by_role("spinbutton", name="Columns", exact=True).fill("3")
    ed(page).get_by_role("spinbutton", name="Rows", exact=True).fill("3")
    ed(page).get_by_role("button", name="Generate").click()
    expect(page.locator("#ed-status.error")).to_have_text(
        "Could not generate: the generator makes bag puzzles from 4x4 to 30x30, not 3x3: "
        "a smaller one holds no real puzzle")
    expect(page.locator("#ed-status")).to_have_css("color", "rgb(209, 26, 42)")  # in the error colour
    ed(page).get_by_role("spinbutton", name="Columns", exact=True).fill("6")
    ed(page).get_by_role("spinbutton", name="Rows", exact=True).fill("6")
    ed(page).get_by_role("button", name="Generate").click()
    page.locator("h2:visible", has_text=re.compile(r"^Bag 6×6 #\d+$")).wait_for(timeout=120_000)
    # back in Create, the generated puzzle is the draft to change (it was the old one still)
    page.click("#nav-editor")
    expect(page.locator("#ed-status")).to_contain_text("opened in Play and here to change (Undo brings back your draft)")
    expect(page.locator("#ed-board [role=grid]")).to_have_attribute("aria-colcount", "6")
    assert "cave/6/6/" in shared(page)                 # puzz.link names Bag "cave"
    ed(page).get_by_role("button", name="Undo").click()
    expect(page.locator("#ed-status")).to_contain_text("Undone: Generate.")
