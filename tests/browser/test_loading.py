"""Opening puzzles (files, paste, share links), bad input, offline, and no engine."""
import pytest
from playwright.sync_api import expect

from helpers import (ENGINE, builtin, click_cell, clues, engine_call, engine_field, open_builtin, open_site, paste_puzzle,
                     state, title_shown, wait_board, wait_engine, wait_until, wait_words)

pytestmark = [pytest.mark.browser]

SW_CACHES = "caches.keys().then(k => k.filter(n => n.startsWith('pysolver:')))"  # sw.js's own

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


@pytest.mark.fresh_context
def test_offline_after_first_visit_then_a_new_build_replaces_the_old_cache(page, tmp_path, artifacts):
    """One first visit (a context of its own, about 8 CPU s) for three checks: the site works
    offline from the service worker's cache, a Nikoli game too, then a new build's cache
    replaces it."""
    import shutil
    import sys

    from conftest import ROOT, SITE, SiteServer, _need_site

    _need_site()
    sys.path.insert(0, str(ROOT))
    from tools.build.service_worker import write_service_worker  # the build's precache/version step

    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server = SiteServer(directory=copy).start()
    settled = ("navigator.serviceWorker.getRegistration().then(r => r && r.active && "
               "r.active.state === 'activated' && !r.installing && !r.waiting)")
    try:
        open_site(page, server)
        wait_engine(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        click_cell(page, 3, 3)
        # a Nikoli game (was test_nikoli_play.py's first visit of its own), played last
        page.click("#nav-library")
        page.click("button.open-builtin[data-id='heyawake-7x7-1']")
        page.locator("#view-play h2:visible", has_text="Heyawake").first.wait_for(timeout=30_000)
        click_cell(page, 1, 0)
        wait_words(page, 1, 0, r": shaded\b")
        server.stop()
        page.context.set_offline(True)
        # offline, the page loads from the service worker's cache and resumes the game played
        # last, marks and all; the rule checker runs in the cached engine (Pyodide, the wheel
        # and micropip from the cache)
        page.reload()
        page.wait_for_selector("html[data-booted=true]")
        expect(page.locator("#puzzle-title")).to_contain_text("Heyawake 7×7", timeout=30_000)
        wait_words(page, 1, 0, r": shaded\b")
        assert page.is_visible("#view-play")
        wait_engine(page)
        page.locator("#check-panel").get_by_label("Check").select_option("Broken rules")
        click_cell(page, 2, 0)
        expect(page.locator("#check-list li").first).to_be_visible()
        # the nonogram played before it, its progress kept, and a hint
        open_builtin(page, "welcome-heart")
        assert state(page)[3][3] == "#"
        page.click("#hint")
        page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Look at')")
        # built-in puzzles come from the cache too
        open_builtin(page, "webpbn-1")
        assert page.text_content("#puzzle-title") == "Demo Puzzle from Front Page"
        page.screenshot(path=str(artifacts / "offline.png"))
        page.click("#nav-library")
        page.click("button.open-builtin[data-id='masyu-7x7-1']")
        page.locator("#view-play h2:visible", has_text="Masyu").first.wait_for(timeout=30_000)
        open_builtin(page, "webpbn-1")    # the nonogram is the last game played again

        # back online (the same port): a new build, a changed page and sw.js rewritten
        # with the new content hash
        page.context.set_offline(False)
        server.start()
        wait_until(page, settled)
        assert len(page.evaluate(SW_CACHES)) == 1
        html = (copy / "index.html").read_text()
        (copy / "index.html").write_text(html.replace('<h1 class="brand">', '<h1 class="brand" data-build="new">'))
        version = write_service_worker(copy)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_until(page, f"{SW_CACHES}.then(k => k.length === 1 && k[0].endsWith(':{version}'))")
        wait_until(page, settled)
        # the new cache alone serves the new build, offline
        server.stop()
        page.context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-booted=true]")
        assert page.get_attribute("h1.brand", "data-build") == "new"
        assert page.text_content("#puzzle-title") == "Demo Puzzle from Front Page"
    finally:
        server.stop()


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
