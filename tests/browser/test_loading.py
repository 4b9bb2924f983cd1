"""Opening puzzles (files, paste, share links), bad input, and no engine (offline: test_first_visit.py)."""
import pytest

from helpers import cell_words, click_cell, clues, open_builtin, open_site, paste_puzzle, state, title_shown, wait_board

pytestmark = [pytest.mark.browser]


NON = """title "Paste test <b>bold</b>"
by "<img src=x onerror=alert(1)>"
width 3
height 2

rows
3
1

columns
2
1
1
"""


def test_paste_and_untrusted_text_stays_text(page, site_server):
    open_site(page, site_server)
    paste_puzzle(page, NON)
    wait_board(page, 3, 2)
    assert page.text_content("#puzzle-title") == "Paste test <b>bold</b>"
    assert "<img src=x" in page.text_content("#puzzle-meta")
    assert page.locator("#view-play img, #puzzle-title b").count() == 0


def test_malformed_file_shows_the_error(page, site_server):
    open_site(page, site_server)
    page.click("#nav-library")
    bad = "10 10\n1 2\nthree\n"
    page.set_input_files("#file-input", files=[{"name": "broken.nin", "mimeType": "text/plain",
                                                  "buffer": bad.encode()}])
    page.wait_for_function("document.getElementById('open-error').textContent.length > 0",
                           timeout=90_000)
    err = page.text_content("#open-error")
    assert err.startswith("Could not open the puzzle: broken.nin")
    assert "Traceback" not in err
    assert page.text_content("#puzzle-title") == "Welcome heart"   # the old game is untouched


PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5e1c70000000049454e44ae426082")


def test_an_image_or_a_binary_file_is_named_as_such_in_the_open_panel_and_in_create(page, site_server):
    """A photo taken for "a picture" (the formats' pictures are text grids), or any binary file:
    the player read "the file holds NUL characters: not a puzzle text"."""
    open_site(page, site_server)
    files = {"photo.png": (PNG, "this is an image, not a puzzle file; to make a puzzle of a picture, use Create, then Import an image"),
             "game.exe": (b"MZ\x90\x00\x03\x00\x00\x00", "this is not a puzzle file (it holds binary data, not text)"),
             # a PNG cut short, with no NUL in it: it was taken for text of an unknown format
             "cut.png": (PNG[:8] + b"broken", "this is an image, not a puzzle file; to make a puzzle of a picture, use Create, then Import an image")}
    for name, (data, words) in files.items():
        page.click("#nav-library")
        page.evaluate("() => { document.getElementById('open-error').textContent = ''; }")
        page.set_input_files("#file-input", files=[{"name": name, "mimeType": "application/octet-stream", "buffer": data}])
        page.wait_for_function("document.getElementById('open-error').textContent.length > 0")
        assert page.text_content("#open-error") == f"Could not open the puzzle: {name}: {words}"
        page.click("#nav-editor")
        page.set_input_files("#ed-open-file", files=[{"name": name, "mimeType": "application/octet-stream", "buffer": data}])
        page.wait_for_function("(name) => document.getElementById('ed-status').textContent.startsWith(name)", arg=name)
        assert page.text_content("#ed-status") == f"{name}: {words}"
    page.click("#nav-play")
    assert page.text_content("#puzzle-title") == "Welcome heart"   # the game in play is untouched


@pytest.mark.slow  # a minute: the engine reads, the board draws and the game saves 4 million cells
def test_the_largest_grid_the_limits_allow_opens_and_plays(page, site_server):
    """2000x2000 (limits.MAX_CELLS): saving the new game packed its 4 million empty cells
    with a regular expression that overflowed its stack, and the player read "Could not
    open the puzzle: Maximum call stack size exceeded"."""
    open_site(page, site_server)
    paste_puzzle(page, "2000 2000\n" + "1\n" * 4000)   # .nin: every row and column clue "1"
    page.wait_for_function("""() => document.querySelector("[role=grid][aria-colcount='2000']")
        || document.getElementById('open-error').textContent""", timeout=90_000)
    assert page.text_content("#open-error") == ""
    wait_board(page, 2000, 2000)
    click_cell(page, 1, 0)                              # a move, saved too
    assert cell_words(page, 1, 0).split(": ", 1)[1].startswith("filled")
    assert page.errors == []


def test_share_link_round_trip(page, site_server):
    open_site(page, site_server)
    open_builtin(page, "tulip")
    page.click("#share")
    # the link is shown (and copied); the address keeps the game's own
    page.wait_for_function("(document.getElementById('share-url') || {}).value?.includes('#p=')")
    url = page.input_value("#share-url")
    assert "#p=" in url and "#p=" not in page.url
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_selector("html[data-booted=true]")
    title_shown(other, "Tulip in a pot", timeout=90_000)
    assert other.locator("#palette button").count() == 4
    assert clues(other) == clues(page)
    # a damaged link gives a clear message
    other.goto(url.split("#")[0] + "#p=AAAA!!notdeflate")
    other.wait_for_function("document.getElementById('open-error').textContent.length > 0")
    assert "share link is damaged" in other.text_content("#open-error")


def test_engine_failure_panel_and_hand_play(page, site_server):
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    open_site(page, site_server)
    page.wait_for_selector("#engine-failed:not([hidden])", timeout=60_000)
    assert "could not start" in page.text_content("#engine-failed")
    click_cell(page, 1, 1)
    assert state(page)[1][1] == "#"
    assert page.get_attribute("#engine-status", "data-status") == "failed"
    # Pyodide's own failed fetch surfaces as an uncaught worker error: expected here
    page.errors[:] = [e for e in page.errors if "Failed to fetch" not in e]


def test_drop_a_file_on_the_page(page, site_server):
    open_site(page, site_server)
    text = "3 2\n3\n1\n2\n1\n1\n"   # .nin: 3 wide, 2 high
    page.evaluate("""text => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], "dropped.nin", {type: "text/plain"}));
        window.dispatchEvent(new DragEvent("dragenter", {dataTransfer: dt}));
        window.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, cancelable: true}));
    }""", text)
    wait_board(page, 3, 2)
    assert page.is_hidden("#drop-zone")
    assert state(page) == ["???", "???"]


def test_site_ships_bytecode_for_the_engine_start():
    """build.py: the standard-library modules Pyodide's own start imports are
    bytecode in python_stdlib.zip (unchecked-hash .pyc instead of the .py: npm ships
    source only), modules the engine never imports are left out (a smaller download),
    and the lock file lists no packages (the site ships none of them)."""
    import json
    import struct
    import zipfile

    from conftest import SITE
    if not (SITE / "pyodide" / "python_stdlib.zip").is_file():
        pytest.skip("site/ is not built")
    with zipfile.ZipFile(SITE / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
        for mod in ("encodings/__init__", "asyncio/base_events", "_pyodide/_base", "zipfile/__init__"):
            assert f"{mod}.pyc" in names and f"{mod}.py" not in names, mod
            flags = struct.unpack("<I", z.read(f"{mod}.pyc")[4:8])[0]
            assert flags == 1, (mod, flags)  # hash-based, source never checked
        assert not {"argparse.py", "argparse.pyc", "pdb.py"} & names  # the CLI's, not imported
        assert not any(n.endswith(".py") for n in names)
    lock = json.loads((SITE / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["arch"] == "wasm32"
