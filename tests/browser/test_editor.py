"""The Create view: paint, clues, check, fix, drafts, export/import, image import, play."""
import re
import struct
import zlib

import pytest
from playwright.sync_api import expect

from helpers import (cells, click_cell, clue_numbers, clues as board_clues, drag, editor_board, editor_cursor,
                     editor_givens, editor_open, editor_picture, open_builtin, open_site, state, wait_board, wait_engine,
                     wait_view)
from pictures import CHECKER
from pysolver import api, stars
from pysolver.nonogram import service
from pysolver.nonogram.formats import jsonfmt, parse
from pysolver.nonogram.walk import walk
from test_newcomer import ENGINE_WORDS

pytestmark = [pytest.mark.browser]


def open_editor(page, server):
    open_site(page, server)
    page.wait_for_selector("#nav-editor", timeout=30_000)
    page.click("#nav-editor")
    wait_engine(page)


def new_puzzle(page, w, h):
    page.fill("#ed-width", str(w))
    page.fill("#ed-height", str(h))
    page.click("#ed-new")
    editor_board(page, w, h)


def set_picture(page, rows, givens=()):
    """Open a picture in the editor as one move, from a file (for tests about checking, not painting)."""
    editor_open(page, rows, givens)


def wait_clues(page):
    """The board's clues are the picture's (not being worked out)."""
    page.wait_for_selector("#ed-grid[aria-busy=false]", timeout=30_000)


def picture(page):
    return editor_picture(page)


def clues(page):
    """(row clues, column clues) as the board's words say them."""
    return board_clues(page)


def marked(page, words):
    """The cells (x, y) whose words say `words` (the check's marks)."""
    return sorted((x, y) for y, row in enumerate(cells(page)) for x, w in enumerate(row) if words in w)


def clue_has_colour(page, row, rgb):
    """Whether the row clue of `row` is drawn with the colour `rgb` ((r, g, b)) on the board's margin."""
    return page.evaluate("""async ([row, rgb]) => { await new Promise(requestAnimationFrame);
        const c = document.querySelector('#ed-grid canvas.row-clues'), ctx = c.getContext('2d');
        const rows = +document.querySelector('#ed-grid [role=grid]').getAttribute('aria-rowcount'), h = c.height / rows;
        const { data } = ctx.getImageData(0, Math.round(row * h), c.width, Math.round(h));
        for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i] - rgb[0]) < 3 && Math.abs(data[i + 1] - rgb[1]) < 3 && Math.abs(data[i + 2] - rgb[2]) < 3) return true;
        return false; }""", [row, list(rgb)])


def mark_of(page, selector):
    """The mark drawn before a verdict (✓, ✗ or none), as the page shows it."""
    return page.eval_on_selector(selector, "e => getComputedStyle(e, '::before').content").strip('"').strip()


def run_check(page):
    page.click("#ed-check-run")
    page.wait_for_selector("#ed-verdict", timeout=60_000)
    return page.get_attribute("#ed-verdict", "data-status")


def test_paint_a_picture_and_see_its_clues(page, site_server, artifacts):
    open_editor(page, site_server)
    new_puzzle(page, 5, 4)
    click_cell(page, 0, 0)                       # click paints
    drag(page, 1, 2, 4, 2)                       # a drag paints every cell of its line
    click_cell(page, 2, 3)
    click_cell(page, 3, 3)
    click_cell(page, 3, 3, button="right")       # right click erases
    editor_cursor(page, 4, 0)                    # keyboard: move and paint
    page.keyboard.press("Space")
    page.keyboard.press("Shift+ArrowDown")
    wait_clues(page)
    assert picture(page) == ["#...#", "....#", ".####", "..#.."]
    rows, cols = clues(page)
    assert rows == ["1 1", "1", "4", "1"]
    assert cols == ["1", "1", "2", "1", "3"]
    # named as the player hears them: "Undo", not the arrow's name before it; the toolbars by what they hold
    assert page.get_by_role("toolbar", name="Drawing tools").count() == 1
    assert page.get_by_role("toolbar", name="Board size and history").count() == 1
    page.get_by_role("button", name="Undo", exact=True).click()   # the Shift+arrow paint was one move
    wait_clues(page)
    assert picture(page)[1] == "....."
    assert clues(page)[1][4] == "1 1"
    page.click("#ed-redo")
    wait_clues(page)
    assert picture(page)[1] == "....#"
    status = page.locator("#ed-status")
    expect(status).to_have_text("Redone: Paint.")          # the status line says what Undo / Redo did
    # the status line follows undo and redo: after Undo of New it is not New's words
    new_puzzle(page, 3, 3)
    expect(status).to_have_text("New 3×3 Nonogram puzzle (Undo brings the old one back).")
    page.click("#ed-undo")
    editor_board(page, 5, 4)
    expect(status).to_have_text("Undone: New. The 5×4 puzzle before it is back (Redo does it again).")
    page.click("#ed-redo")
    editor_board(page, 3, 3)
    expect(status).to_have_text("Redone: New.")
    page.click("#ed-undo")
    editor_board(page, 5, 4)
    wait_clues(page)
    # a drawn stroke: New's "Undo brings ..." no longer holds (Undo takes the stroke): it goes
    new_puzzle(page, 5, 4)
    click_cell(page, 0, 0)
    expect(status).to_have_text("")
    page.click("#ed-undo")
    page.click("#ed-undo")
    editor_board(page, 5, 4)
    wait_clues(page)
    assert picture(page)[1] == "....#"
    # a picture is drawn freehand: a slanted drag paints the cells the pointer crosses (not a
    # line as in Play), each that held the start cell's value ((1, 2) was filled: it stays)
    drag(page, 0, 3, 2, 1)
    wait_clues(page)
    assert picture(page) == ["#...#", "..#.#", ".####", "#.#.."]
    page.screenshot(path=str(artifacts / "editor-paint.png"))


def test_two_solutions_are_shown_and_a_fix_makes_it_unique(page, site_server, artifacts):
    open_editor(page, site_server)
    set_picture(page, CHECKER)
    assert run_check(page) == "multiple"
    assert "2 solutions" in page.text_content("#ed-verdict")
    assert mark_of(page, "#ed-verdict") == "✗"           # Play's Check marks, the same for every genre
    assert marked(page, "Another solution differs here") == [(2, 2), (2, 3), (3, 2), (3, 3)]
    # where it differs, a row a line in words, as Play's check lists its mistakes
    assert page.locator("#ed-check-list li").all_inner_texts() == ["Row 3, columns 3 and 4", "Row 4, columns 3 and 4"]
    page.wait_for_selector("#ed-alt-canvas")
    page.click("#ed-fix-run")
    page.wait_for_selector("#ed-fix-list li", timeout=60_000)
    kinds = page.eval_on_selector_all("#ed-fix-list li", "els => els.map(e => e.dataset.kind)")
    assert "given" in kinds and "toggle" in kinds
    # each fix says what to do once ("Show at the start: Show row 1 ... at the start" said it twice),
    # with no engine term behind a hover either
    fixes = page.eval_on_selector_all("#ed-fix-list li", "els => els.map(e => [e.innerText, e.outerHTML])")
    for text, html in fixes:
        assert text.startswith(("Show ", "Change ")) and text.count("at the start") <= 1, text
        assert "classification" not in html, html
    # plain words for players (issue 32): no engine term in what the editor shows by default
    shown = page.inner_text("#view-editor")
    assert not ENGINE_WORDS.search(shown), ENGINE_WORDS.search(shown)
    assert "classification: multiple" in page.text_content("#ed-check-details")
    page.screenshot(path=str(artifacts / "editor-check-fix.png"), full_page=True)
    # on a phone the side column flows whole below the board: the fixes, Download and Play
    # this puzzle are there to scroll to, none cut off inside a box no finger scrolls
    page.set_viewport_size({"width": 390, "height": 844})
    side = page.locator("#view-editor .ed-side")
    bottom = side.evaluate("e => e.getBoundingClientRect().bottom")
    for control in ["#ed-fix-list .ed-fix-apply", "#ed-export", "#ed-play", "#ed-open-file"]:
        assert page.locator(control).first.evaluate("e => e.getBoundingClientRect().bottom") <= bottom + 1, control
    assert side.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    page.screenshot(path=str(artifacts / "editor-check-fix-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    # apply the picture-changing fix: one click, re-checked, unique
    toggle = page.locator("#ed-fix-list li[data-kind=toggle]").first
    toggle.locator(".ed-fix-apply").click()
    page.wait_for_selector("#ed-verdict[data-status=unique]", timeout=60_000)
    assert mark_of(page, "#ed-verdict") == "✓"
    assert page.locator("#ed-check-list").count() == 0 and page.locator("#ed-alt-canvas").count() == 0
    changed = picture(page)
    assert changed != CHECKER and sum(a != b for r, s in zip(changed, CHECKER) for a, b in zip(r, s)) == 1
    # the fixed puzzle really has one solution: the file it downloads, solved by the engine
    page.select_option("#ed-format", "non")
    with page.expect_download() as dl:
        page.click("#ed-export")
    fixed = parse(open(dl.value.path(), encoding="utf-8").read(), "fixed.non")[0]
    res = api.solve(jsonfmt.to_dict(fixed), max_solutions=2)
    assert res["status"] == "unique" and res["solutions"] == [changed]
    played = walk(fixed)                                # its stars as the library would show them
    n, minutes = stars.nonogram(fixed.width, fixed.height, played), stars.nonogram_minutes(fixed.width, fixed.height, played)
    assert page.text_content("#ed-hard") == f"How hard: {'★' * n}{'☆' * (5 - n)} (about {max(1, int(minutes + 0.5))} minute{'' if int(minutes + 0.5) <= 1 else 's'})."

    # undo brings the two solutions back; a given-cell fix keeps the picture
    page.click("#ed-undo")
    wait_clues(page)
    assert picture(page) == CHECKER
    assert run_check(page) == "multiple"
    page.click("#ed-fix-run")
    page.wait_for_selector("#ed-fix-list li[data-kind=given]", timeout=60_000)
    page.locator("#ed-fix-list li[data-kind=given] .ed-fix-apply").first.click()
    page.wait_for_selector("#ed-verdict[data-status=unique]", timeout=60_000)
    assert picture(page) == CHECKER
    assert len(editor_givens(page)) == 1
    # the file it downloads is unique with its shown cell for the engine too, and the stars are
    # its walk from that cell (from the empty grid, where it is not unique, it read 4 or 5)
    with page.expect_download() as dl:
        page.click("#ed-export")
    shown = parse(open(dl.value.path(), encoding="utf-8").read(), "shown.non")[0]
    assert len(shown.givens) == 1 and api.analyse(shown)["status"] == "unique"
    played = walk(shown, cells=service.shown_cells(shown, None))
    n, minutes = stars.nonogram(shown.width, shown.height, played), stars.nonogram_minutes(shown.width, shown.height, played)
    assert page.text_content("#ed-hard") == f"How hard: {'★' * n}{'☆' * (5 - n)} (about {max(1, int(minutes + 0.5))} minute{'' if int(minutes + 0.5) <= 1 else 's'})."
    page.screenshot(path=str(artifacts / "editor-fixed.png"), full_page=True)
    page.click("#theme-toggle")
    page.screenshot(path=str(artifacts / "editor-dark.png"), full_page=True)


def test_export_then_import_gives_the_same_puzzle(page, site_server):
    open_editor(page, site_server)
    heart = [".##.##.", "#######", "#######", ".#####.", "..###..", "...#..."]
    for fmt in ("non", "xml", "json"):                # one page for the three formats
        set_picture(page, heart)
        page.fill("#ed-title", "Round & <trip>")
        page.press("#ed-title", "Enter")
        page.select_option("#ed-format", fmt)
        with page.expect_download() as dl:
            page.click("#ed-export")
        path = dl.value.path()
        text = open(path, encoding="utf-8").read()
        exported = parse(text, f"x.{fmt}")[0]
        assert exported.goal is not None and [r.replace("X", "#") for r in exported.goal] == heart, fmt
        rows_before = clues(page)
        new_puzzle(page, 3, 3)                           # something else in between
        page.set_input_files("#ed-open-file", path)
        editor_board(page, 7, 6)
        assert picture(page) == heart, fmt
        assert clues(page) == rows_before, fmt
        assert page.input_value("#ed-title") == "Round & <trip>", fmt


def test_colour_palette_and_draft_survives_reload(page, site_server, artifacts):
    open_editor(page, site_server)
    new_puzzle(page, 4, 3)
    page.click("#ed-add-colour")
    page.fill(".ed-colour-name >> nth=1", "leaf green")
    page.press(".ed-colour-name >> nth=1", "Enter")
    page.locator("input[type=color] >> nth=1").evaluate(
        "e => { e.value = '#22aa33'; e.dispatchEvent(new Event('change')); }")
    click_cell(page, 0, 0)
    click_cell(page, 1, 0)
    wait_clues(page)                                  # a picture in one colour: its clues in that colour
    page.keyboard.press("ArrowDown")                  # (the cursor's row is tinted)
    assert clue_has_colour(page, 0, (34, 170, 51))
    page.click(".ed-swatch[data-color='1']")          # back to black
    click_cell(page, 2, 0)
    click_cell(page, 3, 2)
    wait_clues(page)
    assert page.input_value(".ed-colour-name >> nth=1") == "leaf green"    # swatch 2, as the palette shows it
    assert page.eval_on_selector(".ed-swatch[data-color='2']", "e => getComputedStyle(e).backgroundColor") == "rgb(34, 170, 51)"
    g = "2"
    assert picture(page) == [f"{g}{g}#.", "....", "...#"]
    rows, _ = clues(page)
    assert rows[0] == "2 leaf green 1 black"            # the words; the colours are on the margin too
    assert clue_has_colour(page, 0, (34, 170, 51)) and not clue_has_colour(page, 1, (34, 170, 51))
    page.screenshot(path=str(artifacts / "editor-colour.png"))

    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-editor")
    wait_clues(page)
    assert picture(page) == [f"{g}{g}#.", "....", "...#"]
    page.click("#ed-undo")                            # history survives the reload
    wait_clues(page)
    assert picture(page) == [f"{g}{g}#.", "....", "...."]
    # on a phone the Colours panel lies below the board: a strip of the colours right under the
    # board switches the paint colour, in view with the board (no scrolling away from the picture)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#ed-grid").evaluate("e => e.scrollIntoView({ block: 'start' })")   # as when painting
    strip = page.get_by_role("radiogroup", name="Colour to paint")
    green = strip.get_by_role("radio", name="paint with leaf green")
    expect(green).to_be_visible()
    in_view = """e => { const r = e.getBoundingClientRect(), top = document.querySelector('header').getBoundingClientRect().bottom;
                        return r.top >= top && r.bottom <= innerHeight; }"""
    assert page.locator("#ed-grid canvas.cells").evaluate(in_view) and strip.evaluate(in_view)
    assert green.evaluate(in_view) and strip.get_by_role("radio", name="paint background (erase)").evaluate(in_view)
    scrolled = "document.querySelector('main').scrollTop"   # the page's content scrolls in <main>
    at = page.evaluate(scrolled)
    assert at > 0                                     # the board is below the toolbars: scrolled to it
    green.click()
    assert page.evaluate(scrolled) == at
    expect(green).to_have_attribute("aria-checked", "true")
    expect(page.locator(".ed-swatch[data-color='2']")).to_have_attribute("aria-checked", "true")   # the panel agrees
    click_cell(page, 3, 1)
    wait_clues(page)
    assert picture(page) == [f"{g}{g}#.", f"...{g}", "...."]
    page.screenshot(path=str(artifacts / "editor-colour-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(strip).to_be_hidden()                      # wider, the panel is beside the board


def test_play_this_puzzle_from_the_editor(page, site_server):
    open_editor(page, site_server)
    set_picture(page, CHECKER, givens=[2 * 7 + 2])    # a file with one given cell
    assert editor_givens(page) == [2 * 7 + 2]
    page.click("#ed-play")
    wait_view(page, "play")
    wait_board(page, 7, 6)
    rows, _ = board_clues(page)
    assert [clue_numbers(r) for r in rows] == [[7], [1, 1], [1, 1, 1], [1, 1, 1], [1, 1], [7]]
    shown = state(page)
    assert shown[2][2] == "#"                         # the given cell starts filled
    assert sum(row.count("?") for row in shown) == 41


def png(width, height, pixel):
    """A PNG (RGBA, 8 bits) from pixel(x, y) -> (r, g, b, a), written with zlib."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def set_value(page, selector, value):
    page.eval_on_selector(selector, """(e, v) => { e.value = v;
        e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); }""",
                          str(value))


def test_imported_image_gives_the_expected_grid(page, site_server, tmp_path, artifacts):
    # 8x6 cells of 5x5 pixels: a dark ring (#) around light grey (g) on white (.)
    src = ["........",
           ".######.",
           ".#gggg#.",
           ".#g##g#.",
           ".######.",
           "........"]
    rgba = {"#": (20, 20, 20, 255), "g": (170, 170, 170, 255), ".": (255, 255, 255, 255)}
    path = tmp_path / "ring.png"
    path.write_bytes(png(40, 30, lambda x, y: rgba[src[y // 5][x // 5]]))
    open_editor(page, site_server)
    page.click("#ed-import-panel summary")
    page.set_input_files("#ed-image-file", str(path))
    page.wait_for_function("() => !document.querySelector('#ed-image-apply').disabled")
    set_value(page, "#ed-image-width", 8)
    assert page.input_value("#ed-image-height") == "6"          # proportions kept
    page.screenshot(path=str(artifacts / "editor-import.png"), full_page=True)
    page.click("#ed-image-apply")
    wait_clues(page)
    assert picture(page) == [r.replace("g", ".") for r in src]  # threshold 128: grey is light
    set_value(page, "#ed-image-threshold", 10)                     # nothing is that dark
    page.click("#ed-image-apply")
    wait_clues(page)
    assert picture(page) == ["." * 8] * 6
    set_value(page, "#ed-image-threshold", 200)                    # grey counts as dark; inverted
    page.check("#ed-image-invert")
    page.click("#ed-image-apply")
    wait_clues(page)
    assert picture(page) == [r.translate(str.maketrans({"#": ".", "g": ".", ".": "#"})) for r in src]
    page.click("#ed-undo")                                         # each import is one move
    wait_clues(page)
    assert picture(page) == ["." * 8] * 6

    # three colours: red and blue blocks on white, 10x10 pixels per cell
    def blocks(x, y):
        if y < 10:
            return (230, 30, 30, 255) if x < 20 else (255, 255, 255, 255)
        return (30, 30, 230, 255) if x >= 20 else (255, 255, 255, 255)

    path2 = tmp_path / "blocks.png"
    path2.write_bytes(png(40, 20, blocks))
    page.check("#ed-image-k")
    set_value(page, "#ed-image-colours", 3)
    page.set_input_files("#ed-image-file", str(path2))
    page.wait_for_function("() => document.querySelector('#ed-image-height').value === '4'")
    set_value(page, "#ed-image-width", 4)
    page.click("#ed-image-apply")
    editor_board(page, 4, 2)
    # the palette's swatches, as shown: background, then the two colours found
    rgb = page.eval_on_selector_all(".ed-swatch", "els => els.map(e => getComputedStyle(e).backgroundColor)")
    r, b = "#", "2"
    if rgb[1] != "rgb(230, 30, 30)":
        r, b = b, r
    assert sorted(rgb) == sorted(["rgb(255, 255, 255)", "rgb(230, 30, 30)", "rgb(30, 30, 230)"])
    assert rgb[0] == "rgb(255, 255, 255)"
    assert picture(page) == [f"{r}{r}..", f"..{b}{b}"]
    assert clues(page)[0] == ["2 red", "2 blue"]                     # the colours' everyday words


def test_share_link_opens_the_puzzle(page, site_server):
    open_editor(page, site_server)
    set_picture(page, CHECKER)
    page.click("#ed-share")
    page.wait_for_function("() => document.querySelector('#ed-share-url').value.includes('#p=')")
    url = page.input_value("#ed-share-url")
    assert url.startswith(site_server.url)
    page.goto(url)
    wait_view(page, "play")
    wait_board(page, 7, 6)
    rows, _ = board_clues(page)
    assert [clue_numbers(r) for r in rows] == [[7], [1, 1], [1, 1, 1], [1, 1, 1], [1, 1], [7]]


def test_a_long_check_can_be_cancelled(page, site_server, puzzles_dir):
    # Knotty (40x40) has several solutions and no solver here settles it quickly
    open_editor(page, site_server)
    page.set_input_files("#ed-open-file", str(puzzles_dir / "webpbn" / "knotty.xml"))
    page.wait_for_selector("#ed-grid[aria-busy=false] [role=grid][aria-colcount='40']", timeout=60_000)
    page.click("#ed-check-run")
    # once its search runs, the maker is told it may take long, and how to stop it
    page.wait_for_function("() => document.querySelector('#ed-check-progress').textContent.includes("
                           "'the rest needs a search, which can take minutes on a hard puzzle (Cancel stops it)')",
                           timeout=120_000)
    assert page.is_enabled("#ed-check-cancel")
    page.click("#ed-check-cancel")
    page.wait_for_function("() => document.querySelector('#ed-check-result').textContent.includes('cancelled')",
                           timeout=30_000)
    assert page.is_enabled("#ed-check-run")
    # the editor keeps working: paint, and the clues come back from the (restarted) engine
    page.click("#ed-new")
    editor_board(page, 40, 40)
    click_cell(page, 0, 0)
    wait_clues(page)
    assert clues(page)[0][0] == "1"


def taai_solution(puzzles_dir, number):
    """Rows ('#'/'.') of solution $number in the TAAI 2011 solution file."""
    lines = (puzzles_dir / "taai" / "taai2011-solution.txt").read_text().splitlines()
    k = lines.index(f"${number}")
    return ["".join("#" if v == "1" else "." for v in line.split()) for line in lines[k + 1:k + 26]]


def test_clingo_counts_first_when_pysolver_is_slow(page, site_server, puzzles_dir):
    # TAAI 2011 #998: counting 20 solutions takes pysolver seconds, clingo far less
    rows = taai_solution(puzzles_dir, 998)
    assert len(rows) == 25 and all(len(r) == 25 for r in rows)
    open_editor(page, site_server)
    # clingo is in: Play's Solve panel offers it
    page.wait_for_selector("#solve-engine option[value='clingo']", state="attached", timeout=60_000)
    set_picture(page, rows)
    page.click("#ed-check-run")
    page.wait_for_selector("#ed-verdict", timeout=60_000)
    assert page.get_attribute("#ed-verdict", "data-status") == "multiple"
    assert "clingo" not in page.text_content("#ed-verdict")  # plain words; the engine is in Details
    assert "counted by clingo" in page.text_content("#ed-check-details")
    assert page.get_by_text(re.compile(r"^Another solution: \d+ cells? differ")).is_visible()
    assert marked(page, "Another solution differs here")  # outlined on the board too
    # pysolver may still be counting (Cancel stops it) or, on a busy machine, have ended
    # while the lines above read the page: either way the check ends with Check usable
    page.evaluate("() => { const b = document.querySelector('#ed-check-cancel'); if (!b.disabled) b.click(); }")
    page.wait_for_function("() => !document.querySelector('#ed-check-run').disabled", timeout=30_000)


def test_an_editor_check_leaves_a_clingo_solve_in_play_running(page, site_server):
    # clingo-wasm runs one solve at a time; the editor's count race is optional
    # and must neither stop nor replace the solve the player started in Play
    open_site(page, site_server)
    wait_engine(page)
    open_builtin(page, "webpbn-knotty")  # clingo needs far longer than this test
    page.wait_for_selector("#solve-engine option[value='clingo']", state="attached", timeout=30_000)
    page.select_option("#solve-engine", "clingo")
    page.click("#solve")
    page.wait_for_function("() => document.querySelector('#solve-progress').textContent.startsWith('Solving')"
                           " && !document.querySelector('#solve-cancel').disabled", timeout=30_000)
    page.click("#nav-editor")
    new_puzzle(page, 5, 5)
    set_picture(page, ["#....", ".#...", "..#..", "...#.", "....#"])  # 120 solutions
    assert run_check(page) == "multiple"
    page.wait_for_timeout(1000)  # the race's clean-up has run
    page.click("#nav-play")
    assert page.text_content("#solve-progress").startswith("Solving")   # the solve in Play still runs
    assert not page.text_content("#solve-progress").startswith("Cancelled")
    assert page.is_enabled("#solve-cancel")
    page.click("#solve-cancel")
    assert page.text_content("#solve-progress").startswith("Cancelled")
