"""The editor's draft in localStorage: big pictures and long histories stay within
the draft's budget, the newest picture always survives a reload."""
import random

import pytest

from test_editor import new_puzzle, open_editor, picture, png, set_value, wait_clues

pytestmark = [pytest.mark.browser]

SAID = """() => { window.edSaid = []; const s = document.querySelector('#ed-status');
    new MutationObserver(() => window.edSaid.push(s.textContent))
        .observe(s, {childList: true, characterData: true, subtree: true}); }"""


# 44 edits of 200x200 overflow the draft's history budget (~170 s; the budget's
# packing and trimming are also checked without a page by
# tests/js/editor-draft.test.mjs); the default run takes the same path on 20x20
# with fewer edits (the draft's code has no size threshold below the budget; reading
# the board through its words costs a cursor move a cell, 13 reads here: 50x50 took
# 24.6 s, quiet, 30x30 13.1 s)
@pytest.mark.parametrize("size, edits", [pytest.param(200, 44, marks=pytest.mark.slow, id="200-past-the-budget"),
                                         pytest.param(20, 6, id="20-few-edits")])
def test_after_many_whole_picture_edits_the_latest_picture_survives_a_reload(
        page, site_server, tmp_path, size, edits):
    # grey noise: every threshold gives another picture that packs no smaller
    rnd = random.Random(7)
    grey = [[rnd.randrange(256) for _ in range(size)] for _ in range(size)]
    path = tmp_path / "noise.png"
    path.write_bytes(png(size, size, lambda x, y: (grey[y][x],) * 3 + (255,)))
    open_editor(page, site_server)
    new_puzzle(page, size, size)
    page.evaluate(SAID)
    page.click("#ed-import-panel summary")
    page.set_input_files("#ed-image-file", str(path))
    page.wait_for_function("() => !document.querySelector('#ed-image-apply').disabled")
    set_value(page, "#ed-image-width", size)
    set_value(page, "#ed-image-height", size)
    pictures = []
    shown = picture(page)
    for k in range(edits):
        if k % 4 == 3:
            page.click("#ed-invert")
        else:
            set_value(page, "#ed-image-threshold", 40 + 5 * k)
            page.click("#ed-image-apply")
        wait_clues(page)                             # the edit is on the board, its clues worked out
        now = picture(page)                          # (one read a picture: a cursor move a cell)
        assert now != shown                          # every edit gives another picture
        shown = now
        pictures.append(shown)
    page.click("#ed-clear")
    wait_clues(page)
    assert picture(page) == ["." * size] * size
    page.click("#ed-invert")                         # all filled: the latest picture
    wait_clues(page)
    assert picture(page) == ["#" * size] * size
    said = page.evaluate("window.edSaid")
    assert not [s for s in said if "could not be saved" in s]
    stored = page.evaluate("localStorage.getItem('pysolver:draft:v1').length")
    assert stored <= 1_000_000 + 10_000                # the budget (history) plus the picture itself

    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-editor")
    wait_clues(page)
    assert picture(page) == ["#" * size] * size
    page.click("#ed-undo")                           # the clear
    wait_clues(page)
    assert picture(page) == ["." * size] * size
    page.click("#ed-undo")                           # back to the last import/invert
    wait_clues(page)
    assert picture(page) == pictures[-1]
    page.click("#ed-undo")
    wait_clues(page)
    assert picture(page) == pictures[-2]
    assert "could not be saved" not in page.text_content("#ed-status")


def test_a_title_typed_but_not_yet_left_survives_a_reload(page, site_server):
    """The title and author were saved with the draft only when their field was left: typed,
    then the page reloaded (or the tab closed) with the cursor still in the field, they were gone."""
    open_editor(page, site_server)
    new_puzzle(page, 3, 2)
    page.click("#ed-title")
    page.keyboard.type("Moon <b>&</b> stars")
    page.click("#ed-author")
    page.keyboard.type("Ann")                         # the cursor stays in Author
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    page.click("#nav-editor")
    wait_clues(page)
    assert page.input_value("#ed-title") == "Moon <b>&</b> stars"
    assert page.input_value("#ed-author") == "Ann"
