"""Share links, the address bar's route, drops and files: what a player sees after a
reload, a damaged link, a deep link, a dropped file or a Latin-1 file."""
import pytest

from pictures import DANCER, bw
from pysolver.nonogram.formats import dump

from helpers import (click_cell, drag, editor_board, editor_givens, editor_picture, open_builtin, open_site, state, title_shown,
                     wait_board, wait_engine, wait_until, wait_view)

pytestmark = [pytest.mark.browser]

# 5x5 with two painted cells on a diagonal: the other diagonal fits the clues too
TWO_WAYS = ["#....", ".#...", ".....", ".....", "....."]


def visible_view(page):
    return page.evaluate("[...document.querySelectorAll('section.view')].filter(s => !s.hidden).map(s => s.id)")


def wait_game(page, timeout=90):
    """Play shows, with a board on it."""
    wait_view(page, "play", timeout=timeout * 1000)
    page.locator("#board [role=grid]").locator("visible=true").first.wait_for(timeout=timeout * 1000)


def undo_enabled(page):
    return page.is_enabled("#undo")


def test_reload_after_share_keeps_the_game(page, site_server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_site(page, site_server)
    open_builtin(page, "webpbn-26167")          # 10x10: the size is not the point
    drag(page, 0, 0, 9, 0, "right")
    click_cell(page, 3, 5)
    before = state(page)
    page.click("#share")
    wait_until(page, "document.querySelector('#status').textContent.includes('Share link')")
    url = page.evaluate("navigator.clipboard.readText()")
    assert "#p=" in url
    assert page.evaluate("location.hash") == "#/play"        # the address still names this game
    assert page.input_value("#share-url") == url              # and the link is shown to copy
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    wait_game(page)
    assert page.text_content("#puzzle-title") == "Bloop Bloop"
    assert state(page) == before and undo_enabled(page)
    page.click("#undo")
    assert state(page)[5][3] == "?"

    # the link itself, opened by the same player in a new page load, resumes that game too
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("html[data-booted=true]")
    wait_engine(page)
    wait_until(page, "location.hash === '#/play'", 90)
    title_shown(page, "Bloop Bloop", timeout=90_000)
    assert state(page)[0] == before[0] and state(page)[5][3] == "?"


def test_given_cells_travel_in_share_links_and_stay_fixed(page, site_server):
    open_site(page, site_server)
    page.wait_for_selector("#nav-editor", timeout=30_000)
    page.click("#nav-editor")
    wait_engine(page)
    page.fill("#ed-width", "5")
    page.fill("#ed-height", "5")
    page.click("#ed-new")
    editor_board(page, 5, 5)
    for y, row in enumerate(TWO_WAYS):
        for x, ch in enumerate(row):
            if ch == "#":
                click_cell(page, x, y)
    page.click("#ed-check-run")
    page.wait_for_selector("#ed-verdict[data-status=multiple]", timeout=60_000)
    page.click("#ed-fix-run")
    page.wait_for_selector("#ed-fix-list li[data-kind=given]", timeout=60_000)
    page.locator("#ed-fix-list li[data-kind=given] .ed-fix-apply").first.click()
    page.wait_for_selector("#ed-verdict[data-status=unique]", timeout=60_000)
    given = editor_givens(page)                    # the dotted cell
    assert len(given) == 1
    gy, gx = divmod(given[0], 5)
    page.click("#ed-share")
    page.wait_for_function("() => document.querySelector('#ed-share-url').value.includes('#p=')")
    url = page.input_value("#ed-share-url")

    # Play this puzzle: the given cell is shown and Undo cannot take it away
    page.click("#ed-play")
    wait_game(page)
    assert state(page)[gy][gx] == TWO_WAYS[gy][gx]
    assert not undo_enabled(page)
    click_cell(page, gx, gy)                     # a click does not change a given cell either
    assert state(page)[gy][gx] == TWO_WAYS[gy][gx]

    # the shared link opens with the given cell, and the puzzle has one solution
    page.goto(url)  # only the fragment changes: the page opens the link without reloading
    page.wait_for_selector("html[data-booted=true]")
    wait_engine(page)
    # the link is open once the address is back to #/play; before that the game on the
    # board is still the one from "Play this puzzle", and a solve started on it is dropped
    wait_until(page, "!location.hash.startsWith('#p=')", 90)
    wait_game(page)
    rows = state(page)
    assert rows[gy][gx] == TWO_WAYS[gy][gx] and sum(r.count("?") for r in rows) == 24
    assert not undo_enabled(page)
    for solver in ["pysolver", "auto", "clingo"]:            # every solver starts from the given cell
        page.select_option("#solve-engine", solver)
        page.evaluate("document.querySelector('#solve-progress').textContent = ''")
        page.click("#solve")
        wait_until(page, "document.querySelector('#solve-progress').textContent.startsWith('Result')", 150)
        assert "one solution (unique)" in page.text_content("#solve-progress"), solver

    # Download from Play keeps them too: opened in the editor, the cell is still shown at the start
    with page.expect_download() as download:
        page.click("#export")
    page.click("#nav-editor")
    page.set_input_files("#ed-open-file", download.value.path())
    wait_until(page, "document.querySelector('#ed-status').textContent.startsWith('Opened')")
    assert editor_givens(page) == given


def test_a_damaged_link_on_a_first_visit_still_opens_a_puzzle(page, site_server):
    page.goto(site_server.url + "#p=%%%garbage!!")
    page.wait_for_selector("html[data-booted=true]")
    wait_until(page, "document.querySelector('#open-error').textContent.includes('damaged')", 90)
    page.click("#nav-play")
    assert page.text_content("#puzzle-title") == "Welcome heart"
    assert state(page) == ["?" * 10] * 10
    assert not undo_enabled(page) and not page.is_enabled("#redo")


def test_the_route_in_the_address_is_honoured(page, site_server):
    # a load with #/library in the address shows Puzzles and stays there
    page.goto(site_server.url + "#/library")
    page.wait_for_selector("html[data-booted=true]")
    page.wait_for_selector("#view-library:not([hidden])", timeout=30_000)
    page.wait_for_timeout(1000)                  # nothing switches back to Play later
    assert visible_view(page) == ["view-library"] and page.evaluate("location.hash") == "#/library", (
        "a load with #/library in the address did not stay on Puzzles", visible_view(page))
    # a load with #/editor (a reload while in Create) shows Create and stays there
    page.goto(site_server.url + "#/editor")      # only the fragment changes: no load yet
    page.wait_for_selector("#view-editor:not([hidden])", timeout=30_000)
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.wait_for_selector("#view-editor:not([hidden])", timeout=30_000)
    page.wait_for_timeout(1000)
    assert visible_view(page) == ["view-editor"] and page.evaluate("location.hash") == "#/editor", (
        "a load with #/editor in the address did not stay in Create", visible_view(page))


def dancer_xml():
    """webpbn #1 (DANCER) as a webpbn XML file, clues only (no goal picture in it)."""
    p = bw(DANCER, title="Dropped dancer")
    p.goal = None
    return dump(p, "xml")


def drop_file(page, target, name, content):
    dt = page.evaluate_handle("""([name, content]) => { const dt = new DataTransfer();
        dt.items.add(new File([content], name, {type: 'text/xml'})); return dt; }""", [name, content])
    page.dispatch_event(target, "dragenter", {"dataTransfer": dt})
    page.dispatch_event(target, "drop", {"dataTransfer": dt})


def test_a_dropped_file_and_the_size_fields_in_create_then_a_latin1_file(page, site_server, tmp_path):
    # 1. a file dropped in Create opens in the editor
    open_site(page, site_server)
    page.wait_for_selector("#nav-editor", timeout=30_000)
    page.click("#nav-editor")
    wait_engine(page)
    drop_file(page, "#view-editor", "dancer.xml", dancer_xml())
    wait_until(page, "document.querySelector('#ed-status').textContent.includes('Opened dancer.xml')")
    assert visible_view(page) == ["view-editor"]
    assert page.input_value("#ed-title") == "Dropped dancer"
    assert editor_picture(page) == DANCER
    assert page.text_content("#puzzle-title") != "Dropped dancer"   # Play was not touched
    # 2. the size fields clamp zero to one
    for (w, h), want in [(("0", "3"), ("1", "3")), (("-4", "500"), ("1", "200")), (("4", "0"), ("4", "1"))]:
        page.fill("#ed-width", w)
        page.fill("#ed-height", h)
        page.click("#ed-new")
        wait_until(page, f"document.querySelector('#ed-status').textContent.startsWith('New {want[0]}×{want[1]}')", 10)
        assert (page.input_value("#ed-width"), page.input_value("#ed-height")) == want
    # 3. a Latin-1 file shows its accents
    path = tmp_path / "cafe.non"
    path.write_bytes("title \"Café crème\"\nwidth 2\nheight 1\n\nrows\n1\n\ncolumns\n1\n0\n".encode("latin-1"))
    page.click("#nav-library")
    page.set_input_files("#file-input", str(path))
    wait_board(page, 2, 1)
    assert page.text_content("#puzzle-title") == "Café crème"


def test_a_link_cut_at_its_start_is_said(page, site_server):
    """An address that is a link but none of ours (its "#p=", "#n=" or "#g=" cut or mistyped)
    opened the start puzzle without a word, on a first load and when pasted into the bar."""
    words = "Could not open the puzzle: this share link is damaged (its start is not one of this site's links); ask for it again"
    open_site(page, site_server, "#p")
    wait_until(page, "document.getElementById('open-error').textContent.length > 0", 90)
    assert page.text_content("#open-error") == words
    assert visible_view(page) == ["view-library"]
    page.click("#nav-play")                                   # the start puzzle is open beneath
    assert page.text_content("#puzzle-title") == "Welcome heart"
    page.evaluate("location.hash = '#xn=nurikabe/5/5/g3'")    # typed into the bar
    wait_until(page, "document.getElementById('open-error').textContent.length > 0", 30)
    assert page.text_content("#open-error") == words
    page.evaluate("location.hash = '#/play'")                 # a view is not a link
    wait_until(page, "location.hash === '#/play'", 30)
    assert page.errors == []


def test_the_share_box_leaves_the_tools_where_they_were(page, site_server):
    """The link's box is a line of its own under the tools: right after Share link (and its
    "with my progress") it pushed Download onto a line of its own."""
    open_site(page, site_server)
    open_builtin(page, "nurikabe-7x7-1")
    before = page.locator("#export").bounding_box()
    page.click("#share")
    page.wait_for_selector("#share-url:not([hidden])")
    after, box = page.locator("#export").bounding_box(), page.locator("#share-url").bounding_box()
    assert after == before
    assert box["y"] >= after["y"] + after["height"]
